"""Single-dummy chances (``mr.odds``): compared exactly with a plain reference — every deal
of the unseen cards enumerated by brute force, kept when the recorded play is legal in it
(the engine decides, not the knowledge the module reads), each solved by plain minimax —
on small endgames of every variant; the exact enumeration of the worlds, the sampling
(seeded, with standard errors), the version-B ask, the seat that is not to play, and the
errors.

The endgames have at most two tricks left (or a few cards more), so the reference's
minimax stays small and the whole file runs in seconds with either search.
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import mendikot_replay as mr
from mendikot_replay.analysis.chances import ChanceLine
from mendikot_replay.analysis.odds import (
    Chance,
    Odds,
    OddsSolver,
    looks,
    odds,
    seat_view,
    settled,
)
from mendikot_replay.core.cards import Card, card, parse_hand
from mendikot_replay.core.deal_setup import DealSetup, SetupError, StartPosition
from mendikot_replay.core.engine import Game, IllegalPlay
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.core.seats import Seat, team_of
from mendikot_replay.players.simple import Memory, RandomPlayer, SeatView
from mendikot_replay.players.simulate import deal_setup, simulate
from mendikot_replay.players.worlds import Sampler, knowledge, reveals_now, world_count, worlds
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import Play
from mendikot_replay.session.jobs import Graph
from mendikot_replay.solver.search import (
    COMPILED,
    CoreLink,
    Move,
    Solver,
    moves,
    plain_minimax,
)

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

VARIANTS = [
    Rules(),
    Rules(trump_method=TrumpMethod.FACE_UP, must_trump=True),
    Rules(trump_method=TrumpMethod.NONE),
    Rules(trump_method=TrumpMethod.CLOSED),
    Rules(trump_method=TrumpMethod.CLOSED, must_trump=True),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, must_trump=True),
    Rules(trump_method=TrumpMethod.CUT, must_trump=True),
    Rules(capture=Capture.DEHLA),
    Rules(deck=32, must_trump=True),
    Rules(players=6, trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
    Rules(players=8, trump_method=TrumpMethod.CUT),
    # house rules: 2-2 to the side that did not deal; a Dehla run goes on after a take
    Rules(capture=Capture.DEHLA, split_tens_non_dealer=True, streak_goes_on=True),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, lead_after_holder=True),
]

ENGINES = ["python", "compiled"] if COMPILED else ["python"]

LIMIT = 150
"""The most deals of the unseen cards the reference enumerates (before the facts)."""


# -- positions ----------------------------------------------------------------------------------
def dealt(seed: int, rules: Rules, left: int) -> tuple[DealSetup, list[Play]]:
    """A deal dealt as the simulator deals it and played by random players (they show out
    and ask often, so voids and reveals come early) until ``left`` cards remain."""
    rng = random.Random(seed)
    setup, _ = deal_setup(rng, rules, rng.choice("ABCD"))
    game = Game(setup, check_deal=False)
    memory = Memory(game)
    player = RandomPlayer(ask_chance=0.5)
    plays: list[Play] = []
    for _ in range(game.total_tricks * game.players - left):
        c, ask = player.choose(SeatView(game, memory), rng)
        memory.see(game.play(c, ask_reveal=ask))
        plays.append((c, ask, False))
    return setup, plays


def replayed(setup: DealSetup, plays: list[Play]) -> Game:
    game = Game(setup, check_deal=False)
    for c, ask, revoke in plays:
        game.play(c, ask_reveal=ask, revoke=revoke)
    return game


# -- the reference ------------------------------------------------------------------------------
@dataclass
class Reference:
    """Counts per move (card, ask) of worlds won, tied and lost by the seat's side."""

    worlds: int
    counts: dict[Move, list[int]]
    by_face_down: dict[Card | None, dict[Move, list[int]]]


def _shares(cards: list[Card], sizes: list[int]) -> Iterator[list[tuple[Card, ...]]]:
    if not sizes:
        yield []
        return
    for chosen in itertools.combinations(cards, sizes[0]):
        rest = [c for c in cards if c not in chosen]
        for tail in _shares(rest, sizes[1:]):
            yield [chosen, *tail]


