"""Tag meanings: canonical values, and the deal set-up with every problem in plain words."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mendikot_replay.core.cards import card, deck
from mendikot_replay.core.deal_setup import DealSetup
from mendikot_replay.core.rules import Capture, TrumpMethod
from mendikot_replay.core.seats import seats
from mendikot_replay.pmn.setup import setup_from_tags
from mendikot_replay.pmn.tags import (
    ROSTER,
    canonical_value,
    format_hands,
    parse_hands,
    parse_start,
    tag_sort_key,
)

EXAMPLE_HANDS = "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"


def dealt(players: int = 4, size: int = 52) -> str:
    """A Hands value dealing ``size`` cards round the table in order."""
    cards = deck(size)
    return format_hands(
        {seat: frozenset(cards[i::players]) for i, seat in enumerate(seats(players))}
    )


def setup(
    tags: Mapping[str, str], table: list[str] | None = None
) -> tuple[DealSetup | None, list[tuple[str, str | int | None]]]:
    problems: list[tuple[str, str | int | None]] = []
    result = setup_from_tags(
        tags,
        [card(c) for c in table or []],
        lambda message, where: problems.append((message, where)),
    )
    return result, problems


def complete(**changes: str) -> dict[str, str]:
    tags = {
        "Dealer": "D",
        "TrumpMethod": "Drawn",
        "Trump": "S",
        "Hands": EXAMPLE_HANDS,
        "Play": "A",
    }
    tags.update(changes)
    return {name: value for name, value in tags.items() if value != "<drop>"}


def messages(tags: Mapping[str, str], table: list[str] | None = None) -> list[str]:
    return [message for message, _ in setup(tags, table)[1]]


# -- roster and canonical values ------------------------------------------------------------------
def test_roster_order_then_alphabetical() -> None:
    names = ["Zeta", "Play", "Hands", "A", "Alpha", "Event", "Start", "H", "Players"]
    assert sorted(names, key=tag_sort_key) == [
        "Event",
        "A",
        "H",
        "Players",
        "Hands",
        "Start",
        "Play",
        "Alpha",
        "Zeta",
    ]
    assert ROSTER[:6] == ("Event", "Site", "Date", "Round", "Match", "Deal")
    assert ROSTER[-1] == "Play"


@pytest.mark.parametrize(
    ("name", "value", "canonical"),
    [
        ("Hands", "c:k.q.j.10 A:AKQ... b:- d:-", "A:AKQ... B:- C:K.Q.J.T D:-"),
        ("Hands", "B:AK.. .", "B:AK.. ."),  # unreadable: kept
        ("Dealer", " d ", "D"),
        ("Play", "x", "x"),
        ("TrumpMethod", "face-up", "FaceUp"),
        ("TrumpMethod", "CLOSED", "Closed"),
        ("Reveal", "b", "B"),
        ("Trump", "♦", "D"),
        ("TrumpCard", "10♣", "TC"),
        ("TrumpCard", "b : qs", "B:QS"),
        ("Capture", "dehla", "Dehla"),
        ("Scoring", "Bonus", "bonus"),
        ("Variant", "MUST-TRUMP, bonus-aces", "must-trump,bonus-aces"),
        ("Players", " 06", "6"),
        ("Target", "seven", "seven"),
        (
            "Start",
            "tens 1-0;trick 10;tricks 7-2; streak c; pile 2 th ,ts",
            "trick 10; tens 1-0; tricks 7-2; pile 2 TH,TS; streak C",
        ),
        (
            "Start",
            "trick 3; hidden a:2c; tens 0-0; tricks 1-1",
            "trick 3; tens 0-0; tricks 1-1; hidden A:2C",
        ),
        ("Result", "bd   Mendikot", "BD mendikot"),
        ("Result", "^ TIE", "^tie"),
        ("Tens", " 3 -1", "3-1"),
        ("Event", "  spaces kept  ", "  spaces kept  "),
    ],
)
def test_canonical_value(name: str, value: str, canonical: str) -> None:
    assert canonical_value(name, value) == canonical
    assert canonical_value(name, canonical) == canonical  # canonical values stay put


def test_parse_hands_continues_in_play_order() -> None:
    hands = parse_hands("C:AK... ...Q -")
    assert list(hands) == ["C", "D", "E"] and hands["E"] is None
    with pytest.raises(ValueError, match="twice"):
        parse_hands("A:- A:-")


def test_parse_start_rejects_unknown_items() -> None:
    with pytest.raises(ValueError, match="unknown item 'moon 3'"):
        parse_start("trick 3; moon 3")


# -- complete deals ---------------------------------------------------------------------------
def test_the_example_deal() -> None:
    result, problems = setup(complete())
    assert problems == [] and result is not None
    assert result.first_leader == "A" and result.dealer == "D" and result.start is None
    assert result.trump is not None and result.trump.letter == "S"
    assert sum(len(hand or ()) for hand in result.hands.values()) == 52


@pytest.mark.parametrize(
    ("changes", "expected", "where"),
    [
        ({"Dealer": "<drop>"}, "missing required tag Dealer", None),
        ({"Hands": "<drop>"}, "missing required tag Hands", None),
        (
            {"TrumpMethod": "Open"},
            "TrumpMethod: 'Open' is not one of Drawn, FaceUp, Closed, Cut or None",
            "TrumpMethod",
        ),
        (
            {"Variant": "must-trump,no-revoke"},
            "Variant: unknown house rule 'no-revoke' (known: must-trump, bonus-aces, "
            "partner-deals, dealer-stays, split-tens-non-dealer, streak-goes-on, "
            "lead-after-holder, holder-may-ask, trump-card-in-hand, count-from-reveal, "
            "reveal-if-trumping, "
            "hidden-trumps, tie-half-first, match-tie-break)",
            "Variant",
        ),
        (
            {"Variant": "partner-deals,dealer-stays"},
            "Variant: partner-deals and dealer-stays cannot both hold: after a loss the deal "
            "goes to the dealer's partner, or it stays; not kept",
            "Variant",
        ),
        (
            {"Variant": "hidden-trumps"},
            'Variant: hidden-trumps is a rule of the closed trump (TrumpMethod "Closed"); not kept',
            "Variant",
        ),
        (
            {
                "TrumpMethod": "Closed",
                "TrumpCard": "A:7S",
                "Reveal": "A",
                "Variant": "holder-may-ask",
            },
            "Variant: holder-may-ask is a rule of the closed trump's version B "
            '(TrumpMethod "Closed", Reveal "B"); not kept',
            "Variant",
        ),
        (
            {"Hands": EXAMPLE_HANDS.replace("A:A63", "A:AQ63")},
            "Hands: QS appears twice",
            "Hands",
        ),
        (
            {"Hands": EXAMPLE_HANDS.replace("B:Q2.", "B:Q.")},
            "Hands: B has 12 cards, a 52-card deal gives each of 4 players 13",
            "Hands",
        ),
        (
            {"Hands": EXAMPLE_HANDS.replace(" D:", " E:")},
            "Hands: seat E is not at a 4-player table",
            "Hands",
        ),
        (
            {"Play": "B"},
            "Play: the first lead is by A, the player after the dealer D, not by B",
            "Play",
        ),
        ({"Dealer": "F"}, "Dealer: 'F' is not a seat of a 4-player table (A, B, C or D)", "Dealer"),
        ({"Trump": "<drop>"}, "missing required tag Trump (the suit of a Drawn trump)", None),
        ({"Trump": "X"}, "Trump: 'X' is not a suit (S, H, D or C)", "Trump"),
        ({"TrumpCard": "7H"}, "TrumpCard: 7H is not of the trump suit S", "TrumpCard"),
        (
            {"TrumpCard": "A:7S"},
            "TrumpCard: only a Closed trump names its holder; write the card alone, like 7S",
            "TrumpCard",
        ),
        ({"TrumpMethod": "None"}, 'Trump: there is no trump with TrumpMethod "None"', "Trump"),
        (
            {"Players": "5"},
            "Players: Mendikot is played by 4, 6, 8, 10 or 12 players, not 5",
            "Players",
        ),
        (
            {"Deck": "36"},
            "Deck: no 36-card deck (PMN knows 52, 48 and 32 (one pack), 100 and 96 (two packs))",
            "Deck",
        ),
        ({"Reveal": "C"}, "Reveal: 'C' is not one of A or B", "Reveal"),
        ({"Capture": "Pile"}, "Capture: 'Pile' is not one of Trick or Dehla", "Capture"),
        ({"Target": "7 points"}, "Target: '7 points' is not a whole number", "Target"),
    ],
)
def test_complete_deal_problem(changes: dict[str, str], expected: str, where: str | None) -> None:
    result, problems = setup(complete(**changes))
    assert result is None
    assert (expected, where) in problems, problems


def test_a_card_outside_a_short_deck() -> None:
    hands = dealt(4, 32).replace("A:A", "A:2")
    assert "Hands: 2S is not in a 32-card deck" in messages(complete(Deck="32", Hands=hands))


def test_unknown_hands_skip_the_size_check() -> None:
    result, problems = setup(complete(Hands="A:- B:Q2.K.KQJ42.KQT43 C:- D:-"))
    assert problems == [] and result is not None and result.hands["A"] is None


def test_six_players_default_to_48_cards() -> None:
    result, problems = setup(complete(Players="6", Dealer="F", Hands=dealt(6, 48), Trump="H"))
    assert problems == [] and result is not None
    assert result.rules.deck == 48 and result.first_leader == "A"
    assert "Deck: a 32-card deck does not deal evenly to 6 players" in messages(
        complete(Players="6", Dealer="F", Deck="32", Hands=dealt(6, 48))
    )


def test_closed_trump_of_a_complete_deal() -> None:
    tags = complete(TrumpMethod="Closed", Trump="<drop>", TrumpCard="A:9H")
    result, problems = setup(tags)
    assert problems == [] and result is not None
    assert result.trump is None and result.trump_card is card("9H") and result.hidden_holder == "A"
    assert messages({**tags, "Trump": "H"}) == [
        "Trump: a Closed trump is named by TrumpCard, not Trump"
    ]
    assert messages({**tags, "TrumpCard": "A:KH"}) == ["TrumpCard: KH is not in A's hand"]
    assert messages({**tags, "TrumpCard": "B:KH"}) == [
        "TrumpCard: the closed trump is set aside by A, the player to the dealer's right, not by B"
    ]
    assert messages({**tags, "TrumpCard": "9H"}) == [
        "TrumpCard: a Closed trump names its holder too, like A:9H"
    ]


def test_cut_trump_claim_is_left_to_the_checker() -> None:
    result, problems = setup(complete(TrumpMethod="Cut", Trump="H"))
    assert problems == [] and result is not None and result.trump is None
    assert result.rules.trump_method is TrumpMethod.CUT


# -- positions ---------------------------------------------------------------------------------
POSITION = {
    "TrumpMethod": "Drawn",
    "Trump": "H",
    "Start": "trick 10; tens 1-0; tricks 7-2",
    "Hands": "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8..",
    "Play": "B",
}


def test_position_table_from_the_hand_sizes() -> None:
    result, problems = setup(POSITION, ["5S", "KS"])
    assert problems == [] and result is not None and result.start is not None
    assert result.start.table == (("B", card("5S")),)
    at_boundary = {**POSITION, "Hands": "A:..A98.T B:A5..T2. C:K9..5.A D:QT.K8.."}
    result, problems = setup(at_boundary, ["5S"])
    assert problems == [] and result is not None and result.start is not None
    assert result.start.table == ()


ORDER_PROBLEM = (
    "Hands: the seats that have played to trick 10 (holding 3 cards) must follow the leader B "
    "in play order"
)


@pytest.mark.parametrize(
    ("changes", "table", "expected"),
    [
        (
            {"Start": "trick 10; tens 1-0"},
            ["5S"],
            "Start: missing 'tricks' (like 'trick 10; tens 1-0; tricks 7-2')",
        ),
        (
            {"Start": "trick 10; tens 1-0; tricks 6-2"},
            ["5S"],
            "Start: 8 tricks are done (tricks 6-2), but trick 10 is under way",
        ),
        (
            {"Start": "trick 10; tens 2-0; tricks 7-2"},
            ["5S"],
            "Start: 2 tens captured and 3 still in play make 5, not 4",
        ),
        (
            {"Start": "trick 10; tens 1-0; tricks 7-2; streak B"},
            ["5S"],
            "Start: 'pile' and 'streak' are for Capture \"Dehla\" only",
        ),
        ({}, [], "Start: the hands show 1 card(s) on the table in trick 10, but the play lists 0"),
        ({}, ["TD"], "TD is on the table and also in a hand"),
        (
            {"Hands": "A:..A98.T B:A..T2. C:K9..5.A D:QT.K.."},
            ["5S", "8H"],
            ORDER_PROBLEM,
        ),
        (
            {"Hands": "A:..A9.T B:A..T2. C:K9..5.A D:QT.K8.."},
            ["5S"],
            ORDER_PROBLEM,
        ),
        (
            {"Hands": "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8..7"},
            ["5S"],
            "Hands: D has 5 cards, but at trick 10 each player holds 4 (or 3 after playing to it)",
        ),
        ({"Trump": "<drop>"}, ["5S"], "missing required tag Trump (the suit of a Drawn trump)"),
    ],
)
def test_position_problem(changes: dict[str, str], table: list[str], expected: str) -> None:
    tags = {**POSITION, **changes}
    tags = {name: value for name, value in tags.items() if value != "<drop>"}
    assert expected in messages(tags, table)


def test_position_dealer_is_optional_and_unknown_card_on_table() -> None:
    problems = setup(POSITION, [])[1]
    assert (
        "Start: the hands show 1 card(s) on the table in trick 10, but the play lists 0",
        "Play",
    ) in problems
    problems_none: list[tuple[str, str | int | None]] = []
    setup_from_tags(POSITION, [None], lambda m, w: problems_none.append((m, w)))
    assert problems_none == [("a card already on the table at the start must be known, not --", 0)]


def test_closed_position_hidden_or_revealed() -> None:
    closed = {**POSITION, "TrumpMethod": "Closed", "Trump": "<drop>"}
    del closed["Trump"]
    hidden = {**closed, "Start": POSITION["Start"] + "; hidden D:KH"}
    result, problems = setup(hidden, ["5S"])
    assert problems == [] and result is not None
    assert result.trump is None and result.trump_card is card("KH") and result.hidden_holder == "D"
    assert messages({**closed, "Start": POSITION["Start"] + "; hidden C:KH"}, ["5S"]) == [
        "Start: KH is not in C's hand"
    ]
    assert messages(closed, ["5S"]) == [
        "Start: a Closed position needs 'hidden S:CARD' (trump still face down) or a Trump tag "
        "(already revealed)"
    ]
    revealed, problems = setup({**closed, "Trump": "H"}, ["5S"])
    assert problems == [] and revealed is not None and revealed.trump is not None
    assert revealed.hidden_holder is None
    assert messages({**hidden, "Trump": "H"}, ["5S"]) == [
        "Trump: the closed trump is still hidden (Start says 'hidden'), so its suit is not "
        "known yet"
    ]


def test_cut_position_trump_named_or_not() -> None:
    cut = {**POSITION, "TrumpMethod": "Cut"}
    named, problems = setup(cut, ["5S"])
    assert problems == [] and named is not None and named.trump is not None
    del cut["Trump"]
    unnamed, problems = setup(cut, ["5S"])
    assert problems == [] and unnamed is not None and unnamed.trump is None


def test_dehla_position_with_pile_and_streak() -> None:
    dehla = {
        **POSITION,
        "Capture": "Dehla",
        "Start": "trick 10; tens 0-0; tricks 4-2; pile 3 TH; streak A",
    }
    result, problems = setup(dehla, ["5S"])
    assert problems == [] and result is not None and result.start is not None
    assert result.rules.capture is Capture.DEHLA
    assert result.start.pile_tricks == 3 and result.start.pile_tens == (card("TH"),)
    assert result.start.streak == "A"
    assert "Start: the pile lists its tens only, and 9H is not a ten" in messages(
        {**dehla, "Start": "trick 10; tens 0-0; tricks 4-2; pile 3 9H; streak A"}, ["5S"]
    )
