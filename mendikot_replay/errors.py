"""The project's exceptions: one family, so that a caller (and the command line) can catch
everything the toolkit raises on purpose with one ``except MendikotError``.

Each error's message is a plain sentence for a person: what went wrong, where, and what to
do about it. The command line prints it as it is, on one line, never as a traceback.
"""

from __future__ import annotations

__all__ = ["FileChangedError", "MendikotError", "SaveError", "TextError"]


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
