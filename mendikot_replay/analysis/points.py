"""Strategy points: the moments of a played deal a teacher points at.

docs/rules.md ("Strategy points") gives the tips behind the game; this module finds where a
recorded deal follows or breaks them, from the replay timeline alone (so it works for any
table size, trump method and capture rule). Each :class:`StrategyPoint` has a kind from
PMN's vocabulary, the seat and card it is about, the trick, and one plain sentence.

The definitions, precisely (``ply`` is the card's index in the record's play):

``ten-captured``
    A ten reaches a team. Marked on the card that won the trick that brought it (under Dehla,
    the trick that collected the pile). Args: the ten, the winner's seat.
``ten-lost``
    A ten goes to the opponents of the player who played it. Marked on the ten (NAG ``$20``); a
    ten that reaches its own side gets ``$21`` instead.
``ten-protected``
    A ten that reached its own side after its player had cashed a master card of the same suit
    (won an earlier trick with the highest card of the suit still out). Marked on the ten
    (``$22``).
``unsafe-ten-lead``
    A ten led while an opponent of the leader holds a higher card of its suit (so the opponents
    can take it). Marked on the ten, whatever happened next.
``ten-ruffed``
    A trick in which a ten of the other team was beaten by a trump played to a side suit (a
    ruff). Marked on the ruffing card (``$23``).
``trump-reserve``
    Such a ruff made with the highest trump still out: a trump kept back, it cannot be
    overruffed. Marked on the ruffing card (``$27``).
``trump-revealed``
    A closed trump turned up (automatically, asked for, or played as the last card). Marked on
    the card at which it happens (``$24``).
``cut``
    Cut trump: the first discard names the trump. Marked on that card (``$24``).
``premature-reveal``
    Closed version B: a player asks for the trump in a trick that holds no ten while the tens
    are not split 2–2, so the reveal wins neither a ten nor a trick that decides the deal.
    Marked on the asker's card (``$25``).
``long-suit-discard``
    A player who cannot follow, does not trump, holds more than one suit, and throws the lowest
    card of their longest suit (not a ten). Marked on it (``$26``).
``tricks-race``
    The tens become 2–2: from then on only tricks count. Marked on the card that won the trick
    that made it so (``$28``). Not under ``split-tens-non-dealer``, where a 2–2 split has
    already decided the deal.

``decisive`` and ``mistake`` need double-dummy analysis (:mod:`.analysis`, which defines
them): ``annotate(record, double_dummy=True)`` adds them, and :func:`recorded_points` /
:func:`double_dummy_points` read them back from a record that has them written.

>>> from mendikot_replay.pmn.reader import read_deal
>>> record = read_deal("sample_games/worked-example.pmn")
>>> [(p.kind, p.trick, p.seat, str(p.card)) for p in find_points(record)][:3]
[('ten-captured', 1, 'C', 'AH'), ('ten-captured', 3, 'C', 'AD'), ('ten-captured', 5, 'A', 'AS')]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..core.cards import ALL_CARDS, Card, Suit, rank_name, twin
from ..core.engine import PlayEvent
from ..core.rules import Reveal, TrumpMethod
from ..core.seats import ALL_SEATS, Seat, Team, team_label, team_of
from ..core.timeline import Snapshot, Timeline
from ..pmn import editing
from ..pmn.commands import iter_commands, without_commands
from ..pmn.record import DealRecord, PlayNode
from ..pmn.syntax import normalize_comment
from ..solver.search import value_text
from .double_dummy import CardVerdict

if TYPE_CHECKING:
    from ..solver.search import Solver
    from .double_dummy import Progress

#: The NAG each kind adds to its card (docs/format.md's Mendikot observations).
KIND_NAGS: dict[str, int] = {
    "ten-lost": 20,
    "ten-protected": 22,
    "ten-ruffed": 23,
    "trump-revealed": 24,
    "cut": 24,
    "premature-reveal": 25,
    "long-suit-discard": 26,
    "trump-reserve": 27,
    "tricks-race": 28,
    "decisive": 29,
}
SAVED_NAG = 21
"""``$21``: a ten saved for (captured by) its own team, on the ten itself."""


@dataclass(frozen=True, slots=True)
class StrategyPoint:
    """One teaching point of a deal."""

    kind: str
    ply: int
    """Index of the card it is marked on, among the record's cards (0-based)."""
    trick: int
    seat: Seat
    card: Card
    args: tuple[str, ...]
    """What ``[%point KIND ARGS…]`` writes after the kind."""
    text: str
    """One plain sentence a student understands."""

    @property
    def command(self) -> str:
        return f"[%point {' '.join((self.kind, *self.args))}]"

    @property
    def nag(self) -> int | None:
        return KIND_NAGS.get(self.kind)

    def to_json(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "trick": self.trick,
            "seat": self.seat,
            "card": str(self.card),
            "text": self.text,
        }


