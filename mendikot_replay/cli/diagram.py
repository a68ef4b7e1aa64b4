"""``mendikot-replay diagram``: one moment of a deal as a picture, for a handout or a chat.

The picture is :func:`~..views.svg.snapshot_svg`'s — the hands, the trick on the table, the
trump, tricks and tens per team — at the moment asked for: before a trick (``--trick T``)
or after the first K cards (``--after K``); by default the end of the deal, or a position's
start. ``--hide`` draws seats as card backs, for a "what would you play?" sheet.

The output's name says what is written: ``.svg`` (a handout, a web page), ``.png`` (a chat),
or with ``--animate`` a ``.gif`` or ``.webp`` that plays the deal card by card — the trick
``--trick T`` alone, or from card K on with ``--after K`` (:mod:`~..views.picture`).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, Final, TextIO

from ..core.seats import seats
from ..pmn.files import write_bytes_atomically
from ..pmn.reader import pick_deal
from ..pmn.record import DealRecord, PMNError
from ..pmn.user_text import visible
from ..views.picture import (
    CARD_DELAY,
    PicturesUnavailable,
    animation,
    frame_plies,
    record_png,
)
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
        help="draw one moment of a deal as a picture (SVG, PNG), or play it (GIF, WebP)",
        description="Draw the hands, the trick on the table, the trump and the counts of "
        "one moment of a deal: before trick T (--trick T) or after the first K cards of the "
        "main line (--after K); by default the end of the deal, or a position's start. "
        "The output's name chooses the picture: .svg (self-contained, for handouts and "
        "pages) or .png (for a chat). --animate plays the deal card by card as an animated "
        ".gif or .webp: the whole deal, the trick T alone with --trick T, or from card K on "
        "with --after K; each ten on the table is marked. --hide draws seats as card backs.",
        epilog="Examples: diagram games.pmn --deal 3 --trick 9 -o t9.png; "
        "diagram games.pmn --deal 3 --animate -o deal3.gif. "
        "Exit status: 0 written, 1 the deal has errors or the file cannot be read or "
        "written, 2 usage error (no such deal, trick or card; PNG, GIF and WebP need the "
        "'pictures' extra).",
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
        "--size",
        type=int,
        default=None,
        metavar="PX",
        help="width in pixels (default 600; a PNG 900, sharp on a phone)",
    )
    diagram.add_argument(
        "--animate",
        action="store_true",
        help="play the deal (or the trick T, or from card K) card by card: a .gif or .webp",
    )
    diagram.add_argument(
        "--delay",
        type=int,
        default=CARD_DELAY,
        metavar="MS",
        help=f"with --animate, how long each card shows (default {CARD_DELAY} ms; a "
        "finished trick and the end stay longer)",
    )
    diagram.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="the picture to write: .svg, .png, or with --animate .gif or .webp "
        "('-': an SVG on stdout)",
    )
    add_force(diagram)
    diagram.set_defaults(handler=_diagram)


_STILL: Final = (".svg", ".png")
_ANIMATED: Final = (".gif", ".webp")


def _kind(output: str, animate: bool) -> str:
    """What the output's name asks for: ``svg``, ``png``, ``gif`` or ``webp``."""
    suffix = "" if output == "-" else Path(output).suffix.lower()
    if animate:
        if output == "-" or suffix not in _ANIMATED:
            raise UsageError(
                f"--animate writes a .gif or a .webp, not {visible(output)}: name the output "
                "e.g. deal.gif"
            )
        return suffix[1:]
    if output == "-" or suffix in ("", ".svg"):
        return "svg"
    if suffix == ".png":
        return "png"
    if suffix in _ANIMATED:
        raise UsageError(f"{visible(output)}: a {suffix} plays the deal: add --animate")
    raise UsageError(
        f"{visible(output)}: a picture is written as .svg or .png (or .gif or .webp with --animate)"
    )


def _diagram(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    path: str = args.file
    check_files([path])
    check_output(args.output, [path], "give the picture another name with -o")
    kind = _kind(args.output, args.animate)
    size: int = args.size if args.size is not None else (900 if kind == "png" else 600)
    if size < 100:
        raise UsageError("--size must be at least 100 pixels")
    if args.delay < 20:
        raise UsageError("--delay must be at least 20 milliseconds")
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
    try:
        if kind == "svg":
            picture = record_svg(record, ply, hidden=hidden, size=size).encode("utf-8")
        elif kind == "png":
            picture = record_png(record, ply, hidden=hidden, size=size)
        else:
            first = ply if ply is not None else 0
            last = None
            if args.trick is not None:  # the trick alone: until its last card
                last = min(first + _cards_left_in_trick(record, first), reached)
            plies = frame_plies(record, first, last)
            picture = animation(
                record,
                plies,
                kind="gif" if kind == "gif" else "webp",
                hidden=hidden,
                size=size,
                delay=args.delay,
            )
    except PicturesUnavailable as exc:
        raise UsageError(str(exc)) from exc
    if args.output == "-":
        out.write(picture.decode("utf-8"))
    else:
        write_bytes_atomically(args.output, picture, force=args.force)
        print(f"{visible(args.output)}: deal {args.deal}", file=err)
    return EXIT_PROBLEMS if record.errors else EXIT_OK


def _cards_left_in_trick(record: DealRecord, ply: int) -> int:
    """How many cards after ``ply`` finish the trick begun (or about to begin) there: the
    players' number, less what is already on the table unfinished."""
    timeline = record.timeline
    assert timeline is not None and record.setup is not None
    snap = timeline[ply]
    on_table = 0 if snap.trick_winner is not None else len(snap.table)
    return record.setup.rules.players - on_table
