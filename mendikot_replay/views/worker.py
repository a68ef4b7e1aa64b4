"""The board in a browser's worker: the third front end of the session, after the notebook
widget and the terminal recorder.

The static site (``scripts/build_site.py``) runs this package in Pyodide inside a Web
Worker. The page and the worker share no memory: the page posts the session's requests
(the same ``{do: …}`` the widget sends, JSON) and :meth:`WorkerBoard.handle` answers with
what changed; between messages the worker's loop calls :meth:`WorkerBoard.work`, which does
one bounded piece of the analysis or the chances (one position) and returns what it
changed, so the page never waits on a search and a new request is heard between two
positions. Pyodide has no threads: the chances solve their worlds one after the other
(``chance_threads=1``).

A deal opened here lives in the worker's file system (``/deals/NAME``), so that *Save*
writes it there as it does a file on disk; the page reads the saved text back
(:meth:`WorkerBoard.text`) to keep or download.

>>> import tempfile
>>> board = WorkerBoard(tempfile.mkdtemp())  # in the worker: /deals
>>> opened = json.loads(board.open(open("sample_games/worked-example.pmn").read(), "w.pmn"))
>>> opened["changes"]["board"], opened["changes"]["file"]
(True, 'w.pmn')
"""

from __future__ import annotations

import contextlib
import functools
import json
import traceback
from collections.abc import Callable
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, Final, TypeVar

from ..core.seats import ALL_SEATS
from ..errors import MendikotError
from ..pmn.deal_form import DealForm
from ..pmn.files import write_bytes_atomically
from ..pmn.link import LinkError, link_fragment, read_fragment
from ..pmn.reader import read_deals, read_string
from ..pmn.tags import whole_number
from ..pmn.writer import write_deal
from ..session.board import Board
from ..session.jobs import Lane
from ..session.payload import deal_choice
from ..session.session import Session

__all__ = ["DEALS", "SHARED", "UNEXPECTED", "WorkerBoard"]

DEALS: Final = Path("/deals")
"""Where the deals opened in the worker are kept (the worker's own file system)."""

SHARED: Final = "shared-deals.pmn"
"""The file a deal opened from a link is saved to (a name of ours: a link names no file)."""


UNEXPECTED: Final = (
    "Something went wrong in the page's Python, and nothing was changed: the browser's "
    "console has the details"
)
"""What the page says of an error nobody foresaw (its traceback goes to the console)."""

_Method = TypeVar("_Method", bound=Callable[..., str | None])


def boundary(method: _Method) -> _Method:
    """The one boundary between the page and Python: whatever ``method`` raises becomes
    ``{"changes": {}, "error": sentence}``, never a traceback in the page's status line. A
    bad input the package knows (a reader's problem, a refused number, a damaged link)
    keeps its own sentence, on one line; anything else is :data:`UNEXPECTED`, with the
    traceback in ``detail`` for the page to put in the console."""

    @functools.wraps(method)
    def guarded(*args: Any, **kwargs: Any) -> str | None:
        try:
            return method(*args, **kwargs)
        except (MendikotError, ValueError, OverflowError) as exc:
            said = " ".join(str(exc).split()) or type(exc).__name__
            return json.dumps({"changes": {}, "error": said})
        except Exception:
            detail = traceback.format_exc()
            return json.dumps({"changes": {}, "error": UNEXPECTED, "detail": detail})

    return guarded  # type: ignore[return-value]


def _absent(value: object) -> bool:
    """Whether a value from the page stands for nothing: ``None``, or JavaScript's ``null``
    as Pyodide hands it over (``pyodide.ffi.jsnull``, not ``None``)."""
    return value is None or type(value).__name__ in ("JsNull", "JsUndefined")


