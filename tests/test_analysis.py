"""Double-dummy analysis of a whole line (analysis.py): hand-built endgames whose mistakes
and decisive card are known by reasoning, the decisive rule, writing (idempotent, people's
comments and glyphs kept, byte-exact round trip), annotate's opt-in and the tables."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from pmn_examples import DUCK

from mendikot_replay.analysis.double_dummy import (
    AnalysisError,
    CardVerdict,
    DealAnalysis,
    _decisive_index,
    analyse,
)
from mendikot_replay.analysis.points import (
    analysis_points,
    annotate,
    double_dummy_points,
    recorded_points,
    write_analysis,
)
from mendikot_replay.core.cards import card
from mendikot_replay.corpus.tables import points_frame
from mendikot_replay.pmn.editing import get_comments, node_at, points
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_deal
from mendikot_replay.solver.search import Solver, plain_minimax

ROOT = Path(__file__).resolve().parent.parent
ENDGAMES = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"


# A/C have three tens and eight tricks: the deal is theirs whatever happens. The ten of
# spades decides only whether it is a mendikot. Leading the two of spades forces B's ten
# (B's only spade) under C's ace: all four tens. Leading the two of hearts lets B keep the
# ten (B throws the three of diamonds), D wins both hearts tricks, and B's ten falls on
# D's last heart: A/C win, no mendikot.
LEVEL = """[Event "level"]
[TrumpMethod "Drawn"]
[Trump "C"]
[Hands "A:2.2.. B:T..3. C:A.4.. D:.65.."]
[Start "trick 12; tens 3-0; tricks 8-3"]
[Play "A"]
12. A: 2H 3D 4H 5H
13. D: 6H 2S TS AS
"""

# Spades are trumps; the ten of diamonds is the last ten out, in C's hand. Tens 2-1 and
# tricks 6-5: B/D win if they take the ten (2-2) and both tricks (7 of 13). D's right lead
# is the jack of diamonds: B's ace must win it, C must follow with the ten, and B's ace of
# spades takes the last trick. D leads the nine of clubs instead: A's queen wins it unless
# B trumps, and if B trumps C throws the ten away and keeps the queen of spades to ruff B's
# ace of diamonds: 2-2 and seven tricks, A/C win. But C keeps the ten and trumps low with
# the queen: B's ace of spades is higher, and C must then follow B's ace of diamonds with
# the ten. Both blunders change the winner; C's, the last, is decisive.
TWICE = """[Event "twice"]
[TrumpMethod "Drawn"]
[Trump "S"]
[Hands "A:.3..Q B:A..A. C:Q..T. D:..J.9"]
[Start "trick 12; tens 2-1; tricks 6-5"]
[Play "D"]
12. D: 9C QC AS QS
13. B: AD TD JD 3H
"""

# One trick left: every card is forced.
FORCED = """[Event "forced"]
[TrumpMethod "Drawn"]
[Trump "S"]
[Hands "A:A... B:K... C:.A.. D:.K.."]
[Start "trick 13; tens 2-2; tricks 6-6"]
[Play "A"]
13. A: AS KS AH KH
"""


def deal(text: str) -> DealRecord:
    record = read_string(text)[0]
    assert not record.errors, record.errors
    return record


def summary(analysis: DealAnalysis) -> list[tuple[int, str, str, str, str | None, bool]]:
    return [
        (v.ply, v.seat, str(v.card), v.after_text, v.glyph, v.decisive)
        for v in analysis
        if v.mistake or v.decisive
    ]


# -- the verdicts ------------------------------------------------------------------------


def test_the_duck_is_a_blunder_and_the_decisive_card() -> None:
    analysis = analyse(deal(DUCK))
    assert len(analysis) == 15 and analysis.skipped == 0 and analysis.cards == 15
    first = analysis[0]
    assert (first.seat, str(first.card), first.before_text, first.after_text) == (
        "C",
        "9S",
        "AC win",
        "BD win",
    )
    assert first.mistake and first.glyph == "??" and first.better == card("KS")
    assert first.better_cards == (card("KS"),)
    assert first.card_values() == {"KS": "AC win", "9S": "BD win"}
    assert first.keeps(card("KS")) and not first.keeps(card("9S"))
    assert summary(analysis) == [(1, "C", "9S", "BD win", "??", True)]
    assert analysis.decisive is first and analysis.mistakes == [first]
    assert (analysis.text(analysis.start), analysis.text(analysis.end)) == ("AC win", "BD win")


def test_losing_a_mendikot_is_a_question_mark_not_a_blunder() -> None:
    analysis = analyse(deal(LEVEL))
    lead = analysis[0]
    assert lead.card_values() == {"2S": "AC mendikot", "2H": "AC win"}
    assert lead.mistake and not lead.changes_winner and lead.glyph == "?"
    # No card changed the winner, so the last change of level is the decisive card.
    assert summary(analysis) == [(1, "A", "2H", "AC win", "?", True)]
    # B's choice did not matter: discarding the ten or the diamond, D wins the trick.
    assert analysis[1].card_values() == {"TS": "AC win", "3D": "AC win"}


def test_two_blunders_the_last_one_is_decisive() -> None:
    record = deal(TWICE)
    analysis = analyse(record)
    assert analysis[0].card_values() == {"JD": "BD win", "9C": "AC win"}
    assert analysis[3].card_values() == {"QS": "BD win", "TD": "AC win"}
    assert summary(analysis) == [
        (1, "D", "9C", "AC win", "??", False),
        (4, "C", "QS", "BD win", "??", True),
    ]
    # The values agree with plain minimax, position by position.
    for k, verdict in enumerate(analysis):
        value, cards = plain_minimax(record.position(k))
        assert (verdict.before, verdict.cards) == (value, cards)


def test_nothing_at_stake_nothing_marked() -> None:
    analysis = analyse(deal(FORCED))
    assert [list(v.card_values().values()) for v in analysis] == [["AC win"]] * 4
    assert summary(analysis) == [] and analysis.decisive is None


def test_a_perfect_line_marks_the_card_that_keeps_the_deal() -> None:
    """The sample endgames: nobody errs, and the decisive card is the puzzle's answer, the
    card the file marks ``$29``."""
    for record in read_deals(ENDGAMES):
        analysis = analyse(record)
        assert not analysis.mistakes
        decisive = analysis.decisive
        assert decisive is not None and 29 in node_at(record, decisive.ply).nags
        assert decisive.at_stake and decisive.keeps(decisive.card)


def test_successive_positions_agree() -> None:
    """The value after a card is the value before the next one, and the first position's
    value is the best card's."""
    for text in (DUCK, LEVEL, TWICE):
        analysis = analyse(deal(text))
        for one, two in itertools.pairwise(analysis):
            assert one.after == two.before
        for v in analysis:
            best = max(v.cards.values()) if v.team == "AC" else min(v.cards.values())
            assert v.before == best and v.cards[v.card] == v.after


