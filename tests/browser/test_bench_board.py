"""The board benchmark is part of the project, so the suite proves it still runs: a few
clicks on new cards through a real kernel (Voilà) and a few steps drawn in the browser,
with no assertion on the timings, which depend on the machine."""

from __future__ import annotations

import importlib.util
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_bench_board_runs_and_reports() -> None:
    path = ROOT / "benchmarks" / "bench_board.py"
    spec = importlib.util.spec_from_file_location("_bench_board", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench
    spec.loader.exec_module(bench)
    out = io.StringIO()
    results = bench.main(["--clicks", "3", "--steps", "3"], out=out)
    text = out.getvalue()
    assert len(results.clicks) == 3 and len(results.steps) == 3
    assert all(t > 0 for t in results.clicks + results.steps)
    assert "kernel round trip" in text and "goal: median < 100 ms" in text and "ratio" in text
