"""``mendikot-replay odds``: single-dummy chances — with only what one seat could see, each
card's chance that its side wins, ties or loses the deal (:mod:`..analysis.odds`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TextIO

from ..core.seats import ALL_SEATS
from ..pmn.user_text import json_text, visible
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    Moments,
    ProgressBar,
    UsageError,
    check_files,
    deal_number,
    non_negative,
    progress_bar,
    trick_number,
)

if TYPE_CHECKING:
    from ..analysis.odds import Odds, OddsSolver


def _at_most(most: int, why: str, least: int = 0) -> Callable[[str], int]:
    """An argument type: a whole number from ``least`` to ``most`` (``why`` says what
    the bound is for, when a number past it is refused)."""

    def parse(text: str) -> int:
        number = non_negative(text)
        if number < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more")
        if number > most:
            raise argparse.ArgumentTypeError(f"at most {most:,} ({why}), not {number:,}")
        return number

    return parse


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def add_parser(commands: Any) -> None:
    """``odds``: every legal card's single-dummy chances at one position."""
    odds = commands.add_parser(
        "odds",
        help="single-dummy: each card's chance of winning, from what one seat could see",
        description="The chances of every legal card at one position, from one seat's view "
        "(by default the player to move): every deal of the cards that seat had not seen "
        "that fits what it saw (its cards, every card played and by whom, the voids shown, "
        "a closed trump's holder, must-trump, version B's asks, a Start position's cards "
        "out of play), each solved double-dummy after the card, all equally likely. The "
        "chances are exact when at most --max-worlds deals fit, otherwise a sample of "
        "--samples deals drawn from --seed (fewer where the chances settle sooner, as the output "
        "says), with standard errors. Prints the cards best "
        "first (win, tie and loss for the seat's side, beside the double-dummy value in the "
        "real deal) or, with --json, one object per deal.",
        epilog="Exit status: 0 done, 1 a deal has errors or cannot be scored (a hand the "
        "record does not give, facts no deal fits), 2 usage error (also: more cards than "
        "the main line has, a --trick the deal does not reach, a position where the deal is "
        "over, a seat not at the table).",
    )
    odds.add_argument("file", metavar="FILE", help="PMN file ('-': stdin)")
    odds.add_argument(
        "--deal", type=deal_number, default=None, metavar="N", help="only deal N (from 1)"
    )
    where = odds.add_mutually_exclusive_group(required=True)
    where.add_argument(
        "--after",
        type=non_negative,
        default=None,
        metavar="K",
        help="the position after the first K cards of the main line",
    )
    where.add_argument(
        "--trick",
        type=trick_number,
        default=None,
        metavar="T",
        help="the position before trick T (trick numbers are the deal's: a Start "
        "position's first trick is its Start trick)",
    )
    odds.add_argument(
        "--seat",
        choices=ALL_SEATS,
        default=None,
        metavar="S",
        help="whose view and whose side's chances (default: the player to move; another "
        "seat scores the cards the player to move may hold)",
    )
    from ..analysis.odds import CORE_THREADS

    add_sampling_options(odds, threads=CORE_THREADS)
    odds.add_argument("--json", action="store_true", help="print one JSON object per deal")
    odds.set_defaults(handler=_odds)


def add_sampling_options(
    parser: argparse.ArgumentParser | argparse._ActionsContainer, threads: int = 1
) -> None:
    """``--max-worlds``, ``--samples``, ``--seed`` and ``--threads``: how the chances are
    worked out, for ``odds`` and for ``analyse --odds`` / ``annotate --odds``. (Threads, not
    ``--workers``: in the batch commands that means the processes of a Dask cluster.)
    ``threads`` is the default: the machine's cores for ``odds``, whose one position a
    person waits for; one for the batch commands, which spread their deals over processes
    (more threads in each would only crowd the cores)."""
    from ..analysis.odds import DEFAULT_MAX_WORLDS, DEFAULT_SAMPLES, MOST_THREADS, MOST_WORLDS

    long = "a world takes up to a second: more would run for days"

    parser.add_argument(
        "--max-worlds",
        type=_at_most(MOST_WORLDS, long),
        default=DEFAULT_MAX_WORLDS,
        metavar="N",
        help=f"solve every world when at most N fit (default {DEFAULT_MAX_WORLDS})",
    )
    parser.add_argument(
        "--samples",
        type=_at_most(MOST_WORLDS, long, least=1),
        default=DEFAULT_SAMPLES,
        metavar="N",
        help=f"the most worlds drawn when more fit (default {DEFAULT_SAMPLES}); the draw "
        "stops sooner, at half of them or a later eighth, once every chance's standard error "
        "is within what N worlds give at worst (3.5 points for 200)",
    )
    parser.add_argument(
        "--every-sample",
        action="store_true",
        help="solve all --samples worlds, with no early stop",
    )
    parser.add_argument(
        "--seed", type=_seed, default=0, metavar="S", help="seed of the draw (default 0)"
    )
    parser.add_argument(
        "--threads",
        type=_at_most(MOST_THREADS, "four for each core of this machine", least=1),
        default=threads,
        metavar="N",
        help=f"threads solving worlds at once with the compiled core (default {threads}"
        f"{': the cores of this machine, at most four' if threads > 1 else ''}; the chances "
        "do not depend on it)",
    )


def sampling_solver(args: argparse.Namespace) -> OddsSolver:
    """The :class:`~..analysis.odds.OddsSolver` the options of :func:`add_sampling_options`
    ask for."""
    from ..analysis.odds import OddsSolver

    return OddsSolver(
        max_worlds=args.max_worlds,
        samples=args.samples,
        seed=args.seed,
        workers=args.threads,
        early_stop=not args.every_sample,
    )


class _Progress:
    """A progress bar over the worlds of one position, made at its first world (when the
    number of worlds is known); silent unless standard error is a terminal."""

    def __init__(self, err: TextIO, label: str) -> None:
        self.err = err
        self.label = label
        self.bar: ProgressBar | None = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = progress_bar(self.err, total=total, desc=self.label, unit="world")
        self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _odds(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    path: str = args.file
    check_files([path])
    solver = sampling_solver(args)
    status = EXIT_OK
    moments = Moments(path, args.deal, args.after, args.trick, err)
    for count, record, after, _ in moments:
        game = record.position(after)
        if game.to_play is None:
            raise UsageError(f"deal {count} is over after {after} cards: nobody is to play")
        if args.seat is not None and args.seat not in game.seats:
            raise UsageError(
                f"--seat {args.seat}: deal {count} has {game.players} players "
                f"({', '.join(game.seats)})"
            )
        progress = _Progress(err, f"deal {count}")
        try:
            result = solver.odds(record, after, seat=args.seat, progress=progress)
        except ValueError as exc:
            print(f"{visible(path)}: deal {count}: {visible(str(exc))}", file=err)
            status = EXIT_PROBLEMS
            continue
        finally:
            progress.close()
        result = _numbered(result, count)
        if args.json:
            print(json_text(result.to_json()), file=out)
        else:
            print(result.text(), file=out)
    worst: int = max(status, moments.status)
    return worst


def _numbered(result: Odds, count: int) -> Odds:
    """The result with the deal's number in its file, as every command counts deals."""
    return replace(result, deal=count)
