"""The rules engine: who may play what, who wins a trick, where the tricks and tens go.

It implements every rule and option of docs/rules.md and nothing else: it knows no file format
and no display. :class:`Game` is a small mutable state machine, fed one card at a time;
the replay timeline (:mod:`mendikot_replay.core.timeline`) records its state after every card, and
the solver will drive it directly.

A rule broken by a card raises :class:`IllegalPlay` with a sentence a player understands.

>>> from mendikot_replay.core.cards import card, parse_hand
>>> from mendikot_replay.core.rules import Rules
>>> hands = {"A": parse_hand("A..."), "B": parse_hand("K..."), "C": parse_hand(".A.."),
...          "D": parse_hand("2.3..")}
>>> rules = Rules(trump_method=TrumpMethod.NONE)
>>> game = Game(DealSetup(rules, hands, first_leader="A"), check_deal=False)
>>> game.legal_cards()
[Card('AS')]
>>> event = game.play(card("AS")); event = game.play(card("KS")); event = game.play(card("AH"))
>>> game.play(card("3H"))
Traceback (most recent call last):
...
mendikot_replay.core.engine.IllegalPlay: trick 1: D plays 3H while holding spades (revoke)
"""

from __future__ import annotations

import copy
import functools
import operator
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final, Literal, NamedTuple

from ..errors import MendikotError
from .cards import Card, Suit, deck, sort_cards, twin
from .deal_setup import DealSetup, SetupError
from .result import DealResult
from .rules import Capture, Reveal, TrumpMethod
from .seats import Seat, Team, seats, team_index, team_of


@functools.cache
def _deck_set(size: int) -> frozenset[Card]:
    return frozenset(deck(size))


@functools.cache
def _deck_tens(size: int) -> tuple[Card, ...]:
    return tuple(c for c in deck(size) if c.is_ten)


class IllegalPlay(MendikotError, ValueError):
    """A card that the rules do not allow here; the message says which rule and why."""


TrumpStatus = Literal["known", "hidden", "unnamed", "revealed", "named", "none"]
"""How the table stands with the trump: ``known`` before the lead (Drawn, FaceUp),
``hidden`` (closed, still face down), ``unnamed`` (cut, nobody void yet), ``revealed``
(closed, turned up), ``named`` (cut), ``none`` (no-trump deal)."""

TenWhere = Literal["hand", "table", "pile", "captured", "gone"]


class TenFate(NamedTuple):
    """Where one ten is: still in a hand, on the table, in the Dehla pile, or captured.

    ``gone`` is a ten captured before a position's start, where the record does not say
    by whom (``team`` is known only when one side has all the earlier tens)."""

    card: Card
    where: TenWhere
    holder: Seat | None = None
    """Who holds it (``hand``) or who played it (``table``, ``pile``, ``captured``)."""
    played_in: int | None = None
    """The trick it was played to."""
    seat: Seat | None = None
    """The seat whose win brought it to the team (``captured``)."""
    team: Team | None = None
    trick: int | None = None
    """The trick at whose end the team took it (later than ``played_in`` under Dehla)."""


class PlayEvent(NamedTuple):
    """What one card did: everything a view or an annotator needs to tell the story."""

    ply: int
    """0-based index of the card among the cards played in this record."""
    seat: Seat
    card: Card
    trick: int
    position: int
    """0-based place in the trick (0 = the lead)."""
    led_suit: Suit | None
    followed: bool
    """Whether the card follows the suit led (always true for a lead)."""
    is_trump: bool
    """Whether it counts as a trump in this trick (known when the trick ends)."""
    revealed: bool = False
    """A closed trump was turned up at this card (version A: automatically; B: asked)."""
    asked: bool = False
    """Version B: this player asked for the reveal (``^T``)."""
    named: bool = False
    """Cut trump: this card named the trump."""
    revoke: bool = False
    """A revoke knowingly recorded (``^R``)."""
    trick_winner: Seat | None = None
    """Set on the last card of a trick."""
    collected: tuple[int, tuple[Card, ...]] | None = None
    """On the last card of a trick: the tricks and tens the winner's team took now
    (Dehla may take several tricks at once, or none)."""


class _TableCard(NamedTuple):
    seat: Seat
    card: Card
    ply: int


@dataclass(slots=True)
class Counts:
    """Tricks and tens per team, AC first."""

    tricks: list[int] = field(default_factory=lambda: [0, 0])
    tens: list[int] = field(default_factory=lambda: [0, 0])


#: ``tuple.__new__(PlayEvent, fields)`` makes the same named tuple as ``PlayEvent(*fields)``
#: without the generated ``__new__``'s Python frame: two of them are made for every card.
_new_tuple: Final = tuple.__new__

NO_TRUMP_PLY: Final = -(10**9)
"""``trump_ply`` of a trump known before the first card: every trump-suit card counts."""


