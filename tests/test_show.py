"""The terminal replay (``show.render_deal`` and ``mendikot-replay show``) on hostile text: an
escape sequence in a name, a tag or a comment must reach the terminal as visible text, never
as a command (clear the screen, retitle the window, colour the rest of the output)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mendikot_replay.cli.app import main
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord, Problem
from mendikot_replay.pmn.user_text import visible
from mendikot_replay.views.terminal import render_deal

WORKED = Path(__file__).resolve().parent.parent / "sample_games" / "worked-example.pmn"

CLEAR = "\x1b[2J"  # clear the screen
TITLE = "\x1b]0;pwned\x07"  # set the window title (OSC … BEL)
CSI = "\x9b31m"  # a C1 CSI: red, on terminals that read C1 controls
RLO = "\u202e"  # RIGHT-TO-LEFT OVERRIDE
HOSTILE = CLEAR + TITLE + CSI + RLO

# What must never reach the terminal raw: C0 controls but the line break between lines, DEL,
# C1 controls, the bidi controls and the line and paragraph separators.
RAW_CONTROL = re.compile(
    "[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]"
)
# The renderer's own ANSI codes: reset, bold, dim, red.
OWN_CODE = re.compile(r"\x1b\[(?:0|1|2|31)m")


def _hostile_text() -> str:
    text = WORKED.read_text(encoding="utf-8")
    for old, new in {
        '[Event "Thursday club"]': f'[Event "Thursday{HOSTILE} club"]',
        '[Site "Pune"]': f'[Site "Pu\tne{CLEAR}"]\n[Round "r{TITLE}1"]',
        '[Date "2026.11.19"]': f'[Date "2026{CSI}.11.19"]',
        '[Match "thu-19"]': f'[Match "thu{TITLE}19"]',
        '[Deal "3"]': f'[Deal "3{RLO}"]',
        '[A "Asha"]': f'[A "Asha{CLEAR}"]',
        '[B "Bilal"]': f'[B "Bi{TITLE}lal"]',
        '[C "Chetan"]': f'[C "Che{CSI}tan"]',
        '[D "Divya"]': f'[D "{RLO}Divya"]',
        '[Tens "3-1"]': f'[Tens "^3-1{CLEAR}"]',
        "[%point ten-captured TH C]": f"[%point ten-captured TH C{CLEAR}{CSI}]",
        "{ A drops the ten": f"{{ A{CSI} drops{RLO} the ten",
        '[Play "A"]\n': f'[Play "A"]\n{{ before the deal: {HOSTILE} }}\n',
    }.items():
        assert old in text, old
        text = text.replace(old, new)
    return text


def _hostile_record() -> DealRecord:
    record = read_string(_hostile_text())[0]
    assert record.timeline is not None and len(record.timeline) == 53, record.errors
    # A problem that quotes the file's text as it is.
    record.warnings.append(Problem(f"tag Foo: {HOSTILE} is not known", line=3, col=1))
    return record


def _assert_escaped(out: str) -> None:
    """No raw control character, and every hostile piece shown as visible escapes."""
    assert RAW_CONTROL.findall(out) == []
    for shown in (
        r"Thursday\x1b[2J\x1b]0;pwned\x07\x9b31m\u202e club",
        r"Pu\tne\x1b[2J",
        r"r\x1b]0;pwned\x071",
        r"2026\x9b31m.11.19",
        r"match thu\x1b]0;pwned\x0719",
        r"deal 3\u202e",
        r"A Asha\x1b[2J (A/C)",
        r"B Bi\x1b]0;pwned\x07lal (B/D)",
        r"C Che\x9b31mtan (A/C)",
        r"D \u202eDivya (B/D)",
        r"Tens agreed at the table: 3-1\x1b[2J",
        r"(point: ten-captured TH C\x1b[2J\x9b31m)",
        r"A\x9b31m drops\u202e the ten",
        r"{ before the deal: \x1b[2J\x1b]0;pwned\x07\x9b31m\u202e }",
        r"tag Foo: \x1b[2J\x1b]0;pwned\x07\x9b31m\u202e is not known",
    ):
        assert shown in out, shown


def test_user_text_reaches_the_terminal_as_visible_escapes() -> None:
    plain = render_deal(_hostile_record(), color=False)
    assert "\x1b" not in plain
    _assert_escaped(plain)
    # The hands line up on the names as shown, escapes and all.
    hands = [line for line in plain.splitlines() if re.match(r"  [A-D]  \S", line)]
    assert [line[2] for line in hands] == list("ABCD")
    assert len({line.index("♠") for line in hands}) == 1, hands
    assert r"  D  \u202eDivya " in hands[3]


def test_with_colour_only_the_renderers_own_codes_reach_the_terminal() -> None:
    coloured = render_deal(_hostile_record(), color=True)
    assert OWN_CODE.search(coloured)  # colour is on …
    # … and every ESC in the output starts one of the renderer's own codes.
    assert coloured.count("\x1b") == len(OWN_CODE.findall(coloured))
    _assert_escaped(OWN_CODE.sub("", coloured))
    assert OWN_CODE.sub("", coloured) == render_deal(_hostile_record(), color=False)


def test_a_deal_with_no_playable_setup_escapes_its_tags_too() -> None:
    record = read_string(f'[Event "E{CLEAR}"]\n[Dealer "Q{TITLE}"]\n[Play "A{CSI}"]\n1. A: TS\n')[0]
    out = render_deal(record)
    assert RAW_CONTROL.findall(out) == []
    assert r"Dealer: Q\x1b]0;pwned\x07    First lead: A\x9b31m" in out
    assert r"E\x1b[2J" in out


def test_visible_writes_every_control_as_an_escape() -> None:
    controls = [chr(c) for c in (*range(0x20), 0x7F, *range(0x80, 0xA0))]
    controls += list("\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e")
    controls += list("\u2066\u2067\u2068\u2069")
    for char in controls:
        shown = visible(f"a{char}b")
        assert shown == f"a{char!r}b".replace("'", ""), repr(char)
        assert RAW_CONTROL.search(shown) is None
    assert visible("Asha — ♠ é 漢") == "Asha — ♠ é 漢"  # printable text is left alone


def test_the_show_command_prints_hostile_text_as_escapes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "hostile.pmn"
    path.write_text(_hostile_text(), encoding="utf-8")
    code = main(["show", str(path)])
    out = capsys.readouterr().out
    assert code == 0
    assert "\x1b" not in out  # captured output is no terminal: no colour either
    assert RAW_CONTROL.findall(out) == []
    assert r"A Asha\x1b[2J (A/C)" in out
    assert r"B Bi\x1b]0;pwned\x07lal (B/D)" in out
    assert r"A\x9b31m drops\u202e the ten" in out
