"""``mendikot-replay analyse`` (and ``annotate --dd``): the solver's verdict on every card.

Registered by :func:`mendikot_replay.cli.app.build_parser`; kept apart so that ``cli.py`` stays
a table of contents. The work is :func:`.analysis.analyse` and :func:`.annotate.write_analysis`;
this module only reads the files, reports, and writes them back the way ``annotate`` does:

* without ``-o``/``--in-place``: a report on standard output, the mistakes and the decisive
  card of each deal (``--json``: one JSON object per deal, every card with the value of every
  legal card);
* ``-o OUT`` (``-``: standard output) or ``--in-place``: the deals with ``[%dd …]``, the
  mistakes' glyphs and the ``mistake`` / ``decisive`` points written in (idempotent; your
  own comments are never changed).

A deal that cannot be analysed (it has errors, a hand is unknown) is reported on standard
error and kept as written; the other deals are still analysed, and the exit status is 1.
"""

from __future__ import annotations

import argparse
import functools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

from ..core.cards import Card
from ..pmn.reader import no_such_deal
from ..pmn.record import DealRecord, PMNError
from ..pmn.user_text import json_text, visible
from .cluster import Cluster, DealsJob, add_cluster_options, deals_to_write
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_force,
    canonical,
    check_files,
    check_output,
    check_trick,
    deal_number,
    non_negative,
    plural,
    problem_line,
    progress_bar,
    read_file,
    trick_number,
)

if TYPE_CHECKING:
    from ..analysis.chances import DealChances
    from ..analysis.double_dummy import DealAnalysis, Progress
    from ..analysis.odds import OddsSolver
    from ..analysis.pipeline import Lesson
    from ..pmn.writer import WrittenDeal
    from ..solver.search import Objective

# The solver, the analysis and tqdm are imported when a command runs, not when the
# parser is built: every other command starts without them (and tqdm, an extra, only shows
# a bar when it is installed).
OBJECTIVES = ("outcome", "tens", "tricks")


