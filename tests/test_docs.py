"""The documentation site builds with warnings as errors, and has its main pages.

One Sphinx build (``-W --keep-going``, as ``./dev.sh docs`` runs it) into a temporary
directory, shared by the tests below; a few seconds.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

import pytest

import mendikot_replay
from mendikot_replay.cli.app import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
TUTORIALS = [
    "record-a-deal",
    "replay-in-class",
    "analyse-an-endgame",
    "what-could-they-know",
    "study-a-corpus",
]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("docs") / "html"
    result = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", DOCS, out],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=240,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def text_of(page: Path) -> str:
    """A page's text without its tags (so that ``read_deals`` split by markup still counts)."""
    return re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8"))


def test_the_main_pages_are_built(site: Path) -> None:
    pages = ["index", "getting-started", "format", "rules", "cli", "api", "architecture"]
    pages += ["json-schema", *(f"tutorials/{name}" for name in TUTORIALS)]
    missing = [page for page in pages if not (site / f"{page}.html").is_file()]
    assert not missing, f"pages not built: {missing}"
    index = (site / "index.html").read_text(encoding="utf-8")
    for page in pages[1:]:
        assert f'href="{page}.html' in index, f"{page} is not in the index's table of contents"


def test_the_cli_page_has_every_subcommand(site: Path) -> None:
    text = text_of(site / "cli.html")
    parser = build_parser()
    [commands] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert commands.choices, "build_parser() has no subcommands"
    for name, sub in commands.choices.items():
        assert name in text, f"{name} is not on the CLI page"
        # its own help, from the parser, not only the name in the main help
        assert f"usage: {sub.prog}" in text, f"{sub.prog} has no help on the CLI page"


def test_the_api_page_documents_the_public_face(site: Path) -> None:
    page = site / "api.html"
    text = text_of(page)
    assert "mendikot_replay.pmn.reader.read_deals" in text
    for name in mendikot_replay.__all__:
        assert f"mr.{name}" in text, f"mr.{name} is missing from the API page's public face"
    assert 'id="mendikot_replay.solver.search.solve"' in page.read_text(encoding="utf-8")


def test_the_live_pages_are_written_into_the_build(site: Path) -> None:
    for name in ("worked-example", "endgames"):
        page = site / "_demo" / f"{name}.html"
        assert page.is_file() and "data-mr-payload" in page.read_text(encoding="utf-8")
    assert not (DOCS / "_demo").exists(), "the live pages belong in the build, not in docs/"
