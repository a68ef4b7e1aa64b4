"""The replay timeline as the rules see it: a snapshot after every card, read by index;
where each ten is (hand → table → captured, or pile → captured under Dehla); the trump
view (hidden → revealed, unnamed → named, with ``since``); an illegal card stops the replay."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from mendikot_replay.core import engine
from mendikot_replay.core.cards import Card, Suit, card, parse_hand
from mendikot_replay.core.deal_setup import DealSetup
from mendikot_replay.core.rules import Capture, Reveal, Rules, TrumpMethod
from mendikot_replay.core.timeline import Timeline


def cards(text: str) -> list[Card]:
    return [card(t) for t in text.split()]


def setup_of(
    hands: Mapping[str, str | None],
    rules: Rules | None = None,
    *,
    leader: str = "A",
    trump: Suit | None = Suit.CLUBS,
    **kw: object,
) -> DealSetup:
    parsed = {s: parse_hand(h) if h is not None else None for s, h in hands.items()}
    return DealSetup(rules or Rules(), parsed, leader, trump=trump, **kw)  # type: ignore[arg-type]


# Trick 1: A TS, B AS, C 2S, D 3S → B takes the TS.  Trick 2: B 3H, C 4H, D AH, A 2H → D.
HANDS = {"A": "T.2..", "B": "A.3..", "C": "2.4..", "D": "3.A.."}
PLAYED = cards("TS AS 2S 3S 3H 4H AH 2H")


def basic() -> Timeline:
    tl = Timeline.replay(setup_of(HANDS), PLAYED, check_deal=False)
    assert tl.error is None
    return tl


def test_timeline_snapshot_after_every_card() -> None:
    tl = basic()
    assert len(tl) == len(PLAYED) + 1
    assert tl[0].event is None
    assert tl[0].table == ()
    assert tl[0].to_play == "A"
    assert tl[0].hand("A") == parse_hand("T.2..")
    for k in range(1, len(tl)):
        assert tl[k].ply == k
        event = tl[k].event
        assert event is not None
        assert event.card == PLAYED[k - 1]
    assert tl[1].table == (("A", card("TS")),)
    assert tl[1].to_play == "B"
    assert tl[1].hand("A") == frozenset({card("2H")})


def test_timeline_completed_trick_shown_with_its_winner_until_next_lead() -> None:
    tl = basic()
    done = tl[4]
    assert done.trick == 1 and done.leader == "A"
    assert done.table == tuple(zip("ABCD", PLAYED[:4], strict=True))
    assert done.trick_winner == "B"
    assert done.to_play == "B"
    assert (done.tricks, done.tens) == ((0, 1), (0, 1))
    nxt = tl[5]
    assert nxt.trick == 2 and nxt.leader == "B"
    assert nxt.table == (("B", card("3H")),)
    assert nxt.trick_winner is None
    assert tl.trick_winners == ["B", "D"]
    assert tl.index_of(2, 0) == 5
    assert [t.winner for t in tl.tricks()] == ["B", "D"]
    assert tl.result is None  # 13 tricks make a deal: not over yet


def test_timeline_index_does_not_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    tl = basic()

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("indexing a timeline must not replay the deal")

    monkeypatch.setattr(engine.Game, "play", refuse)
    monkeypatch.setattr(engine.Game, "__init__", refuse)
    snaps = [tl[k] for k in range(len(tl))]
    assert [s.ply for s in snaps] == list(range(len(tl)))
    assert tl[3] is tl[3]  # the stored snapshot itself, not a rebuilt one
    assert list(tl) == snaps


def test_ten_fates_hand_then_table_then_captured() -> None:
    tl = basic()

    def ts_at(k: int) -> engine.TenFate:
        (fate,) = [f for f in tl[k].ten_fates if f.card == card("TS")]
        return fate

    assert (ts_at(0).where, ts_at(0).holder) == ("hand", "A")
    assert (ts_at(1).where, ts_at(1).holder, ts_at(1).played_in) == ("table", "A", 1)
    assert ts_at(3).where == "table"
    captured = ts_at(4)
    assert (captured.where, captured.holder, captured.played_in) == ("captured", "A", 1)
    assert (captured.seat, captured.team, captured.trick) == ("B", "BD", 1)
    assert tl.ten("TS") == captured


def test_ten_fates_under_dehla_pile_then_captured_later() -> None:
    rules = Rules(trump_method=TrumpMethod.NONE, capture=Capture.DEHLA)
    hands = {"A": "2.3..", "B": "3.4..", "C": "A.A..", "D": "T.2.."}
    played = cards("2S 3S AS TS AH 2H 3H 4H")  # C wins both tricks
    tl = Timeline.replay(setup_of(hands, rules, trump=None), played, check_deal=False)
    assert tl.error is None

    def ts_at(k: int) -> engine.TenFate:
        (fate,) = [f for f in tl[k].ten_fates if f.card == card("TS")]
        return fate

    assert ts_at(4).where == "pile"
    assert (ts_at(4).holder, ts_at(4).played_in, ts_at(4).team) == ("D", 1, None)
    assert tl[4].pile == (1, (card("TS"),))
    assert tl[4].streak == ("C", 1)
    assert tl[4].tens == (0, 0)
    assert ts_at(7).where == "pile"  # still waiting during trick 2
    later = ts_at(8)
    assert (later.where, later.seat, later.team) == ("captured", "C", "AC")
    assert (later.played_in, later.trick) == (1, 2)  # played in trick 1, taken at trick 2
    assert tl[8].pile == (0, ())
    assert tl[8].tens == (1, 0) and tl[8].tricks == (2, 0)


def test_ten_in_unknown_hand_is_in_a_hand_nobody_is_named_for() -> None:
    hands: dict[str, str | None] = {"A": "2...", "B": None, "C": "3...", "D": "4..."}
    tl = Timeline.replay(setup_of(hands), cards("2S TS"), check_deal=False)
    assert tl.error is None
    th = next(f for f in tl[0].ten_fates if f.card == card("TH"))
    assert (th.where, th.holder) == ("hand", None)
    assert tl[0].hand("B") is None
    ts = next(f for f in tl[2].ten_fates if f.card == card("TS"))
    assert (ts.where, ts.holder) == ("table", "B")


def test_trump_view_closed_hidden_then_revealed_with_since() -> None:
    rules = Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.A)
    hands = {"A": "A.5.2.", "B": ".2.3.", "C": "K..4.", "D": "Q..5."}
    setup = setup_of(hands, rules, trump=None, trump_card=card("5H"), hidden_holder="A")
    tl = Timeline.replay(setup, cards("AS 3D KS QS"), check_deal=False)
    assert tl.error is None
    for k in (0, 1):
        view = tl[k].trump
        assert (view.status, view.suit, view.since) == ("hidden", None, None)
        assert (view.card, view.holder) == (card("5H"), "A")
    for k in (2, 3, 4):
        view = tl[k].trump
        assert (view.status, view.suit, view.since) == ("revealed", Suit.HEARTS, 1)
    event = tl[2].event
    assert event is not None and event.revealed


def test_trump_view_cut_unnamed_then_named_with_since() -> None:
    rules = Rules(trump_method=TrumpMethod.CUT)
    hands = {"A": "A...", "B": ".2..", "C": "K...", "D": "Q..."}
    tl = Timeline.replay(setup_of(hands, rules, trump=None), cards("AS 2H KS QS"), check_deal=False)
    assert tl.error is None
    for k in (0, 1):
        assert (tl[k].trump.status, tl[k].trump.suit, tl[k].trump.since) == ("unnamed", None, None)
    for k in (2, 3, 4):
        assert (tl[k].trump.status, tl[k].trump.suit, tl[k].trump.since) == (
            "named",
            Suit.HEARTS,
            1,
        )
        assert tl[k].trump.card == Card.parse("2H")  # the discard that named the trump
    assert tl[0].trump.card is None
    assert tl[4].trick_winner == "B"


def test_trump_view_known_and_none() -> None:
    tl = basic()
    assert (tl[0].trump.status, tl[0].trump.suit) == ("known", Suit.CLUBS)
    rules = Rules(trump_method=TrumpMethod.NONE)
    tl = Timeline.replay(setup_of(HANDS, rules, trump=None), PLAYED, check_deal=False)
    assert (tl[0].trump.status, tl[0].trump.suit) == ("none", None)


def test_timeline_stops_at_illegal_card() -> None:
    # B holds AS but plays 3H to the spade lead: a revoke, not marked.
    tl = Timeline.replay(setup_of(HANDS), cards("TS 3H AS 2S"), check_deal=False)
    assert tl.error is not None and "revoke" in tl.error
    assert tl.error_ply == 1
    assert len(tl) == 2  # the start and the state after the first card
    assert tl.final is not None and tl.final.ply == 1


def test_timeline_revoke_flag_accepted() -> None:
    flags = [(False, False), (False, True), (False, False), (False, False)]
    tl = Timeline.replay(setup_of(HANDS), cards("TS 3H 2S 3S"), flags, check_deal=False)
    assert tl.error is None
    assert tl.events[1].revoke
    assert tl.trick_winners == ["A"]  # B's revoked heart does not win the spade trick


def test_timeline_setup_error_gives_no_snapshots() -> None:
    bad = {"A": "A...", "B": "A...", "C": "2...", "D": "3..."}
    tl = Timeline.replay(setup_of(bad), cards("AS"), check_deal=False)
    assert tl.error is not None and "twice" in tl.error
    assert tl.error_ply == 0
    assert len(tl) == 0
    assert tl.final is None and tl.result is None


def test_timeline_result_appears_with_the_last_card() -> None:
    full = "AKQJT98765432"
    hands = {"A": f"{full}...", "B": f".{full}..", "C": f"..{full}.", "D": f"...{full}"}
    played = [card(f"{r}{s}") for r in full for s in "SHDC"]
    tl = Timeline.replay(setup_of(hands, trump=Suit.SPADES), played)
    assert tl.error is None
    assert tl[51].result is None
    result = tl[52].result
    assert result is not None
    assert (result.tag, result.tens, result.tricks) == ("AC whitewash", (4, 0), (13, 0))
    assert tl.complete
    assert tl[52].to_play is None
