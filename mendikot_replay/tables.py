"""pandas tables of deals, tricks, cards, tens and strategy points, for analysing collections.

Every table is built from the same replay timelines the viewer steps through, and every row
carries ``file``, ``deal`` (1-based index in its file) and, for card-level rows, ``step``
(the viewer's step: the snapshot right after that card), so any row leads back to the exact
moment of the exact deal — ``replay(row)`` in a notebook opens it there.

Sources are a record, records, a ``.pmn`` path, a directory (every ``*.pmn`` under it, in
sorted order) or a glob pattern. Columns with few values are categorical, which keeps a
corpus of millions of cards small and makes ``groupby`` fast.

>>> plays = plays_frame("sample_games/worked-example.pmn")
>>> plays.loc[plays.card == "TH", ["trick", "seat", "team", "ten_captured_by"]].to_dict("records")
[{'trick': 1, 'seat': 'A', 'team': 'AC', 'ten_captured_by': 'AC'}]
"""

from __future__ import annotations

import glob
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .annotate import find_points
from .cards import SUITS, TENS
from .pmn_reader import read_deals
from .record import DealRecord
from .result import next_dealer
from .seats import ALL_SEATS, TEAMS, team_of

if TYPE_CHECKING:
    import pandas as pd

Source = DealRecord | Iterable[DealRecord] | str | os.PathLike[str]

_SEATS = list(ALL_SEATS)
_SUITS = [s.value for s in SUITS]
_CARDS = [f"{r}{s}" for s in _SUITS for r in "AKQJT98765432"]
_TEAMS: list[str] = list(TEAMS)
_DEAL_COLUMNS = (
    "file",
    "deal",
    "event",
    "match",
    "deal_no",
    "dealer",
    "players",
    "deck",
    "trump_method",
    "reveal",
    "capture",
    "trump",
    "winner",
    "kind",
    "reason",
    "tens_ac",
    "tens_bd",
    "tricks_ac",
    "tricks_bd",
    "next_dealer",
    "complete",
    "position",
    "errors",
    "warnings",
)
_TRICK_COLUMNS = (
    "file",
    "deal",
    "trick",
    "step",
    "leader",
    "led_suit",
    "cards",
    "winner",
    "winner_team",
    "trumped",
    "tens",
    "collected_tricks",
    "collected_tens",
)
_TEN_COLUMNS = (
    "file",
    "deal",
    "card",
    "suit",
    "held_by",
    "played_in",
    "step",
    "where",
    "seat",
    "team",
    "trick",
    "own_side",
)
_POINT_COLUMNS = (
    "file",
    "deal",
    "step",
    "trick",
    "seat",
    "team",
    "card",
    "kind",
    "args",
    "text",
)
_TEAM_OF = {seat: team_of(seat) for seat in ALL_SEATS}
_SUIT_LETTER = {suit: suit.value for suit in SUITS}


def iter_records(source: Source) -> Iterator[tuple[str, DealRecord]]:
    """``(file, record)`` for every deal of ``source`` (``file`` is ``""`` for records given
    directly). Files are streamed, so a large corpus is never held as text."""
    if isinstance(source, DealRecord):
        yield "", source
        return
    if isinstance(source, (str, os.PathLike)):
        for path in _paths(os.fspath(source)):
            for record in read_deals(Path(path)):
                yield path, record
        return
    for record in source:
        yield "", record


def _paths(text: str) -> list[str]:
    if os.path.isdir(text):
        return sorted(str(p) for p in Path(text).rglob("*.pmn"))
    if any(ch in text for ch in "*?["):
        return sorted(glob.glob(text, recursive=True))
    return [text]


def _frame(columns: dict[str, list[Any]], categories: dict[str, list[str]]) -> pd.DataFrame:
    import pandas as pd

    frame = pd.DataFrame(columns)
    for name, values in categories.items():
        if name in frame:
            frame[name] = pd.Categorical(frame[name], categories=values)
    return frame


