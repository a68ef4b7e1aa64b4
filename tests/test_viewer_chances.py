"""The viewer's single-dummy chances, Python side: the graph of the main line (the
``chances`` toggle and the ``chance_graph`` trait, worked out trick by trick on a thread of
its own and filled as it goes), started again when the main line is edited, and the quiz
graded by the chances from the quizzed seat's view (``quiz_odds``), a card within
``QUIZ_MARGIN`` of the best being right.

Every number is checked against :func:`~.analysis.chances.deal_chances` or
:func:`~.analysis.odds.odds` run here, never written down: the point is that the viewer shows
what those say. The deals are endgames (``Start`` positions of four tricks: a second or
two each) or the last tricks of a full deal (``chance_max_tricks``), which are exact."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import traitlets

from mendikot_replay.analysis.chances import deal_chances
from mendikot_replay.analysis.odds import CardOdds, Chance, Odds, odds
from mendikot_replay.core.cards import Card
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.session import jobs
from mendikot_replay.views.widget import (
    QUIZ_MARGIN,
    Viewer,
    chance_point,
    chance_right,
    quiz_odds_entry,
    replay,
)

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ENDGAMES = SAMPLES / "endgame-cover-or-duck.pmn"
WORKED = SAMPLES / "worked-example.pmn"

# Two tricks left, A to lead: the ace of spades makes sure of the deal; the two of hearts
# leaves it to where the cards lie (the example of analysis/odds.py).
ENDING = """[TrumpMethod "None"]
[Start "trick 12; tens 2-1; tricks 6-5"]
[Hands "A:A.2.. B:T.3.. C:3.4.. D:K.5.."]
[Play "A"]
12. A: AS TS 3S KS
13. A: 2H 3H 4H 5H
"""

WAIT = 120  # seconds: an endgame takes one or two, the machine is shared


def endgame(index: int) -> DealRecord:
    return list(read_deals(ENDGAMES))[index - 1]


def test_nothing_is_worked_out_until_asked() -> None:
    viewer = replay(ENDGAMES)
    assert viewer.chances is False and viewer.quiz_grade == "chances"
    synced = {name for name in viewer.trait_names() if viewer.trait_metadata(name, "sync")}
    assert {"chances", "chance_graph", "quiz_grade", "quiz_odds", "chance_samples"} <= synced
    viewer.go(3)
    assert not viewer._driver.running("chances")
    assert viewer.chance_graph.get("status", "off") == "off" and viewer.quiz_odds == {}


def test_the_graph_is_deal_chances_filled_as_it_goes() -> None:
    record = endgame(2)
    reference = deal_chances(record)
    seen: list[dict[str, Any]] = []
    viewer = Viewer(record)
    viewer.observe(lambda change: seen.append(change["new"]), "chance_graph")
    viewer.chances = True
    assert viewer.wait_chances(WAIT)
    graph = viewer.chance_graph
    assert graph["status"] == "done"
    assert graph["done"] == graph["total"] == len(record.mainline()) == len(reference)
    assert graph["points"] == [chance_point(c) for c in reference]
    assert graph["mistakes"] == [c.ply for c in reference.mistakes]
    assert graph["samples"] == 200 and graph["seed"] == 0
    assert viewer.deal_chances() == reference
    assert viewer.chances_at(3) == reference[2] and viewer.chances_at(0) is None
    assert not viewer._driver.running("chances")  # an idle viewer holds no thread
    # Progressively: the positions count up one by one, the points come a trick at a
    # time (from the end: the last tricks are the quick ones), never going back.
    working = [g for g in seen if g.get("status") == "working"]
    counts = [g["done"] for g in working]
    assert counts == sorted(counts) and len(set(counts)) > 2
    sizes = [len(g["points"]) for g in seen]
    assert sizes == sorted(sizes) and 0 < min(s for s in sizes if s) < len(reference)
    first = next(g for g in seen if g["points"])
    assert first["points"][-1] == graph["points"][-1]  # the end came first


def test_a_point_holds_the_players_view_and_the_double_dummy_values() -> None:
    viewer = Viewer(endgame(1), chances=True, background=False)  # worked out at once
    assert viewer.chance_graph["status"] == "done"
    for point, chance in zip(viewer.chance_graph["points"], viewer.deal_chances(), strict=True):
        assert point["ac_after"] == (chance.after.win if chance.team == "AC" else chance.after.loss)
        assert point["win_before"] == chance.before.win
        assert point["dd_after"] == chance.dd_after and point["dd_before"] == chance.dd_before
        assert point["mistake"] == chance.mistake and point["card"] == str(chance.card)


def test_the_last_tricks_of_a_full_deal_and_the_settings() -> None:
    record = next(iter(read_deals(WORKED)))
    viewer = Viewer(record, chances=True, chance_max_tricks=2)
    assert viewer.wait_chances(WAIT)
    graph = viewer.chance_graph
    assert graph["total"] == 8 and graph["status"] == "done"
    assert graph["points"] == [chance_point(c) for c in deal_chances(record, max_tricks=2)]
    assert [p["ply"] for p in graph["points"]] == list(range(45, 53))
    # Other samples and seed: other chances (an endgame's first positions are sampled).
    duck = endgame(1)
    viewer = Viewer(duck, chances=True, chance_samples=40, chance_seed=5)
    assert viewer.wait_chances(WAIT)
    assert viewer.deal_chances() == deal_chances(duck, samples=40, seed=5)
    assert viewer.chance_graph["samples"] == 40 and viewer.chance_graph["seed"] == 5
    viewer.chance_seed = 6
    assert viewer.wait_chances(WAIT)
    assert viewer.deal_chances() == deal_chances(duck, samples=40, seed=6)
    with pytest.raises(traitlets.TraitError):
        viewer.chance_samples = 0


def test_an_edit_of_the_main_line_starts_the_graph_again() -> None:
    viewer = Viewer(endgame(1), chances=True)
    assert viewer.wait_chances(WAIT)
    before = viewer.chance_graph["points"]
    assert before[0]["card"] == "KS"
    viewer.comment("a note changes no card")
    assert viewer.chance_graph["status"] == "done" and viewer.chance_graph["points"] == before
    viewer.play("9S")  # the variation: C ducks
    assert viewer.chance_graph["points"] == before  # a variation is not the main line
    viewer.promote()  # now it is
    assert viewer.chance_graph["status"] == "working"
    assert viewer.wait_chances(WAIT)
    graph = viewer.chance_graph
    assert graph["status"] == "done" and graph["points"][0]["card"] == "9S"
    assert graph["points"] == [chance_point(c) for c in deal_chances(viewer.record)]
    # The position before C's card is the same: scored once, not again.
    assert graph["points"][0]["win_before"] == before[0]["win_before"]


def test_turning_the_toggle_off_stops_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker is caught at work (a position of a whole deal being scored, which takes a
    minute or more in all); turning the toggle off stops it between worlds."""
    at_work = threading.Event()
    scoring = jobs.ChanceSolver.line

    def line(self: jobs.ChanceSolver, *args: Any, **kwargs: Any) -> Odds:
        at_work.set()
        return scoring(self, *args, **kwargs)

    monkeypatch.setattr(jobs.ChanceSolver, "line", line)
    viewer = replay(WORKED, chances=True)
    assert at_work.wait(WAIT)
    assert viewer.chance_graph["status"] == "working"
    viewer.chances = False
    assert viewer.wait_chances(WAIT)
    assert viewer.chance_graph["status"] == "off" and viewer.chance_graph["points"] == []


