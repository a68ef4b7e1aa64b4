"""Double-dummy analysis of a played deal: the outcome before and after every card, the
mistakes with the cards that were better, and the card the deal turns on.

:func:`analyse` walks the record's main line with one :class:`~.solver.Solver`, which keeps
its transposition table from one position to the next: successive positions share almost
all of their game tree, so a whole deal costs little more than its first solve. Each card
gets a :class:`CardVerdict`: the value of the position before it (best play by both sides),
the value after it, and the value of every legal card the player had, which is what a viewer
colours (:meth:`CardVerdict.keeps`: green, the card keeps the position's value; red, it
loses some of it).

Values are always from A/C's side, so that they compare from one card to the next: for the
``outcome`` objective the solver's integers (3 A/C whitewash, 2 mendikot, 1 win, 0 tie, -1
B/D win, -2, -3; :func:`~.solver.value_text` spells them); for ``tens`` and ``tricks`` how
many A/C hold at the end of the deal (B/D hold the rest).

The words, precisely:

``mistake``
    The player had a card that kept a better value for their side than the card played
    (the value after the card is worse for them than the value before it). The cards that
    would have done better are ``better_cards``, best first; ``better`` names one that kept
    the position's value. Under the outcome objective a mistake that hands the deal to the
    other side (or turns a win into a tie, or a tie into a loss) is a *blunder*, glyph
    ``??``; one that keeps the winner but loses a mendikot or a whitewash level (or gives the
    opponents one) is glyph ``?``. Under ``tens`` and ``tricks`` every mistake is ``?``.
``decisive``
    At most one card per analysed line, the card the deal turns on (docs/rules.md: it changes the
    deal's outcome with best play from both sides). In order of precedence:

    1. the last card that changed the winner (A/C, tie, B/D) of the double-dummy outcome:
       from it on, the winner was the one the deal ended with;
    2. if no card changed the winner, the last card that changed the outcome at all (a
       mendikot or whitewash won or lost);
    3. if no card changed the outcome (both sides played perfectly), the first card at
       which it was at stake: the first whose player held a card that would have changed
       the winner, or failing that one that would have changed the outcome. The card played
       is then the one that keeps the deal (the sample endgames mark it ``!`` ``$29``).

    With no such card, nothing is decisive. Under ``tens`` and ``tricks`` there is no winner,
    so steps 1 and 2 are one: the last card that changed the value, else the first at stake.

The solver is pure Python for now and only fast on endgames (about five tricks); a compiled
core will make full deals fast through the same :class:`~.solver.Solver`. Until then
``max_tricks`` limits the analysis to the positions with at most that many tricks left.

The analysis only finds; :func:`.annotate.write_analysis` writes the findings into the
record (the verdicts become strategy points there): ``[%dd OUTCOME]`` after every
analysed card, the mistake's glyph, ``[%point mistake CARD SEAT BETTER]`` and
``[%point decisive CARD SEAT]`` (with ``$29``, and ``!`` on a decisive card that kept the
deal), each point with a sentence. It never edits or removes anything already there: a card
with a ``[%dd …]`` or a glyph keeps it, a point already written (by anyone) is not written
again, so writing twice changes nothing.

>>> from mendikot_replay.pmn.reader import read_string
>>> record = read_string('''[TrumpMethod "Drawn"]
... [Trump "H"]
... [Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]
... [Start "trick 10; tens 1-0; tricks 7-2"]
... [Play "B"]
... 10. B: 5S 9S QS 8D
... 11. D: 8H 9D 2D KS
... 12. D: KH AD AS 5D
... 13. D: TS TC TD AC''')[0]
>>> analysis = analyse(record)
>>> duck = analysis[0]
>>> duck.seat, str(duck.card), duck.before_text, duck.after_text, duck.glyph
('C', '9S', 'AC win', 'BD win', '??')
>>> duck.card_values()
{'KS': 'AC win', '9S': 'BD win'}
>>> str(duck.better), duck.decisive, analysis.decisive is duck
('KS', True, True)
>>> from mendikot_replay.analysis.points import write_analysis
>>> write_analysis(record, analysis), write_analysis(record, analysis)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar, overload

from ..core.cards import Card
from ..core.engine import Game, IllegalPlay
from ..core.seats import Seat, Team, team_of
from ..errors import MendikotError
from ..pmn.record import DealRecord
from ..solver.search import (
    Move,
    Objective,
    Solution,
    Solver,
    solvable_tricks,
    tricks_left,
    value_text,
)

_K = TypeVar("_K", Card, Move)
"""A verdict ranks cards or moves alike."""

Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` after each position solved."""