def deals_frame(source: Source) -> pd.DataFrame:
    """One row per deal: its tags in plain columns, the rules, and the outcome."""
    rows: dict[str, list[Any]] = {k: [] for k in _DEAL_COLUMNS}
    for file, record in iter_records(source):
        setup, timeline = record.setup, record.timeline
        result = timeline.result if timeline is not None else None
        final = timeline.final if timeline is not None else None
        rules = setup.rules if setup is not None else None
        trump = final.trump.suit if final is not None else None
        following = None
        if result is not None and setup is not None and setup.dealer is not None:
            following = next_dealer(setup.dealer, result, setup.rules.players)
        values: dict[str, Any] = {
            "file": file,
            "deal": record.index,
            "event": record.tags.get("Event"),
            "match": record.tags.get("Match"),
            "deal_no": record.tags.get("Deal"),
            "dealer": setup.dealer if setup is not None else None,
            "players": rules.players if rules else None,
            "deck": rules.deck if rules else None,
            "trump_method": rules.trump_method.value if rules else None,
            "reveal": rules.reveal.value if rules else None,
            "capture": rules.capture.value if rules else None,
            "trump": trump.value if trump is not None else None,
            "winner": result.winner if result else None,
            "kind": result.kind if result else None,
            "reason": result.reason if result else None,
            "tens_ac": result.tens[0] if result else None,
            "tens_bd": result.tens[1] if result else None,
            "tricks_ac": result.tricks[0] if result else None,
            "tricks_bd": result.tricks[1] if result else None,
            "next_dealer": following,
            "complete": result is not None,
            "position": setup is not None and setup.start is not None,
            "errors": len(record.errors),
            "warnings": len(record.warnings),
        }
        for key, value in values.items():
            rows[key].append(value)
    return _frame(
        rows,
        {
            "dealer": _SEATS,
            "next_dealer": _SEATS,
            "trump_method": ["Drawn", "FaceUp", "Closed", "Cut", "None"],
            "reveal": ["A", "B"],
            "capture": ["Trick", "Dehla"],
            "trump": _SUITS,
            "winner": _TEAMS,
            "kind": ["win", "mendikot", "whitewash", "tie"],
        },
    )


def tricks_frame(source: Source) -> pd.DataFrame:
    """One row per trick played: leader, cards, winner, whether it was trumped, its tens."""
    rows: dict[str, list[Any]] = {k: [] for k in _TRICK_COLUMNS}
    for file, record in iter_records(source):
        timeline = record.timeline
        if timeline is None:
            continue
        for summary in timeline.tricks():
            if summary.winner is None:
                continue
            last = next(
                e
                for e in timeline.events
                if e.trick == summary.number and e.trick_winner is not None
            )
            collected = last.collected or (0, ())
            trumped = any(
                e.is_trump for e in timeline.events if e.trick == summary.number
            ) and not all(
                e.card.suit is summary.cards[0][1].suit
                for e in timeline.events
                if e.trick == summary.number
            )
            values: dict[str, Any] = {
                "file": file,
                "deal": record.index,
                "trick": summary.number,
                "step": last.ply + 1,
                "leader": summary.leader,
                "led_suit": summary.cards[0][1].suit.value,
                "cards": " ".join(str(c) for _, c in summary.cards),
                "winner": summary.winner,
                "winner_team": team_of(summary.winner),
                "trumped": trumped,
                "tens": sum(1 for _, c in summary.cards if c.is_ten),
                "collected_tricks": collected[0],
                "collected_tens": " ".join(str(c) for c in collected[1]),
            }
            for key, value in values.items():
                rows[key].append(value)
    return _frame(
        rows,
        {"leader": _SEATS, "winner": _SEATS, "winner_team": _TEAMS, "led_suit": _SUITS},
    )


