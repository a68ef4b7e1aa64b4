"""Replaying on a phone: ``notebooks/01-replay.ipynb`` in Voila, in Chromium at 390x844.

With the board scrolled to the top of the screen, the table, the trick on the table, the
tens ledger and the step buttons are all on that one screen, card after card; the options
wait behind the ☰ menu.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_support import (
    Server,
    at_step,
    screen_page,
)
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

PHONE: ViewportSize = {"width": 390, "height": 844}
NOTEBOOK = "/voila/render/01-replay.ipynb"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def phone(browser: Browser, voila_server: Server) -> Iterator[Page]:
    with screen_page(browser, voila_server, NOTEBOOK, PHONE, phone=True) as (page, outside):
        yield page
        assert outside == []


def on_screen(target: Locator, what: str) -> None:
    box = target.bounding_box()
    assert box is not None, what
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, what
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, what


def test_the_table_the_trick_the_tens_and_the_buttons_fit_one_screen(phone: Page) -> None:
    board = phone.get_by_test_id("mr-viewer").first
    board.get_by_test_id("mr-first").click()
    at_step(board, 0)
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    for step in range(0, 21):
        if step:
            board.get_by_test_id("mr-next").tap()
            at_step(board, step)
        for part in ("mr-table", "mr-trick", "mr-ledger", "mr-prev", "mr-next", "mr-menu"):
            on_screen(board.get_by_test_id(part), f"card {step}: {part}")
        for seat in "ABCD":
            on_screen(board.get_by_test_id(f"mr-seat-{seat}"), f"card {step}: {seat}'s hand")
        trick = board.get_by_test_id("mr-trick").locator("[data-card]")
        for i in range(trick.count()):
            on_screen(trick.nth(i), f"card {step}: the trick's card {i + 1}")


def test_the_options_wait_behind_the_menu(phone: Page) -> None:
    board = phone.get_by_test_id("mr-viewer").first
    expect(board.get_by_test_id("mr-opt-four")).to_be_hidden()
    table = board.get_by_test_id("mr-table")
    # where the table is in the board (the page may scroll as the menu is tapped)
    in_board = (
        "(el) => el.getBoundingClientRect().top"
        " - el.closest('[data-testid=mr-viewer]').getBoundingClientRect().top"
    )
    before = table.evaluate(in_board)
    board.get_by_test_id("mr-menu").tap()
    expect(board.get_by_test_id("mr-opt-four")).to_be_visible()
    expect(board.get_by_test_id("mr-menu")).to_have_attribute("aria-expanded", "true")
    # a sheet laid over the board right under its bar of buttons: nothing pushed down
    sheet = board.get_by_test_id("mr-menu-panel")
    assert sheet.evaluate("(el) => getComputedStyle(el).position") == "absolute"
    box, bar = sheet.bounding_box(), board.locator(".mr-controls").bounding_box()
    assert box is not None and bar is not None
    assert abs(box["y"] - (bar["y"] + bar["height"])) < 1
    assert table.evaluate(in_board) == before
    board.get_by_test_id("mr-opt-four").check()  # an option changed: the menu stays open
    expect(board).to_have_class(re.compile(r"\bmr-4c\b"))
    expect(board.get_by_test_id("mr-opt-four")).to_be_visible()
    board.get_by_test_id("mr-opt-four").uncheck()
    board.get_by_test_id("mr-menu-close").tap()  # the sheet's own button
    expect(board.get_by_test_id("mr-opt-four")).to_be_hidden()
    expect(board.get_by_test_id("mr-menu")).to_have_attribute("aria-expanded", "false")
