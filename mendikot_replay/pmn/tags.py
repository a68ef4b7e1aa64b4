"""What PMN's tags mean: their export order, their canonical spelling, and the deal they set up.

The reader keeps every tag exactly as written (``record.tags``) so that nothing a file said is
lost; this module is where a tag's *meaning* lives, shared by the reader (which builds the
engine's :class:`~mendikot_replay.core.engine.DealSetup` from the tags), the writer (which spells
each value canonically) and the checker (which compares the redundant ``Result``, ``Tens`` and
``Tricks`` claims with the play).

Problems are reported through a callback instead of raised, because a reader must report
*every* problem of a deal at once, each pointing at the tag it is about.

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

from ..core.cards import Card, Suit, deck, format_hand, parse_hand
from ..core.engine import DealSetup, StartPosition
from ..core.rules import VARIANT_FLAGS, Capture, Reveal, Rules, Scoring, TrumpMethod
from ..core.seats import ALL_SEATS, Seat, Team, next_seat, seats

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
def parse_seat(text: str, players: int = 8) -> Seat | None:
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


def parse_int(text: str) -> int | None:
    text = text.strip()
    return int(text) if re.fullmatch(r"\d{1,9}", text) else None


def _by_name(text: str, names: Sequence[str]) -> str | None:
    """The name in ``names`` that ``text`` spells, ignoring case, spaces, ``-`` and ``_``."""
    key = re.sub(r"[\s_-]", "", text).lower()
    for name in names:
        if name.lower() == key:
            return name
    return None


_METHOD_NAMES: Final = tuple(m.value for m in TrumpMethod)
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


def parse_hands(text: str) -> dict[Seat, frozenset[Card] | None]:
    """``Hands``: ``seat:hand seat:hand …``. A hand without a seat belongs to the seat after
    the previous one (PBN's "from the named seat on"); ``-`` is an unknown hand (``None``).

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
                raise ValueError(f"{letter!r} is not a seat (A to H)")
        elif previous is None:
            raise ValueError(f"write the seat before the first hand, like A:{hand_text}")
        elif previous == ALL_SEATS[-1]:
            raise ValueError(f"the hand {hand_text!r} comes after seat H")
        else:
            seat = next_seat(previous, len(ALL_SEATS))
        if seat in hands:
            raise ValueError(f"seat {seat} is given twice")
        hands[seat] = None if hand_text == "-" else parse_hand(hand_text)
        previous = seat
    if text[pos:].strip():
        raise ValueError(f"cannot read {text[pos:].strip()!r}")
    if not hands:
        raise ValueError("no hands given")
    return hands


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
    pairs = (("must-trump", rules.must_trump), ("bonus-aces", rules.bonus_aces))
    flags = [flag for flag, on in pairs if on]
    if flags:
        tags["Variant"] = ",".join(flags)
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
        return _by_name(value, _METHOD_NAMES)
    if name == "Capture":
        return _by_name(value, [c.value for c in Capture])
    if name == "Scoring":
        return _by_name(value, [s.value for s in Scoring])
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
        return format_hands(parse_hands(value))
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
def _one_of(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


class _SetupBuilder:
    """One run of :func:`setup_from_tags`: reads the tags one by one, reporting every
    problem, and keeps going with a sensible default after each so later checks still run."""

    def __init__(
        self,
        tags: Mapping[str, str],
        table_cards: Sequence[Card | None],
        report: ProblemCallback,
    ) -> None:
        self.tags = tags
        self.table_cards = table_cards
        self._report = report
        self.failed = False

    def problem(self, message: str, where: str | int | None) -> None:
        self.failed = True
        self._report(message, where)

    def choice(self, name: str, names: Sequence[str], default: str) -> str:
        if name not in self.tags:
            return default
        found = _by_name(self.tags[name], names)
        if found is None:
            self.problem(f"{name}: {self.tags[name]!r} is not one of {_one_of(names)}", name)
            return default
        return found

    def seat(self, name: str, players: int) -> Seat | None:
        if name not in self.tags:
            return None
        seat = parse_seat(self.tags[name], players)
        if seat is None:
            self.problem(
                f"{name}: {self.tags[name]!r} is not a seat of a {players}-player table "
                f"({_one_of(seats(players))})",
                name,
            )
        return seat

    def number(self, name: str) -> int | None:
        if name not in self.tags:
            return None
        number = parse_int(self.tags[name])
        if number is None:
            self.problem(f"{name}: {self.tags[name]!r} is not a whole number", name)
        return number

    # -- the parts ---------------------------------------------------------------------
    def rules(self) -> Rules:
        players = self.number("Players")
        if players is not None and players not in (4, 6, 8):
            self.problem(
                f"Players: Mendikot is played by 4, 6 or 8 players, not {players}", "Players"
            )
            players = None
        players = players or 4
        deck_size = self.number("Deck")
        if deck_size is not None:
            if deck_size not in (52, 48, 32):
                self.problem(f"Deck: no {deck_size}-card deck (PMN knows 52, 48 and 32)", "Deck")
                deck_size = None
            elif deck_size % players:
                self.problem(
                    f"Deck: a {deck_size}-card deck does not deal evenly to {players} players",
                    "Deck",
                )
                deck_size = None
        method = TrumpMethod(self.choice("TrumpMethod", _METHOD_NAMES, "Drawn"))
        reveal = Reveal(self.choice("Reveal", [r.value for r in Reveal], "A"))
        capture = Capture(self.choice("Capture", [c.value for c in Capture], "Trick"))
        scoring = Scoring(self.choice("Scoring", [s.value for s in Scoring], "plain"))
        target = self.number("Target")
        flags = parse_variant(self.tags.get("Variant", ""))
        for flag in flags:
            if flag not in VARIANT_FLAGS:
                self.problem(
                    f"Variant: unknown flag {flag!r} (known: {', '.join(VARIANT_FLAGS)})",
                    "Variant",
                )
        return Rules(
            players=players,
            deck=deck_size or 0,
            trump_method=method,
            reveal=reveal,
            capture=capture,
            must_trump="must-trump" in flags,
            bonus_aces="bonus-aces" in flags,
            scoring=scoring,
            target=target,
        )

    def hands(self, rules: Rules) -> dict[Seat, frozenset[Card] | None] | None:
        if "Hands" not in self.tags:
            return None
        try:
            written = parse_hands(self.tags["Hands"])
        except ValueError as exc:
            self.problem(f"Hands: {exc}", "Hands")
            return None
        table = seats(rules.players)
        for seat in written:
            if seat not in table:
                self.problem(
                    f"Hands: seat {seat} is not at a {rules.players}-player table", "Hands"
                )
        for seat in table:
            if seat not in written:
                self.problem(f"Hands: no hand for seat {seat} (write {seat}:- if unknown)", "Hands")
        in_deck = set(deck(rules.deck))
        seen: set[Card] = set()
        for seat in table:
            for c in sorted(written.get(seat) or ()):
                if c in seen:
                    self.problem(f"Hands: {c} appears twice", "Hands")
                elif c not in in_deck:
                    self.problem(f"Hands: {c} is not in a {rules.deck}-card deck", "Hands")
                seen.add(c)
        return {seat: written.get(seat) for seat in table}

    def check_deal_sizes(self, rules: Rules, hands: Mapping[Seat, frozenset[Card] | None]) -> None:
        per_player = rules.tricks_per_deal
        for seat, hand in hands.items():
            if hand is not None and len(hand) != per_player:
                self.problem(
                    f"Hands: {seat} has {len(hand)} cards, a {rules.deck}-card deal gives "
                    f"each of {rules.players} players {per_player}",
                    "Hands",
                )

    def start(self, rules: Rules) -> StartTag | None:
        try:
            start = parse_start(self.tags["Start"])
        except ValueError as exc:
            self.problem(f"Start: {exc}", "Start")
            return None
        ok = True
        for item, value in (("trick", start.trick), ("tens", start.tens), ("tricks", start.tricks)):
            if value is None:
                self.problem(
                    f"Start: missing '{item}' (like 'trick 10; tens 1-0; tricks 7-2')", "Start"
                )
                ok = False
        per_deal = rules.tricks_per_deal
        if start.trick is not None and not 1 <= start.trick <= per_deal:
            self.problem(f"Start: trick {start.trick} is not one of the {per_deal} tricks", "Start")
            ok = False
        dehla = rules.capture is Capture.DEHLA
        if not dehla and (start.pile is not None or start.streak is not None):
            self.problem("Start: 'pile' and 'streak' are for Capture \"Dehla\" only", "Start")
            ok = False
        if start.pile is not None:
            for c in start.pile[1]:
                if not c.is_ten:
                    self.problem(
                        f"Start: the pile lists its tens only, and {c} is not a ten", "Start"
                    )
                    ok = False
        if start.streak is not None and start.streak not in seats(rules.players):
            self.problem(f"Start: streak seat {start.streak} is not at the table", "Start")
            ok = False
        if ok and start.trick is not None and start.tricks is not None:
            pile_tricks = start.pile[0] if start.pile else 0
            done = sum(start.tricks) + pile_tricks
            if done != start.trick - 1:
                self.problem(
                    f"Start: {done} tricks are done (tricks {start.tricks[0]}-{start.tricks[1]}"
                    + (f", pile {pile_tricks}" if start.pile else "")
                    + f"), but trick {start.trick} is under way",
                    "Start",
                )
                ok = False
        return start if ok else None

    def table(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None],
        leader: Seat,
        trick: int,
    ) -> tuple[tuple[Seat, Card], ...] | None:
        """The cards already on the table: the hands tell how many seats from the leader on
        have played to the trick under way (they hold one card fewer)."""
        full = rules.tricks_per_deal - trick + 1
        order = [next_seat(leader, rules.players, k) for k in range(rules.players)]
        played: list[bool | None] = []
        for seat in order:
            hand = hands[seat]
            if hand is None:
                played.append(None)
            elif len(hand) == full:
                played.append(False)
            elif len(hand) == full - 1:
                played.append(True)
            else:
                self.problem(
                    f"Hands: {seat} has {len(hand)} cards, but at trick {trick} each player "
                    f"holds {full} (or {full - 1} after playing to it)",
                    "Hands",
                )
                return None
        if played[0] is None and True not in played:
            return ()
        count = max((i + 1 for i, p in enumerate(played) if p), default=0)
        if any(p is False for p in played[:count]) or any(p for p in played[count:]):
            self.problem(
                f"Hands: the seats that have played to trick {trick} (holding {full - 1} "
                f"cards) must follow the leader {leader} in play order",
                "Hands",
            )
            return None
        if count == rules.players:
            self.problem(
                f"Hands: every seat has played to trick {trick}: start at the next trick instead",
                "Hands",
            )
            return None
        if len(self.table_cards) < count:
            self.problem(
                f"Start: the hands show {count} card(s) on the table in trick {trick}, but "
                f"the play lists {len(self.table_cards)}",
                "Play",
            )
            return None
        in_hands = {c for hand in hands.values() for c in hand or ()}
        in_deck = set(deck(rules.deck))
        table: list[tuple[Seat, Card]] = []
        for i in range(count):
            c = self.table_cards[i]
            if c is None:
                self.problem("a card already on the table at the start must be known, not --", i)
            elif c in in_hands:
                self.problem(f"{c} is on the table and also in a hand", i)
            elif c not in in_deck:
                self.problem(f"{c} is not in a {rules.deck}-card deck", i)
            elif c in (t for _, t in table):
                self.problem(f"{c} is on the table twice", i)
            else:
                table.append((order[i], c))
        return tuple(table) if len(table) == count else None

    def trump(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None] | None,
        first_leader: Seat | None,
        start: StartTag | None,
        position: bool,
    ) -> tuple[Suit | None, Card | None, Seat | None]:
        """``(trump, trump_card, hidden_holder)`` for the set-up."""
        method = rules.trump_method
        trump = parse_suit(self.tags["Trump"]) if "Trump" in self.tags else None
        if "Trump" in self.tags and trump is None:
            self.problem(f"Trump: {self.tags['Trump']!r} is not a suit (S, H, D or C)", "Trump")
        trump_card: tuple[Seat | None, Card] | None = None
        if "TrumpCard" in self.tags:
            trump_card = parse_trump_card(self.tags["TrumpCard"])
            if trump_card is None:
                self.problem(
                    f"TrumpCard: {self.tags['TrumpCard']!r} is not a card or seat:card",
                    "TrumpCard",
                )
        hidden = start.hidden if start is not None else None
        if hidden is not None and method is not TrumpMethod.CLOSED:
            self.problem("Start: 'hidden' is for TrumpMethod \"Closed\" only", "Start")

        if method is TrumpMethod.NONE:
            for name in ("Trump", "TrumpCard"):
                if name in self.tags:
                    self.problem(f'{name}: there is no trump with TrumpMethod "None"', name)
            return None, None, None

        if method is TrumpMethod.CLOSED:
            return self._closed(rules, hands, first_leader, trump, trump_card, hidden, position)

        if trump_card is not None and trump_card[0] is not None:
            self.problem(
                f"TrumpCard: only a Closed trump names its holder; write the card alone, "
                f"like {trump_card[1]}",
                "TrumpCard",
            )
        plain_card = trump_card[1] if trump_card is not None else None
        if method is TrumpMethod.CUT and not position:
            # A claim about the cut: the checker compares it with the play.
            return None, None, None
        if trump is None:
            # (Without a TrumpMethod tag, that tag is the problem, and it is reported.)
            if (
                "Trump" not in self.tags
                and "TrumpMethod" in self.tags
                and method is not TrumpMethod.CUT
            ):
                self.problem(
                    f"missing required tag Trump (the suit of a {method.value} trump)", None
                )
            return None, None, None
        if plain_card is not None and plain_card.suit is not trump:
            self.problem(
                f"TrumpCard: {plain_card} is not of the trump suit {trump.letter}", "TrumpCard"
            )
        return trump, plain_card, None

    def _closed(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None] | None,
        first_leader: Seat | None,
        trump: Suit | None,
        trump_card: tuple[Seat | None, Card] | None,
        hidden: tuple[Seat, Card] | None,
        position: bool,
    ) -> tuple[Suit | None, Card | None, Seat | None]:
        if not position:
            if "Trump" in self.tags:
                self.problem("Trump: a Closed trump is named by TrumpCard, not Trump", "Trump")
            if "TrumpCard" not in self.tags:
                self.problem("missing required tag TrumpCard (seat:card of the Closed trump)", None)
                return None, None, None
            if trump_card is None:
                return None, None, None
            if trump_card[0] is None:
                self.problem(
                    f"TrumpCard: a Closed trump names its holder too, like A:{trump_card[1]}",
                    "TrumpCard",
                )
                return None, None, None
            holder, face_down = trump_card[0], trump_card[1]
            if first_leader is not None and holder != first_leader:
                self.problem(
                    f"TrumpCard: the closed trump is set aside by {first_leader}, the player "
                    f"to the dealer's right, not by {holder}",
                    "TrumpCard",
                )
            self._held(hands, holder, face_down, "TrumpCard")
            return None, face_down, holder
        # A position: either still face down (Start "hidden") or already revealed (Trump).
        if hidden is not None and trump is not None:
            self.problem(
                "Trump: the closed trump is still hidden (Start says 'hidden'), so its suit "
                "is not known yet",
                "Trump",
            )
            return None, None, None
        if hidden is not None:
            if trump_card is not None and trump_card[1] is not hidden[1]:
                self.problem(
                    f"TrumpCard: {trump_card[1]} is not the hidden card {hidden[1]}", "TrumpCard"
                )
            self._held(hands, hidden[0], hidden[1], "Start")
            return None, hidden[1], hidden[0]
        if trump is None:
            if "Trump" not in self.tags:
                self.problem(
                    "Start: a Closed position needs 'hidden S:CARD' (trump still face down) "
                    "or a Trump tag (already revealed)",
                    "Start",
                )
            return None, None, None
        revealed = trump_card[1] if trump_card is not None else None
        if revealed is not None and revealed.suit is not trump:
            self.problem(
                f"TrumpCard: {revealed} is not of the trump suit {trump.letter}", "TrumpCard"
            )
        return trump, revealed, None

    def _held(
        self,
        hands: Mapping[Seat, frozenset[Card] | None] | None,
        holder: Seat,
        face_down: Card,
        where: str,
    ) -> None:
        if hands is None or holder not in hands:
            return
        hand = hands[holder]
        if hand is not None and face_down not in hand:
            self.problem(f"{where}: {face_down} is not in {holder}'s hand", where)

    def check_position_tens(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None],
        start: StartTag,
        table: Sequence[tuple[Seat, Card]],
    ) -> None:
        """All four tens are somewhere: captured, in the pile, on the table or in a hand."""
        if start.tens is None:
            return
        pile_tens = len(start.pile[1]) if start.pile else 0
        captured = sum(start.tens) + pile_tens
        if captured > 4:
            self.problem(f"Start: {captured} tens captured, but there are only four", "Start")
            return
        if any(hand is None for hand in hands.values()):
            return
        out = sum(c.is_ten for hand in hands.values() for c in hand or ()) + sum(
            c.is_ten for _, c in table
        )
        if captured + out != 4:
            self.problem(
                f"Start: {captured} tens captured and {out} still in play make {captured + out}, "
                "not four",
                "Start",
            )


