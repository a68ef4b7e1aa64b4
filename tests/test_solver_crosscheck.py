"""The double-dummy solver cross-checked on thousands of random small endgames (issue 5).

``tests/test_solver.py`` compares the solver with
:func:`~mendikot_replay.solver.search.plain_minimax` on a few hundred positions of up to
three tricks and checks the search's properties on a few dozen. This file adds the volume
and the cases it leaves out:

- the compiled core is built (the suite fails loudly when the extension did not compile,
  rather than silently testing the Python search twice);
- every card's value in all three objectives against an exhaustive reference on 2,250
  positions (6,750 values) of every variant (the twelve of ``test_solver.VARIANTS`` and
  a few rule combinations they miss: a Dehla pile at the start, Dehla with a closed
  trump, must-trump with a cut or closed trump, the 32-card deck, six and eight players
  with Dehla or no trump), trick boundaries and mid-trick starts alike, and positions
  reached by playing random deals of random rules (version-B reveals in the middle of a
  trick included, which a ``Start`` tag cannot say);
- four-trick endgames of four players: five against the exhaustive reference, 180
  against the pure-Python solver (``engine="python"``, itself checked against the
  reference on smaller positions here), because an exhaustive four-trick tree costs a
  tenth of a second to a second and a half in Python;
- hypothesis properties: each card's value is the value of the position it leads to
  (solved on its own), the root is the best of its cards, the principal line keeps the
  root's value at every step and ends on it, cards with no other player's card between
  them score alike, and the optimisations (grouping, table, compiled core, a tiny table that
  must evict, one solver reused across unrelated positions) change no value.

The reference (:func:`tree_values`) is a plain minimax written here, independent of the
solver's code: it asks the rules engine for the legal cards, plays each one on a
:meth:`Game.copy <mendikot_replay.core.engine.Game.copy>` (version B: with and without asking
for the closed trump, the engine refusing what the rules forbid), scores finished deals
with :meth:`~mendikot_replay.core.rules.Rules.result`, and has no pruning, no table and no
grouping. It walks each tree once for the three objectives (five numbers per node: the
outcome for A/C, and each side's tens and tricks, each maximised by its own side), and
plays forced cards without copying. It is itself compared with ``plain_minimax``.

A bigger run of the same checks (20,000 positions, four tricks included) with its
figures: ``.venv/bin/python scripts/crosscheck_solver.py``.
"""

from __future__ import annotations

import dataclasses
import gc
import itertools
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_solver import VARIANTS, small_position

from mendikot_replay.core.cards import TENS, Card, Suit, card, format_hand, parse_hand
from mendikot_replay.core.deal_setup import DealSetup, StartPosition
from mendikot_replay.core.engine import Game, IllegalPlay
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.players.generate import random_deal, random_rules
from mendikot_replay.solver import search as solver_module
from mendikot_replay.solver.search import (
    COMPILED,
    OBJECTIVES,
    Objective,
    Solution,
    Solver,
    core_state,
    moves,
    plain_minimax,
    tricks_left,
)

# -- positions --------------------------------------------------------------------------------

