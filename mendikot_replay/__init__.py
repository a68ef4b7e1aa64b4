"""mendikot-replay: record, replay, annotate and analyse deals of Mendikot.

The public face, for ``import mendikot_replay as mr``:

>>> import mendikot_replay as mr
>>> deal = mr.read_string('''[Dealer "D"]
... [TrumpMethod "None"]
... [Start "trick 13; tens 2-1; tricks 6-6"]
... [Hands "A:T... B:A... C:.2.. D:..2."]
... [Play "A"]
... 13. A: TS AS 2H 2D''')[0]
>>> deal.timeline.result.tag, deal.timeline.ten("TS").seat
('BD win', 'B')

The bare import stays light — no pandas, no widget library: the names that need one
(``replay``, ``Viewer``) are loaded when first used (PEP 562), as python-chess loads its
SVG only when a board is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

from .analysis import AnalysisError, analyse
from .annotate import annotate
from .cards import Card, Suit
from .check import check_record
from .editing import EditError
from .engine import DealSetup, Game, IllegalPlay, SetupError
from .errors import FileChangedError, MendikotError, SaveError
from .pmn_reader import read_deals, read_string
from .pmn_writer import write_deals
from .record import DealRecord, PMNError
from .rules import Rules
from .seats import Seat
from .solver import Solver, solve
from .timeline import Timeline

if TYPE_CHECKING:
    from .viewer import Viewer, replay

#: The names loaded on first use, and the module each comes from.
_LAZY = {"Viewer": "viewer", "replay": "viewer"}

__all__ = [
    "AnalysisError",
    "Card",
    "DealRecord",
    "DealSetup",
    "EditError",
    "FileChangedError",
    "Game",
    "IllegalPlay",
    "MendikotError",
    "PMNError",
    "Rules",
    "SaveError",
    "Seat",
    "SetupError",
    "Solver",
    "Suit",
    "Timeline",
    "Viewer",
    "__version__",
    "analyse",
    "annotate",
    "check_record",
    "read_deals",
    "read_string",
    "replay",
    "solve",
    "write_deals",
]


def __getattr__(name: str) -> Any:
    """Load a widget name on first use (``mr.replay``), so that the bare import stays
    light; the widget library is needed only then (``pip install 'mendikot-replay[notebook]'``)."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mendikot_replay' has no attribute {name!r}")
    from importlib import import_module

    try:
        value = getattr(import_module(f".{module}", __name__), name)
    except ImportError as exc:
        raise ImportError(
            f"mendikot_replay.{name} needs the notebook extra ({exc.name} is missing): "
            "pip install 'mendikot-replay[notebook]'"
        ) from exc
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
