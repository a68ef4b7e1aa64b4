"""What a session is doing: setting up a new deal, dealing its hands, or playing on a board.

A :class:`~.session.Session` holds one mode at a time, and each mode owns its requests (the
``part`` of a :class:`~.commands.Command`): the set-up form answers ``start``, the dealing
``give``, ``take``, ``select``, ``paste``, ``deal`` and ``trump``, the board the cards and
notes. A mode changes the session only through the :class:`Host` it is given (say a
sentence, mark the deal unsaved, show again, move on to the next mode), so the modes know
nothing of the session's jobs, file or front ends.

A new deal goes :class:`SetUp` → :class:`Dealing` → :class:`Playing`; a deal read from a
file or text starts at :class:`Playing`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from ..analysis.pipeline import Pipeline
from ..core.timeline import Snapshot
from ..errors import MendikotError
from ..pmn.deal_form import DealForm
from ..pmn.entry import DealEntry, EntryError
from ..pmn.user_text import isolate
from ..solver.search import Solver
from ..text import say, say_n
from .board import Board, BoardError
from .payload import JSON, entry_view, form_view

__all__ = ["Dealing", "Host", "Mode", "Playing", "SetUp", "needed"]

T = TypeVar("T")


class Host(Protocol):
    """What a mode may do to the session that holds it."""

    state: dict[str, Any]
    solver: Solver | None
    max_tricks: int | None

    def tell(self, kind: str, text: str, actions: tuple[str, ...] = ()) -> None: ...

    def put(self, name: str, value: Any) -> None: ...

    def show(self, *, tree_changed: bool = False) -> None: ...

    def enter(self, mode: Mode) -> None: ...


M = TypeVar("M", bound="Mode")


def needed(mode: Mode, kind: type[M]) -> M:
    """``mode``, when it is of ``kind``; else the sentence that says what comes first."""
    if isinstance(mode, kind):
        return mode
    if kind is Playing:
        raise EntryError(say("refuse.mode.deal_first"))
    if kind is SetUp:
        raise EntryError(say("refuse.mode.set_up"))
    if isinstance(mode, SetUp):
        raise EntryError(say("refuse.mode.form_first"))
    raise EntryError(say("refuse.mode.dealt"))


class Mode:
    """One mode of a session (see the module docstring)."""

    part = ""
    """The commands' ``part`` this mode carries out."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def payload(self) -> JSON:
        """What the page draws in this mode (the ``data`` of the state)."""
        raise NotImplementedError

    def refuse(self, error: BaseException) -> None:
        """Say a refusal on the board (then the caller raises it)."""
        self.host.tell("error", str(error))


class SetUp(Mode):
    """A new deal's set-up, while its form is shown."""

    part = "form"

    def __init__(self, host: Host, form: DealForm) -> None:
        super().__init__(host)
        self.form = form

    def payload(self) -> JSON:
        return form_view(self.form, self.host.state["file"])

    def start(self, answers: Mapping[str, object]) -> None:
        """The form answered (``answers`` by question, see :mod:`~.pmn.deal_form`; a
        missing one takes its default): the deal it describes is ready to be dealt. A wrong
        answer is refused, and the form stays."""
        try:
            entry = self.form.entry(answers)
        except (MendikotError, ValueError) as refused:
            self.refuse(refused)
            raise
        self.host.enter(Dealing(self.host, entry))


