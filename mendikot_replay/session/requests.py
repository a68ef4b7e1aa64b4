"""Where a page's *save as* may write (:func:`page_target`).

A board can be served to a whole room, and whoever can reach it can type a name: the page's
rule keeps its copies inside the deal's own folder. (Every other field of a request is
checked against the command list, :mod:`.commands`.)
"""

from __future__ import annotations

import os
from pathlib import Path

from .board import BoardError

__all__ = ["page_target"]


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
