"""A new deal's set-up, asked as questions: what the terminal recorder asks line by line and
the board's form shows at once (the occasion, the players and their names, the dealer, the
trump method and the house rules), with defaults from the file's last deal, and the
:class:`~.entry.DealEntry` the answers make.

One place for both, so that the two recorders ask the same questions, read the answers the
same way and carry the same things over from one deal to the next: :func:`defaults_after`
a deal is the next deal's set-up (the same occasion, names and rules, the next deal number
of a match, and the dealer the rules of rotation give).
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..core.cards import DECK_SIZES
from ..core.rules import (
    VARIANT_FLAGS,
    Capture,
    Reveal,
    Scoring,
    TrumpMethod,
    deck_table_problem,
    flag_conflicts,
    variant_problem,
)
from ..core.seats import TABLE_SIZES, TABLE_SIZES_TEXT, seats
from ..errors import MendikotError
from .check import check_record
from .entry import DealEntry, EntryError
from .reader import deal_places, read_string
from .record import DealRecord

__all__ = [
    "BASE_DEFAULTS",
    "PLAYER_COUNTS",
    "DealForm",
    "Question",
    "checked_answers",
    "decks",
    "defaults_after",
    "defaults_from_file",
    "entry_from_answers",
    "questions",
    "today",
]


@dataclass(frozen=True)
class Question:
    """One thing a new deal's set-up asks: its ``key`` among the answers, the ``label`` a
    person reads, the ``default`` offered, how an answer is read (``parse``), the
    ``choices`` when there are few, and whether it may be left empty (``optional``)."""

    key: str
    label: str
    default: str
    parse: Callable[[str], str]
    """The answer as it is kept, or :class:`ValueError` with what is wrong."""
    choices: tuple[str, ...] = ()
    optional: bool = False
    """Whether ``-`` leaves it empty."""


def _text(value: str) -> str:
    value = " ".join(value.split())
    if any(ord(c) < 32 or 0x7F <= ord(c) < 0xA0 for c in value):
        raise ValueError("control characters cannot be part of a tag")
    return value


PLAYER_COUNTS: Final = tuple(str(n) for n in TABLE_SIZES)
"""How many play Mendikot, as the set-up's answers write it."""


def _players(value: str) -> str:
    if value.strip() not in PLAYER_COUNTS:
        raise ValueError(f"Mendikot is played by {TABLE_SIZES_TEXT} players, not {value.strip()!r}")
    return value.strip()


def decks(players: int) -> tuple[str, ...]:
    """The decks ``players`` can share out evenly (the answers a deck question offers): one
    pack's up to eight players, two packs' at ten or twelve.

    >>> decks(6), decks(10)
    (('48',), ('100',))
    """
    return tuple(str(d) for d in DECK_SIZES if deck_table_problem(d, players) is None)