def add_analyse(commands: Any) -> None:
    """The ``analyse`` subcommand."""
    parser = commands.add_parser(
        "analyse",
        aliases=["analyze"],
        help="double-dummy: the outcome after every card, mistakes, the decisive card",
        description="Solve every position of each deal's main line with all hands known and "
        "best play by both sides: the outcome before and after each card, the mistakes (the "
        "player had a card that kept a better outcome: ?? when it hands over the deal, ? when "
        "it only loses a mendikot or whitewash level) and the decisive card the deal turns "
        "on. Prints a report, or writes [%dd ...], the glyphs and the [%point mistake ...] / "
        "[%point decisive ...] points into the deals (-o, --in-place). Writing twice adds "
        "nothing; your own comments and glyphs are never changed.",
        epilog="Exit status: 0 every deal analysed, 1 some deal could not be (it has errors "
        "or unknown hands) or a file cannot be read, 2 usage error.",
    )
    parser.add_argument("files", nargs="+", metavar="FILE", help="PMN file ('-': stdin)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="OUT", help="write all deals to OUT ('-': stdout)")
    where.add_argument("--in-place", action="store_true", help="rewrite each file (atomically)")
    parser.add_argument(
        "--deal", type=deal_number, default=None, metavar="N", help="only deal N of each file"
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help="print one JSON object per deal (every card, with every legal card's value)",
    )
    start = parser.add_mutually_exclusive_group()
    _max_tricks_option(start)
    start.add_argument(
        "--trick",
        type=trick_number,
        default=None,
        metavar="N",
        help="analyse only the cards from trick N on (trick numbers are the deal's: a Start "
        "position's first trick is its Start trick, and an N before it analyses the whole "
        "position; an N past the deal's last trick is an error). The other way to say "
        "--max-tricks, "
        "counting from the first trick rather than the last (in a 13-trick deal --trick 11 "
        "is --max-tricks 3), so the two do not go together; with --trick no default limit "
        "applies, so from an early trick the pure-Python solver is slow",
    )
    parser.add_argument(
        "--objective",
        choices=OBJECTIVES,
        default="outcome",
        help="outcome (default); tens / tricks: how many A/C end with (report only)",
    )
    add_odds_options(parser)
    parser.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    add_force(parser)
    add_cluster_options(parser)
    parser.set_defaults(handler=_analyse)


def _max_tricks_option(parser: argparse.ArgumentParser | argparse._ActionsContainer) -> None:
    parser.add_argument(
        "--max-tricks",
        type=non_negative,
        default=None,
        metavar="T",
        help="analyse only the cards played with at most T tricks left (default: every card "
        "when the solver's compiled core is built, else the endgames the pure-Python solver "
        "does in seconds, as the viewer)",
    )


def add_dd_options(annotate: argparse.ArgumentParser) -> None:
    """``annotate --dd [--max-tricks T]``: the analysis together with the strategy points."""
    annotate.add_argument(
        "--dd",
        action="store_true",
        help="also run the double-dummy analysis (as 'analyse' writes it: [%%dd], mistakes, "
        "the decisive card)",
    )
    _max_tricks_option(annotate)


def add_odds_options(parser: argparse.ArgumentParser) -> None:
    """``--odds`` and how the chances are worked out (``analyse`` and ``annotate``)."""
    from .odds import add_sampling_options

    group = parser.add_argument_group(
        "single-dummy chances",
        "--odds scores every card analysed from its player's view: the chance its side had "
        "to win the deal before the card (with the best choice) and after it, over the deals "
        "of the cards that player had not seen that fit what it saw. A card whose chance was "
        "at least 0.2 below the best choice's is a single-dummy mistake, reported and "
        "written apart from the double-dummy ones ([%%eval TEAM P] on every card, [%%point "
        "single-dummy-mistake CARD SEAT BEST]). Early tricks take seconds a card.",
    )
    group.add_argument(
        "--odds",
        action="store_true",
        help="also work out every card's single-dummy chances (see above)",
    )
    add_sampling_options(group)


class Analyser:
    """Analyses deal after deal for one command, reporting what cannot be analysed; one
    progress bar for the whole run (on a terminal, unless quiet). On a cluster each task
    has one of its own, and their counts add up in the command's (:meth:`add`)."""

    counted: ClassVar[tuple[str, ...]] = ("analysed", "mistakes", "odds_mistakes", "failed")
    """The counts that add up over a cluster's tasks."""

    def __init__(self, args: argparse.Namespace, err: TextIO, *, quiet: bool = False) -> None:
        from ..analysis.pipeline import Pipeline
        from ..session.payload import default_max_tricks

        self.args = args

        self.max_tricks: int = (
            args.max_tricks if args.max_tricks is not None else default_max_tricks()
        )
        self.trick: int | None = getattr(args, "trick", None)
        """``analyse --trick N``: only the cards from trick N on (instead of max_tricks)."""
        self.objective: Objective = getattr(args, "objective", "outcome")
        self.err = err
        self.failed = 0
        self.analysed = 0
        self.mistakes = 0
        self.odds_mistakes = 0
        self.odds: OddsSolver | None = None
        """The solver of ``--odds`` (one for the run: its tables are shared)."""
        if getattr(args, "odds", False):
            from .odds import sampling_solver

            self.odds = sampling_solver(args)
        self.bar = progress_bar(err, quiet=quiet, unit="deal", leave=False)
        self.pipeline = Pipeline(
            max_tricks=self.max_tricks,
            trick=self.trick,
            objective=self.objective,
            odds=self.odds,
            report=self._progress,
        )

    def close(self) -> None:
        self.bar.close()

    def counts(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in self.counted}

    def add(self, counts: Mapping[str, int]) -> None:
        for name, value in counts.items():
            setattr(self, name, getattr(self, name) + value)

    def deal(self, path: str, record: DealRecord, out: TextIO) -> bool:
        """``analyse``'s work on one deal, the same in one process and on a cluster's worker
        (:class:`.cluster.DealsJob`): its report on ``out`` (``--json``: its object), or
        its analysis written into it (``-o``, ``--in-place``). Whether it changed."""
        args = self.args
        if args.deal is not None and record.index != args.deal:
            return False
        writing = args.in_place or args.output is not None
        lesson = self.lesson(path, record)
        analysis, chances = lesson.analysis, lesson.chances
        changed = False
        if lesson.failure is None and analysis is not None:
            if writing:
                changed = self.pipeline.write(record, lesson)
            if args.json:
                shown = _json(path, record, analysis, chances)
                out.write(json_text(shown) + "\n")
            elif not writing:
                out.write(_text(path, record, analysis, args.trick, chances))
        elif args.json:
            error = {"file": path, "deal": record.index, "error": "not analysed"}
            out.write(json_text(error) + "\n")
        return changed

    def _progress(self, record: DealRecord, what: str = "position") -> Progress:
        def progress(done: int, total: int) -> None:
            self.bar.set_postfix_str(f"deal {record.index}: {what} {done}/{total}", refresh=False)
            self.bar.update(0)

        return progress

    def lesson(self, path: str, record: DealRecord) -> Lesson:
        """What the pipeline makes of one deal, counted, and reported when it cannot."""
        if self.trick is not None and record.setup is not None and not record.errors:
            check_trick(record, self.trick, record.index or 0)
        try:
            lesson = self.pipeline.lesson(record)
        finally:
            self.bar.update(1)
        if lesson.analysis is not None:
            self.analysed += 1
            self.mistakes += len(lesson.analysis.mistakes)
        if lesson.chances is not None:
            self.odds_mistakes += len(lesson.chances.mistakes)
        if lesson.failure is not None:
            self._fail(path, record, lesson.failure)
        return lesson

    def chances(self, path: str, record: DealRecord) -> DealChances | None:
        """``--odds`` alone (``annotate --odds``): the chances, counted, or ``None``
        (reported)."""
        chances, failure = self.pipeline.chances(record)
        if failure is not None:
            self._fail(path, record, failure)
        if chances is not None:
            self.odds_mistakes += len(chances.mistakes)
        return chances

    def annotate(self, path: str, record: DealRecord) -> int:
        """``annotate --dd`` on one deal (without errors): the strategy points and the
        analysis; a deal the solver refuses gets the strategy points alone (reported).
        Returns how many points were added."""
        try:
            added, failure = self.pipeline.annotate(record)
        finally:
            self.bar.update(1)
        if failure is not None:
            self._fail(path, record, failure)
        else:
            self.analysed += 1
        return len(added)

    def _fail(self, path: str, record: DealRecord, message: str) -> None:
        self.failed += 1
        where = f"{path}:{record.line}" if record.line is not None else path
        self.bar.clear()
        print(f"{visible(where)}: deal {record.index}: {message}", file=self.err)


def _analyse(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths: list[str] = args.files
    if "-" in paths and args.in_place:
        raise UsageError("standard input (-) cannot be analysed in place")
    writing = args.in_place or args.output is not None
    if writing and args.objective != "outcome":
        raise UsageError("only the outcome is written into deals ([%dd]): drop --objective")
    if args.output == "-" and args.json:
        raise UsageError("-o - writes the deals to standard output: it cannot hold --json too")
    check_files(paths)
    check_output(args.output, paths, "--in-place writes the analysis into the files")
    analyser = Analyser(args, err, quiet=args.quiet or Cluster.asked(args))
    counts: dict[str, int] = {}
    cluster = Cluster.open(args, paths, err, quiet=args.quiet)
    job = DealsJob(functools.partial(Analyser, args, quiet=True), deals_to_write(args))

    def edits(path: str) -> Iterator[tuple[DealRecord | WrittenDeal, bool]]:
        """Each deal, with whether the analysis changed it (one that it did not is left as
        written by ``--in-place``); on a cluster, as its workers made it."""
        if cluster is not None:
            counts[path] = cluster.count(path)
            yield from cluster.edits(path, job, analyser, out)
            return
        counts[path] = 0
        for record in read_file(path):
            counts[path] += 1
            yield record, analyser.deal(path, record, out)

    def deals(path: str) -> Iterator[DealRecord | WrittenDeal]:
        return (record for record, _ in edits(path))

    try:
        if args.in_place:
            from ..pmn.writer import rewrite_file

            for path in paths:
                rewrite_file(Path(path), edits(path), force=args.force)
        elif args.output == "-":
            canonical((r for path in paths for r in deals(path)), out)
        elif args.output is not None:
            from ..pmn.writer import write_file

            write_file(
                Path(args.output),
                (r for path in paths for r in deals(path)),
                force=args.force,
            )
        else:
            for path in paths:
                for _ in deals(path):
                    pass
    except PMNError as exc:
        print(problem_line(paths[0], exc.problem, None), file=err)
        return EXIT_PROBLEMS
    finally:
        analyser.close()  # also when a --trick the deal does not have stops the run
        if cluster is not None:
            cluster.close()  # also on Ctrl-C: the tasks cancelled, a local cluster stopped
    if args.deal is not None:
        short = [p for p, n in counts.items() if n < args.deal]
        if short:
            raise no_such_deal(short[0], counts[short[0]], args.deal)
    if not args.quiet and writing:
        target = "in place" if args.in_place else args.output
        print(
            f"{plural(analyser.analysed, 'deal')} analysed ({target}), "
            f"{plural(analyser.mistakes, 'mistake')}"
            + (
                f", {plural(analyser.odds_mistakes, 'single-dummy mistake')}"
                if analyser.odds is not None
                else ""
            )
            + (f", {analyser.failed} not analysed" if analyser.failed else ""),
            file=err,
        )
    return EXIT_PROBLEMS if analyser.failed else EXIT_OK


def _json(
    path: str, record: DealRecord, analysis: DealAnalysis, chances: DealChances | None = None
) -> dict[str, Any]:
    out = {
        "file": path,
        "deal": record.index,
        "event": record.tags.get("Event"),
        **analysis.to_json(),
    }
    if chances is not None:
        out["chances"] = chances.to_json()
    return out


def _text(
    path: str,
    record: DealRecord,
    analysis: DealAnalysis,
    trick: int | None = None,
    chances: DealChances | None = None,
) -> str:
    """The report of one deal: a summary line, then the mistakes and the decisive card,
    then (``--odds``) the single-dummy mistakes."""
    event = record.tags.get("Event")
    head = f"{visible(path)} deal {record.index}" + (f" ({visible(event)})" if event else "")
    if not analysis:
        why = (
            f"the main line stops before trick {trick}"
            if trick is not None
            else "more than --max-tricks tricks left throughout"
        )
        return f"{head}: no card analysed ({why})\n"
    first = analysis[0]
    start, end = analysis.text(analysis.start), analysis.text(analysis.end)
    cards = plural(len(analysis), "card")
    scope = f"{cards} from trick {first.trick}" if analysis.skipped else cards
    lines = [
        f"{head}: {scope} analysed; {start} at the start, {end} at the end, "
        f"{plural(len(analysis.mistakes), 'mistake')}"
    ]
    for v in analysis:
        if not (v.mistake or v.decisive):
            continue
        mark = f"{'^T' if v.asked else ''}{v.card.symbol}{v.glyph or ''}"
        what = []
        if v.mistake:
            better = ", ".join(m.symbol for m in v.better_moves)
            what.append(f"{v.before_text} -> {v.after_text} (better: {better})")
        if v.decisive:
            if not v.mistake:
                losing = ", ".join(
                    f"{c.symbol} {v.text(x)}" for c, x in v.cards.items() if x != v.before
                )
                what.append(f"keeps {v.before_text} ({losing})")
            what.append("decisive")
        lines.append(f"  trick {v.trick} {v.seat} {mark}: {'; '.join(what)}")
    if chances is not None:
        lines.append(
            f"  single-dummy ({_sampling(chances)}): {plural(len(chances.mistakes), 'mistake')}"
        )
        for c in chances.mistakes:
            mark = f"{'^T' if c.asked else ''}{c.card.symbol}"
            lines.append(
                f"  trick {c.trick} {c.seat} {mark}: {c.team[0]}/{c.team[1]} win "
                f"{c.before.win:.0%} -> {c.after.win:.0%} (best: {_choice(c.best)})"
            )
    return "\n".join(lines) + "\n"


def _choice(name: str) -> str:
    """A choice as PMN names it (``KS``, ``^TKS``, ``^T``: asking first) as people read it."""
    ask, card = ("^T", name[2:]) if name.startswith("^T") else ("", name)
    return ask + (Card.parse(card).symbol if card else "")


def _sampling(chances: DealChances) -> str:
    """How the chances were worked out, for the report."""
    exact = all(c.odds.exact for c in chances)
    if exact:
        return "every position exact"
    return f"{chances.samples} worlds a position where more fit, seed {chances.seed}"


__all__ = ["Analyser", "add_analyse", "add_dd_options", "add_odds_options"]
