"""The file a session's deal belongs to: where it came from, where a new one goes, and
every way it is written back or read again.

A deal opened from a file is saved back into its own place there (only its bytes change,
:func:`~.pmn.editing.save_deal`); a new deal is appended to ``save_to`` when first saved, and
after that is saved in place like any other; *save as* copies the deal into another file of
its folder; *reload* reads it again; a recorder's *next deal* saves this one and sets up the
next. :func:`load_record` is how a session opens what it is given.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path
from typing import Protocol

from ..pmn import editing
from ..pmn.deal_form import DealForm, defaults_after
from ..pmn.entry import EntryError
from ..pmn.files import SaveNotice
from ..pmn.lines import is_pmn_text
from ..pmn.reader import pick_deal, read_deals, read_string
from ..pmn.record import DealRecord
from ..pmn.tree import settle_result
from ..text import say
from .board import Board, BoardError
from .modes import Host, SetUp
from .requests import page_target
from .scheduler import Scheduler

__all__ = ["DealFile", "FileHost", "Source", "load_record"]

Source = DealRecord | str | os.PathLike[str]
"""What a session opens: a record, a path to a PMN file, or PMN text."""


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


class FileHost(Host, Protocol):
    """What the file reads of the session and does to it."""

    jobs: Scheduler

    @property
    def record(self) -> DealRecord: ...

    @property
    def board(self) -> Board: ...

    @property
    def dealt(self) -> bool: ...


class DealFile:
    """The file of a session's deal (see the module docstring)."""

    def __init__(
        self,
        host: FileHost,
        path: Path | None,
        index: int | None,
        save_to: str | os.PathLike[str] | None,
    ) -> None:
        if save_to is not None and not isinstance(save_to, (str, os.PathLike)):
            raise EntryError(f"path is the file to save the deal to, not {save_to!r:.30}")
        self.host = host
        self.path = path
        """The file the deal came from, its real path (``None``: text, a record, or a new
        deal not saved yet)."""
        self.index = index
        """The deal's number in that file (from 1)."""
        self.save_to = Path(save_to).resolve() if save_to is not None else None
        """Where a new deal goes (appended) when it is first saved."""

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
        own = self.path
        if self.host.state["recording"]:
            settle_result(self.host.record)  # a recorded deal says what its play says
        if own is None and self.save_to is not None and path is None:
            self.index = editing.save_deal(self.save_to, None, self.host.record, force=force)
            origin = self.host.record.origin
            self.path = own = Path(origin.path) if origin else self.save_to
            self.host.put("dirty", False)
            return own
        if path is None or (own is not None and Path(path).resolve() == own):
            if own is None:
                raise ValueError("this deal was not opened from a file: give save() a path")
            self.index = editing.save_back(self.host.record, force=force)
            self.host.put("dirty", False)
            return own
        target = Path(path)
        editing.save_deal(target, None, editing.detached(self.host.record), force=force)
        return target

    def save_request(self) -> None:
        """*Save* on the page: :meth:`save`, and what the save had to say (the file had
        changed elsewhere, a stale temporary file removed …) said on the board, where the
        person who saved is."""
        with warnings.catch_warnings(record=True) as heard:
            warnings.simplefilter("always", SaveNotice)
            where = self.save()
        notes = " ".join(str(w.message) for w in heard if issubclass(w.category, SaveNotice))
        text = say("notice.saved", file=where.name)
        self.host.tell(
            "saved", say("notice.saved_notes", saved=text, notes=notes) if notes else text
        )

    def save_as(self, path: str) -> None:
        """*Save as* on the page: a copy with the changes into another ``.pmn`` file of the
        deal's folder (:func:`~.requests.page_target`); this deal's own stay unsaved."""
        own = self.path or self.save_to
        target = page_target(own.parent if own is not None else None, path)
        if own is not None and target == own:  # both real paths
            raise BoardError(say("refuse.save_as.own", file=target.name))
        written = self.save(target)
        own_name = self.host.state["file"]
        message = "notice.copied" if own_name else "notice.copied_unnamed"
        self.host.tell("saved", say(message, copy=written.name, file=own_name))

    def reload(self, *, discard: bool = False) -> None:
        """Read the deal again from its file. Changes made here and not saved would be
        lost: they are refused unless ``discard``."""
        own = self.path
        if own is None:
            raise ValueError("this deal was not opened from a file: there is nothing to reload")
        if self.host.state["dirty"] and not discard:
            raise editing.EditError(
                "this deal has changes that are not saved: reload(discard=True) drops them, "
                "or save(path=...) keeps them in another file first"
            )
        record, _, _ = load_record(own, self.index or 1)
        self.host.jobs.forget_scores()
        self.host.board.replace_record(record)
        self.host.put("dirty", False)
        self.host.show(tree_changed=True)

    def reload_request(self) -> None:
        """*Reload* on the page (after a conflict): the file's deal, the changes dropped."""
        self.reload(discard=True)
        self.host.tell("info", say("notice.reloaded"))

    def next_deal(self) -> None:
        """After a deal recorded here: save it (appended to the file, or its place there
        updated), and set up the next one — the occasion, the names and the rules carried
        over, the dealer moved on by the rules of rotation (the result decides it); the
        next save appends that deal to the same file."""
        if not self.host.dealt or not self.host.state["recording"]:
            raise EntryError(say("refuse.next_deal.not_recorded"))
        if self.save_to is None and self.path is None:
            raise EntryError(say("refuse.next_deal.no_file"))
        if self.host.state["dirty"] or self.path is None:
            self.save_request()
        self.save_to = self.path or self.save_to
        form = DealForm(defaults_after(self.host.record))
        self.path, self.index = None, None
        self.host.enter(SetUp(self.host, form))  # first: no job is wanted of a form
        self.host.jobs.forget_scores()
        self.host.put("dirty", False)
