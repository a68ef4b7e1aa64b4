"""The notebook replay viewer: an anywidget that steps through a deal in the browser.

``Viewer(record)`` or ``replay("game.pmn", deal=3)`` shows the table (every seat's hand,
the trick with its leader and winner, the trump, tricks and tens per team, the Dehla pile),
the tens ledger, the annotations and the result banner, with buttons, a slider and keys to
step card by card or trick by trick.

Stepping happens in the browser: the widget sends the whole deal once, as the payload of
:func:`mendikot_replay.views.payload.deal_view` (every step precomputed from the record's replay
timeline), and the front end (``static/viewer.js``, shipped in the package: no CDN, no build
step) draws a step by looking it up. So a step is instant, needs no kernel round trip, and
works in Voila and in exported HTML with saved widget state. The current step is synced back
(``step``), so Python can follow (``viewer.snapshot``) and lead (``viewer.go(12)``).

Annotating at the current card (``viewer.comment("…")``, ``glyph("!")``, ``nag(21)``,
``point("ten-captured", "TH", "C")``) goes through :mod:`mendikot_replay.pmn.editing`, then the
payload is rebuilt so the browser shows the change at once; ``viewer.save()`` writes the deal
back into the file it came from (atomically, the file's other deals untouched).

The "analyse" toggle (``Viewer(..., analyse=True)``, or the checkbox in the browser) shows
the double-dummy solver's value on every card the player to move could play: green when
the card keeps the best outcome open to that player's side, red when it throws it away.
The solver runs in Python, never in the browser, and only while the toggle is on: one
position per step, computed when the step is first shown (then the other positions of the
deal that the solver can reach, in the background) and sent in the ``analysis`` trait.
A pure-Python search holds the interpreter, so it runs on a worker thread of its own: the
kernel keeps answering (stepping, other cells) while it works. Positions with more than
``max_tricks`` tricks left (:func:`~.view_data.default_max_tricks`: 5 for the pure-Python
solver) are not searched: the viewer says "too early to solve".
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.timeline import Snapshot
from ..pmn import editing
from ..pmn.reader import is_pmn_text, pick_deal, read_deals, read_string
from ..pmn.record import DealRecord
from ..solver.search import Solver
from .html import viewer_css, viewer_js
from .payload import JSON, analysis_entry, deal_view, default_max_tricks, failed_entry

Source = DealRecord | str | os.PathLike[str]
"""What a viewer opens: a record, a path to a PMN file, or PMN text."""

PROJECTOR_SCALE = 1.6
"""The ``scale`` of :meth:`Viewer.projector`: large print for a class."""


def load_record(source: Source, deal: int = 1) -> tuple[DealRecord, Path | None, int]:
    """The record to view, the file it came from (if any) and its 1-based index there."""
    if isinstance(source, DealRecord):
        return source, None, source.index or 1
    if isinstance(source, str) and is_pmn_text(source):
        return pick_deal(read_string(source), deal, "the text"), None, deal
    path = Path(source)
    if not path.exists():
        raise FileNotFoundError(f"{os.fspath(path)!r}: no such PMN file")
    deals = read_deals(path)
    try:
        return pick_deal(deals, deal, os.fspath(path)), path, deal
    finally:
        deals.close()


class Viewer(anywidget.AnyWidget):
    """The stepping replay of one deal (see the module docstring).

    Options (all synced traitlets, also set from the browser's option bar):
    ``hidden_seats`` (hands drawn as card backs), ``show_played`` (played cards greyed, or
    left out), ``scale`` (1.0; :meth:`projector` sets 1.6), ``four_color`` (a 4-colour deck;
    suit signs are always shown), ``quiz_seat`` ("what would you play?" for that seat),
    ``analyse`` (the solver's value on each card of the player to move; filled in
    ``analysis`` as it is computed).

    Keywords that are not traits: ``max_tricks`` (the most tricks left a position may have
    to be solved; default :func:`~.view_data.default_max_tricks`), ``solver`` (a
    :class:`~.solver.Solver` to reuse, e.g. shared by several viewers of one deal) and
    ``background`` (``False`` solves in the kernel's own thread when a step is shown, one
    position at a time, and looks no further: for scripts and tests).
    """

    _esm = traitlets.Unicode(viewer_js()).tag(sync=True)
    _css = traitlets.Unicode(viewer_css()).tag(sync=True)

    data = traitlets.Dict().tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)
    hidden_seats = traitlets.List(traitlets.Unicode()).tag(sync=True)
    show_played = traitlets.Bool(True).tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)
    four_color = traitlets.Bool(False).tag(sync=True)
    quiz_seat = traitlets.Unicode("").tag(sync=True)
    analyse = traitlets.Bool(False).tag(sync=True)
    analysis = traitlets.Dict().tag(sync=True)
    """The solver's entries computed so far, by step (a string: JSON keys are strings);
    each is :func:`~.view_data.analysis_entry`. Written by the viewer only."""

    def __init__(
        self,
        source: Source,
        deal: int = 1,
        step: int = 0,
        *,
        max_tricks: int | None = None,
        solver: Solver | None = None,
        background: bool = True,
        **options: Any,
    ) -> None:
        record, path, index = load_record(source, deal)
        self.record = record
        self.path = path
        self.index = index
        self.dirty = False
        """Whether annotations were added since the viewer opened or last saved."""
        self.max_tricks = default_max_tricks() if max_tricks is None else max_tricks
        """The most tricks left a position may have for the solver to be asked."""
        self.background = background
        self._solver = solver if solver is not None else Solver("outcome")
        self._solved: dict[int, JSON] = {}
        self._lock = threading.Lock()
        self._solver_lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._ready = False  # no solving before the opening step is set
        super().__init__(data=deal_view(record), **options)
        self.step = step
        self._ready = True
        self._want_analysis()

    # -- the synced state -----------------------------------------------------------------
    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        """Any step asked for lands on the deal: below 0 is the start, past the end the end
        (so ``go(1000)`` is "the end", as the End key is)."""
        last = max(len(self.data.get("steps", [])) - 1, 0)
        return min(max(int(proposal["value"]), 0), last)

    @traitlets.validate("hidden_seats")
    def _valid_seats(self, proposal: dict[str, Any]) -> list[str]:
        seats = self.data.get("seats", [])
        wanted = [str(s).upper() for s in proposal["value"]]
        unknown = [s for s in wanted if s not in seats]
        if unknown:
            raise traitlets.TraitError(f"no seat {', '.join(unknown)} at this table")
        return [s for s in seats if s in wanted]

    @traitlets.validate("quiz_seat")
    def _valid_quiz(self, proposal: dict[str, Any]) -> str:
        seat = str(proposal["value"]).upper()
        if seat and seat not in self.data.get("seats", []):
            raise traitlets.TraitError(f"no seat {seat} at this table")
        return seat

    @traitlets.validate("scale")
    def _valid_scale(self, proposal: dict[str, Any]) -> float:
        value = float(proposal["value"])
        if not 0.5 <= value <= 4.0:
            raise traitlets.TraitError(f"scale {value} is out of range (0.5 to 4)")
        return value

    # -- the solver's values ("analyse") --------------------------------------------------
    @traitlets.observe("analyse", "step")
    def _on_analysis_change(self, change: dict[str, Any]) -> None:
        self._want_analysis()

    def _want_analysis(self) -> None:
        """Make sure the current step's values are (or will be) in ``analysis``: solve it
        now (``background=False``) or wake the worker thread (starting one if none runs;
        it stops by itself when nothing is left to solve, so an idle viewer holds no
        thread)."""
        if not self.analyse or not getattr(self, "_ready", False):
            return
        if not self.background:
            self.analysis_at(self.step)
            return
        with self._lock:
            if self._worker is not None and self._worker.is_alive():
                return  # it reads the current step before each position
            self._worker = threading.Thread(
                target=self._work, name=f"mendikot-analyse-{id(self):x}", daemon=True
            )
            self._worker.start()

    def _next_to_solve(self) -> int | None:
        """The step to solve next: the one on screen first, then the rest of the deal
        from there on, then the steps before it; ``None`` when all are done or the toggle
        is off."""
        if not self.analyse:
            return None
        here, count = int(self.step), len(self)
        order: list[int] = [here, *range(here + 1, count), *range(here - 1, -1, -1)]
        return next((k for k in order if k not in self._solved), None)

    def _work(self) -> None:
        while True:
            with self._lock:
                k = self._next_to_solve()
                if k is None:
                    self._worker = None
                    return
            self.analysis_at(k)

    def analysis_at(self, step: int | None = None) -> JSON:
        """The solver's entry for ``step`` (default: the current one), solving it now if it
        is not known yet (in the calling thread: blocking, for scripts and tests), and
        putting it into ``analysis`` for the browser."""
        k = self.step if step is None else min(max(int(step), 0), self.last_step)
        with self._lock:
            known = self._solved.get(k)
        if known is not None:
            return known
        with self._solver_lock:  # one search at a time: the solver's table is not shared
            try:
                entry = analysis_entry(self.record, k, self._solver, self.max_tricks)
            except Exception as failure:  # a solver bug must not leave "solving…" forever
                entry = failed_entry(k, f"the solver failed: {failure!r}", self.max_tricks)
        with self._lock:
            self._solved[k] = entry
            published = {str(s): e for s, e in sorted(self._solved.items())}
        self.analysis = published
        return entry

    def wait_analysis(self, timeout: float | None = None) -> bool:
        """Wait until the worker thread has solved every step it can (or ``timeout``
        seconds); returns whether it has finished. For scripts, tests and notebooks that
        want every value before going on."""
        with self._lock:
            worker = self._worker
        if worker is not None:
            worker.join(timeout)
            return not worker.is_alive()
        return True

    # -- stepping -------------------------------------------------------------------------
    def __len__(self) -> int:
        """The number of steps: the start and one after each card."""
        return len(self.data.get("steps", []))

    @property
    def last_step(self) -> int:
        return max(len(self) - 1, 0)

    @property
    def snapshot(self) -> Snapshot:
        """The replay state the viewer shows (``record.timeline[step]``)."""
        timeline = self.record.timeline
        if timeline is None or not len(timeline):
            raise ValueError("this deal has no replay to show (see viewer.data['error'])")
        return timeline[self.step]

    def go(self, step: int) -> Viewer:
        """Show the state after ``step`` cards (clamped to the deal). Returns the viewer, so
        a notebook cell ending in ``viewer.go(5)`` shows it."""
        self.step = step
        return self

    def next(self) -> Viewer:
        return self.go(self.step + 1)

    def prev(self) -> Viewer:
        return self.go(self.step - 1)

    def first(self) -> Viewer:
        return self.go(0)

    def last(self) -> Viewer:
        return self.go(self.last_step)

    def go_trick(self, number: int) -> Viewer:
        """Show trick ``number`` complete, with its winner (or as far as it is played)."""
        for trick in self.data.get("tricks", []):
            if trick["number"] == number:
                return self.go(trick["last_step"])
        first = self.data.get("first_trick", 1)
        raise ValueError(f"no trick {number} in this record (it starts at trick {first})")

    # -- teaching modes -------------------------------------------------------------------
    def kibitz(self, seat: str) -> Viewer:
        """Show only ``seat``'s hand, as the player at that seat sees the table."""
        seat = seat.upper()
        self.hidden_seats = [s for s in self.data.get("seats", []) if s != seat]
        return self

    def show_all(self) -> Viewer:
        self.hidden_seats = []
        return self

    def quiz(self, seat: str | None) -> Viewer:
        """ "What would you play?" for ``seat`` (``None`` ends the quiz)."""
        self.quiz_seat = seat or ""
        return self

    def projector(self, on: bool = True) -> Viewer:
        """Large print for a projector (``scale`` 1.6), or back to normal."""
        self.scale = PROJECTOR_SCALE if on else 1.0
        return self

    # -- annotating -----------------------------------------------------------------------
    def _edited(self, changed: bool) -> bool:
        if changed:
            self.dirty = True
            self.data = deal_view(self.record)
        return changed

    def comment(self, text: str) -> bool:
        """Add a comment after the current card (at the start: a comment on the deal)."""
        return self._edited(editing.add_comment(self.record, self.step, text))

    def glyph(self, glyph: str) -> bool:
        """Mark the current card ``!``, ``?``, ``!!``, ``??``, ``!?`` or ``?!``."""
        return self._edited(editing.add_glyph(self.record, self.step, glyph))

    def nag(self, nag: int) -> bool:
        """Add NAG ``$nag`` to the current card (``$20``–``$29``: Mendikot observations)."""
        return self._edited(editing.add_nag(self.record, self.step, nag))

    def point(self, kind: str, *args: object) -> bool:
        """Add a ``[%point KIND ARGS…]`` strategy point at the current card."""
        return self._edited(editing.add_point(self.record, self.step, kind, *args))

    def save(self, path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
        """Write the deal back into the file it was opened from, safely: only this deal's
        text changes, every other byte of the file stays as it was (
        :func:`~.editing.save_deal`).

        If the file changed on disk since it was opened, the deal is found again by its
        text as read: saved where it is now when that is certain (the other changes kept),
        else nothing is written and :class:`~.errors.FileChangedError` says why: then
        :meth:`reload` (dropping the changes made here) or save to another ``path``.

        With ``path`` (another file), the deal is added there as its last deal (a new file
        holds just this deal); no existing deal of that file is replaced, and this viewer
        stays on its own file, whose changes are still unsaved. ``force`` writes a
        read-only file anyway.
        """
        if path is None or (self.path is not None and Path(path).resolve() == self.path.resolve()):
            if self.path is None:
                raise ValueError("this viewer was not opened from a file: give save() a path")
            self.index = editing.save_deal(self.path, self.index, self.record, force=force)
            self.dirty = False
            return self.path
        target = Path(path)
        copy = editing.detached(self.record)
        editing.save_deal(target, None, copy, force=force)  # appended as its last deal
        return target

    def reload(self, *, discard: bool = False) -> Viewer:
        """Read the deal again from its file (after someone else changed it, say). Changes
        made here and not saved would be lost: they are refused unless ``discard``."""
        if self.path is None:
            raise ValueError("this viewer was not opened from a file: there is nothing to reload")
        if self.dirty and not discard:
            raise editing.EditError(
                "this deal has changes that are not saved: reload(discard=True) drops them, "
                "or save(path=...) keeps them in another file first"
            )
        record, _, _ = load_record(self.path, self.index)
        step = self.step
        self.record = record
        with self._lock:
            self._solved.clear()
        self.analysis = {}
        self.data = deal_view(record)
        self.dirty = False
        self.step = step
        self._want_analysis()
        return self

    # -- display --------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus the static HTML of the deal for places that cannot run
        widgets (code-hosting sites pick ``text/html``; notebooks pick the widget)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle  # (data, metadata) or data
        if isinstance(data, dict) and "application/vnd.jupyter.widget-view+json" in data:
            from .html import deal_html

            data.setdefault("text/html", deal_html(self.record))
        return bundle

    def __repr__(self) -> str:
        return f"<Viewer {self.data.get('title', '')!r} step {self.step} of {self.last_step}>"


def replay(source: Source | Any, deal: int = 1, **options: Any) -> Viewer:
    """Open a viewer on deal ``deal`` (from 1) of a PMN file, PMN text or a record — or on
    the moment a table row stands for: ``replay(plays.iloc[0])`` opens that row's deal at
    that card (any row with ``file``, ``deal`` and ``step``, as every table has)."""
    if not isinstance(source, (DealRecord, str, os.PathLike)):
        from .target import viewer_target

        file, deal, step = viewer_target(source)
        options.setdefault("step", step)
        source = file
    return Viewer(source, deal=deal, **options)


__all__ = ["PROJECTOR_SCALE", "Viewer", "load_record", "replay"]
