"""The viewer's JSON payload (``session.payload.deal_view``) on the sample games: every variant the
browser has to draw, read from the record and its timeline only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cross_process import same_bytes_in_every_process
from pmn_examples import FORMAT_EXAMPLE

from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.user_text import isolate
from mendikot_replay.session.payload import VIEW_VERSION, deal_view

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
FILES = sorted(SAMPLES.glob("*.pmn"))


def _deal(name: str, index: int = 0) -> DealRecord:
    return list(read_deals(SAMPLES / name))[index]


def _view(name: str, index: int = 0) -> dict[str, Any]:
    return deal_view(_deal(name, index))


def _ledger(step: dict[str, Any], ten: str) -> dict[str, Any]:
    return next(e for e in step["ledger"] if e["card"] == ten)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_sample_gives_a_consistent_payload(path: Path) -> None:
    for record in read_deals(path):
        view = deal_view(record)
        timeline = record.timeline
        assert timeline is not None
        assert view["version"] == VIEW_VERSION
        assert view["error"] is None
        # The main line first (ids 0 … n), the variations' cards after it.
        assert view["main_line"] == list(range(len(timeline)))
        assert all(not s["main"] for s in view["steps"][len(timeline) :])
        assert view["seats"] == list("ABCDEFGHIJKL"[: view["players"]])
        assert set(view["names"]) == set(view["seats"]) == set(view["teams"])
        # It is plain JSON and survives a round trip unchanged.
        assert json.loads(json.dumps(view)) == view
        for k, step in enumerate(view["steps"][: len(timeline)]):
            snap = timeline[k]
            assert step["ply"] == k
            assert step["tricks"] == list(snap.tricks)
            assert step["tens"] == list(snap.tens)
            copies = view["all_tens"] // 4  # each ten twice with two packs
            assert [e["card"] for e in step["ledger"]] == [
                t for t in ("TS", "TH", "TD", "TC") for _ in range(copies)
            ]
            assert len(step["table"]) == len(snap.table)
            assert (step["card"] is None) == (k == 0)
            assert step["text"]
        final = view["steps"][view["main_line"][-1]]
        assert view["result"] == final["result"]
        assert view["result"]["reason"] == timeline.result.reason  # type: ignore[union-attr]
        assert view["result"]["text"]
        assert view["trick_ends"] == [
            k for k, s in enumerate(view["steps"][: len(timeline)]) if s["winner"] is not None
        ]
        assert [t["winner"] for t in view["tricks"]] == timeline.trick_winners


PAYLOADS = f"""
import json
from pathlib import Path
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.payload import deal_view

