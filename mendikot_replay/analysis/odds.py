"""Single-dummy chances: with only what one seat could see, each card's chance that the
seat's side wins, ties or loses the deal.

Double-dummy analysis (:mod:`.analysis.double_dummy`) says what the cards allowed with every
hand face up, and nobody at the table sees that. A teacher's question is "with what Asha
could see, which card gave A/C the best chance?". Bridge programs answer it by single-dummy
simulation (GIB): deal the cards the player has not seen in every way that fits what the
player saw, solve each of those deals double-dummy, and count. :func:`odds` does the same
for Mendikot with the pieces the Monte Carlo player (:mod:`.pimc`) is made of:

* :func:`.worlds.knowledge`, what the seat knows. A *world* is a deal of the unseen cards to
  the other hands (and, while a closed trump lies face down and the seat is not its holder,
  a choice of the face-down card) that fits all of it: the seat's own cards; every card
  played and by whom; every void shown (a seat that did not follow holds none of the suit
  led); the must-trump inferences (a void seat that did not trump where ``must-trump``, or
  its own ask under version B, obliged it to, holds no trump); a closed trump's holder
  (the face-down card is one of its cards, exempt from its voids; its holder knows the
  card, and so does every seat once it is turned up, when it goes back to that hand); a
  drawn ``TrumpCard``, back in the drawer's hand; and a ``Start`` position's earlier cards,
  out of play (the tens among them as the counts say).
* :class:`.worlds.Sampler`, which counts the worlds exactly (:func:`world_count`) and draws
  them uniformly; :func:`worlds` walks the same count to list every world.
* the double-dummy solver (:mod:`.solver.search`). A chance needs only whether a card
  still wins, ties or loses in a world, not by how much, so with the compiled core each
  card costs one null-window search at the win threshold (a second, at the tie, only where
  ties are possible and its bound leaves one open), all of a world's cards in one call to
  the core (:meth:`~.solver.search.CoreLink.children`), rather than an exact value;
  without the core the Python search gives the exact values. Almost all the time is those
  searches (the Python around them is under 1%): a whole deal's graph, every position at
  200 worlds, takes one to two and a half minutes of processor time
  (``benchmarks/bench_odds.py``; ``workers`` threads share it out), nine tenths of it in
  the first three tricks, where every world is a full deal to solve.

Every world is equally likely. When at most ``max_worlds`` fit, every one is solved and the
chances are exact fractions of them (``exact``); otherwise ``samples`` worlds are drawn
uniformly (with replacement) from a stream seeded by ``seed``, so the same call gives the
same answer, and each chance comes with its standard error, ``sqrt(p(1 - p) / n)``. The
sample stops early, by a stated rule, where fewer worlds give that precision: once every
chance's standard error is at most what ``samples`` worlds give at worst (3.5 points for
200; :func:`settled`, looked at after 100, 125, 150 and 175 worlds), which positions whose
cards nearly always win, or nearly always lose, reach sooner; the output says where it
stopped.

What the chances do not read, on purpose or not yet:

* The other players' choices are not evidence beyond the facts above: a player who ducked
  may well have held the ace, and the face-down card is any card of its holder's hand,
  not the one a sensible holder would have set aside. That is the usual single-dummy
  simplification, with "strategy fusion": each world is solved as if every hand were known
  from the next card on.
* A revoke recorded with ``^R`` is read as no information (the revoker may or may not hold
  the suit), not as a void.
* A ``Start`` position says nothing of the play before it, so no void from before it is
  known (its cards already on the table do show theirs, and are read).
* A drawn ``TrumpCard`` is taken to be back in the drawer's hand, as the simulator deals
  it; the rules also allow it to have come from the pack, and then nobody knows where it
  is. It is placed only for a deal played from its first card. A ``FaceUp`` card has no
  known holder.

Version B: a void seat may ask for the face-down trump, and then sees the card before it
plays. Asking is one choice, ``^T``, scored as the seat would play it: in each world the
face-down card is seen, and the card played is the one with the best chance over the
worlds that share that face-down card (:attr:`Odds.ask`, beside every card played without
asking; from a sample, that card is chosen on the few worlds drawn with each face-down
card, which flatters asking a little). Its ``cards`` are the chances of each card after
the ask, with the record's face-down card seen: what the seat knew when it played a card
with ``^T``.

The seat need not be the one to play (``seat``): the cards are then those the player to
move may hold, each scored over the worlds in which that player may play it (``worlds`` of
each card), without asks.

A simulated deal before its twelfth trick: C leads, and with what C can see (its two cards,
the 44 played, who showed out of what) eighteen deals of the other six cards fit. The ten
of diamonds wins in six of them, the queen of clubs in one; in the real one both lose:

>>> from mendikot_replay.players.simulate import simulate
>>> record = next(simulate(1, seed=1))
>>> chances = odds(record, trick=12)
>>> print(chances.text())
after 44 cards (trick 12): C to play; the chances of A/C from C's view
  exact: all 18 worlds that fit what C has seen, each solved double-dummy
  card     win    tie   loss  double dummy
  10♦    33.3%   0.0%  66.7%  BD win
  Q♣      5.6%   0.0%  94.4%  BD win
>>> best = chances.best
>>> str(best.card), best.chance.wins, best.worlds
('TD', 6, 18)

A ``Start`` position does not say which cards went before it, so far more worlds fit (any
card A has not seen may be in a hand or out of play) and up to 200 are drawn; after 175 of
them every chance is as precise as 200 worlds make one at worst, and the sample stops:

>>> from mendikot_replay.pmn.reader import read_string
>>> ending = read_string('''[TrumpMethod "None"]
... [Start "trick 12; tens 2-1; tricks 6-5"]
... [Hands "A:A.2.. B:T.3.. C:3.4.. D:K.5.."]
... [Play "A"]
... 12. A: AS TS 3S KS''')[0]
>>> sampled = odds(ending, after=0)
>>> sampled.exact, sampled.worlds, sampled.samples, sampled.most
(False, 493471440, 175, 200)
>>> [(str(c), round(o.win, 3), round(o.chance.stderr["win"], 3)) for c, o in sampled.cards.items()]
[('AS', 1.0, 0.0), ('2H', 0.697, 0.035)]
"""

