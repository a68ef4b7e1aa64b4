"""The viewer's "analyse" toggle in a real browser, checked against the solver run here.

- In Voila (``notebooks/03-endgames.ipynb``): the box is ticked in the page, the kernel
  solves the step on its worker thread and sends the values back through the widget: the
  green (``mr-dd-keep``) and red (``mr-dd-lose``) cards, their labels and ARIA labels, and
  the position's value must be exactly what ``Solver`` says for that position.
- In the page of ``page_html(..., analyse=True)``, opened from a file with no kernel: the
  embedded values, "too early to solve" for the start of a full deal.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import ROOT, PageErrors, Server, at_step, shot, voila_page
from playwright.sync_api import Browser, Locator, Page, expect

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.solver.search import Solver, value_text
from mendikot_replay.views.html import page_html

NOTEBOOK = "/voila/render/03-endgames.ipynb"
# The viewers of 03-endgames.ipynb, in page order: the first endgame (analyse off) and
# C's duck (analyse on).
QUESTION, DUCK = 0, 1

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def endgames() -> list[DealRecord]:
    return list(read_deals(ROOT / "sample_games" / "endgame-cover-or-duck.pmn"))


@pytest.fixture(scope="module")
def voila_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture(scope="module")
def endgames_page(
    browser: Browser, voila_server: Server, voila_errors: PageErrors
) -> Iterator[Page]:
    with voila_page(
        browser, voila_server, voila_errors, NOTEBOOK, DUCK, "analyse-voila-end.png"
    ) as page:
        yield page


def check_values(viewer: Locator, record: DealRecord, k: int, solver: Solver) -> None:
    """The viewer at step ``k`` shows the solver's values: the panel's value, and on the
    hand of the player to move each legal card green or red with its value, no other."""
    game = record.position(k)
    solution = solver.solve(game)
    panel = viewer.get_by_test_id("mr-dd")
    expect(panel).to_have_attribute("data-state", "solved")
    expect(panel).to_have_attribute("data-value", str(solution.value))
    expect(panel).to_contain_text(f"double-dummy: {value_text(solution.value)}")
    seat = game.to_play
    assert seat is not None
    marked = viewer.locator("[data-dd-value]")
    expect(marked).to_have_count(len(solution.cards))
    hand = viewer.get_by_test_id(f"mr-seat-{seat}")
    for card, value in solution.cards.items():
        chip = hand.locator(f'[data-card="{card}"]')
        keeps = value == solution.value
        expect(chip).to_contain_class("mr-dd-keep" if keeps else "mr-dd-lose")
        expect(chip).to_have_attribute("data-dd-value", str(value))
        expect(chip).to_have_attribute("data-dd-text", value_text(value))
        # a card that keeps the value shows its tick; one that loses it, what it comes to
        expect(chip).to_contain_text("\u2713" if keeps else f"\u2717 {value_text(value)}")
        label = chip.get_attribute("aria-label") or ""
        assert f"double-dummy {value_text(value)}" in label, label
        assert ("keeps the best outcome" in label) == keeps, label


def test_ticking_analyse_shows_the_solvers_values(
    endgames_page: Page, endgames: list[DealRecord]
) -> None:
    viewer = endgames_page.get_by_test_id("mr-viewer").nth(QUESTION)
    viewer.get_by_test_id("mr-first").click()
    at_step(viewer, 0)
    toggle = viewer.get_by_test_id("mr-opt-analyse")
    expect(toggle).not_to_be_checked()
    expect(viewer.get_by_test_id("mr-dd")).to_be_hidden()
    expect(viewer.locator("[data-dd-value]")).to_have_count(0)
    toggle.check()
    solver = Solver("outcome")
    check_values(viewer, endgames[0], 0, solver)
    # C's king keeps the deal, the nine loses it.
    seat_c = viewer.get_by_test_id("mr-seat-C")
    expect(seat_c.locator('[data-card="KS"]')).to_contain_class("mr-dd-keep")
    expect(seat_c.locator('[data-card="9S"]')).to_contain_class("mr-dd-lose")
    shot(endgames_page, "analyse-voila-on")
    for k in (1, 2, 3):  # D, then A (three red diamonds, the ten of clubs), then C
        viewer.get_by_test_id("mr-next").click()
        at_step(viewer, k)
        check_values(viewer, endgames[0], k, solver)
    toggle.uncheck()
    expect(viewer.get_by_test_id("mr-dd")).to_be_hidden()
    expect(viewer.locator("[data-dd-value]")).to_have_count(0)


def test_the_card_that_lost_the_deal_is_marked(endgames_page: Page) -> None:
    viewer = endgames_page.get_by_test_id("mr-viewer").nth(DUCK)
    expect(viewer.get_by_test_id("mr-opt-analyse")).to_be_checked()
    viewer.get_by_test_id("mr-first").click()
    at_step(viewer, 0)
    expect(viewer.get_by_test_id("mr-seat-C").locator('[data-card="9S"]')).to_contain_class(
        "mr-dd-lose"
    )
    viewer.get_by_test_id("mr-next").click()  # C ducks with the nine
    at_step(viewer, 1)
    played = viewer.get_by_test_id("mr-table").locator('.mr-trickcard[data-seat="C"]')
    expect(played).to_contain_class("mr-dd-mistake")
    expect(played.locator('[data-card="9S"]')).to_have_attribute(
        "aria-label", "C: nine of spades, a double-dummy mistake: AC win became BD win"
    )
    said = viewer.get_by_test_id("mr-dd-played")
    expect(said).to_contain_text("a mistake, AC win \u2192 BD win")
    expect(said).to_contain_text("K\u2660 kept AC win")
    expect(viewer.get_by_test_id("mr-dd")).to_have_attribute("data-value", "-1")
    shot(endgames_page, "analyse-voila-mistake")


def test_no_page_errors_with_analyse(endgames_page: Page, voila_errors: PageErrors) -> None:
    assert voila_errors.problems() == []


def test_the_exported_page_carries_the_values(
    page: Page, page_errors: PageErrors, tmp_path: Path
) -> None:
    records = list(read_deals(ROOT / "sample_games" / "worked-example.pmn"))
    html = tmp_path / "worked-analysed.html"
    html.write_text(page_html(records, analyse=True, max_tricks=2), encoding="utf-8")
    page.goto(html.as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    at_step(viewer, 0)
    expect(viewer.get_by_test_id("mr-opt-analyse")).to_be_checked()  # on: it was asked for
    panel = viewer.get_by_test_id("mr-dd")
    expect(panel).to_have_attribute("data-state", "too-early")
    expect(panel).to_contain_text("too early to solve (13 tricks left)")
    expect(viewer.locator("[data-dd-value]")).to_have_count(0)
    viewer.focus()
    for key, step in (("End", 52), ("ArrowUp", 48), ("ArrowUp", 44)):  # 44: two tricks left
        page.keyboard.press(key)
        at_step(viewer, step)
    check_values(viewer, records[0], 44, Solver("outcome"))
    viewer.get_by_test_id("mr-opt-analyse").uncheck()
    expect(panel).to_be_hidden()
    shot(page, "analyse-html-page")
    assert page_errors.problems() == []
