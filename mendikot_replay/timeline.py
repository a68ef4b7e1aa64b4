"""The replay timeline: the state of a deal after every card, made once, read anywhere.

Every view (terminal, notebook widget, tables, solver) reads a :class:`Timeline` rather than
driving the engine itself, so all of them tell the same story. ``timeline[k]`` is the
:class:`Snapshot` after the first ``k`` cards of this record (``timeline[0]`` is the start),
an O(1) look-up into a list built by one replay.

>>> from mendikot_replay.cards import card, parse_hand
>>> from mendikot_replay.engine import DealSetup
>>> from mendikot_replay.rules import Rules, TrumpMethod
>>> hands = {"A": parse_hand("T..."), "B": parse_hand("A..."), "C": parse_hand(".2.."),
...          "D": parse_hand("..2.")}
>>> setup = DealSetup(Rules(trump_method=TrumpMethod.NONE), hands, "A")
>>> tl = Timeline.replay(setup, [card("TS"), card("AS"), card("2H"), card("2D")],
...                      check_deal=False)
>>> tl[2].table, tl[4].trick_winner, tl[4].tens
((('A', Card('TS')), ('B', Card('AS'))), 'B', (0, 1))
>>> tl.ten("TS").team, tl.ten("TS").seat, tl.ten("TS").trick
('BD', 'B', 1)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Suit
from .engine import (
    DealSetup,
    Game,
    IllegalPlay,
    PlayEvent,
    SetupError,
    TenFate,
    TrumpStatus,
)
from .result import DealResult, deal_result
from .seats import Seat


class TrumpView(NamedTuple):
    """The trump as the table sees it at one moment."""

    status: TrumpStatus
    suit: Suit | None
    """The trump suit once the table knows it (``None`` while hidden or unnamed)."""
    card: Card | None = None
    """The card that named it, or the face-down closed card (its suit is secret while
    ``status == 'hidden'``: views must not show it unless asked to)."""
    holder: Seat | None = None
    """Closed: who set the card aside."""
    since: int | None = None
    """The ply (0-based card index) at which it was revealed or named."""


class Snapshot(NamedTuple):
    """The state of the deal after some cards: everything a view draws."""

    ply: int
    """Cards played so far in this record."""
    trick: int
    """The trick the table shows (the one just completed, right after its last card)."""
    leader: Seat
    """Who led the trick shown."""
    to_play: Seat | None
    """Whose turn it is; ``None`` when the deal is over."""
    hands: tuple[tuple[Seat, frozenset[Card] | None], ...]
    table: tuple[tuple[Seat, Card], ...]
    """The cards of the trick shown, in play order from its leader."""
    trick_winner: Seat | None
    """Set when the trick shown is complete."""
    trump: TrumpView
    tricks: tuple[int, int]
    tens: tuple[int, int]
    pile: tuple[int, tuple[Card, ...]]
    """Dehla: uncollected tricks and the tens among them."""
    streak: tuple[Seat | None, int]
    """Dehla: who is on a run of won tricks, and how long it is."""
    ten_fates: tuple[TenFate, ...]
    event: PlayEvent | None
    """The card that led to this state (``None`` at the start)."""
    result: DealResult | None
    """Set once the last trick is played."""

    def hand(self, seat: Seat) -> frozenset[Card] | None:
        for s, cards in self.hands:
            if s == seat:
                return cards
        raise KeyError(seat)


@dataclass(frozen=True, slots=True)
class TrickSummary:
    """One trick of the deal, for lists and tables."""

    number: int
    leader: Seat
    cards: tuple[tuple[Seat, Card], ...]
    winner: Seat | None
    first_ply: int
    """Index of its first card among this record's cards (negative for cards that were on
    the table when a position started)."""


class Timeline(Sequence[Snapshot]):
    """The snapshots of one replay, and what the whole deal came to.

    ``error`` is set when the replay stopped at an illegal card: ``error_ply`` says which
    (the snapshots go up to the card before it), ``error`` says why.
    """

    def __init__(
        self,
        setup: DealSetup,
        snapshots: list[Snapshot],
        events: list[PlayEvent],
        error: str | None,
        error_ply: int | None,
        game: Game | None,
    ) -> None:
        self.setup = setup
        self.snapshots = snapshots
        self.events = events
        self.error = error
        self.error_ply = error_ply
        self._game = game

    @classmethod
    def replay(
        cls,
        setup: DealSetup,
        cards: Sequence[Card],
        flags: Sequence[tuple[bool, bool]] | None = None,
        *,
        check_deal: bool = True,
    ) -> Timeline:
        """Play ``cards`` from ``setup`` and keep the state after each.

        ``flags`` gives ``(ask_reveal, revoke)`` per card (PMN's ``^T`` and ``^R``). A set-up
        the engine rejects, or an illegal card, stops the replay with :attr:`error` set.
        """
        try:
            game = Game(setup, check_deal=check_deal)
        except SetupError as exc:
            return cls(setup, [], [], str(exc), 0, None)
        snapshots = [_snapshot(game, None, setup, None)]
        events: list[PlayEvent] = []
        error = error_ply = None
        for i, c in enumerate(cards):
            ask, revoke = flags[i] if flags is not None else (False, False)
            try:
                event = game.play(c, ask_reveal=ask, revoke=revoke)
            except IllegalPlay as exc:
                error, error_ply = str(exc), i
                break
            if event.trick_winner is not None and event.position > 0:
                # Trump status of a trick's cards is settled only when the trick ends.
                trumps = game.last_trick_trumps
                first = len(events) - event.position
                for j in range(max(first, 0), len(events)):
                    old = events[j]
                    if old.is_trump != (old.card in trumps):
                        events[j] = old._replace(is_trump=old.card in trumps)
            events.append(event)
            snapshots.append(_snapshot(game, event, setup, snapshots[-1]))
        return cls(setup, snapshots, events, error, error_ply, game)

    # -- sequence protocol ----------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.snapshots)

    def __getitem__(self, ply: int) -> Snapshot:  # type: ignore[override]
        return self.snapshots[ply]

    def __iter__(self) -> Iterator[Snapshot]:
        return iter(self.snapshots)

    # -- the whole deal -------------------------------------------------------------------
    @property
    def final(self) -> Snapshot | None:
        return self.snapshots[-1] if self.snapshots else None

    @property
    def result(self) -> DealResult | None:
        final = self.final
        return final.result if final else None

    @property
    def complete(self) -> bool:
        return self.result is not None

    @property
    def trick_winners(self) -> list[Seat]:
        return [e.trick_winner for e in self.events if e.trick_winner is not None]

    def ten(self, which: Card | str) -> TenFate:
        """Where a ten ended up (at the last card replayed)."""
        wanted = Card.parse(which) if isinstance(which, str) else which
        final = self.final
        if final is None:
            raise KeyError(wanted)
        for fate in final.ten_fates:
            if fate.card is wanted:
                return fate
        raise KeyError(wanted)

    def tricks(self) -> list[TrickSummary]:
        """Every trick begun in this record, in order."""
        out: list[TrickSummary] = []
        start = self.setup.start
        current: list[tuple[Seat, Card]] = list(start.table) if start else []
        first_ply = -len(current)
        trick_no = start.trick if start else 1
        leader = self.setup.first_leader
        for event in self.events:
            if not current:
                leader, first_ply = event.seat, event.ply
            current.append((event.seat, event.card))
            if event.trick_winner is not None:
                out.append(
                    TrickSummary(trick_no, leader, tuple(current), event.trick_winner, first_ply)
                )
                current, trick_no = [], trick_no + 1
        if current:
            out.append(TrickSummary(trick_no, leader, tuple(current), None, first_ply))
        return out

    def index_of(self, trick: int, position: int = 0) -> int:
        """The snapshot index right after card ``position`` (0-based) of trick ``trick``."""
        for event in self.events:
            if event.trick == trick and event.position == position:
                return event.ply + 1
        raise IndexError(f"no card {position + 1} of trick {trick} in this replay")


def _snapshot(
    game: Game, event: PlayEvent | None, setup: DealSetup, before: Snapshot | None
) -> Snapshot:
    """The state after ``event``, sharing every part that did not change with ``before``
    (hands of the other seats, the ten fates, the trump view, the counts): a replay makes
    one of these per card, so the common case — a card played inside a trick — is cheap."""
    if before is None or event is None:
        return _full_snapshot(game, event, setup)
    seat = event.seat
    hands = list(before.hands)
    i = game.seats.index(seat)
    held = game.hands[seat]
    hands[i] = (seat, frozenset(held) if held is not None else None)
    trump = _trump_view(game, setup) if event.revealed or event.named else before.trump
    if event.trick_winner is not None:
        return _full_snapshot(game, event, setup, tuple(hands), trump)
    played = ((seat, event.card),)
    return Snapshot(
        game.ply,
        event.trick,
        game.leader,
        game.to_play,
        tuple(hands),
        before.table + played if event.position else played,
        None,
        trump,
        before.tricks,
        before.tens,
        before.pile,
        before.streak,
        game.tens_fates() if event.card.is_ten else before.ten_fates,
        event,
        None,
    )


def _full_snapshot(
    game: Game,
    event: PlayEvent | None,
    setup: DealSetup,
    hands: tuple[tuple[Seat, frozenset[Card] | None], ...] | None = None,
    trump: TrumpView | None = None,
) -> Snapshot:
    if event is not None and event.trick_winner is not None:
        # Show the completed trick with its winner until the next card is led.
        trick, leader = event.trick, _leader_of_completed(game, event)
        table = game.last_trick  # the engine has already cleared the table
        winner: Seat | None = event.trick_winner
    else:
        trick, leader = game.trick, game.leader
        table = tuple((e.seat, e.card) for e in game.table)
        winner = None
    counts = game.counts
    result = None
    if game.finished:
        result = deal_result(
            (counts.tens[0], counts.tens[1]),
            (counts.tricks[0], counts.tricks[1]),
            game.total_tricks,
        )
    if hands is None:
        hands = tuple((s, frozenset(h) if h is not None else None) for s, h in game.hands.items())
    return Snapshot(
        game.ply,
        trick,
        leader,
        game.to_play,
        hands,
        table,
        winner,
        trump or _trump_view(game, setup),
        (counts.tricks[0], counts.tricks[1]),
        (counts.tens[0], counts.tens[1]),
        (game.pile_tricks, tuple(game.pile_cards)),
        (game.streak_seat, game.streak),
        game.tens_fates(),
        event,
        result,
    )


def _trump_view(game: Game, setup: DealSetup) -> TrumpView:
    hidden = game.hidden_card
    return TrumpView(
        game.trump_status,
        game.trump,
        hidden if hidden is not None else game.trump_card,
        game.hidden_holder or setup.hidden_holder,
        game.trump_since,
    )


def _leader_of_completed(game: Game, event: PlayEvent) -> Seat:
    return game.seats[(game.seats.index(event.seat) - event.position) % game.players]
