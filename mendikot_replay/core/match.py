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
from .seats import Team, team_index

__all__ = ["MatchRegister", "Scoring", "deal_points", "deal_result", "deal_scores"]


_BY_KIND: dict[Scoring, dict[str, int]] = {
    Scoring.PLAIN: {"win": 1, "mendikot": 1, "whitewash": 1},
    Scoring.BONUS: {"win": 1, "mendikot": 2, "whitewash": 4},
    Scoring.GRADED: {"win": 1, "mendikot": 2, "whitewash": 3},
}


def deal_scores(result: DealResult, scoring: Scoring, *, all_aces: bool = False) -> dict[Team, int]:
    """What each team scores for one deal.

    ``plain``: the winners 1. ``bonus``: a win 1, a mendikot 2, a whitewash 4. ``graded``: a
    win 1, a mendikot 2, a whitewash 3. ``tens``: each team the tens it took (a tie too).
    ``all_aces`` (the ``bonus-aces`` house rule, when the winners also took all four aces
    along with all four tens) gives the winners 1 more in every profile.

    >>> lost = deal_result((1, 3), (7, 6), 13)
    >>> deal_scores(lost, Scoring.GRADED), deal_scores(lost, Scoring.TENS)
    ({'AC': 0, 'BD': 1}, {'AC': 1, 'BD': 3})
    """
    scores: dict[Team, int] = {"AC": 0, "BD": 0}
    if scoring is Scoring.TENS:
        scores["AC"], scores["BD"] = result.tens
    elif result.winner is not None:
        scores[result.winner] = _BY_KIND[scoring][result.kind]
    if result.winner is not None and all_aces and result.tens[team_index(result.winner)] == 4:
        scores[result.winner] += 1
    return scores


def deal_points(result: DealResult, scoring: Scoring, *, all_aces: bool = False) -> int:
    """Points the winners of one deal score (:func:`deal_scores`; 0 for a tie)."""
    if result.winner is None:
        return 0
    return deal_scores(result, scoring, all_aces=all_aces)[result.winner]


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
        """Enter one deal; returns the points it scored for its winners (0 for a tie;
        under ``tens`` both teams score, :func:`deal_scores`)."""
        self.played += 1
        for team, scored in deal_scores(result, self.scoring, all_aces=all_aces).items():
            self.points[team] += scored
        if result.winner is None:
            self.ties += 1
            return 0
        if result.kind == "whitewash":
            self.whitewashes[result.winner] += 1
        elif result.kind == "mendikot":
            self.mendikots[result.winner] += 1
        return deal_points(result, self.scoring, all_aces=all_aces)

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
