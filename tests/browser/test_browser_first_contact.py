"""A newcomer's first minute on the static site, in Chromium at a projector's 1280×720 and a
phone's 390×844, served by a plain static server on localhost with every request for another
host refused and counted (0):

- the front page lists the sample deals (``data-testid="mr-sample"``), each naming its deal,
  and one tap opens it on the board (before Python has even started: it waits for it);
- after one visit the site, a sample, a deal published beside the site (``?file=``) and the
  notebooks open with the network off (``context.set_offline``); a file never opened says
  plainly that it is not kept;
- a shared link with three characters changed is refused with a sentence in the status
  line; a link from before links carried a check opens, and says it could not be checked.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import (
    ROOT,
    SCREENS,
    PageErrors,
    Server,
    at_step,
    offline_page,
    python_ready,
    screen_page,
    shot,
    visited_once,
)
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from mendikot_replay.pmn.link import link_fragment
from mendikot_replay.pmn.reader import read_deals

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

WORKED = ROOT / "sample_games" / "worked-example.pmn"


def tap(page: Page, phone: bool, target: str) -> None:
    """A tap on a phone, a click at the projector."""
    control = page.locator(target).first
    if phone:
        control.tap()
    else:
        control.click()


@pytest.mark.parametrize(("screen", "viewport", "phone"), SCREENS)
def test_the_front_page_offers_the_samples_and_one_tap_replays_one(
    browser: Browser, site: Server, screen: str, viewport: ViewportSize, phone: bool
) -> None:
    with screen_page(browser, site, "/index.html", viewport, "mr-sample", phone=phone) as (
        page,
        outside,
    ):
        samples = page.get_by_test_id("mr-sample")
        names = [samples.nth(k).inner_text() for k in range(samples.count())]
        assert len(names) >= 5
        for wanted in ("worked example", "Endgame", "match", "House rules", "Two packs"):
            assert any(wanted.lower() in name.lower() for name in names), (wanted, names)
        # every sample is a file of the site, named in its link, and visible without a scroll
        for k in range(samples.count()):
            href = samples.nth(k).get_attribute("href") or ""
            assert re.fullmatch(r"\?file=games/[a-z0-9-]+\.pmn", href), href
            assert (ROOT / "sample_games" / href.removeprefix("?file=games/")).exists()
        first_box = samples.first.bounding_box()
        assert first_box is not None and first_box["y"] + first_box["height"] <= viewport["height"]
        shot(page, f"front-page-{screen}")
        # tapped at once, Python still starting: the deal waits for it, then shows
        tap(page, phone, "[data-testid=mr-sample] >> text=A worked example")
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=120_000)
        expect(page.get_by_test_id("site-status")).to_have_text("Open: worked-example.pmn")
        assert page.url.endswith("?file=games/worked-example.pmn")
        expect(page.get_by_test_id("site-samples")).to_be_hidden()
        (deal,) = read_deals(WORKED)
        names_shown = board.inner_text()
        assert deal.tags["A"] in names_shown
        board.get_by_test_id("mr-next").click()
        at_step(board, 1)
        shot(page, f"front-page-sample-{screen}")
        assert outside == []


def test_after_one_visit_samples_and_published_deals_open_offline(
    browser: Browser, site: Server
) -> None:
    viewport: ViewportSize = {"width": 390, "height": 844}
    with screen_page(browser, site, "/index.html", viewport, "mr-sample", phone=True) as (
        page,
        outside,
    ):
        python_ready(page)
        visited_once(page)
        # a deal published beside the site (not one of its files), opened once online
        page.goto(site.address("/index.html?file=games/duck.pmn"))
        expect(page.get_by_test_id("mr-viewer")).to_be_visible(timeout=120_000)
        page.context.set_offline(True)
        page.goto(site.address("/index.html?file=games/duck.pmn"))
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=120_000)
        expect(page.get_by_test_id("site-status")).to_have_text("Open: duck.pmn")
        # a sample, never opened before: the site's own file, kept when it installed
        page.goto(site.address("/index.html"))
        python_ready(page)
        page.get_by_test_id("mr-sample").filter(has_text="Dehla Pakad").tap()
        expect(page.get_by_test_id("site-status")).to_have_text("Open: dehla-pakad.pmn")
        expect(page.get_by_test_id("mr-viewer")).to_be_visible()
        # a published file never opened here: said plainly, nothing else
        page.goto(site.address("/index.html?file=games/not-yet.pmn"))
        python_ready_status = page.get_by_test_id("site-status")
        expect(python_ready_status).to_have_text(
            "Cannot open not-yet.pmn: this device is offline, and the file was not opened "
            "here while online",
            timeout=120_000,
        )
        assert outside == []


def test_after_one_visit_the_notebooks_open_and_run_offline(browser: Browser, site: Server) -> None:
    errors = PageErrors()
    context, page = offline_page(browser, errors)
    try:
        notebook = "/lab/notebooks/index.html?path=notebooks/03-endgames.ipynb"
        page.goto(site.address(notebook))
        expect(page.locator(".jp-Notebook").first).to_be_visible(timeout=120_000)
        # the lab's service worker keeps every file of the lab in the background, marks its
        # copy whole and tells the page (views/site/lab-sw.js)
        kept = page.evaluate(KEPT)
        assert kept, "the lab's files were not all kept"
        context.set_offline(True)
        page.reload()
        run_all_and_see_a_board(page)
        assert errors.outside == []
    finally:
        shot(page, "lab-offline")
        context.close()


KEPT = """() => new Promise((resolve) => {
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data === "mendikot-lab-kept") resolve(true);
  });
  caches.match(new URL("../mendikot-lab-kept", location.href).href).then((mark) => {
    if (mark) resolve(true);
  });
  setTimeout(() => resolve(false), 240000); // a bound on a broken build, not a wait
})"""
"""Whether the lab's service worker has kept every file: its mark in the cache, or its
message once it has put it there."""


def run_all_and_see_a_board(page: Page) -> None:
    notebook = page.locator(".jp-Notebook").first
    expect(notebook).to_be_visible(timeout=120_000)
    indicator = page.locator(".jp-Notebook-ExecutionIndicator").first
    expect(page.locator(".jp-Toolbar-kernelName").first).to_have_text(
        "Python (Pyodide)", timeout=180_000
    )
    expect(indicator).to_have_attribute("data-status", "idle", timeout=180_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.locator("[data-command='runmenu:run-all']").click()
    prompts = notebook.locator(".jp-CodeCell .jp-InputArea-prompt")
    for k in range(prompts.count()):
        expect(prompts.nth(k)).to_have_text(re.compile(r"^\[\d+\]:$"), timeout=180_000)
    failed = notebook.locator("[data-mime-type='application/vnd.jupyter.error']")
    assert failed.count() == 0, failed.first.inner_text()[-2000:]
    expect(notebook.get_by_test_id("mr-viewer").first).to_be_visible()


def test_a_damaged_link_is_refused_and_an_old_one_says_it_is_unchecked(
    browser: Browser, site: Server
) -> None:
    text = WORKED.read_text(encoding="utf-8")
    fragment = link_fragment(text, at=12)
    middle = len("deal=") + 200
    swapped = "".join("A" if c != "A" else "B" for c in fragment[middle : middle + 3])
    damaged = fragment[:middle] + swapped + fragment[middle + 3 :]
    viewport: ViewportSize = {"width": 1280, "height": 720}
    with screen_page(browser, site, "/index.html", viewport, "mr-sample") as (page, outside):
        python_ready(page)
        status = page.get_by_test_id("site-status")
        page.goto(site.address(f"/index.html#{damaged}"))
        expect(status).to_have_text(
            re.compile(r"^This link cannot be opened: the link is damaged: its check does not"),
            timeout=120_000,
        )
        expect(page.get_by_test_id("mr-viewer")).to_have_count(0)
        old = fragment.split("&check=")[0]
        page.goto(site.address(f"/index.html#{old}"))
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=60_000)
        at_step(board, 12)
        expect(status).to_have_text(
            re.compile(r"^This link is from before links carried a check: it opened"),
            timeout=60_000,
        )
        assert outside == []


def test_every_documented_file_address_is_a_file_of_the_site(built_site: Path) -> None:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    addresses = {
        (page.name, found)
        for page in pages
        for found in re.findall(r"\?file=([^\s`&)#\"']+)", page.read_text(encoding="utf-8"))
    }
    assert addresses  # the site's page documents them
    for page, address in sorted(addresses):
        assert (built_site / address).is_file(), f"{page}: ?file={address} is no file of the site"


@pytest.mark.parametrize(("screen", "viewport", "phone"), SCREENS)
def test_the_recorder_asks_the_names_first_and_the_dealer_of_a_new_file(
    browser: Browser, site: Server, screen: str, viewport: ViewportSize, phone: bool
) -> None:
    with screen_page(browser, site, "/index.html", viewport, "mr-sample", phone=phone) as (
        page,
        outside,
    ):
        python_ready(page)
        tap(page, phone, "[data-testid=site-record]")
        form = page.get_by_test_id("mr-form")
        expect(form).to_be_visible(timeout=60_000)
        # in the page's order: the names, then the dealer, the occasion, the house rules
        order = form.evaluate(
            """(el) => [...el.querySelectorAll('[data-testid]')].map((e) => e.dataset.testid)"""
        )
        assert order.index("mr-form-name-A") < order.index("mr-form-dealer")
        assert order.index("mr-form-dealer") < order.index("mr-form-event")
        assert order.index("mr-form-event") < order.index("mr-form-house")
        house = form.get_by_test_id("mr-form-house")
        expect(house.locator("summary")).to_have_text("House rules (none)")
        expect(form.locator("input[type=checkbox]").first).to_be_hidden()  # folded
        # a new file: nobody is offered as dealer, and the form will not guess one
        dealer = form.get_by_test_id("mr-form-dealer")
        expect(dealer).to_have_value("")
        tap(page, phone, "[data-testid=mr-form-start]")
        expect(form.get_by_test_id("mr-form-notice")).to_have_text("Who deals? Choose the dealer.")
        expect(form).to_be_visible()
        shot(page, f"recorder-form-{screen}")
        dealer.select_option("C")
        tap(page, phone, "[data-testid=mr-form-start]")
        expect(page.get_by_test_id("mr-form")).to_have_count(0, timeout=60_000)
        assert outside == []


SMALLEST_TEXT = """(root) => {
  // the smallest font of any text a person can see in the board (a glyph of a card, a
  // badge, a label, the graph's axis), with where it is
  let smallest = [Infinity, ""];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode;
    if (!text.textContent.trim()) continue;
    const el = text.parentElement;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || el.closest("[hidden]")) continue;
    const style = getComputedStyle(el);
    if (style.visibility === "hidden") continue;
    const size = parseFloat(style.fontSize);
    const what = `${el.getAttribute("class")}: ${text.textContent.trim().slice(0, 20)}`;
    if (size < smallest[0]) smallest = [size, what];
  }
  return smallest;
}"""


def board_with_everything_on(page: Page, phone: bool) -> Locator:
    """The worked example at card 20, the solver's values and the chances graph on."""
    board = page.get_by_test_id("mr-viewer")
    expect(board).to_be_visible(timeout=120_000)
    for step in range(1, 21):
        board.get_by_test_id("mr-next").click()
        at_step(board, step)
    menu = board.get_by_test_id("mr-menu")
    if phone:
        menu.tap()
    board.get_by_test_id("mr-opt-analyse").check()
    board.get_by_test_id("mr-opt-chances").check()
    if phone:
        board.get_by_test_id("mr-menu-close").tap()
    expect(board.locator("[data-dd-value]").first).to_be_visible(timeout=60_000)
    return board


