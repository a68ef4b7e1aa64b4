"""The batch commands on a Dask cluster: the options ``--scheduler ADDRESS`` (an existing
cluster) and ``--workers N`` (a local cluster of N processes for the run), and the one way a
command's work runs on the chunks of its files (:class:`Cluster`).

A command's work on a deal is the same in one process and on a worker: the command gives
it as a :class:`DealWork` (``analyse``'s :class:`~.analyse.Analyser`, ``annotate``'s
annotator), and :class:`DealsJob` runs it over a chunk on a worker, keeping what it printed,
each deal as the writer will write it (:class:`~mendikot_replay.pmn.writer.WrittenDeal`) and its
counts. :meth:`Cluster.edits` hands these back file by file, in file order: the text goes to
standard output and error as the chunk's turn comes, the counts into the command's own, and
the deals to the command's writer — ``rewrite_file``, ``write_file`` or standard output, as
in one process. So the output, the files written and the exit status are those of one
process. ``validate``, ``stats`` and ``export`` run jobs of their own through
:meth:`Cluster.run` (they give back reports, counts and tables rather than deals).

Dask is an extra: a plain install runs every command in one process, and asking for a
cluster without it is a one-line usage error naming ``pip install 'mendikot-replay[dask]'``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, Protocol, TextIO, TypeVar, cast

from ..pmn.check import MatchNotes
from ..pmn.record import DealRecord, PMNError
from ..pmn.writer import WrittenDeal
from .common import ProgressBar, UsageError, need, progress_bar

if TYPE_CHECKING:
    from distributed import Client

    from ..corpus.cluster import FileChunks, Job, Share

__all__ = [
    "Cluster",
    "DealWork",
    "DealsJob",
    "Edits",
    "Text",
    "add_cluster_options",
    "byte_size",
]

_R = TypeVar("_R")

_SIZE = re.compile(r"\s*(\d+)\s*([kmg]?)i?b?\s*", re.IGNORECASE)


def byte_size(text: str) -> int:
    """``65536``, ``64K``, ``1M``, ``2GiB``: a number of bytes, at least 1.

    >>> byte_size("64K"), byte_size("1MiB"), byte_size("300")
    (65536, 1048576, 300)
    """
    match = _SIZE.fullmatch(text)
    if match is None:
        raise argparse.ArgumentTypeError(f"not a size in bytes: {text!r} (say 65536, 64K, 1M)")
    size = int(match.group(1)) << (10 * "_kmg".index(match.group(2).lower() or "_"))
    if size < 1:
        raise argparse.ArgumentTypeError("a chunk holds at least 1 byte")
    return size


MOST_WORKERS: Final = 4 * (os.cpu_count() or 1)
"""The most processes ``--workers`` starts on this machine: past its cores they only wait,
and each holds its own interpreter and solver tables (four a core leaves room)."""


def _workers(text: str) -> int:
    try:
        count = int(text) if len(text) < 20 else -1
    except ValueError:
        count = -1
    if count < 0:
        raise argparse.ArgumentTypeError(f"not a number of workers: {text!r}")
    if count < 1:
        raise argparse.ArgumentTypeError("at least 1 worker")
    if count > MOST_WORKERS:
        raise argparse.ArgumentTypeError(
            f"at most {MOST_WORKERS} workers on this machine (four for each of its cores: a "
            f"local cluster's workers are its processes), not {count:,}; for more, start a "
            "cluster across machines and give --scheduler"
        )
    return count


def _scheduler(text: str) -> str:
    from ..corpus.cluster import ClusterError, check_address

    try:
        return check_address(text)
    except ClusterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_cluster_options(parser: argparse.ArgumentParser, *, files: bool = True) -> None:
    """``--scheduler ADDRESS`` or ``--workers N``, and (for commands that read ``files``)
    ``--chunk-size BYTES``."""
    about = (
        "Each worker reads chunks of the files (never a whole file); the results come back "
        "in file order and are exactly those of one process. The workers must see the files "
        "at the same paths."
        if files
        else "The workers play whole matches side by side; the deals come back in order and "
        "are exactly those of one process for the seed."
    )
    group = parser.add_argument_group(
        "on a Dask cluster",
        "Spread the work over a Dask cluster's workers (needs the dask extra: pip install "
        f"'mendikot-replay[dask]'). {about}",
    )
    where = group.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler",
        type=_scheduler,
        metavar="ADDRESS",
        help="the scheduler of a running cluster (tcp://HOST:8786: 'dask scheduler' with "
        "'dask worker' processes, or any Dask deployment)",
    )
    where.add_argument(
        "--workers",
        type=_workers,
        metavar="N",
        help="start a local cluster of N worker processes for this run",
    )
    if files:
        group.add_argument(
            "--chunk-size",
            type=byte_size,
            metavar="BYTES",
            help="bytes of PMN a worker reads at a time (64K, 1M; default: enough chunks "
            "for several a worker, at most 1M)",
        )


class DealWork(Protocol):
    """A command's work on its deals one at a time, the same in one process and on a
    cluster's worker: report on ``out`` (its problems on the standard error it was made
    with), change the record if the command writes deals, and keep counts that add up."""

    def deal(self, path: str, record: DealRecord, out: TextIO) -> bool:
        """Do the work on one deal; whether the record changed."""
        ...

    def counts(self) -> dict[str, int]:
        """The counts so far (of one chunk, on a worker)."""
        ...

    def add(self, counts: Mapping[str, int]) -> None:
        """Add a chunk's counts into these."""
        ...


