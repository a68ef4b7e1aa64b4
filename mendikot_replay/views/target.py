"""Where a viewer opens to show the moment a table row stands for.

The tables (:mod:`mendikot_replay.corpus.tables`) and the viewer share three ids — the
file, the deal and the step — rather than a row type, so the viewer needs no pandas and a
row of any table (or of a saved Parquet file) leads back to its card.
"""

from __future__ import annotations

from typing import Any


def viewer_target(row: Any) -> tuple[str, int, int]:
    """``(file, deal, step)`` of a table row (a pandas ``Series``, a namedtuple from
    ``itertuples`` or a dict): where the viewer opens to show that row's moment,
    ``replay(file, deal, step=step)``. A deal-level row (no ``step``) opens at the start.

    The tables and the viewer share these three ids rather than a row type, so the viewer
    needs no pandas and a row from any table (or a saved Parquet file) leads back.
    """
    if isinstance(row, dict):
        file, deal, step = row.get("file"), row.get("deal"), row.get("step")
    else:
        file, deal, step = (getattr(row, key, None) for key in ("file", "deal", "step"))
    if not file or deal is None:
        raise ValueError("the row has no file (it was built from records in memory)")
    step_value = 0 if step is None or step != step else int(step)  # NaN: no card
    return str(file), int(deal), step_value


__all__ = ["viewer_target"]
