"""Strategy points: each kind on a small hand-built position that shows it, and on one that
must not trigger it."""

from __future__ import annotations

from mendikot_replay.analysis.points import annotate, find_points
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_string


def position(
    hands: str,
    play: str,
    *,
    trick: int = 13,
    tens: str = "2-1",
    tricks: str = "6-6",
    method: str = "None",
    extra: str = "",
    leader: str = "A",
) -> DealRecord:
    trump = '[Trump "S"]\n' if method in ("Drawn", "FaceUp") else ""
    text = (
        f'[TrumpMethod "{method}"]\n{trump}{extra}'
        f'[Start "trick {trick}; tens {tens}; tricks {tricks}"]\n'
        f'[Hands "{hands}"]\n[Play "{leader}"]\n{play}\n'
    )
    [record] = read_string(text)
    assert record.errors == [], record.errors
    return record


def kinds(record: DealRecord) -> list[tuple[str, str, str]]:
    return [(p.kind, p.seat, str(p.card)) for p in find_points(record)]


def test_ten_saved_by_partner_is_captured_not_lost() -> None:
    record = position("A:.T.. B:.2.. C:.A.. D:.3..", "13. A: TH 2H AH 3H")
    assert kinds(record) == [("ten-captured", "C", "AH")]
    [point] = find_points(record)
    assert point.args == ("TH", "C") and "saved" in point.text


def test_ten_lost_to_the_opponents_and_the_unsafe_lead() -> None:
    record = position("A:.T.. B:.K.. C:.2.. D:.3..", "13. A: TH KH 2H 3H", tens="3-0")
    assert kinds(record) == [
        ("unsafe-ten-lead", "A", "TH"),
        ("ten-lost", "A", "TH"),
        ("ten-captured", "B", "KH"),
    ]


def test_a_ten_led_when_partner_holds_the_top_card_is_not_unsafe() -> None:
    record = position("A:.T.. B:.K.. C:.A.. D:.3..", "13. A: TH KH AH 3H")
    assert "unsafe-ten-lead" not in [k for k, _, _ in kinds(record)]


def test_ten_ruffed_with_the_master_trump_is_a_trump_kept_in_reserve() -> None:
    record = position("A:.T.. B:A... C:.2.. D:.3..", "13. A: TH AS 2H 3H", method="Drawn")
    assert ("ten-ruffed", "B", "AS") in kinds(record)
    assert ("trump-reserve", "B", "AS") in kinds(record)


def test_a_ruff_that_could_be_overruffed_is_no_reserve() -> None:
    # B ruffs with the two of trumps while D (B's own partner) still holds the king: the
    # ruff wins, but it is not the highest trump still out.
    record = position(
        "A:.TQ.. B:2..2. C:.A2.. D:K.3..",
        "12. A: QH 2S AH 3H\n13. B: 2D 2H KS TH",
        trick=12,
        tricks="6-5",
        method="Drawn",
    )
    found = kinds(record)
    assert ("ten-ruffed", "D", "KS") in found
    assert ("trump-reserve", "D", "KS") in found  # by then the king is the master trump
    assert ("ten-ruffed", "B", "2S") not in found  # trick 12 held no ten


def test_a_ten_following_suit_to_a_trump_lead_is_not_ruffed() -> None:
    record = position(
        "A:A... B:T... C:2... D:3...", "13. A: AS TS 2S 3S", method="Drawn", tens="1-2"
    )
    assert [k for k, _, _ in kinds(record) if k in ("ten-ruffed", "trump-reserve")] == []


def test_long_suit_discard_lowest_of_the_longest_suit() -> None:
    hands = "A:.AKQ.. B:..3.92 C:.J54.. D:.876.."
    record = position(hands, "11. A: AH 2C 4H 6H", trick=11, tricks="5-5", tens="2-2")
    assert ("long-suit-discard", "B", "2C") in kinds(record)


def test_a_discard_that_is_not_the_lowest_or_not_the_longest_suit_is_no_point() -> None:
    hands = "A:.AKQ.. B:..3.92 C:.J54.. D:.876.."
    not_lowest = position(hands, "11. A: AH 9C 4H 6H", trick=11, tricks="5-5", tens="2-2")
    short_suit = position(hands, "11. A: AH 3D 4H 6H", trick=11, tricks="5-5", tens="2-2")
    for record in (not_lowest, short_suit):
        assert "long-suit-discard" not in [k for k, _, _ in kinds(record)]


def test_cut_names_the_trump() -> None:
    record = position("A:.2.. B:3... C:.A.. D:.4..", "13. A: 2H 3S AH 4H", method="Cut", tens="2-2")
    assert kinds(record)[0] == ("cut", "B", "3S")
    assert find_points(record)[0].args == ("S", "B")


def closed(reveal: str, start: str, hands: str, play: str) -> DealRecord:
    [record] = read_string(
        f'[TrumpMethod "Closed"]\n[Reveal "{reveal}"]\n[Start "{start}"]\n'
        f'[Hands "{hands}"]\n[Play "A"]\n{play}\n'
    )
    assert record.errors == [], record.errors
    return record


