"""One deal being viewed, recorded or analysed, with no screen: what every front end drives.

A :class:`Session` is a small state holder. Its state is plain JSON-able data under the
names the page knows (``data``, ``path``, ``step``, ``analysis``, ``chance_graph``,
``quiz_odds``, ``notice``, ``dirty``, ``file``, ``recording`` and the options); a front end
shows it, sends :meth:`Session.request` what its user did (``{"do": "play", "card": "TS",
"at": 12, "revision": 3}``: a command of :mod:`.commands`, every field checked) and asks
:meth:`Session.changes` what to show again (or :meth:`Session.screen` for a screen of its
own, :mod:`.screens`). The work is delegated: to the mode (:mod:`.modes`: the set-up form,
the dealing, the board), the file (:mod:`.deal_file`) and the jobs (:mod:`.scheduler`:
:meth:`Session.next_task` gives a bounded task, any thread or none runs it,
:meth:`Session.finish` takes its result). Nothing here needs traitlets, a thread or a
display: the notebook widget, the terminal recorder and a browser's worker are adapters.

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
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

from ..analysis.chances import CardChance, DealChances
from ..analysis.odds import CORE_THREADS, Odds
from ..core.timeline import Snapshot
from ..errors import FileChangedError, MendikotError
from ..pmn.deal_form import DealForm
from ..pmn.entry import DealEntry
from ..pmn.record import DealRecord, PlayNode
from ..solver.search import Solver
from ..text import page_words, say
from .board import Board, BoardError
from .commands import COMMANDS, Command
from .deal_file import DealFile, Source, load_record
from .jobs import Lane, Task
from .modes import Dealing, Mode, Playing, SetUp, needed
from .options import DEFAULTS, OPTIONS, PROJECTOR_SCALE, SEATED, check_option
from .payload import JSON
from .scheduler import Scheduler
from .screens import Screen

__all__ = ["CHANCE_THREADS", "OPTIONS", "PROJECTOR_SCALE", "Session", "Source", "load_record"]

CHANCE_THREADS: Final = CORE_THREADS
"""Threads the chances solve worlds with: the machine's cores (at most four; one in a
browser, which has no threads). The compiled core lets go of the interpreter while it
searches, so the graph of a whole deal takes about half as long on two cores
(``benchmarks/bench_odds.py``), and the chances do not depend on it."""

T = TypeVar("T")


class Session:
    """A deal on a board, headless (see the module docstring).

    ``source`` is a record, a PMN file's path, PMN text, a :class:`~.pmn.entry.DealEntry`
    to deal a new deal's hands first, or a :class:`~.pmn.deal_form.DealForm` to set one up;
    ``deal`` picks a file's deal (from 1) and ``step`` the card to stand on. ``max_tricks``
    and ``solver`` are the double-dummy solver's limit and the solver to reuse; ``save_to``
    the file a new deal is appended to when first saved; ``chance_threads`` the threads the
    chances solve worlds with (1 where there are none, as in a browser's worker: the worlds
    are then solved one after the other, with the same chances); ``options`` the user's
    options (:data:`~.options.OPTIONS`).
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
        self.solver, self.max_tricks = solver, max_tricks
        self.mode: Mode
        """What the session is doing: :class:`~.modes.SetUp`, :class:`~.modes.Dealing` or
        :class:`~.modes.Playing`; each carries out its own requests."""
        path, index = None, None
        if isinstance(source, DealForm):
            self.mode = SetUp(self, source)
        elif isinstance(source, DealEntry):
            self.mode = Dealing(self, source)
        else:
            record, path, index = load_record(source, deal)
            self.mode = Playing(self, Board(record, solver=solver, max_tricks=max_tricks))
        self.file = DealFile(self, path, index, save_to)
        """The file the deal came from, or goes to: saving and reading again."""
        named = path if path is not None else self.file.save_to
        self.state: dict[str, Any] = {
            "data": {},
            "path": [0],
            "step": 0,
            **{name: list(v) if isinstance(v, list) else v for name, v in DEFAULTS.items()},
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
            # the page's words: the language in force when the board opened (text layer)
            "words": page_words(),
        }
        """Everything a front end shows, by the page's names (read it; change it through
        the methods)."""
        self._screens: list[Screen] = []
        self._changed: set[str] = set(self.state)
        self._notices = 0
        self.jobs = Scheduler(self, chance_threads)
        """The slow work: what is wanted, the next task, the results kept."""
        for name, value in options.items():
            if name not in SEATED:  # the seated ones are checked against the payload's seats
                self.state[name] = self.checked(name, value)
        self.show(tree_changed=True)
        for name in SEATED:
            if name in options:
                self.state[name] = self.checked(name, options[name])
        self.go(step)

    # -- the state ----------------------------------------------------------------------
    def put(self, name: str, value: Any) -> None:
        """Change one name of the state (each screen is told)."""
        self.state[name] = value
        self._changed.add(name)
        for screen in self._screens:
            screen.changed.add(name)

    def changes(self) -> dict[str, Any]:
        """What changed since the last call, by name: what a front end shows again."""
        out = {name: self.state[name] for name in sorted(self._changed)}
        self._changed.clear()
        return out

    def screen(self, seat: str | None = None, *, read_only: bool = False) -> Screen:
        """Another screen on this session (see :mod:`.screens`): the whole board, or what
        ``seat``'s player may see; ``read_only`` screens only watch."""
        screen = Screen(self, seat, read_only=read_only)
        self._screens.append(screen)
        return screen

    def forget(self, screen: Screen) -> None:
        """Stop telling ``screen`` what changes (:meth:`.screens.Screen.close`)."""
        self._screens = [s for s in self._screens if s is not screen]

    def checked(self, name: str, value: Any) -> Any:
        """``value`` for option ``name`` as the session keeps it, or a ``ValueError`` that
        says what is wrong (a page, or anything that reaches it, may send anything)."""
        return check_option(name, value, self.state["data"].get("seats", []))

    def set_option(self, name: str, value: Any) -> None:
        """Set one option (checked by :meth:`checked`) and start or stop what it asks for."""
        value = self.checked(name, value)
        if self.state.get(name) != value or name not in self.state:
            self.put(name, value)
            self.jobs.option_set(name)

    # -- what the session looks at ------------------------------------------------------
    def board_or_none(self) -> Board | None:
        return self.mode.board if isinstance(self.mode, Playing) else None

    @property
    def board(self) -> Board:
        """The board; while the hands are being dealt there is none yet, and what needs it
        says so."""
        return needed(self.mode, Playing).board

    @property
    def dealt(self) -> bool:
        """Whether the hands are dealt (there is a board to play on)."""
        return isinstance(self.mode, Playing)

    @property
    def entry(self) -> DealEntry | None:
        """The deal being dealt (``None`` once dealt, or for a recorded deal)."""
        return self.mode.entry if isinstance(self.mode, Dealing) else None

    @property
    def form(self) -> DealForm | None:
        """The set-up of a new deal while its form is shown, else ``None``."""
        return self.mode.form if isinstance(self.mode, SetUp) else None

    @property
    def record(self) -> DealRecord:
        return self.board.record

    @property
    def node(self) -> PlayNode | None:
        """The card the board stands on (``None``: the start of the deal)."""
        board = self.board_or_none()
        return board.node if board else None

    @property
    def line(self) -> list[str]:
        """The cards from the start to the current position, on the line shown."""
        board = self.board_or_none()
        return board.cards if board else []

    @property
    def step(self) -> int:
        return int(self.state["step"])

    @property
    def last_step(self) -> int:
        return max(len(self.state["path"]) - 1, 0) if self.state["data"].get("steps") else 0

    @property
    def snapshot(self) -> Snapshot:
        """The replay state shown (:meth:`.modes.Playing.snapshot`)."""
        return needed(self.mode, Playing).snapshot()

    # -- showing ------------------------------------------------------------------------
    def enter(self, mode: Mode) -> None:
        """Move on to the next mode (the form answered, every hand dealt) and show it."""
        self.mode = mode
        self.show(tree_changed=True)

    def show(self, *, tree_changed: bool = False) -> None:
        """Put the place on the board (and, when the tree changed, its payload) into the
        state."""
        board = self.board_or_none()
        if board is None:  # the set-up or the dealing: its payload, nothing to step
            self.put("data", self.mode.payload())
            self.put("path", [0])
            self.put("step", 0)
            return
        if tree_changed:
            self.jobs.main_line_edited()
            self.put("data", board.view)
        self.put("path", board.path)
        self.put("step", board.step)
        if tree_changed:
            self.jobs.publish()
        self.jobs.wants()

    def tell(self, kind: str, text: str, actions: tuple[str, ...] = ()) -> None:
        """Say ``text`` on the board: ``kind`` is ``error`` (a refused card or edit),
        ``info``, ``saved`` or ``conflict`` (``actions`` then offers ``reload`` and
        ``save_as``); each notice has a new ``id``, so the same words twice are shown twice."""
        self._notices += 1
        notice = {"id": self._notices, "kind": kind, "text": text, "actions": list(actions)}
        self.put("notice", notice)

    # -- stepping -----------------------------------------------------------------------
    def go(self, step: int) -> None:
        """Stand after ``step`` cards of the line shown (clamped to it)."""
        board = self.board_or_none()
        if board is not None:
            board.go(min(max(int(step), 0), self.last_step))
            self.show()

    def follow(self, path: list[int], step: int) -> None:
        """The page moved along (or onto) a line of its payload's node ids: the board
        follows (a stale line, from before the tree changed, shows the board's own)."""
        board = self.board_or_none()
        if board is not None:
            with contextlib.suppress(BoardError):
                board.follow(list(path), min(max(int(step), 0), max(len(path) - 1, 0)))
            self.show()

    def go_trick(self, number: int) -> None:
        """Stand at the end of trick ``number`` of the line shown (or as far as it goes)."""
        steps = self.state["data"].get("steps", [])
        path = self.state["path"]
        places = [k for k, n in enumerate(path) if k and steps[n]["trick"] == number]
        if not places:
            first = self.state["data"].get("first_trick", 1)
            raise ValueError(f"no trick {number} in this line (it starts at trick {first})")
        self.go(places[-1])

    # -- the modes' own work ------------------------------------------------------------
    def start(self, answers: Mapping[str, object]) -> None:
        """The set-up's form answered (:meth:`.modes.SetUp.start`)."""
        needed(self.mode, SetUp).start(answers)

    def dealing(self, change: Callable[[DealEntry], object]) -> None:
        """Do ``change`` on the deal being dealt (:meth:`.modes.Dealing.change`)."""
        needed(self.mode, Dealing).change(change)

    def on_board(self, change: Callable[[Board], T]) -> T:
        """Do ``change`` on the board and show it (:meth:`.modes.Playing.on_board`)."""
        return needed(self.mode, Playing).on_board(change)

    def annotate(self) -> int:
        """Write what the deal teaches into it (:meth:`.modes.Playing.annotate`)."""
        return needed(self.mode, Playing).annotate()

    def save(self, path: str | os.PathLike[str] | None = None, *, force: bool = False) -> Path:
        """Write the deal back into its file, or a copy into ``path``
        (:meth:`.deal_file.DealFile.save`)."""
        return self.file.save(path, force=force)

    def reload(self, *, discard: bool = False) -> None:
        """Read the deal again from its file (:meth:`.deal_file.DealFile.reload`)."""
        self.file.reload(discard=discard)

    def perform(self, name: str, **fields: Any) -> Any:
        """Carry out command ``name`` of :data:`~.commands.COMMANDS` with its fields, from
        Python: what the widget's methods call."""
        command = COMMANDS[name]
        return self._method(command)(**fields)

    def _method(self, command: Command) -> Callable[..., Any]:
        part = command.part
        owner: object = self
        if part == "file":
            owner = self.file
        elif part != "session":
            owner = needed(self.mode, {"form": SetUp, "dealing": Dealing, "board": Playing}[part])
        method: Callable[..., Any] = getattr(owner, command.method)
        return method

    # -- the page's requests ------------------------------------------------------------
    def request(self, content: Any) -> None:
        """Carry out one request from a page (``{"do": …, "at": …, "revision": …, …}``: a
        command of :data:`~.commands.COMMANDS`, every field checked against it) as the
        Python call of the same name would; a refusal is said on the board (``notice``),
        never raised."""
        if not isinstance(content, Mapping) or not isinstance(content.get("do"), str):
            return
        try:
            command = COMMANDS.get(content["do"])
            if command is None:
                raise BoardError(say("refuse.unknown_request", request=repr(content["do"])))
            fields = command.checked(content)
            if self.dealt and command.stands:
                needed(self.mode, Playing).catch_up(content.get("at"), content.get("revision"))
            self._method(command)(**fields)
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

    # -- the jobs: :class:`~.scheduler.Scheduler`'s, for the front ends and scripts ------
    def next_task(self, lane: Lane, *, here_only: bool = False) -> Task | None:
        return self.jobs.next_task(lane, here_only=here_only)

    def finish(self, task: Task) -> None:
        self.jobs.finish(task)

    def work(self, lane: Lane, *, here_only: bool = False) -> bool:
        return self.jobs.work(lane, here_only=here_only)

    def foreground(self) -> None:
        self.jobs.foreground()

    def analysis_at(self, step: int | None = None) -> JSON:
        return self.jobs.analysis_at(step)

    def deal_chances(self) -> DealChances:
        return self.jobs.deal_chances()

    def chances_at(self, step: int | None = None) -> CardChance | None:
        return self.jobs.chances_at(step)

    def quiz_odds_at(self, step: int | None = None) -> Odds:
        return self.jobs.quiz_odds_at(step)
