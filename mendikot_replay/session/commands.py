"""The command list: every request a board takes, declared once.

A request is what a page sends (``{"do": "play", "card": "TS", "at": 12, "revision": 3}``)
and what Python calls (``viewer.play("TS")``). Each :class:`Command` names it, lists its
fields with their types and limits, says which part of the session carries it out (the
set-up form, the dealing, the board, or the session itself) and by which method, and,
when Python has a method for it, that method's name. So:

- :meth:`~.session.Session.request` finds the command, checks every field against it
  (:meth:`Command.checked`: a wrong one is refused with a sentence naming it, before
  anything changes) and calls the method;
- the notebook widget's methods are made from it (:mod:`~.views.widget.viewer`);
- :func:`describe` is the list as JSON, written to ``views/static/requests.json`` for the
  page, whose every ``send`` is checked against it by the Node tests.

Adding a request is one entry here and one method on the part that carries it out
(endplay's ``CommandObject``, a command with its converters, is the model).

>>> COMMANDS["play"].checked({"do": "play", "card": "TS"})
{'card': 'TS', 'ask': False}
>>> try:
...     COMMANDS["nag"].checked({"do": "nag", "nag": 300})
... except BoardError as refused:
...     print(refused)
the page sent nag = 300, not a whole number from 0 to 255: nothing was done
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from ..errors import TextError
from ..pmn.entry import EntryError
from ..pmn.syntax import checked_text
from ..text import say
from .board import BoardError
from .options import options_json

__all__ = ["COMMANDS", "REQUIRED", "Command", "Field", "Part", "describe"]

FieldKind = Literal["text", "number", "numbers", "flag", "answers", "value"]
"""A field's type: text, a whole number, a list of whole numbers, true or false, the set-up
form's answers (an object), or any JSON value (an option's, checked by the option)."""

Part = Literal["session", "file", "form", "dealing", "board"]
"""Which part of the session carries a command out: the session itself (stepping, options),
the deal's file (saving, reading again, the next deal), the set-up form of a new deal, the
dealing of its hands, or the board."""

REQUIRED: Final = object()
"""A field's default when the request must carry it."""

MOST_TEXT: Final = 100_000
"""The longest text a field takes (a comment of a hundred thousand characters is a
mistake, not a note, and the file keeps every character of what it takes)."""

MOST_NUMBER: Final = 1_000_000
"""The largest whole number a field takes unless it says less: more than any tree's
cards, so that a page can never make the kernel count to 10**30."""


@dataclass(frozen=True)
class Field:
    """One field of a request."""

    name: str
    kind: FieldKind
    default: Any = REQUIRED
    param: str = ""
    """The Python parameter it is passed as ("" : the same name)."""
    most: int | None = None
    """The longest text or list, or the largest number (``None``: the kind's own bound)."""
    blank_is_none: bool = False
    """An empty text stands for ``None`` (no seat, no glyph)."""

    def checked(self, content: Mapping[str, Any]) -> Any:
        value = content.get(self.name)
        if self.kind == "value":
            return value
        if self.kind == "flag":
            value = content.get(self.name, None if self.default is REQUIRED else self.default)
            if not isinstance(value, bool):
                raise self._wrong(value, say("refuse.kind.flag"))
            return value
        if self.kind == "answers":
            if not isinstance(value, Mapping):
                raise EntryError(say("refuse.no_answers"))
            return value
        if self.kind == "text":
            if value is None:
                return None if self.blank_is_none else ""
            if not isinstance(value, str):
                raise self._wrong(value, say("refuse.kind.text"))
            most = self.most or MOST_TEXT
            if len(value) > most:
                raise BoardError(
                    say(
                        "refuse.too_long",
                        name=self.name,
                        length=f"{len(value):,}",
                        most=f"{most:,}",
                    )
                )
            try:
                text = checked_text(value, self.name)
            except TextError as exc:  # half an emoji: refused here, not at every later save
                raise BoardError(say("refuse.nothing_done", reason=exc)) from None
            return None if self.blank_is_none and not text else text
        most = self.most if self.most is not None else MOST_NUMBER
        if self.kind == "numbers":
            if (
                not isinstance(value, list)
                or len(value) > MOST_NUMBER
                or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
            ):
                raise self._wrong(value, say("refuse.kind.numbers"))
            if any(not 0 <= v <= most for v in value):
                raise self._wrong(value, say("refuse.kind.numbers_to", most=f"{most:,}"))
            return value
        if value is None and self.default is not REQUIRED:
            return self.default
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._wrong(value, say("refuse.kind.number"))
        if not 0 <= value <= most:
            raise self._wrong(value, say("refuse.kind.number_to", most=f"{most:,}"))
        return value

    def _wrong(self, value: object, what: str) -> BoardError:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return BoardError(say("refuse.wrong_field", name=self.name, value=shown, what=what))

    def described(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind}
        if self.default is REQUIRED:
            out["required"] = True
        if self.most is not None:
            out["most"] = self.most
        return out


@dataclass(frozen=True)
class Command:
    """One request: its name (the page's ``do``), its fields, the part of the session and
    the method that carry it out, and the Python method made of it (``python``; "" when
    Python has none: the page's stepping and option bar are synced traits there)."""

    name: str
    part: Part
    method: str
    doc: str
    fields: tuple[Field, ...] = ()
    python: str = ""
    returns: Literal["viewer", "value"] = "viewer"
    """What the Python method returns: the viewer (so calls chain, and a cell ending in one
    shows the board), or the method's own value."""
    stands: bool = field(default=True)
    """The request is made at a card (``at``) of the tree the page had (``revision``): the
    board goes there first, and refuses a request about a tree that has changed since."""

    def checked(self, content: Mapping[str, Any]) -> dict[str, Any]:
        """The request's fields as the method's keyword arguments, each checked (a wrong
        one is a :class:`~.board.BoardError` naming it: nothing is done)."""
        return {f.param or f.name: f.checked(content) for f in self.fields}

    def described(self) -> dict[str, Any]:
        return {"do": self.name, "part": self.part, "fields": [f.described() for f in self.fields]}


