"""Whole collections of deals: Parquet export and summary statistics.

A corpus can hold far more deals than fit in memory as pandas tables built in one go (a
million deals is 52 million card rows), so both functions here *stream*: records come one
at a time from :func:`~mendikot_replay.corpus.tables.iter_records`, the Parquet export turns each
chunk of ``chunk`` deals into the five tables and appends them as row groups with
``pyarrow.parquet.ParquetWriter``, and :func:`corpus_stats` only keeps counters. Memory
stays that of one chunk whatever the size of the corpus.

The Parquet files hold exactly the frames of :mod:`.tables` (categorical columns become
Arrow dictionaries and come back categorical with the same categories), so an analysis can
start from ``pd.read_parquet("OUT/plays.parquet")`` instead of re-reading the PMN.

>>> stats = corpus_stats("sample_games/worked-example.pmn")
>>> stats.deals, stats.results["win"], stats.tens_by_team["AC"], stats.tens_by_team["BD"]
(1, 1, 3, 1)
"""

from __future__ import annotations

import itertools
import os
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from ..analysis.points import double_dummy_points, find_points
from ..core.seats import team_of
from ..pmn.files import AtomicFile
from ..pmn.record import DealRecord
from .tables import (
    Source,
    _paths,
    deals_frame,
    iter_records,
    plays_frame,
    points_frame,
    tens_frame,
    tricks_frame,
)

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa  # type: ignore[import-untyped]  # (no stubs; typed as Any)

__all__ = [
    "LARGE_INPUT",
    "TABLES",
    "Stats",
    "corpus_stats",
    "export_parquet",
    "tables_of",
    "write_parquet",
]

TABLES: dict[str, Callable[[Source], pd.DataFrame]] = {
    "deals": deals_frame,
    "tricks": tricks_frame,
    "plays": plays_frame,
    "tens": tens_frame,
    "points": points_frame,
}
"""The tables written by :func:`export_parquet`, each to ``OUT/NAME.parquet``."""

LARGE_INPUT = 1_000_000
"""Bytes of PMN above which a progress bar is shown (on a terminal): about 700 deals,
a few seconds of reading; below that a bar would only flicker."""

DEFAULT_CHUNK = 2000
"""Deals per Parquet row group: large enough for fast columnar writes, small enough that
a chunk's tables (about 100,000 card rows) stay a few tens of megabytes."""


# -- progress ----------------------------------------------------------------------------------
def _input_bytes(source: Source) -> int | None:
    """Total size of the files of ``source``, or ``None`` for records in memory."""
    if isinstance(source, (str, os.PathLike)):
        return sum(os.path.getsize(p) for p in _paths(os.fspath(source)) if os.path.isfile(p))
    return None


def _with_progress(
    source: Source, progress: bool | None, stream: IO[str] | None
) -> Iterator[tuple[str, DealRecord]]:
    """The ``(file, record)`` pairs of ``source``, with a tqdm bar over the bytes read.

    ``progress=None`` (auto) shows the bar for a large input (:data:`LARGE_INPUT`) on a
    terminal only, so that piped output and logs stay clean; ``True`` forces it, ``False``
    hides it. The bar advances by each deal's text, the one measure known before reading.
    """
    total = _input_bytes(source)
    if progress is None:
        out = stream if stream is not None else sys.stderr
        isatty = getattr(out, "isatty", None)
        progress = total is not None and total >= LARGE_INPUT and bool(isatty and isatty())
    if not progress:
        yield from iter_records(source)
        return
    from tqdm import tqdm

    with tqdm(
        total=total, unit="B", unit_scale=True, desc="reading", file=stream, leave=False
    ) as bar:
        for file, record in iter_records(source):
            yield file, record
            bar.update(len(record.source or "") + 1)