def test_the_kernel_is_free_while_the_graph_is_worked_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each position is held until the kernel's thread lets it go, after the calls below
    have come back: scored in the kernel's thread, nobody could let it go."""
    threads: set[str] = set()
    go = threading.Event()
    gave_up: list[bool] = []
    scoring = jobs.ChanceSolver.line

    def line(self: jobs.ChanceSolver, *args: Any, **kwargs: Any) -> Odds:
        threads.add(threading.current_thread().name)
        gave_up.append(not go.wait(WAIT))
        return scoring(self, *args, **kwargs)

    monkeypatch.setattr(jobs.ChanceSolver, "line", line)
    viewer = Viewer(endgame(3), chances=True)
    viewer.go(4).go(6)
    go.set()
    assert viewer.wait_chances(WAIT)
    assert viewer.chance_graph["status"] == "done"
    assert gave_up and not any(gave_up)
    assert threads and threading.current_thread().name not in threads


def test_a_deal_that_cannot_be_scored_says_why() -> None:
    text = ENDGAMES.read_text(encoding="utf-8").split("\n\n[Event")[0]
    viewer = Viewer(text.replace("B:A..T2.", "B:-"), chances=True)
    assert viewer.wait_chances(WAIT)
    graph = viewer.chance_graph
    assert graph["status"] == "unavailable" and "B's hand" in graph["reason"]


# -- the quiz ------------------------------------------------------------------------------


