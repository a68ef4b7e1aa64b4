"""The viewer's "analyse" toggle, Python side: the solver's entries in the payload
(``session.payload.analysis_entry``), computed lazily by the widget (only while the toggle is on,
on a worker thread so the kernel stays free), and embedded by the static page."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from pmn_examples import DUCK

from mendikot_replay.core.engine import Game
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.session.payload import (
    PURE_PYTHON_MAX_TRICKS,
    analysis_entry,
    analysis_view,
    default_max_tricks,
)
from mendikot_replay.solver import search as solver_module
from mendikot_replay.solver.search import Solution, Solver, tricks_left, value_text
from mendikot_replay.views.html import deal_html, page_html
from mendikot_replay.views.widget import Viewer, replay

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
ENDGAMES = SAMPLES / "endgame-cover-or-duck.pmn"


def _endgames() -> list[DealRecord]:
    return list(read_deals(ENDGAMES))


@pytest.mark.parametrize("index", range(4))
def test_entries_are_the_solvers_values(index: int) -> None:
    """Every step of every sample endgame: the position's value and each legal card's
    value are the solver's, ``keeps`` is "equals the position's value"; no other card."""
    record = _endgames()[index]
    shared = Solver("outcome")
    reference = Solver("outcome")
    for k in range(len(record.mainline()) + 1):
        entry = analysis_entry(record, k, shared)
        game = record.position(k)
        solution = reference.solve(game)
        assert entry["step"] == k
        assert entry["status"] == ("over" if game.finished else "solved")
        assert entry["tricks_left"] == tricks_left(game)
        assert entry["to_play"] == game.to_play
        assert entry["value"] == solution.value
        assert entry["text"] == value_text(solution.value)
        legal = {str(c) for c in game.legal_cards()} if not game.finished else set()
        assert set(entry["cards"]) == legal
        for card, value in solution.cards.items():
            assert entry["cards"][str(card)] == {
                "value": value,
                "text": value_text(value),
                "keeps": value == solution.value,
            }
        # The sample endgames' main lines play the right card every time.
        assert (entry["played"] is None) == game.finished
        if entry["played"] is not None:
            assert entry["played"]["keeps"] and entry["played"]["better"] is None
        assert json.loads(json.dumps(entry)) == entry


def test_the_first_endgame_has_a_red_card() -> None:
    entry = analysis_entry(_endgames()[0], 0, Solver())
    assert entry["to_play"] == "C" and entry["text"] == "AC win"
    assert entry["cards"]["KS"] == {"value": 1, "text": "AC win", "keeps": True}
    assert entry["cards"]["9S"] == {"value": -1, "text": "BD win", "keeps": False}


def test_a_mistake_names_the_played_card_and_a_better_one() -> None:
    record = read_string(DUCK)[0]
    solver = Solver()
    entry = analysis_entry(record, 0, solver)
    assert entry["played"] == {
        "card": "9S",
        "asked": False,
        "seat": "C",
        "value": -1,
        "text": "BD win",
        "keeps": False,
        "better": "KS",
        "better_asks": False,
    }
    after = analysis_entry(record, 1, solver)
    assert after["text"] == "BD win" and after["to_play"] == "D"
    # B/D's side: B's ace of spades at step 5 would hand the deal back (red for B).
    five = analysis_entry(record, 5, solver)
    assert five["to_play"] == "B" and five["value"] == -1
    assert five["cards"]["AS"]["keeps"] is False and five["cards"]["AS"]["text"] == "AC win"
    assert five["cards"]["2D"]["keeps"] is True


def test_too_early_positions_are_not_searched() -> None:
    record = next(iter(read_deals(SAMPLES / "worked-example.pmn")))
    solver = Solver()
    entry = analysis_entry(record, 0, solver, max_tricks=5)
    assert entry["status"] == "too-early"
    assert entry["tricks_left"] == 13 and entry["max_tricks"] == 5
    assert entry["cards"] == {} and entry["value"] is None and entry["to_play"] == "A"
    assert solver.nodes == 0
    late = analysis_entry(record, 48, solver, max_tricks=5)
    assert late["status"] == "solved" and late["tricks_left"] == 1


def test_a_position_with_an_unknown_hand_says_why() -> None:
    text = DUCK.replace("B:A..T2.", "B:-").split("10. B:")[0]
    record = read_string(text)[0]
    entry = analysis_entry(record, 0, Solver())
    assert entry["status"] == "unavailable"
    assert "every hand" in entry["reason"]


def test_default_max_tricks_follows_the_compiled_core(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_module, "COMPILED", False, raising=False)
    assert default_max_tricks() == PURE_PYTHON_MAX_TRICKS
    monkeypatch.setattr(solver_module, "COMPILED", True, raising=False)
    assert default_max_tricks() == 13


