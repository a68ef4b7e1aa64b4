"""A strong computer player: perfect-information Monte Carlo (PIMC) on the double-dummy solver.

The solver (:mod:`.solver`) plays perfectly when it sees every hand; a player sees only its
own. PIMC bridges the two the way bridge and skat programs do: at each decision it deals the
cards it has not seen to the other seats at random, many times over, *consistently with
everything it knows* (a "world" each time), solves every world double-dummy, adds up each
legal card's value over the worlds, and plays the card with the best total.

What a seat knows, and so what every sampled world respects, is :mod:`.worlds`' to say
(:func:`~.worlds.knowledge`).

The opponents' past choices are not read as evidence beyond those facts (a player who
ducked may well have held the ace): that is PIMC's usual simplification, along with
"strategy fusion" (each world is solved as if the player would know the hands from then on).
It still plays far better than rules of thumb once the solver can reach the end of the deal.

The value summed is the deal's outcome as the solver gives it (whitewash 3, mendikot 2,
win 1, tie 0, negatives for a loss), seen from the player's side. Cards are ranked by the
number of worlds won less worlds lost (a deal won is one point under plain scoring), then by
the summed outcome (a mendikot is worth more than a win), then by ``tiebreak``: the card the
rule-of-thumb player would play (``"rule"``, free), or the most tricks / tens over the
worlds (``"tricks"``, ``"tens"``: a second solve per world, only when cards tie).

Cost, and the defaults. Solving is the whole cost: ``worlds`` solves per decision. With the
pure-Python solver a world of three tricks takes a few milliseconds, four about a tenth of a
second, five a second; the compiled core solves eight tricks in milliseconds, ten in up to
a second, a full deal in minutes. So the player hands the early tricks to
:class:`~.players.RuleOfThumbPlayer` and solves only the last ``solve_from_tricks`` tricks
(default :func:`default_solve_from_tricks`: 8 with the compiled core, 3 without it, at a
four-player table; fewer at six or eight, where each trick holds more cards). A
``budget`` (seconds per decision) stops solving more worlds once spent, at least one world
solved; it makes the play depend on the machine's speed, so the default is none and the
player is deterministic from its seed (or from the simulator's random stream).

>>> from mendikot_replay.players.simulate import simulate_deals
>>> deal = next(simulate_deals(1, seed=3, players=(PIMCPlayer(worlds=4), PIMCPlayer(worlds=4))))
>>> deal.record.tags["A"]
'pimc'
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final, Literal

from ..core.cards import Card
from ..core.engine import Game
from ..core.rules import Reveal
from ..core.seats import team_of
from ..solver import search as _solver
from ..solver.search import Objective, Solver
from .simple import Choice, RuleOfThumbPlayer, SeatView
from .worlds import Sampler, knowledge, reveals_now

__all__ = [
    "COMPILED_SOLVE_FROM",
    "DEFAULT_WORLDS",
    "PURE_PYTHON_SOLVE_FROM",
    "PIMCPlayer",
    "PIMCStats",
    "Tiebreak",
    "default_solve_from_tricks",
]

DEFAULT_WORLDS: Final = 24
"""Worlds solved per decision. More worlds average out the luck of the sample: against the
rule of thumb on the same 150 deals a team of Monte Carlo players (the last 8 tricks
solved) won 57% with 12 worlds and 59% with 24, at 0.27 and 0.41 s a deal; solving 10
tricks instead of 8 added less (59.5% with 12 worlds) for ten times the time."""

Tiebreak = Literal["rule", "tricks", "tens"]

PURE_PYTHON_SOLVE_FROM: Final = 3
"""Tricks from the end (at a four-player table) the pure-Python search reaches quickly
enough for a simulation."""

COMPILED_SOLVE_FROM: Final = 8
"""The same with the compiled core: a world of eight tricks solves in a few milliseconds
(up to a tenth of a second), nine to ten in tenths of a second to seconds, a full deal in
minutes."""


def default_solve_from_tricks(players: int = 4, *, compiled: bool | None = None) -> int:
    """How many tricks from the end the player starts solving, by default.

    The search's cost grows with the cards left in all hands, so the reach is set for four
    players and scaled to the table: :data:`COMPILED_SOLVE_FROM` (8 tricks, 32 cards) with
    the solver's compiled core (``solver.COMPILED``; ``compiled`` overrides it), which
    makes a simulated deal take about 0.15 s with one team of Monte Carlo players at 24
    worlds (at 12 worlds: 0.06 s; 9 tricks, about a quarter of a second, and it won no more
    deals: 58% of 300 against 59%; 10, half a second: measured with
    ``benchmarks/bench_pimc.py``); 5 tricks at six players, 4 at eight. Without the core,
    :data:`PURE_PYTHON_SOLVE_FROM` (3 tricks, 12 cards): a three-trick world solves in
    milliseconds, a four-trick one in a tenth of a second; 2 tricks at six players, 1 at
    eight. Ten and twelve play two packs, which the core does not hold: the last trick.

    >>> default_solve_from_tricks(4, compiled=True), default_solve_from_tricks(8, compiled=True)
    (8, 4)
    >>> default_solve_from_tricks(4, compiled=False), default_solve_from_tricks(6, compiled=False)
    (3, 2)
    """
    if compiled is None:
        compiled = bool(getattr(_solver, "COMPILED", False))
    compiled = compiled and players < 10  # two packs: the Python search alone (one trick)
    tricks = COMPILED_SOLVE_FROM if compiled else PURE_PYTHON_SOLVE_FROM
    return max(1, tricks * 4 // players)


# -- what a seat knows ------------------------------------------------------------------------


# -- the player -------------------------------------------------------------------------------
@dataclass(slots=True)
class PIMCStats:
    """What the player did, for benchmarks: decisions by kind, worlds solved, time spent."""

    solved: int = 0
    """Decisions made by solving worlds."""
    by_rule: int = 0
    """Decisions left to the rule of thumb because too many tricks were left."""
    forced: int = 0
    worlds: int = 0
    seconds: float = 0.0
    no_world: int = 0
    """Decisions where no world fitted the facts (a broken assumption): the rule decided."""


@dataclass(slots=True)
class _Score:
    """One move's totals over the worlds: won less lost, outcome sum, tie-break sum."""

    net: int = 0
    outcome: int = 0
    extra: int = 0

    def add(self, value: int) -> None:
        self.net += (value > 0) - (value < 0)
        self.outcome += value

    def key(self) -> tuple[int, int]:
        return self.net, self.outcome


