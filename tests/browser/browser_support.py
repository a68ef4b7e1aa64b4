"""Helpers of the browser tests: server processes, page error capture, screenshots and
reading the viewer's state from the DOM. The fixtures are in ``conftest.py``."""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import (
    Browser,
    BrowserContext,
    ConsoleMessage,
    Error,
    Locator,
    Page,
    Route,
    ViewportSize,
    expect,
)

from mendikot_replay.views.voila import TEMPLATE

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")

# As root in a container Chromium needs --no-sandbox (Playwright adds it: chromium_sandbox is
# off by default). Without the networking flags Chromium keeps trying to reach Google's
# services, which this machine's closed network refuses. Playwright gives every launch a
# fresh, empty --user-data-dir of its own.
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]

# Nothing may leave the machine: every page must work offline, as in a classroom (Voila is
# served with the project's template, which drops the "lab" page's icon font from a CDN).
EXTERNAL = re.compile(r"^(?!https?://(127\.0\.0\.1|localhost)[:/])[a-z]+://")

# Console noise of the servers' pages that is not an error of ours.
IGNORED_CONSOLE = (
    "favicon.ico",
    "Failed to load resource: the server responded with a status of 404",
)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Server:
    """A server process of ours, its address and log."""

    name: str
    url: str
    token: str
    process: subprocess.Popen[bytes]
    log: Path

    def address(self, path: str) -> str:
        sep = "&" if "?" in path else "?"
        return f"{self.url}{path}{sep}token={self.token}" if self.token else self.url + path

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])


def wait_until_up(server: Server, probe: str, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    last = ""
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise RuntimeError(
                f"{server.name} exited with {server.process.returncode} before answering:\n"
                + server.log_tail()
            )
        try:
            with urllib.request.urlopen(server.address(probe), timeout=5) as reply:
                if reply.status == 200:
                    return
                last = f"HTTP {reply.status}"
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            last = repr(exc)
        time.sleep(0.25)
    raise RuntimeError(
        f"{server.name} did not answer {probe} in {timeout:.0f}s ({last}):\n" + server.log_tail()
    )


def voila_args(notebooks: Path, port: int) -> list[str]:
    """The command of a Voila server on ``port`` (localhost only, no authentication)
    serving the folder ``notebooks`` with the classroom's template, as ``./dev.sh present``
    serves it; a notebook is at ``/voila/render/NAME.ipynb``."""
    return [
        sys.executable, "-m", "voila",
        str(notebooks),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
        f"--template={TEMPLATE}",
    ]  # fmt: skip


@contextlib.contextmanager
def voila_serving(notebooks: Path, env: dict[str, str], name: str = "voila") -> Iterator[Server]:
    """A Voila server (:func:`voila_args`) for as long as the ``with`` lasts."""
    port = free_port()
    server = start_server(name, voila_args(notebooks, port), env, "/", "", port)
    try:
        yield server
    finally:
        stop_server(server)


@contextlib.contextmanager
def screen_page(
    browser: Browser,
    server: Server,
    notebook: str,
    viewport: ViewportSize,
    ready: str = "mr-viewer",
    *,
    phone: bool = False,
) -> Iterator[tuple[Page, list[str]]]:
    """``notebook`` served by ``server``, open in a window of ``viewport`` (a phone's:
    touch, mobile), offline, once its first ``ready`` test id shows: the page, and the
    requests it made for another host (each aborted). A screenshot of how it ended goes to
    test-artifacts/."""
    context = browser.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(30_000)
    outside: list[str] = []
    keep_offline(context, outside)
    page = context.new_page()
    try:
        page.goto(server.address(notebook))
        expect(page.get_by_test_id(ready).first).to_be_visible(timeout=120_000)
        yield page, outside
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        name = f"{Path(notebook).stem}-{viewport['width']}x{viewport['height']}-end.png"
        with contextlib.suppress(Error):
            page.screenshot(path=str(ARTIFACTS / name))
        context.close()


def stop_server(server: Server) -> None:
    """Stop the server and what it started (kernels): SIGTERM to its own process group,
    which it leads, then SIGKILL if it lingers."""
    process = server.process
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    else:
        # The server is gone; a kernel it started may still hold the group.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def start_server(
    name: str, args: list[str], env: dict[str, str], probe: str, token: str, port: int
) -> Server:
    ARTIFACTS.mkdir(exist_ok=True)
    log = ARTIFACTS / f"{name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            args,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,  # its own process group, so its kernels stop with it
        )
    server = Server(name, f"http://127.0.0.1:{port}", token, process, log)
    try:
        wait_until_up(server, probe)
    except BaseException:
        stop_server(server)
        raise
    return server


