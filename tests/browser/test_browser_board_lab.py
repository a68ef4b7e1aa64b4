"""The analysis board in a real JupyterLab and a real Voila: a deal opened from a copy of a
sample file with ``mr.replay(path, deal=N)``, an alternative card tried by clicking it, an
illegal one refused with the engine's reason, a comment typed and saved into the file (and
only this deal's bytes changed), the unsaved mark, and the conflict when someone else
changed the file meanwhile.

Each test writes its own notebook and its own copy of the match file into the served
folder (a temporary copy of the repository's, see ``conftest.workdir``), so the repository
is never written and the tests do not depend on each other.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from browser_support import ROOT, PageErrors, Server, one_cell_notebook, shot, voila_page
from playwright.sync_api import Browser, Locator, Page, expect

import mendikot_replay as mr
from mendikot_replay.pmn.reader import read_deals
from mendikot_replay.pmn.record import NAG_MEANINGS
from mendikot_replay.views.html import page_html

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

SAMPLE = "match-thursday-club.pmn"
DEAL = 1
# Deal 1, trick 2: B leads 4D, C 2D, D 8D; A (Meera) is to play and drops her ten (TD), which
# wins the trick for A/C. Ducking with 3D instead leaves the ten in her hand.
AT = 7  # the node (and step) before A's card: three cards of trick 2 played
MAIN_NEXT = 8  # the recorded card: TD
ALTERNATIVE = "3D"
ILLEGAL = "5S"  # A holds diamonds: a spade is a revoke
CARDS = 52  # the main line's last node (ids 1..52); a new variation's first node is 53
COMMENT = "Duck with the three (a, b, dd, m, n, t are text here): the ten stays home"
OBSERVATION = 21  # "ten saved / captured for the own team", offered by its name

ACTIVE_CELL = """() => {
    const cells = [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')];
    return cells.findIndex((cell) => cell.classList.contains('jp-mod-active'));
}"""


def write_notebook(folder: Path, name: str, pmn: str, step: int) -> None:
    """A notebook of one cell that opens deal ``DEAL`` of ``../sample_games/PMN`` on the
    board at ``step``."""
    source = (
        "import mendikot_replay as mr\n"
        "\n"
        f'viewer = mr.replay("../sample_games/{pmn}", deal={DEAL}, step={step})\n'
        "viewer"
    )
    one_cell_notebook(folder, name, source, "board-cell")


def copy_sample(workdir: Path, name: str) -> Path:
    target = workdir / "sample_games" / name
    target.write_bytes((workdir / "sample_games" / SAMPLE).read_bytes())
    return target


def engine_reason(path: Path, card: str) -> str:
    """What the engine says of ``card`` at node ``AT`` of the deal (the words the board must
    show), asked of a viewer in this process."""
    viewer = mr.replay(path, deal=DEAL, background=False)
    viewer.go(AT)
    with pytest.raises(mr.IllegalPlay) as refused:
        viewer.play(card)
    return str(refused.value)


def deal_bounds(data: bytes) -> tuple[int, int]:
    """Where deal 1's text starts and where deal 2's starts (the file's header before)."""
    first = data.index(b"[Event")
    second = data.index(b"\n[Event", first) + 1
    return first, second


def move(viewer: Locator, node: int | str) -> Locator:
    """The card of node ``node`` in the move list (a button: a variation's heading carries
    the node id too)."""
    return viewer.get_by_test_id("mr-moves").locator(f'button[data-node="{node}"]')


def save_buttons(viewer: Locator) -> Locator:
    return viewer.get_by_role("button", name=re.compile("save", re.IGNORECASE))


def try_the_alternative(viewer: Locator) -> None:
    """Click A's other diamond: a variation replaces the recorded ten, the move list shows
    it, the tens ledger follows it (the ten stays in A's hand), and the unsaved mark shows."""
    ten = viewer.get_by_test_id("mr-ten-TD")
    expect(viewer).to_have_attribute("data-node", str(AT))
    expect(ten).to_have_attribute("data-status", "hand")
    expect(viewer.get_by_test_id("mr-dirty")).to_be_hidden()
    viewer.get_by_test_id("mr-seat-A").locator(f'[data-card="{ALTERNATIVE}"]').click()
    new = str(CARDS + 1)
    expect(viewer).to_have_attribute("data-node", new, timeout=30_000)
    expect(move(viewer, new)).to_have_attribute("data-card", ALTERNATIVE)
    expect(move(viewer, new)).to_be_visible()
    expect(ten).to_have_attribute("data-status", "hand")  # ducked: still in A's hand
    expect(viewer.get_by_test_id("mr-dirty")).to_be_visible()
    # The recorded card in the move list: the ten captured for A/C, as on the main line.
    move(viewer, MAIN_NEXT).click()
    expect(viewer).to_have_attribute("data-node", str(MAIN_NEXT))
    expect(ten).to_have_attribute("data-status", "captured")
    move(viewer, new).click()
    expect(viewer).to_have_attribute("data-node", new)
    expect(ten).to_have_attribute("data-status", "hand")


def add_comment(page: Page, viewer: Locator, text: str, *, keys: bool = False) -> None:
    """Type ``text`` into the comment box and add it (with ``keys``, by Ctrl+Enter, which
    in JupyterLab would otherwise run the cell)."""
    box = viewer.get_by_test_id("mr-comment-box")
    node = viewer.get_attribute("data-node")
    box.click()
    page.keyboard.type(text)
    for key in ("ArrowLeft", "Home", "End"):  # the box's, not the viewer's shortcuts
        page.keyboard.press(key)
    expect(box).to_have_value(text)
    expect(viewer).to_have_attribute("data-node", str(node))
    if keys:
        page.keyboard.press("Control+Enter")
    else:
        viewer.get_by_test_id("mr-comment-add").click()
    expect(viewer.get_by_test_id("mr-comments")).to_contain_text(text)
    expect(box).to_have_value("")


def save_and_check(viewer: Locator, path: Path, text: str) -> None:
    """Save: the file holds the comment, written atomically (a new file renamed over the
    old one, nothing left beside it), the other deals and the header byte-identical."""
    before = path.read_bytes()
    inode = path.stat().st_ino
    siblings = sorted(os.listdir(path.parent))
    buttons = save_buttons(viewer)
    expect(buttons).to_have_count(1)
    expect(buttons).to_have_attribute("aria-label", f"Save to {path.name}")
    buttons.click()
    notice = viewer.get_by_test_id("mr-notice")
    expect(notice).to_have_attribute("data-kind", "saved", timeout=30_000)
    expect(viewer.get_by_test_id("mr-dirty")).to_be_hidden()
    after = path.read_bytes()
    assert text.encode("utf-8") in after
    start, tail = deal_bounds(before)
    assert after[:start] == before[:start], "the file's header changed"
    assert after.endswith(before[tail:]), "a deal other than this one changed"
    assert path.stat().st_ino != inode, "the file was not replaced by a rename"
    assert sorted(os.listdir(path.parent)) == siblings, "a file was left beside it"


def table_bottom(page: Page, viewer: Locator) -> float:
    """How far below the viewer's top the table ends, the bottom hand included, once the
    viewer is scrolled to the top of the window."""
    viewer.evaluate("(root) => root.scrollIntoView({block: 'start'})")
    top = viewer.bounding_box()
    table = viewer.locator(".mr-tablearea").bounding_box()
    assert top is not None and table is not None
    for seat in viewer.locator(".mr-seat").all():
        box = seat.bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= table["y"] + table["height"] + 1, "a hand sticks out"
    return table["y"] + table["height"] - top["y"]


def large_print(viewer: Locator) -> None:
    viewer.get_by_test_id("mr-opt-large").check()
    expect(viewer).to_have_class(re.compile(r"\bmr-large\b"))


def test_the_board_in_jupyterlab(
    lab_server: Server, workdir: Path, page: Page, page_errors: PageErrors
) -> None:
    path = copy_sample(workdir, "board-lab.pmn")
    write_notebook(workdir / "notebooks", "board-lab.ipynb", path.name, AT)
    reason = engine_reason(path, ILLEGAL)

    page.goto(lab_server.address("/lab/tree/board-lab.ipynb"))
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-Notebook")).to_be_visible(timeout=90_000)
    status = page.locator("#jp-main-statusbar")
    expect(status).to_contain_text("| Idle", timeout=90_000)
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()
    viewer = panel.get_by_test_id("mr-viewer").first
    expect(viewer).to_be_visible(timeout=90_000)
    expect(status).to_contain_text("| Idle", timeout=90_000)
    expect(viewer.get_by_test_id("mr-save")).to_be_visible()
    viewer.scroll_into_view_if_needed()
    shot(page, "board-lab-opened")

    try_the_alternative(viewer)
    shot(page, "board-lab-variation")

    # An illegal card: the engine's reason, and nothing changes.
    move(viewer, AT).click()
    expect(viewer).to_have_attribute("data-node", str(AT))
    viewer.get_by_test_id("mr-seat-A").locator(f'[data-card="{ILLEGAL}"]').click()
    notice = viewer.get_by_test_id("mr-notice")
    expect(notice).to_have_attribute("data-kind", "error", timeout=30_000)
    expect(notice).to_have_attribute("role", "alert")
    expect(notice.get_by_test_id("mr-notice-text")).to_have_text(reason)
    expect(viewer).to_have_attribute("data-node", str(AT))
    shot(page, "board-lab-illegal")
    viewer.get_by_test_id("mr-notice-close").click()
    expect(notice).to_be_hidden()

    # A comment on the variation's card, typed in the box: JupyterLab's command-mode keys
    # (a, b, m, d d, …) and the viewer's own (n, t, arrows) are text there.
    move(viewer, CARDS + 1).click()
    expect(viewer).to_have_attribute("data-node", str(CARDS + 1))
    cells = panel.locator(".jp-Cell").count()
    active = page.evaluate(ACTIVE_CELL)
    add_comment(page, viewer, COMMENT, keys=True)
    assert panel.locator(".jp-Cell").count() == cells, "a key typed in the box edited the notebook"
    assert page.evaluate(ACTIVE_CELL) == active
    expect(panel.locator(".jp-InputPrompt").first).to_have_text("[1]:")  # not run again
    # An observation by its name, and taken off again.
    viewer.get_by_test_id("mr-nag").select_option(label=NAG_MEANINGS[OBSERVATION])
    nags = viewer.get_by_test_id("mr-nags")
    expect(nags.locator(f'li[data-nag="{OBSERVATION}"]')).to_contain_text(NAG_MEANINGS[OBSERVATION])
    viewer.get_by_test_id(f"mr-nag-remove-{OBSERVATION}").click()
    expect(nags.locator("li")).to_have_count(0)
    save_and_check(viewer, path, COMMENT)
    shot(page, "board-lab-saved")

    # Someone changes this deal in the file meanwhile: saving is refused, with two ways out.
    changed = path.read_bytes().replace(b"drew the highest card", b"drew the high card")
    path.write_bytes(changed)
    viewer.get_by_test_id("mr-glyph-?").click()
    expect(viewer.get_by_test_id("mr-glyph-?")).to_have_attribute("aria-pressed", "true")
    expect(viewer.get_by_test_id("mr-dirty")).to_be_visible()
    save_buttons(viewer).click()
    expect(notice).to_have_attribute("data-kind", "conflict", timeout=30_000)
    expect(notice).to_have_attribute("role", "alert")
    reload = viewer.get_by_test_id("mr-reload")
    copy = viewer.get_by_test_id("mr-save-as")
    expect(reload).to_have_text("Reload from the file (drops the changes here)")
    expect(copy).to_have_text("Copy to another file\u2026")
    expect(save_buttons(viewer)).to_have_count(1)  # neither action is worded "Save"
    assert path.read_bytes() == changed, "the refused save wrote the file"
    shot(page, "board-lab-conflict")

    copy.click()
    target = viewer.get_by_test_id("mr-save-as-path")
    expect(target).to_have_value("board-lab-copy.pmn")
    viewer.get_by_test_id("mr-save-as-go").click()
    expect(notice).to_have_attribute("data-kind", "saved", timeout=30_000)
    copied = path.with_name("board-lab-copy.pmn")
    assert COMMENT in copied.read_text(encoding="utf-8")
    expect(viewer.get_by_test_id("mr-dirty")).to_be_visible()  # its own file: still unsaved

    save_buttons(viewer).click()
    expect(notice).to_have_attribute("data-kind", "conflict", timeout=30_000)
    # From the page a copy goes only into the deal's own folder: a way out of it is refused.
    copy.click()
    target.fill("../outside.pmn")
    viewer.get_by_test_id("mr-save-as-go").click()
    expect(notice).to_have_attribute("data-kind", "error", timeout=30_000)
    expect(notice).to_contain_text("saves only inside the deal's folder")
    assert not (path.parent.parent / "outside.pmn").exists()
    shot(page, "board-lab-save-as-refused")
    save_buttons(viewer).click()
    expect(notice).to_have_attribute("data-kind", "conflict", timeout=30_000)
    reload.click()
    expect(notice).to_have_attribute("data-kind", "info", timeout=30_000)
    expect(viewer.get_by_test_id("mr-dirty")).to_be_hidden()
    assert path.read_bytes() == changed
    shot(page, "board-lab-reloaded")
    assert page_errors.problems() == []


def test_the_teachers_story_in_voila(voila_server: Server, workdir: Path, browser: Browser) -> None:
    """A teacher opens a recorded deal in Voila, tries another card for A, sees the ten stay
    in her hand, adds a comment and saves it into the file."""
    path = copy_sample(workdir, "board-voila.pmn")
    write_notebook(workdir / "notebooks", "board-voila.ipynb", path.name, AT)
    errors = PageErrors()
    with voila_page(
        browser, voila_server, errors, "/voila/render/board-voila.ipynb", 0, "board-voila-end.png"
    ) as page:
        viewer = page.get_by_test_id("mr-viewer").first
        try_the_alternative(viewer)
        shot(page, "board-voila-variation")
        add_comment(page, viewer, "In class: ducking keeps the ten for later")
        save_and_check(viewer, path, "In class: ducking keeps the ten for later")
        shot(page, "board-voila-saved")
        # On the classroom's projector: large print, the whole table on a 1280x720 screen.
        page.set_viewport_size({"width": 1280, "height": 720})
        large_print(viewer)
        assert table_bottom(page, viewer) <= 720
        shot(page, "board-voila-projector")
    assert errors.problems() == []


@pytest.mark.parametrize(
    "sample", ["worked-example.pmn", "six-players.pmn", "eight-players.pmn", "dehla-pakad.pmn"]
)
def test_large_print_fits_a_projector_and_a_phone_stacks(
    page: Page, page_errors: PageErrors, tmp_path: Path, sample: str
) -> None:
    """Projector mode on a 1280x720 screen shows the whole table, the bottom hand too, with no
    scrolling (the move list and the tens beside it); on a phone nothing is wider than the
    screen and the table comes first, the tens ledger right under it, then the move list."""
    out = tmp_path / "page.html"
    out.write_text(page_html(read_deals(ROOT / "sample_games" / sample)), encoding="utf-8")
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(out.as_uri())
    viewer = page.get_by_test_id("mr-viewer").first
    expect(viewer).to_be_visible()
    viewer.get_by_test_id("mr-next-trick").click()
    large_print(viewer)
    assert table_bottom(page, viewer) <= 720
    for part in ("mr-moves", "mr-ledger"):  # beside the table, in view
        box = viewer.get_by_test_id(part).bounding_box()
        assert box is not None and box["y"] < 720 and box["x"] + box["width"] <= 1280, part
    shot(page, f"board-projector-{sample.removesuffix('.pmn')}")

    viewer.get_by_test_id("mr-opt-large").uncheck()
    page.set_viewport_size({"width": 390, "height": 844})
    expect(viewer).not_to_have_class(re.compile(r"\bmr-large\b"))
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    table = viewer.locator(".mr-tablearea").bounding_box()
    moves = viewer.get_by_test_id("mr-moves").bounding_box()
    ledger = viewer.get_by_test_id("mr-ledger").bounding_box()
    assert table is not None and moves is not None and ledger is not None
    # the tens right under the table, on the same screen; the move list after them
    assert table["y"] + table["height"] <= ledger["y"] <= moves["y"]
    for seat in viewer.locator(".mr-seat").all():
        box = seat.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shot(page, f"board-phone-{sample.removesuffix('.pmn')}")
    assert page_errors.problems() == []