#: Rule combinations ``test_solver.VARIANTS`` does not reach, as (rules, trump state, pile):
#: with ``pile`` the position starts with uncollected Dehla tricks (and tens) and a streak.
EXTRA_VARIANTS: dict[str, tuple[Rules, str, bool]] = {
    "dehla-pile": (Rules(capture=Capture.DEHLA), "suit", True),
    "dehla-pile-cut-unnamed": (
        Rules(trump_method=TrumpMethod.CUT, capture=Capture.DEHLA),
        "open",
        True,
    ),
    "dehla-closed-b-hidden": (
        Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, capture=Capture.DEHLA),
        "hidden",
        True,
    ),
    "must-trump-cut-unnamed": (Rules(trump_method=TrumpMethod.CUT, must_trump=True), "open", False),
    "must-trump-closed-a-hidden": (
        Rules(trump_method=TrumpMethod.CLOSED, must_trump=True),
        "hidden",
        False,
    ),
    "must-trump-dehla": (Rules(capture=Capture.DEHLA, must_trump=True), "suit", True),
    "short-deck": (Rules(deck=32), "suit", False),
    "six-players-dehla-cut": (
        Rules(players=6, trump_method=TrumpMethod.CUT, capture=Capture.DEHLA),
        "open",
        True,
    ),
    "eight-players-none": (Rules(players=8, trump_method=TrumpMethod.NONE), "none", False),
    # tens 2-2: the side that did not deal wins (the position's dealer drawn at random)
    "split-tens-non-dealer": (Rules(split_tens_non_dealer=True), "suit", False),
    "split-tens-non-dealer-dehla": (
        Rules(capture=Capture.DEHLA, split_tens_non_dealer=True),
        "suit",
        True,
    ),
    # Dehla: after a take the taker's run goes on
    "dehla-streak-goes-on": (Rules(capture=Capture.DEHLA, streak_goes_on=True), "suit", True),
    "dehla-streak-goes-on-cut": (
        Rules(trump_method=TrumpMethod.CUT, capture=Capture.DEHLA, streak_goes_on=True),
        "open",
        True,
    ),
    # the closed trump's house rules, the face-down card still down
    "closed-b-holder-may-ask": (
        Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, holder_may_ask=True),
        "hidden",
        False,
    ),
    "closed-a-card-in-hand-from-reveal": (
        Rules(trump_method=TrumpMethod.CLOSED, trump_card_in_hand=True, count_from_reveal=True),
        "hidden",
        False,
    ),
    "closed-b-card-in-hand-hidden-trumps": (
        Rules(
            trump_method=TrumpMethod.CLOSED,
            reveal=Reveal.B,
            trump_card_in_hand=True,
            hidden_trumps=True,
        ),
        "hidden",
        False,
    ),
    "closed-a-reveal-if-trumping": (
        Rules(trump_method=TrumpMethod.CLOSED, reveal_if_trumping=True),
        "hidden",
        False,
    ),
    "closed-a-hidden-trumps": (
        Rules(trump_method=TrumpMethod.CLOSED, hidden_trumps=True),
        "hidden",
        False,
    ),
    # tens 2-2 and the tricks even: the side that reached half first wins
    "six-players-tie-half-first": (Rules(players=6, tie_half_first=True), "suit", False),
    "six-players-tie-half-first-dehla": (
        Rules(players=6, capture=Capture.DEHLA, tie_half_first=True),
        "suit",
        True,
    ),
}

ALL_VARIANTS: dict[str, tuple[Rules, str, bool]] = {
    **{name: (rules, state, False) for name, (rules, state) in VARIANTS.items()},
    **EXTRA_VARIANTS,
}
FOUR_PLAYERS = sorted(n for n, (rules, _, _) in ALL_VARIANTS.items() if rules.players == 4)


def with_pile(rng: random.Random, game: Game) -> Game:
    """The same position with part of the tricks already played still in the Dehla pile
    (with some of the tens taken before the start) and a streak to match."""
    start = game.setup.start
    assert start is not None
    done = start.trick - 1
    if done == 0:
        return game
    pile_tricks = rng.randint(1, done)
    ac_tricks = min(start.tricks[0], done - pile_tricks)
    tricks = (ac_tricks, done - pile_tricks - ac_tricks)
    in_play = {c for h in game.hands.values() for c in h or ()} | {c for _, c in start.table}
    gone = [t for t in TENS if t in game.deck and t not in in_play]
    pile_tens = tuple(rng.sample(gone, rng.randint(0, min(len(gone), 4 * pile_tricks))))
    ac_tens = min(start.tens[0], len(gone) - len(pile_tens))
    tens = (ac_tens, len(gone) - len(pile_tens) - ac_tens)
    new_start = dataclasses.replace(
        start,
        tricks=tricks,
        tens=tens,
        pile_tricks=pile_tricks,
        pile_tens=pile_tens,
        streak=rng.choice(game.seats),
    )
    return Game(dataclasses.replace(game.setup, start=new_start), check_deal=False)


def position(rng: random.Random, variant: str, left: int) -> Game:
    """A random position of ``variant`` with ``left`` tricks to play (see
    ``test_solver.small_position``; cards may already be on the table)."""
    rules, state, pile = ALL_VARIANTS[variant]
    game = small_position(rng, rules, state, left)
    if rules.split_tens_non_dealer:  # the rule needs to know who dealt
        dealer = rng.choice(game.seats)
        game = Game(dataclasses.replace(game.setup, dealer=dealer), check_deal=False)
    return with_pile(rng, game) if pile else game


