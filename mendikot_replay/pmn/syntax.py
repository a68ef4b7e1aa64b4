r"""The lexical rules PMN's reader and writer must agree on: escapes, comments, card tokens.

Kept in one place because a round trip (``read(write(record)) == record``) only holds if the
writer escapes exactly what the reader unescapes, and only writes text the reader cannot
mistake for something else — above all, never a blank line inside a deal, since a blank line
always ends one.

>>> print(escape_comment(r"saved in C:\deals} here"))
saved in C:\\deals\} here
>>> print(normalize_comment("  first line\r\n   \n  second  "))
first line
  second
"""

from __future__ import annotations

import re
from typing import Final

from ..core.cards import Card
from ..errors import TextError

#: The PMN version this package reads and writes.
PMN_VERSION: Final = (1, 0)
HEADER: Final = f"% PMN {PMN_VERSION[0]}.{PMN_VERSION[1]}"

#: A card token of the play section: ``^T``/``^R`` prefixes (in that order), a card or ``--``
#: (lenient: ``10``, lower case, Unicode suits), then an optional move glyph. Groups: 1 ``^T``,
#: 2 ``^R``, 3 the card, 4 the glyph.
CARD_PATTERN: Final = r"(\^[Tt])?(\^[Rr])?(--|(?:10|[2-9TJQKAtjqka])[SHDCshdc♠♥♦♣♤♡♢♧])([!?]{1,2})?"

#: A trick marker ``n. L:`` (white space allowed around the seat letter). Groups: 1 the
#: number, 2 the seat letter.
MARKER_PATTERN: Final = r"(\d+)\.\s*([A-Za-z])\s*:"

#: Where a token of the play section ends: white space or a character of its own.
DELIMITERS: Final = r"\s{}()\[\]$*"

_BLANK_LINES: Final = re.compile(r"\n(?:[^\S\n]*\n)+")


def checked_text(value: object, what: str) -> str:
    """``value`` when it is text a PMN file can hold; else :class:`~.errors.TextError`
    saying what is wrong with ``what`` (``"the comment"``, ``"the Event tag"``).

    A ``str`` can hold a lone surrogate (half of an emoji in a page's JSON, or a byte that
    is not UTF-8 read with ``surrogateescape``), and UTF-8 cannot encode one: accepted, it
    would make every later save of the deal fail. So it is refused here, where it comes in.

    >>> checked_text("Asha ♠", "the name")
    'Asha ♠'
    >>> try:
    ...     checked_text("half \\ud83d", "the comment")
    ... except ValueError as refused:
    ...     print(str(refused).split(":")[0])
    the comment holds half of a character (a lone surrogate, U+D83D, at character 6)
    """
    if not isinstance(value, str):
        raise TextError(f"{what} must be text, not {type(value).__name__} ({_short(value)})")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise TextError(
            f"{what} holds half of a character (a lone surrogate, U+{ord(value[exc.start]):04X}, "
            f"at character {exc.start + 1}): it cannot be saved as text; type it again"
        ) from None
    return value


def _short(value: object) -> str:
    shown = repr(value)
    return shown if len(shown) <= 30 else shown[:27] + "..."


def normalize_comment(text: str) -> str:
    """A comment as PMN stores it: line endings as ``\\n``, no leading or trailing white
    space, and no blank line inside (a blank line would end the deal, so a writer drops
    them rather than lose the comment and everything after it).

    >>> normalize_comment("one\\n\\n  \\ntwo")
    'one\\ntwo'
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    return _BLANK_LINES.sub("\n", text)


def escape_comment(text: str) -> str:
    """Escape a comment's text for ``{ … }``: ``\\`` and ``}`` get a backslash."""
    return text.replace("\\", "\\\\").replace("}", "\\}")


def escape_tag_value(text: str) -> str:
    """Escape a tag value for ``"…"``; line breaks become spaces, since a tag is one line.

    >>> escape_tag_value('say "hi"\\\\')
    'say \\\\"hi\\\\"\\\\\\\\'
    """
    text = re.sub(r"[\r\n]+", " ", text)
    return text.replace("\\", "\\\\").replace('"', '\\"')


def unescape_tag_value(text: str) -> str:
    r"""Undo :func:`escape_tag_value`: ``\"`` and ``\\``; any other backslash is kept as it is.

    >>> unescape_tag_value(r'a \"b\" \\ \n')
    'a "b" \\ \\n'
    """
    return re.sub(r"\\([\"\\])", r"\1", text)


def card_token(
    c: Card | None, *, reveal_request: bool = False, revoke: bool = False, glyph: str = ""
) -> str:
    """A card as the play section writes it: ``^T``, ``^R``, the card (``--`` if unknown) and
    its glyph."""
    return (
        f"{'^T' if reveal_request else ''}{'^R' if revoke else ''}{'--' if c is None else c}{glyph}"
    )
