"""The ``mendikot-replay`` command line: exit codes, output shapes and that format never
loses a deal.

Most tests call :func:`mendikot_replay.cli.app.main` in-process (fast, and capsys sees the
output); one runs the installed console script, to prove the entry point in pyproject.toml
really works.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mendikot_replay import __version__
from mendikot_replay.cli.app import main
from mendikot_replay.pmn.reader import read_deals

DATA = Path(__file__).resolve().parent / "data"
EXAMPLE = DATA / "worked-example.pmn"
LENIENT = DATA / "lenient.pmn"
BROKEN = DATA / "broken.pmn"

REPORT_KEYS = {
    "deal",
    "line",
    "tags",
    "errors",
    "warnings",
    "result",
    "trick_winners",
    "trump",
    "tens",
    "next_dealer",
    "file",
}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- validate ------------------------------------------------------------------------------


def test_validate_clean_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", str(EXAMPLE))
    assert code == 0, out + err
    assert out == f"{EXAMPLE}: 1 deal, 0 with errors, 0 warnings\n"


def test_validate_broken_file_lists_each_problem(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(BROKEN))
    assert code == 1
    lines = out.splitlines()
    revoke = f"{BROKEN}:52:16: deal 2: error: trick 3: A plays 5C while holding diamonds"
    assert lines[0].startswith(revoke)
    assert any(line.startswith(f"{BROKEN}:89:16: deal 3: error: ") for line in lines)
    assert "'7X' is not a card" in out
    assert lines[-1] == f"{BROKEN}: 4 deals, 2 with errors, 0 warnings"


def test_validate_several_files_summary_per_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(EXAMPLE), str(BROKEN))
    assert code == 1
    summaries = [line for line in out.splitlines() if "with errors" in line]
    assert summaries == [
        f"{EXAMPLE}: 1 deal, 0 with errors, 0 warnings",
        f"{BROKEN}: 4 deals, 2 with errors, 0 warnings",
    ]


def test_validate_missing_file_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "validate", str(EXAMPLE), str(DATA / "no-such-file.pmn"))
    assert code == 2
    assert out == ""  # refused before any output
    assert "no-such-file.pmn: no such file" in err


def test_argparse_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["validate"], ["frobnicate"], ["show", str(EXAMPLE), "--deal", "x"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2, argv
    capsys.readouterr()


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"mendikot-replay {__version__}"


def test_validate_json_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--json", str(EXAMPLE))
    assert code == 0
    reports = json.loads(out)
    assert isinstance(reports, list) and len(reports) == 1
    deal = reports[0]
    assert set(deal) >= REPORT_KEYS
    assert deal["file"] == str(EXAMPLE)
    assert deal["deal"] == 1
    assert deal["line"] == 2  # the line after "% PMN 1.0"
    assert deal["tags"]["Event"] == "Thursday club"
    assert deal["tags"]["Hands"].startswith("A:A63.T9853.T63.95 ")
    assert deal["errors"] == [] and deal["warnings"] == []
    assert {k: deal["result"][k] for k in ("winner", "kind", "tens", "tricks")} == {
        "winner": "AC",
        "kind": "win",
        "tens": [3, 1],
        "tricks": [5, 8],
    }
    assert deal["trick_winners"] == list("CBCDADCCDDDBD")
    assert deal["trump"] == "S"
    tens = [{k: t[k] for k in ("card", "trick", "team", "seat", "played_in")} for t in deal["tens"]]
    assert tens == [
        {"card": "TH", "trick": 1, "team": "AC", "seat": "C", "played_in": 1},
        {"card": "TD", "trick": 3, "team": "AC", "seat": "C", "played_in": 3},
        {"card": "TS", "trick": 5, "team": "AC", "seat": "A", "played_in": 5},
        {"card": "TC", "trick": 9, "team": "BD", "seat": "D", "played_in": 9},
    ]
    # D dealt and D's team lost (to three tens, not a whitewash): D deals again.
    assert deal["next_dealer"] == "D"
    assert deal["complete"] is True and deal["position"] is False
    assert deal["match"]["name"] == "thu-19"
    assert deal["match"]["points"] == {"AC": 1, "BD": 0}


def test_validate_json_broken_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--json", str(EXAMPLE), str(BROKEN))
    assert code == 1
    reports = json.loads(out)
    assert [(r["file"], r["deal"]) for r in reports] == [
        (str(EXAMPLE), 1),
        *((str(BROKEN), n) for n in (1, 2, 3, 4)),
    ]
    for report in reports:
        assert set(report) >= REPORT_KEYS
    revoke = reports[2]
    assert revoke["errors"][0] == {
        "line": 52,
        "col": 16,
        "message": "trick 3: A plays 5C while holding diamonds (revoke)",
    }
    # The replay stops at the illegal card: no result, the tricks before it are kept.
    assert revoke["result"] is None and revoke["next_dealer"] is None
    assert revoke["complete"] is False
    assert revoke["trick_winners"] == ["C", "B"]
    assert [t["card"] for t in revoke["tens"]] == ["TH"]
    assert reports[4]["errors"] == [] and reports[4]["result"]["winner"] == "AC"
    # The register counts only the complete deals of match thu-19 in this file.
    assert reports[4]["match"]["played"] == 2


def test_validate_json_empty_input_is_an_empty_array(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    empty = tmp_path / "empty.pmn"
    empty.write_text("% PMN 1.0\n", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--json", str(empty))
    assert code == 0
    assert json.loads(out) == []


def test_validate_refused_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    newer = tmp_path / "newer.pmn"
    newer.write_text("% PMN 2.0\n" + EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(newer))
    assert code == 1
    assert f"{newer}:1:1: error: " in out and "newer major version" in out


# -- show ----------------------------------------------------------------------------------


def test_show_worked_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", str(EXAMPLE))
    assert code == 0
    assert "\x1b[" not in out  # captured output is no terminal: no colour
    assert "Thursday club" in out
    assert "A Asha (A/C)" in out and "D Divya (B/D)" in out
    assert "Dealer: D" in out
    assert "4 players, 52 cards, trump drawn at random, tricks taken at once" in out
    assert "Trump: ♠" in out
    assert "  A  Asha    ♠ A63  ♥ T9853  ♦ T63  ♣ 95" in out
    assert "Trick 1  A leads: 10♥ K♥ A♥ 2♥  → C wins (A/C)" in out
    assert "Trick 3  B leads: Q♦ A♦ 8♦ 10♦!  → C wins (A/C)" in out
    assert "Trick 5  D leads: 4♠* A♠* 4♣ 10♠*  → A wins (A/C)" in out
    assert "Trick 13  B leads: J♦ 7♦ K♠* 8♥  → D wins (B/D)" in out
    assert "10♦ captured by C for A/C" in out
    assert "A drops the ten under partner's ace" in out
    assert "A/C win with 3 tens (5-8 tricks)" in out
    assert "10♣  captured by D for B/D in trick 9; played by B in trick 9" in out
    assert "Next dealer: D" in out


def test_show_colour_is_never_the_only_signal(capsys: pytest.CaptureFixture[str]) -> None:
    from mendikot_replay.views.terminal import render_deal

    record = next(read_deals(EXAMPLE))
    coloured = render_deal(record, color=True)
    assert "\x1b[31m10♥\x1b[0m" in coloured  # red suits red …
    plain = render_deal(record, color=False)
    # … and the text without the escapes is exactly the plain rendering.
    assert re.sub(r"\x1b\[\d+m", "", coloured) == plain


def test_show_deal_out_of_range(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "show", str(BROKEN), "--deal", "9")
    assert code == 2 and out == ""
    assert "has 4 deals: there is no deal 9" in err


def test_show_broken_deal_replays_as_far_as_it_goes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", str(BROKEN), "--deal", "2", "--no-color")
    assert code == 1
    assert "error: line 52, col 16: trick 3: A plays 5C while holding diamonds" in out
    assert "Trick 2  C leads:" in out
    assert "Trick 3  B leads: Q♦ A♦ 8♦  …" in out
    assert "The replay stops here" in out
    assert "No result: the play stops after trick 2 of 13" in out


def test_show_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    endgame = tmp_path / "endgame.pmn"
    endgame.write_text(
        '[Event "Endgame: cover or duck?"]\n[TrumpMethod "Drawn"]\n[Trump "H"]\n'
        '[Start "trick 10; tens 1-0; tricks 7-2"]\n'
        '[Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]\n[Play "B"]\n'
        "10. B: 5S KS\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "show", str(endgame))
    assert code == 0, out
    assert "Position at trick 10" in out
    assert "Trick 10  B leads: 5♠ K♠  …" in out
    assert "No result" in out


# -- format --------------------------------------------------------------------------------


def test_format_rewrites_lenient_input_canonically(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "games.pmn"
    shutil.copy(LENIENT, target)
    code, out, _ = run(capsys, "format", "--check", str(target))
    assert code == 1 and out == f"would reformat {target}\n"
    assert target.read_bytes() == LENIENT.read_bytes()  # --check writes nothing
    code, out, _ = run(capsys, "format", str(target))
    assert code == 0 and out == f"reformatted {target}\n"
    assert target.read_bytes() == EXAMPLE.read_bytes()
    assert [p.name for p in tmp_path.iterdir()] == ["games.pmn"]  # no temporary left
    code, out, _ = run(capsys, "format", "--check", str(target))
    assert code == 0 and out == ""


def test_format_leaves_a_canonical_file_untouched(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "games.pmn"
    shutil.copy(EXAMPLE, target)
    os.utime(target, (1_000_000, 1_000_000))
    code, out, _ = run(capsys, "format", str(target))
    assert code == 0 and out == ""
    assert target.stat().st_mtime == 1_000_000


def test_format_check_sees_line_endings(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "crlf.pmn"
    target.write_bytes(EXAMPLE.read_bytes().replace(b"\n", b"\r\n"))
    code, out, _ = run(capsys, "format", "--check", str(target), str(EXAMPLE))
    assert code == 1
    assert out == f"would reformat {target}\n"


def test_format_to_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out_file = tmp_path / "out.pmn"
    code, _, _ = run(capsys, "format", str(LENIENT), "-o", str(out_file))
    assert code == 0
    assert out_file.read_bytes() == EXAMPLE.read_bytes()
    code, out, _ = run(capsys, "format", str(LENIENT), "-o", "-")
    assert code == 0 and out == EXAMPLE.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("games/worked-exampel.pmn", "games/worked-example.pmn"),  # a slip of the keyboard
        ("worked-example.pmn", "games/worked-example.pmn"),  # the right name, a folder up
        ("games/Worked-Example.pmn", "games/worked-example.pmn"),  # the wrong case
    ],
)
def test_a_missing_file_suggests_the_nearest_one(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    typed: str,
    meant: str,
) -> None:
    (tmp_path / "games").mkdir()
    for name in ("worked-example.pmn", "match.pmn", "notes.txt"):
        (tmp_path / "games" / name).write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "validate", typed)
    assert code == 2 and out == ""
    assert f"{typed}: no such file (did you mean {meant}?)" in err


def test_a_missing_file_with_nothing_near_suggests_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "w.pmn").write_text("", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "show", "x.pmn")
    assert code == 2 and err.rstrip().endswith("x.pmn: no such file")


def test_format_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "format", str(EXAMPLE), str(LENIENT), "-o", str(tmp_path / "x"))
    assert code == 2 and "exactly one input file" in err
    code, _, err = run(capsys, "format", str(tmp_path / "missing.pmn"))
    assert code == 2 and "no such file" in err
    assert not (tmp_path / "x").exists()


def test_format_never_loses_a_broken_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "broken.pmn"
    shutil.copy(BROKEN, target)
    before = list(read_deals(BROKEN))
    code, _, err = run(capsys, "format", str(target))
    assert code == 0
    assert f"{target}:33: deal 2: kept as written (it has errors)" in err
    assert f"{target}:52:16: deal 2: error: trick 3: A plays 5C" in err
    after = list(read_deals(target))
    assert len(after) == len(before) == 4
    for old, new in zip(before, after, strict=True):
        assert new.tags == old.tags
        assert bool(new.errors) == bool(old.errors)
        if old.errors:
            assert new.source == old.source  # kept byte for byte
    # The good deals are canonical: formatting again changes nothing.
    code, out, _ = run(capsys, "format", "--check", str(target))
    assert code == 0 and out == ""


def test_format_in_place_keeps_file_mode(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "games.pmn"
    shutil.copy(LENIENT, target)
    target.chmod(0o640)
    assert run(capsys, "format", str(target))[0] == 0
    assert target.stat().st_mode & 0o777 == 0o640


# -- the installed console script ------------------------------------------------------------


def test_console_script(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "mendikot-replay"
    if not script.exists():
        pytest.skip("console script not installed in this environment")
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    clean = subprocess.run(
        [str(script), "validate", "--json", str(EXAMPLE)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=tmp_path,  # not the repository: the installed package must be found
        env=env,
        check=False,
    )
    assert clean.returncode == 0, clean.stderr
    assert json.loads(clean.stdout)[0]["result"]["winner"] == "AC"
    broken = subprocess.run(
        [str(script), "validate", str(BROKEN)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert broken.returncode == 1
    missing = subprocess.run(
        [str(script), "show", "missing.pmn"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert missing.returncode == 2 and "no such file" in missing.stderr


# -- validate: warnings, --strict ----------------------------------------------------------------


def short_deal(tmp_path: Path) -> Path:
    """The worked example without its last card (and without a Result to contradict)."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace('[Result "AC win"]\n', "").replace("KS 8H", "KS")
    path = tmp_path / "short.pmn"
    path.write_text(text, encoding="utf-8")
    return path


