r"""Text from a file (player names, comments, tag values) made safe to show.

A PMN file is somebody else's text: a name can hold an escape sequence that retitles the
terminal window or clears the screen, or a RIGHT-TO-LEFT OVERRIDE that mirrors every word
after it. The views put such text on screens, so they all take it through the two functions
here rather than each inventing its own rule:

* :func:`visible`, for a terminal: every control character becomes a visible escape, written
  as Python writes it in a string literal (``\x1b``, ``\u202e``), so nothing a file says can
  drive the terminal, and a reader still sees that the character is there;
* :func:`isolate`, for text that a page or picture lays out: the user text is wrapped in
  FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE, so its direction stays inside it. HTML
  views put user text in ``<bdi>`` elements as well; a plain string (SVG text, a sentence
  of the viewer's JSON payload) has only the characters.

>>> visible("Asha\x1b]0;pwned\x07 \u202eevil")
'Asha\\x1b]0;pwned\\x07 \\u202eevil'
>>> isolate("Asha\u202e") == "\u2068Asha\u202e\u2069"
True
"""

from __future__ import annotations

import json
import re
from typing import Any, Final

#: FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: what :func:`isolate` wraps text in.
FSI: Final = "\u2068"
PDI: Final = "\u2069"

# The characters a terminal may act on or that change the direction of what follows:
# C0 controls (tab and newline too: a piece of text is shown on one line), DEL, C1 controls
# (U+009B is a CSI on some terminals), the bidi marks, embeddings, overrides and isolates,
# the line and paragraph separators, and lone surrogates (a UTF-8 terminal cannot be sent
# one at all: printing it fails).
_CONTROL: Final = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)
_SHORT: Final = {"\t": "\\t", "\n": "\\n", "\r": "\\r"}
_OPENERS: Final = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _SHORT:
        return _SHORT[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str) -> str:
    r"""``text`` for a terminal: control characters as visible escapes (``\x1b``, ``\t``,
    ``\u202e``: each names its one code point). A backslash of the text is kept as it is,
    not doubled as ``repr`` doubles it: a path in a comment stays readable, and so do the
    reader's messages, which already quote a bad value with ``repr``. Text without control
    characters is unchanged.

    >>> print(visible("clear\x1b[2J tab\there \x9b31m C:\\deals"))
    clear\x1b[2J tab\there \x9b31m C:\deals
    """
    return _CONTROL.sub(_escape, text)


def isolate(text: str) -> str:
    """``text`` between FSI and PDI, so that its direction cannot spill into the sentence
    around it (an override or embedding opened inside ends at the PDI).

    The isolates inside are balanced first: a PDI of the text's own that closes nothing
    would close ours early (and with it the isolation, whatever follows), so it is dropped;
    an isolate the text opens and never closes is closed before ours, which would otherwise
    close it instead. Empty text stays empty: there is nothing to isolate.

    >>> [hex(ord(c)) for c in isolate("\\u2069\\u202eB")]
    ['0x2068', '0x202e', '0x42', '0x2069']
    >>> [hex(ord(c)) for c in isolate("\\u2067B")]
    ['0x2068', '0x2067', '0x42', '0x2069', '0x2069']
    """
    if not text:
        return text
    kept: list[str] = []
    depth = 0
    for char in text:
        if char in _OPENERS:
            depth += 1
        elif char == PDI:
            if not depth:
                continue
            depth -= 1
        kept.append(char)
    return FSI + "".join(kept) + PDI * depth + PDI


def pieces(sentence: str) -> list[tuple[str, bool]]:
    """A sentence made here, cut into its own words and the user text it quotes (each
    piece :func:`isolate` wrapped, marks included): ``(text, is_user_text)`` pairs, for a
    page that puts each quoted piece in a ``<bdi>`` of its own.

    >>> pieces("captured by " + isolate("Divya") + " in trick 4")
    [('captured by ', False), ('\u2068Divya\u2069', True), (' in trick 4', False)]
    """
    out: list[tuple[str, bool]] = []
    plain: list[str] = []
    piece: list[str] = []
    depth = 0
    for char in sentence:
        if not depth:
            if char == FSI:
                if plain:
                    out.append(("".join(plain), False))
                plain, piece, depth = [], [char], 1
            else:
                plain.append(char)
            continue
        piece.append(char)
        if char in _OPENERS:
            depth += 1
        elif char == PDI:
            depth -= 1
            if not depth:
                out.append(("".join(piece), True))
                piece = []
    if piece:
        out.append(("".join(piece) + PDI * depth, True))
    if plain:
        out.append(("".join(plain), False))
    return out


#: What JSON leaves raw but a terminal may act on: DEL and the C1 controls, the bidi marks,
#: embeddings, overrides and isolates, the line and paragraph separators (JSON itself
#: escapes the C0 controls), and lone surrogates (a UTF-8 stream cannot carry one raw).
_JSON_RAW: Final = re.compile(
    "[\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def json_text(value: Any, **options: Any) -> str:
    r"""``value`` as JSON for a terminal or a pipe: readable letters kept as they are
    (``ensure_ascii=False``: Hindi names stay Hindi), but every character a terminal may
    act on, or that turns the direction of what follows, written as a ``\uXXXX`` escape.
    It is the same JSON to a program (an escape means its character), and nothing a file
    says can drive the terminal it is printed on. ``options`` go to :func:`json.dumps`.

    >>> print(json_text({"A": "Asha\x9b2J \u202eevil आशा"}))
    {"A": "Asha\u009b2J \u202eevil आशा"}
    >>> json.loads(json_text("\u2066x\u2069")) == "\u2066x\u2069"
    True
    """
    return _JSON_RAW.sub(_json_escape, json.dumps(value, ensure_ascii=False, **options))


__all__ = ["FSI", "PDI", "isolate", "json_text", "pieces", "visible"]
