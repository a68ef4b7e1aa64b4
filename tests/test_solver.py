"""The double-dummy solver: the sample endgames, a cross-check against plain minimax on
random small endgames of every variant, and the properties a search must keep."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from pmn_examples import DUCK

from mendikot_replay.core.cards import Card, Suit, card, deck
from mendikot_replay.core.deal_setup import DealSetup, StartPosition
from mendikot_replay.core.engine import Game
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.core.seats import Seat, seats
from mendikot_replay.players.generate import random_deal
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.solver.search import (
    OBJECTIVES,
    Objective,
    _final_value,
    equivalence_groups,
    plain_minimax,
    solve,
    value_text,
)

ROOT = Path(__file__).resolve().parent.parent
ENDGAMES = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"

# name: (rules, trump state) — trump state: "suit" (known or revealed/named), "hidden"
# (closed card face down), "open" (cut not named yet), "none".
VARIANTS: dict[str, tuple[Rules, str]] = {
    "drawn": (Rules(), "suit"),
    "face-up-must-trump": (Rules(trump_method=TrumpMethod.FACE_UP, must_trump=True), "suit"),
    "none": (Rules(trump_method=TrumpMethod.NONE), "none"),
    "closed-a-hidden": (Rules(trump_method=TrumpMethod.CLOSED), "hidden"),
    "closed-b-hidden": (Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B), "hidden"),
    "closed-revealed": (Rules(trump_method=TrumpMethod.CLOSED), "suit"),
    "cut-unnamed": (Rules(trump_method=TrumpMethod.CUT), "open"),
    "cut-named": (Rules(trump_method=TrumpMethod.CUT), "suit"),
    "dehla": (Rules(capture=Capture.DEHLA), "suit"),
    "dehla-cut-unnamed": (Rules(trump_method=TrumpMethod.CUT, capture=Capture.DEHLA), "open"),
    "six-players": (Rules(players=6), "suit"),
    "eight-players-closed-b": (
        Rules(players=8, trump_method=TrumpMethod.CLOSED, reveal=Reveal.B),
        "hidden",
    ),
}


def small_position(rng: random.Random, rules: Rules, trump_state: str, left: int) -> Game:
    """A random ``Start`` position with ``left`` tricks to play (the one under way
    included), some of its cards possibly already on the table."""
    players = rules.players
    order = seats(players)
    cards = list(deck(rules.deck))
    rng.shuffle(cards)
    leader = rng.choice(order)
    on_table = rng.randrange(players)
    table: list[tuple[Seat, Card]] = []
    hands: dict[Seat, frozenset[Card]] = {}
    first = order.index(leader)
    for i in range(players):
        seat = order[(first + i) % players]
        if i < on_table:
            table.append((seat, cards.pop()))
            hands[seat] = frozenset(cards.pop() for _ in range(left - 1))
        else:
            hands[seat] = frozenset(cards.pop() for _ in range(left))
    # The table's cards should follow the lead where they can look as if they did.
    in_play = [c for h in hands.values() for c in h] + [c for _, c in table]
    gone_tens = 4 - sum(c.is_ten for c in in_play)
    ac_tens = rng.randint(0, gone_tens)
    done = rules.tricks_per_deal - left
    ac_tricks = rng.randint(0, done)
    streak = rng.choice([None, rng.choice(order)]) if rules.capture is Capture.DEHLA else None
    start = StartPosition(
        trick=done + 1,
        tens=(ac_tens, gone_tens - ac_tens),
        tricks=(ac_tricks, done - ac_tricks),
        table=tuple(table),
        streak=streak,
    )
    trump: Suit | None = None
    trump_card: Card | None = None
    holder: Seat | None = None
    if trump_state == "suit":
        trump = rng.choice(list(Suit))
    elif trump_state == "hidden":
        holder = rng.choice([s for s in order if len(hands[s]) > 0])
        trump_card = rng.choice(sorted(hands[holder]))
    setup = DealSetup(
        rules,
        hands,
        first_leader=leader,
        trump=trump,
        trump_card=trump_card,
        hidden_holder=holder,
        start=start,
    )
    return Game(setup, check_deal=False)


def _endgames() -> list[Game]:
    return [r.position(0) for r in read_deals(ENDGAMES)]


def test_cover_or_duck_the_format_example() -> None:
    game = _endgames()[0]
    assert game.to_play == "C"
    solution = solve(game)
    assert solution.text() == "AC win"
    assert {str(c): solution.text(c) for c in solution.cards} == {"KS": "AC win", "9S": "BD win"}
    assert solution.best == card("KS")


@pytest.mark.parametrize(
    ("index", "good", "bad"),
    [(1, "QC", "9C"), (2, "6S", "5C"), (3, "TD", "AD")],
)
def test_the_other_sample_endgames(index: int, good: str, bad: str) -> None:
    """The card marked ``!`` keeps the deal for A/C; the variation's card loses it."""
    solution = solve(_endgames()[index])
    assert solution.text() == "AC win"
    assert solution.cards[card(good)] == solution.value
    assert solution.text(card(bad)).startswith("BD")


