"""The headless session: a deal dealt, played and saved by requests alone, every reply plain
JSON; the slow work in resumable steps that need no thread; nothing scored twice."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from mendikot_replay.analysis import odds as odds_module
from mendikot_replay.analysis.chances import deal_chances
from mendikot_replay.analysis.odds import Odds
from mendikot_replay.analysis.pipeline import Pipeline
from mendikot_replay.core.rules import Rules
from mendikot_replay.players.simulate import simulate
from mendikot_replay.pmn.deal_form import DealForm, today
from mendikot_replay.pmn.entry import DealEntry
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.writer import write_string
from mendikot_replay.session.chance_view import chance_point
from mendikot_replay.session.session import Session

ROOT = Path(__file__).resolve().parent.parent
ENDGAMES = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"

ENDING = """[TrumpMethod "None"]
[Start "trick 11; tens 2-1; tricks 5-5"]
[Hands "A:A.2.5. B:T.3.6. C:3.4.7. D:K.5.8."]
[Play "A"]
11. A: 5D 6D 7D 8D
12. D: KS AS TS 3S
13. A: 2H 3H 4H 5H
"""


def as_json(reply: dict[str, Any]) -> dict[str, Any]:
    """The reply as a ``postMessage`` would carry it: through JSON, unchanged."""
    carried: dict[str, Any] = json.loads(json.dumps(reply))
    assert carried == reply
    return carried


def test_the_session_loads_no_widget_library() -> None:
    code = (
        "import sys, mendikot_replay.session.session as s\n"
        "print(sorted(m for m in ('traitlets', 'anywidget', 'ipywidgets') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "[]"


def test_a_deal_dealt_played_and_saved_by_requests_alone(tmp_path: Path) -> None:
    played = next(simulate(1, seed=7))
    setup = played.setup
    assert setup is not None
    target = tmp_path / "club.pmn"
    entry = DealEntry.new(dealer=setup.dealer, trump_method="Drawn", names={"A": "Asha"})
    session = Session(entry, save_to=target)
    opening = as_json(session.handle({"do": "state"}))["changes"]
    assert opening["recording"] is True and opening["path"] == [0]
    as_json(session.handle({"do": "paste", "text": played.tags["Hands"]}))
    assert not session.dealt  # the trump is still to come
    reply = as_json(session.handle({"do": "trump", "card": played.tags["TrumpCard"]}))
    assert session.dealt and reply["changes"]["notice"]["kind"] == "info"
    for node in played.mainline():
        reply = as_json(session.handle({"do": "play", "card": str(node.card)}))
        assert "notice" not in reply["changes"]  # nothing to say: the card was taken
    reply = as_json(session.handle({"do": "save"}))
    assert reply["changes"]["notice"]["kind"] == "saved" and reply["changes"]["dirty"] is False
    saved = next(iter(read_deals(target)))
    assert [str(n.card) for n in saved.mainline()] == [str(n.card) for n in played.mainline()]
    assert saved.tags["Result"] == played.tags["Result"] and saved.tags["A"] == "Asha"


def test_a_table_s_deals_set_up_by_the_form_one_after_the_other(tmp_path: Path) -> None:
    """The recorder's session: the form (defaults from the file's last deal), the dealing,
    the play, the save, then *Next deal*: the occasion and the names carried over, the
    dealer the rules give, and the next deal appended to the same file."""
    (worked,) = read_deals(ROOT / "sample_games" / "worked-example.pmn")
    assert worked.timeline is not None and worked.timeline.result is not None
    target = tmp_path / "sunday.pmn"
    session = Session(DealForm.for_file(target), save_to=target)
    form = as_json(session.handle({"do": "state"}))["changes"]["data"]["form"]
    assert form["answers"]["date"] == today() and form["answers"]["name A"] == ""
    names = {f"name {s}": worked.tags[s] for s in "ABCD"}
    wrong = as_json(session.handle({"do": "start", "answers": {**names, "players": "5"}}))
    assert "Players: Mendikot is played by 4, 6, 8, 10 or 12" in wrong["changes"]["notice"]["text"]
    assert session.form is not None  # the form stays, to be corrected
    answers = {**names, "event": worked.tags["Event"], "dealer": worked.tags["Dealer"]}
    as_json(session.handle({"do": "start", "answers": answers}))
    assert session.form is None and session.entry is not None
    session.handle({"do": "paste", "text": worked.tags["Hands"]})
    session.handle({"do": "trump", "suit": worked.tags["Trump"]})
    for node in worked.mainline():
        session.handle({"do": "play", "card": str(node.card)})
    reply = as_json(session.handle({"do": "next_deal"}))["changes"]
    assert reply["notice"]["kind"] == "saved"  # the deal was saved on the way
    form = reply["data"]["form"]
    assert form["answers"]["dealer"] == Rules().next_dealer(
        worked.tags["Dealer"], worked.timeline.result
    )
    assert form["answers"]["event"] == worked.tags["Event"]
    assert form["answers"]["name C"] == worked.tags["C"]
    assert session.state["dirty"] is False and session.state["analysis"] == {}
    session.handle({"do": "start", "answers": {}})  # every answer as carried over
    session.handle({"do": "paste", "text": worked.tags["Hands"]})
    session.handle({"do": "trump", "suit": "H"})
    session.handle({"do": "save"})
    first, second = read_deals(target)
    assert [str(n.card) for n in first.mainline()] == [str(n.card) for n in worked.mainline()]
    assert first.tags["Result"] == worked.tags["Result"]
    assert second.tags["Dealer"] == form["answers"]["dealer"]
    assert second.tags["C"] == worked.tags["C"] and second.tags["Trump"] == "H"


def test_next_deal_is_for_a_deal_recorded_here() -> None:
    session = Session(read_string(ENDING)[0])
    changes = as_json(session.handle({"do": "next_deal"}))["changes"]
    assert "comes after a deal recorded on this board" in changes["notice"]["text"]
    assert session.dealt


def test_a_refused_request_changes_nothing_and_says_why() -> None:
    session = Session(
        ENDING.replace("11. A: 5D 6D 7D 8D\n12. D: KS AS TS 3S\n13. A: 2H 3H 4H 5H\n", "")
    )
    before = dict(session.state)
    for request in (
        {"do": "play", "card": "KS"},  # not A's card
        {"do": "play", "card": 7},  # not text
        {"do": "follow", "path": "0,1", "step": 1},
        {"do": "option", "name": "chance_samples", "value": 10**9},
        {"do": "nothing-such"},
    ):
        changes = as_json(session.handle(request))["changes"]
        assert changes["notice"]["kind"] == "error"
        assert {k: v for k, v in session.state.items() if k != "notice"} == {
            k: v for k, v in before.items() if k != "notice"
        }


def test_the_solver_values_come_in_steps_with_no_thread() -> None:
    record = list(read_deals(ENDGAMES))[2]
    session = Session(record, analyse=True)
    threads = threading.active_count()
    steps = 0
    while session.work("analysis"):
        steps += 1
        assert len(session.state["analysis"]) == steps  # one position a step
    assert threading.active_count() == threads
    assert steps == len(session.board.nodes)
    other = Session(record)
    for k in range(len(session.board.line) + 1):
        assert session.state["analysis"][str(k)] == other.analysis_at(k)


def test_the_graph_fills_card_by_card_from_the_end() -> None:
    """From the last card back; a card whose worlds are sampled (here the first trick's,
    from a Start position) is first looked at with a quarter of them, so that the whole
    graph is drawn early; then those cards are made precise, from the end again, and the
    graph ends as the deal's chances worked out at once."""
    record = read_string(ENDING)[0]
    cards = len(record.mainline())
    session = Session(record, chances=True)
    steps = []
    while session.work("chances"):
        graph = session.state["chance_graph"]
        plies = [p["ply"] for p in graph["points"]]
        assert plies == list(range(cards - len(plies) + 1, cards + 1))
        glanced = [p["ply"] for p in graph["points"] if p["glance"]]
        assert graph["glanced"] == len(glanced)
        steps.append((len(plies), graph["done"], glanced))
    sampled = [c.ply for c in deal_chances(record) if not c.odds.exact]
    assert sampled  # the test needs cards with sampled worlds
    # the first pass: one more point a step, those of sampled cards not counted as done
    first_pass = [(n, n - len([p for p in sampled if p > cards - n])) for n in range(1, cards + 1)]
    assert [(n, d) for n, d, _ in steps[:cards]] == first_pass
    assert steps[cards - 1][2] == sampled  # every card drawn; the sampled ones at a glance
    refined = [sorted(p for p in sampled if p < k) for k in reversed(sampled)]
    assert [g for _, _, g in steps[cards:]] == refined
    graph = session.state["chance_graph"]
    assert graph["status"] == "done" and graph["done"] == cards and graph["glanced"] == 0
    assert graph["points"] == [chance_point(c) for c in deal_chances(record)]


