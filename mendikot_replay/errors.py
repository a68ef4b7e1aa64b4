"""The project's exceptions: one family, so that a caller (and the command line) can catch
everything the toolkit raises on purpose with one ``except MendikotError``.

Each error's message is a plain sentence for a person: what went wrong, where, and what to
do about it. The command line prints it as it is, on one line, never as a traceback.
"""

from __future__ import annotations

import importlib
import sys
from types import ModuleType

__all__ = [
    "FileChangedError",
    "MendikotError",
    "MissingLibrary",
    "SaveError",
    "TextError",
    "library",
]


class MendikotError(Exception):
    """The base of every error the toolkit raises on purpose."""


class SaveError(MendikotError, OSError):
    """A file could not be written, or writing it would lose something; nothing was
    changed. (An ``OSError`` too, so that code catching the usual file errors still does.)"""


class FileChangedError(SaveError):
    """The file changed on disk since it was read, in a way a save cannot merge safely
    (the deal being saved was itself changed, or can no longer be told apart): nothing was
    written. Reload the file to see the other changes, or save somewhere else."""


class TextError(MendikotError, ValueError):
    """Text that a PMN file cannot hold, refused where it comes in (a comment, a tag, an
    answer typed to the recorder): not text at all, or holding half a character (a lone
    surrogate, as a damaged emoji or a byte that is not UTF-8 leaves), which no save could
    ever write. Nothing was changed."""


class MissingLibrary(MendikotError, ImportError):
    """A part of the toolkit needs a library this Python does not have; the message says
    which, and how to get it (or, in a browser, that it cannot be had there). In IPython
    and Jupyter it shows as its sentence alone, not as a traceback (``_render_traceback_``,
    IPython's hook for exceptions that know how to say themselves)."""

    def _render_traceback_(self) -> list[str]:
        return [f"{type(self).__name__}: {self}"]


def library(module: str, extra: str, what: str) -> ModuleType:
    """``module`` imported, for ``what`` (a part of the toolkit, said to the person), or
    :class:`MissingLibrary` naming the ``extra`` that installs it. In a browser's Python
    (Pyodide) some libraries have no wheel at all (pandas, NumPy): then the sentence says
    so, and where the part works instead.

    >>> library("json", "tables", "the tables").__name__
    'json'
    >>> library("no_such_library", "tables", "the tables")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mendikot_replay.errors.MissingLibrary: the tables need no_such_library: pip install ...
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        if sys.platform == "emscripten":
            raise MissingLibrary(
                f"{what} need {module}, which Python in a browser cannot have (there is no "
                f"{module} for it here): open this notebook in JupyterLab on a computer "
                "(./dev.sh demo) to use them"
            ) from None
        raise MissingLibrary(
            f"{what} need {module}: pip install 'mendikot-replay[{extra}]'"
        ) from exc
