"""The PMN writer: canonical text, byte-exact round trips, and nothing a file said is lost."""

from __future__ import annotations

import io
import random
from pathlib import Path

from pmn_examples import (
    DEAL_TAGS,
    FORMAT_EXAMPLE,
    MAIN_TRICKS,
    POSITION_EXAMPLE,
    deal,
    record_shape,
)

import mendikot_replay.pmn.check  # noqa: F401  (the checker replays what is read: it must import)
from mendikot_replay.core.cards import card
from mendikot_replay.players import generate
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import normalize_comment, write_deal, write_deals, write_string

HEADER = "% PMN 1.0\n"
CANONICAL_TAGS = (
    '[Dealer "D"]\n[TrumpMethod "Drawn"]\n[Trump "S"]\n'
    '[Hands "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"]\n'
    '[Play "A"]\n'
)


def round_trip(text: str) -> str:
    return write_string(read_string(text))


# -- canonical text comes back byte for byte ----------------------------------------------------
def test_format_example_round_trips_byte_for_byte() -> None:
    assert round_trip(FORMAT_EXAMPLE) == FORMAT_EXAMPLE


def test_position_example_is_written_canonically() -> None:
    canonical = HEADER + (
        '[Event "Endgame: cover or duck?"]\n'
        '[TrumpMethod "Drawn"]\n'
        '[Trump "H"]\n'
        '[Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]\n'
        '[Start "trick 10; tens 1-0; tricks 7-2"]\n'
        '[Play "B"]\n'
        "10. B: 5S\n"
    )
    assert round_trip(POSITION_EXAMPLE) == canonical
    assert round_trip(canonical) == canonical


def test_position_line_starts_with_the_table_cards() -> None:
    text = POSITION_EXAMPLE.replace("10. B: 5S", "10. B: 5S KS ( 9S? ) QS 8D\n11. C: AC *")
    out = round_trip(text)
    assert out.endswith('[Play "B"]\n10. B: 5S KS ( 9S? ) QS 8D\n11. C: AC *\n')
    assert round_trip(out) == out


def test_lenient_input_comes_out_canonical() -> None:
    sloppy = (
        '\ufeff[Tricks "5 - 8"] [Tens "3-1"][Result "AC  win"]\r\n'
        '[Play "a"] [Trump "♠"] [TrumpMethod "drawn"]  [Dealer "d"]\r\n'
        '[Hands "B:Q2.K.KQJ42.KQ1043 c:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8 '
        'A:A63.T9853.T63.95"]\r\n'
        '[D "Divya"] [C "Chetan"] [B "Bilal"] [A "Asha"] [Deal "03"] [Match "thu-19"]\r\n'
        '[Date "2026.11.19"] [Site "Pune"] [Event "Thursday club"]\r\n'
        "1.A: 10♥  kh ah {C's ace takes the ten for A/C [%point ten-captured TH C]}2h\r\n"
        "2. C : JS 8S 3S QS 3.  B: QD AD 8D\r\n"
        "10d! $21 {  A drops the ten under partner's ace  }\r\n"
        + "\r\n".join(MAIN_TRICKS[3:])
        + "\r\n"
    )
    [record] = read_string(sloppy)
    assert record.errors == []
    assert write_string([record]) == FORMAT_EXAMPLE


# -- variations, comments, NAGs ---------------------------------------------------------------
NESTED = (
    HEADER
    + CANONICAL_TAGS
    + "1. A: TH KH AH ( 7H? { ducks } 2H ( 6H? ) 2. B: QD ( 2. B: KC $25 ) AD ) ( JH ) 2H\n"
    + "2. C: JS ( 2. C: AD $29 8D ( 9D { or the nine } ) ) ( 2. C: 7C ) 8S 3S QS\n"
    + "3. B: QD *\n"
)