def test_a_task_whose_result_would_be_dropped_stops_and_is_dropped() -> None:
    session = Session(read_string(ENDING)[0], chances=True)
    task = session.next_task("chances")
    assert task is not None and task.kind == "graph"
    session.set_option("chance_seed", 3)  # other chances: the task's would be stale
    session.finish(task.run())
    assert task.interrupted
    assert session.state["chance_graph"]["done"] == 0


def test_a_stop_between_steps_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each position is scored once: at a first look, which is all an exact one needs, and a
    sampled one once more, in full."""
    solved: list[tuple[int, bool]] = []
    real = odds_module.OddsSolver.line

    def counting(self: odds_module.OddsSolver, *args: Any, **kwargs: Any) -> Odds:
        solved.append((len(args[1]), kwargs.get("glance", False)))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(odds_module.OddsSolver, "line", counting)
    record = read_string(ENDING)[0]
    session = Session(record, chances=True)
    assert session.work("chances") and session.work("chances")
    session.set_option("chances", False)  # the user looks away: the work stops here
    assert session.next_task("chances") is None
    session.set_option("chances", True)
    while session.work("chances"):
        pass
    assert session.state["chance_graph"]["status"] == "done"
    assert len(set(solved)) == len(solved)  # no position asked twice the same way
    assert sorted(after for after, glance in solved if glance) == list(range(12))
    full = sorted(after for after, glance in solved if not glance)
    sampled = [c.ply - 1 for c in deal_chances(record) if not c.odds.exact]
    assert full == sampled  # and those with sampled worlds once more, in full


def test_annotating_from_the_board_is_the_command_line_s_pipeline() -> None:
    record = list(read_deals(ENDGAMES))[1]
    session = Session(record, max_tricks=3)
    changes = as_json(session.handle({"do": "annotate"}))["changes"]
    assert changes["dirty"] is True and changes["notice"]["kind"] == "info"
    same = list(read_deals(ENDGAMES))[1]
    assert Pipeline(max_tricks=3).annotate(same)[0]
    assert write_string([session.record]) == write_string([same])
    again = as_json(session.handle({"do": "annotate"}))["changes"]
    assert "Added 0 points to the deal" in again["notice"]["text"]


def test_a_session_with_one_chance_thread_starts_none(monkeypatch: pytest.MonkeyPatch) -> None:
    """A browser's worker has no threads to start: with ``chance_threads=1`` the worlds are
    solved on the thread that steps the task, and the chances are the same."""
    pools: list[int] = []

    class Counted(ThreadPoolExecutor):
        def __init__(self, workers: int) -> None:
            pools.append(workers)
            super().__init__(workers)

    monkeypatch.setattr(odds_module, "ThreadPoolExecutor", Counted)
    record = read_string(ENDING)[0]
    expected = [chance_point(c) for c in deal_chances(record)]
    pools.clear()
    for threads in (1, 2):
        session = Session(record, chances=True, chance_threads=threads)
        while session.work("chances"):
            pass
        assert session.state["chance_graph"]["points"] == expected
        # one thread: no pool at all; two: a pool of two for each position searched
        assert set(pools) == (set() if threads == 1 else {2})


@pytest.mark.parametrize(
    ("threads", "error"), [(0, ValueError), (True, TypeError), ("2", TypeError)]
)
def test_chance_threads_is_a_positive_whole_number(threads: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="chance_threads"):
        Session(read_string(ENDING)[0], chance_threads=threads)  # type: ignore[arg-type]