def setup_from_tags(
    tags: Mapping[str, str],
    first_table_cards: Sequence[Card | None],
    problem_callback: ProblemCallback,
) -> DealSetup | None:
    """Build the engine's :class:`DealSetup` from a deal's tags, or ``None`` when they do not
    describe a playable deal; every problem found goes to ``problem_callback`` (all of them,
    not just the first, so a writer of logs can fix a file in one pass).

    ``first_table_cards`` are the first cards of the play section, in order (the first trick,
    or what is written of it). They matter only for a position (``Start`` tag): there the
    hands show how many of them were already on the table when the position starts, and
    those become :attr:`StartPosition.table`; the caller then drops that many cards from the
    play tree, since they are part of the position, not moves of the record.

    >>> problems = []
    >>> setup = setup_from_tags({"Dealer": "D", "TrumpMethod": "None", "Play": "B",
    ...                          "Hands": "A:- B:- C:- D:-"}, [],
    ...                         lambda msg, where: problems.append(msg))
    >>> setup, problems
    (None, ['Play: the first lead is by A, the player after the dealer D, not by B'])
    """
    builder = _SetupBuilder(tags, first_table_cards, problem_callback)
    position = "Start" in tags
    required = (
        ("TrumpMethod", "Hands", "Play") if position else ("Dealer", "TrumpMethod", "Hands", "Play")
    )
    for name in required:
        if name not in tags:
            builder.problem(f"missing required tag {name}", None)
    try:
        rules = builder.rules()
    except ValueError as exc:  # Rules refuses a combination the checks above let through
        builder.problem(str(exc), None)
        return None
    dealer = builder.seat("Dealer", rules.players)
    leader = builder.seat("Play", rules.players)
    if not position and dealer is not None and leader is not None:
        expected = next_seat(dealer, rules.players)
        if leader != expected:
            builder.problem(
                f"Play: the first lead is by {expected}, the player after the dealer "
                f"{dealer}, not by {leader}",
                "Play",
            )
    hands = builder.hands(rules)
    start = builder.start(rules) if position else None
    first_leader = leader if not position else None
    if not position and dealer is not None:
        first_leader = next_seat(dealer, rules.players)
    trump, trump_card, hidden_holder = builder.trump(rules, hands, first_leader, start, position)
    start_position: StartPosition | None = None
    if hands is not None:
        if not position:
            builder.check_deal_sizes(rules, hands)
        elif start is not None and start.trick is not None and leader is not None:
            table = builder.table(rules, hands, leader, start.trick)
            if table is not None:
                builder.check_position_tens(rules, hands, start, table)
                assert start.tens is not None and start.tricks is not None
                start_position = StartPosition(
                    trick=start.trick,
                    tens=start.tens,
                    tricks=start.tricks,
                    table=table,
                    pile_tricks=start.pile[0] if start.pile else 0,
                    pile_tens=start.pile[1] if start.pile else (),
                    streak=start.streak,
                )
    if builder.failed or hands is None or leader is None:
        return None
    if position and start_position is None:
        return None
    return DealSetup(
        rules=rules,
        hands=hands,
        first_leader=leader,
        dealer=dealer,
        trump=trump,
        trump_card=trump_card,
        hidden_holder=hidden_holder,
        start=start_position,
    )


__all__ = [
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
    "setup_from_tags",
    "tag_sort_key",
]