def test_value_text() -> None:
    assert [value_text(v) for v in (3, 2, 1, 0, -1, -2, -3)] == [
        "AC whitewash",
        "AC mendikot",
        "AC win",
        "tie",
        "BD win",
        "BD mendikot",
        "BD whitewash",
    ]
    assert value_text(5, "tricks") == "5"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_solver_agrees_with_plain_minimax(variant: str) -> None:
    """Every card's value, in every objective, equals the plain minimax's; so do the values
    with equivalent-card grouping switched off."""
    rules, trump_state = VARIANTS[variant]
    rng = random.Random(variant)
    limit = 2 if rules.players > 4 else 3
    for i in range(100):
        game = small_position(rng, rules, trump_state, rng.randint(1, limit))
        objective: Objective = OBJECTIVES[i % 3]
        solution = solve(game, objective)
        value, cards = plain_minimax(game, objective)
        assert (solution.value, solution.cards) == (value, cards), (variant, i, objective)
        plain = solve(game, objective, equivalence=False, transposition=False)
        assert (plain.value, plain.cards) == (value, cards)
        assert solve(game, objective, transposition=False).cards == cards


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_search_properties(variant: str) -> None:
    """The best card's value is the root's; the principal line, played out, ends at the
    root's value; cards of one equivalence group score alike."""
    rules, trump_state = VARIANTS[variant]
    rng = random.Random(f"properties {variant}")
    for i in range(10):
        game = small_position(
            rng, rules, trump_state, rng.randint(2, 4 if rules.players == 4 else 2)
        )
        objective: Objective = OBJECTIVES[i % 3]
        solution = solve(game, objective, equivalence=False)
        assert solution.best is not None
        assert solution.cards[solution.best] == solution.value
        end = game.copy()
        for move in solution.line():
            end.play(move.card, ask_reveal=move.ask)
        assert end.finished
        team = 0 if solution.team == "AC" else 1
        assert _final_value(end, objective, team) == solution.value
        for group in equivalence_groups(game, game.legal_cards()):
            assert len({solution.cards[c] for c in group}) == 1, (variant, i, group)
        assert solve(game, objective).cards == solution.cards


