"""A deal as plain JSON-ready data: what ``mendikot-replay validate --json`` prints.

Other tools script against this shape (docs/json-schema.md documents every key), so it lives
in its own module rather than inside the command line: the notebook tables and any exporter
build the very same dictionaries. Keys may be added in later versions; none is ever removed
or renamed, so a script written today keeps working.

The report reads only the record and its replay timeline (``record.timeline``, made by
:func:`mendikot_replay.pmn.check.check_record`); it never drives the engine itself, so it tells
exactly the story every other view tells.
"""

from __future__ import annotations

from typing import Any

from ..analysis.points import recorded_points
from ..core.engine import TenFate
from ..core.timeline import Timeline
from ..pmn.record import DealRecord

#: Version of the report schema; bumped (minor) whenever keys are added.
SCHEMA_VERSION = "1.0"


def captured_tens(timeline: Timeline) -> list[TenFate]:
    """The tens captured during the replay, in the order the teams took them.

    The order comes from the trick ends that collected them (``PlayEvent.collected``), not
    from the fates alone, because under Dehla several tens reach a team at once and the
    order inside a pile (the order they were played) matters to a reader of the ledger.
    """
    final = timeline.final
    if final is None:
        return []
    fates = {fate.card: fate for fate in final.ten_fates if fate.where == "captured"}
    ordered: list[TenFate] = []
    for event in timeline.events:
        if event.collected is None:
            continue
        for ten in event.collected[1]:
            fate = fates.pop(ten, None)
            if fate is not None:
                ordered.append(fate)
    # Anything left (should not happen) still appears, by capture trick.
    ordered.extend(sorted(fates.values(), key=lambda f: (f.trick or 0, f.card.index)))
    return ordered


def ten_json(fate: TenFate) -> dict[str, Any]:
    """One captured ten. ``seat`` is the player whose win brought it to ``team``;
    ``played_by`` (an added key) is who played it."""
    return {
        "card": str(fate.card),
        "trick": fate.trick,
        "team": fate.team,
        "seat": fate.seat,
        "played_in": fate.played_in,
        "played_by": fate.holder,
    }


def deal_report(record: DealRecord) -> dict[str, Any]:
    """The JSON object for one deal (see docs/json-schema.md).

    A record whose tags gave no playable set-up, or whose replay stopped early, still gets
    every key: ``result`` and ``next_dealer`` are ``null`` and the lists hold what was
    replayed, so a script never has to test for missing keys.
    """
    timeline = record.timeline
    setup = record.setup
    result = timeline.result if timeline is not None else None
    final = timeline.final if timeline is not None else None
    result_json: dict[str, Any] | None = None
    if result is not None:
        result_json = result.to_json()
        result_json["tag"] = result.tag
        result_json["reason"] = result.reason
    following: str | None = None
    if result is not None and setup is not None and setup.dealer is not None:
        following = setup.rules.next_dealer(setup.dealer, result)
    trump = final.trump.suit if final is not None else None
    return {
        "deal": record.index,
        "line": record.line,
        "tags": dict(record.tags),
        "errors": [p.to_json() for p in record.errors],
        "warnings": [p.to_json() for p in record.warnings],
        "result": result_json,
        "trick_winners": list(timeline.trick_winners) if timeline is not None else [],
        "trump": trump.value if trump is not None else None,
        "tens": [ten_json(f) for f in captured_tens(timeline)] if timeline is not None else [],
        "next_dealer": following,
        "complete": result is not None,
        "position": setup is not None and setup.start is not None,
        "first_trick": (setup.start.trick if setup is not None and setup.start is not None else 1),
        "points": recorded_points(record),
    }