def test_max_tricks_skips_the_early_cards() -> None:
    record = deal(DUCK)
    analysis = analyse(record, max_tricks=2)
    assert analysis.skipped == 7 and [v.ply for v in analysis] == list(range(8, 16))
    assert analysis.decisive is None or analysis.decisive.ply >= 8
    assert len(analyse(record, max_tricks=0)) == 0


def test_one_solver_serves_the_deal_and_reports_progress() -> None:
    solver = Solver(engine="compiled")  # (whose table the second analysis reads)
    calls: list[tuple[int, int]] = []
    analyse(deal(DUCK), solver=solver, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(k, 16) for k in range(1, 17)]  # 15 cards, and the end
    nodes, expanded = solver.nodes, solver.expanded_nodes
    again = analyse(deal(DUCK), solver=solver)
    # The table remembers the whole deal: no trick start is searched again. (What is left
    # is the cards between trick starts, which the table does not keep; a fresh solver
    # would search as many nodes as the first time.)
    assert expanded > 0 and solver.expanded_nodes == expanded
    assert solver.nodes - nodes < nodes
    assert [v.cards for v in again] == [v.cards for v in analyse(deal(DUCK))]


def test_tens_and_tricks_are_counted_for_ac() -> None:
    tens = analyse(deal(LEVEL), objective="tens")
    assert tens[0].card_values() == {"2S": 4, "2H": 3}
    assert tens[0].glyph == "?" and tens[0].text(3) == "AC 3"
    tricks = analyse(deal(DUCK), objective="tricks")
    # With the king A/C win the ninth trick; the duck leaves them the eighth at most.
    assert tricks[0].mistake and tricks[0].cards[card("KS")] > tricks[0].cards[card("9S")]
    with pytest.raises(ValueError, match="objective"):
        analyse(deal(DUCK), objective="tens", solver=Solver("outcome"))
    with pytest.raises(ValueError, match="outcome"):
        write_analysis(deal(LEVEL), tens)


