"""Recording a deal in a real Voila, as a family does at the table: ``mr.new_deal(...)`` in a
notebook, the hands dealt by clicks on the pack (the last hand fills itself), the trump
chosen, every card of the play recorded by a click in the hand of the player to move, one
card undone, then Save; the file written holds the same deal as the sample it was copied
from (hands, play, result, tags). The mistakes a click can make (a card to a full hand, a
card dealt twice in a pasted hand) are refused with the board's words and lose nothing.

At 1280x900 (a laptop) and 390x844 (a phone: every card of the pack a 44 px target, nothing
wider than the screen). Each test writes its own notebook into the served folder (a
temporary copy, see ``conftest.workdir``), which writes its own file: the repository is never
written.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_support import ARTIFACTS, ROOT, PageErrors, Server, one_cell_notebook, voila_page
from playwright.sync_api import Browser, Locator, Page, expect

from mendikot_replay.core.rules import Rules
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import DealRecord

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SAMPLE = ROOT / "sample_games" / "worked-example.pmn"
NAMES = {"A": "Asha", "B": "Bilal", "C": "Chetan", "D": "Divya"}
TAGS = {"Event": "Thursday club", "Site": "Pune", "Date": "2026.11.19"}
SEATS = "ABCD"
TAP = 44  # px: the smallest touch target
FULL_DECK = [r + s for s in "SHDC" for r in "AKQJT98765432"]


def sample() -> DealRecord:
    (record,) = list(read_deals(SAMPLE))
    return record


def deck_order(card: str) -> tuple[int, int]:
    return "SHDC".index(card[1]), "AKQJT98765432".index(card[0])


def hands_of(record: DealRecord) -> dict[str, list[str]]:
    assert record.setup is not None
    hands = record.setup.hands
    return {s: sorted((str(c) for c in hands[s] or ()), key=deck_order) for s in SEATS}


def play_of(record: DealRecord) -> list[tuple[str, str]]:
    return [(str(node.seat), str(node.card)) for node in record.mainline()]


def write_notebook(folder: Path, name: str, target: Path, method: str = "Drawn") -> None:
    """A notebook of one cell that starts recording a new deal into ``target``, with the
    worked example's table (dealer D, a trump still to be chosen)."""
    source = (
        "import mendikot_replay as mr\n"
        "\n"
        "board = mr.new_deal(\n"
        f"    path={str(target)!r},\n"
        f'    players=4, dealer="D", trump_method="{method}",\n'
        f"    names={NAMES!r},\n"
        f"    event={TAGS['Event']!r}, site={TAGS['Site']!r}, date={TAGS['Date']!r},\n"
        ")\n"
        "board"
    )
    one_cell_notebook(folder, name, source, "record-cell")


def view(page: Page, name: str) -> None:
    """A screenshot of what the screen shows (not the whole page), as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def pack(viewer: Locator) -> Locator:
    return viewer.get_by_test_id("mr-pack")


def seat(viewer: Locator, letter: str) -> Locator:
    return viewer.get_by_test_id(f"mr-entry-seat-{letter}")


def status(viewer: Locator) -> Locator:
    return viewer.get_by_test_id("mr-entry-status")


def notice(viewer: Locator) -> Locator:
    """The board's notices (the save bar's)."""
    return viewer.get_by_test_id("mr-notice")


def entry_notice(viewer: Locator) -> Locator:
    """Entry mode's notices, in the status box."""
    return viewer.get_by_test_id("mr-entry-notice")


def give(viewer: Locator, card: str, to: str) -> None:
    """Click ``card`` in the pack: it leaves the pack for ``to``'s hand."""
    pack(viewer).locator(f'button[data-card="{card}"]').click()
    expect(seat(viewer, to).locator(f'button[data-card="{card}"]')).to_be_visible()
    expect(pack(viewer).locator(f'[data-card="{card}"]')).to_have_count(0)


