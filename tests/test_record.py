"""Recording a deal from Python: dealing the hands (checked at every card), recording the
play, saving, reopening an unfinished deal, and setting up a position."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import mendikot_replay as mr
from mendikot_replay.core.cards import format_hand
from mendikot_replay.pmn.entry import DealEntry
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.writer import write_deal

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def _sample(name: str, index: int = 0) -> mr.DealRecord:
    return list(read_deals(SAMPLES / name))[index]


def _cards(record: mr.DealRecord) -> list[str]:
    """The main line as the board plays it (``^T`` before a card that asks)."""
    return [("^T" if n.reveal_request else "") + str(n.card) for n in record.mainline()]


def test_a_deal_recorded_card_by_card_is_the_deal_of_the_file(tmp_path: Path) -> None:
    """The worked example, dealt (three hands: the fourth fills itself) and played card by
    card, saves as the file's own deal: the same hands, play, result and names."""
    ref = _sample("worked-example.pmn")
    assert ref.setup is not None
    names = {s: ref.tags[s] for s in "ABCD"}
    path = tmp_path / "club.pmn"
    board = mr.new_deal(path=path, dealer=ref.tags["Dealer"], trump=ref.tags["Trump"], names=names)
    assert board.entry is not None and board.recording and board.file == "club.pmn"
    for seat in "ABC":
        board.deal(seat, format_hand(ref.setup.hands[seat] or ()))
    assert board.entry is None  # D's hand filled itself: the board records the play now
    assert board.data["steps"][0]["to_play"] == "A"
    for card in _cards(ref):
        board.play(card)
    board.save()
    (saved,) = read_deals(path)
    assert not saved.errors and not saved.warnings
    assert saved.tags["Hands"] == ref.tags["Hands"]
    assert _cards(saved) == _cards(ref)
    for tag in ("Result", "Tens", "Tricks", "A", "B", "C", "D", "Dealer", "Trump"):
        assert saved.tags[tag] == ref.tags[tag], tag
    assert (saved.raw or b"").decode("utf-8") == write_deal(saved) + "\n"  # canonical


def test_dealing_mistakes_are_refused_and_lose_nothing() -> None:
    board = mr.new_deal(trump_method="None", dealer="D")
    board.deal("A", "AKQJT98765432...")
    before = {s: set(h) for s, h in board.entry.hands.items()}  # type: ignore[union-attr]
    with pytest.raises(mr.MendikotError, match="AS is already dealt, to A"):
        board.deal("B", "A.AKQJT9876543..")
    with pytest.raises(mr.MendikotError, match="14 cards is too many"):
        board.deal("B", ".AKQJT98765432.A.")
    with pytest.raises(mr.MendikotError, match="A's hand is full"):
        board.give("2H", "A")
    assert board.notice["kind"] == "error"
    assert {s: set(h) for s, h in board.entry.hands.items()} == before  # type: ignore[union-attr]
    with pytest.raises(mr.MendikotError, match="deal the hands first"):
        board.play("AS")
    short = mr.new_deal(deck=48, players=4, trump_method="None")
    with pytest.raises(mr.EntryError, match="2S is not in a 48-card deck"):
        short.give("2S")


def test_clicks_deal_to_the_seat_shown_and_move_on() -> None:
    entry = DealEntry.new(trump_method="None", dealer="D")
    for card in entry.pack[:13]:
        entry.give(card)
    assert entry.selected == "B" and len(entry.hands["A"]) == 13
    entry.take("AS")
    assert entry.selected == "A" and "AS" in [str(c) for c in entry.pack]
    entry.give("AS").select("D").give("2C")
    assert entry.hands["D"] == {mr.Card.parse("2C")} and entry.selected == "D"
    with pytest.raises(mr.EntryError, match="not dealt"):
        entry.take("KH")


def test_trumps_by_their_method() -> None:
    ref = _sample("closed-trump-version-b.pmn")
    assert ref.setup is not None and ref.setup.trump_card is not None
    board = mr.new_deal(
        trump_method="Closed", reveal="B", dealer=ref.tags["Dealer"], background=False
    )
    board.paste(ref.tags["Hands"])
    assert board.entry is not None and "lays face down" in board.data["entry"]["needs"]
    holder = board.data["entry"]["closed_holder"]
    assert holder == ref.setup.hidden_holder
    elsewhere = next(c for s, h in ref.setup.hands.items() if s != holder for c in (h or ()))
    with pytest.raises(mr.MendikotError, match=f"not in {holder}'s hand"):
        board.set_trump(card=str(elsewhere))  # the holder lays down a card of its own
    board.set_trump(card=str(ref.setup.trump_card))
    assert board.entry is None and board.record.tags["TrumpCard"] == ref.tags["TrumpCard"]
    for card in _cards(ref):
        board.play(card)
    assert board.record.timeline.result.tag == ref.tags["Result"]
    cut = mr.new_deal(trump_method="Cut", dealer="D")
    with pytest.raises(mr.EntryError, match="no trump to choose"):
        cut.set_trump("S")