def reference_bound(setup: DealSetup, plays: list[Play], seat: Seat | None = None) -> int:
    """How many deals the reference would try: the multinomial of the unseen cards into
    the other hands, times the face-down card's choices."""
    game = replayed(setup, plays)
    seat = seat or game.to_play
    assert seat is not None
    sizes = [len(game.hands[s] or ()) for s in game.seats if s != seat]
    n = sum(sizes)
    bound = 1
    for k in sizes:
        bound *= math.comb(n, k)
        n -= k
    if game.hidden_card is not None and game.hidden_holder != seat:
        bound *= len(game.hands[game.hidden_holder or "A"] or ())
    return bound


def reference(setup: DealSetup, plays: list[Play], seat: Seat | None = None) -> Reference:
    """Plain enumeration plus plain minimax: every deal of the cards ``seat`` has not seen
    to the other hands (and every face-down card the holder could have set aside) in
    which the recorded play is legal and shows the table the same thing, then every move
    of the player to move solved by :func:`plain_minimax`. Only a rule the engine does not
    check is added by hand: a drawn trump card is back in its drawer's hand."""
    real = Game(setup, check_deal=False)
    events = [real.play(c, ask_reveal=a, revoke=r) for c, a, r in plays]
    mover = real.to_play
    assert mover is not None and setup.start is None
    seat = seat or mover
    own = frozenset(real.hands[seat] or ())
    others = [s for s in real.seats if s != seat]
    played: dict[Seat, set[Card]] = {s: set() for s in real.seats}
    for e in events:
        played[e.seat].add(e.card)
    unseen = sorted(set().union(*(real.hands[s] or () for s in others)))
    sizes = [len(real.hands[s] or ()) for s in others]
    holder = real.hidden_holder
    face_down_unknown = real.hidden_card is not None and holder != seat
    # Version A: the seat to move that cannot follow turns the card up before it chooses.
    sees_it = (
        face_down_unknown
        and seat == mover
        and setup.rules.reveal is Reveal.A
        and bool(real.table)
        and not any(c.suit is real.table[0].card.suit for c in own)
    )
    side = 1 if team_of(seat) == "AC" else -1
    shown = [(e.seat, e.card, e.revealed, e.named, e.followed) for e in events]
    out = Reference(0, {}, {})
    for share in _shares(unseen, sizes):
        now = dict(zip(others, (frozenset(h) for h in share), strict=True))
        now[seat] = own
        hands = {s: frozenset(now[s] | played[s]) for s in real.seats}
        if (
            setup.rules.trump_method is TrumpMethod.DRAWN
            and setup.trump_card is not None
            and setup.trump_card not in hands[setup.first_leader]
        ):
            continue
        choices: list[Card | None] = [setup.trump_card]
        if face_down_unknown:
            assert holder is not None
            choices = [real.hidden_card] if sees_it else [*sorted(now[holder])]
        for face_down in choices:
            world = replace(setup, hands=hands, trump_card=face_down)
            try:
                game = Game(world, check_deal=False)
                again = [game.play(c, ask_reveal=a, revoke=r) for c, a, r in plays]
            except (IllegalPlay, SetupError):
                continue
            if [(e.seat, e.card, e.revealed, e.named, e.followed) for e in again] != shown:
                continue
            out.worlds += 1
            group = out.by_face_down.setdefault(face_down if face_down_unknown else None, {})
            for move in moves(game):
                if seat != mover and move.ask:
                    continue
                child = game.copy()
                try:
                    child.play(move.card, ask_reveal=move.ask)
                except IllegalPlay:
                    continue
                mine = side * plain_minimax(child)[0]
                for tally in (out.counts, group):
                    row = tally.setdefault(move, [0, 0, 0])
                    row[0 if mine > 0 else 1 if mine == 0 else 2] += 1
    return out


def counts(chance: Chance) -> list[int]:
    return [chance.wins, chance.ties, chance.losses]


def best_of(group: dict[Move, list[int]]) -> list[int]:
    return max((v for m, v in group.items() if m.ask), key=lambda v: (v[0], v[1]))