def played_position(rng: random.Random, max_left: int) -> Game:
    """A random deal of random rules (any table, deck, trump method, capture, house rule…),
    played at random until at most ``max_left`` tricks are left, stopping at a random card."""
    rules = random_rules(rng, every=True)  # the big tables and the house rules too
    record = random_deal(rng, rules)
    # two packs: the last trick only (ten or twelve cards: the exhaustive reference's size)
    most = 1 if rules.packs == 2 else max_left
    left = rng.randint(1, min(most, rules.tricks_per_deal))
    players = rules.players
    first = (rules.tricks_per_deal - left) * players
    return record.position(rng.randint(first, first + players - 1))


def describe(game: Game) -> str:
    """The position in one line, enough to rebuild it by hand when a check fails."""
    hands = " ".join(f"{s}:{format_hand(h or ())}" for s, h in game.hands.items())
    table = " ".join(f"{e.seat}:{e.card}" for e in game.table)
    rules = game.rules
    return (
        f"{rules.describe()}; trick {game.trick}; hands {hands}; "
        f"table [{table}]; to play {game.to_play}; trump {game.trump} ({game.trump_status}, "
        f"hidden {game.hidden_holder}:{game.hidden_card}); tricks {game.counts.tricks}; "
        f"tens {game.counts.tens}; pile {game.pile_tricks} {' '.join(map(str, game.pile_cards))}; "
        f"streak {game.streak_seat}"
    )


# -- the exhaustive reference -----------------------------------------------------------------

Values = tuple[int, int, int, int, int]
"""A finished deal, or a minimax value: the outcome for A/C (3 whitewash … -3), A/C's tens,
B/D's tens, A/C's tricks, B/D's tricks."""

_MAXIMISER = (0, 0, 1, 0, 1)
"""The team that maximises each of the five numbers (0 A/C, 1 B/D)."""

_RANK = {"whitewash": 3, "mendikot": 2, "win": 1}


def _team(game: Game) -> int:
    assert game.to_play is not None
    return game.seats.index(game.to_play) % 2


def _finals(game: Game) -> Values:
    tens, tricks = game.counts.tens, game.counts.tricks
    last = game.trick_winners[-1] if game.finished and game.trick_winners else None
    result = game.rules.result(  # the house rules' 2-2, tie and eight tens with them
        (tens[0], tens[1]),
        (tricks[0], tricks[1]),
        dealer=game.setup.dealer,
        last_trick_winner=last,
        total_tricks=game.total_tricks,
    )
    outcome = 0
    if result.winner is not None:
        outcome = _RANK[result.kind] * (1 if result.winner == "AC" else -1)
    return (outcome, tens[0], tens[1], tricks[0], tricks[1])


def _may_ask(game: Game) -> bool:
    return game.hidden_card is not None and game.rules.reveal is Reveal.B and bool(game.table)


def _children(game: Game) -> list[tuple[Card, Game]]:
    """Every position the player to move can reach: each legal card, and under version B
    each with the ask for the closed trump too, where the engine accepts it (the holder's
    face-down card too: ``holder-may-ask`` lets the holder ask with it)."""
    out: list[tuple[Card, Game]] = []
    asks = (False, True) if _may_ask(game) else (False,)
    spare: Game | None = None
    candidates = game.legal_cards()
    if asks == (False, True) and game.to_play == game.hidden_holder:
        assert game.hidden_card is not None
        candidates = sorted({*candidates, game.hidden_card})
    for c in candidates:
        for ask in asks:
            child = spare or game.copy()
            try:
                child.play(c, ask_reveal=ask)
            except IllegalPlay:  # the engine changes nothing when it refuses a card
                spare = child
                continue
            spare = None
            out.append((c, child))
    return out


def _combine(team: int, values: list[Values]) -> Values:
    """The minimax of the children's values when ``team`` is to move."""
    o, ta, tb, ra, rb = (
        max(v[k] for v in values) if _MAXIMISER[k] == team else min(v[k] for v in values)
        for k in range(5)
    )
    return (o, ta, tb, ra, rb)


def _value(game: Game) -> Values:
    """The minimax value of a game this function may change (forced cards are played on
    it in place)."""
    while not game.finished:
        legal = game.legal_cards()
        if len(legal) > 1 or _may_ask(game):
            break
        game.play(legal[0])
    if game.finished:
        return _finals(game)
    return _combine(_team(game), [_value(child) for _, child in _children(game)])