@dataclass
class PageErrors:
    """Uncaught page errors, console errors and network requests seen by one page."""

    errors: list[str] = field(default_factory=list)
    outside: list[str] = field(default_factory=list)
    """Requests that would have left the machine (see :func:`keep_offline`)."""

    def problems(self) -> list[str]:
        """The errors, and every request for another host."""
        return self.errors + [f"network: {url}" for url in self.outside]

    def on_page_error(self, error: Error) -> None:
        self.errors.append(f"pageerror: {error.message}")

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error" and not any(s in message.text for s in IGNORED_CONSOLE):
            self.errors.append(f"console.error: {message.text}")


def keep_offline(context: BrowserContext, outside: list[str]) -> None:
    """Refuse every request that would leave the machine; ``outside`` lists (counts) what
    was asked for."""

    def handle(route: Route) -> None:
        url = route.request.url
        if url.startswith(("file:", "data:", "blob:")):
            route.continue_()
            return
        outside.append(url)
        route.abort()

    context.route(EXTERNAL, handle)


def offline_page(browser: Browser, errors: PageErrors) -> tuple[BrowserContext, Page]:
    """A page in a context of its own (1280x900, 30 s timeouts, kept offline) whose errors
    and console messages go to ``errors``; the caller closes the context."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    keep_offline(context, errors.outside)
    page = context.new_page()
    page.on("pageerror", errors.on_page_error)
    page.on("console", errors.on_console)
    return context, page


@contextlib.contextmanager
def voila_page(
    browser: Browser, server: Server, errors: PageErrors, notebook: str, viewer: int, end: str
) -> Iterator[Page]:
    """A page of ``notebook`` served by Voila, offline, its errors collected in ``errors``,
    open once the ``viewer``-th viewer shows; a full-page screenshot ``end`` when done."""
    context, page = offline_page(browser, errors)
    try:
        page.goto(server.address(notebook))
        # Voila runs the whole notebook before the widgets show: allow a cold kernel.
        expect(page.get_by_test_id("mr-viewer").nth(viewer)).to_be_visible(timeout=120_000)
        yield page
    finally:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / end), full_page=True)
        context.close()


def shot(page: Page, name: str) -> None:
    """Save a screenshot of the page as a test artifact."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


# -- the viewer in the DOM ---------------------------------------------------------------


def step_of(viewer: Locator) -> int:
    """The viewer's current step (``data-step`` on its root)."""
    value = viewer.get_attribute("data-step")
    assert value is not None, "the viewer root has no data-step"
    return int(value)


def at_step(viewer: Locator, step: int) -> None:
    """Wait until the viewer shows ``step``."""
    expect(viewer).to_have_attribute("data-step", str(step))


def trick_number(viewer: Locator) -> int:
    """The number in the viewer's "Trick N" label."""
    text = viewer.get_by_test_id("mr-trick-text").inner_text()
    match = re.search(r"\d+", text)
    assert match is not None, f"no trick number in {text!r}"
    return int(match.group())


def render_times(viewer: Locator, press: Callable[[], None], count: int) -> list[float]:
    """Step ``count`` times with ``press`` and read ``data-last-render-ms`` after each."""
    times = []
    for _ in range(count):
        before = step_of(viewer)
        press()
        expect(viewer).not_to_have_attribute("data-step", str(before))
        value = viewer.get_attribute("data-last-render-ms")
        assert value is not None, "the viewer root has no data-last-render-ms"
        times.append(float(value))
    return times


def summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    median = statistics.median(ordered)
    return (
        f"{label}: {len(ordered)} steps, median {median:.2f} ms, "
        f"p90 {ordered[int(0.9 * (len(ordered) - 1))]:.2f} ms, max {ordered[-1]:.2f} ms"
    )


def one_cell_notebook(folder: Path, name: str, source: str, cell_id: str = "cell") -> Path:
    """Write ``folder/name``: a notebook of one code cell holding ``source`` (what the
    board tests open in JupyterLab and Voilà)."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": cell_id,
                "metadata": {},
                "outputs": [],
                "source": source.splitlines(keepends=True),
            }
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path = folder / name
    path.write_text(json.dumps(notebook, indent=1), encoding="utf-8")
    return path


# -- what the static site keeps in the browser (IndexedDB, views/site/store.js) ---------------
_READ_STORE = """async ([store, key]) => {
    const names = indexedDB.databases ? (await indexedDB.databases()).map((d) => d.name) : [];
    if (!names.includes("mendikot-replay")) return key === null ? [] : null;
    const db = await new Promise((resolve, reject) => {
        const asked = indexedDB.open("mendikot-replay");
        asked.onsuccess = () => resolve(asked.result);
        asked.onerror = () => reject(asked.error);
    });
    try {
        if (!db.objectStoreNames.contains(store)) return key === null ? [] : null;
        const kept = db.transaction(store).objectStore(store);
        const asked = key === null ? kept.getAll() : kept.get(key);
        const found = await new Promise((resolve, reject) => {
            asked.onsuccess = () => resolve(asked.result);
            asked.onerror = () => reject(asked.error);
        });
        const plain = (entry) => entry && {
            ...entry,
            bytes: entry.bytes ? Array.from(entry.bytes) : undefined,
            base: entry.base ? Array.from(entry.base) : undefined,
        };
        return key === null ? found.map(plain) : plain(found ?? null);
    } finally {
        db.close();
    }
}"""


def kept_file(page: Page, name: str) -> bytes | None:
    """The bytes the site keeps in this browser as the file ``name`` (None: none)."""
    entry = page.evaluate(_READ_STORE, ["files", name])
    return bytes(entry["bytes"]) if entry else None


def kept_files(page: Page) -> list[str]:
    """The names of the files the site keeps in this browser."""
    return sorted(entry["name"] for entry in page.evaluate(_READ_STORE, ["files", None]))


def kept_drafts(page: Page) -> list[dict[str, Any]]:
    """The unsaved deals the site keeps in this browser, one a tab."""
    drafts: list[dict[str, Any]] = page.evaluate(_READ_STORE, ["drafts", None])
    return drafts


def wait_for_drafts(page: Page, count: int) -> None:
    """Until the site keeps ``count`` unsaved deals (its storage is written after the page
    shows a change: this waits for the write itself)."""
    page.wait_for_function(
        f"() => ({_READ_STORE})(['drafts', null]).then((drafts) => drafts.length === {count})"
    )


def python_ready(page: Page) -> Locator:
    """Wait for Python to have started in the static site's worker (a cold Pyodide takes
    seconds); the status line."""
    expect(page.get_by_test_id("mr-ready")).to_be_visible(timeout=120_000)
    status = page.get_by_test_id("site-status")
    expect(status).to_have_text("Ready: open a .pmn file, or tap a sample deal.")
    return status


def visited_once(page: Page) -> None:
    """The site's first visit over: its service worker has kept every file and controls
    the page (reloaded), so the next visit may be made with the network off."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


SCREENS: list[tuple[str, ViewportSize, bool]] = [
    ("projector", {"width": 1280, "height": 720}, False),
    ("phone", {"width": 390, "height": 844}, True),
]
"""The two screens a page is tried on: a teacher's projector and a player's phone (name,
size, touch)."""
