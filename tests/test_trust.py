"""Nothing lost, round two: each class of silent loss or hostile input found by probing the
saves, the page's requests and the terminal, with a test that failed before its fix.

* a viewer saves into the very file it read, not whatever its name leads to now;
* two saves of one file take turns (a save held up just before its move makes the other
  wait), so neither overwrites the other;
* no command writes over its own input; a device or a named pipe is written to as a
  stream, never replaced;
* text a file cannot hold (half an emoji, a byte that is not UTF-8, a non-string) is
  refused where it comes in;
* a page saves only inside the deal's folder, and a malformed request is a notice;
* user text and file names reach a terminal with their control characters made visible;
* the options that could hang or exhaust the machine are refused at once.
"""

from __future__ import annotations

import io
import os
import stat
import subprocess
import sys
import tempfile
import textwrap
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE

from mendikot_replay.cli.app import main
from mendikot_replay.errors import FileChangedError, SaveError, TextError
from mendikot_replay.pmn import files
from mendikot_replay.pmn.editing import add_comment, save_deal
from mendikot_replay.pmn.entry import DealEntry, EntryError
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.writer import write_string

anywidget = pytest.importorskip("anywidget")  # the viewer's tests need the notebook extra

from mendikot_replay.views.widget import Viewer, new_deal  # noqa: E402

DEAL = FORMAT_EXAMPLE.split("\n", 1)[1]
OTHER = POSITION_EXAMPLE


def pmn_file(path: Path, *deals: str) -> Path:
    path.write_text("% PMN 1.0\n" + "\n".join(d.rstrip("\n") + "\n" for d in deals))
    return path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- §1.1 a save goes into the file that was read -------------------------------------------------
def test_a_viewer_saves_into_the_file_it_read_after_a_change_of_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    mine = pmn_file(tmp_path / "a" / "club.pmn", DEAL)
    theirs = pmn_file(tmp_path / "b" / "club.pmn", OTHER)
    untouched = theirs.read_bytes()
    monkeypatch.chdir(tmp_path / "a")
    viewer = Viewer("club.pmn", background=False)
    monkeypatch.chdir(tmp_path / "b")  # %cd in the notebook
    viewer.go(3).comment("mine, not theirs")
    assert viewer.save() == mine
    assert theirs.read_bytes() == untouched
    assert "mine, not theirs" in mine.read_text()
    viewer.reload()  # read again from its own file too
    assert "mine, not theirs" in viewer.record.mainline()[2].comments


def test_a_viewer_saves_into_the_file_it_read_after_its_link_is_pointed_elsewhere(
    tmp_path: Path,
) -> None:
    mine = pmn_file(tmp_path / "mine.pmn", DEAL)
    theirs = pmn_file(tmp_path / "theirs.pmn", OTHER)
    untouched = theirs.read_bytes()
    link = tmp_path / "current.pmn"
    link.symlink_to(mine)
    viewer = Viewer(link, background=False)
    link.unlink()
    link.symlink_to(theirs)
    viewer.go(3).comment("into the file that was read")
    viewer.save()
    assert theirs.read_bytes() == untouched
    assert "into the file that was read" in mine.read_text()


def test_a_viewer_refuses_to_save_when_its_file_is_gone(tmp_path: Path) -> None:
    path = pmn_file(tmp_path / "club.pmn", DEAL)
    viewer = Viewer(path, background=False)
    path.unlink()
    viewer.go(3).comment("where would this go?")
    with pytest.raises(SaveError, match="that file is gone"):
        viewer.save()
    assert not path.exists()


def test_a_viewer_refuses_to_save_into_a_replaced_file_without_its_deal(tmp_path: Path) -> None:
    path = pmn_file(tmp_path / "club.pmn", DEAL)
    viewer = Viewer(path, background=False)
    replacement = pmn_file(tmp_path / "other.pmn", OTHER)
    os.replace(replacement, path)  # someone moved another file over it
    untouched = path.read_bytes()
    viewer.go(3).comment("not into someone else's deal 1")
    with pytest.raises(FileChangedError):
        viewer.save()
    assert path.read_bytes() == untouched


