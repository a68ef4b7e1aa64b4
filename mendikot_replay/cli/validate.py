"""``mendikot-replay validate``: read, replay and check every deal (text or ``--json``)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from typing import Any, TextIO

from ..pmn.check import MatchTracker
from ..pmn.record import PMNError
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    check_files,
    plural,
    problem_line,
    read_file,
    sorted_problems,
)


def _validate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths: list[str] = args.files
    check_files(paths)
    failed = False
    if args.json:
        return _validate_json(paths, out, err, strict=args.strict)
    for path in paths:
        deals = with_errors = warnings = 0
        try:
            for record in read_file(path):
                deals += 1
                with_errors += bool(record.errors)
                warnings += len(record.warnings)
                for problem in sorted_problems(record):
                    print(problem_line(path, problem, record.index), file=out)
        except PMNError as exc:
            print(problem_line(path, exc.problem, None), file=out)
            failed = True
        failed = failed or with_errors > 0 or (args.strict and warnings > 0)
        print(
            f"{path}: {plural(deals, 'deal')}, {with_errors} with errors, "
            f"{plural(warnings, 'warning')}",
            file=out,
        )
    return EXIT_PROBLEMS if failed else EXIT_OK


def _validate_json(paths: Sequence[str], out: TextIO, err: TextIO, *, strict: bool) -> int:
    """Write the JSON array one deal at a time (bounded memory on a large corpus).

    A file the reader refuses as a whole has no deals to report: its message goes to
    standard error and the exit status says so.
    """
    from ..views.report import deal_report

    failed = False
    first = True
    out.write("[")
    for path in paths:
        tracker = MatchTracker()
        try:
            for record in read_file(path, tracker):
                report = deal_report(record)
                report["file"] = path
                name = record.tags.get("Match")
                if name is not None:
                    report["match"] = _register_json(tracker, name)
                failed = failed or bool(report["errors"]) or (strict and bool(report["warnings"]))
                out.write("\n  " if first else ",\n  ")
                out.write(json.dumps(report, ensure_ascii=False))
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
    validate.set_defaults(handler=_validate)
