"""Many screens on one session: each sees only what it may.

A session can be shown on several screens at once — the teacher's projector and every
student's phone, a player and the kibitzers. A :class:`Screen` is one of them: the whole
board (the teacher, the analyst), or one seat's knowledge (:func:`seen_by`: the cards that
seat holds and the cards played, the position its player is asked about), read-only or not.
The session tells every screen which names of its state changed; a screen's
:meth:`~Screen.changes` gives them as that screen may see them, so a seat's screen never
carries another seat's hidden cards (``tests/test_screens.py`` checks every step of every
sample for every seat).

>>> from mendikot_replay.session.session import Session
>>> session = Session('''[Dealer "D"]
... [TrumpMethod "None"]
... [Start "trick 13; tens 2-1; tricks 6-6"]
... [Hands "A:T... B:A... C:.2.. D:..2."]
... [Play "A"]
... 13. A: TS AS 2H 2D''')
>>> student = session.screen("C", read_only=True)
>>> student.state()["data"]["steps"][0]["hands"]
{'A': None, 'B': None, 'C': ['2H'], 'D': None}
>>> student.handle({"do": "play", "card": "TS"})["refused"]
'this screen only watches: the board is played from the teacher’s screen'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Protocol

from ..text import say

__all__ = ["PUBLIC", "Screen", "ScreenHost", "seen_by"]

PUBLIC: Final = frozenset(
    {
        "path",
        "step",
        "scale",
        "presentation",
        "four_color",
        "show_played",
        "file",
        "dirty",
        "recording",
        "quiz_seat",
        "quiz_grade",
        "words",
    }
)
"""The names of the state a seat's screen sees as they are (``data`` is cut for it; the
solver's values, the chances, the hidden seats and the notices are not its to see: they
are worked out, or said, with every hand known)."""

_BLANK: Final[Mapping[str, Any]] = {
    "analysis": {},
    "chance_graph": {},
    "quiz_odds": {},
    "notice": {},
    "hidden_seats": [],
    "analyse": False,
    "chances": False,
}


class ScreenHost(Protocol):
    """The session, as a screen sees it."""

    state: dict[str, Any]

    def request(self, content: Any) -> None: ...

    def forget(self, screen: Screen) -> None: ...


class Screen:
    """One screen on a session (see the module docstring)."""

    def __init__(self, host: ScreenHost, seat: str | None, *, read_only: bool) -> None:
        if seat is not None and seat not in host.state["data"].get("seats", [seat]):
            raise ValueError(f"no seat {seat} at this table")
        self.host = host
        self.seat = seat
        self.read_only = read_only
        self.changed: set[str] = set(host.state)
        """The names of the state changed since this screen's last :meth:`changes`."""

    def state(self) -> dict[str, Any]:
        """The whole state, as this screen may see it."""
        return seen_by(self.host.state, self.seat)

    def changes(self) -> dict[str, Any]:
        """What changed since the last call, as this screen may see it."""
        if not self.changed:
            return {}
        seen = self.state()
        out = {name: seen[name] for name in sorted(self.changed) if name in seen}
        if self.seat is not None and "step" in self.changed:
            out["data"] = seen["data"]  # a seat's payload ends at the card shown
        self.changed.clear()
        return out

    def close(self) -> None:
        """The screen is gone (a phone left the class): the session stops telling it."""
        self.host.forget(self)

    def handle(self, message: Any) -> dict[str, Any]:
        """A request from this screen and what changed for it. A read-only screen's
        requests are refused to it alone (the board's own notice is not touched)."""
        if isinstance(message, Mapping) and message.get("do") == "state":
            self.changed.clear()
            return {"changes": self.state()}
        if self.read_only:
            return {"changes": self.changes(), "refused": say("screen.read_only")}
        self.host.request(message)
        return {"changes": self.changes()}


