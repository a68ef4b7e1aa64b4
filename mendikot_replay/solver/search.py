"""Perfect-information (double-dummy) search from any position of a deal.

Every hand is known, so the best play of both sides is a plain two-team minimax: A/C
against B/D. The Python search plays every card through the engine
(:class:`~mendikot_replay.core.engine.Game`) on a copy of the state, so it obeys exactly what the
replay obeys (and the compiled core is checked against it) — closed trumps (an unrevealed
card stays where the record put it, the version-B ask is a choice of the player), cut
trumps (the naming discard is simply a move), must-trump, Dehla's pile and streak, 4, 6
and 8 players.

Three objectives:

- ``outcome``: the deal result as an integer from A/C's side, ranked
  whitewash (3) > mendikot (2) > win (1) > tie (0) > B/D win (-1) > mendikot (-2) >
  whitewash (-3); :func:`value_text` spells it ("AC win", "tie", "BD mendikot").
- ``tens`` / ``tricks``: how many tens / tricks the side to move at the root holds at the
  end (what it had already taken included), as in bridge double-dummy.

Two searches give identical answers (the tests compare them on thousands of positions):

- the **compiled core** (``core/*.c``, built by ``setup.py`` at install): alpha-beta on a
  compact state with a partition table (each suit's cards still out by owner, only the top
  cards the result depended on pinned, so positions that differ in small cards share an
  entry), sure-trick bounds, equivalent cards searched once (a ten too, under ``tricks``),
  move ordering (DDS's weights for leads and the second hand, card-player rules for the
  rest), and exact values by MTD(f). It plays every position whose hands are known: a known
  trump, none, a cut trump still to be named, a closed trump still face down (version B's
  ask for it is a move of its own); a full 13-trick deal with every card scored takes from
  a fraction of a second to tens of seconds (``benchmarks/bench_solver.py`` measures it
  against DDS);
- the **Python search**, which plays every card through the engine on a copy of the state:
  the reference the tests compare the core with, and the search on a machine where the
  core did not build. Alone it is fast only for endgames: four tricks in a tenth of a
  second, five in about a second, six in a few seconds.

The Python search is alpha-beta with a transposition table probed at trick boundaries
(hands, trump state, counts, pile and streak) that keeps lower and upper bounds, the
table's best move tried first, and equivalent cards searched once (same hand, same suit,
no card still out between them, never a ten: a ten scores, so it differs from its
neighbours). :func:`plain_minimax` is the same game tree with none of that, kept as the
reference the tests compare against.

A :class:`Solver` keeps both tables between positions, so analysing a whole deal with one
costs little more than solving its first position.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from ..core.cards import Card, Suit, sort_cards, twin
from ..core.deal_setup import DealSetup
from ..core.engine import Game, IllegalPlay
from ..core.rules import Capture, Reveal, Rules
from ..core.seats import Team, seat_index, team_index, team_of
from ..text import say

try:  # the compiled core, built by setup.py when the machine has a C compiler
    from . import _ddcore
except ImportError:  # pragma: no cover - exercised only on machines without a compiler
    _ddcore = None  # type: ignore[assignment]
    # In a browser's worker (Pyodide) the same core runs as WebAssembly, when the page
    # loaded it: wasm_core has _ddcore's interface (tests/test_pyodide_core.py).
    if sys.platform == "emscripten":
        from . import wasm_core

        if wasm_core.available():
            _ddcore = wasm_core  # type: ignore[assignment]

if TYPE_CHECKING:
    from ._ddcore import State as CoreState

Objective = Literal["outcome", "tens", "tricks"]
OBJECTIVES: tuple[Objective, ...] = ("outcome", "tens", "tricks")

Engine = Literal["auto", "compiled", "python"]
"""Which search runs: ``compiled`` (the C core), ``python`` (the reference), or ``auto``
(the core when it is built, else Python)."""

COMPILED: bool = _ddcore is not None
"""Whether the compiled core is available on this machine."""

PURE_PYTHON_MAX_TRICKS: Final = 5
"""The most tricks left that the Python search alone solves in about a second."""


def default_max_tricks() -> int:
    """The most tricks left worth solving by default: every position (13) when the compiled
    core is built, else :data:`PURE_PYTHON_MAX_TRICKS` (commands, the viewer and the
    analysis share this limit)."""
    return 13 if COMPILED else PURE_PYTHON_MAX_TRICKS


_OBJECTIVE_CODE = {"outcome": 0, "tens": 1, "tricks": 2}
_SUIT_CODE = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_CORE_TABLE_BITS = 20

_RANKS = {"whitewash": 3, "mendikot": 2, "win": 1}
_INF = 1000


class Move(NamedTuple):
    """One choice of the player to move: a card, and (closed trump, version B) whether the
    player asks for the reveal with it."""

    card: Card
    ask: bool = False

    def __str__(self) -> str:
        return ("^T" if self.ask else "") + str(self.card)

    @property
    def symbol(self) -> str:
        """The move as people read it: ``K♠``, ``^T10♥`` (the ask as PMN writes it)."""
        return ("^T" if self.ask else "") + self.card.symbol


def value_text(value: int, objective: Objective = "outcome") -> str:
    """A value as people say it: ``"AC win"``, ``"BD mendikot"``, ``"tie"``; for ``tens``
    and ``tricks`` just the number."""
    if objective != "outcome":
        return str(value)
    if value == 0:
        return say("board.dd.tie")
    level = say(f"value.{min(abs(value), 3)}")
    return say("board.dd.value", side="AC" if value > 0 else "BD", level=level)


def _final_value(game: Game, objective: Objective, team: int) -> int:
    """The value of a finished deal (outcome: from A/C's side; else for ``team``)."""
    counts = game.counts
    if objective == "tens":
        return counts.tens[team]
    if objective == "tricks":
        return counts.tricks[team]
    result = game.result()
    if result.winner is None:
        return 0
    rank = _RANKS[result.kind]
    return rank if result.winner == "AC" else -rank


def _perspective(game: Game, objective: Objective) -> int:
    """Whose values the search maximises: A/C for the outcome, else the side to move."""
    if objective == "outcome" or game.to_play is None:
        return 0
    return team_index(team_of(game.to_play))


def _check(game: Game, objective: str) -> None:
    if objective not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: use one of {', '.join(OBJECTIVES)}")
    if any(h is None for h in game.hands.values()):
        raise ValueError("double-dummy search needs every hand to be known")
    left = tricks_left(game)
    if game.two_packs and left > TWO_PACK_TRICKS:
        raise ValueError(
            f"two packs: the compiled core holds one pack, and the Python search solves the "
            f"last {TWO_PACK_TRICKS} tricks of a two-pack deal, not {left}"
        )


TWO_PACK_TRICKS: Final = 3
"""The most tricks left that a two-pack position is solved with (by the Python search alone:
the core's rank masks hold one card of each rank). Ten players, three tricks left, takes
seconds; a whole deal would take years."""


def moves(game: Game) -> list[Move]:
    """Every choice of the player to move: each legal card, and under version B a void
    player's card both with and without asking for the closed trump (each card it may play
    with the ask: :meth:`~mendikot_replay.core.engine.Game.ask_cards`)."""
    if game.to_play is None:
        return []
    out: list[Move] = []
    asks = game.ask_cards()
    legal = game.legal_cards()
    for c in legal:
        out.append(Move(c))
        if c in asks:
            out.append(Move(c, True))
    out.extend(Move(c, True) for c in asks if c not in legal)  # the holder's face-down card
    return out


def _apply(game: Game, move: Move) -> Game | None:
    """A copy of ``game`` after ``move``, or ``None`` when the engine refuses it (an ask
    whose duty to trump the card breaks)."""
    child = game.copy()
    try:
        child.play(move.card, ask_reveal=move.ask)
    except IllegalPlay:
        return None
    return child


def equivalence_groups(game: Game, cards: list[Card]) -> list[list[Card]]:
    """The legal ``cards`` of the player to move, grouped into runs that play alike: same
    suit, no card still out (in a hand or on the table) ranked between them, neither a ten
    nor the face-down closed trump. The first card of each group is its representative."""
    out_cards: set[Card] = set()
    for h in game.hands.values():
        out_cards.update(h or ())
    out_cards.update(e.card for e in game.table)
    order = sort_cards(out_cards)  # by suit, then rank from the ace down
    place = {c: i for i, c in enumerate(order)}
    groups: list[list[Card]] = []
    previous: Card | None = None
    for c in sort_cards(cards):
        # two packs: a copy of c held by another seat or on the table would beat c played
        # after it, and not the card above c, so c stands alone
        single = (
            c.is_ten
            or c is game.hidden_card
            or (game.two_packs and twin(c) in out_cards and twin(c) not in cards)
        )
        if (
            previous is not None
            and not single
            and previous.suit is c.suit
            and place[c] == place[previous] + 1
        ):
            groups[-1].append(c)
        else:
            groups.append([c])
        previous = None if single else c
    return groups


def searched_cards(game: Game, equivalence: bool) -> dict[Card, list[Card]]:
    """The cards worth searching, each with the cards it stands for: a group of equivalent
    legal cards (:func:`equivalence_groups`; each card alone without ``equivalence``), and
    the holder's face-down card, playable only with an ask (``holder-may-ask``), alone."""
    legal = game.legal_cards()
    groups = equivalence_groups(game, legal) if equivalence else [[c] for c in legal]
    out = {g[0]: g for g in groups}
    for c in game.ask_cards():
        if c not in legal:
            out[c] = [c]
    return out


def _key(game: Game) -> tuple[object, ...]:
    """Everything the rest of the deal depends on (the trick number follows from the hand
    sizes; table cards carry whether they count as trumps)."""
    since = game.trump_ply
    return (
        tuple(frozenset(h or ()) for h in game.hands.values()),
        tuple((e.card, e.ply >= since) for e in game.table),
        game.to_play,
        game.trump,
        game.hidden_card,
        game.hidden_holder,
        (game.counts.tricks[0], game.counts.tricks[1]),
        (game.counts.tens[0], game.counts.tens[1]),
        game.pile_tricks,
        tuple(sorted(game.pile_cards)),
        game.streak_seat,
        game.streak,
    )


@dataclass
class Solution:
    """The solved position: its value, every legal card's value, a best card and a line."""

    game: Game
    objective: Objective
    value: int
    cards: dict[Card, int]
    """Every legal card of the player to move, with the value after it (best ask chosen)."""
    moves: dict[Move, int]
    """The same per choice (version B: with and without asking)."""
    team: Team
    """Whose values these are: A/C for the outcome, else the side to move."""
    _searcher: _Searcher | None = field(default=None, repr=False)

    @property
    def best(self) -> Card | None:
        """A best card (the first in hand order), or ``None`` when the deal is over."""
        move = self.best_move
        return move.card if move is not None else None

    @property
    def best_move(self) -> Move | None:
        for move, v in self.moves.items():
            if v == self.value:
                return move
        return None

    def text(self, card: Card | None = None) -> str:
        """The value (of the position, or after ``card``) as :func:`value_text` spells it."""
        value = self.value if card is None else self.cards[card]
        return value_text(value, self.objective)

    def line(self) -> list[Move]:
        """A principal variation: best moves for both sides to the end of the deal."""
        searcher = self._searcher or _Searcher(self.objective, team_index(self.team))
        out: list[Move] = []
        game = self.game
        while not game.finished:
            best: tuple[int, Move, Game] | None = None
            maximising = team_index(team_of(game.to_play or "A")) == searcher.team
            for move in moves(game):
                child = _apply(game, move)
                if child is None:
                    continue
                v = searcher.exact(child)
                if best is None or (v > best[0] if maximising else v < best[0]):
                    best = (v, move, child)
            assert best is not None
            out.append(best[1])
            game = best[2]
        return out


class CoreLink:
    """The compiled core for one rule set and objective, and the translation of an engine
    state into the core's terms: what :class:`Solver` searches with, and what the
    single-dummy chances (:mod:`..analysis.odds`) keep one of per thread.

    The core always counts from A/C's side and in totals (tricks and tens taken so far
    included); a search for B/D maps the window and the value through ``total - v``.
    """

    def __init__(self, game: Game, objective: Objective) -> None:
        assert _ddcore is not None
        players, total, dehla, must, split, streak, closed, tie = core_signature(game)
        self.core = _ddcore.Core(
            players,
            total,
            dehla,
            must,
            _OBJECTIVE_CODE[objective],
            _CORE_TABLE_BITS,
            split,
            streak,
            closed,
            tie,
        )
        self.total = {"outcome": 0, "tens": 4, "tricks": game.total_tricks}[objective]

    @property
    def nodes(self) -> int:
        return int(self.core.nodes)

    @property
    def trick_nodes(self) -> int:
        return int(self.core.trick_nodes)

    @property
    def expanded_nodes(self) -> int:
        return int(self.core.expanded)

    def search(self, game: Game, team: int, alpha: int, beta: int) -> int | None:
        state = core_state(game)
        if state is None:
            return None
        if team == 0:
            return int(self.core.search(state, alpha, beta))
        total = self.total
        return total - int(self.core.search(state, total - beta, total - alpha))

    def value(self, game: Game, team: int) -> int | None:
        state = core_state(game)
        if state is None:
            return None
        v = int(self.core.value(state))
        return v if team == 0 else self.total - v

    def children(
        self, game: Game, team: int, alpha: int, beta: int, *, asks: bool = True
    ) -> dict[Move, int] | None:
        """Every legal move (``asks=False``: not those that ask for the face-down trump)
        with a null-window search of the position after it over ``(alpha, beta)``: a
        fail-soft bound (at least ``beta`` when it reaches it, else at most ``alpha``), or
        ``None`` when the core cannot play this position.

        What the single-dummy chances ask of each world: whether each card reaches a
        threshold, one search a card. The core searches one card per group of equivalent
        cards, and gives a seat's small cards of a suit the result of a smaller one whose
        search found no rank of that suit below them relevant (as its own search does), so
        a world costs fewer searches than its cards, and no call per card."""
        state = core_state(game)
        if state is None:
            return None
        window = (alpha, beta) if team == 0 else (self.total - beta, self.total - alpha)
        by_code = _by_code(game)
        out: dict[Move, int] = {}
        for suit, rank, ask, v in self.core.children(state, *window, asks):
            out[Move(by_code[suit, rank], bool(ask))] = v if team == 0 else self.total - v
        return out

    def score(self, game: Game, team: int) -> dict[Move, int] | None:
        """Every legal move (a card; under version B, with or without asking for the
        face-down trump) with its exact value, or ``None`` when the core cannot play this
        position (a hand nobody knows)."""
        state = core_state(game)
        if state is None:
            return None
        by_code = _by_code(game)
        out: dict[Move, int] = {}
        for suit, rank, ask, v in self.core.score(state):
            out[Move(by_code[suit, rank], bool(ask))] = v if team == 0 else self.total - v
        return out


def _by_code(game: Game) -> dict[tuple[int, int], Card]:
    """The cards the player to move may play (legal, or with an ask: the holder's face-down
    card under ``holder-may-ask``) by the core's (suit, rank index), to read its moves."""
    playable = [*game.legal_cards(), *game.ask_cards()]
    return {(_SUIT_CODE[c.suit], c.rank - 2): c for c in playable}


CoreSignature = tuple[int, int, bool, bool, int, bool, int, bool]

#: The closed trump's house rules as the core's ``MR_CLOSED_*`` bits (ddcore.h).
_CLOSED_BITS: Final = (
    ("holder_may_ask", 1),
    ("trump_card_in_hand", 2),
    ("count_from_reveal", 4),
    ("reveal_if_trumping", 8),
    ("hidden_trumps", 16),
)


def closed_bits(rules: Rules) -> int:
    """The closed trump's house rules in the compiled core's terms (``MR_CLOSED_*``)."""
    return sum(bit for name, bit in _CLOSED_BITS if getattr(rules, name))


def core_signature(game: Game) -> CoreSignature:
    """What a compiled core is made for (one per signature, each with its table): the table
    size, the tricks a deal, Dehla capture, must-trump, the side a 2-2 split of the tens
    goes to (-1: the tricks decide), whether a Dehla run goes on after a take, the closed
    trump's house rules (:func:`closed_bits`) and whether an even split of the tricks goes
    to the side that reached half first."""
    rules = game.rules
    split = game.split_winner
    return (
        rules.players,
        game.total_tricks,
        rules.capture is Capture.DEHLA,
        rules.must_trump,
        -1 if split is None else team_index(split),
        rules.streak_goes_on,
        closed_bits(rules),
        rules.tie_half_first,
    )


def core_state(game: Game) -> CoreState | None:
    """The engine state in the compiled core's terms, or ``None`` when the core cannot
    search it: a hand nobody knows.

    Hands are rank masks (bit ``rank - 2``) per suit in hand order, seats by index; table
    cards carry whether they count as trumps (a closed trump revealed mid-trick under
    version B does not make the cards before it trumps). A face-down closed trump stays in
    its holder's hand and is named last: (holder, suit, rank - 2, version B).
    """
    if game.two_packs:
        return None  # a rank mask holds one card of each rank
    hidden: tuple[int, int, int, bool] | None = None
    if game.hidden_card is not None:
        if game.hidden_holder is None:
            return None
        down = game.hidden_card
        hidden = (
            seat_index(game.hidden_holder),
            _SUIT_CODE[down.suit],
            down.rank - 2,
            game.rules.reveal is Reveal.B,
        )
    hands: list[list[int]] = []
    for seat in game.seats:
        hand = game.hands[seat]
        if hand is None:
            return None
        masks = [0, 0, 0, 0]
        for c in hand:
            masks[_SUIT_CODE[c.suit]] |= 1 << (c.rank - 2)
        hands.append(masks)
    trump = game.trump
    table = [
        (_SUIT_CODE[e.card.suit], e.card.rank - 2, game._counts_as_trump(e)) for e in game.table
    ]
    return (
        hands,
        seat_index(game.leader),
        table,
        -1 if trump is None else _SUIT_CODE[trump],
        game.trump_status == "unnamed",
        (game.counts.tricks[0], game.counts.tricks[1]),
        (game.counts.tens[0], game.counts.tens[1]),
        game.pile_tricks,
        len(game.pile_cards),
        -1 if game.streak_seat is None else seat_index(game.streak_seat),
        hidden,
    )


class _Searcher:
    """Alpha-beta with a transposition table of bounds, for one objective and side."""

    def __init__(
        self,
        objective: Objective,
        team: int,
        *,
        equivalence: bool = True,
        transposition: bool = True,
    ) -> None:
        self.objective: Objective = objective
        self.team = team
        self.equivalence = equivalence
        self.transposition = transposition
        self.table: dict[tuple[object, ...], tuple[int, int, Move | None]] = {}
        self.nodes = 0
        self.core: CoreLink | None = None
        """The compiled core, when the solver uses it (set by :class:`Solver`)."""

    def children(self, game: Game) -> Iterator[tuple[Move, list[Card]]]:
        """The moves worth searching, each with the cards it stands for."""
        by_card = searched_cards(game, self.equivalence)
        for move in moves(game):
            if move.card in by_card:
                yield move, by_card[move.card]

    def exact(self, game: Game) -> int:
        """The exact value of ``game`` (the core's null-window search when it can)."""
        if self.core is not None:
            value = self.core.value(game, self.team)
            if value is not None:
                return value
        return self.search(game, -_INF, _INF)

    def search(self, game: Game, alpha: int, beta: int) -> int:
        if self.core is not None:
            value = self.core.search(game, self.team, alpha, beta)
            if value is not None:
                return value
        self.nodes += 1
        if game.finished:
            return _final_value(game, self.objective, self.team)
        key = _key(game) if not game.table else None
        lo, hi, hint = self.table.get(key, (-_INF, _INF, None)) if key else (-_INF, _INF, None)
        if lo >= beta:
            return lo
        if hi <= alpha:
            return hi
        if lo == hi:
            return lo
        alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        maximising = team_index(team_of(game.to_play or "A")) == self.team
        ordered = [m for m, _ in self.children(game)]
        if hint is not None and hint in ordered:
            ordered.remove(hint)
            ordered.insert(0, hint)
        best = -_INF if maximising else _INF
        best_move: Move | None = None
        for move in ordered:
            try:  # one game for the whole search: each card is played, searched, taken back
                game.push(move.card, ask_reveal=move.ask)
            except IllegalPlay:
                continue
            try:
                v = self.search(game, alpha, beta)
            finally:
                game.pop()
            if maximising:
                if v > best:
                    best, best_move = v, move
                alpha = max(alpha, v)
            else:
                if v < best:
                    best, best_move = v, move
                beta = min(beta, v)
            if alpha >= beta:
                break
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        if self.transposition and key is not None:
            self.table[key] = (lo, hi, best_move)
        return best


def _as_game(position: Game | DealSetup) -> Game:
    """The game to search: a copy of a game in progress, or a set-up's start. (A record
    gives its games with :meth:`~.record.DealRecord.position`: the solver reads no file
    format.)"""
    if isinstance(position, Game):
        return position.copy()
    if isinstance(position, DealSetup):
        return Game(position, check_deal=False)
    raise TypeError(
        f"the solver takes a Game or a DealSetup, not {type(position).__name__} "
        "(for a record: record.position(k), the game after its first k cards)"
    )


class Solver:
    """A double-dummy solver that keeps what it has searched between positions.

    Successive positions of one deal share most of their game tree, so analysing a whole
    deal with one ``Solver`` costs little more than solving its first position (the way
    DDS analyses a play). ``solve()`` is ``Solver(objective).solve(position)``.

    ``equivalence=False`` searches every card on its own, ``transposition=False`` keeps no
    table (the tests check that neither changes a value).
    """

    def __init__(
        self,
        objective: Objective = "outcome",
        *,
        equivalence: bool = True,
        transposition: bool = True,
        engine: Engine = "auto",
    ) -> None:
        if engine not in ("auto", "compiled", "python"):
            raise ValueError(f"unknown engine {engine!r}: use auto, compiled or python")
        if engine == "compiled" and not COMPILED:
            raise RuntimeError(
                "the compiled solver core is not built on this machine (no C compiler when "
                "the package was installed?); reinstall with a compiler, or use "
                "engine='python'"
            )
        if objective not in OBJECTIVES:
            raise ValueError(f"unknown objective {objective!r}: use one of {', '.join(OBJECTIVES)}")
        self.objective: Objective = objective
        self.equivalence = equivalence
        self.transposition = transposition
        self.use_core = COMPILED and engine != "python" and equivalence and transposition
        self._searchers: dict[int, _Searcher] = {}
        self._cores: dict[CoreSignature, CoreLink] = {}

    def _searcher(self, team: int, game: Game) -> _Searcher:
        searcher = self._searchers.get(team)
        if searcher is None:
            searcher = _Searcher(
                self.objective,
                team,
                equivalence=self.equivalence,
                transposition=self.transposition,
            )
            self._searchers[team] = searcher
        searcher.core = None
        if self.use_core and not game.two_packs:  # the core holds one pack
            signature = core_signature(game)
            link = self._cores.get(signature)
            if link is None:
                link = self._cores[signature] = CoreLink(game, self.objective)
            searcher.core = link
        return searcher

    @property
    def nodes(self) -> int:
        """Positions visited so far, over every call (for benchmarks and tests)."""
        python = sum(s.nodes for s in self._searchers.values())
        return python + sum(link.nodes for link in self._cores.values())

    @property
    def trick_nodes(self) -> int:
        """Of the compiled core's positions, those at the start of a trick: what DDS counts
        as nodes, so a benchmark can compare the two searches' sizes, whatever the machine.
        (The pure-Python search does not count them.)"""
        return sum(link.trick_nodes for link in self._cores.values())

    @property
    def expanded_nodes(self) -> int:
        """Of those trick-start positions, the ones whose cards the core had to try: neither
        its bounds nor its table settled them. (A position met again, with the table
        remembering it, is not expanded again.)"""
        return sum(link.expanded_nodes for link in self._cores.values())

    def solve(self, position: Game | DealSetup) -> Solution:
        """Solve a position with best play by both sides and score every legal card.

        ``position`` is a game in progress (not changed) or a set-up (a deal or a ``Start``
        position); a record gives its games with ``record.position(k)``.
        """
        objective = self.objective
        game = _as_game(position)
        _check(game, objective)
        team = _perspective(game, objective)
        searcher = self._searcher(team, game)
        equivalence = self.equivalence
        values: dict[Move, int] = {}
        scored = None
        if searcher.core is not None and not game.finished:
            scored = searcher.core.score(game, team)
        if game.finished:
            value = _final_value(game, objective, team)
        elif scored is not None:
            values = dict(scored)
            maximising = team_index(team_of(game.to_play or "A")) == team
            value = max(values.values()) if maximising else min(values.values())
        else:
            maximising = team_index(team_of(game.to_play or "A")) == team
            stands_for = searched_cards(game, equivalence)
            for move in moves(game):
                if move.card not in stands_for:
                    continue
                child = _apply(game, move)
                if child is None:
                    continue
                v = searcher.search(child, -_INF, _INF)
                for c in stands_for[move.card]:
                    values[Move(c, move.ask)] = v
            chosen = values.values()
            value = max(chosen) if maximising else min(chosen)
        values = dict(sorted(values.items()))
        cards: dict[Card, int] = {}
        for move, v in values.items():
            if move.card not in cards:
                cards[move.card] = v
            else:
                better = v > cards[move.card] if team == _mover(game) else v < cards[move.card]
                if better:
                    cards[move.card] = v
        return Solution(
            game,
            objective,
            value,
            cards,
            values,
            ("AC", "BD")[team],
            searcher,
        )


def solve(
    position: Game | DealSetup,
    objective: Objective = "outcome",
    *,
    equivalence: bool = True,
    transposition: bool = True,
    engine: Engine = "auto",
) -> Solution:
    """Solve a position with best play by both sides and score every legal card.

    ``position`` is a game in progress (not changed) or a set-up (a deal or a ``Start``
    position; a record gives its games with ``record.position(k)``). ``equivalence=False``
    searches every card on its own, ``transposition=False`` keeps no table (the tests check
    that neither changes a value; either runs the Python search). ``engine`` picks the
    compiled core or the Python reference. To solve many positions of one deal, keep a
    :class:`Solver`.
    """
    solver = Solver(objective, equivalence=equivalence, transposition=transposition, engine=engine)
    return solver.solve(position)


def _mover(game: Game) -> int:
    return team_index(team_of(game.to_play or "A"))


def plain_minimax(
    position: Game | DealSetup,
    objective: Objective = "outcome",
    *,
    team: Team | None = None,
) -> tuple[int, dict[Card, int]]:
    """The reference: plain minimax over every move, no pruning, no table, no grouping.

    Returns the value and each legal card's value (for ``team``: by default A/C for the
    outcome, the side to move otherwise). Exponential: for the tests' small endgames only.
    """
    game = _as_game(position)
    _check(game, objective)
    side = _perspective(game, objective) if team is None else team_index(team)

    def value(g: Game) -> int:
        if g.finished:
            return _final_value(g, objective, side)
        results = [value(c) for c in (_apply(g, m) for m in moves(g)) if c is not None]
        return max(results) if _mover(g) == side else min(results)

    if game.finished:
        return _final_value(game, objective, side), {}
    cards: dict[Card, int] = {}
    maximising = _mover(game) == side
    for move in moves(game):
        child = _apply(game, move)
        if child is None:
            continue
        v = value(child)
        old = cards.get(move.card)
        if old is None or (v > old if maximising else v < old):
            cards[move.card] = v
    best = max(cards.values()) if maximising else min(cards.values())
    return best, cards


def tricks_left(game: Game) -> int:
    """Tricks still to finish, the one under way included."""
    if game.finished:
        return 0
    return game.total_tricks - game.trick + 1


def solvable_tricks(game: Game, limit: int) -> int:
    """The most tricks left at which ``game``'s positions are solved, given the caller's
    ``limit``: :data:`TWO_PACK_TRICKS` at most for a two-pack deal."""
    return min(limit, TWO_PACK_TRICKS) if game.two_packs else limit


__all__ = [
    "COMPILED",
    "OBJECTIVES",
    "PURE_PYTHON_MAX_TRICKS",
    "TWO_PACK_TRICKS",
    "CoreLink",
    "Engine",
    "Move",
    "Objective",
    "Solution",
    "Solver",
    "core_state",
    "default_max_tricks",
    "equivalence_groups",
    "moves",
    "plain_minimax",
    "solvable_tricks",
    "solve",
    "tricks_left",
    "value_text",
]
