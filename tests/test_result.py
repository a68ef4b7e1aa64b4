"""docs/rules.md "Who wins the deal", "Next dealer" and "Match scoring" (with bonus-aces)."""

from __future__ import annotations

import pytest

from mendikot_replay.core.cards import Card, Suit, card
from mendikot_replay.core.deal_setup import DealSetup
from mendikot_replay.core.match import MatchRegister, deal_points, deal_scores
from mendikot_replay.core.result import DealResult, parse_result_tag
from mendikot_replay.core.rules import Capture, Rules, Scoring, TrumpMethod
from mendikot_replay.core.timeline import Timeline
from mendikot_replay.pmn.check import winners_took_all_aces


def deal_result(tens: tuple[int, int], tricks: tuple[int, int], total: int) -> DealResult:
    """A four-player deal's result by the default rules, ``total`` tricks long."""
    return Rules().result(tens, tricks, total_tricks=total)


def next_dealer(
    dealer: str,
    result: DealResult,
    players: int = 4,
    *,
    partner_deals: bool = False,
    dealer_stays: bool = False,
) -> str:
    """The next dealer by a table's rotation, asked of its rules (the one home of the rule)."""
    rules = Rules(players=players, partner_deals=partner_deals, dealer_stays=dealer_stays)
    return rules.next_dealer(dealer, result)


# -- who wins the deal -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tens", "tricks", "winner"),
    [((3, 1), (1, 12), "AC"), ((1, 3), (12, 1), "BD"), ((3, 1), (13 - 7, 7), "AC")],
)
def test_result_3_tens_wins_whatever_the_tricks(
    tens: tuple[int, int], tricks: tuple[int, int], winner: str
) -> None:
    result = deal_result(tens, tricks, 13)
    assert result.winner == winner
    assert result.kind == "win"
    assert result.tag == f"{winner} win"
    assert "3 tens" in result.reason


def test_mendikot() -> None:
    # All four tens: a mendikot, whatever the tricks (here fewer than half).
    result = deal_result((4, 0), (5, 8), 13)
    assert (result.winner, result.kind, result.tag) == ("AC", "mendikot", "AC mendikot")
    assert deal_result((0, 4), (12, 1), 13).tag == "BD mendikot"


@pytest.mark.parametrize(
    ("tricks", "winner"), [((7, 6), "AC"), ((6, 7), "BD"), ((12, 1), "AC"), ((1, 12), "BD")]
)
def test_result_2_2_seven_tricks(tricks: tuple[int, int], winner: str) -> None:
    result = deal_result((2, 2), tricks, 13)
    assert result.winner == winner
    assert result.kind == "win"
    assert result.loser == ("BD" if winner == "AC" else "AC")


@pytest.mark.parametrize("total", [8, 12, 6])  # 32 cards/4, 48/4, 48/8
def test_tie_with_even_tricks(total: int) -> None:
    half = total // 2
    result = deal_result((2, 2), (half, half), total)
    assert result.winner is None
    assert result.kind == "tie"
    assert result.tag == "tie"
    assert result.loser is None
    # One trick more than half wins.
    assert deal_result((2, 2), (half + 1, half - 1), total).winner == "AC"
    assert deal_result((2, 2), (half - 1, half + 1), total).winner == "BD"


def test_whitewash_is_reported_over_mendikot() -> None:
    result = deal_result((4, 0), (13, 0), 13)
    assert (result.winner, result.kind, result.tag) == ("AC", "whitewash", "AC whitewash")
    assert deal_result((0, 4), (0, 13), 13).tag == "BD whitewash"
    assert deal_result((0, 4), (0, 8), 8).tag == "BD whitewash"  # short deck: 8 tricks
    # One trick short of all is a plain mendikot.
    assert deal_result((4, 0), (12, 1), 13).kind == "mendikot"


def test_parse_result_tag() -> None:
    assert parse_result_tag("AC win") == ("AC", "win")
    assert parse_result_tag("BD mendikot") == ("BD", "mendikot")
    assert parse_result_tag("AC whitewash") == ("AC", "whitewash")
    assert parse_result_tag("tie") == (None, "tie")
    assert parse_result_tag("*") == (None, None)
    for bad in ("AB win", "AC lose", "", "AC"):
        assert parse_result_tag(bad) is None
    for kind in ("win", "mendikot", "whitewash"):
        tens = {"win": (3, 1), "mendikot": (4, 0), "whitewash": (4, 0)}[kind]
        tricks = (13, 0) if kind == "whitewash" else (6, 7)
        tag = deal_result(tens, tricks, 13).tag
        assert parse_result_tag(tag) == ("AC", kind)  # the tag written reads back


