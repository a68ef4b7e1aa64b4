"""The chances of each card counted: over the worlds solved, how often each choice won,
tied and lost the deal (:class:`Chance`), a card's and an ask's row (:class:`CardOdds`,
:class:`AskOdds`), a position's table (:class:`Odds`, as text and JSON), and the rule that
says when a sample of worlds may stop (:func:`settled`). :mod:`.odds` solves the worlds;
this is what it counts into and how the count is read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..core.cards import Card
from ..core.seats import Seat, Team, team_of
from ..solver.search import (
    value_text,
)

__all__ = [
    "LOOK_EVERY",
    "LOOK_FIRST",
    "LOOK_LEAST",
    "AskOdds",
    "CardOdds",
    "Chance",
    "Odds",
    "looks",
    "settled",
    "stop_bound",
]

LOOK_FIRST: Final = 2
"""The stopping rule's first look comes after ``samples // LOOK_FIRST`` worlds (100 of 200)."""
LOOK_EVERY: Final = 8
"""After the first look, the rule looks again every ``samples // LOOK_EVERY`` worlds (25)."""
LOOK_LEAST: Final = 40
"""Fewer samples than this are all solved: a stop after ten worlds would say little."""


def stop_bound(samples: int) -> float:
    """The standard error the stopping rule asks of every chance: the most that ``samples``
    worlds give (a chance of one half), 3.5 points for 200.

    >>> round(stop_bound(200) * 100, 2)
    3.54
    """
    return 0.5 / math.sqrt(samples)


