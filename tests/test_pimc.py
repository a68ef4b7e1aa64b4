"""The Monte Carlo player: every sampled world fits what the seat knows (and the real deal
fits it too, so the facts it reads are true), worlds come from the seed, the player always
plays a legal card, finds the one winning card of a hand-built endgame, and beats the rule
of thumb over short endgames of simulated deals.

The endgames are short (at most three tricks to solve), so the tests run as fast with the
pure-Python solver as with the compiled core.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from benchmark_scripts import load_benchmark
from cross_process import same_bytes_in_every_process
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mendikot_replay.cli.app import main
from mendikot_replay.core.cards import Card, Suit, card, deck, parse_hand
from mendikot_replay.core.deal_setup import DealSetup, StartPosition
from mendikot_replay.core.engine import Game
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.core.seats import Seat, team_of
from mendikot_replay.players.pimc import (
    COMPILED_SOLVE_FROM,
    DEFAULT_WORLDS,
    PURE_PYTHON_SOLVE_FROM,
    PIMCPlayer,
    Tiebreak,
)
from mendikot_replay.players.simple import (
    Choice,
    Memory,
    Player,
    RandomPlayer,
    RuleOfThumbPlayer,
    SeatView,
)
from mendikot_replay.players.simulate import deal_setup, player_by_name, simulate_deals
from mendikot_replay.players.worlds import Knowledge, Sampler, knowledge, reveals_now, sample_worlds
from mendikot_replay.solver.search import OBJECTIVES, Solver

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

VARIANTS = [
    Rules(),
    Rules(trump_method=TrumpMethod.FACE_UP, must_trump=True),
    Rules(trump_method=TrumpMethod.NONE),
    Rules(trump_method=TrumpMethod.CLOSED),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, must_trump=True),
    Rules(trump_method=TrumpMethod.CLOSED, must_trump=True),
    Rules(trump_method=TrumpMethod.CUT, must_trump=True),
    Rules(capture=Capture.DEHLA),
    Rules(players=6, trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
    Rules(players=8, trump_method=TrumpMethod.CUT),
    Rules(deck=32, must_trump=True),
    # the closed trump's house rules: what the play tells of the face-down card
    Rules(trump_method=TrumpMethod.CLOSED, reveal_if_trumping=True),
    Rules(trump_method=TrumpMethod.CLOSED, trump_card_in_hand=True),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, trump_card_in_hand=True),
    Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B, holder_may_ask=True),
    Rules(trump_method=TrumpMethod.CLOSED, hidden_trumps=True, reveal_if_trumping=True),
]


def played_position(
    seed: int, rules: Rules, cards: int, player: Player | None = None
) -> tuple[Game, Memory]:
    """A deal dealt as the simulator deals it, ``cards`` cards played by ``player`` (random
    by default: it shows out, asks and revokes nothing, so voids come early)."""
    rng = random.Random(seed)
    setup, _ = deal_setup(rng, rules, rng.choice("ABCD"))
    game = Game(setup, check_deal=False)
    memory = Memory(game)
    player = player or RandomPlayer(ask_chance=0.5)
    for _ in range(min(cards, game.total_tricks * game.players - 1)):
        c, ask = player.choose(SeatView(game, memory), rng)
        memory.see(game.play(c, ask_reveal=ask))
    return game, memory


def fits(known: Knowledge, hands: dict[Seat, frozenset[Card]], face_down: Card | None) -> None:
    """Assert that ``hands`` (every seat but the viewer's) fit what the seat knows."""
    for seat, hand in hands.items():
        assert known.fixed[seat] <= hand, seat
        free = set(hand) - known.fixed[seat]
        if seat == known.face_down_holder:
            assert face_down in free
            free.discard(face_down)
        assert len(free) == known.sizes[seat], seat
        assert not {c.suit for c in free} & known.void[seat], (seat, known.void[seat])
    if face_down is not None:
        assert face_down.suit not in known.face_down_refused
        for seat in known.lack_face_down_suit:
            assert all(c.suit is not face_down.suit for c in hands[seat]), seat


@given(
    seed=st.integers(0, 10**6),
    rules=st.sampled_from(VARIANTS),
    cards=st.integers(0, 40),
    rule_of_thumb=st.booleans(),
)
@SETTINGS
def test_every_world_fits_what_the_seat_knows(
    seed: int, rules: Rules, cards: int, rule_of_thumb: bool
) -> None:
    player = RuleOfThumbPlayer() if rule_of_thumb else None
    game, memory = played_position(seed, rules, cards, player)
    view = SeatView(game, memory)
    reveal = reveals_now(view)  # version A: the seat sees the card turned up as it shows out
    known = knowledge(view, reveal=reveal)
    others = [s for s in game.seats if s != view.seat]
    # The real deal fits: every fact the seat reads from the play is true.
    real = {s: frozenset(game.hands[s] or ()) for s in others}
    hidden = game.hidden_card if game.hidden_holder != view.seat and not reveal else None
    fits(known, real, hidden)
    sampler = Sampler(known)
    assert sampler.count() >= 1
    held = set().union(*real.values())
    for world in sample_worlds(view, 3, random.Random(seed), reveal=reveal):
        fits(known, world.hands, world.face_down)
        # The unseen cards, each once: nothing played, nothing of the seat's own hand.
        assert set().union(*world.hands.values()) == held
        assert sum(len(h) for h in world.hands.values()) == len(held)
        if game.hidden_card is not None:
            holder = game.hidden_holder
            assert holder is not None
            assert world.face_down in (world.hands[holder] if holder != view.seat else view.hand)
            if holder == view.seat:
                assert world.face_down is game.hidden_card
        # The world is a position the engine accepts, the same for the seat to move.
        position = view.world(world.hands, world.face_down)
        assert position.hands[view.seat] == game.hands[view.seat]
        assert position.legal_cards() == game.legal_cards()
        assert position.counts == game.counts and position.trump == game.trump
        assert position.to_play == view.seat


def test_a_revealed_closed_trump_and_the_drawn_card_are_known_holdings() -> None:
    rules = Rules(trump_method=TrumpMethod.CLOSED)
    for seed in range(40):
        game, memory = played_position(seed, rules, 30)
        holder = game.setup.hidden_holder
        trump_card = game.trump_card
        assert holder is not None and trump_card is not None
        view = SeatView(game, memory)
        if game.trump is None or view.seat == holder or trump_card not in game.hands[holder]:  # type: ignore[operator]
            continue
        assert view.known_holdings() == {trump_card: holder}
        for world in sample_worlds(view, 5, random.Random(seed)):
            assert trump_card in world.hands[holder]
        break
    else:
        pytest.fail("no revealed closed trump still in hand in 40 deals")
    game, memory = played_position(1, Rules(), 0)
    view = SeatView(game, memory)
    drawer = game.setup.first_leader
    assert view.seat == drawer and view.known_holdings() == {}
    game.play(RuleOfThumbPlayer().decide(view).card)
    after = SeatView(game, memory)
    assert game.trump_card is not None
    if game.trump_card in (game.hands[drawer] or ()):
        assert after.known_holdings() == {game.trump_card: drawer}


def test_no_trump_is_read_from_must_trump_and_from_a_version_b_ask() -> None:
    # Must-trump, hearts trumps: D is void in spades and discards a club, so it has no heart.
    hands = {"A": "A2...", "B": "K3...", "C": "Q4...", "D": "..5.6"}
    setup = DealSetup(
        Rules(must_trump=True),
        {s: parse_hand(h) for s, h in hands.items()},
        "A",
        trump=card("2H").suit,
        start=StartPosition(trick=12, tens=(2, 2), tricks=(6, 5)),
    )
    game = Game(setup, check_deal=False)
    memory = Memory(game)
    for c in ("AS", "KS", "QS", "6C"):
        memory.see(game.play(card(c)))
    assert memory.void["D"] == {card("AS").suit} and memory.no_trump == {"D"}
    # Version B: C asks, hearts are trumps, and having none it plays a club; D, void too,
    # does not ask and owes no trump, so nothing is read from its club.
    hands_b = {"A": "A.2..", "B": "K..2.", "C": "..3.2", "D": "...43"}
    setup_b = DealSetup(
        Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
        {s: parse_hand(h) for s, h in hands_b.items()},
        "A",
        trump_card=card("2H"),
        hidden_holder="A",
        start=StartPosition(trick=12, tens=(2, 2), tricks=(6, 5)),
    )
    game_b = Game(setup_b, check_deal=False)
    memory_b = Memory(game_b)
    memory_b.see(game_b.play(card("AS")))
    memory_b.see(game_b.play(card("KS")))
    assert memory_b.no_trump == set()
    memory_b.see(game_b.play(card("2C"), ask_reveal=True))
    memory_b.see(game_b.play(card("3C")))
    assert memory_b.no_trump == {"C"}
    assert memory_b.void["D"] == {card("AS").suit}


def test_a_start_position_puts_the_cards_played_before_it_out_of_play() -> None:
    """Nothing says which cards went before a ``Start``: the surplus of unseen cards is out
    of play, with exactly the tens the counts say were taken."""
    hands = {"A": "AT.5..", "B": "KQ.6..", "C": "2.7.3.", "D": "3.8.4."}
    setup = DealSetup(
        Rules(trump_method=TrumpMethod.NONE),
        {s: parse_hand(h) for s, h in hands.items()},
        "A",
        start=StartPosition(trick=11, tens=(1, 2), tricks=(5, 5)),
    )
    game = Game(setup, check_deal=False)
    view = SeatView(game, Memory(game))
    known = knowledge(view)
    assert known.out_of_play == 52 - 12 and known.out_tens == 3
    for world in sample_worlds(view, 20, random.Random(4)):
        assert not any(c.is_ten for h in world.hands.values() for c in h)
        view.world(world.hands, world.face_down)  # the engine's ten count agrees


def test_worlds_and_choices_come_from_the_seed() -> None:
    game, memory = played_position(11, Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B), 38)
    view = SeatView(game, memory)
    first = sample_worlds(view, 6, random.Random(9))
    assert first == sample_worlds(view, 6, random.Random(9))
    assert first != sample_worlds(view, 6, random.Random(10))
    player = PIMCPlayer(worlds=6, solve_from_tricks=13, seed=5)
    choices = {player.decide(view) for _ in range(3)}
    assert len(choices) == 1
    again = PIMCPlayer(worlds=6, solve_from_tricks=13, seed=5).decide(view, random.Random(1))
    assert again in choices  # the seed, not the stream, decides