def test_a_new_deal_is_saved_where_its_name_led_when_it_was_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    monkeypatch.chdir(tmp_path / "a")
    viewer = new_deal(path="new.pmn", trump_method="None", background=False)
    monkeypatch.chdir(tmp_path / "b")
    viewer.paste(read_string(DEAL)[0].tags["Hands"])
    viewer.save()
    assert (tmp_path / "a" / "new.pmn").exists() and not (tmp_path / "b" / "new.pmn").exists()


# -- §1.2 two saves of one file take turns ---------------------------------------------------
HELD_SAVE = textwrap.dedent(
    """
    import os, sys
    from mendikot_replay.pmn.editing import add_comment, save_deal
    from mendikot_replay.pmn.reader import read_deals

    real = os.replace

    def held(source, target):
        print("moving", flush=True)
        sys.stdin.readline()  # held up just before the move, until told to go on
        real(source, target)

    os.replace = held
    record = list(read_deals(sys.argv[1]))[0]
    add_comment(record, 1, "the first saver's comment")
    save_deal(sys.argv[1], 1, record)
    """
)


@pytest.mark.timeout(300)
def test_a_save_held_up_before_its_move_makes_the_other_save_wait(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = pmn_file(tmp_path / "club.pmn", DEAL, DEAL.replace('"Thursday club"', '"Friday"'))
    first = subprocess.Popen(
        [sys.executable, "-c", HELD_SAVE, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert first.stdin is not None and first.stdout is not None
    try:
        assert first.stdout.readline() == b"moving\n"
        # While it holds the lock, a save that will not wait gives up and writes nothing.
        before = path.read_bytes()
        refused = pytest.raises(SaveError, match="another save of it has not finished")
        with refused, files.save_lock(path, wait=0):
            pass
        assert path.read_bytes() == before

        moved_on = threading.Event()  # the second save waits for the lock, or has finished
        monkeypatch.setattr(files, "_waiting", lambda target: moved_on.set())
        failed: list[BaseException] = []

        def second() -> None:
            try:
                record = list(read_deals(path))[1]
                add_comment(record, 1, "the second saver's comment")
                save_deal(path, 2, record)
            except BaseException as exc:  # pragma: no cover - reported below
                failed.append(exc)
            finally:
                moved_on.set()

        saver = threading.Thread(target=second)
        saver.start()
        assert moved_on.wait(120)
        first.stdin.write(b"go on\n")
        first.stdin.close()
        assert first.wait(120) == 0
        saver.join(120)
    finally:
        if first.poll() is None:  # pragma: no cover
            first.kill()
    assert not failed, failed
    text = path.read_text()
    assert "the first saver's comment" in text and "the second saver's comment" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.pmn"]  # no lock file left


def test_the_save_lock_is_reentrant_and_leaves_no_file(tmp_path: Path) -> None:
    path = pmn_file(tmp_path / "club.pmn", DEAL)
    with files.save_lock(path), files.save_lock(path):
        assert (tmp_path / ".club.pmn.mr-lock").exists()
        record = next(iter(read_deals(path)))
        add_comment(record, 2, "saved while the lock is held")
        save_deal(path, 1, record)  # takes the same lock again
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.pmn"]


# -- §1.3 no command writes over its own input ---------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["html", "{file}"],
        ["html", "{file}", "-o", "{file}"],
        ["format", "{file}", "-o", "{link}"],
        ["annotate", "{file}", "-o", "{file}"],
        ["analyse", "{file}", "-o", "{link}", "--max-tricks", "1"],
        ["diagram", "{file}", "-o", "{file}"],
    ],
)
def test_no_command_writes_over_its_own_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    path = pmn_file(tmp_path / "deals.html", DEAL)  # PMN under an unlucky name
    link = tmp_path / "hard-link.pmn"
    os.link(path, link)
    before = path.read_bytes()
    code, _, err = run(capsys, *(a.format(file=path, link=link) for a in argv))
    assert code == 2
    assert "is the input file" in err and "never written over" in err
    assert path.read_bytes() == before


# -- §1.4 devices and pipes are streams ----------------------------------------------------------
@pytest.mark.timeout(120)
def test_output_to_a_named_pipe_or_a_device_is_a_stream(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = pmn_file(tmp_path / "club.pmn", OTHER)
    expected = write_string(read_deals(source)).encode()
    pipe = tmp_path / "out.pmn"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()))
    reader.start()
    code, _, err = run(capsys, "format", str(source), "-o", str(pipe))
    reader.join(60)
    assert code == 0, err
    assert got == [expected]
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    # Only once a pipe is shown to be written as a stream: the system's own null device.
    null = tmp_path / "null.pmn"
    null.symlink_to(os.devnull)
    code, _, err = run(capsys, "format", str(source), "-o", str(null))
    assert code == 0, err
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)
    assert save_deal(null, None, read_deals(source).__next__()) == 1
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


