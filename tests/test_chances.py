"""A deal's single-dummy chances card by card (``mr.deal_chances``), written into PMN as
``[%eval]`` and single-dummy mistakes, in ``analyse --odds`` / ``annotate --odds`` and in
``plays_frame(odds=True)``.

Each position's chances are those of :func:`~mendikot_replay.analysis.odds.odds` (which
tests/test_odds.py checks against plain enumeration and minimax); here, that the deal is
walked card by card from the right views, that before and after are the right choices,
and that writing loses nothing."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from pmn_examples import DUCK_BROKEN, DUCK_UNKNOWN, FORMAT_EXAMPLE, games_file

import mendikot_replay as mr
from mendikot_replay.analysis.chances import (
    MISTAKE_DROP,
    POINT_KIND,
    CardChance,
    deal_chances,
    write_chances,
)
from mendikot_replay.analysis.odds import OddsSolver, odds
from mendikot_replay.cli.app import main
from mendikot_replay.core.cards import Card
from mendikot_replay.core.rules import Reveal, Rules, TrumpMethod
from mendikot_replay.players.simulate import simulate
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_string

LAST = 3
"""Tricks scored in these tests: the last three are exact and fast."""


def simulated(seed: int, rules: Rules | None = None) -> DealRecord:
    return next(simulate(1, seed=seed, rules=rules))


def with_mistake() -> tuple[DealRecord, list[CardChance]]:
    """A simulated deal with a single-dummy mistake in its last three tricks."""
    for seed in range(40):
        record = simulated(seed)
        chances = deal_chances(record, max_tricks=LAST)
        if chances.mistakes:
            return record, list(chances)
    raise AssertionError("no simulated deal with a single-dummy mistake late in it")


@pytest.mark.parametrize("seed", [3, 16])
def test_every_card_is_scored_from_its_players_view_before_and_after(seed: int) -> None:
    record = simulated(seed)
    chances = deal_chances(record, max_tricks=LAST)
    line = record.mainline()
    assert [c.ply for c in chances] == list(range(len(line) - 4 * LAST + 1, len(line) + 1))
    assert chances.skipped == len(line) - 4 * LAST and chances.line == len(line)
    for c in chances:
        node = line[c.ply - 1]
        alone = odds(record, after=c.ply - 1)
        assert (c.card, c.seat, c.trick) == (node.card, node.seat, node.trick)
        assert c.seat == alone.seat == alone.to_play
        assert c.before == alone.best.chance  # the best choice (no asks under version A)
        assert c.after == alone.cards[c.card].chance
        assert c.before.key() >= c.after.key()
        assert c.mistake == (c.before.win - c.after.win >= MISTAKE_DROP - 1e-9)
        ac = c.after.win if c.team == "AC" else c.after.loss
        assert c.ac_after == ac
        assert c.dd_before == alone.dd and c.dd_after == alone.cards[c.card].dd


def test_a_card_asked_with_t_is_scored_after_the_ask() -> None:
    """Version B: the card played with ^T was chosen with the face-down card seen; the
    choice before it is the best of asking and every card played without asking."""
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B)
    for seed in range(60):
        record = simulated(seed, rules)
        line = record.mainline()
        asks = [k for k, node in enumerate(line, 1) if node.reveal_request]
        if not asks or asks[0] <= len(line) - 4 * LAST:
            continue
        chances = {c.ply: c for c in deal_chances(record, max_tricks=LAST)}
        c = chances[asks[0]]
        alone = odds(record, after=c.ply - 1)
        assert c.asked and alone.ask is not None
        assert c.after == alone.ask.cards[c.card].chance
        best = max(alone.best.chance, alone.ask.chance, key=lambda ch: ch.key())
        assert c.before.key() == best.key()
        assert c.to_json()["card"] == f"^T{c.card}"
        return
    pytest.fail("no simulated version-B deal asks for the trump in its last tricks")


def test_the_sample_is_reproducible_and_the_solver_is_shared() -> None:
    record = simulated(16)
    solver = OddsSolver(max_worlds=20, samples=25, seed=4)
    one = deal_chances(record, max_tricks=4, solver=solver)
    again = deal_chances(record, max_tricks=4, max_worlds=20, samples=25, seed=4)
    assert [(c.before, c.after) for c in one] == [(c.before, c.after) for c in again]
    assert any(not c.odds.exact for c in one)
    assert (one.samples, one.seed) == (25, 4)
    seen: list[tuple[int, int]] = []
    deal_chances(record, max_tricks=2, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(k, 8) for k in range(1, 9)]


def test_writing_adds_evals_and_mistakes_and_loses_nothing(tmp_path: Path) -> None:
    record, chances = with_mistake()
    line = record.mainline()
    mine = chances[0]
    # a human's own eval and comment on the first scored card stay as they are
    node = line[mine.ply - 1]
    node.comments.append("my own guess [%eval AC 0.50]")
    assert write_chances(record, chances)
    assert node.comments[-1] == "my own guess [%eval AC 0.50]"
    assert [a for n, a in node.commands() if n == "eval"] == ["AC 0.50"]
    for c in chances[1:]:
        evals = [a for n, a in line[c.ply - 1].commands() if n == "eval"]
        assert evals == [f"{c.team} {c.after.win:.2f}"]
    text = write_string([record])
    assert not write_chances(record, chances)  # twice: nothing more
    assert write_string([record]) == text
    for c in chances:
        points = [a.split() for n, a in line[c.ply - 1].commands() if n == "point"]
        marked = [p for p in points if p[0] == POINT_KIND]
        assert marked == ([[POINT_KIND, str(c.card), c.seat, c.best]] if c.mistake else [])
        assert line[c.ply - 1].glyph() is None  # the glyphs are the double-dummy analysis's
    # read back: the same record, the same bytes
    assert write_string(read_string(text)) == text


def test_chances_of_another_deal_are_refused() -> None:
    record = simulated(3)
    other = deal_chances(simulated(16), max_tricks=1)
    with pytest.raises(ValueError, match="another deal or line"):
        write_chances(record, other)
    assert write_string([record]) == write_string([simulated(3)])


@pytest.mark.parametrize(
    ("text", "why"),
    [(DUCK_BROKEN, "cannot"), (DUCK_UNKNOWN, "hand")],
)
def test_a_deal_that_cannot_be_scored_says_why(text: str, why: str) -> None:
    [record] = read_string(text)
    with pytest.raises(mr.AnalysisError, match=why):
        deal_chances(record)


def test_the_public_face() -> None:
    assert mr.deal_chances is deal_chances


# -- the command line ---------------------------------------------------------------------
def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_analyse_odds_reports_the_single_dummy_mistakes_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, chances = with_mistake()
    path = tmp_path / "deal.pmn"
    path.write_text(write_string([record]), encoding="utf-8")
    status, out, err = run(capsys, "analyse", str(path), "--odds", "--max-tricks", str(LAST))
    assert status == 0, err
    assert "single-dummy (every position exact):" in out
    for c in (c for c in chances if c.mistake):
        # cards as people read them: K♠, 10♥ (the best choice may be ^T, asking first)
        assert f"trick {c.trick} {c.seat} {c.card.symbol}: " in out
        best = c.best if c.best == "^T" else Card.parse(c.best).symbol
        assert f"{c.before.win:.0%} -> {c.after.win:.0%} (best: {best})" in out
    status, out, _ = run(
        capsys, "analyse", str(path), "--odds", "--max-tricks", str(LAST), "--json"
    )
    obj = json.loads(out)
    got = obj["chances"]
    assert [c["ply"] for c in got["cards"]] == [c.ply for c in chances]
    assert got["mistakes"] == [c.ply for c in chances if c.mistake]
    assert [c["after"]["win"] for c in got["cards"]] == [c.after.win for c in chances]
    assert obj["verdicts"][0]["ply"] == chances[0].ply  # the double-dummy part is still there


def test_analyse_odds_writes_into_the_file_and_keeps_the_other_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, chances = with_mistake()
    path = games_file(tmp_path, write_string([record]), DUCK_BROKEN, FORMAT_EXAMPLE)
    before = path.read_text(encoding="utf-8")
    status, _, err = run(
        capsys, "analyse", str(path), "--odds", "--max-tricks", str(LAST), "--in-place"
    )
    assert status == 1  # the broken deal is reported, and kept
    assert "deal 2: has errors" in err and "single-dummy mistake" in err
    written = read_string(path.read_text(encoding="utf-8"))
    assert len(written) == 3
    assert DUCK_BROKEN.strip() in path.read_text(encoding="utf-8")
    line = written[0].mainline()
    for c in chances:
        assert f"[%eval {c.team} {c.after.win:.2f}]" in " ".join(line[c.ply - 1].comments)
    assert before != path.read_text(encoding="utf-8")
    again = path.read_text(encoding="utf-8")
    run(capsys, "analyse", str(path), "--odds", "--max-tricks", str(LAST), "--in-place")
    assert path.read_text(encoding="utf-8") == again  # idempotent


def test_annotate_odds_writes_the_chances_with_the_strategy_points(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, chances = with_mistake()
    path = tmp_path / "deal.pmn"
    path.write_text(write_string([record]), encoding="utf-8")
    status, out, err = run(capsys, "annotate", str(path), "--odds", "--max-tricks", str(LAST))
    assert status == 0, err
    [got] = read_string(out)
    line = got.mainline()
    assert all(any(n == "eval" for n, _ in line[c.ply - 1].commands()) for c in chances)
    for c in chances:
        marked = [a for n, a in line[c.ply - 1].commands() if n == "point"]
        assert any(a.startswith(POINT_KIND) for a in marked) == c.mistake
    assert any(c.mistake for c in chances)
    status, _, err = run(capsys, "annotate", str(path), "--max-tricks", "3")
    assert status == 2 and "--dd or --odds" in err


# -- the tables ---------------------------------------------------------------------------
def test_plays_frame_with_odds_has_the_chance_before_and_after_each_card(
    tmp_path: Path,
) -> None:
    pytest.importorskip("pandas")
    from mendikot_replay.corpus.tables import plays_frame

    record, chances = with_mistake()
    path = games_file(tmp_path, write_string([record]), DUCK_UNKNOWN)
    frame = plays_frame(path, odds=True, max_tricks=LAST)
    plain = plays_frame(path)
    assert list(frame.columns) == [
        *plain.columns,
        "chance_before",
        "chance_after",
        "single_dummy_mistake",
    ]
    first = frame[frame["deal"] == 1]
    by_step = {c.ply: c for c in chances}
    for step, before, after, mistake in zip(
        first["step"],
        first["chance_before"],
        first["chance_after"],
        first["single_dummy_mistake"],
        strict=True,
    ):
        c = by_step.get(int(step))
        if c is None:
            assert math.isnan(before) and math.isnan(after) and not mistake
        else:
            assert (before, after, mistake) == (c.before.win, c.after.win, c.mistake)
    assert frame[frame["deal"] == 2]["chance_after"].isna().all()  # unknown hands: not scored
