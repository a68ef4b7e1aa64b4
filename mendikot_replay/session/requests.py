"""A request from a page, checked field by field before a board acts on it.

A board can be served to a whole room, and anything that reaches the kernel (or a browser
worker) can send any JSON: every field is checked for its type here, and a wrong one is
a :class:`~.board.BoardError` that names it (shown on the board), never a ``TypeError``
deep inside. :func:`page_target` is the page's rule for "save as".
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from ..errors import TextError
from ..pmn.syntax import checked_text
from .board import BoardError

__all__ = ["Fields", "page_target"]


class Fields:
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

    def numbers(self, name: str) -> list[int]:
        """A list of whole numbers (a line of node ids)."""
        value = self.content.get(name)
        if not isinstance(value, list) or any(
            isinstance(v, bool) or not isinstance(v, int) for v in value
        ):
            raise self._wrong(name, value, "a list of whole numbers")
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
