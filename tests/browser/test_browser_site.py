"""The static site (``./dev.sh site``): the board in a browser with no Python installed and
no server of ours — the package in Pyodide inside a Web Worker, the solver core as
WebAssembly — served by a plain static file server on localhost, driven in Chromium with
every request for another host refused and counted (0).

- A .pmn file opened with the picker shows the board; stepping works; a card clicked where
  the deal went otherwise starts a variation, made by the session in the worker.
- The solver's values (analyse) come from the WebAssembly core in the worker, and they are
  the compiled module's, card for card.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from benchmark_scripts import load_script
from browser_support import (
    ROOT,
    PageErrors,
    Server,
    at_step,
    free_port,
    screen_page,
    start_server,
    stop_server,
)
from playwright.sync_api import Browser, FilePayload, Locator, Page, ViewportSize, expect

from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.solver.search import solve

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

WORKED = ROOT / "sample_games" / "worked-example.pmn"


def python_ready(page: Page) -> Locator:
    """Wait for Python to have started in the page's worker (a cold Pyodide takes seconds);
    the status line."""
    status = page.get_by_test_id("site-status")
    expect(status).to_have_text("Ready: open a .pmn file.", timeout=120_000)
    return status


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    out = tmp_path_factory.mktemp("site") / "site"
    load_script("build_site").build(out)
    # a deal published beside the site, for a link to open
    (out / "games").mkdir()
    shutil.copy2(ROOT / "sample_games" / "endgame-cover-or-duck.pmn", out / "games")
    port = free_port()
    args = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(out)]
    server = start_server("site", [*args, str(port)], dict(os.environ), "/index.html", "", port)
    try:
        yield server
    finally:
        stop_server(server)


@pytest.fixture(scope="module")
def opened(browser: Browser, site: Server) -> Iterator[tuple[Page, list[str], PageErrors]]:
    viewport: ViewportSize = {"width": 1280, "height": 900}
    with screen_page(browser, site, "/index.html", viewport, "site-status") as (page, outside):
        errors = PageErrors()
        page.on("pageerror", errors.on_page_error)
        status = python_ready(page)
        page.get_by_test_id("site-file").set_input_files(str(WORKED))
        expect(page.get_by_test_id("mr-viewer")).to_be_visible(timeout=60_000)
        expect(status).to_have_text("Open: worked-example.pmn")
        yield page, outside, errors


def test_a_file_opened_in_the_page_is_stepped_and_played(
    opened: tuple[Page, list[str], PageErrors],
) -> None:
    page, outside, errors = opened
    board = page.get_by_test_id("mr-viewer")
    board.get_by_test_id("mr-next").click()
    at_step(board, 1)
    board.get_by_test_id("mr-first").click()
    at_step(board, 0)
    # A (Asha) led the ten of hearts; a click on her six of spades tries another card
    board.get_by_test_id("mr-seat-A").locator("[data-card='6S']").click()
    at_step(board, 1)
    expect(board.get_by_test_id("mr-line")).to_contain_text("variation")
    expect(board.get_by_test_id("mr-trick").locator("[data-card]")).to_have_count(1)
    assert outside == [], outside
    assert errors.problems() == []


def test_the_solver_in_the_page_is_the_compiled_one(
    opened: tuple[Page, list[str], PageErrors],
) -> None:
    page, outside, _ = opened
    board = page.get_by_test_id("mr-viewer")
    (record,) = read_deals(WORKED)
    # before trick 5: nine tricks left, more than the pure-Python search is given (five):
    # solved here only by the core, as WebAssembly in the worker
    step = 16
    # back on the main line (the other test left a variation): its card in the move list
    board.get_by_test_id("mr-moves").locator(f"[data-node='{step}']").first.click()
    at_step(board, step)
    board.get_by_test_id("mr-opt-analyse").check()
    panel = board.get_by_test_id("mr-dd")
    expect(panel).to_have_attribute("data-state", "solved", timeout=60_000)
    expected = solve(record.game_at(record.mainline()[step - 1]))
    expect(panel).to_have_attribute("data-value", str(expected.value))
    for card, value in expected.cards.items():
        shown = board.locator(f"[data-card='{card}'][data-dd-value]").first
        expect(shown).to_have_attribute("data-dd-value", str(value))
    assert outside == []


def test_save_hands_the_file_over_with_the_change(
    opened: tuple[Page, list[str], PageErrors],
) -> None:
    page, outside, _ = opened
    board = page.get_by_test_id("mr-viewer")
    board.get_by_test_id("mr-first").click()
    at_step(board, 0)
    board.get_by_test_id("mr-seat-A").locator("[data-card='3S']").click()  # a variation
    at_step(board, 1)
    with page.expect_download() as download:
        board.get_by_test_id("mr-save").click()
    assert download.value.suggested_filename == "worked-example.pmn"
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    (record,) = read_string(saved)
    first = record.variations
    assert [str(n.card) for n in first] == ["TH", "6S", "3S"]  # the deal's, and both tried
    # and it is kept in the browser, should the tab close
    kept = page.evaluate("() => localStorage.getItem('mendikot:worked-example.pmn')")
    assert kept == saved
    expect(page.get_by_test_id("site-status")).to_contain_text("Saved: worked-example.pmn")
    assert outside == []


def test_after_one_visit_the_site_opens_with_the_network_off(
    browser: Browser, site: Server
) -> None:
    viewport: ViewportSize = {"width": 390, "height": 844}
    with screen_page(browser, site, "/index.html", viewport, "site-status", phone=True) as (
        page,
        outside,
    ):
        python_ready(page)
        # the service worker has kept every file: it controls the page once reloaded
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
        manifest = page.evaluate(
            "() => fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())"
        )
        assert manifest["display"] == "standalone" and manifest["icons"]
        page.context.set_offline(True)
        page.reload()
        python_ready(page)
        page.get_by_test_id("site-file").set_input_files(str(WORKED))
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=60_000)
        board.get_by_test_id("mr-next").click()
        at_step(board, 1)
        assert outside == []


def test_a_deal_is_recorded_on_a_phone_and_saved(browser: Browser, site: Server) -> None:
    """The recorder in the page: its form, the hands pasted from a score sheet, the trump,
    the first trick tapped; the tab reloaded mid-deal and the deal resumed from the
    browser's storage; Save: the deal comes back as a file."""
    (worked,) = read_deals(WORKED)
    viewport: ViewportSize = {"width": 390, "height": 844}
    with screen_page(browser, site, "/index.html", viewport, "site-status", phone=True) as (
        page,
        outside,
    ):
        python_ready(page)
        page.get_by_test_id("site-record").tap()
        board = page.get_by_test_id("mr-viewer")
        expect(board.get_by_test_id("mr-form")).to_be_visible(timeout=60_000)
        expect(page.get_by_test_id("site-status")).to_have_text("Recording into: games.pmn")
        for seat in "ABCD":
            board.get_by_test_id(f"mr-form-name-{seat}").fill(worked.tags[seat])
        board.get_by_test_id("mr-form-dealer").select_option(worked.tags["Dealer"])
        board.get_by_test_id("mr-form-start").tap()
        board.get_by_test_id("mr-paste").fill(worked.tags["Hands"])
        board.get_by_test_id("mr-paste-go").tap()
        board.get_by_test_id(f"mr-trump-{worked.tags['Trump']}").tap()
        for k, node in enumerate(worked.mainline()[:4], start=1):
            expect(board).to_have_attribute("data-to-play", node.seat or "")
            board.get_by_test_id(f"mr-seat-{node.seat}").locator(
                f"button[data-card='{node.card}']"
            ).tap()
            at_step(board, k)
        # the tab closes mid-deal: the deal so far is kept in the browser, and taken up again
        page.reload()
        python_ready(page)
        page.get_by_test_id("site-resume").tap()
        board = page.get_by_test_id("mr-viewer")
        at_step(board, 4)
        expect(board).to_have_attribute("data-to-play", worked.mainline()[4].seat or "")
        with page.expect_download() as download:
            board.get_by_test_id("mr-save").tap()
        assert download.value.suggested_filename == "games.pmn"
        page.wait_for_function("() => localStorage.getItem('mendikot:draft') === null")
        (saved,) = read_string(Path(download.value.path()).read_text(encoding="utf-8"))
        assert saved.tags["Hands"] == worked.tags["Hands"] and saved.tags["C"] == "Chetan"
        assert [str(n.card) for n in saved.mainline()] == [
            str(n.card) for n in worked.mainline()[:4]
        ]
        assert outside == []


