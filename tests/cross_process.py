"""Deterministic output, checked across processes and not only twice in one.

Two calls in one interpreter share its string-hash seed, so output that follows the order of
a set of strings or enums (seats, suits, tag names) comes out the same both times and still
differs from one run of the program, or one notebook kernel, to the next. Here a snippet runs
in this process and again in fresh interpreters started with different ``PYTHONHASHSEED``
values, and all of them must give the same bytes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent

HASH_SEEDS = ("1", "2", "3")
"""Three fixed seeds (``0`` would turn hash randomisation off): with three, a set whose
order depends on the seed is very unlikely to come out alike in all of them and in this
process, whose own seed is random unless the environment sets one."""


def run_here(snippet: str) -> bytes:
    """Run ``snippet`` (which must bind ``OUTPUT`` to bytes) in this process."""
    namespace: dict[str, object] = {"__name__": "__snippet__"}
    exec(compile(snippet, "<snippet>", "exec"), namespace)
    output = namespace["OUTPUT"]
    assert isinstance(output, bytes) and output, "the snippet must bind OUTPUT to some bytes"
    return output


def run_in_fresh_process(snippet: str, hash_seed: str) -> bytes:
    """Run ``snippet`` with this interpreter in a new process whose string-hash seed is
    ``hash_seed``; the tests directory is importable there too (``pmn_examples``)."""
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(TESTS), os.environ.get("PYTHONPATH", "")) if p
    )
    program = f"{snippet}\nimport sys\nsys.stdout.buffer.write(OUTPUT)\n"
    proc = subprocess.run(
        [sys.executable, "-c", program],
        cwd=TESTS.parent,
        env=env,
        capture_output=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode("utf-8", "replace")
    return proc.stdout


def same_bytes_in_every_process(snippet: str) -> bytes:
    """The bytes ``snippet`` binds to ``OUTPUT``, after checking that this process and a
    fresh process per seed of :data:`HASH_SEEDS` all give exactly those bytes."""
    here = run_here(snippet)
    for seed in HASH_SEEDS:
        there = run_in_fresh_process(snippet, seed)
        assert there == here, f"PYTHONHASHSEED={seed} gives other bytes than this process"
    return here
