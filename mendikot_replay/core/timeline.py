"""The replay timeline: the state of a deal after every card, made once, read anywhere.

Every view (terminal, notebook widget, tables, solver) reads a :class:`Timeline` rather than
driving the engine itself, so all of them tell the same story. ``timeline[k]`` is the
:class:`Snapshot` after the first ``k`` cards of this record (``timeline[0]`` is the start),
an O(1) look-up into a list built by one replay.

>>> from mendikot_replay.core.cards import card, parse_hand
>>> from mendikot_replay.core.engine import DealSetup
>>> from mendikot_replay.core.rules import Rules, TrumpMethod
>>> hands = {"A": parse_hand("T..."), "B": parse_hand("A..."), "C": parse_hand(".2.."),
...          "D": parse_hand("..2.")}
>>> setup = DealSetup(Rules(trump_method=TrumpMethod.NONE), hands, "A")
>>> tl = Timeline.replay(setup, [card("TS"), card("AS"), card("2H"), card("2D")],
...                      check_deal=False)
>>> tl[2].table, tl[4].trick_winner, tl[4].tens
((('A', Card('TS')), ('B', Card('AS'))), 'B', (0, 1))
>>> tl.ten("TS").team, tl.ten("TS").seat, tl.ten("TS").trick
('BD', 'B', 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Suit
from .deal_setup import DealSetup, SetupError
from .engine import Game, IllegalPlay, PlayEvent, TenFate, TrumpStatus
from .result import DealResult
from .seats import Seat


class TrumpView(NamedTuple):
    """The trump as the table sees it at one moment."""

    status: TrumpStatus
    suit: Suit | None
    """The trump suit once the table knows it (``None`` while hidden or unnamed)."""
    card: Card | None = None
    """The card that named it, or the face-down closed card (its suit is secret while
    ``status == 'hidden'``: views must not show it unless asked to)."""
    holder: Seat | None = None
    """Closed: who set the card aside."""
    since: int | None = None
    """The ply (0-based card index) at which it was revealed or named."""


class Snapshot(NamedTuple):
    """The state of the deal after some cards: everything a view draws."""

    ply: int
    """Cards played so far in this record."""
    trick: int
    """The trick the table shows (the one just completed, right after its last card)."""
    leader: Seat
    """Who led the trick shown."""
    to_play: Seat | None
    """Whose turn it is; ``None`` when the deal is over."""
    hands: tuple[tuple[Seat, frozenset[Card] | None], ...]
    table: tuple[tuple[Seat, Card], ...]
    """The cards of the trick shown, in play order from its leader."""
    trick_winner: Seat | None
    """Set when the trick shown is complete."""
    trump: TrumpView
    tricks: tuple[int, int]
    tens: tuple[int, int]
    pile: tuple[int, tuple[Card, ...]]
    """Dehla: uncollected tricks and the tens among them."""
    streak: tuple[Seat | None, int]
    """Dehla: who is on a run of won tricks, and how long it is."""
    ten_fates: tuple[TenFate, ...]
    event: PlayEvent | None
    """The card that led to this state (``None`` at the start)."""
    result: DealResult | None
    """Set once the last trick is played."""

    def hand(self, seat: Seat) -> frozenset[Card] | None:
        for s, cards in self.hands:
            if s == seat:
                return cards
        raise KeyError(seat)


class Choices(NamedTuple):
    """What the player to move may do at one moment: the legal cards, and (version B) the
    cards it may click while asking for the closed trump."""

    legal: tuple[Card, ...]
    asks: tuple[Card, ...]
    """Every legal card, when the player may ask (the engine refuses one that breaks the
    asker's duty to trump, saying why), and the holder's face-down card under
    ``holder-may-ask``; empty when it may not ask."""


def choices_of(game: Game) -> Choices:
    """The :class:`Choices` of the player to move in ``game``."""
    legal = tuple(game.legal_cards())
    if not game.may_ask():
        return Choices(legal, ())
    return Choices(legal, legal + tuple(c for c in game.ask_cards() if c not in legal))


@dataclass(frozen=True, slots=True)
class TrickSummary:
    """One trick of the deal, for lists and tables."""

    number: int
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat | None
    first_ply: int
    """Index of its first card among this record's cards (negative for cards that were on
    the table when a position started)."""


class Timeline(Sequence[Snapshot]):
    """The snapshots of one replay, and what the whole deal came to.

    ``error`` is set when the replay stopped at an illegal card: ``error_ply`` says which
    (the snapshots go up to the card before it), ``error`` says why.

    The replay keeps a full snapshot at the start and after every trick; the state inside
    a trick is made from the trick's start and at most ``players - 1`` cards the first time
    it is asked for, then kept. So stepping anywhere is O(1), and reading a large corpus,
    which looks at few snapshots, does not pay for 53 of them per deal.
    """

    def __init__(
        self,
        setup: DealSetup,
        checkpoints: dict[int, Snapshot],
        events: list[PlayEvent],
        error: str | None,
        error_ply: int | None,
        trump_views: dict[int, TrumpView] | None = None,
        choices: list[Choices] | None = None,
    ) -> None:
        self.setup = setup
        self.choices = choices
        """With ``replay(..., choices=True)``: what the player to move could do at each
        snapshot (the legal cards, and whether an ask for the closed trump may go with
        them), for a board that lets its user try any card."""
        self.events = events
        self.error = error
        self.error_ply = error_ply
        self._cache = checkpoints
        self._trump_views = trump_views or {}
        self._length = len(events) + 1 if checkpoints else 0

    @classmethod
    def replay(
        cls,
        setup: DealSetup,
        cards: Sequence[Card],
        flags: Sequence[tuple[bool, bool]] | None = None,
        *,
        check_deal: bool = True,
        choices: bool = False,
    ) -> Timeline:
        """Play ``cards`` from ``setup`` and keep what is needed to show the state after
        each.

        ``flags`` gives ``(ask_reveal, revoke)`` per card (PMN's ``^T`` and ``^R``). A set-up
        the engine rejects, or an illegal card, stops the replay with :attr:`error` set.
        ``choices`` also keeps :attr:`choices` (the legal cards at every snapshot).
        """
        try:
            game = Game(setup, check_deal=check_deal)
        except SetupError as exc:
            return cls(setup, {}, [], str(exc), 0)
        checkpoints = {0: _full_snapshot(game, None, setup)}
        trump_views: dict[int, TrumpView] = {}
        events: list[PlayEvent] = []
        error = error_ply = None
        play = game.play
        options: list[Choices] | None = [] if choices else None
        for i, c in enumerate(cards):
            if options is not None:
                options.append(choices_of(game))
            try:
                if flags is None:
                    event = play(c)
                else:
                    ask, revoke = flags[i]
                    event = play(c, ask_reveal=ask, revoke=revoke)
            except IllegalPlay as exc:
                error, error_ply = str(exc), i
                break
            events.append(event)
            if event.trick_winner is not None:
                if event.position > 0:
                    # Trump status of a trick's cards is settled only when the trick ends.
                    trumps = game.last_trick_trumps
                    for j in range(max(len(events) - 1 - event.position, 0), len(events) - 1):
                        old = events[j]
                        if old.is_trump != (old.card in trumps):
                            events[j] = old._replace(is_trump=old.card in trumps)
                checkpoints[i + 1] = _full_snapshot(game, event, setup)
            elif event.revealed or event.named:
                trump_views[i + 1] = _trump_view(game, setup)
        if options is not None:
            if error is None:
                options.append(choices_of(game))
            else:
                del options[len(events) + 1 :]
        return cls(setup, checkpoints, events, error, error_ply, trump_views, options)

    # -- sequence protocol ----------------------------------------------------------------
    def __len__(self) -> int:
        return self._length

    def __getitem__(self, ply: int) -> Snapshot:  # type: ignore[override]
        if ply < 0:
            ply += self._length
        if not 0 <= ply < self._length:
            raise IndexError(f"no snapshot {ply}: this replay has {self._length}")
        cached = self._cache.get(ply)
        if cached is not None:
            return cached
        start = ply - 1
        while start not in self._cache:
            start -= 1
        snapshot = self._cache[start]
        for k in range(start + 1, ply + 1):
            snapshot = self._inside_trick(snapshot, self.events[k - 1], k)
            self._cache[k] = snapshot
        return snapshot

    def __iter__(self) -> Iterator[Snapshot]:
        return (self[k] for k in range(self._length))

    def _inside_trick(self, before: Snapshot, event: PlayEvent, ply: int) -> Snapshot:
        """The state after ``event``, a card that does not end its trick."""
        seat, card = event.seat, event.card
        hands = tuple(
            (s, (cards - {card} if cards is not None else None)) if s == seat else (s, cards)
            for s, cards in before.hands
        )
        played = ((seat, card),)
        fates = before.ten_fates
        if card.is_ten:
            fates = tuple(
                TenFate(card, "table", seat, event.trick) if fate.card is card else fate
                for fate in fates
            )
        seats = [s for s, _ in before.hands]
        return Snapshot(
            ply,
            event.trick,
            before.leader if event.position else seat,
            seats[(seats.index(seat) + 1) % len(seats)],
            hands,
            before.table + played if event.position else played,
            None,
            self._trump_views.get(ply, before.trump),
            before.tricks,
            before.tens,
            before.pile,
            before.streak,
            fates,
            event,
            None,
        )

    # -- the whole deal -------------------------------------------------------------------
    @property
    def final(self) -> Snapshot | None:
        return self[self._length - 1] if self._length else None

    @property
    def result(self) -> DealResult | None:
        final = self.final
        return final.result if final else None

    @property
    def complete(self) -> bool:
        return self.result is not None

    @property
    def trick_winners(self) -> list[Seat]:
        return [e.trick_winner for e in self.events if e.trick_winner is not None]

    def ten(self, which: Card | str) -> TenFate:
        """Where a ten ended up (at the last card replayed)."""
        wanted = Card.parse(which) if isinstance(which, str) else which
        final = self.final
        if final is None:
            raise KeyError(wanted)
        for fate in final.ten_fates:
            if fate.card is wanted:
                return fate
        raise KeyError(wanted)

    def tricks(self) -> list[TrickSummary]:
        """Every trick begun in this record, in order."""
        out: list[TrickSummary] = []
        start = self.setup.start
        current: list[tuple[Seat, Card]] = list(start.table) if start else []
        first_ply = -len(current)
        trick_no = start.trick if start else 1
        leader = self.setup.first_leader
        for event in self.events:
            if not current:
                leader, first_ply = event.seat, event.ply
            current.append((event.seat, event.card))
            if event.trick_winner is not None:
                out.append(
                    TrickSummary(trick_no, leader, tuple(current), event.trick_winner, first_ply)
                )
                current, trick_no = [], trick_no + 1
        if current:
            out.append(TrickSummary(trick_no, leader, tuple(current), None, first_ply))
        return out

    def index_of(self, trick: int, position: int = 0) -> int:
        """The snapshot index right after card ``position`` (0-based) of trick ``trick``."""
        for event in self.events:
            if event.trick == trick and event.position == position:
                return event.ply + 1
        raise IndexError(f"no card {position + 1} of trick {trick} in this replay")


def _full_snapshot(game: Game, event: PlayEvent | None, setup: DealSetup) -> Snapshot:
    """The whole state, read from the engine: at the start and after each trick."""
    if event is not None and event.trick_winner is not None:
        # Show the completed trick with its winner until the next card is led.
        trick, leader = event.trick, _leader_of_completed(game, event)
        table = game.last_trick  # the engine has already cleared the table
        winner: Seat | None = event.trick_winner
    else:
        trick, leader = game.trick, game.leader
        table = tuple([(e.seat, e.card) for e in game.table])
        winner = None
    counts = game.counts
    result = None
    if game.finished:
        result = game.result()
    # A list made into a tuple (not a generator): this runs after every trick of every deal.
    hands = tuple([(s, frozenset(h) if h is not None else None) for s, h in game.hands.items()])
    return Snapshot(
        game.ply,
        trick,
        leader,
        game.to_play,
        hands,
        table,
        winner,
        _trump_view(game, setup),
        (counts.tricks[0], counts.tricks[1]),
        (counts.tens[0], counts.tens[1]),
        (game.pile_tricks, tuple(game.pile_cards)),
        (game.streak_seat, game.streak),
        game.tens_fates(),
        event,
        result,
    )


def _trump_view(game: Game, setup: DealSetup) -> TrumpView:
    hidden = game.hidden_card
    return TrumpView(
        game.trump_status,
        game.trump,
        hidden if hidden is not None else game.trump_card,
        game.hidden_holder or setup.hidden_holder,
        game.trump_since,
    )


def _leader_of_completed(game: Game, event: PlayEvent) -> Seat:
    return game.seats[(game.seats.index(event.seat) - event.position) % game.players]
