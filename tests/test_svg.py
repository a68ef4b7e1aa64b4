"""The static SVG picture of a moment of a deal: valid, safe, complete, deterministic."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from cross_process import same_bytes_in_every_process
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE

from mendikot_replay.core.rules import Capture, Rules, TrumpMethod
from mendikot_replay.players.generate import random_deal
from mendikot_replay.pmn.check import check_record
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.views.svg import record_svg, snapshot_svg

NS = "{http://www.w3.org/2000/svg}"
HOSTILE = "<script>alert('x')</script> & Sons"


def example(**names: str) -> DealRecord:
    text = FORMAT_EXAMPLE
    for seat, name in names.items():
        old = {"A": "Asha", "B": "Bilal", "C": "Chetan", "D": "Divya"}[seat]
        text = text.replace(f'[{seat} "{old}"]', f'[{seat} "{name}"]')
    record = read_string(text)[0]
    assert not record.errors
    return record


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def seat_cards(root: ET.Element) -> dict[str, set[str]]:
    """The card labels drawn in each seat's panel."""
    out: dict[str, set[str]] = {}
    for group in root.iter(f"{NS}g"):
        if group.get("class") == "seat":
            out[group.get("data-seat", "")] = {
                el.get("data-card", "") for el in group.iter() if el.get("data-card")
            }
    return out


def table_cards(root: ET.Element) -> list[tuple[str, str, str]]:
    """(seat, card, words under it) of each card on the table."""
    out = []
    for group in root.iter(f"{NS}g"):
        if group.get("class") == "played":
            words = "".join(t.strip() for t in group.itertext())
            out.append((group.get("data-seat", ""), group.get("data-card", ""), words))
    return out


def test_the_picture_is_well_formed_xml_with_a_title() -> None:
    root = parse(record_svg(example(), 14))
    title = root.find(f"{NS}title")
    assert title is not None and title.text is not None
    assert "after card 14 of 52, trick 4" in title.text
    assert root.get("role") == "img"


def heading_moment(svg: str) -> str:
    """The top-right words of the picture: the card count and where it stands."""
    root = parse(svg)
    texts = [t for t in root.iter(f"{NS}text") if t.get("text-anchor") == "end"]
    return "".join(texts[0].itertext())


def test_a_finished_trick_is_the_moment_before_the_next_one() -> None:
    record = example()
    assert heading_moment(record_svg(record, 14)).endswith("· trick 4")
    # after the 16th card trick 4 lies finished on the table: the picture is "--trick 5"
    assert heading_moment(record_svg(record, 16)).endswith("· before trick 5")
    assert "after card 16 of 52, before trick 5" in (
        parse(record_svg(record, 16)).findtext(f"{NS}title") or ""
    )
    assert heading_moment(record_svg(record, 52)).endswith("· after trick 13")


def test_names_from_files_are_escaped() -> None:
    record = example(A=HOSTILE, B="Bilal & Co", C="x\x01y")
    record.tags["Event"] = 'A "club" <b>night</b> & more'
    svg = record_svg(record, 0)
    root = parse(svg)  # a control character or a stray < would make this fail
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert "Bilal &amp; Co" in svg
    assert not list(root.iter(f"{NS}script"))
    assert not list(root.iter(f"{NS}b"))
    texts = "".join(root.itertext())
    assert "<script>alert('x')</script> & Sons" in texts  # the full name, as a tooltip
    assert "Bilal & Co" in texts


def test_every_card_of_every_hand_is_drawn_at_ply_0() -> None:
    record = example()
    assert record.setup is not None
    drawn = seat_cards(parse(record_svg(record, 0)))
    assert set(drawn) == {"A", "B", "C", "D"}
    for seat, hand in record.setup.hands.items():
        assert hand is not None
        assert drawn[seat] == {str(c) for c in hand}