files = sorted(Path({str(SAMPLES)!r}).glob("*.pmn"))
views = [deal_view(record) for path in files for record in read_deals(path)]
OUTPUT = json.dumps(views).encode("utf-8")
"""
"""The payload of every deal of every sample, in the order ``json.dumps`` writes it (the
notebook widget and the static page embed exactly that text)."""


def test_deterministic() -> None:
    a = json.dumps(_view("dehla-pakad.pmn"))
    b = json.dumps(_view("dehla-pakad.pmn"))
    assert a == b
    # and in any process: keys and lists in the same order whatever the string-hash seed
    everywhere = json.loads(same_bytes_in_every_process(PAYLOADS))
    assert json.dumps(_view("dehla-pakad.pmn")) in [json.dumps(v) for v in everywhere]


def test_header_of_a_deal() -> None:
    view = _view("worked-example.pmn")
    assert view["title"]
    assert view["players"] == 4
    assert view["names"]["A"] == "Asha"
    assert view["teams"] == {"A": "AC", "B": "BD", "C": "AC", "D": "BD"}
    assert view["team_labels"] == {"AC": "A/C", "BD": "B/D"}
    assert view["trump_method"] == "Drawn"
    assert view["capture"] == "Trick"
    assert view["position"] is False
    assert view["total_tricks"] == 13
    assert view["rules"].startswith("4 players")
    assert sorted(len(h) for h in view["start_hands"].values()) == [13, 13, 13, 13]


def test_closed_trump_hidden_then_revealed() -> None:
    view = _view("closed-trump-version-a.pmn")
    start = view["steps"][0]["trump"]
    assert start["status"] == "hidden"
    assert start["suit"] is None  # the table does not know it
    assert start["holder"] == "D"
    assert start["card"] == "2S"  # the face-down card, drawn as a card back
    reveal = next(k for k, s in enumerate(view["steps"]) if s["card"] and s["card"]["revealed"])
    assert reveal == 19
    assert view["steps"][reveal - 1]["trump"]["status"] == "hidden"
    after = view["steps"][reveal]["trump"]
    assert after == {"status": "revealed", "suit": "S", "card": "2S", "holder": "D", "since": 18}
    assert "turned up" in view["steps"][reveal]["text"]
    assert view["reveal"] == "A"


def test_closed_trump_version_b_records_the_ask() -> None:
    view = _view("closed-trump-version-b.pmn")
    asked = [s for s in view["steps"] if s["card"] and s["card"]["asked"]]
    assert len(asked) == 1
    assert asked[0]["card"]["revealed"] and asked[0]["card"]["seat"] == "D"
    assert view["reveal"] == "B"
    # The variation written after that card is listed with its notes.
    assert asked[0]["notes"]["variations"] == ["7D"]


def test_cut_trump_unnamed_then_named() -> None:
    view = _view("cut-trump.pmn")
    assert view["steps"][0]["trump"]["status"] == "unnamed"
    named = next(k for k, s in enumerate(view["steps"]) if s["card"] and s["card"]["named"])
    step = view["steps"][named]
    assert step["trump"] == {
        "status": "named",
        "suit": "D",
        "card": "2D",
        "holder": None,
        "since": named - 1,
    }
    assert step["card"]["trump"] is True  # the naming card is itself a trump
    assert step["card"]["glyph"] == "!"
    kinds = [p["kind"] for p in view["points"] if p["step"] == named]
    assert kinds[:3] == ["glyph", "cut", "ten-ruffed"]
    assert "names diamonds as trump" in step["text"]


def test_dehla_pile_and_collection() -> None:
    view = _view("dehla-pakad.pmn")
    assert view["capture"] == "Dehla"
    first_trick_end = view["trick_ends"][0]
    step = view["steps"][first_trick_end]
    # Trick 1 goes to the pile with the ten of hearts in it.
    assert step["pile"] == {"tricks": 1, "tens": ["TH"]}
    assert step["collected"] == {"seat": "A", "team": "AC", "tricks": 0, "tens": []}
    assert _ledger(step, "TH")["where"] == "pile"
    assert step["streak"] == ["A", 1]
    # Trick 2: Lakshmi's second win in a row takes the pile.
    step = view["steps"][view["trick_ends"][1]]
    assert step["pile"] == {"tricks": 0, "tens": []}
    assert step["collected"] == {"seat": "A", "team": "AC", "tricks": 2, "tens": ["TH"]}
    entry = _ledger(step, "TH")
    assert entry["where"] == "captured" and entry["team"] == "AC" and entry["trick"] == 2
    assert entry["played_in"] == 1
    assert "Dehla pile" in entry["text"]
    assert view["ten_steps"][:3] == [3, view["trick_ends"][0], view["trick_ends"][1]]


@pytest.mark.parametrize(
    ("name", "players", "tricks"), [("six-players.pmn", 6, 8), ("eight-players.pmn", 8, 6)]
)
def test_six_and_eight_players(name: str, players: int, tricks: int) -> None:
    view = _view(name)
    assert view["players"] == players
    assert len(view["seats"]) == players
    assert len(view["steps"]) == players * tricks + 1
    assert view["team_labels"]["AC"] == "/".join("ACEG"[: players // 2])
    assert all(len(h) == tricks for h in view["start_hands"].values())
    end = view["steps"][view["trick_ends"][0]]
    assert len(end["table"]) == players


def test_a_position() -> None:
    view = _view("endgame-cover-or-duck.pmn")
    assert view["position"] is True
    assert view["first_trick"] == 10
    start = view["steps"][0]
    assert start["table"] == [["B", "5S"]]  # on the table when the position starts
    assert start["to_play"] == "C"
    assert start["tricks"] == [7, 2] and start["tens"] == [1, 0]
    gone = _ledger(start, "TH")
    assert gone["where"] == "gone" and gone["team"] == "AC"
    assert view["tricks"][0]["first_step"] == 0
    assert view["tricks"][0]["cards"][0] == ["B", "5S"]
    assert view["tricks"][0]["last_step"] == 3
    assert view["steps"][3]["winner"] == "C"
    assert start["text"].startswith("Position at trick 10")
    decisive = [p for p in view["points"] if p["kind"] == "decisive"]
    assert decisive == [{"step": 1, "seat": "C", "card": "KS", "kind": "decisive", "text": "KS C"}]


# Who captured each ten, worked out by hand from the hands and the play of two deals. The
# play goes A, B, C, D from the leader; a trick goes to the highest trump in it, else to the
# highest card of the suit led; under trick capture a ten is taken in the trick it is played
# to, so "trick" and "played_in" agree.
#
# docs/format.md's worked example (pmn_examples.FORMAT_EXAMPLE), spades trump:
#   TH (A's)  trick 1, A leads: A TH, B KH, C AH, D 2H. Hearts only: C's ace is the highest.
#             Captured by C for A/C in trick 1.
#   TD (A's)  trick 3, B leads: B QD, C AD, D 8D, A TD. Diamonds only: C's ace again; A drops
#             the ten under it. Captured by C for A/C in trick 3.
#   TS (C's)  trick 5, D leads a trump: D 4S, A AS, B 4C (a club: out of spades), C TS. The
#             highest spade is A's ace. Captured by A for A/C in trick 5: C played the ten,
#             its partner took it (holder and capturer differ).
#   TC (B's)  trick 9, C leads: C 7C, D AC, A 9C, B TC. Clubs only: D's ace. Captured by D
#             for B/D in trick 9: B played the ten to its partner's trick.
#   Three tens for A/C and one for B/D, as [Tens "3-1"] says.
#
# sample_games/tie.pmn, 32 cards, spades trump: every ten above reached its own side, so
# this deal adds tens taken by the other side.
#   TC (C's)  trick 3, D leads: D 8D, A AD, B QD, C TC (out of diamonds). No trump in it: A's
#             ace of diamonds wins. Captured by A for A/C in trick 3.
#   TS (A's)  trick 7, B leads: B 7S, C AS, D KS, A TS. All trumps: C's ace. Captured by C
#             for A/C in trick 7.
#   TD (D's), TH (A's)  trick 8, C leads: C KH, D TD (out of hearts and of trumps: spades
#             went in tricks 2, 5 and 7), A TH, B 8S (out of hearts: a trump). B's eight of
#             spades is the only trump. Both captured by B for B/D in trick 8: the ten of
#             hearts is A's, lost to the opponents; the ten of diamonds D's, saved by its
#             partner. 2-2 tens, as [Tens "2-2"] says.
TEN_CAPTURES: dict[str, dict[str, dict[str, Any]]] = {
    "worked example": {
        "TS": {"holder": "C", "seat": "A", "team": "AC", "trick": 5},
        "TH": {"holder": "A", "seat": "C", "team": "AC", "trick": 1},
        "TD": {"holder": "A", "seat": "C", "team": "AC", "trick": 3},
        "TC": {"holder": "B", "seat": "D", "team": "BD", "trick": 9},
    },
    "tie.pmn": {
        "TS": {"holder": "A", "seat": "C", "team": "AC", "trick": 7},
        "TH": {"holder": "A", "seat": "B", "team": "BD", "trick": 8},
        "TD": {"holder": "D", "seat": "B", "team": "BD", "trick": 8},
        "TC": {"holder": "C", "seat": "A", "team": "AC", "trick": 3},
    },
}


@pytest.mark.parametrize("deal", list(TEN_CAPTURES))
def test_the_ledger_says_who_captured_each_ten(deal: str) -> None:
    record = read_string(FORMAT_EXAMPLE)[0] if deal == "worked example" else _deal(deal)
    assert not record.errors
    view = deal_view(record)
    assert view["players"] == 4
    final = view["steps"][-1]
    captures = TEN_CAPTURES[deal]
    assert final["tens"] == [
        sum(c["team"] == team for c in captures.values()) for team in ("AC", "BD")
    ]
    for ten, expected in captures.items():
        entry = _ledger(final, ten)
        assert entry["where"] == "captured", ten
        assert {key: entry[key] for key in expected} == expected, ten
        trick, seat = expected["trick"], expected["seat"]
        assert entry["played_in"] == trick, ten
        side = view["team_labels"][expected["team"]]
        # by name where the seat has one ("captured by Divya …"), isolated as user text
        name = view["names"][seat]
        who = isolate(name) if name else seat
        assert f"captured by {who} for {side} in trick {trick}" in entry["text"], entry["text"]
        # the capturer is that trick's winner in the payload's own list of tricks
        assert view["tricks"][trick - 1]["winner"] == seat, ten
        # and the entry turns at the last card of that trick (step 4 * trick: after that
        # many cards), not a card earlier, and stays so to the end
        end = 4 * trick
        assert view["trick_ends"][trick - 1] == end
        before = _ledger(view["steps"][end - 1], ten)
        assert before["where"] in ("hand", "table") and before["seat"] is None, ten
        assert _ledger(view["steps"][end], ten) == entry, ten


def test_unknown_hands_are_null() -> None:
    text = (
        '[Dealer "D"]\n[TrumpMethod "None"]\n[Hands "A:- B:- C:- D:-"]\n[Play "A"]\n'
        "1. A: TH 2H 3H 4H\n"
    )
    view = deal_view(read_string(text)[0])
    assert view["start_hands"] == {"A": None, "B": None, "C": None, "D": None}
    assert view["steps"][1]["hands"]["A"] is None
    assert view["steps"][4]["winner"] == "A"
    assert _ledger(view["steps"][0], "TS")["holder"] is None
    assert _ledger(view["steps"][4], "TH")["where"] == "captured"


def test_annotations_collected_in_play_order() -> None:
    view = _view("worked-example.pmn")
    kinds = [(p["step"], p["kind"]) for p in view["points"]]
    assert kinds == sorted(kinds, key=lambda x: x[0])
    first = view["steps"][view["points"][0]["step"]]["notes"]
    assert first["points"] == [{"kind": "ten-captured", "args": ["TH", "C"]}]
    # Commands are pulled out of the comment text.
    assert all("[%" not in c for s in view["steps"] for c in s["notes"]["comments"])
    nag_step = next(s for s in view["steps"] if s["notes"]["nags"])
    assert nag_step["notes"]["nags"][0]["text"]
    assert view["note_steps"] == sorted({p["step"] for p in view["points"]})
    assert view["deal_comments"] == [c.strip() for c in _deal("worked-example.pmn").comments]


def test_user_text_is_carried_verbatim() -> None:
    evil = "<script>alert(1)</script> \"&'"
    quoted = evil.replace('"', '\\"')
    text = (
        f'[Event "{quoted}"]\n[A "{quoted}"]\n'
        '[Dealer "D"]\n[TrumpMethod "None"]\n[Hands "A:- B:- C:- D:-"]\n[Play "A"]\n'
        f"1. A: TH {{ {evil} }} 2H 3H 4H\n"
    )
    view = deal_view(read_string(text)[0])
    assert view["title"] == evil
    assert view["names"]["A"] == evil
    assert view["steps"][1]["notes"]["comments"] == [evil]


def test_an_illegal_card_stops_the_steps_with_an_error() -> None:
    text = (
        '[TrumpMethod "None"]\n[Hands "A:T.2.. B:A.3.. C:.4.2. D:.5.3."]\n'
        '[Start "trick 12; tens 2-1; tricks 6-5"]\n[Play "A"]\n12. A: TS 3H\n'
    )
    record = read_string(text)[0]
    view = deal_view(record)
    assert view["error"] is not None and "revoke" in view["error"]
    assert len(view["steps"]) == 2
    assert view["result"] is None


def test_no_playable_set_up() -> None:
    view = deal_view(read_string('[Event "x"]\n[Play "A"]\n1. A: TS\n')[0])
    assert view["steps"] == []
    assert view["error"]
    assert view["start_hands"] == {"A": None, "B": None, "C": None, "D": None}


def test_sentences_isolate_the_user_text_they_quote() -> None:
    rlo, fsi, pdi = "\u202e", "\u2068", "\u2069"
    text = (
        f'[Site "Pune{rlo}"]\n[Date "2026.11.19"]\n[Match "m{rlo}"]\n[Deal "3"]\n'
        f'[A "Asha{rlo}"]\n[B "{pdi}{rlo}Bilal"]\n'
        '[Dealer "D"]\n[TrumpMethod "None"]\n[Hands "A:T... B:A... C:.2.. D:..2."]\n'
        '[Start "trick 13; tens 2-1; tricks 6-6"]\n[Play "A"]\n13. A: TS AS 2H 2D\n'
    )
    view = deal_view(read_string(text)[0])
    # The names are carried as written; the sentences quoting them wrap them in FSI … PDI.
    assert view["names"]["A"] == f"Asha{rlo}" and view["names"]["B"] == f"{pdi}{rlo}Bilal"
    steps = view["steps"]
    assert steps[0]["text"] == f"Position at trick 13: A ({fsi}Asha{rlo}{pdi}) to play."
    assert steps[1]["text"] == f"Trick 13: A ({fsi}Asha{rlo}{pdi}) leads the ten of spades."
    # Bilal's own PDI, which closes nothing, is dropped: it would end the isolation early.
    assert steps[4]["text"].startswith(
        f"Trick 13: D plays the two of diamonds. B ({fsi}{rlo}Bilal{pdi}) wins the trick"
    )
    assert view["subtitle"] == (
        f"{fsi}Pune{rlo}{pdi} · {fsi}2026.11.19{pdi} · match {fsi}m{rlo}{pdi} · deal {fsi}3{pdi}"
    )
