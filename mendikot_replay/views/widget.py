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
``max_tricks`` tricks left (:func:`~.solver.search.default_max_tricks`: 5 for the pure-Python
solver) are not searched: the viewer says "too early to solve".

The "chances" toggle (``Viewer(..., chances=True)``, or the checkbox) draws a graph of the
deal under the table, as lichess draws a game's evaluation: for every card of the main line,
A/C's chance of winning the deal *single dummy* (:func:`~.analysis.chances.deal_chances`:
with only what the player of that card could see, ``chance_samples`` worlds drawn from
``chance_seed`` where too many fit), over the double-dummy outcome of the real deal as a
shaded band (A/C's colour above the middle when A/C win with every hand known, B/D's below,
the middle line for a tie), the single-dummy mistakes marked in red. A click on a point, or
Enter on it, goes to that card. A whole deal takes a minute or more (its first cards are the
slow ones), so it is worked out on a thread of its own, trick by trick from the end, and the
graph fills as it goes (``chance_graph``, with "chances: 12/52 positions"); an edit of the
main line starts it again, keeping every position already scored. ``viewer.deal_chances()``
and ``viewer.chances_at(step)`` give Python the same numbers (working out in the calling
thread what is still missing), ``viewer.wait_chances()`` waits for the worker.

The quiz ("what would you play?" for ``quiz_seat``) is graded honestly by default
(``quiz_grade="chances"``): by the chances from the quizzed player's own view
(:func:`~.analysis.odds.odds` of the position), since double-dummy values punish a card no
player at the table could have known to be wrong. A card whose chance of winning is within
:data:`QUIZ_MARGIN` (5 points) of the best card's is right, and the answer lists every card
with its chance. ``quiz_grade="double-dummy"`` grades by the solver as before (any card that
keeps the value is right). The chances of a quiz position are worked out in the background
too, before the graph's, while the page says "working out the chances…"
(``viewer.quiz_odds_at(step)`` works them out at once).
"""

from __future__ import annotations

import contextlib
import os
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, TypeVar

import anywidget
import traitlets

from ..analysis.chances import CardChance, DealChances, deal_chances
from ..analysis.double_dummy import AnalysisError
from ..analysis.odds import DEFAULT_SAMPLES, MOST_WORLDS, Odds, OddsSolver, Progress
from ..core.cards import Card
from ..core.engine import DealSetup
from ..core.timeline import Snapshot
from ..errors import FileChangedError, MendikotError, TextError
from ..pmn import editing
from ..pmn.entry import DealEntry, EntryError
from ..pmn.files import SaveNotice
from ..pmn.reader import is_pmn_text, pick_deal, read_deals, read_string
from ..pmn.record import DealRecord, Play, PlayNode
from ..pmn.syntax import checked_text
from ..pmn.tree import settle_result
from ..solver.search import Solver, value_text
from .board import Board, BoardError
from .html import viewer_css, viewer_js
from .payload import JSON, analysis_entry, entry_view, failed_entry
from .user_text import isolate

Source = DealRecord | str | os.PathLike[str]
"""What a viewer opens: a record, a path to a PMN file, or PMN text."""

PROJECTOR_SCALE = 1.6
"""The ``scale`` of :meth:`Viewer.projector`: large print for a class."""

QUIZ_MARGIN: Final = 0.05
"""A quiz answer graded by the chances is right when its chance of winning is at most this
much below the best card's: a sample of 200 worlds cannot tell closer cards apart (its
standard error is up to 3.5 points), so calling one of them wrong would be noise."""

QUIZ_GRADES: Final = ("chances", "double-dummy")
"""What may grade the quiz (``quiz_grade``)."""


T = TypeVar("T")


def load_record(source: Source, deal: int = 1) -> tuple[DealRecord, Path | None, int]:
    """The record to view, the file it came from (if any: its real path, links resolved)
    and its 1-based index there."""
    if isinstance(source, DealRecord):
        return source, None, source.index or 1
    if isinstance(source, str) and is_pmn_text(source):
        return pick_deal(read_string(source), deal, "the text"), None, deal
    path = Path(source)
    if not path.exists():
        raise FileNotFoundError(f"{os.fspath(path)!r}: no such PMN file")
    deals = read_deals(path)
    try:
        record = pick_deal(deals, deal, os.fspath(path))
    finally:
        deals.close()
    # The file itself, as the reader opened it: a relative name or a link may lead to
    # another file later (a change of directory, a link pointed elsewhere).
    return record, Path(record.origin.path) if record.origin else path.resolve(), deal


class Viewer(anywidget.AnyWidget):
    """The stepping replay of one deal, and its analysis board (see the module docstring).

    Options (all synced traitlets, also set from the browser's option bar):
    ``hidden_seats`` (hands drawn as card backs), ``show_played`` (played cards greyed, or
    left out), ``scale`` (1.0; :meth:`projector` sets 1.6), ``four_color`` (a 4-colour deck;
    suit signs are always shown), ``quiz_seat`` ("what would you play?" for that seat),
    ``analyse`` (the solver's value on each card of the player to move; filled in
    ``analysis`` as it is computed), ``chances`` (the graph of A/C's single-dummy chances
    across the main line, filled in ``chance_graph``; ``chance_samples`` worlds drawn from
    ``chance_seed`` where too many fit, and ``chance_max_tricks`` to score only the last
    tricks), ``quiz_grade`` (``"chances"``, the default, or ``"double-dummy"``; the
    chances of the quizzed positions go to ``quiz_odds``).

    Keywords that are not traits: ``max_tricks`` (the most tricks left a position may have
    to be solved; default :func:`~.solver.search.default_max_tricks`), ``solver`` (a
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
    strings); each is :func:`~.payload.analysis_entry`. Written by the viewer only."""
    chances = traitlets.Bool(False).tag(sync=True)
    chance_graph = traitlets.Dict().tag(sync=True)
    """The graph's data so far (:func:`chance_graph_entry`): ``status`` (``off``,
    ``working``, ``done``, ``unavailable``), ``done`` and ``total`` positions, and a point
    per main-line card scored. Written by the viewer only."""
    chance_samples = traitlets.Int(DEFAULT_SAMPLES).tag(sync=True)
    """Worlds drawn for a position where more fit than are solved one by one."""
    chance_seed = traitlets.Int(0).tag(sync=True)
    chance_max_tricks = traitlets.Int(None, allow_none=True).tag(sync=True)
    """Score only the cards played with at most this many tricks left (``None``: all)."""
    quiz_grade = traitlets.Unicode("chances").tag(sync=True)
    quiz_odds = traitlets.Dict().tag(sync=True)
    """The chances of the positions the quiz asks about, by node id (a string), each
    :func:`quiz_odds_entry`. Written by the viewer only."""
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
        if save_to is not None and not isinstance(save_to, (str, os.PathLike)):
            raise EntryError(f"path is the file to save the deal to, not {save_to!r:.30}")
        self.save_to = Path(save_to).resolve() if save_to is not None else None
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
        # The chances (graph and quiz): one worker thread and one OddsSolver, which keeps
        # every position it scored (see _ChanceSolver).
        self._odds: _ChanceSolver | None = None
        self._odds_lock = threading.Lock()
        """Held while the OddsSolver works: its double-dummy table is not shared."""
        self._chance_worker: threading.Thread | None = None
        self._chance_gen = 0
        """Bumped when the main line, the settings or the record change: a job of an older
        generation stops (between worlds) and its result is dropped."""
        self._graph = _Graph()
        self._quiz_known: dict[int, tuple[PlayNode | None, JSON]] = {}
        """The quiz's entries by ``id()`` of their node, as ``_solved``."""
        self._quiz_wanted: list[PlayNode | None] = []
        """The positions the quiz needs next (worked out in the kernel's thread)."""
        self._job: tuple[str, int, int] | None = None
        """The worker's job: its kind, generation and (a quiz's) position."""
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

    @traitlets.validate("quiz_grade")
    def _valid_grade(self, proposal: dict[str, Any]) -> str:
        grade = str(proposal["value"])
        if grade not in QUIZ_GRADES:
            raise traitlets.TraitError(
                f"quiz_grade is one of {', '.join(QUIZ_GRADES)}, not {grade!r}"
            )
        return grade

    @traitlets.validate("chance_samples")
    def _valid_samples(self, proposal: dict[str, Any]) -> int:
        value = int(proposal["value"])
        if not 1 <= value <= MOST_WORLDS:  # the page can set it: a bound, not days of work
            raise traitlets.TraitError(f"chance_samples must be from 1 to {MOST_WORLDS:,}")
        return value

    @traitlets.validate("chance_max_tricks")
    def _valid_chance_tricks(self, proposal: dict[str, Any]) -> int | None:
        value = proposal["value"]
        if value is not None and int(value) < 1:
            raise traitlets.TraitError("chance_max_tricks must be 1 or more (or None: all)")
        return None if value is None else int(value)

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
        self._main_line_edited()
        self._push(tree_changed=True)

    def _tell(self, kind: str, text: str, actions: tuple[str, ...] = ()) -> None:
        """Show ``text`` on the board: ``kind`` is ``error`` (a refused card or edit),
        ``info``, ``saved`` or ``conflict`` (``actions`` then offers ``reload`` and
        ``save_as``); each notice has a new ``id``, so the same words twice are shown twice."""
        self._notices += 1
        self.notice = {"id": self._notices, "kind": kind, "text": text, "actions": list(actions)}

    # -- the solver's values ("analyse") --------------------------------------------------
    @traitlets.observe("analyse", "quiz_seat", "quiz_grade")
    def _on_analysis_change(self, change: dict[str, Any]) -> None:
        self._want_analysis()

    def _wanted(self) -> bool:
        """Whether the solver's values are wanted: the toggle, or a quiz graded by them."""
        quiz = bool(self.quiz_seat) and self.quiz_grade == "double-dummy"
        return self._board_now is not None and bool(self.analyse or quiz)

    def _want_analysis(self) -> None:
        """Make sure the current step's values are (or will be) in ``analysis``: solve it
        now (``background=False``) or wake the worker thread (starting one if none runs;
        it stops by itself when nothing is left to solve, so an idle viewer holds no
        thread). The chances (graph and quiz) are looked after first, the same way."""
        self._want_chances()
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

    # -- the chances ("chances" graph and the quiz's grades) --------------------------------
    @traitlets.observe("chances")
    def _on_chances_toggle(self, change: dict[str, Any]) -> None:
        self._want_chances()
        self._publish_graph()

    @traitlets.observe("chance_samples", "chance_seed", "chance_max_tricks")
    def _on_chance_settings(self, change: dict[str, Any]) -> None:
        """Other settings: the graph starts again; other samples or seed are other
        chances, so no position scored before holds any more (a new cut of tricks keeps
        them)."""
        self._reset_chances(keep_scored=change["name"] == "chance_max_tricks")
        self._want_chances()

    def _reset_chances(self, *, keep_scored: bool = False) -> None:
        with self._lock:
            self._chance_gen += 1
            if not keep_scored:
                self._odds = None
                self._quiz_known.clear()
                self.quiz_odds = {}
            self._graph = _Graph()
        self._publish_graph()

    def _main_key(self) -> tuple[object, ...]:
        """What the graph is of: the record, its set-up and the cards of its main line."""
        record = self._board.record
        line = tuple((id(n), n.card, n.reveal_request) for n in record.mainline())
        return (id(record), id(record.setup), line)

    def _graph_total(self) -> int:
        """How many main-line cards the graph scores (``chance_max_tricks`` as
        :func:`~.analysis.chances.deal_chances` counts them)."""
        record = self._board.record
        setup = record.setup
        line = record.mainline()
        cap = self.chance_max_tricks
        if setup is None or cap is None:
            return len(line)
        total = setup.rules.tricks_per_deal
        return sum(1 for n in line if n.trick is None or total - n.trick + 1 <= cap)

    def _main_line_edited(self) -> None:
        """The tree changed: a new main line means a new graph (started again at once,
        every position it shares with the old one already scored); node ids changed, so
        the quiz's entries are sent again under their new ones."""
        if self._board_now is None:
            return
        key = self._main_key()
        with self._lock:
            stale = self._graph.key is not None and self._graph.key != key
            if stale:
                self._chance_gen += 1
                self._graph = _Graph(key=key, total=self._graph_total())
            renumber = bool(self._quiz_known)
        if stale:
            self._publish_graph()
        if renumber:
            self._publish_quiz()

    def _quiz_by_chances(self) -> bool:
        return bool(self.quiz_seat) and self.quiz_grade == "chances"

    def _quiz_positions(self) -> list[PlayNode | None]:
        """The positions the quiz needs next on the line shown: the one of the answer just
        given (the card before the one shown, when the quizzed seat played it), then the
        question shown now or the next one along the line (a position where the quizzed
        seat is to play and the line shows what it played)."""
        board = self._board
        seat = self.quiz_seat
        line: list[PlayNode | None] = [None, *board.line]
        steps = board.view.get("steps", [])
        k = min(board.step, len(line) - 1)

        def asks(j: int) -> bool:
            nxt = line[j + 1]
            at = steps[board.id_of(line[j])] if steps else {}
            return nxt is not None and nxt.seat == seat and at.get("to_play") == seat

        out: list[PlayNode | None] = []
        if k >= 1 and asks(k - 1):
            out.append(line[k - 1])
        ahead = next((j for j in range(k, len(line) - 1) if asks(j)), None)
        if ahead is not None:
            out.append(line[ahead])
        return out

    def _want_chances(self) -> None:
        """Make sure what the chances are wanted for will come: the quiz's positions and,
        with the toggle on, the graph of the main line; computed now (``background=False``)
        or by the chances' worker thread (started if none runs; it stops by itself when
        nothing is left to do)."""
        if self._board_now is None or not getattr(self, "_ready", False):
            return
        wanted = self._quiz_positions() if self._quiz_by_chances() else []
        with self._lock:
            self._quiz_wanted = wanted
            if self._graph.key is None:
                self._graph = _Graph(key=self._main_key(), total=self._graph_total())
        if not self.background:
            for node in wanted:
                if _key(node) not in self._quiz_known:
                    self._score_quiz(node, self._chance_gen)
            if self.chances and not self._graph.done and self._graph.error is None:
                with contextlib.suppress(AnalysisError):  # told in chance_graph
                    self.deal_chances()
            return
        with self._lock:
            if self._chance_worker is not None and self._chance_worker.is_alive():
                return  # it looks at what is wanted before each job
            if self._next_chance_job() is None:
                return
            self._chance_worker = threading.Thread(
                target=self._chance_work, name=f"mendikot-chances-{id(self):x}", daemon=True
            )
            self._chance_worker.start()
        self._publish_graph()

    def _next_chance_job(self) -> tuple[str, PlayNode | None] | None:
        """(under the lock) The quiz's positions first (someone is waiting for a grade),
        then the next trick of the graph; ``None`` when nothing is wanted."""
        if self._quiz_by_chances():
            for node in self._quiz_wanted:
                if _key(node) not in self._quiz_known:
                    return ("quiz", node)
        graph = self._graph
        if self.chances and not graph.done and graph.error is None:
            return ("graph", None)
        return None

    def _chance_work(self) -> None:
        while True:
            with self._lock:
                job = self._next_chance_job()
                if job is None:
                    self._chance_worker = None
                    self._job = None
                    return
                self._job = (job[0], self._chance_gen, _key(job[1]))
                gen = self._chance_gen
            try:
                if job[0] == "quiz":
                    self._score_quiz(job[1], gen)
                else:
                    self._graph_step(gen)
            except _Interrupted:
                continue

    def _check_chances(self, between: bool) -> None:
        """Called by the OddsSolver before each new position (``between``) and after each
        world: in the worker thread, stop the job (:class:`_Interrupted`) when its result
        would be dropped (the deal or the settings changed, the toggle went off), or early
        in a position (``between``) when something more urgent waits: for the graph, a
        quiz's position; for a quiz's position, the one the page has moved on to."""
        if threading.current_thread() is not self._chance_worker:
            return  # the kernel's own thread (deal_chances(), background=False): no stop
        job = self._job
        if job is None:
            return
        kind, gen, where = job
        if gen != self._chance_gen:
            raise _Interrupted
        if kind == "quiz":
            if not self._quiz_by_chances():
                raise _Interrupted
            with self._lock:
                moved_on = all(_key(n) != where for n in self._quiz_wanted)
            if between and moved_on:  # the page went elsewhere: its question first
                raise _Interrupted
            return
        if not self.chances:
            raise _Interrupted
        if between and self._quiz_by_chances():
            with self._lock:
                waiting = any(_key(n) not in self._quiz_known for n in self._quiz_wanted)
            if waiting:
                raise _Interrupted

    def _on_scored(self) -> None:
        """A new position was scored: in the worker's graph job, one more position."""
        if threading.current_thread() is not self._chance_worker:
            return
        job = self._job
        if job is None or job[0] != "graph" or job[1] != self._chance_gen:
            return
        with self._lock:
            self._graph.progress = min(self._graph.progress + 1, self._graph.total)
        self._publish_graph()

    def _solver(self) -> _ChanceSolver:
        with self._lock:
            if self._odds is None:
                self._odds = _ChanceSolver(
                    self._check_chances,
                    self._on_scored,
                    samples=self.chance_samples,
                    seed=self.chance_seed,
                    workers=CHANCE_THREADS,
                )
            return self._odds

    def _graph_step(self, gen: int) -> None:
        """One more trick of the graph (from the end), every position before it known."""
        record = self._board.record
        with self._lock:
            graph = self._graph
            tricks = graph.tricks + 1
        try:
            with self._odds_lock:
                result = deal_chances(record, max_tricks=tricks, solver=self._solver())
        except AnalysisError as refused:
            self._graph_failed(gen, str(refused))
            return
        except _Interrupted:
            raise
        except Exception as failure:  # a bug must not leave "working…" forever
            self._graph_failed(gen, f"the chances failed: {failure!r}")
            return
        self._graph_result(gen, result, tricks)

    def _graph_result(self, gen: int, result: DealChances, tricks: int) -> None:
        setup = self._board.record.setup
        last = setup.rules.tricks_per_deal if setup is not None else 0
        cap = self.chance_max_tricks
        with self._lock:
            if gen != self._chance_gen:
                return
            graph = self._graph
            graph.result, graph.tricks = result, tricks
            graph.progress = len(result)
            graph.done = (
                result.skipped == 0 or tricks >= last or (cap is not None and tricks >= cap)
            )
        self._publish_graph()

    def _graph_failed(self, gen: int, reason: str) -> None:
        with self._lock:
            if gen != self._chance_gen:
                return
            self._graph.error = reason
        self._publish_graph()

    def _publish_graph(self) -> None:
        """Put the graph as far as it is known into ``chance_graph``."""
        if self._board_now is None:
            return
        with self._lock:
            graph = self._graph
            if not self.chances:
                status = "off"
            elif graph.error is not None:
                status = "unavailable"
            elif graph.done:
                status = "done"
            else:
                status = "working"
            # Set under the lock: the worker and the kernel's thread both publish, and an
            # older state must not land after a newer one.
            self.chance_graph = chance_graph_entry(
                graph.result if self.chances else None,
                status=status,
                done=graph.progress,
                total=graph.total,
                samples=self.chance_samples,
                seed=self.chance_seed,
                reason=graph.error,
            )

    def _score_quiz(self, node: PlayNode | None, gen: int) -> Odds | None:
        """The chances of the position after ``node`` from the player to move's view, into
        ``quiz_odds``: what grades a quiz answer given there."""
        board = self._board
        record = board.record
        odds: Odds | None = None
        try:
            setup = record.setup
            if setup is None:
                raise ValueError("the record's tags do not give a playable set-up")
            plays = record.plays(record.line_to(node))
            with self._odds_lock:
                odds = self._solver().line(setup, plays, deal=record.index)
            entry = quiz_odds_entry(odds)
        except _Interrupted:
            raise
        except (ValueError, MendikotError) as refused:
            entry = {"status": "unavailable", "reason": str(refused)}
        except Exception as failure:  # a bug must not leave "working…" forever
            entry = {"status": "unavailable", "reason": f"the chances failed: {failure!r}"}
        with self._lock:
            if gen != self._chance_gen:
                return odds
            self._quiz_known[_key(node)] = (node, entry)
        self._publish_quiz()
        return odds

    def _publish_quiz(self) -> None:
        board = self._board
        published: dict[str, JSON] = {}
        with self._lock:
            for node, entry in list(self._quiz_known.values()):
                try:
                    number = board.id_of(node)
                except KeyError:
                    continue
                published[str(number)] = {**entry, "step": number}
            self.quiz_odds = dict(sorted(published.items(), key=lambda item: int(item[0])))

    def deal_chances(self) -> DealChances:
        """The chances of the main line's cards, as the graph shows them
        (:func:`~.analysis.chances.deal_chances` with the viewer's ``chance_samples``,
        ``chance_seed`` and ``chance_max_tricks``), working out in the calling thread what
        is not known yet (blocking: for scripts and tests; what the worker scored already is
        not scored again). Raises :class:`~.analysis.double_dummy.AnalysisError` when the deal
        cannot be scored (a hand not given, a card that cannot be replayed)."""
        record = self._board.record
        with self._lock:
            gen = self._chance_gen
        try:
            with self._odds_lock:
                result = deal_chances(
                    record, max_tricks=self.chance_max_tricks, solver=self._solver()
                )
        except AnalysisError as refused:
            self._graph_failed(gen, str(refused))
            raise
        self._graph_result(gen, result, record.setup.rules.tricks_per_deal if record.setup else 0)
        return result

    def chances_at(self, step: int | None = None) -> CardChance | None:
        """The chances of card ``step`` of the main line (default: the current step): its
        player's side's chance before and after it (``None`` for the start, or a card the
        graph does not score). Blocking, as :meth:`deal_chances`."""
        k = self.step if step is None else int(step)
        return next((c for c in self.deal_chances() if c.ply == k), None)

    def quiz_odds_at(self, step: int | None = None) -> Odds:
        """The chances the quiz grades by at ``step`` of the line shown (default: the
        current one): every card of the player to move, from that player's view, computed
        now in the calling thread if not known (blocking) and put into ``quiz_odds``.
        Raises ``ValueError`` when the position cannot be scored (the deal over, the hand
        not given)."""
        k = self.step if step is None else min(max(int(step), 0), self.last_step)
        line: list[PlayNode | None] = [None, *self._board.line]
        odds = self._score_quiz(line[k], self._chance_gen)
        if odds is None:
            entry = self._quiz_known.get(_key(line[k]))
            raise ValueError(entry[1].get("reason", "no chances here") if entry else "stale")
        return odds

    def wait_chances(self, timeout: float | None = None) -> bool:
        """Wait until the chances' worker has done all that is wanted (the graph, the quiz's
        positions), or ``timeout`` seconds; returns whether it has finished."""
        with self._lock:
            worker = self._chance_worker
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
            origin = self.record.origin
            self.source_file = own = Path(origin.path) if origin else self.save_to
            self.dirty = False
            return own
        if path is None or (own is not None and Path(path).resolve() == own):
            if own is None:
                raise ValueError("this viewer was not opened from a file: give save() a path")
            # Into the file that was read (its real path and identity), whatever its name
            # leads to now.
            self.index = editing.save_back(self.record, force=force)
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
        self._reset_chances()  # another record: no position scored holds any more
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
        except (MendikotError, ValueError, OSError, TypeError, OverflowError) as refused:
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
        """Carry out one request; every field is checked for its type first, since a page
        (or anything else that can reach the kernel) may send anything."""
        ask = _Fields(content)
        if action == "play":
            self.play(ask.text("card"), ask=ask.flag("ask", False))
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
            self.comment(ask.text("text"), ask.number("index", None))
        elif action == "uncomment":
            self.comment("", ask.number("index"))
        elif action == "glyph":
            self.glyph(ask.text("glyph") or None)
        elif action == "nag":
            self.nag(ask.number("nag"), ask.flag("on", True))
        elif action == "give":
            self.give(ask.text("card"), ask.text("seat") or None)
        elif action == "take":
            self.take(ask.text("card"))
        elif action == "select":
            self.select(ask.text("seat"))
        elif action == "paste":
            self.paste(ask.text("text"))
        elif action == "trump":
            self.set_trump(ask.text("suit") or None, ask.text("card") or None)
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
            own = self.source_file or self.save_to
            folder = own.parent if own is not None else None
            target = page_target(folder, ask.text("path"))
            if own is not None and target == own:  # both real paths
                raise BoardError(f"{target.name} is this deal's own file: save it with Save")
            written = self.save(target)
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