def deal_by_clicks(page: Page, viewer: Locator, hands: dict[str, list[str]], phone: bool) -> None:
    """Deal A, B and C by clicks (with a card given back and dealt again, a card to a full
    hand and a pasted hand with a card already dealt refused); D's hand fills itself."""
    prefix = "record-phone" if phone else "record-laptop"
    expect(pack(viewer).locator("button[data-card]")).to_have_count(52)
    expect(status(viewer)).to_have_text("Cards go to A (Asha): 0 of 13")
    expect(viewer.get_by_test_id("mr-entry-needs")).to_contain_text("choose the trump suit")
    for card in hands["A"][:7]:
        give(viewer, card, "A")
    expect(status(viewer)).to_have_text("Cards go to A (Asha): 7 of 13")
    expect(pack(viewer).locator("button[data-card]")).to_have_count(45)
    expect(viewer.get_by_test_id("mr-entry-left")).to_contain_text("45 cards left in the pack")
    view(page, f"{prefix}-dealing")
    if not phone:  # as a laptop's screen shows it
        page.set_viewport_size({"width": 1280, "height": 720})
        view(page, "record-laptop-dealing-720")
        page.set_viewport_size({"width": 1280, "height": 900})
    # A card given back goes back into the pack, its seat selected; dealt again.
    seat(viewer, "A").locator(f'button[data-card="{hands["A"][0]}"]').click()
    expect(pack(viewer).locator(f'button[data-card="{hands["A"][0]}"]')).to_be_visible()
    expect(status(viewer)).to_have_text("Cards go to A (Asha): 6 of 13")
    # Dealt again from the keyboard: the focus goes on to the next card of the pack.
    again = hands["A"][0]
    dealt = set(hands["A"][1:7])
    after = next(
        c
        for c in sorted(FULL_DECK, key=deck_order)
        if c not in dealt and deck_order(c) > deck_order(again)
    )
    pack(viewer).locator(f'button[data-card="{again}"]').focus()
    page.keyboard.press("Enter")
    expect(seat(viewer, "A").locator(f'button[data-card="{again}"]')).to_be_visible()
    expect(pack(viewer).locator(f'button[data-card="{after}"]')).to_be_focused()
    for card in hands["A"][7:]:
        give(viewer, card, "A")
    # A is full: the next cards go to B.
    expect(status(viewer)).to_have_text("Cards go to B (Bilal): 0 of 13")
    expect(seat(viewer, "B")).to_have_attribute("data-selected", "true")
    expect(seat(viewer, "A")).to_have_attribute("data-count", "13")

    # A card to a full hand: refused, with the reason; nothing changes.
    seat(viewer, "A").locator(".rec-seathead").click()  # the seat, not one of its cards
    expect(status(viewer)).to_have_text("Cards go to A (Asha): 13 of 13 (full: tap another seat)")
    first_b = hands["B"][0]
    pack(viewer).locator(f'button[data-card="{first_b}"]').click()
    expect(entry_notice(viewer)).to_have_attribute("data-kind", "error")
    expect(entry_notice(viewer).get_by_test_id("mr-entry-notice-text")).to_have_text(
        "A's hand is full (13 cards)"
    )
    expect(pack(viewer).locator(f'button[data-card="{first_b}"]')).to_be_visible()
    expect(seat(viewer, "A")).to_have_attribute("data-count", "13")
    view(page, f"{prefix}-full-hand")
    viewer.get_by_test_id("mr-select-B").click()
    expect(status(viewer)).to_have_text("Cards go to B (Bilal): 0 of 13")

    # A hand pasted with a card that A holds: refused, the text kept to be corrected.
    twice = hands["A"][3]
    wrong = "B:" + ".".join(twice[0] if suit == twice[1] else "" for suit in "SHDC")
    box = viewer.get_by_test_id("mr-paste")
    box.fill(wrong)
    viewer.get_by_test_id("mr-paste-go").click()
    expect(entry_notice(viewer).get_by_test_id("mr-entry-notice-text")).to_contain_text(
        "dealt twice"
    )
    expect(entry_notice(viewer).get_by_test_id("mr-entry-notice-text")).to_contain_text(twice)
    expect(box).to_have_value(wrong)
    expect(seat(viewer, "B")).to_have_attribute("data-count", "0")
    box.fill("")

    for card in hands["B"]:
        give(viewer, card, "B")
    expect(entry_notice(viewer)).to_be_hidden()  # the refusal is done with once a card goes in
    expect(status(viewer)).to_have_text("Cards go to C (Chetan): 0 of 13")
    # The trump, drawn before the deal: spades.
    viewer.get_by_test_id("mr-trump-S").click()
    expect(viewer.get_by_test_id("mr-trump-S")).to_have_attribute("aria-pressed", "true")
    expect(viewer.get_by_test_id("mr-entry-needs")).to_be_hidden()
    for card in hands["C"][:-1]:
        give(viewer, card, "C")
    expect(status(viewer)).to_have_text("Cards go to C (Chetan): 12 of 13")
    view(page, f"{prefix}-last-card")
    # C's last card: D's hand is what is left, it fills itself, and the board opens.
    pack(viewer).locator(f'button[data-card="{hands["C"][-1]}"]').click()