# -- next dealer -----------------------------------------------------------------------------

AC_WIN = deal_result((3, 1), (7, 6), 13)
AC_MENDIKOT = deal_result((4, 0), (7, 6), 13)
AC_WHITEWASH = deal_result((4, 0), (13, 0), 13)
BD_WHITEWASH = deal_result((0, 4), (0, 13), 13)
TIE = deal_result((2, 2), (6, 6), 12)


def test_next_dealer_lost_same_dealer() -> None:
    assert next_dealer("B", AC_WIN) == "B"
    assert next_dealer("D", AC_MENDIKOT) == "D"


def test_next_dealer_lost_to_whitewash_partner_deals() -> None:
    assert next_dealer("B", AC_WHITEWASH) == "D"
    assert next_dealer("D", AC_WHITEWASH) == "B"
    assert next_dealer("A", BD_WHITEWASH) == "C"
    # Six players: the next partner in play order (seat + 2).
    six = deal_result((0, 4), (0, 8), 8)
    assert next_dealer("E", six, players=6) == "A"
    assert next_dealer("A", six, players=6) == "C"


def test_next_dealer_won_passes_right() -> None:
    # The next seat in play order, a player of the losing team.
    assert next_dealer("A", AC_WIN) == "B"
    assert next_dealer("C", AC_MENDIKOT) == "D"
    assert next_dealer("C", AC_WHITEWASH) == "D"
    assert next_dealer("D", BD_WHITEWASH) == "A"
    six = deal_result((3, 1), (5, 3), 8)
    assert next_dealer("E", six, players=6) == "F"


def test_next_dealer_tie_same_dealer() -> None:
    for dealer in "ABCD":
        assert next_dealer(dealer, TIE) == dealer


def test_next_dealer_partner_deals_after_any_loss() -> None:
    """``partner-deals``: the dealer's team lost, by any margin: the dealer's partner deals;
    a win and a tie rotate as usual."""
    assert next_dealer("B", AC_WIN, partner_deals=True) == "D"
    assert next_dealer("D", AC_MENDIKOT, partner_deals=True) == "B"
    assert next_dealer("B", AC_WHITEWASH, partner_deals=True) == "D"
    assert next_dealer("A", AC_WIN, partner_deals=True) == "B"  # A/C won: to the right
    assert next_dealer("C", TIE, partner_deals=True) == "C"
    six = deal_result((3, 1), (5, 3), 8)
    assert next_dealer("B", six, players=6, partner_deals=True) == "D"


def test_next_dealer_stays_after_any_loss_a_whitewash_too() -> None:
    assert next_dealer("B", AC_WHITEWASH, dealer_stays=True) == "B"
    assert next_dealer("B", AC_WIN, dealer_stays=True) == "B"
    assert next_dealer("A", AC_WHITEWASH, dealer_stays=True) == "B"  # won: to the right
    assert next_dealer("D", TIE, dealer_stays=True) == "D"


def test_the_two_rotation_flags_exclude_each_other() -> None:
    with pytest.raises(ValueError, match="cannot both hold"):
        Rules(partner_deals=True, dealer_stays=True)
    assert Rules(partner_deals=True).flags == ("partner-deals",)
    assert "partner deals after a loss" in Rules(partner_deals=True).describe()


# -- match register --------------------------------------------------------------------------


def test_match_register_plain() -> None:
    reg = MatchRegister()
    assert reg.scoring is Scoring.PLAIN
    assert reg.add(AC_WIN) == 1
    assert reg.add(AC_MENDIKOT) == 1
    assert reg.add(BD_WHITEWASH) == 1
    assert reg.add(TIE) == 0
    assert reg.points == {"AC": 2, "BD": 1}
    # Mendikots and whitewashes are counted separately (a whitewash is not also a mendikot).
    assert reg.mendikots == {"AC": 1, "BD": 0}
    assert reg.whitewashes == {"AC": 0, "BD": 1}
    assert reg.ties == 1
    assert reg.played == 4


def test_match_register_bonus() -> None:
    reg = MatchRegister(Scoring.BONUS)
    assert reg.add(AC_WIN) == 1
    assert reg.add(AC_MENDIKOT) == 2
    assert reg.add(BD_WHITEWASH) == 4  # double a mendikot
    assert reg.add(TIE) == 0
    assert reg.points == {"AC": 3, "BD": 4}