def check_against_reference(got: Odds, ref: Reference, real: Game) -> None:
    assert got.exact and got.worlds == ref.worlds
    plain = {m.card: v for m, v in ref.counts.items() if not m.ask}
    assert {c: counts(o.chance) for c, o in got.cards.items()} == plain
    if got.seat == got.to_play:
        assert set(got.cards) == set(real.legal_cards())
    if got.ask is None:
        assert not any(m.ask for m in ref.counts)
        return
    asking = [sum(x) for x in zip(*(best_of(g) for g in ref.by_face_down.values()), strict=True)]
    assert counts(got.ask.chance) == asking
    seen = ref.by_face_down[got.ask.face_down]
    assert {c: counts(o.chance) for c, o in got.ask.cards.items()} == {
        m.card: v for m, v in seen.items() if m.ask
    }
    assert got.ask.worlds == sum(seen[next(iter(seen))])


# -- against the reference -------------------------------------------------------------------
@given(
    seed=st.integers(0, 10**6),
    rules=st.sampled_from(VARIANTS),
    extra=st.integers(0, 3),
    engine=st.sampled_from(ENGINES),
)
@SETTINGS
def test_exact_chances_match_plain_enumeration_and_minimax(
    seed: int, rules: Rules, extra: int, engine: str
) -> None:
    left = min(2 * rules.players, 8) + extra
    setup, plays = dealt(seed, rules, left)
    assume(reference_bound(setup, plays) <= LIMIT)
    got = OddsSolver(engine=engine, double_dummy=False).line(setup, plays)  # type: ignore[arg-type]
    check_against_reference(got, reference(setup, plays), replayed(setup, plays))


@given(seed=st.integers(0, 10**6), rules=st.sampled_from(VARIANTS[:8]), extra=st.integers(0, 3))
@SETTINGS
def test_a_seat_not_to_play_scores_the_cards_the_player_may_hold(
    seed: int, rules: Rules, extra: int
) -> None:
    setup, plays = dealt(seed, rules, 7 + extra)
    real = replayed(setup, plays)
    mover = real.to_play
    assert mover is not None
    seat = random.Random(seed).choice([s for s in real.seats if s != mover])
    assume(reference_bound(setup, plays, seat) <= LIMIT)
    got = OddsSolver(double_dummy=False).line(setup, plays, seat=seat)
    assert got.seat == seat and got.to_play == mover and got.ask is None
    check_against_reference(got, reference(setup, plays, seat), real)
    assert all(o.worlds <= got.worlds for o in got.cards.values())
    assert set(real.legal_cards()) <= set(got.cards)  # the real cards are among them


def test_the_version_b_ask_is_scored_as_the_seat_would_play_it() -> None:
    """Version B, a void seat to move: asking, then the best card once the face-down card
    is seen, and the cards after the ask with the record's card seen — exactly as the
    reference groups its worlds."""
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B)
    found = 0
    for seed in range(400):
        setup, plays = dealt(seed, rules, 9 + seed % 3)
        real = replayed(setup, plays)
        if not real.may_ask() or reference_bound(setup, plays) > 400:
            continue
        got = OddsSolver(double_dummy=True).line(setup, plays)
        assert got.ask is not None and got.ask.exact
        check_against_reference(got, reference(setup, plays), real)
        assert got.ask.face_down == real.hidden_card
        assert all(o.ask and o.dd is not None for o in got.ask.cards.values())
        assert got.ask.dd is not None
        assert "^T" in got.text() and "after asking" in got.text()
        found += 1
        if found == 3:
            break
    assert found == 3, "too few version-B positions where the seat may ask"


# -- the worlds ---------------------------------------------------------------------------------
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(VARIANTS), left=st.integers(6, 16))
@SETTINGS
def test_every_world_is_listed_once_and_the_real_one_among_them(
    seed: int, rules: Rules, left: int
) -> None:
    setup, plays = dealt(seed, rules, left)
    view = seat_view(setup, plays)
    reveal = reveals_now(view)
    sampler = Sampler(knowledge(view, reveal=reveal))
    count = world_count(sampler)
    assume(count <= 3000)
    listed = [(tuple(sorted(w.hands.items())), w.face_down) for w in worlds(sampler)]
    assert len(listed) == len(set(listed)) == count
    game = replayed(setup, plays)
    real_hands = {s: frozenset(game.hands[s] or ()) for s in game.seats if s != view.seat}
    face_down = game.hidden_card if game.hidden_card is not None else None
    if game.hidden_holder == view.seat or game.hidden_card is None:
        face_down = sampler.known.face_down
    assert (tuple(sorted(real_hands.items())), face_down) in set(listed)


