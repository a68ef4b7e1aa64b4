"""Speed of the double-dummy solver, measured against DDS (Bo Haglund's bridge solver,
through the ``endplay`` package) in the same run.

Run it as ``python benchmarks/bench_solver.py [--deals N] [--endgames M] [--budget S]
[--seed K]``. It deals ``N`` random full 52-card deals of four players with a known trump
(``TrumpMethod.FACE_UP``, a random suit, Trick capture, no must-trump: under these rules
the ``tricks`` objective is exactly bridge double-dummy) and, for each:

* DDS (its ``SolveBoard``, called as endplay's ``solve_board`` calls it) scores every card
  of the opening leader (tricks for the side on lead), and so does our
  ``Solver("tricks")``. The counts must agree card by card: any disagreement is a bug,
  printed with the deal, and the benchmark exits with status 1.
  Seats map by play order: our A, B, C, D play in turn as bridge's North, East, South,
  West do, so A→N, B→E, C→S, D→W (A/C against B/D is N/S against E/W), and A leads.
* our ``Solver("outcome")`` scores every card of the same deal (the deal's result, the
  objective the analysis uses).

Then ``M`` 8-trick endgames: a random deal (same rules) played for five tricks by the
rule-of-thumb player (a random legal card one time in four), where both solvers score
every card of the leader again (tricks: DDS's count plus what the side already took must
equal ours) and ``outcome`` is timed.

Each solve is timed with ``time.perf_counter`` around the call alone, ``--repeat`` times
(default 3), and the fastest counts, for both solvers. The two tricks solves of a position
take turns (DDS, ours, DDS, ours, ...), so that a slow spell of the machine, which can last
a second or more, slows both rather than one (DDS keeps its table for a deal solved again at
once, so each of its repeats also follows a solve of another deal). Ours runs in a worker
process so that a solve longer than ``--budget`` seconds can be stopped: it
is then reported as over budget and counted at the budget, so the summary's figures are
lower bounds (said in the output); its cards are not compared. ``--budget 0`` solves
in this process with no limit. The worker process is long-lived (a new one replaces a
stopped one), and both solvers are warmed up on the same deal first: each keeps its table's
memory from one solve to the next, and the first solve of a process pays for setting it
up. Each solve still starts with an empty table, as ``solve()`` does.

Besides the times, it prints each search's size: positions at the start of a trick, the
measure DDS reports (``futureTricks.nodes``) and our core counts alike (``Solver.
trick_nodes``). Their ratio depends on the two algorithms only, not on the machine or its
load, so it shows progress that noisy timings hide; with the times, it splits the tricks
ratio into search size and time per position.

The goals (the issue's): the tricks objective within 2× DDS's time (the median of the
per-deal ratios ours ÷ DDS), and a full-deal outcome solve with every card scored in a
median time at most DDS's for the tricks solve of the same deal (the median of the
per-deal ratios outcome ÷ DDS ≤ 1). The benchmark prints whether each is met, but never
fails on timings, which depend on the machine; it fails only on a disagreement.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import TextIO

from endplay import _dds  # the ctypes binding endplay.dds.solve_board uses
from endplay.dds.solve import SolvedBoard
from endplay.types import Deal, Denom, Player

from mendikot_replay.core.cards import Card, Suit, card, deck, format_hand
from mendikot_replay.core.deal_setup import DealSetup
from mendikot_replay.core.engine import Game
from mendikot_replay.core.rules import Rules, TrumpMethod
from mendikot_replay.core.seats import Seat, team_index, team_of
from mendikot_replay.players.simple import Memory, RandomPlayer, RuleOfThumbPlayer, SeatView
from mendikot_replay.solver.search import COMPILED, Objective, Solver

GOAL_TRICKS_RATIO = 2.0
"""Median of ours ÷ DDS for the tricks objective on full deals."""

GOAL_OUTCOME_RATIO = 1.0
"""Median of our outcome solve ÷ DDS's tricks solve of the same full deal."""

DEFAULT_DEALS = 6
DEFAULT_ENDGAMES = 20
DEFAULT_BUDGET = 20.0
"""Seconds one of our solves may take before it is stopped."""
DEFAULT_REPEAT = 3
"""Solves of each position by each solver, the fastest counted: this VM's timings vary by
a third from one run to the next, and the fastest run is the one least disturbed."""

RULES = Rules(trump_method=TrumpMethod.FACE_UP)
SEATS: tuple[Seat, ...] = ("A", "B", "C", "D")
TO_BRIDGE: dict[Seat, Player] = {
    "A": Player.north,
    "B": Player.east,
    "C": Player.south,
    "D": Player.west,
}
TO_DENOM = {
    Suit.SPADES: Denom.spades,
    Suit.HEARTS: Denom.hearts,
    Suit.DIAMONDS: Denom.diamonds,
    Suit.CLUBS: Denom.clubs,
}