# -- statistics --------------------------------------------------------------------------------
@dataclass
class Stats:
    """What a corpus holds and how its deals went.

    Tens are counted where they ended: ``tens_by_seat`` is the seat that won the trick
    taking the ten (under Dehla, the trick that collected the pile), ``tens_by_team`` its
    team. A ten is *saved* when it reached the team of the player who held it at the start
    of the deal, *lost* when it reached the opponents.
    """

    files: int = 0
    deals: int = 0
    complete: int = 0
    """Deals replayed to the end, with a result."""
    positions: int = 0
    """Deals that start from a position (``Start`` tag) rather than the deal."""
    with_errors: int = 0
    cards: int = 0
    """Cards played (rows of ``plays_frame``)."""
    results: Counter[str] = field(default_factory=Counter)
    """Complete deals by kind: ``win``, ``mendikot``, ``whitewash``, ``tie``."""
    winners: Counter[str] = field(default_factory=Counter)
    """Complete deals by winning team (``AC``, ``BD``; ties are not counted)."""
    results_by_winner: Counter[tuple[str, str]] = field(default_factory=Counter)
    """``(kind, team)``: e.g. how many mendikots each team made."""
    trump_methods: Counter[str] = field(default_factory=Counter)
    tens_by_seat: Counter[str] = field(default_factory=Counter)
    tens_by_team: Counter[str] = field(default_factory=Counter)
    tens_saved: int = 0
    tens_lost: int = 0
    points: Counter[str] = field(default_factory=Counter)
    """Strategy points by kind (:func:`mendikot_replay.analysis.points.find_points`, and the
    ``decisive`` / ``mistake`` points written in the deals: ``double_dummy_points``)."""

    def add(self, record: DealRecord) -> None:
        """Count one deal in."""
        self.deals += 1
        self.with_errors += bool(record.errors)
        setup, timeline = record.setup, record.timeline
        if setup is not None:
            self.trump_methods[setup.rules.trump_method.value] += 1
            self.positions += setup.start is not None
        if timeline is None or not len(timeline):
            return
        self.cards += len(timeline.events)
        result = timeline.result
        if result is not None:
            self.complete += 1
            self.results[result.kind] += 1
            if result.winner is not None:
                self.winners[result.winner] += 1
                self.results_by_winner[(result.kind, result.winner)] += 1
        held = {f.card: f.holder for f in timeline[0].ten_fates}
        final = timeline[len(timeline) - 1]
        for fate in final.ten_fates:
            if fate.where != "captured" or fate.team is None:
                continue
            if fate.seat is not None:
                self.tens_by_seat[fate.seat] += 1
            self.tens_by_team[fate.team] += 1
            holder = held.get(fate.card) or fate.holder
            if holder:
                if team_of(holder) == fate.team:
                    self.tens_saved += 1
                else:
                    self.tens_lost += 1
        for point in find_points(record):
            self.points[point.kind] += 1
        for point in double_dummy_points(record):  # written by `analyse`, as points_frame
            self.points[point.kind] += 1

    def to_json(self) -> dict[str, Any]:
        """Plain JSON types (``results_by_winner`` keyed ``"kind team"``), keys sorted, so
        that two runs over the same corpus print the same text."""
        return {
            "files": self.files,
            "deals": self.deals,
            "complete": self.complete,
            "positions": self.positions,
            "with_errors": self.with_errors,
            "cards": self.cards,
            "results": dict(sorted(self.results.items())),
            "winners": dict(sorted(self.winners.items())),
            "results_by_winner": {
                f"{kind} {team}": n for (kind, team), n in sorted(self.results_by_winner.items())
            },
            "trump_methods": dict(sorted(self.trump_methods.items())),
            "tens_by_seat": dict(sorted(self.tens_by_seat.items())),
            "tens_by_team": dict(sorted(self.tens_by_team.items())),
            "tens_saved": self.tens_saved,
            "tens_lost": self.tens_lost,
            "points": dict(sorted(self.points.items())),
        }

    def format(self) -> str:
        """The summary ``mendikot-replay stats`` prints: a few aligned lines a person reads."""

        def counts(counter: Counter[str], order: list[str] | None = None) -> str:
            keys = order if order is not None else sorted(counter)
            return ", ".join(f"{k} {counter[k]}" for k in keys if counter[k]) or "-"

        def share(part: int, whole: int) -> str:
            return f" ({100 * part / whole:.0f}%)" if whole else ""

        kinds = ["win", "mendikot", "whitewash", "tie"]
        by_team = [
            f"{team} " + counts(Counter({k: self.results_by_winner[(k, team)] for k in kinds}))
            for team in sorted(self.winners)
        ]
        lines = [
            ("files", str(self.files)),
            (
                "deals",
                f"{self.deals} ({self.complete} complete, {self.positions} positions, "
                f"{self.with_errors} with errors)",
            ),
            ("cards", str(self.cards)),
            ("trump methods", counts(self.trump_methods)),
            ("results", counts(self.results, kinds)),
            ("winners", counts(self.winners)),
            ("results by team", "; ".join(by_team) or "-"),
            ("tens by seat", counts(self.tens_by_seat)),
            ("tens by team", counts(self.tens_by_team)),
            (
                "tens saved/lost",
                f"{self.tens_saved} saved{share(self.tens_saved, self.tens_saved + self.tens_lost)}"
                f", {self.tens_lost} lost to the opponents",
            ),
            ("points", counts(self.points)),
        ]
        width = max(len(name) for name, _ in lines)
        return "".join(f"{name + ':':<{width + 1}} {value}\n" for name, value in lines)