# -- §1.5 the recorder never drops a deal for a bad answer ---------------------------------------
def test_the_recorder_refuses_an_answer_that_is_not_utf8_and_keeps_the_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from test_cli_record import DEAL as TYPED
    from test_cli_record import TRICKS, expected_text

    lines = [line.encode() for line in TYPED]
    at = len(TYPED) - len(TRICKS)
    lines.insert(0, b"Thursday \xff club")  # the Event, typed in another encoding
    lines.insert(at + 1, b"1" * 5000 + b". TH KH AH 2H")  # a trick number no int() takes
    data = b"".join(line + b"\n" for line in lines)
    strict = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    monkeypatch.setattr(sys, "stdin", strict)
    path = tmp_path / "club.pmn"
    code, out, err = run(capsys, "record", str(path))
    assert code == 0, out + err
    assert "Not taken: that answer holds bytes that are not UTF-8 text" in out
    assert "Not taken: 11111111… is not a trick number" in out
    assert path.read_text(encoding="utf-8") == expected_text()


def test_the_recorder_echoes_piped_answers_with_control_characters_visible() -> None:
    from mendikot_replay.cli.record import PlainConsole

    out = io.StringIO()
    console = PlainConsole(io.StringIO("Asha\x1b]0;pwned\x07\n"), out, echo=True)
    assert console.ask("Name: ") == "Asha\x1b]0;pwned\x07"
    assert out.getvalue() == "Name: Asha\\x1b]0;pwned\\x07\n"


# -- §1.6 and §2: text that cannot be saved, and wrong types, are refused where they enter ---
def test_half_an_emoji_is_refused_in_a_comment_and_a_tag() -> None:
    record = read_string(DEAL)[0]
    before = write_string([record])
    with pytest.raises(TextError, match="half of a character"):
        add_comment(record, 1, "nice \ud83d")
    assert write_string([record]) == before
    with pytest.raises(EntryError, match="half of a character"):
        new_deal(event="club \ud83d")
    record.tags["Event"] = "set from Python \ud83d"
    with pytest.raises(TextError, match="deal 1"):
        write_string([record])


@pytest.mark.parametrize("value", [b"A", 5, None, ["A"], 2.5])
def test_the_entry_refuses_what_is_not_text_with_its_own_error(value: Any) -> None:
    for call in (
        lambda: DealEntry.new(event=value) if value is not None else DealEntry.new(event=b"x"),  # type: ignore[arg-type]
        lambda: DealEntry.new(names={"A": value}),
        lambda: DealEntry.new().give(value),
        lambda: DealEntry.new().select(value),
        lambda: DealEntry.new().paste(value),
        lambda: DealEntry.position(trick=1, leader=value, trump_method="None"),
        lambda: new_deal(trump_method=value),
        lambda: new_deal(path=value) if value is not None else new_deal(path=5),  # type: ignore[arg-type]
    ):
        with pytest.raises(EntryError):
            call()


def board_request(viewer: Viewer, **content: Any) -> dict[str, Any]:
    """Send one request as the page would, and return the notice it left."""
    viewer._on_message(None, content, None)
    return dict(viewer.notice)