def test_the_quiz_is_graded_by_the_chances_of_the_seat_to_play() -> None:
    record = read_string(ENDING)[0]
    viewer = Viewer(record, quiz_seat="A")
    assert viewer.wait_chances(WAIT)
    entry = viewer.quiz_odds["0"]
    expected = odds(record, after=0)  # A to play, from A's view
    assert entry == {**quiz_odds_entry(expected), "step": 0}
    right = {c["card"] for c in entry["cards"] if c["right"]}
    assert right == {
        str(c) for c, o in expected.cards.items() if expected.best.win - o.win <= QUIZ_MARGIN
    }
    # The answer known: the ace makes sure of the deal, the two of hearts does not.
    assert entry["best"] == "AS" and right == {"AS"}
    assert [c["card"] for c in entry["cards"]] == [str(c) for c in expected.cards]
    assert entry["cards"][0]["dd_text"] is not None
    # Graded by the chances, the quiz asks the double-dummy solver for its own positions
    # only (their grade is shown at once, before the chances come): not the whole line.
    assert viewer.wait_analysis(WAIT)
    assert set(viewer.analysis) == {"0"} and viewer.analysis["0"]["status"] == "solved"


def test_the_quiz_by_the_chances_has_the_solvers_grade_of_each_question_first() -> None:
    record = endgame(1)
    viewer = Viewer(record, step=1, quiz_seat="C")  # C's answer at the start, C's next card
    assert viewer.wait_analysis(WAIT)
    line = viewer._board.line  # card k + 1 of the line is line[k]
    next_turn = next(
        k
        for k in range(1, len(line))
        if viewer.data["steps"][viewer.path[k]]["to_play"] == "C" and line[k].seat == "C"
    )
    # the answer given and the next question, solved: nothing else of the line
    assert set(viewer.analysis) == {"0", str(viewer.path[next_turn])}
    assert all(entry["status"] == "solved" for entry in viewer.analysis.values())


def test_the_quiz_follows_the_line_and_keeps_the_answer_given() -> None:
    record = endgame(1)
    viewer = Viewer(record, quiz_seat="C")
    assert viewer.wait_chances(WAIT)
    assert set(viewer.quiz_odds) == {"0"}  # C's card at the start
    viewer.go(1)  # the answer given: the start is still wanted (it grades it)
    assert viewer.wait_chances(WAIT)
    line = viewer._board.line  # card k + 1 of the line is line[k]
    c_turns = [
        k
        for k in range(1, len(line))
        if viewer.data["steps"][viewer.path[k]]["to_play"] == "C" and line[k].seat == "C"
    ]
    assert set(viewer.quiz_odds) == {"0", str(viewer.path[c_turns[0]])}
    k = c_turns[0]
    there = viewer.quiz_odds[str(viewer.path[k])]
    assert there["cards"] == quiz_odds_entry(odds(record, k))["cards"]
    assert viewer.quiz_odds_at(k) == odds(record, k)


def test_the_double_dummy_grade_is_still_there() -> None:
    viewer = Viewer(endgame(1), quiz_seat="C", quiz_grade="double-dummy")
    assert viewer.wait_analysis(WAIT) and viewer.wait_chances(WAIT)
    assert "0" in viewer.analysis and viewer.quiz_odds == {}
    with pytest.raises(traitlets.TraitError):
        viewer.quiz_grade = "coin"


def _odds_of(wins: dict[str, int], worlds: int = 200) -> Odds:
    rows = {
        Card.parse(card): CardOdds(Card.parse(card), Chance(n, 0, worlds - n, sampled=True))
        for card, n in sorted(wins.items(), key=lambda item: -item[1])
    }
    return Odds(0, 12, "A", "A", exact=False, worlds=10**6, cards=rows, samples=worlds)


def test_the_margin_at_its_edge() -> None:
    # 64% best; 59% is exactly 5 points below (right: in floating point 0.64 - 0.59 is
    # a hair above 0.05), 58.5% is more than 5 below (wrong).
    made = _odds_of({"AS": 128, "KS": 118, "QS": 117, "2H": 20})
    assert chance_right(made, "AS") and chance_right(made, "KS")
    assert not chance_right(made, "QS") and not chance_right(made, "2H")
    assert not chance_right(made, "3C")  # not a card the seat may play
    entry = quiz_odds_entry(made)
    assert [(c["card"], c["right"]) for c in entry["cards"]] == [
        ("AS", True),
        ("KS", True),
        ("QS", False),
        ("2H", False),
    ]
    assert entry["best"] == "AS" and entry["best_win"] == 0.64 and entry["margin"] == QUIZ_MARGIN


def test_the_quizs_entries_follow_their_cards_when_the_tree_changes() -> None:
    viewer = Viewer(endgame(1), step=1, quiz_seat="C")  # C's answer, C's next card
    assert viewer.wait_chances(WAIT)
    kept = [node for node, _ in viewer.session.jobs._quiz_known.values()]
    assert len(viewer.quiz_odds) == len(kept) == 2
    viewer.go(0).play("9S").promote()  # the duck becomes the main line: node ids move
    assert viewer.wait_chances(WAIT)
    board = viewer._board
    for node in kept:
        number = board.id_of(node)
        assert viewer.quiz_odds[str(number)]["step"] == number
