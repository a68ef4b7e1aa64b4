"""One deal being viewed, recorded or analysed, with no screen: what every front end drives.

A :class:`Session` holds the record and its tree, the place on it (a :class:`~.board.Board`),
the dealing while a new deal's hands are entered (a :class:`~.pmn.entry.DealEntry`), the
options, the notices and the background jobs. Its state is plain JSON-able data under the
names the page knows (``data``, ``path``, ``step``, ``analysis``, ``chance_graph``,
``quiz_odds``, ``notice``, ``dirty``, ``file``, ``recording`` and the options): a front end
shows it, sends :meth:`Session.request` what its user did (``{"do": "play", "card": "TS",
"at": 12, "revision": 3}``, every field checked) and asks :meth:`Session.changes` what to
show again. Nothing here needs traitlets, a thread or a display, and no I/O but opening a
file and saving: the notebook widget (traits and a kernel's threads), the terminal
recorder and a page whose Python runs in a browser's worker (``postMessage``) are
adapters over the same object.

The slow work comes as resumable jobs (:mod:`.jobs`): :meth:`Session.next_task` gives a
bounded task, any thread (or none) runs it, :meth:`Session.finish` takes its result. The
blocking calls (:meth:`analysis_at`, :meth:`deal_chances`, :meth:`quiz_odds_at`) run what
they need in the calling thread, for scripts and tests.

>>> session = Session('''[Dealer "D"]
... [TrumpMethod "None"]
... [Start "trick 12; tens 2-1; tricks 5-6"]
... [Hands "A:T2... B:A..3. C:.2..3 D:..2.4"]
... [Play "A"]
... 12. A: TS AS 2H 2D 13. B: 3D 3C 4C 2S''')
>>> session.request({"do": "play", "card": "2S"})
>>> session.line, session.state["dirty"]
(['2S'], True)
>>> session.request({"do": "play", "card": "KS"})   # refused: said on the board
>>> session.state["notice"]["kind"], session.line
('error', ['2S'])
"""

from __future__ import annotations

import contextlib
import os
import threading
import warnings
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

from ..analysis.chances import CardChance, ChanceLine, DealChances
from ..analysis.double_dummy import AnalysisError
from ..analysis.odds import CORE_THREADS, DEFAULT_SAMPLES, MOST_WORLDS, Odds
from ..analysis.pipeline import Pipeline
from ..core.timeline import Snapshot
from ..errors import FileChangedError, MendikotError
from ..pmn import editing
from ..pmn.deal_form import DealForm, defaults_after
from ..pmn.entry import DealEntry, EntryError
from ..pmn.files import SaveNotice
from ..pmn.reader import is_pmn_text, pick_deal, read_deals, read_string
from ..pmn.record import DealRecord, PlayNode
from ..pmn.tree import settle_result
from ..pmn.user_text import isolate
from ..solver.search import Solver
from .board import Board, BoardError
from .chance_view import QUIZ_GRADES, chance_graph_entry, quiz_odds_entry
from .jobs import ChanceSolver, Graph, Interrupted, Lane, Task
from .payload import JSON, analysis_entry, entry_view, failed_entry, form_view
from .requests import Fields, page_target

__all__ = ["CHANCE_THREADS", "OPTIONS", "PROJECTOR_SCALE", "Session", "Source", "load_record"]

Source = DealRecord | str | os.PathLike[str]
"""What a session opens: a record, a path to a PMN file, or PMN text."""

PROJECTOR_SCALE: Final = 1.6
"""The ``scale`` of large print for a class."""

OPTIONS: Final[Mapping[str, Any]] = {
    "hidden_seats": [],
    "show_played": True,
    "scale": 1.0,
    "presentation": False,
    "four_color": False,
    "quiz_seat": "",
    "analyse": False,
    "chances": False,
    "chance_samples": DEFAULT_SAMPLES,
    "chance_seed": 0,
    "chance_max_tricks": None,
    "quiz_grade": "chances",
}
"""The options a user sets (the page's option bar, or Python), with their defaults."""

CHANCE_THREADS: Final = CORE_THREADS
"""Threads the chances solve worlds with: the machine's cores (at most four; one in a
browser, which has no threads). The compiled
core lets go of the interpreter while it searches, so the graph of a whole deal takes
about half as long on two cores (``benchmarks/bench_odds.py``), and the chances do not
depend on it."""

T = TypeVar("T")


def load_record(source: Source, deal: int = 1) -> tuple[DealRecord, Path | None, int]:
    """The record to open, the file it came from (if any: its real path, links resolved)
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


def _key(node: PlayNode | None) -> int:
    """A card's key among the entries: its identity (0 for the start)."""
    return 0 if node is None else id(node)


