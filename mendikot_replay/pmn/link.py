"""A deal as a link: its PMN text, compressed, in the fragment of an address.

A player shares a deal by sending ``https://…/index.html#deal=CODE&at=34&check=SUM``: the static
site reads the fragment in the page (a fragment never goes to any server), and the
package, in the page's worker, turns ``CODE`` back into PMN text and opens it at card 34.
``CODE`` is the deal's text compressed with DEFLATE (raw, no header) and written in the
URL-safe base64 alphabet without padding: a whole deal with comments and variations fits
in a link a messenger keeps whole (the sample games' deals, comments and all, take
1,000 to 1,300 characters). ``SUM`` is a check of the whole: eight hexadecimal digits of
the CRC-32 of the deal's text, the card number and the line, so that a link a messenger or a
hand changed on the way (a character dropped, replaced, a number retyped) is refused rather
than opened as another deal. A link made before links carried a check still opens, and
says that it could not be checked (:attr:`SharedDeal.checked`).

A link comes from anyone, so :func:`read_fragment` trusts nothing in it: a code that is
not base64, does not inflate, inflates past :data:`MOST_TEXT` (a small link that would
grow into gigabytes) or is not UTF-8 gives a :class:`LinkError` saying so, and the text
itself goes to the lenient reader like any file, whose errors carry line and column.

>>> fragment = link_fragment('[Dealer "A"]\\n', at=3)
>>> fragment
'deal=i3ZJTcxJLVJQclSK5QIA&at=3&check=d12da90d'
>>> read_fragment("#" + fragment)
SharedDeal(text='[Dealer "A"]\\n', at=3, line=(), checked=True)
>>> read_fragment(fragment.replace("at=3", "at=4"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mendikot_replay.pmn.link.LinkError: the link is damaged: its check does not match ...
>>> read_fragment("deal=not*base64")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
mendikot_replay.pmn.link.LinkError: the link's deal is damaged: '*' is not a character ...
"""

from __future__ import annotations

import base64
import re
import zlib
from dataclasses import dataclass
from typing import Final
from urllib.parse import parse_qs, quote

from .tags import whole_number

__all__ = ["MOST_TEXT", "LinkError", "SharedDeal", "deal_code", "link_fragment", "read_fragment"]

MOST_TEXT: Final = 4_000_000
"""The longest text a link may inflate to, in bytes (a long file of deals is far less)."""

_CODE: Final = re.compile(r"[A-Za-z0-9_-]*")
_CARD: Final = re.compile(r"(\^T)?[0-9A-Za-z]{2,3}")


class LinkError(ValueError):
    """A link whose deal cannot be read (the reader's own errors come later, from its text)."""


@dataclass(frozen=True)
class SharedDeal:
    """What a link holds: the deal's PMN text, the card shown (``at``, counted along the
    line shown) and, when the card is in a variation, the cards from the start (``line``)."""

    text: str
    at: int = 0
    line: tuple[str, ...] = ()
    checked: bool = True
    """False for a link made before links carried a check: opened, but nothing could
    tell whether it was changed on the way."""


def deal_code(text: str) -> str:
    """``text`` compressed for a link (see the module docstring)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def link_fragment(text: str, at: int = 0, line: tuple[str, ...] | list[str] = ()) -> str:
    """The fragment (after ``#``) that opens ``text`` at card ``at``, on ``line`` (the cards
    of a variation from the start, ``^T`` before one that asks for the closed trump; empty
    on the main line)."""
    at = max(int(at), 0)
    fragment = f"deal={deal_code(text)}&at={at}"
    if line:
        fragment += "&line=" + quote(".".join(line), safe=".^")
    return fragment + f"&check={_check(text, at, tuple(line))}"


def _check(text: str, at: int, line: tuple[str, ...]) -> str:
    """The link's check: CRC-32 of what it opens (text, card, line), in eight hex digits."""
    whole = text.encode("utf-8") + f"\0{at}\0{'.'.join(line)}".encode("ascii", "replace")
    return f"{zlib.crc32(whole):08x}"


def read_fragment(fragment: str) -> SharedDeal:
    """The deal of a link's fragment (with or without its ``#``); :class:`LinkError` when
    it holds none that can be read."""
    fields = parse_qs(fragment.removeprefix("#"), keep_blank_values=True)
    codes = fields.get("deal")
    if not codes:
        raise LinkError("the link holds no deal (it has no deal=…)")
    text = _inflate(codes[0])
    at = _number(fields.get("at", ["0"])[0])
    line = tuple(card for card in fields.get("line", [""])[0].split(".") if card)
    for card in line:
        if not _CARD.fullmatch(card):
            raise LinkError(f"the link's line has {card[:12]!r}, which is not a card")
    checks = fields.get("check")
    if checks is None:
        return SharedDeal(text, at, line, checked=False)
    if checks[0].lower() != _check(text, at, line):
        raise LinkError(
            "the link is damaged: its check does not match what it holds (a character was "
            "changed or lost on the way); ask for the link again"
        )
    return SharedDeal(text, at, line)


def _number(text: str) -> int:
    try:
        return whole_number(text, "the link's card number", 0, 9999)
    except ValueError as exc:
        raise LinkError(str(exc)) from None


def _inflate(code: str) -> str:
    if _CODE.fullmatch(code) is None:
        wrong = next(c for c in code if not (c.isascii() and (c.isalnum() or c in "-_")))
        raise LinkError(
            f"the link's deal is damaged: {wrong!r} is not a character a deal's code has"
        )
    if len(code) % 4 == 1:
        raise LinkError("the link's deal is damaged: it was cut short")
    raw = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))  # the pattern checked it
    unpacker = zlib.decompressobj(-15)
    try:
        data = unpacker.decompress(raw, MOST_TEXT)
        # one byte more (what the limit held back, or what zlib still keeps) is too long
        more = unpacker.decompress(unpacker.unconsumed_tail, 1) if not unpacker.eof else b""
    except zlib.error:
        raise LinkError("the link's deal is damaged: it does not unpack") from None
    if more:
        raise LinkError(f"the link's deal is longer than {MOST_TEXT:,} bytes: not opened")
    if not unpacker.eof:
        raise LinkError("the link's deal is damaged: it was cut short")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LinkError(f"the link's deal is not text (byte {exc.start + 1})") from None