# -- positions --------------------------------------------------------------------------------
def random_full_deal(rng: random.Random) -> DealSetup:
    cards = list(deck(52))
    rng.shuffle(cards)
    hands = {seat: frozenset(cards[13 * i : 13 * i + 13]) for i, seat in enumerate(SEATS)}
    return DealSetup(RULES, hands, first_leader="A", trump=rng.choice(list(Suit)))


def random_endgame(rng: random.Random, tricks_played: int = 5) -> Game:
    """A random deal after ``tricks_played`` tricks of the rule-of-thumb player (a random
    legal card one time in four)."""
    game = Game(random_full_deal(rng))
    memory = Memory(game)
    thumb, random_player = RuleOfThumbPlayer(), RandomPlayer()
    while game.trick <= tricks_played:
        player = random_player if rng.random() < 0.25 else thumb
        c, ask = player.choose(SeatView(game, memory), rng)
        memory.see(game.play(c, ask_reveal=ask))
    return game


# -- DDS --------------------------------------------------------------------------------------
def to_dds(game: Game) -> Deal:
    """The position (at a trick boundary) as an endplay deal: hands by play order, the
    leader on lead, the same trump."""
    assert not game.table and game.trump is not None
    pbn = "N:" + " ".join(format_hand(game.hands[seat] or ()) for seat in SEATS)
    return Deal(pbn, first=TO_BRIDGE[game.leader], trump=TO_DENOM[game.trump])


@dataclass(frozen=True, slots=True)
class DDSSolved:
    seconds: float
    nodes: int
    """DDS's count of positions at the start of a trick."""
    scores: dict[Card, int]
    """Tricks still to come, for the side on lead, after each card of the leader."""


def dds_scores(game: Game) -> DDSSolved:
    """DDS's ``SolveBoard`` on the position, every card scored. (It is what endplay's
    ``solve_board`` calls, called here directly for the node count that endplay leaves
    out.)"""
    deal = to_dds(game)
    future = _dds.futureTricks()
    start = time.perf_counter()
    _dds.SolveBoard(deal._data, -1, 3, 1, future, 0)  # any target, every card, new search
    seconds = time.perf_counter() - start
    scores = {card(c.rank.name[1] + "SHDC"[c.suit.value]): n for c, n in SolvedBoard(future)}
    return DDSSolved(seconds, int(future.nodes), scores)


# -- our solver, with a time budget -----------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Solved:
    seconds: float
    value: int
    cards: dict[Card, int]
    trick_nodes: int
    """Positions at the start of a trick our search visited (DDS's measure of size)."""


def _solve_here(game: Game, objective: Objective) -> Solved:
    solver = Solver(objective)
    start = time.perf_counter()
    solution = solver.solve(game)
    seconds = time.perf_counter() - start
    return Solved(seconds, solution.value, solution.cards, solver.trick_nodes)


def _serve(conn: Connection) -> None:
    """The worker's loop: solve each (game, objective) received, send back the result."""
    while True:
        try:
            game, objective = conn.recv()
        except EOFError:
            return
        solved = _solve_here(game, objective)
        cards = {str(c): v for c, v in solved.cards.items()}
        conn.send((solved.seconds, solved.value, cards, solved.trick_nodes))


class OurSolver:
    """Our solves, timed, in a long-lived worker process so that a solve longer than
    ``budget`` seconds can be stopped (the worker is then killed, and a new one started
    for the next solve). ``budget`` 0: no limit, every solve in this process.

    The worker is warmed up on ``warm_up`` before its first timed solve, as DDS is: both
    keep their table's memory from one solve to the next, and the first solve of a
    process pays for setting it up."""

    def __init__(self, budget: float, warm_up: Game, repeat: int = 1) -> None:
        self.budget = budget
        self.warm_up = warm_up
        self.repeat = repeat
        self._process: multiprocessing.process.BaseProcess | None = None
        self._conn: Connection | None = None

    def solve(self, game: Game, objective: Objective) -> Solved | None:
        """The fastest of ``repeat`` solves of ``game`` (every legal card scored), or
        ``None`` when one took longer than the budget."""
        best: Solved | None = None
        for _ in range(self.repeat):
            solved = self.solve_once(game, objective)
            if solved is None:
                return None
            if best is None or solved.seconds < best.seconds:
                best = solved
        return best

    def solve_once(self, game: Game, objective: Objective) -> Solved | None:
        """One timed solve, or ``None`` over the budget."""
        if self.budget <= 0:
            return _solve_here(game, objective)
        if self._conn is None:
            self._start()
            if self._ask(self.warm_up, "tricks") is None:  # over budget: start cold
                self._start()
        return self._ask(game, objective)

    def close(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.terminate()
            self._process.join()
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def _start(self) -> None:
        context = multiprocessing.get_context("fork")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child,), daemon=True)
        self._process.start()
        child.close()

    def _ask(self, game: Game, objective: Objective) -> Solved | None:
        assert self._conn is not None and self._process is not None
        self._conn.send((game, objective))
        if not self._conn.poll(self.budget):
            self.close()
            return None
        try:
            seconds, value, cards, nodes = self._conn.recv()
        except EOFError:
            self._process.join()
            code = self._process.exitcode
            self.close()
            raise RuntimeError(
                f"our solver's process died (exit code {code}) solving {objective}"
            ) from None
        return Solved(seconds, value, {card(c): v for c, v in cards.items()}, nodes)