from __future__ import annotations

import itertools
import os
import queue
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Final

from ..core.cards import Card
from ..core.deal_setup import DealSetup
from ..core.engine import Game
from ..core.rules import Reveal
from ..core.seats import Seat, team_of
from ..players.simple import Memory, SeatView
from ..players.worlds import Sampler, World, knowledge, reveals_now, world_count, worlds
from ..pmn.record import DealRecord, Play
from ..solver.search import (
    COMPILED,
    CoreLink,
    CoreSignature,
    Engine,
    Move,
    Solution,
    Solver,
    core_signature,
    equivalence_groups,
    moves,
    tricks_left,
)
from .card_odds import AskOdds, CardOdds, Chance, Odds, looks, settled, stop_bound

__all__ = [
    "CORE_THREADS",
    "DEFAULT_MAX_WORLDS",
    "DEFAULT_SAMPLES",
    "GLANCE",
    "THREADS",
    "AskOdds",
    "CardOdds",
    "Chance",
    "Odds",
    "OddsSolver",
    "looks",
    "odds",
    "seat_view",
    "settled",
    "stop_bound",
    "world_count",
    "worlds",
]

DEFAULT_MAX_WORLDS: Final = 5000
"""Positions with at most this many consistent worlds are solved in every world (exact).
Three tricks from the end of a four-player deal the leader has at most 1680 worlds (nine
unseen cards, three to a hand), all solved in under a fifth of a second with the compiled
core (``benchmarks/bench_odds.py``)."""

