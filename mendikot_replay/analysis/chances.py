"""A deal's single-dummy chances card by card: what each player could know when it played.

:func:`.odds.odds` answers for one position; a teacher going through a deal wants the
whole story, the way a chess player reads lichess's evaluation graph: for every card of
the main line, the chance the player's side had *before* it (with the best card the
player could have chosen, from what that player had seen) and *after* it (with the card
actually played). :func:`deal_chances` walks the main line with one
:class:`~.odds.OddsSolver` and gives a :class:`CardChance` per card.

Chances here are chances to **win the deal** (a tie counts as not winning), always from
the player's own view, so that they say what the player could know. The graph of a deal
shows A/C's chance throughout (:attr:`CardChance.ac_before`, :attr:`CardChance.ac_after`):
for a B/D card that is B/D's chance of losing, seen from that B/D player's seat, so the
line jumps where the view changes hands; that is the honest picture, since no player sees
more than its own cards.

A **single-dummy mistake** is a card whose chance was at least :data:`MISTAKE_DROP` (0.2)
below that of the best choice. It is not a double-dummy mistake
(:mod:`.analysis.double_dummy`): a card can lose the deal against the actual cards and still be
the best bet with what the player could see, and the other way round. The two are written
apart: :func:`write_chances` writes ``[%eval TEAM P]`` (the player's side, its chance
after the card) on every card and ``[%point single-dummy-mistake CARD SEAT BEST]`` with a
sentence on each single-dummy mistake, and never a glyph (the ``?`` and ``??`` are the
double-dummy analysis's). Like every writer of the project it edits nothing already there,
so writing twice changes nothing.

Under version B a card played with ``^T`` was chosen after the ask, with the face-down card
seen: its chance *after* is that card's chance once the trump is known
(:attr:`.odds.AskOdds.cards`), and its chance *before* is the best choice before the ask
(asking included).

The last two tricks of a simulated deal, every position exact. C leads the queen of
clubs with a 6% chance to win (with what C could see); the ten of diamonds gave 33% (the
same position as in :mod:`.odds`):

>>> from mendikot_replay.players.simulate import simulate
>>> record = next(simulate(1, seed=1))
>>> chances = deal_chances(record, max_tricks=2)
>>> [(c.ply, c.seat, str(c.card), round(c.before.win, 2), round(c.after.win, 2))
...  for c in chances[:3]]
[(45, 'C', 'QC', 0.33, 0.06), (46, 'D', 'JS', 1.0, 1.0), (47, 'A', '5C', 0.0, 0.0)]
>>> [(c.ply, str(c.card), c.best, c.mistake) for c in chances.mistakes]
[(45, 'QC', 'TD', True)]
>>> write_chances(record, chances), write_chances(record, chances)
(True, False)
>>> from mendikot_replay.pmn.writer import write_string
>>> import textwrap
>>> print(textwrap.fill(write_string([record]).split("12. ")[1].split(" JS")[0], 88))
C: QC { [%eval AC 0.06] } { [%point single-dummy-mistake QC C TD] With what C could see,
the queen of clubs gave A/C 6% to win the deal; the ten of diamonds gave 33%. }
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, overload

from ..core.cards import Card
from ..core.seats import Seat, Team, team_label, team_of
from ..pmn.record import DealRecord
from ..solver.search import Engine, value_text
from .double_dummy import AnalysisError
from .odds import DEFAULT_MAX_WORLDS, DEFAULT_SAMPLES, Chance, Odds, OddsSolver
from .points import StrategyPoint, same_line, write_once, write_points

__all__ = [
    "MISTAKE_DROP",
    "POINT_KIND",
    "CardChance",
    "ChanceLine",
    "DealChances",
    "chance_points",
    "deal_chances",
    "write_chances",
]

MISTAKE_DROP: Final = 0.2
"""A card whose chance of winning was this much below the best choice's is a
single-dummy mistake."""

POINT_KIND: Final = "single-dummy-mistake"
"""The strategy-point kind of a single-dummy mistake."""

Progress = Callable[[int, int], object]
"""Called with (positions done, positions to do) after each position."""


@dataclass(frozen=True)
class CardChance:
    """One card of the main line, with the chances of its player's side before and after
    it, from that player's view (see the module)."""

    ply: int
    """1-based: the card is the ``ply``-th of the main line (as :class:`.CardVerdict`)."""
    trick: int
    seat: Seat
    card: Card
    asked: bool
    """Played with ``^T`` (version B)."""
    before: Chance
    """The best choice's chance (asking included)."""
    after: Chance
    """The card played's chance."""
    best: str
    """The best choice: a card, or ``^T`` (asking first)."""
    odds: Odds
    """Every choice's chances at the position, for a closer look."""

    @property
    def team(self) -> Team:
        return team_of(self.seat)

    @property
    def drop(self) -> float:
        """How much of its chance of winning the player's side gave away with this card."""
        return max(self.before.win - self.after.win, 0.0)

    @property
    def mistake(self) -> bool:
        """A single-dummy mistake: the chance fell by at least :data:`MISTAKE_DROP`."""
        return self.drop >= MISTAKE_DROP - 1e-9

    def _ac(self, chance: Chance) -> float:
        return chance.win if self.team == "AC" else chance.loss

    @property
    def ac_before(self) -> float:
        """A/C's chance of winning before the card, from the player's view (the graph)."""
        return self._ac(self.before)

    @property
    def ac_after(self) -> float:
        return self._ac(self.after)

    @property
    def dd_before(self) -> int | None:
        """The double-dummy value before the card in the real deal (A/C's outcome)."""
        return self.odds.dd

    @property
    def dd_after(self) -> int | None:
        """The double-dummy value after the card played, in the real deal."""
        if self.asked:
            ask = self.odds.ask
            row = ask.cards.get(self.card) if ask is not None else None
        else:
            row = self.odds.cards.get(self.card)
        return row.dd if row is not None else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "ply": self.ply,
            "trick": self.trick,
            "seat": self.seat,
            "card": ("^T" if self.asked else "") + str(self.card),
            "team": self.team,
            "before": self.before.to_json(),
            "after": self.after.to_json(),
            "best": self.best,
            "mistake": self.mistake,
            "exact": self.odds.exact,
            "worlds": self.odds.worlds,
        }
        if self.dd_before is not None:
            out["dd_before"] = value_text(self.dd_before)
        if self.dd_after is not None:
            out["dd_after"] = value_text(self.dd_after)
        return out


