"""The worlds a seat cannot tell apart: what it knows, and every deal of the cards it has not
seen that fits, counted exactly, listed one by one or drawn at random.

The Monte Carlo player (:mod:`.pimc`) draws worlds to solve at each decision, and the
single-dummy chances (:mod:`.odds`) list them all where few enough fit, else draw them: both
from here, so that a world means the same to both.

What a seat knows, and so what every sampled world respects (:func:`knowledge`):

* its own hand, the cards played, the trick on the table, the tricks and tens taken, the
  Dehla pile and streak (all public, carried into the world by
  :meth:`~.players.SeatView.world`);
* how many cards each seat holds (one a trick; the face-down closed trump included);
* voids: a seat that did not follow the suit led holds none of it (:class:`~.players.Memory`),
  and a void seat that played no trump where the rules made it trump if it could
  (``must-trump``; a version-B asker) holds no trump;
* cards whose holder the whole table knows: a closed trump turned up goes back to its
  holder's hand, and the drawn trump card goes back to the hand of the player who drew it
  (:meth:`~.players.SeatView.known_holdings`);
* the closed trump still face down. Its holder knows the card. Everyone else knows only
  that it is one of the holder's cards, of any suit, and exempt from the holder's voids
  (the holder plays from its other cards, so a void it shows says nothing about the card
  set aside). The sampler gives the face-down card a bin of its own, of size one, that
  accepts any card: a world is then a pair (the holder's other cards, the face-down card),
  and every consistent pair is equally likely, as it is when any card could have been set
  aside. Two house rules tell more of the card: under ``trump-card-in-hand`` it counts for
  following, so it is not of a suit its holder showed out of; under ``reveal-if-trumping`` a
  seat that could not follow while the card stayed down held none of its suit, so the card
  is of none of the suits that seat played from then on (nor, for this seat, of the suits it
  held), and that seat holds none of it now (one sampler per suit the card may be, each
  with that suit refused by those seats). When the reveal comes at this seat's own card
  (version A: it cannot follow; version B: it has decided to ask), the table sees the card
  before this seat chooses, so the worlds are dealt again with the card known;
* a ``Start`` position (a record that begins mid-deal) does not say which cards went before
  it: the unseen cards then outnumber the places in the other hands, and the surplus goes to
  an "out of play" bin, the tens split so that the tens taken before the start match the
  counts.

Every consistent world is equally likely (:class:`Sampler` is exact: a dynamic programme
over the suits counts the ways to fill the hands, and a world is drawn by walking it back).
Every consistent world is equally likely (:class:`Sampler` is exact: a dynamic programme
over the suits counts the ways to fill the hands, and a world is drawn by walking it back);
:func:`worlds` lists them, each once, walking the same count.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from ..core.cards import SUITS, Card, Suit, sort_cards
from ..core.rules import Reveal
from ..core.seats import Seat
from .simple import SeatView

__all__ = [
    "Knowledge",
    "Sampler",
    "World",
    "knowledge",
    "reveals_now",
    "sample_worlds",
    "world_count",
    "worlds",
]

_FACE_DOWN: Final = "face-down"
_GONE_TENS: Final = "out-of-play tens"
_GONE: Final = "out of play"


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Everything a seat knows about the cards it has not seen: the sampler's input."""

    seat: Seat
    cards: tuple[Card, ...]
    """The unseen cards whose place is to be guessed (sorted)."""
    sizes: Mapping[Seat, int]
    """Cards to deal to each other seat, its known cards and a face-down card left out."""
    fixed: Mapping[Seat, frozenset[Card]]
    """Cards known to be in another seat's hand (a revealed closed trump, a drawn card)."""
    void: Mapping[Seat, frozenset[Suit]]
    """Suits each other seat has shown it holds none of."""
    face_down_holder: Seat | None = None
    """The holder of a closed trump still face down whose card this seat does not know."""
    face_down: Card | None = None
    """The face-down card when this seat knows it (its holder, or at the reveal)."""
    out_of_play: int = 0
    """Unseen cards not in any hand (played before a ``Start`` position)."""
    out_tens: int = 0
    """How many of those are tens."""
    face_down_refused: frozenset[Suit] = frozenset()
    """Suits the face-down card cannot be: under ``trump-card-in-hand`` its holder's voids
    (the card counts for following); under ``reveal-if-trumping`` the suits a seat held or
    played when, or after, it could not follow while the card stayed down."""
    lack_face_down_suit: frozenset[Seat] = frozenset()
    """Under ``reveal-if-trumping``: other seats that could not follow while the card stayed
    down, and so hold none of the face-down card's suit, whichever it is."""


