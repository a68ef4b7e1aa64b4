"""Cards, suits, ranks, decks and hands.

Cards are interned: there are exactly 52 :class:`Card` objects for one pack, so parsing a
card is a dict look-up and comparing two cards is an identity test. That matters because a
corpus of 100,000 deals holds five million cards. The big tables (10 and 12 players) play two
packs: each card then has a *twin* (:func:`twin`), a second object written the same (``7S``)
that a hand or a trick can hold beside the first.

>>> card = Card.parse("10h")
>>> card, card.is_ten, card.symbol
(Card('TH'), True, '10♥')
>>> format_hand(parse_hand("AK72.T962.5.KQ83"))
'AK72.T962.5.KQ83'
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Collection, Iterable, Mapping
from typing import ClassVar, Final

from ..text import say


class Suit(enum.Enum):
    """The four suits, in the order PMN writes a hand: spades, hearts, diamonds, clubs."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def letter(self) -> str:
        return str(self.value)

    @property
    def symbol(self) -> str:
        """The Unicode suit sign, so that the suit never depends on colour alone."""
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """``'hearts'``: the suit as a sentence names it (in the language in force)."""
        return say(f"suit.{self.name.lower()}")

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    index: int
    """0 to 3 in hand order (set below, a plain attribute because the replay reads it for
    every card)."""

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit leniently: ``S``, ``s`` or ``♠`` (also the white suit signs)."""
        try:
            return _SUIT_BY_TEXT[text.strip()]
        except KeyError:
            raise ValueError(f"not a suit: {text!r}") from None

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


SUITS: Final[tuple[Suit, ...]] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
for _i, _suit in enumerate(SUITS):
    _suit.index = _i
_SUIT_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_TEXT: Final[dict[str, Suit]] = {}
for _suit, _white in zip(SUITS, "♤♡♢♧", strict=True):
    for _text in (_suit.value, _suit.value.lower(), _SUIT_SYMBOLS[_suit], _white):
        _SUIT_BY_TEXT[_text] = _suit

#: Rank letters from the highest down; a rank's strength is its value 2..14.
RANK_LETTERS: Final = "AKQJT98765432"
_RANK_VALUE: Final = {letter: 14 - i for i, letter in enumerate(RANK_LETTERS)}
_RANK_LETTER: Final = {value: letter for letter, value in _RANK_VALUE.items()}


def rank_letter(rank: int) -> str:
    """``14`` → ``'A'``, ``10`` → ``'T'``."""
    return _RANK_LETTER[rank]


def rank_name(rank: int) -> str:
    """A rank as a player says it: ``'ace'``, ``'ten'``, ``'seven'`` (in the language in
    force: :mod:`~mendikot_replay.text`)."""
    if not 2 <= rank <= 14:
        raise ValueError(f"no rank {rank}")
    return say(f"rank.{rank}")


class Card(int):
    """One playing card. Immutable and interned: build one with :meth:`Card.parse` or
    :func:`card`, never directly.

    A card is an ``int`` (its :attr:`index`, 0 for the ace of spades to 51 for the two of
    clubs) so that hashing, sets and sorting run at C speed in the replay's inner loop and
    iterate in a fixed order. Cards therefore order by suit (spades first) and then rank
    (ace first), the order in which a hand is written; use :attr:`rank` to compare strength
    inside a suit.
    """

    rank: int
    suit: Suit
    is_ten: bool
    copy: int
    """0, or 1 for the second pack's card of a two-pack deck (its int is 52 more)."""
    _str: str
    _interned: ClassVar[dict[tuple[str, int], Card]] = {}

    def __new__(cls, rank: int, suit: Suit, copy: int = 0) -> Card:
        text = _RANK_LETTER[rank] + suit.value
        try:
            return cls._interned[text, copy]
        except KeyError:
            pass
        if copy not in (0, 1):
            raise ValueError(f"a card comes from the first or second pack, not pack {copy + 1}")
        self = int.__new__(cls, 52 * copy + suit.index * 13 + (14 - rank))
        self.__dict__.update(rank=rank, suit=suit, is_ten=rank == 10, copy=copy, _str=text)
        cls._interned[text, copy] = self
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __bool__(self) -> bool:
        # An int 0 is false, but the ace of spades is a card like any other.
        return True

    def __reduce__(self) -> tuple[object, tuple[int, Suit, int]]:
        return (Card, (self.rank, self.suit, self.copy))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def index(self) -> int:
        """0 (ace of spades) to 51 (two of clubs): the card's place in hand order (the same
        for both copies of a two-pack deck)."""
        return int(self) % 52

    @property
    def face(self) -> Card:
        """The first pack's card written like this one: a record says ``7S`` for either copy,
        and keeps this one (the engine plays the copy the seat holds)."""
        return self if self.copy == 0 else Card(self.rank, self.suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card leniently: ``TH``, ``th``, ``10H``, ``T♥``, ``10♥``.

        Raises :class:`ValueError` with a plain message for anything else.
        """
        try:
            return _CARD_BY_TEXT[text]
        except KeyError:
            pass
        stripped = text.strip()
        if stripped in _CARD_BY_TEXT:
            return _CARD_BY_TEXT[stripped]
        raise ValueError(f"not a card: {text!r} (write rank then suit, like AS, TH or 7C)")

    @property
    def symbol(self) -> str:
        """``'10♥'``: the card as the board shows it to a person (the ten as 10, the suit
        by its sign), in every text read by people — a line of play, a verdict, the
        terminal's tricks. PMN and JSON keep ``TH`` (``str(card)``)."""
        return ("10" if self.rank == 10 else _RANK_LETTER[self.rank]) + self.suit.symbol

    @property
    def name(self) -> str:
        """``'ten of hearts'`` (in the language in force)."""
        return say("card.name", rank=rank_name(self.rank), suit=self.suit.word)

    def __str__(self) -> str:
        return self._str

    def __format__(self, spec: str) -> str:
        return format(self._str, spec)

    def __repr__(self) -> str:
        return f"Card({self._str!r})" if self.copy == 0 else f"Card({self._str!r}, copy=1)"


def card(text: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(text)


def twin(c: Card) -> Card:
    """The other pack's copy of ``c`` (two-pack decks).

    >>> seven = card("7S"); twin(seven), twin(twin(seven)) is seven, str(twin(seven))
    (Card('7S', copy=1), True, '7S')
    """
    return Card(c.rank, c.suit, 1 - c.copy)


ALL_CARDS: Final[tuple[Card, ...]] = tuple(
    Card(rank, suit) for suit in SUITS for rank in range(14, 1, -1)
)
TENS: Final[tuple[Card, ...]] = tuple(Card(10, suit) for suit in SUITS)
ACES: Final[tuple[Card, ...]] = tuple(Card(14, suit) for suit in SUITS)

_CARD_BY_TEXT: Final[dict[str, Card]] = {}
for _card in ALL_CARDS:
    _letters = [_RANK_LETTER[_card.rank], _RANK_LETTER[_card.rank].lower()]
    if _card.rank == 10:
        _letters.append("10")
    for _r in _letters:
        for _s, _suit in _SUIT_BY_TEXT.items():
            if _suit is _card.suit:
                _CARD_BY_TEXT[_r + _s] = _card

#: The deck sizes PMN knows and the lowest rank each keeps (for the two-pack decks, the
#: lowest rank both packs keep: 100 keeps one two of each suit, 96 none).
DECK_LOWEST_RANK: Final = {52: 2, 48: 3, 32: 7, 100: 3, 96: 3}
DECK_SIZES: Final = (52, 48, 32, 100, 96)
_KNOWN_DECKS: Final = "52, 48 and 32 (one pack), 100 and 96 (two packs)"


def packs(size: int) -> int:
    """How many packs a deck of ``size`` cards is made from: 2 for 100 and 96, else 1."""
    return 2 if size > 52 else 1


def deck_problem(size: int) -> str | None:
    """Why PMN knows no deck of ``size`` cards, or ``None``: the one wording of it."""
    if size in DECK_LOWEST_RANK:
        return None
    return f"no {size}-card deck (PMN knows {_KNOWN_DECKS})"


@functools.cache
def deck(size: int = 52) -> tuple[Card, ...]:
    """The cards of a deck, in hand order: 52, 48 (twos removed) or 32 ("short": 2–6
    removed) from one pack; 100 (two packs less the second pack's twos) or 96 (two packs, no
    twos), where each card comes twice, the two copies side by side.

    >>> len(deck(100)), sum(c.is_ten for c in deck(100)), deck(96)[:2]
    (100, 8, (Card('AS'), Card('AS', copy=1)))
    """
    why = deck_problem(size)
    if why is not None:
        raise ValueError(why)
    lowest = DECK_LOWEST_RANK[size]
    if packs(size) == 1:
        return tuple(c for c in ALL_CARDS if c.rank >= lowest)
    keep_twos = size == 100
    return tuple(
        copy
        for c in ALL_CARDS
        for copy in (c, twin(c))
        if c.rank >= lowest or (keep_twos and copy.copy == 0)
    )


def free_copy(c: Card, taken: Collection[Card]) -> Card:
    """Two packs: the copy of ``c`` not already ``taken``, or ``c`` when both are (for a
    check to report). A record writes ``7S`` for either copy, so copies go by order of
    appearance: the first ``7S`` dealt or played is the first pack's, the next the other.

    >>> free_copy(card("7S"), {card("7S")})
    Card('7S', copy=1)
    """
    return twin(c) if c in taken and twin(c) not in taken else c


def copies_by_appearance(
    hands: Mapping[str, Iterable[Card] | None],
) -> dict[str, frozenset[Card] | None]:
    """Two packs: the hands (by seat) with their copies as a reader makes them of the written
    hands, where ``7S`` is either copy: by order of appearance, seat by seat, the first ``7S``
    the first pack's, the next the second's (a hand may hold both).

    >>> dealt = {"A": {twin(card("7S"))}, "B": {card("7S")}}
    >>> {s: sorted(h or ()) for s, h in copies_by_appearance(dealt).items()}
    {'A': [Card('7S')], 'B': [Card('7S', copy=1)]}
    """
    seen: set[Card] = set()
    out: dict[str, frozenset[Card] | None] = {}
    for seat in sorted(hands):
        hand = hands[seat]
        if hand is None:
            out[seat] = None
            continue
        cards: list[Card] = []
        for c in sort_cards(hand):
            cards.append(twin(c.face) if c.face in seen else c.face)
            seen.add(c.face)
        out[seat] = frozenset(cards)
    return {seat: out[seat] for seat in hands}


def _hand_order(c: Card) -> int:
    return 2 * (int(c) % 52) + c.copy


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Cards in hand order: spades, hearts, diamonds, clubs; high to low in each suit (the
    two copies of a two-pack card side by side, the first pack's first)."""
    ordered = sorted(cards)
    if ordered and ordered[-1] >= 52:
        ordered.sort(key=_hand_order)
    return ordered


def parse_hand(text: str, *, twins: bool = False) -> frozenset[Card]:
    """Read a PBN-style hand ``S.H.D.C`` (voids empty, ``10`` accepted for ``T``).

    With ``twins`` (a two-pack deck) a card written twice is both copies:

    >>> sorted(parse_hand("77...", twins=True))
    [Card('7S'), Card('7S', copy=1)]

    Raises :class:`ValueError` for a malformed hand or a card written twice (three times
    with ``twins``).
    """
    parts = text.strip().split(".")
    if len(parts) != 4:
        raise ValueError(
            f"a hand is four suits separated by dots (S.H.D.C), got {len(parts)} part(s) "
            f"in {text!r}"
        )
    cards: list[Card] = []
    for suit, holding in zip(SUITS, parts, strict=True):
        try:
            cards.extend(_holding(suit, holding))
        except ValueError as exc:
            raise ValueError(f"{exc} in {suit.word} of {text!r}") from None
    if twins:
        cards = [twin(c) if c in cards[:i] else c for i, c in enumerate(cards)]
    hand = frozenset(cards)
    if len(hand) != len(cards):
        seen: set[Card] = set()
        twice = next(c for c in cards if c in seen or seen.add(c))  # type: ignore[func-returns-value]
        times = "three times" if twins else "twice"
        raise ValueError(f"{twice} is written {times} in the hand {text!r}")
    return hand


@functools.lru_cache(maxsize=65536)
def _holding(suit: Suit, holding: str) -> tuple[Card, ...]:
    """The cards of one suit's holding, like ``AKT72``. Cached: a corpus repeats holdings
    (there are only 8,192 of a suit), and hands are read for every deal."""
    cards: list[Card] = []
    holding = holding.strip()
    i = 0
    while i < len(holding):
        if holding.startswith("10", i):
            letter, i = "T", i + 2
        else:
            letter, i = holding[i].upper(), i + 1
        if letter not in _RANK_VALUE:
            raise ValueError(f"not a rank: {letter!r}")
        cards.append(Card(_RANK_VALUE[letter], suit))
    return tuple(cards)


def format_hand(cards: Iterable[Card]) -> str:
    """Write a hand as PMN exports it: ``S.H.D.C``, ranks high to low, voids empty."""
    by_suit: list[list[str]] = [[], [], [], []]
    for c in sort_cards(cards):
        by_suit[c.suit.index].append(_RANK_LETTER[c.rank])
    return ".".join("".join(ranks) for ranks in by_suit)
