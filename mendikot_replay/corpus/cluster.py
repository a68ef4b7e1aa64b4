"""Batch work on a Dask cluster: a corpus cut into chunks of deals that the cluster's workers
read and work on side by side, their results put back in file order, so that they are
exactly those of one process — only sooner, by the workers added.

The files are cut by :mod:`mendikot_replay.pmn.chunks`: each file into byte ranges, each range
surveyed by a worker (where its deals begin, how many there are), the surveys added up on
the client into chunks that know the numbers of their first deal and line in the file. A
worker then reads one chunk (never a whole file) with the reader itself and does the
work on its deals; the client takes the results in file order and writes them, a few
chunks ahead of it in flight, so that neither the client nor a worker holds more than a few
chunks however large the corpus. Every process must see the files at the same paths (one
machine, or a shared file system).

* :func:`connect` gives a :class:`distributed.Client`: of an existing cluster (a scheduler's
  address: ``dask scheduler`` with ``dask worker`` processes, or any Dask deployment), or
  of a local cluster of N worker processes started for the run and stopped after it.
* :func:`cut_files` cuts the files into :class:`~mendikot_replay.pmn.chunks.Chunk` s;
  :func:`shares` and :func:`batches` group them into the work of one task each.
* :func:`ordered` runs a function over many items on the cluster and yields the results in
  order: a bounded number in flight, a failed task retried (Dask's ``retries``), the rest
  cancelled when the caller stops (Ctrl-C) or a task fails for good.
* :func:`run_share` is what a task does: read its deals and hand them to a job; a deal that
  breaks the job is named with its file and number (:class:`ChunkFailed`).
* :func:`map_deals` and :func:`map_frames` are the notebook's way in, with a client of
  your own: ``mr.corpus.map_deals(fn, "corpus/", client=client)`` is a :class:`dask.bag.Bag`
  of ``fn(record)`` in file order, ``mr.corpus.map_frames(plays_frame, …)`` a
  :class:`dask.dataframe.DataFrame` of a table.

Dask is an extra (``pip install 'mendikot-replay[dask]'``): it is imported by the functions
that need it, never by ``import mendikot_replay``.

A match runs through its whole file while a worker sees one chunk of it, so the workers
follow no match: they note what each deal says of its match
(:class:`~mendikot_replay.pmn.chunks.MatchNotes`), and the command that reports matches
(``validate``) follows them on the client, in file order
(:meth:`~mendikot_replay.pmn.check.MatchTracker.follow`). Records that :func:`map_deals` hands to
``fn`` carry no dealer-rotation warning for the same reason.
"""

from __future__ import annotations

import contextlib
import io
import logging
import math
import os
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from ..core.rules import Rules
from ..errors import MendikotError
from ..players.simple import Player
from ..players.simulate import DEFAULT_TARGET, Lineup, match_name, seated, seeded_match
from ..pmn.check import MatchNotes
from ..pmn.chunks import Chunk as Chunk
from ..pmn.chunks import Survey, byte_ranges, number, read_chunk, survey
from ..pmn.record import DealRecord, PMNError, Problem, SourceFile
from ..pmn.writer import WrittenDeal, deal_bytes
from .tables import _paths

if TYPE_CHECKING:
    from urllib.parse import SplitResult

    import dask.bag
    import dask.dataframe
    import pandas as pd
    from distributed import Client, Future

__all__ = [
    "RETRIES",
    "ChunkFailed",
    "ClusterError",
    "FileChunks",
    "Matches",
    "Outcome",
    "Piece",
    "PlayedMatches",
    "batches",
    "connect",
    "cut_files",
    "map_deals",
    "map_frames",
    "ordered",
    "play_matches",
    "run_share",
    "shares",
    "simulate_on",
    "simulated",
    "threads",
]

_T = TypeVar("_T")
_R = TypeVar("_R")
_R_co = TypeVar("_R_co", covariant=True)

RETRIES = 2
"""How many more times a task that failed is tried (a worker that died takes its tasks
with it: the scheduler gives them to another worker on its own)."""