def record_by_clicks(page: Page, viewer: Locator, play: list[tuple[str, str]], phone: bool) -> None:
    """Click every card of the play in the hand of the player to move; one card undone and
    played again on the way."""
    prefix = "record-phone" if phone else "record-laptop"
    expect(viewer.get_by_test_id("mr-pack")).to_have_count(0)
    expect(viewer.get_by_test_id("mr-seat-A")).to_be_visible()
    expect(viewer).to_have_attribute("data-node", "0")
    undo = viewer.get_by_test_id("mr-undo")
    expect(undo).to_be_visible()
    expect(undo).to_be_disabled()
    expect(viewer.get_by_test_id("mr-record-next")).to_have_text(
        "A (Asha) to play: tap the card played."
    )
    for k, (who, card) in enumerate(play, start=1):
        viewer.get_by_test_id(f"mr-seat-{who}").locator(f'button[data-card="{card}"]').click()
        expect(viewer).to_have_attribute("data-node", str(k))
        if k == 3:
            nxt = play[k][0]
            expect(viewer.get_by_test_id("mr-record-next")).to_contain_text(
                f"{nxt} ({NAMES[nxt]}) to play"
            )
            if phone:
                check_phone_board(page, viewer, nxt)
            view(page, f"{prefix}-recording")
        if k == 6:
            # A slip: Undo takes the last card back into its hand; it is played again.
            expect(undo).to_be_enabled()
            undo.click()
            expect(viewer).to_have_attribute("data-node", str(k - 1))
            expect(
                viewer.get_by_test_id(f"mr-seat-{who}").locator(f'button[data-card="{card}"]')
            ).to_be_visible()
            viewer.get_by_test_id(f"mr-seat-{who}").locator(f'button[data-card="{card}"]').click()
            expect(viewer).to_have_attribute("data-node", str(k))
    expect(viewer.get_by_test_id("mr-result")).to_be_visible()
    expect(viewer.get_by_test_id("mr-record-next")).to_have_text("The deal is over: Save it.")