# -- the measurements -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DealTiming:
    index: int
    trump: Suit
    dds: float
    tricks: float | None
    """Our tricks solve (``None``: over budget)."""
    outcome: float | None
    cards: int
    """Cards whose trick counts were compared (0 when our solve ran over budget)."""
    dds_nodes: int
    tricks_nodes: int | None
    """Our tricks solve's positions at the start of a trick (``None``: over budget)."""


@dataclass(frozen=True, slots=True)
class EndgameTiming:
    index: int
    dds: float
    tricks: float | None
    outcome: float | None


@dataclass
class Results:
    budget: float
    deals: list[DealTiming] = field(default_factory=list)
    endgames: list[EndgameTiming] = field(default_factory=list)
    disagreements: list[str] = field(default_factory=list)

    def _capped(self, seconds: float | None) -> float:
        return self.budget if seconds is None else seconds

    @property
    def tricks_ratios(self) -> list[float]:
        return [self._capped(d.tricks) / d.dds for d in self.deals]

    @property
    def outcome_ratios(self) -> list[float]:
        return [self._capped(d.outcome) / d.dds for d in self.deals]

    @property
    def node_ratios(self) -> list[float]:
        """Our tricks solve's trick-start positions ÷ DDS's, for the deals solved in time:
        the size of the two searches, which no machine's speed or load changes."""
        return [d.tricks_nodes / d.dds_nodes for d in self.deals if d.tricks_nodes is not None]

    @property
    def position_time_ratios(self) -> list[float]:
        """Time per trick-start position of our tricks solve ÷ DDS's, for the deals solved
        in time: how the time ratio splits into search size and speed per position."""
        return [
            (d.tricks / d.tricks_nodes) / (d.dds / d.dds_nodes)
            for d in self.deals
            if d.tricks is not None and d.tricks_nodes and d.dds_nodes and d.dds > 0
        ]

    @property
    def over_budget(self) -> int:
        solves = [(d.tricks, d.outcome) for d in self.deals]
        solves += [(e.tricks, e.outcome) for e in self.endgames]
        return sum(s is None for pair in solves for s in pair)

    @property
    def tricks_goal_met(self) -> bool:
        return statistics.median(self.tricks_ratios) <= GOAL_TRICKS_RATIO

    @property
    def outcome_goal_met(self) -> bool:
        return statistics.median(self.outcome_ratios) <= GOAL_OUTCOME_RATIO


def _compare(
    what: str, game: Game, ours: Solved, dds: dict[Card, int], already: int, results: Results
) -> int:
    """Check our per-card trick counts against DDS's (``already``: tricks the side on lead
    took before the position, which ours include and DDS's do not)."""
    if set(ours.cards) != set(dds):
        results.disagreements.append(
            f"{what}: we score {sorted(map(str, ours.cards))}, DDS scores "
            f"{sorted(map(str, dds))}\n  {describe(game)}"
        )
        return 0
    wrong = {c: (v - already, dds[c]) for c, v in ours.cards.items() if v - already != dds[c]}
    if wrong:
        pairs = ", ".join(f"{c}: ours {o}, DDS {d}" for c, (o, d) in sorted(wrong.items()))
        results.disagreements.append(f"{what}: {pairs}\n  {describe(game)}")
    return len(ours.cards)


def describe(game: Game) -> str:
    hands = " ".join(f"{s}:{format_hand(game.hands[s] or ())}" for s in SEATS)
    pbn = "N:" + " ".join(format_hand(game.hands[s] or ()) for s in SEATS)
    trump = game.trump.letter if game.trump else "none"
    return (
        f"hands {hands}; trump {trump}; {game.leader} leads (DDS: {pbn}, "
        f"first {TO_BRIDGE[game.leader].name})"
    )


