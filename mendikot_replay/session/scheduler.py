r"""The slow work of a session, scheduled: what is wanted, the next task, its result kept.

The solver's values (the "analyse" toggle, a quiz's grade), the chances of a quiz's
positions and the graph of the main line are worked out as bounded :class:`~.jobs.Task`\ s:
:meth:`Scheduler.next_task` says what comes next, any thread (or none) runs it,
:meth:`Scheduler.finish` keeps its result and puts what the page shows into the session's
state (``analysis``, ``quiz_odds``, ``chance_graph``). Results are kept by the card they are
of (a node of the play tree), so they outlive the tree's node ids; a change of the main
line, the settings or the record starts a new generation, and a task of an older one is
stopped between worlds and its result dropped. The blocking calls (:meth:`analysis_at`,
:meth:`deal_chances`, :meth:`quiz_odds_at`) do what they need in the calling thread.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ..analysis.chances import CardChance, ChanceLine, DealChances
from ..analysis.double_dummy import AnalysisError
from ..analysis.odds import Odds
from ..errors import MendikotError
from ..pmn.record import PlayNode
from .board import Board
from .chance_view import chance_graph_entry, quiz_odds_entry
from .jobs import ChanceSolver, Graph, Interrupted, Lane, Task
from .payload import JSON, analysis_entry, failed_entry

__all__ = ["JobHost", "Scheduler"]

T = TypeVar("T")


class JobHost(Protocol):
    """What the scheduler reads of the session (the options, the board) and writes to it."""

    state: dict[str, Any]

    def board_or_none(self) -> Board | None: ...

    def put(self, name: str, value: Any) -> None: ...


def _key(node: PlayNode | None) -> int:
    """A card's key among the entries: its identity (0 for the start)."""
    return 0 if node is None else id(node)


