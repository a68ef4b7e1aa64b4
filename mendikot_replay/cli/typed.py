"""What a person types at the recorder, read: a suit, a card, a hand, one trick's line.

A suit by its letter or its name ("h", "hearts"); a card as PMN writes it or with ``10``
("TS", "10S"); a hand as PBN's ``S.H.D.C``, as four holdings apart (``AK7 - QJ2 T98``, ``-``
a void) or card by card; a trick as a line of tokens, with or without its number and seats
("12. A: TS AS 2H 2D", "C: 4S", a ``^T`` ask and a ``!``/``?`` glyph on a card).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from ..core.cards import Card, Suit, parse_hand, sort_cards
from ..core.seats import Seat

__all__ = [
    "CARD_TOKEN",
    "TypedCard",
    "TypedTrick",
    "hand_cards",
    "read_card",
    "read_suit",
    "split_trick",
]

_SUIT_NAMES: Final = {
    "spade": Suit.SPADES,
    "spades": Suit.SPADES,
    "heart": Suit.HEARTS,
    "hearts": Suit.HEARTS,
    "diamond": Suit.DIAMONDS,
    "diamonds": Suit.DIAMONDS,
    "club": Suit.CLUBS,
    "clubs": Suit.CLUBS,
}


def read_suit(text: str) -> Suit | None:
    text = text.strip()
    found = _SUIT_NAMES.get(text.lower())
    if found is not None:
        return found
    try:
        return Suit.parse(text.upper() if len(text) == 1 else text)
    except ValueError:
        return None


def read_card(text: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a card (write it like 4S, TS or 10S)") from None


def hand_cards(text: str, twins: bool = False) -> str | list[Card]:
    """A hand as typed: PBN's ``S.H.D.C`` is passed on as it is (the entry reads it); the
    four suits apart (``AK7 - QJ2 T98``, ``-`` a void) or the cards one by one
    (``AS KS 7S …``) become the cards (``twins``: two packs, a card may come twice)."""
    if "." in text:
        return text
    parts = text.split()
    if len(parts) == 4:
        try:
            holdings = ".".join("" if p == "-" else p for p in parts)
            return sort_cards(parse_hand(holdings, twins=twins))
        except ValueError:
            pass
    return [read_card(part) for part in parts]


# -- a trick as typed ------------------------------------------------------------------------
@dataclass(frozen=True)
class TypedCard:
    seat: Seat | None
    card: Card
    ask: bool
    glyph: str | None
    token: str


@dataclass(frozen=True)
class TypedTrick:
    text: str
    cards: tuple[TypedCard, ...]


_NUMBER: Final = re.compile(r"\s*(\d+)\s*\.", re.ASCII)
_SEAT_COLON: Final = re.compile(r"(?<![\w^])([A-La-l])\s*:\s*")
CARD_TOKEN: Final = re.compile(
    r"(?:(?P<seat>[A-La-l]):)?(?P<ask>\^[Tt])?(?P<card>[^\s!?]+)(?P<glyph>[!?]{1,2})?"
)


def split_trick(text: str) -> tuple[int | None, list[str]]:
    """The trick number written before the cards (``5.``) and the card tokens, a seat
    written apart from its card (``C: 4S``) joined to it."""
    number = None
    found = _NUMBER.match(text)
    if found:
        digits = found.group(1)
        if len(digits) > 3:  # no deal has a thousand tricks (and int() of 5,000 digits fails)
            raise ValueError(f"{digits[:8]}{'…' if len(digits) > 8 else ''} is not a trick number")
        number = int(digits)
        text = text[found.end() :]
    return number, _SEAT_COLON.sub(lambda m: m.group(1) + ":", text).split()
