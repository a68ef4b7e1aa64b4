"""Two packs at ten or twelve players (docs/rules.md, "Two packs"): the cards twice, eight tens,
the later of two identical cards winning, the copies a record's ``7S`` stands for, and every
layer that takes a two-pack deal (the reader and the writer, the recorder, the solver) or
refuses it clearly (the odds)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from test_solver_crosscheck import describe, expected, got, tree_values

from mendikot_replay.analysis.odds import odds
from mendikot_replay.analysis.points import find_points
from mendikot_replay.core.cards import Card, card, copies_by_appearance, deck, parse_hand, twin
from mendikot_replay.core.deal_setup import DealSetup, SetupError, StartPosition
from mendikot_replay.core.engine import Game, IllegalPlay
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.core.timeline import Timeline
from mendikot_replay.players.generate import random_deal
from mendikot_replay.pmn.entry import DealEntry, EntryError
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_string
from mendikot_replay.solver.search import (
    OBJECTIVES,
    TWO_PACK_TRICKS,
    Solver,
    core_state,
    equivalence_groups,
    plain_minimax,
    solve,
)
from mendikot_replay.views.terminal import render_deal

SAMPLE = Path(__file__).resolve().parent.parent / "sample_games" / "two-packs.pmn"


def _timeline(record: DealRecord) -> Timeline:
    assert record.timeline is not None
    return record.timeline


# -- the decks --------------------------------------------------------------------------------
def test_the_two_pack_decks_deal_evenly_with_each_card_twice() -> None:
    hundred, ninety_six = deck(100), deck(96)
    assert len(hundred) == 100 and len(ninety_six) == 96
    faces = Counter(str(c) for c in hundred)
    # ten players: one two of each suit out, every other card twice
    assert {n for text, n in faces.items() if text[0] != "2"} == {2}
    assert sorted(text for text, n in faces.items() if n == 1) == ["2C", "2D", "2H", "2S"]
    # twelve: no twos at all
    assert not any(str(c).startswith("2") for c in ninety_six)
    assert Counter(str(c) for c in ninety_six).most_common()[-1][1] == 2
    assert sum(c.is_ten for c in hundred) == sum(c.is_ten for c in ninety_six) == 8
    assert Rules(players=10).deck == 100 and Rules(players=12).deck == 96
    assert Rules(players=10).tricks_per_deal == 10 and Rules(players=12).tricks_per_deal == 8


@pytest.mark.parametrize(
    ("players", "size", "message"),
    [
        (4, 100, "a 100-card deck is two packs, played by 10 or 12 players, not 4"),
        (8, 96, "a 96-card deck is two packs, played by 10 or 12 players, not 8"),
        (12, 48, r"12 players play two packs \(Deck 96\), not 48 cards"),
        (10, 96, "a 96-card deck does not deal evenly to 10 players"),
    ],
)
def test_a_deck_that_does_not_suit_the_table_is_refused(
    players: int, size: int, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(players=players, deck=size)


def test_twins_are_two_cards_written_alike() -> None:
    seven = card("7S")
    other = twin(seven)
    assert other is not seven and other != seven
    assert str(other) == "7S" and other.face is seven and other.index == seven.index
    assert {seven, other} == set(parse_hand("77...", twins=True))
    with pytest.raises(ValueError, match="7S is written twice"):
        parse_hand("77...")
    with pytest.raises(ValueError, match="7S is written three times"):
        parse_hand("777...", twins=True)


# -- who wins ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("tens", "tricks", "tag", "reason"),
    [
        ((5, 3), (3, 7), "AC win", "5 tens"),
        ((2, 6), (9, 1), "BD win", "6 tens"),
        ((8, 0), (6, 4), "AC mendikot", "all 8 tens"),
        ((4, 4), (6, 4), "AC win", "4-4 tens and 6 of 10 tricks"),
        ((4, 4), (5, 5), "tie", "4-4 tens and tricks split 5-5"),
        ((8, 0), (10, 0), "AC whitewash", "all 10 tricks"),
    ],
)
def test_eight_tens_five_win_all_a_mendikot_four_all_the_tricks(
    tens: tuple[int, int], tricks: tuple[int, int], tag: str, reason: str
) -> None:
    result = Rules(players=10).result(tens, tricks)
    assert (result.tag, result.reason) == (tag, reason)


def test_a_trick_tie_goes_to_the_side_that_reached_half_first_under_tie_half_first() -> None:
    # A took the last trick: B/D reached half first
    result = Rules(players=10, tie_half_first=True).result((4, 4), (5, 5), last_trick_winner="A")
    assert result.tag == "BD win"
    assert result.reason == "4-4 tens, tricks split 5-5: B/D/F/H/J reached half first"


def _endgame(hands: dict[str, str], trump: str | None = "H") -> Game:
    """The last tricks of a ten-player two-pack deal (as many as A holds cards), A to lead
    (the tens not in a hand already taken, A/C's side the more of them)."""
    rules = Rules(players=10, trump_method=TrumpMethod.DRAWN)
    parsed = {s: parse_hand(h, twins=True) for s, h in hands.items()}
    apart = {s: h or frozenset() for s, h in copies_by_appearance(parsed).items()}
    gone = 8 - sum(c.is_ten for h in apart.values() for c in h)
    trick = 11 - len(apart["A"])
    setup = DealSetup(
        rules=rules,
        hands=apart,
        first_leader="A",
        trump=None if trump is None else card("2" + trump).suit,
        start=StartPosition(trick=trick, tens=(gone - gone // 2, gone // 2), tricks=(trick - 1, 0)),
    )
    return Game(setup, check_deal=False)


def test_of_two_identical_cards_the_later_wins() -> None:
    # A leads the ace of spades, D plays the other ace: D's wins (hearts are trumps)
    hands = dict(zip("ABCDEFGHIJ", ["A...", "..3.", "..4.", "A...", "K..."], strict=False))
    hands |= {s: f"..{r}." for s, r in zip("FGHIJ", "56789", strict=True)}
    game = _endgame(hands)
    game.play_all([card("AS"), card("3D"), card("4D"), card("AS")])
    assert game.table[3].card is twin(card("AS"))
    game.play_all([card("KS"), *(card(f"{r}D") for r in "56789")])
    assert game.trick_winners == ["D"]
    # with trumps: B and C, out of diamonds, play the two tens of hearts; C's, the later,
    # takes the trick and both tens for A/C
    hands = dict(zip("ABC", ["..3.", ".T..", ".T.."], strict=True))
    hands |= {s: f"..{r}." for s, r in zip("DEFGHIJ", "456789J", strict=True)}
    game = _endgame(hands)
    before = list(game.counts.tens)
    game.play_all([card("3D"), card("TH"), card("TH"), *(card(f"{r}D") for r in "456789J")])
    assert game.trick_winners == ["C"]
    assert game.counts.tens == [before[0] + 2, before[1]]


def test_a_seat_plays_the_copy_it_holds() -> None:
    hands = {"A": "7...", "B": "7..."}
    hands |= {s: f"..{r}." for s, r in zip("CDEFGHIJ", "3456789J", strict=True)}
    game = _endgame(hands)
    first = game.play(card("7S"))
    second = game.play(card("7S"))  # written 7S: B's own copy, the second pack's
    assert (first.card, second.card) == (card("7S"), twin(card("7S")))
    assert game.hands["A"] == game.hands["B"] == set()
    with pytest.raises(IllegalPlay, match="not in C's hand"):
        game.play(card("7S"))  # C holds neither copy


def test_a_card_three_times_or_a_twin_in_one_pack_is_refused() -> None:
    one_pack = DealSetup(
        rules=Rules(trump_method=TrumpMethod.NONE),
        hands={"A": frozenset({card("7S")}), "B": frozenset({twin(card("7S"))})}
        | {s: frozenset() for s in "CD"},
        first_leader="A",
        start=StartPosition(trick=13, tens=(2, 2), tricks=(6, 6)),
    )
    with pytest.raises(SetupError, match="7S held twice"):
        Game(one_pack, check_deal=False)
    text = SAMPLE.read_text(encoding="utf-8")
    three = text.replace("B:J.AQT.854.943", "B:3.AQT.854.943", 1)  # A, C and B: 3S
    records = read_string(three)
    problems = [str(p) for p in records[0].errors]
    assert any("3S appears three times" in p for p in problems), problems
    assert records[0].errors[0].line == 11  # the Hands tag's line, a column and the deal
    assert records[1].errors == []  # the other deal is intact


# -- PMN --------------------------------------------------------------------------------------
def test_the_sample_replays_by_the_two_pack_rules_and_round_trips() -> None:
    text = SAMPLE.read_text(encoding="utf-8")
    records = list(read_deals(SAMPLE))
    assert [r.errors for r in records] == [[], []]
    assert write_string(records) == text
    ten, twelve = _timeline(records[0]), _timeline(records[1])
    assert ten.result is not None and twelve.result is not None
    assert ten.result.reason == "4-4 tens and 6 of 10 tricks"
    assert twelve.result.reason == "all 8 tens"
    # trick 1 at ten players: H's ace of spades, then I's, and I wins
    assert ten.trick_winners[0] == "I"
    # every card of the deck is played once: the twins too
    played = Counter(e.card for e in ten.events)
    assert played == Counter(deck(100))


def test_copies_go_by_order_of_appearance_in_hands_and_in_a_position() -> None:
    text = (
        '[Players "10"]\n[TrumpMethod "None"]\n'
        '[Hands "A:7... B:7... C:8... D:9... E:6... F:5... G:4... H:3... I:K... J:Q..."]\n'
        '[Start "trick 10; tens 4-4; tricks 4-5"]\n[Play "A"]\n'
        "10. A: 7S 7S 8S 9S 6S 5S 4S 3S KS QS\n"
    )
    (record,) = read_string(text)
    assert record.errors == []
    setup = record.setup
    assert setup is not None
    assert setup.hands["A"] == frozenset({card("7S")})
    assert setup.hands["B"] == frozenset({twin(card("7S"))})
    assert _timeline(record).trick_winners == ["I"]
    # A's 7S already on the table when the position starts (A's hand is empty), and B
    # holding a 7S: the table's is the other copy, and B plays its own
    (position,) = read_string(text.replace('"A:7... B:7...', '"A:... B:7...'))
    assert position.errors == [], [str(p) for p in position.errors]
    assert position.setup is not None and position.setup.start is not None
    assert position.setup.start.table == (("A", twin(card("7S"))),)
    assert position.setup.hands["B"] == frozenset({card("7S")})
    assert _timeline(position).trick_winners == ["I"]


# -- the recorder's model ---------------------------------------------------------------------
def test_the_recorder_deals_each_copy_and_the_deal_reads_back() -> None:
    entry = DealEntry.new(players=10, dealer="A", trump="S")
    assert len(entry.pack) == 100
    entry.give("7S", "B")
    entry.give("7S", "C")  # the second copy
    with pytest.raises(EntryError, match="7S is already dealt"):
        entry.give("7S", "D")
    entry.take("7S")  # the selected seat's copy back: C's
    assert [str(c) for c in entry.hands["C"]] == []
    entry.deal("D", "88.AA..")  # both copies in one hand
    assert entry.hands["D"] == {card("8S"), twin(card("8S")), card("AH"), twin(card("AH"))}
    with pytest.raises(EntryError, match="8S is already dealt, to D"):
        entry.deal("E", "8...")
    entry.deal("E", "7...")  # the copy C gave back
    assert entry.hands["E"] == {twin(card("7S"))}
    rng = random.Random(3)
    pack = [str(c) for c in entry.pack]
    rng.shuffle(pack)
    for c in pack:
        if entry.complete:
            break
        entry.give(c)
    assert entry.complete
    record = entry.record()
    assert record.errors == [], [str(p) for p in record.errors]
    assert record.setup is not None
    dealt = Counter(str(c) for h in record.setup.hands.values() for c in h or ())
    assert dealt == Counter(str(c) for c in deck(100))


def test_the_recorder_pastes_hands_with_a_card_twice() -> None:
    entry = DealEntry.new(players=12, dealer="A", trump="S")
    entry.paste("A:AA.KK.QQ.JJ B:99.88.77.66")
    assert len(entry.hands["A"]) == len(entry.hands["B"]) == 8
    with pytest.raises(EntryError, match="AS is dealt twice"):
        DealEntry.new(players=12, dealer="A", trump="S").paste("A:AA... C:A...")


# -- the solver -------------------------------------------------------------------------------
TWO_PACK_RULES = {
    "ten-drawn": Rules(players=10),
    "twelve-drawn": Rules(players=12),
    "ten-closed-b": Rules(players=10, trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
    "twelve-cut": Rules(players=12, trump_method=TrumpMethod.CUT),
    "ten-dehla": Rules(players=10, capture=Capture.DEHLA, tie_half_first=True),
    "twelve-none": Rules(players=12, trump_method=TrumpMethod.NONE),
}


def _late_position(rng: random.Random, rules: Rules, left: int) -> Game:
    record = random_deal(rng, rules)
    first = (rules.tricks_per_deal - left) * rules.players
    return record.position(rng.randint(first, first + rules.players - 1))


@pytest.mark.parametrize("variant", sorted(TWO_PACK_RULES))
def test_the_search_agrees_with_plain_minimax_on_two_pack_endgames(variant: str) -> None:
    """The Python search (alone: the core holds one pack) against the exhaustive minimax of
    the tree, on the last two tricks of random two-pack deals, in every objective; twins
    split between hands are where its equivalent cards could go wrong."""
    rules = TWO_PACK_RULES[variant]
    rng = random.Random(f"two packs {variant}")
    for i in range(4):
        game = _late_position(rng, rules, rng.randint(1, 2))
        assert core_state(game) is None
        reference = tree_values(game)
        for objective in OBJECTIVES:
            want = expected(game, reference, objective)
            assert want == plain_minimax(game, objective), (variant, i, objective)
            assert want == got(Solver(objective).solve(game)), (
                variant,
                i,
                objective,
                describe(game),
            )


def test_a_card_is_not_equivalent_to_the_one_above_while_its_twin_is_out() -> None:
    others = dict(
        zip(
            "CDEFGHIJ",
            [".QJ9..", ".876..", ".543..", "..AKQ.", "..J98.", "...AKQ", "...J98", "...765"],
            strict=True,
        )
    )
    game = _endgame({"A": "87..2.", "B": "7.AK..", **others})
    groups = equivalence_groups(game, game.legal_cards())
    # B's 7S played after A's would beat it, and not A's 8S: the two are not alike
    assert [[str(c) for c in g] for g in groups] == [["8S"], ["7S"], ["2D"]]
    game = _endgame({"A": "87..2.", "B": "6.AK..", **others})
    groups = equivalence_groups(game, game.legal_cards())
    assert [[str(c) for c in g] for g in groups] == [["8S", "7S"], ["2D"]]


def test_a_two_pack_position_too_early_for_the_search_is_refused_clearly() -> None:
    game = _late_position(random.Random(1), Rules(players=10), TWO_PACK_TRICKS + 1)
    with pytest.raises(ValueError, match="two packs: the compiled core holds one pack"):
        solve(game)


def test_the_odds_of_a_two_pack_endgame_are_scored_and_earlier_refused() -> None:
    twelve = list(read_deals(SAMPLE))[1]
    with pytest.raises(ValueError, match="scored over its last 2 tricks, not 3"):
        odds(twelve, trick=6)
    # two tricks left: every world solved by the Python search; F's two diamonds scored,
    # each world counted once for each card, beside the real deal's double-dummy value
    scored = odds(twelve, trick=7, samples=40)
    assert sorted(str(c) for c in scored.cards) == ["3D", "JD"]
    real = solve(twelve.position(72))
    for played, chance in scored.cards.items():
        c = chance.chance
        assert c.wins + c.ties + c.losses == scored.samples
        assert chance.dd == real.cards[played]
    # the choice matters in some worlds: the chances differ between the two cards
    assert len({chance.chance.wins for chance in scored.cards.values()}) == 2


def test_only_the_held_copy_is_among_the_legal_cards() -> None:
    record = random_deal(random.Random(5), Rules(players=12))
    game = record.position(0)
    for seat in game.seats:
        hand = game.hands[seat] or set()
        assert all(isinstance(c, Card) for c in hand)
    legal = game.legal_cards()
    assert set(legal) <= (game.hands[game.to_play or "A"] or set())


def test_the_terminal_replay_says_the_two_pack_results_in_eights() -> None:
    ten, twelve = (render_deal(record) for record in read_deals(SAMPLE))
    assert "B/D/F/H/J win with 6 of 10 tricks (tens 4-4)" in ten
    assert "B/D/F/H/J/L mendikot: all 8 tens (1-7 tricks)" in twelve
    # both copies of a card shown in a hand: A's two kings of diamonds
    assert "♦ AKK9  ♣ J66" in ten


def test_the_annotator_marks_the_race_for_tricks_at_four_tens_each() -> None:
    ten, twelve = read_deals(SAMPLE)
    races = [p for p in find_points(ten) if p.kind == "tricks-race"]
    assert [(p.trick, p.text.split(":")[0]) for p in races] == [(9, "The tens are split 4-4")]
    # twelve players, the tens never level (B/D/F/H/J/L take all eight): no race
    assert all(p.kind != "tricks-race" for p in find_points(twelve))


# Every table size against every deck PMN knows, the verdict worked out here from
# docs/rules.md: one pack (52, 48, 32) for four to eight players, two (100, 96) for ten or
# twelve, and the deck must deal out evenly. Each refusal is said for its own reason.
def _expected_deck_verdict(size: int, players: int) -> str | None:
    if size > 52 and players < 10:
        return f"a {size}-card deck is two packs, played by 10 or 12 players, not {players}"
    if size <= 52 and players >= 10:
        return f"{players} players play two packs"
    if size % players:
        return f"a {size}-card deck does not deal evenly to {players} players"
    return None


@pytest.mark.parametrize("players", [4, 6, 8, 10, 12])
@pytest.mark.parametrize("size", [52, 48, 32, 100, 96, 40])
def test_every_table_sizes_deck_check_refuses_for_its_own_reason(size: int, players: int) -> None:
    expected = "no 40-card deck (PMN knows" if size == 40 else _expected_deck_verdict(size, players)
    if expected is None:
        assert Rules(players=players, deck=size).tricks_per_deal == size // players
        return
    with pytest.raises(ValueError) as refused:
        Rules(players=players, deck=size)
    assert str(refused.value).startswith(expected), (size, players, str(refused.value))
    # the reader says the same, at the Deck tag, and the deal still reads
    text = f'[Players "{players}"]\n[Deck "{size}"]\n[Dealer "A"]\n*\n'
    (record,) = read_string(text)
    assert any(p.message.startswith(f"Deck: {expected}") for p in record.errors), [
        p.message for p in record.errors
    ]
