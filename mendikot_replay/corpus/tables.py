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
import math
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..analysis.chances import deal_chances
from ..analysis.double_dummy import AnalysisError
from ..analysis.odds import DEFAULT_SAMPLES, OddsSolver
from ..analysis.points import double_dummy_points, find_points
from ..core.cards import SUITS, TENS
from ..core.seats import ALL_SEATS, TEAMS, team_of
from ..errors import library
from ..pmn.commands import POINT_KINDS
from ..pmn.reader import read_deals
from ..pmn.record import DealRecord
from ..views.target import viewer_target as viewer_target  # the viewer's ids, in every table

if TYPE_CHECKING:
    import pandas as pd

Source = (
    DealRecord | Iterable[DealRecord] | Iterable[tuple[str, DealRecord]] | str | os.PathLike[str]
)
"""A record, records (or ``(file, record)`` pairs, as :func:`iter_records` yields them, so
that a corpus can be cut into chunks that keep their file names), a ``.pmn`` path, a
directory or a glob pattern."""

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
_SEAT_CODE = {seat: i for i, seat in enumerate(_SEATS)}
_TEAM_INDEX = {team: i for i, team in enumerate(_TEAMS)}
_TEAM_CODE = {seat: _TEAM_INDEX[team_of(seat)] for seat in ALL_SEATS}


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
    for item in source:
        if isinstance(item, tuple):
            yield item
        else:
            yield "", item


def _paths(text: str) -> list[str]:
    if os.path.isdir(text):
        return sorted(str(p) for p in Path(text).rglob("*.pmn"))
    if any(ch in text for ch in "*?["):
        return sorted(glob.glob(text, recursive=True))
    return [text]


def _frame(columns: dict[str, list[Any]], categories: dict[str, list[str]]) -> pd.DataFrame:
    library("pandas", "tables", "the tables")  # a sentence, not a traceback, without it
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
            following = setup.rules.next_dealer(setup.dealer, result)
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


_PLAY_COLUMNS = (
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
)