def outcome(game: Game, team: str) -> int:
    """The finished deal's result for ``team``: 3 whitewash … -3 whitewashed."""
    counts = game.counts
    result = game.rules.result(
        (counts.tens[0], counts.tens[1]),
        (counts.tricks[0], counts.tricks[1]),
        total_tricks=game.total_tricks,
    )
    rank = {"whitewash": 3, "mendikot": 2, "win": 1}
    if result.winner is None:
        return 0
    return rank[result.kind] if result.winner == team else -rank[result.kind]


def play_out(game: Game, memory: Memory, players: dict[str, Player], rng: random.Random) -> None:
    while not game.finished:
        seat = game.to_play
        assert seat is not None
        c, ask = players[team_of(seat)].choose(SeatView(game, memory, seat), rng)
        memory.see(game.play(c, ask_reveal=ask))  # the engine refuses an illegal card


def _no_trump_endgame(
    hands: dict[Seat, str], leader: Seat, start: StartPosition
) -> tuple[Game, Memory]:
    """A hand-built no-trump endgame, and the memory of a seat that has seen every other
    card played (as a record read from its first trick would)."""
    setup = DealSetup(
        Rules(trump_method=TrumpMethod.NONE),
        {s: parse_hand(h) for s, h in hands.items()},
        leader,
        start=start,
    )
    game = Game(setup, check_deal=False)
    memory = Memory(game)
    memory.played |= set(deck(52)) - {c for h in game.hands.values() for c in h or ()}
    return game, memory