class Dealing(Mode):
    """A new deal's hands being dealt: every card checked before it is dealt; when every
    hand is full (and the trump is settled) the deal becomes a board."""

    part = "dealing"

    def __init__(self, host: Host, entry: DealEntry) -> None:
        super().__init__(host)
        self.entry = entry

    def payload(self) -> JSON:
        return entry_view(self.entry)

    def change(self, change: Callable[[DealEntry], object]) -> None:
        """Do ``change`` on the deal being dealt (a refusal is said, then raised)."""
        entry, host = self.entry, self.host
        try:
            change(entry)
        except (MendikotError, ValueError) as refused:
            self.refuse(refused)
            raise
        host.put("dirty", True)
        if not entry.complete:
            host.show()
            return
        try:
            record = entry.record()
        except EntryError as missing:  # e.g. the trump is still to be chosen
            host.tell("info", say("notice.dealt_missing", missing=missing))
            host.show()
            return
        host.enter(Playing(host, Board(record, solver=host.solver, max_tricks=host.max_tricks)))
        leader = record.timeline[0].to_play if record.timeline else None
        name = record.tags.get(leader or "", "").strip()
        who = say("seat.named", seat=leader, name=isolate(name)) if name else leader
        host.tell("info", say("notice.dealt", who=who))

    def give(self, card: str, seat: str | None = None) -> None:
        self.change(lambda e: e.give(card, seat))

    def take(self, card: str) -> None:
        self.change(lambda e: e.take(card))

    def select(self, seat: str) -> None:
        self.change(lambda e: e.select(seat))

    def paste(self, hands: str) -> None:
        self.change(lambda e: e.paste(hands))

    def deal(self, seat: str, hand: str) -> None:
        self.change(lambda e: e.deal(seat, hand))

    def set_trump(self, suit: str | None = None, card: str | None = None) -> None:
        self.change(lambda e: e.set_trump(suit, card))


class Playing(Mode):
    """A deal on a board: the cards, the variations and the notes."""

    part = "board"

    def __init__(self, host: Host, board: Board) -> None:
        super().__init__(host)
        self.board = board

    def payload(self) -> JSON:
        return self.board.view

    def on_board(self, change: Callable[[Board], T]) -> T:
        """Do ``change`` on the board and show the result: the new payload when the record
        changed (then it has unsaved changes), else just where the board stands. A refusal
        is said on the board too, then raised."""
        board, host = self.board, self.host
        before = board.version
        try:
            result = change(board)
        except (MendikotError, ValueError) as refused:
            self.refuse(refused)
            raise
        if board.version != before:
            host.put("dirty", True)
            host.show(tree_changed=True)
        else:
            host.show()
        return result

    def catch_up(self, at: object, revision: object) -> None:
        """Stand where a page's request was made (``at``, a node id), refusing one about a
        tree that has changed since the page had it (``revision``)."""
        board = self.board
        if isinstance(revision, int) and revision != board.version:
            # The page asked about a tree it had before the last change (two quick
            # clicks): its node ids may stand for other cards now.
            self.host.show(tree_changed=True)
            raise BoardError(say("refuse.changed"))
        if isinstance(at, int) and not isinstance(at, bool) and at != board.id_of(board.node):
            if not 0 <= at < len(board.nodes):
                raise BoardError(say("refuse.behind"))
            board.go_to(board.nodes[at])
            self.host.show()

    def snapshot(self) -> Snapshot:
        """The replay state shown (``record.timeline[step]`` on the main line; a variation
        is replayed for it)."""
        board = self.board
        timeline = board.record.timeline
        if timeline is None or not len(timeline):
            raise ValueError("this deal has no replay to show (see data['error'])")
        if board.at_main_line:
            return timeline[board.step]
        return board.record.replay(board.line[: board.step])[board.step]

    def play(self, card: str, *, ask: bool = False) -> None:
        self.on_board(lambda b: b.play(card, ask=ask))

    def best(self) -> None:
        self.on_board(Board.best)

    def play_out(self) -> None:
        self.on_board(Board.play_out)

    def back(self) -> None:
        self.on_board(Board.back)

    def undo(self) -> None:
        self.on_board(Board.take_back)

    def promote(self) -> None:
        self.on_board(Board.promote)

    def delete(self) -> None:
        self.on_board(Board.delete)

    def comment(self, text: str, index: int | None = None) -> bool:
        return self.on_board(lambda b: b.comment(text, index))

    def uncomment(self, index: int) -> bool:
        return self.on_board(lambda b: b.comment("", index))

    def glyph(self, glyph: str | None) -> bool:
        return self.on_board(lambda b: b.glyph(glyph))

    def nag(self, nag: int, on: bool = True) -> bool:
        return self.on_board(lambda b: b.nag(nag, on))

    def point(self, kind: str, *args: object) -> bool:
        return self.on_board(lambda b: b.point(kind, *args))

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
            if failure:
                said = say_n("notice.annotated_but", len(added), failure=failure)
            else:
                said = say_n("notice.annotated", len(added))
            self.host.tell("info", said)
            return len(added)

        return self.on_board(write)