def check_phone_board(page: Page, viewer: Locator, to_play: str) -> None:
    """On the phone, the cards of the player to move, Undo and Save are 44 px targets."""
    cards = viewer.get_by_test_id(f"mr-seat-{to_play}").locator("button[data-card]")
    assert cards.count() > 0
    for box in (cards.nth(i).bounding_box() for i in range(cards.count())):
        assert box is not None and box["width"] >= TAP - 0.5 and box["height"] >= TAP - 0.5, box
    for testid in ("mr-undo", "mr-save"):
        box = viewer.get_by_test_id(testid).bounding_box()
        assert box is not None and box["height"] >= TAP - 0.5, (testid, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390


def check_phone_pack(page: Page, viewer: Locator) -> None:
    """Every card of the pack and every button of entry mode a 44 px target, nothing wider
    than the screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    cards = pack(viewer).locator("button[data-card]")
    assert cards.count() == 52
    for i in range(cards.count()):
        box = cards.nth(i).bounding_box()
        assert box is not None and box["width"] >= TAP - 0.5 and box["height"] >= TAP - 0.5, box
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    for button in viewer.get_by_test_id("mr-entry").locator("button").all():
        box = button.bounding_box()
        assert box is not None and box["height"] >= TAP - 0.5, (button.inner_text(), box)


def save_and_compare(viewer: Locator, target: Path, record: DealRecord) -> None:
    save = viewer.get_by_role("button", name=re.compile("save", re.IGNORECASE))
    expect(save).to_have_count(1)
    expect(save).to_have_attribute("aria-label", f"Save to {target.name}")
    save.click()
    expect(notice(viewer)).to_have_attribute("data-kind", "saved", timeout=30_000)
    expect(viewer.get_by_test_id("mr-record-next")).to_have_text(
        f"The deal is over, and saved in {target.name}."
    )
    (saved,) = list(read_deals(target))
    assert saved.errors == []
    assert hands_of(saved) == hands_of(record)
    assert play_of(saved) == play_of(record)
    for tag in ("Result", "Tens", "Tricks", "Dealer", "TrumpMethod", "Trump", *TAGS):
        assert saved.tags.get(tag) == record.tags.get(tag), tag
    for letter, name in NAMES.items():
        assert saved.tags.get(letter) == name
    assert saved.timeline is not None and saved.timeline.result is not None
    assert saved.timeline.result.tag == record.timeline.result.tag  # type: ignore[union-attr]


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (390, 844)], ids=["laptop", "phone"])
def test_record_a_deal_by_clicks(
    voila_server: Server, workdir: Path, browser: Browser, width: int, height: int
) -> None:
    phone = width < 600
    name = "phone" if phone else "laptop"
    target = workdir / "notebooks" / f"recorded-{name}.pmn"
    write_notebook(workdir / "notebooks", f"record-{name}.ipynb", target)
    record = sample()
    errors = PageErrors()
    with voila_page(
        browser,
        voila_server,
        errors,
        f"/voila/render/record-{name}.ipynb",
        0,
        f"record-{name}-end.png",
    ) as page:
        page.set_viewport_size({"width": width, "height": height})
        viewer = page.get_by_test_id("mr-viewer").first
        expect(pack(viewer)).to_be_visible()
        if phone:
            check_phone_pack(page, viewer)
        view(page, f"record-{name}-start")
        deal_by_clicks(page, viewer, hands_of(record), phone)
        record_by_clicks(page, viewer, play_of(record), phone)
        assert not target.exists(), "nothing is written before Save"
        save_and_compare(viewer, target, record)
        view(page, f"record-{name}-saved")
        if not phone:
            page.set_viewport_size({"width": 1280, "height": 720})
            viewer.get_by_test_id("mr-first").click()
            viewer.get_by_test_id("mr-next-trick").click()
            view(page, "record-laptop-720")
    assert errors.problems() == []


def three_hands(record: DealRecord) -> str:
    """The hands of A, B and C as a score sheet writes them (D's is what is left)."""
    return " ".join(record.tags["Hands"].split()[:3])


def test_the_record_notebook_served_as_by_dev_sh_present(
    voila_server: Server, workdir: Path, browser: Browser
) -> None:
    """notebooks/05-record.ipynb in Voila, as ``./dev.sh present`` serves it: the hands
    pasted from a score sheet, the trump chosen, a trick recorded and saved into the
    notebook's own sunday.pmn."""
    games = workdir / "notebooks" / "sunday.pmn"
    games.unlink(missing_ok=True)  # the served folder is shared: a deal of another test's
    record = sample()
    errors = PageErrors()
    with voila_page(
        browser, voila_server, errors, "/voila/render/05-record.ipynb", 0, "record-notebook-end.png"
    ) as page:
        page.set_viewport_size({"width": 390, "height": 844})
        viewer = page.get_by_test_id("mr-viewer").first
        # the set-up's form first: the names and the dealer of the score sheet
        for who in "ABCD":
            viewer.get_by_test_id(f"mr-form-name-{who}").fill(record.tags[who])
        viewer.get_by_test_id("mr-form-dealer").select_option(record.tags["Dealer"])
        viewer.get_by_test_id("mr-form-start").click()
        expect(pack(viewer).locator("button[data-card]")).to_have_count(52)
        expect(status(viewer)).to_have_text("Cards go to A (Asha): 0 of 13")
        viewer.get_by_test_id("mr-paste").fill(three_hands(record))
        viewer.get_by_test_id("mr-paste-go").click()
        # Every hand dealt, D's by itself: the trump is what is missing.
        expect(status(viewer)).to_have_text("Every hand is dealt: one thing is missing.")
        expect(viewer.get_by_test_id("mr-entry-needs")).to_have_text(
            "Still missing: choose the trump suit."
        )
        expect(viewer.get_by_test_id("mr-paste")).to_have_value("")
        expect(seat(viewer, "D")).to_have_attribute("data-count", "13")
        view(page, "record-notebook-pasted")
        viewer.get_by_test_id("mr-trump-S").click()
        expect(viewer.get_by_test_id("mr-undo")).to_be_visible()
        for k, (who, card) in enumerate(play_of(record)[:4], start=1):
            viewer.get_by_test_id(f"mr-seat-{who}").locator(f'button[data-card="{card}"]').click()
            expect(viewer).to_have_attribute("data-node", str(k))
        viewer.get_by_role("button", name=re.compile("save", re.IGNORECASE)).click()
        expect(notice(viewer)).to_have_attribute("data-kind", "saved", timeout=30_000)
        view(page, "record-notebook-saved")
    (saved,) = list(read_deals(games))
    assert saved.tags["Result"] == "*"
    assert hands_of(saved) == hands_of(record)
    assert play_of(saved) == play_of(record)[:4]
    assert errors.problems() == []


def test_a_closed_trump_is_chosen_from_the_holders_hand(
    voila_server: Server, workdir: Path, browser: Browser
) -> None:
    """Closed: the card the holder (A, who leads) lays face down is chosen among A's cards;
    then the board opens with the trump face down."""
    target = workdir / "notebooks" / "recorded-closed.pmn"
    write_notebook(workdir / "notebooks", "record-closed.ipynb", target, method="Closed")
    record = sample()
    errors = PageErrors()
    with voila_page(
        browser,
        voila_server,
        errors,
        "/voila/render/record-closed.ipynb",
        0,
        "record-closed-end.png",
    ) as page:
        viewer = page.get_by_test_id("mr-viewer").first
        trump = viewer.get_by_test_id("mr-entry-trump")
        expect(trump).to_contain_text("Deal A (Asha)'s cards first")
        expect(viewer.get_by_test_id("mr-entry-needs")).to_have_text(
            "Still to do: choose the card A (Asha) lays face down."
        )
        viewer.get_by_test_id("mr-paste").fill(three_hands(record))
        viewer.get_by_test_id("mr-paste").press("Enter")
        expect(seat(viewer, "D")).to_have_attribute("data-count", "13")
        # Only A's cards are offered.
        expect(trump.locator("button[data-trump-card]")).to_have_count(13)
        assert sorted(
            trump.locator("button[data-trump-card]").evaluate_all(
                "(cards) => cards.map((c) => c.dataset.trumpCard)"
            )
        ) == sorted(hands_of(record)["A"])
        view(page, "record-closed-choose")
        trump.get_by_test_id("mr-closed-9C").click()
        expect(viewer.get_by_test_id("mr-trump")).to_have_attribute("data-status", "hidden")
        expect(viewer.get_by_test_id("mr-seat-A").locator('[data-card="9C"]')).to_have_class(
            re.compile(r"\bmr-facedown\b")
        )
        expect(viewer.get_by_test_id("mr-undo")).to_be_disabled()
    assert errors.problems() == []


def test_the_form_offers_a_matchs_scoring_and_the_house_rotations(
    voila_server: Server, workdir: Path, browser: Browser
) -> None:
    """``mr.recorder`` on a file whose last deal belongs to a match: the form carries the
    match on, offers its scoring (plain, as the match has it) and the house rules as boxes
    (each with its sentence; the closed trump's only with it, a version's with that one);
    a deal begun under ``tens`` and ``partner-deals`` is saved with those tags, and its
    dealer is the one the common rotation gives after the file's last deal."""
    club = ROOT / "sample_games" / "match-thursday-club.pmn"
    target = workdir / "notebooks" / "club-house.pmn"
    target.write_bytes(club.read_bytes())
    before = target.read_bytes()
    last = list(read_deals(target))[-1]
    source = f"import mendikot_replay as mr\n\nmr.recorder({str(target)!r})"
    one_cell_notebook(workdir / "notebooks", "record-house.ipynb", source, "house-cell")
    errors = PageErrors()
    with voila_page(
        browser, voila_server, errors, "/voila/render/record-house.ipynb", 0, "record-house.png"
    ) as page:
        page.set_viewport_size({"width": 390, "height": 844})
        viewer = page.get_by_test_id("mr-viewer").first
        scoring = viewer.get_by_test_id("mr-form-scoring")
        expect(scoring).to_have_value("plain")
        field = viewer.locator(".mr-form-field", has=page.get_by_test_id("mr-form-scoring"))
        expect(field).to_contain_text("Match thu-26")
        scoring.select_option("tens")
        # the house rules are folded under their summary, the names and the dealer first
        house = viewer.get_by_test_id("mr-form-house")
        expect(house).not_to_have_attribute("open", "")
        expect(viewer.get_by_test_id("mr-form-flag-partner-deals")).to_be_hidden()
        house.locator("summary").click()
        viewer.get_by_test_id("mr-form-flag-partner-deals").check()
        expect(house.locator("summary")).to_have_text("House rules: partner-deals")
        view(page, "record-house-form")
        # the closed trump's rules appear with it, each version's with that version
        expect(viewer.get_by_test_id("mr-form-flag-hidden-trumps")).to_have_count(0)
        viewer.get_by_test_id("mr-form-method").select_option("Closed")
        viewer.get_by_test_id("mr-form-reveal").select_option("B")
        expect(viewer.get_by_test_id("mr-form-flag-holder-may-ask")).to_be_visible()
        expect(viewer.get_by_test_id("mr-form-flag-count-from-reveal")).to_have_count(0)
        flag = viewer.locator(
            ".mr-form-flag", has=page.get_by_test_id("mr-form-flag-hidden-trumps")
        )
        expect(flag).to_contain_text("the hidden suit is trumps before the reveal")
        view(page, "record-house-form-closed")
        viewer.get_by_test_id("mr-form-method").select_option("Drawn")
        expect(viewer.get_by_test_id("mr-form-flag-holder-may-ask")).to_have_count(0)
        expect(viewer.get_by_test_id("mr-form-flag-partner-deals")).to_be_checked()
        viewer.get_by_test_id("mr-form-start").click()
        expect(pack(viewer).locator("button[data-card]")).to_have_count(52)
        record = sample()
        viewer.get_by_test_id("mr-paste").fill(three_hands(record))
        viewer.get_by_test_id("mr-paste-go").click()
        viewer.get_by_test_id("mr-trump-S").click()
        expect(viewer.get_by_test_id("mr-undo")).to_be_visible()
        viewer.get_by_role("button", name=re.compile("save", re.IGNORECASE)).click()
        expect(notice(viewer)).to_have_attribute("data-kind", "saved", timeout=30_000)
    after = target.read_bytes()
    assert after.startswith(before)  # the match's deals byte for byte
    saved = list(read_deals(target))[-1]
    assert saved.tags["Match"] == "thu-26" and saved.tags["Deal"] == str(int(last.tags["Deal"]) + 1)
    assert saved.tags["Scoring"] == "tens" and saved.tags["Variant"] == "partner-deals"
    result = last.timeline.result if last.timeline is not None else None
    assert result is not None  # the common rotation: the file's deals were not under the flag
    assert saved.tags["Dealer"] == Rules().next_dealer(last.tags["Dealer"], result)
    assert errors.problems() == []


def test_a_two_pack_deal_recorded_by_taps_on_a_phone(
    voila_server: Server, workdir: Path, browser: Browser
) -> None:
    """Ten players, two packs (``sample_games/two-packs.pmn``'s first deal): the pack shows
    every card twice, a card tapped twice gives a hand both copies, and in the play a seat
    holding a card twice plays it by either button; the deal saved is the sample's."""
    (record, _) = list(read_deals(ROOT / "sample_games" / "two-packs.pmn"))
    target = workdir / "notebooks" / "recorded-ten.pmn"
    source = (
        "import mendikot_replay as mr\n"
        "\n"
        f"board = mr.new_deal(path={str(target)!r}, players=10, dealer='B',"
        " trump_method='Drawn', event='Two packs: ten players', site='Ahmedabad',"
        " date='2026.12.05')\n"
        "board"
    )
    one_cell_notebook(workdir / "notebooks", "record-ten.ipynb", source, "record-cell")
    hands = record.tags["Hands"].split()
    errors = PageErrors()
    with voila_page(
        browser, voila_server, errors, "/voila/render/record-ten.ipynb", 0, "record-ten-end.png"
    ) as page:
        page.set_viewport_size({"width": 390, "height": 844})
        viewer = page.get_by_test_id("mr-viewer").first
        expect(pack(viewer).locator("button[data-card]")).to_have_count(100)
        expect(pack(viewer).locator('button[data-card="KD"]')).to_have_count(2)
        expect(pack(viewer).locator('button[data-card="2D"]')).to_have_count(1)  # one two out
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        # A's hand by taps: the king of diamonds twice, both copies to A
        for card in ["3S", "QH", "JH", "AD", "KD", "KD", "9D", "JC", "6C", "6C"]:
            pack(viewer).locator(f'button[data-card="{card}"]').first.click()
        expect(seat(viewer, "A")).to_have_attribute("data-count", "10")
        expect(seat(viewer, "A").locator('button[data-card="KD"]')).to_have_count(2)
        expect(pack(viewer).locator('[data-card="KD"]')).to_have_count(0)
        expect(pack(viewer).locator("button[data-card]")).to_have_count(90)
        view(page, "record-ten-phone-dealing")
        # B to I pasted (a card twice in a hand among them), J's hand is what is left
        viewer.get_by_test_id("mr-paste").fill(" ".join(hands[1:9]))
        viewer.get_by_test_id("mr-paste").press("Enter")
        expect(seat(viewer, "J")).to_have_attribute("data-count", "10")
        viewer.get_by_test_id("mr-trump-H").click()
        expect(viewer.get_by_test_id("mr-pack")).to_have_count(0)
        for k, node in enumerate(record.mainline(), start=1):
            hand = viewer.get_by_test_id(f"mr-seat-{node.seat}")
            hand.locator(f'button[data-card="{node.card}"]').first.click()
            expect(viewer).to_have_attribute("data-node", str(k))
            if k == 7:  # I's ace of spades after H's: the second copy on the table
                expect(viewer.get_by_test_id("mr-trick").locator('[data-card="AS"]')).to_have_count(
                    2
                )
                view(page, "record-ten-phone-twins")
        expect(viewer.get_by_test_id("mr-record-next")).to_have_text("The deal is over: Save it.")
        viewer.get_by_test_id("mr-save").click()
        expect(notice(viewer)).to_have_attribute("data-kind", "saved", timeout=30_000)
    (saved,) = list(read_deals(target))
    assert saved.errors == []
    for tag in ("Hands", "Result", "Tens", "Tricks", "Dealer", "Trump", "Players"):
        assert saved.tags.get(tag) == record.tags.get(tag), tag
    assert [str(n.card) for n in saved.mainline()] == [str(n.card) for n in record.mainline()]
    assert errors.problems() == []
