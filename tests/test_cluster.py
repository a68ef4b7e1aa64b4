"""The batch commands on a Dask cluster give exactly what one process gives.

A real ``distributed.LocalCluster`` of two worker processes serves the module (the commands
reach it with ``--scheduler``), and a real ``dask scheduler`` with a ``dask worker`` pair of
subprocesses on 127.0.0.1 (free ports, stopped at the end) serves the tests marked so; one
test starts its own cluster with ``--workers 2``, one stops one with Ctrl-C. Every command is
run twice, in this process and on a cluster, and the two runs must agree to the byte: the
output, standard error, the exit status, every file written, and the Parquet tables (read
back by pandas and by dask.dataframe).

The corpus: simulated matches (a match runs across many chunks), the club's match twice
over (a dealer out of turn where the second copy starts: a warning only the whole file
gives), random deals of every rule variant with comments and variations, positions, and
the broken deals of tests/data (errors with their lines and deal numbers, bytes kept).
The files are cut into many small chunks (``--chunk-size``), most deals' chunks starting
in the middle of the one before.

The boundary finder has a property test of its own: any cut of any file gives the deals of
one reading of the whole file.
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
pd = pytest.importorskip("pandas")
from distributed import Client  # noqa: E402
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

import mendikot_replay as mr  # noqa: E402
from mendikot_replay.cli.app import main  # noqa: E402
from mendikot_replay.core.cards import Card  # noqa: E402
from mendikot_replay.core.rules import Capture, Rules  # noqa: E402
from mendikot_replay.corpus import cluster  # noqa: E402
from mendikot_replay.corpus.tables import plays_frame  # noqa: E402
from mendikot_replay.players.generate import random_deals, random_positions  # noqa: E402
from mendikot_replay.players.simple import (  # noqa: E402
    RandomPlayer,
    RuleOfThumbPlayer,
    SeatView,
)
from mendikot_replay.players.simulate import lineup, simulate  # noqa: E402
from mendikot_replay.pmn.chunks import byte_ranges, cut, number, read_chunk, survey  # noqa: E402
from mendikot_replay.pmn.reader import read_deals  # noqa: E402
from mendikot_replay.pmn.record import DealRecord, SourceFile  # noqa: E402
from mendikot_replay.pmn.writer import deal_bytes, write_string  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
DATA = ROOT / "tests" / "data"
TABLES = ("deals", "tricks", "plays", "tens", "points")
TINY = "1500"
"""Bytes a chunk: two or three deals, so most chunks begin inside the deal before them."""


# -- the corpus ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``games/`` with the three files every command is run on."""
    folder = tmp_path_factory.mktemp("corpus") / "games"
    folder.mkdir()
    club = (SAMPLES / "match-thursday-club.pmn").read_text(encoding="utf-8")
    backwards = "\n\n".join(reversed(club.split("\n\n")[1:]))  # dealers out of turn
    (folder / "matches.pmn").write_text(
        write_string(simulate(150, "cluster")) + "\n" + club + "\n" + backwards,
        encoding="utf-8",
    )
    broken = (DATA / "broken.pmn").read_bytes() + b"\n" + (DATA / "lenient.pmn").read_bytes()
    mixed = write_string(random_deals(120, 27, annotate=True)).encode("utf-8")
    (folder / "mixed.pmn").write_bytes(mixed + b"\n" + broken + b"\n\n% a note\n\n" + mixed[:5000])
    (folder / "positions.pmn").write_text(write_string(random_positions(20, 5)), encoding="utf-8")
    return folder


def files(corpus: Path) -> list[str]:
    """The corpus's files, named relative to the folder the commands run in."""
    return [f"games/{name}" for name in ("matches.pmn", "mixed.pmn", "positions.pmn")]


@contextlib.contextmanager
def in_copy(corpus: Path, where: Path) -> Iterator[Path]:
    """A fresh copy of the corpus in ``where``, as the working directory."""
    shutil.copytree(corpus, where / "games")
    old = os.getcwd()
    os.chdir(where)
    try:
        yield where
    finally:
        os.chdir(old)


