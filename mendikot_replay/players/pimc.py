"""A strong computer player: perfect-information Monte Carlo (PIMC) on the double-dummy solver.

The solver (:mod:`.solver`) plays perfectly when it sees every hand; a player sees only its
own. PIMC bridges the two the way bridge and skat programs do: at each decision it deals the
cards it has not seen to the other seats at random, many times over, *consistently with
everything it knows* (a "world" each time), solves every world double-dummy, adds up each
legal card's value over the worlds, and plays the card with the best total.

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
  aside. When the reveal comes at this seat's own card (version A: it cannot follow; version
  B: it has decided to ask), the table sees the card before this seat chooses, so the worlds
  are dealt again with the card known;
* a ``Start`` position (a record that begins mid-deal) does not say which cards went before
  it: the unseen cards then outnumber the places in the other hands, and the surplus goes to
  an "out of play" bin, the tens split so that the tens taken before the start match the
  counts.

Every consistent world is equally likely (:class:`Sampler` is exact: a dynamic programme
over the suits counts the ways to fill the hands, and a world is drawn by walking it back).
The opponents' past choices are not read as evidence beyond those facts (a player who
ducked may well have held the ace): that is PIMC's usual simplification, along with
"strategy fusion" (each world is solved as if the player would know the hands from then on).
It still plays far better than rules of thumb once the solver can reach the end of the deal.

The value summed is the deal's outcome as the solver gives it (whitewash 3, mendikot 2,
win 1, tie 0, negatives for a loss), seen from the player's side. Cards are ranked by the
number of worlds won less worlds lost (a deal won is one point under plain scoring), then by
the summed outcome (a mendikot is worth more than a win), then by ``tiebreak``: the card the
rule-of-thumb player would play (``"rule"``, free), or the most tricks / tens over the
worlds (``"tricks"``, ``"tens"``: a second solve per world, only when cards tie).

Cost, and the defaults. Solving is the whole cost: ``worlds`` solves per decision. With the
pure-Python solver a world of three tricks takes a few milliseconds, four about a tenth of a
second, five a second; the compiled core solves eight tricks in milliseconds, ten in up to
a second, a full deal in minutes. So the player hands the early tricks to
:class:`~.players.RuleOfThumbPlayer` and solves only the last ``solve_from_tricks`` tricks
(default :func:`default_solve_from_tricks`: 8 with the compiled core, 3 without it, at a
four-player table; fewer at six or eight, where each trick holds more cards). A
``budget`` (seconds per decision) stops solving more worlds once spent, at least one world
solved; it makes the play depend on the machine's speed, so the default is none and the
player is deterministic from its seed (or from the simulator's random stream).

>>> from mendikot_replay.players.simulate import simulate_deals
>>> deal = next(simulate_deals(1, seed=3, players=(PIMCPlayer(worlds=4), PIMCPlayer(worlds=4))))
>>> deal.record.tags["A"]
'pimc'
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from ..core.cards import SUITS, Card, Suit
from ..core.engine import Game
from ..core.rules import Reveal
from ..core.seats import Seat, team_of
from ..solver import search as _solver
from ..solver.search import Objective, Solver
from .simple import Choice, RuleOfThumbPlayer, SeatView

__all__ = [
    "COMPILED_SOLVE_FROM",
    "DEFAULT_WORLDS",
    "PURE_PYTHON_SOLVE_FROM",
    "Knowledge",
    "PIMCPlayer",
    "PIMCStats",
    "Sampler",
    "Tiebreak",
    "World",
    "default_solve_from_tricks",
    "knowledge",
    "reveals_now",
    "sample_worlds",
]

DEFAULT_WORLDS: Final = 24
"""Worlds solved per decision. More worlds average out the luck of the sample: against the
rule of thumb on the same 150 deals a team of Monte Carlo players (the last 8 tricks
solved) won 57% with 12 worlds and 59% with 24, at 0.27 and 0.41 s a deal; solving 10
tricks instead of 8 added less (59.5% with 12 worlds) for ten times the time."""

Tiebreak = Literal["rule", "tricks", "tens"]

_FACE_DOWN: Final = "face-down"
_GONE_TENS: Final = "out-of-play tens"
_GONE: Final = "out of play"


PURE_PYTHON_SOLVE_FROM: Final = 3
"""Tricks from the end (at a four-player table) the pure-Python search reaches quickly
enough for a simulation."""

COMPILED_SOLVE_FROM: Final = 8
"""The same with the compiled core: a world of eight tricks solves in a few milliseconds
(up to a tenth of a second), nine to ten in tenths of a second to seconds, a full deal in
minutes."""


def default_solve_from_tricks(players: int = 4, *, compiled: bool | None = None) -> int:
    """How many tricks from the end the player starts solving, by default.

    The search's cost grows with the cards left in all hands, so the reach is set for four
    players and scaled to the table: :data:`COMPILED_SOLVE_FROM` (8 tricks, 32 cards) with
    the solver's compiled core (``solver.COMPILED``; ``compiled`` overrides it), which
    makes a simulated deal take about 0.15 s with one team of Monte Carlo players at 24
    worlds (at 12 worlds: 0.06 s; 9 tricks, about a quarter of a second, and it won no more
    deals: 58% of 300 against 59%; 10, half a second: measured with
    ``benchmarks/bench_pimc.py``); 5 tricks at six players, 4 at eight. Without the core,
    :data:`PURE_PYTHON_SOLVE_FROM` (3 tricks, 12 cards): a three-trick world solves in
    milliseconds, a four-trick one in a tenth of a second; 2 tricks at six players, 1 at
    eight.

    >>> default_solve_from_tricks(4, compiled=True), default_solve_from_tricks(8, compiled=True)
    (8, 4)
    >>> default_solve_from_tricks(4, compiled=False), default_solve_from_tricks(6, compiled=False)
    (3, 2)
    """
    if compiled is None:
        compiled = bool(getattr(_solver, "COMPILED", False))
    tricks = COMPILED_SOLVE_FROM if compiled else PURE_PYTHON_SOLVE_FROM
    return max(1, tricks * 4 // players)


# -- what a seat knows ------------------------------------------------------------------------
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
    known = {c for cs in fixed.values() for c in cs}
    cards = tuple(sorted(unseen - known))
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
    # Tens: all four are in every deck; those not taken, piled or on the table are in hands.
    on_table = sum(c.is_ten for _, c in view.table)
    in_hands = 4 - sum(view.tens) - len(view.pile_tens) - on_table
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
    )


def reveals_now(view: SeatView) -> bool:
    """Whether the closed trump is turned up at this seat's card before it chooses, so
    that it sees the card: version A, face down, the seat (not the holder) cannot follow."""
    if not view.table_size or not view.trump_face_down or view.holds_face_down:
        return False
    if view.rules.reveal is not Reveal.A:
        return False
    return view.legal_cards()[0].suit is not view.led_suit


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
                refused.append(frozenset())
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

    def splits(
        self, n: int, allowed: tuple[int, ...], caps: tuple[int, ...]
    ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Every way to put ``n`` cards of a class into its ``allowed`` bins, given the
        capacities ``caps`` left: the counts (one per allowed bin), the capacities left
        after, and the number of ways to choose which cards (a multinomial). The steps of
        the count, of a draw, and of :func:`.odds.worlds`' listing."""
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