class AnalysisError(MendikotError, ValueError):
    """A deal that cannot be analysed (unknown hands, an unplayable record); says why."""


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


@dataclass(frozen=True, kw_only=True)
class CardVerdict:
    """The solver's word on one card of the main line (values from A/C's side)."""

    ply: int
    """1-based: the card is the ``ply``-th of the main line (:func:`~.editing.node_at`'s
    numbering, and the viewer's step right after the card)."""
    trick: int
    seat: Seat
    card: Card
    before: int
    """The value of the position before the card, with best play by both sides."""
    after: int
    """The value after it, best play from there on."""
    cards: dict[Card, int] = field(hash=False)
    """Every legal card of the player, with the value after it (a revoke, not legal, is
    absent). Under version B, a card that may ask for the face-down trump has the better of
    its two values: :attr:`moves` has both."""
    asked: bool = False
    """The card asked for the closed trump (version B's ``^T``)."""
    moves: dict[Move, int] = field(default_factory=dict, hash=False)
    """Every legal move with its value: the cards, and under version B each card asking
    for the face-down trump apart (a verdict made by hand may leave it empty: :attr:`cards`
    then says it all)."""
    objective: Objective = "outcome"
    decisive: bool = False
    """The card the deal turns on (the module's docstring says which card that is)."""

    # -- whose side ------------------------------------------------------------------------
    @property
    def team(self) -> Team:
        return team_of(self.seat)

    def _better(self, a: int, b: int) -> bool:
        """Whether value ``a`` is better than ``b`` for the player's side."""
        return a > b if self.team == "AC" else a < b

    # -- the verdict -----------------------------------------------------------------------
    @property
    def mistake(self) -> bool:
        """The player had a card that kept a better value for their side."""
        return self._better(self.before, self.after)

    @property
    def better_cards(self) -> tuple[Card, ...]:
        """Every legal card that would have given the player's side more than the card
        played, best first (then in hand order)."""
        return self._best_first(self.cards)

    def _best_first(self, values: dict[_K, int]) -> tuple[_K, ...]:
        """The keys of ``values`` whose value beats the one played, best first (ties in the
        mapping's order: hand order)."""
        better = [k for k, v in values.items() if self._better(v, self.after)]
        sign = -1 if self.team == "AC" else 1
        return tuple(sorted(better, key=lambda k: sign * values[k]))

    @property
    def better(self) -> Card | None:
        """For a mistake: a card that kept the position's value (the first in hand order):
        :attr:`better_move`'s card."""
        move = self.better_move
        return move.card if move is not None else None

    def _moves(self) -> dict[Move, int]:
        return self.moves or {Move(c): v for c, v in self.cards.items()}

    @property
    def better_moves(self) -> tuple[Move, ...]:
        """Every legal move that would have given the player's side more than the move
        played, best first (then in hand order): :attr:`better_cards`, but where asking for
        a face-down trump (version B) made the difference, the ask is part of the move --
        the card played may be among them, asking where it did not, or the other way."""
        played = Move(self.card, self.asked)
        return tuple(m for m in self._best_first(self._moves()) if m != played)

    @property
    def better_move(self) -> Move | None:
        """For a mistake: a move that kept the position's value (the first in hand order;
        see :attr:`better_moves`)."""
        if not self.mistake:
            return None
        return next((m for m, v in self._moves().items() if v == self.before), None)

    def keeps(self, card: Card) -> bool:
        """Whether ``card`` (a legal card of the player) keeps the position's value: what a
        viewer shows green; the others lose something, red."""
        return self.cards[card] == self.before

    @property
    def keeping(self) -> tuple[Card, ...]:
        """The legal cards that keep the position's value, in hand order."""
        return tuple(c for c, v in self.cards.items() if v == self.before)

    @property
    def at_stake(self) -> bool:
        """Whether the choice mattered: some legal card had another value than the rest."""
        return len(set(self.cards.values())) > 1

    @property
    def changes_winner(self) -> bool:
        """Outcome: the card changed who wins (A/C, tie, B/D). Other objectives: any
        change of value."""
        if self.objective != "outcome":
            return self.before != self.after
        return _sign(self.before) != _sign(self.after)

    @property
    def glyph(self) -> str | None:
        """``??`` for a mistake that changes the winner (outcome objective), ``?`` for any
        other mistake, ``None`` for a card that kept the value."""
        if not self.mistake:
            return None
        return "??" if self.objective == "outcome" and self.changes_winner else "?"

    # -- words -----------------------------------------------------------------------------
    def text(self, value: int) -> str:
        """A value in words: ``"AC win"``, ``"tie"``; ``"AC 3"`` (tens or tricks A/C hold)."""
        if self.objective == "outcome":
            return value_text(value)
        return f"AC {value}"

    @property
    def before_text(self) -> str:
        return self.text(self.before)

    @property
    def after_text(self) -> str:
        return self.text(self.after)

    def card_values(self) -> dict[str, str | int]:
        """Every legal card with its value, ready for JSON: ``{"KS": "AC win", "9S": "BD
        win"}`` for the outcome, A/C's count for ``tens`` and ``tricks``."""
        if self.objective == "outcome":
            return {str(c): value_text(v) for c, v in self.cards.items()}
        return {str(c): v for c, v in self.cards.items()}

    def to_json(self) -> dict[str, Any]:
        """The verdict as a JSON object (values as :meth:`card_values` writes them; the card
        played and the better move as PMN writes moves, ``^T`` before a card that asks for the
        closed trump)."""

        def shown(v: int) -> str | int:
            return value_text(v) if self.objective == "outcome" else v

        better = self.better_move
        return {
            "ply": self.ply,
            "trick": self.trick,
            "seat": self.seat,
            "card": str(Move(self.card, self.asked)),
            "before": shown(self.before),
            "after": shown(self.after),
            "cards": self.card_values(),
            "keeping": [str(c) for c in self.keeping],
            "mistake": self.mistake,
            "glyph": self.glyph,
            "better": str(better) if better is not None else None,
            "better_cards": [str(c) for c in self.better_cards],
            "decisive": self.decisive,
        }


