"""The sample games in ``sample_games/``: every file reads cleanly, every deal is complete
and legal, the files are canonical (they round-trip byte for byte through the writer), the
match keeps the dealer rotation, and every variant the samples promise is there."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from mendikot_replay.pmn.check import MatchTracker
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_string

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
FILES = sorted(SAMPLES.glob("*.pmn"))


def _records(path: Path) -> list[DealRecord]:
    return list(read_deals(path))


def _all() -> list[tuple[str, DealRecord]]:
    return [(p.name, r) for p in FILES for r in _records(p)]


def test_the_samples_are_there() -> None:
    names = {p.name for p in FILES}
    for expected in (
        "worked-example.pmn",
        "endgame-cover-or-duck.pmn",
        "drawn-trump.pmn",
        "face-up-trump.pmn",
        "closed-trump-version-a.pmn",
        "closed-trump-version-b.pmn",
        "cut-trump.pmn",
        "no-trump.pmn",
        "dehla-pakad.pmn",
        "six-players.pmn",
        "eight-players.pmn",
        "short-deck-32.pmn",
        "must-trump-bonus-aces.pmn",
        "match-thursday-club.pmn",
    ):
        assert expected in names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_reads_without_problems(path: Path) -> None:
    records = _records(path)
    assert records
    for record in records:
        assert record.errors == [], [str(p) for p in record.errors]
        assert record.warnings == [], [str(p) for p in record.warnings]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_deals_are_complete(path: Path) -> None:
    for record in _records(path):
        assert record.setup is not None
        assert record.timeline is not None
        assert record.timeline.error is None
        if record.setup.start is None:
            assert record.timeline.result is not None, record
            assert record.tags["Result"] == record.timeline.result.tag


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip_is_byte_exact(path: Path) -> None:
    raw = path.read_bytes()
    text = raw.decode("utf-8")
    assert b"\r" not in raw and not text.startswith("\ufeff")
    assert write_string(read_string(text)) == text


def test_worked_example_is_the_format_example() -> None:
    records = _records(SAMPLES / "worked-example.pmn")
    assert len(records) == 1
    assert records[0].tags["Hands"] == (
        "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"
    )


def test_match_rotation_and_target() -> None:
    records = _records(SAMPLES / "match-thursday-club.pmn")
    assert len(records) >= 7
    names = {r.tags["Match"] for r in records}
    assert len(names) == 1
    assert [int(r.tags["Deal"]) for r in records] == list(range(1, len(records) + 1))
    tracker = MatchTracker()
    for record in records:
        tracker.feed(record)
        assert record.warnings == [], [str(p) for p in record.warnings]
    register = tracker.register(names.pop())
    assert register is not None
    assert register.target is not None
    assert register.finished
    assert max(register.points.values()) == register.target
    # the target is reached only at the last deal
    tracker = MatchTracker()
    for record in records[:-1]:
        tracker.feed(record)
    partial = tracker.register(records[0].tags["Match"])
    assert partial is not None and not partial.finished


def test_every_variant_is_present() -> None:
    deals = [r for _, r in _all()]
    tags = [r.tags for r in deals]

    def has(**wanted: str) -> bool:
        return any(all(t.get(k) == v for k, v in wanted.items()) for t in tags)

    assert has(TrumpMethod="Drawn")
    assert has(TrumpMethod="FaceUp")
    assert has(TrumpMethod="Closed", Reveal="A")
    assert has(TrumpMethod="Closed", Reveal="B")
    assert has(TrumpMethod="Cut")
    assert has(TrumpMethod="None")
    assert has(Capture="Dehla")
    assert has(Players="6")
    assert has(Players="8")
    assert has(Deck="32")
    assert any(
        "must-trump" in t.get("Variant", "") and "bonus-aces" in t.get("Variant", "") for t in tags
    )
    results = {t.get("Result", "") for t in tags}
    assert "tie" in results
    assert any(r.endswith("whitewash") for r in results)
    assert any(r.endswith("mendikot") for r in results)
    assert any("Start" in t for t in tags)


def test_closed_b_has_an_ask_and_a_silent_void() -> None:
    (record,) = _records(SAMPLES / "closed-trump-version-b.pmn")
    assert record.timeline is not None
    events = record.timeline.events
    assert any(e.asked for e in events)
    first_ask = next(e.ply for e in events if e.asked)
    assert any(not e.followed for e in events[:first_ask])


def test_closed_a_reveal_is_mid_deal() -> None:
    (record,) = _records(SAMPLES / "closed-trump-version-a.pmn")
    assert record.timeline is not None
    reveal = next(e for e in record.timeline.events if e.revealed)
    assert 2 <= reveal.trick <= 12


def test_cut_names_the_trump_with_nag_24() -> None:
    (record,) = _records(SAMPLES / "cut-trump.pmn")
    named = [n for n in record.mainline() if 24 in n.nags]
    assert named
    assert record.timeline is not None
    assert any(e.named for e in record.timeline.events)


def test_dehla_streak_and_last_trick() -> None:
    (record,) = _records(SAMPLES / "dehla-pakad.pmn")
    assert record.timeline is not None
    wins = [e for e in record.timeline.events if e.trick_winner is not None]
    assert any(e.collected and e.collected[0] >= 2 for e in wins[:-1])
    last = wins[-1]
    assert last.collected is not None and last.collected[0] >= 2
    assert wins[-2].trick_winner != last.trick_winner


def test_annotations_are_used() -> None:
    nodes = [n for _, r in _all() for n in r.walk()]
    nags = {nag for n in nodes for nag in n.nags}
    assert {1, 2} & nags
    assert {20, 21, 22, 23, 24, 26, 28, 29} <= nags
    assert any(len(n.parent.variations) > 1 for n in nodes if n.parent is not None) or any(
        len(r.variations) > 1 for _, r in _all()
    )
    assert any(name == "point" for n in nodes for name, _ in n.commands())


def _without_flag(record: DealRecord) -> DealRecord:
    """The same deal read without its ``Variant`` tag (the common rules)."""
    text = write_string([record])
    (plain,) = read_string(
        "".join(line for line in text.splitlines(True) if "[Variant" not in line)
    )
    return plain


def test_each_closed_house_rule_has_its_endgame_and_the_common_rule_refuses_it() -> None:
    """docs/rules.md section 3's examples: one endgame per closed-trump house rule, clean
    under its flag; read by the common rules, each but reveal-if-trumping's stops at the card
    the flag allows (reveal-if-trumping's replays, with the card turned up earlier)."""
    deals = {r.tags["Variant"]: r for r in _records(SAMPLES / "closed-house-rules.pmn")}
    assert sorted(deals) == sorted(
        [
            "holder-may-ask",
            "trump-card-in-hand",
            "count-from-reveal",
            "reveal-if-trumping",
            "hidden-trumps",
        ]
    )
    for flag, record in deals.items():
        assert record.timeline is not None and record.timeline.result is not None
        assert record.timeline.result.tag == "AC win"
        plain = _without_flag(record)
        if flag == "reveal-if-trumping":
            assert not plain.errors
            reveal = {r: [e.seat for e in r.timeline.events if e.revealed] for r in (record, plain)}  # type: ignore[union-attr]
            assert reveal == {record: ["A"], plain: ["C"]}
        else:
            assert plain.errors, flag


def test_tie_half_first_gives_the_level_tricks_to_the_side_at_half_first() -> None:
    """docs/rules.md section 6's example: tricks 4-4 at six players, A/C/E at four before
    B/D/F took the last trick: A/C win by the rule, a tie by the common rule."""
    (record,) = _records(SAMPLES / "tie-half-first.pmn")
    assert record.timeline is not None and record.timeline.result is not None
    result = record.timeline.result
    assert (result.tag, result.tricks, result.tens) == ("AC win", (4, 4), (2, 2))
    plain = _without_flag(record)
    assert plain.timeline is not None and plain.timeline.result is not None
    assert plain.timeline.result.tag == "tie"
    assert [str(p) for p in plain.errors] == [
        "line 8, col 1; deal 1: error: Result says AC win, play gives tie"
    ]


def test_the_tie_break_match_goes_to_the_side_with_more_deals_won() -> None:
    """docs/rules.md section 9's example: a tens match level at 6-6, no whitewash or
    mendikot, tens level: A/C won two deals of three and take it; without match-tie-break
    the same deals share the match."""
    text = (SAMPLES / "match-tie-break.pmn").read_text(encoding="utf-8")
    for flagged in (True, False):
        tracker = MatchTracker()
        body = text if flagged else text.replace('[Variant "match-tie-break"]\n', "")
        records = list(read_deals(io.StringIO(body), matches=tracker))
        assert all(not r.errors and not r.warnings for r in records)
        register = tracker.register("sim-4-1")
        assert register is not None and register.finished
        assert register.points == {"AC": 6, "BD": 6} and register.won == {"AC": 2, "BD": 1}
        assert (register.leader, register.decided_by) == (
            ("AC", "won") if flagged else (None, None)
        )