def test_nested_variations_round_trip() -> None:
    [record] = read_string(NESTED)
    assert record.errors == []
    trick1 = record.mainline()[2].parent
    assert trick1 is not None
    assert [str(n.card) for n in trick1.variations] == ["AH", "7H", "JH"]
    ducks = trick1.variations[1]
    assert ducks.comments == ["ducks"] and ducks.nags == [2]
    two_hearts = ducks.variations[0]
    assert [str(n.card) for n in two_hearts.parent.variations] == ["2H", "6H"]  # type: ignore[union-attr]
    qd = two_hearts.variations[0]
    assert qd.marker == (2, "B") and [str(n.card) for n in two_hearts.variations] == ["QD", "KC"]
    assert [str(n.card) for n in qd.variations] == ["AD"]
    ad = record.mainline()[4].parent.variations[1]  # type: ignore[union-attr]
    assert ad.card is card("AD") and [str(n.card) for n in ad.variations] == ["8D", "9D"]
    assert write_string([record]) == NESTED


def test_a_variation_of_a_variations_first_card_is_a_sibling() -> None:
    """As in PGN: ``( 7H ( JH ) )`` offers JH instead of 7H, so both replace AH."""
    text = HEADER + CANONICAL_TAGS + "1. A: TH KH AH ( 7H ( JH ) ) 2H\n"
    [record] = read_string(text)
    trick1 = record.mainline()[2].parent
    assert [str(n.card) for n in trick1.variations] == ["AH", "7H", "JH"]  # type: ignore[union-attr]
    assert write_string([record]) == text.replace("( 7H ( JH ) )", "( 7H ) ( JH )")


def test_variation_replacing_the_first_card() -> None:
    text = HEADER + CANONICAL_TAGS + "1. A: TH ( 3H { safer } ) ( 9H ) KH\n"
    [record] = read_string(text)
    assert record.errors == []
    assert [str(n.card) for n in record.variations] == ["TH", "3H", "9H"]
    # Inside a variation every card that starts a trick carries its marker.
    canonical = HEADER + CANONICAL_TAGS + "1. A: TH ( 1. A: 3H { safer } ) ( 1. A: 9H ) KH\n"
    assert write_string([record]) == canonical
    assert write_string(read_string(canonical)) == canonical


def test_comment_escapes_round_trip() -> None:
    text = HEADER + CANONICAL_TAGS + "1. A: TH { a \\} b \\\\ c { d\nsecond line } KH\n"
    [record] = read_string(text)
    assert record.mainline()[0].comments == ["a } b \\ c { d\nsecond line"]
    assert write_string([record]) == text


def test_a_comment_with_blank_lines_is_kept_without_them() -> None:
    record = DealRecord({"Event": "notes"})
    record.comments.append("first\n\n   \nsecond\r\nthird  ")
    text = write_string([record])
    assert text == HEADER + '[Event "notes"]\n{ first\nsecond\nthird }\n'
    [back] = read_string(text, check=False)
    assert back.comments == ["first\nsecond\nthird"]


def test_normalize_comment() -> None:
    assert normalize_comment("  a\n\n \t\nb\r\rc \n") == "a\nb\nc"
    assert normalize_comment("\n\n") == ""


def test_nag_order_survives() -> None:
    text = deal("1. A: TH $21 $1 KH!! $7 $3")
    [record] = read_string(text)
    assert [n.nags for n in record.mainline()] == [[21, 1], [3, 7, 3]]
    out = write_string([record])
    assert "1. A: TH $21 $1 KH!! $7 $3\n" in out
    assert [n.nags for n in read_string(out)[0].mainline()] == [[21, 1], [3, 7, 3]]


def test_prefixes_unknown_card_and_unfinished() -> None:
    tags = '[Dealer "D"]\n[TrumpMethod "Closed"]\n[TrumpCard "A:9H"]\n' + DEAL_TAGS.split("\n")[1]
    text = HEADER + tags + '\n[Play "A"]\n1. A: TH KH ^TAH?! -- *\n'
    [record] = read_string(text)
    assert record.unfinished and record.mainline()[3].card is None
    assert write_string([record]) == text


def test_unfinished_deal_without_cards() -> None:
    text = HEADER + CANONICAL_TAGS + "*\n"
    [record] = read_string(text)
    assert record.unfinished and record.variations == []
    assert write_string([record]) == text


