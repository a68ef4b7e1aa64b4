"""The reader's fast path for plain trick lines (``n. L: AS 7S …``, most lines of a corpus)
reads exactly what its general path reads: the same records, the same places of every card,
the same problems at the same lines and columns, the same bytes written back.

The fast path adds a line's cards in one loop with the parser's state in locals
(``_DealParser.plain_line``), a copy of what ``add_node`` does card by card; this test is
what keeps the two the same."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE, record_shape

from mendikot_replay.players.generate import random_deals
from mendikot_replay.pmn import reader
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord, PlayNode
from mendikot_replay.pmn.writer import write_string


def places(record: DealRecord) -> list[object]:
    """Where the reader put every card of the tree, and what it derived there."""
    out: list[object] = []

    def walk(nodes: list[PlayNode]) -> None:
        for node in nodes:
            out.append((str(node.card), node.line, node.col, node.trick, node.seat, node.marker))
            walk(node.variations)

    walk(record.variations)
    return out


def everything(text: str) -> list[object]:
    records = read_string(text)
    return [
        (
            record_shape(r),
            places(r),
            [(p.severity, p.message, p.line, p.col) for p in [*r.errors, *r.warnings]],
            r.line,
            r.span,
        )
        for r in records
    ] + [write_string(records)]


def damaged(text: str, rng: random.Random) -> str:
    """``text`` with a few cards changed, doubled or dropped: lines the fast path still
    takes (plain, but wrong for the rules) and lines it leaves to the general path."""
    lines = text.split("\n")
    for _ in range(3):
        k = rng.randrange(len(lines))
        words = lines[k].split(" ")
        if len(words) < 3:
            continue
        i = rng.randrange(2, len(words))
        words[i] = rng.choice(["AS", "TD", "2C", words[i] + " " + words[i], "", "XX", "10H"])
        lines[k] = " ".join(w for w in words if w)
    return "\n".join(lines)


def both(text: str, monkeypatch: pytest.MonkeyPatch) -> tuple[list[object], list[object]]:
    fast = everything(text)
    with monkeypatch.context() as m:
        m.setattr(reader._DealParser, "plain_line", lambda self, line: False)
        slow = everything(text)
    return fast, slow


def test_the_examples_and_a_random_corpus_read_the_same_both_ways(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plain = write_string(random_deals(40, seed=12))  # nearly every line plain
    annotated = write_string(random_deals(40, seed=11, annotate=True))
    for text in (FORMAT_EXAMPLE, POSITION_EXAMPLE, plain, annotated):
        fast, slow = both(text, monkeypatch)
        assert fast == slow


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_damaged_deals_read_the_same_both_ways(seed: int) -> None:
    rng = random.Random(seed)
    text = damaged(write_string(random_deals(2, seed=seed)), rng)
    with pytest.MonkeyPatch.context() as monkeypatch:
        fast, slow = both(text, monkeypatch)
    assert fast == slow
