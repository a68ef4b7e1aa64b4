"""A deal's set-up: everything the engine needs before the first card — the rules, the
hands, the trump as the table knows it, and, for a record that starts part-way through a
deal, the position it starts from. :mod:`.engine` plays from it; :mod:`~.pmn.setup` makes
it from a record's tags.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..errors import MendikotError
from .cards import Card, Suit
from .rules import Rules
from .seats import Seat

__all__ = ["DealSetup", "SetupError", "StartPosition"]


class SetupError(MendikotError, ValueError):
    """A deal set-up that cannot be played (wrong hands, a trump card nobody holds…)."""


@dataclass(frozen=True, slots=True)
class StartPosition:
    """Where a record that starts part-way through a deal (PMN ``Start``) begins."""

    trick: int
    """The trick under way, 1-based."""
    tens: tuple[int, int] = (0, 0)
    """Tens already captured by AC and BD."""
    tricks: tuple[int, int] = (0, 0)
    """Tricks already taken by AC and BD."""
    table: tuple[tuple[Seat, Card], ...] = ()
    """Cards already on the table in the trick under way, from its leader on."""
    pile_tricks: int = 0
    """Dehla: uncollected tricks in the pile."""
    pile_tens: tuple[Card, ...] = ()
    """Dehla: the tens among the uncollected tricks."""
    streak: Seat | None = None
    """Dehla: the seat that won the last trick, if it could still make a streak."""


@dataclass(frozen=True, slots=True)
class DealSetup:
    """Everything the engine needs to replay a deal: the rules, the hands and the trump."""

    rules: Rules
    hands: Mapping[Seat, frozenset[Card] | None]
    """The cards each seat holds at the start (``None``: hand unknown)."""
    first_leader: Seat
    """Who leads the first trick of this record (for a position: the leader of the trick
    under way)."""
    dealer: Seat | None = None
    trump: Suit | None = None
    """The trump suit when the table knows it before the first card of this record."""
    trump_card: Card | None = None
    """The card that named the trump (Drawn, FaceUp, Cut), or the face-down closed card."""
    hidden_holder: Seat | None = None
    """Closed trump still face down: the seat that set it aside."""
    start: StartPosition | None = None

    @property
    def is_position(self) -> bool:
        return self.start is not None
