"""The viewer's single-dummy chances in a real Voila and a real Chromium, checked against
:func:`~.analysis.chances.deal_chances` and :func:`~.analysis.odds.odds` run here.

- The graph: the *chances graph* box ticked in the page, the kernel works the deal out on
  its thread and the points come in (with "chances: N/N positions"); every point's ARIA
  label carries its card and A/C's chance, the single-dummy mistakes are marked, and a click
  on a point (or the arrow keys and Enter on it) goes to the step right after that card.
- The quiz: graded by the chances from the quizzed seat's view ("Right: 9♠ 75% (best K♠
  79%)", every card listed with its chance), and by the solver again when the page's select
  says *double-dummy*.

The deal is C's duck (``DUCK``: a ``Start`` position four tricks from the
end: a second or two to score), written into the served folder (a temporary copy, see
``conftest.workdir``). Screenshots at 1280x720 (a projector, large print too) and 390x844
(a phone) go to test-artifacts/.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, PageErrors, Server, at_step, one_cell_notebook, voila_page
from playwright.sync_api import Browser, Locator, Page, expect
from pmn_examples import DUCK  # C's duck: the nine lost double dummy, a fair bet single dummy

from mendikot_replay.analysis.chances import DealChances, deal_chances
from mendikot_replay.analysis.odds import odds
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord
from mendikot_replay.solver.search import value_text
from mendikot_replay.views.widget import chance_right

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NOTEBOOK = "chances.ipynb"
QUIZ_STEP = 0  # B's five of spades is on the table already: C to play, the king or the nine


def view(page: Page, name: str) -> None:
    """A screenshot of what the screen shows (not the whole page), as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def pct(x: float) -> str:
    """A chance as the page writes it (JavaScript's Math.round: halves go up)."""
    return f"{math.floor(100 * x + 0.5)}%"


def card_text(card: str) -> str:
    signs = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    return ("10" if card[0] == "T" else card[0]) + signs[card[1]]


@pytest.fixture(scope="module")
def record() -> DealRecord:
    return read_string(DUCK)[0]


@pytest.fixture(scope="module")
def reference(record: DealRecord) -> DealChances:
    return deal_chances(record)


@pytest.fixture(scope="module")
def errors() -> PageErrors:
    return PageErrors()


@pytest.fixture(scope="module")
def chances_page(
    browser: Browser, voila_server: Server, workdir: Path, errors: PageErrors
) -> Iterator[Page]:
    (workdir / "sample_games" / "chances-duck.pmn").write_text(DUCK, encoding="utf-8")
    source = (
        "import mendikot_replay as mr\n"
        "\n"
        'viewer = mr.replay("../sample_games/chances-duck.pmn")\n'
        "viewer"
    )
    one_cell_notebook(workdir / "notebooks", NOTEBOOK, source, "chances-cell")
    with voila_page(
        browser, voila_server, errors, f"/voila/render/{NOTEBOOK}", 0, "chances-voila-end.png"
    ) as page:
        page.set_viewport_size({"width": 1280, "height": 720})
        yield page


def points(viewer: Locator) -> Locator:
    return viewer.get_by_test_id("mr-chances").locator("[data-ply]")


def point(viewer: Locator, ply: int) -> Locator:
    return viewer.get_by_test_id("mr-chances").locator(f'[data-ply="{ply}"]')


def test_the_graph_fills_and_goes_to_a_card(
    chances_page: Page, reference: DealChances, record: DealRecord
) -> None:
    viewer = chances_page.get_by_test_id("mr-viewer").first
    box = viewer.get_by_test_id("mr-chances-box")
    expect(box).to_be_hidden()
    toggle = viewer.get_by_test_id("mr-opt-chances")
    expect(toggle).not_to_be_checked()
    toggle.check()
    expect(box).to_be_visible()
    cards = len(record.mainline())
    progress = viewer.get_by_test_id("mr-chances-progress")
    expect(progress).to_have_text(f"chances: {cards}/{cards} positions", timeout=60_000)
    expect(points(viewer)).to_have_count(cards + 1)  # the start, then after each card
    # Every first look made precise: no hollow point left, the key to them hidden.
    expect(viewer.get_by_test_id("mr-chances").locator("[data-glance]")).to_have_count(0)
    expect(viewer.locator(".mr-chance-glancekey")).to_be_hidden()
    # Each point says its card and A/C's chance in words, as deal_chances has it.
    for chance in reference:
        label = point(viewer, chance.ply).get_attribute("aria-label") or ""
        assert label.startswith(f"card {chance.ply}, {chance.seat} {card_text(str(chance.card))}")
        assert f"A/C {pct(chance.ac_after)} to win" in label, label
        assert ("single-dummy mistake" in label) == chance.mistake, label
        if chance.dd_after is not None:
            assert f"double-dummy {value_text(chance.dd_after)}" in label, label
    mistakes = viewer.get_by_test_id("mr-chances").locator("[data-mistake]")
    expect(mistakes).to_have_count(len(reference.mistakes))
    assert reference.mistakes, "the duck's deal has a single-dummy mistake to show"
    view_graph(chances_page, viewer, "chances-voila-graph")
    # A click on a point: the step right after that card.
    target = reference.mistakes[0].ply
    point(viewer, target).click()
    at_step(viewer, target)
    here = viewer.get_by_test_id("mr-chances").locator(".mr-here")
    expect(here).to_have_attribute("data-ply", str(target))
    # Under the title, in words: what the player had with that card and with the best one.
    slip = reference.mistakes[0]
    now = viewer.get_by_test_id("mr-chances-now")
    expect(now).to_contain_text(f"played {card_text(str(slip.card))}")
    expect(now).to_contain_text(f"{pct(slip.after.win)} to win the deal, from {slip.seat}'s view")
    more = math.floor(100 * (slip.before.win - slip.after.win) + 0.5)
    expect(now).to_contain_text(
        f"the best, {card_text(slip.best)}, gave {pct(slip.before.win)} ({more} points more)"
    )
    view_graph(chances_page, viewer, "chances-voila-mistake")
    # The keyboard: the current point is the graph's tab stop; arrows step, Enter goes.
    focused = viewer.get_by_test_id("mr-chances").locator('[data-ply][tabindex="0"]')
    expect(focused).to_have_count(1)
    expect(focused).to_have_attribute("data-ply", str(target))
    focused.focus()
    chances_page.keyboard.press("ArrowRight")
    at_step(viewer, target + 1)
    chances_page.keyboard.press("Home")
    at_step(viewer, 0)
    chances_page.keyboard.press("End")
    at_step(viewer, cards)
    viewer.get_by_test_id("mr-first").click()
    at_step(viewer, 0)
    # The projector: large print, the graph's labels grow with the page.
    viewer.get_by_test_id("mr-opt-large").check()
    expect(points(viewer)).to_have_count(cards + 1)
    view_graph(chances_page, viewer, "chances-voila-projector")
    viewer.get_by_test_id("mr-opt-large").uncheck()
    # A phone: the graph is a tab of its own, one tap away; it fits the width, its points
    # all there.
    chances_page.set_viewport_size({"width": 390, "height": 844})
    expect(points(viewer)).to_have_count(cards + 1)
    svg = viewer.get_by_test_id("mr-chances")
    expect(svg).to_be_hidden()  # the table's tab first
    viewer.get_by_test_id("mr-tab-chances").click()
    expect(svg).to_be_visible()
    width = chances_page.evaluate("() => document.documentElement.clientWidth")
    bounds = svg.bounding_box()
    assert bounds is not None and bounds["x"] >= 0 and bounds["x"] + bounds["width"] <= width
    view_graph(chances_page, viewer, "chances-voila-phone")
    viewer.get_by_test_id("mr-tab-table").click()
    chances_page.set_viewport_size({"width": 1280, "height": 720})