class _Fields:
    """The fields of one request from the page, each checked for its type: a wrong one is a
    :class:`BoardError` naming it (shown on the board), never a ``TypeError`` in the kernel."""

    _MISSING: Final = object()

    def __init__(self, content: Mapping[str, Any]) -> None:
        self.content = content

    def _wrong(self, name: str, value: object, what: str) -> BoardError:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return BoardError(f"the page sent {name} = {shown}, not {what}: nothing was done")

    def text(self, name: str) -> str:
        """A text field (missing or ``null``: empty)."""
        value = self.content.get(name)
        if value is None:
            return ""
        if not isinstance(value, str):
            raise self._wrong(name, value, "text")
        try:
            return checked_text(value, name)
        except TextError as exc:  # half an emoji: refused here, not at every later save
            raise BoardError(f"{exc} (nothing was done)") from None

    def number(self, name: str, default: Any = _MISSING) -> Any:
        """A whole-number field (``default`` when missing or ``null``, if one is given)."""
        value = self.content.get(name)
        if value is None and default is not self._MISSING:
            return default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong(name, value, "a whole number")
        return value

    def flag(self, name: str, default: bool) -> bool:
        """A true/false field (``default`` when missing)."""
        value = self.content.get(name, default)
        if not isinstance(value, bool):
            raise self._wrong(name, value, "true or false")
        return value


