"""Corpus tools: Parquet export (read back equal to the frames, categories kept, bounded
chunks), summary statistics checked against counts made by hand, and the CLI commands."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pandas as pd
import pytest
from pandas.testing import assert_frame_equal

from mendikot_replay.cli.app import main
from mendikot_replay.corpus.collection import LARGE_INPUT, TABLES, corpus_stats, export_parquet
from mendikot_replay.corpus.tables import plays_frame, viewer_target
from mendikot_replay.players.generate import random_deals
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.writer import write_deals

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_games"
EXAMPLE = SAMPLES / "worked-example.pmn"
TIE = SAMPLES / "tie.pmn"
HAND_MADE = str(SAMPLES / "*.pmn")
"""The hand-written samples (a glob: the directory also holds the simulated corpus/)."""


@pytest.mark.parametrize("chunk", [1, 5, 1000])
def test_parquet_round_trip_equals_the_frames(tmp_path: Path, chunk: int) -> None:
    rows = export_parquet(HAND_MADE, tmp_path, chunk=chunk)
    for name, build in TABLES.items():
        back = pd.read_parquet(tmp_path / f"{name}.parquet")
        direct = build(HAND_MADE)
        assert rows[name] == len(direct)
        assert_frame_equal(back, direct)  # dtypes too: categoricals with their categories
    assert not list(tmp_path.glob(".*partial"))


def test_parquet_chunks_of_a_generated_corpus(tmp_path: Path) -> None:
    corpus = tmp_path / "gen.pmn"
    write_deals(random_deals(30, seed=5), corpus)
    export_parquet(corpus, tmp_path / "out", chunk=7)
    back = pd.read_parquet(tmp_path / "out" / "plays.parquet")
    assert_frame_equal(back, plays_frame(corpus))
    assert isinstance(back.card.dtype, pd.CategoricalDtype)
    assert len(back.card.cat.categories) == 52
    import pyarrow.parquet as pq  # type: ignore[import-untyped]

    assert pq.ParquetFile(tmp_path / "out" / "deals.parquet").num_row_groups == 5  # 30 / 7


def test_parquet_of_nothing_writes_empty_tables(tmp_path: Path) -> None:
    rows = export_parquet([], tmp_path)
    assert rows == dict.fromkeys(TABLES, 0)
    assert all((tmp_path / f"{name}.parquet").exists() for name in TABLES)


def test_stats_match_hand_counts() -> None:
    # worked-example.pmn: [Result "AC win"] [Tens "3-1"]: TS taken by A (trick 5), TH and TD
    # by C (tricks 1, 3), TC by D (trick 9); every ten reaches its holder's side.
    # tie.pmn: [Result "tie"]: TS taken by C, TC by A (both held by AC), TD by B (held by
    # D) and TH by B: A's ten, lost to BD.
    stats = corpus_stats([*read_deals(EXAMPLE), *read_deals(TIE)])
    assert stats.deals == 2 and stats.complete == 2 and stats.cards == 52 + 32
    assert stats.results == {"win": 1, "tie": 1}
    assert stats.winners == {"AC": 1}
    assert stats.results_by_winner == {("win", "AC"): 1}
    assert stats.trump_methods == {"Drawn": 2}
    assert stats.tens_by_seat == {"A": 2, "B": 2, "C": 3, "D": 1}
    assert stats.tens_by_team == {"AC": 5, "BD": 3}
    assert (stats.tens_saved, stats.tens_lost) == (7, 1)
    assert stats.points["ten-captured"] == 8 and stats.points["ten-lost"] == 1


def test_stats_of_every_sample_agree_with_the_tables() -> None:
    stats = corpus_stats(HAND_MADE)
    deals = TABLES["deals"](HAND_MADE)
    tens = TABLES["tens"](HAND_MADE)
    points = TABLES["points"](HAND_MADE)
    assert stats.files == len(list(SAMPLES.glob("*.pmn")))
    assert stats.deals == len(deals) and stats.complete == int(deals.complete.sum())
    assert dict(stats.results) == deals.kind.value_counts()[lambda s: s > 0].to_dict()
    captured = tens[tens["where"] == "captured"]
    assert dict(stats.tens_by_team) == captured.team.value_counts()[lambda s: s > 0].to_dict()
    assert stats.tens_saved == int(captured.own_side.sum())
    assert dict(stats.points) == points.kind.value_counts()[lambda s: s > 0].to_dict()


class _Terminal(io.StringIO):
    """A stream that says it is a terminal, as standard error is in an interactive shell."""

    def isatty(self) -> bool:
        return True


def _padded_copy(tmp_path: Path, size: int) -> Path:
    """The worked example, padded with blank lines (which the reader skips) to ``size``
    bytes: a one-deal file as large as a corpus, so the size rule is what decides, and it
    reads in milliseconds (lines of spaces: a million empty lines take seconds)."""
    text = EXAMPLE.read_bytes()
    pad = size - len(text)
    assert pad > 0
    path = tmp_path / f"padded-{size}.pmn"
    path.write_bytes(text + (b" " * 79 + b"\n") * (pad // 80) + b"\n" * (pad % 80))
    assert path.stat().st_size == size
    return path


def _bar(stream: io.StringIO) -> bool:
    """Whether a tqdm bar was drawn on ``stream``: its description and byte counter."""
    text = stream.getvalue()
    return "reading:" in text and "B/s" in text


def test_progress_bar_only_when_asked_or_large_on_a_terminal(tmp_path: Path) -> None:
    large = _padded_copy(tmp_path, LARGE_INPUT)  # the threshold itself counts as large
    just_small = _padded_copy(tmp_path, LARGE_INPUT - 1)

    # auto (progress=None): a large input on a terminal shows the bar...
    terminal = _Terminal()
    stats = corpus_stats(large, stream=terminal)
    assert stats.deals == 1 and stats.complete == 1  # the padding is no deal
    assert _bar(terminal), terminal.getvalue()
    # ...the same input piped (not a terminal), or a small one on a terminal, shows none
    piped = io.StringIO()
    corpus_stats(large, stream=piped)
    assert piped.getvalue() == ""
    for small in (EXAMPLE, just_small):
        terminal = _Terminal()
        corpus_stats(small, stream=terminal)
        assert terminal.getvalue() == "", small
    # records in memory have no size: no bar on a terminal either
    terminal = _Terminal()
    corpus_stats(list(read_deals(large)), stream=terminal)
    assert terminal.getvalue() == ""

    # asked for, the bar shows whatever the input and the stream; refused, it never does
    shown = io.StringIO()
    corpus_stats(EXAMPLE, progress=True, stream=shown)
    assert _bar(shown), shown.getvalue()
    terminal = _Terminal()
    corpus_stats(large, progress=False, stream=terminal)
    assert terminal.getvalue() == ""


def test_viewer_target_from_any_row() -> None:
    plays = plays_frame(EXAMPLE)
    row = plays.iloc[10]
    assert viewer_target(row) == (str(EXAMPLE), 1, 11)
    assert viewer_target(next(plays.itertuples())) == (str(EXAMPLE), 1, 1)
    assert viewer_target({"file": "x.pmn", "deal": 2}) == ("x.pmn", 2, 0)
    with pytest.raises(ValueError):
        viewer_target(plays_frame(list(read_deals(EXAMPLE))).iloc[0])


def test_cli_stats(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(EXAMPLE), str(TIE)]) == 0
    text = capsys.readouterr().out
    assert "deals:" in text and "tens by seat:    A 2, B 2, C 3, D 1" in text
    assert main(["stats", "--json", str(SAMPLES / "corpus")]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["files"] == 1 and data["deals"] == 3000 and data["complete"] == 3000
    assert set(data["trump_methods"]) == {"Drawn", "FaceUp", "Closed", "Cut", "None"}
    assert main(["stats", str(ROOT / "no-such-dir")]) == 2


def test_cli_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "tables"
    assert main(["export", str(EXAMPLE), "--parquet", str(out)]) == 0
    assert "plays 52" in capsys.readouterr().out
    assert len(pd.read_parquet(out / "plays.parquet")) == 52
    assert main(["export", str(tmp_path / "missing.pmn"), "--parquet", str(out)]) == 2
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("x")
    assert main(["export", str(EXAMPLE), "--parquet", str(not_a_dir)]) == 2
    with pytest.raises(SystemExit) as exit_info:
        main(["export", str(EXAMPLE)])  # --parquet is required
    assert exit_info.value.code == 2


def test_cli_stats_of_a_broken_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The lenient reader reads garbage as one deal with errors: counted as such, and the
    file was read (exit 0, as the command's help says; 1 is for a file it cannot read)."""
    bad = tmp_path / "bad.pmn"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    status = main(["stats", str(bad)])
    out = capsys.readouterr().out
    assert status == 0
    assert "files:           1" in out and "deals:           1 (0 complete" in out
    assert "1 with errors" in out
    assert main(["stats", str(bad), str(tmp_path / "missing.pmn")]) == 2  # a usage error
