"""Reading throughput and memory of the PMN reader, measured against python-chess's PGN reader.

Run it as ``python benchmarks/bench_read.py [--deals N]``. It writes ``N`` random complete
deals (:func:`mendikot_replay.players.generate.random_deals`, every rule variant) to a temporary
``.pmn`` file and times :func:`mendikot_replay.pmn.reader.read_deals` with ``check=True``:
parsing, the full replay through the rules engine and the validation of every tag, so the
figure is what ``mendikot-replay validate`` costs a user. It then reads that file and one
of ``4N`` deals under :mod:`tracemalloc`: the reader streams, so the peak must stay flat
while the file grows fourfold (records are counted, never kept). Both files are read once
before that, so that the reader's caches (suit holdings: a bounded number) are as full for
the one as for the other; else the larger file's peak also counts the cache filling up
(x1.8 instead of x1.06 at 500 deals), which a longer stream does not repeat.

The yardstick is the PGN reader of python-chess, the library a chess programmer would reach
for: ``N`` random legal chess games of 52–80 plies (the size of a Mendikot deal's 52 cards)
are written as PGN and read back with ``chess.pgn.read_game``, which also replays and
validates every move. The project's goal is to read cards at least three times as fast as
python-chess reads plies; the benchmark prints whether the goal is met but never fails on it,
because timings depend on the machine.

Timing runs without tracemalloc (which slows allocation-heavy code several-fold) and
memory runs without timing, so neither distorts the other.

The two readers are timed in turn, one run of each then again (``--repeat``, best of three
by default), so that a busy moment of the machine slows both rather than one.

Figures on the project's 2-core machine (shared with other work: a busy moment moves a single
run by a factor of two, so repeat), 500 deals, 21,604 cards against 32,893 plies:

* The Python source: 44,000-52,000 cards/s, 1.47-1.54 times python-chess's plies/s (1.25 at
  the busiest; 1.1-1.2 before the reader and engine were tuned); peak memory 0.98-0.99 MiB
  for 500 deals, 1.07-1.08 MiB for 2,000 (x1.09-1.10 for a 4x file).
* The same modules compiled by mypyc (tried twice by hand, not built by the set-up): 75,000-
  86,000 cards/s, 2.4-2.7 times (core/seats.py compiled too: 2.4-2.6 on a busier machine).
  Still short of 3, and not landed: a fresh ``./dev.sh setup`` took 145 s with the build
  against 87 s without (budget 180 s), and mypyc 2.4's classes do not pickle (the Dask
  cluster ships records: ``TypeError: __init__() missing required argument``, and
  ``FrozenInstanceError`` for the frozen dataclasses), nor do they make a copy without
  running ``__init__`` (``Game.copy``); ``mypyc_attr(serializable=True)``, meant for that,
  leaves ``__init__`` unrun in this version.

Where the source spends its time (cProfile, 500 deals, own time): ``Game._commit`` 9%, the
reader's plain trick line 7%, ``Timeline.replay`` 4%, ``Game.__init__`` 4%,
``check_record`` 4%, ``Game._collect`` 3%, ``PlayNode.__init__`` 3%, ``Game.play`` 3%,
``parse_hand`` 3%; in all, parsing 26% and the replay with its checks 49%.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

import chess
import chess.pgn

from mendikot_replay.players.generate import random_deals
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_deals

GOAL_RATIO = 3.0
"""Cards per second ÷ plies per second the reader should reach."""

DEFAULT_DEALS = 500


@dataclass(frozen=True, slots=True)
class Corpus:
    """A file written for the benchmark and what it holds."""

    path: Path
    items: int
    """Deals or games."""
    units: int
    """Cards or plies."""
    size: int
    """Bytes."""


@dataclass(frozen=True, slots=True)
class Timing:
    items: int
    units: int
    seconds: float

    @property
    def items_per_s(self) -> float:
        return self.items / self.seconds if self.seconds else float("inf")

    @property
    def units_per_s(self) -> float:
        return self.units / self.seconds if self.seconds else float("inf")


@dataclass(frozen=True, slots=True)
class Results:
    deals: int
    pmn: Timing
    pgn: Timing
    peak_small: int
    """tracemalloc peak (bytes) reading ``deals`` deals."""
    peak_large: int
    """tracemalloc peak (bytes) reading ``4 * deals`` deals."""
    bad_deals: int
    """Deals the reader reported errors for (should be 0: every generated deal is legal)."""

    @property
    def ratio(self) -> float:
        return self.pmn.units_per_s / self.pgn.units_per_s

    @property
    def goal_met(self) -> bool:
        return self.ratio >= GOAL_RATIO


# -- corpora ----------------------------------------------------------------------------------
def _counting(records: Iterator[DealRecord], counter: list[int]) -> Iterator[DealRecord]:
    """Pass records through to the writer, counting deals and cards on the way, so the
    corpus is never held in memory."""
    for record in records:
        counter[0] += 1
        counter[1] += len(record.mainline())
        yield record


def write_pmn_corpus(path: Path, deals: int, seed: int) -> Corpus:
    counter = [0, 0]
    write_deals(_counting(random_deals(deals, seed), counter), path)
    return Corpus(path, counter[0], counter[1], path.stat().st_size)


def random_chess_game(rng: random.Random, index: int) -> chess.pgn.Game:
    """A random legal game of 52–80 plies (shorter if it ends in mate or stalemate)."""
    board = chess.Board()
    for _ in range(rng.randint(52, 80)):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    game = chess.pgn.Game.from_board(board)
    game.headers["Event"] = f"Random game {index + 1}"
    game.headers["Site"] = "bench_read"
    return game


def write_pgn_corpus(path: Path, games: int, seed: int) -> Corpus:
    rng = random.Random(seed)
    plies = 0
    with path.open("w", encoding="utf-8") as handle:
        for i in range(games):
            game = random_chess_game(rng, i)
            plies += game.end().ply()
            print(game, file=handle, end="\n\n")
    return Corpus(path, games, plies, path.stat().st_size)


# -- measurements -----------------------------------------------------------------------------
def read_pmn(path: Path) -> tuple[int, int]:
    """Read, replay and validate every deal; ``(deals, deals with errors)``. Records are
    dropped as soon as they are counted, as a validator streaming a corpus would."""
    deals = bad = 0
    for record in read_deals(path, check=True):
        deals += 1
        if record.errors:
            bad += 1
    return deals, bad


def read_pgn(path: Path) -> int:
    """Read every game with ``chess.pgn.read_game`` (which replays and validates each move);
    the number of games."""
    games = 0
    with path.open(encoding="utf-8") as handle:
        while chess.pgn.read_game(handle) is not None:
            games += 1
    return games


def best_times(runs: Sequence[Callable[[], object]], repeat: int) -> list[float]:
    """The fastest of ``repeat`` runs of each of ``runs``, taken in turn (one of each, then
    again): a busy moment of the machine then slows both readers, not one, and the best
    run of each is the least disturbed."""
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for i, run in enumerate(runs):
            gc.collect()
            start = time.perf_counter()
            run()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def peak_memory(run: Callable[[], object]) -> int:
    """Peak bytes traced by tracemalloc while ``run`` runs."""
    gc.collect()
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run_benchmark(deals: int, seed: int, workdir: Path, repeat: int = 3) -> Results:
    small = write_pmn_corpus(workdir / "small.pmn", deals, seed)
    large = write_pmn_corpus(workdir / "large.pmn", 4 * deals, seed + 1)
    games = write_pgn_corpus(workdir / "games.pgn", deals, seed)

    read, bad = read_pmn(small.path)
    if read != small.items:
        raise RuntimeError(f"the reader found {read} deals in a file of {small.items}")
    if read_pgn(games.path) != games.items:
        raise RuntimeError("python-chess did not read back every game")
    pmn_seconds, pgn_seconds = best_times(
        [lambda: read_pmn(small.path), lambda: read_pgn(games.path)], repeat
    )
    # Both files once more before the memory runs: the reader's caches (suit holdings, of
    # which there are a bounded number) then hold what either file needs, so the two peaks
    # compare what reading a deal keeps, not how far the caches filled up on the way.
    read_pmn(large.path)
    return Results(
        deals=deals,
        pmn=Timing(small.items, small.units, pmn_seconds),
        pgn=Timing(games.items, games.units, pgn_seconds),
        peak_small=peak_memory(lambda: read_pmn(small.path)),
        peak_large=peak_memory(lambda: read_pmn(large.path)),
        bad_deals=bad,
    )


# -- report -----------------------------------------------------------------------------------
def _mib(n: int) -> str:
    return f"{n / 2**20:.2f} MiB"


def print_report(results: Results, out: TextIO) -> None:
    pmn, pgn = results.pmn, results.pgn
    rows = [
        ("reader", "items", "units", "seconds", "items/s", "units/s"),
        (
            "PMN read+replay+check",
            f"{pmn.items} deals",
            f"{pmn.units} cards",
            f"{pmn.seconds:.3f}",
            f"{pmn.items_per_s:,.0f}",
            f"{pmn.units_per_s:,.0f}",
        ),
        (
            "python-chess read_game",
            f"{pgn.items} games",
            f"{pgn.units} plies",
            f"{pgn.seconds:.3f}",
            f"{pgn.items_per_s:,.0f}",
            f"{pgn.units_per_s:,.0f}",
        ),
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)), file=out)
    print(file=out)
    growth = results.peak_large / results.peak_small if results.peak_small else float("inf")
    print(
        f"peak memory (tracemalloc): {results.deals} deals {_mib(results.peak_small)}, "
        f"{4 * results.deals} deals {_mib(results.peak_large)} (x{growth:.2f} for a 4x file)",
        file=out,
    )
    if results.bad_deals:
        print(f"WARNING: {results.bad_deals} generated deals were read with errors", file=out)
    verdict = "met" if results.goal_met else "NOT met"
    print(
        f"cards/s / plies/s = {results.ratio:.2f} (goal >= {GOAL_RATIO:g}): goal {verdict}",
        file=out,
    )


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> Results:
    """Run the benchmark and print its table; returns the figures (for the test suite)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEFAULT_DEALS, help="deals (and games)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--repeat", type=int, default=3, help="timing runs of each, in turn; the best counts"
    )
    args = parser.parse_args(argv)
    out = out if out is not None else sys.stdout
    with tempfile.TemporaryDirectory(prefix="bench_read_") as tmp:
        results = run_benchmark(args.deals, args.seed, Path(tmp), args.repeat)
    print_report(results, out)
    return results


if __name__ == "__main__":
    main()
