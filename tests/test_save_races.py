"""The save's two guards against other writers, each pinned by a test that fails without it:
the lock taken again when its holder removed the lock file meanwhile, and a target that
someone else created between the opening and the committing of a save."""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from mendikot_replay.errors import FileChangedError
from mendikot_replay.pmn import files


def test_a_target_created_by_someone_else_before_the_commit_is_not_written_over(
    tmp_path: Path,
) -> None:
    target = tmp_path / "games.pmn"
    save = files.AtomicFile(target)
    save.open().write(b"ours\n")
    target.write_bytes(b"theirs\n")  # created meanwhile, by another program
    with pytest.raises(FileChangedError, match="created by someone else"):
        save.commit()
    assert target.read_bytes() == b"theirs\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.pmn"]  # no copy left over


def test_the_lock_is_taken_again_when_its_holder_removed_the_lock_file_meanwhile(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A waiting save locks the lock file it opened just as its holder removes it and a third
    save makes a new one: locking the removed file would let two saves run at once, so the
    waiter must see that its file is gone and wait for the new one's holder instead."""
    target = str(tmp_path / "games.pmn")
    name = files._lock_name(target)
    holder = os.open(name, os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(holder, fcntl.LOCK_EX)
    third: dict[str, int] = {}
    waiting_on_third = threading.Event()
    real_flock = fcntl.flock
    calls = {"n": 0}

    def flock(fd: int, operation: int) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            # between the waiter's open and its lock: the holder removes the lock file and
            # lets go, and a third save makes a new lock file and holds it
            os.unlink(name)
            third["fd"] = os.open(name, os.O_RDWR | os.O_CREAT, 0o600)
            real_flock(third["fd"], fcntl.LOCK_EX)
            os.close(holder)
        elif calls["n"] == 3:
            waiting_on_third.set()  # the waiter has found the new file held
        return real_flock(fd, operation)

    monkeypatch.setattr(fcntl, "flock", flock)  # the module files.py locks with
    taken: dict[str, int] = {}
    waiter = threading.Thread(target=lambda: taken.update(fd=files._take_lock_file(target, 60)))
    waiter.start()
    assert waiting_on_third.wait(60)
    assert "fd" not in taken  # not while the third save holds the lock
    os.close(third["fd"])  # the third save is done (it leaves its file: the waiter's now)
    waiter.join(60)
    assert not waiter.is_alive()
    assert os.fstat(taken["fd"]).st_ino == os.stat(name).st_ino  # the lock file there now
    os.close(taken["fd"])
