"""Speed of the single-dummy chances (``mr.odds``), beside the double-dummy analysis of the
same deals.

Run it as ``python benchmarks/bench_odds.py [--deals N] [--whole M] [--samples S]
[--workers W] [--from-trick T] [--seed K]``. The deals are simulated by the rule-of-thumb
players under the default rules (four players, a drawn trump), each from its own seed.

* **Endgames**: for each of ``N`` deals (default 10), the four positions of its eleventh
  trick (three tricks left), every card's chances from the player to move's view, exact
  (every consistent world solved: at most a few thousand). Beside it, the double-dummy
  solve of the same position (every hand known, every card scored, a fresh solver) and
  the ratio. Goal: every position under a second.
* **Whole deals**: for each of ``M`` deals (default 1), every position of the main line
  (from trick ``T`` on, default 1: all 52), the chances of the player to move at
  ``S`` samples a position (default 200; exact where at most 5000 worlds fit), with one
  :class:`~mendikot_replay.analysis.odds.OddsSolver` for the deal, through
  :func:`~mendikot_replay.analysis.chances.deal_chances` — what the viewer's win-chance graph
  and ``analyse --odds`` of the deal cost. Beside it,
  :func:`~mendikot_replay.analysis.double_dummy.analyse` of the same deal (the double-dummy value
  before and after every card) and the ratio. Goal: a whole
  deal within 60 s with the compiled core. The time of each trick is printed too: almost
  all of it goes to the first tricks, where every world is a full deal to solve.

``--workers`` solves that many worlds at once (threads; the compiled core lets go of the
interpreter while it searches). The chances are the same whatever the number. Nothing is
asserted: the figures depend on the machine; they are for reading.

Measured on the project's 2-core machine, shared with other work (load average 1.5 to 4,
so wall times vary by a fifth or more between runs; compare processor time), deals 1-3 of
seed 1: endgames 0.01 s a position (the slowest 0.07 s). Whole deals: 61, 161 and 134 s
with one thread (64, 131 and 144 s before the second session's changes, the same hour);
with two, 75, 98 and 114 s in a quieter hour and 77, 155 and 159 s in a busy one (78, 127
and 113 s before): about 60, 150 and 120 s of processor time, the same before and after,
so the 60 s goal is not met for deals 2 and 3 on a busy machine. On the same machine idle,
two threads, deals 1-4 (through ``deal_chances``): 27.5, 53.2, 58.7 and 34.2 s (deal 2 took
63.8 s in the run before): within the goal, barely; one thread takes about twice as long. The Python
around the searches is under 1%: the time is the core's null-window searches of full
deals in the first tricks, one per card of each world, about a million positions a world
at the first lead, most of them with four to six tricks left and nearly all under the
outcome objective. What was measured and did not lower that count by more than a percent:
no search of the position before its cards (the cards' own searches redo its
refutations), the small cards a smaller one's search covers left out, a table four times
as large, a fresh table or move-ordering history for each world (no world shares anything
with another), two bounds a pattern at different counts, and a position where a side holds
a majority of the tricks asked as a tens question (3% more). Huge pages for the table,
prefetching the buckets of the next trick and 64-byte buckets (a third of the search waits
for table memory) measured no faster; screening each card with tens searches (three tens
win, one loses) costs five times the outcome search it would spare.

Issue "single-dummy chances in seconds", first measured lever: with two threads, the second
one waited. The worlds' results were read in the worlds' order, so a world whose search ran
long (a full deal's search varies tenfold) held up the handing out of the next ones while the
other thread sat idle (24.8 s of processor time in 19.3 s: 1.3 cores busy). Read as they
finish (kept in the worlds' order for the tallies): deals 1 and 2 of seed 1, the same hour,
19.3 → 13.5 s and 102.4 → 71.4 s, the same processor time, 1.9 cores busy, the same answers
(each world's signs are exact whatever the thread). Deals 3 and 4: 47.6 and 47.6 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from mendikot_replay.analysis.chances import deal_chances
from mendikot_replay.analysis.double_dummy import analyse
from mendikot_replay.analysis.odds import DEFAULT_SAMPLES, OddsSolver
from mendikot_replay.players.simulate import simulate
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.solver.search import COMPILED, Solver

GOAL_ENDGAME_SECONDS = 1.0
"""Exact chances of a position with three tricks left."""

GOAL_WHOLE_SECONDS = 60.0
"""Every position of a deal at 200 samples, with the compiled core."""

DEFAULT_DEALS = 10
DEFAULT_WHOLE = 1


@dataclass
class Endgame:
    deal: int
    after: int
    worlds: int
    exact: bool
    seconds: float
    dd_seconds: float

    @property
    def ratio(self) -> float:
        return self.seconds / self.dd_seconds if self.dd_seconds else float("inf")


@dataclass
class Whole:
    deal: int
    positions: int
    exact: int
    """Positions with every world solved (the rest sampled)."""
    seconds: float
    dd_seconds: float
    by_trick: dict[int, float] = field(default_factory=dict)

    @property
    def ratio(self) -> float:
        return self.seconds / self.dd_seconds if self.dd_seconds else float("inf")


@dataclass
class Results:
    samples: int
    workers: int
    compiled: bool
    endgames: list[Endgame] = field(default_factory=list)
    whole: list[Whole] = field(default_factory=list)

    @property
    def endgame_goal_met(self) -> bool:
        return all(e.seconds < GOAL_ENDGAME_SECONDS for e in self.endgames)

    @property
    def whole_goal_met(self) -> bool:
        return all(w.seconds <= GOAL_WHOLE_SECONDS for w in self.whole)


def deal(seed: int, i: int) -> DealRecord:
    """Deal ``i`` of the run: the same cards and play for a given seed."""
    return next(simulate(1, seed=f"bench-odds-{seed}-{i}"))


def endgames(record: DealRecord, i: int, workers: int) -> list[Endgame]:
    setup = record.setup
    assert setup is not None
    players = setup.rules.players
    first = (setup.rules.tricks_per_deal - 3) * players
    out: list[Endgame] = []
    for after in range(first, first + players):
        solver = OddsSolver(workers=workers, double_dummy=False)
        start = time.perf_counter()
        chances = solver.odds(record, after)
        seconds = time.perf_counter() - start
        position = record.position(after)
        start = time.perf_counter()
        Solver("outcome").solve(position)
        dd_seconds = time.perf_counter() - start
        out.append(Endgame(i, after, chances.worlds, chances.exact, seconds, dd_seconds))
    return out


def whole(record: DealRecord, i: int, samples: int, workers: int, from_trick: int) -> Whole:
    """A deal's graph as the viewer and ``analyse --odds`` make it
    (:func:`~mendikot_replay.analysis.chances.deal_chances`), each position timed."""
    setup = record.setup
    assert setup is not None
    left = setup.rules.tricks_per_deal - from_trick + 1
    solver = OddsSolver(samples=samples, workers=workers, double_dummy=False)
    times: list[float] = []
    clock = [time.perf_counter()]

    def tick(done: int, total: int) -> None:
        now = time.perf_counter()
        times.append(now - clock[0])
        clock[0] = now

    chances = deal_chances(record, max_tricks=left, solver=solver, progress=tick)
    result = Whole(i, 0, 0, 0.0, 0.0)
    for card, seconds in zip(chances, times, strict=True):
        result.positions += 1
        result.exact += card.odds.exact
        result.seconds += seconds
        result.by_trick[card.trick] = result.by_trick.get(card.trick, 0.0) + seconds
    start = time.perf_counter()
    analysis = analyse(record, max_tricks=left)
    result.dd_seconds = time.perf_counter() - start
    assert len(analysis) >= 1
    return result


def run(
    deals: int, whole_deals: int, samples: int, workers: int, from_trick: int, seed: int
) -> Results:
    results = Results(samples, workers, COMPILED)
    for i in range(1, deals + 1):
        results.endgames.extend(endgames(deal(seed, i), i, workers))
    for i in range(1, whole_deals + 1):
        results.whole.append(whole(deal(seed, i), i, samples, workers, from_trick))
    return results


def report(results: Results, out: TextIO) -> None:
    core = "compiled core" if results.compiled else "pure-Python solver"
    threads = f"{results.workers} worker{'s' if results.workers > 1 else ''}"
    print(f"single-dummy chances ({core}, {threads})", file=out)
    if results.endgames:
        times = [e.seconds for e in results.endgames]
        ratios = [e.ratio for e in results.endgames]
        worlds = [e.worlds for e in results.endgames]
        print(
            f"  endgames (3 tricks left, exact): {len(times)} positions of "
            f"{len({e.deal for e in results.endgames})} deals",
            file=out,
        )
        print(
            f"    worlds: median {statistics.median(worlds):.0f}, most {max(worlds)}; "
            f"all exact: {all(e.exact for e in results.endgames)}",
            file=out,
        )
        print(
            f"    seconds per position: median {statistics.median(times):.3f}, "
            f"slowest {max(times):.3f}; double-dummy solve of the same position: median "
            f"{statistics.median(e.dd_seconds for e in results.endgames):.4f}",
            file=out,
        )
        print(
            f"    ratio chances / double dummy: median {statistics.median(ratios):.0f}, "
            f"most {max(ratios):.0f}",
            file=out,
        )
        met = "met" if results.endgame_goal_met else "NOT met"
        print(f"    goal: every position under {GOAL_ENDGAME_SECONDS:.0f} s: {met}", file=out)
    for w in results.whole:
        print(
            f"  whole deal {w.deal}: {w.positions} positions at {results.samples} samples "
            f"({w.exact} exact): {w.seconds:.1f} s; the double-dummy analysis of the same "
            f"cards: {w.dd_seconds:.3f} s; ratio {w.ratio:.0f}",
            file=out,
        )
        tricks = "  ".join(f"{t}: {s:.1f}" for t, s in sorted(w.by_trick.items()))
        print(f"    seconds by trick: {tricks}", file=out)
    if results.whole:
        met = "met" if results.whole_goal_met else "NOT met"
        note = "" if results.compiled else " (the goal is for the compiled core)"
        print(f"    goal: a whole deal within {GOAL_WHOLE_SECONDS:.0f} s: {met}{note}", file=out)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> Results:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals for endgames")
    parser.add_argument("--whole", type=int, default=DEFAULT_WHOLE, help="whole deals")
    parser.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help="worlds a sampled position"
    )
    parser.add_argument("--workers", type=int, default=1, help="threads solving worlds")
    parser.add_argument(
        "--from-trick", type=int, default=1, help="whole deals from this trick on (default 1)"
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    results = run(args.deals, args.whole, args.samples, args.workers, args.from_trick, args.seed)
    report(results, out)
    return results


if __name__ == "__main__":
    main()
