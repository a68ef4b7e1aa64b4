"""The static site's numbers, in this machine's Chromium, the site served on localhost.

Run it as ``python benchmarks/bench_site.py [--site DIR] [--deal FILE] [--clicks N]``. It
builds the site (``scripts/build_site.py``; or takes ``--site``, built already), serves it
with Python's static file server, and drives Debian's Chromium with Playwright, every
request for another host refused (a count above 0 fails the run):

1. **First visit** (an empty browser): the bytes transferred until the deal given by
   ``?file=`` is on the board, and the time from the navigation until then. Goals: at most
   20 MB, within 10 s.
2. **A later visit** (the same browser: the service worker's cache): the time until the
   board is there again. Goal: within 3 s.
3. **A click on a card until the table is redrawn**, Python in the worker: each click is a
   card of the player to move that the worker must play (a new variation, or one it has),
   timed in the page from the click to the trick's redraw; the median of ``N``. Goal:
   under 100 ms.
4. **A full deal's double-dummy analysis in the page**: *analyse* turned on at the start of
   the deal, timed until the worker says it is done (every position of the deal's tree
   solved, by the core as WebAssembly) for three whole deals, against the native command
   (``mendikot-replay analyse FILE``) in the same run. Goal: within 2×. The same work of
   the session in CPython (no process to start) is printed beside it.

Every figure is printed with its goal; the exit status is 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from benchmark_scripts import load_script  # noqa: E402
from browser_support import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

from mendikot_replay.pmn.reader import read_deals  # noqa: E402
from mendikot_replay.session.session import Session  # noqa: E402

WHOLE_DEALS = ("worked-example", "drawn-trump", "closed-trump-version-b")
GOALS = {"first_mb": 20.0, "first_s": 10.0, "later_s": 3.0, "click_ms": 100.0, "ratio": 2.0}

CLICK = """async ([card, step]) => {
    const board = document.querySelector("[data-testid=mr-viewer]");
    const played = () =>
        board.dataset.step === String(step) &&
        board.querySelector(`[data-testid=mr-trick] [data-card='${card}']`) !== null;
    const start = performance.now();
    const redrawn = new Promise((resolve) => {
        const seen = new MutationObserver(() => {
            if (played()) {
                seen.disconnect();
                resolve(performance.now() - start);
            }
        });
        seen.observe(board, { subtree: true, childList: true, attributes: true });
    });
    board.querySelector(`[data-card='${card}'][data-legal=true]`).click();
    return await redrawn;
}"""


def board_shown(page: Page, path: str, base: str) -> float:
    """Seconds from the navigation to ``path`` until the board shows the deal."""
    start = time.perf_counter()
    page.goto(base + path)
    page.get_by_test_id("mr-viewer").wait_for(state="visible", timeout=120_000)
    return time.perf_counter() - start


def go(page: Page, step: int) -> None:
    """Stand at card ``step`` of the main line (stepping is the page's own: no worker)."""
    board = page.get_by_test_id("mr-viewer")
    board.get_by_test_id("mr-first").click()
    for _ in range(step):
        board.get_by_test_id("mr-next").click()
    page.wait_for_function(
        f"() => document.querySelector('[data-testid=mr-viewer]').dataset.step === '{step}'"
    )


def click_times(page: Page, clicks: int, deal: Path) -> list[float]:
    """Milliseconds from a click on a card of the player to move to the trick's redraw
    with it, each through the worker: every card is clicked once where it was not played
    (a new variation, made by the session in the worker), at the deal's first cards."""
    (record,) = read_deals(deal)
    board = page.get_by_test_id("mr-viewer")
    times: list[float] = []
    step = 0
    while len(times) < clicks:
        go(page, step)
        legal = board.locator("[data-legal=true]")
        cards = [legal.nth(k).get_attribute("data-card") for k in range(legal.count())]
        played = str(record.mainline()[step].card)  # the deal's own: a step, no worker
        for card in cards:
            if card == played:
                continue
            if len(times) >= clicks or card is None:
                break
            times.append(float(page.evaluate(CLICK, [card, step + 1])))
            go(page, step)
        step += 1
    return times


ANALYSE = """async () => {
    const box = document.querySelector("[data-testid=mr-opt-analyse]");
    const start = performance.now();
    const done = new Promise((resolve) => {
        const seen = new MutationObserver(() => {
            if (document.body.dataset.busy === "0") {
                seen.disconnect();
                resolve(performance.now() - start);
            }
        });
        seen.observe(document.body, { attributes: true, attributeFilter: ["data-busy"] });
    });
    box.click();
    return await done;
}"""


def page_analysis(page: Page) -> float:
    """Seconds the worker takes to solve every position of the deal open (analyse on),
    timed in the page from the click on *analyse* to the worker's "done"."""
    board = page.get_by_test_id("mr-viewer")
    board.get_by_test_id("mr-first").click()
    return float(page.evaluate(ANALYSE)) / 1000


def native_analysis(deal: Path) -> float:
    """Seconds the same session's analysis takes in CPython with the compiled core."""
    start = time.perf_counter()
    session = Session(deal, chance_threads=1, analyse=True)
    while session.work("analysis"):
        pass
    return time.perf_counter() - start


def native_command(deal: Path) -> float:
    """Seconds the native command takes (``mendikot-replay analyse FILE``: every position
    of the main line, with the process's start)."""
    start = time.perf_counter()
    command = [sys.executable, "-m", "mendikot_replay", "analyse", "--quiet", str(deal)]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return time.perf_counter() - start


def wait_for(address: str) -> None:
    """Until the server answers (a benchmark may poll; the tests wait on events)."""
    for _ in range(1200):
        try:
            urllib.request.urlopen(address, timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit(f"the site's server did not answer at {address}")


def measure(site: Path, deal: Path, clicks: int, analysed: list[Path]) -> dict[str, Any]:
    (site / "games").mkdir(exist_ok=True)
    for each in {deal, *analysed}:
        (site / "games" / each.name).write_bytes(each.read_bytes())
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    path = f"/index.html?file=games/{deal.name}"
    try:
        wait_for(base + "/index.html")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            outside: list[str] = []
            # Requests for another host are counted, not refused: Playwright's routing (what
            # the tests refuse them with) turns the browser's HTTP cache off, and the cache
            # is part of what is measured (the service worker's copies revalidate against it)
            context.on(
                "request",
                lambda request: (
                    None
                    if request.url.startswith((base, "data:", "blob:"))
                    else outside.append(request.url)
                ),
            )
            transferred: list[int] = []
            context.on(
                "requestfinished",
                lambda request: transferred.append(
                    request.sizes()["responseBodySize"] + request.sizes()["responseHeadersSize"]
                ),
            )
            page = context.new_page()
            first = board_shown(page, path, base)
            first_bytes = sum(transferred)
            page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
            times = click_times(page, clicks, deal)
            analysis = []
            for each in analysed:
                board_shown(page, f"/index.html?file=games/{each.name}", base)
                analysis.append(page_analysis(page))
            page.close()
            later_page = context.new_page()
            board_shown(later_page, path, base)  # the service worker now controls the page
            later_page.close()
            again = context.new_page()
            later = board_shown(again, path, base)
            browser.close()
    finally:
        server.terminate()
        server.wait()
    native = [native_analysis(each) for each in analysed]
    command = [native_command(each) for each in analysed]
    return {
        "first_mb": first_bytes / 1e6,
        "first_s": first,
        "later_s": later,
        "click_ms": statistics.median(times),
        "clicks": len(times),
        "page_s": sum(analysis),
        "native_s": sum(native),
        "command_s": sum(command),
        "ratio": sum(analysis) / sum(command),
        "session_ratio": sum(analysis) / sum(native),
        "outside": len(outside),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a site built already (default: build one)")
    parser.add_argument("--deal", type=Path, default=ROOT / "sample_games" / "worked-example.pmn")
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument(
        "--analyse",
        type=Path,
        nargs="+",
        default=[ROOT / "sample_games" / f"{name}.pmn" for name in WHOLE_DEALS],
        help="the deals whose full analysis is timed (the first deal of each file)",
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mendikot-bench-site-") as work:
        site = args.site
        if site is None:
            site = Path(work) / "site"
            print("building the site…", flush=True)
            load_script("build_site").build(site)
        figures = measure(site, args.deal, args.clicks, args.analyse)
    rows = [
        ("first visit, transferred", f"{figures['first_mb']:.1f} MB", "first_mb", "≤ 20 MB"),
        ("first visit, board shown", f"{figures['first_s']:.2f} s", "first_s", "≤ 10 s"),
        ("later visit, board shown", f"{figures['later_s']:.2f} s", "later_s", "≤ 3 s"),
        (
            f"click → table redrawn (median of {figures['clicks']})",
            f"{figures['click_ms']:.0f} ms",
            "click_ms",
            "< 100 ms",
        ),
        (
            f"{len(args.analyse)} whole deals' analysis, page / command",
            f"{figures['page_s']:.2f} s / {figures['command_s']:.2f} s = {figures['ratio']:.2f}×",
            "ratio",
            "≤ 2×",
        ),
    ]
    missed = 0
    for label, value, key, goal in rows:
        ok = figures[key] <= GOALS[key]
        missed += not ok
        print(f"{label:44} {value:28} goal {goal:9} {'ok' if ok else 'MISSED'}")
    print(
        f"{'the same, page / the session in CPython':44} "
        f"{figures['page_s']:.2f} s / {figures['native_s']:.2f} s = "
        f"{figures['session_ratio']:.2f}×  (no process start: the core and Python alone)"
    )
    print(f"requests for another host: {figures['outside']}")
    return 1 if missed or figures["outside"] else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    sys.exit(main())
