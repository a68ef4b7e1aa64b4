"""The words a person reads, made in one place: a message identifier and its values.

Every sentence the package shows (a step of the board, a result, where a ten is, the names
of suits and cards …) is :func:`say` of an identifier of :data:`~.messages.MESSAGES`, with
its values (``say("step.lead", trick=4, who="B", card=...)``). English is the source; a
language is a gettext catalog (``locale/<code>/LC_MESSAGES/mendikot.mo``, compiled from its
``.po`` by Babel, ``scripts/messages.py``), looked up with the identifier as context
(``pgettext``) so that the same English in two places can be said two ways. The language is
chosen with :func:`language` (a context, for one rendering) or ``MENDIKOT_LANG``.

``qps`` is a pseudo-language made from the sources: every message marked ``⟦…⟧``. Shown in
it, a page or a terminal whose text is all the text layer's has no English left outside the
marks (``tests/test_text.py``).

>>> say("suit.hearts")
'hearts'
>>> with language("qps"):
...     say("step.start", turn=say("step.to_play", who="A"))
'⟦Start of the deal: ⟦A to play⟧.⟧'
"""

from __future__ import annotations

from .catalog import (
    DOMAIN,
    LANGUAGE_ENV,
    LOCALE,
    PSEUDO,
    current_language,
    language,
    page_words,
    say,
    say_list,
    say_n,
    template,
)

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
