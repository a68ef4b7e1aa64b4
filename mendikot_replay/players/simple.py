"""Computer players: a random legal player and a rule-of-thumb player that follows the tips.

No public collection of recorded Mendikot deals exists, so :mod:`.simulate` makes one, and
the deals are only as realistic as the players. Two are here:

* :class:`RandomPlayer` plays a uniformly random legal card: the floor any strategy must
  beat, and a generator of odd corners.
* :class:`RuleOfThumbPlayer` plays the teaching tips of docs/rules.md ("Strategy points"): cash
  the master before the ten, drop a ten only where it falls safely, win cheaply, duck low
  when losing, discard low from the long suit (never a ten), ruff an opponent's ten with the
  lowest trump that holds, keep the high trumps in reserve, count tricks once the tens split
  2–2, and under closed trump (version B) ask for the trump only to win a ten or a trick
  that decides the race. It is the player the sample games of ``scripts/make_sample_games.py``
  were made with (the script imports it from here).

A player sees the deal through a :class:`SeatView`: its own hand, the cards played so far
and who showed out (:class:`Memory`, the table's public knowledge), the trick on the table,
the trump as far as that seat knows it, the tricks and tens taken. The view wraps the live
:class:`~mendikot_replay.core.engine.Game` without copying it (the players are the simulator's hot
path) but offers nothing about other hands, so a player cannot peek by accident.

A ten dropped under partner's winning ace (the tip "play the ten only when it falls
safely"): B leads a low heart, partner C takes it with the ace, and A, last to play, gives
the ten to its own side.

>>> import random
>>> from mendikot_replay.core.cards import parse_hand
>>> from mendikot_replay.core.engine import DealSetup, Game
>>> from mendikot_replay.core.rules import Rules, TrumpMethod
>>> hands = {"A": parse_hand(".T5.."), "B": parse_hand(".2.."), "C": parse_hand(".A.."),
...          "D": parse_hand(".3..")}
>>> game = Game(DealSetup(Rules(trump_method=TrumpMethod.NONE), hands, "B"), check_deal=False)
>>> memory = Memory(game)
>>> for c in ("2H", "AH", "3H"):
...     memory.see(game.play(Card.parse(c)))
>>> RuleOfThumbPlayer().decide(SeatView(game, memory))
Choice(card=Card('TH'), ask=False, reason='drop-ten')
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Final, Protocol

from ..core.cards import SUITS, Card, Suit, twin
from ..core.deal_setup import DealSetup, StartPosition
from ..core.engine import Game, PlayEvent
from ..core.rules import Reveal, Rules, TrumpMethod
from ..core.seats import ALL_SEATS, Seat, team_of

__all__ = [
    "Choice",
    "Memory",
    "Player",
    "RandomPlayer",
    "RuleOfThumbPlayer",
    "SeatView",
    "choose_closed_trump",
    "lowest",
]

# _CARD[suit index][rank]: the card, without building the parse key (hot path).
_CARD: Final[tuple[dict[int, Card], ...]] = tuple(
    {rank: Card(rank, suit) for rank in range(2, 15)} for suit in SUITS
)
_FAR: Final = 10**9
"""Plies beyond any deal: ``since`` ``-_FAR`` counts every trump-suit card on the table as a
trump, ``+_FAR`` none of them."""


_TEAM: Final = {s: team_of(s) for s in ALL_SEATS}
"""``team_of`` as a dict look-up: the players ask it several times a card."""


def _rank_key(c: Card) -> int:
    return c.rank


def lowest(cards: Iterable[Card], avoid_tens: bool = True) -> Card:
    """The lowest card (by rank); with ``avoid_tens`` the lowest that is not a ten, when
    there is one, because a ten thrown away is a ten given away.

    >>> from mendikot_replay.core.cards import card
    >>> str(lowest([card("TS"), card("KH"), card("QD")])), str(lowest([card("TS")]))
    ('QD', 'TS')
    """
    cards = list(cards)
    pool = [c for c in cards if not c.is_ten] if avoid_tens else cards
    return min(pool or cards, key=_rank_key)


def choose_closed_trump(hand: Iterable[Card]) -> Card:
    """The card a rule-of-thumb holder lays face down for a closed trump: the lowest of its
    longest suit (ties: the suit first in hand order), so that its long suit becomes trumps
    and it gives up the least.

    >>> from mendikot_replay.core.cards import parse_hand
    >>> str(choose_closed_trump(parse_hand("AK.QJ98.T73.2")))
    '8H'
    """
    own = sorted(hand)
    counts = {s: 0 for s in SUITS}
    for c in own:
        counts[c.suit] += 1
    suit = max(SUITS, key=lambda s: (counts[s], -s.index))
    return lowest([c for c in own if c.suit is suit])


class Memory:
    """What every player at the table has seen: the cards played, who showed out of which
    suit, and who showed that it holds no trump. Fed one
    :class:`~mendikot_replay.core.engine.PlayEvent` at a time with :meth:`see`, so it costs
    nothing per decision.

    ``no_trump`` is the seats that were void in the suit led and played no trump where the
    rules made them trump if they could: under ``must-trump``, and after asking for a
    closed trump under version B. Such a seat holds no trump from then on (the trump suit
    never changes once the table knows it). The Monte Carlo player (:mod:`.pimc`) deals
    its guesses of the unseen hands by these facts; it must read them from the game as it
    goes, hence the reference to ``game`` (read only, on a void card).
    """

    __slots__ = ("_game", "no_trump", "played", "silent", "void")

    def __init__(self, game: Game) -> None:
        self._game = game
        self.played: set[Card] = set()
        self.void: dict[Seat, set[Suit]] = {s: set() for s in game.seats}
        self.no_trump: set[Seat] = set()
        self.silent: dict[Seat, set[Suit]] = {}
        """Under ``reveal-if-trumping``: the seats that could not follow while the closed
        trump stayed down (so they held none of its suit then), each with the suits it has
        played since, that one included (none of them is the face-down suit)."""

    def see(self, event: PlayEvent) -> None:
        self.played.add(event.card)
        since = self.silent.get(event.seat)
        if since is not None:
            since.add(event.card.suit)
        if event.led_suit is not None and not event.followed:
            self.void[event.seat].add(event.led_suit)
            rules = self._game.rules
            if rules.reveal_if_trumping and self._game.hidden_card is not None:
                self.silent.setdefault(event.seat, set()).add(event.card.suit)
            if rules.must_trump or (event.asked and rules.reveal is Reveal.B):
                trump = self._game.trump  # after the card: a reveal or a cut is counted
                if trump is not None and event.card.suit is not trump:
                    self.no_trump.add(event.seat)

    def copy(self, game: Game | None = None) -> Memory:
        """An independent copy; pass ``game`` when the copy follows a copy of the game."""
        new = Memory.__new__(Memory)
        new._game = self._game if game is None else game
        new.played = set(self.played)
        new.void = {s: set(v) for s, v in self.void.items()}
        new.no_trump = set(self.no_trump)
        new.silent = {s: set(v) for s, v in self.silent.items()}
        return new


class SeatView:
    """The deal as the player to move (or ``seat``) may see it.

    It reads the live game (no snapshot is made: this runs for every card of every
    simulated deal) but exposes only that seat's hand, the public record (:class:`Memory`,
    the table, tricks and tens taken) and the trump as that seat knows it.
    """

    __slots__ = ("_game", "_hand", "_on_table", "memory", "seat")

    def __init__(self, game: Game, memory: Memory, seat: Seat | None = None) -> None:
        seat = seat or game.to_play
        if seat is None:
            raise ValueError("the deal is over: nobody is to play")
        self._game = game
        self.memory = memory
        self.seat: Seat = seat
        self._hand: set[Card] = game.hands[seat] or set()
        self._on_table = [e.card for e in game.table]

    # -- the table -----------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._game.rules

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def seats(self) -> tuple[Seat, ...]:
        return self._game.seats

    @property
    def total_tricks(self) -> int:
        return self._game.total_tricks

    @property
    def trick(self) -> int:
        """The trick under way, 1-based."""
        return self._game.trick

    @property
    def tens(self) -> tuple[int, int]:
        """Tens taken by AC and BD."""
        t = self._game.counts.tens
        return t[0], t[1]

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks taken by AC and BD."""
        t = self._game.counts.tricks
        return t[0], t[1]

    @property
    def table(self) -> list[tuple[Seat, Card]]:
        """The cards of the trick under way, from its leader on."""
        return [(e.seat, e.card) for e in self._game.table]

    @property
    def table_size(self) -> int:
        return len(self._game.table)

    @property
    def led_suit(self) -> Suit | None:
        return self._game.led_suit

    def ten_on_table(self) -> bool:
        return any(c.is_ten for c in self._on_table)

    # -- this seat -------------------------------------------------------------------------
    @property
    def hand(self) -> Set[Card]:
        """The seat's cards, the face-down closed trump included for its holder (read-only:
        the engine's own set)."""
        return self._hand

    def legal_cards(self) -> list[Card]:
        """The cards this seat may play now (the engine's rule, sorted)."""
        return self._game.legal_cards(self.seat)

    @property
    def trump(self) -> Suit | None:
        """The trump as this seat knows it: the table's trump, or for the holder of a closed
        trump still face down, the suit it set aside."""
        game = self._game
        if game.trump is not None:
            return game.trump
        if game.hidden_card is not None and game.hidden_holder == self.seat:
            return game.hidden_card.suit
        return None

    @property
    def table_trump(self) -> Suit | None:
        """The trump the whole table knows (``None`` before a reveal or a cut)."""
        return self._game.trump

    @property
    def trump_face_down(self) -> bool:
        """Whether a closed trump still lies face down."""
        return self._game.hidden_card is not None

    @property
    def holds_face_down(self) -> bool:
        """Whether this seat set aside the closed trump still face down."""
        return self._game.hidden_card is not None and self._game.hidden_holder == self.seat

    def trump_on_reveal(self) -> Suit | None:
        """The closed trump's suit at the moment this seat sees it turned up: when it shows
        out of the suit led (version A reveals automatically then; under version B call this
        only once the player has decided to ask). ``None`` when nothing is face down."""
        hidden = self._game.hidden_card
        return hidden.suit if hidden is not None else None

    @property
    def trump_unnamed(self) -> bool:
        """Cut trump not named yet: the first card of a void player will name it."""
        return self._game.trump_status == "unnamed"

    def unseen(self) -> set[Card]:
        """Cards this seat has not seen: in the other hands (or the face-down trump)."""
        game = self._game
        on_table = {e.card for e in game.table}
        return set(game.deck) - self.memory.played - self._hand - on_table

    # -- public facts for a player that guesses the other hands (:mod:`.pimc`) ---------------
    def cards_held(self, seat: Seat) -> int:
        """How many cards ``seat`` holds now, a face-down closed trump included: public,
        since every seat plays one card to every trick."""
        game = self._game
        left = game.total_tricks - game.trick + 1
        return left - 1 if any(e.seat == seat for e in game.table) else left

    @property
    def face_down_card(self) -> Card | None:
        """The closed trump still face down, for the seat that set it aside only."""
        game = self._game
        return game.hidden_card if game.hidden_holder == self.seat else None

    def card_on_reveal(self) -> Card | None:
        """The face-down card itself, at the moment this seat sees it turned up (the same
        moment as :meth:`trump_on_reveal`: the whole table sees the card, not only its
        suit, and it goes back to its holder's hand)."""
        return self._game.hidden_card

    @property
    def closed_holder(self) -> Seat | None:
        """The seat that set a closed trump aside, face down or since revealed (the player
        to the dealer's right: the table knows who, if not what)."""
        game = self._game
        if game.hidden_holder is not None:
            return game.hidden_holder
        if game.rules.trump_method is TrumpMethod.CLOSED:
            return game.setup.hidden_holder
        return None

    @property
    def pile_tens(self) -> tuple[Card, ...]:
        """Dehla: the tens in the pile nobody has taken yet."""
        return tuple(self._game.pile_cards)

    def known_holdings(self) -> dict[Card, Seat]:
        """Cards still in another seat's hand whose holder the whole table knows.

        * A closed trump turned up goes back to its holder's hand for all to see.
        * A drawn trump card (``Drawn``) is shown by the player to the dealer's right and
          goes back into its hand: there is no pack left to return it to once all the
          cards are dealt, and :func:`~.simulate.deal_setup` draws it from that hand. Only
          for a deal played from its first card (a ``Start`` position does not say).
        """
        game = self._game
        c = game.trump_card
        if c is None or c not in game.deck or not self._out(c):
            return {}
        method = game.rules.trump_method
        holder: Seat | None = None
        if method is TrumpMethod.CLOSED and game.hidden_card is None and game.trump is not None:
            holder = game.setup.hidden_holder
        elif method is TrumpMethod.DRAWN and game.setup.start is None:
            holder = game.setup.first_leader
        if holder is None or holder == self.seat:
            return {}
        return {c: holder}

    def world(self, hands: Mapping[Seat, Iterable[Card]], face_down: Card | None = None) -> Game:
        """The position as it stands, with every other seat's hand replaced by ``hands``
        (a guess, such as a Monte Carlo player's sampled deal) and, while a closed trump
        lies face down and this seat is not its holder, ``face_down`` as the card set aside
        (it must be in the holder's guessed hand).

        The result is a fresh :class:`~mendikot_replay.core.engine.Game` built from a ``Start``
        position of the public state (trick, counts, table, Dehla pile and streak, trump),
        so nothing of the real hidden hands reaches it: not even the tens' whereabouts the
        live game keeps. The one thing ``Start`` cannot say, which trump-suit cards on the
        table count as trumps (version B: none played before the ask), is carried over by
        shifting the engine's ``trump_ply`` to the new game's numbering. The engine checks
        the guess like any position (hand sizes, no card twice, tens accounted for).
        """
        game = self._game
        seat = self.seat
        full: dict[Seat, frozenset[Card] | None] = {
            s: frozenset(self._hand if s == seat else hands[s]) for s in game.seats
        }
        hidden = game.hidden_card
        holder = game.hidden_holder
        if hidden is not None and holder != seat:
            held = full[holder] if holder is not None else None
            if face_down is None or held is None or face_down not in held:
                raise ValueError("the guessed face-down card must be in its holder's hand")
            hidden = face_down
        counts = game.counts
        start = StartPosition(
            trick=game.trick,
            tens=(counts.tens[0], counts.tens[1]),
            tricks=(counts.tricks[0], counts.tricks[1]),
            table=tuple((e.seat, e.card) for e in game.table),
            pile_tricks=game.pile_tricks,
            pile_tens=tuple(game.pile_cards),
            streak=game.streak_seat,
        )
        setup = DealSetup(
            game.rules,
            full,
            game.leader,
            trump=game.trump,
            trump_card=hidden if hidden is not None else game.trump_card,
            hidden_holder=holder if hidden is not None else None,
            start=start,
        )
        new = Game(setup, check_deal=False)
        new.trump_ply = game.trump_ply - game.ply  # the live plies, shifted: now is ply 0
        return new

    def _out(self, c: Card) -> bool:
        """Whether ``c`` (a card of the deck) is still unseen by this seat."""
        return c not in self.memory.played and c not in self._hand and c not in self._on_table

    def is_master(self, c: Card) -> bool:
        """Whether no unseen card of ``c``'s suit outranks it (with two packs, nor its twin,
        which played after it would win)."""
        ranks = _CARD[c.suit.index]
        played, hand, on_table = self.memory.played, self._hand, self._on_table
        for r in range(c.rank + 1, 15):
            x = ranks[r]
            if x not in played and x not in hand and x not in on_table:
                return False
        if not self._game.two_packs:
            return True
        deck = self._game.deck
        higher = [twin(ranks[r]) for r in range(c.rank + 1, 15)] + [twin(c)]
        return all(x not in deck or x in played or x in hand or x in on_table for x in higher)

    def trumps_live(self) -> bool:
        """Whether an opponent (or partner) may still hold a trump: the trump is unknown, or
        some trump is unseen."""
        game = self._game
        if not game.rules.has_trump:
            return False
        t = game.trump
        if t is None:
            return True
        ranks = _CARD[t.index]
        deck = game.deck
        return any(ranks[r] in deck and self._out(ranks[r]) for r in range(2, 15))

    def opponents_after(self) -> list[Seat]:
        """The opponents still to play to this trick after this seat."""
        game = self._game
        left = game.players - len(game.table) - 1
        mine = _TEAM[self.seat]
        out: list[Seat] = []
        i = game.seats.index(self.seat)
        for k in range(1, left + 1):
            s = game.seats[(i + k) % game.players]
            if _TEAM[s] != mine:
                out.append(s)
        return out

    def suit_safe(self, suit: Suit) -> bool:
        """No opponent who could ruff has shown out of ``suit``."""
        if not self.trumps_live():
            return True
        mine = _TEAM[self.seat]
        void = self.memory.void
        return not any(suit in void[s] for s in self._game.seats if _TEAM[s] != mine)

    def winning(self, trump: Suit | None, since: int | None = None) -> tuple[Seat, Card, bool]:
        """Who is winning the trick on the table, with which card, and whether it is a trump,
        if ``trump`` were the trump. ``since`` is the ply from which trump-suit cards count
        (``None``: the engine's; use ``ALL``/``NONE`` for a reveal being decided now)."""
        game = self._game
        table = game.table
        led = table[0].card.suit
        tp = game.trump_ply if since is None else since
        best = table[0]
        best_trump = False
        for e in table:
            c = e.card
            if trump is not None and c.suit is trump and e.ply >= tp:
                if not best_trump or c.rank >= best.card.rank:
                    best, best_trump = e, True
            elif not best_trump and c.suit is led and c.rank >= best.card.rank:
                best = e  # the later of two identical cards (two packs), as the engine
        return best.seat, best.card, best_trump

    ALL: Final = -_FAR
    """``since`` for "every trump-suit card on the table counts" (version A's reveal)."""
    NONE: Final = _FAR
    """``since`` for "no card on the table counts as a trump" (version B's ask)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """A card, whether the player asks for the closed trump (``^T``), and why (for the
    sample-game script's notes and for tests)."""

    card: Card
    ask: bool = False
    reason: str = ""


class Player(Protocol):
    """A computer player: ``choose`` the card (and whether to ask for a closed trump) for
    the seat of ``view``. ``name`` is what the simulator writes in the seat's tag."""

    name: str

    def choose(self, view: SeatView, rng: random.Random) -> tuple[Card, bool]: ...


class RandomPlayer:
    """A uniformly random legal card. Under closed trump version B a void player (not the
    holder) asks for the reveal with probability ``ask_chance``, and then plays a random
    trump if it holds one, as the rule obliges."""

    name = "random"

    def __init__(self, ask_chance: float = 0.3) -> None:
        self.ask_chance = ask_chance

    def choose(self, view: SeatView, rng: random.Random) -> tuple[Card, bool]:
        legal = view.legal_cards()
        if (
            view.trump_face_down
            and view.rules.reveal is Reveal.B
            and view.table_size
            and not view.holds_face_down
            and all(c.suit is not view.led_suit for c in legal)
            and rng.random() < self.ask_chance
        ):
            suit = view.trump_on_reveal()
            trumps = [c for c in legal if c.suit is suit]
            return rng.choice(trumps or legal), True
        return rng.choice(legal), False


class RuleOfThumbPlayer:
    """The teaching tips of docs/rules.md as a player (see the module's docstring).

    Deterministic: it never draws from ``rng``.
    """

    name = "rule-of-thumb"

    def choose(self, view: SeatView, rng: random.Random) -> tuple[Card, bool]:
        choice = self.decide(view)
        return choice.card, choice.ask

    def decide(self, view: SeatView) -> Choice:
        """The card with the reason for it (``cash-ten``, ``protect-ten``, ``drop-ten``,
        ``win-cheap``, ``ruff-ten``, ``discard``…)."""
        legal = view.legal_cards()
        if not view.table_size:
            if len(legal) == 1:
                return Choice(legal[0], reason="forced")
            return self.lead(view, legal)
        if legal[0].suit is view.led_suit:  # the engine offers only followers when able
            if len(legal) == 1:
                return Choice(legal[0], reason="forced")
            return self.follow(view, legal)
        return self.void(view, legal)

    def _racing(self, view: SeatView) -> bool:
        """The tens split evenly (2–2, or 4–4 with two packs) and all taken: only tricks
        count now."""
        return view.tens == view.rules.even_tens and view.rules.tricks_decide_even_tens

    # -- leading -----------------------------------------------------------------------
    def lead(self, view: SeatView, legal: Sequence[Card]) -> Choice:
        trump = view.trump
        tens = [c for c in legal if c.is_ten]
        # a. a ten that is now the master card of a safe suit: it cannot be lost
        for c in tens:
            if c.suit is not trump and view.is_master(c) and view.suit_safe(c.suit):
                return Choice(c, reason="cash-ten")
        # b. draw trumps with the master trump when long in them
        if trump is not None and view.table_trump is not None:
            mine = [c for c in legal if c.suit is trump]
            if len(mine) >= 4:
                top = max(mine, key=_rank_key)
                if view.is_master(top) and view.trumps_live():
                    return Choice(top, reason="draw-trumps")
        # c. cash a master card in a suit where the ten is held (protect the ten)
        ordered = sorted(legal, key=lambda c: -c.rank)
        ten_suits = [c.suit for c in tens]
        for c in ordered if ten_suits else ():
            if c.is_ten or c.suit is trump:
                continue
            if c.suit in ten_suits and view.is_master(c) and view.suit_safe(c.suit):
                return Choice(c, reason="protect-ten")
        # d. cash another master card of a safe side suit (any master in the 2-2 race)
        least = 2 if self._racing(view) else 12
        for c in ordered:
            if c.rank < least:
                break
            if c.is_ten or c.suit is trump:
                continue
            if c.rank >= least and view.is_master(c) and view.suit_safe(c.suit):
                return Choice(c, reason="cash-master")

        # e. lead low from the longest side suit (not a bare ten, not from T-x): the suit
        # scoring most, its length less two when it holds the ten (ties: first in hand order)
        by_suit: list[list[Card]] = [[], [], [], []]
        for c in legal:
            by_suit[c.suit.index].append(c)
        best: list[Card] | None = None
        best_score = -99
        for cards in by_suit:
            if not cards or cards[0].suit is trump:
                continue
            held_ten = any(c.is_ten for c in cards)
            if held_ten and len(cards) == 1:
                continue
            score = len(cards) - (2 if held_ten else 0)
            if score > best_score:
                best, best_score = cards, score
        if best is not None:
            return Choice(lowest(best), reason="long-suit")
        return Choice(lowest(legal), reason="low")

    # -- following suit --------------------------------------------------------------------
    def follow(self, view: SeatView, legal: Sequence[Card]) -> Choice:
        trump = view.table_trump
        w_seat, w_card, w_trump = view.winning(trump)
        last = view.table_size == view.players - 1
        partner_wins = _TEAM[w_seat] == _TEAM[view.seat]
        led = view.led_suit
        if partner_wins and self.safe_winner(view, w_card, w_trump, last):
            tens = [c for c in legal if c.is_ten]
            if tens:
                return Choice(tens[0], reason="drop-ten")
            return Choice(lowest(legal), reason="low-partner")
        if w_trump and led is not trump:
            return Choice(lowest(legal), reason="low")
        beaters = [c for c in legal if c.rank >= w_card.rank]  # ``>=``: a later twin wins
        if not beaters:
            return Choice(lowest(legal), reason="low")
        if last:
            return Choice(min(beaters, key=_rank_key), reason="win-cheap")
        masters = [c for c in beaters if view.is_master(c)]
        if masters:
            c = min(masters, key=_rank_key)
            void = view.memory.void
            opp_void = (
                any(led in void[s] for s in view.opponents_after())
                and view.trumps_live()
                and led is not trump
            )
            if not opp_void:
                return Choice(c, reason="win-master")
        if view.ten_on_table() and not partner_wins:
            non_tens = [c for c in beaters if not c.is_ten]
            if non_tens:
                return Choice(max(non_tens, key=_rank_key), reason="cover")
        return Choice(lowest(legal), reason="low")

    def safe_winner(self, view: SeatView, w_card: Card, w_trump: bool, last: bool) -> bool:
        """Whether the card winning the trick will still win it: nobody is left to play, or
        it is the master and no opponent still to play can ruff."""
        if last:
            return True
        if not view.is_master(w_card):
            return False
        if w_trump:
            return True
        led = view.led_suit
        void = view.memory.void
        return not (view.trumps_live() and any(led in void[s] for s in view.opponents_after()))

    # -- void in the suit led ----------------------------------------------------------------
    def discard(self, legal: Sequence[Card], trump: Suit | None) -> Card:
        """The lowest card of the longest side suit, never a ten while another card will do."""
        side = [c for c in legal if c.suit is not trump] or list(legal)
        counts = [0, 0, 0, 0]
        for c in side:
            counts[c.suit.index] += 1
        non_tens = [c for c in side if not c.is_ten]
        pool = non_tens or side
        longest = max({c.suit.index for c in pool}, key=lambda i: (counts[i], -i))
        return lowest([c for c in pool if c.suit.index == longest])

    def void(self, view: SeatView, legal: Sequence[Card]) -> Choice:
        rules = view.rules
        seat = view.seat
        last = view.table_size == view.players - 1
        ten_on_table = view.ten_on_table()
        # Cut: whatever I play names the trump; name my longest suit.
        if rules.trump_method is TrumpMethod.CUT and view.trump_unnamed:
            counts = [0, 0, 0, 0]
            for c in legal:
                counts[c.suit.index] += 1
            i = max({c.suit.index for c in legal}, key=lambda i: (counts[i], -i))
            return Choice(lowest([c for c in legal if c.suit.index == i]), reason="cut")
        since: int | None = None
        trump = view.table_trump
        asking = False
        if view.trump_face_down:
            if rules.reveal is Reveal.A:
                # the trick's cards of the suit count, but from the revealing card on under
                # count-from-reveal
                since = SeatView.NONE if rules.count_from_reveal else SeatView.ALL
                trump = view.trump_on_reveal()
            else:
                w_seat, _, _ = view.winning(None)
                opp_wins = _TEAM[w_seat] != _TEAM[seat]
                if not view.holds_face_down and opp_wins and (ten_on_table or self._decisive(view)):
                    asking = True
                    # (under hidden-trumps the suit's cards on the table were trumps already)
                    since = SeatView.ALL if rules.hidden_trumps else SeatView.NONE
                    trump = view.trump_on_reveal()
                else:
                    return Choice(self.discard(legal, None), reason="no-ask")
        w_seat, w_card, w_trump = view.winning(trump, since)
        partner_wins = _TEAM[w_seat] == _TEAM[seat]
        my_trumps = [c for c in legal if trump is not None and c.suit is trump]
        if partner_wins and self.safe_winner(view, w_card, w_trump, last) and not asking:
            side_tens = [c for c in legal if c.is_ten and c.suit is not trump]
            if side_tens and len(legal) > len(my_trumps):
                return Choice(side_tens[0], reason="ten-on-partner")
            if any(c.suit is not trump for c in legal):
                return Choice(self.discard(legal, trump), reason="discard")
        if my_trumps:
            beat = [c for c in my_trumps if not w_trump or c.rank >= w_card.rank]
            if beat and not partner_wins and not last:
                # never ruff with a ten an opponent can overruff
                beat = [c for c in beat if not c.is_ten or view.is_master(c)]
            if beat and not partner_wins:
                if last:
                    c = min(beat, key=_rank_key)
                elif ten_on_table:
                    masters = [c for c in beat if view.is_master(c)]
                    c = min(masters, key=_rank_key) if masters else max(beat, key=_rank_key)
                else:
                    c = min(beat, key=_rank_key)
                return Choice(c, ask=asking, reason="ruff-ten" if ten_on_table else "ruff")
            if asking:
                return Choice(min(my_trumps, key=_rank_key), ask=True, reason="ask-low")
        if asking:
            return Choice(self.discard(legal, trump), ask=True, reason="ask-none")
        return Choice(self.discard(legal, trump), reason="discard")

    def _decisive(self, view: SeatView) -> bool:
        """In the 2–2 race, whether the opponents would reach a majority of tricks with this
        one: a trick worth revealing the closed trump for."""
        if not self._racing(view):
            return False
        theirs = view.tricks[1 if _TEAM[view.seat] == "AC" else 0]
        return 2 * (theirs + 1) > view.total_tricks