def plays_frame(
    source: Source,
    *,
    odds: bool = False,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    max_tricks: int | None = None,
) -> pd.DataFrame:
    """One row per card played, with what a player sees and what it came to.

    ``winning_so_far`` is whether the card is the best of its trick when it is played;
    ``ten_captured_by`` is the team that ended up with it, for a ten; ``points`` lists the
    strategy points found at the card (:func:`mendikot_replay.analysis.points.find_points`).

    ``odds=True`` adds ``chance_before`` and ``chance_after``: the player's side's chance
    of winning the deal before the card (with the best choice) and after it, from that
    player's view (:func:`~mendikot_replay.analysis.chances.deal_chances`, with ``samples``,
    ``seed`` and ``max_tricks``), and ``single_dummy_mistake``. A card not scored (before
    ``max_tricks``, or a deal that cannot be: unknown hands, errors) has NaN. That costs a
    search of every world of every position, seconds a card early in a deal, not the
    fraction of a millisecond of the rest of the table.

    This is the table a corpus analysis lives on (a row per card: millions of rows), so
    it is built for speed (``benchmarks/bench_tables.py``): each deal's events are
    transposed into columns in one ``zip``, only the running trick winner needs a Python
    loop, and the categorical columns are made from integer codes (a card *is* its code,
    ``suit * 13 + 14 - rank``), never by hashing millions of strings.
    """
    library("pandas", "tables", "the tables")  # a sentence, not a traceback, without them
    library("numpy", "tables", "the tables")
    import numpy as np
    import pandas as pd

    files: list[str] = []
    deals: list[int | None] = []
    plies: list[int] = []
    tricks: list[int] = []
    positions: list[int] = []
    seats: list[str] = []
    cards: list[int] = []
    leds: list[Any] = []
    followed: list[bool] = []
    trumps: list[bool] = []
    winning: list[bool] = []
    trick_winners: list[str | None] = []
    captured_by: list[str | None] = []
    points: list[str] = []
    chance_before: list[float] = []
    chance_after: list[float] = []
    odds_mistakes: list[bool] = []
    solver = OddsSolver(samples=samples, seed=seed) if odds else None
    for file, record in iter_records(source):
        timeline = record.timeline
        if timeline is None or not timeline.events:
            continue
        events = timeline.events
        n = len(events)
        columns = list(zip(*events, strict=True))
        deal_plies, deal_seats, deal_cards, deal_tricks, deal_positions = columns[:5]
        deal_leds, deal_followed, deal_trumps = columns[5:8]
        files.extend([file] * n)
        deals.extend([record.index] * n)
        plies.extend(deal_plies)
        tricks.extend(deal_tricks)
        positions.extend(deal_positions)
        seats.extend(deal_seats)
        cards.extend(deal_cards)
        leds.extend(deal_leds)
        followed.extend(deal_followed)
        trumps.extend(deal_trumps)
        # The best card so far in each trick: the running winner, in one pass.
        best_rank = -1
        best_trump = False
        for card, position, is_trump, follows in zip(
            deal_cards, deal_positions, deal_trumps, deal_followed, strict=True
        ):
            rank = card.rank
            if position == 0 or best_rank < 0:
                best_rank, best_trump = rank, is_trump
                winning.append(True)
            elif is_trump and (not best_trump or rank >= best_rank):
                best_rank, best_trump = rank, True
                winning.append(True)
            elif not best_trump and follows and rank >= best_rank:  # the later twin wins
                best_rank = rank
                winning.append(True)
            else:
                winning.append(False)
        winners = {e.trick: e.trick_winner for e in events if e.trick_winner is not None}
        trick_winners.extend([winners.get(t) for t in deal_tricks])
        first = deal_plies[0]
        captured: list[str | None] = [None] * n
        final = timeline.final
        if final is not None:
            fates = {f.card: f.team for f in final.ten_fates if f.where == "captured"}
            for i, card in enumerate(deal_cards):
                if card.is_ten:
                    captured[i] = fates.get(card)
        captured_by.extend(captured)
        marks = [""] * n
        for point in find_points(record):
            i = point.ply - first
            marks[i] = f"{marks[i]},{point.kind}" if marks[i] else point.kind
        points.extend(marks)
        if solver is not None:
            befores, afters, mistakes = _chances(record, n, solver, max_tricks)
            chance_before.extend(befores)
            chance_after.extend(afters)
            odds_mistakes.extend(mistakes)

    codes = np.array(cards, dtype=np.int16) % 52  # a two-pack twin is the same card here
    suit_codes = (codes // 13).astype(np.int8)
    led_codes = np.array([led.index if led is not None else -1 for led in leds], dtype=np.int8)
    led_codes = np.where(led_codes < 0, suit_codes, led_codes).astype(np.int8)
    seat_codes = np.array([_SEAT_CODE[s] for s in seats], dtype=np.int8)
    team_codes = np.array([_TEAM_CODE[s] for s in seats], dtype=np.int8)

    def categorical(values: Any, categories: list[str]) -> Any:
        return pd.Categorical.from_codes(values, dtype=pd.CategoricalDtype(categories))

    def coded(values: list[str | None], table: dict[str, int]) -> Any:
        return np.array([table[v] if v is not None else -1 for v in values], dtype=np.int8)

    frame = pd.DataFrame(
        {
            "file": pd.array(files, dtype="str") if files else pd.array([], dtype="object"),
            "deal": deals,
            "step": np.array(plies, dtype=np.int64) + 1,
            "trick": np.array(tricks, dtype=np.int64),
            "position": np.array(positions, dtype=np.int64),
            "seat": categorical(seat_codes, _SEATS),
            "team": categorical(team_codes, _TEAMS),
            "card": categorical(codes, _CARDS),
            "suit": categorical(suit_codes, _SUITS),
            "rank": (14 - codes % 13).astype(np.int64),
            "led_suit": categorical(led_codes, _SUITS),
            "followed": np.array(followed, dtype=bool),
            "is_trump": np.array(trumps, dtype=bool),
            "winning_so_far": np.array(winning, dtype=bool),
            "trick_winner": categorical(coded(trick_winners, _SEAT_CODE), _SEATS),
            "ten_captured_by": categorical(coded(captured_by, _TEAM_INDEX), _TEAMS),
            "points": pd.array(points, dtype="str") if points else pd.array([], dtype="object"),
        }
    )
    if solver is not None:
        frame["chance_before"] = np.array(chance_before, dtype=np.float64)
        frame["chance_after"] = np.array(chance_after, dtype=np.float64)
        frame["single_dummy_mistake"] = np.array(odds_mistakes, dtype=bool)
    return frame


def _chances(
    record: DealRecord, n: int, solver: OddsSolver, max_tricks: int | None
) -> tuple[list[float], list[float], list[bool]]:
    """The ``odds=True`` columns of one deal's ``n`` rows (NaN where not scored)."""
    befores = [math.nan] * n
    afters = [math.nan] * n
    mistakes = [False] * n
    try:
        chances = deal_chances(record, max_tricks=max_tricks, solver=solver)
    except AnalysisError:
        return befores, afters, mistakes
    for c in chances:
        i = c.ply - 1
        if i < n:
            befores[i], afters[i], mistakes[i] = c.before.win, c.after.win, c.mistake
    return befores, afters, mistakes


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
    """One row per strategy point of each deal: those found from the replay
    (``annotate.find_points``) and the solver's ``mistake`` and ``decisive`` points written
    in the record (``annotate.double_dummy_points``: by ``mendikot-replay analyse``, or
    ``annotate --dd``), in play order."""
    rows: dict[str, list[Any]] = {k: [] for k in _POINT_COLUMNS}
    for file, record in iter_records(source):
        found = find_points(record)
        written = double_dummy_points(record)
        if written:
            found = sorted([*found, *written], key=lambda p: p.ply)
        for point in found:
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
    kinds = list(POINT_KINDS)
    return _frame(rows, {"seat": _SEATS, "team": _TEAMS, "card": _CARDS, "kind": kinds})
