"""The chances as the page draws them: the graph's points and the quiz's grades as JSON.

:mod:`~.analysis.chances` and :mod:`~.analysis.odds` give objects; a page (in a kernel or
a browser's worker) is sent plain data. The quiz's rule lives here too: an answer graded
by the chances is right when it is within :data:`QUIZ_MARGIN` of the best card's.
"""

from __future__ import annotations

from typing import Final

from ..analysis.chances import CardChance, DealChances
from ..analysis.odds import DEFAULT_SAMPLES, Odds
from ..core.cards import Card
from ..solver.search import value_text
from .payload import JSON

__all__ = [
    "QUIZ_GRADES",
    "QUIZ_MARGIN",
    "chance_graph_entry",
    "chance_point",
    "chance_right",
    "quiz_odds_entry",
]

QUIZ_MARGIN: Final = 0.05
"""A quiz answer graded by the chances is right when its chance of winning is at most this
much below the best card's: a sample of 200 worlds cannot tell closer cards apart (its
standard error is up to 3.5 points), so calling one of them wrong would be noise."""

QUIZ_GRADES: Final = ("chances", "double-dummy")
"""What may grade the quiz (``quiz_grade``)."""


def chance_point(chance: CardChance) -> JSON:
    """One point of the graph: a main-line card and the chances around it (see
    :class:`~.analysis.chances.CardChance`), with the double-dummy values as numbers (A/C's
    outcome) and as words."""
    point: JSON = {
        "ply": chance.ply,
        "trick": chance.trick,
        "seat": chance.seat,
        "team": chance.team,
        "card": str(chance.card),
        "asked": chance.asked,
        "ac_before": chance.ac_before,
        "ac_after": chance.ac_after,
        "win_before": chance.before.win,
        "win_after": chance.after.win,
        "best": chance.best,
        "mistake": chance.mistake,
        "exact": chance.odds.exact,
        "glance": chance.odds.glance,
        "dd_before": chance.dd_before,
        "dd_after": chance.dd_after,
    }
    for name in ("dd_before", "dd_after"):
        value = point[name]
        point[f"{name}_text"] = value_text(value) if value is not None else None
    return point


def chance_graph_entry(
    chances: DealChances | None,
    *,
    status: str,
    done: int = 0,
    total: int = 0,
    glanced: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    reason: str | None = None,
) -> JSON:
    """The ``chance_graph`` trait: the points known (in play order) and how far it got:
    ``done`` of ``total`` cards scored in full, ``glanced`` more by a first look (a point's
    ``glance``: a quarter of its worlds, made precise later)."""
    points = [chance_point(c) for c in chances] if chances is not None else []
    entry: JSON = {
        "status": status,
        "done": done,
        "total": total,
        "glanced": glanced,
        "samples": samples,
        "seed": seed,
        "points": points,
        "mistakes": [p["ply"] for p in points if p["mistake"]],
    }
    if reason is not None:
        entry["reason"] = reason
    return entry


def chance_right(odds: Odds, card: Card | str) -> bool:
    """Whether a quiz answer is right by the chances: a legal card whose chance of winning
    is at most :data:`QUIZ_MARGIN` below the best card's."""
    chosen = odds.cards.get(Card.parse(card) if isinstance(card, str) else card)
    if chosen is None:
        return False
    return odds.best.win - chosen.win <= QUIZ_MARGIN + 1e-9  # 0.64 - 0.59 is 0.0500…04


def quiz_odds_entry(odds: Odds) -> JSON:
    """A ``quiz_odds`` entry: every card of the player to move, best chance first, each
    with its chances (from that player's view), whether it is a right answer
    (:func:`chance_right`) and its double-dummy value in the real deal."""
    cards = []
    for row in odds.cards.values():
        stderr = row.chance.stderr
        cards.append(
            {
                "card": str(row.card),
                "win": row.win,
                "tie": row.tie,
                "loss": row.loss,
                "stderr": stderr["win"] if stderr is not None else None,
                "right": chance_right(odds, row.card),
                "dd": row.dd,
                "dd_text": value_text(row.dd) if row.dd is not None else None,
            }
        )
    best = odds.best
    entry: JSON = {
        "status": "done",
        "seat": odds.seat,
        "team": odds.team,
        "exact": odds.exact,
        "worlds": odds.worlds,
        "samples": odds.samples,
        "margin": QUIZ_MARGIN,
        "best": str(best.card),
        "best_win": best.win,
        "cards": cards,
        "ask": None,
    }
    if odds.ask is not None:
        ask = odds.ask.chance
        entry["ask"] = {"win": ask.win, "tie": ask.tie, "loss": ask.loss}
    return entry