def tree_values(game: Game) -> tuple[Values, dict[Card, Values]]:
    """Plain minimax of the whole tree: the position's value and each legal card's (a
    version-B card: the better of asking or not, for the player to move)."""
    root = game.copy()
    team = _team(root)
    per_card: dict[Card, list[Values]] = {}
    for c, child in _children(root):
        per_card.setdefault(c, []).append(_value(child))
    cards = {c: _combine(team, vs) for c, vs in per_card.items()}
    return _combine(team, list(cards.values())), cards


def component(game: Game, objective: Objective) -> int:
    """Which of the five numbers the solver reports for ``objective`` (the outcome from A/C's
    side, tens and tricks for the side to move)."""
    team = _team(game)
    return {"outcome": 0, "tens": 1 + team, "tricks": 3 + team}[objective]


def expected(
    game: Game, reference: tuple[Values, dict[Card, Values]], objective: Objective
) -> tuple[int, dict[Card, int]]:
    k = component(game, objective)
    value, cards = reference
    return value[k], {c: v[k] for c, v in cards.items()}


def got(solution: Solution) -> tuple[int, dict[Card, int]]:
    return solution.value, solution.cards


# -- the compiled core is there ---------------------------------------------------------------


def test_compiled_core_is_built() -> None:
    """The C extension must have compiled: without it every other test here would compare
    the Python search with itself and pass."""
    assert COMPILED, (
        "mendikot_replay.solver._ddcore is not importable: the compiled solver core did not build "
        "(no C compiler at install time?); run ./dev.sh setup or pip install -e ."
    )
    from mendikot_replay.solver import _ddcore

    assert hasattr(_ddcore, "Core")
    rng = random.Random("built")
    game = position(rng, "drawn", 3)
    solver = Solver("outcome", engine="compiled")
    solver.solve(game)
    assert solver.use_core and solver._cores, "the compiled engine did not use the core"
    assert Solver("outcome").use_core, "engine='auto' must pick the compiled core"


@pytest.mark.parametrize("variant", ["closed-a-hidden", "closed-b-hidden"])
def test_the_core_plays_a_face_down_closed_trump(variant: str) -> None:
    """A closed trump still face down is the compiled core's to search, under both versions
    (version B's ask for it a move of its own), with the Python search's values, asks
    included. (Left to the Python search, a deal's opening position took minutes.)"""
    rng = random.Random(variant)
    asks = variant == "closed-b-hidden"  # find a player who may ask for it
    for _ in range(500):
        game = position(rng, variant, 3)
        if game.hidden_card is not None and (not asks or any(m.ask for m in moves(game))):
            break
    assert game.hidden_card is not None and core_state(game) is not None
    solution = Solver("outcome", engine="compiled").solve(game)
    assert not asks or any(m.ask for m in solution.moves)
    assert solution.moves == Solver("outcome", engine="python").solve(game).moves


def test_a_core_taking_over_freed_table_memory_starts_empty() -> None:
    """Each compiled core takes over the table memory of the last one freed (so that a
    solve pays no page faults for it). What that table learnt must not leak into the new
    searches: here it holds answers for the very same cards under the other must-trump
    rule, which the table's keys do not tell apart. The reference is a solver whose core
    got fresh memory (made while the one that took the freed memory still lives)."""
    free_rules = Rules(trump_method=TrumpMethod.FACE_UP)
    must_rules = dataclasses.replace(free_rules, must_trump=True)
    rng = random.Random("table memory")
    differing = 0
    for _ in range(20):
        game = small_position(rng, free_rules, "suit", 4)
        same_cards = Game(dataclasses.replace(game.setup, rules=must_rules))
        for first, second in ((game, same_cards), (same_cards, game)):
            earlier = Solver("tricks", engine="compiled")
            earlier.solve(first)
            del earlier
            gc.collect()  # its core is freed (a solution and its solver refer to each other)
            reusing = Solver("tricks", engine="compiled")
            on_old_memory = reusing.solve(second)
            on_new_memory = Solver("tricks", engine="compiled").solve(second)
            assert got(on_old_memory) == got(on_new_memory), describe(second)
        differing += got(Solver("tricks").solve(game)) != got(Solver("tricks").solve(same_cards))
    assert differing, "no position where the rule matters: the test would prove nothing"


# -- the reference against the library's plain minimax ----------------------------------------


