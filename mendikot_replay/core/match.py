"""The match register: points over the deals of a match (docs/rules.md, "Match scoring").

>>> reg = MatchRegister(Scoring.BONUS, target=7)
>>> reg.add(deal_result((4, 0), (9, 4), 13))
2
>>> reg.points, reg.mendikots, reg.finished
({'AC': 2, 'BD': 0}, {'AC': 1, 'BD': 0}, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .result import DealResult, deal_result
from .rules import Scoring
from .seats import Team

__all__ = ["MatchRegister", "Scoring", "deal_points", "deal_result"]


def deal_points(result: DealResult, scoring: Scoring, *, all_aces: bool = False) -> int:
    """Points the winners of one deal score.

    ``plain``: 1 a deal. ``bonus``: a mendikot 2, a whitewash 4. ``all_aces`` (the
    ``bonus-aces`` house rule, when the winners also took all four aces along with all four
    tens) adds 1 in either profile.
    """
    if result.winner is None:
        return 0
    points = 1
    if scoring is Scoring.BONUS:
        points = {"win": 1, "mendikot": 2, "whitewash": 4}[result.kind]
    if all_aces and result.tens[0 if result.winner == "AC" else 1] == 4:
        points += 1
    return points


@dataclass
class MatchRegister:
    """Running score of a match. A match ends when a team reaches ``target`` points (or
    after ``deals`` deals, when that is agreed); more points wins, equal points are shared."""

    scoring: Scoring = Scoring.PLAIN
    target: int | None = None
    deals: int | None = None
    points: dict[Team, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    mendikots: dict[Team, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    whitewashes: dict[Team, int] = field(default_factory=lambda: {"AC": 0, "BD": 0})
    played: int = 0
    ties: int = 0

    def add(self, result: DealResult, *, all_aces: bool = False) -> int:
        """Enter one deal; returns the points it scored for its winners."""
        self.played += 1
        if result.winner is None:
            self.ties += 1
            return 0
        if result.kind == "whitewash":
            self.whitewashes[result.winner] += 1
        elif result.kind == "mendikot":
            self.mendikots[result.winner] += 1
        scored = deal_points(result, self.scoring, all_aces=all_aces)
        self.points[result.winner] += scored
        return scored

    @property
    def finished(self) -> bool:
        if self.target is not None and max(self.points.values()) >= self.target:
            return True
        return self.deals is not None and self.played >= self.deals

    @property
    def leader(self) -> Team | None:
        """The team ahead on points, or ``None`` when level (a shared match at the end)."""
        ac, bd = self.points["AC"], self.points["BD"]
        return None if ac == bd else "AC" if ac > bd else "BD"