# -- the player -------------------------------------------------------------------------------
@dataclass(slots=True)
class PIMCStats:
    """What the player did, for benchmarks: decisions by kind, worlds solved, time spent."""

    solved: int = 0
    """Decisions made by solving worlds."""
    by_rule: int = 0
    """Decisions left to the rule of thumb because too many tricks were left."""
    forced: int = 0
    worlds: int = 0
    seconds: float = 0.0
    no_world: int = 0
    """Decisions where no world fitted the facts (a broken assumption): the rule decided."""


@dataclass(slots=True)
class _Score:
    """One move's totals over the worlds: won less lost, outcome sum, tie-break sum."""

    net: int = 0
    outcome: int = 0
    extra: int = 0

    def add(self, value: int) -> None:
        self.net += (value > 0) - (value < 0)
        self.outcome += value

    def key(self) -> tuple[int, int]:
        return self.net, self.outcome


@dataclass
class PIMCPlayer:
    """Perfect-information Monte Carlo on the double-dummy solver (see the module).

    ``worlds``: deals of the unseen cards solved per decision. ``solve_from_tricks``: solve
    only when at most this many tricks are left (the one under way included); earlier, the
    rule-of-thumb player decides (``None``: :func:`default_solve_from_tricks` for the
    table). ``solve_from_tricks_face_down``: a lower limit while a closed trump lies face
    down (``None``: the same as ``solve_from_tricks``; never more than it). ``budget``:
    seconds per decision after which no more worlds are solved (``None``: no limit; set,
    it makes play depend on the machine). ``seed``: the worlds of a decision are drawn from
    a stream seeded by it and the position, so one position always gets the same worlds;
    ``None`` draws them from the ``rng`` the simulator passes (deterministic from its
    seed). ``tiebreak`` orders cards whose worlds won and summed outcome are equal.
    """

    worlds: int = DEFAULT_WORLDS
    solve_from_tricks: int | None = None
    solve_from_tricks_face_down: int | None = None
    budget: float | None = None
    seed: int | str | None = None
    tiebreak: Tiebreak = "rule"
    name: str = "pimc"
    stats: PIMCStats = field(default_factory=PIMCStats)
    _rule: RuleOfThumbPlayer = field(default_factory=RuleOfThumbPlayer, repr=False)

    def __post_init__(self) -> None:
        if self.worlds < 1:
            raise ValueError("worlds must be 1 or more")
        if self.tiebreak not in ("rule", "tricks", "tens"):
            raise ValueError(f"unknown tiebreak {self.tiebreak!r}: use rule, tricks or tens")

    def choose(self, view: SeatView, rng: random.Random) -> tuple[Card, bool]:
        choice = self.decide(view, rng)
        return choice.card, choice.ask

    def decide(self, view: SeatView, rng: random.Random | None = None) -> Choice:
        """The card, whether to ask for a closed trump, and why: ``forced`` (one legal
        card), ``pimc`` (the best total over the worlds), ``pimc-ask`` (asking for the
        closed trump scored better than any card without it), ``no-world`` (the facts fit
        no deal: the rule of thumb decides), or, too early to solve, the rule of thumb's
        own choice and reason (``cash-ten``, ``long-suit``…).
        """
        legal = view.legal_cards()
        rules = view.rules
        void = bool(view.table_size) and legal[0].suit is not view.led_suit
        face_down_unknown = view.trump_face_down and not view.holds_face_down
        can_ask = void and face_down_unknown and rules.reveal is Reveal.B
        if len(legal) == 1 and not can_ask:
            self.stats.forced += 1
            return Choice(legal[0], reason="forced")
        left = view.total_tricks - view.trick + 1
        limit = self.solve_from_tricks
        if limit is None:
            limit = default_solve_from_tricks(view.players)
        if view.trump_face_down and self.solve_from_tricks_face_down is not None:
            limit = min(limit, self.solve_from_tricks_face_down)
        if left > limit:
            self.stats.by_rule += 1
            return self._rule.decide(view)
        start = time.perf_counter()
        stream = self._stream(view, rng)
        # Version A: this card turns the closed trump up, and the seat sees it before choosing.
        reveal_now = reveals_now(view)
        try:
            choice = self._solve(view, legal, stream, can_ask, reveal_now)
        except _NoWorld:
            self.stats.no_world += 1
            choice = self._rule.decide(view)
            choice = Choice(choice.card, choice.ask, "no-world")
        self.stats.seconds += time.perf_counter() - start
        return choice

    # -- inside a decision --------------------------------------------------------------------
    def _stream(self, view: SeatView, rng: random.Random | None) -> random.Random:
        if self.seed is None:
            return random.Random(rng.getrandbits(64) if rng is not None else 0)
        played = " ".join(sorted(map(str, view.memory.played)))
        table = " ".join(str(c) for _, c in view.table)
        hand = " ".join(sorted(map(str, view.hand)))
        return random.Random(f"pimc-{self.seed}-{view.seat}-{hand}-{played}-{table}")

    def _games(self, view: SeatView, rng: random.Random, reveal: bool) -> Iterator[Game]:
        """Worlds as games, one at a time, until ``worlds`` or the budget is spent."""
        try:
            sampler = Sampler(knowledge(view, reveal=reveal))
        except ValueError:
            raise _NoWorld from None
        if not sampler.count():
            raise _NoWorld
        start = time.perf_counter()
        for i in range(self.worlds):
            if i and self.budget is not None and time.perf_counter() - start > self.budget:
                return
            world = sampler.sample(rng)
            self.stats.worlds += 1
            yield view.world(world.hands, world.face_down)

    def _solve(
        self,
        view: SeatView,
        legal: list[Card],
        rng: random.Random,
        can_ask: bool,
        reveal_now: bool,
    ) -> Choice:
        self.stats.solved += 1
        sign = 1 if team_of(view.seat) == "AC" else -1
        solver = Solver("outcome")  # one table per decision: the worlds are new deals
        plain = {c: _Score() for c in legal}
        asking = _Score()
        games: list[Game] = []
        for game in self._games(view, rng, reveal_now):
            games.append(game)
            solution = solver.solve(game)
            best_ask: int | None = None
            for move, value in solution.moves.items():
                mine = sign * value
                if not move.ask:
                    if move.card in plain:
                        plain[move.card].add(mine)
                elif best_ask is None or mine > best_ask:
                    best_ask = mine
            if best_ask is not None:
                asking.add(best_ask)
        if can_ask:
            best_plain = max(s.key() for s in plain.values())
            if asking.key() > best_plain:
                return self._after_asking(view, legal, rng, sign)
        return Choice(self._pick(view, plain, games, ask=False), reason="pimc")

    def _after_asking(
        self, view: SeatView, legal: list[Card], rng: random.Random, sign: int
    ) -> Choice:
        """Version B, having decided to ask: the card is turned up before this seat plays,
        so deal the worlds again with it known and choose among the cards the ask allows
        (a trump, if the seat holds one)."""
        suit = view.trump_on_reveal()
        trumps = [c for c in legal if c.suit is suit]
        allowed = trumps or legal
        solver = Solver("outcome")
        scores = {c: _Score() for c in allowed}
        games: list[Game] = []
        for game in self._games(view, rng, True):
            games.append(game)
            solution = solver.solve(game)
            for move, value in solution.moves.items():
                if move.ask and move.card in scores:
                    scores[move.card].add(sign * value)
        return Choice(self._pick(view, scores, games, ask=True), ask=True, reason="pimc-ask")

    def _pick(
        self, view: SeatView, scores: dict[Card, _Score], games: list[Game], ask: bool
    ) -> Card:
        """The card with the best key; among equals, by ``tiebreak``."""
        best = max(s.key() for s in scores.values())
        tied = [c for c, s in scores.items() if s.key() == best]
        if len(tied) == 1:
            return tied[0]
        if self.tiebreak == "rule":
            rule = self._rule.decide(view).card
            if rule in tied:
                return rule
            return min(tied, key=lambda c: (c.is_ten, c.rank))
        objective: Objective = self.tiebreak
        solver = Solver(objective)
        for game in games:
            solution = solver.solve(game)  # counts for the side to move: this seat's
            for move, value in solution.moves.items():
                if move.ask is ask and move.card in tied:
                    scores[move.card].extra += value
        return max(tied, key=lambda c: (scores[c].extra, -c.is_ten, -c.rank))


class _NoWorld(Exception):
    """No deal of the unseen cards fits what the seat knows."""
