"""The command list: every request declared once, and everything made of it agrees with it."""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest

from mendikot_replay.session import modes
from mendikot_replay.session.commands import COMMANDS, REQUIRED, Command, describe
from mendikot_replay.session.deal_file import DealFile
from mendikot_replay.session.options import OPTIONS
from mendikot_replay.session.session import Session
from mendikot_replay.views.widget import Viewer

ROOT = Path(__file__).resolve().parent.parent
EXPORTED = ROOT / "mendikot_replay" / "views" / "static" / "requests.json"
SAMPLE = ROOT / "sample_games" / "worked-example.pmn"

OWNERS: dict[str, type] = {
    "session": Session,
    "file": DealFile,
    "form": modes.SetUp,
    "dealing": modes.Dealing,
    "board": modes.Playing,
}


def test_the_page_s_copy_of_the_list_is_current() -> None:
    """views/static/requests.json is the list as it is (scripts/write_requests.py)."""
    assert json.loads(EXPORTED.read_text(encoding="utf-8")) == describe(), (
        "run .venv/bin/python scripts/write_requests.py"
    )


@pytest.mark.parametrize("command", COMMANDS.values(), ids=lambda c: c.name)
def test_each_command_s_method_takes_its_fields(command: Command) -> None:
    method = getattr(OWNERS[command.part], command.method)
    parameters = inspect.signature(method).parameters
    for field in command.fields:
        assert (field.param or field.name) in parameters, f"{command.name}: {field.name}"


@pytest.mark.parametrize(
    "command", [c for c in COMMANDS.values() if c.python], ids=lambda c: c.name
)
def test_the_widget_s_method_is_made_of_the_command(command: Command) -> None:
    method = getattr(Viewer, command.python)
    signature = inspect.signature(method)
    names = [p for p in signature.parameters if p != "self"]
    assert names == [f.param or f.name for f in command.fields]
    for field in command.fields:
        parameter = signature.parameters[field.param or field.name]
        expected = inspect.Parameter.empty if field.default is REQUIRED else field.default
        assert parameter.default == expected
    assert method.__doc__ and command.doc[:20].lower() in method.__doc__.lower()


def test_the_widget_s_traits_are_the_options() -> None:
    viewer = Viewer(SAMPLE, background=False)
    for name, option in OPTIONS.items():
        assert viewer.traits()[name].metadata.get("sync") is True
        assert getattr(viewer, name) == option.default


WRONG: dict[str, Any] = {
    "text": 7,
    "number": "seven",
    "numbers": [1, "2"],
    "flag": "yes",
    "answers": ["not", "an", "object"],
}


@pytest.mark.parametrize(
    ("command", "field"),
    [(c, f) for c in COMMANDS.values() for f in c.fields if f.kind != "value"],
    ids=lambda x: getattr(x, "name", ""),
)
def test_a_field_of_the_wrong_type_is_refused_and_named(command: Command, field: Any) -> None:
    session = Session(SAMPLE, step=3)
    before = {k: v for k, v in session.state.items() if k != "notice"}
    right = {"text": "", "number": 0, "numbers": [0], "flag": True, "answers": {}, "value": 1}
    content = {f.name: right[f.kind] for f in command.fields}
    session.request({**content, "do": command.name, field.name: WRONG[field.kind]})
    notice = session.state["notice"]
    assert notice["kind"] == "error"
    assert field.name in notice["text"] or "answers" in notice["text"]
    assert {k: v for k, v in session.state.items() if k != "notice"} == before


def test_numbers_and_texts_have_limits() -> None:
    session = Session(SAMPLE, step=3)
    session.request({"do": "go", "step": 10**30})
    assert "not a whole number from 0 to" in session.state["notice"]["text"]
    session.request({"do": "comment", "text": "x" * 100_001})
    assert "more than 100,000" in session.state["notice"]["text"]
    session.request({"do": "nag", "nag": 256})
    assert "from 0 to 255" in session.state["notice"]["text"]
    assert session.step == 3 and not session.state["dirty"]


def test_an_unknown_request_is_named() -> None:
    session = Session(SAMPLE)
    session.request({"do": "fly"})
    assert session.state["notice"]["text"] == "the board does not know 'fly'"


def test_a_request_in_the_wrong_mode_says_what_comes_first() -> None:
    from mendikot_replay.pmn.entry import DealEntry

    session = Session(DealEntry.new(dealer="D", trump_method="None"))
    session.request({"do": "play", "card": "AS"})
    assert "deal the hands first" in session.state["notice"]["text"]
    session = Session(SAMPLE)
    session.request({"do": "give", "card": "AS"})
    assert "the hands are dealt already" in session.state["notice"]["text"]