# -- tags --------------------------------------------------------------------------------------
def test_tags_in_roster_order_then_alphabetical_with_escapes() -> None:
    record = DealRecord(
        {
            "Zebra": "z",
            "Play": "A",
            "Annotator": 'Om "the owl"\\',
            "Event": "two\nlines",
            "Variant": "Bonus-Aces , must-trump",
            "Start": "tricks 0-0 ; TRICK 1; tens 0 - 0",
        }
    )
    assert write_deal(record) == (
        '[Event "two lines"]\n'
        '[Variant "bonus-aces,must-trump"]\n'
        '[Start "trick 1; tens 0-0; tricks 0-0"]\n'
        '[Play "A"]\n'
        '[Annotator "Om \\"the owl\\"\\\\"]\n'
        '[Zebra "z"]'
    )
    [back] = read_string(write_string([record]), check=False)
    assert back.tags["Annotator"] == 'Om "the owl"\\'


def test_unreadable_values_are_kept_as_written() -> None:
    record = DealRecord({"Dealer": "Q", "Hands": "A:AKQ", "Trump": "hearts"})
    assert write_deal(record) == '[Dealer "Q"]\n[Trump "hearts"]\n[Hands "A:AKQ"]'


# -- what the writer must never do ----------------------------------------------------------
def test_a_deal_with_errors_is_written_back_untouched() -> None:
    broken = '[Event  "broken"]\n[Play "A"]\n% a note\n1. a: th  7X { odd }'
    good = HEADER + CANONICAL_TAGS + "1. A: TH KH\n"
    records = read_string(good + "\n" + broken + "\n")
    assert records[1].errors
    assert write_string(records) == good + "\n" + broken + "\n"


def test_a_record_built_by_a_program_writes_and_reads_back_equal() -> None:
    record = DealRecord(
        {
            "Hands": "d:K9874.642.98.AJ8 A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762",
            "Play": "A",
            "Dealer": "D",
            "TrumpMethod": "drawn",
            "Trump": "s",
        }
    )
    record.comments.append("a model deal")
    node = None
    for trick in MAIN_TRICKS:
        for text in trick.split(":")[1].split():
            node = record.add_main(card(text)) if node is None else node.add_main(card(text))
    first = record.variations[0]
    first.nags.append(1)
    record.add_variation(card("3H")).comments.append("safer")
    text = write_string([record])
    assert text == (
        HEADER
        + CANONICAL_TAGS
        + "{ a model deal }\n1. A: TH! ( 1. A: 3H { safer } ) KH AH 2H\n"
        + "\n".join(MAIN_TRICKS[1:])
        + "\n"
    )
    [back] = read_string(text)
    assert back.errors == []
    assert record_shape(back) == record_shape(record)


def test_random_legal_deals_and_positions_round_trip() -> None:
    rng = random.Random(11)
    for i in range(60):
        if i % 2:
            record = generate.random_deal(rng, annotate=True)
        else:
            record = generate.random_position(rng, annotate=True)
        text = write_string([record])
        [back] = read_string(text)
        assert back.errors == [], (text, back.errors)
        assert record_shape(back) == record_shape(record), text
        assert write_string([back]) == text


# -- files -----------------------------------------------------------------------------------
def test_file_layout() -> None:
    assert write_string([]) == HEADER
    one = DealRecord({"Event": "x"})
    assert write_string([one, DealRecord(), one]) == HEADER + '[Event "x"]\n\n[Event "x"]\n'


def test_write_deals_to_every_kind_of_target(tmp_path: Path) -> None:
    records = read_string(FORMAT_EXAMPLE + "\n" + FORMAT_EXAMPLE)
    expected = FORMAT_EXAMPLE + "\n" + FORMAT_EXAMPLE.split("\n", 1)[1]
    path = tmp_path / "out.pmn"
    write_deals(records, path)
    assert path.read_bytes() == expected.encode()
    write_deals(iter(records), str(path))
    assert path.read_text(encoding="utf-8") == expected
    text_handle = io.StringIO()
    write_deals(records, text_handle)
    assert text_handle.getvalue() == expected
    binary = io.BytesIO()
    write_deals(records, binary)
    assert binary.getvalue() == expected.encode() and not binary.closed
