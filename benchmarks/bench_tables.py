"""Throughput of ``tables.plays_frame``: card rows per second, the corpus analysis's table.

Run it as ``python benchmarks/bench_tables.py [--deals N]``. It writes ``N`` random complete
deals (:func:`mendikot_replay.players.generate.random_deals`, every rule variant) to a temporary
``.pmn`` file, then times :func:`mendikot_replay.corpus.tables.plays_frame` two ways:

* from records already read (``read_deals`` done beforehand, untimed): the table itself,
  including :func:`~mendikot_replay.analysis.points.find_points` for its ``points`` column. Each
  run gets freshly read records, so no cache warmed by an earlier run flatters the figure.
* from the file: reading, replaying and checking every deal included, which is what a user
  pays the first time; the reader (``benchmarks/bench_read.py``) dominates it.

The goal (the issue's) is at least 100,000 plays/s into ``plays_frame`` from records; the
benchmark prints whether it is met but never fails on it, because timings depend on the
machine.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from mendikot_replay.corpus.tables import plays_frame
from mendikot_replay.players.generate import random_deals
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_deals

GOAL = 100_000
"""Plays (card rows) per second into ``plays_frame`` from read records."""

DEFAULT_DEALS = 1000


@dataclass(frozen=True, slots=True)
class Results:
    deals: int
    plays: int
    from_records: float
    """Best seconds for ``plays_frame(records)``."""
    from_file: float
    """Best seconds for ``plays_frame(path)`` (reading included)."""

    @property
    def records_rate(self) -> float:
        return self.plays / self.from_records if self.from_records else float("inf")

    @property
    def file_rate(self) -> float:
        return self.plays / self.from_file if self.from_file else float("inf")

    @property
    def goal_met(self) -> bool:
        return self.records_rate >= GOAL


def _timed(prepare: Callable[[], object], run: Callable[[object], object], repeat: int) -> float:
    """The fastest of ``repeat`` runs of ``run(prepare())``, ``prepare`` untimed."""
    best = float("inf")
    for _ in range(repeat):
        arg = prepare()
        gc.collect()
        start = time.perf_counter()
        run(arg)
        best = min(best, time.perf_counter() - start)
    return best


def run_benchmark(deals: int, seed: int, workdir: Path, repeat: int = 3) -> Results:
    path = workdir / "corpus.pmn"
    write_deals(random_deals(deals, seed), path)

    def read() -> list[DealRecord]:
        return list(read_deals(path))

    plays = len(plays_frame(read()))  # also imports pandas before any timing
    from_records = _timed(read, lambda records: plays_frame(records), repeat)  # type: ignore[arg-type]
    from_file = _timed(lambda: path, lambda p: plays_frame(p), repeat)  # type: ignore[arg-type]
    return Results(deals, plays, from_records, from_file)


def print_report(results: Results, out: TextIO) -> None:
    rows = [
        ("plays_frame from", "deals", "plays", "seconds", "plays/s"),
        (
            "records (read beforehand)",
            str(results.deals),
            str(results.plays),
            f"{results.from_records:.3f}",
            f"{results.records_rate:,.0f}",
        ),
        (
            "the file (read included)",
            str(results.deals),
            str(results.plays),
            f"{results.from_file:.3f}",
            f"{results.file_rate:,.0f}",
        ),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)), file=out)
    verdict = "met" if results.goal_met else "NOT met"
    print(
        f"plays_frame from records: {results.records_rate:,.0f} plays/s "
        f"(goal >= {GOAL:,}): goal {verdict}",
        file=out,
    )


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> Results:
    """Run the benchmark and print its table; returns the figures (for the test suite)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals in the corpus")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=3, help="timing runs; the best counts")
    args = parser.parse_args(argv)
    out = out if out is not None else sys.stdout
    with tempfile.TemporaryDirectory(prefix="bench_tables_") as tmp:
        results = run_benchmark(args.deals, args.seed, Path(tmp), args.repeat)
    print_report(results, out)
    return results


if __name__ == "__main__":
    main()
