"""Sphinx configuration of the mendikot-replay documentation.

Build it with ``./dev.sh docs`` (builds into docs/_build/html and serves it), or by hand::

    .venv/bin/python -m sphinx -W --keep-going -b html docs docs/_build/html
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS / "_ext"))  # the local extensions (docs/_ext/)
sys.path.insert(0, str(DOCS.parent))  # the package, also when it is not installed

import mendikot_replay  # noqa: E402

project = "mendikot-replay"
author = "mendikot-replay developers"
copyright = "mendikot-replay developers"
version = release = mendikot_replay.__version__

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "myst_parser",
    "imported_names",  # docs/_ext/imported_names.py: bare annotation names, resolved
    "demo_pages",  # docs/_ext/demo_pages.py: live `mendikot-replay html` pages, at build time
    "cli_help",  # docs/_ext/cli_help.py: the command line reference, from build_parser()
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**/.ipynb_checkpoints"]
templates_path: list[str] = []

# format.md and rules.md link to GitHub-style heading anchors (#3-the-trump-hukum).
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

autodoc_member_order = "bysource"
autodoc_typehints = "signature"
python_maximum_signature_line_length = 88  # longer signatures: one parameter a line
autodoc_default_options = {"members": True, "show-inheritance": True}

html_theme = "furo"
html_title = f"mendikot-replay {release}"
html_static_path: list[str] = []
