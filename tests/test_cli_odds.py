"""`mendikot-replay odds`: the ranked table, the JSON object of every deal (sampled with
standard errors, or exact), and errors reported as every command reports them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pmn_examples import DUCK
from pmn_examples import DUCK_BROKEN as BROKEN
from pmn_examples import DUCK_UNKNOWN as UNKNOWN
from pmn_examples import games_file as games

from mendikot_replay.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
WORKED = ROOT / "sample_games" / "worked-example.pmn"

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *args: str) -> tuple[int, str, str]:
    status = main(["odds", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_table_ranks_every_card_beside_its_double_dummy_value(capsys: Capture) -> None:
    status, out, err = run(capsys, str(WORKED), "--trick", "11")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == (
        "deal 1, after 40 cards (trick 11): D to play; the chances of B/D from D's view"
    )
    assert "exact: all 400 worlds that fit what D has seen" in lines[1]
    assert lines[2].split() == ["card", "win", "tie", "loss", "double", "dummy"]
    assert [line.split()[0] for line in lines[3:]] == ["K♠", "9♠", "J♣"]  # as the board shows them
    assert all(line.endswith("AC win") for line in lines[3:])


def test_json_is_one_object_per_deal_sampled_with_standard_errors(capsys: Capture) -> None:
    args = ("--after", "41", "--json", "--max-worlds", "10", "--samples", "30", "--seed", "3")
    status, out, _ = run(capsys, str(WORKED), *args)
    assert status == 0
    [line] = out.splitlines()
    obj = json.loads(line)
    assert (obj["deal"], obj["after"], obj["seat"], obj["to_play"]) == (1, 41, "A", "A")
    assert obj["exact"] is False and obj["worlds"] == 200
    assert (obj["samples"], obj["seed"]) == (30, 3)
    for chances in obj["cards"].values():
        assert chances["win"] + chances["tie"] + chances["loss"] == pytest.approx(1)
        assert set(chances["stderr"]) == {"win", "tie", "loss"}
    status, again, _ = run(capsys, str(WORKED), *args)
    assert again == out  # the same seed, the same worlds


def test_the_draw_stops_where_the_chances_settle_unless_every_sample_is_asked(
    capsys: Capture,
) -> None:
    """After 40 cards of the worked example every card nearly always wins or nearly always
    loses for D: 100 of the 200 worlds give each chance within 3.5 points, and the table
    says so; ``--every-sample`` solves all 200, the first 100 the same worlds."""
    args = (str(WORKED), "--after", "40", "--max-worlds", "0")
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert "stopped at 100 of 200 worlds: every chance's standard error is at most 3.5" in out
    status, every, _ = run(capsys, *args, "--every-sample")
    assert status == 0 and "200 worlds drawn (seed 0)" in every and "stopped" not in every
    status, half, _ = run(capsys, *args, "--json", "--samples", "100", "--every-sample")
    _, stopped, _ = run(capsys, *args, "--json")
    half_cards, stopped_cards = (json.loads(x)["cards"] for x in (half, stopped))
    assert half_cards == stopped_cards


def test_another_seats_view_and_a_whole_file(tmp_path: Path, capsys: Capture) -> None:
    path = games(tmp_path, DUCK, DUCK.replace('"duck"', '"again"'))
    status, out, _ = run(capsys, str(path), "--after", "1", "--seat", "A", "--json")
    assert status == 0
    first, second = (json.loads(line) for line in out.splitlines())
    assert (first["deal"], second["deal"]) == (1, 2)
    assert first["seat"] == "A" and first["to_play"] == "D"
    assert all("worlds" in chances for chances in first["cards"].values())
    status, out, _ = run(capsys, str(path), "--after", "1", "--deal", "2", "--seat", "A")
    assert status == 0 and out.startswith("deal 2, after 1 cards (trick 10): D to play")
    assert "worlds" in out.splitlines()[2]


def test_deals_that_cannot_be_scored_are_problems(tmp_path: Path, capsys: Capture) -> None:
    path = games(tmp_path, BROKEN, UNKNOWN, DUCK)
    status, out, err = run(capsys, str(path), "--after", "1")
    assert status == 1
    assert "deal 1: has errors; run validate" in err
    assert "deal 2: the record does not give D's hand" in err
    assert out.startswith("deal 3, after 1 cards")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--after", "99"), "deal 1 has 52 cards in its main line, not 99"),
        (("--after", "52"), "deal 1 is over after 52 cards: nobody is to play"),
        (("--trick", "14"), "--trick 14: deal 1 has only 13 tricks"),
        (("--after", "3", "--seat", "E"), "--seat E: deal 1 has 4 players (A, B, C, D)"),
        (("--after", "3", "--deal", "2"), "deal 2"),
    ],
)
def test_usage_errors(capsys: Capture, args: tuple[str, ...], message: str) -> None:
    status, out, err = run(capsys, str(WORKED), *args)
    assert status == 2 and out == "" and message in err


def test_the_position_must_be_given_and_the_file_exist(capsys: Capture) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["odds", str(WORKED)])
    assert exit_info.value.code == 2
    assert "one of the arguments --after --trick is required" in capsys.readouterr().err
    status, _, err = run(capsys, "no-such-file.pmn", "--after", "1")
    assert status == 2 and "no such file" in err
