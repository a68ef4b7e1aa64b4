"""Writing PMN: records out as canonical text (FORMAT.md's "export" level).

Canonical means one spelling for one deal: the tag roster in its order, one tag a line,
canonical values, deal comments on their own lines, then one trick a line as
``n. L: c1 c2 c3 c4`` with each card's annotations and variations after it. So
``write(read(text))`` reproduces a canonical file byte for byte, and a lenient file comes
out canonical.

Two rules protect what the writer is given:

* a deal the reader could not understand (it has errors and its source text) is written
  back **exactly as it was read**: formatting a file must never destroy a deal;
* a comment is never lost: a blank line inside it (which would end the deal) is dropped,
  the text is kept.

>>> from mendikot_replay.cards import card
>>> from mendikot_replay.record import DealRecord
>>> record = DealRecord({"Play": "b", "Dealer": "A", "TrumpMethod": "none"})
>>> node = record.add_main(card("10h"))
>>> node.nags += [21, 2]
>>> node.comments.append("a ten } led")
>>> print(write_deal(record))
[Dealer "A"]
[TrumpMethod "None"]
[Play "B"]
1. B: TH $21 $2 { a ten \\} led }
"""

from __future__ import annotations

import contextlib
import io
import os
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO, TextIO, cast

from .pmn_reader import run_checker
from .pmn_syntax import (
    HEADER,
    card_token,
    escape_comment,
    escape_tag_value,
    normalize_comment,
)
from .pmn_tags import (
    canonical_value,
    parse_int,
    parse_seat,
    parse_start,
    setup_from_tags,
    tag_sort_key,
)
from .record import NAG_GLYPHS, DealRecord, PlayNode
from .seats import Seat

__all__ = [
    "normalize_comment",
    "same_as_file",
    "write_deal",
    "write_deals",
    "write_file",
    "write_string",
]


def _comment(text: str) -> str:
    text = escape_comment(normalize_comment(text))
    return f"{{ {text} }}" if text else "{ }"


def _card(node: PlayNode) -> str:
    """The card with its glyph, NAGs and comments (not its variations).

    Only a *first* NAG in 1–6 is written as a glyph: the reader puts a glyph's NAG before
    the ``$n`` NAGs of its card, so this keeps the NAGs' order through a round trip.
    """
    nags = list(node.nags)
    glyph = NAG_GLYPHS[nags.pop(0)] if nags and nags[0] in NAG_GLYPHS else ""
    parts = [
        card_token(node.card, reveal_request=node.reveal_request, revoke=node.revoke, glyph=glyph)
    ]
    parts += [f"${nag}" for nag in nags]
    parts += [_comment(text) for text in node.comments]
    return " ".join(parts)


