"""The session as the static site's worker drives it (``views/worker.py``), here in CPython:
JSON in and out, the slow work in steps, saving in the worker's own folder, and a recording
kept as a draft after every card and taken up again."""

from __future__ import annotations

import json
from pathlib import Path

from mendikot_replay.pmn.link import link_fragment, read_fragment
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.views.worker import WorkerBoard

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "sample_games" / "worked-example.pmn"


def test_a_file_is_opened_stepped_analysed_and_saved(tmp_path: Path) -> None:
    board = WorkerBoard(tmp_path)
    text = WORKED.read_text(encoding="utf-8")
    opened = json.loads(board.open(text, "../../etc/worked.pmn"))["changes"]
    assert opened["board"] is True and opened["file"] == "worked.pmn"
    assert (tmp_path / "worked.pmn").read_text(encoding="utf-8") == text  # no way out
    assert board.work() is None  # nothing asked for: nothing to do
    (worked,) = read_deals(WORKED)
    step = 40  # before trick 11: D leads, with a choice
    moved = json.loads(board.handle(json.dumps({"do": "go", "step": step})))["changes"]
    assert moved["step"] == step
    played = worked.mainline()[step].card
    other = next(c for c in worked.position(step).legal_cards() if c != played)
    board.handle(json.dumps({"do": "option", "name": "analyse", "value": True}))
    steps = 0
    while (done := board.work()) is not None:
        steps += 1
        assert "analysis" in json.loads(done)["changes"]
    assert steps >= 1
    board.handle(json.dumps({"do": "play", "card": str(other)}))  # a variation
    assert board.draft() == ""  # not a recording: nothing to keep as a draft
    saved = json.loads(board.handle(json.dumps({"do": "save"})))["changes"]
    assert saved["notice"]["kind"] == "saved"
    assert board.name() == "worked.pmn"
    (back,) = read_string(board.text())
    alternatives = back.mainline()[step - 1].variations  # the cards tried after card 40
    assert [str(n.card) for n in alternatives] == [str(played), str(other)]


def test_a_bad_message_is_answered_not_raised(tmp_path: Path) -> None:
    board = WorkerBoard(tmp_path)
    assert json.loads(board.handle('{"do": "go"}'))["error"] == "no deal is open"
    board.open(WORKED.read_text(encoding="utf-8"), "w.pmn")
    assert "not JSON" in json.loads(board.handle("{oops"))["error"]
    refused = json.loads(board.handle(json.dumps({"do": "play", "card": "XX"})))
    assert refused["changes"]["notice"]["kind"] == "error"


def test_a_recording_is_kept_as_a_draft_and_taken_up_again(tmp_path: Path) -> None:
    (worked,) = read_deals(WORKED)
    board = WorkerBoard(tmp_path)
    form = json.loads(board.record("games.pmn"))["changes"]["data"]["form"]
    assert form["answers"]["players"] == "4"
    names = {f"name {s}": worked.tags[s] for s in "ABCD"}
    board.handle(json.dumps({"do": "start", "answers": {**names, "dealer": "D"}}))
    board.handle(json.dumps({"do": "paste", "text": worked.tags["Hands"]}))
    board.handle(json.dumps({"do": "trump", "suit": "S"}))
    for node in worked.mainline()[:5]:
        board.handle(json.dumps({"do": "play", "card": str(node.card)}))
    draft = board.draft()
    (kept,) = read_string(draft)
    assert [str(n.card) for n in kept.mainline()] == [str(n.card) for n in worked.mainline()[:5]]
    # the tab closed: a new worker takes the deal up again, at its last card, recording
    again = WorkerBoard(tmp_path / "again")
    state = json.loads(again.resume("games.pmn", "", draft))["changes"]
    assert state["recording"] is True and state["step"] == 5
    again.handle(json.dumps({"do": "play", "card": str(worked.mainline()[5].card)}))
    again.handle(json.dumps({"do": "save"}))
    assert again.draft() == ""  # saved: no draft to keep
    (saved,) = read_string(again.text())
    assert [str(n.card) for n in saved.mainline()] == [str(n.card) for n in worked.mainline()[:6]]
    assert saved.tags["Result"] == "*" and saved.tags["A"] == "Asha"


def test_every_byte_of_the_file_is_kept(tmp_path: Path) -> None:
    """The page hands the worker the file's bytes: a byte that is not UTF-8, in a deal the
    save does not touch, comes back as it was; the saved deal carries its change."""
    worked = WORKED.read_bytes()
    other = b'\n[Event "Caf\xe9 night"]\n[Dealer "B"]\n[TrumpMethod "None"]\n*\n'
    board = WorkerBoard(tmp_path)
    board.open(worked + other, "mixed.pmn")
    board.handle(json.dumps({"do": "comment", "text": "tried in the page"}))
    board.handle(json.dumps({"do": "save"}))
    saved = board.data()
    assert saved.endswith(other)  # the other deal, byte for byte
    assert b"tried in the page" in saved[: -len(other)]
    assert "\ufffd" in board.text()  # the text kept in the browser's storage says so


def test_recording_into_the_file_opened_goes_after_its_deals(tmp_path: Path) -> None:
    board = WorkerBoard(tmp_path)
    text = WORKED.read_text(encoding="utf-8")
    board.open(text, "club.pmn")
    form = json.loads(board.record("club.pmn"))["changes"]["data"]["form"]
    assert form["answers"]["name C"] == "Chetan"  # carried over from the file's last deal
    board.handle(json.dumps({"do": "start", "answers": {}}))
    board.handle(json.dumps({"do": "paste", "text": read_string(text)[0].tags["Hands"]}))
    board.handle(json.dumps({"do": "trump", "suit": "H"}))
    board.handle(json.dumps({"do": "save"}))
    assert board.data().startswith(text.encode("utf-8"))  # the file's own deal, untouched
    assert len(read_string(board.text())) == 2


