"""How much the Monte Carlo player (PIMC) beats the rule of thumb, and what it costs.

Run it as ``python benchmarks/bench_pimc.py [--deals N] [--worlds W] [--solve-from T]``
(defaults: 150 deals, the player's own defaults; about two minutes with the compiled solver
core, about one without it, where the player solves only the last three tricks).

Every deal is dealt from its own random stream with its own dealer, then played three times
on the same cards:

* the **reference**: the rule of thumb for both teams;
* PIMC as A/C against the rule of thumb as B/D;
* PIMC as B/D against the rule of thumb as A/C.

For each seating it prints the PIMC team's deals won, lost and tied, its win rate, the win
rate of the rule of thumb in the same seat on the same deals (the reference), the gain, and
the deals where the PIMC team did better or worse than the reference team did on the same
cards (a paired count: the seat's luck cancels). Time per deal is printed for each, and as a
ratio to the reference in the same run, so the figure does not depend on the machine.
Nothing is asserted: the numbers are for reading.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from mendikot_replay.core.result import DealResult
from mendikot_replay.core.rules import Rules
from mendikot_replay.core.seats import Team, seats
from mendikot_replay.players.pimc import DEFAULT_WORLDS, PIMCPlayer, default_solve_from_tricks
from mendikot_replay.players.simple import Player, RuleOfThumbPlayer
from mendikot_replay.players.simulate import lineup, play_deal
from mendikot_replay.solver import search as solver

DEFAULT_DEALS = 150

_RANK = {"whitewash": 3, "mendikot": 2, "win": 1}


def outcome(result: DealResult, team: Team) -> int:
    """The result from ``team``'s side: 3 whitewash, 2 mendikot, 1 win, 0 tie, negatives
    for a loss (the solver's scale)."""
    if result.winner is None:
        return 0
    rank = _RANK[result.kind]
    return rank if result.winner == team else -rank


@dataclass
class Seating:
    """PIMC's team at ``team`` against the rule of thumb, with the reference on the same
    deals."""

    team: Team
    deals: int = 0
    won: int = 0
    lost: int = 0
    ties: int = 0
    reference_won: int = 0
    better: int = 0
    worse: int = 0
    seconds: float = 0.0

    @property
    def rate(self) -> float:
        return self.won / self.deals if self.deals else 0.0

    @property
    def reference_rate(self) -> float:
        return self.reference_won / self.deals if self.deals else 0.0

    def add(self, pimc: DealResult, reference: DealResult) -> None:
        self.deals += 1
        mine = outcome(pimc, self.team)
        self.won += mine > 0
        self.lost += mine < 0
        self.ties += mine == 0
        base = outcome(reference, self.team)
        self.reference_won += base > 0
        self.better += mine > base
        self.worse += mine < base


@dataclass
class Results:
    deals: int
    worlds: int
    solve_from: int
    compiled: bool
    reference_seconds: float = 0.0
    seatings: list[Seating] = field(default_factory=list)
    solved: int = 0
    """Decisions the PIMC players made by solving worlds (the rest: rule of thumb, forced)."""

    @property
    def rate(self) -> float:
        deals = sum(s.deals for s in self.seatings)
        return sum(s.won for s in self.seatings) / deals if deals else 0.0

    @property
    def reference_rate(self) -> float:
        deals = sum(s.deals for s in self.seatings)
        return sum(s.reference_won for s in self.seatings) / deals if deals else 0.0

    def per_deal(self, seconds: float) -> float:
        return seconds / self.deals if self.deals else 0.0


def _play(i: int, seed: int, rules: Rules, ac: Player, bd: Player) -> tuple[DealResult, float]:
    """Deal ``i`` of the run, played by ``ac`` and ``bd``: the same cards and dealer
    whoever plays (the deal's streams depend on ``seed`` and ``i`` only)."""
    rng = random.Random(f"bench-pimc-deal-{seed}-{i}")
    dealer = rng.choice(seats(rules.players))
    play_rng = random.Random(f"bench-pimc-play-{seed}-{i}")
    start = time.perf_counter()
    deal = play_deal(rng, rules, dealer, lineup(ac, bd, rules.players), play_rng=play_rng)
    return deal.result, time.perf_counter() - start


def run(deals: int, seed: int, worlds: int, solve_from: int) -> Results:
    rules = Rules()
    rule = RuleOfThumbPlayer()
    pimc = PIMCPlayer(worlds=worlds, solve_from_tricks=solve_from)
    results = Results(deals, worlds, solve_from, bool(getattr(solver, "COMPILED", False)))
    by_team = {team: Seating(team) for team in ("AC", "BD")}
    for i in range(deals):
        reference, seconds = _play(i, seed, rules, rule, rule)
        results.reference_seconds += seconds
        for team, seating in by_team.items():
            ac, bd = (pimc, rule) if team == "AC" else (rule, pimc)
            result, seconds = _play(i, seed, rules, ac, bd)
            seating.seconds += seconds
            seating.add(result, reference)
    results.seatings = list(by_team.values())
    results.solved = pimc.stats.solved
    return results


def report(results: Results, out: TextIO) -> None:
    core = "compiled core" if results.compiled else "pure-Python solver"
    print(
        f"PIMC ({results.worlds} worlds, solving the last {results.solve_from} tricks, {core}) "
        f"vs rule-of-thumb, {results.deals} deals per seating, the same cards in every run",
        file=out,
    )
    head = (
        f"  {'pimc as':<8}{'deals':>6}{'won':>6}{'lost':>6}{'ties':>6}{'win rate':>10}"
        f"{'reference':>11}{'gain':>8}{'better':>8}{'worse':>7}{'s/deal':>9}{'ratio':>8}"
    )
    print(head, file=out)
    ref = results.per_deal(results.reference_seconds)
    for s in results.seatings:
        per = results.per_deal(s.seconds)
        ratio = per / ref if ref else float("inf")
        print(
            f"  {s.team:<8}{s.deals:>6}{s.won:>6}{s.lost:>6}{s.ties:>6}{s.rate:>10.1%}"
            f"{s.reference_rate:>11.1%}{s.rate - s.reference_rate:>+8.1%}{s.better:>8}"
            f"{s.worse:>7}{per:>9.3f}{ratio:>8.0f}",
            file=out,
        )
    better = sum(s.better for s in results.seatings)
    worse = sum(s.worse for s in results.seatings)
    print(
        f"  {'both':<8}{'':>24}{results.rate:>10.1%}{results.reference_rate:>11.1%}"
        f"{results.rate - results.reference_rate:>+8.1%}{better:>8}{worse:>7}",
        file=out,
    )
    print(
        f"  reference (rule-of-thumb for both teams): {ref:.4f} s/deal; "
        f"'reference' is the rule of thumb's win rate in the same seat on the same deals; "
        f"{results.solved} decisions solved",
        file=out,
    )


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> Results:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals per seating")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    parser.add_argument("--worlds", type=int, default=DEFAULT_WORLDS, help="worlds per decision")
    parser.add_argument(
        "--solve-from",
        type=int,
        default=None,
        help="tricks from the end PIMC solves (default: the player's, by the solver core)",
    )
    args = parser.parse_args(argv)
    solve_from = default_solve_from_tricks() if args.solve_from is None else args.solve_from
    results = run(args.deals, args.seed, args.worlds, solve_from)
    report(results, out)
    return results


if __name__ == "__main__":
    main()
