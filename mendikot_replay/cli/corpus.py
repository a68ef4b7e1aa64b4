"""``mendikot-replay stats`` and ``export --parquet``: whole collections."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TextIO

from ..pmn.check import MatchDeal, MatchNotes, MatchTracker
from ..pmn.record import DealRecord, PMNError
from ..pmn.user_text import visible
from .cluster import Cluster, add_cluster_options
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    PROG,
    UsageError,
    did_you_mean,
    need,
    optional,
    problem_line,
    read_file,
)

if TYPE_CHECKING:
    import pandas as pd

    from ..corpus.collection import Stats


def _corpus_paths(paths: Sequence[str]) -> list[str]:
    """The PMN files of the FILE|DIR arguments (a directory: every ``*.pmn`` under it), in
    order; a missing path is a usage error before any work starts."""
    from ..corpus.tables import _paths

    found: list[str] = []
    for path in paths:
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file or directory{did_you_mean(path, folders=True)}")
        found.extend(_paths(path))
    return found


@dataclass(frozen=True, slots=True)
class _StatsJob:
    """``stats`` on a chunk (a cluster's task): its deals counted."""

    def __call__(self, records: Iterator[tuple[str, DealRecord]], notes: MatchNotes) -> Stats:
        from ..corpus.collection import Stats

        stats = Stats()
        for _, record in records:
            stats.add(record)
        return stats


def _stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print a corpus summary (``corpus.Stats``), as text or ``--json``; the progress bar
    goes to standard error, and only on a terminal for a large input (with tqdm)."""
    need("pandas", "pyarrow")
    from ..corpus.collection import Stats, corpus_stats

    files = _corpus_paths(args.files)
    total = Stats()
    progress = None if not args.quiet and optional("tqdm") is not None else False
    cluster = Cluster.open(args, files, err, quiet=args.quiet)
    try:
        for path in files:
            if cluster is None:
                one = corpus_stats(path, progress=progress, stream=err)
            else:
                one = Stats()
                for part in cluster.file(path, _StatsJob()):
                    _merge_stats(one, part)
                one.files = 1 if one.deals else 0  # as corpus_stats counts a file
            _merge_stats(total, one)
    except PMNError as exc:
        print(problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
    finally:
        if cluster is not None:
            cluster.close()
    if args.json:
        out.write(json.dumps(total.to_json(), indent=2) + "\n")
    else:
        out.write(total.format())
    return EXIT_OK


def _merge_stats(total: Any, one: Any) -> None:
    """Add one file's counts into the running total (files are read one at a time, so a
    refused file names itself)."""
    from collections import Counter
    from dataclasses import fields

    for spec in fields(total):
        value = getattr(one, spec.name)
        if isinstance(value, Counter):
            getattr(total, spec.name).update(value)
        else:
            setattr(total, spec.name, getattr(total, spec.name) + value)


@dataclass(frozen=True, slots=True)
class _TablesJob:
    """``export --parquet`` on one row group's deals (a cluster's task): their tables, and
    what each deal says of its match, by its place in the batch (the deals table counts a
    deal's warnings, a dealer out of turn among them, which only the whole file tells)."""

    def __call__(
        self, records: Iterator[tuple[str, DealRecord]], notes: MatchNotes
    ) -> tuple[dict[str, pd.DataFrame], list[tuple[int, MatchDeal]]]:
        from ..corpus.collection import tables_of

        batch: list[tuple[str, DealRecord]] = []
        matches: list[tuple[int, MatchDeal]] = []
        for i, (path, record) in enumerate(records):
            batch.append((path, record))
            deal = notes.take(record.index)
            if deal is not None:
                matches.append((i, deal))
        return tables_of(batch), matches


def _cluster_tables(cluster: Cluster, chunk: int) -> Iterator[dict[str, pd.DataFrame]]:
    """The tables of ``chunk`` deals at a time, as ``export`` makes them in one process
    (the same batches), made by the cluster; the matches followed here, file by file."""
    from ..corpus.cluster import batches

    for file in cluster.files:
        if file.refused is not None:
            raise PMNError(file.refused)
    place = {id(part): n for n, file in enumerate(cluster.files) for part in file.chunks}
    trackers: dict[int, MatchTracker] = {}
    work = batches(cluster.files, chunk)
    for share, (tables, matches) in zip(work, cluster.run(_TablesJob(), work), strict=True):
        owners = [place[id(piece.chunk)] for piece in share for _ in range(piece.deals)]
        warned = [
            i
            for i, deal in matches
            if trackers.setdefault(owners[i], MatchTracker()).follow(deal) is not None
        ]
        if warned:
            tables["deals"].loc[warned, "warnings"] += 1
        yield tables


def _export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the five tables of every deal as Parquet files into ``--parquet OUT``."""
    need("pandas", "pyarrow")
    from ..corpus.collection import export_parquet, write_parquet

    files = _corpus_paths(args.files)
    if os.path.exists(args.parquet) and not os.path.isdir(args.parquet):
        raise UsageError(f"{args.parquet}: exists and is not a directory")
    if args.chunk < 1:
        raise UsageError("--chunk must be at least 1")
    quiet = args.quiet or optional("tqdm") is None
    cluster = Cluster.open(args, files, err, quiet=quiet)
    pairs = ((path, record) for path in files for record in read_file(path))
    try:
        if cluster is not None:
            rows = write_parquet(_cluster_tables(cluster, args.chunk), args.parquet)
        else:
            rows = export_parquet(
                pairs, args.parquet, chunk=args.chunk, progress=False if quiet else None
            )
    except PMNError as exc:
        print(f"{PROG} export: {exc.problem.message}", file=err)
        return EXIT_PROBLEMS
    finally:
        if cluster is not None:
            cluster.close()
    summary = ", ".join(f"{name} {n}" for name, n in rows.items())
    print(f"{visible(args.parquet)}: {summary} rows", file=out)
    return EXIT_OK


def add_parser(commands: Any) -> None:
    """The ``stats`` and ``export`` subcommands (kept in one place, apart from the others)."""
    stats = commands.add_parser(
        "stats",
        help="summarise a collection of deals",
        description="Read every deal of the files and directories (every *.pmn under a "
        "directory) and print a summary: deals, results by kind and team, trump methods, "
        "tens captured by seat and team, tens saved or lost, strategy points by kind. A "
        "progress bar shows on a terminal for large inputs. Needs the tables extra: "
        "pip install 'mendikot-replay[tables]'.",
        epilog="Exit status: 0 done, 1 a file cannot be read, 2 usage error (also: the tables "
        "extra is not installed).",
    )
    stats.add_argument("files", nargs="+", metavar="FILE|DIR", help="PMN file or directory")
    stats.add_argument("--json", action="store_true", help="print the counts as JSON")
    stats.add_argument("--quiet", action="store_true", help="no progress bar")
    add_cluster_options(stats)
    stats.set_defaults(handler=_stats)

    export = commands.add_parser(
        "export",
        help="write the pandas tables of a collection as Parquet",
        description="Write deals, tricks, plays, tens and points tables (the frames of "
        "mendikot_replay.corpus.tables) as OUT/NAME.parquet, reading the deals in chunks so that "
        "memory stays bounded on a large corpus. Needs the tables extra: "
        "pip install 'mendikot-replay[tables]'.",
        epilog="Exit status: 0 done, 1 a file cannot be read, 2 usage error (also: the tables "
        "extra is not installed).",
    )
    export.add_argument("files", nargs="+", metavar="DIR|FILE", help="PMN file or directory")
    export.add_argument(
        "--parquet", required=True, metavar="OUT", help="directory to write the tables into"
    )
    export.add_argument(
        "--chunk", type=int, default=2000, metavar="N", help="deals per row group (default 2000)"
    )
    export.add_argument("--quiet", action="store_true", help="no progress bar")
    add_cluster_options(export)
    export.set_defaults(handler=_export)
