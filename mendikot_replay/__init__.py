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

from .analysis.chances import deal_chances
from .analysis.double_dummy import AnalysisError, analyse
from .analysis.odds import odds
from .analysis.points import annotate
from .core.cards import Card, Suit
from .core.deal_setup import DealSetup, SetupError
from .core.engine import Game, IllegalPlay
from .core.rules import Rules
from .core.seats import Seat
from .core.timeline import Timeline
from .errors import FileChangedError, MendikotError, SaveError
from .pmn.check import check_record
from .pmn.editing import EditError
from .pmn.entry import EntryError
from .pmn.reader import read_deals, read_string
from .pmn.record import DealRecord, PMNError
from .pmn.writer import write_deals
from .solver.search import Solver, solve

if TYPE_CHECKING:
    from .views.widget import Viewer, new_deal, new_position, recorder, replay, reveal

#: The names loaded on first use, and the module each comes from.
_LAZY = {
    "Viewer": "views.widget",
    "replay": "views.widget",
    "new_deal": "views.widget",
    "new_position": "views.widget",
    "reveal": "views.widget",
    "recorder": "views.widget",
}

__all__ = [
    "AnalysisError",
    "Card",
    "DealRecord",
    "DealSetup",
    "EditError",
    "EntryError",
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
    "corpus",
    "deal_chances",
    "new_deal",
    "new_position",
    "odds",
    "read_deals",
    "read_string",
    "recorder",
    "replay",
    "reveal",
    "solve",
    "write_deals",
]


#: Sub-packages reached as attributes, loaded on first use: ``mr.corpus.map_deals`` (the
#: collections: tables, Parquet, and a Dask cluster's work, whose library loads only then).
_SUBPACKAGES = ("corpus",)


def __getattr__(name: str) -> Any:
    """Load a widget name on first use (``mr.replay``), so that the bare import stays
    light; the widget library is needed only then (``pip install 'mendikot-replay[notebook]'``)."""
    from importlib import import_module

    if name in _SUBPACKAGES:
        return import_module(f".{name}", __name__)
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mendikot_replay' has no attribute {name!r}")

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