@pytest.mark.skipif(not COMPILED, reason="the compiled core is not built")
@given(seed=st.integers(0, 10**6), rules=st.sampled_from(VARIANTS), left=st.integers(5, 20))
@SETTINGS
def test_the_cores_card_by_card_searches_bound_each_cards_value(
    seed: int, rules: Rules, left: int
) -> None:
    """What the chances ask of the core in each world (``CoreLink.children``): every legal
    move, the small cards it covers without a search included, with a fail-soft bound at
    the threshold asked -- at least it when it reaches it, else at most -- that the exact
    value of the Python search agrees with, at the win and at the tie threshold."""
    setup, plays = dealt(seed, rules, left)
    game = replayed(setup, plays)
    assume(game.to_play is not None)
    link = CoreLink(game, "outcome")
    exact = Solver("outcome", engine="python").solve(game).moves
    for beta in (1, 0):
        got = link.children(game, 0, beta - 1, beta)
        assert got is not None and set(got) == set(exact)
        for move, v in got.items():
            assert exact[move] >= v if v >= beta else exact[move] <= v, (move, beta)


def test_sampler_counts_worlds_and_draws_by_bins() -> None:
    """``Sampler.count`` is the number of worlds; what a draw walks, which cards each bin
    of seats with the same voids takes, is ``bin_count``. Every choice of a bin's cards is
    shared among its seats in the same number of ways (a multinomial of their sizes), so
    drawing by bins and then shuffling within a bin is uniform over the worlds: the count
    is the bins' count times those shares, and the listing has that many worlds."""
    setup, plays = dealt(6, Rules(trump_method=TrumpMethod.NONE), 12)
    sampler = Sampler(knowledge(seat_view(setup, plays)))
    assert any(len(members) > 1 for members in sampler.members)  # a bin shared
    shares = 1
    for members in sampler.members:
        left = sum(sampler.known.sizes[s] for s in members)
        for s in members:
            shares *= math.comb(left, sampler.known.sizes[s])
            left -= sampler.known.sizes[s]
    assert sampler.count() == sampler.bin_count() * shares > sampler.bin_count()
    assert len(list(worlds(sampler))) == sampler.count() == world_count(sampler)


def test_seats_with_the_same_voids_share_their_cards_every_way() -> None:
    """Before the first card nobody has shown a void: 39! / (13!)^3 worlds (the sampler
    draws the cards of the three hands together; the count multiplies the ways to share
    them), and a world of a small ending is listed once for each way."""
    setup, _ = deal_setup(random.Random(5), Rules(trump_method=TrumpMethod.NONE), "D")
    sampler = Sampler(knowledge(seat_view(setup, [])))
    assert world_count(sampler) == sampler.count() == math.factorial(39) // math.factorial(13) ** 3
    assert sampler.bin_count() == 1  # one way to choose which cards the three hands hold


def test_a_start_position_counts_its_cards_out_of_play() -> None:
    """The doctest's ending from A's seat: one ten of four in B, C, D's six cards (the other
    three taken), five more from the 46 other cards, shared 2-2-2; the rest out of play."""
    record = read_string(DOCTEST)[0]
    got = odds(record, after=0)
    assert got.worlds == 4 * math.comb(46, 5) * 90 and not got.exact
    assert got.samples in looks(200) and got.most == 200 and got.seed == 0


