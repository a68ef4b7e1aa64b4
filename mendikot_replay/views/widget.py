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
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import anywidget
import traitlets

from ..core.timeline import Snapshot
from ..errors import FileChangedError, MendikotError
from ..pmn import editing
from ..pmn.entry import DealEntry, EntryError
from ..pmn.files import SaveNotice
from ..pmn.reader import is_pmn_text, pick_deal, read_deals, read_string
from ..pmn.record import DealRecord, PlayNode
from ..pmn.tree import settle_result
from ..solver.search import Solver
from .board import Board, BoardError
from .html import viewer_css, viewer_js
from .payload import JSON, analysis_entry, entry_view, failed_entry
from .user_text import isolate

Source = DealRecord | str | os.PathLike[str]
"""What a viewer opens: a record, a path to a PMN file, or PMN text."""

PROJECTOR_SCALE = 1.6
"""The ``scale`` of :meth:`Viewer.projector`: large print for a class."""


T = TypeVar("T")


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
    """The stepping replay of one deal, and its analysis board (see the module docstring).

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
    path = traitlets.List(traitlets.Int()).tag(sync=True)
    """The line shown, as node ids of ``data["steps"]`` from the start (0) to its end."""
    step = traitlets.Int(0).tag(sync=True)
    """How many cards of the line shown are played (an index into ``path``)."""
    hidden_seats = traitlets.List(traitlets.Unicode()).tag(sync=True)
    show_played = traitlets.Bool(True).tag(sync=True)
    scale = traitlets.Float(1.0).tag(sync=True)
    four_color = traitlets.Bool(False).tag(sync=True)
    quiz_seat = traitlets.Unicode("").tag(sync=True)
    analyse = traitlets.Bool(False).tag(sync=True)
    analysis = traitlets.Dict().tag(sync=True)
    """The solver's entries computed so far, by node id (a string: JSON keys are
    strings); each is :func:`~.view_data.analysis_entry`. Written by the viewer only."""
    board = traitlets.Bool(True).tag(sync=True)
    """A kernel is behind this view: the page may play new cards, annotate and save."""
    dirty = traitlets.Bool(False).tag(sync=True)
    """Whether the deal has changes (cards tried, annotations) not saved yet."""
    file = traitlets.Unicode("").tag(sync=True)
    """The name of the file the deal came from ("" when it came from text or a record)."""
    recording = traitlets.Bool(False).tag(sync=True)
    """A deal recorded here (:func:`new_deal`): the page offers *Undo* for the last card,
    and saving fills in the result tags from the play."""
    notice = traitlets.Dict().tag(sync=True)
    """The board's last word to its user: ``{id, kind, text, actions}`` (see
    :meth:`_tell`); ``{}`` when there is none."""

    def __init__(
        self,
        source: Source | DealEntry,
        deal: int = 1,
        step: int = 0,
        *,
        max_tricks: int | None = None,
        solver: Solver | None = None,
        background: bool = True,
        save_to: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> None:
        self._entry: DealEntry | None = None
        """A deal being dealt (:func:`new_deal`): the hands come first, then the board."""
        self._settings = {"solver": solver, "max_tricks": max_tricks}
        self._board_now: Board | None = None
        self._dealt_here = isinstance(source, DealEntry)
        if isinstance(source, DealEntry):
            self._entry = source
            path, index = None, None
        else:
            record, path, index = load_record(source, deal)
            self._board_now = Board(record, solver=solver, max_tricks=max_tricks)
        self.source_file = path
        """The file the deal came from (``None``: text or a record)."""
        self.index = index
        self.save_to = Path(save_to) if save_to is not None else None
        """Where a new deal goes (appended) when it is first saved."""
        self.background = background
        self._solved: dict[int, tuple[PlayNode | None, JSON]] = {}
        """The solver's entries by ``id()`` of their node (0 for the start), with the node
        (so that an entry is found again after the tree's ids changed)."""
        self._lock = threading.Lock()
        self._worker: threading.Thread | None = None
        self._ready = False  # no solving before the opening step is set
        self._notices = 0
        self._pushing = False
        named = path if path is not None else self.save_to
        super().__init__(
            data=self._board_now.view if self._board_now else self._entry_view(),
            path=self._board_now.path if self._board_now else [0],
            file=named.name if named is not None else "",
            recording=self._dealt_here,
            **options,
        )
        if self._board_now is not None:
            self._board_now.go(step)
        self._ready = True
        self.on_msg(self._on_message)
        self._push()  # the opening step (and the solver's values, when wanted)

    @property
    def _board(self) -> Board:
        """The board; while the hands are being dealt there is none yet, and what needs it
        says so."""
        if self._board_now is None:
            raise EntryError("deal the hands first: the play starts once every hand is full")
        return self._board_now

    @property
    def entry(self) -> DealEntry | None:
        """The deal being dealt (``None`` once the hands are all dealt, or for a recorded
        deal): its hands, the pack, the seat the next card goes to."""
        return self._entry

    def _entry_view(self) -> JSON:
        assert self._entry is not None
        return entry_view(self._entry)

    # -- what the viewer looks at ----------------------------------------------------------
    @property
    def record(self) -> DealRecord:
        """The deal, as the board holds it (with every card tried and note added)."""
        return self._board.record

    @property
    def max_tricks(self) -> int:
        """The most tricks left a position may have for the solver to be asked."""
        return self._board.max_tricks

    @max_tricks.setter
    def max_tricks(self, value: int) -> None:
        self._board.max_tricks = value

    @property
    def node(self) -> PlayNode | None:
        """The card the viewer stands on (``None``: the start of the deal)."""
        return self._board_now.node if self._board_now else None

    @property
    def line(self) -> list[str]:
        """The cards from the start to the current position, on the line shown (a
        variation's cards too), as PMN writes them."""
        return self._board_now.cards if self._board_now else []

    # -- the synced state -----------------------------------------------------------------
    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        """Any step asked for lands on the line: below 0 is the start, past the end the end
        (so ``go(1000)`` is "the end", as the End key is)."""
        last = max(len(self.path) - 1, 0)
        return min(max(int(proposal["value"]), 0), last)

    @traitlets.observe("path", "step")
    def _on_move(self, change: dict[str, Any]) -> None:
        """The browser moved (or Python did): the board follows the synced line."""
        if self._pushing or not getattr(self, "_ready", False) or self._board_now is None:
            return
        try:
            self._board.follow(list(self.path), int(self.step))
        except BoardError:
            self._push()  # a stale line (the tree changed meanwhile): show the board's own
        else:
            self._want_analysis()

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

    def _push(self, *, tree_changed: bool = False) -> None:
        """Send the board's state to the browser in one message: the payload when the tree
        changed, and always the line and the step."""
        if self._board_now is None:  # dealing: the entry's payload, nothing to step
            with self.hold_sync():
                self.data = self._entry_view()
                self.path, self.step = [0], 0
            return
        board = self._board_now
        self._pushing = True
        try:
            with self.hold_sync():
                if tree_changed:
                    self.data = board.view
                self.path = board.path
                self.step = board.step
                if tree_changed:
                    self._publish()
        finally:
            self._pushing = False
        self._want_analysis()

    def _changed(self) -> None:
        """The tree or its notes changed: unsaved, and shown."""
        self.dirty = True
        self._push(tree_changed=True)

    def _tell(self, kind: str, text: str, actions: tuple[str, ...] = ()) -> None:
        """Show ``text`` on the board: ``kind`` is ``error`` (a refused card or edit),
        ``info``, ``saved`` or ``conflict`` (``actions`` then offers ``reload`` and
        ``save_as``); each notice has a new ``id``, so the same words twice are shown twice."""
        self._notices += 1
        self.notice = {"id": self._notices, "kind": kind, "text": text, "actions": list(actions)}

    # -- the solver's values ("analyse") --------------------------------------------------
    @traitlets.observe("analyse", "quiz_seat")
    def _on_analysis_change(self, change: dict[str, Any]) -> None:
        self._want_analysis()

    def _wanted(self) -> bool:
        """Whether the solver's values are wanted: the toggle, or a quiz (graded by them)."""
        return self._board_now is not None and bool(self.analyse or self.quiz_seat)

    def _want_analysis(self) -> None:
        """Make sure the current step's values are (or will be) in ``analysis``: solve it
        now (``background=False``) or wake the worker thread (starting one if none runs;
        it stops by itself when nothing is left to solve, so an idle viewer holds no
        thread)."""
        if not self._wanted() or not getattr(self, "_ready", False):
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

    def _next_to_solve(self) -> PlayNode | bool | None:
        """The card to solve next (``None``: the start): the one on screen first, then the
        rest of the line shown from there on, then the cards before it, then the rest of
        the tree; ``False`` when all are done or nobody wants the values."""
        if not self._wanted():
            return False
        line: list[PlayNode | None] = [None, *self._board.line]
        here = min(int(self.step), len(line) - 1)
        order = [*range(here, len(line)), *range(here - 1, -1, -1)]
        solved: dict[int, tuple[PlayNode | None, JSON]] = self._solved
        nodes: list[PlayNode | None] = [line[k] for k in order] + self._board.nodes
        return next((node for node in nodes if _key(node) not in solved), False)

    def _work(self) -> None:
        while True:
            with self._lock:
                node = self._next_to_solve()
                if node is False:
                    self._worker = None
                    return
            self._solve(node)  # type: ignore[arg-type]

    def analysis_at(self, step: int | None = None) -> JSON:
        """The solver's entry for ``step`` of the line shown (default: the current one),
        solving it now if it is not known yet (in the calling thread: blocking, for scripts
        and tests), and putting it into ``analysis`` for the browser."""
        k = self.step if step is None else min(max(int(step), 0), self.last_step)
        line = [None, *self._board.line]
        return self._solve(line[k] if k < len(line) else None)

    def _solve(self, node: PlayNode | None) -> JSON:
        """The solver's entry for the position after ``node``, solved if not known yet."""
        board = self._board
        with self._lock:
            known = self._solved.get(_key(node))
        if known is not None:
            return known[1]
        with board.solver_lock:  # one search at a time: the solver's table is not shared
            try:
                entry = analysis_entry(board.record, 0, board.solver, board.max_tricks, node=node)
            except Exception as failure:  # a solver bug must not leave "solving…" forever
                entry = failed_entry(0, f"the solver failed: {failure!r}", board.max_tricks)
        with self._lock:
            self._solved[_key(node)] = (node, entry)
        self._publish()
        return entry

    def _publish(self) -> None:
        """Put the entries known into ``analysis``, by the node ids of the payload shown
        (entries of cards no longer in the tree are dropped)."""
        board = self._board
        published: dict[str, JSON] = {}
        with self._lock:
            for node, entry in list(self._solved.values()):
                try:
                    number = board.id_of(node)
                except KeyError:
                    continue
                entry["step"] = number  # ids change as the tree grows; the card does not
                published[str(number)] = entry
        self.analysis = dict(sorted(published.items(), key=lambda item: int(item[0])))

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
        """The number of steps of the line shown: the start and one after each card."""
        return len(self.path) if self.data.get("steps") else 0

    @property
    def last_step(self) -> int:
        return max(len(self) - 1, 0)

    @property
    def snapshot(self) -> Snapshot:
        """The replay state the viewer shows (``record.timeline[step]`` on the main line;
        a variation is replayed for it)."""
        timeline = self.record.timeline
        if timeline is None or not len(timeline):
            raise ValueError("this deal has no replay to show (see viewer.data['error'])")
        if self._board.at_main_line:  # the card shown, and so every card before it
            return timeline[self.step]
        variation = self.record.replay(self._board.line[: self.step])
        return variation[self.step]

    def go(self, step: int) -> Viewer:
        """Show the state after ``step`` cards of the line shown (clamped to it). Returns
        the viewer, so a notebook cell ending in ``viewer.go(5)`` shows it."""
        self.step = step
        return self

    def next(self) -> Viewer:
        return self.go(self.step + 1)

    def prev(self) -> Viewer:
        return self.go(self.step - 1)

    def back(self) -> Viewer:
        """One card back along the line shown (the card stays in the tree)."""
        return self.prev()

    def first(self) -> Viewer:
        return self.go(0)

    def last(self) -> Viewer:
        return self.go(self.last_step)

    def go_trick(self, number: int) -> Viewer:
        """Show trick ``number`` of the line shown complete, with its winner (or as far as
        it is played)."""
        steps = self.data.get("steps", [])
        places = [k for k, n in enumerate(self.path) if k and steps[n]["trick"] == number]
        if places:
            return self.go(places[-1])
        first = self.data.get("first_trick", 1)
        raise ValueError(f"no trick {number} in this line (it starts at trick {first})")

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

    # -- dealing a new deal ----------------------------------------------------------------
    def _dealing(self, change: Callable[[DealEntry], object]) -> Viewer:
        """Do ``change`` on the deal being dealt and show it; when every hand is full (and
        the trump is settled) the deal becomes a board, ready to record the play."""
        entry = self._entry
        if entry is None:
            raise EntryError("the hands are dealt already: this deal is being played")
        try:
            change(entry)
        except (MendikotError, ValueError) as refused:
            self._tell("error", str(refused))
            raise
        self.dirty = True
        if entry.complete:
            try:
                record = entry.record()
            except EntryError as missing:  # e.g. the trump is still to be chosen
                self._tell("info", f"Every hand is dealt; {missing}.")
            else:
                self._board_now = Board(record, **self._settings)  # type: ignore[arg-type]
                self._entry = None
                leader = record.timeline[0].to_play if record.timeline else None
                name = record.tags.get(leader or "", "").strip()
                who = f"{leader} ({isolate(name)})" if name else leader
                self._tell(
                    "info",
                    f"Every hand is dealt: {who} leads. Click the cards as they are played.",
                )
                self._push(tree_changed=True)
                return self
        self._push()
        return self

    def deal(self, seat: str, hand: str) -> Viewer:
        """Give ``seat`` its whole hand (``"AJ86532.42.A4.Q9"``: suits S.H.D.C, ``10``
        accepted); a mistake (a card dealt twice, too many cards, one not in the deck)
        raises :class:`~mendikot_replay.MendikotError` and changes nothing."""
        return self._dealing(lambda e: e.deal(seat, hand))

    def give(self, card: str, seat: str | None = None) -> Viewer:
        """Deal one card to ``seat`` (the seat selected: it moves on when its hand is full)."""
        return self._dealing(lambda e: e.give(card, seat))

    def take(self, card: str) -> Viewer:
        """Take a dealt card back into the pack."""
        return self._dealing(lambda e: e.take(card))

    def select(self, seat: str) -> Viewer:
        """Send the next cards to ``seat``."""
        return self._dealing(lambda e: e.select(seat))

    def paste(self, hands: str) -> Viewer:
        """Deal the hands of a ``Hands``/PBN string (``"A:AK.QJ.T9.8 B:…"``) at once."""
        return self._dealing(lambda e: e.paste(hands))

    def set_trump(self, suit: str | None = None, card: str | None = None) -> Viewer:
        """The trump, as its method gives it: a suit or the card turned up (``Drawn``,
        ``FaceUp``), or the card the holder lays face down (``Closed``)."""
        return self._dealing(lambda e: e.set_trump(suit, card))

    # -- the analysis board ---------------------------------------------------------------
    def _on_board(self, change: Callable[[Board], T]) -> T:
        """Do ``change`` on the board and show the result: the new payload when the record
        changed (and then it has unsaved changes), else just where the board stands. A
        refusal is shown on the board too, then raised."""
        before = self._board.version
        try:
            result = change(self._board)
        except (MendikotError, ValueError) as refused:
            self._tell("error", str(refused))
            raise
        if self._board.version != before:
            self._changed()
        else:
            self._push()
        return result

    def play(self, card: str, *, ask: bool = False) -> Viewer:
        """Play ``card`` ("TS"; "^T7D" asks for the closed trump with it, version B) where
        the viewer stands: the next card of the line steps on, a card that starts a
        variation enters it, any other legal card starts a new variation (at the end of a
        line: the line goes on). An illegal card raises :class:`~mendikot_replay.IllegalPlay`
        with the engine's reason (also shown on the board) and changes nothing."""
        self._on_board(lambda b: b.play(card, ask=ask))
        return self

    def best(self) -> Viewer:
        """Play a card that keeps the double-dummy outcome (the line's own next card when
        it does)."""
        self._on_board(Board.best)
        return self

    def play_out(self) -> Viewer:
        """Best cards from here to the end of the deal."""
        self._on_board(Board.play_out)
        return self

    def undo(self) -> Viewer:
        """Take the last recorded card back (the main line's last card)."""
        self._on_board(Board.take_back)
        return self

    def promote(self) -> Viewer:
        """Make the line through the current card the main line (the old one is kept as
        a variation)."""
        self._on_board(Board.promote)
        return self

    def delete_variation(self) -> Viewer:
        """Delete the variation the viewer stands in; it goes to the card before it."""
        self._on_board(Board.delete)
        return self

    # -- annotating -----------------------------------------------------------------------
    def comment(self, text: str, index: int | None = None) -> bool:
        """Add a comment after the current card (at the start: a comment on the deal);
        with ``index``, replace that comment (an empty text deletes it)."""
        return self._on_board(lambda b: b.comment(text, index))

    def glyph(self, glyph: str | None) -> bool:
        """Mark the current card ``!``, ``?``, ``!!``, ``??``, ``!?`` or ``?!`` (``None``
        removes the mark)."""
        return self._on_board(lambda b: b.glyph(glyph))

    def nag(self, nag: int, on: bool = True) -> bool:
        """Add NAG ``$nag`` to the current card (``$20``–``$29``: Mendikot observations);
        ``on=False`` removes it."""
        return self._on_board(lambda b: b.nag(nag, on))

    def point(self, kind: str, *args: object) -> bool:
        """Add a ``[%point KIND ARGS…]`` strategy point at the current card."""
        return self._on_board(lambda b: b.point(kind, *args))

    # -- the file -------------------------------------------------------------------------
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
        own = self.source_file
        if self.recording:
            settle_result(self.record)  # a recorded deal says what its play says
        if own is None and self.save_to is not None and path is None:
            # A new deal's first save: appended to its file (made if needed), then saved
            # there in place like any deal read from a file.
            self.index = editing.save_deal(self.save_to, None, self.record, force=force)
            self.source_file = own = self.save_to
            self.dirty = False
            return own
        if path is None or (own is not None and Path(path).resolve() == own.resolve()):
            if own is None:
                raise ValueError("this viewer was not opened from a file: give save() a path")
            self.index = editing.save_deal(own, self.index, self.record, force=force)
            self.dirty = False
            return own
        target = Path(path)
        copy = editing.detached(self.record)
        editing.save_deal(target, None, copy, force=force)  # appended as its last deal
        return target

    def reload(self, *, discard: bool = False) -> Viewer:
        """Read the deal again from its file (after someone else changed it, say). Changes
        made here and not saved would be lost: they are refused unless ``discard``."""
        own = self.source_file
        if own is None:
            raise ValueError("this viewer was not opened from a file: there is nothing to reload")
        if self.dirty and not discard:
            raise editing.EditError(
                "this deal has changes that are not saved: reload(discard=True) drops them, "
                "or save(path=...) keeps them in another file first"
            )
        record, _, _ = load_record(own, self.index or 1)
        with self._lock:
            self._solved.clear()
        self.analysis = {}
        self._board.replace_record(record)
        self.dirty = False
        self._push(tree_changed=True)
        return self

    # -- the page's requests ----------------------------------------------------------------
    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """A request from the page (see docs/architecture.md, "The analysis board"): it is
        carried out as the Python call of the same name would be, and any refusal is shown
        on the board rather than raised into the kernel's log."""
        if not isinstance(content, dict) or not isinstance(content.get("do"), str):
            return
        action = content["do"]
        try:
            if self._board_now is not None:
                self._catch_up(content)
            self._request(action, content)
        except FileChangedError as changed:
            self._tell("conflict", str(changed), ("reload", "save_as"))
        except (MendikotError, ValueError, OSError) as refused:
            if self.notice.get("text") != str(refused):  # not told already by the call
                self._tell("error", str(refused))

    def _catch_up(self, content: dict[str, Any]) -> None:
        """Stand where the request was made (``at``), refusing one about a tree that has
        changed since the page had it (``revision``)."""
        board = self._board
        revision = content.get("revision")
        if isinstance(revision, int) and revision != board.version:
            # The page asked about a tree it had before the last change (two quick
            # clicks): its node ids may stand for other cards now.
            self._push(tree_changed=True)
            raise BoardError("the board had just changed: look again and repeat that")
        at = content.get("at")
        if isinstance(at, int) and not isinstance(at, bool) and at != board.id_of(self.node):
            if not 0 <= at < len(board.nodes):
                raise BoardError("that card is no longer on the board: the page was behind")
            board.go_to(board.nodes[at])
            self._push()

    def _request(self, action: str, content: dict[str, Any]) -> None:
        if action == "play":
            card = str(content.get("card", ""))
            self.play(card, ask=bool(content.get("ask", False)))
        elif action == "best":
            self.best()
        elif action == "playout":
            self.play_out()
        elif action == "back":
            self.back()
        elif action == "undo":
            self.undo()
        elif action == "promote":
            self.promote()
        elif action == "delete":
            self.delete_variation()
        elif action == "comment":
            index = content.get("index")
            text = str(content.get("text", ""))
            if index is None:
                self.comment(text)
            else:
                self.comment(text, int(index))
        elif action == "uncomment":
            self.comment("", int(content.get("index", -1)))
        elif action == "glyph":
            glyph = content.get("glyph")
            self.glyph(str(glyph) if glyph else None)
        elif action == "nag":
            self.nag(int(content.get("nag", 0)), bool(content.get("on", True)))
        elif action == "give":
            self.give(str(content.get("card", "")), content.get("seat") or None)
        elif action == "take":
            self.take(str(content.get("card", "")))
        elif action == "select":
            self.select(str(content.get("seat", "")))
        elif action == "paste":
            self.paste(str(content.get("text", "")))
        elif action == "trump":
            self.set_trump(content.get("suit") or None, content.get("card") or None)
        elif action == "save":
            with warnings.catch_warnings(record=True) as heard:
                warnings.simplefilter("always", SaveNotice)
                where = self.save()
            # What the save had to say (the file had changed elsewhere, a stale temporary
            # file removed …) is said on the board, where the person who saved is.
            notes = " ".join(str(w.message) for w in heard if issubclass(w.category, SaveNotice))
            text = f"Saved to {where.name}: only this deal changed in the file."
            self._tell("saved", f"{text} {notes}" if notes else text)
        elif action == "reload":
            self.reload(discard=True)
            self._tell("info", "Read the deal again from its file.")
        elif action == "save_as":
            target = str(content.get("path", "")).strip()
            if not target:
                raise BoardError("give the name of the file to copy the deal to")
            place = Path(target)
            if not place.is_absolute() and self.source_file is not None:
                place = self.source_file.parent / place
            written = self.save(place)
            self._tell(
                "saved",
                f"Copied the deal with its changes to {written.name} (as its last deal); "
                f"{self.file or 'its own file'} still has unsaved changes.",
            )
        else:
            raise BoardError(f"the board does not know {action!r}")

    # -- display --------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus the static HTML of the deal for places that cannot run
        widgets (code-hosting sites pick ``text/html``; notebooks pick the widget)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle  # (data, metadata) or data
        dealt = self._board_now is not None  # a deal still being dealt has no static view
        if dealt and isinstance(data, dict) and "application/vnd.jupyter.widget-view+json" in data:
            from .html import deal_html

            data.setdefault("text/html", deal_html(self.record))
        return bundle

    def __repr__(self) -> str:
        return f"<Viewer {self.data.get('title', '')!r} step {self.step} of {self.last_step}>"


def _key(node: PlayNode | None) -> int:
    """A card's key among the solver's entries: its identity (0 for the start)."""
    return 0 if node is None else id(node)


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


def new_deal(
    *,
    path: str | os.PathLike[str] | None = None,
    players: int = 4,
    deck: int | None = None,
    dealer: str = "B",
    trump_method: str = "Drawn",
    trump: str | None = None,
    trump_card: str | None = None,
    reveal: str | None = None,
    capture: str | None = None,
    variant: Sequence[str] = (),
    names: Mapping[str, str] | None = None,
    event: str | None = None,
    site: str | None = None,
    date: str | None = None,
    **options: Any,
) -> Viewer:
    """A board to record a new deal: first the hands (click the pack's cards to the
    selected seat, which moves on when full; or ``deal(seat, hand)``, or ``paste``), then
    the play, card by card (``play``), then ``save()``, which appends the deal to ``path``
    (made if needed; the file's other deals are never touched) with its result tags.

    The keywords are the deal's tags in Python's spelling (``trump_method`` ``"Drawn"``,
    ``"FaceUp"``, ``"Closed"``, ``"Cut"`` or ``"None"``; ``variant`` the house flags;
    ``names`` by seat); ``options`` go to the :class:`Viewer`."""
    entry = DealEntry.new(
        players=players,
        deck=deck,
        dealer=dealer,
        trump_method=trump_method,
        trump=trump,
        trump_card=trump_card,
        reveal=reveal,
        capture=capture,
        variant=variant,
        names=names,
        event=event,
        site=site,
        date=date,
    )
    return Viewer(entry, save_to=path, **options)


def new_position(
    *,
    trick: int,
    tens: tuple[int, int] = (0, 0),
    tricks: tuple[int, int] | None = None,
    leader: str = "A",
    table: Sequence[str] = (),
    pile: tuple[int, Sequence[str]] | None = None,
    streak: str | None = None,
    path: str | os.PathLike[str] | None = None,
    **deal: Any,
) -> Viewer:
    """A board to set up an endgame (a ``Start`` record), as a double-dummy editor sets
    up a partial deal: trick ``trick`` under way, led by ``leader``, the tens and tricks
    taken so far (A/C first), the cards already on the table in it, and under Dehla the
    pile (``(tricks, tens in it)``) and the seat on a streak; then the hands of the cards
    left (``deal``, ``paste`` or clicks), then solve it, explore it, save it. The other
    keywords are :func:`new_deal`'s."""
    options = {k: deal.pop(k) for k in list(deal) if k in _VIEWER_OPTIONS}
    entry = DealEntry.position(
        trick=trick,
        tens=tens,
        tricks=tricks,
        leader=leader,
        table=table,
        pile=pile,
        streak=streak,
        **deal,
    )
    return Viewer(entry, save_to=path, **options)


#: The keywords of new_position that are the viewer's, not the deal's.
_VIEWER_OPTIONS: Final = frozenset(
    {"max_tricks", "solver", "background", "hidden_seats", "scale", "four_color", "analyse"}
)


__all__ = ["PROJECTOR_SCALE", "Viewer", "load_record", "new_deal", "new_position", "replay"]
