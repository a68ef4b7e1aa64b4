"""``mendikot-replay show``: the terminal replay of one deal."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..pmn.reader import pick_deal
from ..pmn.record import PMNError
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    check_files,
    deal_number,
    problem_line,
    read_file,
    use_color,
)


def _show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..views.terminal import render_deal

    path: str = args.file
    check_files([path])
    try:
        record = pick_deal(read_file(path), args.deal, path)
    except PMNError as exc:
        print(problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    out.write(render_deal(record, use_color(args.no_color, out)))
    return EXIT_PROBLEMS if record.errors else EXIT_OK


def add_parser(commands: Any) -> None:
    """The ``show`` subcommand's options."""
    show = commands.add_parser(
        "show",
        help="replay one deal trick by trick",
        description="Print a readable replay of one deal: players, rules, hands, every "
        "trick, the result, the tens and the next dealer.",
    )
    show.add_argument("file", metavar="FILE", help="PMN file ('-': stdin)")
    show.add_argument(
        "--deal",
        type=deal_number,
        default=1,
        metavar="N",
        help="which deal of the file, counting from 1 (default 1)",
    )
    show.add_argument(
        "--no-color",
        "--no-colour",
        dest="no_color",
        action="store_true",
        help="no ANSI colour even on a terminal (colour is never used when piped)",
    )
    show.set_defaults(handler=_show)