def _seconds(s: float | None, budget: float) -> str:
    return f">{budget:.0f} s" if s is None else f"{s:.3f} s"


def _nodes(ours: int | None, dds: int) -> str:
    if ours is None:
        return f"  (trick-start nodes: DDS {dds})"
    return f"  (trick-start nodes: DDS {dds}, ours {ours}, x{ours / dds:.1f})"


def _ratio(s: float | None, reference: float, budget: float) -> str:
    return f"x{(budget if s is None else s) / reference:.1f}" + ("+" if s is None else "")


def tricks_in_turn(game: Game, other: Game, ours: OurSolver) -> tuple[DDSSolved, Solved | None]:
    """DDS's and our tricks solves of ``game``, ``ours.repeat`` of each, taking turns; the
    fastest of each counts (ours: ``None`` once a solve is over the budget). DDS keeps its
    table for a deal solved again at once (the second solve is almost free), so each of its
    repeats is followed by a solve of ``other``."""
    dds_runs: list[DDSSolved] = []
    best: Solved | None = None
    over = False
    for _ in range(ours.repeat):
        dds_runs.append(dds_scores(game))
        if ours.repeat > 1:
            dds_scores(other)
        if over:
            continue
        solved = ours.solve_once(game, "tricks")
        if solved is None:
            over, best = True, None
        elif best is None or solved.seconds < best.seconds:
            best = solved
    return min(dds_runs, key=lambda solved: solved.seconds), best


def run_benchmark(
    deals: int, endgames: int, seed: int, budget: float, out: TextIO, repeat: int = 1
) -> Results:
    rng = random.Random(seed)
    results = Results(budget)
    warm_up = Game(random_full_deal(random.Random(seed - 1)))
    dds_scores(warm_up)  # DDS's first-call set-up
    ours = OurSolver(budget, warm_up, repeat)
    try:
        _run(deals, endgames, rng, ours, results, out)
    finally:
        ours.close()
    return results


def _run(
    deals: int,
    endgames: int,
    rng: random.Random,
    ours: OurSolver,
    results: Results,
    out: TextIO,
) -> None:
    budget, warm_up = results.budget, ours.warm_up
    if deals:
        print(
            f"{deals} full deals (every opening lead scored; fastest of {ours.repeat} solves):",
            file=out,
        )
    for i in range(deals):
        game = Game(random_full_deal(rng))
        solved_by_dds, tricks = tricks_in_turn(game, warm_up, ours)
        dds, scores = solved_by_dds.seconds, solved_by_dds.scores
        if set(scores) != set(game.hands["A"] or ()):
            raise RuntimeError(f"DDS scored {sorted(map(str, scores))}, not A's hand")
        compared = 0
        before = len(results.disagreements)
        if tricks is not None:
            compared = _compare(f"deal {i + 1}", game, tricks, scores, 0, results)
        outcome = ours.solve(game, "outcome")
        assert game.trump is not None
        timing = DealTiming(
            i + 1,
            game.trump,
            dds,
            None if tricks is None else tricks.seconds,
            None if outcome is None else outcome.seconds,
            compared,
            solved_by_dds.nodes,
            None if tricks is None else tricks.trick_nodes,
        )
        results.deals.append(timing)
        if tricks is None:
            agree = "cards not compared (over budget)"
        elif len(results.disagreements) > before:
            agree = "DISAGREES with DDS"
        else:
            agree = f"{compared} cards agree"
        print(
            f"  deal {i + 1:3}  trump {game.trump.letter}  DDS {dds:.3f} s  "
            f"tricks {_seconds(timing.tricks, budget)} ({_ratio(timing.tricks, dds, budget)})  "
            f"outcome {_seconds(timing.outcome, budget)} "
            f"({_ratio(timing.outcome, dds, budget)})  {agree}"
            + _nodes(timing.tricks_nodes, timing.dds_nodes),
            file=out,
            flush=True,
        )
    if endgames:
        print(f"{endgames} 8-trick endgames (five tricks played, every card scored):", file=out)
    for i in range(endgames):
        game = random_endgame(rng)
        assert game.to_play is not None
        solved_by_dds, tricks = tricks_in_turn(game, warm_up, ours)
        dds, scores = solved_by_dds.seconds, solved_by_dds.scores
        if tricks is not None:
            already = game.counts.tricks[team_index(team_of(game.to_play))]
            _compare(f"endgame {i + 1}", game, tricks, scores, already, results)
        outcome = ours.solve(game, "outcome")
        ending = EndgameTiming(
            i + 1,
            dds,
            None if tricks is None else tricks.seconds,
            None if outcome is None else outcome.seconds,
        )
        results.endgames.append(ending)
        print(
            f"  endgame {i + 1:3}  trump {game.trump.letter if game.trump else '-'}  "
            f"{game.leader} leads  DDS {dds:.4f} s  tricks {_seconds(ending.tricks, budget)}  "
            f"outcome {_seconds(ending.outcome, budget)}",
            file=out,
            flush=True,
        )


