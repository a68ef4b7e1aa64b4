"""The PMN reader: what it builds, and every problem it reports with its place."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from pmn_examples import DEAL_TAGS, FORMAT_EXAMPLE, MAIN_TRICKS, POSITION_EXAMPLE, deal

import mendikot_replay.pmn.check  # noqa: F401  (the checker replays what is read: it must import)
from mendikot_replay.core.cards import card
from mendikot_replay.core.rules import VARIANT_FLAGS, TrumpMethod
from mendikot_replay.pmn import reader as pmn_reader
from mendikot_replay.pmn.reader import read_deal, read_deals, read_string
from mendikot_replay.pmn.record import DealRecord, PMNError, Problem


def errors(record: DealRecord) -> list[tuple[int | None, int | None, str]]:
    return [(p.line, p.col, p.message) for p in record.errors]


def only_error(text: str) -> tuple[int | None, int | None, str]:
    """The one problem the reader (without the replay) finds in a one-deal text."""
    [record] = read_string(text, check=False)
    assert len(record.errors) == 1, record.errors
    return errors(record)[0]


# -- what a good deal becomes ---------------------------------------------------------------
def test_format_example_reads_without_problems() -> None:
    [record] = read_string(FORMAT_EXAMPLE)
    assert record.errors == [] and record.warnings == []
    assert record.index == 1 and record.line == 2
    assert record.tags["Event"] == "Thursday club" and record.tags["Tricks"] == "5-8"
    main = record.mainline()
    assert [str(n.card) for n in main[:4]] == ["TH", "KH", "AH", "2H"]
    assert len(main) == 52 and main[-1].card is card("8H")
    assert main[2].comments == ["C's ace takes the ten for A/C [%point ten-captured TH C]"]
    ten = main[11]
    assert ten.card is card("TD") and ten.nags == [1, 21] and ten.glyph() == "!"
    assert ten.comments == ["A drops the ten under partner's ace"]
    assert (ten.line, ten.col) == (21, 16)
    assert main[0].marker == (1, "A") and main[1].marker is None
    assert main[-4].marker == (13, "B") and (main[-4].line, main[-4].col) == (31, 8)
    assert record.source == FORMAT_EXAMPLE.split("\n", 1)[1].rstrip("\n")
    setup = record.setup
    assert setup is not None and setup.dealer == "D" and setup.first_leader == "A"
    assert setup.trump is not None and setup.trump.letter == "S"
    assert setup.rules.trump_method is TrumpMethod.DRAWN
    assert card("AS") in (setup.hands["A"] or ())


def test_the_checker_fills_in_seats_and_tricks() -> None:
    [record] = read_string(FORMAT_EXAMPLE)
    main = record.mainline()
    assert [(n.seat, n.trick, n.position) for n in main[:5]] == [
        ("A", 1, 0),
        ("B", 1, 1),
        ("C", 1, 2),
        ("D", 1, 3),
        ("C", 2, 0),
    ]
    assert record.timeline is not None


def test_check_false_skips_the_replay() -> None:
    [record] = read_string(FORMAT_EXAMPLE, check=False)
    assert record.timeline is None and record.mainline()[0].seat is None


def test_position_example_puts_the_table_card_in_the_setup() -> None:
    [record] = read_string(POSITION_EXAMPLE)
    assert record.errors == []
    setup = record.setup
    assert setup is not None and setup.start is not None
    assert setup.start.trick == 10 and setup.start.tens == (1, 0) and setup.start.tricks == (7, 2)
    assert setup.start.table == (("B", card("5S")),)
    assert setup.first_leader == "B" and setup.dealer is None
    assert record.variations == []  # 5S was on the table: it is not a move of the record
    assert card("5S") not in (setup.hands["B"] or ())


def test_position_play_continues_after_the_table_cards() -> None:
    text = POSITION_EXAMPLE.replace("10. B: 5S", "10. B: 5S {cover?} KS ( 9S? ) QS 8D")
    [record] = read_string(text)
    assert record.errors == []
    assert [str(n.card) for n in record.mainline()] == ["KS", "QS", "8D"]
    assert [str(n.card) for n in record.variations] == ["KS", "9S"]
    assert record.comments == ["cover?"]  # a comment on a table card is kept, on the deal
    assert record.variations[0].parent is None


def test_annotations_on_a_table_card_are_errors() -> None:
    text = POSITION_EXAMPLE.replace("10. B: 5S", "10. B: 5S! KS")
    [record] = read_string(text, check=False)
    [(line, col, message)] = errors(record)
    assert (line, col) == (7, 8) and "already on the table" in message


def test_closed_position_with_hidden_card() -> None:
    text = (
        '[TrumpMethod "Closed"]\n'
        '[Start "trick 13; tens 2-1; tricks 6-6; hidden D:2C"]\n'
        '[Hands "A:T... B:2... C:3... D:...2"]\n'
        '[Play "A"]\n'
        "13. A: TS 2S 3S 2C\n"
    )
    [record] = read_string(text, check=False)
    assert record.errors == []
    assert record.setup is not None
    assert record.setup.trump is None and record.setup.trump_card is card("2C")
    assert record.setup.hidden_holder == "D"


def test_comment_before_the_first_card_belongs_to_the_deal() -> None:
    text = deal("{ about the deal } 1. A: { still the deal } TH KH AH 2H *")
    [record] = read_string(text, check=False)
    assert record.comments == ["about the deal", "still the deal"]
    assert record.unfinished and len(record.mainline()) == 4


def test_variation_is_an_alternative_to_the_card_before_it() -> None:
    text = deal("1. A: TH { first } ( 2H { low } ) KH ( 3H ( 4H ) 6H ) AH 2H")
    [record] = read_string(text, check=False)
    assert record.errors == []
    first = record.variations
    assert [str(n.card) for n in first] == ["TH", "2H"]  # 2H replaces the first card
    assert first[1].parent is None and first[1].comments == ["low"]
    th = first[0]
    assert [str(n.card) for n in th.variations] == ["KH", "3H", "4H"]
    assert [str(n.card) for n in th.variations[1].variations] == ["6H"]
    assert th.variations[1].variations[0].parent is th.variations[1]


def test_comment_at_the_start_of_a_variation_is_a_starting_comment() -> None:
    text = deal("1. A: TH KH AH 2H ( { instead } 6H ) 2. C: JS")
    [record] = read_string(text, check=False)
    alternative = record.variations[0].variations[0].variations[0].variations[1]
    assert alternative.card is card("6H") and alternative.starting_comments == ["instead"]
    assert alternative.comments == []


def test_variation_may_start_a_trick_with_its_marker() -> None:
    text = deal("1. A: TH KH AH 2H 2. C: JS ( 2. C: 7C 8S ) 8S")
    [record] = read_string(text, check=False)
    assert record.errors == []
    alternative = record.mainline()[3].variations[1]
    assert alternative.card is card("7C") and alternative.marker == (2, "C")


def test_reveal_and_revoke_prefixes_and_unknown_cards() -> None:
    text = deal("1. A: ^TTH ^RKH ^T^RAH --")
    [record] = read_string(text, check=False)
    main = record.mainline()
    assert [(n.reveal_request, n.revoke) for n in main] == [
        (True, False),
        (False, True),
        (True, True),
        (False, False),
    ]
    assert main[3].card is None and (main[3].line, main[3].col) == (4, 24)


def test_nags_and_glyphs_keep_their_order() -> None:
    text = deal("1. A: TH?! $20 $2 KH!! AH?? $7 2H!?")
    main = read_string(text, check=False)[0].mainline()
    assert [n.nags for n in main] == [[6, 20, 2], [3], [4, 7], [5]]


def test_a_trick_may_be_written_without_its_marker() -> None:
    text = deal("1. A: TH KH AH 2H", "JS 8S 3S QS", "3. B: QD")
    [record] = read_string(text, check=False)
    assert record.errors == [] and len(record.mainline()) == 9


# -- lenient import -------------------------------------------------------------------------
def test_lenient_tags_and_cards() -> None:
    text = (
        '[play "A"]  [Trump   "s"] [TrumpMethod "drawn"][Dealer "d"]\n'
        '[Hands "d:K9874.642.98.AJ8 a:A63.10 9853.T63.95 B:Q2.K.KQJ42.KQT43 '
        'C:JT5.AQJ7.A75.762"]\n'
        "1.A:10♥ kh  Ah 2♥\n"
    )
    [record] = read_string(text, check=False)
    # "play" is not "Play" (names are case-sensitive), and a hand may not hold a space
    assert [m for _, _, m in errors(record)] == [
        "missing required tag Play",
        "Hands: a hand is four suits separated by dots (S.H.D.C), got 2 part(s) in 'A63.10'",
    ]
    fixed = text.replace("[play", "[Play").replace(".10 9853", ".109853")
    [record] = read_string(fixed, check=False)
    assert record.errors == []
    assert [str(n.card) for n in record.mainline()] == ["TH", "KH", "AH", "2H"]
    assert record.mainline()[0].marker == (1, "A")


def test_tag_value_escapes() -> None:
    text = '[Event "say \\"hi\\" \\\\ there \\n"]\n' + deal("1. A: TH")
    [record] = read_string(text, check=False)
    assert record.tags["Event"] == 'say "hi" \\ there \\n'


def test_comment_escapes_and_lines() -> None:
    text = deal("1. A: TH { a \\} b \\\\ c \\x", "% not a header inside a comment", "end }")
    [record] = read_string(text, check=False)
    assert record.errors == []
    assert record.mainline()[0].comments == ["a } b \\ c \\x\n% not a header inside a comment\nend"]


def test_a_comment_among_the_tags_is_about_the_deal() -> None:
    text = '{ before } [Event "x"]\n{ between }\n' + deal("{ after } 1. A: TH")
    [record] = read_string(text, check=False)
    assert record.errors == [] and record.tags["Event"] == "x"
    assert record.comments == ["before", "between", "after"]


def test_percent_lines_are_ignored_outside_comments() -> None:
    text = "% PMN 1.0\n% a note\n" + deal("1. A: TH KH", "% another note", "AH 2H")
    [record] = read_string(text, check=False)
    assert record.errors == [] and len(record.mainline()) == 4
    assert record.line == 3  # the deal starts after the leading % lines


# -- syntax errors, each with its place -------------------------------------------------------
@pytest.mark.parametrize(
    ("play", "expected"),
    [
        ("1. A: TH KH 7X 2H", (4, 13, "trick 1: '7X' is not a card")),
        ("1. A: TH KH AH 2H 3. C: JS", (4, 19, "trick marker says 3., but this is trick 2")),
        (
            "1. A: TH KH 2. C: AH",
            (4, 1, "trick 1 has 2 cards, not 4: 2 missing (each player plays one card to a trick)"),
        ),
        (
            "1. A: TH KH AH 2H 6H 2. C: AH",
            (
                4,
                19,
                "trick 1 has 5 cards, not 4: 1 too many (each player plays one card to a trick)",
            ),
        ),
        ("1. A: TH { never closed", (4, 10, "unclosed comment: the file ends")),
        ("1. A: TH ( KH", (4, 10, "unclosed variation: the file ends")),
        ("1. A: TH KH )", (4, 13, "')' without '('")),
        ("1. A: TH } KH", (4, 10, "'}' without its opening '{'")),
        ("1. A: $21 TH", (4, 7, "$21 must follow the card it is about")),
        ("1. A: TH $x", (4, 10, "'$' must be followed by a NAG number, like $21")),
        ("( TH ) 1. A: TH", (4, 1, "a variation must follow the card it replaces")),
        ("1. A: TH ( KH * )", (4, 15, "'*' ends the play and cannot stand inside a variation")),
        ("1. A: TH * KH", (4, 12, "nothing may follow '*': it ends the play")),
        ("1. A: ^T TH", (4, 7, "trick 1: ^T must be written directly before its card, like ^T7S")),
        ("1. A: ^R^TTH", (4, 7, "trick 1: '^R^TTH': write ^T before ^R")),
        ("1. A: TH !", (4, 10, "trick 1: the glyph '!' must be attached to its card, like TH!")),
        ("1. A: TH ( )", (4, 10, "empty variation: '( … )' must hold at least one card")),
        (
            "1. A: TH 3. B: KH",
            (
                4,
                10,
                "trick marker 3. B: in the middle of trick 1 (after 1 card): "
                "a marker starts a trick",
            ),
        ),
        (
            "1. A: TH KH 1. A: AH",  # the trick's own marker again, not cards one too many
            (
                4,
                13,
                "trick marker 1. A: in the middle of trick 1 (after 2 cards): "
                "a marker starts a trick",
            ),
        ),
        ("1. A:", (4, 1, "trick marker 1. A: is not followed by a card")),
        ("1. Z: TH", (4, 1, "trick marker 1. Z: 'Z' is not a seat of this table")),
        (
            "1. Asha: TH",
            (
                4,
                1,
                "trick marker 1. Asha: write the leader as the seat letter, A; names go in "
                'tags like [A "Asha"]',
            ),
        ),
        (
            "1.Zed : TH",
            (
                4,
                1,
                "trick marker 1. Zed: 'Zed' is not a seat of this table: write the leader's "
                "seat letter, A to D",
            ),
        ),
        ('1. A: TH [Event "late"]', (4, 10, "a tag must come before the play section")),
    ],
)
def test_syntax_error_place_and_message(play: str, expected: tuple[int, int, str]) -> None:
    assert only_error(deal(play)) == expected


def test_unclosed_comment_ended_by_a_blank_line() -> None:
    text = deal("1. A: TH { oops") + "\n" + deal("1. A: TH")
    first, second = read_string(text, check=False)
    assert errors(first) == [(4, 10, "unclosed comment: a blank line ends the deal")]
    assert second.errors == [] and second.index == 2 and second.line == 6


def test_bad_tag_lines() -> None:
    text = '[Event "x]\n[Site  \n[Event "a"] [Event "b"]\n[ "x"]\n' + deal("1. A: TH")
    [record] = read_string(text, check=False)
    assert errors(record) == [
        (1, 1, 'tag line: expected [Name "value"]'),
        (2, 1, 'tag line: expected [Name "value"]'),
        (3, 13, "tag Event is given twice"),
        (4, 1, 'tag line: expected [Name "value"]'),
    ]
    assert record.tags["Event"] == "a"


def test_one_deal_reports_all_its_problems() -> None:
    text = deal("1. A: TH 7X KH", "2. C: AH ZZ 2H")
    [record] = read_string(text, check=False)
    # 7X stands where a card goes, so trick 1 has three cards: one is missing.
    assert errors(record) == [
        (4, 10, "trick 1: '7X' is not a card"),
        (4, 1, "trick 1 has 3 cards, not 4: 1 missing (each player plays one card to a trick)"),
        (5, 10, "trick 2: 'ZZ' is not a card"),
    ]


def test_a_name_for_the_seat_is_one_error_and_its_cards_are_the_tricks() -> None:
    text = deal(*MAIN_TRICKS[:4]).replace("2. C:", "2. Chetan:")
    [record] = read_string(text, check=False)
    assert errors(record) == [
        (
            5,
            1,
            "trick marker 2. Chetan: write the leader as the seat letter, C; names go in tags "
            'like [C "Chetan"]',
        )
    ]
    main = record.mainline()
    assert [str(n.card) for n in main[4:8]] == ["JS", "8S", "3S", "QS"]
    assert main[4].marker is None  # no seat to check the leader against
    assert main[8].marker == (3, "B") and main[12].marker == (4, "C")


def test_a_trick_short_of_a_card_is_one_error_not_one_per_later_trick() -> None:
    tricks = [MAIN_TRICKS[0].rsplit(" ", 1)[0], *MAIN_TRICKS[1:6]]  # trick 1 without 2H
    [record] = read_string(deal(*tricks), check=False)
    assert errors(record) == [
        (4, 1, "trick 1 has 3 cards, not 4: 1 missing (each player plays one card to a trick)")
    ]
    main = record.mainline()
    assert len(main) == 23 and main[3].marker == (2, "C") and main[-4].marker == (6, "A")


def test_tag_problems_point_at_their_tag() -> None:
    text = deal("1. A: TH", tags=DEAL_TAGS + '[Variant "no-revoke"]\n')
    [record] = read_string(text, check=False)
    assert errors(record) == [
        (4, 1, f"Variant: unknown house rule 'no-revoke' (known: {', '.join(VARIANT_FLAGS)})")
    ]
    assert record.setup is None


def test_missing_required_tag_points_at_the_deal() -> None:
    text = '[TrumpMethod "None"]\n[Hands "A:- B:- C:- D:-"]\n[Play "A"]\n1. A: TH\n'
    assert only_error(text) == (1, 1, "missing required tag Dealer")


def test_a_broken_deal_does_not_lose_its_neighbours() -> None:
    good = "\n".join(FORMAT_EXAMPLE.splitlines()[1:]) + "\n"
    broken = '[Event "broken"]\n[Play "A"\n1. A: TH {\n'
    text = good + "\n" + broken + "\n\n" + good
    records = read_string(text)
    assert [r.index for r in records] == [1, 2, 3]
    assert records[0].errors == [] and records[2].errors == []
    assert len(records[0].mainline()) == len(records[2].mainline()) == 52
    assert records[1].line == 32
    assert errors(records[1])[:2] == [
        (33, 1, 'tag line: expected [Name "value"]'),
        (34, 10, "unclosed comment: a blank line ends the deal"),
    ]
    assert all(p.deal == 2 for p in records[1].errors)
    assert records[1].source == broken.rstrip("\n")
    assert records[2].line == 37


# -- versions ------------------------------------------------------------------------------
def test_newer_minor_version_warns_on_the_first_deal_only() -> None:
    text = "% PMN 1.3\n" + deal("1. A: TH") + "\n" + deal("1. A: TH")
    first, second = read_string(text, check=False)
    assert [(w.line, w.col, w.severity) for w in first.warnings] == [(1, 1, "warning")]
    assert "PMN 1.3" in first.warnings[0].message and first.warnings[0].deal == 1
    assert second.warnings == [] and first.errors == [] and second.errors == []


def test_newer_major_version_is_refused() -> None:
    with pytest.raises(PMNError) as info:
        read_string("% PMN 2.0\n" + deal("1. A: TH"))
    assert info.value.problem.line == 1 and "2.0" in info.value.problem.message


def test_missing_or_unreadable_version() -> None:
    assert read_string(deal("1. A: TH"), check=False)[0].warnings == []
    [record] = read_string("% PMN one\n" + deal("1. A: TH"), check=False)
    assert record.errors == [] and "cannot read the PMN version" in record.warnings[0].message


# -- bytes: line endings, BOM, bad UTF-8 ------------------------------------------------------
def test_crlf_and_bom_are_accepted() -> None:
    data = ("\ufeff" + FORMAT_EXAMPLE).replace("\n", "\r\n").encode("utf-8")
    [record] = read_deals(io.BytesIO(data), check=False)
    assert record.errors == [] and len(record.mainline()) == 52
    assert (record.mainline()[11].line, record.mainline()[11].col) == (21, 16)
    [first_line] = read_deals(io.BytesIO(b"\xef\xbb\xbf" + deal("1. A: TH").encode()), check=False)
    assert first_line.tags["Dealer"] == "D"


def test_invalid_utf8_is_an_error_at_its_place() -> None:
    bad = deal("1. A: TH { caf\xe9 }").encode("utf-8").replace("\xe9".encode(), b"\xe9")
    data = bad + b"\n" + deal("1. A: TH").encode()
    first, second = read_deals(io.BytesIO(data), check=False)
    assert errors(first) == [
        (4, 15, "invalid UTF-8: the bytes here are not text (shown as \ufffd)")
    ]
    assert first.mainline()[0].comments == ["caf\ufffd"]
    assert second.errors == []


def test_only_pmn_error_escapes_whatever_the_bytes() -> None:
    rng = random.Random(2024)
    pieces = [
        b"[",
        b"]",
        b'"',
        b"{",
        b"}",
        b"(",
        b")",
        b"\n",
        b"\n\n",
        b"1. A:",
        b"TH",
        b"\\",
        b"$",
        b"*",
        b"%",
        b"\xff",
        b"\r",
        b" ",
        b'[Start "trick 2"]',
        b"^T",
        b"--",
    ]
    for _ in range(300):
        data = FORMAT_EXAMPLE.encode()
        for _ in range(rng.randint(1, 8)):
            at = rng.randrange(len(data))
            data = data[:at] + rng.choice(pieces) + data[at + rng.randint(0, 3) :]
        try:
            records = list(read_deals(io.BytesIO(data)))
        except PMNError:
            continue
        for record in records:
            assert all(isinstance(p, Problem) and p.line is not None for p in record.errors)


# -- sources -------------------------------------------------------------------------------
def test_every_kind_of_source(tmp_path: Path) -> None:
    path = tmp_path / "two.pmn"
    text = FORMAT_EXAMPLE + "\n" + deal("1. A: TH")
    path.write_text(text, encoding="utf-8")
    for source in (path, str(path), io.StringIO(text), io.BytesIO(text.encode())):
        records = list(read_deals(source, check=False))
        assert [len(r.mainline()) for r in records] == [52, 1], source
    assert [len(r.mainline()) for r in read_string(text, check=False)] == [52, 1]


def test_a_string_is_always_a_path_to_read_deals(tmp_path: Path) -> None:
    """No guessing: PMN text handed to read_deals is refused with the way to read it, and a
    file whose name looks like PMN is still read as a file."""
    text = deal("1. A: TH")
    with pytest.raises(PMNError, match=r"looks like PMN text.*read_string"):
        list(read_deals(text))
    odd = tmp_path / "[odd name].pmn"
    odd.write_text(text, encoding="utf-8")
    assert len(list(read_deals(str(odd)))) == 1
    with pytest.raises(PMNError, match="No such file"):
        list(read_deals(str(tmp_path / "missing.pmn")))


def test_read_deal_continues_on_an_open_file() -> None:
    handle = io.BytesIO((FORMAT_EXAMPLE + "\n\n" + deal("1. A: TH")).encode())
    first = read_deal(handle, check=False)
    second = read_deal(handle, check=False)
    assert first is not None and len(first.mainline()) == 52
    assert second is not None and len(second.mainline()) == 1
    assert read_deal(handle, check=False) is None


def test_a_text_file_that_cannot_decode_is_a_pmn_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.pmn"
    path.write_bytes(deal("1. A: TH").encode() + b"\n" + deal("1. A: TH").encode() + b"{ caf\xe9 }")
    with open(path, encoding="utf-8") as handle, pytest.raises(PMNError, match="binary mode"):
        list(read_deals(handle, check=False))


def test_a_missing_file_is_a_pmn_error(tmp_path: Path) -> None:
    with pytest.raises(PMNError, match="cannot open"):
        list(read_deals(tmp_path / "nowhere.pmn"))


def test_too_long_a_deal_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pmn_reader, "MAX_DEAL_LINES", 20)
    long_deal = deal(*MAIN_TRICKS)  # 5 + 13 lines: fine
    too_long = deal(*MAIN_TRICKS, *["{ padding }"] * 10)
    records = read_string(long_deal + "\n" + too_long + "\n" + long_deal, check=False)
    assert [len(r.mainline()) for r in records] == [52, 0, 52]
    assert records[1].source is None and records[1].tags == {}
    assert errors(records[1])[0][:2] == (18, 1) and "too long" in errors(records[1])[0][2]
    assert records[2].errors == [] and records[2].index == 3


def test_a_line_without_end_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pmn_reader, "MAX_DEAL_CHARS", 1000)
    data = b"{" + b"x" * 10_000 + b"\n\n" + deal("1. A: TH").encode()
    first, second = read_deals(io.BytesIO(data), check=False)
    assert "too long" in first.errors[0].message
    assert second.errors == [] and second.line == 3


def test_a_wrong_dealer_in_a_match_is_a_warning_at_the_dealer_tag() -> None:
    """Deals sharing a Match tag are followed in file order: a Dealer the rules do not give
    after the previous deal is reported (as a warning: the deal itself still loads)."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "sample_games" / "match-thursday-club.pmn").read_text()
    clean = read_string(text)
    assert all(not r.warnings and not r.errors for r in clean)
    second = clean[1]
    right = second.tags["Dealer"]
    wrong = next(seat for seat in "ABCD" if seat != right)
    line = second.tag_places["Dealer"][0]
    lines = text.split("\n")
    assert lines[line - 1] == f'[Dealer "{right}"]'
    lines[line - 1] = f'[Dealer "{wrong}"]'
    records = read_string("\n".join(lines))
    assert len(records) == len(clean)
    problems = [w for r in records for w in r.warnings]
    # The first lead is no longer from the dealer's right: that is an error of the deal.
    assert any("dealer" in e.message for e in records[1].errors), records[1].errors
    assert any(
        w.line == line and w.deal == 2 and f"Dealer is {wrong}" in w.message and right in w.message
        for w in problems
    ), problems


