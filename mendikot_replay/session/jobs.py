"""A session's background work as resumable jobs: one bounded step at a time.

A board's double-dummy values, its chances graph and its quiz's grades take from a
moment to a minute. Whatever front end drives the session — a kernel's thread, an asyncio
loop, a browser worker's loop with no threads at all — asks it for the next :class:`Task`
of a *lane* (``"analysis"``: the solver's values; ``"chances"``: the quiz's positions, then
the graph card by card from the end), runs it (:meth:`Task.run`: one position, with no
lock of the session held), and hands it back (:meth:`~.session.Session.finish`), which
stores the result and says what changed. A stop between tasks loses nothing computed: every
position scored is kept (the solver's entries by card, :class:`ChanceSolver`'s odds by
position), and a task whose result would be dropped (the line edited, the toggle off)
stops between worlds (:class:`Interrupted`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ..analysis.chances import CardChance, ChanceLine, DealChances
from ..analysis.odds import Odds, OddsSolver, Progress
from ..core.deal_setup import DealSetup
from ..pmn.record import Play, PlayNode

__all__ = ["LANES", "ChanceSolver", "Graph", "Interrupted", "Lane", "Task"]

Lane = Literal["analysis", "chances"]
LANES: Final[tuple[Lane, ...]] = ("analysis", "chances")
"""The two lanes of work: a driver with threads gives each its own, so that the solver's
values (quick) never wait behind a position's chances (slow)."""


class Interrupted(Exception):
    """A chances task stops between worlds: its result would be dropped, or a quiz waits."""


@dataclass(eq=False)
class Task:
    """One bounded piece of a session's work: solve one position (``"analysis"``), score one
    quiz position (``"quiz"``) or one card of the graph (``"graph"``).

    ``work`` is the computation itself (given the task, so that it can be stopped), with
    what it needs already taken from the session, so that it can run on any thread while
    the session goes on answering requests; ``gen``
    is the session's chances generation when the task was made (an older one's result is
    dropped)."""

    kind: Literal["analysis", "quiz", "graph"]
    node: PlayNode | None
    gen: int
    work: Callable[[Task], Any]
    ply: int | None = None
    """A graph task's card of the main line (0-based)."""
    result: Any = None
    failure: BaseException | None = None
    interrupted: bool = False
    done: bool = field(default=False, init=False)

    @property
    def lane(self) -> Lane:
        return "analysis" if self.kind == "analysis" else "chances"

    def run(self) -> Task:
        """Do the work: its result or its failure is kept for the session to take (a
        failure is an answer too: "unavailable", never "working…" forever)."""
        try:
            self.result = self.work(self)
        except Interrupted:
            self.interrupted = True
        except Exception as failure:
            self.failure = failure
        self.done = True
        return self


class ChanceSolver(OddsSolver):
    """The session's :class:`~.analysis.odds.OddsSolver`: it keeps every position it scored,
    so that the graph (card by card), the quiz (whose position, from the player to move's
    view, is the graph's) and a main line edited after its first cards all score each
    position once; and it lets the session stop it between worlds (``check``)."""

    def __init__(self, check: Callable[[bool], None], **settings: Any) -> None:
        super().__init__(**settings)
        self._check = check
        self._known: dict[tuple[int, tuple[Play, ...], str | None], tuple[DealSetup, Odds]] = {}

    def line(
        self,
        setup: DealSetup,
        plays: Sequence[Play],
        *,
        seat: Any = None,
        deal: int | None = None,
        progress: Progress | None = None,
        glance: bool = False,
    ) -> Odds:
        key = (id(setup), tuple(plays), seat)
        known = self._known.get(key)
        if known is not None and known[0] is setup:
            return known[1]
        self._check(True)

        def tick(done: int, total: int) -> None:
            self._check(2 * done < total)  # a quiz waiting may stop the first half only
            if progress is not None:
                progress(done, total)

        odds = super().line(setup, plays, seat=seat, deal=deal, progress=tick, glance=glance)
        if not odds.glance:  # a first look is kept by the solver, as worlds to go on from
            self._known[key] = (setup, odds)  # the set-up kept: its id stays its own
        return odds


class Graph:
    """The chances graph of one main line as far as it is scored: the cards from the last
    one back (``scored``, by 0-based card of the line)."""

    def __init__(self, key: object = None, line: ChanceLine | None = None) -> None:
        self.key = key
        self.line = line
        self.scored: dict[int, CardChance] = {}
        self.error: str | None = None

    @property
    def total(self) -> int:
        """Main-line cards it scores."""
        return len(self.line.todo) if self.line is not None else 0

    @property
    def glanced(self) -> int:
        """Cards scored by a first look only (a quarter of the worlds), to be made precise."""
        return sum(c.odds.glance for c in self.scored.values())

    @property
    def done(self) -> bool:
        return self.line is not None and len(self.scored) >= self.total and not self.glanced

    def next_card(self) -> tuple[int, bool] | None:
        """The card to score next, and whether by a first look: the last one not scored yet
        (the end of a deal is quick and its graph useful at once; each earlier card is
        slower), each by a first look where its worlds are sampled, so that the whole graph
        is drawn in about a quarter of the time; then, from the end again, each card
        looked at only so far, with the rest of its worlds."""
        if self.line is None or self.error is not None:
            return None
        todo = self.line.todo
        first = next((k for k in reversed(todo) if k not in self.scored), None)
        if first is not None:
            return first, True
        rough = next((k for k in reversed(todo) if self.scored[k].odds.glance), None)
        return (rough, False) if rough is not None else None

    def result(self, solver: OddsSolver) -> DealChances | None:
        if self.line is None or not self.scored:
            return None
        return self.line.chances(self.scored.values(), solver)
