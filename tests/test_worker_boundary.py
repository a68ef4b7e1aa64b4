"""The worker's one boundary (``views/worker.py``), in CPython: every message the page can
send — a shared link's fragment, an address's numbers, a tampered draft, two tabs saving into
one kept file — ends in the board or in one plain sentence, never a traceback, and no deal
is dropped."""

from __future__ import annotations

import json
import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mendikot_replay.pmn.link import link_fragment
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.views import worker as worker_module
from mendikot_replay.views.worker import UNEXPECTED, WorkerBoard

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "sample_games" / "worked-example.pmn"
ENDGAMES = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"


def answer(reply: str | None) -> dict[str, Any]:
    """A reply of the board: JSON, with its changes, and an error that is one plain line."""
    assert reply is not None
    parsed: dict[str, Any] = json.loads(reply)
    assert "changes" in parsed
    error = parsed.get("error")
    if error is not None:
        assert isinstance(error, str) and error and "\n" not in error
        assert "Traceback" not in error and 'File "' not in error
    return parsed


def test_a_link_of_several_deals_opens_all_and_save_keeps_all(tmp_path: Path) -> None:
    text = ENDGAMES.read_text(encoding="utf-8")
    count = len(read_string(text))
    assert count > 2
    board = WorkerBoard(tmp_path)
    shown = answer(board.open_link(link_fragment(text, at=0)))["changes"]
    assert shown["file"] == "shared-deals.pmn"
    listed = json.loads(board.deals())
    assert [d["deal"] for d in listed] == list(range(1, count + 1))
    answer(board.choose(3))
    answer(board.handle(json.dumps({"do": "comment", "text": "seen in class"})))
    saved = answer(board.handle(json.dumps({"do": "save"})))["changes"]
    assert saved["notice"]["kind"] == "saved"
    back = read_string(board.text())
    assert len(back) == count  # every deal of the link, the third one commented
    assert back[2].comments or any(n.comments for n in back[2].mainline())
    assert [r.tags for i, r in enumerate(back) if i != 2] == [
        r.tags for i, r in enumerate(read_string(text)) if i != 2
    ]


@pytest.mark.parametrize("number", ["1e400", "\u0661", "-1", "0", "", " 2", "2.0", True, 1.5])
def test_a_deal_number_that_is_not_a_whole_number_gets_a_sentence(
    number: object, tmp_path: Path
) -> None:
    board = WorkerBoard(tmp_path)
    refused = answer(board.open(WORKED.read_bytes(), "w.pmn", number))
    assert "the deal number" in refused["error"] and "is not a whole number" in refused["error"]
    assert board.session is None  # nothing opened
    answer(board.open(WORKED.read_bytes(), "w.pmn", "1"))
    assert "is not a whole number" in answer(board.choose(number))["error"]
    assert board.session is not None and board.session.file.index == 1  # the board stayed


def test_a_link_with_an_unknown_pmn_version_gets_the_readers_sentence(tmp_path: Path) -> None:
    text = "% PMN 9.0\n" + WORKED.read_text(encoding="utf-8").split("\n", 1)[1]
    refused = answer(WorkerBoard(tmp_path).open_link(link_fragment(text)))
    assert refused["error"].startswith("This link cannot be opened:")
    assert "9.0" in refused["error"]


class JsNull:
    """What Pyodide hands Python for JavaScript's ``null`` (not ``None``)."""


def test_recording_into_the_file_opened_takes_javascripts_null_as_no_text(
    tmp_path: Path,
) -> None:
    board = WorkerBoard(tmp_path)
    answer(board.open(WORKED.read_bytes(), "club.pmn"))
    form = answer(board.record("club.pmn", JsNull()))["changes"]["data"]["form"]
    assert form["answers"]["name A"] == "Asha"  # the form, carried over from the file