def test_a_link_opens_the_same_deal_at_the_same_card(tmp_path: Path) -> None:
    sender = WorkerBoard(tmp_path / "sender")
    sender.open(WORKED.read_bytes(), "w.pmn")
    sender.handle(json.dumps({"do": "go", "step": 10}))
    fragment = sender.link()
    assert "&line=" not in fragment  # on the main line: the card number says it all
    receiver = WorkerBoard(tmp_path / "receiver")
    shown = json.loads(receiver.open_link("#" + fragment))["changes"]
    sent = json.loads(sender.handle('{"do": "state"}'))["changes"]
    assert shown["step"] == 10 and shown["data"] == sent["data"]
    # the link's own text, kept under a name of ours (a link names no file of the person's)
    kept = tmp_path / "receiver" / "shared-deals.pmn"
    assert [p.name for p in (tmp_path / "receiver").iterdir()] == [kept.name]
    assert kept.read_text(encoding="utf-8") == read_fragment(fragment).text
    receiver.handle(json.dumps({"do": "save"}))
    (saved,) = read_string((tmp_path / "receiver" / "shared-deals.pmn").read_text(encoding="utf-8"))
    (worked,) = read_deals(WORKED)
    assert [str(n.card) for n in saved.mainline()] == [str(n.card) for n in worked.mainline()]


def test_a_link_to_a_card_in_a_variation_opens_in_that_variation(tmp_path: Path) -> None:
    (worked,) = read_deals(WORKED)
    sender = WorkerBoard(tmp_path / "sender")
    sender.open(WORKED.read_bytes(), "w.pmn")
    step = 40
    sender.handle(json.dumps({"do": "go", "step": step}))
    played = worked.mainline()[step].card
    other = next(c for c in worked.position(step).legal_cards() if c != played)
    sender.handle(json.dumps({"do": "play", "card": str(other)}))
    fragment = sender.link()
    assert f".{other}&check=" in fragment and f"&at={step + 1}&line=" in fragment
    receiver = WorkerBoard(tmp_path / "receiver")
    receiver.open_link(fragment)
    assert receiver.session is not None and sender.session is not None
    assert receiver.session.line == sender.session.line
    assert not receiver.session.board.at_main_line
    assert receiver.session.state["dirty"] is False  # the variation was in the link's deal


def test_a_bad_link_says_so_and_leaves_the_board_as_it_was(tmp_path: Path) -> None:
    board = WorkerBoard(tmp_path)
    board.open(WORKED.read_bytes(), "w.pmn")
    reply = json.loads(board.open_link("deal=%3Cscript%3Ealert(1)%3C/script%3E"))
    assert reply["error"].startswith("This link cannot be opened: the link's deal is damaged")
    assert board.name() == "w.pmn" and [p.name for p in tmp_path.iterdir()] == ["w.pmn"]


def test_a_damaged_link_is_refused_and_an_unchecked_one_opens_with_a_note(
    tmp_path: Path,
) -> None:
    text = WORKED.read_text(encoding="utf-8")
    fragment = link_fragment(text, at=9)
    board = WorkerBoard(tmp_path)
    board.open(WORKED.read_bytes(), "w.pmn")
    damaged = json.loads(board.open_link(fragment.replace("at=9", "at=8")))
    assert damaged["error"].startswith("This link cannot be opened: the link is damaged")
    assert board.name() == "w.pmn"  # the board as it was
    checked = json.loads(board.open_link(fragment))
    assert "note" not in checked and checked["changes"]["step"] == 9
    old = json.loads(board.open_link(fragment.split("&check=")[0]))
    assert old["note"].startswith("This link is from before links carried a check")
    assert old["changes"]["step"] == 9


def test_a_link_with_errors_shows_the_readers_error_with_its_place(tmp_path: Path) -> None:
    text = WORKED.read_text(encoding="utf-8").replace("[Dealer ", "[Dealer Z", 1)
    board = WorkerBoard(tmp_path)
    shown = json.loads(board.open_link(link_fragment(text)))["changes"]
    (record,) = read_string(text)
    assert record.errors  # the reader's own error, with its line and column, on the board
    problem = record.errors[0]
    assert problem.line is not None and problem.col is not None
    assert shown["data"]["error"] == f"line {problem.line}, col {problem.col}: {problem.message}"


def test_a_file_of_several_deals_lists_them_and_opens_the_one_chosen(tmp_path: Path) -> None:
    endgames = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"
    records = list(read_deals(endgames))
    board = WorkerBoard(tmp_path)
    board.open(endgames.read_bytes(), "endgames.pmn")
    listed = json.loads(board.deals())
    assert [d["deal"] for d in listed] == list(range(1, len(records) + 1))
    assert [d["open"] for d in listed] == [True] + [False] * (len(records) - 1)
    assert listed[2]["label"] == f"3. {records[2].tags['Event']}"
    shown = json.loads(board.choose(3))["changes"]
    assert shown["data"]["title"] == records[2].tags["Event"]
    assert [d["open"] for d in json.loads(board.deals())][2] is True
    refused = json.loads(board.choose(len(records) + 1))
    assert f"there is no deal {len(records) + 1}" in refused["error"]
    assert board.session is not None and board.session.file.index == 3  # the board stayed