def test_the_winning_card_of_a_hand_built_endgame() -> None:
    """D leads the king of spades; A holds the ace and the ten, the last ten out. The ace
    wins the trick and then the ten is the master: 2-2 tens and seven tricks for A/C. The
    ten under the king gives B/D a third ten. Every world agrees whatever the other cards."""
    hands = {"A": "AT...", "B": ".24..", "C": ".56..", "D": "K.3.."}
    game, memory = _no_trump_endgame(
        hands, "D", StartPosition(trick=12, tens=(1, 2), tricks=(5, 6))
    )
    memory.see(game.play(card("KS")))
    view = SeatView(game, memory)
    assert sorted(map(str, view.legal_cards())) == ["AS", "TS"]
    choice = PIMCPlayer(worlds=8, seed=1).decide(view)
    assert choice.card == card("AS") and choice.reason == "pimc"
    play_out(
        game,
        memory,
        {"AC": PIMCPlayer(worlds=8, seed=1), "BD": RuleOfThumbPlayer()},
        random.Random(0),
    )
    assert outcome(game, "AC") == 1


def test_one_legal_card_is_played_without_solving() -> None:
    game, memory = played_position(2, Rules(), 51)
    player = PIMCPlayer(worlds=4)
    choice = player.decide(SeatView(game, memory))
    assert choice.reason == "forced" and player.stats.worlds == 0


