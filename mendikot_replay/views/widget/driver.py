"""The threads that step a session's jobs in a kernel.

A :class:`~.session.Session` gives its slow work as bounded tasks (:mod:`~.session.jobs`);
in a Jupyter kernel they run on worker threads so that the kernel keeps answering the page
(stepping, other cells) while a position is solved. One thread per lane, started when there
is work and ended when there is none (an idle board holds no thread). A task runs with no
lock held; taking it and handing its result back hold the board's lock, as every call of
the session does.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Final

from ...session.jobs import LANES, Lane
from ...session.session import Session

__all__ = ["JobDriver"]


class JobDriver:
    """Runs ``session``'s tasks on threads; ``lock`` is held around every call of the
    session (the front end holds it too) and ``show`` sends what changed to the page."""

    def __init__(self, session: Session, lock: threading.RLock, show: Callable[[], None]) -> None:
        self.session = session
        self.lock: Final = lock
        self.show = show
        self._threads: dict[Lane, threading.Thread | None] = dict.fromkeys(LANES)

    def running(self, lane: Lane) -> bool:
        """Whether a thread works on ``lane`` now."""
        with self.lock:
            thread = self._threads[lane]
        return thread is not None and thread.is_alive()

    def wake(self) -> None:
        """Start a thread for each lane that has work and none (a running one looks for
        the next task after each one)."""
        with self.lock:
            for lane in LANES:
                thread = self._threads[lane]
                if thread is not None and thread.is_alive():
                    continue
                if self.session.next_task(lane) is None:
                    continue
                thread = threading.Thread(
                    target=self._run, args=(lane,), name=f"mendikot-{lane}", daemon=True
                )
                self._threads[lane] = thread
                thread.start()

    def _run(self, lane: Lane) -> None:
        while True:
            with self.lock:
                task = self.session.next_task(lane)
                if task is None:
                    self._threads[lane] = None
                    return
            task.run()
            with self.lock:
                self.session.finish(task)
                self.show()

    def wait(self, lane: Lane, timeout: float | None = None) -> bool:
        """Wait until ``lane`` has no work left (or ``timeout`` seconds); whether it has
        none. Never call it holding the lock: the thread needs it to finish."""
        with self.lock:
            thread = self._threads[lane]
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True
