"""Nothing is lost on writing: every class of data loss found by probing the writers.

A PMN file is often the only record of someone's games. Reading was already safe; these
tests are about writing — ``format``, ``annotate --in-place``, ``analyse --in-place`` and
``Viewer.save()`` — and about files that change, or are links, or read-only, or left
behind by a killed save. Each test states the loss it guards against; each failed before
the fix it came with.
"""

from __future__ import annotations

import io
import os
import signal
import stat
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE

from mendikot_replay.cli.app import main
from mendikot_replay.errors import FileChangedError, MendikotError, SaveError
from mendikot_replay.pmn.editing import add_comment, save_deal
from mendikot_replay.pmn.files import SaveNotice
from mendikot_replay.pmn.lines import MAX_DEAL_CHARS, MAX_DEAL_LINES
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import PMNError
from mendikot_replay.pmn.writer import write_string

GOOD = FORMAT_EXAMPLE.split("\n", 1)[1].encode()  # the example deal without its header
#: A deal that is fine but not canonical (Start before Hands): format rewrites it.
SLOPPY = POSITION_EXAMPLE.encode()


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def deals_of(path: Path) -> list[bytes]:
    """Each deal's bytes as the reader cuts the file (a deal too long to hold: its span)."""
    data = path.read_bytes()
    out = []
    for record in read_deals(path, check=False):
        assert record.span is not None
        out.append(data[record.span[0] : record.span[1]])
    return out


def file_of(tmp_path: Path, *deals: bytes, name: str = "club.pmn") -> Path:
    path = tmp_path / name
    path.write_bytes(
        b"% PMN 1.0\n" + b"\n".join(d if d.endswith(b"\n") else d + b"\n" for d in deals)
    )
    return path


# -- 1. a deal above the reader's size limits -------------------------------------------------
def long_comment_deal(chars: int) -> bytes:
    """A complete deal whose comment alone is ``chars`` characters long."""
    return GOOD.replace(b"{ A drops", b"{ " + b"x" * chars + b" A drops")


def many_lines_deal(lines: int) -> bytes:
    return GOOD.replace(b"{ A drops", b"{ " + b"line\n" * lines + b"A drops")


@pytest.fixture(params=["chars", "lines"])
def oversized(request: pytest.FixtureRequest) -> bytes:
    if request.param == "chars":
        return long_comment_deal(MAX_DEAL_CHARS + 10)
    return many_lines_deal(MAX_DEAL_LINES + 10)


def test_an_oversized_deal_is_reported_and_kept_by_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], oversized: bytes
) -> None:
    path = file_of(tmp_path, SLOPPY, oversized, SLOPPY)
    code, out, err = run(capsys, "format", str(path))
    assert code == 0, err
    assert "reformatted" in out
    assert "deal 2: kept as written" in err
    after = deals_of(path)
    assert len(after) == 3
    assert after[1] == oversized  # byte for byte
    assert after[0] != SLOPPY  # the others were formatted, as asked
    code, out, _ = run(capsys, "validate", str(path))
    assert "3 deals, 1 with errors" in out
    assert run(capsys, "format", "--check", str(path))[0] == 0  # and formatting is stable


