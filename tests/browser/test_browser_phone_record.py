"""A family records a deal on a phone: ``notebooks/05-record.ipynb`` served by Voila as
``./dev.sh present`` serves it, in Chromium at 390x844, driven by taps alone.

The form (no code cell to edit), the trump, the four hands tapped card by card from the
pack, then every card of the play tapped in the hand of the player to play — with the page
never scrolled, and at every card the whole hand to play and the trick on the table inside
the window. A card the rules refuse says why right under the hand. *Save*, *Next deal*:
the next deal's form has the dealer the rules give, and the second deal goes to the same
file after the first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import (
    ROOT,
    Server,
    screen_page,
    shot,
)
from playwright.sync_api import Browser, Locator, Page, ViewportSize, expect

from mendikot_replay.core.rules import Rules
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord

PHONE: ViewportSize = {"width": 390, "height": 844}
NOTEBOOK = "/voila/render/05-record.ipynb"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]


@pytest.fixture(scope="module")
def worked() -> DealRecord:
    return next(iter(read_deals(ROOT / "sample_games" / "worked-example.pmn")))


@pytest.fixture
def phone(browser: Browser, present_server: Server) -> Iterator[tuple[Page, list[str]]]:
    with screen_page(browser, present_server, NOTEBOOK, PHONE, "mr-form", phone=True) as opened:
        yield opened


SCROLLED = """() => {
  const all = [document.scrollingElement, ...document.querySelectorAll("*")];
  return Math.max(window.scrollY, ...all.map((el) => (el ? el.scrollTop : 0)));
}"""


def tap(page: Page, target: Locator) -> None:
    """A tap, then the check that the page did not have to scroll for it."""
    target.tap()
    assert page.evaluate(SCROLLED) == 0, "the page scrolled"


def inside(page: Page, target: Locator, what: str) -> None:
    box = target.bounding_box()
    assert box is not None, what
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 0.5, what
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] + 0.5, what


def fill_form(page: Page, record: DealRecord) -> None:
    form = page.get_by_test_id("mr-form")
    shot(page, "phone-form")
    for seat in "ABCD":
        form.get_by_test_id(f"mr-form-name-{seat}").fill(record.tags[seat])
    form.get_by_test_id("mr-form-event").fill(record.tags["Event"])
    form.get_by_test_id("mr-form-dealer").select_option(record.tags["Dealer"])
    assert page.evaluate(SCROLLED) == 0
    tap(page, form.get_by_test_id("mr-form-start"))


def deal_by_taps(page: Page, record: DealRecord) -> None:
    assert record.setup is not None
    board = page.get_by_test_id("mr-viewer").first
    expect(board.get_by_test_id("mr-pack")).to_be_visible()
    trump = record.setup.trump
    assert trump is not None
    tap(page, board.get_by_test_id(f"mr-trump-{trump.letter}"))
    hands = record.setup.hands
    for round_ in range(3):  # the fourth hand fills itself with the cards left
        if round_ == 1:
            shot(page, "phone-dealing")
        selected = board.locator("[data-testid^=mr-entry-seat-][data-selected=true]")
        seat = selected.get_attribute("data-seat")
        assert seat is not None
        held = hands[seat]
        assert held is not None
        for card in sorted(held, key=str):
            tap(page, board.get_by_test_id("mr-pack").locator(f"button[data-card='{card}']"))
        if round_ < 2:  # after the third hand, every hand is dealt: the board shows
            expect(board.get_by_test_id(f"mr-entry-seat-{seat}")).to_have_attribute(
                "data-count", str(len(held))
            )


def play_by_taps(page: Page, record: DealRecord, cards: int | None = None) -> None:
    board = page.get_by_test_id("mr-viewer").first
    line = record.mainline()[:cards]
    for k, node in enumerate(line, start=1):
        expect(board).to_have_attribute("data-to-play", node.seat)
        hand = board.get_by_test_id(f"mr-seat-{node.seat}")
        for i in range(hand.locator("[data-card]").count()):
            inside(page, hand.locator("[data-card]").nth(i), f"card {k}: {node.seat}'s hand")
        trick = board.get_by_test_id("mr-trick")
        inside(page, trick, f"card {k}: the trick")
        for i in range(trick.locator("[data-card]").count()):
            inside(page, trick.locator("[data-card]").nth(i), f"card {k}: the trick's cards")
        if k == 7:
            shot(page, "phone-playing")
        tap(page, hand.locator(f"button[data-card='{node.card}']"))
        expect(board).to_have_attribute("data-step", str(k))


def test_a_deal_and_the_next_recorded_by_taps_with_nothing_scrolled(
    phone: tuple[Page, list[str]], worked: DealRecord, workdir: Path
) -> None:
    page, outside = phone
    saved = workdir / "notebooks" / "sunday.pmn"
    saved.unlink(missing_ok=True)
    board = page.get_by_test_id("mr-viewer").first
    # the form has today's date and asks nothing of code
    expect(board.get_by_test_id("mr-form-date")).not_to_have_value("")
    fill_form(page, worked)
    deal_by_taps(page, worked)
    expect(board.get_by_test_id("mr-trick")).to_be_visible()

    # a card the rules refuse: the reason shows right under the hand
    first = worked.mainline()[0]
    assert first.seat is not None
    leader = board.get_by_test_id(f"mr-seat-{first.seat}")
    play_by_taps(page, worked, 1)  # A leads the ten of hearts
    second = worked.mainline()[1]
    assert second.seat is not None
    follower = board.get_by_test_id(f"mr-seat-{second.seat}")
    wrong = next(
        b.get_attribute("data-card")
        for b in follower.locator("button[data-card]").all()
        if not str(b.get_attribute("data-card")).endswith("H")
    )
    tap(page, follower.locator(f"button[data-card='{wrong}']"))
    notice = board.get_by_test_id("mr-notice")
    expect(notice).to_contain_text("hearts")
    hand_box, notice_box = follower.bounding_box(), notice.bounding_box()
    assert hand_box is not None and notice_box is not None
    assert 0 <= notice_box["y"] - (hand_box["y"] + hand_box["height"]) < 80  # under the hand
    inside(page, notice, "the refusal")
    shot(page, "phone-refused")
    expect(board).to_have_attribute("data-step", "1")
    assert leader.count() == 1

    # the rest of the deal, card by card
    tap(page, board.get_by_test_id("mr-undo"))
    expect(board).to_have_attribute("data-step", "0")
    play_by_taps(page, worked)
    expect(board).not_to_have_attribute("data-to-play", "A")
    result = board.get_by_test_id("mr-result")
    expect(result).to_be_visible()
    shot(page, "phone-over")
    tap(page, board.get_by_test_id("mr-save"))
    expect(board.get_by_test_id("mr-notice")).to_contain_text("Saved to sunday.pmn")
    (first_deal,) = read_deals(saved)
    assert first_deal.tags["Hands"] == worked.tags["Hands"]
    assert [str(n.card) for n in first_deal.mainline()] == [str(n.card) for n in worked.mainline()]

    # the next deal: the dealer the rules give, the names carried over
    tap(page, board.get_by_test_id("mr-record-next-deal"))
    expect(board.get_by_test_id("mr-form")).to_be_visible()
    assert worked.timeline is not None and worked.timeline.result is not None
    dealer = Rules().next_dealer(worked.tags["Dealer"], worked.timeline.result)
    expect(board.get_by_test_id("mr-form-dealer")).to_have_value(dealer)
    expect(board.get_by_test_id("mr-form-name-C")).to_have_value(worked.tags["C"])
    shot(page, "phone-next-form")
    tap(page, board.get_by_test_id("mr-form-start"))
    expect(board.get_by_test_id("mr-pack")).to_be_visible()
    paste = board.get_by_test_id("mr-paste")
    paste.fill(worked.tags["Hands"])
    board.get_by_test_id("mr-paste-go").click()
    assert worked.setup is not None and worked.setup.trump is not None
    board.get_by_test_id(f"mr-trump-{worked.setup.trump.letter}").click()
    expect(board).to_have_attribute("data-to-play", worked.mainline()[0].seat or "")
    tap(page, board.get_by_test_id("mr-save"))
    expect(board.get_by_test_id("mr-notice")).to_contain_text("Saved to sunday.pmn")
    both = list(read_deals(saved))
    saved.unlink()  # the served folder is shared with the other tests
    assert len(both) == 2
    assert both[0].tags["Result"] == worked.tags["Result"]
    assert both[1].tags["Dealer"] == dealer and both[1].tags["C"] == worked.tags["C"]
    assert outside == []