DEFAULT_SAMPLES: Final = 200
"""Worlds drawn when there are more (at most: see :func:`settled`): the standard error of a
chance is then at most 3.5 points (``0.5 / sqrt(200)``)."""
MOST_WORLDS: Final = 100_000
"""The most worlds a position may be asked to solve (``samples``, ``max_worlds``): at a
tenth of a second to a second a world early in a deal, more would run for days, and a
mistyped ``10**9`` should be said at once, not found out in a week."""
MOST_THREADS: Final = 4 * (os.cpu_count() or 1)
"""The most threads (``workers``) solving worlds at once: each has a search table of its
own, and past the machine's cores more threads only wait (four a core leaves room)."""

GLANCE: Final = 4
"""A first look (``glance``) solves ``samples // GLANCE`` worlds (50 of 200)."""

THREADS: Final = sys.platform != "emscripten"
"""Whether this Python can start threads: not in a browser (Pyodide), where the worlds are
solved one after the other (and a front end steps its work from its event loop)."""

CORE_THREADS: Final = max(1, min(os.cpu_count() or 1, 4)) if THREADS else 1
"""Threads to solve worlds with when a person waits for the answer (the viewer's chances,
``odds``): the machine's cores, at most four. The compiled core lets go of the interpreter
while it searches, so two cores take about half as long (``benchmarks/bench_odds.py``); the
chances do not depend on it."""

Progress = Callable[[int, int], object]
"""Called with (worlds solved, worlds to solve) after each world."""


# -- a seat's view of a line --------------------------------------------------------------------
def _position(setup: DealSetup, plays: Sequence[Play], seat: Seat | None) -> tuple[Game, SeatView]:
    game = Game(setup, check_deal=False)
    memory = Memory(game)
    _start_table_voids(setup, memory)
    for card, ask, revoke in plays:
        event = game.play(card, ask_reveal=ask, revoke=revoke)
        memory.see(event._replace(followed=True) if revoke else event)
    if game.to_play is None:
        raise ValueError(f"the deal is over after {len(plays)} cards: nobody is to play")
    if seat is not None and seat not in game.seats:
        raise ValueError(f"no seat {seat} at a {game.players}-player table")
    view = SeatView(game, memory, seat)
    if game.hands[view.seat] is None:
        raise ValueError(f"the record does not give {view.seat}'s hand")
    return game, view


def _start_table_voids(setup: DealSetup, memory: Memory) -> None:
    """What a ``Start`` position's cards on the table show, which the memory (fed the
    record's own cards) never sees: a seat that did not follow the suit led holds none of
    it, and under ``must-trump`` with the trump known from the start it holds no trump
    either when it played none (not under version B, where whether it asked is not said)."""
    start = setup.start
    if start is None or not start.table:
        return
    led = start.table[0][1].suit
    rules = setup.rules
    trump = setup.trump
    bound = rules.must_trump and trump is not None and rules.reveal is not Reveal.B
    for seat, card in start.table[1:]:
        if card.suit is led:
            continue
        memory.void[seat].add(led)
        if bound and card.suit is not trump:
            memory.no_trump.add(seat)


def seat_view(setup: DealSetup, plays: Sequence[Play], seat: Seat | None = None) -> SeatView:
    """The position after ``plays`` (cards from the set-up, as
    :meth:`~.record.DealRecord.plays` gives them) as ``seat`` saw it (by default the player
    to move): the game and the table's memory of every card (who showed out, who could not
    trump). A revoke (``^R``) is not read as a void: the revoker could have followed.

    Raises ``ValueError`` when the deal is over, the seat is not at the table, or the record
    does not give its hand."""
    return _position(setup, plays, seat)[1]


def _after_trick(record: DealRecord, trick: int) -> int:
    """How many cards of the main line come before trick ``trick`` (trick numbers are the
    deal's: a ``Start`` position's first trick is its Start trick)."""
    setup = record.setup
    assert setup is not None
    start = setup.start
    first = start.trick if start is not None else 1
    total = setup.rules.tricks_per_deal
    if not first <= trick <= total:
        raise ValueError(f"no trick {trick} in this record: its tricks are {first} to {total}")
    table = len(start.table) if start is not None else 0
    cards = max((trick - first) * setup.rules.players - table, 0)
    line = len(record.mainline())
    if cards > line:
        raise ValueError(f"the play stops before trick {trick} (its main line has {line} cards)")
    return cards