def run(*args: str) -> tuple[int, str, str]:
    """One command in this process: its status, standard output and standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def both(
    corpus: Path,
    tmp_path: Path,
    address: str,
    *args: str,
    chunk: str | None = TINY,
    status: int = 0,
) -> tuple[tuple[int, str, str], Path, Path]:
    """``args`` run in one process and on the cluster at ``address``, each in a copy of the
    corpus; the two results must agree, and exit with ``status`` (two runs that fail the
    same way are no pass). Returns the one process's and both folders."""
    with in_copy(corpus, tmp_path / "one") as one:
        alone = run(*args)
    with in_copy(corpus, tmp_path / "cluster") as two:
        extra = ["--scheduler", address] + (["--chunk-size", chunk] if chunk else [])
        spread = run(*args, *extra)
    assert spread == alone
    assert alone[0] == status, alone[2]
    for path in sorted(one.rglob("*")):
        other = two / path.relative_to(one)
        assert other.exists(), other
        if path.is_file() and path.suffix != ".parquet":
            assert other.read_bytes() == path.read_bytes(), path
    return alone, one, two


# -- the clusters ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def local() -> Iterator[Client]:
    """A real local cluster of two worker processes, for the whole module."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as local_cluster,
        Client(local_cluster) as client,
    ):
        yield client


@pytest.fixture(scope="module")
def address(local: Client) -> str:
    return str(local.scheduler.address)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def dask_pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``dask scheduler`` and ``dask worker`` (two processes) on 127.0.0.1, as a user
    starts them; stopped at the end as a user stops them, the worker before the scheduler
    (together, or with SIGTERM, a worker process hangs on for 8 s before it is killed)."""
    dask = str(Path(sys.executable).with_name("dask"))
    logs = tmp_path_factory.mktemp("dask")
    port = free_port()
    scheduler_address = f"tcp://127.0.0.1:{port}"
    common = ["--no-dashboard"]
    worker = ["--host", "127.0.0.1", "--nworkers", "2", "--nthreads", "1"]
    started: list[subprocess.Popen[bytes]] = []
    try:
        with open(logs / "scheduler.log", "wb") as log:
            started.append(
                subprocess.Popen(
                    [dask, "scheduler", "--host", "127.0.0.1", "--port", str(port), *common],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        with open(logs / "worker.log", "wb") as log:
            started.append(
                subprocess.Popen(
                    [dask, "worker", scheduler_address, *worker, *common],
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        with Client(scheduler_address, timeout=60) as client:
            client.wait_for_workers(2, timeout=60)
        yield scheduler_address
    finally:
        for process in reversed(started):  # the worker first, then the scheduler
            process.send_signal(signal.SIGINT)  # as Ctrl-C in their terminals
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


# -- the boundary finder: any cut gives the deals of the whole file ---------------------------
def shape(record: DealRecord) -> tuple[object, ...]:
    return (
        record.index,
        record.line,
        record.span,
        record.raw,
        record.tags,
        [str(p) for p in record.errors],
        [str(p) for p in record.warnings],
    )


def chunks_at(path: Path, cuts: list[int]) -> list[tuple[object, ...]]:
    """The deals of ``path`` read chunk by chunk, its ranges cut at ``cuts``."""
    file = os.fspath(path)
    with open(file, "rb") as handle:
        source = SourceFile.of_open(file, handle.fileno())
    bounds = [0, *sorted({c for c in cuts if 0 < c < source.size}), source.size]
    ranges = list(itertools.pairwise(bounds)) or [(0, 0)]
    surveys = [survey(file, begin, end) for begin, end in ranges]
    chunks = number(file, file, source, surveys, source.size)
    assert all(c.deals > 0 for c in chunks) and chunks == sorted(chunks, key=lambda c: c.start)
    return [shape(r) for c in chunks for r in read_chunk(c, check=False)]


LINES = st.sampled_from(
    [
        b'[Event "a"]\n',
        b'[Play "A"]\n',
        b'[Hands "A:T... B:A... C:.2.. D:..2."]\n',
        b"13. A: TS AS 2H 2D\n",
        b"1. A: TH {a comment\n",
        b"on two lines} KH\n",
        b"\n",
        b"   \t\n",
        b"\r\n",
        b'[Deal "1"]\r\n',
        b"\xc2\xa0\n",  # a no-break space only: blank to the reader too
        b"% a comment line\n",
        b"% PMN 1.0\n",
        b"bad \xff bytes\n",
        b"\xef\xbb\xbf[Event bom]\n",
        b"x" * 300 + b"\n",
        b"no line break at the end",
    ]
)


@settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    lines=st.lists(LINES, max_size=40),
    bom=st.booleans(),
    cuts=st.lists(st.integers(min_value=0, max_value=3000), max_size=12),
)
def test_any_cut_gives_the_deals_of_the_whole_file(
    lines: list[bytes], bom: bool, cuts: list[int], tmp_path: Path
) -> None:
    data = (b"\xef\xbb\xbf" if bom else b"") + b"".join(lines)
    path = tmp_path / "cut.pmn"
    path.write_bytes(data)
    whole = [shape(r) for r in read_deals(path, check=False)]
    assert chunks_at(path, cuts) == whole
    assert chunks_at(path, list(range(1, len(data), 7))) == whole  # a cut every 7 bytes


def test_the_sample_files_cut_every_way(corpus: Path) -> None:
    small = [*SAMPLES.glob("*.pmn"), *DATA.glob("*.pmn")]
    for path in [*small, *corpus.glob("*.pmn")]:
        whole = [shape(r) for r in read_deals(path)]
        for size in (1, 97, 1 << 20) if path in small else (1000, 1 << 20):
            got = [shape(r) for c in cut(path, size) for r in read_chunk(c)]
            # (each chunk follows its matches from its start: compared apart, in validate)
            assert [g[:5] for g in got] == [w[:5] for w in whole], (path, size)


@pytest.fixture
def read(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every line the chunk reader reads from its files, in order."""
    from mendikot_replay.pmn import chunks

    lengths: list[int] = []

    class Counting(io.BufferedReader):
        def readline(self, limit: int | None = -1) -> bytes:
            line = super().readline(limit)
            lengths.append(len(line))
            return line

    def counting_open(file: str, mode: str) -> Counting:
        return Counting(io.FileIO(file, mode.replace("b", "")))

    monkeypatch.setattr(chunks, "open", counting_open, raising=False)
    return lengths


def test_a_range_is_read_and_no_more(corpus: Path, read: list[int]) -> None:
    """A worker reads its range and the deal it ends in, never the whole file."""
    path = corpus / "matches.pmn"
    size = path.stat().st_size
    found = survey(path, size // 2, size // 2 + 4000)
    assert found.deals > 0 and sum(read) < 4000 + 3000 < size / 10


@pytest.fixture(scope="module")
def long_deal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``games/long.pmn``: a deal too long to read (21,000 lines, 2.1 MB) between two
    deals; it can only be copied back from its file, byte for byte."""
    folder = tmp_path_factory.mktemp("long") / "games"
    folder.mkdir()
    example = (SAMPLES / "worked-example.pmn").read_bytes()
    long = b'[Event "long"]\n' + b"{" + b"a comment line\n" * 150_000 + b"}\n"
    (folder / "long.pmn").write_bytes(example + b"\n" + long + b"\n" + example.split(b"\n", 1)[1])
    return folder


def test_a_range_inside_a_long_deal_is_read_no_further(long_deal: Path, read: list[int]) -> None:
    path = long_deal / "long.pmn"
    found = survey(path, 1_000_000, 1_065_536)
    assert found.deals == 0 and sum(read) < 70_000


def test_a_deal_too_long_to_read_is_copied_back(
    long_deal: Path, tmp_path: Path, address: str
) -> None:
    (status, _, err), one, _ = both(
        long_deal,
        tmp_path / "a",
        address,
        "annotate",
        "--in-place",
        "games/long.pmn",
        chunk="64K",
    )
    assert status == 0 and "deal 2: kept as written" in err
    both(
        long_deal,
        tmp_path / "b",
        address,
        "annotate",
        "-o",
        "out.pmn",
        "games/long.pmn",
        chunk="64K",
    )
    assert b"a comment line\n" * 1000 in (one / "games" / "long.pmn").read_bytes()


def test_a_file_of_a_newer_version_is_refused_as_by_one_process(
    tmp_path: Path, address: str
) -> None:
    folder = tmp_path / "refused" / "games"
    folder.mkdir(parents=True)
    example = (SAMPLES / "worked-example.pmn").read_text(encoding="utf-8")
    (folder / "a.pmn").write_text(example, encoding="utf-8")
    (folder / "b.pmn").write_text(example.replace("% PMN 1.0", "% PMN 2.0"), encoding="utf-8")
    names = ["games/a.pmn", "games/b.pmn", "games/a.pmn"]
    for i, args in enumerate(
        (["validate"], ["validate", "--json"], ["analyse", "--max-tricks", "1"])
    ):
        (status, out, err), _, _ = both(folder, tmp_path / str(i), address, *args, *names, status=1)
        assert status == 1 and "PMN 2.0, a newer major version" in out + err


def test_byte_ranges_cover_the_file() -> None:
    assert byte_ranges(5, 2) == [(0, 2), (2, 4), (4, 5)]
    with pytest.raises(ValueError):
        byte_ranges(5, 0)


# -- the commands: one process and a cluster agree ---------------------------------------------
def test_analyse_json(corpus: Path, tmp_path: Path, address: str) -> None:
    (status, out, err), _, _ = both(
        corpus,
        tmp_path,
        address,
        "analyse",
        "--max-tricks",
        "2",
        "--json",
        *files(corpus),
        status=1,
    )
    assert status == 1  # the broken deals cannot be analysed ...
    assert "games/mixed.pmn:" in err and ": has errors, not analysed" in err  # ... and say so
    assert len(out.splitlines()) > 250 and all(json.loads(line) for line in out.splitlines())


def test_analyse_in_place_and_to_a_file(corpus: Path, tmp_path: Path, address: str) -> None:
    (status, _, err), one, _ = both(
        corpus,
        tmp_path / "a",
        address,
        "analyse",
        "--max-tricks",
        "2",
        "--in-place",
        *files(corpus),
        status=1,
    )
    assert status == 1 and "deals analysed (in place)" in err
    # the deals with errors are still their exact bytes
    assert (DATA / "broken.pmn").read_bytes()[:200] in (one / "games" / "mixed.pmn").read_bytes()
    both(
        corpus,
        tmp_path / "b",
        address,
        "analyse",
        "--max-tricks",
        "1",
        "-o",
        "out.pmn",
        "games/mixed.pmn",
        status=1,  # its broken deals are kept as written, and reported
    )


def test_analyse_report_one_deal_and_a_usage_error(
    corpus: Path, tmp_path: Path, address: str
) -> None:
    (status, out, _), _, _ = both(
        corpus,
        tmp_path / "a",
        address,
        "analyse",
        "--max-tricks",
        "3",
        "--deal",
        "7",
        *files(corpus),
    )
    heads = [line for line in out.splitlines() if not line.startswith(" ")]
    assert status == 0 and [h.split(" (")[0] for h in heads] == [
        f"{name} deal 7" for name in files(corpus)
    ]
    (status, _, err), _, _ = both(
        corpus, tmp_path / "b", address, "analyse", "--trick", "12", *files(corpus), status=2
    )
    assert status == 2 and "--trick 12: deal" in err  # a 6- or 8-player deal has fewer


def test_annotate(corpus: Path, tmp_path: Path, address: str) -> None:
    (status, _, err), _, _ = both(
        corpus, tmp_path / "a", address, "annotate", "--in-place", *files(corpus)
    )
    assert status == 0 and "kept as written (it has errors)" in err
    both(corpus, tmp_path / "b", address, "annotate", "-o", "out.pmn", *files(corpus))
    both(
        corpus,
        tmp_path / "c",
        address,
        "annotate",
        "--dd",
        "--max-tricks",
        "1",
        "games/positions.pmn",
    )


def test_validate_follows_matches_across_chunks(corpus: Path, tmp_path: Path, address: str) -> None:
    (status, out, _), _, _ = both(
        corpus, tmp_path / "a", address, "validate", *files(corpus), status=1
    )
    assert status == 1 and "the rules give" in out  # the club's match, second time round
    (status, out, _), _, _ = both(
        corpus, tmp_path / "b", address, "validate", "--json", "--strict", *files(corpus), status=1
    )
    reports = json.loads(out)
    played = [r["match"]["played"] for r in reports if r["tags"].get("Match") == "sim-cluster-1"]
    assert played == list(range(1, len(played) + 1)) and len(played) > 3


def test_stats_and_export(corpus: Path, tmp_path: Path, address: str) -> None:
    (status, out, _), _, _ = both(corpus, tmp_path / "a", address, "stats", "--json", "games")
    assert status == 0 and json.loads(out)["files"] == 3
    (status, _, _), one, two = both(
        corpus,
        tmp_path / "b",
        address,
        "export",
        "games",
        "--parquet",
        "tables",
        "--chunk",
        "45",
    )
    assert status == 0
    import dask.dataframe as dd

    for name in TABLES:
        alone = pd.read_parquet(one / "tables" / f"{name}.parquet")
        spread = pd.read_parquet(two / "tables" / f"{name}.parquet")
        pd.testing.assert_frame_equal(spread, alone)
        back = dd.read_parquet(str(two / "tables" / f"{name}.parquet")).compute()
        back = back.reset_index(drop=True)  # (Dask's own string type: values compared)
        pd.testing.assert_frame_equal(back, alone, check_dtype=False, check_categorical=False)
    deals = pd.read_parquet(one / "tables" / "deals.parquet")
    assert deals.warnings.sum() > 0  # the dealer out of turn, counted where the file says


def test_the_default_chunks_and_a_dask_scheduler_with_its_workers(
    corpus: Path, tmp_path: Path, dask_pair: str
) -> None:
    validate = ["validate", "--json", *files(corpus)]
    both(corpus, tmp_path / "a", dask_pair, *validate, chunk=None, status=1)
    analyse = ["analyse", "--max-tricks", "2", "--json", *files(corpus)]
    both(corpus, tmp_path / "b", dask_pair, *analyse, status=1)


@pytest.mark.slow
def test_workers_start_a_local_cluster_for_the_run(corpus: Path, tmp_path: Path) -> None:
    with in_copy(corpus, tmp_path / "one"):
        alone = run("validate", *files(corpus))
    with in_copy(corpus, tmp_path / "two"):
        spread = run("validate", *files(corpus), "--workers", "2", "--chunk-size", "4K")
    assert spread == alone
    simulation = ["simulate", "--deals", "30", "--seed", "local", "--quiet", "-o", "-"]
    assert run(*simulation, "--workers", "2") == run(*simulation)


def test_usage_errors() -> None:
    example = str(SAMPLES / "worked-example.pmn")
    status, _, err = run("validate", "-", "--workers", "2")
    assert status == 2 and "standard input (-) cannot be read in chunks" in err
    status, _, err = run("validate", example, "--chunk-size", "1K")
    assert status == 2 and "--chunk-size cuts the files for a cluster" in err
    twice = ["annotate", "--in-place", example, example, "--workers", "2"]
    status, _, err = run(*twice)
    assert status == 2 and "is given twice" in err
    for bad in (["--workers", "0"], ["--chunk-size", "lots", "--workers", "1"]):
        with pytest.raises(SystemExit):
            main(["validate", example, *bad])


def test_a_scheduler_that_is_not_there_is_said_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Said by the knock on the port, before Dask is asked at all (Dask would retry for
    half a minute): a Client made here fails the test."""
    example = str(SAMPLES / "worked-example.pmn")

    def no_client(*args: object, **kwargs: object) -> None:
        raise AssertionError("Dask's client was asked to connect")

    monkeypatch.setattr(distributed, "Client", no_client)
    status, out, err = run("validate", example, "--scheduler", f"tcp://127.0.0.1:{free_port()}")
    assert status == 1 and out == ""
    assert "no Dask scheduler at tcp://127.0.0.1:" in err and "nothing listens" in err
    with pytest.raises(SystemExit) as usage:
        main(["simulate", "--deals", "1", "-o", "-", "--scheduler", "tcp://x:port"])
    assert usage.value.code == 2


def test_a_scheduler_without_workers_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "WAIT_FOR_WORKERS", 1.0)
    with distributed.LocalCluster(n_workers=0, dashboard_address=":0") as empty:
        address = str(empty.scheduler_address)
        status, _, err = run("stats", str(SAMPLES / "worked-example.pmn"), "--scheduler", address)
    assert status == 1
    assert f"the Dask scheduler at {address} has no worker (start one with 'dask worker" in err


# -- retries, failures and Ctrl-C --------------------------------------------------------------
def flaky(marks: str, item: int) -> int:
    """Fails the first time it is given ``item`` (a mark file remembers), then works."""
    mark = Path(marks) / str(item)
    if not mark.exists():
        mark.touch()
        raise OSError(f"worker hiccup on {item}")
    return item * item


def test_a_failed_task_is_tried_again(local: Client, tmp_path: Path) -> None:
    work = functools.partial(flaky, str(tmp_path))
    assert list(cluster.ordered(local, work, range(12), window=3)) == [i * i for i in range(12)]
    assert len(list(tmp_path.iterdir())) == 12  # each failed once


def die_once(marks: str, item: int) -> int:
    """Kills its worker process the first time it is given 5 (a mark file remembers)."""
    mark = Path(marks) / str(item)
    if item == 5 and not mark.exists():
        mark.touch()
        os._exit(1)  # the worker dies mid-task, as if killed
    return item * item


@pytest.mark.slow
def test_a_worker_that_dies_mid_run_loses_nothing(tmp_path: Path) -> None:
    # The nanny starts a new worker, the scheduler gives it the lost task, and the results
    # still come back whole and in order.
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as two,
        Client(two) as client,
    ):
        work = functools.partial(die_once, str(tmp_path))
        got = list(cluster.ordered(client, work, range(12), window=4))
    assert got == [i * i for i in range(12)]
    assert (tmp_path / "5").exists()  # it did die once


def choke_on_deal_9(records: Iterator[tuple[str, DealRecord]], notes: object) -> int:
    for _, record in records:
        if record.index == 9:
            raise RuntimeError("the program's own bug")
    return 0


def test_a_deal_that_fails_every_try_is_named(local: Client, corpus: Path) -> None:
    [cut_file] = cluster.cut_files(local, [str(corpus / "matches.pmn")], 3000)
    task = functools.partial(cluster.run_share, choke_on_deal_9)
    with pytest.raises(cluster.ChunkFailed) as failed:
        list(cluster.ordered(local, task, cluster.shares([cut_file])))
    line = next(r.line for r in read_deals(corpus / "matches.pmn") if r.index == 9)
    assert str(failed.value).startswith(f"{corpus / 'matches.pmn'}:{line}: deal 9: failed")
    assert "the program's own bug" in str(failed.value)


def solving(process: object) -> bool:
    """Whether a process is a worker at work: it has loaded the solver's core and ignores
    Ctrl-C, as the client has every worker do (read from the kernel's own record of the
    process's signals; a process that has just been started may not ignore it yet)."""
    try:
        maps = process.memory_maps()  # type: ignore[attr-defined]
        status = Path(f"/proc/{process.pid}/status").read_text()  # type: ignore[attr-defined]
    except Exception:  # gone, or not readable yet
        return False
    ignored = next(
        (int(line.split()[1], 16) for line in status.splitlines() if line.startswith("SigIgn:")), 0
    )
    return bool(ignored >> (signal.SIGINT - 1) & 1) and any("_ddcore" in m.path for m in maps)


def interruptible(command: list[str]) -> list[str]:
    """``command``, run with Ctrl-C's usual effect even when this test run ignores SIGINT (a
    shell starts a background job so, and the job's children inherit it): the program
    resets it, then becomes the command."""
    restore = (
        "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    return [sys.executable, "-c", restore, *command]


@pytest.mark.slow
def test_ctrl_c_stops_cleanly(corpus: Path, tmp_path: Path) -> None:
    psutil = pytest.importorskip("psutil")
    target = tmp_path / "matches.pmn"
    shutil.copy(corpus / "matches.pmn", target)
    before = target.read_bytes()
    command = [sys.executable, "-m", "mendikot_replay", "analyse", "--workers", "2"]
    command += ["--max-tricks", "13", "--in-place", str(target)]
    child = subprocess.Popen(
        interruptible(command),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    process = psutil.Process(child.pid)
    deadline = time.monotonic() + 60
    workers: list[object] = []
    while time.monotonic() < deadline and len(workers) < 2:  # both workers at work
        workers = [p for p in process.children(recursive=True) if solving(p)]
        time.sleep(0.2)
    assert len(workers) == 2, "the two workers never began their analysis"
    os.killpg(child.pid, signal.SIGINT)  # a Ctrl-C reaches every process of the command
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert err == b"", err.decode()  # no traceback from the client nor its workers
    assert target.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["matches.pmn"]  # no temporary file left
    _, left = psutil.wait_procs(workers, timeout=60)
    assert not [p for p in left if p.status() != psutil.STATUS_ZOMBIE]


# -- simulate: the matches side by side ----------------------------------------------------------
SIMULATIONS = [
    pytest.param(["--deals", "60", "--seed", "s", "--target", "3"], id="short-matches"),
    # matches of a deal or two, far shorter than the first round's guess: several rounds
    pytest.param(["--deals", "15", "--seed", "t", "--target", "1"], id="rounds"),
    pytest.param(
        [
            "--deals",
            "25",
            "--seed",
            "7",
            "--players",
            "6",
            "--trump",
            "Closed",
            "--reveal",
            "B",
            "--bd",
            "random",
        ],
        id="six-closed-b",
    ),
    pytest.param(
        ["--deals", "9", "--seed", "3", "--ac", "pimc", "--worlds", "3", "--solve-from", "3"],
        id="pimc",
    ),
    pytest.param(["--deals", "1", "--seed", "one"], id="one-deal"),
    pytest.param(["--deals", "0"], id="none"),
]


@pytest.mark.parametrize("args", SIMULATIONS)
def test_simulate_gives_the_deals_of_one_process(args: list[str], address: str) -> None:
    alone = run("simulate", *args, "--quiet", "-o", "-")
    assert alone[0] == 0
    assert alone[1].count("[Site ") == int(args[1])
    assert run("simulate", *args, "--quiet", "-o", "-", "--scheduler", address) == alone


def test_simulate_to_a_file_on_a_dask_scheduler_with_its_workers(
    tmp_path: Path, dask_pair: str
) -> None:
    args = ["simulate", "--deals", "40", "--seed", "pair", "--bd", "random"]
    alone = run(*args, "-o", str(tmp_path / "one.pmn"))
    spread = run(*args, "-o", str(tmp_path / "two.pmn"), "--scheduler", dask_pair)
    assert spread[0] == alone[0] == 0
    assert spread[2].replace("two.pmn", "one.pmn") == alone[2]  # "…: 40 deals simulated"
    assert (tmp_path / "two.pmn").read_bytes() == (tmp_path / "one.pmn").read_bytes()


@pytest.mark.parametrize("seconds", [1e-9, 1e9], ids=["a-match-a-task", "many-a-task"])
def test_simulate_on_gives_the_same_records_however_the_tasks_are_cut(
    local: Client, monkeypatch: pytest.MonkeyPatch, seconds: float
) -> None:
    # TASK_SECONDS sizes the tasks after the first: a match each, or an even share of the
    # round each; the deals are the same either way, and the same as one process's.
    monkeypatch.setattr(cluster, "TASK_SECONDS", seconds)
    rules = Rules(capture=Capture.DEHLA)
    pair = (RuleOfThumbPlayer(), RandomPlayer())
    records = list(mr.corpus.simulate_on(local, 70, "api", rules, pair, match_target=2))
    assert len(records) == 70
    assert all(not r.errors and not r.warnings for r in records)
    assert write_string(records) == write_string(simulate(70, "api", rules, pair, 2))


class Clumsy(RuleOfThumbPlayer):
    """The rule of thumb, but it breaks when it is dealt the ace, king and queen of spades."""

    def choose(self, view: SeatView, rng: random.Random) -> tuple[Card, bool]:
        if len(view.hand) == 13 and {Card.parse(c) for c in ("AS", "KS", "QS")} <= view.hand:
            raise RuntimeError("a bug in the player")
        return super().choose(view, rng)


def test_a_deal_that_breaks_a_player_is_named_after_the_deals_before_it(local: Client) -> None:
    table = lineup(Clumsy(), Clumsy())
    alone: list[DealRecord] = []
    with pytest.raises(RuntimeError, match="a bug in the player"):
        for record in simulate(300, 1, players=table):
            alone.append(record)
    broken = len(alone) + 1
    assert broken > 10  # not the first match: the deals before it come from several tasks
    got: list[bytes] = []
    with pytest.raises(cluster.ChunkFailed) as failed:
        for deal in cluster.simulated(local, 300, 1, players=table):
            got.append(deal.data or b"")
    # every deal before it came back, as one process made them; then the deal is named
    assert got == [deal_bytes(r) for r in alone]
    message = str(failed.value)
    assert message.startswith(f"simulated deal {broken} (match sim-1-")
    assert "RuntimeError('a bug in the player')" in message
    # a run that stops before that deal never meets it, though its match was played
    assert len(list(cluster.simulated(local, broken - 1, 1, players=table))) == broken - 1


@pytest.mark.slow
def test_ctrl_c_while_the_local_cluster_starts(tmp_path: Path) -> None:
    # The client holds a Ctrl-C back until the cluster it must stop is whole, then stops
    # it: the worker processes end and nothing is written. (Worker processes interrupted
    # while they import may still print a traceback of their own: not checked here.)
    psutil = pytest.importorskip("psutil")
    target = tmp_path / "strong.pmn"
    command = [sys.executable, "-m", "mendikot_replay", "simulate", "--deals", "50"]
    command += ["--ac", "pimc", "--workers", "2", "--quiet", "-o", str(target)]
    child = subprocess.Popen(
        interruptible(command),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    process = psutil.Process(child.pid)
    deadline = time.monotonic() + 60
    seen: dict[int, object] = {}
    while time.monotonic() < deadline and not seen:  # the first process of the cluster
        seen = {p.pid: p for p in process.children(recursive=True)}
        time.sleep(0.01)
    assert seen
    os.killpg(child.pid, signal.SIGINT)
    while child.poll() is None and time.monotonic() < deadline:  # what it starts meanwhile
        with contextlib.suppress(psutil.Error):
            seen.update((p.pid, p) for p in process.children(recursive=True))
        time.sleep(0.05)
    child.communicate(timeout=60)
    assert child.returncode == 130
    assert list(tmp_path.iterdir()) == []  # no file, no temporary file
    _, alive = psutil.wait_procs(list(seen.values()), timeout=20)
    assert not alive


# -- the Python API ---------------------------------------------------------------------------
def test_map_deals_and_map_frames(local: Client, corpus: Path) -> None:
    paths = [str(corpus / "matches.pmn"), str(corpus / "mixed.pmn")]
    bag = mr.corpus.map_deals(
        lambda r: (r.index, r.line, len(r.errors)), paths, client=local, chunk_bytes=4000
    )
    expected = [(r.index, r.line, len(r.errors)) for p in paths for r in read_deals(Path(p))]
    assert bag.npartitions > 10 and bag.compute() == expected
    frame = mr.corpus.map_frames(plays_frame, str(corpus), client=local, chunk_bytes=20_000)
    alone = plays_frame(str(corpus))
    pd.testing.assert_frame_equal(
        frame.compute().reset_index(drop=True), alone, check_dtype=False, check_categorical=False
    )
    assert mr.corpus.map_deals(lambda r: r.index, [], client=local).compute() == []


def test_the_bare_import_does_not_load_dask() -> None:
    probe = "import sys, mendikot_replay as mr; mr.corpus.map_deals; print('dask' in sys.modules)"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "False"
