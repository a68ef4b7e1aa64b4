"""``mendikot-replay solve``: the double-dummy value of a position and of every card."""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from ..pmn.user_text import json_text, visible
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Moments,
    UsageError,
    check_files,
    deal_number,
    non_negative,
    trick_number,
)


def add_parser(commands: Any) -> None:
    """``solve``: the double-dummy value of a position and of every legal card."""
    solve = commands.add_parser(
        "solve",
        help="double-dummy: the best result and every legal card's value",
        description="Solve a position with every hand known and best play by both sides: "
        "the position after the first K cards of a deal's main line (--after K) or before "
        "trick N (--trick N); by default after all the cards given, so an unfinished record "
        "or a Start position is solved where it stops, and a deal played to its end from "
        "its start. "
        "Prints the value and the value after each legal card of the player to move. With "
        "the compiled core (built at install when a C compiler is present) any position is "
        "solved, a full deal in seconds; the pure-Python search alone is fast only for "
        "endgames, so it refuses positions with more than --max-tricks tricks left.",
        epilog="Exit status: 0 solved, 1 a deal has errors or cannot be solved, 2 usage "
        "error (also: too many tricks left, more cards than the main line has, a --trick "
        "the deal does not reach).",
    )
    solve.add_argument("file", metavar="FILE", help="PMN file ('-': stdin)")
    solve.add_argument(
        "--deal", type=deal_number, default=None, metavar="N", help="only deal N (from 1)"
    )
    where = solve.add_mutually_exclusive_group()
    where.add_argument(
        "--after",
        type=non_negative,
        default=None,
        metavar="K",
        help="solve after the first K cards of the main line (default: all of them; a deal "
        "played to its end is solved from its start)",
    )
    where.add_argument(
        "--trick",
        type=trick_number,
        default=None,
        metavar="N",
        help="solve the position before trick N, after all the cards of the tricks before "
        "it; trick numbers are the deal's, so a Start position's first trick is its Start "
        "trick (with any cards already on the table)",
    )
    solve.add_argument(
        "--objective",
        choices=("outcome", "tens", "tricks"),
        default="outcome",
        help="outcome: the deal result (AC win, BD mendikot, tie...); tens / tricks: the most "
        "the side to move can hold at the end (default outcome)",
    )
    solve.add_argument(
        "--max-tricks",
        type=non_negative,
        default=None,
        metavar="T",
        help="refuse positions with more than T tricks left (default: no limit with the "
        "compiled core, else 5; each extra trick costs roughly ten times as long)",
    )
    solve.add_argument("--json", action="store_true", help="print one JSON object per deal")
    solve.set_defaults(handler=_solve)


def _shown(value: int, objective: str) -> str | int:
    """A value for the JSON: words for the outcome, the number for tens and tricks."""
    from ..solver.search import value_text

    return value_text(value) if objective == "outcome" else value


def _solve(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from ..solver.search import (
        TWO_PACK_TRICKS,
        default_max_tricks,
        solvable_tricks,
        solve,
        tricks_left,
        value_text,
    )

    path: str = args.file
    max_tricks: int = default_max_tricks() if args.max_tricks is None else args.max_tricks
    check_files([path])
    status = EXIT_OK
    moments = Moments(path, args.deal, args.after, args.trick, err)
    for count, record, after, restart in moments:
        if restart:
            where = "from the start (its play is over; --after K or --trick T for a later moment)"
        elif args.trick is not None:
            where = f"before trick {args.trick}"
        else:
            where = f"after {after} cards"
        game = record.position(after)
        left = tricks_left(game)
        if left > solvable_tricks(game, max_tricks):
            limit = (
                f"the {TWO_PACK_TRICKS} a two-pack deal is solved with"
                if left <= max_tricks
                else f"--max-tricks {max_tricks}"
            )
            raise UsageError(f"deal {count} {where} has {left} tricks left, more than {limit}")
        try:
            solution = solve(game, args.objective)
        except ValueError as exc:
            print(f"{visible(path)}: deal {count}: {visible(str(exc))}", file=err)
            status = EXIT_PROBLEMS
            continue
        objective = args.objective
        if args.json:
            obj = {
                "deal": count,
                **({"trick": args.trick} if args.trick is not None else {}),
                "after": after,
                **({"from_start": True} if restart else {}),
                "to_play": game.to_play,
                "objective": objective,
                "value": _shown(solution.value, objective),
                "cards": {str(c): _shown(v, objective) for c, v in solution.cards.items()},
            }
            print(json_text(obj), file=out)
        else:
            mover = f"{game.to_play} to play" if game.to_play else "deal over"
            whose = "" if objective == "outcome" else f" {objective} for {solution.team}"
            print(
                f"deal {count} {where}: {mover};{whose} {value_text(solution.value, objective)}",
                file=out,
            )
            for c, v in solution.cards.items():
                mark = " *" if v == solution.value else ""
                print(f"  {c.symbol}: {value_text(v, objective)}{mark}", file=out)
            if solution.cards:
                line = " ".join(m.symbol for m in solution.line())
                print(f"  line: {line}", file=out)
    worst: int = max(status, moments.status)
    return worst
