"""What a deal teaches, in one pass: the one pipeline every front end calls.

The command line (``analyse``, ``annotate --dd``, on one machine or a cluster's workers)
and a board's session ask the same questions of a deal — the solver's verdict on each card
(:mod:`.double_dummy`), the single-dummy chances (:mod:`.chances`), the strategy points
(:mod:`.points`) — and write the answers in the same way. :class:`Pipeline` holds the
settings of a run (how far back to look, the objective, one chances solver shared by every
deal, a progress callback), :meth:`Pipeline.lesson` gives what one deal teaches or why it
cannot be worked out, and :meth:`Pipeline.write` puts it into the record. It prints nothing
and reads no file: a front end reports and saves.

>>> from mendikot_replay.players.simulate import simulate
>>> record = next(simulate(1, seed=1))
>>> lesson = Pipeline(max_tricks=2).lesson(record)
>>> lesson.failure, len(lesson.analysis), lesson.chances is None
(None, 8, True)
>>> Pipeline(max_tricks=2).write(record, lesson), Pipeline(max_tricks=2).write(record, lesson)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..pmn.record import DealRecord
from ..solver.search import Objective, Solver
from .chances import DealChances, deal_chances, write_chances
from .double_dummy import AnalysisError, DealAnalysis, Progress, analyse
from .odds import OddsSolver
from .points import StrategyPoint, annotate, write_analysis

__all__ = ["Lesson", "Pipeline"]

Report = Callable[[DealRecord, str], Progress | None]
"""Given a deal and what is being worked out (``"position"``, ``"chances"``), a
``progress(done, total)`` callback for it (or ``None``)."""


@dataclass(frozen=True)
class Lesson:
    """What one deal teaches: its double-dummy analysis and (when asked) its chances; or,
    in ``failure``, why they could not be worked out (the deal is then left as it is)."""

    analysis: DealAnalysis | None = None
    chances: DealChances | None = None
    failure: str | None = None


class Pipeline:
    """One run's settings (see the module docstring).

    ``max_tricks`` looks at the cards played with at most that many tricks left (``trick``
    instead: the cards from that trick on); ``objective`` is the solver's; ``odds`` an
    :class:`~.odds.OddsSolver` for the chances (``None``: no chances), shared by every deal
    of the run so that its tables are too; ``report`` gives each deal's progress callbacks.
    """

    def __init__(
        self,
        *,
        max_tricks: int | None = None,
        trick: int | None = None,
        objective: Objective = "outcome",
        odds: OddsSolver | None = None,
        report: Report | None = None,
    ) -> None:
        self.max_tricks = max_tricks
        self.trick = trick
        self.objective: Objective = objective
        self.odds = odds
        self.report = report

    def tricks_left(self, record: DealRecord) -> int | None:
        """The most tricks left a card may have been played with to be looked at."""
        if self.trick is not None and record.setup is not None:
            # The cards from trick N on are those played with at most this many tricks left.
            return record.setup.rules.tricks_per_deal - self.trick + 1
        return self.max_tricks

    def _progress(self, record: DealRecord, what: str) -> Progress | None:
        return self.report(record, what) if self.report is not None else None

    def lesson(self, record: DealRecord) -> Lesson:
        """The analysis (and the chances, with ``odds``) of one deal, or why not."""
        if record.errors:
            return Lesson(failure=f"has errors, not analysed ({record.errors[0].message})")
        cap = self.tricks_left(record)
        try:
            analysis = analyse(
                record,
                max_tricks=cap,
                solver=Solver(self.objective),
                progress=self._progress(record, "position"),
            )
        except AnalysisError as exc:
            return Lesson(failure=f"cannot analyse: {exc}")
        if self.odds is None:
            return Lesson(analysis=analysis)
        chances, failure = self.chances(record)
        return Lesson(analysis=analysis, chances=chances, failure=failure)

    def chances(self, record: DealRecord) -> tuple[DealChances | None, str | None]:
        """The single-dummy chances of the cards looked at (``odds`` is needed), or why
        they cannot be worked out."""
        assert self.odds is not None, "a pipeline without an odds solver works out no chances"
        try:
            chances = deal_chances(
                record,
                max_tricks=self.tricks_left(record),
                solver=self.odds,
                progress=self._progress(record, "chances"),
            )
        except AnalysisError as exc:
            return None, f"cannot work out the chances: {exc}"
        return chances, None

    @staticmethod
    def write(record: DealRecord, lesson: Lesson) -> bool:
        """Write a lesson into its record (``[%dd]``, the mistakes' glyphs and points, the
        chances' ``[%eval]`` and single-dummy mistakes); whether it changed. Idempotent,
        and nothing already there is edited."""
        if lesson.analysis is None:
            return False
        changed = write_analysis(record, lesson.analysis)
        if lesson.chances is not None:
            changed |= write_chances(record, lesson.chances)
        return changed

    def annotate(self, record: DealRecord) -> tuple[list[StrategyPoint], str | None]:
        """``annotate --dd``: the strategy points and the analysis written in; a deal the
        solver refuses gets the strategy points alone. The points added, and why the
        analysis could not be made (``None``: it was)."""
        try:
            added = annotate(
                record,
                double_dummy=True,
                max_tricks=self.max_tricks,
                progress=self._progress(record, "position"),
            )
        except AnalysisError as exc:
            return annotate(record), f"cannot analyse: {exc} (strategy points only)"
        return added, None
