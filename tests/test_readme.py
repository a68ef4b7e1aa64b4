"""The README is the first thing a user runs: its commands and examples must work, and so
must the examples of the command line's page it points to."""

from __future__ import annotations

import re
import runpy
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
CLI_PAGE = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
"""The command line's page on the site: its examples, which the README points to, run too."""


def test_the_two_commands_are_the_first_block_and_exist() -> None:
    first_block = re.search(r"```sh\n(.*?)```", README, re.S)
    assert first_block is not None
    commands = [line.split("#")[0].strip() for line in first_block.group(1).splitlines()]
    assert commands == ["./dev.sh demo", "./dev.sh test"]
    script = (ROOT / "dev.sh").read_text(encoding="utf-8")
    assert "    demo)" in script and "    test)" in script
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().endswith("./dev.sh test")


def test_the_python_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    [example] = re.findall(r"```python\n(.*?)```", README, re.S)
    script = tmp_path / "example.py"
    script.write_text(example, encoding="utf-8")
    monkeypatch.chdir(ROOT)
    runpy.run_path(str(script))
    out = capsys.readouterr().out
    assert "win" in out  # every deal of the sample match has a result


@pytest.mark.parametrize(
    "line",
    [
        line
        for text in (README, CLI_PAGE)
        for line in text.splitlines()
        if line.startswith("mendikot-replay ")
    ],
)
def test_the_command_line_examples_run(line: str, tmp_path: Path) -> None:
    """Each example, run as written in a folder with the sample games and a log of the
    user's own (``my-games.pmn``, here a copy of the sample match)."""
    shutil.copytree(ROOT / "sample_games", tmp_path / "sample_games")
    shutil.copy(ROOT / "sample_games" / "match-thursday-club.pmn", tmp_path / "my-games.pmn")
    args = line.split("#")[0].split()[1:]
    args = [str(p) for a in args for p in (sorted(tmp_path.glob(a)) if "*" in a else [a])]
    result = subprocess.run(
        [sys.executable, "-m", "mendikot_replay", *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    if "-o" in args or "--parquet" in args:
        written = tmp_path / args[args.index("-o" if "-o" in args else "--parquet") + 1]
        assert written.exists() and (written.is_dir() or written.stat().st_size > 0)
    elif "--in-place" not in args and args[0] != "format":
        assert result.stdout  # a command that prints must print something