def test_a_start_position_table_shows_its_voids() -> None:
    """A ``Start`` position's cards on the table are not the record's plays, but a seat
    that did not follow there is void all the same (and, under must-trump with the trump
    known, holds no trump)."""
    hands = {"A": "A.3..", "B": "K..2.", "C": "-", "D": "-"}
    setup = DealSetup(
        Rules(must_trump=True),
        {s: (None if h == "-" else parse_hand(h)) for s, h in hands.items()},
        "C",
        trump=card("2H").suit,
        start=StartPosition(
            trick=12, tens=(2, 2), tricks=(6, 5), table=(("C", card("QS")), ("D", card("5D")))
        ),
    )
    view = seat_view(setup, [])
    assert view.seat == "A"
    assert view.memory.void["D"] == {card("QS").suit} and view.memory.no_trump == {"D"}
    for world in OddsSolver(samples=30, max_worlds=0)._draw(view, False).worlds:
        assert not {c.suit for c in world.hands["D"]} & {card("QS").suit, card("2H").suit}


def test_a_recorded_revoke_is_no_void() -> None:
    """``^R``: the revoker could follow, so the real deal must stay among the worlds."""
    rules = Rules(trump_method=TrumpMethod.NONE)
    for seed in range(200):
        rng = random.Random(seed)
        setup, _ = deal_setup(rng, rules, "D")
        game = Game(setup, check_deal=False)
        plays: list[Play] = []
        revoked = False
        while len(plays) < 40:
            legal = game.legal_cards()
            hand = sorted(game.hands[game.to_play or "A"] or ())
            off = [c for c in hand if c not in legal]
            if not revoked and off and len(plays) > 20:
                c, revoke = off[0], True
                revoked = True
            else:
                c, revoke = rng.choice(legal), False
            try:
                game.play(c, revoke=revoke)
            except IllegalPlay:
                break
            plays.append((c, False, revoke))
        if not revoked or len(plays) < 40:
            continue
        view = seat_view(setup, plays)
        sampler = Sampler(knowledge(view))
        real = {s: frozenset(game.hands[s] or ()) for s in game.seats if s != view.seat}
        assert world_count(sampler) <= 5000
        assert real in [w.hands for w in worlds(sampler)]
        return
    pytest.fail("no revoke made")  # pragma: no cover


# -- sampling ---------------------------------------------------------------------------------
def test_sampled_chances_come_from_the_seed_with_their_standard_errors() -> None:
    setup, plays = dealt(3, Rules(), 12)
    exact = OddsSolver(double_dummy=False).line(setup, plays)
    assert exact.exact and exact.samples is None and exact.best.chance.stderr is None
    every: dict[str, Any] = {
        "max_worlds": 0,
        "samples": 300,
        "double_dummy": False,
        "early_stop": False,
    }
    first = OddsSolver(seed=7, **every).line(setup, plays)
    again = OddsSolver(seed=7, **every).line(setup, plays)
    other = OddsSolver(seed=8, **every).line(setup, plays)
    assert not first.exact and first.samples == 300 and first.worlds == exact.worlds
    assert first == again and first != other
    for c, o in first.cards.items():
        stderr = o.chance.stderr
        assert stderr is not None and o.worlds == 300
        assert stderr["win"] == pytest.approx(math.sqrt(o.win * (1 - o.win) / 300))
        # 300 draws: within four standard errors of the exact chance (and a point of slack)
        assert abs(o.win - exact.cards[c].win) <= 4 * stderr["win"] + 0.01
    assert "±" in first.text() and "drawn (seed 7)" in first.text()


def test_the_stopping_rule_reads_the_first_worlds_and_stops_at_the_first_settled_look() -> None:
    """A sampled position stops at the first look (100, 125, … of 200 worlds) where every
    chance's standard error is within what 200 worlds give at worst; what it answers is
    exactly the first worlds of the same stream, as a solver told to draw only that many
    would answer."""
    every: dict[str, Any] = {"max_worlds": 0, "double_dummy": False}
    for seed, left, stops in ((3, 16, True), (4, 12, False)):
        setup, plays = dealt(seed, Rules(), left)
        got = OddsSolver(samples=200, **every).line(setup, plays)
        assert got.samples is not None and got.samples in looks(200) and got.most == 200
        assert (got.samples < 200) is stops
        prefix = OddsSolver(samples=got.samples, early_stop=False, **every).line(setup, plays)
        assert list(got.cards.items()) == list(prefix.cards.items())
        if COMPILED:  # the same stop whatever order the threads finish the worlds in
            assert OddsSolver(samples=200, workers=2, **every).line(setup, plays) == got
        for mark in looks(200):
            if mark > got.samples:
                break
            at = OddsSolver(samples=mark, early_stop=False, **every).line(setup, plays)
            chances = [o.chance for o in at.cards.values()]
            if mark < got.samples:
                assert not settled(chances, 200)
            elif stops:
                assert settled(chances, 200)
        stated = "stopped at" in got.text() and "at most 3.5 points" in got.text()
        assert stated is stops
        assert got.to_json()["most_samples"] == 200
        full = OddsSolver(samples=200, early_stop=False, **every).line(setup, plays)
        assert full.samples == 200 and "stopped" not in full.text()