def page_target(folder: Path | None, typed: str) -> Path:
    """The file a page's "save as" may write: a ``.pmn`` file inside ``folder`` (the deal's
    own folder), named relative to it, and not through a link that leads out of it.

    A board can be served to a whole room (``voila --Voila.ip=0.0.0.0``), and whoever can
    reach it can type a name: an absolute path, ``../`` or a link would let them append a
    deal (and its comment's text) to any file the kernel can write, a shell script
    included. Python's :meth:`Viewer.save` keeps its freedom; this is the page's rule.
    """
    name = typed.strip()
    if not name:
        raise BoardError("give the name of the file to copy the deal to")
    if folder is None:
        raise BoardError(
            "this deal has no folder of its own (it was not opened from a file): save it "
            "from Python with viewer.save(path)"
        )
    if "\0" in name or os.path.isabs(name) or ".." in Path(name).parts:
        raise BoardError(
            f"the board saves only inside the deal's folder ({folder.name}): give a file "
            "name such as other.pmn, not a path out of it"
        )
    if not name.lower().endswith(".pmn"):
        raise BoardError(f"{name!r} is not a PMN file: give a name ending in .pmn")
    home = folder.resolve()
    place = (home / name).resolve()
    if not place.is_relative_to(home):
        raise BoardError(
            f"{name!r} leads out of the deal's folder (through a link): the board saves "
            "only inside it"
        )
    if place.exists() and not place.is_file():
        raise BoardError(f"{name!r} is not a regular file: the board saves only to PMN files")
    return place