@dataclass
class PIMCPlayer:
    """Perfect-information Monte Carlo on the double-dummy solver (see the module).

    ``worlds``: deals of the unseen cards solved per decision. ``solve_from_tricks``: solve
    only when at most this many tricks are left (the one under way included); earlier, the
    rule-of-thumb player decides (``None``: :func:`default_solve_from_tricks` for the
    table). ``solve_from_tricks_face_down``: a lower limit while a closed trump lies face
    down (``None``: the same as ``solve_from_tricks``; never more than it). ``budget``:
    seconds per decision after which no more worlds are solved (``None``: no limit; set,
    it makes play depend on the machine). ``seed``: the worlds of a decision are drawn from
    a stream seeded by it and the position, so one position always gets the same worlds;
    ``None`` draws them from the ``rng`` the simulator passes (deterministic from its
    seed). ``tiebreak`` orders cards whose worlds won and summed outcome are equal.
    """

    worlds: int = DEFAULT_WORLDS
    solve_from_tricks: int | None = None
    solve_from_tricks_face_down: int | None = None
    budget: float | None = None
    seed: int | str | None = None
    tiebreak: Tiebreak = "rule"
    name: str = "pimc"
    stats: PIMCStats = field(default_factory=PIMCStats)
    _rule: RuleOfThumbPlayer = field(default_factory=RuleOfThumbPlayer, repr=False)

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("worlds must be 1 or more")
        if self.tiebreak not in ("rule", "tricks", "tens"):
            raise ValueError(f"unknown tiebreak {self.tiebreak!r}: use rule, tricks or tens")

    def choose(self, view: SeatView, rng: random.Random) -> tuple[Card, bool]:
        choice = self.decide(view, rng)
        return choice.card, choice.ask

    def decide(self, view: SeatView, rng: random.Random | None = None) -> Choice:
        """The card, whether to ask for a closed trump, and why: ``forced`` (one legal
        card), ``pimc`` (the best total over the worlds), ``pimc-ask`` (asking for the
        closed trump scored better than any card without it), ``no-world`` (the facts fit
        no deal: the rule of thumb decides), or, too early to solve, the rule of thumb's
        own choice and reason (``cash-ten``, ``long-suit``…).
        """
        legal = view.legal_cards()
        rules = view.rules
        void = bool(view.table_size) and legal[0].suit is not view.led_suit
        face_down_unknown = view.trump_face_down and not view.holds_face_down
        can_ask = void and face_down_unknown and rules.reveal is Reveal.B
        if len(legal) == 1 and not can_ask:
            self.stats.forced += 1
            return Choice(legal[0], reason="forced")
        left = view.total_tricks - view.trick + 1
        limit = self.solve_from_tricks
        if limit is None:
            limit = default_solve_from_tricks(view.players)
        if view.trump_face_down and self.solve_from_tricks_face_down is not None:
            limit = min(limit, self.solve_from_tricks_face_down)
        if left > limit:
            self.stats.by_rule += 1
            return self._rule.decide(view)
        start = time.perf_counter()
        stream = self._stream(view, rng)
        # Version A: this card turns the closed trump up, and the seat sees it before choosing.
        reveal_now = reveals_now(view)
        try:
            choice = self._solve(view, legal, stream, can_ask, reveal_now)
        except _NoWorld:
            self.stats.no_world += 1
            choice = self._rule.decide(view)
            choice = Choice(choice.card, choice.ask, "no-world")
        self.stats.seconds += time.perf_counter() - start
        return choice

    # -- inside a decision --------------------------------------------------------------------
    def _stream(self, view: SeatView, rng: random.Random | None) -> random.Random:
        if self.seed is None:
            return random.Random(rng.getrandbits(64) if rng is not None else 0)
        played = " ".join(sorted(map(str, view.memory.played)))
        table = " ".join(str(c) for _, c in view.table)
        hand = " ".join(sorted(map(str, view.hand)))
        return random.Random(f"pimc-{self.seed}-{view.seat}-{hand}-{played}-{table}")

    def _games(self, view: SeatView, rng: random.Random, reveal: bool) -> Iterator[Game]:
        """Worlds as games, one at a time, until ``worlds`` or the budget is spent."""
        try:
            sampler = Sampler(knowledge(view, reveal=reveal))
        except ValueError:
            raise _NoWorld from None
        if not sampler.count():
            raise _NoWorld
        start = time.perf_counter()
        for i in range(self.worlds):
            if i and self.budget is not None and time.perf_counter() - start > self.budget:
                return
            world = sampler.sample(rng)
            self.stats.worlds += 1
            yield view.world(world.hands, world.face_down)

    def _solve(
        self,
        view: SeatView,
        legal: list[Card],
        rng: random.Random,
        can_ask: bool,
        reveal_now: bool,
    ) -> Choice:
        self.stats.solved += 1
        sign = 1 if team_of(view.seat) == "AC" else -1
        solver = Solver("outcome")  # one table per decision: the worlds are new deals
        plain = {c: _Score() for c in legal}
        asking = _Score()
        games: list[Game] = []
        for game in self._games(view, rng, reveal_now):
            games.append(game)
            solution = solver.solve(game)
            best_ask: int | None = None
            for move, value in solution.moves.items():
                mine = sign * value
                if not move.ask:
                    if move.card in plain:
                        plain[move.card].add(mine)
                elif best_ask is None or mine > best_ask:
                    best_ask = mine
            if best_ask is not None:
                asking.add(best_ask)
        if can_ask:
            best_plain = max(s.key() for s in plain.values())
            if asking.key() > best_plain:
                return self._after_asking(view, legal, rng, sign)
        return Choice(self._pick(view, plain, games, ask=False), reason="pimc")

    def _after_asking(
        self, view: SeatView, legal: list[Card], rng: random.Random, sign: int
    ) -> Choice:
        """Version B, having decided to ask: the card is turned up before this seat plays,
        so deal the worlds again with it known and choose among the cards the ask allows
        (a trump, if the seat holds one)."""
        suit = view.trump_on_reveal()
        trumps = [c for c in legal if c.suit is suit]
        allowed = trumps or legal
        solver = Solver("outcome")
        scores = {c: _Score() for c in allowed}
        games: list[Game] = []
        for game in self._games(view, rng, True):
            games.append(game)
            solution = solver.solve(game)
            for move, value in solution.moves.items():
                if move.ask and move.card in scores:
                    scores[move.card].add(sign * value)
        return Choice(self._pick(view, scores, games, ask=True), ask=True, reason="pimc-ask")

    def _pick(
        self, view: SeatView, scores: dict[Card, _Score], games: list[Game], ask: bool
    ) -> Card:
        """The card with the best key; among equals, by ``tiebreak``."""
        best = max(s.key() for s in scores.values())
        tied = [c for c, s in scores.items() if s.key() == best]
        if len(tied) == 1:
            return tied[0]
        if self.tiebreak == "rule":
            rule = self._rule.decide(view).card
            if rule in tied:
                return rule
            return min(tied, key=lambda c: (c.is_ten, c.rank))
        objective: Objective = self.tiebreak
        solver = Solver(objective)
        for game in games:
            solution = solver.solve(game)  # counts for the side to move: this seat's
            for move, value in solution.moves.items():
                if move.ask is ask and move.card in tied:
                    scores[move.card].extra += value
        return max(tied, key=lambda c: (scores[c].extra, -c.is_ten, -c.rank))


class _NoWorld(Exception):
    """No deal of the unseen cards fits what the seat knows."""
