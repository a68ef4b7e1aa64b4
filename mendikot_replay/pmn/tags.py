"""The grammar of PMN's tags: their export order, what each value may say, and its canonical
spelling (the deal the tags set up is built in :mod:`.setup`).

The reader keeps every tag exactly as written (``record.tags``) so that nothing a file said is
lost; this module is where each value is read and spelled, shared by the reader, the
deal's set-up (:mod:`.setup`, which builds the engine's
:class:`~mendikot_replay.core.deal_setup.DealSetup` from the values), the writer (which spells each
value canonically) and the checker (which compares the redundant ``Result``, ``Tens`` and
``Tricks`` claims with the play).

>>> sorted(["Zone", "Play", "Event", "Hands", "Alpha"], key=tag_sort_key)
['Event', 'Hands', 'Play', 'Alpha', 'Zone']
>>> canonical_value("Hands", "b:k.q.j.10  a:-")
'A:- B:K.Q.J.T'
>>> canonical_value("Trump", "♥"), canonical_value("TrumpMethod", "faceup")
('H', 'FaceUp')
>>> canonical_value("Start", "Trick 10;tens 1 - 0 ;  tricks 7-2")
'trick 10; tens 1-0; tricks 7-2'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..core.cards import Card, Suit, copies_by_appearance, format_hand, parse_hand
from ..core.rules import Capture, Rules, Scoring, TrumpMethod
from ..core.seats import ALL_SEATS, Seat, Team, next_seat

#: The tags PMN knows, in the order export writes them (docs/format.md, "Tag section").
ROSTER: Final[tuple[str, ...]] = (
    "Event",
    "Site",
    "Date",
    "Round",
    "Match",
    "Deal",
    *ALL_SEATS,
    "Players",
    "Deck",
    "Dealer",
    "TrumpMethod",
    "Reveal",
    "Trump",
    "TrumpCard",
    "Capture",
    "Variant",
    "Scoring",
    "Target",
    "Hands",
    "Start",
    "Result",
    "Tens",
    "Tricks",
    "Play",
)
_ROSTER_INDEX: Final = {name: i for i, name in enumerate(ROSTER)}

#: Tag names as the reader accepts them (PGN's symbol characters, starting with a letter).
TAG_NAME: Final = re.compile(r"[A-Za-z][A-Za-z0-9_+#=:-]*")

ProblemCallback = Callable[[str, "str | int | None"], None]
"""``callback(message, where)``: ``where`` is the tag the problem is about, the index of a
card in ``first_table_cards``, or ``None`` for the deal as a whole (a missing tag)."""


def tag_sort_key(name: str) -> tuple[int, str]:
    """Sort key for export: roster tags in roster order, then the others alphabetically."""
    return (_ROSTER_INDEX.get(name, len(ROSTER)), name)


# -- small parsers: each returns None for text it cannot read ------------------------------
def parse_seat(text: str, players: int = len(ALL_SEATS)) -> Seat | None:
    """A seat letter of a table of ``players`` (lenient about case and white space)."""
    text = text.strip().upper()
    if len(text) == 1 and text in ALL_SEATS[:players]:
        return text
    return None


def parse_card(text: str) -> Card | None:
    try:
        return Card.parse(text.strip())
    except ValueError:
        return None


def parse_suit(text: str) -> Suit | None:
    try:
        return Suit.parse(text)
    except ValueError:
        return None


_WHOLE: Final = re.compile(r"[0-9]{1,9}")


def parse_int(text: str) -> int | None:
    """A tag's whole number (ASCII digits, white space around them allowed), or ``None``."""
    text = text.strip()
    return int(text) if _WHOLE.fullmatch(text) else None


def whole_number(value: object, what: str, least: int = 0, most: int = 999_999_999) -> int:
    """The one strict reading of a number that comes from outside — a link, an address's
    query, a message from a page: an ``int`` (not ``True``/``False``), or text of ASCII
    digits only (no sign, no exponent, no other script's digits, no white space), from
    ``least`` to ``most``. Anything else is a ``ValueError`` whose sentence names ``what``.

    >>> whole_number("12", "the deal number"), whole_number(3, "the card")
    (12, 3)
    >>> whole_number("1e400", "the deal number")
    Traceback (most recent call last):
    ...
    ValueError: the deal number '1e400' is not a whole number from 0 to 999999999
    >>> whole_number("\u0661\u0662", "the card", most=9999)  # Arabic-Indic digits
    Traceback (most recent call last):
    ...
    ValueError: the card '١٢' is not a whole number from 0 to 9999
    """
    number: int | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, str) and _WHOLE.fullmatch(value):
        number = int(value)
    if number is None or not least <= number <= most:
        shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:21] + "..."
        raise ValueError(f"{what} {shown} is not a whole number from {least} to {most}")
    return number