def view_graph(page: Page, viewer: Locator, name: str) -> None:
    viewer.get_by_test_id("mr-chances-box").scroll_into_view_if_needed()
    view(page, name)


def test_the_quiz_is_graded_by_the_chances(chances_page: Page, record: DealRecord) -> None:
    viewer = chances_page.get_by_test_id("mr-viewer").first
    viewer.get_by_test_id("mr-opt-chances").uncheck()
    viewer.get_by_test_id("mr-first").click()
    at_step(viewer, QUIZ_STEP)
    expect(viewer.get_by_test_id("mr-opt-grade")).to_have_value("chances")
    viewer.get_by_test_id("mr-opt-quiz").select_option("C")
    quiz = viewer.get_by_test_id("mr-quiz")
    expect(quiz).to_have_attribute("data-state", "ask")
    expect(quiz).to_contain_text("then by the chances from C's view")
    expected = odds(record, after=QUIZ_STEP)  # from C's view: C is to play
    best = expected.best
    chosen = next(c for c in expected.cards if c != best.card)  # not the best card
    chance = expected.cards[chosen]
    viewer.get_by_test_id("mr-seat-C").locator(f"button.mr-pick[data-card='{chosen}']").click()
    right = chance_right(expected, chosen)
    # graded at once by the solver, then by the chances once they are worked out
    expect(quiz).to_have_attribute("data-graded", "chances", timeout=60_000)
    expect(quiz).to_have_attribute("data-state", "right" if right else "wrong")
    head = "Right: " if right else "Not the best: "
    expect(quiz).to_contain_text(
        f"{head}{card_text(str(chosen))} {pct(chance.win)} "
        f"(best {card_text(str(best.card))} {pct(best.win)})."
    )
    listed = viewer.get_by_test_id("mr-quiz-odds").locator("li")
    expect(listed).to_have_count(len(expected.cards))
    for card, row in expected.cards.items():
        item = viewer.get_by_test_id("mr-quiz-odds").locator(f'li[data-card="{card}"]')
        expect(item).to_contain_text(f"{card_text(str(card))} {pct(row.win)}")
        expect(item).to_have_attribute(
            "data-right", "true" if chance_right(expected, card) else "false"
        )
    view(chances_page, "chances-voila-quiz")
    chances_page.set_viewport_size({"width": 390, "height": 844})
    quiz.scroll_into_view_if_needed()
    view(chances_page, "chances-voila-quiz-phone")
    chances_page.set_viewport_size({"width": 1280, "height": 720})
    # The solver grades it again when the page says so: the duck loses the deal.
    viewer.get_by_test_id("mr-opt-grade").select_option("double-dummy")
    viewer.get_by_test_id("mr-prev").click()
    at_step(viewer, QUIZ_STEP)
    expect(quiz).to_have_attribute("data-state", "ask")
    viewer.get_by_test_id("mr-seat-C").locator("button.mr-pick[data-card='9S']").click()
    expect(quiz).to_have_attribute("data-graded", "solver", timeout=60_000)
    expect(quiz).to_contain_text(re.compile(r"Not the best: 9\u2660 loses AC win \(BD win\)"))
    viewer.get_by_test_id("mr-opt-grade").select_option("chances")
    viewer.get_by_test_id("mr-opt-quiz").select_option("")


def test_no_page_errors(chances_page: Page, errors: PageErrors) -> None:
    assert errors.problems() == []