class _DealWriter:
    """Writes one record: knows the table size and where the play starts, and numbers the
    tricks (from the replay's ``node.trick``/``node.leader`` when it ran, else by counting
    cards and reading the ``n. L:`` markers the reader kept)."""

    def __init__(self, record: DealRecord) -> None:
        self.record = record
        setup = record.setup
        tags = record.tags
        if setup is not None:
            self.players = setup.rules.players
        else:
            players = parse_int(tags.get("Players", ""))
            self.players = players if players in (4, 6, 8) else 4
        self.first_leader: Seat | None = (
            setup.first_leader if setup is not None else parse_seat(tags.get("Play", ""))
        )
        self.start_trick: int | None = 1
        self.table: list[tuple[Seat, str]] = []
        if setup is not None and setup.start is not None:
            self.start_trick = setup.start.trick
            self.table = [(seat, str(c)) for seat, c in setup.start.table]
        elif "Start" in tags:
            try:
                self.start_trick = parse_start(tags["Start"]).trick
            except ValueError:
                self.start_trick = None

    def write(self) -> str:
        record = self.record
        lines = [
            f'[{name} "{escape_tag_value(canonical_value(name, value))}"]'
            for name, value in sorted(record.tags.items(), key=lambda item: tag_sort_key(item[0]))
        ]
        lines += [_comment(text) for text in record.comments]
        tricks = self.main_line()
        if record.unfinished:
            if tricks:
                tricks[-1].append("*")
            else:
                tricks.append(["*"])
        lines += [" ".join(tokens) for tokens in tricks]
        return "\n".join(lines)

    def main_line(self) -> list[list[str]]:
        tricks: list[list[str]] = []
        pos = len(self.table)
        if self.table:  # a position's first line starts with the cards already played
            leader = self.table[0][0]
            tricks.append([f"{self.start_trick}. {leader}:", *(c for _, c in self.table)])
        self.line(self.record.variations, self.start_trick, pos, tricks, main=True)
        return tricks

    def line(
        self,
        siblings: list[PlayNode],
        trick: int | None,
        pos: int,
        tricks: list[list[str]],
        *,
        main: bool,
    ) -> None:
        """Append the line that starts with ``siblings[0]`` to ``tricks`` (one token list
        per trick), each card followed by its alternatives (``siblings[1:]`` for the first,
        the other children for the next)."""
        first = True
        while siblings:
            node, alternatives = siblings[0], siblings[1:]
            if node.trick is not None:
                trick = node.trick
            if node.position is not None:
                pos = node.position
            if pos == 0 or not tricks:
                tricks.append([])
            tokens = tricks[-1]
            if first or not main:
                tokens += [_comment(text) for text in node.starting_comments]
            if pos == 0:
                leader = self.leader(node, trick, main and first)
                if trick is not None and leader is not None:
                    tokens.append(f"{trick}. {leader}:")
            tokens.append(_card(node))
            for alternative in alternatives:
                inner: list[list[str]] = [[]]
                self.line([alternative], trick, pos, inner, main=False)
                tokens.append(" ".join(["(", *(" ".join(t) for t in inner if t), ")"]))
            pos += 1
            if pos == self.players:
                pos = 0
                trick = trick + 1 if trick is not None else None
            siblings, first = node.variations, False

    def leader(self, node: PlayNode, trick: int | None, first_of_deal: bool) -> Seat | None:
        """Who leads the trick ``node`` starts: the replay says, else the reader's marker,
        else (for the first trick) the ``Play`` tag."""
        if node.leader is not None:
            return node.leader
        if node.seat is not None:
            return node.seat
        if node.marker is not None and (trick is None or node.marker[0] == trick):
            return node.marker[1]
        if first_of_deal and trick == self.start_trick:
            return self.first_leader
        return None


def _ensure_checked(record: DealRecord) -> None:
    """Give an unchecked record its trick numbers and leaders by replaying it (the writer
    needs them for the ``n. L:`` markers). A record built by a program has no set-up yet;
    it gets one from its tags when they describe a complete deal."""
    if record.timeline is not None:
        return
    if not any(node.trick is None for node in record.walk()):
        return
    if record.setup is None and "Start" not in record.tags:
        record.setup = setup_from_tags(record.tags, [], lambda message, where: None)
    if record.setup is not None:
        run_checker(record)


def write_deal(record: DealRecord) -> str:
    """One deal as canonical PMN, without a trailing newline.

    A deal with errors that was read from text is returned as that text, unchanged. A
    record that was never replayed is replayed first (when :mod:`mendikot_replay.check` is
    installed), which fills in its trick numbers and leaders — and may add errors to it.
    """
    if record.errors and record.source is not None:
        return record.source
    _ensure_checked(record)
    if record.errors and record.source is not None:
        return record.source
    return _DealWriter(record).write()


def write_string(records: Iterable[DealRecord]) -> str:
    """A whole PMN file: the ``% PMN 1.0`` header, the deals one blank line apart, a final
    newline."""
    out = io.StringIO()
    _write(records, out)
    return out.getvalue()


def write_deals(
    records: Iterable[DealRecord], file_or_path: str | os.PathLike[str] | IO[str] | IO[bytes]
) -> None:
    """Write a whole PMN file (as :func:`write_string`) to a path or an open file, binary or
    text, one deal at a time (a generator of records is never held in memory)."""
    if isinstance(file_or_path, (str, os.PathLike)):
        with open(file_or_path, "w", encoding="utf-8", newline="\n") as handle:
            _write(records, handle)
        return
    if isinstance(file_or_path, io.TextIOBase) or "b" not in getattr(file_or_path, "mode", "b"):
        _write(records, cast(TextIO, file_or_path))
        return
    binary = cast(IO[bytes], file_or_path)
    wrapper = io.TextIOWrapper(binary, encoding="utf-8", newline="\n")
    try:
        _write(records, wrapper)
        wrapper.flush()
    finally:
        wrapper.detach()