_CARD: Final = Field("card", "text", most=8)
_SEAT: Final = Field("seat", "text", most=2)

_LIST: Final[list[Command]] = [
    # -- the session: stepping, options, the file
    Command(
        "go",
        "session",
        "go",
        "stand after that many cards",
        (Field("step", "number"),),
        stands=False,
    ),
    Command(
        "follow",
        "session",
        "follow",
        "stand on a line of the payload's node ids",
        (Field("path", "numbers"), Field("step", "number")),
        stands=False,
    ),
    Command(
        "option",
        "session",
        "set_option",
        "set one option",
        (Field("name", "text", most=40), Field("value", "value")),
    ),
    Command("save", "file", "save_request", "save the deal into its file"),
    Command("reload", "file", "reload_request", "read the deal again, dropping changes"),
    Command(
        "save_as",
        "file",
        "save_as",
        "copy the deal, with its changes, into another file of its folder",
        (Field("path", "text", most=4096),),
    ),
    # -- a new deal's set-up
    Command("start", "form", "start", "the set-up's form answered", (Field("answers", "answers"),)),
    # -- the dealing
    Command(
        "give",
        "dealing",
        "give",
        "deal one card to a seat (the seat selected: it moves on when its hand is full)",
        (_CARD, Field("seat", "text", default=None, most=2, blank_is_none=True)),
        python="give",
    ),
    Command(
        "take", "dealing", "take", "take a dealt card back into the pack", (_CARD,), python="take"
    ),
    Command(
        "select", "dealing", "select", "send the next cards to a seat", (_SEAT,), python="select"
    ),
    Command(
        "paste",
        "dealing",
        "paste",
        'deal the hands of a Hands/PBN string ("A:AK.QJ.T9.8 B:…") at once',
        (Field("text", "text", param="hands", most=2000),),
        python="paste",
    ),
    Command(
        "deal",
        "dealing",
        "deal",
        'give a seat its whole hand ("AJ86532.42.A4.Q9": suits S.H.D.C, 10 accepted)',
        (_SEAT, Field("hand", "text", most=200)),
        python="deal",
    ),
    Command(
        "trump",
        "dealing",
        "set_trump",
        "the trump, as its method gives it: a suit or the card turned up (Drawn, FaceUp), "
        "or the card the holder lays face down (Closed)",
        (
            Field("suit", "text", default=None, most=2, blank_is_none=True),
            Field("card", "text", default=None, most=8, blank_is_none=True),
        ),
        python="set_trump",
    ),
    # -- the board
    Command(
        "play",
        "board",
        "play",
        'play a card ("TS"; "^T7D" asks for the closed trump with it, version B) where the '
        "board stands: the next card of the line steps on, a card that starts a variation "
        "enters it, any other legal card starts a new variation (at the end of a line: the "
        "line goes on); an illegal card is refused with the engine's reason",
        (_CARD, Field("ask", "flag", default=False)),
        python="play",
    ),
    Command(
        "best", "board", "best", "play a card that keeps the double-dummy outcome", python="best"
    ),
    Command(
        "playout",
        "board",
        "play_out",
        "best cards from here to the end of the deal",
        python="play_out",
    ),
    Command("back", "board", "back", "one card back along the line shown"),
    Command("undo", "board", "undo", "take the last recorded card back", python="undo"),
    Command(
        "promote",
        "board",
        "promote",
        "make the line through the current card the main line (the old one is kept as a variation)",
        python="promote",
    ),
    Command(
        "delete",
        "board",
        "delete",
        "delete the variation the board stands in; it goes to the card before it",
        python="delete_variation",
    ),
    Command(
        "comment",
        "board",
        "comment",
        "add a comment after the current card (at the start: on the deal); with index, "
        "replace that comment (an empty text deletes it)",
        (Field("text", "text"), Field("index", "number", default=None, most=100_000)),
        python="comment",
        returns="value",
    ),
    Command(
        "uncomment",
        "board",
        "uncomment",
        "delete a comment of the current card",
        (Field("index", "number", most=100_000),),
    ),
    Command(
        "glyph",
        "board",
        "glyph",
        "mark the current card !, ?, !!, ??, !? or ?! (none: the mark removed)",
        (Field("glyph", "text", most=2, blank_is_none=True),),
        python="glyph",
        returns="value",
    ),
    Command(
        "nag",
        "board",
        "nag",
        "add NAG $nag to the current card ($20-$29: Mendikot observations); on=false removes it",
        (Field("nag", "number", most=255), Field("on", "flag", default=True)),
        python="nag",
        returns="value",
    ),
    Command(
        "annotate",
        "board",
        "annotate",
        "write what the deal teaches into it: the strategy points and the solver's "
        "verdicts, as annotate --dd does (nothing already there is edited); returns how many "
        "points were added",
        python="annotate",
        returns="value",
    ),
    Command(
        "next_deal", "file", "next_deal", "save the deal recorded here and set up the next one"
    ),
]

COMMANDS: Final[Mapping[str, Command]] = {command.name: command for command in _LIST}
"""Every request by its name (the page's ``do``)."""


def describe() -> dict[str, Any]:
    """The command list and the options as JSON: ``views/static/requests.json`` (a test
    keeps that file equal to this)."""
    return {
        "commands": [command.described() for command in _LIST],
        "context": ["do", "at", "revision"],
        "options": options_json(),
    }
