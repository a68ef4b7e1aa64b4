"""docs/rules.md "Closed" trump (band hukum): versions A and B, ``^T`` and the face-down card.

Documented design decisions tested here as such: under version A all trump-suit cards of the
revealing trick count as trumps; under version B only the cards played at or after the
reveal; a void player whose automatic (version A) reveal happens must trump under must-trump.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mendikot_replay.core.cards import Card, Suit, card, parse_hand
from mendikot_replay.core.deal_setup import DealSetup, SetupError
from mendikot_replay.core.engine import Game, IllegalPlay, PlayEvent
from mendikot_replay.core.rules import Reveal, Rules, TrumpMethod
from mendikot_replay.core.timeline import Timeline


def closed_setup(
    hands: Mapping[str, str],
    holder: str,
    hidden: str = "5H",
    leader: str = "A",
    reveal: Reveal = Reveal.A,
    must_trump: bool = False,
) -> DealSetup:
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=reveal, must_trump=must_trump)
    parsed = {s: parse_hand(h) for s, h in hands.items()}
    return DealSetup(rules, parsed, leader, trump_card=card(hidden), hidden_holder=holder)


def closed_game(hands: Mapping[str, str], holder: str, **kw: object) -> Game:
    return Game(closed_setup(hands, holder, **kw), check_deal=False)  # type: ignore[arg-type]


def play(game: Game, cards: str) -> list[PlayEvent]:
    events = []
    for token in cards.split():
        seat, text = token.split(":")
        assert game.to_play == seat, f"{seat} to play {text}, but it is {game.to_play}'s turn"
        events.append(game.play(card(text)))
    return events


def status(game: Game) -> str:
    """The trump status, read afresh (mypy would otherwise keep an earlier narrowing)."""
    return game.trump_status


def cards(text: str) -> list[Card]:
    return [card(t) for t in text.split()]


# -- both versions ---------------------------------------------------------------------------


@pytest.mark.parametrize("reveal", [Reveal.A, Reveal.B])
def test_closed_trump_is_hidden_and_holder_plays_from_the_other_cards(reveal: Reveal) -> None:
    game = closed_game({"A": "2.5.3.", "B": "3...", "C": "4...", "D": "A..."}, "A", reveal=reveal)
    assert status(game) == "hidden"
    assert game.trump is None  # nobody knows the suit
    assert game.visible_hand("A") == {card("2S"), card("3D")}
    assert game.legal_cards() == cards("2S 3D")


@pytest.mark.parametrize("reveal", [Reveal.A, Reveal.B])
def test_closed_face_down_card_cannot_be_played_early(reveal: Reveal) -> None:
    game = closed_game({"A": "A.5..", "B": "K...", "C": "Q...", "D": "J..."}, "A", reveal=reveal)
    assert game.legal_cards() == [card("AS")]
    with pytest.raises(IllegalPlay, match="face-down"):
        game.play(card("5H"))
    assert status(game) == "hidden"
    assert game.to_play == "A"


def test_closed_version_b_void_holder_still_cannot_play_the_face_down_card() -> None:
    hands = {"A": "A.5..", "B": ".3..", "C": ".4..", "D": ".6.."}
    game = closed_game(hands, "A", leader="B", reveal=Reveal.B)
    play(game, "B:3H C:4H D:6H")
    # A's only heart is the face-down card: A cannot follow, and may not use that card.
    assert game.legal_cards() == [card("AS")]
    with pytest.raises(IllegalPlay, match="face-down"):
        game.play(card("5H"))
    game.play(card("AS"))
    assert status(game) == "hidden"


@pytest.mark.parametrize("reveal", [Reveal.A, Reveal.B])
def test_closed_card_turned_up_when_last_card(reveal: Reveal) -> None:
    hands = {"A": ".5.2.", "B": "K..3.", "C": "Q..4.", "D": "A..5."}
    game = closed_game(hands, "A", reveal=reveal)
    play(game, "A:2D B:3D C:4D D:5D")  # everybody follows: no reveal
    assert status(game) == "hidden"
    game.play(card("AS"))
    assert game.legal_cards() == [card("5H")]  # the face-down card is all A has left
    event = game.play(card("5H"))
    assert event.revealed
    assert event.is_trump
    assert game.trump is Suit.HEARTS and status(game) == "revealed"
    assert play(game, "B:KS C:QS")[-1].trick_winner == "A"


@pytest.mark.parametrize("reveal", [Reveal.A, Reveal.B])
def test_closed_card_turned_up_when_led_as_last_card(reveal: Reveal) -> None:
    hands = {"A": ".5.A.", "B": "K..3.", "C": "Q..4.", "D": "A..5."}
    game = closed_game(hands, "A", reveal=reveal)
    play(game, "A:AD B:3D C:4D D:5D")
    event = game.play(card("5H"))
    assert event.revealed and event.is_trump
    assert play(game, "B:KS C:QS D:AS")[-1].trick_winner == "A"


def test_closed_trump_card_must_be_in_holders_hand() -> None:
    hands = {"A": "A...", "B": "K...", "C": "Q...", "D": ".5.."}
    with pytest.raises(SetupError, match="not in A's hand"):
        closed_game(hands, "A")
    rules = Rules(trump_method=TrumpMethod.CLOSED)
    parsed = {s: parse_hand(h) for s, h in hands.items()}
    with pytest.raises(SetupError, match="face-down card and its holder"):
        Game(DealSetup(rules, parsed, "A"), check_deal=False)


# -- version A -------------------------------------------------------------------------------


@pytest.mark.parametrize(("b_card", "winner"), [("3D", "A"), ("2H", "B")])
def test_closed_version_a_reveals_automatically_and_card_returns_to_holder(
    b_card: str, winner: str
) -> None:
    hands = {"A": "A.5.2.", "B": ".2.3.", "C": "K..4.", "D": "Q..5."}
    game = closed_game(hands, "A")
    game.play(card("AS"))
    assert status(game) == "hidden"
    # B cannot follow: the card is turned up. B may play any card; trumping is not required.
    assert game.legal_cards() == cards("2H 3D")
    event = game.play(card(b_card))
    assert event.revealed
    assert not event.asked
    assert game.trump is Suit.HEARTS
    assert status(game) == "revealed"
    assert game.trump_since == 1
    assert event.is_trump == (b_card == "2H")
    assert play(game, "C:KS D:QS")[-1].trick_winner == winner
    # The face-down card went back to its holder, who may now play it like any other card.
    assert game.visible_hand("A") == {card("5H"), card("2D")}
    if winner == "A":
        assert game.legal_cards() == cards("5H 2D")


def test_closed_version_a_void_holder_reveals_and_may_play_the_returned_card() -> None:
    hands = {"A": ".5.2.", "B": "A...", "C": "K...", "D": "Q..."}
    game = closed_game(hands, "A", leader="B")
    play(game, "B:AS C:KS D:QS")
    assert game.legal_cards() == cards("5H 2D")
    event = game.play(card("5H"))
    assert event.revealed and event.is_trump
    assert event.trick_winner == "A"


#: docs/rules.md's worked example of a closed trump whose suit turns out to be the suit led:
#: A (to the dealer's right) has laid the five of clubs face down; B leads the ten of clubs,
#: C and D have no club, and A follows with the nine.
LED_TRUMP_HANDS = {"A": "...95", "B": "...T", "C": "..2.", "D": "..3."}
LED_TRUMP_PLAY = "TC 2D 3D 9C"


@pytest.mark.parametrize(
    ("hands", "holder", "hidden", "leader", "play", "trumps", "winner"),
    [
        pytest.param(
            LED_TRUMP_HANDS,
            "A",
            "5C",
            "B",
            LED_TRUMP_PLAY,
            [True, False, False, True],
            "B",
            id="docs-example-the-led-ten-beats-a-later-nine",
        ),
        pytest.param(
            {"A": ".9..", "B": "..2.", "C": ".K..", "D": ".53..4"},  # D's 5H is face down
            "D",
            "5H",
            "A",
            "9H 2D KH 3H",
            [True, False, True, True],
            "C",
            id="a-later-king-beats-the-led-nine",
        ),
    ],
)
def test_version_a_led_suit_turns_out_trump_every_card_of_the_revealing_trick_is_trump(
    hands: dict[str, str],
    holder: str,
    hidden: str,
    leader: str,
    play: str,
    trumps: list[bool],
    winner: str,
) -> None:
    """docs/rules.md, "Closed", version A: when the suit led turns out to be the trump.

    The card is turned up automatically by the first player who cannot follow. Every card
    played to that trick before the reveal followed suit, so when the face-down card shows
    that the suit led is the trump, all of them are trumps, the card led included, and so is
    every card of that suit played after the reveal: rank alone decides among them. In
    docs/rules.md's example C's discard turns up the five of clubs, B's ten of clubs (led
    before the reveal) is the highest trump of the trick and beats A's nine, and B/D keep
    their ten. (Version B decides the same trick the other way: the next test.)
    """
    setup = closed_setup(hands, holder, hidden=hidden, leader=leader)
    tl = Timeline.replay(setup, cards(play), check_deal=False)
    assert tl.error is None
    assert tl.events[1].revealed and not tl.events[1].asked  # automatic, at the discard
    assert [e.is_trump for e in tl.events] == trumps
    assert tl.trick_winners == [winner]


def test_version_b_led_suit_turns_out_trump_no_card_played_before_the_reveal_is_trump() -> None:
    """docs/rules.md, "Closed", version B: when the suit led turns out to be the trump.

    Under version B a card of the trump suit played before the reveal never counts as a
    trump: not later in the same trick, and not even the card led, although its suit turns
    out to be the trump. Only cards played at or after the reveal can be trumps, so a low
    card of the suit played after the ask beats a high one led before it. docs/rules.md's
    example: B leads the ten of clubs, C cannot follow and does not ask, D asks (``^T``) and
    the face-down five of clubs makes clubs trumps (D, void in clubs, has no trump to play);
    A's nine of clubs, played after the reveal, is the only trump of the trick and takes
    B's ten for A/C. Had nobody asked, the trick would have had no trumps and the ten, the
    highest club, would have won it.
    """
    setup = closed_setup(LED_TRUMP_HANDS, "A", hidden="5C", leader="B", reveal=Reveal.B)
    asks = [(False, False), (False, False), (True, False), (False, False)]
    tl = Timeline.replay(setup, cards(LED_TRUMP_PLAY), asks, check_deal=False)
    assert tl.error is None
    lead, discard, ask, nine = tl.events
    assert not discard.revealed  # C cannot follow but does not ask: nothing is turned up
    assert ask.asked and ask.revealed and not ask.is_trump
    assert not lead.is_trump  # led before the reveal: never a trump, though clubs are trumps
    assert nine.is_trump
    assert tl.trick_winners == ["A"]
    assert tl.final is not None and tl.final.tens == (1, 0)  # B's ten goes to A/C
    # Nobody asks: the trick has no trumps, and the highest club, the ten, wins it.
    unasked = Timeline.replay(setup, cards(LED_TRUMP_PLAY), check_deal=False)
    assert unasked.error is None
    assert not any(e.is_trump or e.revealed for e in unasked.events)
    assert unasked.trick_winners == ["B"]


def test_closed_version_a_must_trump_after_automatic_reveal() -> None:
    # Design decision: the void player's own card reveals the trump, and must-trump applies.
    hands = {"A": "A.5.2.", "B": ".2.3.", "C": "K..4.", "D": "Q..5."}
    game = closed_game(hands, "A", must_trump=True)
    game.play(card("AS"))
    assert game.legal_cards() == [card("2H")]
    with pytest.raises(IllegalPlay, match="must trump"):
        game.play(card("3D"))
    assert status(game) == "hidden"  # the refused card revealed nothing
    assert game.play(card("2H")).revealed


def test_closed_version_a_must_trump_holder_plays_the_returned_card() -> None:
    hands = {"A": ".5.2.", "B": "A...", "C": "K...", "D": "Q..."}
    game = closed_game(hands, "A", leader="B", must_trump=True)
    play(game, "B:AS C:KS D:QS")
    assert game.legal_cards() == [card("5H")]
    with pytest.raises(IllegalPlay, match="must trump"):
        game.play(card("2D"))


def test_closed_version_a_ask_is_optional_but_checked() -> None:
    hands = {"A": "A.5..", "B": "2.2..", "C": ".3..", "D": "Q..."}
    game = closed_game(hands, "A")
    game.play(card("AS"))
    with pytest.raises(IllegalPlay, match="only when a player cannot follow"):
        game.play(card("2S"), ask_reveal=True)  # B can follow
    game.play(card("2S"))
    event = game.play(card("3H"), ask_reveal=True)  # C is void: the ^T is consistent
    assert event.revealed


# -- version B -------------------------------------------------------------------------------


def test_closed_version_b_unasked_trick_has_no_trumps() -> None:
    hands = {"A": "2.5..", "B": ".A..", "C": "3...", "D": "4..."}
    game = closed_game(hands, "A", reveal=Reveal.B)
    game.play(card("2S"))
    event = game.play(card("AH"))  # B is void, holds the ace of the hidden suit, does not ask
    assert not event.revealed and not event.is_trump
    assert status(game) == "hidden"
    events = play(game, "C:3S D:4S")
    assert events[-1].trick_winner == "D"  # highest spade; B's AH is no trump
    assert status(game) == "hidden"


def test_closed_version_b_void_player_without_asking_is_not_bound_by_must_trump() -> None:
    hands = {"A": "A.5..", "B": ".2.3.", "C": "K...", "D": "Q..."}
    game = closed_game(hands, "A", reveal=Reveal.B, must_trump=True)
    game.play(card("AS"))
    assert game.legal_cards() == cards("2H 3D")
    assert not game.play(card("3D")).revealed


def test_closed_version_b_asker_must_trump() -> None:
    hands = {"A": "A.5.2.", "B": ".2.3.", "C": "K..4.", "D": "Q..5."}
    game = closed_game(hands, "A", reveal=Reveal.B)
    game.play(card("AS"))
    with pytest.raises(IllegalPlay, match="must play one"):
        game.play(card("3D"), ask_reveal=True)
    assert status(game) == "hidden"
    event = game.play(card("2H"), ask_reveal=True)
    assert event.asked and event.revealed and event.is_trump
    assert game.trump is Suit.HEARTS
    assert play(game, "C:KS D:QS")[-1].trick_winner == "B"
    # The revealed card is the holder's again.
    assert game.visible_hand("A") == {card("5H"), card("2D")}


def test_closed_version_b_asker_without_trump_plays_any_card() -> None:
    hands = {"A": "A.5..", "B": "..3.4", "C": "K...", "D": "Q..."}
    game = closed_game(hands, "A", reveal=Reveal.B)
    game.play(card("AS"))
    event = game.play(card("3D"), ask_reveal=True)
    assert event.asked and event.revealed and not event.is_trump
    assert play(game, "C:KS D:QS")[-1].trick_winner == "A"


@pytest.mark.parametrize(("d_hand", "d_card", "winner"), [("4...", "4S", "C"), (".4..", "4H", "D")])
def test_closed_version_b_trump_suit_cards_before_reveal_do_not_count(
    d_hand: str, d_card: str, winner: str
) -> None:
    hands = {"A": "2.5..", "B": ".K..", "C": ".3..", "D": d_hand}
    setup = closed_setup(hands, "A", reveal=Reveal.B)
    flags = [(False, False), (False, False), (True, False), (False, False)]
    tl = Timeline.replay(setup, cards(f"2S KH 3H {d_card}"), flags, check_deal=False)
    assert tl.error is None
    kh, three = tl.events[1], tl.events[2]
    assert not kh.revealed and not kh.is_trump  # played before the reveal: never a trump
    assert three.asked and three.revealed and three.is_trump
    # A heart played after the reveal is a trump (D's 4H beats C's 3H).
    assert tl.events[3].is_trump == (d_card == "4H")
    assert tl.trick_winners == [winner]


def test_closed_version_b_only_void_player_may_ask() -> None:
    hands = {"A": "A.5..", "B": "2.2..", "C": "K...", "D": "Q..."}
    game = closed_game(hands, "A", reveal=Reveal.B)
    game.play(card("AS"))
    with pytest.raises(IllegalPlay, match="only a player who cannot follow"):
        game.play(card("2S"), ask_reveal=True)


def test_closed_holder_cannot_ask() -> None:
    hands = {"A": "A...", "B": "K...", "C": "Q...", "D": ".5.2."}
    game = closed_game(hands, "D", reveal=Reveal.B)
    play(game, "A:AS B:KS C:QS")
    with pytest.raises(IllegalPlay, match="cannot ask"):
        game.play(card("2D"), ask_reveal=True)
    event = game.play(card("2D"))
    assert not event.revealed
    assert status(game) == "hidden"


# -- closed trump held by a seat whose hand is unknown ---------------------------------------


def unknown_holder_game(reveal: Reveal) -> Game:
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=reveal)
    hands = {
        "A": None,
        "B": parse_hand("A.2.."),
        "C": parse_hand("K...3"),
        "D": parse_hand("Q.4.."),
    }
    setup = DealSetup(rules, hands, "B", trump_card=card("TH"), hidden_holder="A")
    return Game(setup, check_deal=False)


def test_closed_unknown_holder_gets_the_card_back_after_version_a_reveal() -> None:
    game = unknown_holder_game(Reveal.A)
    assert card("TH") not in game.legal_cards("A")  # face down: not A's to choose yet
    ten = next(f for f in game.tens_fates() if f.card == card("TH"))
    assert (ten.where, ten.holder) == ("hand", "A")
    play(game, "B:AS C:KS D:QS")
    event = game.play(card("2D"))  # A (unknown hand) cannot follow: the card is turned up
    assert event.revealed and status(game) == "revealed"
    play(game, "B:2H C:3C D:4H")
    assert card("TH") in game.legal_cards("A")  # back in A's hand
    event = game.play(card("TH"))
    assert event.is_trump and event.trick_winner == "A"


def test_closed_unknown_holder_plays_the_face_down_card_last() -> None:
    game = unknown_holder_game(Reveal.B)
    play(game, "B:AS C:KS D:QS A:2D")
    assert status(game) == "hidden"
    play(game, "B:2H C:3C D:4H")
    event = game.play(card("TH"))  # A's last card, trusted: turned up as it is played
    assert event.revealed and event.is_trump
    assert event.trick_winner == "A"