def seen_by(state: Mapping[str, Any], seat: str | None) -> dict[str, Any]:
    """``state`` as ``seat``'s player may see it (``None``: the whole board, as it is).

    The payload ends at the card shown, each step with ``seat``'s own hand and the cards
    played (every other hand ``None``, its size in ``held``), a closed trump's card only
    for its holder until it is shown, the tens not played "in a hand" without saying whose,
    no notes, marks or legal cards of another seat; a deal being dealt shows ``seat``'s
    hand alone. What is worked out with every hand known is left out."""
    if seat is None:
        return dict(state)
    out = {name: value for name, value in state.items() if name in PUBLIC}
    out.update(_BLANK)
    data = state.get("data", {})
    if data.get("steps"):
        out["data"], out["path"], out["step"] = _board_seen(data, state, seat)
    elif "entry" in data:  # the dealing
        entry = data["entry"]
        hands = entry["hands"]
        out["data"] = {
            **data,
            "entry": {
                **entry,
                "hands": {s: (cards if s == seat else None) for s, cards in hands.items()},
                "held": {s: len(cards) for s, cards in hands.items()},
                "pack": [],
                "trump_card": entry["trump_card"]
                if entry["closed_holder"] in (None, seat)
                else None,
            },
        }
    else:
        out["data"] = dict(data)
    return out


def _board_seen(
    data: Mapping[str, Any], state: Mapping[str, Any], seat: str
) -> tuple[dict[str, Any], list[int], int]:
    path = list(state.get("path") or [0])
    step = min(max(int(state.get("step", 0)), 0), len(path) - 1)
    steps = [_step_seen(data["steps"][n], k, seat) for k, n in enumerate(path[: step + 1])]
    last = steps[-1]
    ended = not steps[-1]["legal"] and last.get("result") is not None
    view = {
        **{k: v for k, v in data.items() if k not in _CUT},
        "start_hands": steps[0]["hands"],
        "steps": steps,
        "main_line": list(range(len(steps))),
        "dead_ends": [],
        "tricks": [],
        "points": [],
        "ten_steps": [],
        "note_steps": [],
        "trick_ends": [k for k, s in enumerate(steps) if s["winner"] is not None],
        "deal_comments": [],
        "result": last.get("result") if ended else None,
        "seen_by": seat,
    }
    return view, list(range(len(steps))), len(steps) - 1


_NO_NOTES: Final[Mapping[str, Any]] = {
    "comments": [],
    "glyph": None,
    "nags": [],
    "points": [],
    "commands": [],
    "own": [],
}

_CUT: Final = frozenset(
    {
        "start_hands",
        "steps",
        "main_line",
        "dead_ends",
        "tricks",
        "points",
        "ten_steps",
        "note_steps",
        "trick_ends",
        "deal_comments",
        "result",
    }
)


def _step_seen(step: Mapping[str, Any], k: int, seat: str) -> dict[str, Any]:
    hands = step["hands"]
    mine = step.get("to_play") == seat
    trump = dict(step["trump"])
    if trump.get("status") == "hidden" and trump.get("holder") != seat:
        trump["card"] = trump["suit"] = None  # face down: its holder alone knows it
    card = dict(step["card"]) if step.get("card") else None
    if card is not None:
        card["glyph"] = None
    return {
        **step,
        "id": k,
        "parent": k - 1 if k else None,
        "children": [],
        "main": True,
        "depth": 0,
        "hands": {s: (cards if s == seat else None) for s, cards in hands.items()},
        "held": {s: len(cards) if cards is not None else None for s, cards in hands.items()},
        "trump": trump,
        "card": card,
        "notes": dict(_NO_NOTES),
        "ledger": [_ten_seen(t, seat) for t in step["ledger"]],
        "legal": step["legal"] if mine else [],
        "asks": step["asks"] if mine else [],
    }


def _ten_seen(ten: Mapping[str, Any], seat: str) -> dict[str, Any]:
    if ten.get("where") != "hand" or ten.get("holder") == seat:
        return dict(ten)
    return {**ten, "holder": None, "text": say("fate.not_yours")}