def test_match_register_target() -> None:
    reg = MatchRegister(target=7)
    for _ in range(6):
        reg.add(AC_WIN)
        assert not reg.finished
    reg.add(BD_WHITEWASH)
    assert not reg.finished
    reg.add(AC_WIN)
    assert reg.finished  # AC reached 7
    assert reg.leader == "AC"


def test_match_register_agreed_number_of_deals_and_shared_result() -> None:
    reg = MatchRegister(deals=2)
    reg.add(AC_WIN)
    assert not reg.finished
    reg.add(BD_WHITEWASH)
    assert reg.finished
    assert reg.leader is None  # equal points: shared


BD_WIN = deal_result((1, 3), (7, 6), 13)


@pytest.mark.parametrize(
    ("scoring", "result", "scores"),
    [
        (Scoring.GRADED, AC_WIN, {"AC": 1, "BD": 0}),
        (Scoring.GRADED, AC_MENDIKOT, {"AC": 2, "BD": 0}),
        (Scoring.GRADED, AC_WHITEWASH, {"AC": 3, "BD": 0}),
        (Scoring.GRADED, TIE, {"AC": 0, "BD": 0}),
        (Scoring.TENS, BD_WIN, {"AC": 1, "BD": 3}),  # the losers' ten counts too
        (Scoring.TENS, TIE, {"AC": 2, "BD": 2}),
        (Scoring.TENS, AC_WHITEWASH, {"AC": 4, "BD": 0}),
    ],
)
def test_graded_and_tens_scoring(
    scoring: Scoring, result: DealResult, scores: dict[str, int]
) -> None:
    """``graded``: a win 1, a mendikot 2, a whitewash 3. ``tens``: each team the tens it took,
    deal after deal (docs/rules.md's examples)."""
    assert deal_scores(result, scoring) == scores
    reg = MatchRegister(scoring)
    winners = reg.add(result)
    assert reg.points == scores
    assert winners == (scores[result.winner] if result.winner else 0)


def test_a_tens_match_ends_when_a_team_has_taken_the_target_in_tens() -> None:
    reg = MatchRegister(Scoring.TENS, target=10)
    for result in (BD_WIN, BD_WIN, TIE):
        reg.add(result)
    assert reg.points == {"AC": 4, "BD": 8} and not reg.finished and reg.ties == 1
    reg.add(BD_WIN)
    assert reg.points == {"AC": 5, "BD": 11} and reg.finished and reg.leader == "BD"
    assert deal_scores(AC_MENDIKOT, Scoring.TENS, all_aces=True) == {"AC": 5, "BD": 0}


@pytest.mark.parametrize(
    ("scoring", "result", "points"),
    [
        (Scoring.PLAIN, AC_MENDIKOT, 2),
        (Scoring.PLAIN, AC_WHITEWASH, 2),
        (Scoring.BONUS, AC_MENDIKOT, 3),
        (Scoring.BONUS, AC_WHITEWASH, 5),
        (Scoring.PLAIN, AC_WIN, 1),  # only 3 tens: no ace bonus even with all four aces
        (Scoring.BONUS, AC_WIN, 1),
    ],
)
def test_bonus_aces(scoring: Scoring, result: DealResult, points: int) -> None:
    assert deal_points(result, scoring, all_aces=True) == points
    reg = MatchRegister(scoring)
    assert reg.add(result, all_aces=True) == points


# -- bonus-aces from a played deal -----------------------------------------------------------

# A 32-card deal, one suit a trick so that every card follows suit.
FIRST_FOUR = [
    "A:AS B:7S C:TS D:8S",
    "A:AH B:7H C:TH D:8H",
    "A:AD B:7D C:TD D:8D",
]
LAST_FOUR_B_WINS = [
    "B:KS C:9S D:QS A:JS",
    "B:KH C:9H D:QH A:JH",
    "B:KD C:9D D:QD A:JD",
    "B:KC C:9C D:QC A:JC",
]


def replay_tricks(tricks: list[str], capture: Capture = Capture.TRICK) -> Timeline:
    held: dict[str, set[Card]] = {s: set() for s in "ABCD"}
    played = []
    for trick in tricks:
        for token in trick.split():
            seat, text = token.split(":")
            held[seat].add(card(text))
            played.append(card(text))
    rules = Rules(deck=32, trump_method=TrumpMethod.DRAWN, capture=capture)
    hands = {s: frozenset(h) for s, h in held.items()}
    setup = DealSetup(rules, hands, "A", trump=Suit.CLUBS)
    tl = Timeline.replay(setup, played)  # a full, checked 32-card deal
    assert tl.error is None, tl.error
    return tl


