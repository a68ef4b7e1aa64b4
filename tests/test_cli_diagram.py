"""``mendikot-replay diagram``: one moment of a deal as an SVG handout or a PNG for a chat,
and a trick or a whole deal played card by card as an animated GIF or WebP."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image, ImageSequence

from mendikot_replay.cli import main
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.views import picture
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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--animate"], "--animate writes a .gif or a .webp"),
        (["--animate", "--delay", "5"], "at least 20 milliseconds"),
    ],
)
def test_an_animation_needs_a_gif_or_webp_name_and_a_real_delay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    name = "never.svg" if "--delay" not in args else "never.gif"
    out = tmp_path / name
    code, _, err = run(capsys, "diagram", str(WORKED), *args, "-o", str(out))
    assert code == 2 and message in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [("still.gif", "plays the deal: add --animate"), ("still.jpg", "written as .svg or .png")],
)
def test_a_name_that_is_not_a_still_picture_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, message: str
) -> None:
    out = tmp_path / name
    code, _, err = run(capsys, "diagram", str(WORKED), "--trick", "9", "-o", str(out))
    assert code == 2 and message in err
    assert not out.exists()


def test_a_png_of_the_moment_before_a_trick_is_sharp_enough_for_a_phone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t9.png"
    code, _, err = run(
        capsys, "diagram", str(WORKED), "--deal", "1", "--trick", "9", "-o", str(out)
    )
    assert code == 0, err
    record = next(iter(read_deals(WORKED)))
    with Image.open(out) as image:
        assert image.format == "PNG"
        assert image.width == 900  # a phone's screen is about 1,000 device pixels wide
        # the drawing keeps its proportions: 760 by 736 units
        assert image.height == round(900 * 736 / 760)
    # the same moment as the SVG's: the PNG is that picture, drawn
    assert out.read_bytes() == picture.png(record_svg(record, 32, size=900))


def frames(path: Path) -> list[tuple[bytes, int]]:
    """Each frame of an animated picture, as its RGB pixels and how long it shows."""
    with Image.open(path) as image:
        return [
            (frame.convert("RGB").tobytes(), int(frame.info["duration"]))
            for frame in ImageSequence.Iterator(image)
        ]


def test_a_whole_deal_animates_card_by_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deal.gif"
    code, _, err = run(capsys, "diagram", str(WORKED), "--animate", "-o", str(out))
    assert code == 0, err
    shown = frames(out)
    assert len(shown) == 53  # the deal before its first card, then after each of its 52
    with Image.open(out) as image:
        assert image.format == "GIF" and image.size == (600, round(600 * 736 / 760))
        assert image.info["loop"] == 0
    durations = [d for _, d in shown]
    # a finished trick stays up longer than a card; the end longest of all
    assert durations[1] == picture.CARD_DELAY
    assert durations[4] == picture.TRICK_DELAY
    assert durations[-1] == picture.END_DELAY
    assert len({pixels for pixels, _ in shown}) == 53  # every card changes the picture


def test_a_trick_animates_from_the_moment_before_it_to_its_last_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gif, webp = tmp_path / "t9.gif", tmp_path / "t9.webp"
    for out in (gif, webp):
        code, _, err = run(
            capsys, "diagram", str(WORKED), "--trick", "9", "--animate", "-o", str(out)
        )
        assert code == 0, err
    record = next(iter(read_deals(WORKED)))
    shown = frames(webp)  # lossless: each frame is exactly the PNG of its moment
    assert len(shown) == 5 and len(frames(gif)) == 5
    for (pixels, _), ply in zip(shown, range(32, 37), strict=True):
        with Image.open(io.BytesIO(picture.png(record_svg(record, ply, size=600)))) as still:
            assert pixels == still.convert("RGB").tobytes()


def test_without_the_pictures_extra_a_png_says_what_to_install(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "resvg_py", None)  # import fails
    out = tmp_path / "t9.png"
    code, _, err = run(capsys, "diagram", str(WORKED), "-o", str(out))
    assert code == 2
    assert "mendikot-replay[pictures]" in err
    assert not out.exists()
