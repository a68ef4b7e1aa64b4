"""Speed of the solver core as WebAssembly (the browser's solver) against the same core
built natively, in the same run.

Run it as ``python benchmarks/bench_wasm.py [--deals N] [--after T] [--seed K]``. It builds
one C program, ``tests/c/ddcore_driver.c`` over the core's plain interface
(``solver/core/ddcore.h``), twice: natively with the system's C compiler, and for
``wasm32-wasi`` with clang (both ``-O2``); the WebAssembly one runs under Node's WASI, as
a browser's engine would run it (V8). Then ``N`` random four-player deals (from ``--seed``,
Trick capture, a drawn trump) are scored at the start of the deal and before trick ``T``:
every legal card of the player to move with its exact outcome (``mr_score``), each search
starting from an empty table of 2^20 buckets, as the Python solver's. Both programs must
give the same moves and values (any difference is a bug: printed, exit status 1); each
prints the time its ``mr_score`` took (the process's start, the compile of the module and
the reading of the positions left out), and the figure is the ratio of the totals,
WebAssembly over native.

Goal (issue: the whole tool in any browser): the WebAssembly core within 2× of the native one.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from benchmark_scripts import load_script  # noqa: E402
from test_core_in_c import DRIVER, line_of  # noqa: E402
from test_core_in_wasm import NODE_OPTIONS, RUNNER  # noqa: E402

from mendikot_replay.core.rules import Rules, TrumpMethod  # noqa: E402
from mendikot_replay.players.generate import random_deal  # noqa: E402

GOAL = 2.0
"""The most the WebAssembly core may take, as a multiple of the native one's time."""


@dataclass
class Results:
    positions: int = 0
    native_ns: list[int] = field(default_factory=list)
    wasm_ns: list[int] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return sum(self.wasm_ns) / max(sum(self.native_ns), 1)


def build(work: Path) -> tuple[Path, Path]:
    """The driver, natively and as WebAssembly."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        raise SystemExit("a C compiler is needed (./dev.sh installs gcc)")
    core = ROOT / "mendikot_replay" / "solver" / "core"
    parts = [str(p) for p in sorted(core.glob("*.c")) if p.name != "module.c"]
    native = work / "ddcore_driver"
    subprocess.run(
        [compiler, "-O2", "-std=c11", f"-I{core}", str(DRIVER), *parts, "-o", str(native)],
        check=True,
    )
    wasm = work / "ddcore_driver.wasm"
    subprocess.run(load_script("build_wasm").program_command(DRIVER, wasm), check=True)
    return native, wasm


def positions(deals: int, after_trick: int, seed: int) -> list[str]:
    """The driver's lines: each deal at its start, and before trick ``after_trick``."""
    rng = random.Random(seed)
    rules = Rules(trump_method=TrumpMethod.DRAWN)
    lines = []
    for _ in range(deals):
        record = random_deal(rng, rules, tricky=False)
        line = record.mainline()
        for cards in (0, (after_trick - 1) * rules.players):
            node = line[cards - 1] if cards else None
            lines.append(line_of(record.game_at(node), "outcome"))
    return lines


def run(command: Sequence[str], lines: list[str]) -> tuple[list[str], list[int]]:
    """Each position's moves (as printed) and the nanoseconds its search took."""
    done = subprocess.run(
        [*command, "--time", "--table-bits", "20"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    moves, times = [], []
    for printed in done.stdout.splitlines():
        head, _, took = printed.rpartition(" t=")
        moves.append(head)
        times.append(int(took))
    return moves, times


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> Results:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=6, help="random deals (default 6)")
    parser.add_argument(
        "--after", type=int, default=4, metavar="T", help="also before trick T (default 4)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    node = shutil.which("node")
    if node is None:
        raise SystemExit("Node.js is needed (./dev.sh test installs it)")
    results = Results()
    with tempfile.TemporaryDirectory(prefix="bench-wasm-") as folder:
        native, wasm = build(Path(folder))
        lines = positions(args.deals, args.after, args.seed)
        native_moves, results.native_ns = run([str(native)], lines)
        wasm_moves, results.wasm_ns = run([node, *NODE_OPTIONS, str(RUNNER), str(wasm)], lines)
    results.positions = len(lines)
    for line, ours, theirs in zip(lines, native_moves, wasm_moves, strict=True):
        if ours != theirs:
            results.differences.append(f"{line}\n  native: {ours}\n  wasm:   {theirs}")
    per = [w / max(n, 1) for n, w in zip(results.native_ns, results.wasm_ns, strict=True)]
    print(
        f"{results.positions} positions ({args.deals} random deals at their start and before "
        f"trick {args.after}), every card scored, a table of 2^20 each:",
        file=out,
    )
    print(
        f"  native   {sum(results.native_ns) / 1e9:8.3f} s in mr_score\n"
        f"  wasm     {sum(results.wasm_ns) / 1e9:8.3f} s in mr_score (Node {node_version(node)})",
        file=out,
    )
    print(
        f"  ratio wasm / native: {results.ratio:.2f}  (per position: median "
        f"{statistics.median(per):.2f}, max {max(per):.2f})  goal <= {GOAL:.1f}",
        file=out,
    )
    if results.differences:
        print("DIFFERENT MOVES OR VALUES:", *results.differences, sep="\n", file=out)
    else:
        print("  the same moves and values, card for card", file=out)
    return results


def node_version(node: str) -> str:
    return subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    sys.exit(1 if main().differences else 0)
