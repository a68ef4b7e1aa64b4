"""Replay errors of a read deal: each reported at the card or tag that causes it, with a plain
message, and never at the cost of the other deals of the file.

Each test breaks docs/format.md's worked example in one place and sandwiches it between two
good copies, so that every case also shows that the neighbours still load intact.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE

from mendikot_replay.pmn.check import check_record
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord

ROOT = Path(__file__).resolve().parent.parent

BODY = FORMAT_EXAMPLE.split("\n", 1)[1]  # without the "% PMN 1.0" line
LINES = BODY.rstrip("\n").split("\n")
DEAL_LINES = len(LINES) + 1  # with the blank line that ends it


def line_of(prefix: str) -> int:
    """1-based line of the middle deal (of three) that starts with ``prefix``."""
    index = next(i for i, text in enumerate(LINES) if text.startswith(prefix))
    return 1 + DEAL_LINES + index + 1  # the "% PMN" line, the first deal, then this line


def sandwich(old: str, new: str, *more: tuple[str, str]) -> list[DealRecord]:
    """The example, broken by replacing ``old`` with ``new`` (and each pair of ``more``),
    between two good copies of it."""
    broken = BODY
    for before, after in ((old, new), *more):
        assert broken.count(before) == 1, before
        broken = broken.replace(before, after)
    records = read_string("% PMN 1.0\n" + BODY + "\n" + broken + "\n" + BODY)
    assert len(records) == 3
    for good in (records[0], records[2]):
        assert good.errors == [] and good.timeline is not None
        assert good.timeline.result is not None and good.timeline.result.tag == "AC win"
    return records


def only_error(record: DealRecord) -> tuple[int | None, int | None, int | None, str]:
    assert len(record.errors) == 1, record.errors
    problem = record.errors[0]
    return problem.line, problem.col, problem.deal, problem.message


def test_a_card_the_player_does_not_hold() -> None:
    # Trick 6: A leads 5C, B 3C, C plays 2C... make C play 5D, which A holds, not C.
    records = sandwich("6. A: 5C 3C 2C 8C", "6. A: 5C 3C 6D 8C")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("6. A:"), 13, 2)
    assert message == "trick 6: C plays 6D, which is not in C's hand: A holds it"
    # The replay stops at the bad card: the timeline holds the tricks before it.
    timeline = records[1].timeline
    assert timeline is not None and timeline.result is None
    assert len(timeline.trick_winners) == 5


def test_a_revoke() -> None:
    # Trick 1, hearts led: D holds hearts (642) but plays a club.
    records = sandwich("{ C's ace takes the ten for A/C [%point ten-captured TH C] } 2H", "8C")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("1. A:"), 16, 2)
    assert message == "trick 1: D plays 8C while holding hearts (revoke)"


def test_a_revoke_knowingly_recorded_is_a_warning_not_an_error() -> None:
    # D holds spades but plays the six of hearts, and the record says it knows.
    records = sandwich("4. C: 5S 7S 6S 2S", "4. C: 5S ^R6H 6S 2S")
    record = records[1]
    assert [w.message for w in record.warnings] == [
        "trick 4: D revokes with 6H (recorded with ^R); at the table the trick is restored, "
        "or the deal redealt"
    ]
    assert (record.warnings[0].line, record.warnings[0].col) == (line_of("4. C:"), 10)
    # The replay goes on past the revoke: trick 4 now goes to A's six of trumps, so the
    # rest of the record (written for D winning it) no longer fits, and says where.
    assert [(e.message, e.line) for e in record.errors] == [
        ("trick 5: the line says D leads, but A won trick 4", line_of("5. D:"))
    ]


def test_a_revoke_mark_on_a_legal_card_is_an_error() -> None:
    records = sandwich("4. C: 5S 7S 6S 2S", "4. C: 5S ^R7S 6S 2S")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("4. C:"), 10, 2)
    assert message == "trick 4: D plays 7S marked ^R (revoke), but the card breaks no rule"


def test_a_trick_marker_naming_the_wrong_leader() -> None:
    records = sandwich("8. C: QH", "8. D: QH")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("8. C:"), 7, 2)
    assert message == "trick 8: the line says D leads, but C won trick 7"


@pytest.mark.parametrize(
    ("tag", "value", "message"),
    [
        ("Result", "BD win", "Result says BD win, play gives AC win"),
        ("Result", "*", "Result says * (unfinished), but the play is complete and gives AC win"),
        ("Tens", "2-2", "Tens says 2-2, play gives 3-1"),
        ("Tricks", "8-5", "Tricks says 8-5, play gives 5-8"),
        ("Tricks", "lots", "Tricks: 'lots' is not a count like '3-1'"),
    ],
)
def test_redundant_tags_are_checked_against_the_play(tag: str, value: str, message: str) -> None:
    old = next(text for text in LINES if text.startswith(f"[{tag} "))
    records = sandwich(old, f'[{tag} "{value}"]')
    assert only_error(records[1]) == (line_of(f"[{tag} "), 1, 2, message)


def test_a_value_agreed_at_the_table_is_not_checked() -> None:
    records = sandwich('[Result "AC win"]', '[Result "^BD win"]')
    assert records[1].errors == []


def test_result_of_an_incomplete_play() -> None:
    records = sandwich("13. B: JD 7D KS 8H\n", "")
    line, col, deal, message = only_error(records[1])
    assert message == "Result says AC win, but the play stops after 12 of 13 tricks"
    assert (line, col, deal) == (line_of("[Result "), 1, 2)


@pytest.mark.parametrize(
    ("played", "where"),
    [
        ("KC", "B holds it"),  # a card of another hand
        ("QS", "B played it in trick 2"),  # a card of an earlier trick
        ("5S", "C played it to this trick, on the table now"),  # the card just led
    ],
)
def test_a_card_not_in_the_hand_is_said_where_it_is(played: str, where: str) -> None:
    # Trick 4 is C: 5S 7S 6S 2S; D's card replaced by one D does not hold.
    records = sandwich("4. C: 5S 7S 6S 2S", f"4. C: 5S {played} 6S 2S")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("4. C:"), 10, 2)
    assert message == f"trick 4: D plays {played}, which is not in D's hand: {where}"


def test_an_illegal_card_in_a_variation() -> None:
    # Instead of TD, A could not play JS: A holds no jack of spades.
    records = sandwich("TD! $21", "TD! $21 ( JS )")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("3. B:"), 26, 2)
    assert (
        message
        == "in a variation: trick 3: A plays JS, which is not in A's hand: C played it in trick 2"
    )
    assert records[1].timeline is not None and records[1].timeline.result is not None


def test_an_unknown_card_stops_the_replay_with_a_warning() -> None:
    records = sandwich("13. B: JD 7D KS 8H", "13. B: JD -- KS 8H")
    record = records[1]
    messages = [w.message for w in record.warnings]
    assert messages == ["trick 13: an unknown card (--) cannot be replayed; the replay stops here"]
    assert record.warnings[0].line == line_of("13. B:")


def test_cut_trump_tag_is_checked_against_the_first_discard() -> None:
    text = (
        '[Dealer "D"]\n[TrumpMethod "Cut"]\n[Trump "H"]\n'
        '[Hands "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 '
        'D:K9874.642.98.AJ8"]\n[Play "A"]\n'
        "1. A: TH KH AH 2H\n2. C: 7H 6H 5H QD\n"
    )
    [record] = read_string(text)
    # B is void in hearts at trick 2 and discards QD: diamonds are trumps, not hearts.
    assert [e.message for e in record.errors] == ["Trump says H, but the first discard named D"]
    assert record.timeline is not None
    assert record.timeline.final is not None
    assert record.timeline.final.trump.card is not None
    assert str(record.timeline.final.trump.card) == "QD"


def test_hands_that_do_not_make_a_deal_are_reported_at_the_hands_tag() -> None:
    hands = next(text for text in LINES if text.startswith("[Hands "))
    records = sandwich(hands, hands.replace("A:A63", "A:A6"))
    messages = [e.message for e in records[1].errors]
    assert any("A" in m and "12" in m for m in messages), messages
    assert all(e.line == line_of("[Hands ") for e in records[1].errors)


def test_a_first_trick_marker_naming_the_wrong_leader() -> None:
    # A leads the first trick (the dealer is D); the line says B, and B does not hold TH.
    records = sandwich("1. A: TH", "1. B: TH")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("1. A:"), 7, 2)
    assert message == "trick 1: the line says B leads, but A leads first"


# -- a play that stops short -----------------------------------------------------------------

NO_RESULT = ('[Result "AC win"]\n', "")
STOPS = 'mark an unfinished deal with * or Result "*"'


def test_a_play_that_stops_short_is_a_warning_at_its_last_card() -> None:
    # The last card of the deal (B's 8H) was left out, and there is no Result to disagree.
    records = sandwich("13. B: JD 7D KS 8H", "13. B: JD 7D KS", NO_RESULT)
    record = records[1]
    assert record.errors == []
    [warning] = record.warnings
    assert (warning.message, warning.line, warning.col, warning.deal) == (
        f"the play stops after trick 13, card 3 (51 of 52 cards): {STOPS}",
        line_of("13. B:") - 1,  # the Result line is gone
        14,
        2,
    )


def test_a_play_that_stops_after_a_whole_trick() -> None:
    records = sandwich("13. B: JD 7D KS 8H\n", "", NO_RESULT)
    [warning] = records[1].warnings
    assert warning.message == f"the play stops after trick 12 (48 of 52 cards): {STOPS}"
    assert (warning.line, warning.col) == (line_of("12. D:") - 1, 17)  # at 6C


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("13. B: JD 7D KS 8H", "13. B: JD 7D KS *"),  # the play says it is unfinished
        ('[Result "AC win"]', '[Result "*"]'),
        ('[Result "AC win"]', '[Result "^AC win"]'),  # agreed at the table: a claim, say
    ],
)
def test_an_unfinished_deal_that_says_so_is_not_warned(old: str, new: str) -> None:
    more = [("13. B: JD 7D KS 8H", "13. B: JD 7D KS")] if "13." not in old else [NO_RESULT]
    record = sandwich(old, new, *more)[1]
    assert record.errors == [] and record.warnings == []


def test_a_result_that_the_short_play_contradicts_is_one_error_and_no_warning() -> None:
    record = sandwich("13. B: JD 7D KS 8H", "13. B: JD 7D KS")[1]
    assert only_error(record) == (
        line_of("[Result "),
        1,
        2,
        "Result says AC win, but the play stops after 12 of 13 tricks",
    )
    assert record.warnings == []


def test_a_position_counts_from_its_start() -> None:
    text = POSITION_EXAMPLE.replace("10. B: 5S", "10. B: 5S KS QS TC\n11. C: AC")
    [record] = read_string(text)
    assert record.errors == []
    [warning] = record.warnings
    assert warning.message == (
        "the play stops after trick 11, card 1 (4 of the 15 cards to play from the Start "
        f"position): {STOPS}"
    )
    assert (warning.line, warning.col) == (8, 8)  # at AC


def test_a_position_set_as_a_question_is_not_warned() -> None:
    # FORMAT.md's example: only the card on the table, no card played from the position.
    [record] = read_string(POSITION_EXAMPLE)
    assert record.errors == [] and record.warnings == []


# -- one slip, one error -------------------------------------------------------------------


def test_a_name_where_the_seat_letter_goes_is_one_error() -> None:
    records = sandwich("8. C: QH", "8. Chetan: QH")
    record = records[1]
    assert [(e.message, e.line, e.col, e.deal) for e in record.errors] == [
        (
            "trick marker 8. Chetan: write the leader as the seat letter, C; names go in tags "
            'like [C "Chetan"]',
            line_of("8. C:"),
            1,
            2,
        )
    ]
    assert record.warnings == []
    # The cards after it are still trick 8's, and the replay goes on to the end.
    main = record.mainline()
    assert [(n.trick, n.position, n.seat) for n in main[28:30]] == [(8, 0, "C"), (8, 1, "D")]
    assert record.timeline is not None and record.timeline.result is not None
    assert record.timeline.result.tag == "AC win"


def test_a_players_name_gives_that_players_seat() -> None:
    # Bilal sits at B: his name in the marker means B, whatever letter it starts with.
    records = sandwich('[B "Bilal"]', '[B "Rohan"]', ("3. B: QD", "3. Rohan: QD"))
    assert [(e.message, e.line, e.col) for e in records[1].errors] == [
        (
            "trick marker 3. Rohan: write the leader as the seat letter, B; names go in tags "
            'like [B "Rohan"]',
            line_of("3. B:"),
            1,
        )
    ]


def test_a_card_left_out_of_a_trick_is_one_error() -> None:
    # C's 2C is missing from trick 6: every later trick would start one card early.
    records = sandwich("6. A: 5C 3C 2C 8C", "6. A: 5C 3C 8C")
    record = records[1]
    assert [(e.message, e.line, e.col, e.deal) for e in record.errors] == [
        (
            "trick 6 has 3 cards, not 4: 1 missing (each player plays one card to a trick)",
            line_of("6. A:"),
            1,
            2,
        )
    ]
    assert record.warnings == []
    # The replay stops where the trick starts: the five tricks before it are intact.
    timeline = record.timeline
    assert timeline is not None and len(timeline.trick_winners) == 5
    assert timeline.error is not None and timeline.error.startswith("trick 6 does not have")
    assert timeline.error_ply == 20


def test_a_card_too_many_in_a_trick_is_one_error() -> None:
    records = sandwich("6. A: 5C 3C 2C 8C", "6. A: 5C 3C 2C 8C 9D")
    assert only_error(records[1]) == (
        line_of("6. A:"),
        19,  # the card too many
        2,
        "trick 6 has 5 cards, not 4: 1 too many (each player plays one card to a trick)",
    )
    timeline = records[1].timeline
    assert timeline is not None and len(timeline.trick_winners) == 6


def test_a_misspelt_card_is_one_error() -> None:
    # 3X stands in 3C's place: the replay does not go on to play 2C for B.
    records = sandwich("6. A: 5C 3C 2C 8C", "6. A: 5C 3X 2C 8C")
    assert only_error(records[1]) == (line_of("6. A:"), 10, 2, "trick 6: '3X' is not a card")


def test_a_card_left_out_in_a_variation_is_one_error() -> None:
    variation = "( 6D 4. C: 5S 7S 6S 5. D: 4S )"  # A keeps the ten; trick 4 lacks B's card
    records = sandwich("TD! $21", f"TD! $21 {variation}")
    record = records[1]
    text = next(t for t in record.source.splitlines() if variation in t)  # type: ignore[union-attr]
    assert [(e.message, e.line, e.col) for e in record.errors] == [
        (
            "trick 4 has 3 cards, not 4: 1 missing (each player plays one card to a trick)",
            line_of("3. B:"),
            text.index("4. C:") + 1,
        )
    ]
    assert record.timeline is not None and record.timeline.result is not None


def test_a_marker_out_of_step_in_a_record_made_by_a_program_is_reported() -> None:
    # Nobody read this record, so the replay says what the reader would have said.
    [record] = read_string(BODY, check=False)
    main = record.mainline()
    main[5].marker = (2, "C")  # in the middle of trick 2
    record.errors.clear()
    check_record(record)
    assert [(e.message, e.line) for e in record.errors] == [
        (
            "trick 2 does not have one card from each player: trick marker 2. C: comes after "
            "1 of its cards",
            main[5].line,
        )
    ]


# -- ^T on a lead ------------------------------------------------------------------------------

CLOSED_B = (ROOT / "sample_games" / "closed-trump-version-b.pmn").read_text(encoding="utf-8")
CLOSED_A = (ROOT / "sample_games" / "closed-trump-version-a.pmn").read_text(encoding="utf-8")
LEAD_ASK = "with ^T, but the leader cannot ask: no suit has been led yet"


@pytest.mark.parametrize(
    ("text", "old", "new", "message"),
    [
        (CLOSED_B, "5. C: KH", "5. C: ^TKH", f"trick 5: C leads KH {LEAD_ASK}"),
        (CLOSED_B, "1. B: AH", "1. B: ^TAH", f"trick 1: B leads AH {LEAD_ASK}"),  # the holder
        (CLOSED_A, "4. A: 3S", "4. A: ^T3S", f"trick 4: A leads 3S {LEAD_ASK}"),
    ],
)
def test_asking_for_the_closed_trump_on_a_lead(text: str, old: str, new: str, message: str) -> None:
    assert text.count(old) == 1
    body = text.split("\n", 1)[1]  # without "% PMN 1.0"
    first, broken, third = read_string(f"{text}\n{body.replace(old, new)}\n{body}")
    assert first.errors == [] and third.errors == [] and third.timeline is not None
    assert third.timeline.result is not None
    [error] = broken.errors
    assert broken.line is not None
    line = broken.line + next(i for i, t in enumerate(body.splitlines()) if t.startswith(old))
    assert (error.message, error.line, error.col, error.deal) == (message, line, 7, 2)


def test_asking_on_a_lead_in_a_variation() -> None:
    text = CLOSED_B.replace("5. C: KH JH 3H 6H", "5. C: KH ( ^TKH ) JH 3H 6H")
    [record] = read_string(text)
    assert [e.message for e in record.errors] == [f"in a variation: trick 5: C leads KH {LEAD_ASK}"]


def test_asking_without_a_closed_trump_says_there_is_none() -> None:
    # Nothing lies face down to be asked for: that is the reason to give, lead or not.
    records = sandwich("1. A: TH", "1. A: ^TTH")
    assert only_error(records[1])[3] == (
        "trick 1: A plays TH with ^T, but there is no face-down trump to reveal"
    )


def test_the_timeline_is_cleared_by_an_edit_of_the_play_not_by_a_comment() -> None:
    """record.timeline is the replay of the record as it is: it never outlives an edit."""
    from mendikot_replay.pmn.check import check_record
    from mendikot_replay.pmn.reader import read_string

    record = read_string(FORMAT_EXAMPLE)[0]
    timeline = record.timeline
    assert timeline is not None and len(timeline) == 53
    record.mainline()[3].comments.append("a note")  # annotations are not the replay
    record.mainline()[3].nags.append(21)
    assert record.timeline is timeline
    last = record.mainline()[-1]
    record.mainline()[-1].parent.variations.remove(last)  # type: ignore[union-attr]
    assert record.timeline is None  # the main line changed: the old replay is gone
    assert check_record(record) is record.timeline is not None
    assert len(record.timeline) == 52
    record.setup = None
    assert record.timeline is None
