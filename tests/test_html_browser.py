"""The stepping viewer in a real browser: the page of ``mendikot-replay html`` opened from a
file in headless Chromium, stepped with buttons and keys, checked through the viewer's
``data-testid`` hooks. (The notebook-side tests against JupyterLab and Voila live in
``tests/browser``.)"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import sync_playwright

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.views.html import deal_html, page_html

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _chromium() -> str:
    found = shutil.which("chromium") or "/usr/bin/chromium"
    assert Path(found).exists(), "Chromium is needed for the browser tests (apt install chromium)"
    return found


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        yield b
        b.close()


class Page:
    """A page plus everything that went wrong in it (errors, network requests)."""

    def __init__(self, browser: Any, path: Path, *, javascript: bool = True) -> None:
        self.context = browser.new_context(
            viewport={"width": 1280, "height": 900}, java_script_enabled=javascript
        )
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.page.on("pageerror", lambda e: self.problems.append(f"error: {e}"))
        self.page.on(
            "console",
            lambda m: self.problems.append(f"console: {m.text}") if m.type == "error" else None,
        )
        self.page.on(
            "request",
            lambda r: None if r.url.startswith("file:") else self.problems.append(r.url),
        )
        self.page.goto(path.as_uri())

    def tid(self, name: str) -> Any:
        return self.page.locator(f"[data-testid={name}]").first

    def step(self) -> int:
        return int(self.tid("mr-viewer").get_attribute("data-step"))

    def close(self) -> None:
        self.context.close()


def _page(browser: Any, tmp_path: Path, sample: str, **kwargs: Any) -> Page:
    target = tmp_path / (Path(sample).stem + ".html")
    target.write_text(page_html(read_deals(SAMPLES / sample), title=sample), encoding="utf-8")
    return Page(browser, target, **kwargs)


def _ledger(page: Page) -> dict[str, str]:
    return {
        ten: page.tid(f"mr-ten-{ten}").get_attribute("data-status")
        for ten in ("TS", "TH", "TD", "TC")
    }


def test_steps_with_buttons_and_keys(browser: Any, tmp_path: Path) -> None:
    page = _page(browser, tmp_path, "closed-trump-version-a.pmn")
    try:
        viewer = page.tid("mr-viewer")
        viewer.wait_for()
        assert viewer.get_attribute("data-lm-suppress-shortcuts") == "true"
        assert page.page.locator("[data-mr-static]").first.is_hidden()
        assert page.step() == 0
        assert _ledger(page) == dict.fromkeys(("TS", "TH", "TD", "TC"), "hand")
        assert page.tid("mr-trump").get_attribute("data-status") == "hidden"
        assert page.tid("mr-result").is_hidden()

        page.tid("mr-next").click()
        assert page.step() == 1
        assert page.tid("mr-step").inner_text() == "card 1 of 52"
        assert page.tid("mr-trick-text").inner_text() == "Trick 1"
        assert page.tid("mr-table").locator("[data-card]").count() == 1
        # the page's contract: the trick on the table inside data-testid="mr-trick"
        assert page.tid("mr-trick").locator("[data-card]").count() == 1

        viewer.focus()
        page.page.keyboard.press("ArrowDown")  # to the end of trick 1
        assert page.step() == 4
        trick = page.tid("mr-trick").locator("[data-card]")
        record = next(iter(read_deals(SAMPLES / "closed-trump-version-a.pmn")))
        assert record.timeline is not None
        first = [str(card) for _, card in record.timeline[4].table]
        assert [trick.nth(i).get_attribute("data-card") for i in range(4)] == first
        page.page.keyboard.press("ArrowUp")
        assert page.step() == 0
        page.page.keyboard.press("t")  # the first ten to move
        first_ten = page.step()
        assert first_ten > 0
        assert "table" in _ledger(page).values()
        page.page.keyboard.press("End")
        assert page.step() == 52
        assert set(_ledger(page).values()) == {"captured"}
        result = page.tid("mr-result")
        assert result.is_visible()
        assert "A/C win" in result.inner_text() and "3 tens" in result.inner_text()
        page.page.keyboard.press("Home")
        assert page.step() == 0
        page.page.keyboard.press("ArrowRight")
        page.page.keyboard.press("ArrowRight")
        page.page.keyboard.press("ArrowLeft")
        assert page.step() == 1

        page.tid("mr-slider").fill("19")
        assert page.step() == 19
        assert page.tid("mr-trump").get_attribute("data-status") == "revealed"
        assert page.problems == []
    finally:
        page.close()


def test_every_step_renders_fast(browser: Any, tmp_path: Path) -> None:
    page = _page(browser, tmp_path, "eight-players.pmn")
    try:
        page.tid("mr-viewer").focus()
        times = []
        for _ in range(48):
            page.page.keyboard.press("ArrowRight")
            times.append(float(page.tid("mr-viewer").get_attribute("data-last-render-ms")))
        assert page.step() == 48
        # every step drew and said how long it took; the time itself is printed, not
        # asserted (the suite runs beside other tests: benchmarks/bench_board.py has the
        # goal, a step under 50 ms)
        assert len(times) == 48 and all(0 <= t < float("inf") for t in times), times
        print(f"\nexported page, eight players, step render: max {max(times):.1f} ms")
        assert page.problems == []
    finally:
        page.close()


def test_annotations_tens_and_notes(browser: Any, tmp_path: Path) -> None:
    page = _page(browser, tmp_path, "cut-trump.pmn")
    try:
        assert page.tid("mr-trump").get_attribute("data-status") == "unnamed"
        assert "No trump yet" in page.tid("mr-trump").inner_text()
        page.tid("mr-next-note").click()
        first = page.step()
        assert first > 0
        assert page.tid("mr-notes").get_attribute("data-count") != "0"
        assert page.tid("mr-table").locator(".mr-mark").count() >= 1
        page.tid("mr-next-note").click()
        assert page.step() > first
        page.tid("mr-prev-note").click()
        assert page.step() == first
        # The jump list: the cut that names the trump.
        page.tid("mr-points").locator("button[data-step='15']").click()
        assert page.step() == 15
        assert page.tid("mr-trump").get_attribute("data-status") == "named"
        assert "cut" in page.tid("mr-notes").inner_text()
        # Ten events of this deal: the ten of spades at card 4, the ten of clubs at 16...
        page.tid("mr-next-ten").click()
        assert page.step() == 16  # the last card of trick 4: on the table and taken at once
        assert page.tid("mr-ten-TC").get_attribute("data-status") == "captured"
        page.tid("mr-prev-ten").click()
        assert page.step() == 4
        assert page.problems == []
    finally:
        page.close()


def test_teaching_modes(browser: Any, tmp_path: Path) -> None:
    page = _page(browser, tmp_path, "worked-example.pmn")
    try:
        seat = page.tid("mr-seat-B")
        assert seat.get_attribute("data-hidden") == "false"
        assert seat.locator("[data-card]").count() == 13
        page.tid("mr-toggle-B").click()
        assert seat.get_attribute("data-hidden") == "true"
        assert seat.locator("[data-card]").count() == 0  # card backs only
        assert seat.locator(".mr-back").count() == 13
        page.tid("mr-toggle-B").click()
        assert seat.get_attribute("data-hidden") == "false"

        # Played cards: greyed, or gone.
        page.tid("mr-next-trick").click()
        hand = page.tid("mr-seat-A")
        assert hand.locator(".mr-played").count() == 1
        page.tid("mr-opt-played").uncheck()
        assert hand.locator(".mr-played").count() == 0
        assert hand.locator("[data-card]").count() == 12

        page.tid("mr-opt-four").check()
        assert "mr-4c" in (page.tid("mr-viewer").get_attribute("class") or "")
        page.tid("mr-opt-large").check()
        assert page.tid("mr-viewer").evaluate("e => getComputedStyle(e).fontSize") == "20.8px"

        # Quiz: B plays last in trick 2 (C leads, then D and A).
        page.tid("mr-opt-quiz").select_option("B")
        page.tid("mr-viewer").focus()
        quiz = page.tid("mr-quiz")
        page.page.keyboard.press("ArrowRight")  # C leads
        assert quiz.get_attribute("data-state") == "wait"  # B's view, no question yet
        assert page.tid("mr-seat-A").get_attribute("data-hidden") == "true"
        assert page.tid("mr-seat-B").get_attribute("data-hidden") == "false"
        page.page.keyboard.press("ArrowRight")
        page.page.keyboard.press("ArrowRight")
        assert page.step() == 7
        assert quiz.get_attribute("data-state") == "ask"
        before = page.step()
        page.tid("mr-seat-B").locator("button.mr-pick").first.click()
        assert page.step() == before + 1
        assert quiz.get_attribute("data-state") in ("right", "wrong")
        assert "played" in quiz.inner_text()
        assert page.problems == []
    finally:
        page.close()


def test_several_deals_on_one_page(browser: Any, tmp_path: Path) -> None:
    page = _page(browser, tmp_path, "match-thursday-club.pmn")
    try:
        deals = page.page.locator("section.mr-deal")
        assert deals.count() == 9
        assert page.page.locator("section.mr-deal:visible").count() == 1
        page.tid("mr-deal-select").select_option("3")
        visible = page.page.locator("section.mr-deal:visible")
        assert visible.get_attribute("data-mr-deal") == "3"
        page.tid("mr-next-deal").click()
        assert page.page.locator("section.mr-deal:visible").get_attribute("data-mr-deal") == "4"
        assert page.problems == []
    finally:
        page.close()


def test_without_javascript_the_static_view_tells_the_deal(browser: Any, tmp_path: Path) -> None:
    page = _page(browser, tmp_path, "dehla-pakad.pmn", javascript=False)
    try:
        assert page.page.locator("[data-testid=mr-viewer]").count() == 0
        text = page.page.locator("[data-mr-static]").inner_text()
        assert "Hands at the start" in text
        assert "The four tens at the end" in text
        assert "Result: B/D win" in text
        assert page.page.locator("table.mr-s-tricks tbody tr").count() == 13
    finally:
        page.close()


def test_a_fragment_shown_twice_mounts_twice(browser: Any, tmp_path: Path) -> None:
    record = next(iter(read_deals(SAMPLES / "tie.pmn")))
    fragment = deal_html(record)
    target = tmp_path / "twice.html"
    target.write_text(
        f'<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>{fragment}{fragment}'
        "</body></html>",
        encoding="utf-8",
    )
    page = Page(browser, target)
    try:
        viewers = page.page.locator("[data-testid=mr-viewer]")
        viewers.first.wait_for()
        assert viewers.count() == 2
        viewers.nth(1).locator("[data-testid=mr-next]").click()
        assert viewers.nth(1).get_attribute("data-step") == "1"
        assert viewers.nth(0).get_attribute("data-step") == "0"
        assert page.problems == []
    finally:
        page.close()


def test_the_page_speaks_the_language_its_payload_carries(browser: Any, tmp_path: Path) -> None:
    """A page made in a language carries its words (the text layer's ``page_words``) and
    the viewer speaks them: in the pseudo-language the ledger's statuses and the card names
    of its labels come out marked; the same page made in English has none."""
    from mendikot_replay.text import PSEUDO, language

    target = tmp_path / "marked.html"
    with language(PSEUDO):
        target.write_text(page_html(read_deals(SAMPLES / "worked-example.pmn")), encoding="utf-8")
    page = Page(browser, target)
    try:
        status = page.page.locator("[data-testid=mr-ten-TH] .mr-tenstatus").inner_text()
        assert status.startswith("\u27e6") and status.endswith("\u27e7"), status
        labels = page.page.locator("[data-card]").evaluate_all(
            "els => els.map(e => e.getAttribute('aria-label') || '')"
        )
        assert any("\u27e6" in label for label in labels)
        assert page.problems == []
    finally:
        page.close()
    plain = _page(browser, tmp_path, "worked-example.pmn")
    try:
        status = plain.page.locator("[data-testid=mr-ten-TH] .mr-tenstatus").inner_text()
        assert "\u27e6" not in status and status
    finally:
        plain.close()


VISIBLE_TEXT = """root => {
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest("bdi, script, style, [hidden]")) continue;
    if (node.textContent.trim()) texts.push(node.textContent);
  }
  const labels = [];
  for (const el of root.querySelectorAll("[aria-label], [title]")) {
    if (el.closest("[hidden]")) continue;
    for (const name of ["aria-label", "title"]) {
      if (el.getAttribute(name)) labels.push(el.getAttribute(name));
    }
  }
  return [texts.join(" "), ...labels];
}"""


@pytest.mark.parametrize(
    "sample",
    ["worked-example.pmn", "closed-trump-version-b.pmn", "dehla-pakad.pmn", "cut-trump.pmn"],
)
def test_the_board_says_only_the_text_layer_s_words(
    browser: Any, tmp_path: Path, sample: str
) -> None:
    """The board with no kernel (a page of ``mendikot-replay html``) made in the
    pseudo-language, at the start, in the middle and at the end: every word it shows or
    says to a screen reader (text, ARIA labels, titles) is marked, but for the deal's own
    text — the board's words all come from the text layer."""
    from test_text import unmarked, user_words

    from mendikot_replay.text import PSEUDO, language

    records = list(read_deals(SAMPLES / sample))
    target = tmp_path / "marked.html"
    with language(PSEUDO):
        target.write_text(page_html(records[:1]), encoding="utf-8")
    allowed = user_words(records[0])
    page = Page(browser, target)
    try:
        viewer = page.tid("mr-viewer")
        last = int(page.tid("mr-slider").get_attribute("max"))
        for step in (0, last // 2, last):
            page.tid("mr-slider").fill(str(step))
            page.page.wait_for_function(
                "k => document.querySelector('[data-testid=mr-viewer]').dataset.step === String(k)",
                arg=step,
            )
            for text in viewer.evaluate(VISIBLE_TEXT):
                left = unmarked(text, allowed)
                assert not left, f"{sample} step {step}: {left} in {text[:200]!r}"
        assert page.problems == []
    finally:
        page.close()


def test_the_board_s_analysis_and_quiz_say_only_the_text_layer_s_words(
    browser: Any, tmp_path: Path
) -> None:
    """The same with the solver's values shown (a page made with ``analyse``) and a quiz
    asked: the values, the double-dummy panel, the marked cards and the quiz box are all
    the text layer's words."""
    from test_text import unmarked, user_words

    from mendikot_replay.text import PSEUDO, language

    records = list(read_deals(SAMPLES / "endgame-cover-or-duck.pmn"))
    target = tmp_path / "marked.html"
    with language(PSEUDO):
        target.write_text(page_html(records[:1], analyse=True), encoding="utf-8")
    allowed = user_words(records[0])
    page = Page(browser, target)
    try:
        viewer = page.tid("mr-viewer")
        page.tid("mr-opt-analyse").check()
        page.page.wait_for_selector("[data-testid=mr-dd]:not([hidden])")
        for text in viewer.evaluate(VISIBLE_TEXT):
            assert not (left := unmarked(text, allowed)), f"analyse: {left} in {text[:200]!r}"
        seat = page.page.evaluate("() => document.querySelector('.mr-toplay')?.dataset.seat || 'A'")
        page.tid("mr-opt-quiz").select_option(seat)
        page.page.wait_for_selector("[data-testid=mr-quiz]:not([hidden])")
        for text in viewer.evaluate(VISIBLE_TEXT):
            assert not (left := unmarked(text, allowed)), f"quiz: {left} in {text[:200]!r}"
        assert page.problems == []
    finally:
        page.close()


def _mounted(tmp_path: Path, payload: dict[str, Any], words: dict[str, Any]) -> Path:
    """A page that mounts the viewer on ``payload`` with no kernel, speaking ``words``."""
    from mendikot_replay.views.assets import viewer_css, viewer_js
    from mendikot_replay.views.html import payload_json

    target = tmp_path / "mounted.html"
    target.write_text(
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<style>{viewer_css()}</style></head><body><div id='here'></div>"
        f'<script type="application/json" id="payload">{payload_json(payload)}</script>'
        f'<script type="application/json" id="words">{payload_json(words)}</script>'
        f'<script type="module">{viewer_js()}\n'
        "const read = (id) => JSON.parse(document.getElementById(id).textContent);\n"
        "mountStatic(document.getElementById('here'), read('payload'), "
        "{ words: read('words') });\n</script></body></html>",
        encoding="utf-8",
    )
    return target


def test_the_recorder_says_only_the_text_layer_s_words(browser: Any, tmp_path: Path) -> None:
    """The recorder's set-up form and its dealing (pack, hands, trump, paste), made in the
    pseudo-language: every word they show or label is marked."""
    from test_text import unmarked

    from mendikot_replay.pmn.deal_form import DealForm
    from mendikot_replay.pmn.entry import DealEntry
    from mendikot_replay.session.payload import entry_view, form_view
    from mendikot_replay.text import PSEUDO, language, page_words

    with language(PSEUDO):
        words = page_words()
        form = form_view(DealForm(), "club.pmn")
        closed = DealEntry.new(dealer="D", trump_method="Closed")
        for card in ("AS", "KS", "QS", "JS", "TS"):
            closed.give(card)
        dealing = entry_view(closed)
        drawn = entry_view(DealEntry.new(dealer="D", trump_method="Drawn"))
    # the file's name, and the Variant tag's flags as PMN writes them (the form shows each
    # flag's name beside its words)
    from mendikot_replay.core.rules import VARIANT_FLAGS

    pmn_words = {"club", "pmn", *(w for flag in VARIANT_FLAGS for w in flag.split("-"))}
    for name, payload in (("form", form), ("closed", dealing), ("drawn", drawn)):
        page = Page(browser, _mounted(tmp_path, payload, words))
        try:
            viewer = page.tid("mr-viewer")
            page.page.wait_for_selector("[data-testid=mr-form], [data-testid=mr-entry]")
            for text in viewer.evaluate(VISIBLE_TEXT):
                left = unmarked(text, pmn_words)
                assert not left, f"{name}: {left} in {text[:200]!r}"
            assert page.problems == []
        finally:
            page.close()