MAX_CHUNK_BYTES = 1 << 20
"""A chunk's bytes at most (1 MiB, some 1,600 simulated deals)."""

MIN_CHUNK_BYTES = 16 << 10
"""A chunk's bytes at least, when the corpus is small (16 KiB, some 25 deals): a task costs
a few milliseconds to send and collect."""

CHUNKS_PER_THREAD = 8
"""Chunks per worker thread, when the corpus is small enough to be cut that finely: deals
differ in cost (an analysis from some 1 ms to a minute), so many chunks even the work out."""

WAIT_FOR_WORKERS = 30.0
"""Seconds to wait for a scheduler to have a worker before giving up."""


class ClusterError(MendikotError):
    """The cluster cannot be reached, or it has no worker to do the work."""


class ChunkFailed(MendikotError):
    """A chunk of deals failed on the cluster at every try; the message names the file and
    the deal it failed on, so that nothing is dropped without a word."""


# -- the cluster --------------------------------------------------------------------------------
@contextlib.contextmanager
def connect(scheduler: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A client of the cluster at ``scheduler`` (an address such as ``tcp://host:8786``), or
    of a local cluster of ``workers`` processes (one thread each) started now; closed, and
    the local cluster stopped, when the ``with`` block ends, however it ends."""
    from distributed import Client, LocalCluster

    if (scheduler is None) == (workers is None):
        raise ValueError("give a scheduler's address or a number of workers, not both")
    if scheduler is not None:
        _knock(scheduler)
        try:
            client = Client(scheduler, timeout=WAIT_FOR_WORKERS, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from exc
        with client:
            try:
                client.wait_for_workers(1, timeout=WAIT_FOR_WORKERS)
            except TimeoutError:
                raise ClusterError(
                    f"the Dask scheduler at {scheduler} has no worker (start one with "
                    f"'dask worker {scheduler}')"
                ) from None
            yield client
        return
    if workers is not None and workers < 1:
        raise ValueError("a local cluster needs at least 1 worker")
    with contextlib.ExitStack() as stack:
        with _interrupts_held():
            cluster = stack.enter_context(
                LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=":0",  # any free port: not 8787 if another has it
                    # what goes wrong in a task reaches the client (and is said there, with
                    # its file and deal); a worker's own log at the end of a run is noise: a
                    # Ctrl-C stops the scheduler first, and a worker still beating said
                    # "Failed to communicate with scheduler during heartbeat" on the terminal
                    silence_logs=logging.CRITICAL,
                )
            )
            client = stack.enter_context(Client(cluster, set_as_default=False))
            client.run(_leave_interrupts_to_the_client)
        yield client  # (a Ctrl-C held during the start-up was raised above: all is stopped)


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back in this process while a local cluster starts, and let it
    through once the cluster is whole: interrupted half-way, Dask's start-up prints
    tracebacks, can swallow the interrupt or leave a process behind, where a whole cluster
    is stopped cleanly.

    Two holds, since one is not enough. The signal is blocked in this thread, so that the
    threads Dask starts meanwhile, and the worker processes they start, begin with it blocked
    too. But a process that has imported numpy has other threads already (its maths
    library's), the signal is delivered to one of them, and Python would raise it in this
    thread all the same: so a handler of Python's only notes it, and it is raised when the
    start-up is over (instead of what a start-up it broke raises, if it broke one). Off the
    main thread, where no handler can be set, nothing is held; nor where Ctrl-C is ignored (a
    job a shell started in the background).

    A worker process that a Ctrl-C reaches before it ignores interrupts
    (:func:`_leave_interrupts_to_the_client`) may still print a traceback of its own."""
    import signal

    heard: list[int] = []

    def note(number: int, frame: object) -> None:
        heard.append(number)

    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # a background job: Ctrl-C is not ours
        yield
        return
    try:
        handler = signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread: no handler can be set there
        yield
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    except Exception:
        if not heard:
            raise
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)  # a held signal is noted now
        signal.signal(signal.SIGINT, handler)
    if heard:  # as the handler held back would have answered it
        if callable(handler):
            handler(signal.SIGINT, None)
        raise KeyboardInterrupt


SCHEMES: Final = ("tcp", "tls", "ucx", "ws", "wss", "inproc")
"""The kinds of address a Dask scheduler is reached at (``http://`` is its dashboard's)."""


def check_address(scheduler: str) -> str:
    """``scheduler`` if it reads as a Dask scheduler's address (``tcp://HOST:8786``,
    ``HOST:8786``, ``tcp://[::1]:8786``); else :class:`ClusterError` saying why, at once
    (Dask itself would retry a wrong address for its whole time-out, then fail with a
    traceback).

    >>> check_address("tcp://127.0.0.1:8786")
    'tcp://127.0.0.1:8786'
    >>> try:
    ...     check_address("http://127.0.0.1:8787")
    ... except ClusterError as refused:
    ...     print(str(refused).split(" (")[0])
    not a Dask scheduler's address: http://127.0.0.1:8787
    """

    _parts(scheduler)
    return scheduler


def _parts(scheduler: str) -> tuple[SplitResult, int | None]:
    """The address split into its parts, and its port (:func:`check_address` says what is
    refused)."""
    from urllib.parse import urlsplit

    hint = "say tcp://HOST:8786"
    try:
        where = urlsplit(scheduler if "://" in scheduler else f"tcp://{scheduler}")
        port = where.port
    except ValueError as exc:  # a port that is no number, an unclosed [IPv6 address
        raise ClusterError(f"not a Dask scheduler's address: {scheduler} ({exc}; {hint})") from None
    if where.scheme not in SCHEMES:
        why = (
            f"{where.scheme}:// is a web page, such as the dashboard; the scheduler is at "
            "tcp://HOST:8786"
            if where.scheme in ("http", "https")
            else f"Dask is not reached by {where.scheme}://; {hint}"
        )
        raise ClusterError(f"not a Dask scheduler's address: {scheduler} ({why})")
    if where.scheme != "inproc" and (not where.hostname or port == 0):
        raise ClusterError(f"not a Dask scheduler's address: {scheduler} ({hint})")
    return where, port


def _knock(scheduler: str) -> None:
    """Fail at once if nothing listens at a ``tcp://`` scheduler address (refusing one that
    is no address at all: :func:`check_address`): Dask itself keeps trying to connect for
    :data:`WAIT_FOR_WORKERS` seconds, which is right for a scheduler still starting but
    leaves a mistyped address silent for half a minute. Other kinds of address (``tls://``,
    ``ucx://``…) are left to Dask."""
    import socket

    where, given = _parts(scheduler)
    if where.scheme != "tcp" or where.hostname is None:
        return
    port = given or 8786
    try:
        with socket.create_connection((where.hostname, port), timeout=WAIT_FOR_WORKERS):
            pass
    except ConnectionRefusedError:
        raise ClusterError(
            f"no Dask scheduler at {scheduler}: nothing listens at port {port} of "
            f"{where.hostname} (start one with 'dask scheduler --port {port}')"
        ) from None
    except OSError:
        return  # a name not found, a timeout…: Dask says it in its own words


def _leave_interrupts_to_the_client() -> None:
    """In a local worker process: ignore Ctrl-C. The terminal sends it to every process of
    the command, and the client alone answers it (it cancels the tasks and stops the
    cluster, which ends its workers quietly)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def threads(client: Client) -> int:
    """How many tasks the cluster runs at once (its workers' threads)."""
    count: int = sum(client.nthreads().values())
    return max(count, 1)


# -- cutting the files ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class FileChunks:
    """One file of the corpus, cut: its chunks, or why the reader refuses it."""

    name: str
    chunks: list[Chunk]
    refused: Problem | None = None

    @property
    def deals(self) -> int:
        return sum(chunk.deals for chunk in self.chunks)


def chunk_size(total: int, threads: int) -> int:
    """The bytes of a chunk for a corpus of ``total`` bytes and ``threads`` worker threads.

    >>> chunk_size(100 << 20, 2), chunk_size(300_000, 2)
    (1048576, 18750)
    """
    wanted = total // max(threads * CHUNKS_PER_THREAD, 1)
    return max(MIN_CHUNK_BYTES, min(MAX_CHUNK_BYTES, wanted))


def cut_files(
    client: Client, names: Sequence[str], chunk_bytes: int | None = None
) -> list[FileChunks]:
    """The files ``names`` cut into chunks of about ``chunk_bytes`` (by default a size that
    gives each worker thread several chunks: :func:`chunk_size`), their ranges surveyed on
    the cluster. Here only each file's size and identity are read."""
    files: list[tuple[str, str, SourceFile]] = []
    for name in names:
        file = os.path.abspath(name)
        with open(file, "rb") as handle:
            files.append((name, file, SourceFile.of_open(file, handle.fileno())))
    size = chunk_bytes or chunk_size(sum(source.size for _, _, source in files), threads(client))
    ranges = [
        (i, begin, end)
        for i, (_, _, source) in enumerate(files)
        for begin, end in byte_ranges(source.size, size)
    ]
    futures = client.map(
        survey,
        [files[i][1] for i, _, _ in ranges],
        [begin for _, begin, _ in ranges],
        [end for _, _, end in ranges],
        pure=False,
        retries=RETRIES,
    )
    found: list[list[Survey]] = [[] for _ in files]
    try:
        for (i, _, _), one in zip(ranges, client.gather(futures), strict=True):
            found[i].append(one)
    finally:
        client.cancel(futures)
    cut: list[FileChunks] = []
    for (name, file, source), surveys in zip(files, found, strict=True):
        try:
            cut.append(FileChunks(name, number(file, name, source, surveys, source.size)))
        except PMNError as exc:
            cut.append(FileChunks(name, [], exc.problem))
    return cut


@dataclass(frozen=True, slots=True)
class Piece:
    """Deals of one chunk: ``count`` of them after the first ``skip`` (all by default)."""

    chunk: Chunk
    skip: int = 0
    count: int | None = None

    @property
    def deals(self) -> int:
        left = self.chunk.deals - self.skip
        return left if self.count is None else min(self.count, left)


Share = tuple[Piece, ...]
"""The deals one task works on, in order."""


def shares(files: Iterable[FileChunks]) -> list[Share]:
    """One task a chunk, in file order."""
    return [(Piece(chunk),) for file in files for chunk in file.chunks]


def batches(files: Iterable[FileChunks], size: int) -> list[Share]:
    """The deals of all the files, in order, in tasks of exactly ``size`` deals (the last
    one fewer), across chunks and files: a Parquet export's row groups, whatever the
    chunks."""
    if size < 1:
        raise ValueError("a batch holds at least 1 deal")
    out: list[Share] = []
    share: list[Piece] = []
    room = size
    for file in files:
        for chunk in file.chunks:
            skip = 0
            while skip < chunk.deals:
                take = min(room, chunk.deals - skip)
                share.append(Piece(chunk, skip, take))
                skip, room = skip + take, room - take
                if not room:
                    out.append(tuple(share))
                    share, room = [], size
    if share:
        out.append(tuple(share))
    return out


# -- running tasks ------------------------------------------------------------------------------
class Job(Protocol[_R_co]):
    """What a task does with its deals: ``(file name, record)`` pairs, in file order, each
    read and checked (``notes`` keeps what each says of its match)."""

    def __call__(self, records: Iterator[tuple[str, DealRecord]], notes: MatchNotes) -> _R_co: ...


@dataclass(frozen=True, slots=True)
class Outcome(Generic[_R]):
    """What a task gives back: the job's value, or why it stopped."""

    value: _R | None
    refused: tuple[str, Problem] | None = None
    """A file the reader refused while the task read it (it changed since it was cut)."""
    error: BaseException | None = None
    """An error the job raised on purpose (one of the task's ``deliberate`` kinds, such as
    a usage error): not retried; the caller raises it where the task's deals are."""


def run_share(
    job: Job[_R], share: Share, deliberate: tuple[type[BaseException], ...] = ()
) -> Outcome[_R]:
    """Read the deals of ``share`` and give them to ``job``; runs on a worker.

    An error of a kind in ``deliberate`` comes back in the :class:`Outcome` (it would only
    come again); any other error is raised as :class:`ChunkFailed`, naming the file and the
    deal (Dask tries the task again, :data:`RETRIES` times)."""
    notes = MatchNotes()
    at: list[tuple[str, int | None, int | None]] = []

    def records() -> Iterator[tuple[str, DealRecord]]:
        for piece in share:
            chunk = piece.chunk
            deals = read_chunk(chunk, matches=notes, skip=piece.skip, count=piece.count)
            for record in deals:
                at[:] = [(chunk.name, record.index, record.line)]
                yield chunk.name, record

    try:
        return Outcome(job(records(), notes))
    except PMNError as exc:
        name = at[0][0] if at else share[0].chunk.name
        return Outcome(None, refused=(name, exc.problem))
    except deliberate as exc:
        return Outcome(None, error=exc)
    except Exception as exc:
        if at:
            name, index, line = at[0]
            where = f"{name}:{line}: deal {index}"
        else:
            first, last = share[0], share[-1]
            where = (
                f"{first.chunk.name}: deals {first.chunk.first + first.skip} to "
                f"{last.chunk.first + last.skip + last.deals - 1}"
            )
        raise ChunkFailed(f"{where}: failed on the cluster: {exc!r}") from exc


def ordered(
    client: Client,
    function: Callable[[_T], _R],
    items: Iterable[_T],
    *,
    window: int | None = None,
    retries: int = RETRIES,
    done: Callable[[_T], object] | None = None,
) -> Generator[_R, None, None]:
    """``function(item)`` for each of ``items``, run on the cluster, yielded in the order of
    ``items``: at most ``window`` tasks are in flight or waiting to be yielded (by default
    twice the cluster's threads, and two more), so that memory stays that of a few tasks'
    results however many items there are. ``done(item)`` is called as each task finishes,
    in whatever order they finish (a progress bar). A task that fails is tried ``retries``
    more times, then its error is raised here, in its turn; when the caller stops early
    (an error, Ctrl-C), every task still in flight is cancelled."""
    from distributed import as_completed

    limit = window if window is not None else 2 * threads(client) + 2
    source = iter(items)
    waiting: dict[int, tuple[Future[_R], _T]] = {}
    finished: dict[int, Future[_R]] = {}
    index_of: dict[str, int] = {}
    completed = as_completed(loop=client.loop)
    submitted = 0
    turn = 0
    exhausted = False

    def submit() -> None:
        nonlocal submitted, exhausted
        while not exhausted and len(waiting) + len(finished) < limit:
            try:
                item = next(source)
            except StopIteration:
                exhausted = True
                return
            future = client.submit(function, item, pure=False, retries=retries)
            waiting[submitted] = (future, item)
            index_of[future.key] = submitted
            completed.add(future)
            submitted += 1

    try:
        submit()
        while waiting or finished:
            if turn in finished:
                future = finished.pop(turn)
                turn += 1
                result = future.result()
                future.release()
                submit()
                yield result
                continue
            future = next(completed)
            i = index_of.pop(future.key)
            finished[i], item = waiting.pop(i)
            if done is not None and future.status == "finished":
                done(item)
    finally:
        left = [f for f, _ in waiting.values()] + list(finished.values())
        if left:
            client.cancel(left)


# -- simulated deals ----------------------------------------------------------------------------
TASK_SECONDS = 1.0
"""About how long a task of simulated matches runs, once the first tasks have shown how
long a match takes: long enough that sending it costs little, short enough that the
workers end together."""


@dataclass(frozen=True, slots=True)
class Matches:
    """What one task of a simulation plays: matches ``first`` to ``first + count - 1`` of
    the run seeded ``seed`` (:func:`~mendikot_replay.players.simulate.seeded_match`), each
    cut off after ``max_deals`` deals."""

    seed: int | str
    rules: Rules
    players: Lineup
    target: int
    max_deals: int
    first: int
    count: int


@dataclass(frozen=True, slots=True)
class PlayedMatches:
    """A task's matches, each a list of its deals' bytes as the writer writes them, and the
    seconds the task took (the next tasks are sized by it)."""

    matches: list[list[bytes]]
    seconds: float
    failed: str | None = None
    """Why the last match stopped short (its deals before are in :attr:`matches`): the
    match, its deal and the error. Sent back rather than raised, because the run may not
    need that deal (the last match is cut off), and a simulation that breaks breaks again
    (a worker that dies is replaced by the scheduler all the same)."""


def play_matches(task: Matches) -> PlayedMatches:
    """Play a task's matches; runs on a worker. A match that breaks ends the task, with
    its deals before and why (:attr:`PlayedMatches.failed`)."""
    import time

    start = time.perf_counter()
    played: list[list[bytes]] = []
    for k in range(task.first, task.first + task.count):
        deals: list[bytes] = []
        played.append(deals)
        match = seeded_match(
            task.seed, k, task.rules, task.players, target=task.target, max_deals=task.max_deals
        )
        try:
            for deal in match:
                deals.append(deal_bytes(deal.record))
        except Exception as exc:
            failed = f"match {match_name(task.seed, k)}, its deal {len(deals) + 1}: {exc!r}"
            return PlayedMatches(played, time.perf_counter() - start, failed)
    return PlayedMatches(played, time.perf_counter() - start)


def simulated(
    client: Client,
    n_deals: int,
    seed: int | str = 0,
    rules: Rules | None = None,
    players: Lineup | tuple[Player, Player] | None = None,
    match_target: int | None = None,
) -> Iterator[WrittenDeal]:
    """The deals of :func:`~mendikot_replay.players.simulate.simulate` with the same
    arguments, byte for byte, each as the writer writes it, played by the cluster's workers
    match by match: every match is seeded by its own number, so the workers play them side
    by side and the client puts them back in order and cuts the last one off after
    ``n_deals`` deals. A deal that breaks a player is raised as :class:`ChunkFailed`,
    naming its number in the run and its match, once every deal before it is yielded.

    How many matches the deals take is known only once they are played, so they are sent
    in rounds: as many matches as the deals still wanted fill at the length the matches so
    far had (at first one and a half times the target, a match's usual length at a point a
    deal), and another round if they fall short. Within a round the first tasks hold a
    match each, later ones as many as take about :data:`TASK_SECONDS`, never more than an
    even share of the round."""
    rules = rules or Rules()
    table = seated(rules, players)
    target = DEFAULT_TARGET if match_target is None else match_target
    lanes = threads(client)
    seconds, matches, deals, made = 0.0, 0, 0, 0
    k = 1

    def round_of(size: int, first: int) -> Iterator[Matches]:
        end = first + size
        while first < end:
            count = 1
            if matches and seconds > 0:
                wanted = TASK_SECONDS / (seconds / matches)
                count = int(max(1, min(wanted, (end - first) / (2 * lanes))))
            count = min(count, end - first)
            yield Matches(seed, rules, table, target, n_deals, first, count)
            first += count

    while made < n_deals:
        length = deals / matches if matches else 1.5 * max(target, 1)
        size = max(1, math.ceil((n_deals - made) / max(length, 1.0)))
        with contextlib.closing(ordered(client, play_matches, round_of(size, k))) as results:
            for played in results:
                seconds += played.seconds
                matches += len(played.matches)
                for match in played.matches:
                    deals += len(match)
                    for data in match[: n_deals - made]:
                        made += 1
                        yield WrittenDeal(None, None, None, None, data)
                    if made >= n_deals:
                        return  # the tasks still in flight are cancelled
                if played.failed is not None:
                    raise ChunkFailed(
                        f"simulated deal {made + 1} ({played.failed}): failed on the cluster"
                    )
        k += size


def simulate_on(
    client: Client,
    n_deals: int,
    seed: int | str = 0,
    rules: Rules | None = None,
    players: Lineup | tuple[Player, Player] | None = None,
    match_target: int | None = None,
) -> Iterator[DealRecord]:
    """:func:`~mendikot_replay.players.simulate.simulate` on the cluster of ``client``: the
    same deals for the same arguments (whatever the number of workers), as records read
    back from their text, one at a time, in order (:func:`simulated`), each match followed
    as the reader follows a file's."""
    from ..pmn.check import MatchTracker
    from ..pmn.reader import read_deals

    matches = MatchTracker()
    for deal in simulated(client, n_deals, seed, rules, players, match_target):
        assert deal.data is not None  # made by play_matches, never copied from a file
        yield from read_deals(io.BytesIO(deal.data), matches=matches)


# -- for notebooks --------------------------------------------------------------------------------
def _values(function: Callable[[DealRecord], _T], chunk: Chunk) -> list[_T]:
    return [function(record) for record in read_chunk(chunk, matches=MatchNotes())]


def _frame(build: Callable[[Any], pd.DataFrame], chunk: Chunk) -> pd.DataFrame:
    return build([(chunk.name, record) for record in read_chunk(chunk, matches=MatchNotes())])


def _chunks(
    paths: str | os.PathLike[str] | Sequence[str], client: Client, chunk_bytes: int | None
) -> list[Chunk]:
    names = [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
    found = [path for name in names for path in _paths(os.fspath(name))]
    cut = cut_files(client, found, chunk_bytes)
    for file in cut:
        if file.refused is not None:
            raise PMNError(file.refused)
    return [chunk for file in cut for chunk in file.chunks]


def map_deals(
    function: Callable[[DealRecord], _T],
    paths: str | os.PathLike[str] | Sequence[str],
    *,
    client: Client,
    chunk_bytes: int | None = None,
) -> dask.bag.Bag:
    """A :class:`dask.bag.Bag` of ``function(record)`` for every deal of ``paths`` (a file,
    a directory — every ``*.pmn`` under it — a glob pattern, or a list of them), in file
    order, one partition a chunk; ``client`` is your :class:`distributed.Client` (its
    workers must see the files at the same paths). The files are cut now; the work is done
    when the bag is computed (``.compute()``, ``.to_dataframe()``…). ``record.origin.path``
    and ``record.index`` say where each deal is.

    The records are read and checked as :func:`~mendikot_replay.pmn.reader.read_deals` reads
    them, but carry no dealer-rotation warning of a match (a match runs across chunks).
    """
    import dask
    import dask.bag

    chunks = _chunks(paths, client, chunk_bytes)
    parts = [dask.delayed(_values)(function, chunk) for chunk in chunks]
    if not parts:
        return dask.bag.from_sequence([], npartitions=1)
    return dask.bag.from_delayed(parts)


def map_frames(
    build: Callable[[Any], pd.DataFrame],
    paths: str | os.PathLike[str] | Sequence[str],
    *,
    client: Client,
    chunk_bytes: int | None = None,
) -> dask.dataframe.DataFrame:
    """A :class:`dask.dataframe.DataFrame` of ``build`` (a table of
    :mod:`mendikot_replay.corpus.tables`, such as ``plays_frame``, or any function of
    ``(file, record)`` pairs) over every deal of ``paths``, one partition a chunk, in file
    order: ``map_frames(plays_frame, "corpus/", client=client).groupby("seat").size()``."""
    import dask
    import dask.dataframe

    chunks = _chunks(paths, client, chunk_bytes)
    parts = [dask.delayed(_frame)(build, chunk) for chunk in chunks]
    meta = build([])
    if not parts:
        return dask.dataframe.from_pandas(meta, npartitions=1)
    return dask.dataframe.from_delayed(parts, meta=meta, verify_meta=False)
