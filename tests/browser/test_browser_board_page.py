"""The analysis board in the page ``mendikot-replay html`` exports, opened from a file with
no kernel: the move list shows the file's variations (nested, with their results and the
cards that cannot be replayed), a click on a card of the list or of the hand to play goes
there and everything drawn (the tens ledger, the labels, the jumps) follows the line shown,
Shift+arrow keys enter and leave variations, and a card that cannot be played says why."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browser_support import ARTIFACTS, ROOT, PageErrors, at_step, shot
from playwright.sync_api import Locator, Page, expect

from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.session.payload import deal_view
from mendikot_replay.views.html import page_html

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

# The annotated example of docs/format.md (section 8) with two more variations: one that
# plays the deal out to its end (its result is shown), and, in the second deal, one whose
# second card breaks the rules (a dead end: shown greyed, with the engine's reason).
DEALS = """% PMN 1.0
[Event "Thursday club, annotated"]
[Dealer "D"]
[TrumpMethod "Drawn"]
[Trump "S"]
[A "Asha"]
[B "Bilal"]
[C "Chitra"]
[D "Divya"]
[Hands "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"]
[Result "AC win"]
[Play "A"]
{ For Thursday's class: how A/C collect three tens with five tricks. }
1. A: TH KH AH { C's ace takes the ten for A/C }
  ( QH? { too clever: B's king wins and the ten goes to B/D } 2H ( 4H ) 2. B: KC ) 2H
2. C: JS 8S 3S QS
3. B: QD AD 8D TD! $21 { A drops the ten under partner's ace } ( 6D?! )
4. C: 5S ( 4. C: 7C { a club lead runs into D's ace } ) 7S 6S 2S
5. D: 4S AS 4C TS
6. A: 5C 3C 2C 8C
7. D: 6H 3H QC 7H
8. C: QH 4H 5H KD
9. C: 7C AC 9C TC
10. D: 9D 3D 2D 5D
11. D: 9S 6D 4D JH
12. D: JC ( 12. D: KS 9H KC 6C 13. D: JC 8H JD 7D ) 9H KC 6C
13. B: JD 7D KS 8H

[Event "Endgame with a dead end"]
[TrumpMethod "Drawn"]
[Trump "H"]
[Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]
[Start "trick 10; tens 1-0; tricks 7-2"]
[Play "B"]
{ C to play after B's five of spades: cover or duck? }
10. B: 5S KS ( 9S 8H ) QS TC
11. C: AC 8H 8D TD
12. D: KH 9D AS 9S
13. D: TS AD 2D 5D
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("board") / "variations.pmn"
    path.write_text(DEALS, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def payloads(source: Path) -> list[dict[str, Any]]:
    return [deal_view(record) for record in read_deals(source)]


def export(source: Path, out: Path) -> Path:
    result = subprocess.run(
        [sys.executable, "-m", "mendikot_replay", "html", str(source), "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.exists(), result.stdout + result.stderr
    return out


@pytest.fixture
def board(page: Page, source: Path, tmp_path: Path) -> Locator:
    """The first deal's viewer in the exported page."""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(export(source, tmp_path / "board.html").as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    expect(viewer).to_be_visible()
    return viewer


def node_of(viewer: Locator) -> int:
    value = viewer.get_attribute("data-node")
    assert value is not None, "the viewer root has no data-node"
    return int(value)


def at_node(viewer: Locator, node: int, step: int) -> None:
    expect(viewer).to_have_attribute("data-node", str(node))
    at_step(viewer, step)


def node_id(payload: dict[str, Any], parent: int, card: str) -> int:
    """The id of the child of ``parent`` that plays ``card``."""
    for child in payload["steps"][parent]["children"]:
        if payload["steps"][child]["card"]["card"] == card:
            return int(child)
    raise AssertionError(f"no {card} after node {parent}")


def test_the_move_list_shows_the_files_variations(
    board: Locator, payloads: list[dict[str, Any]], page_errors: PageErrors
) -> None:
    payload = payloads[0]
    steps = payload["steps"]
    moves = board.get_by_test_id("mr-moves")
    expect(moves).to_be_visible()
    # Every node but the start is one card button of the list, with its id and card.
    cards = moves.locator("button[data-card][data-node]")
    expect(cards).to_have_count(len(steps) - 1)
    assert len(steps) - 1 > len(payload["main_line"]) - 1  # there are variations
    # A variation per alternative, nested under the card it replaces: C's queen of
    # hearts instead of the ace, D's four inside it instead of the two.
    variations = moves.locator("details.mr-mv-var")
    expect(variations).to_have_count(sum(len(s["children"][1:]) for s in steps))
    queen = node_id(payload, 2, "QH")
    four = node_id(payload, queen, "4H")
    outer = moves.locator(f'details.mr-mv-var[data-node="{queen}"]')
    expect(outer).to_have_attribute("open", "")
    expect(outer.locator(f'details.mr-mv-var[data-node="{four}"]')).to_have_count(1)
    expect(outer.locator("summary").first).to_contain_text("instead of A\u2665")
    button = moves.locator(f'button[data-node="{queen}"]')
    expect(button).to_have_attribute("data-card", "QH")
    expect(button).to_have_attribute("aria-label", "trick 1, C plays queen of hearts, ?, annotated")
    # The variation of trick 12 plays the deal out: its end shows the result.
    king = node_id(payload, payload["main_line"][44], "KS")
    end = king
    while steps[end]["children"]:
        end = steps[end]["children"][0]
    tag = steps[end]["result"]["tag"]
    late = moves.locator(f'details.mr-mv-var[data-node="{king}"]')
    expect(late.locator(".mr-mv-result").first).to_have_text(tag)
    # The main line's own end too, and the start is highlighted.
    main_rows = moves.locator('.mr-mv-list > ol.mr-mv-line[data-depth="0"] > li')
    expect(main_rows.last.locator("> .mr-mv-result")).to_have_text(payload["result"]["tag"])
    expect(moves.locator('[aria-current="step"]')).to_have_attribute("data-node", "0")
    expect(board.get_by_test_id("mr-trick-text")).to_have_text("before trick 1")
    shot(board.page, "board-page-moves")
    assert page_errors.problems() == []


def test_a_click_in_the_move_list_steps_into_a_variation_and_the_ledger_follows(
    board: Locator, payloads: list[dict[str, Any]], page_errors: PageErrors
) -> None:
    payload = payloads[0]
    queen = node_id(payload, 2, "QH")
    two = payload["steps"][queen]["children"][0]  # D's two of hearts ends trick 1: B wins
    ten = board.get_by_test_id("mr-ten-TH")
    board.get_by_test_id("mr-next-trick").click()
    at_node(board, 4, 4)
    expect(ten).to_have_attribute("data-status", "captured")
    expect(ten).to_have_attribute("data-team", "AC")  # the main line: C's ace took it

    moves = board.get_by_test_id("mr-moves")
    moves.locator(f'button[data-node="{two}"]').click()
    at_node(board, two, 4)  # the same card count, another line
    expect(ten).to_have_attribute("data-status", "captured")
    expect(ten).to_have_attribute("data-team", "BD")  # B's king took it
    expect(moves.locator(f'button[data-node="{two}"]')).to_have_attribute("aria-current", "step")
    expect(moves.locator('[aria-current="step"]')).to_have_count(1)
    expect(board.get_by_test_id("mr-line")).to_contain_text("variation")
    expect(board.get_by_test_id("mr-count-BD")).to_have_attribute("data-tens", "1")
    # Stepping stays on the line shown: on to its end, back to the start and out again.
    board.focus()
    board.page.keyboard.press("ArrowRight")
    king = payload["steps"][two]["children"][0]
    at_node(board, king, 5)
    expect(board.get_by_test_id("mr-step")).to_have_text("card 5 of 5")
    # where in the variation too: its last card, counted from where it branches off
    expect(board.get_by_test_id("mr-line")).to_have_text(
        re.compile(r"variation: its card (\d+) of \1$")
    )
    expect(board.get_by_test_id("mr-result")).to_contain_text("this variation stops here")
    board.page.keyboard.press("Home")
    at_node(board, 0, 0)
    board.page.keyboard.press("t")  # the ten of hearts on the table
    at_node(board, 1, 1)
    board.page.keyboard.press("t")  # ... and taken by B/D, on this line
    at_node(board, two, 4)
    board.get_by_test_id("mr-last").click()
    at_node(board, king, 5)
    # A card of the main line in the list brings the main line back.
    moves.locator('button[data-node="12"]').click()
    at_node(board, 12, 12)
    expect(board.get_by_test_id("mr-line")).to_be_hidden()
    board.get_by_test_id("mr-last").click()
    at_step(board, len(payload["main_line"]) - 1)
    expect(board.get_by_test_id("mr-result")).to_contain_text(
        payload["result"]["text"].split(" —")[0]
    )
    assert page_errors.problems() == []


def test_shift_arrows_enter_and_leave_variations(
    board: Locator, payloads: list[dict[str, Any]], page_errors: PageErrors
) -> None:
    payload = payloads[0]
    queen = node_id(payload, 2, "QH")
    four = node_id(payload, queen, "4H")
    board.focus()
    keys = board.page.keyboard
    assert "Shift+ArrowRight" in (board.get_attribute("aria-keyshortcuts") or "")
    keys.press("Shift+ArrowRight")  # the first variation ahead: C's queen at card 3
    at_node(board, queen, 3)
    keys.press("Shift+ArrowRight")  # inside it, the next one: D's four of hearts
    at_node(board, four, 4)
    keys.press("Shift+ArrowLeft")  # out of the four: back to the queen's line
    at_node(board, queen, 3)
    keys.press("ArrowRight")
    at_node(board, payload["steps"][queen]["children"][0], 4)
    keys.press("Shift+ArrowLeft")  # out of the queen: back to the main line before it
    at_node(board, 2, 2)
    keys.press("ArrowRight")
    at_node(board, 3, 3)  # the main line's ace of hearts
    keys.press("Shift+ArrowLeft")  # on the main line: nothing to leave
    at_node(board, 3, 3)
    expect(board).to_contain_text("no variation to leave")
    # The buttons of the list do the same.
    board.get_by_test_id("mr-var-in").click()
    late = node_id(payload, 11, "6D")  # the next variation ahead: A's six of diamonds
    at_node(board, late, 12)
    expect(board.get_by_test_id("mr-var-out")).to_be_enabled()
    board.get_by_test_id("mr-var-out").click()
    at_node(board, 11, 11)
    assert page_errors.problems() == []


def test_playing_cards_from_the_hand(
    board: Locator, payloads: list[dict[str, Any]], page_errors: PageErrors
) -> None:
    payload = payloads[0]
    board.get_by_test_id("mr-next").click()  # A leads the ten of hearts: B to play
    at_node(board, 1, 1)
    seat_b = board.get_by_test_id("mr-seat-B")
    # The cards of the player to move are buttons, the legal one marked.
    expect(seat_b.locator("button[data-card]")).to_have_count(13)
    expect(seat_b.locator('button[data-card="KH"]')).to_contain_class("mr-legal")
    expect(seat_b.locator('button[data-card="KD"]')).to_contain_class("mr-illegal")
    seat_b.locator('[data-card="KD"]').click()  # B must follow hearts
    expect(board).to_contain_text("K\u2666 is not a legal card here")
    at_node(board, 1, 1)
    board.get_by_test_id("mr-seat-C").locator('[data-card="AH"]').click()
    expect(board).to_contain_text("It is B (Bilal)'s turn")
    at_node(board, 1, 1)
    seat_b.locator('[data-card="KH"]').click()  # the next card of the line
    at_node(board, 2, 2)
    queen = node_id(payload, 2, "QH")
    board.get_by_test_id("mr-seat-C").locator('[data-card="QH"]').click()  # a variation's card
    at_node(board, queen, 3)
    # A card nobody recorded here: without a kernel, the page says where it can be played.
    board.get_by_test_id("mr-seat-D").locator('[data-card="6H"]').click()
    expect(board).to_contain_text("New cards need the notebook")
    at_node(board, queen, 3)
    # No kernel: no board toolbar.
    expect(board.get_by_test_id("mr-board")).to_be_hidden()
    assert page_errors.problems() == []


def test_dead_ends_are_greyed_with_their_error(
    page: Page,
    source: Path,
    tmp_path: Path,
    payloads: list[dict[str, Any]],
    page_errors: PageErrors,
) -> None:
    payload = payloads[1]
    (dead,) = payload["dead_ends"]
    page.goto(export(source, tmp_path / "board.html").as_uri() + "#deal-2")
    viewer = page.get_by_test_id("mr-viewer").nth(1)
    expect(viewer).to_be_visible()
    moves = viewer.get_by_test_id("mr-moves")
    stop = moves.locator(".mr-mv-dead")
    expect(stop).to_have_count(1)
    expect(stop).to_contain_text(dead["error"])
    expect(stop.locator("button, [data-card]")).to_have_count(0)  # nothing to step to
    # The deal's own comment stands in the notes: no "no annotations" line.
    expect(viewer.get_by_test_id("mr-points")).to_contain_text("cover or duck?")
    expect(viewer.get_by_text("This deal has no annotations.")).to_be_hidden()
    # A position whose trick is under way: the card already on the table is in the list.
    expect(viewer.get_by_test_id("mr-trick-text")).to_have_text("Trick 10")
    expect(moves.locator(".mr-mv-pre")).to_have_count(1)
    shot(page, "board-page-dead-end")
    assert page_errors.problems() == []


def test_the_solver_judges_cards_in_variations_and_grades_the_quiz(
    page: Page, page_errors: PageErrors, tmp_path: Path
) -> None:
    records = list(read_deals(ROOT / "sample_games" / "endgame-cover-or-duck.pmn"))[:1]
    html = tmp_path / "duck.html"
    html.write_text(page_html(records, analyse=True), encoding="utf-8")
    payload = deal_view(records[0])
    duck = node_id(payload, 0, "9S")  # the variation: C ducks with the nine
    page.goto(html.as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    expect(viewer.get_by_test_id("mr-opt-analyse")).to_be_checked()
    viewer.get_by_test_id("mr-moves").locator(f'button[data-node="{duck}"]').click()
    at_node(viewer, duck, 1)
    played = viewer.get_by_test_id("mr-table").locator('.mr-trickcard[data-seat="C"]')
    expect(played).to_contain_class("mr-dd-mistake")
    expect(viewer.get_by_test_id("mr-dd-played")).to_contain_text("a mistake, AC win \u2192 BD win")
    expect(viewer.get_by_test_id("mr-dd")).to_have_attribute("data-value", "-1")
    # The quiz: graded by the solver, its values hidden until the answer.
    viewer.get_by_test_id("mr-opt-analyse").uncheck()
    viewer.get_by_test_id("mr-first").click()  # the start of the line shown: the variation's
    at_node(viewer, 0, 0)
    viewer.get_by_test_id("mr-moves").locator('button[data-node="1"]').click()  # the main line
    viewer.get_by_test_id("mr-first").click()
    at_node(viewer, 0, 0)
    viewer.get_by_test_id("mr-opt-quiz").select_option("C")
    quiz = viewer.get_by_test_id("mr-quiz")
    expect(quiz).to_have_attribute("data-state", "ask")
    expect(viewer.locator("[data-dd-value]")).to_have_count(0)
    viewer.get_by_test_id("mr-seat-C").locator("button.mr-pick[data-card='9S']").click()
    expect(quiz).to_have_attribute("data-state", "wrong")
    expect(quiz).to_have_attribute("data-graded", "solver")
    expect(quiz).to_contain_text("Not the best: 9\u2660 loses AC win (BD win).")
    expect(quiz).to_contain_text("played K\u2660, which keeps it.")
    assert page_errors.problems() == []


def test_stepping_moves_the_highlight_without_rebuilding_the_list(
    board: Locator, payloads: list[dict[str, Any]], capsys: pytest.CaptureFixture[str]
) -> None:
    payload = payloads[0]
    moves = board.get_by_test_id("mr-moves")
    # A mark on the list's elements survives the steps: the list is built once.
    moves.evaluate("el => { el.querySelectorAll('button').forEach((b) => { b.mrMark = 1; }); }")
    board.focus()
    times = []
    for step in range(1, len(payload["main_line"])):
        board.page.keyboard.press("ArrowRight")
        at_step(board, step)
        times.append(float(board.get_attribute("data-last-render-ms") or "nan"))
    unmarked = moves.evaluate(
        "el => [...el.querySelectorAll('button')].filter((b) => !b.mrMark).length"
    )
    assert unmarked == 0
    expect(moves.locator('[aria-current="step"]')).to_have_attribute(
        "data-node", str(payload["main_line"][-1])
    )
    # Every step drew and said how long it took. The time is printed below, not asserted:
    # the suite runs beside other tests, and speed lives in benchmarks/bench_board.py (a
    # step's goal there: median under 20 ms, p95 under 50 ms).
    assert len(times) == len(payload["main_line"]) - 1
    assert all(0 <= t < float("inf") for t in times), times
    page = board.page
    shot(page, "board-page-end")
    page.set_viewport_size({"width": 390, "height": 844})
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "board-page-phone.png"), full_page=True)
    with capsys.disabled():
        print(f"\nboard page, step render: max {max(times):.2f} ms over {len(times)} steps")


def test_the_ask_for_the_closed_trump_is_part_of_the_card_played(
    page: Page, page_errors: PageErrors, tmp_path: Path
) -> None:
    """Version B: where the player to move may ask for the closed trump, the toggle shows;
    the next card clicked asks, so the recorded ask (Sanjay's ^T5D at trick 8) steps on."""
    html = export(ROOT / "sample_games" / "closed-trump-version-b.pmn", tmp_path / "b.html")
    payload = deal_view(
        next(iter(read_deals(ROOT / "sample_games" / "closed-trump-version-b.pmn")))
    )
    at = next(s["id"] for s in payload["steps"] if s["asks"] and len(s["children"]) > 1)
    asked, other = payload["steps"][at]["children"][:2]
    seat = payload["steps"][at]["to_play"]
    page.goto(html.as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    toggle = viewer.get_by_test_id("mr-ask")
    expect(toggle).to_be_hidden()  # nobody may ask at the start
    moves = viewer.get_by_test_id("mr-moves")
    expect(moves.locator(f'button[data-node="{asked}"]')).to_contain_text("^")
    label = moves.locator(f'button[data-node="{asked}"]').get_attribute("aria-label") or ""
    assert "asking for the trump" in label, label
    moves.locator(f'button[data-node="{at}"]').click()
    at_node(viewer, at, at)
    expect(toggle).to_be_visible()
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    card = payload["steps"][asked]["card"]["card"]
    viewer.get_by_test_id(f"mr-seat-{seat}").locator(f'[data-card="{card}"]').click()
    at_node(viewer, asked, at + 1)
    viewer.focus()
    page.keyboard.press("ArrowLeft")
    at_node(viewer, at, at)
    expect(toggle).to_have_attribute("aria-pressed", "false")  # one click's worth only
    card = payload["steps"][other]["card"]["card"]
    viewer.get_by_test_id(f"mr-seat-{seat}").locator(f'[data-card="{card}"]').click()
    at_node(viewer, other, at + 1)  # the variation without the ask
    assert page_errors.problems() == []