# -- solving the worlds -----------------------------------------------------------------------
Signs = dict[Move, int]
"""Each move of the player to move with the sign of its outcome from A/C's side: 1 a win,
0 a tie, -1 a loss."""


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def _core_signs(link: CoreLink, game: Game, asks: bool = True) -> Signs:
    """Each move's sign by null-window searches of the compiled core: does the value after
    it reach 1 (an A/C win), and, where it falls short by at most a tie, does it reach 0?

    Every card is searched once at the win threshold, all in one call
    (:meth:`~.solver.search.CoreLink.children`: one search per group of equivalent cards,
    none for a small card that a smaller one's search covers). The position itself is not
    probed first: where the side to move has the deal decided, that probe must refute its
    cards one by one just as their own searches do, and where it is not, the cards'
    searches find again what the probe found (measured: the same positions visited, to a
    percent, either way). Each bound is fail-soft, so a card that falls short shows
    whether it can still tie: with an odd number of tricks nobody can (13 tricks cannot
    split evenly), and otherwise only the cards whose bound leaves a tie open are searched
    again, at 0. ``asks=False`` leaves out the moves that ask for the face-down trump."""
    values = link.children(game, 0, 0, 1, asks=asks)
    assert values is not None, "a world has every hand"
    wanted = {m for m in moves(game) if asks or not m.ask}
    stands_for: dict[Card, Card] = {}  # for the second searches: each card's group's first
    if game.total_tricks % 2 == 0:
        groups = equivalence_groups(game, game.legal_cards())
        stands_for = {c: g[0] for g in groups for c in g}
    ties: dict[Move, int] = {}  # the second searches' signs, by the move searched
    out: Signs = {}
    for move, v in values.items():
        if move not in wanted:
            continue
        if v >= 1 or v < 0 or not stands_for:
            out[move] = 1 if v >= 1 else -1
            continue
        searched = move if move.ask else Move(stands_for[move.card])
        if searched not in ties:  # at most a tie: does it reach one?
            game.push(searched.card, ask_reveal=searched.ask)
            try:
                reached = link.search(game, 0, -1, 0)
            finally:
                game.pop()
            assert reached is not None, "a world has every hand"
            ties[searched] = 0 if reached >= 0 else -1
        out[move] = ties[searched]
    return out


@dataclass(slots=True)
class _Tally:
    wins: int = 0
    ties: int = 0
    losses: int = 0

    def add(self, mine: int) -> None:
        if mine > 0:
            self.wins += 1
        elif mine < 0:
            self.losses += 1
        else:
            self.ties += 1

    def merge(self, other: _Tally) -> None:
        self.wins += other.wins
        self.ties += other.ties
        self.losses += other.losses

    def counts(self) -> tuple[int, int]:
        """For choosing among choices over the same worlds: wins, then ties."""
        return self.wins, self.ties

    def chance(self, sampled: bool) -> Chance:
        return Chance(self.wins, self.ties, self.losses, sampled)


def _tallies(signs: Iterable[Signs], side: int = 1) -> dict[Card, _Tally]:
    """Each card's tally (played without asking) over the worlds' signs, for ``side``
    (1: A/C, -1: B/D)."""
    out: dict[Card, _Tally] = {}
    for s in signs:
        for move, v in s.items():
            if not move.ask:
                out.setdefault(move.card, _Tally()).add(side * v)
    return out


def _ranked(
    tallies: dict[Card, _Tally], dd: dict[Move, int], ask: bool, sampled: bool
) -> dict[Card, CardOdds]:
    """The cards best chance first (of winning, then of not losing), then in hand order."""
    rows = [CardOdds(c, t.chance(sampled), dd.get(Move(c, ask)), ask) for c, t in tallies.items()]
    rows.sort(key=lambda r: (-r.win, -r.tie, r.card))
    return {r.card: r for r in rows}


