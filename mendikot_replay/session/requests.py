"""Where a page's *save as* may write (:func:`page_target`).

A board can be served to a whole room, and whoever can reach it can type a name: the page's
rule keeps its copies inside the deal's own folder. (Every other field of a request is
checked against the command list, :mod:`.commands`.)
"""

from __future__ import annotations

import os
from pathlib import Path

from ..text import say
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
        raise BoardError(say("refuse.save_as.no_name"))
    if folder is None:
        raise BoardError(say("refuse.save_as.no_folder"))
    if "\0" in name or os.path.isabs(name) or ".." in Path(name).parts:
        raise BoardError(say("refuse.save_as.outside", folder=folder.name))
    if not name.lower().endswith(".pmn"):
        raise BoardError(say("refuse.save_as.not_pmn", name=repr(name)))
    home = folder.resolve()
    place = (home / name).resolve()
    if not place.is_relative_to(home):
        raise BoardError(say("refuse.save_as.link", name=repr(name)))
    if place.exists() and not place.is_file():
        raise BoardError(say("refuse.save_as.not_file", name=repr(name)))
    return place