@pytest.mark.parametrize(
    "content",
    [
        {"do": "nag", "nag": None},
        {"do": "nag", "nag": float("inf")},
        {"do": "nag", "nag": "20"},
        {"do": "uncomment", "index": [0]},
        {"do": "comment", "text": "x", "index": 1.5},
        {"do": "comment", "text": ["x"]},
        {"do": "comment", "text": "half \ud83d"},
        {"do": "play", "card": 5},
        {"do": "play", "card": "KS", "ask": "yes"},
        {"do": "glyph", "glyph": 1},
        {"do": "save_as", "path": None},
        {"do": "save_as", "path": {"x": 1}},
    ],
)
def test_a_malformed_request_is_a_notice_and_changes_nothing(
    tmp_path: Path, content: dict[str, Any]
) -> None:
    path = pmn_file(tmp_path / "club.pmn", DEAL)
    viewer = Viewer(path, background=False).go(3)
    before = write_string([viewer.record])
    notice = board_request(viewer, **content)
    assert notice["kind"] == "error" and notice["text"], notice
    assert write_string([viewer.record]) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.pmn"]


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("{outside}/evil.pmn", "only inside the deal's folder"),
        ("../evil.pmn", "only inside the deal's folder"),
        ("sub/../../evil.pmn", "only inside the deal's folder"),
        ("run.sh", "not a PMN file"),
        ("out.pmn", "leads out of the deal's folder"),
        ("", "give the name"),
        ("club.pmn", "this deal's own file"),
    ],
)
def test_the_page_saves_only_inside_the_deal_s_folder(tmp_path: Path, typed: str, why: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    outside = tmp_path / "outside.pmn"
    outside.write_text("#!/bin/sh\n")
    (home / "out.pmn").symlink_to(outside)  # a link that leads out of the folder
    path = pmn_file(home / "club.pmn", DEAL)
    viewer = Viewer(path, background=False).go(3)
    viewer.comment("\ncurl example | sh")
    notice = board_request(viewer, do="save_as", path=typed.format(outside=tmp_path))
    assert notice["kind"] == "error" and why in notice["text"], notice
    assert outside.read_text() == "#!/bin/sh\n"
    assert not (tmp_path / "evil.pmn").exists()


def test_the_page_saves_a_copy_inside_the_folder(tmp_path: Path) -> None:
    path = pmn_file(tmp_path / "club.pmn", DEAL)
    viewer = Viewer(path, background=False).go(3)
    viewer.comment("a copy")
    notice = board_request(viewer, do="save_as", path=" copy.pmn ")
    assert notice["kind"] == "saved", notice
    assert "a copy" in (tmp_path / "copy.pmn").read_text()
    assert "a copy" not in path.read_text()


# -- §2: what reaches a terminal -----------------------------------------------------------------
def test_analyse_shows_the_event_tag_with_its_control_characters_visible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert '[Event "Endgame: cover or duck?"]' in OTHER
    hostile = OTHER.replace("Endgame: cover or duck?", "Club\x1b]0;pwned\x07\x1b[2J")
    path = pmn_file(tmp_path / "club.pmn", hostile)
    code, out, err = run(capsys, "analyse", str(path))
    assert code in (0, 1), err
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "Club\\x1b]0;pwned\\x07\\x1b[2J" in out


@pytest.mark.parametrize("command", ["validate", "format --check", "html", "show"])
def test_file_names_with_control_characters_are_shown_visible(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    path = tmp_path / "evil\x1b[2J.pmn"
    path.write_text('% PMN 1.0\n[Hands "A:AS"]\n1. A: XX\n')  # a deal with errors
    argv = [*command.split(), str(path)]
    if command == "html":
        argv += ["-o", str(tmp_path / "page.html")]
    if command == "show":
        argv += ["--deal", "5"]  # no such deal: the error names the file
    code, out, err = run(capsys, *argv)
    assert code in (0, 1, 2)
    assert "\x1b" not in out + err
    assert "evil\\x1b[2J.pmn" in out + err


# -- §2: options that could hang or exhaust the machine -------------------------------------------
@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["validate", "--scheduler", "http://127.0.0.1:8787", "{file}"], "dashboard"),
        (["validate", "--scheduler", "tcp://[::1", "{file}"], "IPv6"),
        (["validate", "--scheduler", "tcp://127.0.0.1:port", "{file}"], "not a Dask scheduler"),
        (["validate", "--workers", "100000", "{file}"], "at most"),
        (["odds", "--threads", "100000", "{file}"], "at most"),
        (["odds", "--samples", str(10**9), "{file}"], "at most 100,000"),
        (["odds", "--max-worlds", str(10**9), "{file}"], "at most 100,000"),
    ],
)
def test_options_past_the_machine_are_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    path = pmn_file(tmp_path / "club.pmn", OTHER)
    with pytest.raises(SystemExit) as exited:
        main([a.format(file=path) for a in argv])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