def test_anything_unforeseen_is_one_sentence_with_the_detail_for_the_console(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug deep inside")

    board = WorkerBoard(tmp_path)
    monkeypatch.setattr(worker_module, "Session", broken)
    refused = answer(board.open(WORKED.read_bytes(), "w.pmn"))
    assert refused["error"] == UNEXPECTED
    assert "RuntimeError: a bug deep inside" in refused["detail"]


@pytest.mark.parametrize(
    "draft",
    ["", "not a deal at all", '[Dealer "Q"]\n1. A: ZZ', '% PMN 7.0\n[Event "x"]\n', "\x00\ud800"],
)
def test_a_tampered_draft_is_refused_with_a_sentence(draft: str, tmp_path: Path) -> None:
    board = WorkerBoard(tmp_path)
    answer(board.open(WORKED.read_bytes(), "w.pmn"))
    reply = answer(board.resume("games.pmn", b"", draft))
    if "error" in reply:
        assert board.name() == "w.pmn"  # the board as it was
    else:  # read leniently: the reader's errors are on the board, as a file's are
        assert reply["changes"]["data"]


def _record_one(board: WorkerBoard, name: str, base: bytes, hands: str) -> None:
    answer(board.record(name, base))
    answer(board.handle(json.dumps({"do": "start", "answers": {}})))
    answer(board.handle(json.dumps({"do": "paste", "text": hands})))
    answer(board.handle(json.dumps({"do": "trump", "suit": "H"})))


def test_two_tabs_saving_into_one_kept_file_keep_both_deals(tmp_path: Path) -> None:
    """Each tab read the kept file when it began; the second to save is handed the file as
    the first left it, and adds its deal to it."""
    base = WORKED.read_bytes()
    (worked,) = read_deals(WORKED)
    first, second = WorkerBoard(tmp_path / "one"), WorkerBoard(tmp_path / "two")
    _record_one(first, "games.pmn", base, worked.tags["Hands"])
    _record_one(second, "games.pmn", base, worked.tags["Hands"])
    answer(first.handle(json.dumps({"do": "comment", "text": "first tab"})))
    answer(second.handle(json.dumps({"do": "comment", "text": "second tab"})))
    answer(first.save())
    kept = first.data()
    assert kept.startswith(base)
    answer(second.save(kept))
    both = second.data()
    assert both.startswith(kept)  # every byte the first tab kept, then the second's deal
    records = read_string(both.decode("utf-8"))
    assert len(records) == 3
    assert "first tab" in both.decode() and "second tab" in both.decode()


# -- fuzz: what a link or an address can hold ---------------------------------------------------
FRAGMENT_PIECES = st.sampled_from(
    [
        "deal=",
        "at=",
        "line=",
        "&",
        "=",
        "#",
        "%",
        "%25",
        "%D9%A1",
        "1e400",
        "-1",
        "\u0661",
        "TS.^TQS",
        "99999",
        "qwAA",
        link_fragment('[Dealer "A"]\n').split("&")[0],
        "\x00",
    ]
)
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(pieces=st.lists(FRAGMENT_PIECES | st.text(string.printable, max_size=8), max_size=8))
def test_any_fragment_ends_in_a_board_or_a_sentence(
    pieces: list[str], tmp_path_factory: Any
) -> None:
    board = WorkerBoard(tmp_path_factory.mktemp("fuzz"))
    answer(board.open_link("".join(pieces)))


@FUZZ
@given(number=st.one_of(st.text(max_size=12), st.integers(), st.booleans(), st.floats(), st.none()))
def test_any_deal_number_ends_in_a_board_or_a_sentence(
    number: object, tmp_path_factory: Any
) -> None:
    board = WorkerBoard(tmp_path_factory.mktemp("fuzz"))
    answer(board.open(b"", "empty.pmn", number))
    answer(board.choose(number))


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        ({"do": "go", "step": True}, "step"),
        ({"do": "go", "step": False}, "step"),
        ({"do": "nag", "nag": True}, "nag"),
        ({"do": "uncomment", "index": False}, "index"),
        ({"do": "follow", "path": [0, True], "step": 1}, "path"),
    ],
)
def test_a_request_field_that_must_be_a_number_refuses_true_and_false(
    request_: dict[str, Any], field: str, tmp_path: Path
) -> None:
    board = WorkerBoard(tmp_path)
    answer(board.open(WORKED.read_bytes(), "w.pmn"))
    answer(board.handle(json.dumps({"do": "go", "step": 3})))
    notice = answer(board.handle(json.dumps(request_)))["changes"]["notice"]
    assert notice["kind"] == "error"
    assert notice["text"].startswith(f"the page sent {field} = ")
    assert "nothing was done" in notice["text"]
    assert board.session is not None and board.session.step == 3  # the board did not move


def test_a_failing_step_of_the_slow_work_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The worker's loop steps the slow work between messages: a step that fails answers with
    the sentence (and the page's loop stops there), it does not raise into the loop."""
    board = WorkerBoard(tmp_path)
    answer(board.open(WORKED.read_bytes(), "w.pmn"))
    assert board.session is not None

    def broken(lane: str) -> bool:
        raise RuntimeError("a solver step failed")

    monkeypatch.setattr(board.session, "work", broken)
    refused = answer(board.work())
    assert refused["error"] == UNEXPECTED and "a solver step failed" in refused["detail"]