class _Interrupted(Exception):
    """The chances' worker stops a job: its result would be dropped, or a quiz waits."""


CHANCE_THREADS: Final = max(1, min(os.cpu_count() or 1, 4))
"""Threads the viewer's chances solve worlds with: the machine's cores (at most four). The
compiled core lets go of the interpreter while it searches, so the graph of a whole deal
takes about half as long on two cores (``benchmarks/bench_odds.py``), and the chances do
not depend on it."""


class _ChanceSolver(OddsSolver):
    """The viewer's :class:`~.analysis.odds.OddsSolver`: it keeps every position it scored,
    so that the graph (made trick by trick, each step a
    :func:`~.analysis.chances.deal_chances` of one more trick), the quiz (whose position,
    from the player to move's view, is the graph's) and a main line edited after its first
    cards all score each position once; and it lets the viewer stop it between worlds
    (``check``) and count the positions scored (``scored``)."""

    def __init__(
        self, check: Callable[[bool], None], scored: Callable[[], None], **settings: Any
    ) -> None:
        super().__init__(**settings)
        self._check = check
        self._scored = scored
        self._known: dict[tuple[int, tuple[Play, ...], str | None], tuple[DealSetup, Odds]] = {}

    def line(
        self,
        setup: DealSetup,
        plays: Sequence[Play],
        *,
        seat: Any = None,
        deal: int | None = None,
        progress: Progress | None = None,
    ) -> Odds:
        key = (id(setup), tuple(plays), seat)
        known = self._known.get(key)
        if known is not None and known[0] is setup:
            return known[1]
        self._check(True)

        def tick(done: int, total: int) -> None:
            self._check(2 * done < total)  # a quiz waiting may stop the first half only
            if progress is not None:
                progress(done, total)

        odds = super().line(setup, plays, seat=seat, deal=deal, progress=tick)
        self._known[key] = (setup, odds)  # the set-up kept: its id stays its own
        self._scored()
        return odds


