"""Static HTML of deals (``html_page``): escaped, deterministic, self-contained, and saying
everything without scripts (start hands, every trick with its winner, the tens ledger, the
result)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from cross_process import same_bytes_in_every_process

from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.session.payload import deal_view
from mendikot_replay.views.assets import viewer_css, viewer_js
from mendikot_replay.views.html import deal_html, page_html, payload_json, static_view

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
EVIL = "<script>alert(1)</script> \"&'"


def _deal(name: str, index: int = 0) -> DealRecord:
    return list(read_deals(SAMPLES / name))[index]


def _evil_record() -> DealRecord:
    quoted = EVIL.replace('"', '\\"')
    text = (
        f'[Event "{quoted}"]\n[Site "{quoted}"]\n[A "{quoted}"]\n[B "Bo"]\n'
        '[Dealer "D"]\n[TrumpMethod "Drawn"]\n[Trump "S"]\n'
        '[Hands "A:AKQJT98765432... B:.AKQJT98765432.. C:..AKQJT98765432. '
        'D:...AKQJT98765432"]\n[Play "A"]\n'
        f"{{ {EVIL} }}\n"
        f"1. A: AS {{ {EVIL} [%point {EVIL}] }} AH AD AC\n"
    )
    record = read_string(text)[0]
    assert not record.errors, record.errors
    return record


def _without_scripts(page: str) -> str:
    return re.sub(r"<script\b[^>]*>.*?</script>", "", page, flags=re.S)


def test_user_text_is_escaped_everywhere() -> None:
    record = _evil_record()
    for page in (deal_html(record), page_html([record], title=EVIL)):
        # The only script elements are ours: the payload and the module.
        assert "<script>alert" not in page
        assert page.count("<script") == 2
        scripts = re.findall(r"<script\b[^>]*>(.*?)</script>", page, flags=re.S)
        for body in scripts:
            assert "alert(1)</" not in body
        # Outside scripts, the text appears escaped, never raw.
        outside = _without_scripts(page)
        assert "alert(1)" in outside  # it is shown...
        assert "<script>alert" not in outside  # ...as text
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in outside
        assert "&quot;&amp;&#x27;" in outside
        assert " \"&'" not in outside


def test_payload_json_cannot_close_its_script() -> None:
    record = _evil_record()
    text = payload_json(deal_view(record))
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == json.loads(json.dumps(deal_view(record)))


PAGES = f"""
from pathlib import Path
from mendikot_replay.views.html import deal_html, page_html
from mendikot_replay.pmn.reader import read_deals