def _one_of(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def _choice(names: Sequence[str]) -> Callable[[str], str]:
    """A parser for one of ``names``, spelt in any case, spaces, ``-`` and ``_`` ignored."""

    def parse(value: str) -> str:
        key = re.sub(r"[\s_-]", "", value).lower()
        if not key:
            raise ValueError(f"not answered: one of {_one_of(names)}")
        for name in names:
            if re.sub(r"[\s_-]", "", name).lower() == key:
                return name
        raise ValueError(f"{value.strip()!r} is not one of {_one_of(names)}")

    return parse


def _variant(method: TrumpMethod, reveal: Reveal, capture: Capture) -> Callable[[str], str]:
    """The house rules' parser, under the trump method, version and capture answered before
    (a flag of another method or capture, or two that exclude each other, are refused with
    the rules' own reason: :func:`~..core.rules.flag_conflicts`)."""

    def parse(value: str) -> str:
        flags = [f.strip().lower() for f in re.split(r"[,\s]+", value) if f.strip()]
        why = variant_problem(flags, method, reveal, capture)
        if why is not None:
            raise ValueError(why)
        return ",".join(dict.fromkeys(flags))

    return parse


def _deal_number(value: str) -> str:
    if not re.fullmatch(r"\s*\d{1,9}\s*", value) or int(value) < 1:
        raise ValueError(f"{value.strip()!r} is not a deal number (1, 2, 3 ...)")
    return str(int(value))


def untitled(date: str) -> str:
    """The ``Event`` of a deal whose occasion was left empty: a deal with no name is hard
    to find again in a list of deals, so it is named by its day.

    >>> untitled("2026.12.07"), untitled("")
    ('Deals of 2026.12.07', 'Deals of the day')
    """
    return f"Deals of {date}" if date else "Deals of the day"


def today() -> str:
    """Today as PMN's ``Date`` writes it."""
    return datetime.date.today().strftime("%Y.%m.%d")


BASE_DEFAULTS: Final[dict[str, str]] = {
    "players": "4",
    "dealer": "",  # asked: the file's last deal tells the next dealer, nothing else does
    "method": "Drawn",
    "reveal": "A",
    "capture": "Trick",
    "scoring": "plain",
}


def defaults_after(record: DealRecord) -> dict[str, str]:
    """What the deal after ``record`` most likely shares with it, as answers: the occasion,
    the match (the next deal number), the rules, the names, and the next dealer (by the
    rules of rotation when ``record`` is finished; the same dealer when it is not)."""
    tags = record.tags
    out = {
        key: _safe_text(tags.get(name, ""))
        for key, name in (("event", "Event"), ("site", "Site"), ("date", "Date"))
    }
    match = _safe_text(tags.get("Match", ""))
    if match:
        out["match"] = match
        number = tags.get("Deal", "").strip()
        if re.fullmatch(r"[0-9]{1,9}", number):
            out["deal"] = str(int(number) + 1)
    setup = record.setup
    if setup is None:
        return out
    rules = setup.rules
    out.update(
        players=str(rules.players),
        deck=str(rules.deck),
        method=rules.trump_method.value,
        reveal=rules.reveal.value,
        capture=rules.capture.value,
        variant=",".join(rules.flags),
        scoring=rules.scoring.value,
    )
    for seat in seats(rules.players):
        name = _safe_text(tags.get(seat, ""))
        if name:
            out[f"name {seat}"] = name
    if setup.dealer is not None and setup.start is None:
        if record.timeline is None:
            check_record(record)
        result = record.timeline.result if record.timeline is not None else None
        out["dealer"] = rules.next_dealer(setup.dealer, result) if result else setup.dealer
    return out


def _safe_text(value: str) -> str:
    try:
        return _text(value)
    except ValueError:
        return ""


def defaults_from_file(path: str) -> dict[str, str]:
    """:func:`defaults_after` the last deal of the file at ``path`` (none when the file
    does not exist or its last deal cannot be read), dated today: a deal recorded into a
    file is played today, whenever its last one was (*Next deal* keeps the date of the deal
    before it, :func:`defaults_after`: a score sheet typed up later stays on its day)."""
    last = None
    if os.path.isfile(path):
        try:
            for place in deal_places(path):
                last = place
        except (OSError, MendikotError):
            last = None
    out: dict[str, str] = {}
    if last is not None and last.raw is not None:
        records = read_string(last.raw.decode("utf-8", "replace"))
        if records:
            out = defaults_after(records[0])
    out["date"] = today()
    return out


def questions(defaults: Mapping[str, str], answers: Mapping[str, str]) -> list[Question]:
    """The set-up's questions, given ``answers`` so far (the deck, the names and the
    closed trump's version depend on earlier answers), each offering its default from
    ``defaults`` (:func:`defaults_after` the last deal, say) or :data:`BASE_DEFAULTS`.

    >>> [q.key for q in questions({}, {"method": "Closed"})][4:9]
    ['players', 'deck', 'dealer', 'method', 'reveal']
    """
    d = {**BASE_DEFAULTS, **defaults}
    a = answers
    qs = [
        Question("event", "Event", d.get("event", ""), _text, optional=True),
        Question("site", "Site", d.get("site", ""), _text, optional=True),
        Question("date", "Date (YYYY.MM.DD)", d.get("date", ""), _text, optional=True),
        Question("match", "Match (its deals share it)", d.get("match", ""), _text, optional=True),
    ]
    if a.get("match"):
        same = a["match"] == d.get("match")
        number = d.get("deal", "1") if same else "1"
        qs.append(Question("deal", "Deal number in the match", number, _deal_number))
        profiles = tuple(s.value for s in Scoring)
        scoring = d.get("scoring", "plain")
        qs.append(
            Question(
                "scoring",
                "Match scoring (plain: 1 a deal won; bonus: 1/2/4, graded: 1/2/3 for a "
                "win/mendikot/whitewash; tens: the tens taken)",
                scoring if scoring in profiles else "plain",
                _choice(profiles),
                profiles,
            )
        )
    qs.append(Question("players", "Players", d["players"], _players, PLAYER_COUNTS))
    players = int(a.get("players") or d["players"])
    offered = decks(players)
    if len(offered) > 1:
        deck = d.get("deck", "")
        deck = deck if deck in offered else offered[0]
        qs.append(Question("deck", "Deck", deck, _choice(offered), offered))
    table = seats(players)
    dealer = d["dealer"] if d["dealer"] in table else ""
    qs.append(Question("dealer", "Dealer", dealer, _choice(table), table))
    methods = tuple(m.value for m in TrumpMethod)
    qs.append(Question("method", "Trump method", d["method"], _choice(methods), methods))
    if a.get("method") == TrumpMethod.CLOSED.value:
        versions = tuple(r.value for r in Reveal)
        qs.append(
            Question(
                "reveal",
                "Closed trump version (A: turned up by itself, B: on request)",
                d["reveal"],
                _choice(versions),
                versions,
            )
        )
    captures = tuple(c.value for c in Capture)
    qs.append(Question("capture", "Capture", d["capture"], _choice(captures), captures))
    settings = (
        TrumpMethod(a.get("method") or d["method"]),
        Reveal(a.get("reveal") or d["reveal"]),
        Capture(a.get("capture") or d["capture"]),
    )
    flags = tuple(f for f in VARIANT_FLAGS if not flag_conflicts([f], *settings))
    qs.append(
        Question(
            "variant",
            f"House rules ({', '.join(flags)}; Enter: none)",
            d.get("variant", ""),
            _variant(*settings),
            flags,
            optional=True,
        )
    )
    for seat in table:
        qs.append(
            Question(
                f"name {seat}",
                f"{seat}'s name",
                d.get(f"name {seat}", ""),
                _text,
                optional=True,
            )
        )
    return qs


def entry_from_answers(answers: Mapping[str, str], defaults: Mapping[str, str]) -> DealEntry:
    """The new deal ``answers`` describe (each answer as a :class:`Question` parsed it),
    no card dealt yet."""
    a = answers
    active = {q.key for q in questions(defaults, answers)}
    players = int(a["players"])
    table = seats(players)
    method = a["method"]
    entry = DealEntry.new(
        players=players,
        deck=int(a["deck"]) if "deck" in active else None,
        dealer=a["dealer"],
        trump_method=method,
        reveal=a.get("reveal") if method == TrumpMethod.CLOSED.value else None,
        capture=a["capture"],
        variant=tuple(f for f in a.get("variant", "").split(",") if f),
        names={s: a[f"name {s}"] for s in table if a.get(f"name {s}")},
        event=a.get("event") or untitled(a.get("date", "")),
        site=a.get("site") or None,
        date=a.get("date") or None,
        scoring=a.get("scoring") if "scoring" in active else None,
    )
    if a.get("match"):
        entry.tags["Match"] = a["match"]
        if a.get("deal"):
            entry.tags["Deal"] = a["deal"]
    return entry


def checked_answers(
    defaults: Mapping[str, str], given: Mapping[str, object], *, unanswered: bool = False
) -> dict[str, str]:
    """Every question answered from ``given`` (a form's fields: an answer missing or empty
    takes the default, ``""`` for an optional one left empty on purpose is kept), each
    read by its question, in order, so that later questions follow earlier answers.
    :class:`~.entry.EntryError` names the question whose answer is wrong. ``unanswered``:
    a question with no answer and no default (the dealer of a new file's first deal) is
    kept empty, as a form shows it before it is filled, rather than refused.

    >>> answers = checked_answers({}, {"players": "8", "dealer": "e", "name A": " Asha "})
    >>> answers["players"], answers["deck"], answers["dealer"], answers["name A"]
    ('8', '48', 'E', 'Asha')
    >>> checked_answers({}, {"players": "5"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    mendikot_replay.pmn.entry.EntryError: Players: Mendikot is played by 4, 6, 8, 10 or 12 ...
    """
    answers: dict[str, str] = {}
    index = 0
    while True:
        asked = questions(defaults, answers)
        if index >= len(asked):
            return {q.key: answers[q.key] for q in asked}
        question = asked[index]
        value = given.get(question.key)
        if value is not None and not isinstance(value, str):
            raise EntryError(f"{question.label}: an answer is text, not {value!r:.30}")
        text = question.default if value is None else value
        if not text.strip() and (question.optional or (unanswered and not question.default)):
            answers[question.key] = ""
        else:
            try:
                answers[question.key] = question.parse(text or question.default)
            except ValueError as exc:
                raise EntryError(f"{question.label}: {exc}") from None
        index += 1


class DealForm:
    """A new deal's set-up still to be answered, as a form shows it: the defaults it
    offers (:func:`defaults_from_file` the file the deal goes to, or :func:`defaults_after`
    the deal just played). :meth:`entry` reads a form's answers into the deal to deal."""

    def __init__(self, defaults: Mapping[str, str] | None = None) -> None:
        self.defaults: dict[str, str] = {"date": today(), **(defaults or {})}

    @classmethod
    def for_file(cls, path: str | os.PathLike[str]) -> DealForm:
        """The set-up of the next deal of the file at ``path`` (made when saved)."""
        return cls(defaults_from_file(os.fspath(path)))

    def answers(self) -> dict[str, str]:
        """The answers the form starts with: every question's default (the dealer left
        empty when nothing tells who deals)."""
        return checked_answers(self.defaults, {}, unanswered=True)

    def entry(self, given: Mapping[str, object]) -> DealEntry:
        """The deal the answers ``given`` describe (:func:`checked_answers`), no card dealt."""
        answers = checked_answers(self.defaults, given)
        return entry_from_answers(answers, self.defaults)
