"""``mendikot-replay validate``: read, replay and check every deal (text or ``--json``).

A deal is checked where it is read — in this process, or by a cluster's worker reading a
chunk of its file (``--scheduler``, ``--workers``) — into a :class:`_Checked`: its problems
and report. The matches are followed here, in file order, from what each deal says of its
match (:meth:`~mendikot_replay.pmn.check.MatchTracker.follow`): a match runs through the whole
file, a chunk holds only part of it. So the warnings and registers are the same either way.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from ..pmn.check import MatchDeal, MatchNotes, MatchTracker
from ..pmn.record import DealRecord, PMNError, Problem
from ..pmn.user_text import json_text, visible
from .cluster import Cluster, add_cluster_options
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    check_files,
    plural,
    problem_line,
    read_file,
    sort_problems,
)


@dataclass(frozen=True, slots=True)
class _Checked:
    """One deal as ``validate`` reports it, but for its match: what a worker sends back."""

    index: int | None
    problems: list[Problem]
    """Its errors, then its warnings."""
    errors: int
    report: dict[str, Any] | None
    """``--json``: its object (``views.report.deal_report``, with ``file``)."""
    match: MatchDeal | None


def _check(path: str, record: DealRecord, notes: MatchNotes, as_json: bool) -> _Checked:
    report: dict[str, Any] | None = None
    if as_json:
        from ..views.report import deal_report

        report = deal_report(record)
        report["file"] = path
    problems = [*record.errors, *record.warnings]
    return _Checked(record.index, problems, len(record.errors), report, notes.take(record.index))


@dataclass(frozen=True, slots=True)
class _CheckJob:
    """``validate`` on a chunk (a cluster's task)."""

    as_json: bool

    def __call__(
        self, records: Iterator[tuple[str, DealRecord]], notes: MatchNotes
    ) -> list[_Checked]:
        return [_check(path, record, notes, self.as_json) for path, record in records]


def _checked(path: str, as_json: bool, cluster: Cluster | None) -> Iterator[_Checked]:
    """The deals of ``path`` checked, in file order: on the cluster, or read here."""
    if cluster is not None:
        for part in cluster.file(path, _CheckJob(as_json)):
            yield from part
        return
    notes = MatchNotes()
    for record in read_file(path, notes):
        yield _check(path, record, notes, as_json)


def _follow(tracker: MatchTracker, deal: _Checked) -> Problem | None:
    """The deal's place in its match: the warning of a dealer out of turn, if any."""
    return tracker.follow(deal.match) if deal.match is not None else None


def _validate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths: list[str] = args.files
    check_files(paths)
    cluster = Cluster.open(args, paths, err)
    try:
        if args.json:
            return _validate_json(paths, out, err, strict=args.strict, cluster=cluster)
        return _validate_text(paths, out, strict=args.strict, cluster=cluster)
    finally:
        if cluster is not None:
            cluster.close()


def _validate_text(
    paths: Sequence[str], out: TextIO, *, strict: bool, cluster: Cluster | None
) -> int:
    failed = False
    for path in paths:
        deals = with_errors = warnings = 0
        tracker = MatchTracker()
        try:
            for deal in _checked(path, False, cluster):
                warning = _follow(tracker, deal)
                problems = deal.problems if warning is None else [*deal.problems, warning]
                deals += 1
                with_errors += deal.errors > 0
                warnings += len(problems) - deal.errors
                for problem in sort_problems(problems):
                    print(problem_line(path, problem, deal.index), file=out)
        except PMNError as exc:
            print(problem_line(path, exc.problem, None), file=out)
            failed = True
        failed = failed or with_errors > 0 or (strict and warnings > 0)
        print(
            f"{visible(path)}: {plural(deals, 'deal')}, {with_errors} with errors, "
            f"{plural(warnings, 'warning')}",
            file=out,
        )
    return EXIT_PROBLEMS if failed else EXIT_OK


def _validate_json(
    paths: Sequence[str], out: TextIO, err: TextIO, *, strict: bool, cluster: Cluster | None
) -> int:
    """Write the JSON array one deal at a time (bounded memory on a large corpus).

    A file the reader refuses as a whole has no deals to report: its message goes to
    standard error and the exit status says so.
    """
    failed = False
    first = True
    out.write("[")
    for path in paths:
        tracker = MatchTracker()
        try:
            for deal in _checked(path, True, cluster):
                report = deal.report
                assert report is not None
                warning = _follow(tracker, deal)
                if warning is not None:
                    report["warnings"].append(warning.to_json())
                name = report["tags"].get("Match")
                if name is not None:
                    report["match"] = _register_json(tracker, name)
                failed = failed or bool(report["errors"]) or (strict and bool(report["warnings"]))
                out.write("\n  " if first else ",\n  ")
                out.write(json_text(report))
                first = False
        except PMNError as exc:
            print(problem_line(path, exc.problem, None), file=err)
            failed = True
    out.write("]\n" if first else "\n]\n")
    return EXIT_PROBLEMS if failed else EXIT_OK


def _register_json(tracker: MatchTracker, name: str) -> dict[str, Any] | None:
    """The match register after the latest deal of match ``name`` (``None`` when no deal
    of it could be scored yet, such as a match made only of positions)."""
    register = tracker.register(name)
    if register is None:
        return None
    return {
        "name": name,
        "played": register.played,
        "points": dict(register.points),
        "mendikots": dict(register.mendikots),
        "whitewashes": dict(register.whitewashes),
        "ties": register.ties,
        "won": dict(register.won),
        "tens": dict(register.tens),
        "tricks": dict(register.tricks),
        "leader": register.leader,
        "decided_by": register.decided_by,
        "scoring": register.scoring.value,
        "target": register.target,
        "finished": register.finished,
    }


def add_parser(commands: Any) -> None:
    """The ``validate`` subcommand's options."""
    validate = commands.add_parser(
        "validate",
        help="read, replay and check every deal",
        description="Read, replay and check every deal of the files. Prints one line per "
        "problem (FILE:LINE:COL: deal N: error: message) and a summary per file.",
        epilog="Exit status: 0 no deal has an error (warnings allowed, unless --strict), 1 "
        "some deal has an error (or, with --strict, a warning) or a file cannot be read, 2 "
        "usage error.",
    )
    validate.add_argument("files", nargs="+", metavar="FILE", help="PMN file ('-': stdin)")
    validate.add_argument(
        "--json",
        action="store_true",
        help="print a JSON array with one object per deal (docs/json-schema.md)",
    )
    validate.add_argument(
        "--strict",
        action="store_true",
        help="warnings fail too (exit 1): a play that stops short without *, a revoke "
        "recorded with ^R, a dealer out of turn in a match...",
    )
    add_cluster_options(validate)
    validate.set_defaults(handler=_validate)
