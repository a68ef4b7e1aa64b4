"""The replay notebook served by a real Voila server, driven in Chromium: the classroom app
of ``./dev.sh present``.

One page (and one kernel) for the module: each test starts from a known step it sets itself.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from browser_support import (
    ARTIFACTS,
    PageErrors,
    Server,
    at_step,
    render_times,
    shot,
    summary,
    trick_number,
)
from browser_support import (
    voila_page as open_voila_page,
)
from playwright.sync_api import Browser, Locator, Page, expect

NOTEBOOK = "/voila/render/01-replay.ipynb"
# The viewers of 01-replay.ipynb, in page order.
MAIN, POSITION, QUIZ = 0, 1, 2
POSITION_STEP = 19  # timeline.index_of(5, 2) of the worked example
CARDS = 52

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]


@pytest.fixture(scope="module")
def voila_errors() -> PageErrors:
    return PageErrors()


@pytest.fixture(scope="module")
def voila_page(browser: Browser, voila_server: Server, voila_errors: PageErrors) -> Iterator[Page]:
    with open_voila_page(
        browser, voila_server, voila_errors, NOTEBOOK, QUIZ, "voila-end.png"
    ) as page:
        yield page


def viewer(page: Page, index: int = MAIN) -> Locator:
    return page.get_by_test_id("mr-viewer").nth(index)


def restart(page: Page) -> Locator:
    main = viewer(page)
    main.get_by_test_id("mr-first").click()
    at_step(main, 0)
    return main


def test_the_viewer_renders_the_deal(voila_page: Page) -> None:
    main = restart(voila_page)
    expect(main.get_by_test_id("mr-step")).to_contain_text(f"of {CARDS}")
    expect(main.get_by_test_id("mr-seat-A").locator("[data-card]")).to_have_count(13)
    expect(main.get_by_test_id("mr-trump")).to_be_visible()
    expect(main.get_by_test_id("mr-ledger")).to_be_visible()
    shot(voila_page, "voila-rendered")


def test_next_button_steps_one_card(voila_page: Page) -> None:
    main = restart(voila_page)
    main.get_by_test_id("mr-next").click()
    at_step(main, 1)
    expect(main.get_by_test_id("mr-step")).to_contain_text(f"1 of {CARDS}")
    expect(main.get_by_test_id("mr-table").locator('[data-card="TH"]')).to_be_visible()
    main.get_by_test_id("mr-prev").click()
    at_step(main, 0)


def test_next_trick_moves_to_the_end_of_each_trick(voila_page: Page) -> None:
    main = restart(voila_page)
    first = trick_number(main)
    main.get_by_test_id("mr-next-trick").click()
    at_step(main, 4)  # the fourth card ends trick 1
    main.get_by_test_id("mr-next-trick").click()
    at_step(main, 8)
    assert trick_number(main) == first + 1
    main.get_by_test_id("mr-prev-trick").click()
    at_step(main, 4)
    main.get_by_test_id("mr-last").click()
    at_step(main, CARDS)
    expect(main.get_by_test_id("mr-result")).to_be_visible()
    expect(main.get_by_test_id("mr-result")).to_contain_text("3 tens")


def test_keyboard_steps_the_focused_viewer(voila_page: Page) -> None:
    main = restart(voila_page)
    main.focus()
    voila_page.keyboard.press("ArrowRight")
    at_step(main, 1)
    voila_page.keyboard.press("ArrowRight")
    at_step(main, 2)
    voila_page.keyboard.press("ArrowLeft")
    at_step(main, 1)
    voila_page.keyboard.press("ArrowDown")
    at_step(main, 4)
    voila_page.keyboard.press("End")
    at_step(main, CARDS)
    voila_page.keyboard.press("Home")
    at_step(main, 0)
    voila_page.keyboard.press("n")  # the first annotated card: C's ace in trick 1
    at_step(main, 3)
    voila_page.keyboard.press("t")  # the next ten event: the ten of hearts captured
    at_step(main, 4)
    voila_page.keyboard.press("T")  # back to the ten of hearts played
    at_step(main, 1)
    voila_page.keyboard.press("N")  # no annotation before card 1: stays
    voila_page.keyboard.press("ArrowRight")
    at_step(main, 2)


def test_a_ten_is_captured_when_its_trick_completes(voila_page: Page) -> None:
    main = restart(voila_page)
    ten = main.get_by_test_id("mr-ten-TH")
    expect(ten).to_have_attribute("data-status", "hand")
    main.get_by_test_id("mr-next").click()  # A leads the ten of hearts
    at_step(main, 1)
    expect(ten).to_have_attribute("data-status", "table")
    for step in (2, 3):
        main.get_by_test_id("mr-next").click()
        at_step(main, step)
        expect(ten).to_have_attribute("data-status", "table")
    main.get_by_test_id("mr-next").click()  # D's two completes the trick: C's ace wins
    at_step(main, 4)
    expect(ten).to_have_attribute("data-status", "captured")
    shot(voila_page, "voila-ten-captured")


def test_hands_are_hidden_from_python_and_from_the_toolbar(voila_page: Page) -> None:
    quiz = viewer(voila_page, QUIZ)
    # The notebook set quiz.hidden_seats = ["B", "D"].
    for seat in ("B", "D"):
        expect(quiz.get_by_test_id(f"mr-seat-{seat}")).to_have_attribute("data-hidden", "true")
    for seat in ("A", "C"):
        expect(quiz.get_by_test_id(f"mr-seat-{seat}")).not_to_have_attribute("data-hidden", "true")
    main = restart(voila_page)
    seat_a = main.get_by_test_id("mr-seat-A")
    expect(seat_a).not_to_have_attribute("data-hidden", "true")
    main.get_by_test_id("mr-toggle-A").click()
    expect(seat_a).to_have_attribute("data-hidden", "true")
    expect(seat_a.locator('[data-card="TH"]')).to_have_count(0)  # no face shown
    shot(voila_page, "voila-hidden-hand")
    main.get_by_test_id("mr-toggle-A").click()
    expect(seat_a).not_to_have_attribute("data-hidden", "true")


def test_a_viewer_set_to_a_step_in_python_opens_there(voila_page: Page) -> None:
    position = viewer(voila_page, POSITION)
    at_step(position, POSITION_STEP)
    expect(position.get_by_test_id("mr-trick-text")).to_contain_text("5")


def test_the_toolbar_keeps_its_place_card_after_card(voila_page: Page) -> None:
    """Each button of the board stays where it is whatever the step: the words beside the
    slider have a width of their own, and a button that does not apply is greyed, not
    taken away (at the start the first buttons, at the end the last ones)."""
    main = restart(voila_page)
    buttons = main.locator(".mr-controls button, [data-testid=mr-board] button")

    def places() -> list[tuple[int, int]]:
        out = []
        for i in range(buttons.count()):
            if buttons.nth(i).is_visible():
                box = buttons.nth(i).bounding_box()
                assert box is not None
                out.append((round(box["x"]), round(box["y"])))
        return out

    start = places()
    assert len(start) >= 14
    for step in (1, 4, 17, 30, CARDS):
        main.get_by_test_id("mr-slider").fill(str(step))
        at_step(main, step)
        assert places() == start, f"a button moved at card {step}"


def test_step_render_time_in_voila(voila_page: Page, capsys: pytest.CaptureFixture[str]) -> None:
    """Rendering one step, as the viewer measures it (``data-last-render-ms``), over the
    whole deal, stepping with the keyboard. Printed, not asserted: a shared CI machine's
    wall time is no pass/fail criterion."""
    main = restart(voila_page)
    main.focus()
    times = render_times(main, lambda: voila_page.keyboard.press("ArrowRight"), CARDS)
    line = summary("Voila, step render (data-last-render-ms)", times)
    (ARTIFACTS / "render-times-voila.txt").write_text(line + "\n", encoding="utf-8")
    with capsys.disabled():
        print("\n" + line)


def test_no_page_errors_in_voila(voila_page: Page, voila_errors: PageErrors) -> None:
    restart(voila_page)
    assert voila_errors.problems() == []
