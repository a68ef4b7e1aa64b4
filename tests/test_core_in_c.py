"""The solver core builds and runs without Python: a small C program over its plain
interface (``solver/core/ddcore.h``), compiled here with the system's compiler and no
Python headers, scores the endgames of every sample deal as the Python module does.

The module (``core/module.c``) is the only part of the core that knows Python; the others
must compile with nothing but the C library, and give the same moves and values through
``mr_score`` as ``Core.score`` gives through the module, for every objective.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mendikot_replay.core.engine import Game
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.solver.flat import flat_state
from mendikot_replay.solver.search import (
    _OBJECTIVE_CODE,
    COMPILED,
    CoreLink,
    core_signature,
    core_state,
)

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "mendikot_replay" / "solver" / "core"
DRIVER = ROOT / "tests" / "c" / "ddcore_driver.c"
MOST_TRICKS_LEFT = 4  # the endgames: quick to score, and every sample deal has them


def test_the_module_is_built() -> None:
    assert COMPILED, "the compiled core did not build: ./dev.sh setup builds it"


def test_only_the_module_knows_python() -> None:
    for source in sorted(CORE.glob("*.[ch]")):
        includes = re.findall(r'#include\s*[<"]([^>"]+)[>"]', source.read_text())
        assert ("Python.h" in includes) == (source.name == "module.c"), source.name


def test_the_interface_names_are_its_own() -> None:
    """Every name ddcore.h gives a program that includes it (its macros, enum members,
    types and functions) starts with mr_ or MR_: it cannot clash with the program's own."""
    header = re.sub(r"/\*.*?\*/", "", (CORE / "ddcore.h").read_text(), flags=re.S)
    names = set(re.findall(r"#define\s+(\w+)", header))
    for body in re.findall(r"enum\s*\{([^}]*)\}", header):
        names |= {item.split("=")[0].strip() for item in body.split(",") if item.strip()}
    names |= set(re.findall(r"(?:struct|union)\s+(\w+)", header))
    names |= set(re.findall(r"\}\s*(\w+)\s*;", header))  # typedef'd structs
    names |= set(re.findall(r"typedef\s+[\w\s]+?\s(\w+)\s*;", header))
    names |= set(re.findall(r"^\s*[\w\s\*]+?\b(\w+)\s*\([^;]*\)\s*;", header, re.M))
    names.discard("MENDIKOT_DDCORE_H")  # the include guard
    assert names and "mr_search" in names and "MR_MAX_PLAYERS" in names
    assert sorted(n for n in names if not n.lower().startswith("mr_")) == []


@pytest.fixture(scope="module")
def driver(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The C program, built from the core's plain parts alone (no module.c, no Python)."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler is not None, "a C compiler is needed (./dev.sh installs gcc)"
    out = tmp_path_factory.mktemp("driver") / "ddcore_driver"
    sources = [str(p) for p in sorted(CORE.glob("*.c")) if p.name != "module.c"]
    command = [compiler, "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror"]
    command += ["-Wno-unused-parameter", f"-I{CORE}", str(DRIVER), *sources, "-o", str(out)]
    built = subprocess.run(command, capture_output=True, text=True, check=False)
    assert built.returncode == 0, built.stderr
    return out


def endgames() -> list[Game]:
    """Every position of every sample deal's main line with at most four tricks left whose
    hands are all known (what the core searches)."""
    games = []
    for path in sorted((ROOT / "sample_games").glob("*.pmn")):
        for record in read_deals(path):
            if record.errors or record.setup is None:
                continue
            for node in [None, *record.mainline()]:
                game = record.game_at(node)
                if game.to_play is None or core_state(game) is None:
                    continue
                left = game.total_tricks - game.trick + 1
                if left <= MOST_TRICKS_LEFT:
                    games.append(game)
    return games


def line_of(game: Game, objective: str) -> str:
    """A position as the driver reads it: the rules, then the position laid out flat (see
    tests/c/ddcore_driver.c and solver/core/flat.h)."""
    state = core_state(game)
    assert state is not None
    players, total, dehla, must, split, streak, closed, tie = core_signature(game)
    head = [players, total, int(dehla), int(must), _OBJECTIVE_CODE[objective], split, int(streak)]
    head += [closed, int(tie)]
    return " ".join(str(int(x)) for x in [*head, *flat_state(state)])


@pytest.mark.parametrize("objective", ["outcome", "tens", "tricks"])
def test_the_c_program_scores_the_endgames_as_the_module_does(driver: Path, objective: str) -> None:
    games = endgames()
    assert len(games) > 100
    lines = [line_of(game, objective) for game in games]
    run = subprocess.run(
        [str(driver)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    got = run.stdout.splitlines()
    assert len(got) == len(games)
    for game, line, printed in zip(games, lines, got, strict=True):
        link = CoreLink(game, objective)  # type: ignore[arg-type]
        expected = link.core.score(core_state(game))  # type: ignore[arg-type]
        numbers = [int(x) for x in printed.split()]
        moves = [tuple(numbers[i : i + 4]) for i in range(0, len(numbers), 4)]
        assert moves == [tuple(m) for m in expected], (line, printed)
