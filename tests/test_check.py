"""Replay errors of a read deal: each reported at the card or tag that causes it, with a plain
message, and never at the cost of the other deals of the file.

Each test breaks docs/format.md's worked example in one place and sandwiches it between two
good copies, so that every case also shows that the neighbours still load intact.
"""

from __future__ import annotations

import pytest
from pmn_examples import FORMAT_EXAMPLE

from mendikot_replay.pmn_reader import read_string
from mendikot_replay.record import DealRecord

BODY = FORMAT_EXAMPLE.split("\n", 1)[1]  # without the "% PMN 1.0" line
LINES = BODY.rstrip("\n").split("\n")
DEAL_LINES = len(LINES) + 1  # with the blank line that ends it


def line_of(prefix: str) -> int:
    """1-based line of the middle deal (of three) that starts with ``prefix``."""
    index = next(i for i, text in enumerate(LINES) if text.startswith(prefix))
    return 1 + DEAL_LINES + index + 1  # the "% PMN" line, the first deal, then this line


def sandwich(old: str, new: str) -> list[DealRecord]:
    assert BODY.count(old) == 1, old
    broken = BODY.replace(old, new)
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
    assert message == "trick 6: C plays 6D, which is not in C's hand"
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


def test_an_illegal_card_in_a_variation() -> None:
    # Instead of TD, A could not play JS: A holds no jack of spades.
    records = sandwich("TD! $21", "TD! $21 ( JS )")
    line, col, deal, message = only_error(records[1])
    assert (line, col, deal) == (line_of("3. B:"), 26, 2)
    assert message == "in a variation: trick 3: A plays JS, which is not in A's hand"
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
