"""The benchmark is part of the project, so the suite proves it still runs (at a tiny size,
with no assertion on timings, which depend on the machine)."""

from __future__ import annotations

import io
from pathlib import Path

from benchmark_scripts import load_benchmark

ROOT = Path(__file__).resolve().parent.parent


def test_bench_read_runs_and_reports() -> None:
    bench = load_benchmark("bench_read")
    out = io.StringIO()
    results = bench.main(["--deals", "6", "--repeat", "1"], out=out)
    text = out.getvalue()
    assert results.pmn.items == 6 and results.pgn.items == 6
    assert results.pmn.units >= 6 * 32 and results.pgn.units > 0
    assert results.bad_deals == 0, "generated deals must read back without errors"
    assert results.peak_small > 0 and results.peak_large > 0
    assert "cards/s / plies/s" in text and "goal" in text


def test_bench_tables_runs_and_reports() -> None:
    bench = load_benchmark("bench_tables")
    out = io.StringIO()
    results = bench.main(["--deals", "5", "--repeat", "1"], out=out)
    assert results.deals == 5 and results.plays >= 5 * 32
    assert results.from_records > 0 and results.from_file > 0
    assert "plays/s" in out.getvalue() and "goal" in out.getvalue()


def test_bench_cluster_runs_and_reports() -> None:
    """analyse in this process and on two local workers (a real cluster), the workers'
    peak memory on a file and on one four times as large, and simulate both ways."""
    bench = load_benchmark("bench_cluster")
    out = io.StringIO()
    results = bench.main(["--deals", "8", "--max-tricks", "2", "--simulate", "3"], out=out)
    text = out.getvalue()
    assert results.deals == 8 and results.one_process > 0 and results.two_workers > 0
    assert results.simulated == 3 and results.simulate_same and results.simulate_two > 0
    assert "simulate --ac pimc --bd pimc, 3 deals" in text and "the same file" in text
    assert len(results.peak_small) == len(results.peak_large) == 2
    assert all(peak > 0 for peak in results.peak_small + results.peak_large)
    assert "2 workers / one process" in text and "goal >= 1.6" in text
    assert "peak memory per worker" in text


def test_bench_solver_agrees_with_dds_and_reports_both_sizes() -> None:
    """One full deal (a quick one: seed 2) and two endgames, solved in this process: every
    card's trick count must match DDS's, and the report gives the times, the searches'
    sizes (trick-start positions, ours and DDS's) and the time per position."""
    bench = load_benchmark("bench_solver")
    out = io.StringIO()
    args = ["--deals", "1", "--endgames", "2", "--budget", "0", "--seed", "2", "--repeat", "2"]
    results = bench.main(args, out=out)
    text = out.getvalue()
    assert not results.disagreements and "all agree with DDS" in text
    (deal,) = results.deals
    assert deal.cards == 13 and deal.dds_nodes > 0 and deal.tricks_nodes
    assert results.node_ratios == [deal.tricks_nodes / deal.dds_nodes]
    assert deal.tricks is not None
    per_position = (deal.tricks / deal.tricks_nodes) / (deal.dds / deal.dds_nodes)
    assert results.position_time_ratios == [per_position]
    assert "time per trick-start node" in text
    assert "search size, tricks (trick-start nodes" in text and "goal" in text
    assert "fastest of 2 solves" in text
    assert len(results.endgames) == 2


def test_bench_search_runs_and_compares_the_same_search() -> None:
    bench = load_benchmark("bench_search")
    out = io.StringIO()
    undo, copies = bench.main(["--positions", "3", "--tricks", "3", "--repeat", "1"], out=out)
    assert undo.nodes == copies.nodes > 0 and undo.values == copies.values
    assert "push/pop / copies" in out.getvalue()


def test_bench_board_runs_and_reports() -> None:
    """A few clicks on new cards through a real kernel (Voilà, on localhost) and a few steps
    drawn in the browser (Chromium), timed in the page."""
    bench = load_benchmark("bench_board")
    out = io.StringIO()
    results = bench.main(["--clicks", "3", "--steps", "3"], out=out)
    text = out.getvalue()
    assert len(results.clicks) == 3 and len(results.steps) == 3
    assert all(t > 0 for t in results.clicks + results.steps)
    assert "kernel round trip" in text and "goal: median < 100 ms" in text and "ratio" in text
    assert "goal: median < 20 ms, p95 < 50 ms" in text  # the step's goal beside it


def test_bench_odds_runs_and_reports() -> None:
    """One deal's three-trick endgames, exact, and its last two tricks as a whole deal at a
    few samples, each beside the double-dummy analysis of the same cards."""
    bench = load_benchmark("bench_odds")
    out = io.StringIO()
    args = ["--deals", "1", "--whole", "1", "--from-trick", "12", "--samples", "5"]
    results = bench.main([*args, "--first-trick", "none"], out=out)
    text = out.getvalue()
    assert len(results.endgames) == 4 and all(e.exact for e in results.endgames)
    (whole,) = results.whole
    assert whole.positions == 8 and set(whole.by_trick) == {12, 13}
    assert whole.reference_seconds is not None and whole.reference_seconds > 0
    assert "ratio chances / double dummy" in text and "double-dummy analysis" in text
    assert "reference (every sample, one pass), same run" in text and "first look" in text
    assert text.count("goal") == 2


def test_bench_wasm_runs_and_compares_the_two_builds() -> None:
    """The core natively and as WebAssembly (under Node's WASI) on one deal: the same moves
    and values, and both times reported with their ratio."""
    bench = load_benchmark("bench_wasm")
    out = io.StringIO()
    results = bench.main(["--deals", "1", "--after", "11"], out=out)
    text = out.getvalue()
    assert results.positions == 2 and not results.differences
    assert len(results.native_ns) == len(results.wasm_ns) == 2
    assert all(t > 0 for t in results.native_ns + results.wasm_ns)
    assert "ratio wasm / native" in text and "goal <= 2.0" in text
    assert "the same moves and values" in text
