"""Writing PMN: records out as canonical text (docs/format.md's "export" level).

Canonical means one spelling for one deal: the tag roster in its order, one tag a line,
canonical values, deal comments on their own lines, then one trick a line as
``n. L: c1 c2 c3 c4`` with each card's annotations and variations after it. So
``write(read(text))`` reproduces a canonical file byte for byte, and a lenient file comes
out canonical.

Two rules protect what the writer is given:

* a deal the reader could not understand (it has errors) is written back **exactly as it
  was read**, byte for byte: its line endings, bytes that are not UTF-8, and a deal too
  long to read (copied from its file, streamed); formatting a file must never destroy a
  deal, and a writer that cannot keep one writes nothing at all
  (:class:`~.errors.SaveError`);
* a comment is never lost: a blank line inside it (which would end the deal) is dropped,
  the text is kept.

>>> from mendikot_replay.core.cards import card
>>> from mendikot_replay.pmn.record import DealRecord
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

import codecs
import io
import os
import shutil
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Protocol, TextIO, TypeAlias, cast

from ..core.seats import TABLE_SIZES, Seat
from ..errors import SaveError
from .files import copy_range, file_state, save_lock, write_atomically
from .reader import run_checker
from .record import NAG_GLYPHS, DealRecord, PlayNode, SourceFile
from .setup import setup_from_tags
from .syntax import (
    HEADER,
    card_token,
    checked_text,
    escape_comment,
    escape_tag_value,
    normalize_comment,
)
from .tags import (
    canonical_value,
    parse_int,
    parse_seat,
    parse_start,
    tag_sort_key,
)
from .visit import PlayVisitor, walk

__all__ = [
    "WrittenDeal",
    "deal_bytes",
    "normalize_comment",
    "rewrite_file",
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
            self.players = players if players in TABLE_SIZES else 4
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
        """The play as token lists, one per trick of the main line, each card followed by
        the variations that replace it (walked by :func:`~.visit.walk`)."""
        tricks: list[list[str]] = []
        if self.table:  # a position's first line starts with the cards already played
            leader = self.table[0][0]
            tricks.append([f"{self.start_trick}. {leader}:", *(c for _, c in self.table)])
        return walk(self.record, _Tokens(self, tricks, self.start_trick, len(self.table)))

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


class _Line:
    """Where the writing of one line stands: its tricks' tokens, the trick and place in it
    of the next card, and (for the variations that replace the card just written) where
    that card stood."""

    def __init__(self, tricks: list[list[str]], trick: int | None, pos: int, main: bool) -> None:
        self.tricks = tricks
        self.trick = trick
        self.pos = pos
        self.main = main
        self.first = True
        self.before: tuple[int | None, int] = (trick, pos)


class _Tokens(PlayVisitor[list[list[str]]]):
    """The writer's walk of the play tree: each card's tokens (its starting comments, the
    ``n. L:`` marker at a trick's first card, the card with its annotations) into the
    line's trick, and each variation in ``( … )`` after the card it replaces."""

    def __init__(
        self, writer: _DealWriter, tricks: list[list[str]], trick: int | None, pos: int
    ) -> None:
        self.writer = writer
        self.lines = [_Line(tricks, trick, pos, main=True)]

    def visit_card(self, node: PlayNode, line: Sequence[PlayNode]) -> None:
        here = self.lines[-1]
        if node.trick is not None:
            here.trick = node.trick
        if node.position is not None:
            here.pos = node.position
        here.before = (here.trick, here.pos)
        if here.pos == 0 or not here.tricks:
            here.tricks.append([])
        tokens = here.tricks[-1]
        if here.first or not here.main:
            tokens += [_comment(text) for text in node.starting_comments]
        if here.pos == 0:
            leader = self.writer.leader(node, here.trick, here.main and here.first)
            if here.trick is not None and leader is not None:
                tokens.append(f"{here.trick}. {leader}:")
        tokens.append(_card(node))
        here.pos += 1
        if here.pos == self.writer.players:
            here.pos = 0
            here.trick = here.trick + 1 if here.trick is not None else None
        here.first = False

    def begin_variation(self, first: PlayNode, before: Sequence[PlayNode]) -> None:
        trick, pos = self.lines[-1].before
        self.lines.append(_Line([[]], trick, pos, main=False))

    def end_variation(self) -> None:
        inner = self.lines.pop()
        text = " ".join(["(", *(" ".join(t) for t in inner.tricks if t), ")"])
        self.lines[-1].tricks[-1].append(text)

    def result(self) -> list[list[str]]:
        return self.lines[0].tricks


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


def _kept_as_read(record: DealRecord) -> bool:
    """Whether ``record`` is written back as it was read rather than canonically: a deal
    read from text that has errors (the writer must never destroy a deal it could not
    understand). A record built by a program has no text to fall back on."""
    return bool(record.errors) and (
        record.raw is not None or record.source is not None or record.span is not None
    )


def _as_read(record: DealRecord) -> bytes | None:
    """The bytes of a deal kept as read, without its final line ending; ``None`` for a deal
    too long to have been held (it is copied from its file, :func:`_copy_as_read`)."""
    if record.raw is not None:
        raw = record.raw
        if raw.endswith(b"\n"):
            raw = raw[:-1]
        return raw
    if record.source is not None:
        return record.source.encode("utf-8", "surrogateescape")
    return None


def deal_bytes(record: DealRecord) -> bytes:
    """One deal as the writer writes it into a file, without a trailing newline: canonical
    PMN in UTF-8, or, for a deal with errors read from a file, its exact bytes as read
    (line endings and bytes that are not UTF-8 included).

    A deal that was too long to read is not held in memory: it can only be copied from its
    file by a writer (:func:`write_deals`), and here it is an error."""
    if not _kept_as_read(record):
        _ensure_checked(record)
    if _kept_as_read(record):
        data = _as_read(record)
        if data is None:
            raise SaveError(_too_long_message(record, "it is not held in memory"))
        return data
    text = _DealWriter(record).write()
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:  # set in Python past the checks (record.tags[...] = ...)
        where = f"deal {record.index}" if record.index is not None else "the deal"
        checked_text(text, f"{where} (a tag or a comment set from Python)")
        raise  # pragma: no cover - checked_text has raised


@dataclass(frozen=True, slots=True)
class WrittenDeal:
    """One deal already made into what the writer writes for it, with its place in the
    file it was read from: what a cluster's worker sends back to the process that writes the
    file (a whole record is many times larger, and slower to send). The writer takes one
    wherever it takes a record and writes the very same bytes, so nothing is lost on the
    way: a deal with errors is still its exact bytes as read, and a deal too long to read
    is still copied from its file.
    """

    index: int | None
    line: int | None
    span: tuple[int, int] | None
    origin: SourceFile | None
    data: bytes | None
    """:func:`deal_bytes` of the deal; ``None`` when it is copied from its file by its span
    (too long to read: :attr:`copied`), or when only :func:`rewrite_file` will see it,
    unchanged (it copies an unchanged deal from its place)."""
    copied: bool = False
    """Too long to read: copied from its file byte for byte."""

    @classmethod
    def of(cls, record: DealRecord, *, text: bool = True) -> WrittenDeal:
        """``record`` as the writer would write it (``text``: its bytes are made now; without,
        only its place is kept, for an unchanged deal that :func:`rewrite_file` copies)."""
        copied = _kept_as_read(record) and _as_read(record) is None
        data = deal_bytes(record) if text and not copied else None
        return cls(record.index, record.line, record.span, record.origin, data, copied)


Writable: TypeAlias = "DealRecord | WrittenDeal"
"""What the writer writes: a record, or a deal already made into its bytes elsewhere."""


def _bytes_of(deal: Writable) -> bytes:
    if not isinstance(deal, WrittenDeal):
        return deal_bytes(deal)
    if deal.data is None:
        raise SaveError(
            f"deal {deal.index} (line {deal.line}) came back without its text: nothing was "
            "written, so nothing is lost"
        )
    return deal.data


def _copied(deal: Writable) -> bool:
    """Whether ``deal`` can only be copied from its file (too long to have been read)."""
    if isinstance(deal, WrittenDeal):
        return deal.copied
    return _kept_as_read(deal) and _as_read(deal) is None


def write_deal(record: DealRecord) -> str:
    """One deal as canonical PMN, without a trailing newline.

    A deal with errors that was read from text is returned as that text, unchanged; bytes
    that were not UTF-8 come back as the surrogates of Python's ``surrogateescape`` error
    handler, so that ``.encode("utf-8", "surrogateescape")`` gives them back exactly. A
    record that was never replayed is replayed first (when :mod:`mendikot_replay.pmn.check` is
    installed), which fills in its trick numbers and leaders — and may add errors to it.
    """
    return deal_bytes(record).decode("utf-8", "surrogateescape")


def write_string(records: Iterable[Writable]) -> str:
    """A whole PMN file: the ``% PMN 1.0`` header, the deals one blank line apart, a final
    newline. (Bytes kept from deals with errors that are not UTF-8 come back as
    ``surrogateescape`` surrogates, as in :func:`write_deal`.)"""
    out = io.BytesIO()
    _write(records, out)
    return out.getvalue().decode("utf-8", "surrogateescape")


def write_deals(
    records: Iterable[Writable],
    file_or_path: str | os.PathLike[str] | IO[str] | IO[bytes],
    *,
    force: bool = False,
) -> None:
    """Write a whole PMN file (as :func:`write_string`) to a path (safely, as
    :func:`write_file`) or to an open file, binary or text, one deal at a time (a generator
    of records is never held in memory).

    A binary file gets the exact bytes; a text file gets them decoded with
    ``surrogateescape``, so a text file opened with that error handler loses nothing."""
    if isinstance(file_or_path, (str, os.PathLike)):
        write_file(file_or_path, records, force=force)
        return
    if isinstance(file_or_path, io.TextIOBase) or "b" not in getattr(file_or_path, "mode", "b"):
        text = cast(TextIO, file_or_path)
        _write(records, _TextSink(text))
        return
    _write(records, cast(IO[bytes], file_or_path))


class _TextSink(io.RawIOBase):
    """A binary sink in front of a text stream: decodes what it is given as UTF-8, bad bytes
    as ``surrogateescape`` surrogates, keeping a sequence split across two writes whole."""

    def __init__(self, text: TextIO) -> None:
        super().__init__()
        self.text = text
        self.decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        self.text.write(self.decoder.decode(data))
        return len(data)

    def close(self) -> None:
        if not self.closed:
            self.text.write(self.decoder.decode(b"", final=True))
        super().close()


def _too_long_message(record: Writable, why: str) -> str:
    where = f"deal {record.index}" if record.index is not None else "a deal"
    line = f" (line {record.line})" if record.line is not None else ""
    return (
        f"{where}{line} is longer than the reader's limits and was not read: it can only be "
        f"copied back byte for byte from its file, and {why}; nothing was written, so "
        "nothing is lost"
    )


def _copy_as_read(record: Writable, out: _Sink) -> bool:
    """Copy a deal that was too long to read from its file into ``out``, byte for byte,
    streamed; returns whether its last byte was a line ending."""
    origin, span = record.origin, record.span
    if origin is None or span is None:
        raise SaveError(_too_long_message(record, "it was not read from a file"))
    changed = origin.changed()
    if changed is not None:
        raise SaveError(_too_long_message(record, f"{origin.path!r} changed since ({changed})"))
    with open(origin.path, "rb") as source:
        last = copy_range(source, cast(IO[bytes], out), *span)
    return last == b"\n"


class _Sink(Protocol):
    """Where :func:`_write` puts bytes: a binary file, or one of the sinks below."""

    def write(self, data: bytes, /) -> object: ...


def _write(records: Iterable[Writable], out: _Sink) -> None:
    out.write(HEADER.encode() + b"\n")
    first = True
    for record in records:
        if _copied(record):
            if not first:
                out.write(b"\n")
            if not _copy_as_read(record, out):
                out.write(b"\n")
            first = False
            continue
        data = _bytes_of(record)
        if not data.strip():
            continue  # an empty record holds nothing, and would read back as no deal
        if not first:
            out.write(b"\n")
        out.write(data + b"\n")
        first = False
    if isinstance(out, _TextSink):
        out.close()


# -- whole files, safely ----------------------------------------------------------------------


def same_as_file(records: Iterable[Writable], path: str | os.PathLike[str]) -> bool:
    """Whether the text of ``records`` is exactly the file at ``path``, byte for byte
    (nothing is written: ``format --check``)."""
    with open(path, "rb") as original:
        comparer = _Comparer(original)
        _write(records, comparer)
        return comparer.finish()


class _Comparer(io.RawIOBase):
    """A binary sink that compares what is written with an existing file as it goes, so that
    checking a file needs neither a temporary file nor the whole text in memory."""

    def __init__(self, original: IO[bytes]) -> None:
        super().__init__()
        self.original = original
        self.same = True

    def writable(self) -> bool:
        return True

    def write(self, data: bytes) -> int:  # type: ignore[override]
        if self.same and data:
            self.same = self.original.read(len(data)) == data
        return len(data)

    def finish(self) -> bool:
        """Whether the written bytes equal the whole file."""
        if self.same and self.original.read(1):
            self.same = False
        return self.same


def write_file(
    path: str | os.PathLike[str],
    records: Iterable[Writable],
    *,
    unless_same: bool = False,
    force: bool = False,
) -> bool:
    """Write ``records`` as a whole PMN file at ``path`` safely; returns whether the file
    was written.

    Through :func:`~.files.write_atomically`: the text goes to a temporary file beside
    ``path`` and only then replaces it, so a crash, a full disk or an exception raised while
    the records are produced (they may be a generator reading ``path`` itself) never leaves
    a half-written log; a symbolic link is written through, hard links, mode and owner are
    kept, a read-only file is refused unless ``force``, and a file that changes on disk
    while it is rewritten is left alone (:class:`~.errors.FileChangedError`). With
    ``unless_same``, a file whose bytes would not change is not touched at all.
    """
    state = write_atomically(
        path, lambda handle: _write(records, handle), unless_same=unless_same, force=force
    )
    return state is not None


def rewrite_file(
    path: str | os.PathLike[str],
    edits: Iterable[tuple[Writable, bool]],
    *,
    force: bool = False,
) -> bool:
    """Write back into the file at ``path`` the deals that changed, and nothing else: each
    of ``edits`` is a deal read from that very file, in file order, with whether it was
    changed. A changed deal is written canonically in its place; every other byte of the
    file — the other deals as they were written, the blank and ``%`` lines between them —
    is copied as it is. (``annotate --in-place`` adds points to the deals that need them
    without reformatting the rest of the user's file.) Returns whether the file changed.

    Safe as :func:`write_file`: if the file changes on disk meanwhile, nothing is written.
    """
    target = os.path.realpath(path)
    with save_lock(target):  # from the read of the file as it is now to the move
        return _rewrite_locked(path, target, edits, force)


def _rewrite_locked(
    path: str | os.PathLike[str], target: str, edits: Iterable[tuple[Writable, bool]], force: bool
) -> bool:
    before = file_state(target)
    if before is None:
        raise SaveError(f"cannot rewrite {os.fspath(path)!r}: it cannot be read")

    def produce(out: IO[bytes]) -> None:
        with open(target, "rb") as old:
            done = 0
            for record, changed in edits:
                if record.span is None or record.origin is None or record.origin.path != target:
                    raise SaveError(
                        f"cannot rewrite {os.fspath(path)!r} in place: deal "
                        f"{record.index} was not read from it"
                    )
                start, end = record.span
                copy_range(old, out, done, start)
                if changed:
                    out.write(_bytes_of(record) + b"\n")
                else:
                    copy_range(old, out, start, end)
                done = end
            old.seek(done)
            shutil.copyfileobj(old, out, 1 << 20)

    state = write_atomically(target, produce, unless_same=True, force=force, expect=before)
    return state is not None