def test_closed_trump_turned_up_automatically_version_a() -> None:
    # B set the three of spades aside; void in hearts at trick 12, the card is turned up.
    record = closed(
        "A",
        "trick 12; tens 2-2; tricks 6-5; hidden B:3S",
        "A:.2.5. B:3...5 C:.A.6. D:.4.7.",
        "12. A: 2H 5C AH 4H\n13. C: 6D 7D 5D 3S",
    )
    found = kinds(record)
    assert found[0] == ("trump-revealed", "B", "5C")
    assert "turned up" in find_points(record)[0].text
    assert "premature-reveal" not in [k for k, _, _ in found]  # automatic: no choice


def test_premature_and_timely_reveal_version_b() -> None:
    # D set the three of spades aside; B, void in hearts, asks for it in a trick without a
    # ten while the tens are 2-1: premature.
    premature = closed(
        "B",
        "trick 12; tens 2-1; tricks 6-5; hidden D:3S",
        "A:.2.T. B:5...6 C:.A.7. D:3.7..",
        "12. A: 2H ^T5S AH 7H\n13. B: 6C 7D 3S TD",
    )
    found = kinds(premature)
    assert ("trump-revealed", "B", "5S") in found
    assert ("premature-reveal", "B", "5S") in found
    # The same ask in a trick that holds a ten is not premature: it wins the ten.
    timely = closed(
        "B",
        "trick 12; tens 2-1; tricks 6-5; hidden D:3S",
        "A:.T.4. B:5...6 C:.A.7. D:3.7..",
        "12. A: TH ^T5S AH 7H\n13. B: 6C 7D 3S 4D",
    )
    found = kinds(timely)
    assert ("trump-revealed", "B", "5S") in found
    assert ("ten-ruffed", "B", "5S") in found
    assert "premature-reveal" not in [k for k, _, _ in found]


def test_tricks_race_when_the_tens_become_two_all() -> None:
    record = position("A:.2.. B:.T.. C:.3.. D:.A..", "13. A: 2H TH 3H AH", tens="2-1")
    assert ("tricks-race", "D", "AH") in kinds(record)
    race = next(p for p in find_points(record) if p.kind == "tricks-race")
    assert "7 of 13" in race.text


def test_ten_protected_by_cashing_the_master_first() -> None:
    hands = "A:.AT.. B:.32.. C:.54.. D:.76.."
    record = position(hands, "12. A: AH 2H 4H 6H\n13. A: TH 3H 5H 7H", trick=12, tricks="6-5")
    assert ("ten-protected", "A", "TH") in kinds(record)
    # Without the cash (the ten played first) it is not protected.
    unprotected = position(hands, "12. A: TH 2H 4H 6H\n13. A: AH 3H 5H 7H", trick=12, tricks="6-5")
    assert "ten-protected" not in [k for k, _, _ in kinds(unprotected)]


def test_annotate_writes_commands_and_nags_and_is_idempotent() -> None:
    record = position(
        "A:.T.. B:.K.. C:.2.. D:.3..", "13. A: TH { my own note } KH 2H 3H", tens="3-0"
    )
    added = annotate(record)
    assert [p.kind for p in added] == ["unsafe-ten-lead", "ten-lost", "ten-captured"]
    ten = record.mainline()[0]
    assert ten.comments[0] == "my own note"  # the human's comment is untouched and first
    assert 20 in ten.nags
    assert annotate(record) == []  # nothing new the second time
    text = write_string([record])
    assert "[%point ten-lost TH A]" in text and "$20" in text
    [again] = read_string(text)
    assert annotate(again) == []  # read back, still nothing to add
    assert write_string([again]) == text


def test_every_sample_game_annotates_cleanly() -> None:
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "sample_games"
    for path in sorted(root.glob("*.pmn")):
        records = read_string(path.read_text(encoding="utf-8"))
        for record in records:
            annotate(record)
        again = read_string(write_string(records))
        assert all(r.errors == [] for r in again), path
        assert all(annotate(r) == [] for r in again), path


def test_no_race_when_the_tens_end_three_one() -> None:
    # A/C already have two tens and take the third: 3-1, no race for tricks.
    record = position("A:.2.. B:.T.. C:.A.. D:.3..", "13. A: 2H TH AH 3H", tens="2-1")
    assert "tricks-race" not in [k for k, _, _ in kinds(record)]
    assert ("ten-lost", "B", "TH") in kinds(record)


def test_a_discard_with_a_known_trump_is_no_cut_and_no_reveal() -> None:
    record = position(
        "A:.2.. B:..3. C:.A.. D:.4..", "13. A: 2H 3D AH 4H", method="Drawn", tens="2-2"
    )
    found = [k for k, _, _ in kinds(record)]
    assert "cut" not in found and "trump-revealed" not in found


def test_version_b_void_player_who_does_not_ask_reveals_nothing() -> None:
    # B is void in hearts and discards without asking: the trump stays face down.
    record = closed(
        "B",
        "trick 12; tens 2-1; tricks 6-5; hidden D:3S",
        "A:.2.T. B:5...6 C:.A.7. D:3.7..",
        "12. A: 2H 6C AH 7H\n13. C: 7D 3S TD 5S",
    )
    reveals = [
        (p.trick, p.seat, str(p.card)) for p in find_points(record) if p.kind == "trump-revealed"
    ]
    assert reveals == [(13, "D", "3S")]  # only D's last card turns it up
    assert "premature-reveal" not in [k for k, _, _ in kinds(record)]