def test_a_deal_that_cannot_be_analysed_says_why() -> None:
    unknown = DUCK.replace("D:QT.K8..", "D:-")
    with pytest.raises(AnalysisError, match="every hand: D is not known"):
        analyse(read_string(unknown)[0])
    with pytest.raises(AnalysisError, match="playable set-up"):
        analyse(DealRecord())


# -- the decisive rule, on verdicts built by hand ----------------------------------------


def verdict(ply: int, seat: str, before: int, after: int, *others: int) -> CardVerdict:
    cards = {card("2S"): after, **{card(f"{3 + i}S"): v for i, v in enumerate(others)}}
    return CardVerdict(
        ply=ply, trick=1, seat=seat, card=card("2S"), before=before, after=after, cards=cards
    )


def test_decisive_prefers_the_last_change_of_winner_to_a_later_change_of_level() -> None:
    line = [
        verdict(1, "A", 1, -1, 1),  # A/C's blunder: B/D win
        verdict(2, "B", -1, -1),
        verdict(3, "C", -1, -2, -1),  # A/C let it become a B/D mendikot
    ]
    assert _decisive_index(line) == 0


def test_decisive_without_a_change_is_the_first_card_with_the_winner_at_stake() -> None:
    line = [
        verdict(1, "B", 1, 1, 2),  # B could have given A/C a mendikot: only a level at stake
        verdict(2, "C", 1, 1, -1),  # C keeps the deal: another card hands it to B/D
        verdict(3, "D", 1, 1, -1),
    ]
    assert [v.at_stake for v in line] == [True, True, True]
    assert _decisive_index(line) == 1
    assert _decisive_index(line[:1]) == 0  # only a level at stake: the first such card
    assert _decisive_index([verdict(1, "A", 1, 1)]) is None


# -- writing -------------------------------------------------------------------------------


def test_write_analysis_marks_the_blunder_and_is_idempotent() -> None:
    record = deal(DUCK)
    analysis = analyse(record)
    assert write_analysis(record, analysis)
    text = write_deal(record)
    assert not write_analysis(record, analysis)
    assert write_deal(record) == text
    assert text.count("[%dd ") == 15
    line = text.splitlines()[-4]
    assert line.startswith("10. B: 5S 9S?? $29 { [%dd BD win] } { [%point mistake 9S C KS] C ")
    assert ("mistake", "9S", "C", "KS") in points(record, 1)
    assert ("decisive", "9S", "C") in points(record, 1)
    # The written record reads back to the same bytes, and analysing it again adds nothing.
    again = deal(text)
    assert write_deal(again) == text
    assert not write_analysis(again, analyse(again))


def test_people_s_comments_and_glyphs_are_kept() -> None:
    human = DUCK.replace(
        "10. B: 5S 9S", "10. B: 5S 9S!? { I liked it [%hl 9S] } { [%eval AC 0.5] }"
    )
    record = deal(human)
    before = get_comments(record, 1)
    write_analysis(record, analyse(record))
    after = get_comments(record, 1)
    assert after[0] == before[0] == "I liked it [%hl 9S]"
    # The command goes into the comment that held only commands; nothing else is edited.
    assert after[1] == "[%eval AC 0.5] [%dd BD win]"
    assert node_at(record, 1).glyph() == "!?"  # the person's glyph stays
    # A [%dd] already there is not written twice, nor changed.
    record = deal(DUCK.replace("QS 8D", "QS { [%dd AC win] } 8D"))
    write_analysis(record, analyse(record))
    assert get_comments(record, 2) == ["[%dd AC win]"]