@dataclass(slots=True)
class _Drawn:
    """The worlds of one position: every one (exact) or a sample drawn as far as needed
    (from one stream, so the first ``n`` are the same whenever they are drawn), and how
    many fit."""

    worlds: list[World]
    count: int
    exact: bool
    sampler: Sampler | None = None
    rng: random.Random | None = None

    def take(self, n: int) -> list[World]:
        """The first ``n`` worlds (every one when exact)."""
        if self.sampler is not None and self.rng is not None:
            while len(self.worlds) < n:
                self.worlds.append(self.sampler.sample(self.rng))
            return self.worlds[:n]
        return self.worlds


@dataclass(slots=True)
class _Kept:
    """A sampled position's worlds solved so far, kept for the next call (after a first
    look, or a stop between worlds): the set-up it belongs to, the worlds, their signs."""

    setup: DealSetup
    drawn: _Drawn
    signs: dict[int, Signs]


class OddsSolver:
    """Computes :class:`Odds` and keeps the solver's tables between positions, as
    :class:`~.solver.Solver` does, so that the positions of a whole deal share them.

    ``max_worlds``, ``samples`` and ``seed`` as for :func:`odds`. ``engine``: the solver's
    (``auto``: the compiled core when it is built, else the Python search). ``workers``:
    threads solving worlds at once with the compiled core, which lets go of the interpreter
    while it searches; the chances never depend on it. ``double_dummy``: also solve the
    real deal (every hand known), for the value beside each card.

    ``early_stop``: a sampled position stops drawing worlds once every chance is as precise
    as ``samples`` worlds make it at worst (:func:`settled`, looked at after half of them,
    then every eighth; at 200 samples, 3.5 points): positions whose cards nearly always win
    or nearly always lose need fewer. Which worlds are drawn does not change, only how many
    are solved, and the rule reads the first worlds in order, so the answer is the same
    whatever the threads. Not where a void seat may ask for the face-down trump (every
    sample is solved there).

    A sampled position's solved worlds are kept when the work stops between worlds (a
    progress callback that raises) or after a first look (``glance`` of :meth:`line`): the
    next call for the same position solves only the rest.
    """

    def __init__(
        self,
        *,
        max_worlds: int = DEFAULT_MAX_WORLDS,
        samples: int = DEFAULT_SAMPLES,
        seed: int = 0,
        engine: Engine = "auto",
        workers: int = 1,
        double_dummy: bool = True,
        early_stop: bool = True,
    ) -> None:
        for name, value, least, most in (
            ("max_worlds", max_worlds, 0, MOST_WORLDS),
            ("samples", samples, 1, MOST_WORLDS),
            ("workers", workers, 1, MOST_THREADS),
        ):
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"{name} is a whole number, not {value!r:.30}")
            if not least <= value <= most:
                raise ValueError(f"{name} must be from {least} to {most:,}, not {value:,}")
        self.max_worlds = max_worlds
        self.samples = samples
        self.seed = seed
        self.workers = workers
        self.double_dummy = double_dummy
        self.early_stop = early_stop
        self._dd = Solver("outcome", engine=engine)  # refuses a core that is not built
        self.use_core = COMPILED and engine != "python"
        self._python = None if self.use_core else Solver("outcome", engine="python")
        self._two_packs = Solver("outcome", engine="python")
        self._links: dict[CoreSignature, queue.SimpleQueue[CoreLink]] = {}
        self._kept: dict[tuple[int, tuple[Play, ...], Seat], _Kept] = {}

    # -- entry points --------------------------------------------------------------------------
    def odds(
        self,
        record: DealRecord,
        after: int | None = None,
        *,
        trick: int | None = None,
        seat: Seat | None = None,
        progress: Progress | None = None,
    ) -> Odds:
        """The chances after the first ``after`` cards of ``record``'s main line, or before
        trick ``trick`` (by default after every card given), from ``seat``'s view."""
        if record.setup is None:
            raise ValueError("the record's tags do not give a playable set-up")
        if after is not None and trick is not None:
            raise ValueError("give after or trick, not both")
        line = record.mainline()
        if trick is not None:
            after = _after_trick(record, trick)
        elif after is None:
            after = len(line)
        if not 0 <= after <= len(line):
            raise ValueError(f"the main line has {len(line)} cards; cannot stop after {after}")
        plays = record.plays(line[:after])
        return self.line(record.setup, plays, seat=seat, deal=record.index, progress=progress)

    def line(
        self,
        setup: DealSetup,
        plays: Sequence[Play],
        *,
        seat: Seat | None = None,
        deal: int | None = None,
        progress: Progress | None = None,
        glance: bool = False,
    ) -> Odds:
        """The chances after ``plays`` from ``setup``, from ``seat``'s view: any line of a
        play tree, ``record.plays(record.line_to(node))``, variations included.

        ``glance``: where the worlds are sampled, a first look at ``samples // GLANCE`` of
        them (:attr:`Odds.glance`), kept, so that the same call without it later solves
        only the rest (a graph drawn roughly at once, then made precise)."""
        game, view = _position(setup, plays, seat)
        left = tricks_left(game)
        if game.two_packs and left > TWO_PACK_ODDS_TRICKS:
            raise ValueError(
                f"single-dummy chances of a two-pack deal are scored over its last "
                f"{TWO_PACK_ODDS_TRICKS} tricks, not {left}: each world is solved by the "
                "Python search (the compiled core holds one pack)"
            )
        mover = game.to_play
        assert mover is not None
        seat = view.seat
        playing = seat == mover
        key = (id(setup), tuple(plays), seat)
        kept = self._kept.pop(key, None)
        if kept is None or kept.setup is not setup:
            # Version A: this card turns the closed trump up, and the seat sees it first.
            kept = _Kept(setup, self._draw(view, playing and reveals_now(view)), {})
        drawn = kept.drawn
        can_ask = playing and game.may_ask()
        # Asking shows the seat the face-down card: its worlds are drawn again with it known
        # (not for its holder under holder-may-ask, who knows it already: the same worlds)
        again = (
            self._draw(view, True)
            if can_ask and not drawn.exact and not view.holds_face_down
            else None
        )
        marks: list[int] = []
        if drawn.exact:
            wanted = drawn.count
        elif glance and again is None:
            wanted = max(self.samples // GLANCE, 1)
        else:
            wanted = self.samples
            marks = looks(self.samples) if self.early_stop and again is None else []
        side = 1 if team_of(seat) == "AC" else -1
        games = [view.world(w.hands, w.face_down) for w in drawn.take(wanted)]
        extra = []
        if again is not None:
            extra = [view.world(w.hands, w.face_down) for w in again.take(self.samples)]

        def stop(n: int) -> bool:
            tallies = _tallies((kept.signs[i] for i in range(n)), side)
            return settled([t.chance(True) for t in tallies.values()], self.samples)

        finished = False
        try:
            solved = self._solve(
                games, kept.signs, progress, playing, stop=stop if marks else None, marks=marks
            )
            finished = True
        finally:  # a sampled position stopped between worlds, or glanced at, keeps them
            if not drawn.exact and (glance or not finished):
                self._kept[key] = kept
        main = [kept.signs[i] for i in range(solved)]
        asked: dict[int, Signs] = {}
        if extra:
            self._solve(extra, asked, progress, playing)
        after_ask = [asked[i] for i in range(len(extra))]
        real = self._real(game)
        dd = dict(real.moves) if real is not None else {}
        sampled = not drawn.exact
        plain = _tallies(main, side)
        ask = None
        if can_ask:
            ask = self._ask(game, drawn, main, again, after_ask, dd, side)
        return Odds(
            after=len(plays),
            trick=game.trick,
            seat=seat,
            to_play=mover,
            exact=drawn.exact,
            worlds=drawn.count,
            cards=_ranked(plain, dd, False, sampled),
            samples=None if drawn.exact else solved,
            seed=None if drawn.exact else self.seed,
            most=None if drawn.exact else self.samples,
            glance=sampled and glance and again is None,
            ask=ask,
            dd=real.value if real is not None else None,
            deal=deal,
        )

    # -- inside --------------------------------------------------------------------------------
    def _ask(
        self,
        game: Game,
        drawn: _Drawn,
        main: list[Signs],
        again: _Drawn | None,
        after_ask: list[Signs],
        dd: dict[Move, int],
        side: int,
    ) -> AskOdds:
        """Asking for the face-down trump (version B; the seat is the one to play)."""
        face_down = game.hidden_card
        assert face_down is not None
        # In each world the seat sees the face-down card, then plays the card with the best
        # chance over the worlds that share it.
        by_card: dict[Card, dict[Card, _Tally]] = {}
        for world, s in zip(drawn.worlds[: len(main)], main, strict=True):
            assert world.face_down is not None
            group = by_card.setdefault(world.face_down, {})
            for move, v in s.items():
                if move.ask:
                    group.setdefault(move.card, _Tally()).add(side * v)
        asking = _Tally()
        for group in by_card.values():
            if group:
                asking.merge(max(group.values(), key=_Tally.counts))
        if again is None:  # the worlds with the record's card are some of them (exact)
            cards = by_card.get(face_down, {})
            if drawn.exact:
                exact, count = True, sum(w.face_down == face_down for w in drawn.worlds)
            else:  # the holder, who knows its card: every world has it
                exact, count = False, drawn.count
        else:
            cards = {}
            for s in after_ask:
                for move, v in s.items():
                    if move.ask:
                        cards.setdefault(move.card, _Tally()).add(side * v)
            exact, count = again.exact, again.count
        values = [v for m, v in dd.items() if m.ask]
        best = max if team_of(game.to_play or "A") == "AC" else min
        return AskOdds(
            asking.chance(not drawn.exact),
            face_down,
            _ranked(cards, dd, True, not exact),
            exact,
            count,
            best(values) if values else None,
        )

    def _draw(self, view: SeatView, reveal: bool) -> _Drawn:
        sampler = Sampler(knowledge(view, reveal=reveal))
        count = world_count(sampler)
        if not count:
            raise ValueError(f"no deal of the unseen cards fits what {view.seat} has seen")
        if count <= self.max_worlds:
            return _Drawn(list(worlds(sampler)), count, True)
        return _Drawn([], count, False, sampler, random.Random(f"odds-{self.seed}"))

    def _real(self, game: Game) -> Solution | None:
        """The real deal solved, when asked for and every hand is known."""
        if not self.double_dummy or any(h is None for h in game.hands.values()):
            return None
        return self._dd.solve(game)

    def _solve(
        self,
        games: Sequence[Game],
        signs: dict[int, Signs],
        progress: Progress | None,
        asks: bool,
        *,
        stop: Callable[[int], bool] | None = None,
        marks: Sequence[int] = (),
    ) -> int:
        """Solves the worlds ``games`` not in ``signs`` yet into ``signs`` (by their place
        in ``games``; ``asks``: the ask moves too), and returns how many of the first ones
        the answer takes: all of them, or the first mark of ``marks`` at which
        ``stop(mark)`` says the first ``mark`` worlds are enough. Each mark is looked at
        once the worlds before it are all solved, whatever the order they finished in, so
        the answer does not depend on the threads."""
        total = len(games)
        todo = [i for i in range(total) if i not in signs]
        pending = [m for m in marks if m < total]
        prefix = 0  # the worlds before it are all solved

        def looked() -> int | None:
            """Moves the prefix past the worlds solved; the mark at which to stop, if one
            of the marks it passes settles the question."""
            nonlocal prefix
            while prefix < total and prefix in signs:
                prefix += 1
            while pending and pending[0] <= prefix:
                mark = pending.pop(0)
                if stop is not None and stop(mark):
                    return mark
            return None

        def tick(i: int, s: Signs) -> int | None:
            """Keeps a world's signs; the mark at which to stop, if one is reached."""
            signs[i] = s
            if progress is not None:
                progress(len(signs), total)
            return looked()

        done = looked()  # the worlds kept from an earlier call may settle it already
        if done is not None:
            return done
        if not todo:
            return total
        python = self._python
        if python is None and games and games[0].two_packs:
            python = self._two_packs  # the core holds one pack
        if python is not None:
            for i in todo:
                g = games[i]
                done = tick(i, {m: _sign(v) for m, v in python.solve(g).moves.items()})
                if done is not None:
                    return done
            return total
        pool = self._pool(games[0])

        def one(g: Game) -> Signs:
            link = pool.get()  # one core per thread at a time: a core's table is its own
            try:
                return _core_signs(link, g, asks)
            finally:
                pool.put(link)

        if self.workers == 1:
            for i in todo:
                done = tick(i, one(games[i]))
                if done is not None:
                    return done
            return total
        # At most two worlds a thread are handed out ahead of the results read: a
        # progress callback that stops the work (the viewer, when a position is no longer
        # wanted) or the stopping rule then leaves at most that many started, and none of
        # the rest is begun. Results are read as they finish, not in the worlds' order: a
        # world that takes long (a full deal's search varies a thousandfold) keeps one
        # thread, not all, waiting.
        ahead = 2 * self.workers
        running: dict[Future[Signs], int] = {}
        queued = iter(todo)
        with ThreadPoolExecutor(self.workers) as executor:

            def hand_out(count: int) -> None:
                for i in itertools.islice(queued, count):
                    running[executor.submit(one, games[i])] = i

            try:
                hand_out(ahead)
                while running:
                    finished, _ = wait(running, return_when=FIRST_COMPLETED)
                    for future in finished:
                        i = running.pop(future)
                        done = tick(i, future.result())
                        if done is not None:
                            return done
                    hand_out(len(finished))
            finally:
                for future in running:
                    future.cancel()
        return total

    def _pool(self, game: Game) -> queue.SimpleQueue[CoreLink]:
        """``workers`` cores for the rules of ``game``, kept between positions."""
        key = core_signature(game)
        pool = self._links.get(key)
        if pool is None:
            pool = self._links[key] = queue.SimpleQueue()
            for _ in range(self.workers):
                pool.put(CoreLink(game, "outcome"))
        return pool


TWO_PACK_ODDS_TRICKS: Final = 2
"""The most tricks left at which a two-pack deal's chances are scored: each world is solved
by the Python search (hundreds of worlds in a second or two at two tricks, but a tenth to a
quarter of a second each at three)."""


def odds(
    record: DealRecord,
    after: int | None = None,
    *,
    trick: int | None = None,
    seat: Seat | None = None,
    max_worlds: int = DEFAULT_MAX_WORLDS,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    engine: Engine = "auto",
    workers: int = 1,
    double_dummy: bool = True,
    progress: Progress | None = None,
) -> Odds:
    """Every card's chance that ``seat``'s side wins, ties or loses the deal, over every
    world consistent with what that seat has seen (see the module), after the first
    ``after`` cards of the main line or before trick ``trick`` (by default after all of
    them); ``seat`` is by default the player to move.

    Exact (every world solved) when at most ``max_worlds`` worlds fit, else ``samples``
    worlds drawn uniformly, reproducibly from ``seed``. ``engine``, ``workers`` and
    ``double_dummy`` as for :class:`OddsSolver`; ``progress(done, total)`` is called after
    each world. For many positions of one deal keep an :class:`OddsSolver`.

    Raises ``ValueError`` for a position that cannot be scored: a card that is not there,
    the deal over, a seat not at the table or whose hand the record does not give, facts
    that no deal fits.
    """
    solver = OddsSolver(
        max_worlds=max_worlds,
        samples=samples,
        seed=seed,
        engine=engine,
        workers=workers,
        double_dummy=double_dummy,
    )
    return solver.odds(record, after, trick=trick, seat=seat, progress=progress)