#: The plain attributes a card can change, saved by :meth:`Game.push` and restored by
#: :meth:`Game.pop` (the lists, sets and dicts it changes are handled one by one there).
_UNDONE: Final = (
    "ply",
    "to_play",
    "leader",
    "trick",
    "trick_start_ply",
    "finished",
    "trump",
    "trump_status",
    "trump_ply",
    "trump_since",
    "trump_card",
    "hidden_card",
    "hidden_holder",
    "unknown_holder_card",
    "last_trick_trumps",
    "last_trick",
    "pile_tricks",
    "streak_seat",
    "streak",
    "revokes",
)
_save_plain: Final = operator.attrgetter(*_UNDONE)


class Game:
    """One deal in play. Feed it cards with :meth:`play`; read its state from attributes.

    ``check_deal`` verifies that a complete deal's hands are a full, fair deal of the deck
    (positions and unknown hands are not checked).
    """

    def __init__(self, setup: DealSetup, *, check_deal: bool = True) -> None:
        rules = setup.rules
        self.setup = setup
        self.rules = rules
        self.players = rules.players
        self.seats = seats(rules.players)
        self.total_tricks = rules.tricks_per_deal
        self.has_dehla = rules.capture is Capture.DEHLA
        self.hands: dict[Seat, set[Card] | None] = {}
        for seat in self.seats:
            if seat not in setup.hands:
                raise SetupError(f"no hand for seat {seat}")
            hand = setup.hands[seat]
            self.hands[seat] = set(hand) if hand is not None else None
        extra = set(setup.hands) - set(self.seats)
        if extra:
            raise SetupError(
                f"hands for seats {', '.join(sorted(extra))} at a {self.players}-player table"
            )
        self._next: dict[Seat, Seat] = {
            s: self.seats[(i + 1) % self.players] for i, s in enumerate(self.seats)
        }
        self.suit_counts: dict[Seat, list[int]] = {}
        for s, h in self.hands.items():
            counts = [0, 0, 0, 0]
            for c in h or ():
                counts[c.suit.index] += 1
            self.suit_counts[s] = counts
        self.deck = _deck_set(rules.deck)
        self.two_packs = rules.packs == 2
        """Each card comes twice: a played card is the copy the seat holds (:meth:`copy_for`)."""
        known = [c for h in self.hands.values() if h is not None for c in h]
        start = setup.start
        table_cards = [c for _, c in start.table] if start else []
        seen = known + table_cards
        for c in seen:
            if c.copy and c.face in self.deck and not self.two_packs:
                raise SetupError(f"{c} held twice")
            if c not in self.deck:
                raise SetupError(f"{c} is not in a {rules.deck}-card deck")
        if len(set(seen)) != len(seen):
            twice = sort_cards({c for c in seen if seen.count(c) > 1})
            raise SetupError(f"{', '.join(map(str, twice))} held twice")
        # Cards nobody known holds: they may be in unknown hands (or already played).
        self.unseen: set[Card] = set(self.deck) - set(seen)
        if check_deal and start is None:
            per_hand = rules.tricks_per_deal
            for seat, dealt in self.hands.items():
                if dealt is not None and len(dealt) != per_hand:
                    raise SetupError(
                        f"{seat} holds {len(dealt)} cards; a {rules.deck}-card deal gives each "
                        f"of {self.players} players {per_hand}"
                    )
            if all(h is not None for h in self.hands.values()) and self.unseen:
                raise SetupError(f"{len(self.unseen)} cards of the deck are not dealt")
        if setup.first_leader not in self.seats:
            raise SetupError(f"no seat {setup.first_leader} at a {self.players}-player table")
        if setup.dealer is not None and setup.dealer in self.seats:
            right = self.seats[(self.seats.index(setup.dealer) + 1) % self.players]
            first = rules.first_lead(setup.dealer)
            if start is None and setup.first_leader != first:
                who = (
                    "the player to the dealer's right"
                    if first == right
                    else "the player after the trump's holder"
                )
                raise SetupError(
                    f"{setup.first_leader} leads, but {who} ({first}, dealer {setup.dealer}) "
                    "leads to the first trick"
                )
            if setup.hidden_holder is not None and setup.hidden_holder != right:
                raise SetupError(
                    f"{setup.hidden_holder} set the closed trump aside, but the player to the "
                    f"dealer's right ({right}, dealer {setup.dealer}) does"
                )

        # Trump.
        method = rules.trump_method
        self.trump: Suit | None = setup.trump
        self.trump_ply: int = NO_TRUMP_PLY
        self.last_trick_trumps: frozenset[Card] = frozenset()
        self.last_trick: tuple[tuple[Seat, Card], ...] = ()
        self.trump_card: Card | None = setup.trump_card
        """The card that named the trump (cut: set by the naming discard), or the closed
        card set aside."""
        self.trump_since: int | None = None
        """The ply at which the trump was revealed or named in this record."""
        """The ply from which trump-suit cards count as trumps (version A: the trick)."""
        self.hidden_card: Card | None = None
        self.hidden_holder: Seat | None = None
        self.unknown_holder_card: tuple[Seat, Card] | None = None
        """Closed trump set aside by a seat whose hand is unknown: that seat and card (the
        card is not among :attr:`unseen`, yet the holder plays it in the end)."""
        self.trump_status: TrumpStatus
        if method is TrumpMethod.NONE:
            if setup.trump is not None:
                raise SetupError("a no-trump deal has no trump suit")
            self.trump_status = "none"
        elif method in (TrumpMethod.DRAWN, TrumpMethod.FACE_UP):
            if setup.trump is None:
                raise SetupError(f"{method.value} trump needs the trump suit")
            self.trump_status = "known"
        elif method is TrumpMethod.CUT:
            self.trump_status = "named" if setup.trump is not None else "unnamed"
        else:  # closed
            if setup.trump is not None:
                self.trump_status = "revealed"
            elif setup.hidden_holder is None or setup.trump_card is None:
                raise SetupError("a closed trump needs the face-down card and its holder")
            else:
                holder_hand = self.hands.get(setup.hidden_holder)
                if holder_hand is not None and setup.trump_card not in holder_hand:
                    raise SetupError(
                        f"the face-down trump {setup.trump_card} is not in "
                        f"{setup.hidden_holder}'s hand"
                    )
                if holder_hand is None:
                    self.unseen.discard(setup.trump_card)
                    self.hands[setup.hidden_holder] = None
                    self.unknown_holder_card = (setup.hidden_holder, setup.trump_card)
                self.hidden_card = setup.trump_card
                self.hidden_holder = setup.hidden_holder
                self.trump_status = "hidden"

        # Play.
        self.trick = start.trick if start else 1
        self.leader: Seat = setup.first_leader
        self.table: list[_TableCard] = []
        self.ply = 0
        self.counts = Counts()
        if start:
            self.counts.tricks = list(start.tricks)
            self.counts.tens = list(start.tens)
            self.trick_start_ply = -len(start.table)
            for i, (seat, c) in enumerate(start.table):
                self.table.append(_TableCard(seat, c, i - len(start.table)))
        else:
            self.trick_start_ply = 0
        self.to_play: Seat | None = self._seat_after(self.leader, len(self.table))
        self.pile_tricks = start.pile_tricks if start else 0
        self.pile_cards: list[Card] = list(start.pile_tens) if start else []
        self.streak_seat: Seat | None = start.streak if start else None
        self.streak = 1 if self.streak_seat else 0
        self.trick_winners: list[Seat] = []
        self.revokes = 0
        self.finished = False
        self._ten_fates: dict[Card, TenFate] = {}
        self._init_tens()
        self.played: dict[Card, tuple[Seat, int]] = {}
        """Each card played in this game: who played it, in which trick (for the sentence
        that says where a card is when somebody names one they do not hold)."""
        self._undo: list[tuple[Any, ...]] = []
        """What :meth:`pop` needs to take back each card :meth:`push` played."""
        if start and self.trick > self.total_tricks:
            raise SetupError(
                f"trick {self.trick} does not exist in a {self.total_tricks}-trick deal"
            )
        if start:
            done = sum(start.tricks) + start.pile_tricks
            if done != start.trick - 1:
                raise SetupError(
                    f"trick {start.trick} is under way, so {start.trick - 1} tricks were "
                    f"played, but the tricks taken (and piled) add up to {done}"
                )
            if len(start.table) >= self.players:
                raise SetupError("a whole trick cannot be on the table at the start")
            for i, (seat, _) in enumerate(start.table):
                if seat != self._seat_after(self.leader, i):
                    raise SetupError(
                        f"card {i + 1} on the table is {seat}'s, but play order from the "
                        f"leader {self.leader} gives {self._seat_after(self.leader, i)}"
                    )
            left = self.total_tricks - start.trick + 1
            for seat in self.seats:
                held = self.hands[seat]
                played = self.seats.index(seat) - self.seats.index(self.leader)
                expected = left - (1 if played % self.players < len(start.table) else 0)
                if held is not None and len(held) != expected:
                    raise SetupError(
                        f"{seat} holds {len(held)} cards; at trick {start.trick} with "
                        f"{len(start.table)} card(s) on the table it should hold {expected}"
                    )
            if not self.has_dehla and (start.pile_tricks or start.streak or start.pile_tens):
                raise SetupError("a pile and a streak exist only under Dehla capture")

    def copy(self) -> Game:
        """An independent copy, to explore a variation without disturbing this game."""
        new = copy.copy(self)
        new.hands = {s: set(h) if h is not None else None for s, h in self.hands.items()}
        new.suit_counts = {s: list(c) for s, c in self.suit_counts.items()}
        new.unseen = set(self.unseen)
        new.table = list(self.table)
        new.counts = Counts(list(self.counts.tricks), list(self.counts.tens))
        new.pile_cards = list(self.pile_cards)
        new.trick_winners = list(self.trick_winners)
        new._ten_fates = dict(self._ten_fates)
        new.played = dict(self.played)
        new._undo = []  # a copy starts where the game stands: nothing to take back
        return new

    # -- trying a card and taking it back (python-chess's push/pop) ----------------------
    def push(self, card: Card, *, ask_reveal: bool = False, revoke: bool = False) -> PlayEvent:
        """Play ``card`` as :meth:`play` does, remembering how to take it back with
        :meth:`pop`: a search tries every card of a position on one game, rather than a
        :meth:`copy` of the whole game for each (its hands, counts, fates…). An illegal
        card raises :class:`IllegalPlay` and leaves nothing to pop.

        Only what the card can change is saved: the plain attributes always, the table,
        counts, pile and ten fates only when the card ends a trick (or is a ten)."""
        seat = self.to_play
        if self.two_packs:
            card = self.copy_for(card)
        hand = self.hands[seat] if seat is not None else None
        ends = len(self.table) == self.players - 1
        saved = (
            seat,
            card,
            hand is None and card in self.unseen,
            _save_plain(self),
            (list(self.table), self.counts.tricks[:], self.counts.tens[:], self.pile_cards[:])
            if ends
            else None,
            dict(self._ten_fates) if ends or card.is_ten else None,
        )
        event = self.play(card, ask_reveal=ask_reveal, revoke=revoke)
        self._undo.append(saved)
        return event

    def pop(self) -> None:
        """Take back the last card :meth:`push` played: the game is exactly as before it."""
        seat, card, was_unseen, plain, trick, fates = self._undo.pop()
        for name, value in zip(_UNDONE, plain, strict=True):
            setattr(self, name, value)
        hand = self.hands[seat]
        if hand is not None:
            hand.add(card)
            self.suit_counts[seat][card.suit.index] += 1
        elif was_unseen:
            self.unseen.add(card)
        if trick is None:
            self.table.pop()
        else:
            self.table, self.counts.tricks[:], self.counts.tens[:], self.pile_cards = trick
            self.trick_winners.pop()
        if fates is not None:
            self._ten_fates = fates
        del self.played[card]

    # -- set-up helpers -------------------------------------------------------------------
    def _seat_after(self, seat: Seat, steps: int) -> Seat:
        return self.seats[(self.seats.index(seat) + steps) % self.players]

    def _init_tens(self) -> None:
        start = self.setup.start
        on_table = {c: s for s, c in start.table} if start else {}
        pile = set(start.pile_tens) if start else set()
        gone_tens = list(_deck_tens(self.rules.deck))
        for ten in _deck_tens(self.rules.deck):
            holder = next((s for s, h in self.hands.items() if h is not None and ten in h), None)
            if holder is not None:
                self._ten_fates[ten] = TenFate(ten, "hand", holder)
                gone_tens.remove(ten)
            elif self.unknown_holder_card is not None and ten is self.unknown_holder_card[1]:
                self._ten_fates[ten] = TenFate(ten, "hand", self.unknown_holder_card[0])
                gone_tens.remove(ten)
            elif ten in on_table:
                self._ten_fates[ten] = TenFate(ten, "table", on_table[ten], self.trick)
                gone_tens.remove(ten)
            elif ten in pile:
                self._ten_fates[ten] = TenFate(ten, "pile")
                gone_tens.remove(ten)
            elif ten in self.unseen and any(h is None for h in self.hands.values()):
                self._ten_fates[ten] = TenFate(ten, "hand")
                gone_tens.remove(ten)
        if start:
            ac, bd = start.tens
            team: Team | None = "AC" if bd == 0 else "BD" if ac == 0 else None
            if len(gone_tens) != ac + bd and not any(h is None for h in self.hands.values()):
                raise SetupError(
                    f"the position shows {len(gone_tens)} ten(s) already taken, but Start "
                    f"counts {ac}-{bd}"
                )
            for ten in gone_tens:
                self._ten_fates[ten] = TenFate(ten, "gone", team=team)

    # -- reading the state ----------------------------------------------------------------
    def visible_hand(self, seat: Seat) -> set[Card] | None:
        """The cards a seat may choose from: its hand less a face-down closed trump (which
        stays in it under ``trump-card-in-hand``)."""
        hand = self.hands[seat]
        if hand is None or self.hidden_card is None or seat != self.hidden_holder:
            return hand
        if self.rules.trump_card_in_hand:
            return hand
        if len(hand) == 1:  # the face-down card is all that is left: it is played
            return hand
        return hand - {self.hidden_card}

    @property
    def led_suit(self) -> Suit | None:
        return self.table[0].card.suit if self.table else None

    @property
    def split_winner(self) -> Team | None:
        """Who wins if the tens split 2-2 whatever the tricks (:meth:`Rules.split_winner`:
        under ``split-tens-non-dealer`` the side that did not deal)."""
        return self.rules.split_winner(self.setup.dealer)

    def result(self) -> DealResult:
        """The deal's result from the tens and tricks taken so far (the result once the deal
        is finished), by the table's rules (:meth:`Rules.result`)."""
        counts = self.counts
        last = self.trick_winners[-1] if self.finished and self.trick_winners else None
        return self.rules.result(
            (counts.tens[0], counts.tens[1]),
            (counts.tricks[0], counts.tricks[1]),
            dealer=self.setup.dealer,
            last_trick_winner=last,
            total_tricks=self.total_tricks,
        )

    def tens_fates(self) -> tuple[TenFate, ...]:
        fates = self._ten_fates
        return tuple([fates[t] for t in _deck_tens(self.rules.deck) if t in fates])

    def legal_cards(self, seat: Seat | None = None) -> list[Card]:
        """The cards the player to move may play (sorted), or an empty list when the deal is
        over. For an unknown hand every unseen card is offered."""
        seat = seat or self.to_play
        if seat is None or self.finished:
            return []
        hand = self.visible_hand(seat)
        if hand is None:
            reserved = self.unknown_holder_card
            if reserved is not None and reserved[0] == seat and self.hidden_card is None:
                return sort_cards(self.unseen | {reserved[1]})  # the revealed card is back
            return sort_cards(self.unseen)
        led = self.led_suit
        if led is None:
            return sort_cards(hand)
        follow = [c for c in hand if c.suit is led]
        if follow:
            return sort_cards(follow)
        hidden = self.hidden_card
        if hidden is not None and self.rules.reveal is Reveal.A:
            full = self.hands[seat] or hand  # the automatic reveal gives the card back
            if self.rules.reveal_if_trumping:
                # turned up only for a player who can trump, who then must
                trumps = [c for c in full if c.suit is hidden.suit]
                return sort_cards(trumps or hand)
            hand = full
        trump = self._trump_if_void(seat)
        if self.rules.must_trump and trump is not None:
            trumps = [c for c in hand if c.suit is trump]
            if trumps:
                return sort_cards(trumps)
        return sort_cards(hand)

    def may_ask(self) -> bool:
        """Whether the player to move may ask for the closed trump with a card (version B:
        the trump is still face down, a suit was led, the player cannot follow it and did
        not set the trump aside, unless ``holder-may-ask``). An ask can still be refused
        with a card that breaks the asker's duty to trump, which :meth:`play` says."""
        seat = self.to_play
        return (
            seat is not None
            and self.hidden_card is not None
            and self.rules.reveal is Reveal.B
            and bool(self.table)
            and (seat != self.hidden_holder or self.rules.holder_may_ask)
            and not self._can_follow(seat, self.table[0].card.suit)
        )

    def ask_cards(self) -> list[Card]:
        """The cards the player to move may play while asking for the closed trump (sorted;
        empty when it may not ask): a trump when it holds one (the holder's face-down card
        among them), else any card."""
        seat = self.to_play
        hidden = self.hidden_card
        if seat is None or hidden is None or not self.may_ask():
            return []
        hand = self.hands[seat]
        if hand is None:
            return sort_cards(self.unseen)
        trumps = [c for c in hand if c.suit is hidden.suit]
        return sort_cards(trumps or hand)

    def _can_follow(self, seat: Seat, led: Suit) -> bool:
        """Whether ``seat`` (a known hand) holds a card of ``led`` it may play: a face-down
        closed trump of that suit does not count while it stays down (unless
        ``trump-card-in-hand``) and its holder has another card."""
        held = self.suit_counts[seat][led.index]
        hidden = self.hidden_card
        if (
            hidden is not None
            and seat == self.hidden_holder
            and hidden.suit is led
            and not self.rules.trump_card_in_hand
        ):
            hand = self.hands[seat]
            held -= hand is not None and len(hand) > 1
        return held > 0

    def _trump_if_void(self, seat: Seat) -> Suit | None:
        """The trump a void player must respect: the known one, or (version A) the one the
        automatic reveal is about to show."""
        if self.trump is not None:
            return self.trump
        if self.hidden_card is not None and self.rules.reveal is Reveal.A and self.table:
            return self.hidden_card.suit
        return None

    def copy_for(self, card: Card, seat: Seat | None = None) -> Card:
        """The copy of ``card`` that ``seat`` (the player to move) plays. With two packs a
        record writes ``7S`` for either copy and keeps the first pack's; the seat plays the one
        it holds, the face-up one when its face-down closed trump is the other. One pack:
        ``card`` itself.

        Raises nothing: a card the seat holds in neither copy is left for :meth:`play` to
        refuse."""
        if not self.two_packs:
            return card
        seat = seat or self.to_play
        if seat is None:
            return card
        copies = (card, twin(card))
        hand = self.hands[seat]
        if hand is not None:
            held = [c for c in copies if c in hand]
            if len(held) == 2 and seat == self.hidden_holder and held[0] is self.hidden_card:
                return held[1]
            return held[0] if held else card
        reserved = self.unknown_holder_card
        for c in copies:
            if c in self.unseen or reserved == (seat, c):
                return c
        return card

    # -- playing --------------------------------------------------------------------------
    def play(
        self,
        card: Card,
        *,
        ask_reveal: bool = False,
        revoke: bool = False,
    ) -> PlayEvent:
        """Play ``card`` for the player to move.

        ``ask_reveal`` is PMN's ``^T`` (version B: the player asks for the closed trump;
        version A: optional, checked); ``revoke`` is ``^R``, a revoke knowingly recorded.
        Raises :class:`IllegalPlay` (and changes nothing) when the card breaks a rule.
        """
        seat = self.to_play
        if seat is None or self.finished:
            raise IllegalPlay(f"the deal is over: all {self.total_tricks} tricks are played")
        if self.two_packs:
            card = self.copy_for(card, seat)
        hand = self.hands[seat]
        # The common case, kept short because every card of every deal read comes here: a
        # known hand, nothing face down, no trump waiting to be named, no ^T or ^R.
        if (
            hand is not None
            and card in hand
            and self.hidden_card is None
            and not ask_reveal
            and not revoke
            and self.trump_status != "unnamed"
        ):
            table = self.table
            suit = card.suit
            if not table:
                return self._commit(seat, hand, card, None, False, False, False, False)
            led_suit = table[0].card.suit
            if suit is led_suit:
                return self._commit(seat, hand, card, led_suit, False, False, False, False)
            counts = self.suit_counts[seat]
            trump = self.trump
            if not counts[led_suit.index] and not (
                self.rules.must_trump
                and trump is not None
                and suit is not trump
                and counts[trump.index]
            ):
                return self._commit(seat, hand, card, led_suit, False, False, False, False)
            # Otherwise a rule is broken: the full path below says which.
        if hand is None:
            if card not in self.unseen and self.unknown_holder_card != (seat, card):
                raise IllegalPlay(
                    f"{self._where(seat, card)}, which is already played or held by another "
                    f"seat: {self.where_is(card)}"
                )
        elif card not in hand:
            raise IllegalPlay(
                f"{self._where(seat, card)}, which is not in {seat}'s hand: {self.where_is(card)}"
            )
        hidden = self.hidden_card
        table = self.table
        led = table[0].card.suit if table else None
        rules = self.rules
        can_follow = led is not None and hand is not None and self._can_follow(seat, led)
        void = led is not None and not can_follow
        if hand is None and led is not None:
            void = card.suit is not led  # an unknown hand is trusted to follow
        revealed = asked = named = False
        if hidden is not None:
            # The closed trump: automatic reveal (A), asked reveal (B), or the last card.
            auto_reveal = void and rules.reveal is Reveal.A
            if auto_reveal and rules.reveal_if_trumping:
                # only for a player holding a trump (an unknown hand: one who plays it)
                auto_reveal = (
                    card.suit is hidden.suit
                    if hand is None
                    else self.suit_counts[seat][hidden.suit.index] > 0
                )
            if (
                card is hidden
                and seat == self.hidden_holder
                and not auto_reveal
                and not rules.trump_card_in_hand
                and not (ask_reveal and rules.holder_may_ask)
                and hand is not None
                and len(hand) > 1
            ):
                raise IllegalPlay(
                    f"{self._where(seat, card)}: that is the face-down trump card, which stays "
                    "down until it is revealed or is the last card in the hand"
                )
            if rules.reveal is Reveal.A:
                if ask_reveal and not void:
                    raise IllegalPlay(
                        f"{self._where(seat, card)} with ^T, but the closed trump is revealed "
                        "only when a player cannot follow suit"
                    )
                revealed = auto_reveal or card is hidden
                if ask_reveal and not revealed:
                    raise IllegalPlay(
                        f"{self._where(seat, card)} with ^T, but the closed trump is turned up "
                        "only for a player who holds a trump (reveal-if-trumping)"
                    )
                asked = ask_reveal and revealed
            elif ask_reveal:
                if seat == self.hidden_holder and not rules.holder_may_ask:
                    raise IllegalPlay(
                        f"{self._where(seat, card)} with ^T, but {seat} set the trump aside "
                        "and cannot ask for it"
                    )
                if not void:
                    raise IllegalPlay(
                        f"{self._where(seat, card)} with ^T, but only a player who cannot "
                        "follow suit may ask for the closed trump"
                    )
                revealed = asked = True
            else:
                revealed = card is hidden
        elif ask_reveal:
            raise IllegalPlay(
                f"{self._where(seat, card)} with ^T, but there is no face-down trump to reveal"
            )
        trump = hidden.suit if revealed and hidden is not None else self.trump

        # Cut: the first card of a void player names the trump.
        if self.trump_status == "unnamed" and void and self.rules.trump_method is TrumpMethod.CUT:
            named = True
            trump = card.suit

        # Following suit, must-trump, and the asker's duty to trump.
        broken: str | None = None
        where = ""
        if can_follow and card.suit is not led:
            assert led is not None
            where = self._where(seat, card)
            broken = f"{where} while holding {led.word} (revoke)"
        elif void and hand is not None and trump is not None and card.suit is not trump:
            holds_trump = self.suit_counts[seat][trump.index] > 0
            if holds_trump and (asked or self.rules.must_trump):
                where = self._where(seat, card)
            if holds_trump and asked and rules.reveal is Reveal.B:
                broken = (
                    f"{where} after asking for the trump, but holds {trump.word} "
                    "(trumps) and must play one"
                )
            elif holds_trump and revealed and rules.reveal_if_trumping:
                broken = (
                    f"{self._where(seat, card)}: the trump was turned up for a player who "
                    f"holds {trump.word} (trumps), who must play one "
                    "(reveal-if-trumping)"
                )
            elif holds_trump and self.rules.must_trump and not named:
                broken = (
                    f"{where}: void in {led.word if led else 'the suit led'} and "
                    f"holding {trump.word} (trumps), must trump (must-trump rule)"
                )
        if broken and not revoke:
            raise IllegalPlay(broken)
        if revoke and not broken:
            raise IllegalPlay(
                f"{self._where(seat, card)} marked ^R (revoke), but the card breaks no rule"
            )

        # The card is legal: change the state.
        if revealed:
            assert self.hidden_card is not None
            self.trump = self.hidden_card.suit
            if rules.hidden_trumps:
                self.trump_ply = NO_TRUMP_PLY  # its cards were trumps all along
            elif rules.reveal is Reveal.A and not rules.count_from_reveal:
                self.trump_ply = self.trick_start_ply  # the whole trick's
            else:
                self.trump_ply = self.ply  # from the revealing card on
            self.trump_status = "revealed"
            self.trump_since = self.ply
            self.hidden_card = None
            self.hidden_holder = None
        if named:
            self.trump = card.suit
            self.trump_card = card
            self.trump_ply = self.ply
            self.trump_since = self.ply
            self.trump_status = "named"
        if revoke:
            self.revokes += 1
        return self._commit(seat, hand, card, led, revealed, asked, named, revoke)

    def _commit(
        self,
        seat: Seat,
        hand: set[Card] | None,
        card: Card,
        led: Suit | None,
        revealed: bool,
        asked: bool,
        named: bool,
        revoke: bool,
    ) -> PlayEvent:
        """Play a card already found legal: take it from the hand, and end the trick if it
        is the last card of it."""
        ply = self.ply
        suit = card.suit
        if hand is None:
            self.unseen.discard(card)
            if self.unknown_holder_card == (seat, card):
                self.unknown_holder_card = None
        else:
            hand.discard(card)
            self.suit_counts[seat][suit.index] -= 1
        table = self.table
        table.append(_new_tuple(_TableCard, (seat, card, ply)))
        trick_no = self.trick
        self.played[card] = (seat, trick_no)
        if card.is_ten and card in self._ten_fates:
            self._ten_fates[card] = TenFate(card, "table", seat, trick_no)
        self.ply = ply + 1
        position = len(table) - 1
        winner: Seat | None = None
        collected: tuple[int, tuple[Card, ...]] | None = None
        if position == self.players - 1:
            winner, trumps = self._trick_winner()
            self.last_trick_trumps = frozenset(trumps)
            collected = self._collect(winner)
            is_trump = card in trumps
        else:
            self.to_play = self._next[seat]
            trump = self.trump  # _counts_as_trump, inlined: this runs for every card
            if trump is None and self.hidden_card is not None and self.rules.hidden_trumps:
                trump = self.hidden_card.suit
            is_trump = trump is not None and suit is trump and ply >= self.trump_ply
        return _new_tuple(
            PlayEvent,
            (
                ply,
                seat,
                card,
                trick_no,
                position,
                led,
                led is None or suit is led,
                is_trump,
                revealed,
                asked,
                named,
                revoke,
                winner,
                collected,
            ),
        )

    def where_is(self, card: Card) -> str:
        """Where ``card`` is now, said for a player who named it and does not hold it (most
        often a slip of the pen: the card of the seat beside, or of the trick before).

        >>> from mendikot_replay.core.cards import card, parse_hand
        >>> from mendikot_replay.core.rules import Rules
        >>> hands = {"A": parse_hand("AK..."), "B": parse_hand("Q.2.."),
        ...          "C": parse_hand("J.3.."), "D": parse_hand("9.4..")}
        >>> game = Game(DealSetup(Rules(trump_method=TrumpMethod.NONE), hands, first_leader="A"),
        ...             check_deal=False)
        >>> game.where_is(card("QS"))
        'B holds it'
        >>> _ = game.play(card("AS"))
        >>> game.where_is(card("AS"))
        'A played it to this trick, on the table now'
        >>> for name in ("QS", "JS", "9S"):
        ...     _ = game.play(card(name))
        >>> game.where_is(card("JS"))
        'C played it in trick 1'
        """
        for seat, hand in self.hands.items():
            if hand is not None and card in hand:
                return f"{seat} holds it"
        played = self.played.get(card)
        if played is not None:
            seat, trick = played
            if trick == self.trick and not self.finished:
                return f"{seat} played it to this trick, on the table now"
            return f"{seat} played it in trick {trick}"
        start = self.setup.start
        if start is not None and any(c == card for _, c in start.table):
            return "it was on the table when the position starts"
        if card not in self.deck:
            return f"the deck of {self.rules.deck} cards has no such card"
        if card in self.unseen:
            return "it is in a hand nobody recorded"
        return "it was played before the position starts"

    def _where(self, seat: Seat, card: Card) -> str:
        return f"trick {self.trick}: {seat} plays {card}"

    def _counts_as_trump(self, entry: _TableCard) -> bool:
        trump, since = self.scoring_trump()
        return trump is not None and entry.card.suit is trump and entry.ply >= since

    def scoring_trump(self) -> tuple[Suit | None, int]:
        """The suit whose cards beat the others now, and the ply from which its cards count
        (``trump``/``trump_ply``; under ``hidden-trumps`` the face-down card's suit from the
        first card, though the table does not know it yet)."""
        if self.trump is None and self.hidden_card is not None and self.rules.hidden_trumps:
            return self.hidden_card.suit, NO_TRUMP_PLY
        return self.trump, self.trump_ply

    def _trick_winner(self) -> tuple[Seat, set[Card]]:
        """The highest trump, else the highest card of the suit led, the later of two
        identical cards of two packs (one pass: this runs once per trick of every deal
        replayed)."""
        trump, since = self.scoring_trump()
        trumps: set[Card] = set()
        table = self.table
        best = table[0]
        best_is_trump = False
        led = best.card.suit
        for entry in table:
            c = entry.card
            if trump is not None and c.suit is trump and entry.ply >= since:
                trumps.add(c)
                if not best_is_trump or c.rank >= best.card.rank:
                    best, best_is_trump = entry, True
            elif not best_is_trump and c.suit is led and c.rank >= best.card.rank:
                best = entry  # ``>=``: of two identical cards (two packs) the later wins
        return best.seat, trumps

    def _collect(self, winner: Seat) -> tuple[int, tuple[Card, ...]]:
        """End the trick: the winner's team takes what the capture rule gives it."""
        cards = [e.card for e in self.table]
        self.last_trick = tuple([(e.seat, e.card) for e in self.table])
        trick_no = self.trick
        self.trick_winners.append(winner)
        last = trick_no == self.total_tricks
        team = team_of(winner)
        taken_tricks = 0
        taken: list[Card] = []
        if self.has_dehla:
            self.pile_tricks += 1
            self.pile_cards.extend(c for c in cards if c.is_ten)
            if winner == self.streak_seat:
                self.streak += 1
            else:
                self.streak_seat, self.streak = winner, 1
            if self.streak >= 2 or last:
                taken_tricks, taken = self.pile_tricks, self.pile_cards
                self.pile_tricks, self.pile_cards = 0, []
                # the run starts afresh, or (streak-goes-on) the taker's next win takes again
                goes_on = self.rules.streak_goes_on and not last
                self.streak_seat, self.streak = (winner, 1) if goes_on else (None, 0)
            for ten in (c for c in cards if c.is_ten and c in self._ten_fates):
                fate = self._ten_fates[ten]
                self._ten_fates[ten] = TenFate(ten, "pile", fate.holder, fate.played_in)
        else:
            taken_tricks, taken = 1, [c for c in cards if c.is_ten]
        ti = team_index(team)
        self.counts.tricks[ti] += taken_tricks
        for ten in taken:
            self.counts.tens[ti] += 1
            before = self._ten_fates.get(ten)
            if before is not None:
                self._ten_fates[ten] = TenFate(
                    ten, "captured", before.holder, before.played_in, winner, team, trick_no
                )
        self.table = []
        self.leader = winner
        self.trick_start_ply = self.ply
        if last:
            self.finished = True
            self.to_play = None
        else:
            self.trick += 1
            self.to_play = winner
        return taken_tricks, tuple(taken)

    def play_all(self, cards: Iterable[Card]) -> list[PlayEvent]:
        """Play several cards in turn (no flags); handy in tests and examples."""
        return [self.play(c) for c in cards]
