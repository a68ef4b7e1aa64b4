"""Many screens on one session: a seat's screen sees its own hand and the cards played,
never another seat's hidden cards; a read-only screen only watches."""

from __future__ import annotations

import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from mendikot_replay.core.cards import Card
from mendikot_replay.pmn.entry import DealEntry
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.screens import seen_by
from mendikot_replay.session.session import Session

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"

PMN_CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9TJQKA])([SHDC])(?![a-z0-9])")
SHOWN_CARD = re.compile(r"(10|[2-9JQKA])([\u2660\u2665\u2666\u2663])")
SIGN = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


TEAM_KEYS = {"team", "teams", "team_labels", "winner", "tag"}
"""Where "AC" is a team (A and C), not the ace of clubs."""


def strings(value: Any) -> list[str]:
    """Every string of a JSON value, keys included, but for the teams' names."""
    if isinstance(value, dict):
        return [
            text
            for key, inner in value.items()
            if key not in TEAM_KEYS
            for text in [key, *strings(inner)]
        ]
    if isinstance(value, list):
        return [text for inner in value for text in strings(inner)]
    return [value] if isinstance(value, str) else []


def cards_in(seen: dict[str, Any]) -> set[str]:
    """Every card named anywhere in a screen's state, in PMN (``TH``), whether written as
    PMN or as the board writes it (``10♥``)."""
    text = "\n".join(strings(seen))
    found = {("T" if r == "10" else r) + s for r, s in PMN_CARD.findall(text)}
    found |= {("T" if r == "10" else r) + SIGN[s] for r, s in SHOWN_CARD.findall(text)}
    return found


def samples() -> list[Path]:
    return sorted(p for p in SAMPLES.glob("*.pmn"))


@pytest.mark.parametrize("path", samples(), ids=lambda p: p.stem)
def test_a_seat_s_screen_never_carries_another_seat_s_hidden_cards(path: Path) -> None:
    """Every step of the main line of every deal of every sample, for every seat: each card
    the seat's screen names is in its own hand then, was played by then, or is the trump
    the seat may see."""
    checked = 0
    for record in read_deals(path):
        timeline = record.timeline
        if record.errors or timeline is None or not len(timeline):
            continue
        session = Session(record)
        seats = session.state["data"]["seats"]
        screens = {seat: session.screen(seat) for seat in seats}
        tens = {entry["card"] for entry in session.state["data"]["steps"][0]["ledger"]}
        # the ledger names every ten of the pack (where it is, not whose hand holds it)
        for k in range(len(timeline)):
            session.go(k)
            snap = timeline[k]
            opening = {str(c) for _, c in timeline[0].table}  # a position may start mid-trick
            played = {str(e.card) for e in (timeline[j].event for j in range(1, k + 1)) if e}
            for seat in seats:
                hand = dict(snap.hands).get(seat) or ()
                allowed = {str(c) for c in hand} | played | tens | opening
                trump = snap.trump
                if trump.card is not None and (trump.status != "hidden" or trump.holder == seat):
                    allowed.add(str(trump.card))
                seen = screens[seat].state()
                leaked = cards_in(seen) - allowed
                assert not leaked, f"{path.name} deal {record.index} step {k}: {seat} sees {leaked}"
                assert screens[seat].changes() is not None
                checked += 1
    assert checked > 0


def test_the_whole_board_s_screen_is_the_session_s_state() -> None:
    session = Session(SAMPLES / "worked-example.pmn", step=7)
    assert seen_by(session.state, None) == session.state
    assert session.screen().state() == session.state


def test_a_seat_s_screen_ends_at_the_card_shown_and_follows_the_board() -> None:
    session = Session(SAMPLES / "worked-example.pmn")
    student = session.screen("B")
    student.changes()
    session.go(5)
    changed = student.changes()
    assert changed["step"] == 5 and len(changed["data"]["steps"]) == 6
    assert changed["data"]["seen_by"] == "B"
    assert all(h is None for s, h in changed["data"]["steps"][-1]["hands"].items() if s != "B")
    assert changed["data"]["steps"][-1]["held"]["A"] == len(session.snapshot.hands[0][1] or ())
    assert student.changes() == {}  # nothing new


def test_a_read_only_screen_is_refused_and_the_board_does_not_move() -> None:
    session = Session(SAMPLES / "worked-example.pmn", step=3)
    watcher = session.screen("A", read_only=True)
    reply = watcher.handle({"do": "go", "step": 9})
    assert "only watches" in reply["refused"]
    assert session.step == 3 and session.state["notice"] == {}


def test_a_screen_that_may_play_carries_its_request_out() -> None:
    session = Session(SAMPLES / "worked-example.pmn", step=0)
    player = session.screen()
    reply = player.handle({"do": "go", "step": 4})
    assert session.step == 4 and reply["changes"]["step"] == 4


def test_a_seat_sees_only_its_own_hand_while_the_deal_is_dealt() -> None:
    entry = DealEntry.new(dealer="D", trump_method="None")
    session = Session(entry)
    for card, seat in (("AS", "A"), ("KS", "B"), ("QS", "C")):
        session.dealing(partial(DealEntry.give, card=Card.parse(card), seat=seat))
    seen = session.screen("A").state()
    dealt = seen["data"]["entry"]
    assert dealt["hands"]["A"] == ["AS"] and dealt["hands"]["B"] is None and dealt["pack"] == []
    assert dealt["held"] == {"A": 1, "B": 1, "C": 1, "D": 0}
    assert cards_in(seen) == {"AS"}


def test_a_screen_for_a_seat_not_at_the_table_is_refused() -> None:
    session = Session(SAMPLES / "worked-example.pmn")
    with pytest.raises(ValueError, match="no seat F"):
        session.screen("F")


def test_a_closed_screen_is_told_nothing_more() -> None:
    session = Session(SAMPLES / "worked-example.pmn")
    phone = session.screen("C")
    phone.changes()
    phone.close()
    session.go(6)
    assert phone.changes() == {}
    assert session.step == 6