def counting_solves(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that grows by one for every world the compiled core solves for the odds
    (``odds._core_signs`` patched for the test); the test is skipped without the core."""
    if not COMPILED:  # pragma: no cover
        pytest.skip("counts the compiled core's worlds")
    from mendikot_replay.analysis import odds as odds_module

    solved: list[int] = []
    real = odds_module._core_signs

    def counting(link: CoreLink, game: Game, asks: bool = True) -> dict[Move, int]:
        solved.append(1)
        return real(link, game, asks)

    monkeypatch.setattr(odds_module, "_core_signs", counting)
    return solved


def test_a_first_look_is_kept_and_the_full_look_solves_only_the_rest(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The graph's first pass: ``glance`` solves a quarter of the worlds; asked again
    without it, the solver goes on from there, and the answer is the one a fresh solver
    gives. A progress callback that stops the work keeps the worlds solved so far too."""
    solved = counting_solves(monkeypatch)
    setup, plays = dealt(4, Rules(), 12)
    fresh = OddsSolver(max_worlds=0, double_dummy=False).line(setup, plays)
    assert fresh.samples == 200 and len(solved) == 200
    solved.clear()
    solver = OddsSolver(max_worlds=0, double_dummy=False)
    first = solver.line(setup, plays, glance=True)
    assert first.glance and first.samples == 50 and len(solved) == 50
    assert "a first look: 50 of the 200" in first.text() and first.to_json()["glance"]
    rest = solver.line(setup, plays)
    assert len(solved) == 200 and rest == fresh and not rest.glance

    class Stop(Exception):
        pass

    def stop_at_30(done: int, total: int) -> None:
        if done == 30:
            raise Stop

    solved.clear()
    solver = OddsSolver(max_worlds=0, double_dummy=False)
    with pytest.raises(Stop):
        solver.line(setup, plays, progress=stop_at_30)
    assert len(solved) == 30
    assert solver.line(setup, plays) == fresh and len(solved) == 200


def test_threads_change_nothing() -> None:
    if not COMPILED:  # pragma: no cover
        pytest.skip("threads solve only with the compiled core")
    setup, plays = dealt(8, Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B), 14)
    one = OddsSolver(max_worlds=0, samples=40).line(setup, plays)
    two = OddsSolver(max_worlds=0, samples=40, workers=2).line(setup, plays)
    assert one == two


