"""``mendikot-replay html``: one self-contained page that steps through the deals."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from ..pmn.reader import no_such_deal
from ..pmn.record import DealRecord, PMNError
from ..pmn.user_text import visible
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_force,
    check_files,
    check_output,
    deal_number,
    non_negative,
    plural,
    problem_line,
    read_file,
    sorted_problems,
)


def _html(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write one self-contained page (no network) that steps through the deal(s) in any
    browser: the page of :func:`~.views.html.page_html`. A deal with errors is still on the
    page (the viewer shows where its replay stops) and is reported here."""
    from ..views.html import page_html

    path: str = args.file
    check_files([path])
    output: str | None = args.output
    if output is None:
        if path == "-":
            raise UsageError("standard input (-) needs -o/--output (a file, or - for stdout)")
        output = str(Path(path).with_suffix(".html"))
    check_output(output, [path], "give the page another name with -o")
    records: list[DealRecord] = []
    count = 0
    try:
        for count, record in enumerate(read_file(path), 1):
            if args.deal is None or count == args.deal:
                records.append(record)
                for problem in sorted_problems(record):
                    print(problem_line(path, problem, record.index), file=err)
    except PMNError as exc:
        print(problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    if args.deal is not None and not records:
        raise no_such_deal(path, count, args.deal)
    title = args.title or (Path(path).stem if path != "-" else "Mendikot deals")
    page = page_html(records, title=title, analyse=args.analyse, max_tricks=args.max_tricks)
    if output == "-":
        out.write(page)
    else:
        from ..pmn.files import write_bytes_atomically

        write_bytes_atomically(output, page.encode("utf-8", "surrogateescape"), force=args.force)
        print(f"{visible(output)}: {plural(len(records), 'deal')}", file=err)
    return EXIT_PROBLEMS if any(r.errors for r in records) else EXIT_OK


def add_parser(commands: Any) -> None:
    """The ``html`` subcommand's options."""
    page = commands.add_parser(
        "html",
        help="write a self-contained web page that steps through the deals",
        description="Write one HTML page (no network needed, opens from a file in any "
        "browser) with a stepping viewer for every deal of FILE, or for --deal N: the table, "
        "the tens ledger, annotations and the result, with buttons and keys to step card by "
        "card. Without JavaScript the page still shows the hands, every trick and the result.",
        epilog="Exit status: 0 written, 1 written but some deal has an error (or the file "
        "cannot be read), 2 usage error.",
    )
    page.add_argument("file", metavar="FILE", help="PMN file ('-': stdin, needs -o)")
    page.add_argument(
        "--deal", type=deal_number, default=None, metavar="N", help="only deal N (from 1)"
    )
    page.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="the page to write (default: FILE with .html; '-': standard output)",
    )
    page.add_argument("--title", metavar="TEXT", help="the page title (default: FILE's name)")
    page.add_argument(
        "--analyse",
        action="store_true",
        help="embed the double-dummy solver's value of every legal card at every step "
        "(the page's 'analyse' toggle starts on; solving takes seconds per full deal)",
    )
    page.add_argument(
        "--max-tricks",
        type=non_negative,
        default=None,
        metavar="T",
        help="with --analyse: solve only positions with at most T tricks left (default: all "
        "of them with the compiled solver, else 5)",
    )
    add_force(page)
    page.set_defaults(handler=_html)
