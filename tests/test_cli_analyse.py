"""`mendikot-replay analyse` and `annotate --dd`: report, JSON, writing into the deals
(idempotent, comments kept), deals that cannot be analysed, usage errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pmn_examples import DUCK
from pmn_examples import DUCK_BROKEN as BROKEN
from pmn_examples import DUCK_UNKNOWN as UNKNOWN
from pmn_examples import games_file as games
from test_analysis import TWICE

from mendikot_replay.cli.app import main

ROOT = Path(__file__).resolve().parent.parent
ENDGAMES = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *args: str) -> tuple[int, str, str]:
    status = main(["analyse", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_report_names_the_mistakes_and_the_decisive_card(capsys: Capture) -> None:
    status, out, _ = run(capsys, str(ENDGAMES))
    assert status == 0
    assert out.count(" deal ") == 4
    assert "trick 10 C K♠: keeps AC win (9♠ BD win); decisive" in out


def test_the_report_of_a_blunder(tmp_path: Path, capsys: Capture) -> None:
    status, out, _ = run(capsys, str(games(tmp_path, TWICE)))
    assert status == 0
    assert "AC win" in out and "2 mistakes" in out
    assert "trick 12 D 9♣??: BD win -> AC win (better: J♦)" in out
    assert "trick 12 C Q♠??: AC win -> BD win (better: 10♦); decisive" in out


def test_json_has_every_card_and_every_legal_cards_value(capsys: Capture) -> None:
    status, out, _ = run(capsys, str(ENDGAMES), "--deal", "1", "--json")
    assert status == 0
    [line] = out.splitlines()
    obj = json.loads(line)
    assert obj["file"] == str(ENDGAMES) and obj["deal"] == 1
    assert obj["event"] == "Endgame: cover or duck?"
    assert (obj["objective"], obj["start"], obj["end"]) == ("outcome", "AC win", "AC win")
    assert (obj["cards_in_line"], obj["analysed"], obj["first_ply"]) == (15, 15, 1)
    assert obj["mistakes"] == [] and obj["decisive"] == 1
    first = obj["verdicts"][0]
    assert first == {
        "ply": 1,
        "trick": 10,
        "seat": "C",
        "card": "KS",
        "before": "AC win",
        "after": "AC win",
        "cards": {"KS": "AC win", "9S": "BD win"},
        "keeping": ["KS"],
        "mistake": False,
        "glyph": None,
        "better": None,
        "better_cards": [],
        "decisive": True,
    }
    status, out, _ = run(capsys, str(ENDGAMES), "--deal", "1", "--json", "--objective", "tens")
    tens = json.loads(out)["verdicts"][0]
    assert tens["cards"]["KS"] > tens["cards"]["9S"]  # the king keeps more tens for A/C


def test_in_place_writes_the_analysis_once_and_keeps_comments(
    tmp_path: Path, capsys: Capture
) -> None:
    path = tmp_path / "endgames.pmn"
    shutil.copy(ENDGAMES, path)
    status, out, err = run(capsys, "--in-place", str(path))
    assert status == 0 and out == ""
    assert "4 deals analysed (in place), 0 mistakes" in err
    text = path.read_text(encoding="utf-8")
    assert "{ Only the king keeps the deal: it wins the trick" in text  # a person's words
    assert text.count("[%point decisive KS C]") == 1  # written by a person: not again
    assert "10. B: 5S KS! $29 { Only the king" in text
    assert text.count("[%dd ") == 15 + 14 + 16 + 11
    stamp = path.stat().st_mtime_ns
    assert run(capsys, "--in-place", str(path))[0] == 0
    assert path.read_text(encoding="utf-8") == text
    assert path.stat().st_mtime_ns == stamp  # unchanged: not even rewritten
    # The file is canonical: format has nothing to do.
    assert main(["format", "--check", str(path)]) == 0


def test_output_to_a_file_and_to_stdout_agree(tmp_path: Path, capsys: Capture) -> None:
    source = games(tmp_path, TWICE)
    out_file = tmp_path / "out.pmn"
    assert run(capsys, str(source), "-o", str(out_file))[0] == 0
    status, printed, _ = run(capsys, str(source), "-o", "-")
    assert status == 0 and printed == out_file.read_text(encoding="utf-8")
    assert "12. D: 9C?? { [%dd AC win] } { [%point mistake 9C D JD]" in printed
    assert source.read_text(encoding="utf-8") == TWICE  # the input is not touched


def test_deals_that_cannot_be_analysed_are_reported_and_kept(
    tmp_path: Path, capsys: Capture
) -> None:
    path = games(tmp_path, UNKNOWN, TWICE, BROKEN)
    status, out, err = run(capsys, "--in-place", str(path))
    assert status == 1
    assert "deal 1: cannot analyse: double-dummy analysis needs every hand: D is not known" in err
    assert "deal 3: has errors, not analysed" in err
    assert "1 deal analysed (in place), 2 mistakes, 2 not analysed" in err
    text = path.read_text(encoding="utf-8")
    assert "[%point decisive QS C]" in text  # the good deal in the middle was analysed
    assert text.count("[%dd ") == 8
    assert "QS 7D" in text  # the broken deal is kept as written
    status, out, err = run(capsys, str(path), "--json")
    assert status == 1
    lines = [json.loads(line) for line in out.splitlines()]
    assert [line.get("error") for line in lines] == ["not analysed", None, "not analysed"]


def test_max_tricks_and_a_full_deal(capsys: Capture) -> None:
    example = str(ROOT / "sample_games" / "worked-example.pmn")
    status, out, _ = run(capsys, example, "--max-tricks", "2", "--json")
    assert status == 0
    obj = json.loads(out)
    assert (obj["cards_in_line"], obj["analysed"], obj["first_ply"]) == (52, 8, 45)
    status, out, _ = run(capsys, example, "--max-tricks", "0")
    assert "no card analysed" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--in-place", "--objective", "tens"], "only the outcome is written"),
        (["-o", "-", "--json"], "cannot hold --json"),
        (["--deal", "9"], "has 4 deals: there is no deal 9"),
    ],
)
def test_usage_errors(args: list[str], message: str, capsys: Capture) -> None:
    status, _, err = run(capsys, str(ENDGAMES), *args)
    assert status == 2 and message in err


def test_a_missing_file_and_stdin_in_place(capsys: Capture) -> None:
    assert run(capsys, "no-such.pmn")[0] == 2
    assert run(capsys, "--in-place", "-")[0] == 2


def test_annotate_dd_adds_the_analysis_to_the_strategy_points(
    tmp_path: Path, capsys: Capture
) -> None:
    path = games(tmp_path, UNKNOWN, TWICE)
    assert main(["annotate", "--dd", "--in-place", str(path)]) == 1
    err = capsys.readouterr().err
    assert "deal 1: cannot analyse" in err and "(strategy points only)" in err
    text = path.read_text(encoding="utf-8")
    assert "[%point mistake QS C TD]" in text and "[%point ten-captured" in text
    assert main(["annotate", "--dd", "--in-place", str(path)]) == 1
    assert path.read_text(encoding="utf-8") == text
    assert main(["annotate", "--max-tricks", "3", str(path)]) == 2
    assert "use it with --dd" in capsys.readouterr().err


# -- --trick N: only the cards from trick N on ---------------------------------------------------


def test_trick_analyses_the_cards_from_that_trick_on(capsys: Capture) -> None:
    example = str(ROOT / "sample_games" / "worked-example.pmn")
    status, out, _ = run(capsys, example, "--trick", "12", "--json")
    assert status == 0
    obj = json.loads(out)
    assert (obj["cards_in_line"], obj["analysed"], obj["first_ply"]) == (52, 8, 45)
    assert obj == json.loads(run(capsys, example, "--max-tricks", "2", "--json")[1])
    status, out, _ = run(capsys, example, "--trick", "12")
    assert out.startswith(f"{example} deal 1 (Thursday club): 8 cards from trick 12 analysed;")


def test_trick_numbers_of_a_position_are_the_deals(capsys: Capture) -> None:
    # Deal 4 starts at trick 11 with B's 5D on the table: trick 12 starts at its 4th card.
    status, out, _ = run(capsys, str(ENDGAMES), "--deal", "4", "--trick", "12", "--json")
    assert status == 0
    obj = json.loads(out)
    assert (obj["cards_in_line"], obj["analysed"], obj["first_ply"]) == (11, 8, 4)
    # A trick before the position's Start trick: every card of the position is after it.
    status, out, _ = run(capsys, str(ENDGAMES), "--deal", "1", "--trick", "3", "--json")
    assert status == 0 and json.loads(out)["analysed"] == 15


def test_trick_past_where_the_play_stops(tmp_path: Path, capsys: Capture) -> None:
    unfinished = DUCK.split("\n12. D:")[0] + " *\n"
    status, out, _ = run(capsys, str(games(tmp_path, unfinished)), "--trick", "13")
    assert status == 0
    assert out.endswith("deal 1 (duck): no card analysed (the main line stops before trick 13)\n")


def test_trick_outside_the_deal_is_a_usage_error(capsys: Capture) -> None:
    status, out, err = run(capsys, str(ENDGAMES), "--trick", "14")
    assert (status, out) == (2, "")
    assert err == "mendikot-replay analyse: error: --trick 14: deal 1 has only 13 tricks\n"
    for args in (["--trick", "0"], ["--trick", "12", "--max-tricks", "2"]):
        with pytest.raises(SystemExit) as exc:
            main(["analyse", str(ENDGAMES), *args])
        assert exc.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err


def test_trick_is_explained_in_the_help(capsys: Capture) -> None:
    with pytest.raises(SystemExit):
        main(["analyse", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--max-tricks T | --trick N" in help_text
    assert "analyse only the cards from trick N on" in help_text
    assert "The other way to say --max-tricks" in help_text
