"""``mendikot-replay diagram``: one moment of a deal as an SVG picture, for a handout.

The picture is :func:`~..views.svg.snapshot_svg`'s — the hands, the trick on the table, the
trump, tricks and tens per team — at the moment asked for: before a trick (``--trick T``)
or after the first K cards (``--after K``); by default the end of the deal, or a position's
start. ``--hide`` draws seats as card backs, for a "what would you play?" sheet.
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..core.seats import seats
from ..pmn.files import write_bytes_atomically
from ..pmn.reader import pick_deal
from ..pmn.record import PMNError
from ..pmn.user_text import visible
from ..views.svg import record_svg
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    UsageError,
    add_force,
    cards_before_trick,
    check_files,
    check_output,
    deal_number,
    non_negative,
    problem_line,
    read_file,
    trick_number,
)


def add_parser(commands: Any) -> None:
    """The ``diagram`` subcommand's options."""
    diagram = commands.add_parser(
        "diagram",
        help="draw one moment of a deal as an SVG picture (for handouts)",
        description="Draw the hands, the trick on the table, the trump and the counts of "
        "one moment of a deal as a self-contained SVG picture: before trick T (--trick T) "
        "or after the first K cards of the main line (--after K); by default the end of the "
        "deal, or a position's start. --hide draws seats as card backs.",
        epilog="Exit status: 0 written, 1 the deal has errors or the file cannot be read or "
        "written, 2 usage error (no such deal, trick or card).",
    )
    diagram.add_argument("file", metavar="FILE", help="PMN file ('-': stdin)")
    diagram.add_argument(
        "--deal", type=deal_number, default=1, metavar="N", help="which deal (default 1)"
    )
    when = diagram.add_mutually_exclusive_group()
    when.add_argument(
        "--trick",
        type=trick_number,
        default=None,
        metavar="T",
        help="the moment before trick T (the deal's trick numbers, a position's included)",
    )
    when.add_argument(
        "--after",
        type=non_negative,
        default=None,
        metavar="K",
        help="the moment after the first K cards of the main line",
    )
    diagram.add_argument(
        "--hide", default="", metavar="SEATS", help="seats drawn as card backs, e.g. B,D"
    )
    diagram.add_argument(
        "--size", type=int, default=600, metavar="PX", help="width in pixels (default 600)"
    )
    diagram.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="the SVG to write ('-': stdout)"
    )
    add_force(diagram)
    diagram.set_defaults(handler=_diagram)


def _diagram(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    path: str = args.file
    check_files([path])
    check_output(args.output, [path], "give the picture another name with -o")
    if args.size < 100:
        raise UsageError("--size must be at least 100 pixels")
    try:
        record = pick_deal(read_file(path), args.deal, path)
    except PMNError as exc:
        print(problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    if record.setup is None or record.timeline is None or not len(record.timeline):
        print(f"{visible(path)}: deal {args.deal}: cannot be replayed; run validate", file=err)
        return EXIT_PROBLEMS
    table = seats(record.setup.rules.players)
    hidden = [s.strip().upper() for s in args.hide.split(",") if s.strip()]
    unknown = [s for s in hidden if s not in table]
    if unknown:
        raise UsageError(f"--hide: no seat {', '.join(unknown)} at this table")
    ply: int | None = args.after
    if args.trick is not None:
        ply = cards_before_trick(record, args.trick, args.deal)
    reached = len(record.timeline) - 1
    if ply is not None and ply > reached:
        raise UsageError(
            f"deal {args.deal} can be drawn after at most {reached} cards, not {ply}"
            + (" (its replay stops at an error: run validate)" if record.errors else "")
        )
    picture = record_svg(record, ply, hidden=hidden, size=args.size)
    if args.output == "-":
        out.write(picture)
    else:
        write_bytes_atomically(args.output, picture.encode("utf-8"), force=args.force)
        print(f"{visible(args.output)}: deal {args.deal}", file=err)
    return EXIT_PROBLEMS if record.errors else EXIT_OK