def corpus_stats(
    source: Source, *, progress: bool | None = None, stream: IO[str] | None = None
) -> Stats:
    """Count what ``source`` holds (any :data:`~mendikot_replay.corpus.tables.Source`), streaming.

    ``progress`` shows a tqdm bar on ``stream`` (standard error by default): ``None`` for
    large inputs on a terminal only.
    """
    stats = Stats()
    files: set[str] = set()
    for file, record in _with_progress(source, progress, stream):
        files.add(file)
        stats.add(record)
    stats.files = len(files - {""})
    return stats


# -- Parquet -----------------------------------------------------------------------------------
def _arrow_table(frame: pd.DataFrame, schema: pa.Schema | None) -> pa.Table:
    """``frame`` as an Arrow table, cast to the first chunk's ``schema`` so that every row
    group of a file agrees (a chunk whose optional column is all missing would otherwise
    come out with Arrow's ``null`` type)."""
    import pyarrow as pa

    table = pa.Table.from_pandas(frame, preserve_index=False)
    if schema is None:
        return table
    return table.cast(schema)


def _first_schema(table: pa.Table) -> pa.Schema:
    """The schema of a table's first chunk with ``null`` columns made strings: a column
    with nothing in the first chunk (say, no ``Match`` tag yet) holds text if anything."""
    import pyarrow as pa

    fields = [f.with_type(pa.string()) if pa.types.is_null(f.type) else f for f in table.schema]
    return pa.schema(fields, metadata=table.schema.metadata)


def export_parquet(
    source: Source,
    out_dir: str | os.PathLike[str],
    *,
    chunk: int = DEFAULT_CHUNK,
    progress: bool | None = None,
    stream: IO[str] | None = None,
) -> dict[str, int]:
    """Write the tables of ``source`` to ``out_dir/{deals,tricks,plays,tens,points}.parquet``.

    The corpus is read once, ``chunk`` deals at a time; each chunk's tables are appended
    as a row group, so memory stays bounded however large the corpus. Returns the rows
    written per table. Each file is written as every file of the project is
    (:class:`~.files.AtomicFile`): under a temporary name, moved into place only once all
    five are complete, so an interrupted export never leaves a truncated file behind a good
    name.
    """
    if chunk < 1:
        raise ValueError("chunk must be at least 1 deal")
    records = _with_progress(source, progress, stream)
    batches = iter(lambda: list(itertools.islice(records, chunk)), [])
    return write_parquet((tables_of(batch) for batch in batches), out_dir)


def tables_of(batch: Source) -> dict[str, pd.DataFrame]:
    """The tables of a batch of deals: one row group of :func:`export_parquet` (made on a
    cluster's worker by ``export --parquet --workers``)."""
    return {name: build(batch) for name, build in TABLES.items()}


def write_parquet(
    batches: Iterable[Mapping[str, pd.DataFrame]], out_dir: str | os.PathLike[str]
) -> dict[str, int]:
    """Write :func:`tables_of` each batch, in order, as the row groups of
    ``out_dir/NAME.parquet``: :func:`export_parquet`'s writing, whoever made the tables.
    The schema of each file is its first non-empty batch's; returns the rows per table."""
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    writers: dict[str, pq.ParquetWriter] = {}
    schemas: dict[str, pa.Schema] = {}
    rows = dict.fromkeys(TABLES, 0)
    saves = {name: AtomicFile(out / f"{name}.parquet") for name in TABLES}
    try:
        for tables in batches:
            for name in TABLES:
                frame = tables[name]
                if frame.empty:
                    continue  # nothing to add, and nothing to learn a schema from
                table = _arrow_table(frame, schemas.get(name))
                if name not in writers:
                    schemas[name] = _first_schema(table)
                    table = table.cast(schemas[name])
                    writers[name] = pq.ParquetWriter(saves[name].open(), schemas[name])
                writers[name].write_table(table)
                rows[name] += table.num_rows
        for name, build in TABLES.items():
            if name not in writers:  # an empty corpus, or a table with no row at all
                table = _first_schema(_arrow_table(build([]), None))
                writers[name] = pq.ParquetWriter(saves[name].open(), table)
        for writer in writers.values():
            writer.close()
        for save in saves.values():
            save.commit()
    finally:
        for writer in writers.values():
            writer.close()
        for save in saves.values():
            save.abort()
    return rows