def test_a_decisive_card_that_keeps_the_deal_gets_the_good_glyph() -> None:
    record = deal(
        DUCK.split("10. B:")[0]
        + "10. B: 5S KS QS TC\n11. C: AC 8H 8D TD\n12. D: KH 9D AS 9S\n13. D: TS AD 2D 5D\n"
    )
    write_analysis(record, analyse(record))
    assert write_deal(record).splitlines()[-4].startswith("10. B: 5S KS! $29 { [%dd AC win] }")
    [point] = analysis_points(analyse(record))
    assert point.kind == "decisive" and "the nine of spades would give B/D win" in point.text


def test_an_analysis_of_another_line_is_refused() -> None:
    with pytest.raises(ValueError, match="another deal"):
        write_analysis(deal(DUCK), analyse(deal(LEVEL)))


# -- annotate and the tables ---------------------------------------------------------------


def test_annotate_double_dummy_adds_the_solvers_points() -> None:
    plain = deal(TWICE)
    points_plain = annotate(plain)
    record = deal(TWICE)
    added = annotate(record, double_dummy=True)
    kinds = [p.kind for p in added]
    assert kinds.count("mistake") == 2 and kinds.count("decisive") == 1
    assert len(added) == len(points_plain) + 3
    assert annotate(record, double_dummy=True) == []  # idempotent
    listed = [(p["kind"], p["card"]) for p in recorded_points(record)]
    assert ("mistake", "9C") in listed and ("decisive", "QS") in listed
    read = [(p.kind, p.ply, p.seat, str(p.card), p.args) for p in double_dummy_points(record)]
    assert read == [
        ("mistake", 0, "D", "9C", ("9C", "D", "JD")),
        ("mistake", 3, "C", "QS", ("QS", "C", "TD")),
        ("decisive", 3, "C", "QS", ("QS", "C")),
    ]


def test_annotate_double_dummy_leaves_an_unanalysable_deal_untouched() -> None:
    record = read_string(DUCK.replace("D:QT.K8..", "D:-"))[0]
    text = write_deal(record)
    with pytest.raises(AnalysisError):
        annotate(record, double_dummy=True)
    assert write_deal(record) == text


def test_points_frame_shows_the_written_analysis() -> None:
    record = deal(TWICE)
    assert "decisive" not in set(points_frame(record).kind)
    write_analysis(record, analyse(record))
    frame = points_frame(record)
    rows = frame[frame.kind.isin(["mistake", "decisive"])]
    assert list(zip(rows.kind, rows.step, rows.seat, rows.card, strict=True)) == [
        ("mistake", 1, "D", "9C"),
        ("mistake", 4, "C", "QS"),
        ("decisive", 4, "C", "QS"),
    ]
    assert "The deal turns here" in rows.text.iloc[2]


def test_a_version_b_mistake_names_the_ask_for_the_trump() -> None:
    """Under version B, asking for the face-down trump is part of a move. In the sample deal
    D discards a diamond at trick 6 without asking; asking (diamonds are the face-down
    trump) would have ruffed and taken B's ten of clubs. The verdict, the report and the
    point written say so with ``^T``, not by naming the very card played."""
    [record] = read_deals(ROOT / "sample_games" / "closed-trump-version-b.pmn")
    analysis = analyse(record)
    [mistake] = analysis.mistakes
    assert (mistake.trick, mistake.seat, mistake.card, mistake.asked) == (6, "D", card("2D"), False)
    assert mistake.better_moves and all(m.ask for m in mistake.better_moves)
    better = mistake.better_move
    assert better is not None and str(better) == "^T" + str(better.card)
    assert mistake.to_json()["better"] == str(better)
    [point] = [p for p in analysis_points(analysis) if p.kind == "mistake"]
    assert point.args == ("2D", "D", str(better))
    assert "asking for the trump kept" in point.text
