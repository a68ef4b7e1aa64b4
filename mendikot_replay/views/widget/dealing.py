"""Opening a board: a deal to replay (:func:`replay`), a new deal to record
(:func:`new_deal`, or :func:`recorder` at a table: deal after deal into one file, each set
up by a form), an endgame to set up (:func:`new_position`)."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...pmn.deal_form import DealForm
from ...pmn.entry import DealEntry, EntryError
from ...pmn.record import DealRecord
from ...session.options import OPTIONS
from .viewer import Viewer

__all__ = ["new_deal", "new_position", "recorder", "replay"]


def replay(
    source: DealRecord | str | os.PathLike[str] | Any, deal: int = 1, **options: Any
) -> Viewer:
    """Open a viewer on deal ``deal`` (from 1) of a PMN file, PMN text or a record — or on
    the moment a table row stands for: ``replay(plays.iloc[0])`` opens that row's deal at
    that card (any row with ``file``, ``deal`` and ``step``, as every table has)."""
    if not isinstance(source, (DealRecord, str, os.PathLike)):
        from ..target import viewer_target

        file, deal, step = viewer_target(source)
        options.setdefault("step", step)
        source = file
    return Viewer(source, deal=deal, **options)


def new_deal(
    *,
    path: str | os.PathLike[str] | None = None,
    players: int = 4,
    deck: int | None = None,
    dealer: str = "B",
    trump_method: str = "Drawn",
    trump: str | None = None,
    trump_card: str | None = None,
    reveal: str | None = None,
    capture: str | None = None,
    variant: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
    event: str | None = None,
    site: str | None = None,
    date: str | None = None,
    scoring: str | None = None,
    **options: Any,
) -> Viewer:
    """A board to record a new deal: first the hands (click the pack's cards to the
    selected seat, which moves on when full; or ``deal(seat, hand)``, or ``paste``), then
    the play, card by card (``play``), then ``save()``, which appends the deal to ``path``
    (made if needed; the file's other deals are never touched) with its result tags.

    The keywords are the deal's tags in Python's spelling (``trump_method`` ``"Drawn"``,
    ``"FaceUp"``, ``"Closed"``, ``"Cut"`` or ``"None"``; ``variant`` the house flags, such
    as ``["must-trump", "partner-deals"]``; ``scoring`` the match register's profile;
    ``names`` by seat); ``options`` go to the :class:`Viewer`."""
    entry = DealEntry.new(
        players=players,
        deck=deck,
        dealer=dealer,
        trump_method=trump_method,
        trump=trump,
        trump_card=trump_card,
        reveal=reveal,
        capture=capture,
        variant=variant,
        names=names,
        event=event,
        site=site,
        date=date,
        scoring=scoring,
    )
    return Viewer(entry, save_to=path, **options)


def recorder(path: str | os.PathLike[str], **options: Any) -> Viewer:
    """The recorder for a table: a board that starts with the new deal's set-up as a form
    (the occasion, the date, the names, the dealer, the trump method, the players and the
    deck, each offered as the last deal of ``path`` had it, the date today), then deals
    the hands by taps, records the play card by card, and saves the deal to the end of
    ``path`` (made if needed; its other deals are never touched). After a deal, *Next
    deal* saves it and sets up the next one, the dealer moved on by the rules. ``options``
    go to the :class:`Viewer`."""
    if not isinstance(path, (str, os.PathLike)):
        raise EntryError(f"path is the file the deals go to, not {path!r:.30}")
    options.setdefault("presentation", False)  # a phone at a table, not a projector
    return Viewer(DealForm.for_file(path), save_to=path, **options)


def new_position(
    *,
    trick: int,
    tens: tuple[int, int] = (0, 0),
    tricks: tuple[int, int] | None = None,
    leader: str = "A",
    table: Sequence[str] = (),
    pile: tuple[int, Sequence[str]] | None = None,
    streak: str | None = None,
    path: str | os.PathLike[str] | None = None,
    **deal: Any,
) -> Viewer:
    """A board to set up an endgame (a ``Start`` record), as a double-dummy editor sets
    up a partial deal: trick ``trick`` under way, led by ``leader``, the tens and tricks
    taken so far (A/C first), the cards already on the table in it, and under Dehla the
    pile (``(tricks, tens in it)``) and the seat on a streak; then the hands of the cards
    left (``deal``, ``paste`` or clicks), then solve it, explore it, save it. The other
    keywords are :func:`new_deal`'s."""
    options = {k: deal.pop(k) for k in list(deal) if k in _VIEWER_OPTIONS}
    entry = DealEntry.position(
        trick=trick,
        tens=tens,
        tricks=tricks,
        leader=leader,
        table=table,
        pile=pile,
        streak=streak,
        **deal,
    )
    return Viewer(entry, save_to=path, **options)


#: The keywords of new_position that are the viewer's, not the deal's.
_VIEWER_OPTIONS: Final = frozenset({"max_tricks", "solver", "background", *OPTIONS})