@pytest.mark.parametrize("rules", VARIANTS[:9], ids=lambda r: r.describe())
def test_the_player_plays_only_legal_cards(rules: Rules) -> None:
    """Whole deals with the Monte Carlo player at every seat, solving the last two tricks
    (and the rule of thumb before): the engine refuses any illegal card or ask."""
    player = PIMCPlayer(worlds=3, solve_from_tricks=2, seed=0)
    deals = list(simulate_deals(2, seed=5, rules=rules, players=(player, player)))
    assert len(deals) == 2 and player.stats.solved > 0
    assert deals[0].record.tags["A"] == "pimc"


def test_version_b_asks_are_legal_and_happen() -> None:
    """Closed trump, version B, solving the last three tricks: the player asks for the
    trump when that scores better, and then plays a trump when it holds one."""
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B)
    asks = 0
    for seed in range(6):
        rng = random.Random(seed)
        game, memory = played_position(seed, rules, 40, RuleOfThumbPlayer())
        player = PIMCPlayer(worlds=4, solve_from_tricks=3, seed=seed)
        while not game.finished:
            seat = game.to_play
            assert seat is not None
            choice = player.decide(SeatView(game, memory, seat), rng)
            asks += choice.ask
            memory.see(game.play(choice.card, ask_reveal=choice.ask))
    assert asks > 0


def endgames(n: int, left: int) -> list[tuple[int, Game, Memory]]:
    """Simulated deals played by the rule of thumb until ``left`` tricks remain."""
    rules = Rules()
    out = []
    for seed in range(n):
        game, memory = played_position(seed, rules, (13 - left) * 4, RuleOfThumbPlayer())
        out.append((seed, game, memory))
    return out


def test_pimc_beats_the_rule_of_thumb_over_short_endgames() -> None:
    """The same 3-trick endgames played on by the rule of thumb for both teams, then with
    the Monte Carlo player for one team (each team in turn): its results are better."""
    rule = RuleOfThumbPlayer()
    gain = 0
    changed = 0
    for seed, game, memory in endgames(40, 3):
        for team in ("AC", "BD"):
            base_game = game.copy()
            base_memory = memory.copy(base_game)
            play_out(base_game, base_memory, {"AC": rule, "BD": rule}, random.Random(seed))
            pimc_game = game.copy()
            pimc_memory = memory.copy(pimc_game)
            other = "BD" if team == "AC" else "AC"
            pimc = PIMCPlayer(worlds=6, solve_from_tricks=3, seed=seed)
            play_out(pimc_game, pimc_memory, {team: pimc, other: rule}, random.Random(seed))
            delta = outcome(pimc_game, team) - outcome(base_game, team)
            gain += delta
            changed += delta != 0
    assert gain > 0, (gain, changed)


def test_player_by_name_knows_pimc() -> None:
    player = player_by_name("pimc")
    assert isinstance(player, PIMCPlayer) and player.name == "pimc"


def test_cli_simulate_with_pimc_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "pimc.pmn"
    argv = ["simulate", "--deals", "2", "--seed", "3", "--ac", "pimc", "--worlds", "3"]
    argv += ["--solve-from", "2", "-o", str(out), "--quiet"]
    assert main(argv) == 0
    assert main(["validate", str(out)]) == 0
    assert "2 deals, 0 with errors" in capsys.readouterr().out
    again = tmp_path / "again.pmn"
    assert main([*argv[:-2], str(again), "--quiet"]) == 0
    assert again.read_bytes() == out.read_bytes()  # deterministic from --seed
    # and from --seed alone: the same command in fresh processes with other string-hash
    # seeds writes the same bytes (the worlds' stream is seeded by text, never by hash()).
    # Two deals make few decisions that the worlds could change, so this runs more of them:
    # six deals, Monte Carlo players on both sides, the last three tricks solved.
    elsewhere = tmp_path / "elsewhere.pmn"
    more = ["simulate", "--deals", "6", "--seed", "3", "--ac", "pimc", "--bd", "pimc"]
    more += ["--worlds", "3", "--solve-from", "3"]
    snippet = (
        "from pathlib import Path\n"
        "from mendikot_replay.cli.app import main\n"
        f"assert main({[*more, '-o', str(elsewhere), '--quiet']!r}) == 0\n"
        f"OUTPUT = Path({str(elsewhere)!r}).read_bytes()\n"
    )
    assert same_bytes_in_every_process(snippet).count(b'[B "pimc"]') == 6
    text = out.read_text(encoding="utf-8")
    assert '[A "pimc"]' in text and '[B "rule-of-thumb"]' in text
    assert main([*argv[:-3], "--worlds", "0", "-o", str(out)]) == 2
    assert "--worlds must be 1 or more" in capsys.readouterr().err


