"""A fair quiz, on the static site in Chromium at a projector's 1280×720 and a phone's
390×844 (a plain static server on localhost, every request for another host refused and
counted): while the quiz asks "what would you play?", the page holds only what the seat to
play could know — its own hand, the cards played so far — and no later card of the line, no
hidden hand, no comment of a later card; an answer is graded at once by the solver (the
chances, a minute away at the first trick, refine it later), and the grade does not move
the table: the quizzed hand stays where it was, on the screen.
"""

from __future__ import annotations

import pytest
from browser_support import ROOT, SCREENS, Server, at_step, screen_page, shot
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.solver.search import solve

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

WORKED = ROOT / "sample_games" / "worked-example.pmn"


def quiz_on(page: Page, board: Locator, seat: str) -> None:
    """The quiz set to ``seat`` (through the options menu where the board has one)."""
    menu = board.get_by_test_id("mr-menu")
    if menu.is_visible():
        menu.click()
    board.get_by_test_id("mr-opt-quiz").select_option(seat)
    if menu.get_attribute("aria-expanded") == "true":
        board.get_by_test_id("mr-menu-close").click()  # the sheet's own button


def cards_in(board: Locator) -> set[str]:
    """The cards the board names (data-card), but for the tens ledger's faces: it lists the
    four tens of the deck, which every player knows of."""
    script = """(el) => [...el.querySelectorAll('[data-card]')]
        .filter((c) => !c.closest('[data-testid=mr-ledger]'))
        .map((c) => c.dataset.card)"""
    return set(board.evaluate(script))


def on_page(part: Locator) -> tuple[float, float]:
    """Where ``part`` is on the page (not in the window, which a tap may scroll), and its
    height."""
    top, height = part.evaluate(
        "(el) => { const r = el.getBoundingClientRect();"
        " return [r.top + window.scrollY, r.height]; }"
    )
    return float(top), float(height)


@pytest.mark.parametrize(("screen", "viewport", "phone"), SCREENS)
def test_the_quiz_shows_only_what_the_seat_could_know_and_grades_at_once(
    browser: Browser, site: Server, screen: str, viewport: ViewportSize, phone: bool
) -> None:
    (deal,) = read_deals(WORKED)
    assert deal.timeline is not None and deal.setup is not None
    own = {str(card) for card in deal.setup.hands["A"] or ()}
    later = [str(node.card) for node in deal.mainline()]  # the recorded play, in order
    link = "/index.html?file=games/worked-example.pmn"
    with screen_page(browser, site, link, viewport, "mr-ready", phone=phone) as (page, outside):
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=120_000)
        at_step(board, 0)
        quiz_on(page, board, "A")
        quiz = board.get_by_test_id("mr-quiz")
        expect(quiz).to_have_attribute("data-state", "ask")
        # only A's view: B, C and D hidden (backs, no card named), no card of the line yet
        for seat in "BCD":
            expect(board.locator(f"[data-testid=mr-seat-{seat}]")).to_have_attribute(
                "data-hidden", "true"
            )
        assert cards_in(board) <= own
        assert board.get_by_test_id("mr-moves").locator(".mr-mv-card").count() == 0
        assert board.locator(".mr-point").count() == 0  # no later card's comment either
        text = board.inner_text()
        assert "Chetan's hand" not in text and "Bilal's hand" not in text  # the tens ledger
        hand = board.locator("[data-testid=mr-seat-A]")
        table = board.locator(".mr-tablearea")
        before, asked = on_page(table), on_page(quiz)
        shot(page, f"quiz-ask-{screen}")
        # an answer: graded at once by the solver, the chances still to come
        solution = solve(deal.game_at(None))  # the compiled core's values, every hand known
        losing = sorted(str(c) for c, value in solution.cards.items() if value != solution.value)
        chosen = losing[0] if losing else next(str(c) for c in solution.cards if str(c) != later[0])
        pick = board.locator(f"[data-testid=mr-seat-A] button.mr-pick[data-card='{chosen}']")
        pick.tap() if phone else pick.click()
        expect(quiz).to_have_attribute("data-graded", "solver", timeout=60_000)
        expect(quiz).to_have_attribute("data-state", "wrong" if losing else "right")
        expect(quiz.get_by_test_id("mr-quiz-how")).to_contain_text(
            "Graded double-dummy for now (every hand known); the chances from A's view"
        )
        at_step(board, 1)
        # the grade took the question's place: the box is as tall, the table did not move,
        # and the quizzed hand is on the screen
        assert on_page(quiz) == asked and on_page(table)[0] == before[0]
        held = hand.bounding_box()
        assert held is not None
        assert held["y"] >= 0 and held["y"] + held["height"] <= viewport["height"]
        # the line goes on card by card: the card answered, nothing after it
        listed = board.get_by_test_id("mr-moves").locator(".mr-mv-card")
        expect(listed).to_have_count(1)
        expect(listed.first).to_have_attribute("data-card", later[0])
        assert cards_in(board) <= own | {later[0]}
        for seat in "BCD":  # still A's view between the questions
            expect(board.locator(f"[data-testid=mr-seat-{seat}]")).to_have_attribute(
                "data-hidden", "true"
            )
        shot(page, f"quiz-graded-{screen}")
        # the quiz off: every hand and the whole line are back
        quiz_on(page, board, "")
        expect(board.locator("[data-testid=mr-seat-B]")).to_have_attribute("data-hidden", "false")
        expect(board.get_by_test_id("mr-moves").locator(".mr-mv-card")).to_have_count(len(later))
        assert outside == []