@pytest.mark.parametrize("command", ["annotate", "analyse"])
def test_an_oversized_deal_survives_in_place_rewrites(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    big = long_comment_deal(MAX_DEAL_CHARS + 10)
    path = file_of(tmp_path, GOOD, big)
    extra = ["--max-tricks", "2"] if command == "analyse" else []
    code, _, err = run(capsys, command, "--in-place", str(path), *extra)
    assert code in (0, 1), err
    after = deals_of(path)
    assert len(after) == 2 and after[1] == big
    assert after[0] != GOOD  # the good deal did get its annotations


def test_an_oversized_deal_survives_a_viewer_save(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from mendikot_replay.views.widget import Viewer

    big = long_comment_deal(MAX_DEAL_CHARS + 10)
    path = file_of(tmp_path, big, GOOD)
    viewer = Viewer(path, deal=2, background=False)
    viewer.go(3).comment("saved beside a giant")
    viewer.save()
    after = deals_of(path)
    assert after[0] == big
    assert b"saved beside a giant" in after[1]


def test_an_oversized_deal_that_cannot_be_copied_back_refuses_the_write(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """From standard input the deal's bytes are gone once read: nothing is written."""
    big = long_comment_deal(MAX_DEAL_CHARS + 10)
    data = b"% PMN 1.0\n" + GOOD + b"\n" + big
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    out = tmp_path / "out.pmn"
    code, _, err = run(capsys, "format", "-", "-o", str(out))
    assert code == 1
    assert "deal 2 (line" in err and "nothing was written" in err
    assert "Traceback" not in err
    assert not out.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []
    with pytest.raises(SaveError, match="not read from a file"):
        write_string(read_deals(io.BytesIO(data)))


# -- 2. bytes that are not UTF-8 ----------------------------------------------------------------
LATIN1 = GOOD.replace(b'[A "Asha"]', b'[A "Jos\xe9"]')


def test_latin1_bytes_survive_format_and_stay_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = file_of(tmp_path, LATIN1, SLOPPY)
    code, _, err = run(capsys, "format", str(path))
    assert code == 0
    assert "invalid UTF-8" in err
    assert deals_of(path)[0] == LATIN1
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1
    assert ":7:8: deal 1: error: invalid UTF-8" in out  # still reported, at its place


def test_latin1_bytes_survive_saving_another_deal(tmp_path: Path) -> None:
    path = file_of(tmp_path, LATIN1, GOOD)
    record = list(read_deals(path))[1]
    add_comment(record, 2, "a note on the other deal")
    save_deal(path, 2, record)
    after = deals_of(path)
    assert after[0] == LATIN1
    assert b"a note on the other deal" in after[1]


def test_crlf_and_stdout_keep_the_bytes_of_a_broken_deal(
    tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    broken = LATIN1.replace(b"\n", b"\r\n")
    path = file_of(tmp_path, broken)
    assert main(["format", str(path), "-o", "-"]) == 0
    assert broken in capfdbinary.readouterr().out


def test_save_never_rewrites_an_untouched_deal(tmp_path: Path) -> None:
    """Saving one deal copies every other byte: a sloppy neighbour stays sloppy."""
    path = file_of(tmp_path, SLOPPY, GOOD, b"% a note for another program\n" + SLOPPY)
    before = path.read_bytes()
    record = list(read_deals(path))[1]
    add_comment(record, 4, "kept")
    save_deal(path, 2, record)
    after = path.read_bytes()
    head = before[: before.index(GOOD)]
    assert after.startswith(head)
    assert after.endswith(b"\n% a note for another program\n" + SLOPPY)


# -- 3. a % line in the middle of a file ------------------------------------------------------
def test_a_version_line_after_a_deal_is_ignored(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = file_of(tmp_path, GOOD, b"% PMN 2.0\n" + GOOD, b"%\n% PMN 9.9\n" + GOOD)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0, out
    assert "3 deals, 0 with errors" in out


def test_only_the_first_line_gives_the_version(tmp_path: Path) -> None:
    path = tmp_path / "new.pmn"
    path.write_bytes(b"% PMN 2.0\n" + GOOD)
    with pytest.raises(PMNError, match="newer major version"):
        list(read_deals(path))


# -- 4. the file changed on disk since it was loaded -------------------------------------------
def other_deal(event: str) -> bytes:
    return GOOD.replace(b"Thursday club", event.encode())


def test_a_deal_inserted_above_is_kept_and_the_save_finds_its_deal(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from mendikot_replay.views.widget import Viewer

    path = file_of(tmp_path, other_deal("one"), other_deal("two"), other_deal("three"))
    viewer = Viewer(path, deal=2, background=False)
    viewer.go(4).comment("my note on two")
    inserted = other_deal("inserted")
    data = path.read_bytes()
    path.write_bytes(data.replace(b"[Event", inserted + b"\n[Event", 1))  # above deal 1
    with pytest.warns(SaveNotice, match="deal 3 now"):
        viewer.save()
    after = deals_of(path)
    assert after[:2] == [inserted, other_deal("one")]
    assert b"two" in after[2] and b"my note on two" in after[2]
    assert after[3] == other_deal("three")
    assert viewer.index == 3
    viewer.comment("and a second one")  # saving again finds it at once
    with warnings.catch_warnings():
        warnings.simplefilter("error", SaveNotice)
        viewer.save()
    assert b"and a second one" in deals_of(path)[2]


def test_a_comment_added_on_disk_to_the_same_deal_refuses_the_save(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from mendikot_replay.views.widget import Viewer

    path = file_of(tmp_path, other_deal("one"), other_deal("two"))
    viewer = Viewer(path, deal=2, background=False)
    viewer.go(4).comment("mine")
    theirs = path.read_bytes().replace(b"2. C: JS", b"2. C: JS { theirs }")
    path.write_bytes(theirs)
    with pytest.raises(
        FileChangedError, match=r"deal 2 .*changed in the file.*Nothing was written"
    ):
        viewer.save()
    assert path.read_bytes() == theirs
    assert viewer.dirty
    with pytest.raises(MendikotError, match="not saved"):
        viewer.reload()
    viewer.reload(discard=True)
    assert not viewer.dirty
    assert "theirs" in viewer.record.mainline()[4].comments


def test_identical_deals_in_a_changed_file_refuse_the_save(tmp_path: Path) -> None:
    path = file_of(tmp_path, other_deal("same"), other_deal("same"))
    record = list(read_deals(path))[1]
    add_comment(record, 1, "which one?")
    path.write_bytes(path.read_bytes() + b"\n" + other_deal("appended"))
    with pytest.raises(FileChangedError, match="2 of its deals now read exactly"):
        save_deal(path, 2, record)


def test_an_unchanged_file_with_twin_deals_saves_the_one_asked(tmp_path: Path) -> None:
    path = file_of(tmp_path, other_deal("same"), other_deal("same"))
    record = list(read_deals(path))[1]
    add_comment(record, 1, "the second twin")
    assert save_deal(path, 2, record) == 2
    after = deals_of(path)
    assert after[0] == other_deal("same") and b"the second twin" in after[1]


def test_a_file_changed_while_formatting_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mendikot_replay.pmn import writer as pmn_writer

    path = file_of(tmp_path, SLOPPY, SLOPPY)
    real = pmn_writer.deal_bytes
    appended = b"\n" + other_deal("written meanwhile")

    def slow(record: object) -> bytes:
        with open(path, "ab") as handle:  # someone appends while format works
            handle.write(appended)
        monkeypatch.setattr(pmn_writer, "deal_bytes", real)
        return real(record)  # type: ignore[arg-type]

    monkeypatch.setattr(pmn_writer, "deal_bytes", slow)
    before = path.read_bytes()
    with pytest.raises(FileChangedError, match="changed on disk while it was being rewritten"):
        pmn_writer.write_file(path, read_deals(path))
    assert path.read_bytes() == before + appended


# -- 5. links, modes, owners, read-only files, interrupted saves ---------------------------------
def test_format_through_a_symbolic_link_writes_its_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = file_of(tmp_path, SLOPPY, name="real.pmn")
    link = tmp_path / "link.pmn"
    link.symlink_to(real.name)
    assert run(capsys, "format", str(link))[0] == 0
    assert link.is_symlink() and os.readlink(link) == "real.pmn"
    assert real.read_bytes() != b"% PMN 1.0\n" + SLOPPY
    assert run(capsys, "format", "--check", str(real))[0] == 0


def test_a_save_keeps_hard_links_mode_and_owner(tmp_path: Path) -> None:
    path = file_of(tmp_path, GOOD, GOOD)
    twin = tmp_path / "twin.pmn"
    os.link(path, twin)
    os.chmod(path, 0o640)
    owner = (path.stat().st_uid, path.stat().st_gid)
    if os.geteuid() == 0:
        owner = (1234, 5678)
        os.chown(path, *owner)
    inode = path.stat().st_ino
    record = next(iter(read_deals(path)))
    add_comment(record, 1, "seen by both names")
    save_deal(path, 1, record)
    info = path.stat()
    assert info.st_ino == inode and info.st_nlink == 2
    assert b"seen by both names" in twin.read_bytes()
    assert stat.S_IMODE(info.st_mode) == 0o640
    assert (info.st_uid, info.st_gid) == owner
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_replaced_file_keeps_mode_and_owner(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = file_of(tmp_path, SLOPPY)
    os.chmod(path, 0o604)
    if os.geteuid() == 0:
        os.chown(path, 4321, 8765)
    owner = (path.stat().st_uid, path.stat().st_gid)
    inode = path.stat().st_ino
    assert run(capsys, "format", str(path))[0] == 0
    info = path.stat()
    assert info.st_ino != inode  # replaced, atomically
    assert stat.S_IMODE(info.st_mode) == 0o604
    assert (info.st_uid, info.st_gid) == owner


def test_a_read_only_file_is_refused_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = file_of(tmp_path, SLOPPY)
    os.chmod(path, 0o444)
    before = path.read_bytes()
    for argv in (["format", str(path)], ["annotate", "--in-place", str(path)]):
        code, _, err = run(capsys, *argv)
        assert code == 1
        assert "read-only (mode 0444)" in err and "--force" in err
        assert "Traceback" not in err
        assert path.read_bytes() == before
    record = next(iter(read_deals(path)))
    with pytest.raises(SaveError, match="read-only"):
        save_deal(path, 1, record)
    code, _, err = run(capsys, "format", "--force", str(path))
    assert code == 0, err
    assert path.read_bytes() != before
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


INTERRUPTED_SAVE = """
import sys, time
from mendikot_replay.pmn.files import write_atomically

def produce(handle):
    handle.write(b"half of the new text")
    handle.flush()
    print("writing", flush=True)
    time.sleep(60)

write_atomically(sys.argv[1], produce)
"""


def test_a_killed_save_leaves_the_file_and_the_next_format_cleans_up(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = file_of(tmp_path, SLOPPY)
    before = path.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_SAVE, str(path)], stdout=subprocess.PIPE
    )
    assert child.stdout is not None
    assert child.stdout.readline() == b"writing\n"
    os.kill(child.pid, signal.SIGKILL)
    child.wait(10)
    stale = [p for p in tmp_path.iterdir() if p.name.endswith(".mr-tmp")]
    assert len(stale) == 1 and stale[0].name.startswith(".club.pmn.")
    assert path.read_bytes() == before
    code, _, err = run(capsys, "format", str(path))
    assert code == 0
    assert f"note: removed '{stale[0]}'" in err and "interrupted save" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.pmn"]


def test_a_live_save_beside_is_not_cleaned(tmp_path: Path) -> None:
    """Another process still writing the same file keeps its temporary file."""
    path = file_of(tmp_path, SLOPPY)
    busy = tmp_path / f".club.pmn.{os.getpid()}-0123abcd.mr-tmp"
    busy.write_bytes(b"in progress")
    with warnings.catch_warnings():
        warnings.simplefilter("error", SaveNotice)
        save_deal(path, 1, next(iter(read_deals(path))))
    assert busy.exists()


def test_an_interrupted_in_place_copy_is_never_thrown_away(tmp_path: Path) -> None:
    """For a hard-linked file the new text is copied in place; if that was cut short, the
    complete copy beside it may be the only good one: the next save stops and says so."""
    path = file_of(tmp_path, GOOD)
    os.link(path, tmp_path / "twin.pmn")
    dead = _dead_pid()
    left = tmp_path / f".club.pmn.{dead}-00ff00ff.mr-copy"
    left.write_bytes(b"% PMN 1.0\n" + GOOD + b"\n" + GOOD)
    record = next(iter(read_deals(path)))
    with pytest.raises(SaveError, match=r"interrupted save left .*mr-copy"):
        save_deal(path, 1, record)
    assert left.exists()


def _dead_pid() -> int:
    pid = 999_999
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid -= 1


# -- 6. a destination that cannot be written: one plain line, exit 1 ---------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ["format", "{src}", "-o", "{missing}/out.pmn"],
        ["annotate", "{src}", "-o", "{file}/out.pmn"],
        ["analyse", "{src}", "--max-tricks", "1", "-o", "{missing}/out.pmn"],
        ["html", "{src}", "-o", "{dir}"],
        ["simulate", "--deals", "1", "-o", "{missing}/sim.pmn"],
        ["export", "{src}", "--parquet", "{file}/tables"],
    ],
    ids=["format", "annotate", "analyse", "html", "simulate", "export"],
)
def test_an_unwritable_destination_is_one_plain_line(tmp_path: Path, argv: list[str]) -> None:
    src = file_of(tmp_path, GOOD)
    a_file = tmp_path / "plain.txt"
    a_file.write_text("not a directory")
    a_dir = tmp_path / "a-directory"
    a_dir.mkdir()
    names = {"src": src, "missing": tmp_path / "missing", "file": a_file, "dir": a_dir}
    args = [part.format(**names) for part in argv]
    before = {p: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    done = subprocess.run(
        [sys.executable, "-m", "mendikot_replay", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert "Traceback" not in done.stderr
    assert lines and lines[-1].startswith(f"mendikot-replay {argv[0]}: error:"), done.stderr
    assert {p: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before
    assert not (tmp_path / "missing").exists()


def test_annotate_in_place_rewrites_only_the_deals_it_annotates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deal that gets no new point keeps its own spelling, and so do the lines between."""
    from mendikot_replay.analysis.points import annotate
    from mendikot_replay.pmn.reader import read_string
    from mendikot_replay.pmn.writer import write_deal

    done = read_string(GOOD.decode())[0]
    assert annotate(done)
    lines = write_deal(done).encode().split(b"\n")
    lines[0], lines[1] = lines[1], lines[0]  # Site before Event: not canonical, still fine
    sloppy_done = b"\n".join(lines) + b"\n"
    path = file_of(tmp_path, sloppy_done, b"% kept for another program\n" + GOOD)
    before = path.read_bytes()
    code, _, err = run(capsys, "annotate", "--in-place", str(path))
    assert code == 0, err
    after = path.read_bytes()
    assert after.startswith(b"% PMN 1.0\n" + sloppy_done + b"\n% kept for another program\n")
    assert after != before and b"[%point" in after[len(before) - len(GOOD) :]


def test_a_failed_in_place_copy_keeps_the_complete_new_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hard-linked file is overwritten in place: if that fails part-way, the complete new
    text stays beside it (and the next save will not throw it away unseen)."""
    path = file_of(tmp_path, GOOD)
    os.link(path, tmp_path / "twin.pmn")
    record = next(iter(read_deals(path)))
    add_comment(record, 1, "the new text")

    def half_then_full_disk(copy: Path, target: Path) -> None:
        with open(target, "r+b") as handle:  # the overwrite starts, then the disk is full
            handle.write(copy.read_bytes()[:100])
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("mendikot_replay.pmn.files._copy_in_place", half_then_full_disk)
    with pytest.raises(SaveError, match=r"partly overwritten.*kept beside it as '\.club\.pmn\."):
        save_deal(path, 1, record)
    [kept] = [p for p in tmp_path.iterdir() if p.name.endswith(".mr-copy")]
    assert b"the new text" in kept.read_bytes()


def test_saving_elsewhere_appends_and_replaces_nothing(tmp_path: Path) -> None:
    pytest.importorskip("anywidget")
    from mendikot_replay.views.widget import Viewer

    source = file_of(tmp_path, other_deal("mine"))
    other = file_of(tmp_path, SLOPPY, name="collection.pmn")
    before = other.read_bytes()
    viewer = Viewer(source, background=False)
    viewer.go(2).comment("a copy for the collection")
    assert viewer.save(other) == other
    after = other.read_bytes()
    assert after.startswith(before)  # the deal already there is untouched
    assert [b"a copy for the collection" in d for d in deals_of(other)] == [False, True]
    assert viewer.dirty and b"a copy" not in source.read_bytes()  # its own file is unsaved
