"""docs/rules.md "Capture ``Dehla``" (Dehla Pakad): the central pile, two tricks in a row by the
same player, the streak starting afresh, and the last trick taking the rest."""

from __future__ import annotations

from mendikot_replay.core.cards import Card, card, parse_hand
from mendikot_replay.core.deal_setup import DealSetup, StartPosition
from mendikot_replay.core.engine import Game, PlayEvent
from mendikot_replay.core.rules import Capture, Rules, TrumpMethod
from mendikot_replay.core.timeline import Timeline

DEHLA = Rules(trump_method=TrumpMethod.NONE, capture=Capture.DEHLA)


def hands_from(tricks: list[str]) -> dict[str, frozenset[Card]]:
    """The hands that play ``tricks`` (``"A:2S B:3S …"``, one suit a trick, so every card
    follows suit)."""
    held: dict[str, set[Card]] = {s: set() for s in "ABCD"}
    for trick in tricks:
        for token in trick.split():
            seat, text = token.split(":")
            held[seat].add(card(text))
    return {s: frozenset(h) for s, h in held.items()}


def play_tricks(game: Game, tricks: list[str]) -> list[PlayEvent]:
    """Play the tricks; returns the last card's event of each trick."""
    ends = []
    for trick in tricks:
        for token in trick.split():
            seat, text = token.split(":")
            assert game.to_play == seat, f"{seat} to play {text}, not {game.to_play}"
            event = game.play(card(text))
        ends.append(event)
    return ends


def dehla_game(tricks: list[str]) -> Game:
    leader = tricks[0].split(":")[0]
    return Game(DealSetup(DEHLA, hands_from(tricks), leader), check_deal=False)


T1_C_WINS = "A:2S B:3S C:AS D:TS"


def test_dehla_single_trick_waits_in_the_pile() -> None:
    game = dehla_game([T1_C_WINS])
    (end,) = play_tricks(game, [T1_C_WINS])
    assert end.trick_winner == "C"
    assert end.collected == (0, ())
    assert game.counts.tricks == [0, 0]
    assert game.counts.tens == [0, 0]
    assert game.pile_tricks == 1
    assert game.pile_cards == [card("TS")]
    assert (game.streak_seat, game.streak) == ("C", 1)
    (ts,) = [f for f in game.tens_fates() if f.card == card("TS")]
    assert (ts.where, ts.holder, ts.played_in, ts.team) == ("pile", "D", 1, None)


def test_dehla_two_in_a_row_takes_pile() -> None:
    tricks = [T1_C_WINS, "C:AH D:2H A:3H B:TH"]
    game = dehla_game(tricks)
    ends = play_tricks(game, tricks)
    assert ends[1].trick_winner == "C"
    assert ends[1].collected == (2, (card("TS"), card("TH")))
    assert game.counts.tricks == [2, 0]
    assert game.counts.tens == [2, 0]
    assert game.pile_tricks == 0 and game.pile_cards == []
    fates = {f.card: f for f in game.tens_fates()}
    ts = fates[card("TS")]
    assert (ts.where, ts.seat, ts.team, ts.played_in, ts.trick) == ("captured", "C", "AC", 1, 2)


def test_dehla_partnership_wins_do_not_make_a_streak() -> None:
    tricks = [
        "A:AS B:2S C:3S D:4S",  # A wins
        "A:2H B:3H C:AH D:4H",  # C, A's partner, wins: not a streak
        "C:AD D:2D A:3D B:4D",  # C again: two in a row, the pile of three is AC's
    ]
    game = dehla_game(tricks)
    ends = play_tricks(game, tricks)
    assert [e.trick_winner for e in ends] == ["A", "C", "C"]
    assert [e.collected for e in ends] == [(0, ()), (0, ()), (3, ())]
    assert game.counts.tricks == [3, 0]


def test_dehla_opponent_win_breaks_the_streak() -> None:
    tricks = [
        "A:AS B:2S C:3S D:4S",  # A
        "A:2H B:AH C:3H D:4H",  # B
        "B:2D C:3D D:4D A:AD",  # A again, but not two in a row
    ]
    game = dehla_game(tricks)
    ends = play_tricks(game, tricks)
    assert [e.trick_winner for e in ends] == ["A", "B", "A"]
    assert all(e.collected == (0, ()) for e in ends)
    assert game.pile_tricks == 3
    assert game.counts.tricks == [0, 0]


def test_dehla_streak_restarts_after_capture() -> None:
    tricks = [
        "A:2S B:3S C:AS D:4S",
        "C:AH D:2H A:3H B:4H",  # C twice: takes 2
        "C:AD D:2D A:3D B:4D",  # C a third time: a new streak of one, nothing taken
        "C:AC D:2C A:3C B:4C",  # C a fourth time: two in the new streak, takes 2
    ]
    game = dehla_game(tricks)
    ends = play_tricks(game, tricks)
    assert [e.collected for e in ends] == [(0, ()), (2, ()), (0, ()), (2, ())]
    assert game.counts.tricks == [4, 0]


