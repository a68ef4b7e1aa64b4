"""Simulation throughput, and how much the rule-of-thumb player beats the random one.

Run it as ``python benchmarks/bench_simulate.py [--deals N]`` (default 10,000). It prints
two tables:

* **speed**: deals per second of :func:`mendikot_replay.players.simulate.simulate` with every seat
  random and with every seat rule-of-thumb, the deals written as PMN to a null sink (what
  ``mendikot-replay simulate`` costs, less the disk). The goal is 500 deals/s; it is
  printed, never asserted, because timings depend on the machine.
* **strength**: the share of deals won by the rule-of-thumb team against the random one
  over ``N`` deals, in both seatings (rule-of-thumb as A/C against random B/D, then as B/D
  against random A/C, with the same seed, so the same shuffles). Seating matters a little
  (the first lead passes with the deal), so the two together are the fair figure.
"""

from __future__ import annotations

import argparse
import io
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO, cast

from mendikot_replay.players.simple import Player, RandomPlayer, RuleOfThumbPlayer
from mendikot_replay.players.simulate import simulate, simulate_deals
from mendikot_replay.pmn.writer import write_deals

GOAL = 500.0
"""Deals per second the simulator should reach."""

DEFAULT_DEALS = 10_000
SPEED_DEALS = 2_000
"""The speed runs are capped: the rate settles long before."""


class _Null(io.TextIOBase):
    """A text sink that throws the text away (the writer still builds it)."""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        return len(text)


@dataclass(frozen=True, slots=True)
class Speed:
    label: str
    deals: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.deals / self.seconds if self.seconds else float("inf")


@dataclass(frozen=True, slots=True)
class Strength:
    """Deals won by each side when the rule-of-thumb team sits at ``rule_team``."""

    rule_team: str
    deals: int
    rule_wins: int
    random_wins: int
    ties: int

    @property
    def rate(self) -> float:
        return self.rule_wins / self.deals if self.deals else 0.0


@dataclass(frozen=True, slots=True)
class Results:
    speeds: list[Speed]
    strengths: list[Strength]

    @property
    def overall(self) -> float:
        deals = sum(s.deals for s in self.strengths)
        return sum(s.rule_wins for s in self.strengths) / deals if deals else 0.0


def measure_speed(label: str, pair: tuple[Player, Player], deals: int, seed: int) -> Speed:
    start = time.perf_counter()
    write_deals(simulate(deals, seed, players=pair), cast(TextIO, _Null()))
    return Speed(label, deals, time.perf_counter() - start)


def measure_strength(rule_team: str, deals: int, seed: int) -> Strength:
    rule, rand = RuleOfThumbPlayer(), RandomPlayer()
    pair = (rule, rand) if rule_team == "AC" else (rand, rule)
    rule_wins = random_wins = ties = 0
    for deal in simulate_deals(deals, seed, players=pair):
        winner = deal.result.winner
        if winner is None:
            ties += 1
        elif winner == rule_team:
            rule_wins += 1
        else:
            random_wins += 1
    return Strength(rule_team, deals, rule_wins, random_wins, ties)


def run(deals: int, seed: int) -> Results:
    speed_deals = min(deals, SPEED_DEALS)
    speeds = [
        measure_speed("random", (RandomPlayer(), RandomPlayer()), speed_deals, seed),
        measure_speed(
            "rule-of-thumb", (RuleOfThumbPlayer(), RuleOfThumbPlayer()), speed_deals, seed
        ),
    ]
    strengths = [measure_strength(team, deals, seed) for team in ("AC", "BD")]
    return Results(speeds, strengths)


def report(results: Results, out: TextIO) -> None:
    print("speed (simulate + write PMN)", file=out)
    print(f"  {'players':<16}{'deals':>8}{'seconds':>10}{'deals/s':>10}  goal", file=out)
    for s in results.speeds:
        ok = "met" if s.rate >= GOAL else "NOT met"
        print(
            f"  {s.label:<16}{s.deals:>8}{s.seconds:>10.2f}{s.rate:>10.0f}  {GOAL:.0f}: {ok}",
            file=out,
        )
    print("\nstrength (rule-of-thumb team vs random team, same seed)", file=out)
    print(
        f"  {'rule-of-thumb as':<18}{'deals':>8}{'won':>8}{'lost':>8}{'ties':>6}{'win rate':>10}",
        file=out,
    )
    for st in results.strengths:
        print(
            f"  {st.rule_team:<18}{st.deals:>8}{st.rule_wins:>8}{st.random_wins:>8}"
            f"{st.ties:>6}{st.rate:>10.1%}",
            file=out,
        )
    print(f"  {'both seatings':<18}{'':>38}{results.overall:>10.1%}", file=out)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> Results:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals per seating")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    args = parser.parse_args(argv)
    results = run(args.deals, args.seed)
    report(results, out)
    return results


if __name__ == "__main__":
    main()
