"""docs/rules.md section 3's house rules of the closed trump, card by card in the engine:
``holder-may-ask``, ``trump-card-in-hand``, ``count-from-reveal``, ``reveal-if-trumping`` and
``hidden-trumps`` (each against the common rule on the same cards), and the flags that
cannot go together. Their whole examples are in ``sample_games/closed-house-rules.pmn``
(``test_sample_games.py``); the solver's values under them in ``test_solver_crosscheck.py``."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mendikot_replay.core.cards import Suit, card, parse_hand
from mendikot_replay.core.deal_setup import DealSetup
from mendikot_replay.core.engine import Game, IllegalPlay
from mendikot_replay.core.rules import Reveal, Rules, TrumpMethod, flag_options


def game_of(hands: Mapping[str, str], leader: str, reveal: Reveal, *flags: str) -> Game:
    """A closed deal of these hands under these ``Variant`` flags, A holding the five of
    hearts face down."""
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=reveal, **flag_options(flags))
    parsed = {s: parse_hand(h) for s, h in hands.items()}
    setup = DealSetup(rules, parsed, leader, trump_card=card("5H"), hidden_holder="A")
    return Game(setup, check_deal=False)


def play(game: Game, cards: str) -> None:
    for text in cards.split():
        game.play(card(text))


# B leads a spade; A holds the face-down five of hearts and a club, no spade.
ASKING = {"A": ".5..3", "B": "K...4", "C": "Q...6", "D": "J...7"}


def test_holder_may_ask_lets_the_holder_ask_and_trump_with_the_face_down_card() -> None:
    common = game_of(ASKING, "B", Reveal.B)
    play(common, "KS QS JS")
    assert not common.may_ask() and common.ask_cards() == []
    with pytest.raises(IllegalPlay, match="set the trump aside and cannot ask"):
        common.play(card("3C"), ask_reveal=True)
    ruled = game_of(ASKING, "B", Reveal.B, "holder-may-ask")
    play(ruled, "KS QS JS")
    assert ruled.may_ask() and ruled.ask_cards() == [card("5H")]  # the one trump A holds
    with pytest.raises(IllegalPlay, match="must play one"):
        ruled.play(card("3C"), ask_reveal=True)
    event = ruled.play(card("5H"), ask_reveal=True)
    assert event.revealed and event.asked and event.is_trump
    assert event.trick_winner == "A" and ruled.trump is Suit.HEARTS


def test_trump_card_in_hand_counts_for_following_and_may_be_led() -> None:
    hands = {"A": ".5..3", "B": ".K..4", "C": ".Q..6", "D": ".J..7"}
    common = game_of(hands, "D", Reveal.B)
    play(common, "JH")
    assert common.legal_cards() == [card("3C")]  # void but for the card set aside
    ruled = game_of(hands, "D", Reveal.B, "trump-card-in-hand")
    play(ruled, "JH")
    assert ruled.legal_cards() == [card("5H")]  # it counts: A must follow with it
    event = ruled.play(card("5H"))
    assert event.revealed and ruled.trump is Suit.HEARTS
    lead = game_of(hands, "A", Reveal.A, "trump-card-in-hand")
    assert lead.legal_cards() == [card("5H"), card("3C")]
    assert lead.play(card("5H")).revealed  # leading it turns it up


def test_count_from_reveal_leaves_the_trumps_before_the_revealing_card_out() -> None:
    hands = {"A": ".5..6", "B": ".9..3", "C": "..T.4", "D": "2...7"}
    for flags, winner in (((), "B"), (("count-from-reveal",), "A")):
        game = game_of(hands, "B", Reveal.A, *flags)
        play(game, "9H TD 2S")
        assert game.trump is Suit.HEARTS  # turned up at C's diamond
        assert game.play(card("5H")).trick_winner == winner


def test_reveal_if_trumping_waits_for_a_player_with_a_trump_who_must_then_trump() -> None:
    hands = {"A": ".5..6", "B": "K...3", "C": "..T.4", "D": "Q...7"}
    common = game_of(hands, "B", Reveal.A)
    play(common, "KS")
    assert common.play(card("TD")).revealed  # by the common rule any void turns it up
    ruled = game_of(hands, "B", Reveal.A, "reveal-if-trumping")
    play(ruled, "KS")
    assert ruled.legal_cards() == [card("TD"), card("4C")]  # C holds no heart
    with pytest.raises(IllegalPlay, match="turned up only for a player who holds a trump"):
        ruled.copy().play(card("TD"), ask_reveal=True)
    assert not ruled.play(card("TD")).revealed
    play(ruled, "QS")
    assert ruled.legal_cards() == [card("5H")]  # A holds a trump: it is turned up, A trumps
    assert ruled.play(card("5H")).revealed


def test_reveal_if_trumping_holds_a_player_holding_a_trump_to_play_one() -> None:
    hands = {"A": "3.5..", "B": "K...3", "C": ".6..4", "D": "Q...7"}
    game = game_of(hands, "B", Reveal.A, "reveal-if-trumping")
    play(game, "KS")
    assert game.legal_cards() == [card("6H")]
    with pytest.raises(IllegalPlay, match="must play one"):
        game.copy().play(card("4C"))


@pytest.mark.parametrize(("reveal", "common"), [(Reveal.A, "C"), (Reveal.B, "B")])
def test_hidden_trumps_win_before_the_reveal(reveal: Reveal, common: str) -> None:
    """C, out of spades, throws a heart: under version A that turns the card up (a trump
    either way); under version B, not asking, it is a trump only under hidden-trumps."""
    hands = {"A": "6.5..", "B": "K..2.", "C": ".4.3.", "D": "T..5."}
    for flags, winner in (((), common), (("hidden-trumps",), "C")):
        game = game_of(hands, "B", reveal, *flags)
        play(game, "KS 4H TS")
        assert game.hidden_card is (card("5H") if reveal is Reveal.B else None)
        assert game.play(card("6S")).trick_winner == winner


@pytest.mark.parametrize(
    ("options", "why"),
    [
        ({"holder_may_ask": True}, "holder-may-ask is a rule of the closed trump's version B"),
        (
            {"reveal": Reveal.B, "count_from_reveal": True},
            "count-from-reveal is a rule of the closed trump's version A",
        ),
        (
            {"count_from_reveal": True, "hidden_trumps": True},
            "count-from-reveal cannot hold with hidden-trumps",
        ),
    ],
)
def test_a_flag_of_another_version_or_a_meaningless_pair_is_refused(
    options: dict[str, object], why: str
) -> None:
    with pytest.raises(ValueError, match=why):
        Rules(trump_method=TrumpMethod.CLOSED, **options)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a rule of the closed trump"):
        Rules(trump_card_in_hand=True)


# -- behaviours pinned one by one (each test fails if its rule is dropped) ----------------------


def test_trump_card_in_hand_refuses_a_card_that_does_not_follow_when_the_face_down_card_can() -> (
    None
):
    """Not only missing from the legal cards: ``play`` itself refuses the club, a revoke, since
    the face-down heart counts as a heart in A's hand."""
    hands = {"A": ".5..3", "B": ".K..4", "C": ".Q..6", "D": ".J..7"}
    ruled = game_of(hands, "D", Reveal.B, "trump-card-in-hand")
    play(ruled, "JH")
    with pytest.raises(IllegalPlay, match="revoke"):
        ruled.copy().play(card("3C"))
    common = game_of(hands, "D", Reveal.B)
    play(common, "JH")
    assert not common.play(card("3C")).revoke  # by the common rule A is void: any card