def spelled(text: str, names: Sequence[str]) -> str | None:
    """The name in ``names`` that ``text`` spells, ignoring case, spaces, ``-`` and ``_``."""
    key = re.sub(r"[\s_-]", "", text).lower()
    for name in names:
        if name.lower() == key:
            return name
    return None


METHOD_NAMES: Final = tuple(m.value for m in TrumpMethod)
_PAIR: Final = re.compile(r"\s*(\^?)\s*(\d{1,3})\s*-\s*(\d{1,3})\s*")


def parse_pair(text: str) -> tuple[bool, int, int] | None:
    """``Tens``/``Tricks`` values: ``"3-1"`` → ``(False, 3, 1)``; a leading ``^`` (agreed at
    the table, not checked) gives ``True``.

    >>> parse_pair("^ 7 - 6")
    (True, 7, 6)
    """
    match = _PAIR.fullmatch(text)
    if not match:
        return None
    return match.group(1) == "^", int(match.group(2)), int(match.group(3))


@dataclass(frozen=True, slots=True)
class ResultClaim:
    """A ``Result`` tag understood: who won and how, or a tie, or ``*`` (unfinished)."""

    agreed: bool
    """Written with a leading ``^``: agreed at the table, not checked against the play."""
    team: Team | None
    kind: str
    """``win``, ``mendikot``, ``whitewash``, ``tie`` or ``*``."""

    def __str__(self) -> str:
        text = self.kind if self.team is None else f"{self.team} {self.kind}"
        return ("^" if self.agreed else "") + text


_RESULT: Final = re.compile(
    r"\s*(\^?)\s*(?:(AC|BD)\s+(win|mendikot|whitewash)|(tie)|(\*))\s*", re.IGNORECASE
)


def parse_result(text: str) -> ResultClaim | None:
    """``"AC win"``, ``"BD mendikot"``, ``"tie"``, ``"*"``, each maybe with a leading ``^``.

    >>> str(parse_result(" ^bd  Mendikot"))
    '^BD mendikot'
    """
    match = _RESULT.fullmatch(text)
    if not match:
        return None
    agreed = match.group(1) == "^"
    if match.group(2):
        team: Team = "AC" if match.group(2).upper() == "AC" else "BD"
        return ResultClaim(agreed, team, match.group(3).lower())
    return ResultClaim(agreed, None, "tie" if match.group(4) else "*")


def parse_trump_card(text: str) -> tuple[Seat | None, Card] | None:
    """``TrumpCard``: a card, or ``seat:card`` (the closed trump and who set it aside)."""
    seat_text, colon, card_text = text.partition(":")
    if not colon:
        found = parse_card(text)
        return None if found is None else (None, found)
    seat, found = parse_seat(seat_text), parse_card(card_text)
    if seat is None or found is None:
        return None
    return seat, found


def parse_variant(text: str) -> list[str]:
    """The flags of ``Variant``, lower-cased, in the order written (empty items dropped)."""
    return [flag.strip().lower() for flag in text.split(",") if flag.strip()]


# -- Hands ---------------------------------------------------------------------------------
_HAND_TOKEN: Final = re.compile(r"(?:([A-Za-z])\s*:\s*)?([^\s:]+)")


