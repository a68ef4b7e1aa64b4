"""Fuzzing the reader: whatever the bytes, it reports problems and never crashes.

The reader promises (docs/format.md, ``pmn_reader``) that the only exception leaving it is
:class:`~mendikot_replay.pmn.record.PMNError`, for a file it must refuse as a whole, and that an
error in one deal never loses the others. Hypothesis feeds it arbitrary bytes and text and,
more to the point, *near-valid* PMN: canonical files of random deals with characters deleted,
inserted, duplicated, lines swapped and random bytes (bad UTF-8 included) dropped in.

The reader also turns its own bugs into errors rather than exceptions ("internal error while
reading/replaying this deal", or a ``PMNError`` wrapping the exception); those would pass a
bare "no exception" check, so the tests look for them explicitly.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mendikot_replay.players.generate import random_deal, random_position, random_rules
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord, PMNError
from mendikot_replay.pmn.writer import write_deal, write_deals, write_string

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: Characters that mean something in PMN, and a few that trip up decoders and splitters.
PMN_ALPHABET = (
    '[]{}()"\\^$!?*%.:;,- \t\n\r' + "AKQJT1098765432SHDCshdc" + "♠♥♦♣" + "\x00\ufeff\u2028\x0b"
)


def _internal_errors(records: list[DealRecord]) -> list[str]:
    return [
        str(problem)
        for record in records
        for problem in record.errors
        if "internal error" in problem.message
    ]


def read_all(data: bytes | str) -> list[DealRecord]:
    """Read everything; a ``PMNError`` is allowed only when it is a refusal of the file, not
    a wrapped bug."""
    source: Any = io.BytesIO(data) if isinstance(data, bytes) else io.StringIO(data)
    try:
        records = list(read_deals(source, check=True))
    except PMNError as exc:
        cause = exc.__cause__
        assert cause is None or isinstance(cause, (OSError, UnicodeError)), repr(cause)
        assert "cannot read the file" not in str(exc), str(exc)
        return []
    assert not _internal_errors(records), _internal_errors(records)
    # a broken deal must still be writable (the writer keeps its text as read)
    write_string(records)
    return records


def _valid_pmn(seed: int, deals: int) -> str:
    rng = random.Random(seed)
    records = []
    for i in range(deals):
        rules = random_rules(rng, every=True)  # every table and house rule
        if i % 3 == 2:
            records.append(random_position(rng, rules, annotate=True))
        else:
            records.append(random_deal(rng, rules, annotate=True))
    return write_string(records)


# -- mutations ---------------------------------------------------------------------------------
mutations = st.lists(
    st.one_of(
        st.tuples(st.just("delete"), st.integers(0, 10**6), st.integers(1, 30)),
        st.tuples(st.just("insert"), st.integers(0, 10**6), st.text(PMN_ALPHABET, max_size=12)),
        st.tuples(st.just("bytes"), st.integers(0, 10**6), st.binary(min_size=1, max_size=8)),
        st.tuples(st.just("duplicate"), st.integers(0, 10**6), st.integers(1, 60)),
        st.tuples(st.just("swap_lines"), st.integers(0, 10**6), st.integers(0, 10**6)),
        st.tuples(st.just("replace"), st.integers(0, 10**6), st.binary(min_size=1, max_size=3)),
    ),
    min_size=1,
    max_size=6,
)


def mutate(data: bytes, ops: list[tuple[str, int, Any]]) -> bytes:
    for kind, where, arg in ops:
        at = where % (len(data) + 1)
        if kind == "delete":
            data = data[:at] + data[at + arg :]
        elif kind == "insert":
            data = data[:at] + arg.encode("utf-8") + data[at:]
        elif kind == "bytes":
            data = data[:at] + arg + data[at:]
        elif kind == "duplicate":
            data = data[:at] + data[at : at + arg] + data[at:]
        elif kind == "replace":
            data = data[:at] + arg + data[at + len(arg) :]
        elif kind == "swap_lines":
            lines = data.split(b"\n")
            i, j = where % len(lines), arg % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
            data = b"\n".join(lines)
    return data


# -- the properties ----------------------------------------------------------------------------
@SETTINGS
@given(data=st.binary(max_size=3000))
def test_arbitrary_bytes(data: bytes) -> None:
    read_all(data)


@SETTINGS
@given(text=st.text(max_size=2000) | st.text(PMN_ALPHABET, max_size=2000))
def test_arbitrary_text(text: str) -> None:
    read_all(text)
    try:
        records = read_string(text)
    except PMNError:
        return
    assert not _internal_errors(records)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), ops=mutations)
def test_mutated_pmn(seed: int, ops: list[tuple[str, int, Any]]) -> None:
    data = _valid_pmn(seed, 2).encode("utf-8")
    read_all(mutate(data, ops))


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    ops=mutations,
    layout=st.lists(st.booleans(), min_size=2, max_size=6),
)
def test_good_deals_survive_a_broken_neighbour(
    seed: int, ops: list[tuple[str, int, Any]], layout: list[bool]
) -> None:
    """Good deals and broken ones, in the order ``layout`` says (``True``: broken), each
    separated from the next by a blank line: every good deal is read intact, with no error,
    and writes back to exactly its text."""
    rng = random.Random(seed)
    good_texts: list[str] = []
    parts: list[bytes] = []
    layout = [False, *layout]  # a good deal first: the version line stays valid
    for broken in layout:
        rules = random_rules(rng, every=True)  # every table and house rule
        if rng.random() < 0.3:
            record = random_position(rng, rules, annotate=True)
        else:
            record = random_deal(rng, rules, annotate=True)
        text = write_deal(record)
        if broken:
            damaged = mutate(text.encode("utf-8"), ops).strip(b"\r\n\t ")
            parts.append(damaged)
        else:
            good_texts.append(text)
            parts.append(text.encode("utf-8").strip(b"\n"))
    data = b"% PMN 1.0\n" + b"\n\n".join(parts) + b"\n"
    records = list(read_deals(io.BytesIO(data), check=True))
    assert not _internal_errors(records)
    clean = [write_deal(r) for r in records if not r.errors]
    # the good deals appear, in order, among the deals read without errors
    it = iter(clean)
    missing = [text for text in good_texts if not any(text == seen for seen in it)]
    assert not missing, (data.decode("utf-8", "replace"), missing)


def _written(records: list[DealRecord]) -> bytes:
    out = io.BytesIO()
    write_deals(records, out)
    return out.getvalue()


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    ops=mutations,
    crlf=st.booleans(),
    deals=st.integers(1, 4),
)
def test_format_keeps_every_deal_and_every_byte_of_a_broken_one(
    seed: int, ops: list[tuple[str, int, Any]], crlf: bool, deals: int
) -> None:
    """Mutated files through read → format → read: as many deals come back; a deal with
    errors comes back byte for byte (the bytes not UTF-8 and the line endings included)
    and still reports an error; a clean deal comes back the same deal; and formatting the
    result again changes no byte."""
    data = _valid_pmn(seed, deals).encode("utf-8")
    if crlf:
        data = data.replace(b"\n", b"\r\n")
    data = mutate(data, ops)
    try:
        first = list(read_deals(io.BytesIO(data)))
    except PMNError:
        return  # a file refused whole (a newer major version): nothing is written
    formatted = _written(first)
    again = list(read_deals(io.BytesIO(formatted)))
    assert len(again) == len(first), (data, formatted)
    for before, after in zip(first, again, strict=True):
        if before.errors:
            raw = before.raw or b""
            assert after.raw == (raw if raw.endswith(b"\n") else raw + b"\n"), (data, formatted)
            assert after.errors
        else:
            assert not after.errors, (data, formatted, after.errors)
            assert write_deal(after) == write_deal(before)
    assert _written(again) == formatted


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n\n",
        "% PMN 1.0",
        "[",
        '[Event "',
        "{",
        "(((",
        "1. A:",
        '\ufeff[Play "A"]\r\n1. A: 10♥ ^T^R--!!? $99999999999 {\\',
        '[Hands "A:AKQJT98765432AKQJT98765432..."]',
        '[Start "trick 0; tens 9-9; tricks 99-99; pile 99 AS"]\n[Play "A"]\n1. A: AS',
    ],
)
def test_small_oddities(text: str) -> None:
    read_all(text)
    read_all(text.encode("utf-8"))