class Session:
    """A deal on a board, headless (see the module docstring).

    ``source`` is a record, a PMN file's path, PMN text, or a :class:`~.pmn.entry.DealEntry`
    to deal a new deal's hands first; ``deal`` picks a file's deal (from 1) and ``step`` the
    card to stand on. ``max_tricks`` and ``solver`` are the double-dummy solver's limit and
    the solver to reuse; ``save_to`` the file a new deal is appended to when first saved;
    ``options`` the user's options (:data:`OPTIONS`).
    """

    def __init__(
        self,
        source: Source | DealEntry | DealForm,
        deal: int = 1,
        step: int = 0,
        *,
        max_tricks: int | None = None,
        solver: Solver | None = None,
        save_to: str | os.PathLike[str] | None = None,
        chance_threads: int = CHANCE_THREADS,
        recording: bool = False,
        **options: Any,
    ) -> None:
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise TypeError(f"no option {', '.join(unknown)} (options: {', '.join(OPTIONS)})")
        if isinstance(chance_threads, bool) or not isinstance(chance_threads, int):
            raise TypeError(f"chance_threads is a whole number, not {chance_threads!r:.30}")
        if chance_threads < 1:
            raise ValueError(f"chance_threads must be at least 1, not {chance_threads}")
        self.chance_threads = chance_threads
        """Threads the chances solve worlds with (:data:`CHANCE_THREADS` by default); 1
        where there are none to have, as in a browser's worker: the worlds are then solved
        one after the other on the thread that steps the task, with the same chances."""
        self._settings: dict[str, Any] = {"solver": solver, "max_tricks": max_tricks}
        self._entry: DealEntry | None = None
        self._form: DealForm | None = None
        """A new deal's set-up, while its form is shown (before the dealing)."""
        self._board_now: Board | None = None
        if isinstance(source, DealForm):
            self._form = source
            path, index = None, None
        elif isinstance(source, DealEntry):
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
        named = path if path is not None else self.save_to
        self.state: dict[str, Any] = {
            "data": {},
            "path": [0],
            "step": 0,
            **{name: _copy(value) for name, value in OPTIONS.items()},
            "analysis": {},
            "chance_graph": {},
            "quiz_odds": {},
            # a recording taken up again from its text is a deal no file holds yet: unsaved
            "dirty": bool(recording and path is None),
            "file": named.name if named is not None else "",
            # a deal being recorded: dealt here, or taken up again (``recording``: a deal
            # whose recording was interrupted, as a browser keeps it)
            "recording": recording or isinstance(source, (DealEntry, DealForm)),
            "notice": {},
        }
        """Everything a front end shows, by the page's names (read it; change it through
        the methods)."""
        self._changed: set[str] = set(self.state)
        self._notices = 0
        self._solved: dict[int, tuple[PlayNode | None, JSON]] = {}
        """The solver's entries by ``id()`` of their node (0 for the start), with the node
        (so that an entry is found again after the tree's ids changed)."""
        self._quiz_known: dict[int, tuple[PlayNode | None, JSON]] = {}
        self._quiz_wanted: list[PlayNode | None] = []
        self._graph = Graph()
        self._odds: ChanceSolver | None = None
        self.odds_lock = threading.Lock()
        """Held while the chances' solver works: its double-dummy table is not shared."""
        self._chance_gen = 0
        """Bumped when the main line, the settings or the record change: a task of an older
        generation stops (between worlds) and its result is dropped."""
        self._running: Task | None = None
        """The chances task under way (set while it holds :attr:`odds_lock`)."""
        seated = ("hidden_seats", "quiz_seat")  # checked against the payload's seats
        for name, value in options.items():
            if name not in seated:
                self.state[name] = self.checked(name, value)
        self._show(tree_changed=True)
        for name in seated:
            if name in options:
                self.state[name] = self.checked(name, options[name])
        self.go(step)

    # -- the state ----------------------------------------------------------------------
    def _put(self, name: str, value: Any) -> None:
        self.state[name] = value
        self._changed.add(name)

    def changes(self) -> dict[str, Any]:
        """What changed since the last call, by name: what a front end shows again."""
        out = {name: self.state[name] for name in sorted(self._changed)}
        self._changed.clear()
        return out

    def checked(self, name: str, value: Any) -> Any:
        """``value`` for option ``name`` as the session keeps it, or a ``ValueError`` that
        says what is wrong (a page, or anything that reaches it, may send anything)."""
        seats = self.state["data"].get("seats", [])
        if name == "hidden_seats":
            if not isinstance(value, (list, tuple)) or not all(isinstance(s, str) for s in value):
                raise ValueError("hidden_seats is a list of seats")
            wanted = [s.upper() for s in value]
            unknown = [s for s in wanted if s not in seats]
            if unknown:
                raise ValueError(f"no seat {', '.join(unknown)} at this table")
            return [s for s in seats if s in wanted]
        if name == "quiz_seat":
            seat = str(value or "").upper()
            if seat and seat not in seats:
                raise ValueError(f"no seat {seat} at this table")
            return seat
        if name == "quiz_grade":
            if value not in QUIZ_GRADES:
                raise ValueError(f"quiz_grade is one of {', '.join(QUIZ_GRADES)}, not {value!r}")
            return value
        if name in ("show_played", "presentation", "four_color", "analyse", "chances"):
            if not isinstance(value, bool):
                raise ValueError(f"{name} is true or false, not {value!r:.30}")
            return value
        if name == "scale":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"scale is a number, not {value!r:.30}")
            if not 0.5 <= float(value) <= 4.0:
                raise ValueError(f"scale {value} is out of range (0.5 to 4)")
            return float(value)
        if name in ("chance_samples", "chance_seed", "chance_max_tricks"):
            if value is None and name == "chance_max_tricks":
                return None
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} is a whole number, not {value!r:.30}")
            if name == "chance_samples" and not 1 <= value <= MOST_WORLDS:
                # the page can set it: a bound, not days of work
                raise ValueError(f"chance_samples must be from 1 to {MOST_WORLDS:,}")
            if name == "chance_max_tricks" and value < 1:
                raise ValueError("chance_max_tricks must be 1 or more (or None: all)")
            return value
        raise ValueError(f"no option {name!r}")

    def set_option(self, name: str, value: Any) -> None:
        """Set one option (checked by :meth:`checked`) and start or stop what it asks for."""
        value = self.checked(name, value)
        if self.state.get(name) == value and name in self.state:
            return
        self._put(name, value)
        if name in ("chance_samples", "chance_seed", "chance_max_tricks"):
            # Other samples or seed are other chances: no position scored holds any more
            # (a new cut of tricks keeps them).
            self._reset_chances(keep_scored=name == "chance_max_tricks")
        self._wants()
        if name == "chances":
            self._publish_graph()

    # -- what the session looks at ------------------------------------------------------
    @property
    def board(self) -> Board:
        """The board; while the hands are being dealt there is none yet, and what needs it
        says so."""
        if self._board_now is None:
            raise EntryError("deal the hands first: the play starts once every hand is full")
        return self._board_now

    @property
    def dealt(self) -> bool:
        """Whether the hands are dealt (there is a board to play on)."""
        return self._board_now is not None

    @property
    def entry(self) -> DealEntry | None:
        """The deal being dealt (``None`` once the hands are all dealt, or for a recorded
        deal)."""
        return self._entry

    @property
    def record(self) -> DealRecord:
        return self.board.record

    @property
    def node(self) -> PlayNode | None:
        """The card the board stands on (``None``: the start of the deal)."""
        return self._board_now.node if self._board_now else None

    @property
    def line(self) -> list[str]:
        """The cards from the start to the current position, on the line shown."""
        return self._board_now.cards if self._board_now else []

    @property
    def step(self) -> int:
        return int(self.state["step"])

    @property
    def last_step(self) -> int:
        return max(len(self.state["path"]) - 1, 0) if self.state["data"].get("steps") else 0

    @property
    def snapshot(self) -> Snapshot:
        """The replay state shown (``record.timeline[step]`` on the main line; a variation
        is replayed for it)."""
        timeline = self.record.timeline
        if timeline is None or not len(timeline):
            raise ValueError("this deal has no replay to show (see data['error'])")
        if self.board.at_main_line:
            return timeline[self.step]
        return self.record.replay(self.board.line[: self.step])[self.step]

    # -- showing ------------------------------------------------------------------------
    def _show(self, *, tree_changed: bool = False) -> None:
        """Put the board's place (and, when the tree changed, its payload) into the state."""
        board = self._board_now
        if board is None:  # the set-up or the dealing: its payload, nothing to step
            if self._form is not None:
                self._put("data", form_view(self._form, self.state["file"]))
            else:
                assert self._entry is not None
                self._put("data", entry_view(self._entry))
            self._put("path", [0])
            self._put("step", 0)
            return
        if tree_changed:
            self._put("data", board.view)
        self._put("path", board.path)
        self._put("step", board.step)
        if tree_changed:
            self._publish()
        self._wants()

    def _changed_tree(self) -> None:
        """The tree or its notes changed: unsaved, and shown."""
        self._put("dirty", True)
        self._main_line_edited()
        self._show(tree_changed=True)

    def tell(self, kind: str, text: str, actions: tuple[str, ...] = ()) -> None:
        """Say ``text`` on the board: ``kind`` is ``error`` (a refused card or edit),
        ``info``, ``saved`` or ``conflict`` (``actions`` then offers ``reload`` and
        ``save_as``); each notice has a new ``id``, so the same words twice are shown twice."""
        self._notices += 1
        self._put(
            "notice", {"id": self._notices, "kind": kind, "text": text, "actions": list(actions)}
        )

    # -- stepping -----------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Stand after ``step`` cards of the line shown (clamped to it)."""
        if self._board_now is None:
            return
        self.board.go(min(max(int(step), 0), self.last_step))
        self._show()

    def follow(self, path: list[int], step: int) -> None:
        """The page moved along (or onto) a line of its payload's node ids: the board
        follows (a stale line, from before the tree changed, shows the board's own)."""
        if self._board_now is None:
            return
        with contextlib.suppress(BoardError):
            self.board.follow(list(path), min(max(int(step), 0), max(len(path) - 1, 0)))
        self._show()

    def go_trick(self, number: int) -> None:
        """Stand at the end of trick ``number`` of the line shown (or as far as it goes)."""
        steps = self.state["data"].get("steps", [])
        path = self.state["path"]
        places = [k for k, n in enumerate(path) if k and steps[n]["trick"] == number]
        if not places:
            first = self.state["data"].get("first_trick", 1)
            raise ValueError(f"no trick {number} in this line (it starts at trick {first})")
        self.go(places[-1])

    # -- a new deal: its set-up, the dealing ------------------------------------------
    @property
    def form(self) -> DealForm | None:
        """The set-up of a new deal while its form is shown, else ``None``."""
        return self._form

    def start(self, answers: Mapping[str, object]) -> None:
        """The set-up's form answered (``answers`` by question, see
        :mod:`~.pmn.deal_form`; a missing one takes its default): the deal it describes
        is ready to be dealt. A wrong answer is refused, and the form stays."""
        form = self._form
        if form is None:
            raise EntryError("this deal is set up already")
        try:
            self._entry = form.entry(answers)
        except (MendikotError, ValueError) as refused:
            self.tell("error", str(refused))
            raise
        self._form = None
        self._show()

    def next_deal(self) -> None:
        """After a deal recorded here: save it (appended to the file, or its place there
        updated), and set up the next one — the occasion, the names and the rules carried
        over, the dealer moved on by the rules of rotation (the result decides it); the
        next save appends that deal to the same file."""
        if self._board_now is None or not self.state["recording"]:
            raise EntryError("the next deal comes after a deal recorded on this board")
        if self.save_to is None and self.source_file is None:
            raise EntryError("this deal has no file to go to: give the board a path")
        if self.state["dirty"] or self.source_file is None:
            self._save_request()
        self.save_to = self.source_file or self.save_to
        form = DealForm(defaults_after(self.record))
        self._form, self._entry, self._board_now = form, None, None
        self.source_file, self.index = None, None
        self._forget_scores()
        self._put("dirty", False)
        self._show()

    def dealing(self, change: Callable[[DealEntry], object]) -> None:
        """Do ``change`` on the deal being dealt; when every hand is full (and the trump
        is settled) the deal becomes a board, ready to record the play."""
        entry = self._entry
        if entry is None:
            if self._form is not None:
                raise EntryError("set up the deal first: the form above says who plays")
            raise EntryError("the hands are dealt already: this deal is being played")
        try:
            change(entry)
        except (MendikotError, ValueError) as refused:
            self.tell("error", str(refused))
            raise
        self._put("dirty", True)
        if entry.complete:
            try:
                record = entry.record()
            except EntryError as missing:  # e.g. the trump is still to be chosen
                self.tell("info", f"Every hand is dealt; {missing}.")
            else:
                self._board_now = Board(record, **self._settings)
                self._entry = None
                leader = record.timeline[0].to_play if record.timeline else None
                name = record.tags.get(leader or "", "").strip()
                who = f"{leader} ({isolate(name)})" if name else leader
                self.tell(
                    "info", f"Every hand is dealt: {who} leads. Click the cards as they are played."
                )
                self._show(tree_changed=True)
                return
        self._show()

    # -- the board ----------------------------------------------------------------------
    def on_board(self, change: Callable[[Board], T]) -> T:
        """Do ``change`` on the board and show the result: the new payload when the record
        changed (and then it has unsaved changes), else just where the board stands. A
        refusal is said on the board too, then raised."""
        board = self.board
        before = board.version
        try:
            result = change(board)
        except (MendikotError, ValueError) as refused:
            self.tell("error", str(refused))
            raise
        if board.version != before:
            self._changed_tree()
        else:
            self._show()
        return result

    def annotate(self) -> int:
        """Write what the deal teaches into it — the strategy points and the solver's
        verdicts (``[%dd]``, the mistakes' glyphs and points), as ``annotate --dd`` does,
        through the same pipeline — for the cards the solver may be asked about
        (``max_tricks``). Nothing already there is edited. Returns how many points were
        added; what could not be worked out is said on the board."""
        pipeline = Pipeline(max_tricks=self.board.max_tricks)

        def write(board: Board) -> int:
            added, failure = pipeline.annotate(board.record)
            if added:
                board.refresh()
            said = f"Added {len(added)} point(s) to the deal"
            self.tell("info", f"{said}; {failure}." if failure else f"{said}.")
            return len(added)

        return self.on_board(write)

    # -- the file -----------------------------------------------------------------------
    def save(self, path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
        """Write the deal back into the file it was opened from, safely: only this deal's
        text changes, every other byte of the file stays as it was
        (:func:`~.editing.save_deal`). A new deal's first save appends it to ``save_to``.

        If the file changed on disk since it was opened, the deal is found again by its
        text as read: saved where it is now when that is certain, else nothing is written
        and :class:`~.errors.FileChangedError` says why. With ``path`` (another file), the
        deal is added there as its last deal, and this session stays on its own file,
        whose changes are still unsaved. ``force`` writes a read-only file anyway.
        """
        own = self.source_file
        if self.state["recording"]:
            settle_result(self.record)  # a recorded deal says what its play says
        if own is None and self.save_to is not None and path is None:
            self.index = editing.save_deal(self.save_to, None, self.record, force=force)
            origin = self.record.origin
            self.source_file = own = Path(origin.path) if origin else self.save_to
            self._put("dirty", False)
            return own
        if path is None or (own is not None and Path(path).resolve() == own):
            if own is None:
                raise ValueError("this deal was not opened from a file: give save() a path")
            self.index = editing.save_back(self.record, force=force)
            self._put("dirty", False)
            return own
        target = Path(path)
        editing.save_deal(target, None, editing.detached(self.record), force=force)
        return target

    def reload(self, *, discard: bool = False) -> None:
        """Read the deal again from its file. Changes made here and not saved would be
        lost: they are refused unless ``discard``."""
        own = self.source_file
        if own is None:
            raise ValueError("this deal was not opened from a file: there is nothing to reload")
        if self.state["dirty"] and not discard:
            raise editing.EditError(
                "this deal has changes that are not saved: reload(discard=True) drops them, "
                "or save(path=...) keeps them in another file first"
            )
        record, _, _ = load_record(own, self.index or 1)
        self._forget_scores()
        self.board.replace_record(record)
        self._put("dirty", False)
        self._show(tree_changed=True)

    # -- the page's requests ------------------------------------------------------------
    def request(self, content: Any) -> None:
        """Carry out one request from a page (``{"do": …, "at": …, "revision": …, …}``, see
        docs/architecture.md, "The analysis board") as the Python call of the same name
        would; a refusal is said on the board (``notice``), never raised."""
        if not isinstance(content, Mapping) or not isinstance(content.get("do"), str):
            return
        try:
            if self._board_now is not None and content["do"] not in ("go", "follow"):
                self._catch_up(content)
            self._carry_out(content["do"], Fields(content))
        except FileChangedError as changed:
            self.tell("conflict", str(changed), ("reload", "save_as"))
        except (MendikotError, ValueError, OSError, TypeError, OverflowError) as refused:
            if self.state["notice"].get("text") != str(refused):  # not told by the call
                self.tell("error", str(refused))

    def handle(self, message: Any) -> dict[str, Any]:
        """One message in, one reply out, both plain JSON: the request carried out
        (:meth:`request`) and what changed (:meth:`changes`). What a front end with no
        shared memory (a browser's worker, over ``postMessage``) exchanges with the
        session; ``{"do": "state"}`` asks for the whole state (a page that has just
        opened)."""
        if isinstance(message, Mapping) and message.get("do") == "state":
            self.changes()
            return {"changes": dict(self.state)}
        self.request(message)
        return {"changes": self.changes()}

    def _catch_up(self, content: Mapping[str, Any]) -> None:
        """Stand where the request was made (``at``), refusing one about a tree that has
        changed since the page had it (``revision``)."""
        board = self.board
        revision = content.get("revision")
        if isinstance(revision, int) and revision != board.version:
            # The page asked about a tree it had before the last change (two quick
            # clicks): its node ids may stand for other cards now.
            self._show(tree_changed=True)
            raise BoardError("the board had just changed: look again and repeat that")
        at = content.get("at")
        if isinstance(at, int) and not isinstance(at, bool) and at != board.id_of(self.node):
            if not 0 <= at < len(board.nodes):
                raise BoardError("that card is no longer on the board: the page was behind")
            board.go_to(board.nodes[at])
            self._show()

    def _carry_out(self, action: str, ask: Fields) -> None:
        moves: dict[str, Callable[[Board], object]] = {
            "best": Board.best,
            "playout": Board.play_out,
            "back": Board.back,
            "undo": Board.take_back,
            "promote": Board.promote,
            "delete": Board.delete,
        }
        if action in moves:
            self.on_board(moves[action])
        elif action == "play":
            card, flag = ask.text("card"), ask.flag("ask", False)
            self.on_board(lambda b: b.play(card, ask=flag))
        elif action == "comment":
            text, index = ask.text("text"), ask.number("index", None)
            self.on_board(lambda b: b.comment(text, index))
        elif action == "uncomment":
            number = ask.number("index")
            self.on_board(lambda b: b.comment("", number))
        elif action == "glyph":
            glyph = ask.text("glyph") or None
            self.on_board(lambda b: b.glyph(glyph))
        elif action == "nag":
            nag, on = ask.number("nag"), ask.flag("on", True)
            self.on_board(lambda b: b.nag(nag, on))
        elif action in ("give", "take", "select", "paste", "trump"):
            self._deal_request(action, ask)
        elif action == "start":
            given = ask.content.get("answers")
            if not isinstance(given, Mapping):
                raise EntryError("the set-up's answers are missing")
            self.start(given)
        elif action == "next_deal":
            self.next_deal()
        elif action == "annotate":
            self.annotate()
        elif action == "go":
            self.go(ask.number("step"))
        elif action == "follow":
            self.follow(ask.numbers("path"), ask.number("step"))
        elif action == "option":
            self.set_option(ask.text("name"), ask.content.get("value"))
        elif action == "save":
            self._save_request()
        elif action == "reload":
            self.reload(discard=True)
            self.tell("info", "Read the deal again from its file.")
        elif action == "save_as":
            own = self.source_file or self.save_to
            target = page_target(own.parent if own is not None else None, ask.text("path"))
            if own is not None and target == own:  # both real paths
                raise BoardError(f"{target.name} is this deal's own file: save it with Save")
            written = self.save(target)
            self.tell(
                "saved",
                f"Copied the deal with its changes to {written.name} (as its last deal); "
                f"{self.state['file'] or 'its own file'} still has unsaved changes.",
            )
        else:
            raise BoardError(f"the board does not know {action!r}")

    def _deal_request(self, action: str, ask: Fields) -> None:
        if action == "give":
            card, seat = ask.text("card"), ask.text("seat") or None
            self.dealing(lambda e: e.give(card, seat))
        elif action == "take":
            card = ask.text("card")
            self.dealing(lambda e: e.take(card))
        elif action == "select":
            seat = ask.text("seat")
            self.dealing(lambda e: e.select(seat))
        elif action == "paste":
            text = ask.text("text")
            self.dealing(lambda e: e.paste(text))
        else:
            suit, shown = ask.text("suit") or None, ask.text("card") or None
            self.dealing(lambda e: e.set_trump(suit, shown))

    def _save_request(self) -> None:
        with warnings.catch_warnings(record=True) as heard:
            warnings.simplefilter("always", SaveNotice)
            where = self.save()
        # What the save had to say (the file had changed elsewhere, a stale temporary file
        # removed …) is said on the board, where the person who saved is.
        notes = " ".join(str(w.message) for w in heard if issubclass(w.category, SaveNotice))
        text = f"Saved to {where.name}: only this deal changed in the file."
        self.tell("saved", f"{text} {notes}" if notes else text)

    # -- the jobs: what is wanted -------------------------------------------------------
    def _analysis_wanted(self) -> bool:
        """Whether the solver's values are wanted: the toggle, or a quiz — graded by them,
        or by the chances, which take far longer at the first tricks: the solver's grade is
        shown at once meanwhile, and the chances' replace it when they come."""
        return self._board_now is not None and bool(
            self.state["analyse"] or self.state["quiz_seat"]
        )

    def _quiz_by_chances(self) -> bool:
        return bool(self.state["quiz_seat"]) and self.state["quiz_grade"] == "chances"

    def _wants(self) -> None:
        """Note what the chances are wanted for now: the quiz's positions (they follow the
        step) and the graph of the main line."""
        if self._board_now is None:
            return
        self._quiz_wanted = self._quiz_positions() if self._quiz_by_chances() else []
        if self._graph.key is None and self.state["chances"]:  # made when first wanted
            self._graph = self._new_graph()
            self._publish_graph()

    def _quiz_positions(self) -> list[PlayNode | None]:
        """The positions the quiz needs next on the line shown: the one of the answer just
        given (the card before the one shown, when the quizzed seat played it), then the
        question shown now or the next one along the line."""
        board = self.board
        seat = self.state["quiz_seat"]
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

    def _main_key(self) -> tuple[object, ...]:
        """What the graph is of: the record, its set-up and the cards of its main line."""
        record = self.board.record
        line = tuple((id(n), n.card, n.reveal_request) for n in record.mainline())
        return (id(record), id(record.setup), line)

    def _new_graph(self) -> Graph:
        graph = Graph(key=self._main_key())
        try:
            graph.line = ChanceLine(self.record, max_tricks=self.state["chance_max_tricks"])
        except AnalysisError as refused:
            graph.error = str(refused)
        return graph

    def _main_line_edited(self) -> None:
        """The tree changed: a new main line means a new graph (every position it shares
        with the old one already scored); node ids changed, so the quiz's entries are
        sent again under their new ones."""
        if self._board_now is None:
            return
        if self._graph.key is not None and self._graph.key != self._main_key():
            self._chance_gen += 1
            self._graph = Graph()  # made again when wanted (by _wants, as the tree is shown)
            self._publish_graph()
        if self._quiz_known:
            self._publish_quiz()

    def _forget_scores(self) -> None:
        """Another record (read again, or the next deal): no position scored holds any
        more, neither the solver's values nor the chances (the quiz's included)."""
        self._solved.clear()
        self._put("analysis", {})
        self._reset_chances()

    def _reset_chances(self, *, keep_scored: bool = False) -> None:
        self._chance_gen += 1
        if not keep_scored:
            self._odds = None
            self._quiz_known.clear()
            self._put("quiz_odds", {})
        self._graph = Graph()  # made again when wanted
        self._wants()
        self._publish_graph()

    # -- the jobs: tasks ----------------------------------------------------------------
    def next_task(self, lane: Lane, *, here_only: bool = False) -> Task | None:
        """The next bounded piece of work of ``lane`` (``None``: nothing is wanted).
        ``here_only``: only what the position shown needs (the solver's values of this
        step; the quiz's positions and the graph as usual), for a front end that works in
        the foreground and looks no further."""
        if self._board_now is None:
            return None
        if lane == "analysis":
            todo = self._next_to_solve(here_only)
            if not todo:
                return None
            return Task("analysis", todo[0], 0, self._solving(todo[0]))
        if self._quiz_by_chances():
            for node in self._quiz_wanted:
                if _key(node) not in self._quiz_known:
                    return Task("quiz", node, self._chance_gen, self._scoring(node))
        graph = self._graph
        wanted = graph.next_card() if self.state["chances"] else None
        if wanted is None:
            return None
        card, glance = wanted
        line = graph.line
        assert line is not None
        work = self._odds_work(lambda s: line.card(card, s, glance=glance))
        return Task("graph", None, self._chance_gen, work, ply=card)

    def _next_to_solve(self, here_only: bool) -> list[PlayNode | None]:
        """The card to solve next, in a list (``[None]``: the start; ``[]`` when all are
        done or nobody wants the values): the one on screen first, then the rest of the
        line shown from there on, then the cards before it, then the rest of the tree."""
        if not self._analysis_wanted():
            return []
        if not self.state["analyse"] and self._quiz_by_chances():
            # only the quiz's positions: its answer graded at once, before the chances
            todo = self._quiz_positions()
            return next(([node] for node in todo if _key(node) not in self._solved), [])
        line: list[PlayNode | None] = [None, *self.board.line]
        here = min(self.step, len(line) - 1)
        if here_only:
            return [line[here]] if _key(line[here]) not in self._solved else []
        order = [*range(here, len(line)), *range(here - 1, -1, -1)]
        nodes: list[PlayNode | None] = [line[k] for k in order] + self.board.nodes
        return next(([node] for node in nodes if _key(node) not in self._solved), [])

    def _solving(self, node: PlayNode | None) -> Callable[[Task], JSON]:
        board = self.board
        record, solver, cap = board.record, board.solver, board.max_tricks

        def work(_task: Task) -> JSON:
            with board.solver_lock:  # one search at a time: the solver's table is not shared
                try:
                    return analysis_entry(record, 0, solver, cap, node=node)
                except Exception as failure:  # a solver bug must not leave "solving…" forever
                    return failed_entry(0, f"the solver failed: {failure!r}", cap)

        return work

    def _scoring(self, node: PlayNode | None) -> Callable[[Task], Odds]:
        record = self.record
        setup = record.setup
        plays = record.plays(record.line_to(node)) if setup is not None else []

        def score(solver: ChanceSolver) -> Odds:
            if setup is None:
                raise ValueError("the record's tags do not give a playable set-up")
            return solver.line(setup, plays, deal=record.index)

        return self._odds_work(score)

    def _odds_work(self, work: Callable[[ChanceSolver], T]) -> Callable[[Task], T]:
        """``work`` with the chances' solver, one task at a time (its table is not shared);
        while it runs, the task is the one :meth:`_check_chances` may stop."""

        def run(task: Task) -> T:
            with self.odds_lock:
                self._running = task
                try:
                    return work(self._solver())
                finally:
                    self._running = None

        return run

    def _solver(self) -> ChanceSolver:
        if self._odds is None:
            self._odds = ChanceSolver(
                self._check_chances,
                samples=self.state["chance_samples"],
                seed=self.state["chance_seed"],
                workers=self.chance_threads,
            )
        return self._odds

    def _check_chances(self, between: bool) -> None:
        """Called by the chances' solver before each new position (``between``) and after
        each world: stop the task under way (:class:`~.jobs.Interrupted`) when its result
        would be dropped (the deal or the settings changed, the toggle went off), or early
        in a position (``between``) when something more urgent waits: for the graph, a
        quiz's position; for a quiz's position, the one the page has moved on to. A
        blocking call (no task under way) is never stopped."""
        task = self._running
        if task is None:
            return
        if task.gen != self._chance_gen:
            raise Interrupted
        if task.kind == "quiz":
            if not self._quiz_by_chances():
                raise Interrupted
            moved_on = all(_key(n) != _key(task.node) for n in self._quiz_wanted)
            if between and moved_on:  # the page went elsewhere: its question first
                raise Interrupted
            return
        if not self.state["chances"]:
            raise Interrupted
        waiting = any(_key(n) not in self._quiz_known for n in self._quiz_wanted)
        if between and self._quiz_by_chances() and waiting:
            raise Interrupted

    def finish(self, task: Task) -> None:
        """Take a task's result into the state (dropped when stale or interrupted)."""
        if task.interrupted:
            return
        if task.kind == "analysis":
            entry = task.result if task.failure is None else failed_entry(0, repr(task.failure))
            self._solved[_key(task.node)] = (task.node, entry)
            self._publish()
            return
        if task.gen != self._chance_gen:
            return
        if task.kind == "quiz":
            failure = task.failure
            if failure is None:
                entry = quiz_odds_entry(task.result)
            elif isinstance(failure, (ValueError, MendikotError)):
                entry = {"status": "unavailable", "reason": str(failure)}
            else:  # a bug must not leave "working…" forever
                entry = {"status": "unavailable", "reason": f"the chances failed: {failure!r}"}
            self._quiz_known[_key(task.node)] = (task.node, entry)
            self._publish_quiz()
            return
        failure = task.failure
        if failure is None:
            assert task.ply is not None
            self._graph.scored[task.ply] = task.result
        elif isinstance(failure, AnalysisError):
            self._graph.error = str(failure)
        else:
            self._graph.error = f"the chances failed: {failure!r}"
        self._publish_graph()

    def work(self, lane: Lane, *, here_only: bool = False) -> bool:
        """Run the next task of ``lane`` here and now; whether there was one. A front end
        with no threads calls this between its user's requests."""
        task = self.next_task(lane, here_only=here_only)
        if task is None:
            return False
        self.finish(task.run())
        return True

    # -- the jobs: results --------------------------------------------------------------
    def _publish(self) -> None:
        """Put the entries known into ``analysis``, by the node ids of the payload shown
        (entries of cards no longer in the tree are dropped)."""
        board = self.board
        published: dict[str, JSON] = {}
        for node, entry in list(self._solved.values()):
            try:
                number = board.id_of(node)
            except KeyError:
                continue
            entry["step"] = number  # ids change as the tree grows; the card does not
            published[str(number)] = entry
        self._put("analysis", dict(sorted(published.items(), key=lambda item: int(item[0]))))

    def _publish_quiz(self) -> None:
        board = self.board
        published: dict[str, JSON] = {}
        for node, entry in list(self._quiz_known.values()):
            try:
                number = board.id_of(node)
            except KeyError:
                continue
            published[str(number)] = {**entry, "step": number}
        self._put("quiz_odds", dict(sorted(published.items(), key=lambda item: int(item[0]))))

    def _publish_graph(self) -> None:
        """Put the graph as far as it is known into ``chance_graph``."""
        if self._board_now is None:
            return
        graph = self._graph
        on = self.state["chances"]
        if not on:
            status = "off"
        elif graph.error is not None:
            status = "unavailable"
        elif graph.done:
            status = "done"
        else:
            status = "working"
        result = graph.result(self._odds) if on and self._odds is not None else None
        self._put(
            "chance_graph",
            chance_graph_entry(
                result,
                status=status,
                done=len(graph.scored) - graph.glanced,
                total=graph.total,
                glanced=graph.glanced,
                samples=self.state["chance_samples"],
                seed=self.state["chance_seed"],
                reason=graph.error,
            ),
        )

    # -- blocking calls, for scripts and tests ------------------------------------------
    def analysis_at(self, step: int | None = None) -> JSON:
        """The solver's entry for ``step`` of the line shown (default: the current one),
        solved now if it is not known yet (in the calling thread)."""
        k = self.step if step is None else min(max(int(step), 0), self.last_step)
        line: list[PlayNode | None] = [None, *self.board.line]
        node = line[k] if k < len(line) else None
        known = self._solved.get(_key(node))
        if known is None:
            self.finish(Task("analysis", node, 0, self._solving(node)).run())
            known = self._solved[_key(node)]
        return known[1]

    def deal_chances(self) -> DealChances:
        """The chances of the main line's cards, as the graph shows them, working out in
        the calling thread what is not known yet. Raises
        :class:`~.analysis.double_dummy.AnalysisError` when the deal cannot be scored."""
        graph = self._graph if self._graph.key == self._main_key() else self._new_graph()
        if graph.line is None:
            raise AnalysisError(graph.error or "the deal cannot be scored")
        solver = self._solver()
        try:
            with self.odds_lock:
                for k in graph.line.todo:
                    if k not in graph.scored:
                        graph.scored[k] = graph.line.card(k, solver)
        except AnalysisError as refused:
            graph.error = str(refused)
            self._publish_graph()
            raise
        self._publish_graph()
        result = graph.result(solver)
        return result if result is not None else graph.line.chances((), solver)

    def chances_at(self, step: int | None = None) -> CardChance | None:
        """The chances of card ``step`` of the main line (default: the current step)."""
        k = self.step if step is None else int(step)
        return next((c for c in self.deal_chances() if c.ply == k), None)

    def quiz_odds_at(self, step: int | None = None) -> Odds:
        """The chances the quiz grades by at ``step`` of the line shown, computed now if
        not known. Raises ``ValueError`` when the position cannot be scored."""
        k = self.step if step is None else min(max(int(step), 0), self.last_step)
        line: list[PlayNode | None] = [None, *self.board.line]
        task = Task("quiz", line[k], self._chance_gen, self._scoring(line[k])).run()
        self.finish(task)
        if task.failure is not None or task.result is None:
            entry = self._quiz_known.get(_key(line[k]))
            raise ValueError(entry[1].get("reason", "no chances here") if entry else "stale")
        odds: Odds = task.result
        return odds

    def foreground(self) -> None:
        """Work out now what the position shown needs (a front end with no background
        work: the solver's values of this step, the quiz's positions, the graph)."""
        while self.work("analysis", here_only=True):
            pass
        while True:
            task = self.next_task("chances")
            if task is None:
                return
            if task.kind == "graph":
                with contextlib.suppress(AnalysisError):  # told in chance_graph
                    self.deal_chances()
                return
            self.finish(task.run())


def _copy(value: Any) -> Any:
    return list(value) if isinstance(value, list) else value