def test_3_tens_win_in_a_played_deal_and_an_ace_lost() -> None:
    tl = replay_tricks([*FIRST_FOUR, "A:7C B:AC C:TC D:8C", *LAST_FOUR_B_WINS])
    assert tl.result is not None
    assert tl.result.tens == (3, 1)
    assert tl.result.tricks == (3, 5)  # fewer tricks, but three tens
    assert tl.result.tag == "AC win"
    assert not winners_took_all_aces(tl)  # B took the ace of clubs


def test_bonus_aces_winners_took_all_aces_in_a_played_deal() -> None:
    fourth = "A:AC B:7C C:TC D:8C"
    tl = replay_tricks([*FIRST_FOUR, fourth, "A:JS B:KS C:9S D:QS", *LAST_FOUR_B_WINS[1:]])
    assert tl.result is not None
    assert tl.result.tag == "AC mendikot"  # 4 tens, 4–4 tricks
    assert winners_took_all_aces(tl)
    assert deal_points(tl.result, Scoring.BONUS, all_aces=winners_took_all_aces(tl)) == 3


def test_bonus_aces_under_dehla_aces_go_with_the_pile() -> None:
    tricks = [*FIRST_FOUR, "A:7C B:AC C:TC D:8C", *LAST_FOUR_B_WINS]
    tl = replay_tricks(tricks, Capture.DEHLA)
    # A takes tricks 1–2 (two in a row); trick 3 (AD, TD) waits; B wins tricks 4 and 5 and
    # takes tricks 3–5; then B takes 6–7 and the last trick 8.
    assert [e.collected[0] for e in tl.events if e.collected is not None] == [
        0,
        2,
        0,
        0,
        3,
        0,
        2,
        1,
    ]
    assert tl.result is not None
    assert tl.result.tens == (2, 2)
    assert tl.result.tricks == (2, 6)
    assert tl.result.tag == "BD win"
    assert not winners_took_all_aces(tl)  # AS and AH went to AC


def test_tens_captured_in_the_checked_full_deal_are_the_ones_played() -> None:
    tl = replay_tricks([*FIRST_FOUR, "A:7C B:AC C:TC D:8C", *LAST_FOUR_B_WINS])
    tc = tl.ten("TC")
    assert (tc.where, tc.holder, tc.seat, tc.team, tc.trick) == ("captured", "C", "B", "BD", 4)
    assert {tl.ten(t).team for t in ("TS", "TH", "TD")} == {"AC"}


@pytest.mark.parametrize(
    ("scoring", "deals", "decided_by"),
    [
        # level points, the sides told apart by one criterion after another
        (Scoring.PLAIN, [((4, 0), (13, 0)), ((1, 3), (6, 7))], "whitewashes"),
        (Scoring.PLAIN, [((4, 0), (9, 4)), ((1, 3), (6, 7))], "mendikots"),
        (Scoring.PLAIN, [((3, 1), (5, 8)), ((2, 2), (6, 7))], "tens"),
        (Scoring.TENS, [((2, 2), (7, 6)), ((2, 2), (7, 6))], "won"),
        (Scoring.TENS, [((2, 2), (8, 5)), ((2, 2), (6, 7))], "tricks"),
        (Scoring.PLAIN, [((2, 2), (6, 6))], None),
    ],
)
def test_match_tie_break_runs_whitewashes_mendikots_tens_deals_tricks(
    scoring: Scoring, deals: list[tuple[tuple[int, int], tuple[int, int]]], decided_by: str | None
) -> None:
    """match-tie-break: level points go to more whitewashes, then mendikots, then tens over
    the match, then deals won, then tricks; without the flag the same match is shared."""
    ruled, shared = MatchRegister(scoring, tie_break=True), MatchRegister(scoring)
    for tens, tricks in deals:
        for reg in (ruled, shared):
            reg.add(deal_result(tens, tricks, sum(tricks)))
    assert ruled.points["AC"] == ruled.points["BD"]
    assert ruled.decided_by == decided_by
    assert ruled.leader == ("AC" if decided_by else None)
    assert shared.leader is None and shared.decided_by is None
