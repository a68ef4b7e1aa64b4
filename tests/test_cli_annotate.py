"""`mendikot-replay annotate`: points written once, human comments kept, broken deals kept."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from mendikot_replay.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "sample_games" / "worked-example.pmn"


def test_annotate_in_place_is_idempotent_and_keeps_comments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.pmn"
    shutil.copy(EXAMPLE, path)
    assert main(["annotate", "--in-place", str(path)]) == 0
    first = path.read_text(encoding="utf-8")
    assert "[%point ten-captured TD C]" in first
    assert "{ A drops the ten under partner's ace }" in first  # the human comment stays
    assert first.count("[%point ten-captured TH C]") == 1  # already there: not added again
    assert main(["annotate", "--in-place", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == first
    assert "0 points added" in capsys.readouterr().err
    # validate --json now lists the points present, with their words.
    assert main(["validate", "--json", str(path)]) == 0
    [report] = json.loads(capsys.readouterr().out)
    kinds = [(p["kind"], p["trick"], p["seat"], p["card"]) for p in report["points"]]
    assert ("ten-captured", 3, "C", "AD") in kinds
    assert ("long-suit-discard", 11, "B", "4D") in kinds


def test_annotate_to_stdout_and_to_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["annotate", str(EXAMPLE)]) == 0
    printed = capsys.readouterr().out
    out = tmp_path / "out.pmn"
    assert main(["annotate", str(EXAMPLE), "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == printed
    assert EXAMPLE.read_text(encoding="utf-8") not in printed  # the input was not changed


def test_a_broken_deal_is_kept_as_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = EXAMPLE.read_text(encoding="utf-8")
    broken = good.split("\n", 1)[1].replace("5. D: 4S AS 4C TS", "5. D: 4S AS 4C TX")
    path = tmp_path / "games.pmn"
    path.write_text(good + "\n" + broken, encoding="utf-8")
    assert main(["annotate", "--in-place", str(path)]) == 0
    text = path.read_text(encoding="utf-8")
    assert "5. D: 4S AS 4C TX" in text
    assert text.count("[%point ten-captured TD C]") == 1  # only the good deal was annotated
    assert "kept as written" in capsys.readouterr().err


def test_output_and_in_place_exclude_each_other(tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["annotate", "--in-place", "-o", str(tmp_path / "x.pmn"), str(EXAMPLE)])
    assert exc.value.code == 2
