"""The package in the browser's Python, with the solver core as WebAssembly: Pyodide (from
the npm registry, as the static site will ship it) runs under Node with the package's own
folder mounted, and the core's reactor module (``scripts/build_wasm.py``) loaded as a page's
worker loads it (``tests/pyodide/run.mjs``).

- There the solver takes the WebAssembly core in place of the compiled module
  (``solver/wasm_core.py``), and it scores every legal card of every sample endgame (each
  objective) and of three whole deals as the compiled module does here, card for card.
- The whole path works: a record read from PMN, a deal solved, a Session's requests.
- Without the module loaded the package still runs there, on the pure-Python search.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from benchmark_scripts import load_script
from test_core_in_c import endgames

from mendikot_replay.core.engine import Game
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.solver.search import (
    _OBJECTIVE_CODE,
    CoreLink,
    core_signature,
    core_state,
    solve,
)

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
WHOLE_DEALS = ("worked-example", "drawn-trump", "closed-trump-version-b")

build_core = load_script("build_wasm").build_core


@pytest.fixture(scope="module")
def core_wasm(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built: Path = build_core(tmp_path_factory.mktemp("wasm") / "ddcore.wasm")
    return built


def in_pyodide(
    script: str, given: Any, core: Path | None, tmp_path: Path, package: Path | None = None
) -> Any:
    node = shutil.which("node")
    assert node is not None, "Node.js is needed (./dev.sh test installs it)"
    assert (ROOT / "node_modules" / "pyodide").is_dir(), "Pyodide: ./dev.sh test runs npm ci"
    path = tmp_path / "script.py"
    path.write_text(script, encoding="utf-8")
    command = [node, "--no-warnings", str(RUNNER), str(path), *([str(core)] if core else [])]
    env = {**os.environ, **({"MENDIKOT_PACKAGE": str(package)} if package else {})}
    run = subprocess.run(
        command,
        input=json.dumps(given),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
        env=env,
    )
    # Pyodide prints its own source with an error: the Python traceback is what says why
    said = [line for line in run.stderr.splitlines() if len(line) < 400]
    assert run.returncode == 0, "\n".join(said[-40:])
    return json.loads(run.stdout.splitlines()[-1])


def case(game: Game, objective: str) -> dict[str, Any]:
    state = core_state(game)
    assert state is not None
    link = CoreLink(game, objective)  # type: ignore[arg-type]
    players, total, dehla, must, split, streak, closed, tie = core_signature(game)
    return {
        "rules": [
            players,
            total,
            dehla,
            must,
            _OBJECTIVE_CODE[objective],
            split,
            streak,
            closed,
            tie,
        ],
        "state": state,
        "moves": [list(m) for m in link.core.score(state)],
    }


SCORE_EVERY_CASE = """
from mendikot_replay.solver import search, wasm_core
assert search._ddcore is wasm_core and search.COMPILED, "the WebAssembly core was not taken"
cores = {}
wrong = []
for i, case in enumerate(given):
    rules = tuple(case["rules"])
    if rules not in cores:  # a small table each: a browser's memory is the page's
        if len(cores) == 16:  # (the WebAssembly core keeps 32 at once: give the others back)
            cores.clear()
        # the house rules: a 2-2 split's side, a Dehla run, the closed trump's, tied tricks
        *made, split, streak, closed, tie = rules
        cores[rules] = wasm_core.Core(
            *made, table_bits=16, split=split, streak=streak, closed=closed, tie=tie
        )
    core = cores[rules]
    state = case["state"]
    hidden = state[10]
    state[10] = tuple(hidden) if hidden is not None else None
    got = [list(m) for m in core.score(tuple(state))]
    if got != case["moves"]:
        wrong.append([i, got, case["moves"]])
answer = {"cases": len(given), "wrong": wrong[:5]}
"""


def test_in_pyodide_the_webassembly_core_scores_as_the_compiled_one(
    core_wasm: Path, tmp_path: Path
) -> None:
    cases = [
        case(game, objective) for objective in ("outcome", "tens", "tricks") for game in endgames()
    ]
    for name in WHOLE_DEALS:
        record = next(iter(read_deals(ROOT / "sample_games" / f"{name}.pmn")))
        cases.append(case(record.game_at(None), "outcome"))
    answer = in_pyodide(SCORE_EVERY_CASE, cases, core_wasm, tmp_path)
    assert answer == {"cases": len(cases), "wrong": []}


SOLVE_AND_SESSION = """
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.session import Session
from mendikot_replay.solver.search import COMPILED, solve

(record,) = read_deals("/samples/worked-example.pmn")
solution = solve(record.game_at(record.mainline()[given["after"] - 1]))
session = Session("/samples/endgame-cover-or-duck.pmn", chance_threads=1, analyse=True)
while session.work("analysis"):
    pass
answer = {
    "compiled": COMPILED,
    "value": solution.value,
    "cards": {str(card): value for card, value in solution.cards.items()},
    "analysed": sorted(session.state["analysis"]),
}
"""


@pytest.mark.parametrize("with_core", [True, False])
def test_in_pyodide_a_deal_is_read_solved_and_analysed(
    core_wasm: Path, tmp_path: Path, with_core: bool
) -> None:
    (record,) = read_deals(ROOT / "sample_games" / "worked-example.pmn")
    after = 40  # three tricks left: the pure-Python search solves it too
    expected = solve(record.game_at(record.mainline()[after - 1]))
    answer = in_pyodide(
        SOLVE_AND_SESSION, {"after": after}, core_wasm if with_core else None, tmp_path
    )
    assert answer["compiled"] is with_core
    assert answer["value"] == expected.value
    assert answer["cards"] == {str(card): value for card, value in expected.cards.items()}
    assert answer["analysed"]  # the session's jobs ran, stepped with no thread


def test_the_package_loads_its_own_copy_of_the_core_where_no_page_gave_one(
    core_wasm: Path, tmp_path: Path
) -> None:
    """JupyterLite's kernel runs in a worker of its own: the browser's wheel of the package
    carries the core (solver/ddcore.wasm), and the package instantiates it itself."""
    package = tmp_path / "mendikot_replay"
    shutil.copytree(
        ROOT / "mendikot_replay", package, ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    shutil.copy2(core_wasm, package / "solver" / "ddcore.wasm")
    (record,) = read_deals(ROOT / "sample_games" / "worked-example.pmn")
    after = 16  # nine tricks left: beyond the pure-Python search's five, so the core's work
    expected = solve(record.game_at(record.mainline()[after - 1]))
    answer = in_pyodide(SOLVE_AND_SESSION, {"after": after}, None, tmp_path, package)
    assert answer["compiled"] is True
    assert answer["value"] == expected.value
    assert answer["cards"] == {str(card): value for card, value in expected.cards.items()}
