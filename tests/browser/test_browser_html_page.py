"""The page ``mendikot-replay html`` exports, opened from a file:// URL with no server and
no kernel: it must step by itself, and stepping must be quick."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, ROOT, PageErrors, at_step, render_times, shot, summary
from playwright.sync_api import Page, expect

CARDS = 52

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# Click "next" in the page itself and time it to the next painted frame, from the page's
# own clock: what a user waits for, without the test driver's round trips.
CLICK_TO_FRAME = """async (count) => {
    const root = document.querySelector('[data-testid="mr-viewer"]');
    root.querySelector('[data-testid="mr-first"]').click();
    const next = root.querySelector('[data-testid="mr-next"]');
    const times = [];
    for (let i = 0; i < count; i++) {
        const before = root.dataset.step;
        const start = performance.now();
        next.click();
        await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
        if (root.dataset.step === before) throw new Error('step did not change at ' + i);
        times.push(performance.now() - start);
    }
    return times;
}"""


def export(source: str, out: Path) -> Path:
    result = subprocess.run(
        [sys.executable, "-m", "mendikot_replay", "html", str(ROOT / source), "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert out.exists()
    return out


@pytest.fixture
def worked_page(page: Page, tmp_path: Path) -> Page:
    html = export("sample_games/worked-example.pmn", tmp_path / "worked.html")
    page.goto(html.as_uri())
    expect(page.get_by_test_id("mr-viewer").first).to_be_visible()
    return page


def test_the_exported_page_steps_without_a_server(
    worked_page: Page, page_errors: PageErrors
) -> None:
    viewer = worked_page.get_by_test_id("mr-viewer").first
    at_step(viewer, 0)
    viewer.get_by_test_id("mr-next").click()
    at_step(viewer, 1)
    expect(viewer.get_by_test_id("mr-step")).to_contain_text(f"1 of {CARDS}")
    viewer.focus()
    worked_page.keyboard.press("ArrowRight")
    at_step(viewer, 2)
    worked_page.keyboard.press("ArrowDown")
    at_step(viewer, 4)
    expect(viewer.get_by_test_id("mr-ten-TH")).to_have_attribute("data-status", "captured")
    viewer.get_by_test_id("mr-last").click()
    at_step(viewer, CARDS)
    expect(viewer.get_by_test_id("mr-result")).to_contain_text("3 tens")
    shot(worked_page, "html-page-worked-example")
    assert page_errors.problems() == []


def test_a_whole_match_exports_to_one_page(
    page: Page, page_errors: PageErrors, tmp_path: Path
) -> None:
    html = export("sample_games/match-thursday-club.pmn", tmp_path / "match.html")
    page.goto(html.as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    expect(viewer).to_be_visible()
    viewer.get_by_test_id("mr-next-trick").click()
    at_step(viewer, 4)
    shot(page, "html-page-match")
    assert page_errors.problems() == []


def test_step_render_time_in_the_exported_page(
    worked_page: Page, capsys: pytest.CaptureFixture[str]
) -> None:
    """Printed, not asserted (see test_voila.py): the viewer's own render time per step
    over the deal, and click-to-next-frame measured in the page."""
    viewer = worked_page.get_by_test_id("mr-viewer").first
    viewer.get_by_test_id("mr-first").click()
    at_step(viewer, 0)
    viewer.focus()
    rendered = render_times(viewer, lambda: worked_page.keyboard.press("ArrowRight"), CARDS)
    framed: list[float] = worked_page.evaluate(CLICK_TO_FRAME, CARDS)
    lines = [
        summary("HTML page, step render (data-last-render-ms)", rendered),
        summary("HTML page, click to next frame (performance.now)", framed),
    ]
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "render-times-html.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    with capsys.disabled():
        print("\n" + "\n".join(lines))


def test_printed_the_page_is_a_handout_without_buttons(page: Page, tmp_path: Path) -> None:
    """A teacher prints the page: every deal's hands and trick list, no button to press."""
    html = export("sample_games/match-thursday-club.pmn", tmp_path / "match.html")
    page.goto(html.as_uri())
    expect(page.get_by_test_id("mr-viewer").first).to_be_visible()
    page.emulate_media(media="print")
    assert page.locator("button:visible, select:visible, input:visible").count() == 0
    deals = page.locator(".mr-deal")
    assert deals.count() > 1
    for i in range(deals.count()):  # every deal, not only the one the picker showed
        expect(deals.nth(i).locator(".mr-s-hands")).to_be_visible()
        expect(deals.nth(i).locator(".mr-s-tricks")).to_be_visible()
    page.pdf(path=str(ARTIFACTS / "html-page-printed.pdf"))
    page.emulate_media(media="screen")
    expect(page.get_by_test_id("mr-viewer").first).to_be_visible()  # the screen is as it was


def test_the_holder_who_may_ask_plays_the_face_down_card_with_the_ask(
    page: Page, tmp_path: Path, page_errors: PageErrors
) -> None:
    """sample_games/closed-house-rules.pmn, deal 1 (holder-may-ask): after D's ten of spades
    A, out of spades, may ask. A's face-down two of diamonds is not a legal card until the
    ask is switched on; then it is, and clicking it follows the recorded ^T2D."""
    html = export("sample_games/closed-house-rules.pmn", tmp_path / "closed.html")
    page.goto(html.as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    viewer.get_by_test_id("mr-next").click()
    expect(viewer).to_have_attribute("data-step", "1")
    face_down = viewer.get_by_test_id("mr-seat-A").locator('[data-card="2D"]')
    expect(face_down).to_have_class(re.compile(r"\bmr-facedown\b"))
    expect(face_down).to_have_attribute("data-legal", "false")
    viewer.get_by_test_id("mr-ask").click()
    expect(viewer.get_by_test_id("mr-ask")).to_have_attribute("aria-pressed", "true")
    face_down = viewer.get_by_test_id("mr-seat-A").locator('[data-card="2D"]')
    expect(face_down).to_have_attribute("data-legal", "true")
    face_down.click()
    expect(viewer).to_have_attribute("data-step", "2")
    expect(viewer.get_by_test_id("mr-trump")).to_have_attribute("data-status", "revealed")
    shot(page, "html-holder-asks")
    assert page_errors.problems() == []