class WorkerBoard:
    """One board in a worker: the session of the deal open, if any. Each method the page
    calls answers JSON through :func:`boundary`."""

    def __init__(self, folder: str | Path | None = None) -> None:
        self.folder = Path(folder) if folder is not None else DEALS
        self.session: Session | None = None

    @boundary
    def open(self, data: str | bytes | object, name: str, deal: object = 1) -> str:
        """Open deal ``deal`` of the file called ``name`` whose bytes are ``data`` (or its
        text; from the page, a JavaScript ``Uint8Array``), kept in the worker's file system
        byte for byte, so that a save changes nothing else of it: the whole state, as JSON."""
        number = whole_number(deal, "the deal number", 1)
        return self._open_file(self._keep(name, data), number)

    @boundary
    def choose(self, deal: object) -> str:
        """Open deal ``deal`` (from 1) of the file open instead: the whole state, as JSON
        (``{"error": …}`` when the file has no such deal; the board stays)."""
        number = whole_number(deal, "the deal number", 1)
        file = self._file()
        if file is None or not file.exists():
            return json.dumps({"changes": {}, "error": "no file is open"})
        return self._open_file(file, number)

    def _open_file(self, path: Path, deal: int) -> str:
        """Deal ``deal`` of the file at ``path`` on the board: the whole state, as JSON
        (``{"error": …}`` when the file has no such deal; the board stays)."""
        try:
            self.session = Session(path, deal, chance_threads=1)
        except (MendikotError, ValueError) as exc:
            return json.dumps({"changes": {}, "error": str(exc)})
        return self.handle('{"do": "state"}')

    @boundary
    def deals(self) -> str:
        """The deals of the file open, to choose from (JSON: ``[{"deal", "label"}]``, the
        one open marked ``"open": true``); read without replaying them, so a long file is
        listed quickly."""
        file = self._file()
        if self.session is None or file is None or not file.exists():
            return "[]"
        shown = self.session.file.index
        listed = []
        deals = read_deals(file, check=False)
        try:
            for number, record in enumerate(deals, 1):
                label = deal_choice(record)
                listed.append({"deal": number, "label": label, "open": number == shown})
        finally:
            deals.close()
        return json.dumps(listed)

    @boundary
    def open_link(self, fragment: str) -> str:
        """Open the deals of a shared link (its fragment, ``deal=…&at=K``; see
        :mod:`~.pmn.link`), the first at the card it names: the whole state, as JSON. The
        link names no file, so nothing of the person's is touched: its text, every deal of
        it, is kept in :data:`SHARED` (a name of ours), where *Save* writes it; the reader's
        errors show on the board, as a file's do. A link that holds no readable deal gives
        ``{"error": …}`` and leaves the board as it was; one made before links carried a
        check opens with a ``"note"`` saying it could not be checked."""
        try:
            shared = read_fragment(str(fragment))
            if not read_string(shared.text):
                return json.dumps({"changes": {}, "error": "This link's deal is empty."})
        except (LinkError, MendikotError) as exc:
            return json.dumps({"changes": {}, "error": f"This link cannot be opened: {exc}."})
        session = Session(self._keep(SHARED, shared.text), 1, chance_threads=1)
        if shared.line:
            session.go(0)
            # a card the deal cannot take is refused on the board, and the line stops there
            with contextlib.suppress(MendikotError, ValueError):
                for card in shared.line:  # as PMN writes it: ^T first asks for the trump
                    session.on_board(partial(Board.play, card=card))
        else:
            session.go(shared.at)
        self.session = session
        state = self.handle('{"do": "state"}')
        if shared.checked:
            return state
        reply = json.loads(state)
        reply["note"] = (
            "This link is from before links carried a check: it opened, but nothing could "
            "tell whether it was changed on the way."
        )
        return json.dumps(reply)

    def link(self) -> str:
        """The fragment of a link to the deal on the board, standing where it stands (its
        comments and variations with it, as its text would be saved); "" with no deal."""
        session = self.session
        if session is None or not session.dealt:
            return ""
        cards = session.line
        on_main = session.board.at_main_line
        return link_fragment(write_deal(session.record), len(cards), () if on_main else cards)

    @boundary
    def record(self, name: str, data: str | bytes | object | None = None) -> str:
        """Start recording into the file called ``name`` (its bytes or text so far, if any:
        the new deals are added after its own; none, ``None`` or JavaScript's ``null``: the
        file as the worker has it, the one opened): the recorder's form, as JSON."""
        path = self.folder / _safe(str(name)) if _absent(data) else self._keep(str(name), data)
        self.session = Session(
            DealForm.for_file(path), save_to=path, chance_threads=1, presentation=False
        )
        return self.handle('{"do": "state"}')

    @boundary
    def resume(self, name: str, data: str | bytes | object, draft: str) -> str:
        """Take up again a deal whose recording was interrupted (the tab closed): ``draft``
        is the deal as :meth:`draft` gave it, to be saved after the deals of ``data`` (the
        file's bytes or text when the recording began) in the file ``name``. The board
        stands at its last card, recording. A draft that is no deal (storage tampered with)
        is refused with the reader's sentence, and the board stays as it was."""
        if not isinstance(draft, str) or not read_string(draft):
            return json.dumps(
                {"changes": {}, "error": "The kept deal is empty: nothing to resume."}
            )
        path = self._keep(str(name), b"" if _absent(data) else data)
        session = Session(draft, save_to=path, chance_threads=1, recording=True)
        session.go(session.last_step)
        self.session = session
        return self.handle('{"do": "state"}')

    @boundary
    def save(self, latest: str | bytes | object | None = None) -> str:
        """Save the deal on the board, into the file as it is now: ``latest``, when given,
        is that file's newest bytes (another tab of the page may have saved into it since
        this one read it), written in first, so that the save adds to what the other tab
        kept rather than overwriting it (:func:`~.editing.save_deal` finds the deal again
        or appends it; a deal both tabs changed is refused with a sentence, nothing
        dropped). The changes, as JSON, as :meth:`handle`."""
        file = self._file()
        if not _absent(latest) and file is not None:
            self._keep(file.name, latest)
        return self.handle('{"do": "save"}')

    def draft(self) -> str:
        """The deal being recorded, as PMN text, while it has changes not saved ("" when
        there is none): what the page keeps in the browser's storage after every card, so
        that a closed tab loses nothing."""
        session = self.session
        if session is None or not session.dealt or not session.state["recording"]:
            return ""
        if not session.state["dirty"]:
            return ""
        return write_deal(session.record)

    @boundary
    def draft_info(self) -> str:
        """The draft (:meth:`draft`) with what tells it from another tab's, as JSON: the
        players' names and how many cards are recorded (``{"text": "", …}`` with none)."""
        text = self.draft()
        session = self.session
        names: list[str] = []
        cards = 0
        if text and session is not None:
            tags = session.record.tags
            names = [tags[seat] for seat in ALL_SEATS if tags.get(seat, "?") not in ("", "?")]
            cards = len(session.record.mainline())
        return json.dumps({"text": text, "names": names, "cards": cards})

    def _keep(self, name: str, data: str | bytes | object) -> Path:
        """The file ``name`` in the worker's folder, holding ``data`` (its bytes, its text,
        or a JavaScript ``Uint8Array`` of its bytes)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / _safe(name)
        if isinstance(data, str):
            raw = data.encode("utf-8")
        elif isinstance(data, bytes):
            raw = data
        else:  # Pyodide's proxy of the page's Uint8Array
            proxy: Any = data
            raw = bytes(proxy.to_bytes())
        write_bytes_atomically(path, raw, force=True)  # the one save path, as every write
        return path

    @boundary
    def handle(self, message: str) -> str:
        """One request from the page (JSON), carried out; the changes, as JSON."""
        if self.session is None:
            return json.dumps({"changes": {}, "error": "no deal is open"})
        try:
            request = json.loads(str(message))
        except ValueError:
            return json.dumps({"changes": {}, "error": "the page sent something that is not JSON"})
        reply: dict[str, Any] = self.session.handle(request)
        reply["changes"] = {**reply["changes"], "board": True}
        return json.dumps(reply)

    @boundary
    def work(self) -> str | None:
        """One step of the slow work (the solver's values, then the chances): its changes,
        as JSON, or ``None`` when there is nothing to do."""
        session = self.session
        if session is None:
            return None
        lanes: tuple[Lane, ...] = ("analysis", "chances")
        for lane in lanes:
            if session.work(lane):
                return json.dumps({"changes": session.changes()})
        return None

    def _file(self) -> Path | None:
        session = self.session
        if session is None:
            return None
        return session.file.path or session.file.save_to

    def name(self) -> str:
        """The name of the file open, or being recorded into ("" when none is)."""
        file = self._file()
        return file.name if file is not None else ""

    def data(self) -> bytes:
        """The file's bytes as saved in the worker: what the page downloads."""
        file = self._file()
        return file.read_bytes() if file is not None and file.exists() else b""

    def text(self) -> str:
        """The file's text as saved (bytes that are not UTF-8 as U+FFFD): what the page
        keeps in the browser's storage, which holds text only."""
        return self.data().decode("utf-8", "replace")


def _safe(name: str) -> str:
    """A file name the page gave, as a name in the worker's folder (no folders: no way out)."""
    return PurePosixPath(name).name or "deals.pmn"
