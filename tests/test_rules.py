"""docs/rules.md, rule by rule: table, deck, trump methods (except closed), play, must-trump,
revokes, set-up errors, unknown hands, positions and ``legal_cards``.

Closed trump, Dehla capture, deal results and the replay timeline have their own files
(``test_rules_closed.py``, ``test_rules_dehla.py``, ``test_result.py``,
``test_rules_timeline.py``). Every expected value below is reasoned from docs/rules.md.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mendikot_replay.core.cards import Card, Suit, card, deck, parse_hand
from mendikot_replay.core.deal_setup import DealSetup, SetupError, StartPosition
from mendikot_replay.core.engine import Game, IllegalPlay, PlayEvent
from mendikot_replay.core.rules import Rules, TrumpMethod
from mendikot_replay.core.seats import next_seat, partners, seats, team_of
from mendikot_replay.core.timeline import Timeline

# -- helpers ---------------------------------------------------------------------------------


def make_game(
    hands: Mapping[str, str | None],
    leader: str = "A",
    *,
    trump: Suit | None = None,
    method: TrumpMethod = TrumpMethod.DRAWN,
    start: StartPosition | None = None,
    check_deal: bool = False,
    **options: object,
) -> Game:
    """A game from ``S.H.D.C`` hand strings (``None``: unknown hand)."""
    if method in (TrumpMethod.DRAWN, TrumpMethod.FACE_UP) and trump is None:
        trump = Suit.CLUBS
    rules = Rules(trump_method=method, **options)  # type: ignore[arg-type]
    parsed = {s: parse_hand(h) if h is not None else None for s, h in hands.items()}
    setup = DealSetup(rules, parsed, leader, trump=trump, start=start)
    return Game(setup, check_deal=check_deal)


def play(game: Game, cards: str) -> list[PlayEvent]:
    """Play ``"A:AS B:2S …"``, checking that each card is played by the seat named."""
    events = []
    for token in cards.split():
        seat, text = token.split(":")
        assert game.to_play == seat, f"{seat} to play {text}, but it is {game.to_play}'s turn"
        events.append(game.play(card(text)))
    return events


def cards(text: str) -> list[Card]:
    return [card(t) for t in text.split()]


def suit_deal() -> dict[str, str]:
    """A full 52-card deal: A all spades, B all hearts, C all diamonds, D all clubs."""
    full = "AKQJT98765432"
    return {"A": f"{full}...", "B": f".{full}..", "C": f"..{full}.", "D": f"...{full}"}


# -- table, deck, deal -----------------------------------------------------------------------


def test_four_players_partners_opposite_play_order_abcd() -> None:
    assert seats(4) == ("A", "B", "C", "D")
    assert [team_of(s) for s in "ABCD"] == ["AC", "BD", "AC", "BD"]
    assert partners("A") == ("C",)
    assert partners("B") == ("D",)


def test_play_goes_round_in_seat_order_from_the_leader() -> None:
    game = make_game({"A": "2...", "B": "3...", "C": "4...", "D": "5..."}, leader="C")
    order = []
    for text in ("4S", "5S", "2S", "3S"):
        order.append(game.to_play)
        game.play(card(text))
    assert order == ["C", "D", "A", "B"]


@pytest.mark.parametrize("players", [6, 8])
def test_six_and_eight_player_tables_teams_alternate(players: int) -> None:
    table = seats(players)
    assert table == tuple("ABCDEFGH"[:players])
    assert [team_of(s) for s in table] == ["AC", "BD"] * (players // 2)
    for seat in table:  # every player sits between two opponents
        assert team_of(next_seat(seat, players)) != team_of(seat)
        assert team_of(next_seat(seat, players, -1)) != team_of(seat)
    rules = Rules(players=players)
    assert rules.deck == 48  # twos removed
    assert rules.tricks_per_deal == 48 // players  # 8 or 6 cards each


def test_six_player_trick_won_by_e_goes_to_team_ac() -> None:
    hands = {"A": "3...", "B": "4...", "C": "5...", "D": "6...", "E": "A...", "F": "7..."}
    game = make_game(hands, players=6)
    play(game, "A:3S B:4S C:5S D:6S E:AS F:7S")
    assert game.counts.tricks == [1, 0]
    assert game.to_play == "E"


def test_eight_player_trick_won_by_h_goes_to_team_bd() -> None:
    hands = {s: f"{r}..." for s, r in zip("ABCDEFGH", "3456789A", strict=True)}
    game = make_game(hands, players=8)
    play(game, "A:3S B:4S C:5S D:6S E:7S F:8S G:9S H:AS")
    assert game.counts.tricks == [0, 1]
    assert game.to_play == "H"


def test_table_sizes_other_than_4_6_8_are_refused() -> None:
    for players in (2, 3, 5, 7):
        with pytest.raises(ValueError):
            Rules(players=players)
    with pytest.raises(ValueError):
        Rules(players=6, deck=52)  # 52 does not deal evenly to 6


def test_52_card_deck_is_the_default_with_13_each() -> None:
    rules = Rules()
    assert rules.deck == 52
    assert rules.tricks_per_deal == 13
    assert len(deck(52)) == 52
    assert len(set(deck(52))) == 52


def test_32_card_short_deck() -> None:
    short = deck(32)
    assert len(short) == 32
    assert {c.rank for c in short} == {14, 13, 12, 11, 10, 9, 8, 7}  # 2–6 removed
    rules = Rules(deck=32)
    assert rules.tricks_per_deal == 8
    with pytest.raises(SetupError, match="32-card deck"):
        make_game({"A": "6...", "B": "A...", "C": "K...", "D": "Q..."}, deck=32)


def test_48_card_deck_drops_twos() -> None:
    d48 = deck(48)
    assert len(d48) == 48
    assert all(c.rank != 2 for c in d48)
    assert card("3S") in d48
    assert Rules(deck=48).tricks_per_deal == 12
    with pytest.raises(SetupError, match="48-card deck"):
        make_game({"A": "2...", "B": "A...", "C": "K...", "D": "Q..."}, deck=48)


def test_rank_order_ten_between_jack_and_nine() -> None:
    # A K Q J 10 9 …: the ten beats the nine and loses to the jack.
    game = make_game({"A": "9...", "B": "T...", "C": "2...", "D": "3..."})
    events = play(game, "A:9S B:TS C:2S D:3S")
    assert events[-1].trick_winner == "B"
    game = make_game({"A": "J...", "B": "T...", "C": "2...", "D": "3..."})
    events = play(game, "A:JS B:TS C:2S D:3S")
    assert events[-1].trick_winner == "A"


def test_ace_is_high() -> None:
    game = make_game({"A": "2...", "B": "K...", "C": "A...", "D": "Q..."})
    assert play(game, "A:2S B:KS C:AS D:QS")[-1].trick_winner == "C"


# -- trump methods -------------------------------------------------------------------------


@pytest.mark.parametrize("method", [TrumpMethod.DRAWN, TrumpMethod.FACE_UP])
def test_drawn_and_face_up_trump_known_before_first_lead(method: TrumpMethod) -> None:
    hands = {"A": "A...", "B": ".2..", "C": "K...", "D": "Q..."}
    game = make_game(hands, method=method, trump=Suit.HEARTS)
    assert game.trump_status == "known"
    assert game.trump is Suit.HEARTS
    # In the very first trick a void player's lowest trump beats the ace led.
    events = play(game, "A:AS B:2H C:KS D:QS")
    assert events[1].is_trump
    assert events[-1].trick_winner == "B"


@pytest.mark.parametrize("method", [TrumpMethod.DRAWN, TrumpMethod.FACE_UP])
def test_drawn_and_face_up_need_the_trump_suit(method: TrumpMethod) -> None:
    rules = Rules(trump_method=method)
    hands = {
        s: parse_hand(h) for s, h in {"A": "A...", "B": "K...", "C": "Q...", "D": "J..."}.items()
    }
    with pytest.raises(SetupError):
        Game(DealSetup(rules, hands, "A"), check_deal=False)


def test_no_trump_deal_highest_of_suit_led_wins() -> None:
    hands = {"A": "2...", "B": ".A..", "C": "3...", "D": "..A."}
    game = make_game(hands, method=TrumpMethod.NONE)
    assert game.trump_status == "none"
    events = play(game, "A:2S B:AH C:3S D:AD")
    assert not any(e.is_trump for e in events)
    assert events[-1].trick_winner == "C"
    with pytest.raises(SetupError):
        make_game(hands, method=TrumpMethod.NONE, trump=Suit.HEARTS)


# -- cut ("first discard names the trump") ---------------------------------------------------


def test_cut_no_trump_until_first_discard() -> None:
    hands = {"A": "2.A..", "B": "3.K..", "C": "4..2.", "D": "5.Q.."}
    game = make_game(hands, method=TrumpMethod.CUT)
    assert game.trump_status == "unnamed"
    assert game.trump is None
    events = play(game, "A:2S B:3S C:4S D:5S")  # everybody follows: nothing named
    assert game.trump_status == "unnamed"
    assert not any(e.named or e.is_trump for e in events)
    assert events[-1].trick_winner == "D"


@pytest.mark.parametrize(
    ("d_hand", "d_card", "winner"),
    [
        ("Q...", "QS", "B"),  # D follows: the naming 2H wins even against the ace led
        (".3..", "3H", "D"),  # D, void too, plays a higher card of the named suit
        ("..A.", "AD", "B"),  # D, void, discards another suit: no overtrump
    ],
)
def test_cut_first_discard_names_trump_and_wins_unless_overtrumped(
    d_hand: str, d_card: str, winner: str
) -> None:
    hands = {"A": "A...", "B": ".2..", "C": "K...", "D": d_hand}
    game = make_game(hands, method=TrumpMethod.CUT)
    events = play(game, f"A:AS B:2H C:KS D:{d_card}")
    naming = events[1]
    assert naming.named and naming.is_trump
    assert not events[0].named and not events[3].named  # only the first discard names
    assert game.trump is Suit.HEARTS
    assert game.trump_status == "named"
    assert events[-1].trick_winner == winner


def test_cut_named_suit_is_trump_for_the_rest_of_the_deal() -> None:
    hands = {"A": "A.A..", "B": ".2.2.", "C": "K.3..", "D": "Q..3."}
    game = make_game(hands, method=TrumpMethod.CUT)
    play(game, "A:AS B:2H C:KS D:QS")  # B names hearts and wins
    events = play(game, "B:2D C:3H D:3D A:AH")
    # C is void in diamonds: its 3H is a trump now, but A's AH (also void) overtrumps.
    assert events[1].is_trump and not events[1].named
    assert events[-1].trick_winner == "A"


def test_cut_leader_never_names_trump() -> None:
    hands = {"A": "9.2..", "B": "3.3..", "C": "..2.5", "D": "5.4.."}
    game = make_game(hands, method=TrumpMethod.CUT)
    lead = game.play(card("2H"))
    assert not lead.named
    assert game.trump_status == "unnamed"
    play(game, "B:3H")
    named = game.play(card("2D"))  # C cannot follow: its card names diamonds, not hearts
    assert named.named
    assert game.trump is Suit.DIAMONDS


# -- play: following, trumping, winning --------------------------------------------------------


def test_must_follow_suit_when_able() -> None:
    hands = {"A": "A.2..", "B": "5.3..", "C": "4..2.", "D": "3...2"}
    game = make_game(hands)
    game.play(card("AS"))
    assert game.legal_cards() == [card("5S")]
    with pytest.raises(IllegalPlay, match="revoke"):
        game.play(card("3H"))
    # The refused card changed nothing.
    assert game.to_play == "B"
    assert game.hands["B"] == set(parse_hand("5.3.."))
    assert [t.card for t in game.table] == [card("AS")]
    game.play(card("5S"))
    assert game.to_play == "C"


def test_void_player_may_play_any_card() -> None:
    hands = {"A": "A...", "B": ".2.3.4", "C": "K...", "D": "Q..."}
    game = make_game(hands, trump=Suit.HEARTS)
    game.play(card("AS"))
    assert game.legal_cards() == cards("2H 3D 4C")
    events = play(game, "B:3D C:KS D:QS")  # not trumping is allowed (no must-trump)
    assert events[-1].trick_winner == "A"


def test_no_obligation_to_beat_nor_to_trump_nor_to_overtrump() -> None:
    hands = {"A": "K...", "B": "A2...", "C": ".3.5.", "D": ".A.6."}
    game = make_game(hands, trump=Suit.HEARTS)
    game.play(card("KS"))
    assert card("2S") in game.legal_cards()
    events = play(game, "B:2S C:3H D:6D")  # B ducks with AS in hand; D does not overtrump
    assert events[-1].trick_winner == "C"


def test_trick_with_trumps_goes_to_highest_trump() -> None:
    hands = {"A": "A...", "B": ".2..", "C": "K...", "D": ".3.."}
    game = make_game(hands, trump=Suit.HEARTS)
    events = play(game, "A:AS B:2H C:KS D:3H")
    assert [e.is_trump for e in events] == [False, True, False, True]
    assert events[-1].trick_winner == "D"


def test_trick_without_trump_goes_to_highest_card_of_suit_led() -> None:
    hands = {"A": "5...", "B": ".A..", "C": "7...", "D": "..K."}
    game = make_game(hands, trump=Suit.CLUBS)
    events = play(game, "A:5S B:AH C:7S D:KD")
    assert events[-1].trick_winner == "C"


def test_winner_leads_next_trick_and_team_takes_it() -> None:
    hands = {"A": "5.2..", "B": ".A.2.", "C": "7.3..", "D": "..K.2"}
    game = make_game(hands, trump=Suit.CLUBS)
    events = play(game, "A:5S B:AH C:7S D:KD")
    assert events[-1].collected == (1, ())
    assert game.counts.tricks == [1, 0]
    assert game.trick == 2
    assert game.leader == "C" and game.to_play == "C"
    assert game.legal_cards() == [card("3H")]


def test_tens_go_with_the_trick_to_the_winners_team() -> None:
    hands = {"A": "T...", "B": "A...", "C": "2...", "D": ".T.."}
    game = make_game(hands, trump=Suit.CLUBS)
    events = play(game, "A:TS B:AS C:2S D:TH")
    assert events[-1].trick_winner == "B"
    assert events[-1].collected is not None
    assert set(events[-1].collected[1]) == {card("TS"), card("TH")}
    assert game.counts.tens == [0, 2]


def test_all_tricks_are_played_out() -> None:
    # Full deal; A holds all spades (trump) and wins every trick: the deal goes on to the
    # 13th trick even though the outcome is settled long before.
    game = make_game(suit_deal(), trump=Suit.SPADES, check_deal=True)
    full = "AKQJT98765432"
    for r in full:
        play(game, f"A:{r}S B:{r}H C:{r}D D:{r}C")
    assert game.finished
    assert game.to_play is None
    assert game.counts.tricks == [13, 0]
    assert game.counts.tens == [4, 0]
    assert game.legal_cards() == []
    with pytest.raises(IllegalPlay, match="over"):
        game.play(card("AS"))


def test_card_not_in_hand_is_refused() -> None:
    game = make_game({"A": "A...", "B": "K...", "C": "Q...", "D": "J..."})
    with pytest.raises(IllegalPlay, match="not in A's hand"):
        game.play(card("KS"))


# -- must-trump option ---------------------------------------------------------------------


@pytest.mark.parametrize("must_trump", [False, True])
def test_must_trump_option(must_trump: bool) -> None:
    hands = {"A": "A...", "B": ".5.3.", "C": "..4.", "D": ".3.6."}
    game = make_game(hands, trump=Suit.HEARTS, must_trump=must_trump)
    game.play(card("AS"))
    if must_trump:
        assert game.legal_cards() == [card("5H")]
        with pytest.raises(IllegalPlay, match="must trump"):
            game.play(card("3D"))
        game.play(card("5H"))
    else:
        assert game.legal_cards() == cards("5H 3D")
        game.play(card("3D"))
    game.play(card("4D"))  # C is void with no trump: any card, under either rule
    # D holds a trump; must-trump asks for a trump, not for a higher one.
    if must_trump:
        assert game.legal_cards() == [card("3H")]
    else:
        assert game.legal_cards() == cards("3H 6D")
    game.play(card("3H"))


def test_must_trump_does_not_override_following_suit() -> None:
    hands = {"A": "A...", "B": "2.2..", "C": "3...", "D": "4..."}
    game = make_game(hands, trump=Suit.HEARTS, must_trump=True)
    game.play(card("AS"))
    assert game.legal_cards() == [card("2S")]
    with pytest.raises(IllegalPlay):
        game.play(card("2H"))


def test_must_trump_under_cut_naming_card_is_free_then_trumps_are_compulsory() -> None:
    hands = {"A": "A.2..9", "B": ".3.2.8", "C": "K.4..7", "D": "Q..3.6"}
    game = make_game(hands, method=TrumpMethod.CUT, must_trump=True)
    game.play(card("AS"))
    # B is void and nothing is trump yet: any card, and the one played names the trump.
    assert game.legal_cards() == cards("3H 2D 8C")
    assert game.play(card("2D")).named
    events = play(game, "C:KS D:QS")
    assert events[-1].trick_winner == "B"  # the naming card is a trump
    play(game, "B:3H C:4H")
    # D is void in hearts and holds a diamond, the named trump: must play it.
    assert game.legal_cards() == [card("3D")]
    with pytest.raises(IllegalPlay, match="must trump"):
        game.play(card("6C"))


# -- revokes -------------------------------------------------------------------------------


def test_revoke_recorded_is_accepted_and_flagged() -> None:
    hands = {"A": "A.2..", "B": "5.3..", "C": "4...", "D": "3..."}
    game = make_game(hands, trump=Suit.CLUBS)
    game.play(card("AS"))
    event = game.play(card("3H"), revoke=True)  # B holds 5S: a revoke, knowingly recorded
    assert event.revoke
    assert not event.followed
    assert game.revokes == 1
    assert game.hands["B"] == {card("5S")}
    events = play(game, "C:4S D:3S")
    assert events[-1].trick_winner == "A"


def test_revoke_mark_on_a_legal_card_is_refused() -> None:
    hands = {"A": "A.2..", "B": "5.3..", "C": "4...", "D": "3..."}
    game = make_game(hands, trump=Suit.CLUBS)
    game.play(card("AS"))
    with pytest.raises(IllegalPlay, match="breaks no rule"):
        game.play(card("5S"), revoke=True)
    assert game.revokes == 0


def test_revoke_mark_covers_a_broken_must_trump() -> None:
    hands = {"A": "A...", "B": ".2.3.", "C": "K...", "D": "Q..."}
    game = make_game(hands, trump=Suit.HEARTS, must_trump=True)
    game.play(card("AS"))
    assert game.play(card("3D"), revoke=True).revoke


# -- ^T (ask for the closed trump) outside a closed deal ---------------------------------------


def test_ask_reveal_without_face_down_trump_is_refused() -> None:
    hands = {"A": "A...", "B": ".2..", "C": "K...", "D": "Q..."}
    game = make_game(hands, trump=Suit.HEARTS)
    game.play(card("AS"))
    with pytest.raises(IllegalPlay, match="no face-down trump"):
        game.play(card("2H"), ask_reveal=True)


# -- set-up errors -------------------------------------------------------------------------


def test_full_deal_is_accepted() -> None:
    game = make_game(suit_deal(), check_deal=True)
    assert game.trick == 1 and game.to_play == "A"


def test_setup_error_wrong_hand_size() -> None:
    hands = suit_deal()
    hands["A"] = "AKQJT98765432.A.."  # 14 cards
    hands["B"] = ".KQJT98765432.."  # 12 cards
    with pytest.raises(SetupError, match=r"holds 1[24] cards"):
        make_game(hands, check_deal=True)


def test_setup_error_card_twice() -> None:
    with pytest.raises(SetupError, match="AS held twice"):
        make_game({"A": "A...", "B": "A...", "C": "K...", "D": "Q..."})


def test_setup_error_card_outside_a_32_card_deck() -> None:
    full = "AKQJT987"
    hands = {"A": f"{full}...", "B": f".{full}..", "C": f"..{full}.", "D": "6...AKQJT98"}
    # D holds the six of spades instead of the seven of clubs.
    with pytest.raises(SetupError, match="6S is not in a 32-card deck"):
        make_game(hands, deck=32, check_deal=True)


def test_setup_error_missing_extra_seats_and_bad_leader() -> None:
    with pytest.raises(SetupError, match="no hand for seat D"):
        make_game({"A": "A...", "B": "K...", "C": "Q..."})
    with pytest.raises(SetupError, match="E"):
        make_game({"A": "A...", "B": "K...", "C": "Q...", "D": "J...", "E": "T..."})
    with pytest.raises(SetupError, match="no seat E"):
        make_game({"A": "A...", "B": "K...", "C": "Q...", "D": "J..."}, leader="E")


# -- unknown hands -------------------------------------------------------------------------


def test_unknown_hand_may_play_any_unseen_card() -> None:
    hands: dict[str, str | None] = {"A": "A.2..", "B": None, "C": "K...", "D": "Q.3.."}
    game = make_game(hands, trump=Suit.CLUBS)
    game.play(card("AS"))
    known = {card(c) for c in ("AS", "2H", "KS", "QS", "3H")}
    assert set(game.legal_cards()) == set(deck(52)) - known
    with pytest.raises(IllegalPlay, match="already played or held"):
        game.play(card("KS"))  # C holds it
    with pytest.raises(IllegalPlay, match="already played or held"):
        game.play(card("AS"))  # on the table
    event = game.play(card("5D"))  # trusted: B is taken to be void in spades
    assert not event.followed
    assert card("5D") not in game.legal_cards("B")


def test_unknown_hand_full_deal_still_checks_known_hands() -> None:
    hands: dict[str, str | None] = dict(suit_deal())
    hands["B"] = None
    game = make_game(hands, check_deal=True)
    assert len(game.legal_cards("B")) == 13
    hands["A"] = "AKQJT9876543..."  # 12 cards
    with pytest.raises(SetupError, match="holds 12 cards"):
        make_game(hands, check_deal=True)


# -- positions (PMN Start) -----------------------------------------------------------------


def position_game(**overrides: object) -> Game:
    """Trick 12 under way: A has led KS; all four tens were taken 2–2 before."""
    start = StartPosition(trick=12, tens=(2, 2), tricks=(6, 5), table=(("A", card("KS")),))
    hands = {"A": ".2..", "B": "Q.3..", "C": "J..4.", "D": "A...5"}
    for key, value in overrides.items():
        hands[key] = value  # type: ignore[assignment]
    return make_game(hands, start=start, trump=Suit.CLUBS)


def test_position_with_table_cards() -> None:
    game = position_game()
    assert game.trick == 12
    assert game.to_play == "B"
    assert game.led_suit is Suit.SPADES  # the card on the table sets the suit
    assert game.legal_cards() == [card("QS")]
    events = play(game, "B:QS C:JS D:AS")
    assert events[-1].trick_winner == "D"
    assert game.counts.tricks == [6, 6]
    events = play(game, "D:5C A:2H B:3H C:4D")
    assert game.finished
    assert game.counts.tricks == [6, 7]
    assert game.counts.tens == [2, 2]


def test_position_table_card_can_win_the_trick() -> None:
    game = position_game(D="2...5")
    events = play(game, "B:QS C:JS D:2S")
    assert events[-1].trick_winner == "A"  # A's KS, on the table before the record began
    assert game.counts.tricks == [7, 5]


def test_position_replays_to_a_result() -> None:
    game = position_game()
    setup = game.setup
    tl = Timeline.replay(setup, cards("QS JS AS 5C 2H 3H 4D"))
    assert tl.error is None
    assert tl.result is not None
    assert tl.result.tag == "BD win"  # tens 2–2 and 7 of 13 tricks
    assert tl.ten("TS").where == "gone"
    assert tl.ten("TS").team is None  # both sides took tens before the start


def test_position_setup_errors() -> None:
    hands = {"A": ".2..", "B": "Q.3..", "C": "J..4.", "D": "A...5"}
    table = (("A", card("KS")),)
    with pytest.raises(SetupError, match="add up"):
        make_game(hands, start=StartPosition(12, (2, 2), (6, 4), table))
    with pytest.raises(SetupError, match="play order"):
        make_game(hands, start=StartPosition(12, (2, 2), (6, 5), (("B", card("KS")),)))
    with pytest.raises(SetupError, match="should hold"):
        make_game(hands, start=StartPosition(12, (2, 2), (6, 5), ()))
    with pytest.raises(SetupError, match="Start counts"):
        make_game(hands, start=StartPosition(12, (1, 2), (6, 5), table))
    with pytest.raises(SetupError, match="only under Dehla"):
        make_game(hands, start=StartPosition(12, (2, 2), (5, 5), table, pile_tricks=1))


def test_position_gone_tens_belong_to_the_only_side_that_took_tens() -> None:
    start = StartPosition(trick=13, tens=(0, 1), tricks=(6, 6))
    hands = {"A": "T...", "B": ".T..", "C": "..T.", "D": "2..."}
    game = make_game(hands, start=start, trump=Suit.CLUBS)
    (gone,) = [f for f in game.tens_fates() if f.where == "gone"]
    assert gone.card == card("TC")
    assert gone.team == "BD"


# -- legal_cards -----------------------------------------------------------------------------


def test_legal_cards_lead_follow_void_and_finished() -> None:
    hands = {"A": "A2.K..", "B": "5.3.4.", "C": ".Q.5.", "D": "3.2..2"}
    game = make_game(hands, trump=Suit.CLUBS)
    assert game.legal_cards() == cards("AS 2S KH")  # a leader may lead anything
    game.play(card("AS"))
    assert game.legal_cards() == [card("5S")]  # must follow
    game.play(card("5S"))
    assert game.legal_cards() == cards("QH 5D")  # void: anything
    assert game.legal_cards("D") == [card("3S")]  # another seat can be asked


# -- the dealer's right --------------------------------------------------------------------


def test_player_to_dealers_right_leads_to_the_first_trick() -> None:
    rules = Rules(trump_method=TrumpMethod.NONE)
    hands = {
        s: parse_hand(h) for s, h in {"A": "A...", "B": "K...", "C": "Q...", "D": "J..."}.items()
    }
    game = Game(DealSetup(rules, hands, "A", dealer="D"), check_deal=False)
    assert game.to_play == "A"
    with pytest.raises(SetupError, match="dealer's right"):
        Game(DealSetup(rules, hands, "C", dealer="D"), check_deal=False)


def test_closed_trump_is_set_aside_by_the_player_to_dealers_right() -> None:
    rules = Rules(trump_method=TrumpMethod.CLOSED)
    hands = {
        s: parse_hand(h) for s, h in {"A": "A.5..", "B": "K.6..", "C": "Q...", "D": "J..."}.items()
    }
    game = Game(
        DealSetup(rules, hands, "A", dealer="D", trump_card=card("5H"), hidden_holder="A"),
        check_deal=False,
    )
    assert game.hidden_holder == "A"
    with pytest.raises(SetupError, match="dealer's right"):
        Game(
            DealSetup(rules, hands, "A", dealer="D", trump_card=card("6H"), hidden_holder="B"),
            check_deal=False,
        )