def test_the_viewer_solves_nothing_until_the_toggle_is_on() -> None:
    viewer = replay(ENDGAMES)
    assert viewer.analyse is False
    assert viewer.analysis == {} and not viewer._driver.running("analysis")
    synced = {name for name in viewer.trait_names() if viewer.trait_metadata(name, "sync")}
    assert {"analyse", "analysis"} <= synced
    viewer.go(3)
    assert viewer.analysis == {}


def test_in_the_foreground_each_step_shown_is_solved() -> None:
    viewer = replay(ENDGAMES, analyse=True, background=False)
    assert set(viewer.analysis) == {"0"}
    viewer.go(2)
    assert set(viewer.analysis) == {"0", "2"}
    assert viewer.analysis["2"]["cards"]["TC"]["keeps"] is True
    assert viewer.analysis["2"]["cards"]["AD"]["keeps"] is False
    assert viewer.analysis_at(2) is viewer.analysis["2"]
    viewer.analyse = False
    viewer.go(4)
    assert set(viewer.analysis) == {"0", "2"}  # off: nothing more is solved


def test_the_worker_solves_the_step_shown_then_the_deal() -> None:
    viewer = replay(ENDGAMES, deal=4, step=3)
    assert viewer.analysis == {}
    viewer.analyse = True
    assert viewer.wait_analysis(60)
    steps = len(viewer.data["steps"])  # the main line and every variation's cards
    assert sorted(viewer.analysis, key=int) == [str(k) for k in range(steps)]
    assert not viewer._driver.running("analysis")  # an idle viewer holds no thread
    record = viewer.record
    assert viewer.analysis == analysis_view(record)


class _HeldSolver(Solver):
    """A solver that waits, before each position, until the test lets it go on (``go``),
    and notes the thread it runs in and whether it was let go or gave up waiting."""

    def __init__(self) -> None:
        super().__init__("outcome")
        self.threads: set[str] = set()
        self.go = threading.Event()
        self.gave_up = False

    def solve(self, position: Any) -> Solution:
        self.threads.add(threading.current_thread().name)
        if not self.go.wait(120):  # only the kernel's own thread could never be let go
            self.gave_up = True
        assert isinstance(position, Game)
        return super().solve(position)


def test_the_kernel_is_not_blocked_while_the_solver_works() -> None:
    """The solver is held until the kernel's thread lets it go, after the calls below have
    come back: were it solving in the kernel's thread, nobody could let it go."""
    held = _HeldSolver()
    viewer = Viewer(DUCK, analyse=True, solver=held)
    viewer.go(2)
    held.go.set()
    assert viewer.wait_analysis(60)
    assert not held.gave_up
    assert held.threads and threading.current_thread().name not in held.threads
    assert viewer.analysis["0"]["played"]["keeps"] is False


class _BrokenSolver(Solver):
    def solve(self, position: Any) -> Solution:
        raise RuntimeError("core dumped")


def test_a_failing_solver_is_reported_not_left_pending() -> None:
    viewer = Viewer(DUCK, analyse=True, solver=_BrokenSolver())
    assert viewer.wait_analysis(60)
    entry = viewer.analysis["0"]
    assert entry["status"] == "unavailable" and "core dumped" in entry["reason"]


def test_the_static_page_embeds_the_values() -> None:
    record = read_string(DUCK)[0]
    page = page_html([record], analyse=True)
    assert '"analysis":{' in page
    # The script-free summary names the mistake.
    assert "<strong>Double-dummy</strong>" in page and "AC win → BD win" in page
    assert "kept it" in page
    plain = page_html([record])
    assert '"analysis":{' not in plain and "<strong>Double-dummy</strong>" not in plain
    assert '"analysis":{' not in deal_html(record)
    assert '"analysis":{' in deal_html(record, analyse=True)
    worked = page_html(read_deals(SAMPLES / "worked-example.pmn"), analyse=True, max_tricks=2)
    assert '"status":"too-early"' in worked and '"status":"solved"' in worked


def test_a_viewer_opened_at_a_step_solves_that_step_first() -> None:
    """The step on screen first, then on to the end of the deal, then back to the start
    (a viewer opened at a late card must not wait for the solver to do the first ones)."""
    viewer = Viewer(DUCK, step=5, analyse=True)
    assert viewer.wait_analysis(60)
    solved = [viewer._board.id_of(node) for node, _ in viewer.session.jobs._solved.values()]
    assert solved[:16] == [5, *range(6, 16), *range(4, -1, -1)]
    # then the variations' cards, which the move list lets the user step to
    assert sorted(solved[16:]) == list(range(16, len(viewer.data["steps"])))