class Scheduler:
    """The jobs of one session (see the module docstring); ``chance_threads`` is how many
    threads the chances solve worlds with."""

    def __init__(self, host: JobHost, chance_threads: int) -> None:
        self.host = host
        self.chance_threads = chance_threads
        self._solved: dict[int, tuple[PlayNode | None, JSON]] = {}
        """The solver's entries by ``id()`` of their node (0 for the start), with the node
        (so that an entry is found again after the tree's ids changed)."""
        self._quiz_known: dict[int, tuple[PlayNode | None, JSON]] = {}
        self._quiz_wanted: list[PlayNode | None] = []
        self._graph = Graph()
        self._odds: ChanceSolver | None = None
        self.odds_lock = threading.Lock()
        """Held while the chances' solver works: its double-dummy table is not shared."""
        self._chance_gen = 0
        """Bumped when the main line, the settings or the record change: a task of an older
        generation stops (between worlds) and its result is dropped."""
        self._running: Task | None = None
        """The chances task under way (set while it holds :attr:`odds_lock`)."""

    def _board(self) -> Board:
        board = self.host.board_or_none()
        assert board is not None, "the jobs are of a board"
        return board

    def _step(self) -> int:
        return int(self.host.state["step"])

    def _last_step(self) -> int:
        state = self.host.state
        return max(len(state["path"]) - 1, 0) if state["data"].get("steps") else 0

    # -- what is wanted -------------------------------------------------------------------
    def analysis_wanted(self) -> bool:
        """Whether the solver's values are wanted: the toggle, or a quiz — graded by them,
        or by the chances, which take far longer at the first tricks: the solver's grade is
        shown at once meanwhile, and the chances' replace it when they come."""
        return self.host.board_or_none() is not None and bool(
            self.host.state["analyse"] or self.host.state["quiz_seat"]
        )

    def quiz_by_chances(self) -> bool:
        return bool(self.host.state["quiz_seat"]) and self.host.state["quiz_grade"] == "chances"

    def wants(self) -> None:
        """Note what the chances are wanted for now: the quiz's positions (they follow the
        step) and the graph of the main line."""
        if self.host.board_or_none() is None:
            return
        self._quiz_wanted = self._quiz_positions() if self.quiz_by_chances() else []
        if self._graph.key is None and self.host.state["chances"]:  # made when first wanted
            self._graph = self._new_graph()
            self.publish_graph()

    def _quiz_positions(self) -> list[PlayNode | None]:
        """The positions the quiz needs next on the line shown: the one of the answer just
        given (the card before the one shown, when the quizzed seat played it), then the
        question shown now or the next one along the line."""
        board = self._board()
        seat = self.host.state["quiz_seat"]
        line: list[PlayNode | None] = [None, *board.line]
        steps = board.view.get("steps", [])
        k = min(board.step, len(line) - 1)

        def asks(j: int) -> bool:
            nxt = line[j + 1]
            at = steps[board.id_of(line[j])] if steps else {}
            return nxt is not None and nxt.seat == seat and at.get("to_play") == seat

        out: list[PlayNode | None] = []
        if k >= 1 and asks(k - 1):
            out.append(line[k - 1])
        ahead = next((j for j in range(k, len(line) - 1) if asks(j)), None)
        if ahead is not None:
            out.append(line[ahead])
        return out

    def _main_key(self) -> tuple[object, ...]:
        """What the graph is of: the record, its set-up and the cards of its main line."""
        record = self._board().record
        line = tuple((id(n), n.card, n.reveal_request) for n in record.mainline())
        return (id(record), id(record.setup), line)

    def _new_graph(self) -> Graph:
        graph = Graph(key=self._main_key())
        try:
            graph.line = ChanceLine(
                self._board().record, max_tricks=self.host.state["chance_max_tricks"]
            )
        except AnalysisError as refused:
            graph.error = str(refused)
        return graph

    def option_set(self, name: str) -> None:
        """Start or stop what option ``name``'s new value asks for."""
        if name in ("chance_samples", "chance_seed", "chance_max_tricks"):
            # Other samples or seed are other chances: no position scored holds any more
            # (a new cut of tricks keeps them).
            self.reset_chances(keep_scored=name == "chance_max_tricks")
        self.wants()
        if name == "chances":
            self.publish_graph()

    def main_line_edited(self) -> None:
        """The tree changed: a new main line means a new graph (every position it shares
        with the old one already scored); node ids changed, so the quiz's entries are
        sent again under their new ones."""
        if self.host.board_or_none() is None:
            return
        if self._graph.key is not None and self._graph.key != self._main_key():
            self._chance_gen += 1
            self._graph = Graph()  # made again when wanted (by _wants, as the tree is shown)
            self.publish_graph()
        if self._quiz_known:
            self._publish_quiz()

    def forget_scores(self) -> None:
        """Another record (read again, or the next deal): no position scored holds any
        more, neither the solver's values nor the chances (the quiz's included)."""
        self._solved.clear()
        self.host.put("analysis", {})
        self.reset_chances()

    def reset_chances(self, *, keep_scored: bool = False) -> None:
        self._chance_gen += 1
        if not keep_scored:
            self._odds = None
            self._quiz_known.clear()
            self.host.put("quiz_odds", {})
        self._graph = Graph()  # made again when wanted
        self.wants()
        self.publish_graph()

    # -- the jobs: tasks ----------------------------------------------------------------
    def next_task(self, lane: Lane, *, here_only: bool = False) -> Task | None:
        """The next bounded piece of work of ``lane`` (``None``: nothing is wanted).
        ``here_only``: only what the position shown needs (the solver's values of this
        step; the quiz's positions and the graph as usual), for a front end that works in
        the foreground and looks no further."""
        if self.host.board_or_none() is None:
            return None
        if lane == "analysis":
            todo = self._next_to_solve(here_only)
            if not todo:
                return None
            return Task("analysis", todo[0], 0, self._solving(todo[0]))
        if self.quiz_by_chances():
            for node in self._quiz_wanted:
                if _key(node) not in self._quiz_known:
                    return Task("quiz", node, self._chance_gen, self._scoring(node))
        graph = self._graph
        wanted = graph.next_card() if self.host.state["chances"] else None
        if wanted is None:
            return None
        card, glance = wanted
        line = graph.line
        assert line is not None
        work = self._odds_work(lambda s: line.card(card, s, glance=glance))
        return Task("graph", None, self._chance_gen, work, ply=card)

    def _next_to_solve(self, here_only: bool) -> list[PlayNode | None]:
        """The card to solve next, in a list (``[None]``: the start; ``[]`` when all are
        done or nobody wants the values): the one on screen first, then the rest of the
        line shown from there on, then the cards before it, then the rest of the tree."""
        if not self.analysis_wanted():
            return []
        if not self.host.state["analyse"] and self.quiz_by_chances():
            # only the quiz's positions: its answer graded at once, before the chances
            todo = self._quiz_positions()
            return next(([node] for node in todo if _key(node) not in self._solved), [])
        line: list[PlayNode | None] = [None, *self._board().line]
        here = min(self._step(), len(line) - 1)
        if here_only:
            return [line[here]] if _key(line[here]) not in self._solved else []
        order = [*range(here, len(line)), *range(here - 1, -1, -1)]
        nodes: list[PlayNode | None] = [line[k] for k in order] + self._board().nodes
        return next(([node] for node in nodes if _key(node) not in self._solved), [])

    def _solving(self, node: PlayNode | None) -> Callable[[Task], JSON]:
        board = self._board()
        record, solver, cap = board.record, board.solver, board.max_tricks

        def work(_task: Task) -> JSON:
            with board.solver_lock:  # one search at a time: the solver's table is not shared
                try:
                    return analysis_entry(record, 0, solver, cap, node=node)
                except Exception as failure:  # a solver bug must not leave "solving…" forever
                    return failed_entry(0, f"the solver failed: {failure!r}", cap)

        return work

    def _scoring(self, node: PlayNode | None) -> Callable[[Task], Odds]:
        record = self._board().record
        setup = record.setup
        plays = record.plays(record.line_to(node)) if setup is not None else []

        def score(solver: ChanceSolver) -> Odds:
            if setup is None:
                raise ValueError("the record's tags do not give a playable set-up")
            return solver.line(setup, plays, deal=record.index)

        return self._odds_work(score)

    def _odds_work(self, work: Callable[[ChanceSolver], T]) -> Callable[[Task], T]:
        """``work`` with the chances' solver, one task at a time (its table is not shared);
        while it runs, the task is the one :meth:`_check_chances` may stop."""

        def run(task: Task) -> T:
            with self.odds_lock:
                self._running = task
                try:
                    return work(self.solver())
                finally:
                    self._running = None

        return run

    def solver(self) -> ChanceSolver:
        if self._odds is None:
            self._odds = ChanceSolver(
                self._check_chances,
                samples=self.host.state["chance_samples"],
                seed=self.host.state["chance_seed"],
                workers=self.chance_threads,
            )
        return self._odds

    def _check_chances(self, between: bool) -> None:
        """Called by the chances' solver before each new position (``between``) and after
        each world: stop the task under way (:class:`~.jobs.Interrupted`) when its result
        would be dropped (the deal or the settings changed, the toggle went off), or early
        in a position (``between``) when something more urgent waits: for the graph, a
        quiz's position; for a quiz's position, the one the page has moved on to. A
        blocking call (no task under way) is never stopped."""
        task = self._running
        if task is None:
            return
        if task.gen != self._chance_gen:
            raise Interrupted
        if task.kind == "quiz":
            if not self.quiz_by_chances():
                raise Interrupted
            moved_on = all(_key(n) != _key(task.node) for n in self._quiz_wanted)
            if between and moved_on:  # the page went elsewhere: its question first
                raise Interrupted
            return
        if not self.host.state["chances"]:
            raise Interrupted
        waiting = any(_key(n) not in self._quiz_known for n in self._quiz_wanted)
        if between and self.quiz_by_chances() and waiting:
            raise Interrupted

    def finish(self, task: Task) -> None:
        """Take a task's result into the state (dropped when stale or interrupted)."""
        if task.interrupted:
            return
        if task.kind == "analysis":
            entry = task.result if task.failure is None else failed_entry(0, repr(task.failure))
            self._solved[_key(task.node)] = (task.node, entry)
            self.publish()
            return
        if task.gen != self._chance_gen:
            return
        if task.kind == "quiz":
            failure = task.failure
            if failure is None:
                entry = quiz_odds_entry(task.result)
            elif isinstance(failure, (ValueError, MendikotError)):
                entry = {"status": "unavailable", "reason": str(failure)}
            else:  # a bug must not leave "working…" forever
                entry = {"status": "unavailable", "reason": f"the chances failed: {failure!r}"}
            self._quiz_known[_key(task.node)] = (task.node, entry)
            self._publish_quiz()
            return
        failure = task.failure
        if failure is None:
            assert task.ply is not None
            self._graph.scored[task.ply] = task.result
        elif isinstance(failure, AnalysisError):
            self._graph.error = str(failure)
        else:
            self._graph.error = f"the chances failed: {failure!r}"
        self.publish_graph()

    def work(self, lane: Lane, *, here_only: bool = False) -> bool:
        """Run the next task of ``lane`` here and now; whether there was one. A front end
        with no threads calls this between its user's requests."""
        task = self.next_task(lane, here_only=here_only)
        if task is None:
            return False
        self.finish(task.run())
        return True

    # -- the jobs: results --------------------------------------------------------------
    def publish(self) -> None:
        """Put the entries known into ``analysis``, by the node ids of the payload shown
        (entries of cards no longer in the tree are dropped)."""
        board = self._board()
        published: dict[str, JSON] = {}
        for node, entry in list(self._solved.values()):
            try:
                number = board.id_of(node)
            except KeyError:
                continue
            entry["step"] = number  # ids change as the tree grows; the card does not
            published[str(number)] = entry
        self.host.put("analysis", dict(sorted(published.items(), key=lambda item: int(item[0]))))

    def _publish_quiz(self) -> None:
        board = self._board()
        published: dict[str, JSON] = {}
        for node, entry in list(self._quiz_known.values()):
            try:
                number = board.id_of(node)
            except KeyError:
                continue
            published[str(number)] = {**entry, "step": number}
        self.host.put("quiz_odds", dict(sorted(published.items(), key=lambda item: int(item[0]))))

    def publish_graph(self) -> None:
        """Put the graph as far as it is known into ``chance_graph``."""
        if self.host.board_or_none() is None:
            return
        graph = self._graph
        on = self.host.state["chances"]
        if not on:
            status = "off"
        elif graph.error is not None:
            status = "unavailable"
        elif graph.done:
            status = "done"
        else:
            status = "working"
        result = graph.result(self._odds) if on and self._odds is not None else None
        self.host.put(
            "chance_graph",
            chance_graph_entry(
                result,
                status=status,
                done=len(graph.scored) - graph.glanced,
                total=graph.total,
                glanced=graph.glanced,
                samples=self.host.state["chance_samples"],
                seed=self.host.state["chance_seed"],
                reason=graph.error,
            ),
        )

    # -- blocking calls, for scripts and tests ------------------------------------------
    def analysis_at(self, step: int | None = None) -> JSON:
        """The solver's entry for ``step`` of the line shown (default: the current one),
        solved now if it is not known yet (in the calling thread)."""
        k = self._step() if step is None else min(max(int(step), 0), self._last_step())
        line: list[PlayNode | None] = [None, *self._board().line]
        node = line[k] if k < len(line) else None
        known = self._solved.get(_key(node))
        if known is None:
            self.finish(Task("analysis", node, 0, self._solving(node)).run())
            known = self._solved[_key(node)]
        return known[1]

    def deal_chances(self) -> DealChances:
        """The chances of the main line's cards, as the graph shows them, working out in
        the calling thread what is not known yet. Raises
        :class:`~.analysis.double_dummy.AnalysisError` when the deal cannot be scored."""
        graph = self._graph if self._graph.key == self._main_key() else self._new_graph()
        if graph.line is None:
            raise AnalysisError(graph.error or "the deal cannot be scored")
        solver = self.solver()
        try:
            with self.odds_lock:
                for k in graph.line.todo:
                    if k not in graph.scored:
                        graph.scored[k] = graph.line.card(k, solver)
        except AnalysisError as refused:
            graph.error = str(refused)
            self.publish_graph()
            raise
        self.publish_graph()
        result = graph.result(solver)
        return result if result is not None else graph.line.chances((), solver)

    def chances_at(self, step: int | None = None) -> CardChance | None:
        """The chances of card ``step`` of the main line (default: the current step)."""
        k = self._step() if step is None else int(step)
        return next((c for c in self.deal_chances() if c.ply == k), None)

    def quiz_odds_at(self, step: int | None = None) -> Odds:
        """The chances the quiz grades by at ``step`` of the line shown, computed now if
        not known. Raises ``ValueError`` when the position cannot be scored."""
        k = self._step() if step is None else min(max(int(step), 0), self._last_step())
        line: list[PlayNode | None] = [None, *self._board().line]
        task = Task("quiz", line[k], self._chance_gen, self._scoring(line[k])).run()
        self.finish(task)
        if task.failure is not None or task.result is None:
            entry = self._quiz_known.get(_key(line[k]))
            raise ValueError(entry[1].get("reason", "no chances here") if entry else "stale")
        odds: Odds = task.result
        return odds

    def foreground(self) -> None:
        """Work out now what the position shown needs (a front end with no background
        work: the solver's values of this step, the quiz's positions, the graph)."""
        while self.work("analysis", here_only=True):
            pass
        while True:
            task = self.next_task("chances")
            if task is None:
                return
            if task.kind == "graph":
                with contextlib.suppress(AnalysisError):  # told in chance_graph
                    self.deal_chances()
                return
            self.finish(task.run())
