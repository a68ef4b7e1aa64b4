"""Bad input gets a sentence, never a hang or a raw control character: an input with no line
end stops the reader at its documented limit, and ``--json`` output escapes what a terminal
would act on."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from mendikot_replay.cli.app import main
from mendikot_replay.pmn.lines import MAX_LINE_BYTES
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import PMNError

EXAMPLE = Path(__file__).resolve().parent / "data" / "worked-example.pmn"


class Endless(io.RawIOBase):
    """A stream that never ends a line (and never ends), counting what was read from it."""

    def __init__(self) -> None:
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        view = memoryview(buffer)
        view[:] = b"x" * len(view)
        self.given += len(view)
        return len(view)


def test_an_input_with_no_line_end_stops_at_the_line_limit_with_the_line() -> None:
    stream = Endless()
    # the deals before the endless line are read as usual
    head = EXAMPLE.read_bytes() + b"\n"
    source = io.BufferedReader(Concat(head, stream))
    deals = read_deals(source)
    first = next(deals)
    assert first.tags["Dealer"] == "D" and not first.errors
    with pytest.raises(PMNError) as raised:
        next(deals)
    line = head.count(b"\n") + 1
    assert raised.value.problem.line == line
    assert f"line {line} runs past 64 MiB with no line end" in str(raised.value)
    # it stopped at the limit, not long after it
    assert MAX_LINE_BYTES < stream.given < MAX_LINE_BYTES + 8 * 1024 * 1024


class Concat(io.RawIOBase):
    """``head``'s bytes, then ``tail``'s."""

    def __init__(self, head: bytes, tail: io.RawIOBase) -> None:
        self.head, self.tail = memoryview(head), tail

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray | memoryview) -> int:  # type: ignore[override]
        if self.head:
            n = min(len(buffer), len(self.head))
            memoryview(buffer)[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        return self.tail.readinto(buffer)


def test_validate_dev_zero_ends_with_a_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", "/dev/zero"]) == 1
    err = capsys.readouterr()
    assert "/dev/zero:1:1: error: line 1 runs past 64 MiB with no line end" in err.out + err.err


# Characters JSON leaves raw that a terminal acts on or that turn the text's direction.
HOSTILE = "\x85\x9b2J\x9d0;title\x07\u202eevil\u2066x\u2069\u200f\u2028\u061c"


def test_validate_json_escapes_c1_and_bidi_controls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = EXAMPLE.read_text(encoding="utf-8").replace('[B "Bilal"]', f'[B "Bi{HOSTILE}lal"]')
    path = tmp_path / "hostile.pmn"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", "--json", str(path)]) == 0
    out = capsys.readouterr().out
    raw = [c for c in out if 0x7F <= ord(c) <= 0x9F or c in "\u202e\u2066\u2069\u200f\u2028\u061c"]
    assert raw == []
    (report,) = json.loads(out)
    assert report["tags"]["B"] == f"Bi{HOSTILE}lal"  # the same name to a program
    assert "\\u009b" in out and "\\u202e" in out


def test_analyse_json_escapes_c1_and_bidi_controls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    event = '[Event "Thursday club"]'
    text = EXAMPLE.read_text(encoding="utf-8").replace(event, f'[Event "Club{HOSTILE}"]')
    path = tmp_path / "hostile.pmn"
    path.write_text(text, encoding="utf-8")
    assert main(["analyse", "--json", "--max-tricks", "2", str(path)]) == 0
    out = capsys.readouterr().out
    assert not any(0x7F <= ord(c) <= 0x9F or c == "\u202e" for c in out)
    assert json.loads(out)["event"] == f"Club{HOSTILE}"
