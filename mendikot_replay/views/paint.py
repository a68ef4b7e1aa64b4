"""Cards and hands for a terminal: the one ANSI painter of ``show`` and ``record``.

Colour is a courtesy, never the carrier of meaning: every card keeps its suit sign, so the
text reads the same on paper, in a log file or to a screen reader. With colour off every
method returns its text unchanged, so the code that composes lines reads the same either
way.

>>> from mendikot_replay.core.cards import Card
>>> Painter(False).hand([Card.parse("TS"), Card.parse("AS"), Card.parse("2D")])
'♠ AT  ♥ —  ♦ 2  ♣ —'
>>> Painter(True).card(Card.parse("TH"))
'\\x1b[31m10♥\\x1b[0m'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..core.cards import SUITS, Card, Suit, rank_letter, sort_cards

__all__ = ["Painter"]

RED: Final = "\x1b[31m"
BOLD: Final = "\x1b[1m"
DIM: Final = "\x1b[2m"
RESET: Final = "\x1b[0m"


class Painter:
    """Applies ANSI styles when ``color`` is on and is a no-op otherwise."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def style(self, text: str, code: str) -> str:
        return f"{code}{text}{RESET}" if self.color and text else text

    def suit(self, text: str, suit: Suit) -> str:
        """Red suits in red; black suits in the terminal's own colour."""
        return self.style(text, RED) if suit.is_red else text

    def red(self, text: str) -> str:
        return self.style(text, RED)

    def card(self, card: Card) -> str:
        return self.suit(card.symbol, card.suit)

    def bold(self, text: str) -> str:
        return self.style(text, BOLD)

    def dim(self, text: str) -> str:
        return self.style(text, DIM)

    def holding(self, cards: Iterable[Card], suit: Suit) -> str:
        """One suit of a hand, ``♠ AT`` (``♠ —`` when void)."""
        ranks = "".join(rank_letter(c.rank) for c in sort_cards(cards) if c.suit is suit) or "—"
        return self.suit(f"{suit.symbol} {ranks}", suit)

    def hand(self, cards: Iterable[Card]) -> str:
        """A whole hand, suit by suit (S, H, D, C)."""
        held = list(cards)
        return "  ".join(self.holding(held, suit) for suit in SUITS)