def test_at_a_projector_the_table_fits_the_screen_with_the_graph_beside_it(
    browser: Browser, site: Server
) -> None:
    viewport: ViewportSize = {"width": 1280, "height": 720}
    link = "/index.html?file=games/worked-example.pmn"
    with screen_page(browser, site, link, viewport, "mr-ready") as (page, outside):
        board = board_with_everything_on(page, phone=False)
        expect(board.get_by_test_id("mr-chances-box")).to_be_visible(timeout=60_000)
        page.evaluate("() => window.scrollTo(0, 0)")
        table = board.locator(".mr-tablearea").bounding_box()
        graph = board.get_by_test_id("mr-chances-box").bounding_box()
        assert table is not None and graph is not None
        assert table["y"] + table["height"] <= viewport["height"], table  # no scroll
        for seat in "ABCD":
            hand = board.get_by_test_id(f"mr-seat-{seat}").bounding_box()
            assert hand is not None and hand["y"] + hand["height"] <= viewport["height"]
        # beside the table, its top on the screen — not under it
        assert graph["x"] >= table["x"] + table["width"] and graph["y"] < viewport["height"]
        size, where = board.evaluate(SMALLEST_TEXT)
        assert size >= 12, where
        shot(page, "fit-projector")
        assert outside == []


def test_on_a_phone_the_graph_is_a_tab_and_no_text_is_under_12px(
    browser: Browser, site: Server
) -> None:
    viewport: ViewportSize = {"width": 390, "height": 844}
    link = "/index.html?file=games/worked-example.pmn"
    with screen_page(browser, site, link, viewport, "mr-ready", phone=True) as (page, outside):
        board = board_with_everything_on(page, phone=True)
        size, where = board.evaluate(SMALLEST_TEXT)
        assert size >= 12, where
        graph = board.get_by_test_id("mr-chances-box")
        expect(graph).to_be_hidden()  # the table's tab first
        board.get_by_test_id("mr-tab-chances").tap()
        expect(graph).to_be_visible()
        expect(board.get_by_test_id("mr-table")).to_be_hidden()
        expect(board.get_by_test_id("mr-tab-chances")).to_have_attribute("aria-selected", "true")
        box = graph.bounding_box()
        assert box is not None and box["y"] < viewport["height"]  # one tap, no scroll
        size, where = board.evaluate(SMALLEST_TEXT)
        assert size >= 12, where
        shot(page, "fit-phone-chances")
        board.get_by_test_id("mr-tab-table").tap()
        expect(board.get_by_test_id("mr-table")).to_be_visible()
        expect(graph).to_be_hidden()
        assert outside == []


def test_on_a_phone_a_refusal_does_not_cover_the_top_hand(browser: Browser, site: Server) -> None:
    viewport: ViewportSize = {"width": 390, "height": 844}
    link = "/index.html?file=games/worked-example.pmn"
    with screen_page(browser, site, link, viewport, "mr-ready", phone=True) as (page, outside):
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=120_000)
        # A leads: a card of C's (the top hand) is not C's to play
        board.get_by_test_id("mr-seat-C").locator("[data-card]").first.tap()
        notice = board.get_by_test_id("mr-notice")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("turn")
        said, top = notice.bounding_box(), board.get_by_test_id("mr-seat-C").bounding_box()
        assert said is not None and top is not None
        apart = said["y"] + said["height"] <= top["y"] or top["y"] + top["height"] <= said["y"]
        assert apart, (said, top)
        shot(page, "phone-refusal")
        assert outside == []
