"""Chunks of a PMN file: runs of whole deals found from byte ranges, so that many processes
can each read a part of one file (a Dask cluster's workers, :mod:`mendikot_replay.corpus.cluster`)
and together give exactly what one process reading the whole file gives.

A file is cut into byte ranges of about the same size; for each range a process finds where
the deals of that range begin and how many there are, reading that range and a little past
it (:func:`survey`), never the whole file. The rule that says where a range's deals begin
needs nothing before the range: a range's first deal is **the first deal that follows a
blank line at or after the range's first byte**. (A deal ends at a blank line, so the first
blank line in a range ends whatever deal the range began inside; the deal after it is a
deal of this range. A deal that begins right at the first byte of a range has its blank
line before it, in the range before: it is that range's last deal.) Each range reads on
until the first deal that follows a blank line at or after the next range's first byte: the
next range's first deal, by the same rule. So every deal belongs to exactly one range, in
file order, however the ranges are cut (the property test in tests/test_cluster.py cuts at
any offsets and compares with one reading of the whole file).

The surveys' counts of deals and lines, added up in order (:func:`number`), give each chunk
the number of its first deal and of its first line in the file; :func:`read_chunk` then reads
a chunk through the reader itself (:mod:`.reader`: the same cutting into deals, the same
parser, the same checks), starting at the chunk's first byte with those numbers, so that
every deal, every problem and every byte span carries the file's own numbers. The first
chunk of a file always starts at its first byte, where the version line and a BOM are.

>>> import os, tempfile
>>> deal = b'[Event "deal %d"]\\n[Play "A"]\\n\\n'
>>> text = b"% PMN 1.0\\n" + b"".join(deal % i for i in range(1, 7))
>>> with tempfile.TemporaryDirectory() as tmp:
...     path = os.path.join(tmp, "six.pmn")
...     with open(path, "wb") as f:
...         _ = f.write(text)
...     chunks = cut(path, 40)
...     read = [(r.index, r.line, r.tags["Event"]) for c in chunks for r in read_chunk(c)]
>>> [(c.first, c.deals, c.line) for c in chunks]
[(1, 2, 1), (3, 1, 8), (4, 1, 11), (5, 2, 14)]
>>> read[4:]
[(5, 14, 'deal 5'), (6, 17, 'deal 6')]
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final

from .check import MatchNotes, MatchTracker
from .lines import Line, is_blank, read_lines
from .reader import DealBlock, deal_blocks, read_deals_from
from .record import DealRecord, PMNError, Problem, SourceFile

__all__ = [
    "DEFAULT_CHUNK_BYTES",
    "Chunk",
    "Survey",
    "byte_ranges",
    "cut",
    "number",
    "read_chunk",
    "survey",
    "unchanged",
]

DEFAULT_CHUNK_BYTES: Final = 1 << 20
"""Bytes of PMN a chunk holds at most by default (1 MiB: some 1,600 simulated deals): large
enough that sending it out costs little beside reading it, small enough that a worker holds
little and many workers share a single file."""


@dataclass(frozen=True, slots=True)
class Survey:
    """What one byte range of a file holds: found by :func:`survey` from that range alone
    (and the lines after it, up to the next range's first deal)."""

    begin: int
    """The range's first byte, as asked."""
    start: int
    """Where the range's first deal begins (0 for the range at the file's start: the first
    chunk begins at the file's first byte)."""
    end: int | None
    """Where the next range's first deal begins; ``None``: at the end of the file."""
    deals: int
    lines: int
    """Line breaks from :attr:`start` to :attr:`end` (0 when the range reaches the end)."""
    refused: Problem | None = None
    """The reader refuses the whole file (a newer major version on its first line)."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """A run of whole deals of one file, with the numbers the file gives them: what a worker
    reads (:func:`read_chunk`)."""

    file: str
    """The file to read: an absolute path, the same for every process of the cluster."""
    name: str
    """The file as the user named it, for reports and for the ``file`` column of tables."""
    source: SourceFile
    """The file as it was when it was cut: reading a file changed since is refused."""
    start: int
    """The byte offset of its first deal (0 for the file's first chunk)."""
    end: int
    line: int
    """The number of the line at :attr:`start`."""
    first: int
    """The number of its first deal in the file (from 1)."""
    deals: int

    @property
    def last(self) -> int:
        """The number of its last deal."""
        return self.first + self.deals - 1


def byte_ranges(size: int, chunk_bytes: int = DEFAULT_CHUNK_BYTES) -> list[tuple[int, int]]:
    """A file of ``size`` bytes cut into ranges of ``chunk_bytes`` (the last one shorter);
    an empty file is one empty range.

    >>> byte_ranges(10, 4), byte_ranges(0, 4)
    ([(0, 4), (4, 8), (8, 10)], [(0, 0)])
    """
    if chunk_bytes < 1:
        raise ValueError("a chunk holds at least 1 byte")
    if size <= 0:
        return [(0, 0)]
    return [(begin, min(begin + chunk_bytes, size)) for begin in range(0, size, chunk_bytes)]


def _line_start(handle: IO[bytes], offset: int) -> int:
    """Move ``handle`` to the first line that starts at or after ``offset``; its offset."""
    if offset <= 0:
        handle.seek(0)
        return 0
    handle.seek(offset - 1)
    if handle.read(1) == b"\n":
        return offset
    while True:  # the rest of a line begun before the range, read in pieces (it may be long)
        piece = handle.readline(1 << 16)
        if not piece or piece.endswith(b"\n"):
            return handle.tell()


def survey(path: str | os.PathLike[str], begin: int, end: int) -> Survey:
    """Where the deals of bytes ``begin`` to ``end`` of the file at ``path`` begin, how many
    there are and how many line breaks they span, by the rule of this module's docstring.

    Reads the range and the lines after it up to the next range's first deal, cut into deals
    by the reader itself (unparsed: this is quick), and nothing before ``begin`` but the
    rest of the line it falls in. A range that lies inside a deal begun before it (no blank
    line in it) holds no deal of its own: it is read no further than its end, however long
    the deal.
    """
    with open(path, "rb") as handle:
        at = _line_start(handle, begin)
        stream = read_lines(handle, start=at)
        if begin > 0:
            stream = _until_past(stream, at, end)
        first: DealBlock | None = None
        deals = 0
        try:
            for block in deal_blocks(stream, start=at):
                blank = block.after_blank
                if first is None:
                    if begin > 0 and blank is None:
                        continue  # the rest of a deal that began before the range
                    if blank is not None and blank >= end:  # it is the next range's
                        lines = block.first.number - 1 if begin == 0 else 0
                        return Survey(
                            begin, 0 if begin == 0 else block.start, block.start, 0, lines
                        )
                    first, deals = block, 1
                    continue
                if blank is not None and blank >= end:
                    start, line = (0, 1) if begin == 0 else (first.start, first.first.number)
                    return Survey(begin, start, block.start, deals, block.first.number - line)
                deals += 1
        except PMNError as exc:  # only the first line can do this: a newer major version
            return Survey(begin, 0, None, 0, 0, exc.problem)
    if first is None:
        return Survey(begin, at, None, 0, 0)
    return Survey(begin, 0 if begin == 0 else first.start, None, deals, 0)


def _until_past(lines: Iterator[Line], at: int, end: int) -> Iterator[Line]:
    """``lines`` (from byte ``at`` on), stopped at byte ``end`` if no blank line came before:
    every deal after that would follow a blank line at or after ``end``, the next range's."""
    here = at
    for line in lines:
        if here >= end:
            return
        yield line
        if is_blank(line):
            yield from lines
            return
        here = line.end


def number(
    file: str, name: str, source: SourceFile, surveys: list[Survey], size: int
) -> list[Chunk]:
    """The chunks of a file from its ranges' surveys (in file order): each with the numbers
    of its first deal and first line, added up from the surveys before it. A range without
    a deal of its own makes no chunk; the first chunk begins at the file's first byte.
    Raises :class:`PMNError` when the reader refuses the file."""
    for one in surveys:
        if one.refused is not None:
            raise PMNError(one.refused)
    found: list[tuple[Survey, int, int]] = []
    line, first = 1, 1
    for one in surveys:
        if one.deals:
            found.append((one, line if found else 1, first))
            first += one.deals
        line += one.lines
    chunks = []
    for i, (one, at_line, at_deal) in enumerate(found):
        start = one.start if i else 0
        end = found[i + 1][0].start if i + 1 < len(found) else size
        chunks.append(Chunk(file, name, source, start, end, at_line, at_deal, one.deals))
    return chunks


def cut(
    path: str | os.PathLike[str], chunk_bytes: int = DEFAULT_CHUNK_BYTES, name: str | None = None
) -> list[Chunk]:
    """The chunks of the file at ``path``, every range surveyed here, one after the other
    (a cluster surveys them in parallel: :mod:`mendikot_replay.corpus.cluster`)."""
    file = os.path.abspath(path)
    with open(file, "rb") as handle:
        source = SourceFile.of_open(file, handle.fileno())
    surveys = [survey(file, begin, end) for begin, end in byte_ranges(source.size, chunk_bytes)]
    return number(file, os.fspath(path) if name is None else name, source, surveys, source.size)


def unchanged(chunk: Chunk) -> None:
    """Raise :class:`PMNError` unless the file of ``chunk`` is still as it was cut: its
    deals' places would be wrong (a save by someone else, or a file given twice to a
    command that rewrites it)."""
    try:
        now = os.stat(chunk.file)
    except OSError as exc:
        raise PMNError(Problem(f"cannot open {chunk.name!r}: {exc.strerror}")) from exc
    was = chunk.source
    if (now.st_size, now.st_mtime_ns, now.st_ino) != (was.size, was.mtime_ns, was.inode):
        raise PMNError(
            Problem(f"{chunk.name} changed on disk while it was being read in chunks: run again")
        )


def read_chunk(
    chunk: Chunk,
    *,
    check: bool = True,
    matches: MatchTracker | MatchNotes | None = None,
    skip: int = 0,
    count: int | None = None,
) -> Iterator[DealRecord]:
    """The deals of ``chunk``, read and checked as :func:`~.reader.read_deals` reads them
    from the whole file: the same records, numbers, lines, byte spans and ``origin``. Only
    ``skip`` deals on, ``count`` of them (default: the rest of the chunk).

    ``matches`` follows the chunk's deals (give :class:`~.check.MatchNotes` to follow the
    matches elsewhere); without one, a tracker of its own follows them as if the file began
    here.
    Raises :class:`PMNError` if the file has changed since it was cut.
    """
    unchanged(chunk)
    wanted = chunk.deals - skip if count is None else min(count, chunk.deals - skip)
    records = read_deals_from(
        Path(chunk.file),
        check,
        matches,
        start=chunk.start,
        first_line=chunk.line,
        index=chunk.first - 1,
        skip=skip,
    )
    try:
        yield from itertools.islice(records, max(wanted, 0))
    finally:
        records.close()