SAMPLES = Path({str(SAMPLES)!r})
dehla = next(read_deals(SAMPLES / "dehla-pakad.pmn"))
closed = next(read_deals(SAMPLES / "closed-trump-version-b.pmn"))
parts = [
    deal_html(dehla),
    dehla._repr_html_(),  # what a notebook shows
    deal_html(closed, analyse=True, max_tricks=2),
    page_html(read_deals(SAMPLES / "tie.pmn")),
    page_html(read_deals(SAMPLES / "match-thursday-club.pmn"), title="Thursday"),
]
OUTPUT = "\\n".join(parts).encode("utf-8")
"""
"""Fragments and pages of the samples (with the solver's values too), as the tests, the
``html`` command and a notebook make them."""


def test_deterministic_bytes() -> None:
    a = deal_html(_deal("dehla-pakad.pmn"))
    b = deal_html(_deal("dehla-pakad.pmn"))
    assert a == b
    assert page_html(read_deals(SAMPLES / "tie.pmn")) == page_html(read_deals(SAMPLES / "tie.pmn"))
    # and in any process: the element keys hash the payload with SHA-256, never hash(), and
    # nothing follows the order of a set, whatever the string-hash seed
    everywhere = same_bytes_in_every_process(PAGES)
    assert everywhere.startswith(a.encode("utf-8"))


def test_keys_differ_between_deals() -> None:
    keys = {
        re.search(r'data-mr-embed="(\w+)"', deal_html(r)).group(1)  # type: ignore[union-attr]
        for r in read_deals(SAMPLES / "match-thursday-club.pmn")
    }
    assert len(keys) == 9


@pytest.mark.parametrize(
    "name", ["worked-example.pmn", "match-thursday-club.pmn", "endgame-cover-or-duck.pmn"]
)
def test_self_contained(name: str) -> None:
    page = page_html(read_deals(SAMPLES / name), title=name)
    assert "http://" not in page and "https://" not in page
    # No attribute loads anything from elsewhere.
    assert not re.search(r"\bsrc\s*=", page)
    for href in re.findall(r'\bhref\s*=\s*"([^"]*)"', page):
        assert href.startswith("#"), href
    assert "@import" not in page and "url(" not in page
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta charset="utf-8">' in page


def test_the_static_part_tells_the_whole_deal() -> None:
    record = _deal("worked-example.pmn")
    view = deal_view(record)
    still = static_view(view)
    assert "<script" not in still
    # Start hands: every seat with its holding.
    assert "Hands at the start" in still
    for seat in "ABCD":
        assert f">{seat} (" in still
    # Every trick with its winner.
    rows = re.findall(r"<tr><td>(\d+)</td><td>([A-D])</td><td>(.*?)</td><td>(.*?)</td>", still)
    assert [int(r[0]) for r in rows] == list(range(1, 14))
    assert [r[3][0] for r in rows] == record.timeline.trick_winners  # type: ignore[union-attr]
    # The ledger and the result.
    assert "The four tens at the end" in still
    assert still.count('<tr><th scope="row"><span class="mr-s-') == 4
    assert "Result: A/C win" in still and "3 tens" in still
    # Annotations.
    assert "ten-captured" in still


def test_static_view_of_special_deals() -> None:
    closed = static_view(deal_view(_deal("closed-trump-version-a.pmn")))
    assert "closed, set aside face down by D; turned up at card 19" in closed
    cut = static_view(deal_view(_deal("cut-trump.pmn")))
    assert "cut: no trump until card 15" in cut
    dehla = static_view(deal_view(_deal("dehla-pakad.pmn")))
    assert "Dehla pile" in dehla and "takes the pile: 2 with" in dehla
    position = static_view(deal_view(_deal("endgame-cover-or-duck.pmn")))
    assert "Position at trick 10" in position and "Hands at trick 10" in position
    eight = static_view(deal_view(_deal("eight-players.pmn")))
    assert "A/C/E/G" in eight and ">H (" in eight


def test_a_record_without_a_playable_setup_still_renders() -> None:
    record = read_string('[Event "x"]\n[Play "A"]\n1. A: TS\n')[0]
    fragment = deal_html(record)
    assert "nothing to replay" in fragment


def test_page_has_a_deal_selector_only_for_several_deals() -> None:
    many = page_html(read_deals(SAMPLES / "match-thursday-club.pmn"), title="Club")
    assert 'data-testid="mr-deal-select"' in many
    assert many.count('class="mr-embed mr-deal"') == 9
    assert many.count("<script") == 10  # nine payloads and one module
    one = page_html(read_deals(SAMPLES / "tie.pmn"))
    assert "mr-deal-select" not in one


def test_repr_html_of_a_record() -> None:
    record = _deal("tie.pmn")
    assert record._repr_html_() == deal_html(record)


def test_front_end_files_are_package_data() -> None:
    js = viewer_js()
    assert "var viewer_default = { render };" in js and "viewer_default as default" in js
    assert "\nfunction mountStatic(" in js
    assert "data-lm-suppress-shortcuts" in js
    assert ".innerHTML" not in js  # user text goes in as text only
    assert "http" not in js and "import " not in js.replace("important", "")
    assert ".mr-viewer" in viewer_css()


# A name ending in a RIGHT-TO-LEFT OVERRIDE mirrors every word after it unless it is
# isolated; one whose own PDI (U+2069) closes nothing would end an isolation early.
RLO, FSI, PDI = "\u202e", "\u2068", "\u2069"


def _mirroring_record(deals: int = 1) -> str:
    text = (
        f'[Event "Club{RLO} <i>night</i>"]\n[A "Asha{RLO}"]\n[B "{PDI}{RLO}Bi<b>lal</b>"]\n'
        '[Dealer "D"]\n[TrumpMethod "None"]\n[Hands "A:T... B:A... C:.2.. D:..2."]\n'
        '[Start "trick 13; tens 2-1; tricks 6-6"]\n[Play "A"]\n'
        f"{{ deal note{RLO} <u>x</u> }}\n"
        f"13. A: TS {{ the last ten{RLO} [%point ten-lost TS B{RLO}] }} AS 2H 2D\n"
    )
    return "\n".join([text] * deals)


def test_names_and_comments_are_isolated_in_bdi_elements() -> None:
    record = read_string(_mirroring_record())[0]
    assert not record.errors, record.errors
    still = _without_scripts(deal_html(record))
    asha = f"<bdi>{FSI}Asha{RLO}{PDI}</bdi>"
    bilal = f"<bdi>{FSI}{RLO}Bi&lt;b&gt;lal&lt;/b&gt;{PDI}</bdi>"  # its stray PDI dropped
    # Players, the start hands, the tricks' winners and the tens ledger ("played by
    # Asha"): the name is in a <bdi> every time.
    assert still.count(asha) == 3 and still.count("Asha") == 3
    assert still.count(bilal) == still.count("Bi&lt;b&gt;") >= 3
    assert f">A ({asha})</th>" in still and f"<td>B ({bilal}) (B/D)</td>" in still
    assert "<b>" not in still and "<i>" not in still and "<u>" not in still
    title = f"<bdi>{FSI}Club{RLO} &lt;i&gt;night&lt;/i&gt;{PDI}</bdi>"
    assert f'<h3 class="mr-s-title">{title}</h3>' in still
    assert f"<em><bdi>{FSI}deal note{RLO} &lt;u&gt;x&lt;/u&gt;{PDI}</bdi></em>" in still
    assert f"“<bdi>{FSI}the last ten{RLO}{PDI}</bdi>”" in still
    assert f"[<bdi>{FSI}ten-lost{PDI}</bdi> <bdi>{FSI}TS B{RLO}{PDI}</bdi>]" in still
    # Outside a <bdi>, no override is left open: every RLO is closed by the PDI after it.
    for match in re.finditer(RLO, still):
        assert still.find(PDI, match.end()) < still.find("</bdi>", match.end())


def test_the_deal_selector_isolates_the_titles() -> None:
    page = page_html(read_string(_mirroring_record(2)))
    title = f"{FSI}Club{RLO} &lt;i&gt;night&lt;/i&gt;{PDI}"
    assert f'<option value="1">1. {title} — BD win</option>' in page
    assert f'<a href="#deal-2">2. {title} — BD win</a>' in page