@pytest.mark.parametrize("variant", sorted(ALL_VARIANTS))
def test_reference_agrees_with_plain_minimax(variant: str) -> None:
    """The fast reference is the library's plain minimax, in every objective."""
    rules = ALL_VARIANTS[variant][0]
    rng = random.Random(f"reference {variant}")
    for i in range(5):
        game = position(rng, variant, rng.randint(1, 3 if rules.players == 4 else 2))
        reference = tree_values(game)
        # (every card playable: the holder's face-down card too, with an ask for it)
        assert set(reference[1]) == {*game.legal_cards(), *game.ask_cards()}
        for objective in OBJECTIVES:
            assert expected(game, reference, objective) == plain_minimax(game, objective), (
                variant,
                i,
                objective,
                describe(game),
            )


# -- thousands of small endgames --------------------------------------------------------------

POSITIONS_PER_VARIANT = 100
"""× 21 variants, three objectives each: 2,100 positions, 6,300 values compared."""


def _lefts(rules: Rules) -> list[int]:
    """How many tricks are left, drawn from: three at most for four players (four come
    below), two for six and eight (a three-trick tree of eight players is 24 cards)."""
    return [1, 2, 2, 3, 3, 3] if rules.players == 4 else [1, 2, 2]


@pytest.mark.parametrize("variant", sorted(ALL_VARIANTS))
def test_compiled_agrees_with_exhaustive_minimax(variant: str) -> None:
    """Every legal card's value and the position's, in all three objectives, equal the
    exhaustive reference's. One solver per objective serves every position of the
    variant, so what its table keeps from earlier positions must never leak into a later
    one; every tenth position is also solved by a fresh solver, and by the pure-Python
    search in one objective."""
    rules = ALL_VARIANTS[variant][0]
    rng = random.Random(f"crosscheck {variant}")
    shared = {o: Solver(o, engine="compiled") for o in OBJECTIVES}
    for i in range(POSITIONS_PER_VARIANT):
        game = position(rng, variant, rng.choice(_lefts(rules)))
        reference = tree_values(game)
        for objective in OBJECTIVES:
            want = expected(game, reference, objective)
            assert got(shared[objective].solve(game)) == want, (
                f"{variant} #{i} {objective} (shared solver): {describe(game)}"
            )
            if i % 10 == 0:
                fresh = Solver(objective, engine="compiled").solve(game)
                assert got(fresh) == want, f"{variant} #{i} {objective}: {describe(game)}"
            if i % 10 == 5 and objective == OBJECTIVES[i % 3]:
                python = Solver(objective, engine="python").solve(game)
                assert got(python) == want, f"{variant} #{i} {objective} (python): {describe(game)}"


def test_positions_of_played_random_deals() -> None:
    """Late positions of random deals played under random rules: every table size and deck,
    every trump method (version-B reveals in mid-trick, a cut named a trick ago…) and
    capture, with the state a real play leaves (Dehla piles and streaks included)."""
    rng = random.Random("played")
    shared = {o: Solver(o) for o in OBJECTIVES}
    for i in range(150):
        game = played_position(rng, 3)
        if game.rules.players == 8 and tricks_left(game) == 3:
            continue  # up to 24 cards: too big a tree for the reference here
        reference = tree_values(game)
        for objective in OBJECTIVES:
            assert got(shared[objective].solve(game)) == expected(game, reference, objective), (
                f"played #{i} {objective}: {describe(game)}"
            )


def _compiled_agrees_with_reference(game: Game) -> tuple[int, dict[Card, int]]:
    """Check a found case: the compiled core against the exhaustive reference in all three
    objectives. Returns the reference's tricks values, for the line the case is about."""
    reference = tree_values(game)
    for objective in OBJECTIVES:
        want = expected(game, reference, objective)
        assert got(Solver(objective, engine="compiled").solve(game)) == want, objective
    return expected(game, reference, "tricks")


def test_a_group_of_equal_cards_does_not_stand_for_a_duck() -> None:
    """A found case (the long cross-check script, seed 9). C's ♠AK were one group, searched
    through one card; the table then shared a bound with positions where C held the ace and
    a small spade -- one that can duck under A's seven and leave A two tricks in a row to
    collect the Dehla pile. The bound must pin the group's lower card (or search it)."""
    hands = {
        "A": parse_hand("7.Q..54"),
        "B": parse_hand("4.4.A2."),
        "C": parse_hand("AK3..J."),
        "D": parse_hand(".2.T.KT"),
    }
    start = StartPosition(trick=10, tens=(2, 0), tricks=(4, 0), pile_tricks=5, streak="B")
    rules = Rules(capture=Capture.DEHLA)
    setup = DealSetup(rules, hands, first_leader="C", trump=Suit.DIAMONDS, start=start)
    reference = _compiled_agrees_with_reference(Game(setup, check_deal=False))
    assert reference[1][card("JD")] == 6  # the line that needs it


