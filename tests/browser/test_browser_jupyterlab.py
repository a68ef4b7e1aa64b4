"""The replay notebook in a real JupyterLab, as ``./dev.sh demo`` opens it: run all cells
from the menu, then step the widget with the mouse and the keyboard, and check that the
keys reach the viewer, not JupyterLab's notebook shortcuts."""

from __future__ import annotations

import re

import pytest
from browser_support import PageErrors, Server, at_step, shot
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NOTEBOOK = "01-replay.ipynb"
ACTIVE_CELL = """() => {
    const cells = [...document.querySelectorAll(
        '.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook .jp-Cell')];
    return cells.findIndex((cell) => cell.classList.contains('jp-mod-active'));
}"""


def run_all_cells(page: Page) -> None:
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(r"^Run$")).click()
    page.locator(".lm-Menu-itemLabel", has_text=re.compile(r"^Run All Cells$")).click()


def test_run_all_then_step_with_mouse_and_keys(
    lab_server: Server, page: Page, page_errors: PageErrors
) -> None:
    page.goto(lab_server.address(f"/lab/tree/{NOTEBOOK}"))
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden)")
    expect(panel.locator(".jp-Notebook")).to_be_visible(timeout=90_000)
    # The kernel is up once the status bar says "Idle": Run All while it still says
    # "Initializing" clears the cells and runs nothing.
    status = page.locator("#jp-main-statusbar")
    expect(status).to_contain_text("| Idle", timeout=90_000)

    run_all_cells(page)
    viewer = panel.get_by_test_id("mr-viewer").first
    expect(viewer).to_be_visible(timeout=90_000)
    # Every cell ran: no "[*]" prompt left and the kernel is idle again.
    expect(panel.locator(".jp-InputPrompt", has_text="[*]")).to_have_count(0, timeout=90_000)
    expect(status).to_contain_text("| Idle", timeout=90_000)
    at_step(viewer, 0)
    viewer.scroll_into_view_if_needed()
    shot(page, "lab-after-run-all")
    # At a projector's 1280x720, scrolled to the board: its table with the four hands fits
    # the window under JupyterLab's own bars, and no text is under 12 px.
    page.set_viewport_size({"width": 1280, "height": 720})
    viewer.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    table = viewer.locator(".mr-tablearea").bounding_box()
    assert table is not None and table["y"] + table["height"] <= 720, table
    smallest = viewer.evaluate(
        """(root) => Math.min(...[...root.querySelectorAll('*')]
            .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
                && el.getBoundingClientRect().height > 0)
            .map((el) => parseFloat(getComputedStyle(el).fontSize)))"""
    )
    assert smallest >= 12
    shot(page, "lab-projector")
    page.set_viewport_size({"width": 1280, "height": 900})

    viewer.get_by_test_id("mr-next").click()
    at_step(viewer, 1)

    # Put the keyboard focus in the viewer the way a user does: click on it.
    viewer.get_by_test_id("mr-table").click()
    active = page.evaluate(ACTIVE_CELL)
    assert active >= 0
    for key, step in (("ArrowRight", 2), ("ArrowDown", 4), ("ArrowUp", 0), ("End", 52)):
        page.keyboard.press(key)
        at_step(viewer, step)
        assert page.evaluate(ACTIVE_CELL) == active, f"{key} moved JupyterLab's active cell"
    page.keyboard.press("Home")
    at_step(viewer, 0)
    assert page.evaluate(ACTIVE_CELL) == active
    # Command-mode letters are the viewer's too while it has the focus ("n": next note).
    cells = panel.locator(".jp-Cell").count()
    page.keyboard.press("n")
    at_step(viewer, 3)  # the first annotated card: C's ace in trick 1
    assert page.evaluate(ACTIVE_CELL) == active
    assert panel.locator(".jp-Cell").count() == cells
    shot(page, "lab-after-keys")

    # The steps taken in the browser are the kernel's too: ask Python in a new cell.
    panel.locator('.jp-Cell.jp-mod-active [data-command="notebook:insert-cell-below"]').click()
    expect(panel.locator(".jp-Cell")).to_have_count(cells + 1)
    new_cell = panel.locator(".jp-Cell").nth(active + 1)
    new_cell.locator(".cm-content").click()
    page.keyboard.type("print('kernel sees step', viewer.step)")
    page.keyboard.press("Shift+Enter")
    expect(new_cell.locator(".jp-OutputArea-output")).to_contain_text("kernel sees step 3")
    shot(page, "lab-kernel-sees-step")
    assert page_errors.problems() == []
