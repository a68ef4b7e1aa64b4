"""Live examples for the HTML pages: ``mendikot-replay html`` pages made at build time.

Each page of :data:`PAGES` is written by the command line itself into ``_demo/`` of the
HTML output (never into the source tree), so the tutorials can embed the real
self-contained viewer in an ``<iframe>``. Nothing is written for other builders.
"""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

REPO = Path(__file__).resolve().parents[2]

#: Output name (under ``_demo/``) → the command's arguments after ``html FILE``.
PAGES: dict[str, tuple[str, list[str]]] = {
    "worked-example.html": ("sample_games/worked-example.pmn", ["--title", "The worked example"]),
    "endgames.html": (
        "sample_games/endgame-cover-or-duck.pmn",
        ["--analyse", "--title", "Endgames: which card wins?"],
    ),
}


def write_pages(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    from mendikot_replay.cli.app import main

    out = Path(app.outdir) / "_demo"
    out.mkdir(exist_ok=True)
    for name, (source, options) in PAGES.items():
        said = io.StringIO()
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            status = main(["html", str(REPO / source), "-o", str(out / name), *options])
        if status != 0:
            raise ExtensionError(f"mendikot-replay html {source} failed: {said.getvalue()}")


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("build-finished", write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