def test_a_group_of_equal_cards_does_not_stand_for_a_later_duck() -> None:
    """A found case (the long cross-check script, seed 52). C, void in hearts, discards from
    ♣AQ, one group searched through the queen; the ace kept then wins a later trick, and
    the table shared the bound with positions where C's second club was the eight -- where
    C can throw the ace, keep the eight and duck under A's nine, leaving A two tricks in a
    row and the Dehla pile. The group's lower card must be pinned at every node where all
    cards were searched, not only in the trick under way."""
    hands = {
        "A": parse_hand(".7.7.9"),
        "B": parse_hand("..2.53"),
        "C": parse_hand("3...AQ8"),
        "D": parse_hand("Q.6.J."),
    }
    start = StartPosition(
        trick=10,
        tens=(0, 1),
        tricks=(3, 0),
        table=(("D", card("AH")), ("A", card("8H")), ("B", card("3H"))),
        pile_tricks=6,
        pile_tens=(card("TH"), card("TD"), card("TC")),
        streak="B",
    )
    rules = Rules(capture=Capture.DEHLA)
    setup = DealSetup(rules, hands, first_leader="D", trump=Suit.SPADES, start=start)
    reference = _compiled_agrees_with_reference(Game(setup, check_deal=False))
    assert reference[1][card("QC")] == 5  # the line that needs it


def test_four_trick_endgames_against_exhaustive_minimax() -> None:
    """Four-trick positions of four players (up to hundreds of thousands of leaves each,
    a second or so apiece) against the reference, all three objectives: one position of
    every third variant here, every variant in ``scripts/crosscheck_solver.py``."""
    rng = random.Random("four tricks")
    for variant in FOUR_PLAYERS[::3]:
        for i in range(1):
            game = position(rng, variant, 4)
            reference = tree_values(game)
            for objective in OBJECTIVES:
                want = expected(game, reference, objective)
                assert got(Solver(objective).solve(game)) == want, (
                    f"{variant} #{i} {objective}: {describe(game)}"
                )


@pytest.mark.parametrize("variant", FOUR_PLAYERS)
def test_four_trick_endgames_compiled_against_python(variant: str) -> None:
    """Four-trick endgames of four players: the compiled core against the pure-Python
    search (``engine="python"``: the engine plays every card; checked against the
    reference above), one objective per position in turn."""
    rng = random.Random(f"four {variant}")
    shared = {o: Solver(o, engine="compiled") for o in OBJECTIVES}
    for i in range(12):
        game = position(rng, variant, 4)
        objective = OBJECTIVES[i % 3]
        want = got(Solver(objective, engine="python").solve(game))
        assert got(shared[objective].solve(game)) == want, (
            f"{variant} #{i} {objective}: {describe(game)}"
        )


def test_a_tiny_core_table_changes_no_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """The core's table at its smallest (16 buckets): entries are evicted and overwritten
    all the time, and no value may change."""
    rng = random.Random("tiny table")
    games = [position(rng, FOUR_PLAYERS[i % len(FOUR_PLAYERS)], 4) for i in range(30)]
    normal = {o: Solver(o, engine="compiled") for o in OBJECTIVES}
    want = [{o: got(normal[o].solve(g)) for o in OBJECTIVES} for g in games]
    monkeypatch.setattr(solver_module, "_CORE_TABLE_BITS", 4)
    tiny = {o: Solver(o, engine="compiled") for o in OBJECTIVES}
    for i, game in enumerate(games):
        for objective in OBJECTIVES:
            assert got(tiny[objective].solve(game)) == want[i][objective], (
                f"#{i} {objective}: {describe(game)}"
            )


# -- properties -------------------------------------------------------------------------------

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

variants = st.sampled_from(sorted(ALL_VARIANTS))
objectives = st.sampled_from(OBJECTIVES)
seeds = st.integers(0, 2**32 - 1)


