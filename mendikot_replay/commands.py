"""Comment commands ``[%name args]``: kept verbatim in comments, read only when asked for.

>>> list(iter_commands("C's ace takes it [%point ten-captured TH C] [%eval AC 0.63]"))
[('point', 'ten-captured TH C'), ('eval', 'AC 0.63')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator

#: The strategy point kinds of FORMAT.md (``[%point KIND ARGS…]``), in the order it lists
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
)

_COMMAND = re.compile(r"\[%(\w[\w-]*)\s*([^\]]*)\]")


def iter_commands(comment: str) -> Iterator[tuple[str, str]]:
    """Every ``[%name args]`` in a comment, as ``(name, args)`` with the args stripped."""
    for match in _COMMAND.finditer(comment):
        yield match.group(1), match.group(2).strip()
