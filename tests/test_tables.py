"""pandas tables: the right rows and columns, categorical dtypes, every source kind, and row
ids that lead back to the exact card of the exact deal."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from mendikot_replay.corpus.tables import (
    deals_frame,
    plays_frame,
    points_frame,
    tens_frame,
    tricks_frame,
)
from mendikot_replay.pmn.reader import read_deals

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
EXAMPLE = SAMPLES / "worked-example.pmn"


def test_plays_frame_of_the_worked_example() -> None:
    plays = plays_frame(EXAMPLE)
    assert len(plays) == 52
    assert list(plays.card[:4]) == ["TH", "KH", "AH", "2H"]
    first = plays.iloc[:4]
    assert list(first.seat) == ["A", "B", "C", "D"]
    assert list(first.winning_so_far) == [True, True, True, False]
    assert set(first.trick_winner) == {"C"}
    assert first.points.iloc[2] == "ten-captured"  # C's ace takes the ten
    # Trick 5: D leads the four of spades (trumps), B discards a club: not a trump.
    trick5 = plays[plays.trick == 5]
    assert list(zip(trick5.card, trick5.is_trump, trick5.followed, strict=True)) == [
        ("4S", True, True),
        ("AS", True, True),
        ("4C", False, False),
        ("TS", True, True),
    ]
    for column in ("seat", "team", "card", "suit", "led_suit", "trick_winner", "ten_captured_by"):
        assert isinstance(plays[column].dtype, pd.CategoricalDtype), column


def test_rows_lead_back_to_their_card() -> None:
    plays = plays_frame(SAMPLES / "dehla-pakad.pmn")
    records = {r.index: r for r in read_deals(SAMPLES / "dehla-pakad.pmn")}
    for row in plays.to_dict("records"):
        timeline = records[row["deal"]].timeline
        assert timeline is not None
        event = timeline[row["step"]].event
        assert event is not None and str(event.card) == row["card"]
        assert event.seat == row["seat"]


def test_deals_frame_matches_the_replays() -> None:
    deals = deals_frame(str(SAMPLES / "*.pmn"))  # not the corpus/ under it
    records = [r for p in sorted(SAMPLES.glob("*.pmn")) for r in read_deals(p)]
    assert len(deals) == len(records)
    for row, record in zip(deals.to_dict("records"), records, strict=True):
        result = record.timeline.result if record.timeline is not None else None
        assert row["complete"] == (result is not None)
        if result is not None:
            winner = row["winner"] if isinstance(row["winner"], str) else None
            assert winner == result.winner
            assert (row["tens_ac"], row["tens_bd"]) == result.tens
            assert row["kind"] == result.kind
    assert set(deals.trump_method.dropna()) == {"Drawn", "FaceUp", "Closed", "Cut", "None"}
    assert {4, 6, 8} <= set(deals.players)


def test_tricks_frame() -> None:
    tricks = tricks_frame(EXAMPLE)
    assert len(tricks) == 13
    assert list(tricks.winner) == list("CBCDADCCDDDBD")
    assert tricks.iloc[0].cards == "TH KH AH 2H" and tricks.iloc[0].tens == 1
    # Trick 13: B leads diamonds, D trumps with the king of spades.
    assert bool(tricks.iloc[12].trumped) and not bool(tricks.iloc[0].trumped)


def test_tens_frame() -> None:
    tens = tens_frame(EXAMPLE)
    assert list(tens.card) == ["TS", "TH", "TD", "TC"]
    by_card = tens.set_index("card")
    assert by_card.loc["TH", "held_by"] == "A" and by_card.loc["TH", "seat"] == "C"
    assert by_card.loc["TC", "team"] == "BD" and by_card.loc["TC", "trick"] == 9
    assert bool(by_card.loc["TC", "own_side"])  # B's ten, taken by partner D


def test_points_frame_lists_found_points() -> None:
    points = points_frame(EXAMPLE)
    assert "ten-captured" in set(points.kind)
    assert (points.step >= 1).all()
    assert isinstance(points.kind.dtype, pd.CategoricalDtype)


@pytest.mark.parametrize(
    "source",
    [
        str(SAMPLES / "worked-example.pmn"),
        SAMPLES / "worked-example.pmn",
        str(SAMPLES / "worked-ex*.pmn"),
    ],
)
def test_sources_path_and_glob(source: object) -> None:
    frame = deals_frame(source)  # type: ignore[arg-type]
    assert len(frame) == 1 and frame.file.iloc[0].endswith("worked-example.pmn")


def test_sources_records() -> None:
    records = list(read_deals(EXAMPLE))
    assert len(plays_frame(records)) == 52
    assert len(plays_frame(records[0])) == 52
    assert set(plays_frame(records).file) == {""}
