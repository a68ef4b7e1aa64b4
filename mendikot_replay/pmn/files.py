"""Writing a file so that nothing is ever lost: the one place every command and save goes
through.

A PMN file is often someone's only record of their games, so a write must either happen
whole or not at all, and must land where the user meant:

* **atomic**: the new text goes to a temporary file beside the target, is flushed to disk,
  and only then replaces the target (:func:`os.replace`): a crash, a full disk or an error
  while the text is produced leaves the old file as it was;
* **through symbolic links**: the link's target is written, the link stays a link;
* **hard links kept**: a file with several names is overwritten in place (from the complete,
  flushed temporary copy), since replacing it would leave the other names on the old text;
* **mode and owner kept** (the owner where the system allows), and a new file gets the
  usual mode for the user's umask, not a temporary file's private 0600;
* **read-only files refused** unless the caller says ``force``: a file marked read-only was
  marked so by someone;
* **no silent overwrite of a file that changed meanwhile**: the target's size, modification
  time and identity are taken before the new text is produced and compared again just before
  it replaces the target;
* **one writer at a time**: from the moment a save reads what the file holds now until its
  new copy is moved into place, it holds an advisory lock (:func:`save_lock`, ``flock`` on
  ``.NAME.mr-lock`` beside the file, removed again when the save is done), so a second save
  cannot slip between another's last check and its move and be overwritten unseen; readers
  never wait for it;
* **devices and pipes are streams**: an output that exists and is not a regular file
  (``/dev/null``, a terminal, a named pipe) is written to as the shell's ``>`` would, never
  replaced by a regular file (as root, replacing ``/dev/null`` would break the system);
* **temporary files clean up after themselves**: they are named
  ``.NAME.PID-XXXXXXXX.mr-tmp``, so the next write of the same file recognises the ones a
  killed process left behind (its process is gone), removes them and says so.

Errors come out as :class:`~.errors.SaveError`, one plain sentence saying what, where and
why, with the promise that nothing was changed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import re
import secrets
import shutil
import stat
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Final, TypeAlias

try:
    import fcntl

    if not hasattr(fcntl, "flock"):  # pragma: no cover - Pyodide's (a browser: one process)
        raise ImportError("no flock")
except ImportError:  # pragma: no cover - a system without flock: the lock is this process's
    fcntl = None  # type: ignore[assignment]

from ..errors import FileChangedError, SaveError
from .record import SourceFile

__all__ = [
    "AtomicFile",
    "SaveNotice",
    "copy_range",
    "file_state",
    "notify",
    "save_lock",
    "write_atomically",
    "write_bytes_atomically",
]

StrPath: TypeAlias = "str | os.PathLike[str]"

_TEMP_SUFFIX = ".mr-tmp"
"""A temporary file that has not replaced its target yet: safe to remove once its writer
is gone (the target still holds the old text)."""
_LOCK_SUFFIX: Final = ".mr-lock"
"""The lock file of :func:`save_lock`: ``.NAME.mr-lock`` beside the file saved."""
LOCK_WAIT: Final = 60.0
"""Seconds a save waits for another save of the same file to finish before it gives up
(a save takes a fraction of a second; a longer wait means the other one is stuck)."""
_COPY_SUFFIX = ".mr-copy"
"""The complete new text of a hard-linked file (renamed so once it is complete and on disk)
while it is copied over the target in place: if its writer died, the target may be half
overwritten, so it is never removed unless the target already equals it."""


class SaveNotice(UserWarning):
    """Something a save did that the user should hear about (a stale temporary file removed,
    a deal found again at another place): the command line prints it as a note."""


def notify(message: str) -> None:
    """Tell the user what a save did (a :class:`SaveNotice`), from wherever in a save it is
    found: the warning points at the caller of the public function that saved."""
    warnings.warn(message, SaveNotice, stacklevel=4)


def file_state(path: StrPath) -> SourceFile | None:
    """The state of the file at ``path`` (``None`` if there is none), to compare later.
    (Opened without waiting: a named pipe would otherwise block until someone writes.)"""
    real = os.path.realpath(path)
    try:
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        return SourceFile.of_open(real, fd)
    finally:
        os.close(fd)


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # someone else's process: alive
        return True
    return True


def _same_bytes(a: Path, b: Path) -> bool:
    try:
        if a.stat().st_size != b.stat().st_size:
            return False
        with open(a, "rb") as fa, open(b, "rb") as fb:
            while True:
                chunk = fa.read(1 << 20)
                if chunk != fb.read(1 << 20):
                    return False
                if not chunk:
                    return True
    except OSError:
        return False


def _clean_stale(target: Path) -> None:
    """Remove the temporary files an interrupted write of ``target`` left behind, and say
    so; refuse to go on if one of them may be the only complete copy of the file."""
    pattern = re.compile(
        rf"\.{re.escape(target.name)}\.(\d+)-[0-9a-f]+({re.escape(_TEMP_SUFFIX)}|"
        rf"{re.escape(_COPY_SUFFIX)})"
    )
    try:
        names = os.listdir(target.parent)
    except OSError:
        return
    for name in names:
        match = pattern.fullmatch(name)
        if match is None or _pid_alive(int(match.group(1))):
            continue
        stale = target.parent / name
        if match.group(2) == _COPY_SUFFIX and not _same_bytes(stale, target):
            raise SaveError(
                f"cannot save {os.fspath(target)!r}: an interrupted save left {name!r} beside "
                "it, the complete new text of the file, and the file itself may be only "
                f"partly overwritten; compare the two, keep the right one as "
                f"{target.name!r} and remove {name!r}. Nothing was written"
            )
        with contextlib.suppress(FileNotFoundError):
            stale.unlink()
            notify(
                f"removed {os.fspath(stale)!r}: a temporary file left by an interrupted save "
                f"of {os.fspath(target)!r} (the file itself was not changed by it)"
            )


def _new_temp(target: Path, suffix: str) -> tuple[int, Path]:
    for _ in range(100):
        temp = target.parent / f".{target.name}.{os.getpid()}-{secrets.token_hex(4)}{suffix}"
        try:
            return os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name beside {os.fspath(target)!r}")


def _read_only(info: os.stat_result, path: Path) -> bool:
    # root may write anything: the mode bits still say "read-only" (a browser's Python has
    # no users at all, and no geteuid)
    if getattr(os, "geteuid", lambda: 0)() == 0:
        return not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    return not os.access(path, os.W_OK)


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def is_stream(info: os.stat_result | None) -> bool:
    """Whether an output that exists is written as a stream rather than replaced: anything
    but a regular file (a device, a named pipe, a terminal). ``None``: nothing there yet."""
    return info is not None and not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode)


class _Held:
    """This process's hold on one file's save lock: a re-entrant lock for its threads, and
    the lock file (taken once, however deep the holds nest)."""

    def __init__(self) -> None:
        self.threads = threading.RLock()
        self.depth = 0
        self.users = 0
        self.fd = -1


_HELD: dict[str, _Held] = {}
_HELD_GUARD = threading.Lock()


def _waiting(target: str) -> None:
    """Called once when a save finds the file's lock held by someone else and waits (a
    test holds one save up and watches the other wait here)."""


@contextlib.contextmanager
def save_lock(path: StrPath, *, wait: float = LOCK_WAIT) -> Iterator[None]:
    """Hold the save lock of the file at ``path`` (symbolic links followed): one save of a
    file at a time, across threads and processes, from the read of its current bytes to
    the move of the new copy into place. Re-entrant within a thread, so a save may call
    another function that saves. Waits at most ``wait`` seconds for another save to end,
    then gives up with a :class:`~.errors.SaveError` (nothing written). Readers never take
    it, so nobody waits to *read* a file.

    The lock is ``flock`` on ``.NAME.mr-lock`` beside the file; the holder removes it when
    it is done, and a waiter that finds it removed under it takes the new one, so no
    lock file is left behind.
    """
    target = os.path.realpath(path)
    with _HELD_GUARD:
        held = _HELD.setdefault(target, _Held())
        held.users += 1
    try:
        if not held.threads.acquire(timeout=wait):
            raise _busy(target, wait)
        try:
            if held.depth == 0:
                held.fd = _take_lock_file(target, wait)
            held.depth += 1
            try:
                yield
            finally:
                held.depth -= 1
                if held.depth == 0:
                    _drop_lock_file(target, held.fd)
                    held.fd = -1
        finally:
            held.threads.release()
    finally:
        with _HELD_GUARD:
            held.users -= 1
            if not held.users:
                del _HELD[target]


def _busy(target: str, wait: float) -> SaveError:
    return SaveError(
        f"cannot save {target!r}: another save of it has not finished (waited "
        f"{wait:.0f} s for its lock, {_lock_name(target)!r}); nothing was written"
    )


def _lock_name(target: str) -> str:
    head, name = os.path.split(target)
    return os.path.join(head, f".{name}{_LOCK_SUFFIX}")


def _take_lock_file(target: str, wait: float) -> int:
    """The open lock file of ``target``, locked (-1 where the system has no ``flock``)."""
    if fcntl is None:  # pragma: no cover
        return -1
    name = _lock_name(target)
    deadline = time.monotonic() + wait
    told = False
    while True:
        try:
            fd = os.open(name, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise SaveError(
                f"cannot save {target!r}: no file can be made in the directory "
                f"{os.path.dirname(name)!r} ({_why(exc)}); a save makes its lock and its new "
                "copy there, so nothing was written"
            ) from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if not told:
                told = True
                _waiting(target)
            if time.monotonic() >= deadline:
                raise _busy(target, wait) from None
            time.sleep(0.01)
            continue
        except BaseException:
            os.close(fd)
            raise
        try:  # the holder we waited for may have removed the file we locked: lock the new one
            if os.fstat(fd).st_ino == os.stat(name).st_ino:
                return fd
        except FileNotFoundError:
            pass
        os.close(fd)


def _drop_lock_file(target: str, fd: int) -> None:
    if fd < 0:  # pragma: no cover
        return
    with contextlib.suppress(OSError):
        os.unlink(_lock_name(target))  # still held: nobody can have taken it meanwhile
    os.close(fd)


class AtomicFile:
    """One safe write of the file at ``path`` (see the module docstring), in three steps:
    :meth:`open` checks the target and makes the temporary file, whose ``handle`` the new
    bytes go to; :meth:`commit` puts them in place; :meth:`abort` removes them. Several
    can be open at once and committed together (the Parquet tables of an export).

    ``expect`` is the state the caller read the file in (:func:`file_state`, or a record's
    ``origin``): if the file is not in that state any more when the new bytes are ready,
    nothing is written (:class:`~.errors.FileChangedError`). ``unless_same`` leaves a file
    whose bytes would not change untouched (its modification time stays, which keeps build
    tools quiet). :class:`OSError`\\ s become :class:`~.errors.SaveError`\\ s with a plain
    message.
    """

    def __init__(
        self,
        path: StrPath,
        *,
        force: bool = False,
        unless_same: bool = False,
        expect: SourceFile | None = None,
    ) -> None:
        self.shown = os.fspath(path)
        self.target = Path(os.path.realpath(path))
        self.force = force
        self.unless_same = unless_same
        self.expect = expect
        self.info: os.stat_result | None = None
        self.temp: Path | None = None
        self.handle: IO[bytes] | None = None
        self.stream = False
        """The target is a device or a pipe: written to as it is (:func:`is_stream`)."""
        self._locked = contextlib.ExitStack()

    def _fail(self, why: str) -> SaveError:
        return SaveError(f"cannot save {self.shown!r}: {why}")

    def open(self) -> IO[bytes]:
        """Check that the target can be written and open the temporary file beside it."""
        target = self.target
        try:
            self.info = info = target.stat()
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise self._fail(f"{_why(exc)}; nothing was written") from exc
        if info is not None and stat.S_ISDIR(info.st_mode):
            raise self._fail("it is a directory; nothing was written")
        if is_stream(info):
            return self._open_stream()
        if not target.parent.is_dir():
            raise self._fail(
                f"the directory {os.fspath(target.parent)!r} does not exist; nothing was written"
            )
        if info is not None and not self.force and _read_only(info, target):
            raise self._fail(
                f"the file is read-only (mode {stat.S_IMODE(info.st_mode):04o}); nothing was "
                "written. Make it writable, or ask to write it anyway (--force on the command "
                "line, force=True from Python)"
            )
        self._locked.enter_context(save_lock(target))  # released by commit or abort
        try:
            if self.expect is None and info is not None:
                self.expect = file_state(target)
            _clean_stale(target)
            fd, self.temp = _new_temp(target, _TEMP_SUFFIX)
        except OSError as exc:
            self._locked.close()
            raise self._fail(
                f"no new file can be made in the directory {os.fspath(target.parent)!r} "
                f"({_why(exc)}); a file is saved by writing a new copy beside it and moving "
                "that into place, so nothing was written"
            ) from exc
        except BaseException:
            self._locked.close()
            raise
        self.handle = open(fd, "wb")  # noqa: SIM115 (closed by commit or abort)
        return self.handle

    def _open_stream(self) -> IO[bytes]:
        """A device or a named pipe: opened for writing as the shell's ``>`` opens it (a
        pipe waits for its reader), never replaced."""
        self.stream = True
        try:
            fd = os.open(self.target, os.O_WRONLY | os.O_NOCTTY | os.O_CLOEXEC)
        except OSError as exc:
            raise self._fail(f"{_why(exc)}; nothing was written") from exc
        self.handle = open(fd, "wb")  # noqa: SIM115 (closed by commit or abort)
        return self.handle

    def commit(self) -> SourceFile | None:
        """Put the new bytes in place; returns the file's new state (``None``: left as it
        was, the bytes being the same and ``unless_same`` asked)."""
        if self.stream:
            return self._commit_stream()
        assert self.handle is not None and self.temp is not None, "open() first"
        target, temp, info = self.target, self.temp, self.info
        try:
            return self._commit_file(target, temp, info)
        finally:
            self._locked.close()

    def _commit_stream(self) -> SourceFile | None:
        assert self.handle is not None, "open() first"
        try:
            if not self.handle.closed:
                self.handle.flush()
                state = SourceFile.of_open(self.target, self.handle.fileno())
                self.handle.close()
                return state
            return file_state(self.target)
        except OSError as exc:
            self.abort()
            raise self._fail(_why(exc)) from exc

    def _commit_file(
        self, target: Path, temp: Path, info: os.stat_result | None
    ) -> SourceFile | None:
        assert self.handle is not None
        try:
            if self.handle.closed:  # a writer that closes what it writes to (pyarrow's)
                fd = os.open(temp, os.O_RDONLY)
                try:
                    os.fsync(fd)
                finally:
                    os.close(fd)
            else:
                self.handle.flush()
                os.fsync(self.handle.fileno())
                self.handle.close()
            if self.unless_same and info is not None and _same_bytes(temp, target):
                temp.unlink()
                return None
            if self.expect is not None:
                changed = self.expect.changed()
                if changed is not None:
                    raise FileChangedError(
                        f"{self.shown!r} changed on disk while it was being rewritten "
                        f"({changed}): nothing was written, so those changes are kept; run "
                        "the command again"
                    )
            elif target.exists():
                raise FileChangedError(
                    f"{self.shown!r} was created by someone else while it was being written: "
                    "nothing was written over it"
                )
            if info is not None and info.st_nlink > 1:
                # Only now, complete and on disk, does the new text become the copy that
                # may outlive a half-done overwrite (and so is never removed unseen).
                copy = temp.with_name(temp.name.removesuffix(_TEMP_SUFFIX) + _COPY_SUFFIX)
                os.replace(temp, copy)
                self.temp = copy
                try:
                    return _copy_in_place(copy, target)
                except OSError as exc:
                    self.temp = None  # kept: it may be the only complete text of the file now
                    raise self._fail(
                        f"{_why(exc)}; the file may be partly overwritten, and its complete new "
                        f"text is kept beside it as {copy.name!r}"
                    ) from exc
            if info is not None:
                with contextlib.suppress(OSError):  # keeping the owner is a courtesy
                    os.chown(temp, info.st_uid, info.st_gid)
                os.chmod(temp, stat.S_IMODE(info.st_mode))
            else:  # a new file gets the usual mode, not a temporary file's private 0600
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(temp, 0o666 & ~umask)
            state = file_state(temp)
            os.replace(temp, target)
            _sync_directory(target.parent)
            return dataclasses.replace(state, path=os.fspath(target)) if state else None
        except BaseException as exc:
            self.abort()
            if isinstance(exc, OSError) and not isinstance(exc, SaveError):
                raise self._fail(f"{_why(exc)}; nothing was written") from exc
            raise

    def abort(self) -> None:
        """Drop the new bytes: the target stays as it was (a stream keeps what it was sent
        already: it cannot be taken back)."""
        if self.handle is not None:
            with contextlib.suppress(OSError):
                self.handle.close()
        if self.temp is not None:
            self.temp.unlink(missing_ok=True)
        self._locked.close()


def write_atomically(
    path: StrPath,
    produce: Callable[[IO[bytes]], None],
    *,
    force: bool = False,
    unless_same: bool = False,
    expect: SourceFile | None = None,
) -> SourceFile | None:
    """Write the bytes ``produce(handle)`` writes as the file at ``path``, safely (an
    :class:`AtomicFile`); returns the file's new state, or ``None`` when ``unless_same``
    found the new bytes equal to the file's and left it untouched. Whatever ``produce``
    raises is raised again after the temporary file is removed."""
    save = AtomicFile(path, force=force, unless_same=unless_same, expect=expect)
    handle = save.open()
    try:
        produce(handle)
    except OSError as exc:
        save.abort()
        if isinstance(exc, SaveError):
            raise
        raise save._fail(f"{_why(exc)}; nothing was written") from exc
    except BaseException:
        save.abort()
        raise
    return save.commit()


def _copy_in_place(temp: Path, target: Path) -> SourceFile | None:
    """Overwrite ``target`` with the complete ``temp`` without replacing the file (its other
    hard links see the new text); ``temp`` is removed only once the copy is on disk."""
    with open(temp, "rb") as source, open(target, "r+b") as handle:
        shutil.copyfileobj(source, handle, 1 << 20)
        handle.truncate()
        handle.flush()
        os.fsync(handle.fileno())
        state = SourceFile.of_open(target, handle.fileno())
    temp.unlink()
    return state


def _sync_directory(directory: Path) -> None:
    """Flush the rename itself to disk (best effort: not every system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def copy_range(source: IO[bytes], out: IO[bytes], start: int, end: int) -> bytes:
    """Copy bytes ``start`` to ``end`` of ``source`` into ``out``, a megabyte at a time (a
    deal too long to read is never held whole); returns the last byte copied. A file that
    has become shorter than what was read of it is a :class:`~.errors.FileChangedError`."""
    source.seek(start)
    left, last = end - start, b""
    while left > 0:
        chunk = source.read(min(left, 1 << 20))
        if not chunk:
            raise FileChangedError(
                f"{getattr(source, 'name', 'the file')!r} got shorter while it was being "
                "copied: nothing was written"
            )
        out.write(chunk)
        left -= len(chunk)
        last = chunk[-1:]
    return last


def write_bytes_atomically(path: StrPath, data: bytes, *, force: bool = False) -> SourceFile:
    """Write ``data`` as the file at ``path`` (a web page, a diagram), safely."""

    def produce(handle: IO[bytes]) -> None:
        handle.write(data)

    state = write_atomically(path, produce, force=force)
    assert state is not None
    return state