class _Graph:
    """The graph of one main line as far as it is known."""

    def __init__(self, key: object = None, total: int = 0) -> None:
        self.key = key
        self.total = total
        """Main-line cards it scores."""
        self.result: DealChances | None = None
        self.tricks = 0
        """Tricks from the end scored so far (the last ``max_tricks``)."""
        self.progress = 0
        self.done = False
        self.error: str | None = None


def chance_point(chance: CardChance) -> JSON:
    """One point of the graph: a main-line card and the chances around it (see
    :class:`~.analysis.chances.CardChance`), with the double-dummy values as numbers (A/C's
    outcome) and as words."""
    point: JSON = {
        "ply": chance.ply,
        "trick": chance.trick,
        "seat": chance.seat,
        "team": chance.team,
        "card": str(chance.card),
        "asked": chance.asked,
        "ac_before": chance.ac_before,
        "ac_after": chance.ac_after,
        "win_before": chance.before.win,
        "win_after": chance.after.win,
        "best": chance.best,
        "mistake": chance.mistake,
        "exact": chance.odds.exact,
        "dd_before": chance.dd_before,
        "dd_after": chance.dd_after,
    }
    for name in ("dd_before", "dd_after"):
        value = point[name]
        point[f"{name}_text"] = value_text(value) if value is not None else None
    return point


