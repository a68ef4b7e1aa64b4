"""Where the classroom's Voila page comes from: a template that asks no other host.

Voila's own page links an icon font from a CDN; a class with no network then waits on it,
and the tool needs no icon font. The template ``mendikot`` (``jupyter/voila/templates/``
beside this module) is Voila's "lab" page without that link. Voila finds templates on the
Jupyter data path: ``./dev.sh present`` and the browser tests put :data:`JUPYTER_DATA` on
``JUPYTER_PATH`` and pass ``--template=mendikot``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

__all__ = ["JUPYTER_DATA", "TEMPLATE"]

JUPYTER_DATA: Final = Path(__file__).resolve().parent / "jupyter"
"""A Jupyter data folder holding ``voila/templates/mendikot``: for ``JUPYTER_PATH``."""

TEMPLATE: Final = "mendikot"
"""The template's name, for Voila's ``--template``."""
