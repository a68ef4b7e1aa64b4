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

import math
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_support import (
    ROOT,
    PageErrors,
    Server,
    at_step,
    kept_file,
    kept_files,
    python_ready,
    screen_page,
    visited_once,
    wait_for_drafts,
)
from playwright.sync_api import Browser, FilePayload, Locator, Page, ViewportSize, expect
from pmn_examples import DUCK

from mendikot_replay.analysis.chances import deal_chances
from mendikot_replay.analysis.odds import odds
from mendikot_replay.core.rules import Rules
from mendikot_replay.pmn.link import link_fragment
from mendikot_replay.pmn.reader import read_deals, read_string
from mendikot_replay.session.session import Session
from mendikot_replay.solver.search import Solution, solve
from mendikot_replay.views.widget import chance_right

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

WORKED = ROOT / "sample_games" / "worked-example.pmn"


def shows_solution(board: Locator, expected: Solution) -> None:
    """The board's double-dummy panel and cards show ``expected`` (the compiled core's
    solution): the position's value, and every legal card's."""
    panel = board.get_by_test_id("mr-dd")
    expect(panel).to_have_attribute("data-value", str(expected.value))
    for card, value in expected.cards.items():
        shown = board.locator(f"[data-card='{card}'][data-dd-value]").first
        expect(shown).to_have_attribute("data-dd-value", str(value))


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
    shows_solution(board, solve(record.game_at(record.mainline()[step - 1])))
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
    # and it is kept in the browser, every byte, should the tab close
    expect(page.get_by_test_id("site-status")).to_contain_text("kept in this browser")
    assert kept_file(page, "worked-example.pmn") == Path(download.value.path()).read_bytes()
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
        visited_once(page)  # every file kept: the service worker controls the page
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
    browser's storage; the other twelve tricks tapped; Save: the whole deal comes back as a
    file, with its result."""
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
        # and the rest of the deal, tap by tap, to its last card
        for k, node in enumerate(worked.mainline()[4:], start=5):
            expect(board).to_have_attribute("data-to-play", node.seat or "")
            board.get_by_test_id(f"mr-seat-{node.seat}").locator(
                f"button[data-card='{node.card}']"
            ).tap()
            at_step(board, k)
        with page.expect_download() as download:
            board.get_by_test_id("mr-save").tap()
        assert download.value.suggested_filename == "games.pmn"
        expect(page.get_by_test_id("site-status")).to_contain_text("Saved: games.pmn")
        wait_for_drafts(page, 0)  # saved: no draft left to offer
        (saved,) = read_string(Path(download.value.path()).read_text(encoding="utf-8"))
        assert saved.tags["Hands"] == worked.tags["Hands"] and saved.tags["C"] == "Chetan"
        assert [str(n.card) for n in saved.mainline()] == [str(n.card) for n in worked.mainline()]
        assert saved.tags["Result"] == worked.tags["Result"]  # the whole deal, and its result
        # the next deal: its form, with the dealer the rules give and the names carried over
        board.get_by_test_id("mr-record-next-deal").tap()
        expect(board.get_by_test_id("mr-form")).to_be_visible()
        assert worked.timeline is not None and worked.timeline.result is not None
        dealer = Rules().next_dealer(worked.tags["Dealer"], worked.timeline.result)
        expect(board.get_by_test_id("mr-form-dealer")).to_have_value(dealer)
        expect(board.get_by_test_id("mr-form-name-C")).to_have_value("Chetan")
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
    link = "/index.html?file=games/endgame-cover-or-duck.pmn"
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


def test_best_card_plays_the_solvers_card_in_the_page(
    opened: tuple[Page, list[str], PageErrors],
) -> None:
    page, outside, _ = opened
    board = page.get_by_test_id("mr-viewer")
    (record,) = read_deals(WORKED)
    step = 36  # before trick 10: four tricks left, solved by the core in the worker
    board.get_by_test_id("mr-moves").locator(f"[data-node='{step}']").first.click()
    at_step(board, step)
    expected = solve(record.game_at(record.mainline()[step - 1]))
    board.get_by_test_id("mr-best").click()
    at_step(board, step + 1)
    values = {str(card): value for card, value in expected.cards.items()}
    played = board.get_by_test_id("mr-trick").locator("[data-card]").last.get_attribute("data-card")
    assert played is not None and values[played] == expected.value, (played, values)
    native = Session(WORKED)  # the package in CPython, with the compiled core
    native.go(step)
    native.handle({"do": "best"})
    assert native.line[-1] == played  # the card the same board plays natively
    assert outside == []


def test_a_shared_link_opens_the_deal_at_its_card_on_a_phone(
    browser: Browser, site: Server
) -> None:
    """A teacher copies a link at card 10; a player opens it on a phone: the same deal, at
    the same card, with nothing sent to any server (the deal is in the fragment)."""
    viewport: ViewportSize = {"width": 1280, "height": 720}
    with screen_page(
        browser, site, "/index.html?file=games/worked-example.pmn", viewport, "mr-ready"
    ) as (page, outside):
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=60_000)
        board.get_by_test_id("mr-moves").locator("[data-node='10']").first.click()
        at_step(board, 10)
        page.get_by_test_id("site-share").click()
        field = page.get_by_test_id("site-link")
        expect(field).to_be_visible()
        address = field.input_value()
        cards = board.get_by_test_id("mr-trick").locator("[data-card]")
        teacher_trick = [cards.nth(k).get_attribute("data-card") for k in range(cards.count())]
        assert len(teacher_trick) == 2
        assert outside == []
    assert "#deal=" in address and re.search(r"&at=10&check=[0-9a-f]{8}$", address)
    phone: ViewportSize = {"width": 390, "height": 844}
    shared = address[address.index("/index.html") :]
    with screen_page(browser, site, shared, phone, "mr-ready", phone=True) as (page, outside):
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=60_000)
        at_step(board, 10)
        cards = board.get_by_test_id("mr-trick").locator("[data-card]")
        for k, card in enumerate(teacher_trick):
            expect(cards.nth(k)).to_have_attribute("data-card", card or "")
        expect(cards).to_have_count(len(teacher_trick))
        expect(page.get_by_test_id("site-status")).to_have_text(
            "A shared deal (Save keeps it as shared-deals.pmn)"
        )
        assert outside == []


def test_a_broken_or_hostile_link_says_so_and_runs_nothing(browser: Browser, site: Server) -> None:
    viewport: ViewportSize = {"width": 1280, "height": 720}
    hostile = "/index.html#deal=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&at=3"
    with screen_page(browser, site, hostile, viewport, "mr-ready") as (page, outside):
        dialogs: list[str] = []
        page.on("dialog", lambda dialog: dialogs.append(dialog.message))
        status = page.get_by_test_id("site-status")
        expect(status).to_contain_text("This link cannot be opened: the link's deal is damaged")
        expect(page.get_by_test_id("mr-viewer")).to_have_count(0)
        # a well-formed link whose deal is hostile text: shown as text, never run
        text = WORKED.read_text(encoding="utf-8").replace(
            '[Event "Thursday club"]', '[Event "<img src=x onerror=alert(1)>"]'
        )
        page.evaluate("(hash) => { location.hash = hash; }", link_fragment(text, at=2))
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=60_000)
        at_step(board, 2)
        expect(board).to_contain_text("<img src=x onerror=alert(1)>")
        assert page.locator("img[src=x]").count() == 0
        assert dialogs == [] and outside == []
        assert kept_files(page) == []  # the person's kept files untouched


def test_save_writes_back_to_the_file_opened_where_the_browser_allows(
    browser: Browser, site: Server
) -> None:
    """With the File System Access API (Chromium's), a file opened with its picker is
    written back on Save, with no download. The picker itself is the browser's own window,
    which a test cannot click: a stand-in handle, with the API's shape, takes its place."""
    viewport: ViewportSize = {"width": 1280, "height": 720}
    with screen_page(browser, site, "/index.html", viewport, "mr-ready") as (page, outside):
        page.evaluate(
            """(text) => {
                window.writtenToFile = [];
                const handle = {
                    kind: "file", name: "worked-example.pmn",
                    getFile: async () => new File([text], "worked-example.pmn"),
                    requestPermission: async () => "granted",
                    createWritable: async () => {
                        const parts = [];
                        return {
                            write: async (part) => { parts.push(part); },
                            close: async () => {
                                window.writtenToFile.push(await new Blob(parts).text());
                            },
                        };
                    },
                };
                window.showOpenFilePicker = async () => [handle];
            }""",
            WORKED.read_text(encoding="utf-8"),
        )
        downloads: list[str] = []
        page.on("download", lambda download: downloads.append(download.suggested_filename))
        page.get_by_test_id("site-open").click()
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=60_000)
        board.get_by_test_id("mr-seat-A").locator("[data-card='6S']").click()  # a variation
        at_step(board, 1)
        board.get_by_test_id("mr-save").click()
        status = page.get_by_test_id("site-status")
        expect(status).to_have_text(
            "Saved: worked-example.pmn (written to the file, and kept in this browser)"
        )
        (written,) = page.evaluate("() => window.writtenToFile")
        (record,) = read_string(written)
        assert [str(n.card) for n in record.variations] == ["TH", "6S"]
        assert downloads == [] and outside == []


