"""A class at a projector: the notebooks served by Voila as ``./dev.sh present`` serves them
(the project's template, ``MENDIKOT_PRESENT=1``), in Chromium at 1280x720.

- Nothing in the page asks another host (each such request is aborted and counted: 0).
- The board in presentation mode fills the screen: its root says ``data-presentation="1"``,
  the whole board is inside the window, and every text on it is at least 18 px.
- The toolbar never moves: each button keeps its place, card after card, into a variation
  and out of it; opening the menu of options moves nothing either.
- The endgame's answer waits for the teacher: it is not on the page until *Reveal the
  answer* is pressed, and then it is the solver's.
- The cells tagged for Python (printed tables) are not shown to the class.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import (
    ROOT,
    Server,
    at_step,
    screen_page,
)
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.solver.search import solve, value_text

PROJECTOR: ViewportSize = {"width": 1280, "height": 720}
ENDGAMES = "/voila/render/03-endgames.ipynb"
REPLAY = "/voila/render/01-replay.ipynb"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def endgames(browser: Browser, present_server: Server) -> Iterator[tuple[Page, list[str]]]:
    with screen_page(browser, present_server, ENDGAMES, PROJECTOR) as opened:
        yield opened


@pytest.fixture(scope="module")
def replay(browser: Browser, present_server: Server) -> Iterator[tuple[Page, list[str]]]:
    with screen_page(browser, present_server, REPLAY, PROJECTOR) as opened:
        yield opened


def presented(page: Page, index: int = 0) -> Locator:
    """The ``index``-th board, scrolled to fill the window as a teacher shows it."""
    board = page.get_by_test_id("mr-viewer").nth(index)
    expect(board).to_have_attribute("data-presentation", "1")
    board.evaluate("el => el.scrollIntoView({block: 'start'})")
    return board


# What the page measures: every piece of text on the board that a person can see, with its
# size, and whether it lies inside the window (or inside a box that scrolls on its own, the
# move list and the side boxes, which is part of the window).
TEXTS = """(root) => {
  const seen = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim()) continue;
    const el = node.parentElement;
    const box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    seen.push({ text: node.textContent.trim().slice(0, 30), size, cls: el.className });
  }
  return seen;
}"""


def test_a_presented_page_asks_no_other_host(endgames: tuple[Page, list[str]]) -> None:
    page, outside = endgames
    presented(page)
    page.wait_for_load_state("networkidle")
    assert outside == [], f"{len(outside)} requests for another host: {outside}"


def test_the_board_fills_the_projector_in_print_a_room_can_read(
    endgames: tuple[Page, list[str]],
) -> None:
    page, _ = endgames
    board = presented(page)
    box = board.bounding_box()
    assert box is not None
    # the whole board is on the screen: nothing of it needs the page scrolled
    assert box["y"] >= -1 and box["y"] + box["height"] <= PROJECTOR["height"] + 1
    assert box["width"] >= PROJECTOR["width"] - 60
    for part in ("mr-question", "mr-table", "mr-trick", "mr-ledger", "mr-counts", "mr-moves"):
        inner = board.get_by_test_id(part).bounding_box()
        assert inner is not None, part
        assert inner["y"] >= 0 and inner["y"] + min(inner["height"], 80) <= PROJECTOR["height"], (
            part
        )
    for seat in "ABCD":
        hand = board.get_by_test_id(f"mr-seat-{seat}").bounding_box()
        assert hand is not None
        assert hand["y"] >= 0 and hand["y"] + hand["height"] <= PROJECTOR["height"], seat
    texts = board.evaluate(TEXTS)
    assert len(texts) > 40  # the board's words were read, not an empty page
    small = [t for t in texts if t["size"] < 18]
    assert small == [], f"text under 18 px: {small[:10]}"
    question = read_deals(ROOT / "sample_games" / "endgame-cover-or-duck.pmn")
    first = next(iter(question)).comments[0]
    expect(board.get_by_test_id("mr-question")).to_have_text(first.strip())


def test_the_toolbar_never_moves(replay: tuple[Page, list[str]]) -> None:
    page, _ = replay
    board = presented(page)
    buttons = board.locator(".mr-controls button")
    count = buttons.count()
    assert count >= 10

    def places() -> list[tuple[int, int, int, int]]:
        out = []
        for i in range(count):
            b = buttons.nth(i).bounding_box()
            assert b is not None
            out.append((round(b["x"]), round(b["y"]), round(b["width"]), round(b["height"])))
        return out

    board.get_by_test_id("mr-first").click()
    at_step(board, 0)
    start = places()
    table = board.get_by_test_id("mr-table").bounding_box()
    for step in range(1, 8):
        board.get_by_test_id("mr-next").click()
        at_step(board, step)
        assert places() == start, f"a button moved at card {step}"
    board.get_by_test_id("mr-last").click()
    expect(board).not_to_have_attribute("data-step", "7")
    assert places() == start
    # the menu opens over the table: nothing under it moves
    board.get_by_test_id("mr-menu").click()
    expect(board.get_by_test_id("mr-menu")).to_have_attribute("aria-expanded", "true")
    expect(board.get_by_test_id("mr-opt-present")).to_be_visible()
    assert places() == start
    assert board.get_by_test_id("mr-table").bounding_box() == table
    board.get_by_test_id("mr-menu").click()
    expect(board.get_by_test_id("mr-opt-present")).to_be_hidden()


def test_the_menu_turns_presentation_off_and_on(replay: tuple[Page, list[str]]) -> None:
    page, _ = replay
    board = presented(page, 2)
    board.get_by_test_id("mr-menu").click()
    board.get_by_test_id("mr-opt-present").uncheck()
    expect(board).not_to_have_attribute("data-presentation", "1")
    # the options are back in the bar, in their usual place
    expect(board.get_by_test_id("mr-opt-present")).to_be_visible()
    expect(board.get_by_test_id("mr-menu")).to_be_hidden()
    board.get_by_test_id("mr-opt-present").check()
    expect(board).to_have_attribute("data-presentation", "1")
    expect(board.get_by_test_id("mr-opt-present")).to_be_hidden()


def test_the_answer_waits_for_the_teacher(endgames: tuple[Page, list[str]]) -> None:
    page, _ = endgames
    record = next(iter(read_deals(ROOT / "sample_games" / "endgame-cover-or-duck.pmn")))
    game = record.position(0)
    solution = solve(game, "outcome")
    verdict = f"{game.to_play} to play, the result: {value_text(solution.value)} with best play"
    expect(page.get_by_text(verdict)).to_have_count(0)  # nothing of it before the vote
    reveal = page.get_by_role("button", name="Reveal the answer").first
    reveal.scroll_into_view_if_needed()
    reveal.click()
    expect(page.get_by_text(verdict)).to_be_visible()
    for card, value in solution.cards.items():
        expect(page.get_by_text(f"{card.symbol}: {value_text(value)}")).to_be_visible()
    expect(page.get_by_role("button", name="Hide the answer")).to_be_visible()


def test_cells_for_python_are_not_shown_to_the_class(replay: tuple[Page, list[str]]) -> None:
    page, _ = replay
    # 01-replay prints the tags of the deal in a cell tagged "notebook-only": run, not shown
    expect(page.get_by_text("TrumpMethod")).to_have_count(0)
    expect(page.get_by_text("Run All Cells")).to_have_count(0)
    expect(page.get_by_test_id("mr-viewer")).to_have_count(4)


def test_the_chances_graph_fits_under_the_table(endgames: tuple[Page, list[str]]) -> None:
    page, _ = endgames
    board = presented(page, 1)  # C's duck: an endgame whose chances take seconds
    board.get_by_test_id("mr-menu").click()
    board.get_by_test_id("mr-opt-chances").check()
    board.get_by_test_id("mr-menu").click()
    presented(page, 1)
    expect(board.get_by_test_id("mr-chances")).to_be_visible(timeout=120_000)
    for part in ("mr-chances", "mr-table", "mr-trick"):
        box = board.get_by_test_id(part).bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PROJECTOR["height"] + 1, part
    board.get_by_test_id("mr-menu").click()
    board.get_by_test_id("mr-opt-chances").uncheck()
    board.get_by_test_id("mr-menu").click()
    expect(board.get_by_test_id("mr-chances-box")).to_be_hidden()