Text = Literal["all", "changed", "none"]
"""Which deals a task sends back as text: every one (``-o``: the writer writes them all),
the changed ones (``--in-place`` copies the others from the file), or none (a report)."""


def deals_to_write(args: argparse.Namespace) -> Text:
    """What the command's ``-o`` / ``--in-place`` need of a task's deals."""
    if getattr(args, "output", None) is not None:
        return "all"
    return "changed" if getattr(args, "in_place", False) else "none"


@dataclass(frozen=True, slots=True)
class Edits:
    """What a task's :class:`DealsJob` made of its chunk."""

    out: str
    err: str
    deals: list[tuple[WrittenDeal, bool]]
    """Each deal as the writer will write it, and whether it changed (none for a report)."""
    counts: dict[str, int]
    stop: UsageError | None = None
    """A usage error that stopped the work in this chunk (``analyse --trick`` past a deal's
    last trick): raised after the deals before it, as one process raises it."""


@dataclass(frozen=True, slots=True)
class DealsJob:
    """A task's run of a command's :class:`DealWork` over its chunk (on a worker)."""

    make: Callable[[TextIO], DealWork]
    """The command's work, made on the worker with the task's standard error."""
    text: Text = "none"

    def __call__(self, records: Iterator[tuple[str, DealRecord]], notes: MatchNotes) -> Edits:
        out, err = io.StringIO(), io.StringIO()
        work = self.make(err)
        deals: list[tuple[WrittenDeal, bool]] = []
        stop: UsageError | None = None
        try:
            for path, record in records:
                changed = work.deal(path, record, out)
                if self.text != "none":
                    sent = WrittenDeal.of(record, text=self.text == "all" or changed)
                    deals.append((sent, changed))
        except UsageError as exc:
            stop = exc
        return Edits(out.getvalue(), err.getvalue(), deals, work.counts(), stop)