def test_cli_help_states_the_players_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert f"(default {DEFAULT_WORLDS})" in text
    assert f"{PURE_PYTHON_SOLVE_FROM} with the pure-Python solver" in text
    assert f"{COMPILED_SOLVE_FROM} with its compiled core" in text


def test_benchmark_runs_and_reports() -> None:
    module = load_benchmark("bench_pimc")
    out = io.StringIO()
    results = module.main(["--deals", "3", "--worlds", "2", "--solve-from", "2"], out=out)
    assert [s.team for s in results.seatings] == ["AC", "BD"]
    assert all(s.won + s.lost + s.ties == 3 for s in results.seatings)
    assert results.solved > 0
    text = out.getvalue()
    assert "win rate" in text and "reference" in text and "s/deal" in text


def _decided_endgame() -> tuple[Game, Memory]:
    """Four tricks to play, no trump, A to lead; A/C have already won, whatever A leads.

    A   8H AD 3D 2C
    B   9C 7C 6C 4C           clubs only
    C   TS 8S 4S 3S           spades only: the last ten out is A's partner's
    D   QH 9H 7D 2D

    B, C and D have each shown out of the suits they lack (the voids below), so A knows
    every hand: there is one world, and the solver's answers are the ones worked out here.

    Every card keeps the win: A/C hold two tens and 7 of the 13 tricks, so at worst the tens
    split 2-2 and A/C have more than half the tricks; B/D hold a ten (no mendikot) and two
    tricks (no whitewash). C holds only spades and nobody else holds one: C could win a
    trick only by leading a spade, and leads only after winning a trick, which a discard
    (no trumps) never does. So C throws a spade on every trick: the ten of spades goes to
    A/C as soon as A/C win one more trick, C dropping it on that one. So tens: 3 for every
    card but 2C.

    * 2C: B wins it with any club and then cashes the other three clubs (nobody else holds
      one): B/D take all four tricks and C has to throw the ten of spades to them.
      7 tricks, 2 tens (2-2 and 7 of 13: still A/C's win).
    * AD: wins (D keeps 7D over the 3D and plays 2D), and then every card A has loses: 8H to
      D's hearts, 3D to the 7D, 2C to B's clubs, and B/D keep the lead. 8 tricks, 3 tens.
    * 3D: D wins with 7D; A's AD still takes D's 2D whenever D leads it, and nothing else
      wins (D's hearts beat the 8H, B's clubs the 2C). 8 tricks, 3 tens.
    * 8H: D wins with a heart and is left with one heart and 7D 2D. After the last heart D
      must lead a diamond into A's AD 3D, and both win: the 3D beats the 2D, the AD the 7D
      (leading the 7D first does not help: then A's 3D is master over the 2D). 9 tricks,
      3 tens: the most tricks of any card.
    """
    hands = {"A": ".8.A3.2", "B": "...9764", "C": "T843...", "D": ".Q9.72."}
    game, memory = _no_trump_endgame(
        hands, "A", StartPosition(trick=10, tens=(2, 1), tricks=(7, 2))
    )
    for seat, held in (("B", "C"), ("C", "S"), ("D", "HD")):
        memory.void[seat] |= {s for s in Suit if s.value not in held}
    return game, memory