def test_validate_warns_about_a_play_that_stops_short(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = short_deal(tmp_path)
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 0  # a warning: the record is legal PMN
    assert out.splitlines() == [
        f"{path}:30:14: deal 1: warning: the play stops after trick 13, card 3 (51 of 52 "
        'cards): mark an unfinished deal with * or Result "*"',
        f"{path}: 1 deal, 0 with errors, 1 warning",
    ]


def test_validate_strict_fails_on_warnings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = short_deal(tmp_path)
    assert run(capsys, "validate", "--strict", str(path))[0] == 1
    assert run(capsys, "validate", "--strict", str(EXAMPLE))[0] == 0
    code, out, _ = run(capsys, "validate", "--strict", "--json", str(EXAMPLE), str(path))
    assert code == 1
    assert [len(deal["warnings"]) for deal in json.loads(out)] == [0, 1]
    assert run(capsys, "validate", "--json", str(path))[0] == 0


# -- solve --trick --------------------------------------------------------------------------------

ENDGAMES = DATA.parent.parent / "sample_games" / "endgame-cover-or-duck.pmn"


def test_solve_before_a_trick(capsys: pytest.CaptureFixture[str]) -> None:
    # Deal 1 starts at trick 10 (its Start trick), with B's 5S already on the table: the
    # position before trick 10 is the position itself.
    code, by_trick, _ = run(capsys, "solve", str(ENDGAMES), "--deal", "1", "--trick", "10")
    assert code == 0
    assert by_trick.splitlines()[0] == "deal 1 before trick 10: C to play; AC win"
    _, by_count, _ = run(capsys, "solve", str(ENDGAMES), "--deal", "1", "--after", "0")
    assert by_count.splitlines()[0] == "deal 1 after 0 cards: C to play; AC win"
    assert by_trick.splitlines()[1:] == by_count.splitlines()[1:]


def test_solve_of_a_finished_deal_solves_it_from_the_start(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # deal 1 is played to its end: what is left of it is nothing, so the question a user
    # asks is who should have won it, from its start
    code, out, _ = run(capsys, "solve", str(ENDGAMES), "--deal", "1")
    assert code == 0
    assert out.splitlines()[0] == (
        "deal 1 from the start (its play is over; --after K or --trick T for a later "
        "moment): C to play; AC win"
    )
    _, at_start, _ = run(capsys, "solve", str(ENDGAMES), "--deal", "1", "--after", "0")
    assert out.splitlines()[1:] == at_start.splitlines()[1:]
    _, as_json, _ = run(capsys, "solve", str(ENDGAMES), "--deal", "1", "--json")
    assert json.loads(as_json)["from_start"] is True and json.loads(as_json)["after"] == 0


@pytest.mark.parametrize(
    ("file", "deal", "trick", "after", "to_play"),
    [
        (ENDGAMES, "4", "12", 3, "A"),  # starts at trick 11 with one card on the table
        (ENDGAMES, "1", "11", 3, "C"),
        (EXAMPLE, "1", "13", 48, "B"),  # a whole deal: all the cards of tricks 1 to 12
    ],
)
def test_solve_trick_json(
    capsys: pytest.CaptureFixture[str],
    file: Path,
    deal: str,
    trick: str,
    after: int,
    to_play: str,
) -> None:
    code, out, _ = run(capsys, "solve", str(file), "--deal", deal, "--trick", trick, "--json")
    assert code == 0
    obj = json.loads(out)
    assert (obj["trick"], obj["after"], obj["to_play"]) == (int(trick), after, to_play)
    _, same, _ = run(capsys, "solve", str(file), "--deal", deal, "--after", str(after), "--json")
    assert {k: v for k, v in obj.items() if k != "trick"} == json.loads(same)


def test_solve_trick_outside_the_deal_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    cases = [
        (["--trick", "14"], "--trick 14: deal 1 has only 13 tricks"),
        (
            ["--deal", "1", "--trick", "9"],
            "--trick 9: deal 1 is a position that starts at trick 10 (use --trick 10 to 13)",
        ),
    ]
    for args, message in cases:
        code, out, err = run(capsys, "solve", str(ENDGAMES), *args)
        assert (code, out, err) == (2, "", f"mendikot-replay solve: error: {message}\n")
    first = ENDGAMES.read_text(encoding="utf-8").split("\n\n")[0]
    unfinished = tmp_path / "unfinished.pmn"
    unfinished.write_text(first.split("\n11. C:")[0] + " *\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", str(unfinished), "--trick", "13")
    assert (code, out) == (2, "")
    assert err == (
        "mendikot-replay solve: error: --trick 13: the play of deal 1 stops before trick 13 "
        "(its main line has 3 cards)\n"
    )
    for args in (["--trick", "0"], ["--trick", "11", "--after", "3"]):
        with pytest.raises(SystemExit) as exc:
            main(["solve", str(ENDGAMES), *args])
        assert exc.value.code == 2
    capsys.readouterr()


@pytest.mark.parametrize(
    ("command", "says"),
    [
        ("validate", ["--strict", "warnings fail too (exit 1)"]),
        ("solve", ["--after K | --trick N", "solve the position before trick N", "Start trick"]),
    ],
)
def test_the_new_options_are_in_the_help(
    command: str, says: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    for words in says:
        assert words in help_text
