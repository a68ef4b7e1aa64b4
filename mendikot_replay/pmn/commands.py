"""Comment commands ``[%name args]``: kept verbatim in comments, read only when asked for.

>>> list(iter_commands("C's ace takes it [%point ten-captured TH C] [%eval AC 0.63]"))
[('point', 'ten-captured TH C'), ('eval', 'AC 0.63')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

#: The strategy point kinds of docs/format.md (``[%point KIND ARGS…]``), in the order it lists
#: them. Other kinds may be written: readers keep them and show them as written.
POINT_KINDS: tuple[str, ...] = (
    "ten-captured",
    "ten-lost",
    "ten-protected",
    "unsafe-ten-lead",
    "ten-ruffed",
    "trump-revealed",
    "premature-reveal",
    "cut",
    "long-suit-discard",
    "trump-reserve",
    "tricks-race",
    "decisive",
    "mistake",
    "single-dummy-mistake",
)

COMMAND: Final = re.compile(r"\[%(\w[\w-]*)\s*([^\]]*)\]")
"""One command: its name (group 1) and its arguments as written (group 2). The one
spelling of the pattern: the reader's views, the editing and the annotations all use it."""

COMMANDS_ONLY: Final = re.compile(r"\s*(?:\[%[^\]]*\]\s*)+")
"""A comment that holds commands and nothing else (where a new command may be added
without touching a human's sentence)."""


def iter_commands(comment: str) -> Iterator[tuple[str, str]]:
    """Every ``[%name args]`` in a comment, as ``(name, args)`` with the args stripped."""
    for match in COMMAND.finditer(comment):
        yield match.group(1), match.group(2).strip()


def without_commands(comment: str) -> str:
    """The words of a comment for reading: its commands taken out, spaces folded.

    >>> without_commands("C's ace [%point ten-captured TH C] takes  it")
    "C's ace takes it"
    """
    return " ".join(COMMAND.sub(" ", comment).split())