def _property_position(variant: str, seed: int, extra: int) -> Game:
    rules = ALL_VARIANTS[variant][0]
    rng = random.Random(seed)
    return position(rng, variant, 2 + extra % (3 if rules.players == 4 else 1))


def _for_root(game: Game, child: Solution, root_team: str, objective: Objective) -> int:
    """A child's value seen from the root's side (the solver reports tens and tricks for
    the side to move, which may have changed; both sides' shares add up to the total)."""
    if objective == "outcome" or child.team == root_team:
        return child.value
    return (4 if objective == "tens" else game.total_tricks) - child.value


@SETTINGS
@given(variant=variants, seed=seeds, extra=st.integers(0, 5), objective=objectives)
def test_each_card_is_the_value_of_its_position(
    variant: str, seed: int, extra: int, objective: Objective
) -> None:
    """Every choice's value is what the position after it solves to on its own, the root's
    value is the best of its choices for the side to move, and the best move has it."""
    game = _property_position(variant, seed, extra)
    solution = Solver(objective).solve(game)
    mover = _team(game)
    maximising = solution.team == ("AC", "BD")[mover]
    for move, value in solution.moves.items():
        child = game.copy()
        child.play(move.card, ask_reveal=move.ask)
        assert _for_root(game, Solver(objective).solve(child), solution.team, objective) == value
    for c, value in solution.cards.items():
        of_card = [v for m, v in solution.moves.items() if m.card is c]
        assert value == (max(of_card) if maximising else min(of_card))
    values = solution.cards.values()
    assert solution.value == (max(values) if maximising else min(values))
    assert solution.best_move is not None
    assert solution.moves[solution.best_move] == solution.value


@SETTINGS
@given(variant=variants, seed=seeds, extra=st.integers(0, 5), objective=objectives)
def test_the_principal_line_keeps_the_value(
    variant: str, seed: int, extra: int, objective: Objective
) -> None:
    """Played out, the solver's line keeps the root's value at every step (each position
    solved afresh) and ends on it."""
    game = _property_position(variant, seed, extra)
    solution = Solver(objective).solve(game)
    end = game.copy()
    for move in solution.line():
        end.play(move.card, ask_reveal=move.ask)
        if not end.finished:
            step = Solver(objective).solve(end)
            assert _for_root(end, step, solution.team, objective) == solution.value
    assert end.finished
    final = _finals(end)
    k = component(game, objective)
    assert final[k] == solution.value


def _interchangeable(game: Game, a: Card, b: Card) -> bool:
    """Two cards of one suit with no other player's card still out (held or on the table)
    ranked between them, neither a ten (it scores) nor the face-down closed trump. Cards of
    the player's own may lie between, a ten too: J and 9 around the player's own ten play
    alike."""
    if a.suit is not b.suit or a.is_ten or b.is_ten or game.hidden_card in (a, b):
        return False
    low, high = sorted((a.rank, b.rank))
    own = set(game.hands[game.to_play] or ()) if game.to_play else set()
    out = {c for h in game.hands.values() for c in h or ()} | {e.card for e in game.table}
    return not any(
        c.suit is a.suit and low < c.rank < high and (c not in own or c is game.hidden_card)
        for c in out
    )


@SETTINGS
@given(variant=variants, seed=seeds, extra=st.integers(0, 5), objective=objectives)
def test_interchangeable_cards_score_alike(
    variant: str, seed: int, extra: int, objective: Objective
) -> None:
    """Cards with no other player's card between them play alike (J and 9 around the
    player's own ten too), so they score alike (each searched on its own: no grouping, no
    table). The compiled core searches each such group once."""
    game = _property_position(variant, seed, 0 if extra % 3 == 2 else extra)
    solution = Solver(objective, equivalence=False, transposition=False).solve(game)
    cards = sorted(solution.cards)
    for a, b in itertools.combinations(cards, 2):
        if _interchangeable(game, a, b):
            assert solution.cards[a] == solution.cards[b], (a, b, describe(game))


@SETTINGS
@given(variant=variants, seed=seeds, extra=st.integers(0, 5), objective=objectives)
def test_optimisations_change_no_value(
    variant: str, seed: int, extra: int, objective: Objective
) -> None:
    """The compiled core, the Python search, and the Python search without grouping or
    without its table: identical values for every choice."""
    game = _property_position(variant, seed, extra)
    compiled = Solver(objective, engine="compiled").solve(game)
    want = (compiled.value, compiled.moves)
    others = {
        "python": Solver(objective, engine="python"),
        "no grouping": Solver(objective, equivalence=False),
        "no table": Solver(objective, transposition=False),
    }
    for name, other in others.items():
        solution = other.solve(game)
        assert (solution.value, solution.moves) == want, (name, describe(game))