@dataclass(frozen=True)
class DealAnalysis(Sequence[CardVerdict]):
    """The verdicts on a deal's main line, in play order (a sequence of
    :class:`CardVerdict`), with what the analysis covered."""

    verdicts: tuple[CardVerdict, ...]
    objective: Objective = "outcome"
    cards: int = 0
    """Cards in the main line."""
    skipped: int = 0
    """Main-line cards before the first analysed one (more than ``max_tricks`` tricks left)."""
    start: int | None = None
    """The value of the first analysed position (``None`` when no card was analysed)."""
    end: int | None = None
    """The value after the last analysed card: the deal's result when the record is
    complete."""

    @overload
    def __getitem__(self, index: int) -> CardVerdict: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[CardVerdict, ...]: ...
    def __getitem__(self, index: int | slice) -> CardVerdict | tuple[CardVerdict, ...]:
        return self.verdicts[index]

    def __len__(self) -> int:
        return len(self.verdicts)

    def __iter__(self) -> Iterator[CardVerdict]:
        return iter(self.verdicts)

    @property
    def mistakes(self) -> list[CardVerdict]:
        return [v for v in self.verdicts if v.mistake]

    @property
    def decisive(self) -> CardVerdict | None:
        return next((v for v in self.verdicts if v.decisive), None)

    def text(self, value: int | None) -> str | None:
        if value is None:
            return None
        return value_text(value) if self.objective == "outcome" else f"AC {value}"

    def to_json(self) -> dict[str, Any]:
        """What ``mendikot-replay analyse --json`` prints for the deal (without the file
        and deal number)."""

        def shown(v: int | None) -> str | int | None:
            if v is None or self.objective != "outcome":
                return v
            return value_text(v)

        decisive = self.decisive
        return {
            "objective": self.objective,
            "cards_in_line": self.cards,
            "analysed": len(self.verdicts),
            "first_ply": self.verdicts[0].ply if self.verdicts else None,
            "start": shown(self.start),
            "end": shown(self.end),
            "mistakes": [v.ply for v in self.mistakes],
            "decisive": decisive.ply if decisive is not None else None,
            "verdicts": [v.to_json() for v in self.verdicts],
        }


def _ac_values(solution: Solution, total: int) -> tuple[int, dict[Card, int], dict[Move, int]]:
    """The solution's value, card values and move values from A/C's side (tens and tricks
    are solved for the side to move; B/D's count is the rest of ``total``)."""
    if solution.objective == "outcome" or solution.team == "AC":
        return solution.value, dict(solution.cards), dict(solution.moves)
    return (
        total - solution.value,
        {c: total - v for c, v in solution.cards.items()},
        {m: total - v for m, v in solution.moves.items()},
    )


