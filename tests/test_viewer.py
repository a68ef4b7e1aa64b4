"""The notebook widget (``viewer.Viewer``): what it sends to the browser, Python-side
stepping, teaching options, annotating at the current card and saving back."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import traitlets

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.views.assets import viewer_css, viewer_js
from mendikot_replay.views.widget import PROJECTOR_SCALE, Viewer, replay
from mendikot_replay.views.widget.viewer import PRESENT_ENV

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def test_opens_a_file_a_record_or_text() -> None:
    from_file = replay(SAMPLES / "match-thursday-club.pmn", deal=3)
    assert from_file.index == 3 and from_file.source_file == SAMPLES / "match-thursday-club.pmn"
    record = list(read_deals(SAMPLES / "match-thursday-club.pmn"))[2]
    from_record = Viewer(record)
    assert from_record.data == from_file.data
    text = (SAMPLES / "tie.pmn").read_text(encoding="utf-8")
    from_text = Viewer(text)
    assert from_text.source_file is None and from_text.file == ""
    assert from_text.data["result"]["kind"] == "tie"
    assert replay(str(SAMPLES / "tie.pmn")).data == from_text.data


def test_presentation_is_an_option_and_dev_sh_present_turns_it_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(PRESENT_ENV, raising=False)
    assert replay(SAMPLES / "worked-example.pmn").presentation is False
    assert replay(SAMPLES / "worked-example.pmn", presentation=True).presentation is True
    monkeypatch.setenv(PRESENT_ENV, "1")  # what ./dev.sh present sets for Voila's kernels
    viewer = replay(SAMPLES / "worked-example.pmn")
    assert viewer.presentation is True
    assert viewer.session.state["presentation"] is True
    # a board opened in Python with presentation=False stays off, whatever the server says
    assert replay(SAMPLES / "worked-example.pmn", presentation=False).presentation is False
    viewer.presentation = False  # the page's menu, or Python
    assert viewer.session.state["presentation"] is False
    with pytest.raises(traitlets.TraitError):
        viewer.presentation = "yes"


def test_bad_sources() -> None:
    with pytest.raises(FileNotFoundError):
        replay(SAMPLES / "no-such-file.pmn")
    with pytest.raises(ValueError, match="no deal 2"):
        replay(SAMPLES / "tie.pmn", deal=2)
    with pytest.raises(ValueError, match="numbered from 1"):
        replay(SAMPLES / "tie.pmn", deal=0)


def test_front_end_is_the_package_files() -> None:
    viewer = replay(SAMPLES / "tie.pmn")
    assert viewer._esm == viewer_js()
    assert viewer._css == viewer_css()
    synced = {name for name in viewer.trait_names() if viewer.trait_metadata(name, "sync")}
    assert {
        "data",
        "step",
        "hidden_seats",
        "show_played",
        "scale",
        "four_color",
        "quiz_seat",
    } <= synced


def test_defaults_and_options() -> None:
    viewer = replay(SAMPLES / "worked-example.pmn", step=4, four_color=True)
    assert viewer.step == 4
    assert viewer.four_color is True
    assert viewer.show_played is True and viewer.scale == 1.0 and viewer.quiz_seat == ""
    assert viewer.projector().scale == PROJECTOR_SCALE
    assert viewer.projector(False).scale == 1.0
    assert viewer.kibitz("b").hidden_seats == ["A", "C", "D"]
    assert viewer.show_all().hidden_seats == []
    viewer.hidden_seats = ["d", "a"]
    assert viewer.hidden_seats == ["A", "D"]  # table order
    with pytest.raises(traitlets.TraitError):
        viewer.hidden_seats = ["E"]
    assert viewer.quiz("c").quiz_seat == "C"
    assert viewer.quiz(None).quiz_seat == ""
    with pytest.raises(traitlets.TraitError):
        viewer.scale = 10.0


def test_stepping_helpers_follow_the_timeline() -> None:
    viewer = replay(SAMPLES / "closed-trump-version-a.pmn")
    timeline = viewer.record.timeline
    assert timeline is not None
    assert len(viewer) == 53 and viewer.last_step == 52
    assert viewer.snapshot is timeline[0]
    assert viewer.next().step == 1
    assert viewer.next().step == 2
    assert viewer.prev().step == 1
    assert viewer.go(19).snapshot.trump.status == "revealed"
    assert viewer.go(-5).step == 0
    assert viewer.go(999).step == 52
    assert viewer.snapshot.result is not None
    assert viewer.first().step == 0 and viewer.last().step == 52
    viewer.go_trick(3)
    assert viewer.snapshot.trick == 3 and viewer.snapshot.trick_winner is not None
    with pytest.raises(ValueError, match="no trick 14"):
        viewer.go_trick(14)


def test_position_steps() -> None:
    viewer = replay(SAMPLES / "endgame-cover-or-duck.pmn")
    assert viewer.snapshot.table  # the lead on the table when the position starts
    viewer.go_trick(10)
    assert viewer.step == 3 and viewer.snapshot.trick_winner == "C"


def test_annotating_updates_the_payload(tmp_path: Path) -> None:
    source = tmp_path / "club.pmn"
    shutil.copy(SAMPLES / "match-thursday-club.pmn", source)
    other_before = [r.source for r in read_deals(source)]
    viewer = replay(source, deal=2)
    viewer.go(5)
    changes: list[object] = []
    viewer.observe(lambda change: changes.append(change["name"]), names=["data"])
    assert viewer.comment("<b>look</b> & see") is True
    assert viewer.comment("<b>look</b> & see") is False  # idempotent
    assert viewer.glyph("?") is True
    assert viewer.nag(20) is True
    assert viewer.point("ten-lost", "TH", "B") is True
    assert changes == ["data"] * 4
    notes = viewer.data["steps"][5]["notes"]
    assert "<b>look</b> & see" in notes["comments"]
    assert notes["glyph"] == "?"
    assert {"kind": "ten-lost", "args": ["TH", "B"]} in notes["points"]
    assert 20 in [n["nag"] for n in notes["nags"]]
    assert 5 in viewer.data["note_steps"]
    assert viewer.dirty
    viewer.go(0)
    assert viewer.comment("A deal comment") is True
    assert "A deal comment" in viewer.data["deal_comments"]

    assert viewer.save() == source
    assert not viewer.dirty
    after = list(read_deals(source))
    assert len(after) == 9
    for i, record in enumerate(after):
        if i != 1:
            assert record.source == other_before[i]  # other deals untouched
    again = replay(source, deal=2)
    assert again.data["steps"][5]["notes"] == notes
    assert again.data["deal_comments"][-1] == "A deal comment"


def test_save_needs_a_file(tmp_path: Path) -> None:
    viewer = Viewer((SAMPLES / "tie.pmn").read_text(encoding="utf-8"))
    viewer.go(3).comment("kept")
    with pytest.raises(ValueError, match="give save"):
        viewer.save()
    target = viewer.save(tmp_path / "one.pmn")
    assert target == tmp_path / "one.pmn"
    (record,) = read_deals(target)
    assert "kept" in record.mainline()[2].comments


def test_display_bundle_has_the_widget_and_static_html() -> None:
    viewer = replay(SAMPLES / "tie.pmn")
    bundle = viewer._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["text/html"].startswith('<div class="mr-embed"')
    assert "tie" in repr(viewer).lower() or "Tie" in repr(viewer)


def test_replay_opens_a_table_row_at_its_card() -> None:
    from mendikot_replay.corpus.tables import plays_frame

    plays = plays_frame(str(SAMPLES / "worked-example.pmn"))
    row = plays[plays.card == "TD"].iloc[0]
    viewer = replay(row)
    assert viewer.step == row.step
    event = viewer.snapshot.event
    assert event is not None and str(event.card) == "TD" and event.seat == "A"
    # A namedtuple from itertuples and a plain dict lead to the same card.
    assert replay(next(plays.itertuples())).step == 1
    assert replay({"file": row.file, "deal": 1, "step": 5}).step == 5
