"""mendikot-replay: replay, annotate and analyse deals of Mendikot."""

from __future__ import annotations

__version__ = "0.1.0"