def test_bench_site_prints_each_figure_with_its_goal(built_site: Path) -> None:
    """benchmarks/bench_site.py on the site built for these tests, briefly (three clicks,
    one short deal analysed): every figure and its goal printed, no request for another
    host. (Whether the goals are met is the benchmark's to say, not a test's.)"""
    command = [
        *(sys.executable, str(ROOT / "benchmarks" / "bench_site.py"), "--site", str(built_site)),
        *("--clicks", "3", "--analyse", str(ROOT / "sample_games" / "endgame-cover-or-duck.pmn")),
    ]
    run = subprocess.run(command, capture_output=True, text=True, check=False, cwd=ROOT)
    assert run.returncode in (0, 1), run.stderr[-3000:]
    lines = run.stdout.splitlines()
    for label in (
        "first visit, transferred",
        "first visit, board shown",
        "later visit, board shown",
        "click → table redrawn (median of 3)",
        "1 whole deals' analysis, page / command",
    ):
        (line,) = [line for line in lines if line.startswith(label)]
        assert " goal " in line and line.endswith(("ok", "MISSED"))
    assert "requests for another host: 0" in lines


SUITE = [("endgame-cover-or-duck", deal) for deal in (1, 2, 3, 4)] + [
    (name, 1) for name in ("worked-example", "drawn-trump", "closed-trump-version-b")
]


