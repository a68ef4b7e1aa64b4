"""Annotating a record from Python and saving it back: the editing API a viewer calls."""

from __future__ import annotations

import os
import shutil
import stat
import warnings
from pathlib import Path
from typing import Any

import pytest
from pmn_examples import FORMAT_EXAMPLE, POSITION_EXAMPLE

from mendikot_replay.core.cards import card
from mendikot_replay.errors import SaveError
from mendikot_replay.pmn import editing
from mendikot_replay.pmn.editing import (
    EditError,
    add_command,
    add_comment,
    add_glyph,
    add_nag,
    add_point,
    get_comments,
    node_at,
    points,
    remove_comment,
    remove_glyph,
    remove_nag,
    remove_point,
    save_deal,
    save_deals,
    set_comments,
)
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.pmn.writer import write_deal, write_string

HUMAN = "C's ace takes the ten for A/C [%point ten-captured TH C]"
BROKEN = '[Dealer "D"]\n[TrumpMethod "None"]\n[Play "A"]\n1.  A: TH   7X'


def example() -> DealRecord:
    return read_string(FORMAT_EXAMPLE)[0]


def reread(record: DealRecord) -> DealRecord:
    again = read_string(write_deal(record))[0]
    assert not again.errors
    return again


# -- where a ply is -----------------------------------------------------------------------------
def test_node_at_is_the_card_after_which_the_snapshot_stands() -> None:
    record = example()
    assert str(node_at(record, 1).card) == "TH"
    assert str(node_at(record, 3).card) == "AH"
    assert str(node_at(record, 52).card) == "8H"
    assert record.timeline is not None
    assert record.timeline[3].event is not None
    assert record.timeline[3].event.card is node_at(record, 3).card


def test_node_at_refuses_ply_0_and_plies_past_the_end_plainly() -> None:
    record = example()
    with pytest.raises(EditError, match="ply 0 is the start of the deal"):
        node_at(record, 0)
    with pytest.raises(EditError, match="no card 53: the main line of this deal has 52 cards"):
        node_at(record, 53)
    with pytest.raises(EditError, match="no card -1"):
        node_at(record, -1)
    with pytest.raises(TypeError):
        node_at(record, True)


def test_a_position_counts_its_plies_from_the_position() -> None:
    record = read_string(POSITION_EXAMPLE.replace("10. B: 5S", "10. B: 5S KS QS 8D"))[0]
    assert not record.errors
    assert [str(node_at(record, k).card) for k in (1, 2, 3)] == ["KS", "QS", "8D"]


# -- comments -----------------------------------------------------------------------------------
def test_add_comment_at_a_card_and_at_the_deal() -> None:
    record = example()
    assert add_comment(record, 5, "  the jack\r\n\r\n  falls  ")
    assert node_at(record, 5).comments == ["the jack\n  falls"]
    assert add_comment(record, 0, "a deal to remember")
    assert record.comments == ["a deal to remember"]
    again = reread(record)
    assert node_at(again, 5).comments == ["the jack\n  falls"]
    assert again.comments == ["a deal to remember"]


def test_add_comment_is_idempotent_and_refuses_empty_text() -> None:
    record = example()
    assert add_comment(record, 5, "the jack falls")
    assert not add_comment(record, 5, " the jack falls \n")
    assert node_at(record, 5).comments == ["the jack falls"]
    with pytest.raises(EditError, match="empty"):
        add_comment(record, 5, " \n ")


def test_remove_and_set_comments_touch_only_their_card() -> None:
    record = example()
    add_comment(record, 3, "second thought")
    assert get_comments(record, 3) == [HUMAN, "second thought"]
    assert not remove_comment(record, 3, "never written")
    assert remove_comment(record, 3, "second thought\n")
    assert get_comments(record, 3) == [HUMAN]
    assert set_comments(record, 4, ["one", "", "two", "one"])
    assert get_comments(record, 4) == ["one", "two"]
    assert not set_comments(record, 4, ["one", "two"])
    assert get_comments(record, 3) == [HUMAN]
    assert set_comments(record, 0, ["about the deal"])
    assert record.comments == ["about the deal"]
    with pytest.raises(TypeError):
        set_comments(record, 4, "one")
    assert set_comments(record, 4, [])
    assert get_comments(record, 4) == []


# -- NAGs and glyphs -------------------------------------------------------------------------------
def test_add_nag_is_idempotent_and_keeps_order() -> None:
    record = example()
    node = node_at(record, 12)  # TD! $21
    assert node.nags == [1, 21]
    assert not add_nag(record, 12, 21)
    assert add_nag(record, 12, 29)
    assert node.nags == [1, 21, 29]
    assert remove_nag(record, 12, 21)
    assert not remove_nag(record, 12, 21)
    assert node.nags == [1, 29]
    for bad in (0, 256, True):
        with pytest.raises(EditError, match="1 to 255"):
            add_nag(record, 12, bad)