def test_a_progress_that_stops_the_work_drops_the_worlds_not_started(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The viewer stops a position no longer wanted from its progress callback: with
    threads, the worlds not yet handed out are dropped, not solved for nothing. At most two
    a thread are handed out ahead of the results read, so however the threads and the
    callback are scheduled, stopping at the third result has started at most 3 + 3."""
    if not COMPILED:  # pragma: no cover
        pytest.skip("threads solve only with the compiled core")
    solved = counting_solves(monkeypatch)

    class Enough(Exception):
        pass

    def stop(done: int, total: int) -> None:
        if done == 3:
            raise Enough

    setup, plays = dealt(8, Rules(), 24)
    with pytest.raises(Enough):
        OddsSolver(max_worlds=0, samples=200, workers=2).line(setup, plays, progress=stop)
    assert 3 <= len(solved) <= 6


def test_progress_is_told_after_every_world() -> None:
    setup, plays = dealt(3, Rules(), 12)
    seen: list[tuple[int, int]] = []
    got = OddsSolver(max_worlds=0, samples=25).line(
        setup, plays, progress=lambda *a: seen.append(a)
    )
    assert seen == [(i, 25) for i in range(1, 26)] and got.samples == 25


# -- records, the result, errors ------------------------------------------------------------
DOCTEST = """[TrumpMethod "None"]
[Start "trick 12; tens 2-1; tricks 6-5"]
[Hands "A:A.2.. B:T.3.. C:3.4.. D:K.5.."]
[Play "A"]
12. A: AS TS 3S KS"""


def test_a_record_by_card_or_by_trick_and_the_public_face() -> None:
    record = next(simulate(1, seed=4))
    by_trick = mr.odds(record, trick=12)
    by_card = odds(record, after=44)
    assert by_trick == by_card and by_card.exact and by_card.after == 44
    assert by_card.trick == 12 and by_card.deal is None
    real = record.position(44)
    assert by_card.to_play == by_card.seat == real.to_play
    solution = mr.solve(real)
    assert {c: o.dd for c, o in by_card.cards.items()} == solution.cards
    assert by_card.dd == solution.value
    assert odds(record, after=44, double_dummy=False).best.dd is None
    wins = [o.win for o in by_card.cards.values()]
    assert wins == sorted(wins, reverse=True)


def test_the_json_object_is_the_commands() -> None:
    record = next(simulate(1, seed=4))
    got = odds(record, after=41)
    obj = json.loads(json.dumps(got.to_json()))
    assert list(obj)[:8] == ["deal", "after", "trick", "seat", "to_play", "team", "exact", "worlds"]
    assert obj["after"] == 41 and obj["exact"] is True and obj["worlds"] == got.worlds
    first = next(iter(obj["cards"].values()))
    assert set(first) == {"win", "tie", "loss", "dd"}
    assert first["win"] + first["tie"] + first["loss"] == pytest.approx(1)
    sampled = odds(record, after=41, max_worlds=0, samples=20).to_json()
    assert sampled["samples"] == 20 and sampled["seed"] == 0
    assert all(set(v["stderr"]) == {"win", "tie", "loss"} for v in sampled["cards"].values())


def test_positions_that_cannot_be_scored_say_why() -> None:
    record = read_string(DOCTEST + "\n13. A: 2H 3H 4H 5H")[0]
    with pytest.raises(ValueError, match="the deal is over after 8 cards"):
        odds(record)
    with pytest.raises(ValueError, match="cannot stop after 9"):
        odds(record, after=9)
    with pytest.raises(ValueError, match="not both"):
        odds(record, after=1, trick=12)
    with pytest.raises(ValueError, match="no trick 11"):
        odds(record, trick=11)
    assert odds(record, trick=13).after == 4
    with pytest.raises(ValueError, match="the play stops before trick 13"):
        odds(read_string(DOCTEST.replace(" 3S KS", ""))[0], trick=13)
    with pytest.raises(ValueError, match="no seat E"):
        odds(record, after=0, seat="E")
    unknown = read_string(DOCTEST.replace("B:T.3..", "B:-"))[0]
    with pytest.raises(ValueError, match="does not give B's hand"):
        odds(unknown, after=1)
    assert odds(unknown, after=0).dd is None  # the others' hands need not be known
    with pytest.raises(ValueError, match="samples"):
        OddsSolver(samples=0)
    with pytest.raises(ValueError, match="max_worlds"):
        OddsSolver(max_worlds=-1)


@pytest.mark.parametrize("engine", ENGINES)
def test_ties_where_the_tricks_can_split_evenly(engine: str) -> None:
    """32 cards, eight tricks: tens 2-2 and tricks 4-4 tie (thirteen tricks never do, and
    the search then skips the probe for a tie). Endgames where one card ties and another
    wins, against the reference."""
    for seed in (2, 5, 6):
        setup, plays = dealt(seed, Rules(deck=32), 9)
        got = OddsSolver(engine=engine, double_dummy=False).line(setup, plays)  # type: ignore[arg-type]
        assert any(o.chance.ties for o in got.cards.values())
        assert any(o.chance.wins for o in got.cards.values())
        check_against_reference(got, reference(setup, plays), replayed(setup, plays))


def test_the_holder_who_may_ask_is_not_dealt_its_worlds_twice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """holder-may-ask (sample_games/closed-house-rules.pmn, deal 1): A, holding the face-down
    two of diamonds, may ask. Asking shows A nothing it does not know, so the ask's chances
    come from the worlds already drawn, each solved once (the ask moves with the others)."""
    solved = counting_solves(monkeypatch)
    sample = Path(__file__).parent.parent / "sample_games" / "closed-house-rules.pmn"
    text = sample.read_text(encoding="utf-8")
    record = read_string(text)[0]
    assert record.setup is not None and record.tags["Variant"] == "holder-may-ask"
    first = record.mainline()[0]
    assert first.card is not None
    got = OddsSolver(max_worlds=0, samples=60, early_stop=False).line(
        record.setup, [(first.card, first.reveal_request, False)]
    )
    assert got.to_play == "A" and got.ask is not None
    assert len(solved) == got.samples == 60
    assert got.ask.face_down == card("2D") and not got.ask.exact and got.ask.worlds == got.worlds
    (after,) = got.ask.cards.values()  # with the ask, A must play its one trump
    assert after.name == "^T2D" and after.chance == got.ask.chance


def test_a_position_solved_in_full_is_never_called_a_first_look() -> None:
    """Late in a deal the worlds are few and all solved (exact): asked for a first look, the
    answer is the whole answer, and it says so (no ``glance``, no "a first look" text)."""
    setup, plays = dealt(4, Rules(), 6)
    solver = OddsSolver(max_worlds=10_000, double_dummy=False)
    looked = solver.line(setup, plays, glance=True)
    assert looked.exact and not looked.glance
    assert "a first look" not in looked.text() and "glance" not in looked.to_json()
    assert looked == OddsSolver(max_worlds=10_000, double_dummy=False).line(setup, plays)


def test_the_graph_is_not_done_while_a_card_is_still_at_a_first_look() -> None:
    """Every card sampled (``max_worlds=0``): the graph's first pass scores each at a first
    look, and the graph is done only once every one is scored in full."""
    worked = Path(__file__).resolve().parent / "data" / "worked-example.pmn"
    record = next(iter(mr.read_deals(worked)))
    line = ChanceLine(record, max_tricks=1)  # the last trick: four cards to score
    graph = Graph("key", line)
    solver = OddsSolver(max_worlds=0, samples=8, double_dummy=False)
    glanced = 0
    while (step := graph.next_card()) is not None:
        k, glance = step
        graph.scored[k] = line.card(k, solver, glance=glance)
        if any(c.odds.glance for c in graph.scored.values()):
            glanced += 1
            assert not graph.done
    assert glanced >= 4  # each card was at a first look for a while
    assert graph.done and graph.glanced == 0 and len(graph.scored) == graph.total
    # a card taken back to a first look makes the graph not done again
    first = min(graph.scored)
    graph.scored[first] = replace(
        graph.scored[first], odds=replace(graph.scored[first].odds, glance=True)
    )
    assert not graph.done and graph.next_card() == (first, False)


@pytest.mark.parametrize(
    "rules",
    [
        Rules(deck=32),
        Rules(deck=32, trump_method=TrumpMethod.NONE),
        Rules(deck=48, trump_method=TrumpMethod.CLOSED),
    ],
    ids=["32 cards", "32 cards no trump", "48 cards closed"],
)
def test_exact_chances_with_ties_match_plain_enumeration(rules: Rules) -> None:
    """Positions from many deals of an even number of tricks whose worlds include ties
    (tens 2-2, tricks level): every card's wins, ties and losses are the reference's."""
    checked = 0
    for seed in range(200):
        setup, plays = dealt(seed, rules, min(2 * rules.players, 8) + seed % 3)
        if reference_bound(setup, plays) > LIMIT:
            continue
        ref = reference(setup, plays)
        if not any(v[1] for v in ref.counts.values()):
            continue  # no world ends in a tie: not what this test is about
        got = OddsSolver(double_dummy=False).line(setup, plays)
        check_against_reference(got, ref, replayed(setup, plays))
        assert any(o.chance.ties for o in got.cards.values())
        checked += 1
        if checked == 6:
            break
    assert checked == 6, f"only {checked} positions with ties in 200 deals"