def knowledge(view: SeatView, *, reveal: bool = False) -> Knowledge:
    """What ``view``'s seat knows (see the module's docstring). ``reveal``: the closed
    trump is being turned up at this seat's card (version A: it cannot follow; version B:
    it asks), so the seat sees the card itself before it chooses.

    Raises ``ValueError`` when the public facts contradict each other (a hand-built
    position whose counts do not add up).
    """
    seat = view.seat
    own = set(view.hand)
    unseen = view.unseen()
    fixed: dict[Seat, set[Card]] = {s: set() for s in view.seats if s != seat}
    for c, holder in view.known_holdings().items():
        fixed[holder].add(c)
    face_down: Card | None = view.face_down_card
    face_down_holder: Seat | None = None
    if view.trump_face_down and not view.holds_face_down:
        closed_holder = view.closed_holder
        assert closed_holder is not None
        if reveal:
            face_down = view.card_on_reveal()
            assert face_down is not None
            fixed[closed_holder].add(face_down)
        else:
            face_down_holder = closed_holder
    refused: set[Suit] = set()
    lack: set[Seat] = set()
    if face_down_holder is not None:
        if view.rules.trump_card_in_hand:
            refused |= view.memory.void[face_down_holder]
        for s, since in view.memory.silent.items():
            refused |= since
            if s == seat:
                refused |= {c.suit for c in own}
            elif s != face_down_holder:
                lack.add(s)
        if view.rules.reveal_if_trumping and view.rules.reveal is Reveal.A and _void_now(view):
            refused |= {c.suit for c in own}  # void now, and the card stays down: none held
    known = {c for cs in fixed.values() for c in cs}
    cards = tuple(sort_cards(unseen - known))
    sizes: dict[Seat, int] = {}
    for s in fixed:
        n = view.cards_held(s) - len(fixed[s]) - (s == face_down_holder)
        if n < 0:
            raise ValueError(f"{s} holds fewer cards than it is known to hold")
        sizes[s] = n
    trump = view.table_trump
    void: dict[Seat, frozenset[Suit]] = {}
    for s in fixed:
        shown = set(view.memory.void[s])
        if trump is not None and s in view.memory.no_trump:
            shown.add(trump)
        void[s] = frozenset(shown)
    out_of_play = len(cards) - sum(sizes.values()) - (face_down_holder is not None)
    # Tens: all four (eight with two packs) are in every deck; those not taken, piled or on
    # the table are in hands.
    on_table = sum(c.is_ten for _, c in view.table)
    in_hands = view.rules.all_tens - sum(view.tens) - len(view.pile_tens) - on_table
    in_other_hands = in_hands - sum(c.is_ten for c in own)
    out_tens = sum(c.is_ten for c in unseen) - in_other_hands
    if out_of_play < 0 or not 0 <= out_tens <= out_of_play:
        raise ValueError("the position's counts do not add up: no hidden hands fit them")
    return Knowledge(
        seat,
        cards,
        sizes,
        {s: frozenset(cs) for s, cs in fixed.items()},
        void,
        face_down_holder,
        face_down,
        out_of_play,
        out_tens,
        frozenset(refused),
        frozenset(lack),
    )


def reveals_now(view: SeatView) -> bool:
    """Whether the closed trump is turned up at this seat's card before it chooses, so
    that it sees the card: version A, face down, the seat (not the holder) cannot follow."""
    if not view.table_size or not view.trump_face_down or view.holds_face_down:
        return False
    if view.rules.reveal is not Reveal.A:
        return False
    void = _void_now(view)
    if void and view.rules.reveal_if_trumping:
        return _holds_face_down_suit(view)  # turned up only for a seat that holds a trump
    return void


def _void_now(view: SeatView) -> bool:
    """Whether the seat to move cannot follow the suit led (a card is on the table)."""
    return bool(view.table_size) and view.legal_cards()[0].suit is not view.led_suit