def test_the_page_solves_the_endgames_and_whole_deals_as_the_compiled_core(
    browser: Browser, site: Server
) -> None:
    """The endgame suite and three whole deals, each solved in the page (the WebAssembly
    core in the worker) where it starts: every legal card's value is the compiled module's.
    The endgames are chosen from the file's list of deals; the whole deals opened by
    ?file=…&deal=N."""
    viewport: ViewportSize = {"width": 1280, "height": 900}
    first = "/index.html?file=games/endgame-cover-or-duck.pmn&deal=1"
    with screen_page(browser, site, first, viewport, "mr-ready") as (page, outside):
        for name, deal in SUITE:
            records = list(read_deals(ROOT / "sample_games" / f"{name}.pmn"))
            record = records[deal - 1]
            board = page.get_by_test_id("mr-viewer")
            if name == "endgame-cover-or-duck":
                if deal > 1:
                    choice = page.get_by_test_id("site-deal")
                    expect(choice).to_be_visible()
                    expect(choice.locator("option")).to_have_count(len(records))
                    choice.select_option(str(deal))
            else:
                page.goto(site.address(f"/index.html?file=games/{name}.pmn&deal={deal}"))
            expect(page.get_by_test_id("site-status")).to_have_text(
                f"Open: {name}.pmn", timeout=120_000
            )
            expect(board.locator(".mr-title")).to_contain_text(record.tags["Event"].strip())
            board.get_by_test_id("mr-first").click()
            at_step(board, 0)
            board.get_by_test_id("mr-opt-analyse").check()
            panel = board.get_by_test_id("mr-dd")
            expect(panel).to_have_attribute("data-state", "solved", timeout=120_000)
            shows_solution(board, solve(record.game_at(None)))
        assert outside == []


def test_the_chances_graph_and_the_quiz_work_in_the_page(browser: Browser, site: Server) -> None:
    """C's duck (four tricks from the end): the chances graph fills in the page, point by
    point from the worker, each point's chance the package's own (deal_chances); the quiz,
    graded by the chances from C's view, says right or wrong as odds() does."""
    (record,) = read_string(DUCK)
    reference = deal_chances(record)
    viewport: ViewportSize = {"width": 1280, "height": 900}
    with screen_page(browser, site, "/index.html?file=games/duck.pmn", viewport, "mr-ready") as (
        page,
        outside,
    ):
        board = page.get_by_test_id("mr-viewer")
        expect(board).to_be_visible(timeout=120_000)
        board.get_by_test_id("mr-opt-chances").check()
        cards = len(record.mainline())
        progress = board.get_by_test_id("mr-chances-progress")
        expect(progress).to_have_text(f"chances: {cards}/{cards} positions", timeout=120_000)
        for chance in reference:
            point = board.get_by_test_id("mr-chances").locator(f"[data-ply='{chance.ply}']")
            expect(point.first).to_have_attribute(
                "aria-label", re.compile(rf"A/C {math.floor(100 * chance.ac_after + 0.5)}% to win")
            )
        board.get_by_test_id("mr-opt-chances").uncheck()
        board.get_by_test_id("mr-first").click()
        at_step(board, 0)
        board.get_by_test_id("mr-opt-quiz").select_option("C")
        quiz = board.get_by_test_id("mr-quiz")
        expect(quiz).to_have_attribute("data-state", "ask")
        expected = odds(record, after=0)
        chosen = next(c for c in expected.cards if c != expected.best.card)
        board.get_by_test_id("mr-seat-C").locator(f"button.mr-pick[data-card='{chosen}']").click()
        verdict = "right" if chance_right(expected, chosen) else "wrong"
        expect(quiz).to_have_attribute("data-state", verdict, timeout=120_000)
        expect(quiz).to_have_attribute("data-graded", "chances")
        assert outside == []