# -- report -----------------------------------------------------------------------------------
def percentile(values: Sequence[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def _spread(values: Sequence[float], unit: str = " s") -> str:
    return (
        f"median {statistics.median(values):.3f}{unit}, p95 {percentile(values, 95):.3f}{unit}, "
        f"worst {max(values):.3f}{unit}"
    )


def print_report(results: Results, out: TextIO) -> None:
    budget = results.budget
    if not COMPILED:
        print("WARNING: the compiled core is not built: these are the Python search's", file=out)
    print(file=out)
    if results.deals:
        tr, orat = results.tricks_ratios, results.outcome_ratios
        dds = [d.dds for d in results.deals]
        print(f"full deals: {len(results.deals)}", file=out)
        print(f"  DDS tricks:        {_spread(dds)}", file=out)
        capped = [results._capped(d.tricks) for d in results.deals]
        print(f"  our tricks:        {_spread(capped)}", file=out)
        capped = [results._capped(d.outcome) for d in results.deals]
        print(f"  our outcome:       {_spread(capped)}", file=out)
        cards = sum(d.cards for d in results.deals)
        print(f"  trick counts compared with DDS: {cards} cards", file=out)
        if results.node_ratios:
            nr = results.node_ratios
            print(
                f"  search size, tricks (trick-start nodes, ours ÷ DDS): median "
                f"x{statistics.median(nr):.1f}, worst x{max(nr):.1f} ({len(nr)} deals)",
                file=out,
            )
        if pr := results.position_time_ratios:
            print(
                f"  time per trick-start node, tricks (ours ÷ DDS): median "
                f"x{statistics.median(pr):.1f}, worst x{max(pr):.1f} ({len(pr)} deals)",
                file=out,
            )
        verdict = "met" if results.tricks_goal_met else "NOT met"
        print(
            f"tricks ÷ DDS: median x{statistics.median(tr):.2f}, worst x{max(tr):.2f} "
            f"(goal: median <= {GOAL_TRICKS_RATIO:g}): goal {verdict}",
            file=out,
        )
        verdict = "met" if results.outcome_goal_met else "NOT met"
        print(
            f"outcome (every card) ÷ DDS tricks: median x{statistics.median(orat):.2f}, "
            f"worst x{max(orat):.2f} (goal: median <= {GOAL_OUTCOME_RATIO:g}): goal {verdict}",
            file=out,
        )
    if results.endgames:
        ends = results.endgames
        print(f"8-trick endgames: {len(ends)}", file=out)
        print(f"  DDS tricks:        {_spread([e.dds for e in ends])}", file=out)
        print(
            f"  our tricks:        {_spread([results._capped(e.tricks) for e in ends])}", file=out
        )
        print(
            f"  our outcome:       {_spread([results._capped(e.outcome) for e in ends])}",
            file=out,
        )
    if results.over_budget:
        print(
            f"{results.over_budget} solve(s) stopped at the {budget:g} s budget and counted at "
            f"{budget:g} s: the figures above are lower bounds",
            file=out,
        )
    if results.disagreements:
        for line in results.disagreements:
            print(f"DISAGREEMENT with DDS: {line}", file=out)
    else:
        print("per-card trick counts: all agree with DDS", file=out)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> Results:
    """Run the benchmark and print its figures; returns them (for the test suite). Exits
    with status 1 when a trick count disagrees with DDS's."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="full deals")
    parser.add_argument("--endgames", type=int, default=DEFAULT_ENDGAMES, help="8-trick ends")
    parser.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET,
        help="seconds one of our solves may take (0: no limit, solved in this process)",
    )
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--repeat",
        type=int,
        default=DEFAULT_REPEAT,
        help="solves of each position by each solver; the fastest counts",
    )
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    out = out if out is not None else sys.stdout
    results = run_benchmark(args.deals, args.endgames, args.seed, args.budget, out, args.repeat)
    print_report(results, out)
    if results.disagreements:
        raise SystemExit(1)
    return results


if __name__ == "__main__":
    main()