def parse_hands(text: str, *, twins: bool = False) -> dict[Seat, frozenset[Card] | None]:
    """``Hands``: ``seat:hand seat:hand …``. A hand without a seat belongs to the seat after
    the previous one (PBN's "from the named seat on"); ``-`` is an unknown hand (``None``).

    With ``twins`` (two packs) a card may be written twice in the deal: the second time,
    in the same hand or a later seat's, it is the second pack's copy (:func:`twin`):

    >>> twice = parse_hands("A:7... B:7...", twins=True)
    >>> [sorted(twice[s] or ()) for s in "AB"]
    [[Card('7S')], [Card('7S', copy=1)]]

    Raises :class:`ValueError` with a message that reads well after ``"Hands: "``.

    >>> hands = parse_hands("b:AKQ... -")
    >>> sorted(hands), format_hand(hands["B"] or ())
    (['B', 'C'], 'AKQ...')
    """
    hands: dict[Seat, frozenset[Card] | None] = {}
    previous: Seat | None = None
    pos = 0
    for match in _HAND_TOKEN.finditer(text):
        if text[pos : match.start()].strip():
            raise ValueError(f"cannot read {text[pos : match.start()].strip()!r}")
        pos = match.end()
        letter, hand_text = match.group(1), match.group(2)
        if letter is not None:
            seat = parse_seat(letter)
            if seat is None:
                raise ValueError(f"{letter!r} is not a seat (A to {ALL_SEATS[-1]})")
        elif previous is None:
            raise ValueError(f"write the seat before the first hand, like A:{hand_text}")
        elif previous == ALL_SEATS[-1]:
            raise ValueError(f"the hand {hand_text!r} comes after seat {ALL_SEATS[-1]}")
        else:
            seat = next_seat(previous, len(ALL_SEATS))
        if seat in hands:
            raise ValueError(f"seat {seat} is given twice")
        hands[seat] = None if hand_text == "-" else parse_hand(hand_text, twins=twins)
        previous = seat
    if text[pos:].strip():
        raise ValueError(f"cannot read {text[pos:].strip()!r}")
    if not hands:
        raise ValueError("no hands given")
    return copies_by_appearance(hands) if twins else hands


def format_hands(hands: Mapping[Seat, frozenset[Card] | None]) -> str:
    """``Hands`` as export writes it: every seat from A on, ``-`` for an unknown hand."""
    return " ".join(
        f"{seat}:{'-' if hands[seat] is None else format_hand(hands[seat] or ())}"
        for seat in sorted(hands)
    )


def rule_tags(rules: Rules) -> dict[str, str]:
    """The tags that state ``rules`` — the inverse of reading them — defaults left out
    (except ``Reveal``, which a closed deal always states so that a reader need not
    remember the default): what a program that makes a deal writes."""
    tags: dict[str, str] = {}
    if rules.players != 4:
        tags["Players"] = str(rules.players)
    if rules.deck != rules.default_deck:
        tags["Deck"] = str(rules.deck)
    tags["TrumpMethod"] = rules.trump_method.value
    if rules.trump_method is TrumpMethod.CLOSED:
        tags["Reveal"] = rules.reveal.value
    if rules.capture is not Capture.TRICK:
        tags["Capture"] = rules.capture.value
    if rules.flags:
        tags["Variant"] = ",".join(rules.flags)
    if rules.scoring is not Scoring.PLAIN:
        tags["Scoring"] = rules.scoring.value
    if rules.target is not None:
        tags["Target"] = str(rules.target)
    return tags


# -- Start ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class StartTag:
    """The ``Start`` tag of a position, as written (checked against the deal later)."""

    trick: int | None = None
    tens: tuple[int, int] | None = None
    tricks: tuple[int, int] | None = None
    hidden: tuple[Seat, Card] | None = None
    pile: tuple[int, tuple[Card, ...]] | None = None
    streak: Seat | None = None

    def __str__(self) -> str:
        parts: list[str] = []
        if self.trick is not None:
            parts.append(f"trick {self.trick}")
        if self.tens is not None:
            parts.append(f"tens {self.tens[0]}-{self.tens[1]}")
        if self.tricks is not None:
            parts.append(f"tricks {self.tricks[0]}-{self.tricks[1]}")
        if self.hidden is not None:
            parts.append(f"hidden {self.hidden[0]}:{self.hidden[1]}")
        if self.pile is not None:
            cards = ",".join(str(c) for c in self.pile[1])
            parts.append(f"pile {self.pile[0]}" + (f" {cards}" if cards else ""))
        if self.streak is not None:
            parts.append(f"streak {self.streak}")
        return "; ".join(parts)


def parse_start(text: str) -> StartTag:
    """Read ``Start`` (``trick N; tens a-b; tricks a-b; hidden S:CARD; pile N CARDS;
    streak S``), any order, any case. Raises :class:`ValueError` naming the first item it
    cannot read; which items are *required* is for :func:`setup_from_tags` to say.

    >>> str(parse_start("tricks 7-2;TRICK 10 ; hidden b:10s; pile 1 th"))
    'trick 10; tricks 7-2; hidden B:TS; pile 1 TH'
    """
    fields: dict[str, object] = {}
    for item in text.split(";"):
        item = item.strip()
        if not item:
            continue
        word, _, rest = item.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in fields:
            raise ValueError(f"{word!r} is given twice")
        value: object
        if word == "trick":
            value = parse_int(rest)
        elif word in ("tens", "tricks"):
            pair = parse_pair(rest)
            value = None if pair is None or pair[0] else pair[1:]
        elif word == "hidden":
            found = parse_trump_card(rest)
            value = None if found is None or found[0] is None else found
        elif word == "pile":
            count_text, _, cards_text = rest.partition(" ")
            count = parse_int(count_text)
            cards = [parse_card(c) for c in cards_text.split(",") if c.strip()]
            value = None if count is None or None in cards else (count, tuple(cards))
        elif word == "streak":
            value = parse_seat(rest)
        else:
            raise ValueError(
                f"unknown item {item!r} (items are trick, tens, tricks, hidden, pile and streak)"
            )
        if value is None:
            raise ValueError(f"cannot read {item!r}")
        fields[word] = value
    return StartTag(**fields)  # type: ignore[arg-type]