def test_suits_carry_their_sign_and_red_is_never_alone() -> None:
    root = parse(record_svg(example(), 0))
    rows = [el for el in root.iter(f"{NS}text") if el.get("data-suit")]
    assert len(rows) == 16
    for row in rows:
        sign = next(iter(row))
        assert sign.text == {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[row.get("data-suit", "")]
        assert (sign.get("fill") == "#c0271d") == (row.get("data-suit", "") in ("H", "D"))


def test_the_trick_on_the_table_at_a_mid_trick_ply() -> None:
    record = example()
    root = parse(record_svg(record, 14))  # trick 4: C leads 5S, D plays 7S
    assert table_cards(root) == [("C", "5S", "5♠C · led"), ("D", "7S", "7♠D")]
    drawn = seat_cards(root)
    assert "5S" not in drawn["C"] and "7S" not in drawn["D"]
    assert "A/C: 2 tricks, 2 tens" in "".join(root.itertext())


def test_a_completed_trick_marks_its_winner() -> None:
    root = parse(record_svg(example(), 4))  # trick 1: TH KH AH 2H, C's ace wins
    cards = table_cards(root)
    assert [c[1] for c in cards] == ["TH", "KH", "AH", "2H"]
    assert cards[0][2].endswith("A · ten · led") and cards[2][2].endswith("C · wins")
    assert [("ten" in c[2]) for c in cards] == [True, False, False, False]


def test_hidden_seats_show_no_cards() -> None:
    root = parse(record_svg(example(), 0, hidden=("B", "D")))
    drawn = seat_cards(root)
    assert drawn["B"] == set() and drawn["D"] == set()
    assert len(drawn["A"]) == 13
    assert "13 cards, hidden" in "".join(root.itertext())


PICTURES = f"""
import random
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE
from mendikot_replay.players.generate import random_deal
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.core.rules import Capture, Rules, TrumpMethod
from mendikot_replay.views.svg import record_svg, snapshot_svg

HOSTILE = {HOSTILE!r}
example = read_string(FORMAT_EXAMPLE.replace('[A "Asha"]', f'[A "{{HOSTILE}}"]'))[0]
closed = random_deal(random.Random(3), Rules(players=6, trump_method=TrumpMethod.CLOSED))
cut = random_deal(
    random.Random(4), Rules(players=8, trump_method=TrumpMethod.CUT, capture=Capture.DEHLA)
)
pictures = [record_svg(example, ply, size=600) for ply in (0, 23, 52)]
pictures.append(record_svg(example, 7, hidden=("B", "D")))
pictures.append(example._repr_svg_())  # what a notebook shows
pictures.append(record_svg(read_string(POSITION_EXAMPLE)[0]))
pictures += [record_svg(r, ply) for r in (closed, cut) for ply in (0, 9, len(r.mainline()))]
OUTPUT = "\\n".join(pictures).encode("utf-8")
"""
"""Pictures of the worked example (a hostile name in it), a position, a closed trump at
six seats and a cut trump under Dehla at eight, as a test or a notebook draws them."""


def test_the_output_is_deterministic() -> None:
    first = record_svg(example(A=HOSTILE), 23, size=600).encode()
    second = record_svg(example(A=HOSTILE), 23, size=600).encode()
    assert first == second
    assert b'width="600"' in first
    # the same bytes in any process: no set or dict order that follows the string-hash seed
    everywhere = same_bytes_in_every_process(PICTURES)
    assert first in everywhere and everywhere.count(b"<svg") == 12


def test_the_default_is_the_final_state_and_repr_svg_uses_it() -> None:
    record = example()
    svg = record._repr_svg_()
    assert svg == record_svg(record, 52)
    assert "A/C win (3 tens)" in "".join(parse(svg).itertext())


def test_a_position_is_drawn_as_the_position() -> None:
    record = read_string(POSITION_EXAMPLE.replace("10. B: 5S", "10. B: 5S KS QS"))[0]
    assert not record.errors
    root = parse(record._repr_svg_())
    assert table_cards(root) == [("B", "5S", "5♠B · led")]
    assert seat_cards(root)["C"] == {"KS", "9S", "5D", "AC"}
    assert "the position" in "".join(root.itertext())


def test_a_closed_trump_is_face_down_until_revealed() -> None:
    record = random_deal(random.Random(3), Rules(players=6, trump_method=TrumpMethod.CLOSED))
    check_record(record)
    assert record.setup is not None and record.timeline is not None
    holder, hidden = record.setup.hidden_holder, record.setup.trump_card
    assert holder is not None and hidden is not None
    root = parse(record_svg(record, 0))
    text = "".join(root.itertext())
    assert f"closed: a card set aside face down by {holder}" in text
    assert str(hidden) not in seat_cards(root)[holder]
    assert "+1 face down" in text
    revealed = record.timeline[-1].trump.since
    assert revealed is not None
    after = "".join(parse(record_svg(record, revealed + 1)).itertext())
    assert "closed trump, revealed" in after


def test_an_unnamed_cut_trump_and_eight_seats() -> None:
    record = random_deal(
        random.Random(5), Rules(players=8, trump_method=TrumpMethod.CUT, capture=Capture.DEHLA)
    )
    check_record(record)
    root = parse(record_svg(record, 0))
    assert "no trump yet" in "".join(root.itertext())
    assert len(seat_cards(root)) == 8
    assert "Pile: 0 tricks" in "".join(root.itertext())


def test_a_record_that_cannot_be_replayed_gives_a_message_picture() -> None:
    record = read_string('[Dealer "D"]\n[Play "A"]\n1. A: TH')[0]
    root = parse(record._repr_svg_())
    assert "Nothing to draw" in "".join(root.itertext())


def test_a_ply_out_of_reach_is_an_index_error() -> None:
    with pytest.raises(IndexError):
        record_svg(example(), 53)
    with pytest.raises(ValueError, match="size"):
        record_svg(example(), 0, size=0)


def test_names_are_isolated_from_the_label_around_them() -> None:
    rlo, fsi, pdi = "\u202e", "\u2068", "\u2069"
    record = example(A=f"Asha{rlo}", B=f"{pdi}{rlo}<b>Bilal</b>", C=f"Chetan{rlo} Ramaswamy Iyer")
    record.tags["Event"] = f"Club{rlo} night"
    svg = record_svg(record, 0)
    root = parse(svg)
    assert not list(root.iter(f"{NS}b"))
    labels = {
        group.get("data-seat"): "".join(next(group.iter(f"{NS}text")).itertext())
        for group in root.iter(f"{NS}g")
        if group.get("class") == "seat"
    }
    # The tooltip (the full name), then the label (cut to fit): each name between FSI and
    # PDI, Bilal's stray PDI dropped, and the cut made inside the isolate.
    assert labels["A"] == f"A: {fsi}Asha{rlo}{pdi}A {fsi}Asha{rlo}{pdi}"
    assert labels["B"] == f"B: {fsi}{rlo}<b>Bilal</b>{pdi}B {fsi}{rlo}<b>Bilal</b>{pdi}"
    assert labels["C"] == f"C: {fsi}Chetan{rlo} Ramaswamy Iyer{pdi}C {fsi}Chetan{rlo} Ramasw…{pdi}"
    assert "&lt;b&gt;Bilal&lt;/b&gt;" in svg
    event = f"{fsi}Club{rlo} night{pdi} · deal {fsi}3{pdi}"
    heading = next(el for el in root.iter(f"{NS}text") if el.get("font-weight") == "bold")
    assert heading.text == event
    title = root.find(f"{NS}title")
    assert title is not None and event in (title.text or "")


def test_a_replay_is_drawn_without_any_record() -> None:
    """The picture is drawn from a Timeline alone — no reader, no checker behind it — and
    draws the same moment as the record's own replay: only the count of cards differs (the
    short replay has 4, the deal 52)."""
    from mendikot_replay.core.timeline import Timeline

    record = example()
    assert record.setup is not None and record.timeline is not None
    cards = [node.card for node in record.mainline() if node.card is not None]
    short = snapshot_svg(Timeline.replay(record.setup, cards[:4]), tags=record.tags)
    full = snapshot_svg(record.timeline, 4, tags=record.tags)
    assert short != full
    assert short == full.replace("card 4 of 52", "card 4 of 4")
    assert "Thursday club" not in snapshot_svg(record.timeline, 4)  # no tags: no heading


def test_an_unreplayed_record_says_so() -> None:
    from mendikot_replay.pmn.record import DealRecord

    assert "not replayed" in record_svg(read_string(FORMAT_EXAMPLE, check=False)[0])
    assert "playable deal" in record_svg(DealRecord({"Event": "x"}))