@dataclass(frozen=True)
class DealChances(Sequence[CardChance]):
    """The chances of a deal's main line, card by card (see the module)."""

    cards: tuple[CardChance, ...]
    line: int = 0
    """Cards in the main line."""
    skipped: int = 0
    """Main-line cards before the first one scored (more than ``max_tricks`` tricks left)."""
    samples: int = DEFAULT_SAMPLES
    seed: int = 0

    @overload
    def __getitem__(self, index: int) -> CardChance: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[CardChance, ...]: ...
    def __getitem__(self, index: int | slice) -> CardChance | tuple[CardChance, ...]:
        return self.cards[index]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[CardChance]:
        return iter(self.cards)

    @property
    def mistakes(self) -> list[CardChance]:
        return [c for c in self.cards if c.mistake]

    def to_json(self) -> dict[str, Any]:
        """What ``mendikot-replay analyse --odds --json`` adds to a deal's object."""
        return {
            "samples": self.samples,
            "seed": self.seed,
            "first_ply": self.cards[0].ply if self.cards else None,
            "mistakes": [c.ply for c in self.mistakes],
            "cards": [c.to_json() for c in self.cards],
        }


def _scored(odds: Odds, card: Card, asked: bool) -> tuple[Chance, Chance, str]:
    """(before, after, best) at one position for the card played."""
    best = odds.best
    before, name = best.chance, best.name
    ask = odds.ask
    if ask is not None and ask.chance.key() > before.key():
        before, name = ask.chance, "^T"
    if asked:
        if ask is None or card not in ask.cards:
            raise AnalysisError(f"{odds.seat} could not play the {card} asking for the trump")
        return before, ask.cards[card].chance, name
    if card not in odds.cards:
        raise AnalysisError(f"{odds.seat} could not play the {card}")
    return before, odds.cards[card].chance, name


