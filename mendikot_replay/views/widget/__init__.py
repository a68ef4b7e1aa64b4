"""The notebook board: :class:`Viewer`, an anywidget adapter over a
:class:`~mendikot_replay.session.session.Session` (``viewer.py``), the threads that run the
session's jobs in a kernel (``driver.py``), the ways to open one (``dealing.py``), and a
*Reveal* button for an answer that waits for the teacher (``reveal.py``)."""

from ...session.chance_view import (
    QUIZ_GRADES,
    QUIZ_MARGIN,
    chance_graph_entry,
    chance_point,
    chance_right,
    quiz_odds_entry,
)
from ...session.deal_file import load_record
from ...session.options import PROJECTOR_SCALE
from ...session.requests import page_target
from .dealing import new_deal, new_position, recorder, replay
from .reveal import reveal
from .viewer import Viewer

__all__ = [
    "PROJECTOR_SCALE",
    "QUIZ_GRADES",
    "QUIZ_MARGIN",
    "Viewer",
    "chance_graph_entry",
    "chance_point",
    "chance_right",
    "load_record",
    "new_deal",
    "new_position",
    "page_target",
    "quiz_odds_entry",
    "recorder",
    "replay",
    "reveal",
]
