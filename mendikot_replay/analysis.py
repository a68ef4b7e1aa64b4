"""Double-dummy analysis of a played deal: the outcome before and after every card, the
mistakes, and the card the deal turns on.

Each analysed card is judged by :func:`~mendikot_replay.solver.solve` on the position
before it: a card whose outcome (for its player's side) is worse than the position's best
is a ``mistake``, and the better card is named. The ``decisive`` card is the last analysed
card that changed the outcome (a mistake), or, when none did, the first at which the
outcome was kept by choosing right (the player had cards with worse outcomes).

The solver is pure Python: a full 13-trick deal would take far too long, so only positions
with at most ``max_tricks`` tricks left (default 4) are analysed; earlier cards are left out
of the list, and the result says where the analysis started.

:func:`write_analysis` puts the findings into the record through :mod:`.editing`:
``[%dd …]`` after every analysed card, ``??`` and ``[%point mistake CARD SEAT BETTER]`` on a
mistake, ``[%point decisive CARD SEAT]`` on the decisive card.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import editing
from .cards import Card
from .record import DealRecord
from .seats import Seat, team_of
from .solver import Move, position_after, solve, tricks_left, value_text


@dataclass(frozen=True)
class CardVerdict:
    """The solver's word on one card of the main line."""

    ply: int
    """1-based: the card is the ``ply``-th of the main line (editing's numbering)."""
    seat: Seat
    card: Card
    before: int
    """The outcome (A/C's side, :func:`~.solver.value_text`) before the card, best play."""
    after: int
    """The outcome after it, best play from there."""
    mistake: bool
    better: Card | None
    """For a mistake: a card that kept the best outcome."""
    decisive: bool = False

    @property
    def before_text(self) -> str:
        return value_text(self.before)

    @property
    def after_text(self) -> str:
        return value_text(self.after)


def analyse(record: DealRecord, max_tricks: int = 4) -> list[CardVerdict]:
    """The verdict on every card of the main line played with at most ``max_tricks``
    tricks left (the trick under way included). Earlier cards are not analysed: the
    pure-Python solver is too slow for them."""
    line = record.mainline()
    game = position_after(record, 0)
    out: list[CardVerdict] = []
    for k, node in enumerate(line):
        if node.card is None:
            break
        if tricks_left(game) <= max_tricks:
            solution = solve(game)
            seat = game.to_play
            assert seat is not None
            move = Move(node.card, node.reveal_request)
            after = solution.moves.get(move, solution.cards[node.card])
            ac = team_of(seat) == "AC"
            worse = after < solution.value if ac else after > solution.value
            out.append(
                CardVerdict(
                    k + 1,
                    seat,
                    node.card,
                    solution.value,
                    after,
                    worse,
                    solution.best if worse else None,
                    len(set(solution.cards.values())) > 1,
                )
            )
        game.play(node.card, ask_reveal=node.reveal_request, revoke=node.revoke)
    return _mark_decisive(out)


def _mark_decisive(verdicts: list[CardVerdict]) -> list[CardVerdict]:
    """Mark the card the main line's outcome turned on: the last card that changed the
    outcome; if none did, the first card at which the outcome was kept by choosing right
    (``decisive`` comes in holding "the choice mattered" and is recomputed here)."""
    mattered = [v.decisive for v in verdicts]
    out = [_with(v, decisive=False) for v in verdicts]
    changed = [i for i, v in enumerate(out) if v.after != v.before]
    if changed:
        i = changed[-1]
    elif any(mattered):
        i = mattered.index(True)
    else:
        return out
    out[i] = _with(out[i], decisive=True)
    return out


def _with(v: CardVerdict, *, decisive: bool) -> CardVerdict:
    return CardVerdict(v.ply, v.seat, v.card, v.before, v.after, v.mistake, v.better, decisive)


def write_analysis(record: DealRecord, verdicts: list[CardVerdict]) -> bool:
    """Write the verdicts into ``record`` (idempotent); returns whether it changed."""
    changed = False
    for v in verdicts:
        node = editing.node_at(record, v.ply)
        if not any(name == "dd" for name, _ in node.commands()):
            changed |= editing.add_comment(record, v.ply, f"[%dd {v.after_text}]")
        if v.mistake:
            changed |= editing.add_glyph(record, v.ply, "??")
            changed |= editing.add_point(record, v.ply, "mistake", v.card, v.seat, v.better)
        if v.decisive:
            changed |= editing.add_point(record, v.ply, "decisive", v.card, v.seat)
    return changed


__all__ = ["CardVerdict", "analyse", "write_analysis"]