def _replay(record: DealRecord) -> list[Game]:
    """The engine's state before every card of the main line, and after the last."""
    if record.setup is None:
        raise AnalysisError("the record's tags do not give a playable set-up")
    game = Game(record.setup, check_deal=False)
    unknown = [seat for seat, hand in game.hands.items() if hand is None]
    if unknown:
        raise AnalysisError(
            "double-dummy analysis needs every hand: "
            + ", ".join(unknown)
            + (" is" if len(unknown) == 1 else " are")
            + " not known"
        )
    try:
        plays = record.plays()
    except ValueError as exc:
        raise AnalysisError(f"{exc}: cannot replay") from None
    states = [game.copy()]
    for k, (card, ask, revoke) in enumerate(plays, 1):
        try:
            game.play(card, ask_reveal=ask, revoke=revoke)
        except IllegalPlay as exc:
            raise AnalysisError(f"card {k} of the main line ({card}): {exc}") from None
        states.append(game.copy())
    return states


def analyse(
    record: DealRecord,
    *,
    max_tricks: int | None = None,
    objective: Objective | None = None,
    solver: Solver | None = None,
    progress: Progress | None = None,
) -> DealAnalysis:
    """The double-dummy verdict on every card of the record's main line.

    ``max_tricks`` analyses only the cards played with at most that many tricks left (the
    trick under way included); by default every card. ``solver`` is the
    :class:`~.solver.Solver` to use (its objective, and its table, which is then shared with
    other calls); by default a new one for ``objective`` (``"outcome"``, ``"tens"`` or
    ``"tricks"``), used for the whole deal. ``progress(done, total)`` is called after each
    position solved.

    Raises :class:`AnalysisError` when the deal cannot be analysed: a hand is unknown, the
    tags give no set-up, a card of the main line is unknown or cannot be played.
    """
    if solver is None:
        solver = Solver(objective or "outcome")
    elif objective is not None and objective != solver.objective:
        raise ValueError(f"the solver's objective is {solver.objective!r}, not {objective!r}")
    objective = solver.objective
    states = _replay(record)
    line = record.mainline()
    first = next(
        (
            k
            for k, g in enumerate(states[:-1])
            if tricks_left(g) <= solvable_tricks(g, 99 if max_tricks is None else max_tricks)
        ),
        len(line),
    )
    todo = states[first:]
    values: list[tuple[int, dict[Card, int], dict[Move, int]]] = []
    for done, game in enumerate(todo, 1):
        total = game.rules.all_tens if objective == "tens" else game.total_tricks
        try:
            solution = solver.solve(game)
        except ValueError as exc:
            raise AnalysisError(str(exc)) from None
        values.append(_ac_values(solution, total))
        if progress is not None:
            progress(done, len(todo))
    verdicts: list[CardVerdict] = []
    for i, k in enumerate(range(first, len(line))):
        game = states[k]
        seat = game.to_play
        node = line[k]
        assert seat is not None and node.card is not None
        before, cards, moves = values[i]
        verdicts.append(
            CardVerdict(
                ply=k + 1,
                trick=game.trick,
                seat=seat,
                card=node.card,
                before=before,
                after=values[i + 1][0],
                cards=cards,
                asked=node.reveal_request,
                moves=moves,
                objective=objective,
            )
        )
    return DealAnalysis(
        tuple(_mark_decisive(verdicts)),
        objective,
        cards=len(line),
        skipped=first,
        start=values[0][0] if verdicts else None,
        end=values[-1][0] if verdicts else None,
    )


def _decisive_index(verdicts: Sequence[CardVerdict]) -> int | None:
    """Which card the deal turns on (the module's docstring gives the rule)."""
    if not verdicts:
        return None
    outcome = verdicts[0].objective == "outcome"

    def side(value: int) -> int:
        return _sign(value) if outcome else value

    for changed in (
        lambda v: side(v.after) != side(v.before),
        lambda v: v.after != v.before,
    ):
        found = [i for i, v in enumerate(verdicts) if changed(v)]
        if found:
            return found[-1]
    for at_stake in (
        lambda v: any(side(x) != side(v.before) for x in v.cards.values()),
        lambda v: v.at_stake,
    ):
        found = [i for i, v in enumerate(verdicts) if at_stake(v)]
        if found:
            return found[0]
    return None


def _mark_decisive(verdicts: list[CardVerdict]) -> list[CardVerdict]:
    i = _decisive_index(verdicts)
    if i is not None:
        verdicts[i] = replace(verdicts[i], decisive=True)
    return verdicts


# -- writing ------------------------------------------------------------------------------------


__all__ = [
    "AnalysisError",
    "CardVerdict",
    "DealAnalysis",
    "Progress",
    "analyse",
]
