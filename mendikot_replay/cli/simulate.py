"""``mendikot-replay simulate``: deals played by computer players."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ..core.cards import DECK_SIZES
from ..core.seats import TABLE_SIZES
from ..pmn.user_text import visible
from .cluster import Cluster, add_cluster_options
from .common import EXIT_OK, UsageError, add_force, need, plural, with_progress

if TYPE_CHECKING:
    from ..pmn.writer import Writable


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Play ``--deals`` deals with computer players and stream them to ``-o OUT``: one deal
    at a time from the simulator through the writer, never a list of them, with a tqdm
    progress bar on standard error when it is a terminal (and not ``--quiet``, and tqdm
    is installed). With ``--scheduler`` or ``--workers`` a Dask cluster plays the matches
    side by side, and the file is the same byte for byte."""
    from ..core.rules import (
        Capture,
        Reveal,
        Rules,
        Scoring,
        TrumpMethod,
    )
    from ..players.simulate import lineup, player_by_name, simulate
    from ..pmn.writer import write_deals, write_file

    if args.deals < 0:
        raise UsageError("--deals must be 0 or more")
    flags = [f.strip() for f in (args.variant or "").split(",") if f.strip()]
    try:
        rules = Rules.with_variant(
            flags,
            players=args.players,
            deck=args.deck or 0,
            trump_method=TrumpMethod(args.trump),
            reveal=Reveal(args.reveal),
            capture=Capture(args.capture),
            scoring=Scoring(args.scoring),
        )
    except ValueError as exc:
        raise UsageError(f"--variant: {exc}" if flags else str(exc)) from None
    if args.worlds is not None and args.worlds < 1:
        raise UsageError("--worlds must be 1 or more")
    if args.solve_from is not None and args.solve_from < 0:
        raise UsageError("--solve-from must be 0 or more")
    effort = {"worlds": args.worlds, "solve_from_tricks": args.solve_from}
    ac, bd = player_by_name(args.ac, **effort), player_by_name(args.bd, **effort)
    table = lineup(ac, bd, rules.players)
    with contextlib.ExitStack() as stack:
        records: Iterable[Writable]
        if Cluster.asked(args):
            need("dask", "distributed")
            from ..corpus.cluster import connect, simulated

            client = stack.enter_context(connect(args.scheduler, args.workers))
            records = simulated(client, args.deals, args.seed, rules, table, args.target)
        else:
            records = simulate(args.deals, args.seed, rules, table, match_target=args.target)
        shown: Iterable[Writable] = with_progress(
            records, err, quiet=args.quiet, total=args.deals, unit="deal"
        )
        if args.output == "-":
            write_deals(shown, out)
        else:
            write_file(Path(args.output), shown, force=args.force)
    if args.output != "-" and not args.quiet:
        print(f"{visible(args.output)}: {plural(args.deals, 'deal')} simulated", file=err)
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """The ``simulate`` subcommand's options (kept in one place, apart from the others).
    The pimc defaults are spelled out rather than imported: importing the player loads the
    solver, which every other command would then pay for at start-up."""
    from ..core.rules import VARIANT_FLAGS, Scoring
    from ..players.simulate import PLAYER_NAMES

    sim = commands.add_parser(
        "simulate",
        help="make a collection of deals played by computer players",
        description="Deal and play complete deals (grouped into matches with the dealer "
        "rotating by the rules) with computer players: 'rule' follows the strategy tips, "
        "'random' plays any legal card, 'pimc' samples the hidden hands and solves each guess "
        "double-dummy over the last tricks (the rule of thumb before them): stronger, slower. "
        "Reproducible from --seed. Both teams play 'rule' by default, the most realistic "
        "collection.",
        epilog="Exit status: 0 done, 2 usage error.",
    )
    sim.add_argument("--deals", type=int, required=True, metavar="N", help="how many deals")
    sim.add_argument("--seed", default="0", metavar="S", help="random seed (default 0)")
    sim.add_argument("--players", type=int, choices=TABLE_SIZES, default=4, help="table size")
    sim.add_argument(
        "--deck",
        type=int,
        choices=DECK_SIZES,
        help="deck (default 52, 48 for 6 or 8, 100 for 10, 96 for 12: two packs)",
    )
    sim.add_argument(
        "--trump",
        choices=("Drawn", "FaceUp", "Closed", "Cut", "None"),
        default="Drawn",
        help="how the trump is chosen (default Drawn)",
    )
    sim.add_argument("--reveal", choices=("A", "B"), default="A", help="closed-trump version")
    sim.add_argument("--capture", choices=("Trick", "Dehla"), default="Trick", help="capture")
    sim.add_argument(
        "--variant",
        metavar="FLAGS",
        help=f"house rules, comma-separated: {', '.join(VARIANT_FLAGS)} (docs/rules.md, section 7)",
    )
    sim.add_argument(
        "--scoring",
        choices=[s.value for s in Scoring],
        default="plain",
        help="the match register (--target): plain a point a deal, bonus 1/2/4, graded 1/2/3 "
        "for a win, a mendikot, a whitewash; tens: each team's tens count (default plain)",
    )
    sim.add_argument("--ac", choices=PLAYER_NAMES, default="rule", help="team AC's player")
    sim.add_argument("--bd", choices=PLAYER_NAMES, default="rule", help="team BD's player")
    sim.add_argument(
        "--worlds",
        type=int,
        metavar="N",
        help="pimc: deals of the hidden cards solved per decision (default 24)",
    )
    sim.add_argument(
        "--solve-from",
        type=int,
        metavar="T",
        help="pimc: solve when at most T tricks are left, the rule of thumb before (default "
        "at 4 players: 3 with the pure-Python solver, 8 with its compiled core; fewer at 6 or "
        "8; 13 solves every card, slowly)",
    )
    sim.add_argument(
        "--target", type=int, default=7, metavar="P", help="points that end a match (default 7)"
    )
    sim.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="PMN file to write ('-': stdout)"
    )
    sim.add_argument("--quiet", action="store_true", help="no progress bar, no summary")
    add_force(sim)
    add_cluster_options(sim, files=False)
    sim.set_defaults(handler=_simulate)
