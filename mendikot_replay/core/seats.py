"""Seats and partnerships.

Seats are the letters ``A``–``L`` in *play order* (anticlockwise at the table). Partners sit
two seats apart, so team ``AC`` holds A, C, E, G… and team ``BD`` holds B, D, F, H…, whatever
the table size (4, 6, 8, or 10 and 12 with two packs); every player sits between two opponents.

>>> seats(4), next_seat("D", 4), team_of("E"), partners("A", 6)
(('A', 'B', 'C', 'D'), 'A', 'AC', ('C', 'E'))
"""

from __future__ import annotations

from typing import Final, Literal

Seat = str
"""A seat letter, ``'A'`` to ``'L'``."""

Team = Literal["AC", "BD"]
TEAMS: Final[tuple[Team, Team]] = ("AC", "BD")
ALL_SEATS: Final = "ABCDEFGHIJKL"
TABLE_SIZES: Final = (4, 6, 8, 10, 12)
TABLE_SIZES_TEXT: Final = "4, 6, 8, 10 or 12"


def seats(players: int = 4) -> tuple[Seat, ...]:
    """The seats of a table of ``players`` in play order."""
    if players not in TABLE_SIZES:
        raise ValueError(f"Mendikot is played by {TABLE_SIZES_TEXT} players, not {players}")
    return tuple(ALL_SEATS[:players])


def seat_index(seat: Seat) -> int:
    return ALL_SEATS.index(seat)


def next_seat(seat: Seat, players: int = 4, steps: int = 1) -> Seat:
    """The seat ``steps`` places on in play order: "the player to X's right" for ``steps=1``."""
    return ALL_SEATS[(seat_index(seat) + steps) % players]


def team_of(seat: Seat) -> Team:
    return "AC" if seat_index(seat) % 2 == 0 else "BD"


def team_index(team: Team) -> int:
    """``0`` for AC and ``1`` for BD: the order PMN writes counts in (``Tens "3-1"``)."""
    return 0 if team == "AC" else 1


def other_team(team: Team) -> Team:
    return "BD" if team == "AC" else "AC"


def partners(seat: Seat, players: int = 4) -> tuple[Seat, ...]:
    """The seat's partners in play order starting after it."""
    return tuple(next_seat(seat, players, k) for k in range(2, players, 2))


def team_seats(team: Team, players: int = 4) -> tuple[Seat, ...]:
    first = 0 if team == "AC" else 1
    return tuple(ALL_SEATS[i] for i in range(first, players, 2))


def team_label(team: Team, players: int = 4) -> str:
    """``'A/C'`` or, at a six-player table, ``'A/C/E'``: how a teacher names the side."""
    return "/".join(team_seats(team, players))