def _holds_face_down_suit(view: SeatView) -> bool:
    """Whether the seat to move holds a card of the face-down suit: what the table tells a
    void seat under ``reveal-if-trumping`` (by turning the card up, or not)."""
    hidden = view.card_on_reveal()
    return hidden is not None and any(c.suit is hidden.suit for c in view.hand)


# -- sampling worlds --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class World:
    """One guess of the hidden cards: every other seat's hand, and the face-down card."""

    hands: dict[Seat, frozenset[Card]]
    face_down: Card | None


def _takes(kind: str, refused: frozenset[Suit], suit: Suit, is_ten: bool) -> bool:
    """Whether a bin of ``kind`` may take a card of ``suit`` (a ten or not)."""
    if kind == _GONE_TENS:
        return is_ten
    if kind == _GONE:
        return not is_ten
    return suit not in refused  # seats refuse their voids; the face-down card takes any


class Sampler:
    """Deals the unseen cards of a :class:`Knowledge` uniformly among all consistent worlds.

    The cards fall into classes that every bin treats alike: per suit, its ten (a ten is
    told apart only by the out-of-play bins, which must take the right number of tens) and
    its other cards. Bins are the other seats (capacity: cards still to deal; a void suit
    refused; seats with the same voids share one bin), the face-down card (capacity one, any
    card) and the out-of-play cards (tens and others apart). The number of worlds is a sum,
    over how many cards of each class go to each bin, of the product of multinomials,
    counted class by class with the remaining capacities as the state (memoised: a few
    hundred states for a four-player deal). A world is drawn by choosing, class by class,
    how many cards each bin takes with probability in proportion to the worlds that choice
    leaves, then which cards (a shuffle), then which seat of a shared bin gets which (another
    shuffle: the seats are alike). With no restriction at all a plain shuffle does the job.

    The programme counts which cards go to each bin (:meth:`ways`, :meth:`bin_count`), not
    which seat of a shared bin gets which: every choice of the bins' cards can be shared
    among the seats in the same number of ways (a multinomial of the seats' sizes, whatever
    the cards), so drawing the bins' cards in proportion to that count and then shuffling
    within each shared bin is uniform over the worlds themselves. :meth:`count` is the
    number of worlds: the bins' count times those shares.
    """

    def __init__(self, known: Knowledge) -> None:
        self.known = known
        # Seats that refuse the same suits are one bin: which of them gets which card is a
        # plain shuffle once the bin's cards are drawn (every split is equally likely).
        groups: dict[frozenset[Suit], list[Seat]] = {}
        for s, size in known.sizes.items():
            if size:
                groups.setdefault(known.void[s], []).append(s)
        kinds: list[str] = []
        members: list[tuple[Seat, ...]] = []
        refused: list[frozenset[Suit]] = []
        caps: list[int] = []
        for void, group in groups.items():
            kinds.append("seats")
            members.append(tuple(group))
            refused.append(void)
            caps.append(sum(known.sizes[s] for s in group))
        for kind, cap in (
            (_FACE_DOWN, int(known.face_down_holder is not None)),
            (_GONE_TENS, known.out_tens),
            (_GONE, known.out_of_play - known.out_tens),
        ):
            if cap:
                kinds.append(kind)
                members.append(())
                refused.append(known.face_down_refused if kind == _FACE_DOWN else frozenset())
                caps.append(cap)
        self.kinds: tuple[str, ...] = tuple(kinds)
        self.members: tuple[tuple[Seat, ...], ...] = tuple(members)
        self.caps: tuple[int, ...] = tuple(caps)
        classes: list[tuple[tuple[Card, ...], tuple[int, ...]]] = []
        for suit in SUITS:
            of_suit = [c for c in known.cards if c.suit is suit]
            for is_ten in (True, False):
                group_cards = tuple(c for c in of_suit if c.is_ten is is_ten)
                if not group_cards:
                    continue
                allowed = tuple(
                    i for i, kind in enumerate(kinds) if _takes(kind, refused[i], suit, is_ten)
                )
                classes.append((group_cards, allowed))
        self.classes = classes
        everywhere = tuple(range(len(kinds)))
        self.plain = all(allowed == everywhere for _, allowed in classes)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        # Seats that hold none of the face-down card's suit, whichever it is: one sampler
        # per suit the card may be (those seats then refuse that suit, the card every other).
        self.parts: tuple[Sampler, ...] = ()
        if known.lack_face_down_suit and known.face_down_holder is not None:
            self.parts = tuple(
                Sampler(
                    dataclasses.replace(
                        known,
                        void={
                            s: v | {suit} if s in known.lack_face_down_suit else v
                            for s, v in known.void.items()
                        },
                        face_down_refused=frozenset(SUITS) - {suit},
                        lack_face_down_suit=frozenset(),
                    )
                )
                for suit in SUITS
                if suit not in known.face_down_refused
            )

    def splits(
        self, n: int, allowed: tuple[int, ...], caps: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Every way to put ``n`` cards of a class into its ``allowed`` bins, given the
        capacities ``caps`` left: the counts (one per allowed bin), the capacities left
        after, and the number of ways to choose which cards (a multinomial). The steps of
        the count, of a draw, and of :func:`worlds`' listing."""
        k = len(allowed)
        parts = [0] * k

        def rec(j: int, left: int, ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
            cap = caps[allowed[j]]
            if j == k - 1:
                if left <= cap:
                    parts[j] = left
                    yield tuple(parts), ways
                return
            room_after = sum(caps[allowed[i]] for i in range(j + 1, k))
            for x in range(max(0, left - room_after), min(left, cap) + 1):
                parts[j] = x
                yield from rec(j + 1, left - x, ways * math.comb(left, x))

        if not allowed:
            return
        for counts, ways in rec(0, n, 1):
            new = list(caps)
            for b, x in zip(allowed, counts, strict=True):
                new[b] -= x
            yield counts, tuple(new), ways

    def ways(self, i: int, caps: tuple[int, ...]) -> int:
        """How many ways to put the cards of classes ``i`` on into the bins, filling the
        capacities ``caps`` exactly (which cards each bin takes; memoised)."""
        if i == len(self.classes):
            return 0 if any(caps) else 1
        key = (i, caps)
        got = self._memo.get(key)
        if got is not None:
            return got
        group, allowed = self.classes[i]
        total = 0
        for _, new, ways in self.splits(len(group), allowed, caps):
            total += ways * self.ways(i + 1, new)
        self._memo[key] = total
        return total

    def bin_count(self) -> int:
        """How many ways to choose which cards go to each bin (what a draw walks; ``0``:
        none, the facts contradict)."""
        if self.parts:
            return sum(part.bin_count() for part in self.parts)
        if self.plain:
            total = len(self.known.cards)
            ways = 1
            for cap in self.caps:
                ways *= math.comb(total, cap)
                total -= cap
            return ways if total == 0 else 0
        return self.ways(0, self.caps)

    def count(self) -> int:
        """How many worlds fit what the seat knows (``0``: none; the facts contradict): the
        bins' count times the ways to share each shared bin among its seats."""
        if self.parts:
            return sum(part.count() for part in self.parts)
        total = self.bin_count()
        sizes = self.known.sizes
        for members in self.members:
            left = sum(sizes[s] for s in members)
            for s in members:
                total *= math.comb(left, sizes[s])
                left -= sizes[s]
        return total

    def _choose_split(
        self, i: int, caps: tuple[int, ...], rng: random.Random
    ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """How many cards of class ``i`` each of its bins takes, drawn in proportion to the
        worlds each choice leaves; with the capacities left after it."""
        group, allowed = self.classes[i]
        pick = rng.randrange(self.ways(i, caps))
        for counts, new, ways in self.splits(len(group), allowed, caps):
            weight = ways * self.ways(i + 1, new)
            if pick < weight:
                return counts, new
            pick -= weight
        raise AssertionError("the sampler fell off its own count")  # pragma: no cover

    def sample(self, rng: random.Random) -> World:
        """One world, uniformly among those that fit."""
        if self.parts:
            pick = rng.randrange(self.count())
            for part in self.parts:
                if pick < part.count():
                    return part.sample(rng)
                pick -= part.count()
        known = self.known
        placed: list[list[Card]] = [[] for _ in self.kinds]
        if self.plain:
            cards = list(known.cards)
            rng.shuffle(cards)
            i = 0
            for b, cap in enumerate(self.caps):
                placed[b] = cards[i : i + cap]
                i += cap
        else:
            caps = self.caps
            for i, (class_cards, allowed) in enumerate(self.classes):
                counts, caps = self._choose_split(i, caps, rng)
                shuffled = list(class_cards)
                rng.shuffle(shuffled)
                j = 0
                for b, x in zip(allowed, counts, strict=True):
                    placed[b].extend(shuffled[j : j + x])
                    j += x
        hands = {s: set(cs) for s, cs in known.fixed.items()}
        face_down = known.face_down
        for kind, sharing, cs in zip(self.kinds, self.members, placed, strict=True):
            if kind == _FACE_DOWN:
                face_down = cs[0]
                assert known.face_down_holder is not None
                hands[known.face_down_holder].add(face_down)
            elif kind == "seats":
                if len(sharing) > 1 and not self.plain:
                    rng.shuffle(cs)
                i = 0
                for seat in sharing:
                    hands[seat].update(cs[i : i + known.sizes[seat]])
                    i += known.sizes[seat]
        return World({s: frozenset(h) for s, h in hands.items()}, face_down)


def sample_worlds(
    view: SeatView, n: int, rng: random.Random, *, reveal: bool = False
) -> list[World]:
    """``n`` worlds for ``view``'s seat (a convenience for tests and notebooks);
    ``reveal`` as for :func:`knowledge`."""
    sampler = Sampler(knowledge(view, reveal=reveal))
    return [sampler.sample(rng) for _ in range(n)]


# -- every world, listed ---------------------------------------------------------------------
def world_count(sampler: Sampler) -> int:
    """How many worlds fit: :meth:`Sampler.count` (which cards each bin of seats
    with the same voids takes, times the ways to share each bin among its seats)."""
    return sampler.count()


def _splits_of(cards: Sequence[Card], counts: Sequence[int]) -> Iterator[list[tuple[Card, ...]]]:
    """Every way to cut ``cards`` into groups of ``counts`` cards (which cards, not order)."""
    if not counts:
        yield []
        return
    first, rest = counts[0], counts[1:]
    for chosen in itertools.combinations(cards, first):
        taken = set(chosen)
        others = [c for c in cards if c not in taken]
        for tail in _splits_of(others, rest):
            yield [chosen, *tail]


def worlds(sampler: Sampler) -> Iterator[World]:
    """Every world that fits, each once (:func:`world_count` of them), in a fixed order.

    It walks the sampler's own count: class by class (a suit's ten or its other cards), each
    way to share the class among the bins that leaves some world, then which cards; then
    which seat of a shared bin gets which. Pruned by the count, so the work follows the
    worlds listed, never the dead ends."""
    if sampler.parts:
        for part in sampler.parts:
            yield from worlds(part)
        return
    known = sampler.known
    classes = sampler.classes
    placed: list[list[Card]] = [[] for _ in sampler.kinds]

    def finish() -> Iterator[World]:
        # per bin of seats: every way to share its cards among its seats
        shares: list[list[list[tuple[Seat, tuple[Card, ...]]]]] = []
        face_down = known.face_down
        for kind, members, cards in zip(sampler.kinds, sampler.members, placed, strict=True):
            if members:
                sizes = [known.sizes[s] for s in members]
                shares.append(
                    [list(zip(members, split, strict=True)) for split in _splits_of(cards, sizes)]
                )
            elif kind == "face-down":
                face_down = cards[0]
        for choice in itertools.product(*shares):
            hands = {s: set(cs) for s, cs in known.fixed.items()}
            for share in choice:
                for s, cs in share:
                    hands[s].update(cs)
            if known.face_down_holder is not None:
                assert face_down is not None
                hands[known.face_down_holder].add(face_down)
            yield World({s: frozenset(h) for s, h in hands.items()}, face_down)

    def walk(i: int, caps: tuple[int, ...]) -> Iterator[World]:
        if i == len(classes):
            yield from finish()
            return
        cards, allowed = classes[i]
        for counts, new, _ in sampler.splits(len(cards), allowed, caps):
            if not sampler.ways(i + 1, new):
                continue
            for split in _splits_of(cards, counts):
                for b, chosen in zip(allowed, split, strict=True):
                    placed[b].extend(chosen)
                yield from walk(i + 1, new)
                for b, chosen in zip(allowed, split, strict=True):
                    if chosen:
                        del placed[b][-len(chosen) :]

    if sampler.bin_count():
        yield from walk(0, sampler.caps)
