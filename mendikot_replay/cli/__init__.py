"""The ``mendikot-replay`` command line (:func:`main`).

``main`` is here so that ``mendikot_replay.cli:main`` stays the console script.
"""

from __future__ import annotations

from .app import build_parser, main

__all__ = ["build_parser", "main"]