def last_two_tricks_setup(b_hand: str, d_hand: str) -> DealSetup:
    """Trick 12 of a Dehla deal: two tricks and the TS in the pile, B won trick 11."""
    start = StartPosition(
        trick=12,
        tens=(1, 1),  # TD and TC were taken, one by each side
        tricks=(5, 4),
        pile_tricks=2,
        pile_tens=(card("TS"),),
        streak="B",
    )
    hands = {"A": ".T.A.", "B": b_hand, "C": ".3.4.", "D": d_hand}
    parsed = {s: parse_hand(h) for s, h in hands.items()}
    return DealSetup(DEHLA, parsed, "B", start=start)


def test_dehla_last_trick_takes_rest() -> None:
    game = Game(last_two_tricks_setup(b_hand=".2.3.", d_hand=".A.2."))
    assert game.pile_tricks == 2 and game.pile_cards == [card("TS")]
    ends = play_tricks(game, ["B:2H C:3H D:AH A:TH", "D:2D A:AD B:3D C:4D"])
    # D breaks B's streak and starts its own: nothing taken; the pile holds 3 tricks.
    assert ends[0].trick_winner == "D" and ends[0].collected == (0, ())
    # A wins only the last trick, which takes the whole pile all the same.
    assert ends[1].trick_winner == "A"
    assert ends[1].collected == (4, (card("TS"), card("TH")))
    assert game.finished
    assert game.counts.tricks == [9, 4]
    assert game.counts.tens == [3, 1]


def test_dehla_position_streak_carries_into_the_record() -> None:
    game = Game(last_two_tricks_setup(b_hand=".A.3.", d_hand=".2.2."))
    assert (game.streak_seat, game.streak) == ("B", 1)
    ends = play_tricks(game, ["B:AH C:3H D:2H A:TH", "B:3D C:4D D:2D A:AD"])
    # B won trick 11 before the start and trick 12 now: two in a row, the pile is BD's.
    assert ends[0].collected == (3, (card("TS"), card("TH")))
    assert ends[1].collected == (1, ())  # the last trick takes what is left: itself
    assert game.counts.tricks == [6, 7]
    assert game.counts.tens == [1, 3]


def test_dehla_result_counts_only_captured_tricks_and_tens() -> None:
    setup = last_two_tricks_setup(b_hand=".2.3.", d_hand=".A.2.")
    played = "2H 3H AH TH 2D AD 3D 4D"
    tl = Timeline.replay(setup, [card(c) for c in played.split()])
    assert tl.error is None
    # Right after trick 12 the TH lies in the pile, counted for nobody.
    after_12 = tl[4]
    assert after_12.pile == (3, (card("TS"), card("TH")))
    assert after_12.tens == (1, 1)
    assert (
        tl.result is not None and tl.result.tag == "AC win"
    )  # 3 tens, once the last trick took the pile
    th = tl.ten("TH")
    assert (th.where, th.holder, th.played_in, th.seat, th.team, th.trick) == (
        "captured",
        "A",
        12,
        "A",
        "AC",
        13,
    )


def test_streak_goes_on_a_third_win_in_a_row_takes_again() -> None:
    """docs/rules.md's example of ``streak-goes-on``: C wins tricks 1 and 2 and takes both;
    C wins trick 3 too: under the house rule C's run goes on and trick 3 (with its ten) is
    C's side's at once; by the common rule it waits on the pile, C's run starting afresh."""
    tricks = [T1_C_WINS, "C:AH D:2H A:3H B:4H", "C:AD D:TD A:2D B:3D"]
    usual = dehla_game(tricks)
    rules = Rules(trump_method=TrumpMethod.NONE, capture=Capture.DEHLA, streak_goes_on=True)
    on = Game(DealSetup(rules, hands_from(tricks), "A"), check_deal=False)
    first_two = play_tricks(usual, tricks[:2])[-1], play_tricks(on, tricks[:2])[-1]
    assert [e.collected for e in first_two] == [(2, (card("TS"),))] * 2  # both take two
    assert (usual.streak_seat, on.streak_seat) == (None, "C")
    third_usual, third_on = play_tricks(usual, tricks[2:])[0], play_tricks(on, tricks[2:])[0]
    assert third_usual.collected == (0, ())
    assert usual.pile_tricks == 1 and usual.pile_cards == [card("TD")]
    assert usual.counts.tricks == [2, 0] and usual.counts.tens == [1, 0]
    assert third_on.collected == (1, (card("TD"),)) and on.pile_tricks == 0
    assert on.counts.tricks == [3, 0] and on.counts.tens == [2, 0]
    assert on.streak_seat == "C"  # and it goes on


def test_streak_goes_on_is_a_rule_of_dehla() -> None:
    import pytest

    with pytest.raises(ValueError, match="streak-goes-on is a rule of Dehla capture"):
        Rules(streak_goes_on=True)
