"""``mendikot-replay html``: one self-contained page per file (or per deal)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from mendikot_replay.cli.app import main

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def test_default_output_next_to_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "club.pmn"
    shutil.copy(SAMPLES / "match-thursday-club.pmn", source)
    assert main(["html", str(source)]) == 0
    page = (tmp_path / "club.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>")
    assert page.count('class="mr-embed mr-deal"') == 9
    assert "<title>club</title>" in page
    assert "9 deals" in capsys.readouterr().err
    assert (tmp_path / "club.html").stat().st_mode & 0o044  # readable by others (umask)


def test_one_deal_to_a_named_file(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    code = main(
        ["html", str(SAMPLES / "match-thursday-club.pmn"), "--deal", "2", "-o", str(target)]
    )
    assert code == 0
    page = target.read_text(encoding="utf-8")
    assert page.count('class="mr-embed mr-deal"') == 1
    assert "mr-deal-select" not in page


def test_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["html", str(SAMPLES / "tie.pmn"), "-o", "-", "--title", "<Class>"]) == 0
    page = capsys.readouterr().out
    assert "<title>&lt;Class&gt;</title>" in page


def test_a_missing_deal_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["html", str(SAMPLES / "tie.pmn"), "--deal", "5", "-o", "-"]) == 2
    assert "no deal 5" in capsys.readouterr().err


def test_standard_input_needs_an_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(["html", "-"]) == 2
    assert "-o/--output" in capsys.readouterr().err


def test_a_broken_deal_is_still_written_and_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "broken.pmn"
    source.write_text(
        '[TrumpMethod "None"]\n[Hands "A:T.2.. B:A.3.. C:.4.2. D:.5.3."]\n'
        '[Start "trick 12; tens 2-1; tricks 6-5"]\n[Play "A"]\n12. A: TS 3H\n',
        encoding="utf-8",
    )
    assert main(["html", str(source)]) == 1
    assert "revoke" in capsys.readouterr().err
    page = (tmp_path / "broken.html").read_text(encoding="utf-8")
    assert "Problem:" in page


def test_analyse_embeds_the_solvers_values(tmp_path: Path) -> None:
    """``html --analyse`` opens the page with every step's double-dummy values; with
    ``--max-tricks`` the early steps say they are too early instead."""
    target = tmp_path / "endgames.html"
    source = str(SAMPLES / "endgame-cover-or-duck.pmn")
    assert main(["html", source, "--deal", "1", "-o", str(target), "--analyse"]) == 0
    page = target.read_text(encoding="utf-8")
    assert '"status":"solved"' in page and '"status":"too-early"' not in page
    plain = tmp_path / "plain.html"
    assert main(["html", source, "--deal", "1", "-o", str(plain)]) == 0
    assert '"analysis":{' not in plain.read_text(encoding="utf-8")
    worked = tmp_path / "worked.html"
    sample = str(SAMPLES / "worked-example.pmn")
    assert main(["html", sample, "-o", str(worked), "--analyse", "--max-tricks", "2"]) == 0
    text = worked.read_text(encoding="utf-8")
    assert '"status":"too-early"' in text and '"status":"solved"' in text
