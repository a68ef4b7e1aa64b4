"""Player names that carry a RIGHT-TO-LEFT OVERRIDE, in the page ``mendikot-replay html``
exports, drawn by a real Chromium: each name and comment must be isolated from the text
around it, so that no sentence of the viewer (or of the script-free view) comes out
mirrored after a name."""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_support import ARTIFACTS, ROOT, PageErrors, at_step, keep_offline
from playwright.sync_api import Browser, Locator, Page, expect

from mendikot_replay.pmn.reader import read_string
from mendikot_replay.views.html import page_html

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

RLO, PDI = "\u202e", "\u2069"
# An override at the end of a name reaches every word after it; one after a PDI of the
# name's own (which closes nothing) gets past an isolation that does not balance the text.
NAMES = {"A": f"Asha{RLO}", "B": f"{PDI}{RLO}Bilal", "C": f"Chetan{RLO}", "D": f"{RLO}Divya"}
COMMENT_WORD = "drops"
COMMENT = f"A {COMMENT_WORD}{RLO} the ten under partner's ace"
# What an element holding each word shows, the isolates FSI and PDI aside.
HELD = {
    "Asha": NAMES["A"],
    "Bilal": NAMES["B"].replace(PDI, ""),
    "Chetan": NAMES["C"],
    "Divya": NAMES["D"],
    COMMENT_WORD: COMMENT,
}

# Every text node of the page (scripts, styles and <option>s aside: options hold plain
# strings) that shows one of `cores`, with what its element is: the element must hold that
# text alone and be isolated (a <bdi>, or computed unicode-bidi: isolate).
NAME_HOLDERS = """(cores) => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const el = node.parentElement;
        if (!el || el.closest("script, style, option")) continue;
        const core = cores.find((c) => node.data.includes(c));
        if (!core) continue;
        out.push({
            core,
            tag: el.tagName,
            bidi: getComputedStyle(el).unicodeBidi,
            text: el.textContent.replace(/[\\u2068\\u2069]/g, ""),
        });
    }
    return out;
}"""

# The x position of the first occurrence of each word in `root`'s text, from a Range.
WORD_X = """(root, words) => {
    const out = {};
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of words) {
            const at = node.data.indexOf(word);
            if (at < 0 || word in out) continue;
            const range = document.createRange();
            range.setStart(node, at);
            range.setEnd(node, at + word.length);
            out[word] = range.getBoundingClientRect().x;
        }
    }
    return out;
}"""


def _page_file(tmp_path: Path) -> Path:
    text = (ROOT / "sample_games" / "worked-example.pmn").read_text(encoding="utf-8")
    for seat, old in {"A": "Asha", "B": "Bilal", "C": "Chetan", "D": "Divya"}.items():
        text = text.replace(f'[{seat} "{old}"]', f'[{seat} "{NAMES[seat]}"]')
    text = text.replace("A drops the ten under partner's ace", COMMENT)
    text = text.replace('[Site "Pune"]', f'[Site "Pune{RLO}"]')
    records = read_string(text)
    assert not records[0].errors
    path = tmp_path / "bidi.html"
    path.write_text(page_html(records, title="Overrides in names"), encoding="utf-8")
    return path


def _in_order(where: Locator, *words: str) -> None:
    """The words come left to right on the line, as written: nothing after a name is
    mirrored."""
    xs: dict[str, float] = where.evaluate(WORD_X, list(words))
    assert set(xs) == set(words), (words, xs)
    positions = [xs[w] for w in words]
    assert positions == sorted(positions) and len(set(positions)) == len(words), (
        where.inner_text(),
        xs,
    )


def _holders_are_isolated(page: Page) -> list[dict[str, str]]:
    holders: list[dict[str, str]] = page.evaluate(NAME_HOLDERS, list(HELD))
    for holder in holders:
        assert holder["tag"] == "BDI" or holder["bidi"] == "isolate", holder
        # The element holds the user text alone (its override cannot reach a sibling).
        assert holder["text"] == HELD[holder["core"]], holder
    return holders


def test_names_do_not_mirror_the_viewer(
    page: Page, page_errors: PageErrors, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(_page_file(tmp_path).as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    expect(viewer).to_be_visible()
    say = viewer.get_by_test_id("mr-say")
    next_card = viewer.get_by_test_id("mr-next")

    next_card.click()  # "Trick 1: A (Asha‮) leads the ten of hearts."
    at_step(viewer, 1)
    expect(say).to_have_text("Trick 1: A (Asha\u202e) leads the ten of hearts.")
    _in_order(say, "Trick", "Asha", "leads", "ten", "hearts")
    next_card.click()  # B's name: its own PDI must not end the isolation early
    at_step(viewer, 2)
    _in_order(say, "Trick", "Bilal", "plays", "king", "hearts")
    viewer.get_by_test_id("mr-next-trick").click()  # C's ace wins the first trick
    at_step(viewer, 4)
    _in_order(say, "Trick", "plays", "two", "Chetan", "wins", "trick", "A/C")
    seat_d = viewer.get_by_test_id("mr-seat-D")
    _in_order(seat_d.locator(".mr-seathead"), "D", "Divya", "B/D", "hide")
    counts = viewer.get_by_test_id("mr-count-AC")
    _in_order(counts, "A/C", "Asha", "Chetan", "trick")
    _in_order(viewer.locator(".mr-subtitle"), "Pune", "2026", "match")

    viewer.get_by_test_id("mr-next-trick").click()
    viewer.get_by_test_id("mr-next-trick").click()  # trick 3: A's annotated ten
    at_step(viewer, 12)
    notes = viewer.get_by_test_id("mr-notes")
    expect(notes).to_contain_text(COMMENT_WORD)
    _in_order(notes.locator(".mr-notehead"), "A", "Asha", "10")

    holders = _holders_are_isolated(page)
    # The narration, the seats, the counts, the notes and the hidden static view all hold
    # names: every one of them was found, and every one is isolated.
    assert {h["core"] for h in holders} == set(HELD)
    assert len(holders) > 12
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "bidi-names-viewer.png"))
    assert page_errors.problems() == []


def test_names_do_not_mirror_the_static_view(browser: Browser, tmp_path: Path) -> None:
    """The script-free view (what a notebook shows where scripts are stripped)."""
    errors = PageErrors()
    context = browser.new_context(
        java_script_enabled=False, viewport={"width": 1280, "height": 720}
    )
    keep_offline(context, errors.outside)
    try:
        page = context.new_page()
        page.goto(_page_file(tmp_path).as_uri())
        players = page.locator(".mr-static p", has_text="Players:")
        expect(players).to_be_visible()
        _in_order(players, "Players", "Asha", "A/C", "Bilal", "B/D", "Chetan", "Divya")
        row = page.locator(".mr-s-tricks tbody tr").first
        _in_order(row, "1", "A:", "C (", "Chetan", "(A/C)")
        assert {h["core"] for h in _holders_are_isolated(page)} == set(HELD)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "bidi-names-static.png"))
        assert errors.problems() == []
    finally:
        context.close()
