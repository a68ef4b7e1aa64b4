"""The reader streams: 20,000 deals are read, replayed and checked in flat memory.

docs/format.md promises that a reader streams a file deal by deal with bounded memory, so a
corpus of any size can be validated. The file here is never written out: a raw file object
serves a few thousand distinct random deals (every rule variant) over and over, so the test
costs no disk and its input holds no more memory at 20,000 deals than at 10,000.

Memory is measured at two points of one stream, after 10,000 and after 20,000 deals:

* ``sys.getallocatedblocks()`` after a full collection: every object still alive. A reader
  that kept anything per deal (the records, their lines, a growing list of problems) would
  add ~10,000 × that many blocks between the two points (more than the slack allows for
  even one block a deal).
* ``tracemalloc`` over the last ``WINDOW`` deals before each point: the peak is the reader's
  working set while it reads (it must not be larger late in the file than early), and what
  is still traced at the end of the window after a collection is what those deals left
  behind (it must be about nothing).

Tracing the whole stream instead would be the simplest proof, but tracemalloc slows the
reader about sixfold, which would make this test take tens of minutes; the windows give the
same evidence, since a per-deal leak shows in both the block count and the window's
leftovers. ``benchmarks/bench_read.py`` traces whole files of N and 4N deals.
"""

from __future__ import annotations

import gc
import io
import sys
import time
import tracemalloc
from dataclasses import dataclass

import pytest

from mendikot_replay.players.generate import random_deals
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.writer import write_string

DISTINCT = 2_000
SMALL, LARGE = 10_000, 20_000
WINDOW = 500

#: Allowance for noise: interpreter caches and the like, not anything per deal.
SLACK_BYTES = 256 * 1024
SLACK_BLOCKS = 5_000


class RepeatingPMN(io.RawIOBase):
    """A read-only binary file: the PMN header, then ``body`` (whole deals, ending in a
    newline) ``times`` times, separated by blank lines, produced as it is read."""

    def __init__(self, header: bytes, body: bytes, times: int) -> None:
        super().__init__()
        self._chunks = [header, *([body, b"\n"] * times)]
        self._chunks[-1:] = []  # no blank line after the last deal
        self._index = 0
        self._offset = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        written = 0
        view = memoryview(buffer).cast("B")
        while written < len(view) and self._index < len(self._chunks):
            chunk = self._chunks[self._index]
            n = min(len(view) - written, len(chunk) - self._offset)
            view[written : written + n] = chunk[self._offset : self._offset + n]
            written += n
            self._offset += n
            if self._offset == len(chunk):
                self._index, self._offset = self._index + 1, 0
        return written


def repeating_corpus(distinct: int, total: int, seed: int = 7) -> io.BufferedReader:
    assert total % distinct == 0
    text = write_string(list(random_deals(distinct, seed)))
    header, _, body = text.partition("\n")
    raw = RepeatingPMN((header + "\n").encode(), body.encode(), total // distinct)
    return io.BufferedReader(raw, buffer_size=1 << 16)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    deals: int
    blocks: int
    """Live allocated blocks after a full collection."""
    peak: int
    """tracemalloc peak over the last WINDOW deals."""
    left: int
    """Bytes allocated in the window and still alive after it."""


def test_repeating_corpus_holds_what_it_says() -> None:
    """The test's own input: every deal arrives, in order, with no error."""
    deals = list(read_deals(repeating_corpus(20, 60), check=True))
    assert len(deals) == 60
    assert not any(d.errors for d in deals)
    assert [d.tags["Event"] for d in deals[:21]][::20] == ["Random deal 1", "Random deal 1"]


@pytest.mark.slow
def test_reader_streams_20k_deals_in_flat_memory() -> None:
    source = repeating_corpus(DISTINCT, LARGE)
    checkpoints: dict[int, Checkpoint] = {}
    count = bad = 0
    start = time.perf_counter()
    for record in read_deals(source, check=True):
        count += 1
        if record.errors:
            bad += 1
        if count + WINDOW in (SMALL, LARGE):
            gc.collect()
            tracemalloc.start()
        elif count in (SMALL, LARGE):
            del record
            gc.collect()
            left, peak = tracemalloc.get_traced_memory()
            tracemalloc.stop()
            checkpoints[count] = Checkpoint(count, sys.getallocatedblocks(), peak, left)
    seconds = time.perf_counter() - start
    print(
        f"\n{count} deals in {seconds:.1f} s ({count / seconds:,.0f} deals/s, including "
        f"{2 * WINDOW} traced); checkpoints: {list(checkpoints.values())}"
    )
    assert count == LARGE
    assert bad == 0
    small, large = checkpoints[SMALL], checkpoints[LARGE]
    assert large.peak < 1.5 * small.peak + SLACK_BYTES, (small, large)
    assert large.blocks - small.blocks < SLACK_BLOCKS, (small, large)
    for point in (small, large):
        assert point.left < SLACK_BYTES, point
