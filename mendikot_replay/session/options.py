"""The options a user sets on a board, each declared once: its name, default, kind and check.

The session keeps them in its state, the notebook widget makes one synced trait of each
(:mod:`~.views.widget.viewer` builds them from :data:`OPTIONS`), and the page reads the
same list from :func:`options_json` (exported beside the command list), so a new option is
one entry here.

>>> check_option("scale", 1.6, seats=["A", "B", "C", "D"])
1.6
>>> check_option("quiz_seat", "b", seats=["A", "B", "C", "D"])
'B'
>>> check_option("scale", 9, seats=[])
Traceback (most recent call last):
...
ValueError: scale 9 is out of range (0.5 to 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from ..analysis.odds import DEFAULT_SAMPLES, MOST_WORLDS
from .chance_view import QUIZ_GRADES

__all__ = [
    "DEFAULTS",
    "OPTIONS",
    "PROJECTOR_SCALE",
    "SEATED",
    "Option",
    "check_option",
    "options_json",
]

PROJECTOR_SCALE: Final = 1.6
"""The ``scale`` of large print for a class."""

Kind = Literal["flag", "number", "count", "seat", "seats", "choice"]
"""What an option's value is: true or false, a number in a range, a whole number (``None``
allowed when :attr:`Option.optional`), a seat ("" for none), a list of seats, one of
:attr:`Option.choices`."""


@dataclass(frozen=True)
class Option:
    """One option: what a user can set, from Python or the page's option bar."""

    name: str
    default: Any
    kind: Kind
    doc: str
    low: float | None = None
    high: float | None = None
    optional: bool = False
    choices: tuple[str, ...] = ()
    why: str = ""
    """Said with a value out of range, when the bound needs a reason."""

    def check(self, value: Any, seats: Sequence[str]) -> Any:
        """``value`` as the session keeps it, or a ``ValueError`` that says what is wrong
        (a page, or anything that reaches it, may send anything)."""
        name = self.name
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise ValueError(f"{name} is true or false, not {value!r:.30}")
            return value
        if self.kind == "seats":
            if not isinstance(value, (list, tuple)) or not all(isinstance(s, str) for s in value):
                raise ValueError(f"{name} is a list of seats")
            wanted = [s.upper() for s in value]
            unknown = [s for s in wanted if s not in seats]
            if unknown:
                raise ValueError(f"no seat {', '.join(unknown)} at this table")
            return [s for s in seats if s in wanted]
        if self.kind == "seat":
            seat = str(value or "").upper()
            if seat and seat not in seats:
                raise ValueError(f"no seat {seat} at this table")
            return seat
        if self.kind == "choice":
            if value not in self.choices:
                raise ValueError(f"{name} is one of {', '.join(self.choices)}, not {value!r}")
            return value
        if self.kind == "number":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise ValueError(f"{name} is a number, not {value!r:.30}")
            assert self.low is not None and self.high is not None
            if not self.low <= float(value) <= self.high:
                raise ValueError(f"{name} {value} is out of range ({self.low:g} to {self.high:g})")
            return float(value)
        if value is None and self.optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} is a whole number, not {value!r:.30}")
        if self.low is not None and self.high is not None and not self.low <= value <= self.high:
            raise ValueError(f"{name} must be from {self.low:,.0f} to {self.high:,.0f}{self.why}")
        if self.low is not None and value < self.low:
            raise ValueError(f"{name} must be {self.low:.0f} or more{self.why}")
        return value

    def described(self) -> dict[str, Any]:
        """The option as JSON, for the page."""
        out: dict[str, Any] = {"name": self.name, "default": self.default, "kind": self.kind}
        for key in ("low", "high", "optional", "choices"):
            value = getattr(self, key)
            if value not in (None, False, ()):
                out[key] = list(value) if isinstance(value, tuple) else value
        return out


_LIST: Final[list[Option]] = [
    Option("hidden_seats", [], "seats", "hands drawn as card backs"),
    Option("show_played", True, "flag", "played cards greyed (else left out)"),
    Option("scale", 1.0, "number", "the board's size (1.6: a projector)", low=0.5, high=4.0),
    Option(
        "presentation",
        False,
        "flag",
        "a class at a projector: the question and the table fill the screen, in print a "
        "room can read, the options behind one menu",
    ),
    Option("four_color", False, "flag", "a four-colour deck (suit signs always shown)"),
    Option("quiz_seat", "", "seat", '"what would you play?" for that seat ("": no quiz)'),
    Option("analyse", False, "flag", "the solver's value on each card of the player to move"),
    Option("chances", False, "flag", "the graph of A/C's single-dummy chances"),
    Option(
        "chance_samples",
        DEFAULT_SAMPLES,
        "count",
        "worlds drawn for a position where more fit than are solved one by one",
        low=1,
        high=MOST_WORLDS,
    ),
    Option("chance_seed", 0, "count", "the seed the worlds are drawn from"),
    Option(
        "chance_max_tricks",
        None,
        "count",
        "score only the cards played with at most this many tricks left (None: all)",
        low=1,
        optional=True,
        why=" (or None: all)",
    ),
    Option(
        "quiz_grade",
        "chances",
        "choice",
        'what grades the quiz: the chances from the player\'s view, or "double-dummy"',
        choices=tuple(QUIZ_GRADES),
    ),
]

OPTIONS: Final[Mapping[str, Option]] = {option.name: option for option in _LIST}
"""Every option by name, in the order the option bar shows them."""

DEFAULTS: Final[Mapping[str, Any]] = {option.name: option.default for option in _LIST}
"""The options' defaults, by name."""

SEATED: Final = tuple(o.name for o in _LIST if o.kind in ("seat", "seats"))
"""The options checked against the table's seats (set once the deal is known)."""


def check_option(name: str, value: Any, seats: Sequence[str]) -> Any:
    """``value`` for option ``name`` as kept, or a ``ValueError`` (see :meth:`Option.check`)."""
    option = OPTIONS.get(name) if isinstance(name, str) else None
    if option is None:
        raise ValueError(f"no option {name!r}")
    return option.check(value, seats)


def options_json() -> list[dict[str, Any]]:
    """Every option as JSON, for the page and the worker."""
    return [option.described() for option in _LIST]