def test_late_cuts_of_recorded_deals() -> None:
    """``record.position`` on random recorded deals (any variant), mid-trick included."""
    rng = random.Random(7)
    for _ in range(25):
        record = random_deal(rng)
        line = record.mainline()
        players = record.setup.rules.players if record.setup else 4
        k = len(line) - rng.randint(1, 2 * players + players // 2)
        game = record.position(k)
        assert game.ply == k
        objective: Objective = rng.choice(OBJECTIVES)
        solution = solve(game, objective)
        assert (solution.value, solution.cards) == plain_minimax(game, objective)
        assert solve(record.position()).cards == {}


def _cli(*argv: str) -> tuple[int, str, str]:
    import contextlib
    import io

    from mendikot_replay.cli.app import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def test_cli_solve_json() -> None:
    status, out, _ = _cli("solve", str(ENDGAMES), "--deal", "1", "--after", "0", "--json")
    assert status == 0
    assert json.loads(out) == {
        "deal": 1,
        "after": 0,
        "to_play": "C",
        "objective": "outcome",
        "value": "AC win",
        "cards": {"KS": "AC win", "9S": "BD win"},
    }
    # Deal 2, "overruff high enough": clubs are trump, trick 10 of 13 is under way and A/C
    # have 7 tricks. C led the 6H, D ruffed with the 7C; A (out of hearts) holds QD QC 9C 4C,
    # B holds TS 7S 6S TC (out of hearts: free to overruff), C JD TD 5D, D 8D 6D KC. The
    # trumps still out are D's KC, the master (no higher club is left), and B's TC. The
    # "tricks" value is the tricks A/C hold at the end, the 7 already taken included.
    # Whatever A plays, D's king of trumps takes a trick of the four left (it wins whichever
    # trick it falls in), so A/C can make at most 3 more: 10.
    #   QC: overruffs, and B's TC cannot beat it: trick 10 for A/C. A then leads the 9C,
    #       which draws both trumps at once (B and D each hold a single club and must
    #       follow): D's king wins trick 11, D has only diamonds to lead, A's QD wins trick
    #       12 (B is out of diamonds but out of trumps too) and the 4C, the last trump, trick
    #       13. 7 + 3 = 10, the most there is.
    #   9C: B overruffs with the TC (trick 10 to B/D), and the KC still takes one of the
    #       last three tricks: at most 2 more for A/C, and A makes them (the QC, and the QD
    #       or a ruff with the 4C). 9.
    #   QD: thrown, D's 7C wins trick 10; A holds only trumps, QC 9C 4C, against KC and TC:
    #       the king takes one of the three, A's queen and one more trump the other two. 9.
    #   4C: under D's 7C, trick 10 to B/D. D then leads a diamond: A must follow with the
    #       QD and B ruffs it with the TC; B leads a spade and D, before A in the order B, C,
    #       D, A, ruffs it with the KC; A's last trump wins trick 13 alone. (Leading the KC
    #       instead would draw B's TC with it and give A/C the QD and the QC.) 8.
    # (The outcome objective's answer is the lesson: only the QC keeps the deal, the 9C
    # lets the ten of trumps fall to B/D.)
    status, out, _ = _cli(
        "solve", str(ENDGAMES), "--deal", "2", "--after", "0", "--json", "--objective", "tricks"
    )
    assert status == 0
    assert json.loads(out)["to_play"] == "A"
    assert json.loads(out)["cards"] == {"QD": 9, "QC": 10, "9C": 9, "4C": 8}


def test_cli_solve_text_and_limit() -> None:
    status, out, _ = _cli("solve", str(ENDGAMES), "--after", "1")
    assert status == 0
    assert out.count("deal ") == 4 and "line:" in out
    full = str(ROOT / "sample_games" / "drawn-trump.pmn")
    status, _, err = _cli("solve", full, "--after", "4", "--max-tricks", "5")
    assert status == 2
    assert "more than --max-tricks 5" in err
    # With the compiled core there is no default limit: a whole deal's second trick.
    status, out, _ = _cli("solve", full, "--after", "4", "--json")
    assert status == 0
    obj = json.loads(out)
    assert obj["after"] == 4 and obj["value"] in obj["cards"].values()


def test_analysis_marks_the_duck_as_the_decisive_mistake() -> None:
    from mendikot_replay.analysis.double_dummy import analyse
    from mendikot_replay.analysis.points import write_analysis
    from mendikot_replay.pmn.editing import points
    from mendikot_replay.pmn.reader import read_string

    record = read_string(DUCK)[0]
    verdicts = analyse(record)
    first = verdicts[0]
    assert (str(first.card), first.before_text, first.after_text) == ("9S", "AC win", "BD win")
    assert first.mistake and first.better == card("KS") and first.decisive
    assert not any(v.mistake or v.decisive for v in verdicts[1:])
    assert write_analysis(record, verdicts)
    assert not write_analysis(record, verdicts)  # idempotent
    assert ("mistake", "9S", "C", "KS") in points(record, 1)
    kept = analyse(next(iter(read_deals(ENDGAMES))))
    assert [str(v.card) for v in kept if v.decisive] == ["KS"]
    assert not any(v.mistake for v in kept)