def looks(samples: int) -> list[int]:
    """Where the stopping rule looks, in worlds solved: at half of ``samples``, then every
    eighth, and at ``samples`` (the last look always stops); under :data:`LOOK_LEAST`
    samples, only at the end.

    >>> looks(200)
    [100, 125, 150, 175, 200]
    >>> looks(10)
    [10]
    """
    if samples < LOOK_LEAST:
        return [samples]
    return [*range(samples // LOOK_FIRST, samples, samples // LOOK_EVERY), samples]


def settled(chances: Sequence[Chance], samples: int) -> bool:
    """The stopping rule: every chance (win, tie, loss of every card) has a standard error of
    at most :func:`stop_bound` ``(samples)``, each estimated with two wins and two losses
    added (Agresti and Coull), so that a card that won in all of the first hundred worlds
    is not taken as certain.

    At 200 samples the rule first looks at 100 worlds: a card that won in 95 of them has a
    standard error of 2.2 points, under the 3.5 of 200 worlds at worst; one that won in 60
    has 4.8, and the worlds go on:

    >>> settled([Chance(95, 0, 5, True)], 200), settled([Chance(60, 0, 40, True)], 200)
    (True, False)
    """
    bound = stop_bound(samples)
    for chance in chances:
        n = chance.worlds + 4
        for x in (chance.wins, chance.ties, chance.losses):
            p = (x + 2) / n
            if math.sqrt(p * (1 - p) / n) > bound:
                return False
    return True


# -- the chances of one choice ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Chance:
    """How one choice fared over the worlds: deals won, tied and lost by the seat's side.

    Counts, not fractions, so that exact results compare exactly (a test checks them
    against plain enumeration); :attr:`win`, :attr:`tie` and :attr:`loss` are the
    fractions, :attr:`stderr` their standard errors when the worlds were sampled.
    """

    wins: int
    ties: int
    losses: int
    sampled: bool = False

    @property
    def worlds(self) -> int:
        return self.wins + self.ties + self.losses

    def _part(self, n: int) -> float:
        return n / self.worlds if self.worlds else 0.0

    @property
    def win(self) -> float:
        return self._part(self.wins)

    @property
    def tie(self) -> float:
        return self._part(self.ties)

    @property
    def loss(self) -> float:
        return self._part(self.losses)

    @property
    def stderr(self) -> dict[str, float] | None:
        """Each chance's standard error, ``sqrt(p(1 - p) / n)`` (``None``: exact)."""
        if not self.sampled:
            return None
        n = self.worlds or 1
        return {
            name: math.sqrt(p * (1 - p) / n)
            for name, p in (("win", self.win), ("tie", self.tie), ("loss", self.loss))
        }

    def key(self) -> tuple[float, float]:
        """The order of the ranking: the chance of winning, then of not losing."""
        return self.win, self.tie

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"win": self.win, "tie": self.tie, "loss": self.loss}
        stderr = self.stderr
        if stderr is not None:
            out["stderr"] = stderr
        return out


@dataclass(frozen=True, slots=True)
class CardOdds:
    """One card's chances, and its double-dummy value in the real deal (A/C's outcome as
    the solver gives it, ``None`` when not solved); ``ask``: played with ``^T``."""

    card: Card
    chance: Chance
    dd: int | None = None
    ask: bool = False

    @property
    def name(self) -> str:
        return ("^T" if self.ask else "") + str(self.card)

    @property
    def symbol(self) -> str:
        """The card as people read it (``10♥``; ``^T10♥`` when it asks for the trump)."""
        return ("^T" if self.ask else "") + self.card.symbol

    @property
    def win(self) -> float:
        return self.chance.win

    @property
    def tie(self) -> float:
        return self.chance.tie

    @property
    def loss(self) -> float:
        return self.chance.loss

    @property
    def worlds(self) -> int:
        return self.chance.worlds

    def to_json(self, *, worlds: bool = False) -> dict[str, Any]:
        out = self.chance.to_json()
        if self.dd is not None:
            out["dd"] = value_text(self.dd)
        if worlds:
            out["worlds"] = self.worlds
        return out


@dataclass(frozen=True, slots=True)
class AskOdds:
    """Version B, a void seat that may ask for the face-down trump (see the module).

    ``chance``: asking, then in each world the card with the best chance once the
    face-down card is seen. ``cards``: every card the seat may play after asking, with the
    record's face-down card (``face_down``) seen, over its own worlds (``exact``,
    ``worlds``). ``dd``: asking's double-dummy value in the real deal."""

    chance: Chance
    face_down: Card
    cards: dict[Card, CardOdds]
    exact: bool
    worlds: int
    dd: int | None = None

    def to_json(self) -> dict[str, Any]:
        out = self.chance.to_json()
        if self.dd is not None:
            out["dd"] = value_text(self.dd)
        out.update(
            face_down=str(self.face_down),
            exact=self.exact,
            worlds=self.worlds,
            cards={c.name: c.to_json() for c in self.cards.values()},
        )
        return out


@dataclass(frozen=True)
class Odds:
    """Every choice's chances at one position, from one seat's view (see the module)."""

    after: int
    """Cards of the line played before the position."""
    trick: int
    """The trick under way."""
    seat: Seat
    """Whose view, and whose side's chances."""
    to_play: Seat
    exact: bool
    """Every consistent world solved (else a sample)."""
    worlds: int
    """How many worlds fit what the seat has seen."""
    cards: dict[Card, CardOdds]
    """Each card played without asking, best chance first (then in hand order)."""
    samples: int | None = None
    """Worlds drawn and solved when not exact."""
    seed: int | None = None
    most: int | None = None
    """When not exact, the most worlds the position is given (the solver's ``samples``):
    ``samples`` is fewer when the stopping rule was met (:func:`settled`) or for a first
    look (``glance``)."""
    glance: bool = False
    """A first look: only ``samples // GLANCE`` of the worlds, the rest to come."""
    ask: AskOdds | None = None
    dd: int | None = None
    """The position's double-dummy value in the real deal (A/C's outcome)."""
    deal: int | None = None
    """The deal's number in its file, when it came from one."""

    @property
    def team(self) -> Team:
        return team_of(self.seat)

    @property
    def best(self) -> CardOdds:
        """The card with the best chance (asking aside)."""
        return next(iter(self.cards.values()))

    def to_json(self) -> dict[str, Any]:
        """The JSON object of ``mendikot-replay odds --json``."""
        observer = self.seat != self.to_play
        out: dict[str, Any] = {
            "deal": self.deal,
            "after": self.after,
            "trick": self.trick,
            "seat": self.seat,
            "to_play": self.to_play,
            "team": self.team,
            "exact": self.exact,
            "worlds": self.worlds,
        }
        if not self.exact:
            out["samples"] = self.samples
            out["seed"] = self.seed
            out["most_samples"] = self.most
            if self.glance:
                out["glance"] = True
        if self.dd is not None:
            out["dd"] = value_text(self.dd)
        out["cards"] = {str(c): o.to_json(worlds=observer) for c, o in self.cards.items()}
        if self.ask is not None:
            out["ask"] = self.ask.to_json()
        return out

    def text(self) -> str:
        """The ranked table ``mendikot-replay odds`` prints."""
        team = f"{self.team[0]}/{self.team[1]}"
        where = f"deal {self.deal}, " if self.deal is not None else ""
        head = [
            f"{where}after {self.after} cards (trick {self.trick}): {self.to_play} to play; "
            f"the chances of {team} from {self.seat}'s view"
        ]
        if self.exact:
            head.append(
                f"  exact: all {self.worlds} worlds that fit what {self.seat} has seen, "
                "each solved double-dummy"
            )
        else:
            head.append(
                f"  {self.samples} worlds drawn (seed {self.seed}) of the {self.worlds} that "
                f"fit what {self.seat} has seen; ± one standard error"
            )
            most, samples = self.most, self.samples or 0
            if self.glance:
                head.append(f"  a first look: {samples} of the {most} worlds to solve")
            elif most is not None and samples < most:
                head.append(
                    f"  stopped at {samples} of {most} worlds: every chance's standard error "
                    f"is at most {stop_bound(most) * 100:.1f} points, as {most} worlds give "
                    "at worst"
                )
        observer = self.seat != self.to_play
        rows = list(self.cards.values())
        ask_row = self.ask
        lines = [*head, _header(not self.exact, observer)]
        placed = False
        for row in rows:
            if ask_row is not None and not placed and ask_row.chance.key() > row.chance.key():
                lines.append(_row("^T", ask_row.chance, ask_row.dd, observer) + "  (ask first)")
                placed = True
            lines.append(_row(row.symbol, row.chance, row.dd, observer))
        if ask_row is not None:
            if not placed:
                lines.append(_row("^T", ask_row.chance, ask_row.dd, observer) + "  (ask first)")
            how = "exact" if ask_row.exact else "sampled"
            lines.append(
                f"  after asking, the face-down card {ask_row.face_down} seen "
                f"({how}, {ask_row.worlds} worlds):"
            )
            for row in ask_row.cards.values():
                lines.append("  " + _row(row.symbol, row.chance, row.dd, False))
        return "\n".join(lines)


def _header(sampled: bool, observer: bool) -> str:
    win = f"{'win':>12}" if sampled else f"{'win':>7}"
    extra = f"{'worlds':>8}" if observer else ""
    return f"  {'card':<5}{win}{'tie':>7}{'loss':>7}{extra}  double dummy"


def _row(name: str, chance: Chance, dd: int | None, observer: bool) -> str:
    win = f"{chance.win:7.1%}"
    stderr = chance.stderr
    if stderr is not None:
        win += f" ±{stderr['win'] * 100:3.1f}"
    extra = f"{chance.worlds:>8}" if observer else ""
    shown = value_text(dd) if dd is not None else "-"
    return f"  {name:<5}{win}{chance.tie:7.1%}{chance.loss:7.1%}{extra}  {shown}"
