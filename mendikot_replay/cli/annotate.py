"""``mendikot-replay annotate``: write the strategy points into the deals."""

from __future__ import annotations

import argparse
import functools
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..pmn.record import DealRecord, PMNError
from ..pmn.user_text import visible
from .cluster import Cluster, DealsJob, Text, add_cluster_options
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_force,
    canonical,
    check_files,
    check_output,
    problem_line,
    report_broken_deal,
    source_of,
)

if TYPE_CHECKING:
    from ..pmn.writer import WrittenDeal
    from .analyse import Analyser


class _Annotator:
    """``annotate``'s work on one deal at a time, the same in one process and on a cluster's
    worker (:class:`.cluster.DealsJob`): a deal with errors reported and kept as written,
    the others given their points (with ``--dd``, ``--odds``: the analysis's too)."""

    def __init__(self, args: argparse.Namespace, err: TextIO, *, quiet: bool = False) -> None:
        self.args = args
        self.err = err
        self.added = 0
        self.analyser: Analyser | None = None
        if args.dd or args.odds:
            from .analyse import Analyser

            self.analyser = Analyser(args, err, quiet=quiet)

    def close(self) -> None:
        if self.analyser is not None:
            self.analyser.close()

    def counts(self) -> dict[str, int]:
        return {"added": self.added, **(self.analyser.counts() if self.analyser else {})}

    def add(self, counts: Mapping[str, int]) -> None:
        self.added += counts.get("added", 0)
        if self.analyser is not None:
            self.analyser.add({k: n for k, n in counts.items() if k != "added"})

    def deal(self, path: str, record: DealRecord, out: TextIO) -> bool:
        """Whether the deal got a point (one that did not is left as written)."""
        from ..analysis.chances import write_chances
        from ..analysis.points import annotate

        args, analyser = self.args, self.analyser
        report_broken_deal(path, record, self.err)
        count = 0
        if analyser is not None and args.dd and not record.errors:
            count = analyser.annotate(path, record)
        elif not record.errors:
            count = len(annotate(record))
        wrote = False
        if analyser is not None and args.odds and not record.errors:
            chances = analyser.chances(path, record)
            if chances is not None:
                before = _chance_points(record)
                wrote = write_chances(record, chances)
                count += _chance_points(record) - before
        self.added += count
        return count > 0 or wrote


def _annotate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the strategy points of every deal into it (``annotate.annotate``): to standard
    output, to ``-o OUT`` (all files' deals in one), or back into each file (``--in-place``).
    A deal with errors is kept exactly as written and reported."""
    from ..pmn.reader import read_deals
    from ..pmn.writer import rewrite_file, write_file

    paths: list[str] = args.files
    if args.output is not None and args.in_place:
        raise UsageError("choose -o/--output or --in-place, not both")
    if "-" in paths and args.in_place:
        raise UsageError("standard input (-) cannot be annotated in place")
    if args.max_tricks is not None and not (args.dd or args.odds):
        raise UsageError("--max-tricks limits the analysis: use it with --dd or --odds")
    check_files(paths)
    check_output(args.output, paths, "--in-place writes the points into the files")
    annotator = _Annotator(args, err, quiet=Cluster.asked(args))
    cluster = Cluster.open(args, paths, err)
    sent: Text = "changed" if args.in_place else "all"  # without -o: all to standard output
    job = DealsJob(functools.partial(_Annotator, args, quiet=True), sent)

    def edits(path: str) -> Iterator[tuple[DealRecord | WrittenDeal, bool]]:
        """Each deal with whether it got a point (one that did not is left as written)."""
        if cluster is not None:
            yield from cluster.edits(path, job, annotator, out)
            return
        for record in read_deals(source_of(path)):
            yield record, annotator.deal(path, record, out)

    def annotated(path: str) -> Iterator[DealRecord | WrittenDeal]:
        return (record for record, _ in edits(path))

    try:
        if args.in_place:
            for path in paths:
                before = annotator.added
                rewrite_file(Path(path), edits(path), force=args.force)
                print(f"{visible(path)}: {annotator.added - before} points added", file=err)
        elif args.output is not None and args.output != "-":
            write_file(
                Path(args.output),
                (r for path in paths for r in annotated(path)),
                force=args.force,
            )
            print(f"{visible(args.output)}: {annotator.added} points added", file=err)
        else:
            canonical((r for path in paths for r in annotated(path)), out)
    except PMNError as exc:
        print(problem_line(paths[0], exc.problem, None), file=err)
        return EXIT_PROBLEMS
    finally:
        annotator.close()
        if cluster is not None:
            cluster.close()  # also on Ctrl-C: the tasks cancelled, a local cluster stopped
    failed = annotator.analyser is not None and annotator.analyser.failed
    return EXIT_PROBLEMS if failed else EXIT_OK


def _chance_points(record: DealRecord) -> int:
    """How many single-dummy mistakes are marked on the record's main line."""
    from ..analysis.chances import POINT_KIND
    from ..analysis.points import recorded_points

    return sum(point["kind"] == POINT_KIND for point in recorded_points(record))


def add_parser(commands: Any) -> None:
    """The ``annotate`` subcommand's options."""
    annotate = commands.add_parser(
        "annotate",
        help="mark the strategy points of every deal",
        description="Find the strategy points of every deal (ten captured, lost, protected, "
        "ruffed; unsafe ten lead; trump revealed, cut, premature reveal; long-suit discard; "
        "trump kept in reserve; the 2-2 race) and write them as [%point ...] comments and "
        "NAGs. Annotating twice adds nothing; your own comments are never changed. With --dd "
        "also the double-dummy analysis of the 'analyse' command, with --odds its "
        "single-dummy chances.",
        epilog="Exit status: 0 done, 1 a file cannot be read (or, with --dd or --odds, a deal "
        "could not be analysed: it still gets its strategy points), 2 usage error.",
    )
    annotate.add_argument("files", nargs="+", metavar="FILE", help="PMN file ('-': stdin)")
    where = annotate.add_mutually_exclusive_group()
    where.add_argument("-o", "--output", metavar="OUT", help="write all deals to OUT")
    where.add_argument("--in-place", action="store_true", help="rewrite each file (atomically)")
    from .analyse import add_dd_options, add_odds_options

    add_dd_options(annotate)
    add_odds_options(annotate)
    add_force(annotate)
    add_cluster_options(annotate)
    annotate.set_defaults(handler=_annotate)
