"""``./dev.sh present [NOTEBOOK] [ARGS…]``: which notebook Voilà serves, and what it is given.

``dev.sh`` runs here in a scratch copy of the project whose set-up is already done (the
``.venv`` marker newer than ``pyproject.toml``, the compiled core newer than its source) and
whose ``.venv/bin/voila`` only prints its arguments, so no server starts and nothing is
installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (shutil.which("cc") or shutil.which("gcc"))
    or not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists(),
    reason="dev.sh would install a C compiler or Python's headers first",
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of dev.sh in a project that looks set up."""
    shutil.copy(ROOT / "dev.sh", tmp_path / "dev.sh")
    for name in ("pyproject.toml", "setup.py"):
        (tmp_path / name).write_text("# stand-in\n", encoding="utf-8")
    package = tmp_path / "mendikot_replay" / "solver"
    (package / "core").mkdir(parents=True)
    (package / "core" / "search.c").write_text("/* stand-in */\n", encoding="utf-8")
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    for name in ("01-replay.ipynb", "03-endgames.ipynb"):
        (notebooks / name).write_text("{}\n", encoding="utf-8")
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    (bin_dir / "python").symlink_to(sys.executable)
    voila = bin_dir / "voila"
    voila.write_text(
        '#!/bin/sh\necho "voila $*"\n'
        'echo "MENDIKOT_PRESENT=$MENDIKOT_PRESENT JUPYTER_PATH=$JUPYTER_PATH"\n',
        encoding="utf-8",
    )
    voila.chmod(0o755)
    # Newer than what they are built from: set-up has nothing to do.
    for path, age in (
        (tmp_path / "pyproject.toml", 100),
        (tmp_path / "setup.py", 100),
        (package / "core" / "search.c", 100),
        (tmp_path / ".venv" / ".installed", 10),
        (tmp_path / ".venv" / ".built", 10),
        (package / "_ddcore.cpython-stand-in.so", 10),
    ):
        path.touch()
        stamp = path.stat().st_mtime - age
        os.utime(path, (stamp, stamp))
    return tmp_path


def dev_sh(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # A Python 3.11+ on PATH, as on any machine dev.sh supports.
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return subprocess.run(
        ["bash", str(project / "dev.sh"), *args],
        cwd=project,
        capture_output=True,
        text=True,
        env={**os.environ, "PATH": path},
        check=False,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("args", "voila"),
    [
        ([], "voila --template=mendikot notebooks/01-replay.ipynb"),
        (
            ["--no-browser", "--port=8866"],
            "voila --template=mendikot notebooks/01-replay.ipynb --no-browser --port=8866",
        ),
        (["notebooks/03-endgames.ipynb"], "voila --template=mendikot notebooks/03-endgames.ipynb"),
        (
            ["notebooks/03-endgames.ipynb", "--no-browser"],
            "voila --template=mendikot notebooks/03-endgames.ipynb --no-browser",
        ),
    ],
)
def test_present_serves_the_notebook_named_first(
    project: Path, args: list[str], voila: str
) -> None:
    result = dev_sh(project, "present", *args)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    notebook = voila.split()[2]
    assert lines[0] == f"Serving {notebook} with Voila. Open the http://… address printed"
    assert lines[-2] == voila
    # presentation mode on, and the template that asks no other host found on the data path
    assert lines[-1] == (f"MENDIKOT_PRESENT=1 JUPYTER_PATH={project}/mendikot_replay/views/jupyter")


def test_present_refuses_a_notebook_that_is_not_there(project: Path) -> None:
    result = dev_sh(project, "present", "notebooks/99-missing.ipynb", "--no-browser")
    assert result.returncode == 2
    assert result.stdout == ""  # neither set-up nor Voila ran
    assert "error: no such notebook: notebooks/99-missing.ipynb" in result.stderr


def test_usage_names_the_notebook_argument(project: Path) -> None:
    result = dev_sh(project, "frobnicate")
    assert result.returncode == 2
    assert "present [NOTEBOOK]" in result.stderr


def test_the_header_comment_documents_present() -> None:
    header = (ROOT / "dev.sh").read_text(encoding="utf-8").split("set -euo")[0]
    assert "./dev.sh present [NOTEBOOK] [ARGS…]" in header
    assert "ends in .ipynb" in header and "notebooks/01-replay.ipynb" in header
