"""The command line without the package's extras: a plain ``pip install`` brings no
third-party package, so every command that reads, checks, writes or solves deals must run
without them, a progress bar only shows when tqdm is there, and a command that does need an
extra says in one line which one to install.

A missing module is simulated two ways: ``sys.modules[name] = None`` (``import name`` then
raises ImportError) for the in-process tests, and a child interpreter whose import system
refuses every optional package, for the whole commands as a user runs them.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import mendikot_replay.cli.common as cli
from mendikot_replay.cli import main
from mendikot_replay.cli.common import EXTRAS, need, optional, progress_bar, with_progress

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
EXAMPLE = SAMPLES / "worked-example.pmn"
ENDGAMES = SAMPLES / "endgame-cover-or-duck.pmn"
TABLES_LINE = "this command needs pandas and pyarrow: pip install 'mendikot-replay[tables]'"
DASK_LINE = "this command needs dask and distributed: pip install 'mendikot-replay[dask]'"

#: Everything the extras bring, and what they pull in (numpy comes with pandas and
#: matplotlib, traitlets and IPython with the widgets).
OPTIONAL = (
    "pandas",
    "pyarrow",
    "tqdm",
    "matplotlib",
    "anywidget",
    "ipywidgets",
    "traitlets",
    "IPython",
    "numpy",
    "dask",
    "distributed",
)


class Terminal(io.StringIO):
    """Standard error as a terminal, where a progress bar would show."""

    def isatty(self) -> bool:
        return True


def test_extras_agree_with_pyproject() -> None:
    """The one table of which extra brings which module is the packaging's truth."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"]
    for module, extra in EXTRAS.items():
        # a module may come as an extra of a requirement: dask[distributed]
        brings = [
            req.split(">")[0].replace("[", ",").rstrip("]").split(",") for req in extras[extra]
        ]
        assert any(module in names for names in brings), (module, extra)
    assert not any(
        req.split(">")[0].split("=")[0] in EXTRAS for req in project.get("dependencies", [])
    )


def test_need_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    need("json")  # there: nothing happens
    monkeypatch.setitem(sys.modules, "pyarrow", None)
    with pytest.raises(cli.UsageError) as exc:
        need("pandas", "pyarrow")
    assert str(exc.value) == TABLES_LINE
    with pytest.raises(cli.UsageError, match=r"needs matplotlib: .*\[plots\]'$"):
        monkeypatch.setitem(sys.modules, "matplotlib", None)
        need("matplotlib")
    assert optional("pyarrow") is None and optional("json") is not None


@pytest.mark.parametrize("module", ["pandas", "pyarrow"])
@pytest.mark.parametrize("command", ["stats", "export"])
def test_stats_and_export_without_the_tables_extra(
    command: str, module: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, module, None)
    args = [command, str(EXAMPLE)] + (["--parquet", "out"] if command == "export" else [])
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"mendikot-replay {command}: error: {TABLES_LINE}\n")


def test_a_progress_bar_without_tqdm_shows_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    terminal = Terminal()
    bar = progress_bar(terminal, unit="deal")
    bar.update(1)
    bar.set_postfix_str("deal 1")
    bar.clear()
    bar.close()
    assert list(with_progress(iter([1, 2, 3]), terminal, total=3)) == [1, 2, 3]
    assert terminal.getvalue() == ""


def test_a_progress_bar_with_tqdm_only_on_a_terminal() -> None:
    tqdm = pytest.importorskip("tqdm")
    terminal = Terminal()
    bar = progress_bar(terminal, unit="deal")
    assert isinstance(bar, tqdm.tqdm)
    bar.close()
    assert not isinstance(progress_bar(terminal, quiet=True), tqdm.tqdm)
    assert not isinstance(progress_bar(io.StringIO()), tqdm.tqdm)
    assert list(with_progress(range(3), terminal, total=3, unit="deal")) == [0, 1, 2]
    assert "3/3" in terminal.getvalue()


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "--deals", "2", "-o", "OUT"],
        ["analyse", "--max-tricks", "1", str(EXAMPLE)],
        ["annotate", "--dd", "--max-tricks", "1", str(EXAMPLE), "-o", "OUT"],
    ],
    ids=["simulate", "analyse", "annotate-dd"],
)
def test_commands_with_a_bar_run_on_a_terminal_without_tqdm(
    args: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    args = [str(tmp_path / "out.pmn") if a == "OUT" else a for a in args]
    assert main(args) == 0, terminal.getvalue()
    assert "Traceback" not in terminal.getvalue()


# -- in a child interpreter that has none of the optional packages -----------------------------

BLOCKED_RUN = """
import importlib.abc, sys

BLOCKED = set(sys.argv[1].split(","))


class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, Refuse())
from mendikot_replay.cli.app import main

status = main(sys.argv[2:])
loaded = sorted(BLOCKED & {name.partition(".")[0] for name in sys.modules})
assert not loaded, loaded
sys.exit(status)
"""


def run_without_extras(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN, ",".join(OPTIONAL), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=300,
    )


@pytest.mark.parametrize(
    ("args", "prints"),
    [
        (["validate", str(EXAMPLE)], "1 deal, 0 with errors, 0 warnings"),
        (["show", "--no-color", str(EXAMPLE)], "Thursday club"),
        (["format", "--check", str(EXAMPLE)], ""),
        (["annotate", str(EXAMPLE)], "[%point "),
        (["html", str(EXAMPLE), "-o", "page.html"], ""),
        (["solve", str(ENDGAMES), "--after", "0"], "deal 1 after 0 cards: C to play; AC win"),
        (["solve", str(ENDGAMES), "--deal", "1", "--trick", "10"], "K♠: AC win"),
        (["analyse", "--max-tricks", "3", str(EXAMPLE)], "12 cards from trick 11 analysed"),
        (["simulate", "--deals", "1", "-o", "-"], "[Result "),
    ],
    ids=lambda value: value[0] if isinstance(value, list) else None,
)
def test_the_commands_run_without_any_extra(args: list[str], prints: str, tmp_path: Path) -> None:
    result = run_without_extras(*args, cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert prints in result.stdout
    if "html" in args:
        assert (tmp_path / "page.html").stat().st_size > 0


@pytest.mark.parametrize("module", ["dask", "distributed"])
@pytest.mark.parametrize("command", ["analyse", "annotate", "validate", "stats", "export"])
def test_a_cluster_without_the_dask_extra(
    command: str, module: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--workers without Dask: one line naming the extra, exit 2, nothing done; without
    --workers the command runs as ever (the tests above)."""
    monkeypatch.setitem(sys.modules, module, None)
    args = [command, str(EXAMPLE), "--workers", "2"]
    args += {"export": ["--parquet", "out"], "analyse": ["--max-tricks", "1"]}.get(command, [])
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", f"mendikot-replay {command}: error: {DASK_LINE}\n")


def test_a_scheduler_without_any_extra(tmp_path: Path) -> None:
    result = run_without_extras(
        "validate", str(EXAMPLE), "--scheduler", "tcp://127.0.0.1:1", cwd=tmp_path
    )
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"mendikot-replay validate: error: {DASK_LINE}\n"


@pytest.mark.parametrize("command", ["stats", "export"])
def test_stats_and_export_name_their_extra_without_it(command: str, tmp_path: Path) -> None:
    args = [command, str(EXAMPLE)] + (["--parquet", "out"] if command == "export" else [])
    result = run_without_extras(*args, cwd=tmp_path)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"mendikot-replay {command}: error: {TABLES_LINE}\n"
    assert not (tmp_path / "out").exists()
