"""Behaviours that could be broken on purpose with the whole suite staying green: each test
here names one and fails when it breaks.

* pasting hands never puts one card in two hands;
* a full hand moves the entry on in play order (fill C first, and D is next, not A);
* a card played with ``^T`` (version B's ask) and the same card without it are two moves;
* a chunk boundary exactly on the blank line between two deals counts each deal once;
* the worlds are enumerated exactly when their number equals ``max_worlds``;
* B/D's chances in a deal that can tie, against numbers worked out by hand.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mendikot_replay.analysis.odds import OddsSolver, odds
from mendikot_replay.core.deal_setup import DealSetup
from mendikot_replay.pmn import chunks
from mendikot_replay.pmn.entry import DealEntry, EntryError
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord, Play, SourceFile
from mendikot_replay.pmn.tree import play

ROOT = Path(__file__).resolve().parent.parent


# -- the entry ---------------------------------------------------------------------------------
def test_paste_refuses_one_card_in_two_hands() -> None:
    entry = DealEntry.new()
    with pytest.raises(EntryError, match="AS is dealt twice, to A and B"):
        entry.paste("A:AK... B:A...")
    assert entry.dealt() == {}
    entry.give("KH", "C")
    with pytest.raises(EntryError, match="KH is dealt twice"):
        entry.paste("A:.KQ..")  # C holds KH already
    assert [str(c) for c in entry.hands["C"]] == ["KH"] and not entry.hands["A"]


def test_a_full_hand_moves_the_entry_on_in_play_order() -> None:
    entry = DealEntry.new()
    pack = list(entry.pack)
    entry.select("C")
    for card in pack[:13]:
        entry.give(card)
    assert len(entry.hands["C"]) == 13
    assert entry.selected == "D"  # the next seat in play order after C, not A
    for card in pack[13:26]:
        entry.give(card)
    assert entry.selected == "A"  # after D, round to A
    entry.select("B")
    for card in pack[26:39]:
        entry.give(card)
    assert entry.complete  # A was the last short seat: the rest of the pack is its own


# -- the play tree -----------------------------------------------------------------------------
def test_a_card_with_the_ask_and_without_it_are_two_moves() -> None:
    [record] = read_deals(ROOT / "sample_games" / "closed-trump-version-b.pmn")
    line = record.mainline()
    asked = next(n for n in line if n.reveal_request)  # trick 8: D asks, then plays 5D
    before = line[line.index(asked) - 1]
    assert [(str(n.card), n.reveal_request) for n in before.variations] == [
        ("5D", True),
        ("7D", False),
    ]
    assert play(record, before, "^T5D") is asked  # the recorded move: stepped along
    plain = play(record, before, "5D")  # the same card, not asking: another move
    assert plain is not asked and not plain.reveal_request
    assert [(str(n.card), n.reveal_request) for n in before.variations] == [
        ("5D", True),
        ("7D", False),
        ("5D", False),
    ]
    assert play(record, before, "5D") is plain and play(record, before, "5d", ask=True) is asked


# -- chunks ------------------------------------------------------------------------------------
def test_a_chunk_boundary_on_the_blank_line_between_deals_counts_each_deal_once(
    tmp_path: Path,
) -> None:
    deals = [
        (ROOT / "sample_games" / name).read_bytes().split(b"\n", 1)[1]  # without its header
        for name in ("worked-example.pmn", "closed-trump-version-b.pmn")
    ]
    data = b"% PMN 1.0\n" + deals[0].rstrip(b"\n") + b"\n\n" + deals[1]
    path = tmp_path / "two.pmn"
    path.write_bytes(data)
    blank = data.index(b"\n\n") + 1  # the blank line between the deals
    whole = [r.raw for r in read_deals(path, check=False)]
    assert len(whole) == 2
    file = os.fspath(path)
    with open(file, "rb") as handle:
        source = SourceFile.of_open(file, handle.fileno())
    for cut in (blank - 1, blank, blank + 1, blank + 2):  # before, on, after the blank line
        ranges = [(0, cut), (cut, len(data))]
        surveys = [chunks.survey(file, begin, end) for begin, end in ranges]
        found = chunks.number(file, file, source, surveys, len(data))
        assert sum(c.deals for c in found) == 2, cut
        got = [r.raw for c in found for r in chunks.read_chunk(c, check=False)]
        assert got == whole, cut


# -- single-dummy chances ----------------------------------------------------------------------
HANDS = {
    "A": "AD KD AH 9H 7H 8C QC JS",
    "B": "7D 9D KH 7S AC KC QS KS",
    "C": "TD QD QH TH 7C 9C 9S TS",
    "D": "8D JD JH 8H TC JC 8S AS",
}
TRICKS = [
    "AD 7D TD 8D",  # A wins, TD to A/C
    "KD 9D QD JD",
    "AH KH QH JH",
    "9H 7S TH 8H",  # B shows out of hearts; C's ten wins, TH to A/C
    "7C TC 8C AC",  # B's ace takes TC for B/D
    "KC 9C JC QC",
    "QS 9S 8S JS",  # B wins and leads trick 8: A 7H, B KS, C TS, D AS are left
]


def tying_deal() -> DealRecord:
    """32 cards, no trump, eight tricks: before the last, A/C have two tens and four
    tricks, B/D one ten and three. Whoever holds AS takes the last trick and TS with it:
    A/C win 3-1, or B/D tie at two tens and four tricks each."""
    entry = DealEntry.new(deck=32, trump_method="None", dealer="D")
    for seat, hand in HANDS.items():
        entry.deal(seat, hand.split())
    record = entry.record()
    node = None
    for trick in TRICKS:
        for card in trick.split():
            node = play(record, node, card)
    return record


def test_b_d_chances_in_a_deal_that_can_tie_are_those_worked_out_by_hand() -> None:
    record = tying_deal()
    # B leads KS, its only card. B knows A, C and D hold 7H, TS and AS, one each, and none
    # of them has shown out of a suit: six deals, all alike to B. The AS wins the trick;
    # with D (two deals of six) B/D tie, with A or C (four) B/D lose.
    seen_by_b = odds(record, after=28, seat="B", double_dummy=False)
    assert seen_by_b.team == "BD" and seen_by_b.exact and seen_by_b.worlds == 6
    [(card, chance)] = seen_by_b.cards.items()
    assert str(card) == "KS"
    assert (chance.win, chance.tie, chance.loss) == pytest.approx((0, 1 / 3, 2 / 3))
    # C plays TS after KS: A and D hold 7H and AS, two deals. With A, A/C win; with D, tie.
    play(record, record.end(), "KS")
    seen_by_c = odds(record, after=29, seat="C", double_dummy=False)
    assert seen_by_c.team == "AC" and seen_by_c.worlds == 2
    [(card, chance)] = seen_by_c.cards.items()
    assert str(card) == "TS"
    assert (chance.win, chance.tie, chance.loss) == pytest.approx((1 / 2, 1 / 2, 0))


def test_the_worlds_are_enumerated_exactly_when_as_many_as_max_worlds() -> None:
    record = tying_deal()
    setup, plays = odds_input(record, 28)
    exact = OddsSolver(max_worlds=6, samples=50, double_dummy=False).line(setup, plays)
    assert exact.exact and exact.worlds == 6 and exact.samples is None
    drawn = OddsSolver(max_worlds=5, samples=50, double_dummy=False, early_stop=False)
    sampled = drawn.line(setup, plays)
    assert not sampled.exact and sampled.samples == 50


def odds_input(record: DealRecord, after: int) -> tuple[DealSetup, list[Play]]:
    """The set-up and the first ``after`` plays of ``record``, as OddsSolver.line takes them."""
    assert record.setup is not None
    line = record.mainline()[:after]
    plays: list[Play] = []
    for node in line:
        assert node.card is not None
        plays.append((node.card, node.reveal_request, False))
    return record.setup, plays