def _write(records: Iterable[DealRecord], out: TextIO) -> None:
    out.write(HEADER + "\n")
    first = True
    for record in records:
        text = write_deal(record)
        if not text.strip():
            continue  # an empty deal cannot be written: it would read as no deal
        if not first:
            out.write("\n")
        out.write(text + "\n")
        first = False


# -- whole files, safely ----------------------------------------------------------------------


class _Comparer(io.TextIOBase):
    """A text sink that compares what is written with an existing file as it goes, so that
    checking a file needs neither a temporary file nor the whole text in memory. (A
    ``TextIOBase`` so that :func:`write_deals` recognises it as a text stream.)"""

    def __init__(self, original: TextIO) -> None:
        super().__init__()
        self.original = original
        self.same = True

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.same and text:
            self.same = self.original.read(len(text)) == text
        return len(text)

    def finish(self) -> bool:
        """Whether the written text equals the whole file."""
        if self.same and self.original.read(1):
            self.same = False
        return self.same


class _Tee(io.TextIOBase):
    """Writes to several text sinks at once (the temporary file and the comparer)."""

    def __init__(self, *sinks: TextIO | _Comparer) -> None:
        super().__init__()
        self.sinks = sinks

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        for sink in self.sinks:
            sink.write(text)
        return len(text)

    def flush(self) -> None:
        for sink in self.sinks:
            sink.flush()


def _open_original(path: str | os.PathLike[str]) -> TextIO:
    # newline="" keeps CRLF, and utf-8 (not utf-8-sig) keeps a BOM, so both count as
    # differences from the canonical text; bad bytes become surrogates and differ too.
    return open(path, encoding="utf-8", errors="surrogateescape", newline="")


def same_as_file(records: Iterable[DealRecord], path: str | os.PathLike[str]) -> bool:
    """Whether the canonical text of ``records`` is exactly the file at ``path`` (nothing is
    written: ``format --check``)."""
    with _open_original(path) as original:
        comparer = _Comparer(original)
        write_deals(records, cast(TextIO, comparer))
        return comparer.finish()


def write_file(
    path: str | os.PathLike[str], records: Iterable[DealRecord], *, unless_same: bool = False
) -> bool:
    """Write ``records`` as a whole PMN file at ``path``, atomically; returns whether the
    file was written.

    The text goes to a temporary file next to ``path``, is flushed to disk, and only then
    moved over ``path`` with :func:`os.replace`, so a crash, a full disk or an exception
    raised while the records are produced (they may be a generator reading ``path``
    itself) never leaves a half-written log: until the move, the old file is untouched.
    The old file's mode is kept. With ``unless_same``, a file whose text would not change
    is left alone (its modification time stays, which keeps build tools quiet).
    """
    target = Path(path)
    directory = target.parent if str(target.parent) else Path(".")
    try:
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise type(exc)(
            exc.errno,
            f"cannot save {os.fspath(target)!r}: no new file can be made in the directory "
            f"{os.fspath(directory)!r} ({exc.strerror}); the file is saved by writing a "
            "new copy there and moving it into place",
        ) from exc
    temp = Path(temp_name)
    try:
        with open(fd, "w", encoding="utf-8", newline="\n") as handle:
            if unless_same and target.exists():
                with _open_original(target) as original:
                    comparer = _Comparer(original)
                    write_deals(records, cast(TextIO, _Tee(cast(TextIO, handle), comparer)))
                    same = comparer.finish()
            else:
                write_deals(records, handle)
                same = False
            handle.flush()
            os.fsync(handle.fileno())
        if same:
            temp.unlink()
            return False
        if target.exists():
            with contextlib.suppress(OSError):  # keeping the mode is a courtesy
                os.chmod(temp, target.stat().st_mode & 0o7777)
        else:  # a new file gets the usual mode, not mkstemp's private 0600
            umask = os.umask(0)
            os.umask(umask)
            with contextlib.suppress(OSError):
                os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
        return True
    except BaseException:
        temp.unlink(missing_ok=True)
        raise
