"""``mendikot-replay diagram``: one moment of a deal as an SVG handout."""

from __future__ import annotations

from pathlib import Path

import pytest

from mendikot_replay.cli import main
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.views.svg import record_svg

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "sample_games" / "worked-example.pmn"
POSITION = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_before_a_trick_is_the_picture_after_the_tricks_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "trick5.svg"
    code, _, err = run(capsys, "diagram", str(WORKED), "--trick", "5", "-o", str(out))
    assert code == 0, err
    record = next(iter(read_deals(WORKED)))
    # trick 5 starts after the 16 cards of tricks 1 to 4 (four players)
    assert out.read_text(encoding="utf-8") == record_svg(record, 16, size=600)
    assert "card 16 of 52" in out.read_text(encoding="utf-8")


def test_after_k_cards_hidden_seats_and_standard_output(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(
        capsys, "diagram", str(WORKED), "--after", "7", "--hide", "b,D", "--size", "400", "-o", "-"
    )
    assert code == 0
    record = next(iter(read_deals(WORKED)))
    assert out == record_svg(record, 7, hidden=["B", "D"], size=400)
    assert out != record_svg(record, 7, size=400)  # the hidden hands are drawn as backs


def test_a_position_is_drawn_at_its_start_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "position.svg"
    assert run(capsys, "diagram", str(POSITION), "-o", str(out))[0] == 0
    record = next(iter(read_deals(POSITION)))
    assert out.read_text(encoding="utf-8") == record_svg(record, size=600)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--trick", "14"], "deal 1 has only 13 tricks"),
        (["--after", "60"], "can be drawn after at most 52 cards, not 60"),
        (["--hide", "X"], "no seat X at this table"),
        (["--deal", "9"], "there is no deal 9"),
        (["--size", "20"], "at least 100 pixels"),
    ],
)
def test_a_moment_the_deal_does_not_have_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    out = tmp_path / "never.svg"
    code, _, err = run(capsys, "diagram", str(WORKED), *args, "-o", str(out))
    assert code == 2
    assert message in err
    assert not out.exists()
