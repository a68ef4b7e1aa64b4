"""Entering a deal: the hands dealt card by card (or pasted), checked at every card.

Recording a game starts before its first card: someone deals. BBO's hand editor is the model
— click cards to the highlighted seat, which moves on when its hand is full, and the last
hand fills itself — and so is BridgeSkalis' editor for partial deals. :class:`DealEntry` is
that state, with no display: the tags of the deal to be (rules, dealer, trump, names), the
cards each seat holds so far, the seat cards go to next, and the pack of cards not dealt
yet. Every change is checked before it is made, and a refused one changes nothing, so a
mistake never loses a card already entered. Once every hand is full, :meth:`record` is the
deal as PMN: its tags and ``Hands`` read back by the reader like any file's deal, so the
rules engine replays (and the recorder plays on) exactly what a file would hold.

>>> entry = DealEntry.new(dealer="D", trump_method="None", names={"A": "Asha"})
>>> entry.selected, len(entry.pack)
('A', 52)
>>> entry.deal("A", "AKQJT98765432...")
<DealEntry A 13, B 0, C 0, D 0 of 13: B next>
>>> entry.selected, len(entry.pack)
('B', 39)
>>> entry.give("AS")
Traceback (most recent call last):
...
mendikot_replay.pmn.entry.EntryError: AS is already dealt, to A
>>> entry.deal("B", ".AKQJT98765432..").deal("C", "..AKQJT98765432.")
<DealEntry A 13, B 13, C 13, D 13 of 13: dealt>
>>> entry.complete, sorted(entry.hands["D"]) == sorted(entry.pack_at_start[39:])
(True, True)
>>> record = entry.record()
>>> record.errors, record.tags["A"], record.timeline[0].to_play
([], 'Asha', 'A')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card, deck, free_copy, parse_hand, sort_cards, twin
from ..core.rules import (
    Capture,
    Reveal,
    Rules,
    Scoring,
    TrumpMethod,
)
from ..core.seats import Seat, next_seat, seats
from ..errors import MendikotError, TextError
from .record import DealRecord
from .syntax import checked_text
from .tags import StartTag, format_hands, parse_hands, rule_tags

__all__ = ["DealEntry", "EntryError"]


class EntryError(MendikotError, ValueError):
    """A card or hand that cannot be entered (dealt twice, too many, not in this deck …);
    the message says which, and nothing was changed."""


def _text(value: object, what: str) -> str:
    """``value`` as text a deal can hold, or :class:`EntryError` (bytes, a number, ``None``
    where text is needed, half a character …: :func:`~.syntax.checked_text`)."""
    try:
        return checked_text(value, what)
    except TextError as exc:
        raise EntryError(str(exc)) from None


def _maybe_text(value: object, what: str) -> str | None:
    return None if value is None else _text(value, what)


def _seat(value: object, what: str = "a seat") -> Seat:
    return _text(value, what).strip().upper()


def _whole(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EntryError(f"{what} is a whole number, not {value!r:.30}")
    return value


def _card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    text = _text(card, "a card").strip().upper().replace("10", "T")
    try:
        return Card.parse(text)
    except ValueError:
        raise EntryError(f"{card!r} is not a card (write it like 4S, TS or 10S)") from None


@dataclass(repr=False)
class DealEntry:
    """A deal being dealt: ``tags`` (everything but ``Hands``), the ``rules`` they state,
    the ``hands`` so far, and the ``selected`` seat the next card goes to."""

    tags: dict[str, str]
    rules: Rules
    hands: dict[Seat, set[Card]] = field(default_factory=dict)
    selected: Seat = "A"
    start: StartTag | None = None
    """A position (:meth:`position`): where the deal stands when the record begins."""
    table: tuple[Card, ...] = ()
    """A position's cards already on the table in the trick under way, from its leader."""
    leader: Seat | None = None
    """A position's leader of the trick under way."""

    @classmethod
    def new(
        cls,
        *,
        players: int = 4,
        deck: int | None = None,
        dealer: Seat | None = "B",
        trump_method: str = "Drawn",
        trump: str | None = None,
        trump_card: str | None = None,
        reveal: str | None = None,
        capture: str | None = None,
        variant: Sequence[str] = (),
        names: Mapping[Seat, str] | None = None,
        event: str | None = None,
        site: str | None = None,
        date: str | None = None,
        scoring: str | None = None,
    ) -> DealEntry:
        """A new deal of these rules, nobody dealt a card yet (the arguments are the tags
        PMN gives them, in Python's spelling; ``variant`` the house flags, ``scoring`` the
        match register's profile). Every argument is checked for its type: a wrong one is
        an :class:`EntryError` naming it."""
        players = _whole(players, "players")
        deck = None if deck is None else _whole(deck, "deck")
        trump_method = _text(trump_method, "trump_method")
        reveal, capture = _maybe_text(reveal, "reveal"), _maybe_text(capture, "capture")
        trump, trump_card = _maybe_text(trump, "trump"), _maybe_text(trump_card, "trump_card")
        dealer = None if dealer is None else _seat(dealer, "dealer")
        variant = (variant,) if isinstance(variant, str) else variant
        if not isinstance(variant, (list, tuple, set, frozenset)):
            raise EntryError(f"variant is a list of house flags, not {variant!r:.30}")
        variant = [_text(flag, "a variant flag") for flag in variant]
        event, site = _maybe_text(event, "event"), _maybe_text(site, "site")
        date = _maybe_text(date, "date")
        if names is not None and not isinstance(names, Mapping):
            raise EntryError(f"names are given by seat ({{'A': 'Asha'}}), not {names!r:.30}")
        names = {
            _seat(seat): _text(name, f"the name of {seat}") for seat, name in (names or {}).items()
        }
        scoring = _maybe_text(scoring, "scoring")
        try:
            rules = Rules.with_variant(
                variant,
                players=players,
                deck=deck or 0,
                trump_method=TrumpMethod(trump_method),
                reveal=Reveal(reveal or "A"),
                capture=Capture(capture or "Trick"),
                scoring=Scoring(scoring or "plain"),
            )
        except ValueError as exc:
            raise EntryError(str(exc)) from None
        table = seats(rules.players)
        if dealer is not None and dealer not in table:
            raise EntryError(f"no seat {dealer} at a table of {rules.players}")
        tags: dict[str, str] = {}
        for name, value in (("Event", event), ("Site", site), ("Date", date)):
            if value:
                tags[name] = value
        for seat, name in (names or {}).items():
            if seat.upper() not in table:
                raise EntryError(f"no seat {seat} at a table of {rules.players}")
            tags[seat.upper()] = name
        tags.update(rule_tags(rules))
        if dealer is not None:  # a position may leave it out: its next lead is given
            tags["Dealer"] = dealer
        if trump is not None:
            tags["Trump"] = trump.upper()
        if trump_card is not None:
            tags["TrumpCard"] = trump_card.upper()
        entry = cls(tags, rules, {s: set() for s in table}, table[0])
        return entry

    @classmethod
    def position(
        cls,
        *,
        trick: int,
        tens: tuple[int, int] = (0, 0),
        tricks: tuple[int, int] | None = None,
        leader: Seat = "A",
        table: Sequence[Card | str] = (),
        pile: tuple[int, Sequence[Card | str]] | None = None,
        streak: Seat | None = None,
        **deal: Any,
    ) -> DealEntry:
        """An endgame to set up (a ``Start`` record), as a double-dummy editor sets up a
        partial deal: trick ``trick`` under way, led by ``leader``, the tens and tricks
        each side has taken (A/C first), the cards already on the table in it (from the
        leader on), and under Dehla the pile (``(tricks, tens in it)``) and the seat on a
        streak. Each hand then holds the cards left to it: one fewer for a seat whose card
        is on the table. The other keywords are :meth:`new`'s."""
        entry = cls.new(**{"dealer": None, **deal})
        trick = _whole(trick, "trick")
        if not isinstance(table, (list, tuple)):
            raise EntryError(f"table is a list of cards, not {table!r:.30}")
        for name, pair in (("tens", tens), ("tricks", tricks)):
            if pair is None:
                continue
            if not isinstance(pair, (list, tuple)) or len(pair) != 2:
                raise EntryError(f"{name} is a pair of numbers (A/C's, B/D's), not {pair!r:.30}")
            for count in pair:
                _whole(count, name)
        streak = None if streak is None else _seat(streak, "streak")
        total = entry.rules.tricks_per_deal
        if not 1 <= trick <= total:
            raise EntryError(f"a deal of {total} tricks has no trick {trick}")
        if tricks is None:
            tricks = (trick - 1 - (trick - 1) // 2, (trick - 1) // 2)
        if sum(tricks) > trick - 1:
            raise EntryError(f"{sum(tricks)} tricks cannot be taken before trick {trick}")
        lead = _seat(leader, "leader")
        if lead not in entry.seats:
            raise EntryError(f"no seat {leader} at a table of {entry.rules.players}")
        cards = tuple(_card(c) for c in table)
        if len(cards) >= entry.rules.players:
            raise EntryError(
                f"a trick has {entry.rules.players} cards: {len(cards)} is a whole one"
            )
        if len(set(cards)) != len(cards):
            raise EntryError("a card is on the table twice")
        piled = None
        if pile is not None:
            if not isinstance(pile, (list, tuple)) or len(pile) != 2:
                raise EntryError(f"pile is (tricks, its tens), not {pile!r:.30}")
            piled = (_whole(pile[0], "pile"), tuple(_card(c) for c in pile[1]))
        entry.start = StartTag(trick, tuple(tens), tuple(tricks), None, piled, streak)  # type: ignore[arg-type]
        entry.table = cards
        entry.leader = lead
        entry.selected = lead if not cards else entry._after(lead, len(cards))
        return entry

    def _after(self, seat: Seat, steps: int) -> Seat:
        table = self.seats
        return table[(table.index(seat) + steps) % len(table)]

    # -- what there is -------------------------------------------------------------------
    @property
    def seats(self) -> tuple[Seat, ...]:
        return seats(self.rules.players)

    @property
    def hand_size(self) -> int:
        """The most cards a hand holds: a whole deal's, or a position's cards left."""
        if self.start is None or self.start.trick is None:
            return self.rules.tricks_per_deal
        return self.rules.tricks_per_deal - self.start.trick + 1

    def size_of(self, seat: Seat) -> int:
        """How many cards ``seat`` holds when the record begins (a position: one fewer
        for a seat whose card is already on the table)."""
        if self.leader is not None and self.table:
            played = {self._after(self.leader, k) for k in range(len(self.table))}
            if seat in played:
                return self.hand_size - 1
        return self.hand_size

    @property
    def pack_at_start(self) -> tuple[Card, ...]:
        """Every card of this deck, in deck order."""
        return deck(self.rules.deck)

    @property
    def pack(self) -> list[Card]:
        """The cards not dealt yet (nor on a position's table), in deck order."""
        dealt = self.dealt()
        return [c for c in self.pack_at_start if c not in dealt and c not in self.table]

    def dealt(self) -> dict[Card, Seat]:
        return {c: s for s, hand in self.hands.items() for c in hand}

    @property
    def complete(self) -> bool:
        return all(len(self.hands[s]) == self.size_of(s) for s in self.seats)

    @property
    def first_leader(self) -> Seat:
        """Who leads the first trick of the record: the player after the dealer, or after
        the trump's holder under ``lead-after-holder`` (a position: the leader of the trick
        under way)."""
        if self.leader is not None:
            return self.leader
        if "Dealer" not in self.tags:
            raise EntryError("a whole deal needs its dealer")
        return self.rules.first_lead(self.tags["Dealer"])

    # -- dealing -------------------------------------------------------------------------
    def select(self, seat: Seat) -> DealEntry:
        """Send the next cards to ``seat``."""
        seat = _seat(seat)
        if seat not in self.seats:
            raise EntryError(f"no seat {seat} at a table of {self.rules.players}")
        self.selected = seat
        return self

    def give(self, card: Card | str, seat: Seat | None = None) -> DealEntry:
        """Deal ``card`` to ``seat`` (the selected seat by default). A full hand moves the
        selection on, in play order, to the next seat still short of cards; when one seat
        is left and the pack holds exactly its cards, they are its own."""
        wanted = _card(card)
        target = self.selected if seat is None or seat == "" else _seat(seat)
        if target not in self.seats:
            raise EntryError(f"no seat {target} at a table of {self.rules.players}")
        if self.rules.packs == 2:
            wanted = free_copy(wanted, set(self.dealt()) | set(self.table))
        self._check_free([wanted])
        if len(self.hands[target]) >= self.size_of(target):
            raise EntryError(f"{target}'s hand is full ({self.size_of(target)} cards)")
        self.hands[target].add(wanted)
        self._move_on(target)
        return self

    def take(self, card: Card | str) -> DealEntry:
        """Take ``card`` back into the pack; its seat is selected (to give it another)."""
        wanted = _card(card)
        dealt = self.dealt()
        # two packs, either copy dealt: the selected seat's, else the one dealt second
        if (
            self.rules.packs == 2
            and twin(wanted) in dealt
            and (wanted not in dealt or dealt[wanted] != self.selected)
        ):
            wanted = twin(wanted)
        holder = dealt.get(wanted)
        if holder is None:
            raise EntryError(f"{wanted} is not dealt: it is still in the pack")
        self.hands[holder].discard(wanted)
        self.selected = holder
        return self

    def deal(self, seat: Seat, hand: str | Iterable[Card | str]) -> DealEntry:
        """Give ``seat`` the whole ``hand`` (``"AJ86532.42.A4.Q9"``, suits S.H.D.C, ``10``
        accepted), in place of what it held; checked as a whole first."""
        target = _seat(seat)
        if target not in self.seats:
            raise EntryError(f"no seat {target} at a table of {self.rules.players}")
        if isinstance(hand, str):
            hand = _text(hand, f"{target}'s hand")
            try:
                cards = sort_cards(parse_hand(hand, twins=self.rules.packs == 2))
            except ValueError as exc:
                raise EntryError(f"{target}: {exc}") from None
        elif isinstance(hand, (list, tuple, set, frozenset)):
            cards = [_card(c) for c in hand]
        else:
            raise EntryError(f"{target}'s hand is text or a list of cards, not {hand!r:.30}")
        if self.rules.packs == 2:
            cards = self._apart(cards, besides=target)
        if len(cards) > self.size_of(target):
            raise EntryError(
                f"{target}: {len(cards)} cards is too many: a hand has {self.size_of(target)}"
            )
        self._check_free(cards, besides=target)
        self.hands[target] = set(cards)
        self._move_on(target)
        return self

    def paste(self, text: str) -> DealEntry:
        """Deal from a hands string as PMN's ``Hands`` or PBN's deal writes it
        (``"A:AK.QJ.T9.8 B:…"``, a hand without a seat going to the next seat); every hand
        given is checked together with the others before any is dealt."""
        text = _text(text, "the hands")
        try:
            given = parse_hands(text, twins=self.rules.packs == 2)
        except ValueError as exc:
            raise EntryError(f"cannot read the hands: {exc}") from None
        if self.rules.packs == 2:
            kept = {s: h for s, h in self.hands.items() if s not in given}
            for seat, hand in given.items():
                given[seat] = frozenset(self._apart(sort_cards(hand or ()), hands=kept))
                kept[seat] = set(given[seat] or ())
        unknown = [s for s in given if s not in self.seats]
        if unknown:
            raise EntryError(f"no seat {unknown[0]} at a table of {self.rules.players}")
        after = {s: set(h) for s, h in self.hands.items()}
        for seat, hand in given.items():
            after[seat] = set(hand or ())
        owners: dict[Card, Seat] = {}
        in_deck = set(self.pack_at_start)
        for seat in self.seats:
            if len(after[seat]) > self.size_of(seat):
                raise EntryError(
                    f"{seat}: {len(after[seat])} cards is too many: a hand has {self.size_of(seat)}"
                )
            for c in sort_cards(after[seat]):
                if c not in in_deck:
                    raise EntryError(f"{c} is not in a {self.rules.deck}-card deck")
                if c in owners:
                    raise EntryError(f"{c} is dealt twice, to {owners[c]} and {seat}")
                if c in self.table:
                    raise EntryError(f"{c} is on the table already")
                owners[c] = seat
        self.hands = after
        self._move_on(self.selected)
        return self

    def _apart(
        self,
        cards: Sequence[Card],
        besides: Seat | None = None,
        hands: Mapping[Seat, set[Card]] | None = None,
    ) -> list[Card]:
        """Two packs: ``cards`` as copies apart from the other seats' (``hands``, by default
        those dealt) and the table's, and from each other (``7S`` twice is both copies)."""
        held = self.hands if hands is None else hands
        taken = {c for s, h in held.items() if s != besides for c in h} | set(self.table)
        out: list[Card] = []
        for c in cards:
            out.append(free_copy(c.face, taken | set(out)))
        return out

    def _check_free(self, cards: Sequence[Card], besides: Seat | None = None) -> None:
        in_deck = set(self.pack_at_start)
        dealt = self.dealt()
        for c in cards:
            if c not in in_deck:
                raise EntryError(f"{c} is not in a {self.rules.deck}-card deck")
            holder = dealt.get(c)
            if holder is not None and holder != besides:
                raise EntryError(f"{c} is already dealt, to {holder}")
            if c in self.table:
                raise EntryError(f"{c} is on the table already")
        if len(set(cards)) != len(cards):
            twice = next(c for c in cards if cards.count(c) > 1)
            raise EntryError(f"{twice} is given twice")

    def _move_on(self, seat: Seat) -> None:
        """After a card to ``seat``: the next seat short of cards (in play order from it),
        and the last hand filled from the pack when only it is left."""
        short = [s for s in self.seats if len(self.hands[s]) < self.size_of(s)]
        if len(short) == 1 and len(self.pack) == self.size_of(short[0]) - len(self.hands[short[0]]):
            self.hands[short[0]].update(self.pack)
            short = []
        if not short:
            return
        if len(self.hands[seat]) < self.size_of(seat):
            self.selected = seat
            return
        candidate = seat
        for _ in self.seats:
            candidate = next_seat(candidate, self.rules.players)
            if candidate in short:
                self.selected = candidate
                return

    # -- the trump -----------------------------------------------------------------------
    def set_trump(self, suit: str | None = None, card: Card | str | None = None) -> DealEntry:
        """The trump as its method gives it: ``Drawn``/``FaceUp`` a suit (or the card shown,
        whose suit it is); ``Closed`` the card its holder set aside face down (from its own
        hand: ``card``, the holder being the player to the dealer's right)."""
        method = self.rules.trump_method
        suit = _maybe_text(suit, "the trump suit")
        if method in (TrumpMethod.CUT, TrumpMethod.NONE):
            raise EntryError(f"a {method.value} deal has no trump to choose before the play")
        if method is TrumpMethod.CLOSED:
            if card is None:
                raise EntryError("a closed trump is the card its holder lays face down: give it")
            chosen = _card(card)
            holder = self.closed_holder
            if twin(chosen) in self.hands[holder] and chosen not in self.hands[holder]:
                chosen = twin(chosen)
            if chosen not in self.hands[holder]:
                raise EntryError(
                    f"{chosen} is not in {holder}'s hand: the holder sets aside a card of its own"
                )
            self.tags["TrumpCard"] = f"{holder}:{chosen}"
            self.tags.pop("Trump", None)
            return self
        if card is not None:
            chosen = _card(card)
            self.tags["TrumpCard"] = str(chosen)
            self.tags["Trump"] = chosen.suit.letter
        elif suit is not None:
            self.tags["Trump"] = suit.strip().upper()[:1]
            self.tags.pop("TrumpCard", None)
        return self

    def trump_missing(self) -> str | None:
        """What the trump still needs before the play can start, in a player's words
        (``None``: nothing): the suit drawn or turned up, or the closed trump's card."""
        method = self.rules.trump_method
        if method in (TrumpMethod.DRAWN, TrumpMethod.FACE_UP) and "Trump" not in self.tags:
            return "choose the trump suit"
        if method is TrumpMethod.CLOSED and "TrumpCard" not in self.tags:
            holder = self.closed_holder
            name = self.tags.get(holder, "").strip()
            who = f"{holder} ({name})" if name else holder
            return f"choose the card {who} lays face down"
        return None

    @property
    def closed_holder(self) -> Seat:
        """Who lays the closed trump face down: the player to the dealer's right — the
        next in play order, who leads the first trick (unless ``lead-after-holder``)."""
        if self.leader is not None or "Dealer" not in self.tags:
            return self.first_leader
        return next_seat(self.tags["Dealer"], self.rules.players)

    # -- the deal ------------------------------------------------------------------------
    def hands_text(self) -> str:
        """The hands so far as the ``Hands`` tag writes them."""
        return format_hands({s: frozenset(self.hands[s]) for s in self.seats})

    def record(self) -> DealRecord:
        """The deal as PMN, once every hand is full: the tags and ``Hands`` written and read
        back (so every check the reader makes is made), ready to be played on."""
        from .reader import read_string  # the reader is the way text becomes a record
        from .writer import write_deal

        missing = self.trump_missing()
        if missing is not None:
            raise EntryError(missing)
        if not self.complete:
            short = [
                f"{s} has {len(self.hands[s])} of {self.size_of(s)}"
                for s in self.seats
                if len(self.hands[s]) < self.size_of(s)
            ]
            raise EntryError(f"the hands are not all dealt ({', '.join(short)} cards)")
        tags = {**self.tags, "Hands": self.hands_text(), "Play": self.first_leader}
        if self.start is not None:
            tags["Start"] = str(self.start)
        draft = DealRecord(tags)
        draft.unfinished = True
        node = None
        for card in self.table:  # a position's trick under way: its first cards
            node = draft.add_main(card) if node is None else node.add_main(card)
        if self.table and self.start is not None and self.start.trick is not None:
            assert draft.variations
            draft.variations[0].marker = (self.start.trick, self.first_leader)
        (record,) = read_string(write_deal(draft))
        if record.errors:
            raise EntryError(str(record.errors[0]).split(": error: ", 1)[-1])
        return record

    def __repr__(self) -> str:
        counts = ", ".join(f"{s} {len(self.hands[s])}" for s in self.seats)
        state = "dealt" if self.complete else f"{self.selected} next"
        return f"<DealEntry {counts} of {self.hand_size}: {state}>"