class Cluster:
    """The cluster of one run of a command: the client, its files cut into chunks, the
    progress bar, and the tasks' results in file order. Made by :meth:`open` from the
    command's options (``None`` when it asked for none); :meth:`close` cancels what is still
    running and stops a local cluster (Ctrl-C included)."""

    def __init__(
        self,
        stack: contextlib.ExitStack,
        client: Client,
        files: list[FileChunks],
        err: TextIO,
        quiet: bool,
    ) -> None:
        self.stack = stack
        self.client = client
        self.files = files
        self.err = err
        self.quiet = quiet
        self.bar: ProgressBar | None = None
        self.results: Iterator[Any] | None = None
        self.turn = 0
        """The next file whose results are to be taken."""

    @staticmethod
    def asked(args: argparse.Namespace) -> bool:
        """Whether the command was asked to run on a cluster."""
        on = (getattr(args, "scheduler", None), getattr(args, "workers", None))
        return on != (None, None)

    @classmethod
    def open(
        cls, args: argparse.Namespace, paths: Sequence[str], err: TextIO, *, quiet: bool = False
    ) -> Cluster | None:
        """The cluster ``--scheduler`` / ``--workers`` ask for, with ``paths`` cut into
        chunks (``--chunk-size``), or ``None`` without those options."""
        scheduler: str | None = getattr(args, "scheduler", None)
        workers: int | None = getattr(args, "workers", None)
        if not cls.asked(args):
            if getattr(args, "chunk_size", None) is not None:
                raise UsageError(
                    "--chunk-size cuts the files for a cluster: give --scheduler or --workers"
                )
            return None
        need("dask", "distributed")
        if "-" in paths:
            raise UsageError("standard input (-) cannot be read in chunks on a cluster: give files")
        if getattr(args, "in_place", False):
            seen: dict[str, str] = {}
            for path in paths:
                twice = seen.setdefault(os.path.realpath(path), path)
                if twice != path or list(paths).count(path) > 1:
                    raise UsageError(
                        f"{path} is given twice: on a cluster every file is cut before any "
                        "is rewritten, so a file can be rewritten in place only once a run"
                    )
        from ..corpus.cluster import connect, cut_files

        stack = contextlib.ExitStack()
        try:
            client = stack.enter_context(connect(scheduler, workers))
            files = cut_files(client, paths, getattr(args, "chunk_size", None))
        except BaseException:
            stack.close()
            raise
        return cls(stack, client, files, err, quiet)

    def close(self) -> None:
        if self.results is not None:
            close = getattr(self.results, "close", None)
            if close is not None:
                close()  # cancels the tasks still in flight
        if self.bar is not None:
            self.bar.close()
        self.stack.close()

    @property
    def deals(self) -> int:
        """The deals of all the files."""
        return sum(file.deals for file in self.files)

    def count(self, path: str) -> int:
        """The deals of the file ``path``."""
        return next(file.deals for file in self.files if file.name == path)

    def run(
        self,
        job: Job[_R],
        shares: Sequence[Share] | None = None,
        deliberate: tuple[type[BaseException], ...] = (UsageError,),
    ) -> Iterator[_R]:
        """``job`` over ``shares`` (by default one a chunk, in file order) on the cluster,
        its values in order; a file the reader refuses, or an error of a ``deliberate`` kind
        raised by the job, is raised here in its turn, as one process would raise it."""
        import functools

        from ..corpus.cluster import ordered, run_share
        from ..corpus.cluster import shares as one_a_chunk

        work = list(shares) if shares is not None else one_a_chunk(self.files)
        self.bar = progress_bar(self.err, quiet=self.quiet, total=self.deals, unit="deal")
        bar = self.bar

        def done(share: Share) -> None:
            bar.update(sum(piece.deals for piece in share))

        task = functools.partial(run_share, job, deliberate=deliberate)
        for outcome in ordered(self.client, task, work, done=done):
            if outcome.refused is not None:
                raise PMNError(outcome.refused[1])
            if outcome.error is not None:
                raise outcome.error
            yield cast(_R, outcome.value)

    def file(self, path: str, job: Job[_R]) -> Iterator[_R]:
        """The values of ``job`` on the chunks of ``path``, the next file of the run (files
        are taken in the order they were given: the tasks of the later ones are already
        running). Raises :class:`PMNError` for a file the reader refuses, as one process
        reading it would."""
        if self.results is None:
            self.results = self.run(job)
        file = self.files[self.turn]
        if file.name != path:
            raise ValueError(f"files out of order: {path!r} asked, {file.name!r} next")
        self.turn += 1
        if file.refused is not None:
            raise PMNError(file.refused)
        from ..pmn.chunks import unchanged

        for chunk in file.chunks:
            result = next(self.results)
            unchanged(chunk)  # the places of its deals are those of the file now
            yield result

    def edits(
        self, path: str, job: DealsJob, into: DealWork, out: TextIO
    ) -> Iterator[tuple[WrittenDeal, bool]]:
        """The deals of ``path`` after ``job``, each with whether it changed, in file order:
        each chunk's text written to ``out`` and the standard error in its turn, and its
        counts added ``into`` the command's own."""
        for edits in self.file(path, job):
            if edits.out:
                out.write(edits.out)
            if edits.err:
                if self.bar is not None:
                    self.bar.clear()
                self.err.write(edits.err)
            into.add(edits.counts)
            yield from edits.deals
            if edits.stop is not None:
                raise edits.stop