def chance_graph_entry(
    chances: DealChances | None,
    *,
    status: str,
    done: int = 0,
    total: int = 0,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    reason: str | None = None,
) -> JSON:
    """The ``chance_graph`` trait: the points known (in play order) and how far it got."""
    points = [chance_point(c) for c in chances] if chances is not None else []
    entry: JSON = {
        "status": status,
        "done": done,
        "total": total,
        "samples": samples,
        "seed": seed,
        "points": points,
        "mistakes": [p["ply"] for p in points if p["mistake"]],
    }
    if reason is not None:
        entry["reason"] = reason
    return entry


def chance_right(odds: Odds, card: Card | str) -> bool:
    """Whether a quiz answer is right by the chances: a legal card whose chance of winning
    is at most :data:`QUIZ_MARGIN` below the best card's."""
    chosen = odds.cards.get(Card.parse(card) if isinstance(card, str) else card)
    if chosen is None:
        return False
    return odds.best.win - chosen.win <= QUIZ_MARGIN + 1e-9  # 0.64 - 0.59 is 0.0500…04


def quiz_odds_entry(odds: Odds) -> JSON:
    """A ``quiz_odds`` entry: every card of the player to move, best chance first, each
    with its chances (from that player's view), whether it is a right answer
    (:func:`chance_right`) and its double-dummy value in the real deal."""
    cards = []
    for row in odds.cards.values():
        stderr = row.chance.stderr
        cards.append(
            {
                "card": str(row.card),
                "win": row.win,
                "tie": row.tie,
                "loss": row.loss,
                "stderr": stderr["win"] if stderr is not None else None,
                "right": chance_right(odds, row.card),
                "dd": row.dd,
                "dd_text": value_text(row.dd) if row.dd is not None else None,
            }
        )
    best = odds.best
    entry: JSON = {
        "status": "done",
        "seat": odds.seat,
        "team": odds.team,
        "exact": odds.exact,
        "worlds": odds.worlds,
        "samples": odds.samples,
        "margin": QUIZ_MARGIN,
        "best": str(best.card),
        "best_win": best.win,
        "cards": cards,
        "ask": None,
    }
    if odds.ask is not None:
        ask = odds.ask.chance
        entry["ask"] = {"win": ask.win, "tie": ask.tie, "loss": ask.loss}
    return entry


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
    {
        "max_tricks",
        "solver",
        "background",
        "hidden_seats",
        "scale",
        "four_color",
        "analyse",
        "chances",
        "chance_samples",
        "chance_seed",
        "chance_max_tricks",
        "quiz_grade",
    }
)


__all__ = [
    "PROJECTOR_SCALE",
    "QUIZ_GRADES",
    "QUIZ_MARGIN",
    "Viewer",
    "chance_graph_entry",
    "chance_point",
    "chance_right",
    "load_record",
    "new_deal",
    "new_position",
    "page_target",
    "quiz_odds_entry",
    "replay",
]
