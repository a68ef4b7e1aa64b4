"""``mendikot-replay format``: canonical PMN, in place, to ``-o`` or ``--check``."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from ..pmn.record import PMNError
from ..pmn.user_text import visible
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_force,
    canonical,
    check_files,
    check_output,
    problem_line,
    report_broken,
    source_of,
)


def _format(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    paths: list[str] = args.files
    if args.output is not None and len(paths) != 1:
        raise UsageError("-o/--output takes exactly one input file")
    if args.output is not None and args.check:
        raise UsageError("--check writes nothing: it cannot be used with -o/--output")
    if "-" in paths and args.output is None and not args.check:
        raise UsageError("standard input (-) can be formatted only with -o/--output")
    check_files(paths)
    check_output(args.output, paths, "formatting without -o rewrites the file in place")
    differ = False
    refused = False
    for path in paths:
        try:
            if args.check:
                if not _format_check(path, err):
                    print(f"would reformat {visible(path)}", file=out)
                    differ = True
            elif args.output is not None:
                _format_to(path, args.output, out, err, args.force)
            else:
                if _format_in_place(path, err, args.force):
                    print(f"reformatted {visible(path)}", file=out)
        except PMNError as exc:
            print(problem_line(path, exc.problem, None), file=err)
            refused = True
    return EXIT_PROBLEMS if differ or refused else EXIT_OK


def _format_check(path: str, err: TextIO) -> bool:
    """Whether ``path`` is already canonical (nothing is written)."""
    from ..pmn.reader import read_deals
    from ..pmn.writer import same_as_file

    return same_as_file(report_broken(path, read_deals(Path(path)), err), Path(path))


def _format_to(path: str, output: str, out: TextIO, err: TextIO, force: bool) -> None:
    from ..pmn.reader import read_deals
    from ..pmn.writer import write_file

    records = report_broken(path, read_deals(source_of(path)), err)
    if output == "-":
        canonical(records, out)
        return
    write_file(Path(output), records, force=force)


def _format_in_place(path: str, err: TextIO, force: bool) -> bool:
    """Rewrite ``path`` canonically; returns whether it changed. An unchanged file is not
    touched at all (its modification time stays), which keeps build tools quiet."""
    from ..pmn.reader import read_deals
    from ..pmn.writer import write_file

    records = report_broken(path, read_deals(Path(path)), err)
    return write_file(Path(path), records, unless_same=True, force=force)


def add_parser(commands: Any) -> None:
    """The ``format`` subcommand's options."""
    fmt = commands.add_parser(
        "format",
        help="rewrite files in canonical PMN",
        description="Rewrite each file in canonical PMN, in place (atomically) or to -o OUT. "
        "A deal with errors is kept byte for byte as written (bad UTF-8 and a deal too long "
        "to read included) and reported on standard error; if one cannot be kept, nothing "
        "is written. Lines starting with % other than the version line are dropped, as "
        "canonical PMN has none.",
        epilog="Exit status: 0 done, 1 (with --check) some file would change, or a file "
        "cannot be read, 2 usage error.",
    )
    fmt.add_argument("files", nargs="+", metavar="FILE", help="PMN file")
    fmt.add_argument(
        "--check",
        action="store_true",
        help="write nothing; list the files that are not canonical (exit 1 if any)",
    )
    fmt.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write to OUT instead of in place ('-': standard output); one FILE only",
    )
    add_force(fmt)
    fmt.set_defaults(handler=_format)