def test_a_glyph_replaces_the_cards_glyph_and_is_written_as_a_glyph() -> None:
    record = example()
    assert add_glyph(record, 12, "??")
    assert node_at(record, 12).nags == [4, 21]
    assert not add_glyph(record, 12, "??")
    assert add_nag(record, 12, 5)  # NAG 5 is the glyph !?
    assert node_at(record, 12).nags == [5, 21]
    assert add_glyph(record, 14, "!")
    assert add_nag(record, 14, 22)
    line = write_deal(record).splitlines()
    assert line[19].startswith("3. B: QD AD 8D TD!? $21 {")
    assert line[20] == "4. C: 5S 7S! $22 6S 2S"
    assert node_at(reread(record), 14).nags == [1, 22]
    assert remove_glyph(record, 12)
    assert not remove_glyph(record, 12)
    assert node_at(record, 12).nags == [21]
    with pytest.raises(EditError, match="not a move glyph"):
        add_glyph(record, 12, "!!!")


def test_nags_and_points_need_a_card() -> None:
    record = example()
    with pytest.raises(EditError, match="ply 0"):
        add_nag(record, 0, 21)
    with pytest.raises(EditError, match="ply 0"):
        add_point(record, 0, "decisive")


# -- points -------------------------------------------------------------------------------------
def test_add_point_writes_a_command_comment_and_leaves_sentences_alone() -> None:
    record = example()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # known kinds are warning-free
        assert add_point(record, 12, "ten-captured", card("TD"), "A")
        assert add_point(record, 12, "decisive")
    node = node_at(record, 12)
    assert node.comments == [
        "A drops the ten under partner's ace",
        "[%point ten-captured TD A] [%point decisive]",
    ]
    assert points(record, 12) == [("ten-captured", "TD", "A"), ("decisive",)]
    again = reread(record)
    assert node_at(again, 12).comments == node.comments
    assert points(again, 12) == points(record, 12)


def test_add_point_is_idempotent_even_when_a_human_wrote_it() -> None:
    record = example()
    assert not add_point(record, 3, "ten-captured", "TH", "C")
    assert get_comments(record, 3) == [HUMAN]
    assert add_point(record, 3, "decisive")
    assert not add_point(record, 3, "decisive")
    assert get_comments(record, 3) == [HUMAN, "[%point decisive]"]


def test_add_point_validates_its_words() -> None:
    record = example()
    for bad_args in (("T]H",), ("two words",), ("",), ("{x}",)):
        with pytest.raises(EditError, match="one plain word"):
            add_point(record, 3, "ten-lost", *bad_args)
    with pytest.raises(EditError, match="not a point kind"):
        add_point(record, 3, "ten lost")
    assert get_comments(record, 3) == [HUMAN]


def test_an_unknown_kind_is_written_with_a_warning() -> None:
    record = example()
    with pytest.warns(UserWarning, match="'squeeze' is not a point kind"):
        assert add_point(record, 3, "squeeze", "D")
    assert points(record, 3)[-1] == ("squeeze", "D")


def test_remove_point_keeps_the_rest_of_the_comment() -> None:
    record = example()
    add_point(record, 3, "decisive")
    assert remove_point(record, 3, "ten-captured", "TH", "C")
    assert get_comments(record, 3) == ["C's ace takes the ten for A/C", "[%point decisive]"]
    assert remove_point(record, 3, "decisive")
    assert get_comments(record, 3) == ["C's ace takes the ten for A/C"]
    assert not remove_point(record, 3, "decisive")


def test_a_deal_with_errors_cannot_be_edited() -> None:
    record = read_string(BROKEN)[0]
    assert record.errors
    with pytest.raises(EditError, match=r"deal 1 has errors.*would be lost"):
        add_comment(record, 1, "x")
    with pytest.raises(EditError, match="has errors"):
        add_glyph(record, 1, "!")


def test_a_record_built_in_python_can_be_annotated() -> None:
    record = DealRecord({"Dealer": "D", "TrumpMethod": "None", "Play": "A"})
    record.add_main(card("TH")).add_main(card("KH"))
    assert add_point(record, 2, "ten-lost", "TH", "A")
    assert add_glyph(record, 1, "?")
    assert write_deal(record).endswith("1. A: TH? KH { [%point ten-lost TH A] }")


# -- saving -------------------------------------------------------------------------------------
def three_deal_file(tmp_path: Path) -> Path:
    path = tmp_path / "club.pmn"
    # A canonical deal, a deal with errors written sloppily, a position not in canonical order.
    path.write_text(FORMAT_EXAMPLE + "\n" + BROKEN + "\n\n" + POSITION_EXAMPLE, encoding="utf-8")
    return path


def canonical_deals(path: Path) -> list[str]:
    return [write_deal(record) for record in read_deals(path)]


