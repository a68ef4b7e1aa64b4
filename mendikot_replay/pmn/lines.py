"""A PMN source as numbered lines: what the reader and the savers cut into deals.

:func:`read_lines` reads a path, a binary or a text file the same way — each line with its
number, its text (bad UTF-8 replaced, and said), its bytes as written and its line end — so
that a deal keeps its exact bytes; a line too long to be PMN stops the reading with the
line named. :func:`is_blank` is where one deal ends; :func:`is_pmn_text` is the one answer
to "a path, or PMN text?".
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Final

from .record import PMNError, Problem

__all__ = [
    "MAX_DEAL_CHARS",
    "MAX_DEAL_LINES",
    "MAX_LINE_BYTES",
    "Line",
    "is_blank",
    "is_pmn_text",
    "read_lines",
]

#: A deal longer than this is reported as an error and skipped (bounded memory).
MAX_DEAL_LINES: Final = 20_000
MAX_DEAL_CHARS: Final = 2_000_000
#: A line longer than this (in bytes, or characters from a text source) with no line end is
#: no PMN at all (``/dev/zero``, a binary file, a stream that never ends a line): reading
#: stops there with a :class:`PMNError` naming the line, rather than running until killed.
#: The deals before it have been read as usual.
MAX_LINE_BYTES: Final = 64 * 1024 * 1024


# -- lines ---------------------------------------------------------------------------------
# Not frozen: a frozen dataclass sets each field through object.__setattr__, and one Line is
# made for every line read (nothing changes a line once made).
@dataclass(slots=True)
class Line:
    number: int
    text: str
    """Without its line ending (and without the BOM on the first line)."""
    bad_utf8: int | None = None
    """The column of the first byte that is not UTF-8, if any."""
    raw: bytes | None = None
    """The line's bytes exactly as in the file, line ending included (``None`` when the
    source is text, or for an over-long line whose bytes were not kept)."""
    end: int = -1
    """The byte offset just after this line (its ending included) in a binary source; -1
    for a text source."""


def read_lines(
    stream: IO[bytes] | IO[str], *, first_line: int = 1, start: int = 0
) -> Iterator[Line]:
    """The lines of an open file, decoded one at a time.

    A line is read with a length limit, so that a file without line breaks cannot fill the
    memory: the rest of an over-long line is read and dropped (its bytes still count in
    ``end``), and the line comes out longer than :data:`MAX_DEAL_CHARS`, which makes its
    deal too long. A line with no end in :data:`MAX_LINE_BYTES` stops the reading with a
    :class:`PMNError` (``/dev/zero`` is not a file of one endless deal). From a binary
    source every line keeps its exact bytes (``raw``): a deal the reader cannot understand
    is written back from them, byte for byte.

    A stream positioned in the middle of its file (a chunk of it, :mod:`.chunks`) says where:
    ``start`` is the byte offset it is at and ``first_line`` the number of the line there, so
    that lines and offsets are the file's; only the file's own first line can hold a BOM.
    """
    number = first_line - 1
    offset = start
    limit = MAX_DEAL_CHARS + 2
    while True:
        raw: bytes | str = stream.readline(limit)
        if not raw:
            return
        number += 1
        size = len(raw)
        complete = size < limit or raw[-1:] in ("\n", b"\n")
        if not complete:
            while True:
                rest = stream.readline(limit)
                size += len(rest)
                if not rest or rest[-1:] in ("\n", b"\n"):
                    break
                if size > MAX_LINE_BYTES:
                    raise PMNError(
                        Problem(
                            f"line {number} runs past {MAX_LINE_BYTES // (1024 * 1024)} MiB "
                            "with no line end: this is not PMN text (a PMN line ends long "
                            "before that); reading stops here",
                            number,
                            1,
                        )
                    )
        offset += size
        end = offset
        kept: bytes | None = None
        bad: int | None = None
        if isinstance(raw, bytes):
            kept = raw if complete else None
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                text = raw.decode("utf-8", errors="replace")
                bad = len(raw[: exc.start].decode("utf-8", errors="replace")) + 1
        else:
            text, end = raw, -1  # a text source has no byte offsets
        text = text.rstrip("\n")
        if text.endswith("\r"):
            text = text[:-1]
        if number == first_line and start == 0 and text.startswith("\ufeff"):
            text = text[1:]
            bad = bad - 1 if bad is not None else None
            if kept is not None and kept.startswith(b"\xef\xbb\xbf"):
                kept = kept[3:]  # the BOM belongs to the file, not to its first deal
        yield Line(number, text, bad, kept, end)


def is_blank(line: Line) -> bool:
    """Whether ``line`` is blank: the end of a deal (white space only, any kind)."""
    return not line.text.strip()


def is_pmn_text(source: str) -> bool:
    """Whether a string is PMN text rather than a file name: it has a line break, or starts
    (after a BOM and blanks) with a tag, a comment or a ``%`` line; an empty string is text
    with no deal. The one answer to "path or text?": the reader never guesses
    (:func:`read_deals` takes a path, :func:`read_string` text), the viewer asks this.

    >>> is_pmn_text('[Dealer "A"]'), is_pmn_text("games/thursday.pmn"), is_pmn_text("")
    (True, False, True)
    """
    stripped = source.lstrip("\ufeff \t")
    return "\n" in source or not stripped or stripped[0] in "[%{"
