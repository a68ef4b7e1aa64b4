"""What steps a board's slow work in a kernel (``views/widget/driver.py``): threads where
Python has them, the kernel's event loop where it has none (JupyterLite's Pyodide kernel),
with the same results and the page's messages heard between two positions."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from mendikot_replay.session.session import Session
from mendikot_replay.views.widget.driver import JobDriver

ROOT = Path(__file__).resolve().parent.parent
ENDGAMES = ROOT / "sample_games" / "endgame-cover-or-duck.pmn"


def _analysed(threads: bool) -> tuple[dict[str, object], int, list[bool]]:
    """The analysis of the endgame's positions, stepped by a driver; how many times the page
    was told, and what happened in between on the event loop."""
    session = Session(ENDGAMES, chance_threads=1, analyse=True)
    lock = threading.RLock()
    shown: list[int] = []
    between: list[bool] = []  # was work left when the page's message was heard?
    driver = JobDriver(session, lock, lambda: shown.append(1), threads=threads)

    async def run() -> None:
        driver.wake()
        assert driver.running("analysis")
        # a message from the page, on the same loop: heard before all the work is done
        asyncio.get_running_loop().call_soon(
            lambda: between.append(session.next_task("analysis") is not None)
        )
        while driver.running("analysis"):
            await asyncio.sleep(0)
        assert driver.wait("analysis")

    asyncio.run(run())
    return session.state["analysis"], len(shown), between


def test_with_no_threads_the_event_loop_steps_the_work_to_the_same_values() -> None:
    stepped, told, between = _analysed(threads=False)
    threaded, _, _ = _analysed(threads=True)
    assert stepped == threaded and stepped  # the same values, card for card
    assert told >= 1
    assert between == [True]  # the page was heard while work was left


def test_wait_with_no_threads_does_the_work_left_at_once() -> None:
    session = Session(ENDGAMES, chance_threads=1, analyse=True)
    driver = JobDriver(session, threading.RLock(), lambda: None, threads=False)
    assert session.next_task("analysis") is not None
    assert driver.wait("analysis")
    assert session.next_task("analysis") is None and not driver.running("analysis")
