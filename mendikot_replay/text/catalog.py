"""The text layer's mechanism: the language in force and the catalog it reads.

:func:`say` looks a message up by its identifier (``pgettext`` context) in the catalog of
the language in force, English (the source, :data:`~.messages.MESSAGES`) where a catalog has
none; :func:`language` sets the language for a block, in this thread; ``qps`` marks every
message (see the package's docstring).
"""

from __future__ import annotations

import contextlib
import gettext
import os
import threading
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import Final

from .messages import MESSAGES, PLURALS

__all__ = [
    "DOMAIN",
    "LANGUAGE_ENV",
    "LOCALE",
    "PSEUDO",
    "current_language",
    "language",
    "page_words",
    "say",
    "say_list",
    "say_n",
    "template",
]

LANGUAGE_ENV: Final = "MENDIKOT_LANG"
"""The environment variable that picks the language when no :func:`language` is in force."""

PSEUDO: Final = "qps"
"""The pseudo-language: every message marked, for the tests that look for unmarked text."""

DOMAIN: Final = "mendikot"
LOCALE: Final = Path(__file__).resolve().parent / "locale"

_local = threading.local()


class _Pseudo(gettext.NullTranslations):
    """Every message marked ``⟦…⟧``: text outside the marks was not made by the text layer."""

    def pgettext(self, context: str, message: str) -> str:
        return f"\u27e6{message}\u27e7"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"\u27e6{msgid1 if n == 1 else msgid2}\u27e7"


@cache
def _catalog(code: str) -> gettext.NullTranslations:
    """The catalog of language ``code`` (English, the source, when there is none)."""
    if code == PSEUDO:
        return _Pseudo()
    return gettext.translation(DOMAIN, LOCALE, languages=[code], fallback=True)


def current_language() -> str:
    """The language in force: the innermost :func:`language`, else ``MENDIKOT_LANG``, else
    English (``en``)."""
    code: str | None = getattr(_local, "code", None)
    return code or os.environ.get(LANGUAGE_ENV, "") or "en"


@contextlib.contextmanager
def language(code: str) -> Iterator[None]:
    """Say everything in language ``code`` inside the block (in this thread)."""
    before = getattr(_local, "code", None)
    _local.code = code
    try:
        yield
    finally:
        _local.code = before


def template(message: str, /) -> str:
    """Message ``message`` of :data:`~.messages.MESSAGES` in the language in force, its
    ``{placeholders}`` not filled (for a view that escapes the words before the values go
    in, as an HTML page does)."""
    return _catalog(current_language()).pgettext(message, MESSAGES[message])


def say(message: str, /, **values: object) -> str:
    """Message ``message`` of :data:`~.messages.MESSAGES` in the language in force, its
    ``{placeholders}`` filled with ``values``."""
    text = template(message)
    return text.format(**values) if values else text


def page_words() -> dict[str, object]:
    """What a page needs to speak the language in force: ``{}`` for English (the page has
    the source), else ``$lang`` and every message (each message with a number as its two
    forms, for one and for many) as the language says it — the page fills them itself
    (``static/words.js``)."""
    code = current_language()
    catalog = _catalog(code)
    if code == "en" or type(catalog) is gettext.NullTranslations:
        return {}
    words: dict[str, object] = {"$lang": code}
    for message, english in MESSAGES.items():
        words[message] = catalog.pgettext(message, english)
    for message, (one, many) in PLURALS.items():
        words[message] = [
            catalog.npgettext(message, one, many, 1),
            catalog.npgettext(message, one, many, 5),
        ]
    return words


def say_list(items: Sequence[str]) -> str:
    """Items in a list, as the language joins them ("a, b, c"; "" for none)."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = say("list.more", first=text, more=item)
    return text


def say_n(message: str, count: int, /, **values: object) -> str:
    """A message with a number, in the form the language gives that number ("1 trick",
    "2 tricks"); ``{count}`` and ``values`` fill it."""
    one, many = PLURALS[message]
    text = _catalog(current_language()).npgettext(message, one, many, count)
    return text.format(count=count, **values)