class ChanceLine:
    """A main line to score card by card, in any order: what :func:`deal_chances` walks
    from the first card to the last, and what a board's graph scores from the last card
    back, one card a step, so that a stop between cards loses nothing scored (the
    :class:`~.odds.OddsSolver` keeps each position's odds if it is asked again).

    Raises :class:`~.analysis.double_dummy.AnalysisError` when the deal cannot be scored
    (the tags give no set-up, a card cannot be replayed)."""

    def __init__(self, record: DealRecord, *, max_tricks: int | None = None) -> None:
        setup = record.setup
        if setup is None:
            raise AnalysisError("the record's tags do not give a playable set-up")
        self.setup = setup
        self.deal = record.index
        self.nodes = record.mainline()
        try:
            self.plays = record.plays(self.nodes)
        except ValueError as exc:
            raise AnalysisError(f"{exc}: cannot replay") from None
        total = setup.rules.tricks_per_deal
        self.todo: list[int] = [
            k
            for k, node in enumerate(self.nodes)
            if max_tricks is None or node.trick is None or total - node.trick + 1 <= max_tricks
        ]
        """The main line's cards to score (0-based), in play order: those played with at
        most ``max_tricks`` tricks left."""

    def card(self, k: int, solver: OddsSolver, *, glance: bool = False) -> CardChance:
        """The chances around card ``k`` (0-based) of the main line (``glance``: a first
        look, see :meth:`.odds.OddsSolver.line`)."""
        node = self.nodes[k]
        assert node.card is not None
        try:
            odds = solver.line(self.setup, self.plays[:k], deal=self.deal, glance=glance)
        except ValueError as exc:
            raise AnalysisError(f"card {k + 1} of the main line ({node.card}): {exc}") from None
        try:
            before, after, best = _scored(odds, node.card, node.reveal_request)
        except AnalysisError as exc:
            raise AnalysisError(f"card {k + 1} of the main line cannot be played: {exc}") from None
        return CardChance(
            ply=k + 1,
            trick=odds.trick,
            seat=odds.seat,
            card=node.card,
            asked=node.reveal_request,
            before=before,
            after=after,
            best=best,
            odds=odds,
        )

    def chances(self, scored: Iterable[CardChance], solver: OddsSolver) -> DealChances:
        """The cards scored so far as a :class:`DealChances` (in play order): those of
        the last cards when the line is scored from its end."""
        cards = tuple(sorted(scored, key=lambda c: c.ply))
        return DealChances(
            cards,
            line=len(self.nodes),
            skipped=cards[0].ply - 1 if cards else len(self.nodes),
            samples=solver.samples,
            seed=solver.seed,
        )


def deal_chances(
    record: DealRecord,
    *,
    max_tricks: int | None = None,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    max_worlds: int = DEFAULT_MAX_WORLDS,
    engine: Engine = "auto",
    workers: int = 1,
    solver: OddsSolver | None = None,
    progress: Progress | None = None,
) -> DealChances:
    """Every card of the record's main line with its player's chances before and after it.

    ``max_tricks`` scores only the cards played with at most that many tricks left (the
    trick under way included); by default every card. ``samples``, ``seed``,
    ``max_worlds``, ``engine`` and ``workers`` as for :func:`.odds.odds` (each position
    exact when at most ``max_worlds`` worlds fit, else ``samples`` drawn from ``seed``);
    ``solver`` an :class:`~.odds.OddsSolver` to use instead (its settings then hold).
    ``progress(done, total)`` is called after each position.

    Raises :class:`~.analysis.double_dummy.AnalysisError` when the deal cannot be scored: the
    tags give no set-up, a card cannot be replayed, a player's hand is unknown.
    """
    line = ChanceLine(record, max_tricks=max_tricks)
    if solver is None:
        solver = OddsSolver(
            max_worlds=max_worlds, samples=samples, seed=seed, engine=engine, workers=workers
        )
    out: list[CardChance] = []
    for done, k in enumerate(line.todo, 1):
        out.append(line.card(k, solver))
        if progress is not None:
            progress(done, len(line.todo))
    return line.chances(out, solver)


def _percent(chance: float) -> str:
    return f"{chance:.0%}"


def chance_points(chances: Iterable[CardChance], players: int = 4) -> list[StrategyPoint]:
    """The ``single-dummy-mistake`` points of a deal's chances, each with a sentence."""
    out: list[StrategyPoint] = []
    for c in chances:
        if not c.mistake:
            continue
        side = team_label(c.team, players)
        about = "" if c.odds.exact else "about "
        played = ("asking for the trump, then " if c.asked else "") + f"the {c.card.name}"
        better = "asking for the trump first" if c.best == "^T" else f"the {_name(c.best)}"
        text = (
            f"With what {c.seat} could see, {played} gave {side} {about}"
            f"{_percent(c.after.win)} to win the deal; {better} gave {about}"
            f"{_percent(c.before.win)}."
        )
        args = (str(c.card), c.seat, c.best)
        out.append(StrategyPoint(POINT_KIND, c.ply - 1, c.trick, c.seat, c.card, args, text))
    return out


def _name(card: str) -> str:
    return Card.parse(card).name


def write_chances(record: DealRecord, chances: Iterable[CardChance]) -> bool:
    """Write a deal's chances into ``record``; returns whether it changed.

    On every scored card ``[%eval TEAM P]``: the player's side and its chance of winning
    after the card, two decimals (unless the card has an ``[%eval …]`` already). On a
    single-dummy mistake ``[%point single-dummy-mistake CARD SEAT BEST]`` with a sentence.
    Nothing already there is edited or removed, so writing twice changes nothing.

    Raises ``ValueError`` for chances of another deal or line.
    """
    scored = list(chances)
    same_line(record, ((c.ply, c.card) for c in scored), "these chances are")
    changed = False
    for c in scored:
        changed |= write_once(record, c.ply, "eval", c.team, f"{c.after.win:.2f}")
    players = record.setup.rules.players if record.setup is not None else 4
    changed |= bool(write_points(record, chance_points(scored, players)))
    return changed