JUNK = st.one_of(
    st.binary(max_size=30),
    st.text(max_size=30).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.sampled_from(
        [b"undo", b"end", b"show", b"help", b"quit", b"9" * 5000 + b".", b"\x1b[2J", b"TH KH"]
    ),
)


@settings(max_examples=40, deadline=None)
@given(junk=st.lists(JUNK, max_size=12), at=st.integers(min_value=0, max_value=30))
def test_the_recorder_takes_any_answers_without_a_traceback(junk: list[bytes], at: int) -> None:
    """Whatever is typed, wherever (among the answers of a real deal): the recorder answers
    with a message, and what it saves reads back without an error."""
    from test_cli_record import DEAL as TYPED

    from mendikot_replay.cli.record import PlainConsole, record_deals

    lines = [line.encode() for line in TYPED]
    lines[at:at] = [line.replace(b"\n", b" ").replace(b"\r", b" ") for line in junk]
    data = b"".join(line + b"\n" for line in lines)
    source = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8", errors="strict")
    out = io.StringIO()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "club.pmn"
        status = record_deals(str(path), PlainConsole(source, out, echo=True), out)
        assert status in (0, 1)
        if path.exists():
            assert all(not deal.errors for deal in read_deals(path)), out.getvalue()


ACTIONS = ["play", "best", "back", "undo", "promote", "delete", "comment", "uncomment"]
ACTIONS += ["glyph", "nag", "give", "take", "select", "paste", "trump", "save_as", "nonsense"]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["KS", "9S", "!", "A", "..", "/etc/x.pmn", "\ud83d"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)


@settings(max_examples=60, deadline=None)
@given(
    action=st.sampled_from(ACTIONS),
    fields=st.dictionaries(
        st.sampled_from(["card", "ask", "text", "index", "glyph", "nag", "on", "seat", "path"]),
        JSON_VALUES,
        max_size=4,
    ),
    at=JSON_VALUES,
)
def test_no_request_escapes_the_handler(action: str, fields: dict[str, Any], at: Any) -> None:
    """Whatever a page sends, the kernel gets no exception: the request is carried out or
    refused with a notice; its own file is not written, and nothing but a .pmn copy is
    made in its folder."""
    with tempfile.TemporaryDirectory() as folder:
        path = pmn_file(Path(folder) / "club.pmn", DEAL)
        before = path.read_bytes()
        viewer = Viewer(path, background=False).go(3)
        viewer._on_message(None, {"do": action, "at": at, **fields}, None)
        assert path.read_bytes() == before
        assert all(p.suffix == ".pmn" for p in Path(folder).iterdir())  # a copy at most


SAVER = textwrap.dedent(
    """
    import sys
    from mendikot_replay.pmn.editing import add_comment, save_deal
    from mendikot_replay.pmn.reader import read_deals

    path, deal, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for k in range(rounds):
        record = list(read_deals(path))[deal - 1]
        add_comment(record, 1 + k % 20, f"saver {deal} round {k}")
        save_deal(path, deal, record)
    """
)


@pytest.mark.timeout(300)
def test_two_processes_saving_their_deals_of_one_file_lose_nothing(tmp_path: Path) -> None:
    """The probe that found the race: two processes save their own deal of one file over and
    over. Every comment each of them saved is in the file at the end."""
    rounds = 40
    path = pmn_file(tmp_path / "club.pmn", DEAL, DEAL.replace('"Thursday club"', '"Friday"'))
    savers = [
        subprocess.Popen([sys.executable, "-c", SAVER, str(path), str(deal), str(rounds)])
        for deal in (1, 2)
    ]
    assert [saver.wait(240) for saver in savers] == [0, 0]
    first, second = read_deals(path)
    for number, record in ((1, first), (2, second)):
        said = {c for node in record.mainline() for c in node.comments if c.startswith("saver")}
        assert said == {f"saver {number} round {k}" for k in range(rounds)}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.pmn"]
