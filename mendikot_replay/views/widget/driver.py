"""What steps a session's jobs in a kernel: threads, or the kernel's event loop.

A :class:`~.session.Session` gives its slow work as bounded tasks (:mod:`~.session.jobs`);
in a Jupyter kernel they run on worker threads so that the kernel keeps answering the page
(stepping, other cells) while a position is solved. One thread per lane, started when there
is work and ended when there is none (an idle board holds no thread). A task runs with no
lock held; taking it and handing its result back hold the board's lock, as every call of
the session does.

A kernel in a browser (JupyterLite's, Pyodide) has no threads: there the tasks are steps of
the kernel's own event loop, one task each, so that the page's messages are heard between
two positions, as the static site's worker does.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Final

from ...analysis.odds import THREADS
from ...session.jobs import LANES, Lane
from ...session.session import Session

__all__ = ["JobDriver"]


class JobDriver:
    """Runs ``session``'s tasks on threads (on the event loop where there are none);
    ``lock`` is held around every call of the session (the front end holds it too) and
    ``show`` sends what changed to the page."""

    def __init__(
        self,
        session: Session,
        lock: threading.RLock,
        show: Callable[[], None],
        *,
        threads: bool = THREADS,
    ) -> None:
        self.session = session
        self.lock: Final = lock
        self.show = show
        self.threads: Final = threads
        self._threads: dict[Lane, threading.Thread | None] = dict.fromkeys(LANES)
        self._chains: dict[Lane, object] = {}  # with no threads: each lane's chain of steps

    def running(self, lane: Lane) -> bool:
        """Whether a thread (or the event loop) works on ``lane`` now."""
        with self.lock:
            thread = self._threads[lane]
            stepping = lane in self._chains
        return stepping or (thread is not None and thread.is_alive())

    def wake(self) -> None:
        """Start a thread (or a step on the event loop) for each lane that has work and
        none (a running one looks for the next task after each one)."""
        with self.lock:
            for lane in LANES:
                if self.running(lane) or self.session.next_task(lane) is None:
                    continue
                if not self.threads:
                    chain = self._chains[lane] = object()
                    asyncio.get_event_loop().call_soon(self._step, lane, chain)
                    continue
                thread = threading.Thread(
                    target=self._run, args=(lane,), name=f"mendikot-{lane}", daemon=True
                )
                self._threads[lane] = thread
                thread.start()

    def _run(self, lane: Lane) -> None:
        while self._one(lane):
            pass

    def _one(self, lane: Lane) -> bool:
        """One task of ``lane``, run and handed back; whether there was one (when there is
        none, the lane's thread or chain of steps ends, under the same lock that saw it)."""
        with self.lock:
            task = self.session.next_task(lane)
            if task is None:
                self._threads[lane] = None
                self._chains.pop(lane, None)
                return False
        task.run()
        with self.lock:
            self.session.finish(task)
            self.show()
        return True

    def _step(self, lane: Lane, chain: object) -> None:
        """One task on the event loop, then the next one as a later step (a chain that
        :meth:`wait` or a newer chain took over stops)."""
        if self._chains.get(lane) is chain and self._one(lane):
            asyncio.get_event_loop().call_soon(self._step, lane, chain)

    def wait(self, lane: Lane, timeout: float | None = None) -> bool:
        """Wait until ``lane`` has no work left (or ``timeout`` seconds); whether it has
        none. Never call it holding the lock: the thread needs it to finish. With no
        threads, the work left is done here and now."""
        if not self.threads:
            while self._one(lane):
                pass
            return True
        with self.lock:
            thread = self._threads[lane]
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True