def test_hidden_trumps_record_a_card_of_the_hidden_suit_as_a_trump_when_played() -> None:
    """The play itself says so (``is_trump`` on the card's event, before any reveal), not only
    who takes the trick."""
    hands = {"A": "6.5..", "B": "K..2.", "C": ".4.3.", "D": "T..5."}
    ruled = game_of(hands, "B", Reveal.B, "hidden-trumps")
    play(ruled, "KS")
    event = ruled.play(card("4H"))
    assert event.is_trump and not event.revealed and ruled.hidden_card == card("5H")
    common = game_of(hands, "B", Reveal.B)
    play(common, "KS")
    assert not common.play(card("4H")).is_trump


def _unknown_c(*flags: str) -> Game:
    """A closed deal (version A) in which C's hand is unknown; A holds the five of hearts
    face down."""
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.A, **flag_options(flags))
    hands = {
        "A": parse_hand(".5..6"),
        "B": parse_hand("K...3"),
        "C": None,
        "D": parse_hand("Q...7"),
    }
    setup = DealSetup(rules, hands, "B", trump_card=card("5H"), hidden_holder="A")
    return Game(setup, check_deal=False)


def test_reveal_if_trumping_a_void_player_whose_hand_is_unknown_does_not_turn_the_trump_up() -> (
    None
):
    """C's hand is unknown and C does not follow: under reveal-if-trumping the card stays down
    unless C's card is a trump (an unknown hand is trusted: it plays one only if it holds one);
    by the common rule any void turns it up."""
    ruled = _unknown_c("reveal-if-trumping")
    play(ruled, "KS")
    event = ruled.play(card("TD"))
    assert not event.revealed and ruled.hidden_card == card("5H")
    common = _unknown_c()
    play(common, "KS")
    assert common.play(card("TD")).revealed
    trumping = _unknown_c("reveal-if-trumping")
    play(trumping, "KS")
    assert trumping.play(card("9H")).revealed  # C trumps: turned up for it