def test_save_deal_puts_the_annotations_at_their_card_and_keeps_the_other_deals(
    tmp_path: Path,
) -> None:
    path = three_deal_file(tmp_path)
    before = canonical_deals(path)
    record = next(read_deals(path))
    add_point(record, 12, "ten-captured", "TD", "A")
    add_comment(record, 52, "B/D take the last trick, too late")
    add_comment(record, 0, "annotated in the notebook")
    save_deal(path, 1, record)

    saved = list(read_deals(path))
    assert len(saved) == 3
    assert points(saved[0], 12)[-1] == ("ten-captured", "TD", "A")
    assert get_comments(saved[0], 52) == ["B/D take the last trick, too late"]
    assert saved[0].comments == ["annotated in the notebook"]
    after = canonical_deals(path)
    assert after[1:] == before[1:]
    text = path.read_text(encoding="utf-8")
    assert BROKEN in text  # the deal with errors is kept exactly as written


def test_save_deal_replaces_a_middle_deal_and_appends_one_past_the_end(tmp_path: Path) -> None:
    path = three_deal_file(tmp_path)
    before = canonical_deals(path)
    position = list(read_deals(path))[2]
    add_comment(position, 0, "cover or duck?")
    save_deal(path, 3, position)
    assert canonical_deals(path)[:2] == before[:2]
    assert list(read_deals(path))[2].comments == ["cover or duck?"]
    save_deal(path, 4, example())
    assert len(canonical_deals(path)) == 4


def test_save_deal_creates_a_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "new.pmn"
    record = example()
    add_glyph(record, 1, "?!")
    with pytest.raises(EditError, match="does not exist yet"):
        save_deal(path, 2, record)
    assert not path.exists()
    save_deal(path, 1, record)
    assert path.read_text(encoding="utf-8") == write_string([record])
    umask = os.umask(0o022)
    os.umask(umask)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask  # not mkstemp's 0600


def test_save_deals_writes_a_whole_file(tmp_path: Path) -> None:
    path = tmp_path / "all.pmn"
    records = read_string(FORMAT_EXAMPLE + "\n" + POSITION_EXAMPLE)
    save_deals(path, records)
    assert path.read_text(encoding="utf-8") == write_string(records)
    with pytest.raises(EditError, match="empty record"):
        save_deals(path, [DealRecord()])
    assert path.read_text(encoding="utf-8") == write_string(records)


def test_the_file_mode_is_kept(tmp_path: Path) -> None:
    path = three_deal_file(tmp_path)
    path.chmod(0o640)
    save_deal(path, 1, example())
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith((".tmp", ".mr-copy")))


def test_a_deal_number_past_the_end_leaves_the_file_untouched(tmp_path: Path) -> None:
    path = three_deal_file(tmp_path)
    original = path.read_bytes()
    with pytest.raises(EditError, match="has 3 deals: there is no deal 5"):
        save_deal(path, 5, example())
    assert path.read_bytes() == original
    assert leftovers(tmp_path) == []
    with pytest.raises(EditError, match="numbered from 1"):
        save_deal(path, 0, example())


def test_a_writer_failing_mid_way_leaves_the_original_untouched(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = three_deal_file(tmp_path)
    original = path.read_bytes()
    real = shutil.copyfileobj
    calls = []

    def failing(source: object, target: Any, *args: object) -> None:
        calls.append(source)
        target.write(b"half a deal")
        raise OSError(28, "No space left on device")

    # The deals after the one saved are copied last: the disk fills up there.
    monkeypatch.setattr("mendikot_replay.pmn.editing.shutil.copyfileobj", failing)
    record = example()
    add_comment(record, 1, "lost?")
    with pytest.raises(SaveError, match=r"No space left.*nothing was written"):
        save_deal(path, 1, record)
    assert calls, "the failure was not reached"
    assert path.read_bytes() == original
    assert leftovers(tmp_path) == []
    monkeypatch.setattr("mendikot_replay.pmn.editing.shutil.copyfileobj", real)
    save_deal(path, 1, record)  # and the next save works
    assert path.read_bytes() != original


def test_an_unwritable_directory_gives_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = three_deal_file(tmp_path)
    original = path.read_bytes()

    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    # Simulated as well as real, since root may write into a read-only directory.
    monkeypatch.setattr("mendikot_replay.pmn.files._new_temp", refuse)
    with pytest.raises(SaveError, match=r"cannot save .*club\.pmn.*no new file can be made"):
        save_deal(path, 1, example())
    assert path.read_bytes() == original


def test_the_public_names_the_viewer_calls() -> None:
    for name in (
        "node_at",
        "add_comment",
        "add_nag",
        "add_glyph",
        "add_point",
        "remove_comment",
        "set_comments",
        "save_deal",
        "save_deals",
    ):
        assert name in editing.__all__


def test_add_command_writes_into_the_command_comment_once() -> None:
    record = example()
    assert add_command(record, 3, "dd", "AC", "win")
    assert not add_command(record, 3, "dd", "AC", "win")  # already there
    assert add_point(record, 3, "decisive")
    assert get_comments(record, 3)[-1] == "[%dd AC win] [%point decisive]"
    with pytest.raises(EditError, match="one plain word"):
        add_command(record, 3, "dd", "AC win")
    with pytest.raises(EditError, match="command name"):
        add_command(record, 3, "d d")