def _deal_positions(seed: int, count: int) -> Iterator[Game]:
    """``count`` successive positions of one random deal of random rules, from the last
    tricks' start to its end, as an analysis walks them."""
    rng = random.Random(seed)
    record = random_deal(rng, random_rules(rng, every=True))
    line = record.mainline()
    players = record.setup.rules.players if record.setup else 4
    first = max(0, len(line) - (3 if players == 4 else 2) * players)
    for k in range(first, min(len(line), first + count)):
        yield record.position(k)


@settings(SETTINGS, max_examples=25)
@given(seeds=st.lists(seeds, min_size=2, max_size=4), objective=objectives)
def test_one_solver_for_many_positions(seeds: list[int], objective: Objective) -> None:
    """A solver reused over the positions of several deals (of different rules, in turn)
    gives each position what a fresh solver gives it."""
    shared = Solver(objective)
    for seed in seeds:
        for game in _deal_positions(seed, 6):
            assert got(shared.solve(game)) == got(Solver(objective).solve(game)), describe(game)


def test_deal_setup_of_a_pile_is_legal() -> None:
    """``with_pile`` makes positions the engine accepts as set-ups and can replay."""
    rng = random.Random("pile")
    piles = 0
    for _ in range(50):
        game = position(rng, "dehla-pile", rng.randint(1, 4))
        assert isinstance(game.setup, DealSetup)
        Game(game.setup, check_deal=False)
        piles += game.pile_tricks > 0
        assert (
            sum(game.counts.tens)
            + len(game.pile_cards)
            + sum(1 for h in game.hands.values() for c in h or () if c.is_ten)
            + sum(1 for e in game.table if e.card.is_ten)
            == 4
        )
    assert piles > 25


def _fields(rules: Rules) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


@pytest.mark.parametrize(
    ("variant", "flag"),
    [
        ("split-tens-non-dealer", "split_tens_non_dealer"),
        ("split-tens-non-dealer-dehla", "split_tens_non_dealer"),
        ("dehla-streak-goes-on", "streak_goes_on"),
        ("closed-b-holder-may-ask", "holder_may_ask"),
        ("closed-a-card-in-hand-from-reveal", "trump_card_in_hand"),
        ("closed-a-card-in-hand-from-reveal", "count_from_reveal"),
        ("closed-b-card-in-hand-hidden-trumps", "trump_card_in_hand"),
        ("closed-b-card-in-hand-hidden-trumps", "hidden_trumps"),
        ("closed-a-reveal-if-trumping", "reveal_if_trumping"),
        ("closed-a-hidden-trumps", "hidden_trumps"),
        ("six-players-tie-half-first", "tie_half_first"),
        ("six-players-tie-half-first-dehla", "tie_half_first"),
    ],
)
def test_a_house_rule_changes_values_and_the_core_follows(variant: str, flag: str) -> None:
    """The house rules that change what a card is worth (``split-tens-non-dealer``,
    ``streak-goes-on``, the closed trump's, ``tie-half-first``): the positions of the
    crosscheck include ones whose values the rule changes (the same cards without it are
    valued otherwise), and there too the compiled core gives the reference's values."""
    rng = random.Random(f"house rule {variant} {flag}")
    changed = 0
    left = 3 if ALL_VARIANTS[variant][0].players == 4 else 2
    for _ in range(150):  # three tricks: a take and a win after it (a few in a hundred)
        game = position(rng, variant, left)
        plain_rules = Rules(**{**_fields(game.rules), flag: False})
        plain = Game(dataclasses.replace(game.setup, rules=plain_rules), check_deal=False)
        ruled, usual = tree_values(game), tree_values(plain)
        if ruled != usual:  # the outcome, a side's tens or tricks, at the root or a card
            changed += 1
            for objective in OBJECTIVES:
                want = expected(game, ruled, objective)
                solved = Solver(objective, engine="compiled").solve(game)
                assert got(solved) == want, f"{objective}: {describe(game)}"
    assert changed, "no position where the rule matters: the test would prove nothing"
