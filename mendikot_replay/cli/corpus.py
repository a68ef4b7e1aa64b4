"""``mendikot-replay stats`` and ``export --parquet``: whole collections."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from typing import Any, TextIO

from ..pmn.record import PMNError
from .common import (
    EXIT_OK,
    EXIT_PROBLEMS,
    PROG,
    UsageError,
    need,
    optional,
    problem_line,
    read_file,
)


def _corpus_paths(paths: Sequence[str]) -> list[str]:
    """The PMN files of the FILE|DIR arguments (a directory: every ``*.pmn`` under it), in
    order; a missing path is a usage error before any work starts."""
    from ..corpus.tables import _paths

    found: list[str] = []
    for path in paths:
        if not os.path.exists(path):
            raise UsageError(f"{path}: no such file or directory")
        found.extend(_paths(path))
    return found


def _stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Print a corpus summary (``corpus.Stats``), as text or ``--json``; the progress bar
    goes to standard error, and only on a terminal for a large input (with tqdm)."""
    need("pandas", "pyarrow")
    from ..corpus.collection import Stats, corpus_stats

    files = _corpus_paths(args.files)
    total = Stats()
    progress = None if not args.quiet and optional("tqdm") is not None else False
    try:
        for path in files:
            one = corpus_stats(path, progress=progress, stream=err)
            _merge_stats(total, one)
    except PMNError as exc:
        print(problem_line(path, exc.problem, None), file=err)
        return EXIT_PROBLEMS
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


def _export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Write the five tables of every deal as Parquet files into ``--parquet OUT``."""
    need("pandas", "pyarrow")
    from ..corpus.collection import export_parquet

    files = _corpus_paths(args.files)
    if os.path.exists(args.parquet) and not os.path.isdir(args.parquet):
        raise UsageError(f"{args.parquet}: exists and is not a directory")
    if args.chunk < 1:
        raise UsageError("--chunk must be at least 1")
    pairs = ((path, record) for path in files for record in read_file(path))
    try:
        quiet = args.quiet or optional("tqdm") is None
        rows = export_parquet(
            pairs, args.parquet, chunk=args.chunk, progress=False if quiet else None
        )
    except PMNError as exc:
        print(f"{PROG} export: {exc.problem.message}", file=err)
        return EXIT_PROBLEMS
    summary = ", ".join(f"{name} {n}" for name, n in rows.items())
    print(f"{args.parquet}: {summary} rows", file=out)
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
    export.set_defaults(handler=_export)
