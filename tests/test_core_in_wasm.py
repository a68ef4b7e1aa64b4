"""The solver core as WebAssembly, as the browser will run it: the same C driver as
``test_core_in_c.py`` (``tests/c/ddcore_driver.c`` over ``solver/core/ddcore.h``), compiled
by clang for ``wasm32-wasi`` (Debian's clang, lld, wasi-libc and compiler-rt for wasm32,
which ``./dev.sh test`` installs) and run by Node's WASI, gives every move of every sample
endgame, for each objective, and of three whole deals, the same value as the compiled
module does — card for card."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from benchmark_scripts import load_script
from test_core_in_c import DRIVER, endgames, line_of

from mendikot_replay.core.engine import Game
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.solver.search import CoreLink, core_state

ROOT = Path(__file__).resolve().parent.parent
program_command = load_script("build_wasm").program_command

RUNNER = ROOT / "tests" / "c" / "run_wasi.mjs"
NODE_OPTIONS = ("--no-warnings", "--single-threaded")
"""Node's options for ``run_wasi.mjs``. ``--single-threaded``: Node 20's V8, compiling on
its background threads while the program runs, crashed the process (SIGSEGV, after the
program's output) in about one run of seventy with the table of 2^20 buckets: measured 4 of
300 runs without the option, 0 of 300 with it."""
WHOLE_DEALS = ("worked-example", "drawn-trump", "closed-trump-version-b")


@pytest.fixture(scope="module")
def wasm_driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wasm") / "ddcore_driver.wasm"
    built = subprocess.run(
        program_command(DRIVER, out), capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stderr
    assert out.read_bytes()[:4] == b"\0asm"
    return out


def run_wasm(program: Path, lines: list[str]) -> list[str]:
    """The program's output lines for ``lines`` of input. Its input and output are files,
    not pipes: Node's WASI reads and writes them with non-blocking calls, which a pipe
    answers with EAGAIN on a busy machine (the writer or the reader late): the program took
    that for the end of its input and 50 positions were never scored."""
    node = shutil.which("node")
    assert node is not None, "Node.js is needed (./dev.sh test installs it)"
    with (
        tempfile.TemporaryFile(mode="w+", encoding="utf-8") as given,
        tempfile.TemporaryFile(mode="w+", encoding="utf-8") as out,
    ):
        given.write("\n".join(lines) + "\n")
        given.seek(0)
        run = subprocess.run(
            [node, *NODE_OPTIONS, str(RUNNER), str(program)],
            stdin=given,
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        out.seek(0)
        return out.read().splitlines()


def module_moves(game: Game, objective: str) -> list[tuple[int, ...]]:
    link = CoreLink(game, objective)  # type: ignore[arg-type]
    return [tuple(m) for m in link.core.score(core_state(game))]  # type: ignore[arg-type]


def printed_moves(printed: str) -> list[tuple[int, ...]]:
    numbers = [int(x) for x in printed.split()]
    return [tuple(numbers[i : i + 4]) for i in range(0, len(numbers), 4)]


@pytest.mark.parametrize("objective", ["outcome", "tens", "tricks"])
def test_webassembly_scores_the_endgames_as_the_module_does(
    wasm_driver: Path, objective: str
) -> None:
    games = endgames()
    assert len(games) > 100
    got = run_wasm(wasm_driver, [line_of(game, objective) for game in games])
    assert len(got) == len(games)
    for game, printed in zip(games, got, strict=True):
        assert printed_moves(printed) == module_moves(game, objective), printed


def test_webassembly_scores_whole_deals_as_the_module_does(wasm_driver: Path) -> None:
    games = []
    for name in WHOLE_DEALS:
        record = next(iter(read_deals(ROOT / "sample_games" / f"{name}.pmn")))
        game = record.game_at(None)  # the first card of the deal: every card in the hands
        assert core_state(game) is not None
        games.append(game)
    got = run_wasm(wasm_driver, [line_of(game, "outcome") for game in games])
    for game, printed in zip(games, got, strict=True):
        assert printed_moves(printed) == module_moves(game, "outcome"), printed
        assert len(printed_moves(printed)) > 1