def test_the_decided_endgame_is_what_its_docstring_says() -> None:
    """The hand-worked table of _decided_endgame, checked against the solver in its only
    world, so that the tiebreak test below rests on facts."""
    game, memory = _decided_endgame()
    view = SeatView(game, memory)
    worlds = sample_worlds(view, 5, random.Random(0))
    real = {s: frozenset(game.hands[s] or ()) for s in "BCD"}
    assert all(w.hands == real for w in worlds)  # the one world: the real hands
    by_card = {
        objective: {str(m.card): v for m, v in Solver(objective).solve(game).moves.items()}
        for objective in OBJECTIVES
    }
    assert by_card["outcome"] == {"8H": 1, "AD": 1, "3D": 1, "2C": 1}  # A/C win, all four
    assert by_card["tricks"] == {"8H": 9, "AD": 8, "3D": 8, "2C": 7}
    assert by_card["tens"] == {"8H": 3, "AD": 3, "3D": 3, "2C": 2}
    # the rule of thumb cashes the ace: a master card of a suit nobody can ruff
    assert RuleOfThumbPlayer().decide(view) == Choice(card("AD"), reason="cash-master")


@pytest.mark.parametrize(
    ("tiebreak", "expected"),
    [
        # the most tricks: only the 8H takes 9 (see _decided_endgame)
        ("tricks", "8H"),
        # the most tens: 8H, AD and 3D take three each, and among cards still equal the
        # player plays its lowest (a non-ten, then the lower rank): 3D, not the 8H of the
        # tricks tiebreak nor the 2C that gives the ten away
        ("tens", "3D"),
        # the rule of thumb's own card (cash the master AD), not the lowest card 2C
        ("rule", "AD"),
    ],
)
def test_tiebreaks_order_cards_of_equal_outcome(tiebreak: Tiebreak, expected: str) -> None:
    """Every card of _decided_endgame wins the deal, so only the tiebreak tells them apart;
    the three tiebreaks and doing nothing (the lowest card, 2C) pick four different cards,
    so a tiebreak ignored, or one tiebreak computed as another, picks the wrong one."""
    game, memory = _decided_endgame()
    player = PIMCPlayer(worlds=3, seed=0, tiebreak=tiebreak)
    choice = player.decide(SeatView(game, memory))
    assert choice.reason == "pimc"
    assert player.stats.solved == 1 and player.stats.worlds == 3
    assert choice.card == card(expected)


def test_a_budget_stops_after_the_first_world() -> None:
    game, memory = played_position(4, Rules(), 40, RuleOfThumbPlayer())
    player = PIMCPlayer(worlds=50, solve_from_tricks=3, budget=0.0, seed=1)
    view = SeatView(game, memory)
    if len(view.legal_cards()) == 1:
        pytest.skip("forced card")
    player.decide(view)
    assert player.stats.solved == 1 and player.stats.worlds == 1
    with pytest.raises(ValueError, match="worlds"):
        PIMCPlayer(worlds=0)
    with pytest.raises(ValueError, match="tiebreak"):
        PIMCPlayer(tiebreak="luck")  # type: ignore[arg-type]


def test_a_silent_void_under_reveal_if_trumping_tells_of_the_face_down_suit() -> None:
    """reveal-if-trumping: C cannot follow a spade and the card set aside stays down, so C
    holds none of its suit (whichever it is) and it is not C's discarded suit; every world
    D draws says so, and the real deal is among them."""
    hands = {"A": "7.5..", "B": "A..3.", "C": "..45.", "D": "K...6"}
    setup = DealSetup(
        Rules(trump_method=TrumpMethod.CLOSED, reveal_if_trumping=True),
        {s: parse_hand(h) for s, h in hands.items()},
        "B",
        trump_card=card("5H"),
        hidden_holder="A",
        start=StartPosition(trick=12, tens=(2, 2), tricks=(6, 5)),
    )
    game = Game(setup, check_deal=False)
    memory = Memory(game)
    memory.see(game.play(card("AS")))
    memory.see(game.play(card("4D")))
    assert game.hidden_card is card("5H") and memory.silent == {"C": {Suit.DIAMONDS}}
    view = SeatView(game, memory)
    known = knowledge(view)
    assert known.lack_face_down_suit == {"C"}
    assert Suit.DIAMONDS in known.face_down_refused
    sampler = Sampler(known)
    assert sampler.parts and sampler.count() >= 1
    for world in sample_worlds(view, 20, random.Random(1)):
        assert world.face_down is not None and world.face_down.suit is not Suit.DIAMONDS
        assert all(c.suit is not world.face_down.suit for c in world.hands["C"])