def test_a_byte_that_is_not_utf8_survives_a_save_in_the_page(
    opened: tuple[Page, list[str], PageErrors],
) -> None:
    page, outside, _ = opened
    other = b'\n[Event "Caf\xe9 night"]\n[Dealer "B"]\n[TrumpMethod "None"]\n*\n'
    mixed = WORKED.read_bytes() + other
    payload: FilePayload = {"name": "mixed.pmn", "mimeType": "text/plain", "buffer": mixed}
    page.get_by_test_id("site-file").set_input_files(files=[payload])
    expect(page.get_by_test_id("site-status")).to_have_text("Open: mixed.pmn", timeout=60_000)
    board = page.get_by_test_id("mr-viewer")
    board.get_by_test_id("mr-seat-A").locator("[data-card='6S']").click()  # a variation
    at_step(board, 1)
    with page.expect_download() as download:
        board.get_by_test_id("mr-save").click()
    saved = Path(download.value.path()).read_bytes()
    assert saved.endswith(other)  # the deal not opened, byte for byte
    assert b"( 1. A: 6S )" in saved
    assert outside == []


def test_a_link_and_a_drop_open_a_deal(browser: Browser, site: Server) -> None:
    viewport: ViewportSize = {"width": 1280, "height": 720}
    link = "/index.html?pmn=games/endgame-cover-or-duck.pmn"
    with screen_page(browser, site, link, viewport, "site-status") as (page, outside):
        status = page.get_by_test_id("site-status")
        expect(status).to_have_text("Open: endgame-cover-or-duck.pmn", timeout=120_000)
        board = page.get_by_test_id("mr-viewer")
        expect(board.get_by_test_id("mr-trick-text")).to_have_text("Trick 10")
        # a file dropped on the page replaces it
        page.evaluate(
            """(text) => {
                const dropped = new DataTransfer();
                dropped.items.add(new File([text], "dropped.pmn", { type: "text/plain" }));
                const drop = new DragEvent("drop", { dataTransfer: dropped, bubbles: true });
                document.dispatchEvent(drop);
            }""",
            WORKED.read_text(encoding="utf-8"),
        )
        expect(status).to_have_text("Open: dropped.pmn", timeout=60_000)
        expect(board.get_by_test_id("mr-trick-text")).to_have_text("before trick 1")
        assert outside == []
