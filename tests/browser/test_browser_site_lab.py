"""The notebooks in the static site (``site/lab/``, JupyterLite): notebooks 01–03 and 05
open and run in the browser, their Python in JupyterLite's Pyodide kernel with the package
and its solver core (WebAssembly) from the site's own files — served by a plain static
server on localhost, every request for another host refused and counted (0).

Each notebook is run whole (Run All): every code cell runs and none ends in an error, the
boards are drawn by the same widget (anywidget), and a board answers a click through the
kernel (its comm).
"""

from __future__ import annotations

import re

import pytest
from browser_support import ARTIFACTS, PageErrors, Server, at_step, offline_page
from playwright.sync_api import Browser, expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(400)]

NOTEBOOKS = ("01-replay", "02-teach-rules", "03-endgames", "05-record")
RAN = re.compile(r"^\[\d+\]:$")


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_a_notebook_runs_whole_in_the_browser(browser: Browser, site: Server, name: str) -> None:
    errors = PageErrors()
    context, page = offline_page(browser, errors)
    try:
        page.goto(site.address(f"/lab/notebooks/index.html?path=notebooks/{name}.ipynb"))
        notebook = page.locator(".jp-Notebook").first
        expect(notebook).to_be_visible(timeout=120_000)
        # Python started in the page: the notebook has its kernel (the indicator says "idle"
        # before a kernel is chosen, too), and it is idle
        kernel = page.locator(".jp-Toolbar-kernelName").first
        expect(kernel).to_have_text("Python (Pyodide)", timeout=180_000)
        indicator = page.locator(".jp-Notebook-ExecutionIndicator").first
        expect(indicator).to_have_attribute("data-status", "idle", timeout=180_000)
        page.get_by_role("menuitem", name="Run", exact=True).click()
        page.locator("[data-command='runmenu:run-all']").click()
        prompts = notebook.locator(".jp-CodeCell .jp-InputArea-prompt")
        assert prompts.count() > 0
        expect(prompts.first).not_to_have_text("[ ]:")  # queued ([*]) or run at once
        for k in range(prompts.count()):
            expect(prompts.nth(k)).to_have_text(RAN, timeout=180_000)
        failed = notebook.locator("[data-mime-type='application/vnd.jupyter.error']")
        assert failed.count() == 0, failed.first.inner_text()[-2000:]
        board = notebook.get_by_test_id("mr-viewer").first
        expect(board).to_be_visible()
        # the board and the kernel talk: the solver's values asked on the page, solved by
        # the WebAssembly core in the kernel, stepped by its event loop (no threads there)
        board.scroll_into_view_if_needed()
        if name == "05-record":  # the recorder's form, from the kernel
            expect(board.get_by_test_id("mr-form")).to_be_visible()
        else:
            board.get_by_test_id("mr-last").click()
            last = int(board.get_attribute("data-step") or "0")
            for _ in range(6):
                board.get_by_test_id("mr-prev").click()
            at_step(board, last - 6)
            board.get_by_test_id("mr-opt-analyse").check()
            panel = board.get_by_test_id("mr-dd")
            expect(panel).to_have_attribute("data-state", "solved", timeout=120_000)
        assert errors.outside == []
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"site-lab-{name}.png"))
        context.close()