_BOTH_PACKS: tuple[Card, ...] = (*ALL_CARDS, *(twin(c) for c in ALL_CARDS))

_CARD_NAMES: dict[Card, str] = {c: c.name for c in _BOTH_PACKS}
"""``card.name`` built once: the sentences of a large corpus name cards a million times."""

_HIGHER: dict[Card, frozenset[Card]] = {
    c: frozenset(
        h
        for h in _BOTH_PACKS
        if h.suit is c.suit and (h.rank > c.rank or (h.rank == c.rank and h is not c))
    )
    for c in _BOTH_PACKS
}
"""The cards of the same suit that can beat each card (for "is a higher card still out?"):
the higher ranks, and with two packs the card's twin too (played later, it wins)."""


def _card_name(card: Card) -> str:
    return _CARD_NAMES[card]


@functools.cache
def _team_name(team: Team, players: int) -> str:
    return team_label(team, players)


def find_points(record: DealRecord) -> list[StrategyPoint]:
    """Every strategy point of the record's main line, in play order (by card, then kind).

    The record must have been replayed (reading does that); a record whose replay stopped
    gives the points up to where it stopped.
    """
    timeline = record.timeline
    setup = record.setup
    if timeline is None or setup is None:
        return []
    finder = _Finder(timeline, setup.rules.players)
    finder.run()
    order = {kind: i for i, kind in enumerate(_KIND_ORDER)}
    return sorted(finder.points, key=lambda p: (p.ply, order.get(p.kind, 99)))


_KIND_ORDER = (
    "trump-revealed",
    "cut",
    "premature-reveal",
    "unsafe-ten-lead",
    "long-suit-discard",
    "ten-ruffed",
    "trump-reserve",
    "ten-captured",
    "ten-lost",
    "ten-protected",
    "tricks-race",
)