def test_a_match_under_partner_deals_expects_the_partner_after_a_loss() -> None:
    """The same match read under the ``partner-deals`` house rule: A dealt the first deal
    and A/C lost, so C (A's partner) should deal the second, not A again."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "sample_games" / "match-thursday-club.pmn").read_text()
    flagged = text.replace('[Scoring "plain"]', '[Scoring "plain"]\n[Variant "partner-deals"]')
    records = read_string(flagged)
    assert all(r.setup is not None and r.setup.rules.partner_deals for r in records)
    line = records[1].tag_places["Dealer"][0]
    warnings = [w for w in records[1].warnings if "Dealer is A" in w.message]
    assert [w.line for w in warnings] == [line] and "the rules give C" in warnings[0].message


def test_the_house_rules_sample_match_reads_as_the_docs_tell_it() -> None:
    """docs/rules.md and docs/format.md's example: under partner-deals and graded points the
    match reads with no warning and ends 3-2; without the Variant tag the reader expects C
    to deal the second deal again."""
    from pathlib import Path

    from mendikot_replay.pmn.check import MatchTracker

    path = Path(__file__).parent.parent / "sample_games" / "match-house-rules.pmn"
    text = path.read_text(encoding="utf-8")
    tracker = MatchTracker()
    records = list(read_deals(io.StringIO(text), matches=tracker))
    assert [r.tags["Dealer"] for r in records] == ["C", "A", "B"]
    assert all(not r.warnings and not r.errors for r in records)
    register = tracker.register("sim-25-1")
    assert register is not None and register.points == {"AC": 3, "BD": 2} and register.finished
    plain = read_string(text.replace('[Variant "partner-deals"]\n', ""))
    assert [w.message for w in plain[1].warnings if "the rules give C" in w.message]


def test_the_split_tens_sample_is_won_by_the_side_that_did_not_deal() -> None:
    """docs/rules.md's example of split-tens-non-dealer: clean under its own rule; read by the
    usual rule its Result is an error (B/D have 11 tricks)."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "sample_games" / "dehla-split-tens.pmn"
    text = path.read_text(encoding="utf-8")
    (record,) = read_string(text)
    assert not record.errors and not record.warnings
    assert record.timeline is not None and record.timeline.result is not None
    assert record.timeline.result.reason == "2-2 tens: A/C did not deal"
    (usual,) = read_string(text.replace('[Variant "split-tens-non-dealer"]\n', ""))
    assert [e.message for e in usual.errors] == ["Result says AC win, play gives BD win"]