@pytest.mark.parametrize("name", ["six-players.pmn", "eight-players.pmn", "dehla-pakad.pmn"])
def test_every_table_and_capture(name: str) -> None:
    ref = _sample(name)
    assert ref.setup is not None
    rules = ref.setup.rules
    board = mr.new_deal(
        players=rules.players,
        deck=rules.deck,
        dealer=ref.tags["Dealer"],
        trump_method=rules.trump_method.value,
        trump=ref.tags.get("Trump"),
        capture=rules.capture.value,
    )
    board.paste(ref.tags["Hands"])
    assert board.entry is None
    for card in _cards(ref):
        board.play(card)
    assert board.record.timeline.result.tag == ref.tags["Result"]  # type: ignore[union-attr]


def test_an_unfinished_deal_is_saved_and_recorded_on_later(tmp_path: Path) -> None:
    ref = _sample("worked-example.pmn")
    path = tmp_path / "games.pmn"
    shutil.copyfile(SAMPLES / "tie.pmn", path)
    other = path.read_bytes()
    board = mr.new_deal(path=path, dealer="D", trump="S")
    board.paste(ref.tags["Hands"])
    cards = _cards(ref)
    for card in cards[:10]:
        board.play(card)
    board.play(cards[10])
    board.undo()  # a slip: taken back
    assert board.line == cards[:10]
    board.save()
    assert path.read_bytes().startswith(other)  # the file's own deal is untouched
    unfinished = list(read_deals(path))[-1]
    assert not unfinished.errors and unfinished.tags["Result"] == "*"
    assert "Tens" not in unfinished.tags and _cards(unfinished) == cards[:10]
    again = mr.replay(path, deal=2)
    again.last()
    for card in cards[10:]:
        again.play(card)
    again.save()
    finished = list(read_deals(path))[-1]
    assert not finished.errors and _cards(finished) == cards
    assert finished.tags["Result"] == ref.tags["Result"] and finished.tags["Tens"] == "3-1"
    assert path.read_bytes().startswith(other)


def test_a_position_set_up_like_the_file_s_endgame() -> None:
    ref = _sample("endgame-cover-or-duck.pmn")
    assert ref.setup is not None and ref.setup.start is not None
    board = mr.new_position(
        trick=10,
        tens=(1, 0),
        tricks=(7, 2),
        leader="B",
        table=["5S"],
        trump="H",
        background=False,
    )
    assert board.data["entry"]["hand_size"] == 4
    with pytest.raises(mr.EntryError, match="5S is on the table already"):
        board.deal("B", "A5..T.")
    board.paste(ref.tags["Hands"])
    assert board.entry is None
    assert board.record.setup == ref.setup
    board.best()
    assert board.line == ["KS"]  # the only card that keeps the deal, as the file says


def test_a_dehla_position_with_its_pile_and_streak() -> None:
    """A generated Dehla position — a trick in the pile, a streak, a card on the table — set
    up on the board gives the same set-up the file's reader gives."""
    import random

    from mendikot_replay.core.rules import Capture, Rules
    from mendikot_replay.players.generate import random_position

    ref = random_position(random.Random(1), Rules(capture=Capture.DEHLA))
    assert ref.setup is not None and ref.setup.start is not None
    start = ref.setup.start
    assert start.pile_tricks and start.streak and start.table  # what this test is about
    board = mr.new_position(
        trick=start.trick,
        tens=start.tens,
        tricks=start.tricks,
        leader=ref.tags["Play"],
        table=[str(c) for _, c in start.table],
        pile=(start.pile_tricks, [str(c) for c in start.pile_tens]),
        streak=start.streak,
        capture="Dehla",
        trump=ref.tags.get("Trump"),
        background=False,
    )
    board.paste(ref.tags["Hands"])
    assert board.entry is None and not board.record.errors
    assert board.record.setup is not None
    assert board.record.setup.start == start
    assert board.record.setup.hands == ref.setup.hands


def test_a_deal_recorded_under_lead_after_holder_is_set_aside_by_one_and_led_by_the_next() -> None:
    """The recorder under lead-after-holder: the face-down card comes from the hand of the
    dealer's right, and the first trick is led by the player after."""
    from mendikot_replay.pmn.entry import DealEntry

    entry = DealEntry.new(dealer="D", trump_method="Closed", variant=["lead-after-holder"])
    assert (entry.closed_holder, entry.first_leader) == ("A", "B")
    plain = DealEntry.new(dealer="D", trump_method="Closed")
    assert (plain.closed_holder, plain.first_leader) == ("A", "A")
