"""The match register: points over the deals of a match (docs/rules.md, "Match scoring").

>>> reg = MatchRegister(Scoring.BONUS, target=7)
>>> reg.add(Rules().result((4, 0), (9, 4)))
2
>>> reg.points, reg.mendikots, reg.finished
({'AC': 2, 'BD': 0}, {'AC': 1, 'BD': 0}, False)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from .result import DealResult
from .rules import Rules, Scoring
from .seats import TEAMS, Team

__all__ = ["MatchRegister", "Scoring", "deal_points", "deal_scores"]


def _per_team() -> dict[Team, int]:
    return {"AC": 0, "BD": 0}


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

    >>> lost = Rules().result((1, 3), (7, 6))
    >>> deal_scores(lost, Scoring.GRADED), deal_scores(lost, Scoring.TENS)
    ({'AC': 0, 'BD': 1}, {'AC': 1, 'BD': 3})
    """
    scores = _per_team()
    if scoring is Scoring.TENS:
        scores["AC"], scores["BD"] = result.tens
    elif result.winner is not None:
        scores[result.winner] = _BY_KIND[scoring][result.kind]
    if result.winner is not None and all_aces and result.kind in ("mendikot", "whitewash"):
        scores[result.winner] += 1
    return scores


def deal_points(result: DealResult, scoring: Scoring, *, all_aces: bool = False) -> int:
    """Points the winners of one deal score (:func:`deal_scores`; 0 for a tie)."""
    if result.winner is None:
        return 0
    return deal_scores(result, scoring, all_aces=all_aces)[result.winner]


#: The ``match-tie-break`` house rule's order: what decides a match level on points.
TIE_BREAK: Final = ("whitewashes", "mendikots", "tens", "won", "tricks")


@dataclass
class MatchRegister:
    """Running score of a match. A match ends when a team reaches ``target`` points (or
    after ``deals`` deals, when that is agreed); more points wins, equal points are shared
    -- or, with ``tie_break`` (the ``match-tie-break`` house rule), go to the team with more
    whitewashes, then mendikots, then tens over the match, then deals won, then tricks.

    >>> reg = MatchRegister(Scoring.TENS, tie_break=True)
    >>> reg.add(Rules().result((3, 1), (6, 7))), reg.add(Rules().result((1, 3), (4, 9)))
    (3, 3)
    >>> reg.points, reg.leader, reg.decided_by
    ({'AC': 4, 'BD': 4}, 'BD', 'tricks')
    """

    scoring: Scoring = Scoring.PLAIN
    target: int | None = None
    deals: int | None = None
    points: dict[Team, int] = field(default_factory=_per_team)
    mendikots: dict[Team, int] = field(default_factory=_per_team)
    whitewashes: dict[Team, int] = field(default_factory=_per_team)
    played: int = 0
    ties: int = 0
    tie_break: bool = False
    tens: dict[Team, int] = field(default_factory=_per_team)
    """Tens taken over the match."""
    tricks: dict[Team, int] = field(default_factory=_per_team)
    """Tricks taken over the match."""
    won: dict[Team, int] = field(default_factory=_per_team)
    """Deals won."""

    @classmethod
    def for_rules(cls, rules: Rules) -> MatchRegister:
        """The register of a match played under ``rules``: its scoring, target and
        ``match-tie-break`` (every caller that keeps a match's score starts here)."""
        return cls(rules.scoring, rules.target, tie_break=rules.match_tie_break)

    def add(self, result: DealResult, *, all_aces: bool = False) -> int:
        """Enter one deal; returns the points it scored for its winners (0 for a tie;
        under ``tens`` both teams score, :func:`deal_scores`)."""
        self.played += 1
        scores = deal_scores(result, self.scoring, all_aces=all_aces)
        for i, team in enumerate(TEAMS):
            self.points[team] += scores[team]
            self.tens[team] += result.tens[i]
            self.tricks[team] += result.tricks[i]
        if result.winner is None:
            self.ties += 1
            return 0
        self.won[result.winner] += 1
        if result.kind == "whitewash":
            self.whitewashes[result.winner] += 1
        elif result.kind == "mendikot":
            self.mendikots[result.winner] += 1
        return scores[result.winner]

    @property
    def finished(self) -> bool:
        if self.target is not None and max(self.points.values()) >= self.target:
            return True
        return self.deals is not None and self.played >= self.deals

    @property
    def leader(self) -> Team | None:
        """The team ahead: on points, or when level (under ``tie_break``) by the first of
        :data:`TIE_BREAK` that tells them apart; ``None`` when level (a shared match at the
        end)."""
        decided = self.decided_by
        if decided is None:
            return None
        count: dict[Team, int] = getattr(self, decided)
        return "AC" if count["AC"] > count["BD"] else "BD"

    @property
    def decided_by(self) -> str | None:
        """What puts the leader ahead: ``"points"``, or under ``tie_break`` the first of
        :data:`TIE_BREAK` that differs (``None``: level)."""
        for name in ("points", *(TIE_BREAK if self.tie_break else ())):
            count: dict[Team, int] = getattr(self, name)
            if count["AC"] != count["BD"]:
                return str(name)
        return None
