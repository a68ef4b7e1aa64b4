"""The notebook replay viewer: an anywidget over a :class:`~.session.Session`.

The widget is an adapter: its synced traits are the session's state (``data``, ``path``,
``step``, the options, ``analysis``, ``chance_graph``, ``quiz_odds``, ``notice`` …), the
page's messages go to :meth:`~.session.Session.request`, a trait set from the page or from
Python goes to the session, and the session's jobs run on the threads of
:class:`~.driver.JobDriver`. Everything a board does is the session's; what follows is what
a user sees of it.

``Viewer(record)`` or ``replay("game.pmn", deal=3)`` shows the table (every seat's hand,
the trick with its leader and winner, the trump, tricks and tens per team, the Dehla pile),
the tens ledger, the annotations and the result banner, with buttons, a slider and keys to
step card by card or trick by trick.

Stepping happens in the browser: the widget sends the whole deal once, as the payload of
:func:`mendikot_replay.session.payload.deal_view` (every step precomputed from the record's replay
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

import inspect
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import anywidget
import traitlets

from ...analysis.chances import CardChance, DealChances
from ...analysis.odds import Odds
from ...core.timeline import Snapshot
from ...pmn.deal_form import DealForm
from ...pmn.entry import DealEntry
from ...pmn.record import DealRecord, PlayNode
from ...session.board import Board
from ...session.commands import COMMANDS, REQUIRED, Command
from ...session.options import OPTIONS, PROJECTOR_SCALE, Option
from ...session.payload import JSON
from ...session.session import Session, Source
from ...solver.search import Solver
from ..assets import viewer_css, viewer_js
from .driver import JobDriver

__all__ = ["PRESENT_ENV", "Viewer"]

PRESENT_ENV: Final = "MENDIKOT_PRESENT"
"""The environment variable that opens every viewer in presentation mode (``"1"``): set by
``./dev.sh present``, so that a notebook served to a class needs no option in its code."""

T = TypeVar("T")


def _trait(option: Option) -> traitlets.TraitType[Any, Any]:
    """The synced trait of an option (its checks are the session's, see ``_valid_option``)."""
    kind = option.kind
    trait: traitlets.TraitType[Any, Any]
    if kind == "flag":
        trait = traitlets.Bool(option.default, help=option.doc)
    elif kind == "number":
        trait = traitlets.Float(option.default, help=option.doc)
    elif kind == "count":
        trait = (
            traitlets.Int(option.default, allow_none=True, help=option.doc)
            if option.optional
            else traitlets.Int(option.default, help=option.doc)
        )
    elif kind == "seats":
        trait = traitlets.List(traitlets.Unicode(), help=option.doc)
    else:
        trait = traitlets.Unicode(option.default, help=option.doc)
    return trait.tag(sync=True)


class Viewer(anywidget.AnyWidget):
    """The stepping replay of one deal, and its analysis board (see the module docstring).

    Options (all synced traitlets, also set from the browser's option bar):
    ``hidden_seats`` (hands drawn as card backs), ``show_played`` (played cards greyed, or
    left out), ``scale`` (1.0; :meth:`projector` sets 1.6), ``presentation`` (a class at a
    projector: the question and the table fill the screen), ``four_color`` (a 4-colour deck;
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
    ``background`` (``False`` works in the kernel's own thread when a step is shown — the
    solver's values of that step, the quiz's positions, the graph — and looks no further:
    for scripts and tests).
    """

    _esm = traitlets.Unicode(viewer_js()).tag(sync=True)
    _css = traitlets.Unicode(viewer_css()).tag(sync=True)

    data = traitlets.Dict().tag(sync=True)
    path = traitlets.List(traitlets.Int()).tag(sync=True)
    """The line shown, as node ids of ``data["steps"]`` from the start (0) to its end."""
    step = traitlets.Int(0).tag(sync=True)
    """How many cards of the line shown are played (an index into ``path``)."""
    locals().update({name: _trait(option) for name, option in OPTIONS.items()})
    analysis = traitlets.Dict().tag(sync=True)
    """The solver's entries computed so far, by node id (a string: JSON keys are
    strings); each is :func:`~.payload.analysis_entry`. Written by the session only."""
    chance_graph = traitlets.Dict().tag(sync=True)
    """The graph's data so far (:func:`~.chance_view.chance_graph_entry`): ``status``
    (``off``, ``working``, ``done``, ``unavailable``), ``done`` and ``total`` positions, and
    a point per main-line card scored. Written by the session only."""
    quiz_odds = traitlets.Dict().tag(sync=True)
    """The chances of the positions the quiz asks about, by node id (a string), each
    :func:`~.chance_view.quiz_odds_entry`. Written by the session only."""
    board = traitlets.Bool(True).tag(sync=True)
    """A kernel is behind this view: the page may play new cards, annotate and save."""
    dirty = traitlets.Bool(False).tag(sync=True)
    """Whether the deal has changes (cards tried, annotations) not saved yet."""
    file = traitlets.Unicode("").tag(sync=True)
    """The name of the file the deal came from ("" when it came from text or a record)."""
    recording = traitlets.Bool(False).tag(sync=True)
    """A deal recorded here (:func:`new_deal`): the page offers *Undo* for the last card,
    and saving fills in the result tags from the play."""
    words = traitlets.Dict().tag(sync=True)
    """The page's words in the language in force when the viewer opened (``{}``: English;
    see :func:`~mendikot_replay.text.page_words`). Written by the session only."""
    notice = traitlets.Dict().tag(sync=True)
    """The board's last word to its user: ``{id, kind, text, actions}`` (see
    :meth:`~.session.Session.tell`); ``{}`` when there is none."""

    def __init__(
        self,
        source: Source | DealEntry | DealForm,
        deal: int = 1,
        step: int = 0,
        *,
        max_tricks: int | None = None,
        solver: Solver | None = None,
        background: bool = True,
        save_to: str | os.PathLike[str] | None = None,
        **options: Any,
    ) -> None:
        own = {k: options.pop(k) for k in list(options) if k in OPTIONS}
        if "presentation" not in own and os.environ.get(PRESENT_ENV) == "1":
            own["presentation"] = True
        self.session = Session(
            source, deal, step, max_tricks=max_tricks, solver=solver, save_to=save_to, **own
        )
        """The board itself: everything this widget shows and does is the session's."""
        self.background = background
        self._lock = threading.RLock()
        self._driver = JobDriver(self.session, self._lock, self._sync)
        self._pushing = True  # the traits below come from the session: nothing to echo
        super().__init__(**self.session.changes(), **options)
        self._pushing = False
        self.on_msg(self._on_message)
        self._after()  # the opening step's work (the solver's values, when wanted)

    # -- the adapter ----------------------------------------------------------------------
    def _sync(self) -> None:
        """(under the lock) Send what changed in the session to the page, in one message."""
        changes = self.session.changes()
        if not changes:
            return
        self._pushing = True
        try:
            with self.hold_sync():
                for name, value in changes.items():
                    setattr(self, name, value)
        finally:
            self._pushing = False

    def _after(self) -> None:
        """What a change asks for: the jobs woken (or, in the foreground, done now) and
        the page told."""
        with self._lock:
            if not self.background:
                self.session.foreground()
            self._sync()
        if self.background:
            self._driver.wake()

    def _call(self, change: Callable[[Session], T]) -> T:
        """Do ``change`` on the session and show the result (a refusal too, then raised)."""
        try:
            with self._lock:
                return change(self.session)
        finally:
            with self._lock:
                self._sync()
            self._after()

    @traitlets.validate(*OPTIONS)
    def _valid_option(self, proposal: dict[str, Any]) -> Any:
        name = proposal["trait"].name
        if getattr(self, "_pushing", True):
            return proposal["value"]
        try:
            return self.session.checked(name, proposal["value"])
        except ValueError as wrong:
            raise traitlets.TraitError(str(wrong)) from None

    @traitlets.validate("step")
    def _valid_step(self, proposal: dict[str, Any]) -> int:
        """Any step asked for lands on the line: below 0 is the start, past the end the end
        (so ``go(1000)`` is "the end", as the End key is)."""
        last = max(len(self.path) - 1, 0)
        return min(max(int(proposal["value"]), 0), last)

    @traitlets.observe(*OPTIONS)
    def _on_option(self, change: dict[str, Any]) -> None:
        if self._pushing:
            return
        self._call(lambda s: s.set_option(change["name"], change["new"]))

    @traitlets.observe("path", "step")
    def _on_move(self, change: dict[str, Any]) -> None:
        """The browser moved (or Python did): the board follows the synced line."""
        if self._pushing:
            return
        self._call(lambda s: s.follow(list(self.path), int(self.step)))

    def _on_message(self, _widget: object, content: Any, _buffers: object) -> None:
        """A request from the page (see docs/architecture.md, "The analysis board"): the
        session carries it out, and says any refusal on the board."""
        self._call(lambda s: s.request(content))

    # -- what the viewer looks at ----------------------------------------------------------
    @property
    def _board(self) -> Board:
        return self.session.board

    @property
    def entry(self) -> DealEntry | None:
        """The deal being dealt (``None`` once the hands are all dealt, or for a recorded
        deal): its hands, the pack, the seat the next card goes to."""
        return self.session.entry

    @property
    def record(self) -> DealRecord:
        """The deal, as the board holds it (with every card tried and note added)."""
        return self.session.record

    @property
    def source_file(self) -> Path | None:
        """The file the deal came from (``None``: text or a record)."""
        return self.session.file.path

    @property
    def index(self) -> int | None:
        return self.session.file.index

    @property
    def save_to(self) -> Path | None:
        """Where a new deal goes (appended) when it is first saved."""
        return self.session.file.save_to

    @property
    def max_tricks(self) -> int:
        """The most tricks left a position may have for the solver to be asked."""
        return self.session.board.max_tricks

    @max_tricks.setter
    def max_tricks(self, value: int) -> None:
        self.session.board.max_tricks = value

    @property
    def node(self) -> PlayNode | None:
        """The card the viewer stands on (``None``: the start of the deal)."""
        return self.session.node

    @property
    def line(self) -> list[str]:
        """The cards from the start to the current position, on the line shown (a
        variation's cards too), as PMN writes them."""
        return self.session.line

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
        return self.session.snapshot

    # -- the solver's values and the chances -----------------------------------------------
    def analysis_at(self, step: int | None = None) -> JSON:
        """The solver's entry for ``step`` of the line shown (default: the current one),
        solving it now if it is not known yet (in the calling thread: blocking, for scripts
        and tests), and putting it into ``analysis`` for the browser."""
        return self._call(lambda s: s.analysis_at(step))

    def wait_analysis(self, timeout: float | None = None) -> bool:
        """Wait until the worker thread has solved every step it can (or ``timeout``
        seconds); returns whether it has finished."""
        return self._driver.wait("analysis", timeout)

    def deal_chances(self) -> DealChances:
        """The chances of the main line's cards, as the graph shows them
        (:func:`~.analysis.chances.deal_chances` with the viewer's ``chance_samples``,
        ``chance_seed`` and ``chance_max_tricks``), working out in the calling thread what
        is not known yet (blocking; what the worker scored already is not scored again).
        Raises :class:`~.analysis.double_dummy.AnalysisError` when the deal cannot be
        scored (a hand not given, a card that cannot be replayed)."""
        return self._call(Session.deal_chances)

    def chances_at(self, step: int | None = None) -> CardChance | None:
        """The chances of card ``step`` of the main line (default: the current step): its
        player's side's chance before and after it (``None`` for the start, or a card the
        graph does not score). Blocking, as :meth:`deal_chances`."""
        return self._call(lambda s: s.chances_at(step))

    def quiz_odds_at(self, step: int | None = None) -> Odds:
        """The chances the quiz grades by at ``step`` of the line shown (default: the
        current one), computed now in the calling thread if not known (blocking) and put
        into ``quiz_odds``. Raises ``ValueError`` when the position cannot be scored."""
        return self._call(lambda s: s.quiz_odds_at(step))

    def wait_chances(self, timeout: float | None = None) -> bool:
        """Wait until the chances' worker has done all that is wanted (the graph, the quiz's
        positions), or ``timeout`` seconds; returns whether it has finished."""
        return self._driver.wait("chances", timeout)

    # -- stepping -------------------------------------------------------------------------
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
        self._call(lambda s: s.go_trick(number))
        return self

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

    # -- the board's own requests: the methods made of the command list (below) --------
    def point(self, kind: str, *args: object) -> bool:
        """Add a ``[%point KIND ARGS…]`` strategy point at the current card."""
        return self._call(lambda s: s.on_board(lambda b: b.point(kind, *args)))

    # -- the file -------------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
        """Write the deal back into the file it was opened from, safely: only this deal's
        text changes, every other byte of the file stays as it was
        (:func:`~.editing.save_deal`).

        If the file changed on disk since it was opened, the deal is found again by its
        text as read: saved where it is now when that is certain (the other changes kept),
        else nothing is written and :class:`~.errors.FileChangedError` says why: then
        :meth:`reload` (dropping the changes made here) or save to another ``path``.

        With ``path`` (another file), the deal is added there as its last deal (a new file
        holds just this deal); no existing deal of that file is replaced, and this viewer
        stays on its own file, whose changes are still unsaved. ``force`` writes a
        read-only file anyway.
        """
        return self._call(lambda s: s.save(path, force=force))

    def reload(self, *, discard: bool = False) -> Viewer:
        """Read the deal again from its file (after someone else changed it, say). Changes
        made here and not saved would be lost: they are refused unless ``discard``."""
        self._call(lambda s: s.reload(discard=discard))
        return self

    # -- display --------------------------------------------------------------------------
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live widget, plus the static HTML of the deal for places that cannot run
        widgets (code-hosting sites pick ``text/html``; notebooks pick the widget)."""
        bundle = super()._repr_mimebundle_(**kwargs)
        data = bundle[0] if isinstance(bundle, tuple) else bundle  # (data, metadata) or data
        dealt = self.session.dealt  # a deal still being dealt has no static view
        if dealt and isinstance(data, dict) and "application/vnd.jupyter.widget-view+json" in data:
            from ..html import deal_html

            data.setdefault("text/html", deal_html(self.record))
        return bundle

    def __repr__(self) -> str:
        return f"<Viewer {self.data.get('title', '')!r} step {self.step} of {self.last_step}>"


def _command_method(command: Command) -> Callable[..., Any]:
    """The viewer's method for ``command``: its fields as parameters (a flag keyword-only),
    carried out by the session (:meth:`~.session.Session.perform`) and shown; it returns
    the viewer, so calls chain, or the command's own value."""
    kinds = inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY
    parameters = [inspect.Parameter("self", kinds[0])]
    for f in command.fields:
        default = f.default if f.default is not REQUIRED else inspect.Parameter.empty
        parameters.append(
            inspect.Parameter(f.param or f.name, kinds[f.kind == "flag"], default=default)
        )
    signature = inspect.Signature(parameters)

    def method(self: Viewer, *args: Any, **kwargs: Any) -> Any:
        bound = signature.bind(self, *args, **kwargs)
        bound.apply_defaults()
        fields = {name: value for name, value in bound.arguments.items() if name != "self"}
        result = self._call(lambda s: s.perform(command.name, **fields))
        return self if command.returns == "viewer" else result

    method.__name__ = method.__qualname__ = command.python
    method.__qualname__ = f"Viewer.{command.python}"
    method.__doc__ = command.doc[:1].upper() + command.doc[1:] + "."
    method.__signature__ = signature  # type: ignore[attr-defined]
    return method


for _command in COMMANDS.values():
    if _command.python:
        setattr(Viewer, _command.python, _command_method(_command))