def plays_frame(source: Source) -> pd.DataFrame:
    """One row per card played, with what a player sees and what it came to.

    ``winning_so_far`` is whether the card is the best of its trick when it is played;
    ``ten_captured_by`` is the team that ended up with it, for a ten; ``points`` lists the
    strategy points found at the card (:func:`mendikot_replay.annotate.find_points`).
    """
    cols = [
        "file",
        "deal",
        "step",
        "trick",
        "position",
        "seat",
        "team",
        "card",
        "suit",
        "rank",
        "led_suit",
        "followed",
        "is_trump",
        "winning_so_far",
        "trick_winner",
        "ten_captured_by",
        "points",
    ]
    rows: dict[str, list[Any]] = {k: [] for k in cols}
    append = {k: rows[k].append for k in cols}
    for file, record in iter_records(source):
        timeline = record.timeline
        if timeline is None:
            continue
        fates = {}
        final = timeline.final
        if final is not None:
            fates = {f.card: f.team for f in final.ten_fates if f.where == "captured"}
        at: dict[int, list[str]] = {}
        for point in find_points(record):
            at.setdefault(point.ply, []).append(point.kind)
        winners: dict[int, str] = {}
        for event in timeline.events:
            if event.trick_winner is not None:
                winners[event.trick] = event.trick_winner
        best_rank = -1
        best_trump = False
        index = record.index
        for event in timeline.events:
            card = event.card
            name = str(card)
            if event.position == 0 or best_rank < 0:
                best_rank, best_trump = card.rank, event.is_trump
                winning = True
            elif event.is_trump and (not best_trump or card.rank > best_rank):
                best_rank, best_trump, winning = card.rank, True, True
            elif not best_trump and event.followed and card.rank > best_rank:
                best_rank, winning = card.rank, True
            else:
                winning = False
            led = event.led_suit
            append["file"](file)
            append["deal"](index)
            append["step"](event.ply + 1)
            append["trick"](event.trick)
            append["position"](event.position)
            append["seat"](event.seat)
            append["team"](_TEAM_OF[event.seat])
            append["card"](name)
            append["suit"](name[1])
            append["rank"](card.rank)
            append["led_suit"](_SUIT_LETTER[led] if led is not None else name[1])
            append["followed"](event.followed)
            append["is_trump"](event.is_trump)
            append["winning_so_far"](winning)
            append["trick_winner"](winners.get(event.trick))
            append["ten_captured_by"](fates.get(card) if card.is_ten else None)
            append["points"](",".join(at[event.ply]) if event.ply in at else "")
    return _frame(
        rows,
        {
            "seat": _SEATS,
            "team": _TEAMS,
            "card": _CARDS,
            "suit": _SUITS,
            "led_suit": _SUITS,
            "trick_winner": _SEATS,
            "ten_captured_by": _TEAMS,
        },
    )


def tens_frame(source: Source) -> pd.DataFrame:
    """One row per ten per deal: who held it, who played it, where it went and when."""
    rows: dict[str, list[Any]] = {k: [] for k in _TEN_COLUMNS}
    for file, record in iter_records(source):
        timeline = record.timeline
        if timeline is None or not len(timeline):
            continue
        start = timeline[0]
        final = timeline[len(timeline) - 1]
        held = {f.card: f.holder for f in start.ten_fates}
        plies = {e.card: e.ply + 1 for e in timeline.events if e.card.is_ten}
        for fate in final.ten_fates:
            holder = held.get(fate.card) or fate.holder
            values: dict[str, Any] = {
                "file": file,
                "deal": record.index,
                "card": str(fate.card),
                "suit": fate.card.suit.value,
                "held_by": holder,
                "played_in": fate.played_in,
                "step": plies.get(fate.card),
                "where": fate.where,
                "seat": fate.seat,
                "team": fate.team,
                "trick": fate.trick,
                "own_side": (
                    fate.team == team_of(holder) if fate.team is not None and holder else None
                ),
            }
            for key, value in values.items():
                rows[key].append(value)
    return _frame(
        rows,
        {
            "card": [str(t) for t in TENS],
            "suit": _SUITS,
            "held_by": _SEATS,
            "seat": _SEATS,
            "team": _TEAMS,
            "where": ["hand", "table", "pile", "captured", "gone"],
        },
    )


def points_frame(source: Source) -> pd.DataFrame:
    """One row per strategy point found in each deal (``annotate.find_points``)."""
    rows: dict[str, list[Any]] = {k: [] for k in _POINT_COLUMNS}
    for file, record in iter_records(source):
        for point in find_points(record):
            values: dict[str, Any] = {
                "file": file,
                "deal": record.index,
                "step": point.ply + 1,
                "trick": point.trick,
                "seat": point.seat,
                "team": team_of(point.seat),
                "card": str(point.card),
                "kind": point.kind,
                "args": " ".join(point.args),
                "text": point.text,
            }
            for key, value in values.items():
                rows[key].append(value)
    from .annotate import KIND_NAGS

    kinds = sorted({*KIND_NAGS, "ten-captured", "unsafe-ten-lead"})
    return _frame(rows, {"seat": _SEATS, "team": _TEAMS, "card": _CARDS, "kind": kinds})