class _Finder:
    def __init__(self, timeline: Timeline, players: int) -> None:
        self.timeline = timeline
        self.players = players
        self.rules = timeline.setup.rules
        self.points: list[StrategyPoint] = []
        self.events = timeline.events
        self.start: Snapshot = timeline[0]
        """The snapshot at the start of the trick being looked at."""
        self._ten_events = {e.card: e for e in self.events if e.card.is_ten}
        """Each ten's card in the play (a card is played once a deal)."""

    def add(self, kind: str, event: PlayEvent, args: tuple[str, ...], text: str) -> None:
        self.points.append(
            StrategyPoint(kind, event.ply, event.trick, event.seat, event.card, args, text)
        )

    def run(self) -> None:
        tricks = self._tricks()
        cashed: dict[tuple[Seat, Suit], int] = {}
        race_marked = False
        start = self.timeline.setup.start
        even = self.rules.even_tens  # 2-2, or 4-4 (two packs)
        half = even[0]
        race_before = start is not None and start.tens == even
        for trick_events in tricks:
            # The state at the trick's start is a checkpoint of the timeline (free to read);
            # each seat plays once a trick, so it is every player's hand before their card.
            self.start = self.timeline[trick_events[0].ply]
            for event in trick_events:
                # The cheap tests of each kind first, inline: on a corpus this loop runs
                # once per card, and most cards are none of these.
                if event.revealed or event.named:
                    self._reveals(event, trick_events)
                if event.position == 0:
                    if event.card.is_ten:
                        self._unsafe_lead(event)
                elif not (event.followed or event.is_trump or event.named or event.card.is_ten):
                    self._discard(event)
            winner_event = self._winner_event(trick_events)
            if winner_event is None:
                continue
            self._ruffs(trick_events, winner_event)
            self._tens(trick_events, winner_event, cashed)
            self._note_cashes(trick_events, winner_event, cashed)
            after = self.timeline[trick_events[-1].ply + 1]
            if (
                not race_marked
                and not race_before
                and after.tens == even
                and self.rules.tricks_decide_even_tens  # not a 2-2 decided by the deal
            ):
                race_marked = True
                total = self.rules.tricks_per_deal
                need = self.rules.tricks_to_win
                ac, bd = after.tricks
                self.add(
                    "tricks-race",
                    winner_event,
                    (),
                    f"The tens are split {half}-{half}: from here only tricks count, and {need} of "
                    f"{total} decide the deal ({_team_name('AC', self.players)} have {ac}, "
                    f"{_team_name('BD', self.players)} {bd}).",
                )

    def _tricks(self) -> list[list[PlayEvent]]:
        out: list[list[PlayEvent]] = []
        current: list[PlayEvent] = []
        for event in self.events:
            current.append(event)
            if event.trick_winner is not None:
                out.append(current)
                current = []
        if current:
            out.append(current)
        return out

    def _winner_event(self, trick: list[PlayEvent]) -> PlayEvent | None:
        last = trick[-1]
        if last.trick_winner is None:
            return None
        return next((e for e in trick if e.seat == last.trick_winner), None)

    def _hand_before(self, event: PlayEvent, seat: Seat) -> frozenset[Card] | None:
        return self.start.hand(seat)

    # -- the kinds ---------------------------------------------------------------------------
    def _reveals(self, event: PlayEvent, trick: list[PlayEvent]) -> None:
        if not (event.revealed or event.named):
            return
        snapshot = self.timeline[event.ply + 1]
        suit = snapshot.trump.suit
        if suit is None:
            return
        trumps = f"{suit.word} are trumps"
        if event.revealed:
            if event.asked:
                text = f"{event.seat} cannot follow and asks for the closed trump: {trumps}."
            elif event.followed or event.position == 0:
                text = f"{event.seat} plays the face-down card, the last in hand: {trumps}."
            else:
                text = f"{event.seat} cannot follow, so the closed trump is turned up: {trumps}."
            self.add("trump-revealed", event, (suit.value, event.seat), text)
            if (
                event.asked
                and self.rules.reveal is Reveal.B
                and self.rules.trump_method is TrumpMethod.CLOSED
            ):
                self._premature(event, trick)
        if event.named:
            self.add(
                "cut",
                event,
                (suit.value, event.seat),
                f"{event.seat} cannot follow and discards the {_card_name(event.card)}: "
                f"{trumps} from now on.",
            )

    def _premature(self, event: PlayEvent, trick: list[PlayEvent]) -> None:
        if any(e.card.is_ten for e in trick):
            return
        even = self.rules.even_tens
        if self.start.tens == even:
            return
        half = even[0]
        self.add(
            "premature-reveal",
            event,
            (event.seat,),
            f"{event.seat} asks for the trump in a trick with no ten while the tens are "
            f"not {half}-{half}: the reveal wins nothing that decides the deal and tells the table "
            "the trump.",
        )

    def _unsafe_lead(self, event: PlayEvent) -> None:
        if event.position != 0 or not event.card.is_ten:
            return
        snapshot = self.start
        team = team_of(event.seat)
        suit = event.card.suit
        best: dict[bool, tuple[int, Seat | None]] = {True: (10, None), False: (0, None)}
        for seat, hand in snapshot.hands:
            if hand is None:
                return  # an unknown hand: cannot tell
            ours = team_of(seat) == team
            for c in hand:
                if c.suit is suit and c.rank > best[ours][0]:
                    best[ours] = (c.rank, seat)
        their_rank, their_seat = best[False]
        if their_seat is None or their_rank <= best[True][0]:
            return  # no opponent holds a card that beats the leader's side
        self.add(
            "unsafe-ten-lead",
            event,
            (str(event.card), event.seat),
            f"{event.seat} leads the {_card_name(event.card)} while {their_seat} still holds "
            f"the {rank_name(their_rank)}, higher than anything of the suit on "
            f"{_team_name(team, self.players)}'s side: the opponents can take it.",
        )

    def _discard(self, event: PlayEvent) -> None:
        if event.followed or event.is_trump or event.named or event.card.is_ten:
            return
        hand = self._hand_before(event, event.seat)
        if hand is None:
            return
        # A card's int is ``52 * copy + suit * 13 + 14 - rank``: ``c % 52 // 13`` is its suit,
        # and the lowest card of a suit is its largest ``c % 52``.
        counts = [0, 0, 0, 0]
        for c in hand:
            counts[c % 52 // 13] += 1
        if sum(1 for k in counts if k) < 2:
            return  # no choice of suit
        card = event.card % 52
        suit = card // 13
        if counts[suit] != max(counts) or any(c % 52 > card and c % 52 // 13 == suit for c in hand):
            return
        self.add(
            "long-suit-discard",
            event,
            (str(event.card), event.seat),
            f"{event.seat} cannot follow and throws the {_card_name(event.card)}, the lowest "
            "of the longest suit, keeping the useful cards.",
        )

    def _ruffs(self, trick: list[PlayEvent], winner: PlayEvent) -> None:
        if not winner.is_trump or winner.followed:
            return
        team = team_of(winner.seat)
        tens = [e for e in trick if e.card.is_ten and team_of(e.seat) != team and not e.is_trump]
        if not tens:
            return
        ten = tens[0]
        self.add(
            "ten-ruffed",
            winner,
            (str(ten.card), winner.seat),
            f"{winner.seat} trumps {ten.seat}'s {_card_name(ten.card)} with the "
            f"{_card_name(winner.card)}.",
        )
        played = {e.card for e in trick if e.ply < winner.ply}
        out = [
            c
            for _, hand in self.start.hands
            if hand is not None
            for c in hand
            if c.suit is winner.card.suit and c is not winner.card and c not in played
        ]
        if all(c.rank < winner.card.rank for c in out):
            self.add(
                "trump-reserve",
                winner,
                (str(winner.card), winner.seat),
                f"{winner.seat} kept the {_card_name(winner.card)}, the highest trump still "
                "out, and uses it now: nobody can overruff.",
            )

    def _tens(
        self,
        trick: list[PlayEvent],
        winner: PlayEvent,
        cashed: dict[tuple[Seat, Suit], int],
    ) -> None:
        last = trick[-1]
        collected = last.collected
        if collected is None or not collected[1]:
            return
        fate = self.timeline[last.ply + 1].ten_fates
        for ten in collected[1]:
            info = next((f for f in fate if f.card is ten), None)
            if info is None or info.team is None or info.holder is None:
                continue
            own = team_of(info.holder) == info.team
            team = _team_name(info.team, self.players)
            by = f"{winner.seat}'s {_card_name(winner.card)}"
            if own:
                text = (
                    f"{by} takes the {_card_name(ten)} for {team}: {info.holder}'s own ten "
                    "is saved."
                )
            else:
                text = f"{by} takes the {_card_name(ten)} for {team}, won from the opponents."
            self.add("ten-captured", winner, (str(ten), winner.seat), text)
            ten_event = self._ten_events.get(ten)
            if ten_event is not None and ten_event.seat != info.holder:
                ten_event = None
            if ten_event is None:
                continue  # played before the position started
            if not own:
                self.add(
                    "ten-lost",
                    ten_event,
                    (str(ten), info.holder),
                    f"{info.holder}'s {_card_name(ten)} goes to the opponents ({team}).",
                )
            elif cashed.get((info.holder, ten.suit), 10**9) < ten_event.trick:
                self.add(
                    "ten-protected",
                    ten_event,
                    (str(ten), info.holder),
                    f"{info.holder} cashed the master card of {ten.suit.word} first, "
                    f"so the {_card_name(ten)} falls safely to {team}.",
                )

    def _note_cashes(
        self, trick: list[PlayEvent], winner: PlayEvent, cashed: dict[tuple[Seat, Suit], int]
    ) -> None:
        """Remember who won a trick with the master card of a suit (for ten-protected)."""
        card = winner.card
        if card.is_ten:
            return
        higher = _HIGHER[card].difference([e.card for e in trick])
        higher_out = bool(higher) and any(
            hand is not None and not higher.isdisjoint(hand) for _, hand in self.start.hands
        )
        if not higher_out:
            cashed.setdefault((winner.seat, card.suit), winner.trick)


def annotate(
    record: DealRecord,
    *,
    double_dummy: bool = False,
    max_tricks: int | None = None,
    solver: Solver | None = None,
    progress: Progress | None = None,
) -> list[StrategyPoint]:
    """Write the record's strategy points into it as ``[%point …]`` commands and NAGs.

    Each new point becomes a comment of its own on its card (``[%point KIND ARGS] sentence``),
    so a human's comments are never edited. Idempotent: a point whose kind and args are
    already on the card (written by anyone) is not added again, nor is a NAG already there.
    Returns the points that were added.

    ``double_dummy=True`` also analyses the deal with the solver
    (:func:`~.analysis.analyse`, with ``max_tricks``, ``solver`` and ``progress``) and
    writes what :func:`write_analysis` writes: the ``mistake`` and ``decisive``
    points, ``[%dd …]`` and the mistakes' glyphs. The analysis runs first, so a deal it refuses
    (:class:`~.analysis.AnalysisError`: a hand unknown) is left untouched.
    """
    analysis = None
    if double_dummy:
        from .double_dummy import analyse

        analysis = analyse(record, max_tricks=max_tricks, solver=solver, progress=progress)
    points = find_points(record)
    added = write_points(record, points)
    mainline = record.mainline()
    for node, nag in _saved_nags(record, points, mainline):
        if nag not in node.nags:
            node.nags.append(nag)
    if analysis is not None:
        players = record.setup.rules.players if record.setup is not None else 4
        new = analysis_points(analysis, players)
        added += [p for p in new if not _has_point(mainline[p.ply], p)]
        write_analysis(record, analysis)
    return added


def write_points(record: DealRecord, points: list[StrategyPoint]) -> list[StrategyPoint]:
    """Write ``points`` into the record's main line, each as a comment of its own on its
    card (``[%point KIND ARGS] sentence``) with its NAG; a point already on its card (same
    kind and args, written by anyone) is skipped. Returns the points written."""
    mainline = record.mainline()
    added: list[StrategyPoint] = []
    for point in points:
        if point.ply >= len(mainline):
            continue
        node = mainline[point.ply]
        if _has_point(node, point):
            continue
        node.comments.append(normalize_comment(f"{point.command} {point.text}"))
        nag = point.nag
        if nag is not None and nag not in node.nags:
            node.nags.append(nag)
        added.append(point)
    return added


def _has_point(node: PlayNode, point: StrategyPoint) -> bool:
    wanted = " ".join((point.kind, *point.args))
    return any(
        name == "point" and " ".join(args.split()) == wanted for name, args in node.commands()
    )


def _saved_nags(
    record: DealRecord, points: list[StrategyPoint], mainline: list[PlayNode]
) -> list[tuple[PlayNode, int]]:
    """``$21`` on each ten that reached its own side."""
    out: list[tuple[PlayNode, int]] = []
    timeline = record.timeline
    if timeline is None:
        return out
    for point in points:
        if point.kind != "ten-captured" or "own ten is saved" not in point.text:
            continue
        ten = Card.parse(point.args[0])
        for event in timeline.events:
            if event.card is ten and event.ply < len(mainline):
                out.append((mainline[event.ply], SAVED_NAG))
    return out


DOUBLE_DUMMY_KINDS = ("decisive", "mistake")
"""The point kinds only the solver finds (:mod:`.analysis`), never :func:`find_points`."""


def _recorded(record: DealRecord) -> Iterator[tuple[int, PlayNode, str, list[str], Seat, str]]:
    """Each ``[%point …]`` on the main line: the card's index, its node, the kind, the
    args, the seat (the point's own seat argument, else who played the card) and the
    comment's words."""
    for ply, node in enumerate(record.mainline()):
        for comment in (*node.starting_comments, *node.comments):
            if "[%point" not in comment:
                continue  # most comments hold no point: a corpus has millions of them
            words = without_commands(comment)
            for name, args in iter_commands(comment):
                if name != "point" or not args:
                    continue
                kind, *rest = args.split()
                seat = next((a for a in rest if len(a) == 1 and a in ALL_SEATS), node.seat)
                yield ply, node, kind, rest, seat or "", words


def recorded_points(record: DealRecord) -> list[dict[str, object]]:
    """The ``[%point …]`` commands present on the record's main line (whoever wrote them),
    as ``validate --json`` lists them: kind, trick, seat, card and the comment's words.

    The seat is the point's own seat argument when it names one, else who played the card.
    """
    return [
        {
            "kind": kind,
            "trick": node.trick,
            "seat": seat or None,
            "card": str(node.card) if node.card is not None else None,
            "text": words,
        }
        for _, node, kind, _, seat, words in _recorded(record)
    ]


def double_dummy_points(record: DealRecord) -> list[StrategyPoint]:
    """The ``decisive`` and ``mistake`` points written on the record's main line (by
    :func:`~.analysis.write_analysis`, ``mendikot-replay analyse`` or a person), as
    strategy points: what :func:`find_points` cannot find from the replay alone. Read
    from the comments, so it costs no search."""
    out: list[StrategyPoint] = []
    for ply, node, kind, args, seat, words in _recorded(record):
        if kind not in DOUBLE_DUMMY_KINDS or node.card is None or node.trick is None:
            continue
        out.append(StrategyPoint(kind, ply, node.trick, seat, node.card, tuple(args), words))
    return out


# -- the double-dummy points: an analysis's verdicts as points, [%dd] and glyphs ---------


def _words(verdict: CardVerdict, value: int, players: int) -> str:
    """A value in a sentence: ``A/C win``, ``a tie``, ``A/C 3`` (tens or tricks)."""
    if verdict.objective != "outcome":
        what = "tens" if verdict.objective == "tens" else "tricks"
        return f"{value} {what} for {team_label('AC', players)}"
    if value == 0:
        return "a tie"
    team, kind = value_text(value).split()
    return f"{team_label(team, players)} {kind}"  # type: ignore[arg-type]


def analysis_points(analysis: Iterable[CardVerdict], players: int = 4) -> list[StrategyPoint]:
    """The ``mistake`` and ``decisive`` strategy points of an analysis, each with a sentence
    (``players``: the table size, for the team names)."""
    out: list[StrategyPoint] = []
    for v in analysis:
        ply = v.ply - 1  # StrategyPoint counts from 0
        name = v.card.name
        better = v.better_move
        if v.mistake and better is not None:
            asking = " asking for the trump"
            text = (
                f"{v.seat} plays the {name}{asking if v.asked else ''}: with best play "
                f"{_words(v, v.before, players)} becomes {_words(v, v.after, players)}. "
                f"The {better.card.name}{asking if better.ask else ''} kept "
                f"{_words(v, v.before, players)}."
            )
            # (CARD is the node's card, its ^T on the node; BETTER a move: ^T when it asks)
            args: tuple[str, ...] = (str(v.card), v.seat, str(better))
            out.append(StrategyPoint("mistake", ply, v.trick, v.seat, v.card, args, text))
        if v.decisive:
            if v.before != v.after:
                text = (
                    f"The deal turns here: {_words(v, v.before, players)} before the {name}, "
                    f"{_words(v, v.after, players)} after it, with best play from both sides."
                )
            else:
                losing = next(c for c, x in v.cards.items() if x != v.before)
                others = [c for c in v.keeping if c != v.card]
                also = f" (as does the {others[0].name})" if len(others) == 1 else ""
                if len(others) > 1:
                    also = " (as do " + ", ".join(f"the {c.name}" for c in others) + ")"
                text = (
                    f"The deal turns here: the {name} keeps {_words(v, v.before, players)}"
                    f"{also}; the {losing.name} would give "
                    f"{_words(v, v.cards[losing], players)}."
                )
            args = (str(v.card), v.seat)
            out.append(StrategyPoint("decisive", ply, v.trick, v.seat, v.card, args, text))
    return out


def same_line(record: DealRecord, cards: Iterable[tuple[int, Card]], what: str) -> None:
    """Refuse findings about another deal or line before writing any of them: each
    ``(ply, card)`` (1-based) must be the record's main-line card there. ``what`` begins
    the message ("this analysis is")."""
    for ply, card in cards:
        node = editing.node_at(record, ply)
        if node.card != card:
            raise ValueError(
                f"card {ply} of the main line is {node.card}, not {card}: {what} of another "
                "deal or line"
            )


def write_once(record: DealRecord, ply: int, name: str, *args: str) -> bool:
    """``[%name args]`` on the card at ``ply`` unless it has a ``[%name …]`` already,
    whatever its words: a person's own ``[%dd]`` or ``[%eval]`` is theirs to keep."""
    node = editing.node_at(record, ply)
    if any(command == name for command, _ in node.commands()):
        return False
    return editing.add_command(record, ply, name, *args)


def write_analysis(record: DealRecord, analysis: Iterable[CardVerdict]) -> bool:
    """Write an outcome analysis into ``record``; returns whether it changed.

    On every analysed card: ``[%dd OUTCOME]`` (the outcome after it), unless the card has a
    ``[%dd …]`` already. On a mistake: its glyph (``??`` or ``?``) unless the card has a
    glyph, and ``[%point mistake CARD SEAT BETTER]`` with a sentence. On the decisive card:
    ``[%point decisive CARD SEAT]`` with a sentence and ``$29``, and ``!`` when it kept the
    deal and has no glyph. Nothing already there is edited or removed, and a point already
    on the card is not written again, so writing twice changes nothing.

    Raises ``ValueError`` for an analysis of another objective (``[%dd]`` holds the
    outcome) or one that does not match the record's main line.
    """
    verdicts = list(analysis)
    if any(v.objective != "outcome" for v in verdicts):
        raise ValueError("[%dd] records the deal's outcome: write an analysis of the outcome")
    same_line(record, ((v.ply, v.card) for v in verdicts), "this analysis is")
    changed = False
    for v in verdicts:
        node = editing.node_at(record, v.ply)
        changed |= write_once(record, v.ply, "dd", *v.after_text.split())
        glyph = v.glyph or ("!" if v.decisive else None)
        if glyph is not None and node.glyph() is None:
            changed |= editing.add_glyph(record, v.ply, glyph)
    players = record.setup.rules.players if record.setup is not None else 4
    changed |= bool(write_points(record, analysis_points(verdicts, players)))
    return changed