# -- canonical values ----------------------------------------------------------------------
#: Every holding of one suit as export writes it (ranks high to low): 8,192 strings, so that a
#: ``Hands`` value already canonical is recognised by look-ups instead of being re-parsed.
_CANONICAL_HOLDINGS: Final = frozenset(
    "".join(r for i, r in enumerate("AKQJT98765432") if mask >> i & 1) for mask in range(1 << 13)
)


def _is_canonical_hands(value: str) -> bool:
    """Whether ``Hands`` has the exact shape export writes: every seat from A on, in order,
    each hand ``-`` or four canonical holdings, single spaces. Such a value comes back from
    parsing and writing unchanged (or, with a card twice, is kept as written either way).

    >>> _is_canonical_hands("A:AK.-.Q2.3 B:-"), _is_canonical_hands("A:AK.T.Q2.3 B:-")
    (False, True)
    """
    parts = value.split(" ")
    if not value or len(parts) > len(ALL_SEATS):
        return False
    for seat, part in zip(ALL_SEATS, parts, strict=False):
        if not part.startswith(f"{seat}:"):
            return False
        hand = part[2:]
        if hand == "-":
            continue
        holdings = hand.split(".")
        if len(holdings) != 4 or not all(h in _CANONICAL_HOLDINGS for h in holdings):
            return False
    return True


def _canonical_or_none(name: str, value: str) -> str | None:
    if name in ("Dealer", "Play", "Reveal"):
        return parse_seat(value)
    if name == "TrumpMethod":
        return spelled(value, METHOD_NAMES)
    if name == "Capture":
        return spelled(value, [c.value for c in Capture])
    if name == "Scoring":
        return spelled(value, [s.value for s in Scoring])
    if name in ("Players", "Deck", "Target", "Deal"):
        number = parse_int(value)
        return None if number is None else str(number)
    if name == "Trump":
        suit = parse_suit(value)
        return None if suit is None else suit.letter
    if name == "TrumpCard":
        found = parse_trump_card(value)
        if found is None:
            return None
        return str(found[1]) if found[0] is None else f"{found[0]}:{found[1]}"
    if name == "Variant":
        return ",".join(parse_variant(value))
    if name == "Hands":
        if _is_canonical_hands(value):
            return value  # the common case on export: nothing to parse
        return format_hands(parse_hands(value, twins=True))  # a card twice is kept twice
    if name == "Start":
        return str(parse_start(value))
    if name in ("Tens", "Tricks"):
        pair = parse_pair(value)
        return None if pair is None else f"{'^' if pair[0] else ''}{pair[1]}-{pair[2]}"
    if name == "Result":
        claim = parse_result(value)
        return None if claim is None else str(claim)
    return value


def canonical_value(name: str, value: str) -> str:
    """The value of tag ``name`` as export writes it; a value this module cannot read is
    kept as it is (the reader has reported it), so export never loses what a file said.

    Text tags (``Event``, player names, unknown tags) are kept exactly.

    >>> canonical_value("Variant", " Must-Trump , BONUS-aces")
    'must-trump,bonus-aces'
    >>> canonical_value("TrumpCard", "c:10h"), canonical_value("Tens", "^3 - 1")
    ('C:TH', '^3-1')
    >>> canonical_value("Dealer", "Z")
    'Z'
    """
    try:
        canonical = _canonical_or_none(name, value)
    except ValueError:
        return value
    return value if canonical is None else canonical


# -- the deal set-up -----------------------------------------------------------------------


__all__ = [
    "METHOD_NAMES",
    "ROSTER",
    "TAG_NAME",
    "ProblemCallback",
    "ResultClaim",
    "StartTag",
    "canonical_value",
    "format_hands",
    "parse_hands",
    "parse_pair",
    "parse_result",
    "parse_start",
    "parse_trump_card",
    "rule_tags",
    "spelled",
    "tag_sort_key",
]