def test_the_streak_sample_reads_by_its_own_rule() -> None:
    """docs/rules.md's example of streak-goes-on: clean under its own rule; by the common rule
    the same cards give B/D all four tens, and its Result and Tens tags are errors."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "sample_games" / "dehla-streak-goes-on.pmn"
    text = path.read_text(encoding="utf-8")
    (record,) = read_string(text)
    assert not record.errors and record.tags["Result"] == "BD win"
    (usual,) = read_string(text.replace('[Variant "streak-goes-on"]\n', ""))
    assert [e.message for e in usual.errors][:2] == [
        "Result says BD win, play gives BD mendikot",
        "Tens says 1-3, play gives 0-4",
    ]


def test_under_lead_after_holder_the_holder_sets_aside_and_the_next_player_leads() -> None:
    """docs/rules.md's example of lead-after-holder: D deals, A (on D's right) sets the trump
    aside, B leads. A Play tag naming A, or a TrumpCard held by B, is an error at its tag
    that says who should; the same deal without the flag wants A to lead."""
    from pathlib import Path

    path = Path(__file__).parent.parent / "sample_games" / "closed-lead-after-holder.pmn"
    text = path.read_text(encoding="utf-8")
    (record,) = read_string(text)
    assert not record.errors and record.setup is not None
    assert (record.setup.first_leader, record.setup.hidden_holder) == ("B", "A")
    (wrong,) = read_string(text.replace('[Play "B"]', '[Play "A"]'))
    assert "Play: the first lead is by B, the player after A, who holds the trump, not by A" in [
        e.message for e in wrong.errors
    ]
    (usual,) = read_string(text.replace('[Variant "lead-after-holder"]\n', ""))
    assert "Play: the first lead is by A, the player after the dealer D, not by B" in [
        e.message for e in usual.errors
    ]
    trick_one = text.split('[Play "B"]')[1]
    assert "1. B:" in trick_one


def test_a_position_under_split_tens_non_dealer_needs_its_dealer() -> None:
    """Who wins a 2-2 split hangs on who dealt: a position that leaves the Dealer out is
    refused under the rule, at its Variant tag, and reads with it."""
    ending = (
        '[TrumpMethod "None"]\n[Variant "split-tens-non-dealer"]\n'
        '[Start "trick 13; tens 2-1; tricks 6-6"]\n[Hands "A:T... B:A... C:.2.. D:..2."]\n'
        '[Play "A"]\n13. A: TS AS 2H 2D\n'
    )
    (record,) = read_string(ending)
    assert [(e.line, e.message) for e in record.errors][:1] == [
        (
            2,
            "Variant: split-tens-non-dealer needs the Dealer tag (a 2-2 split goes to the "
            "side that did not deal)",
        )
    ]
    (dealt,) = read_string('[Dealer "D"]\n' + ending)
    assert not dealt.errors
    assert dealt.timeline is not None and dealt.timeline.result is not None
    assert dealt.timeline.result.tag == "AC win"  # 2-2: A/C did not deal, B/D won 7 tricks


def test_pick_deal_reads_no_further_and_says_how_many_there_are() -> None:
    from mendikot_replay.pmn.reader import NoSuchDeal, pick_deal

    read: list[int] = []

    def deals() -> Iterator[DealRecord]:
        for n in range(1, 4):
            read.append(n)
            record = DealRecord({"Deal": str(n)})
            yield record

    assert pick_deal(deals(), 2, "x.pmn").tags["Deal"] == "2"
    assert read == [1, 2]  # deal 3 was never read
    with pytest.raises(
        NoSuchDeal, match=r"^x\.pmn has 3 deals: there is no deal 7 \(deals 1 to 3\)$"
    ):
        pick_deal(deals(), 7, "x.pmn")
    with pytest.raises(NoSuchDeal, match=r"has 0 deals: there is no deal 1$"):
        pick_deal(iter([]), 1, "empty.pmn")
    with pytest.raises(ValueError, match="numbered from 1"):
        pick_deal(deals(), 0, "x.pmn")
