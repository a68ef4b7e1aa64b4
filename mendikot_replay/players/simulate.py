"""Simulated collections: complete deals and matches played by computer players.

No public collection of recorded Mendikot deals exists, so the analysis tools need one made:
:func:`simulate` deals, chooses the trump as the rules say, plays every card through
:class:`~mendikot_replay.core.engine.Game` with the players of :mod:`.players` (or the Monte
Carlo player of :mod:`.pimc`, which solves the last tricks double-dummy), and yields one
:class:`~mendikot_replay.pmn.record.DealRecord` per deal, ready for the PMN writer. Consecutive
deals form matches: the dealer rotates as docs/rules.md says (:func:`~.result.next_dealer`), and a
new match starts when a team reaches the target. Each record names the player type in its
seat tags (``[A "rule-of-thumb"]``), so a corpus can be split by who played.

Everything comes from the seed, and every match from the seed and its number alone: match
``k``'s first dealer from a stream of its own, and its ``j``-th deal shuffled, and played (the
players' random choices), from two more streams named by the seed, ``k`` and ``j``
(:func:`seeded_match`). So match ``k`` is the same whatever the matches before it did, which
lets a cluster play the matches side by side and still give the deals of one process
(:func:`mendikot_replay.corpus.cluster.simulate_on`); and two runs with other players at the
table shuffle the same cards for each match's deal ``j`` (the ``Match`` and ``Deal`` tags
pair them: a comparison of seatings on equal shuffles).

>>> from mendikot_replay.pmn.writer import write_deal
>>> from mendikot_replay.pmn.reader import read_string
>>> first = next(simulate(1, seed=7))
>>> first.tags["Site"], first.tags["A"], first.tags["Match"], first.tags["Deal"]
('simulated', 'rule-of-thumb', 'sim-7-1', '1')
>>> again = read_string(write_deal(first))[0]
>>> again.errors, again.warnings, again.tags["Result"] == first.tags["Result"]
([], [], True)
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from ..core.cards import Card, Suit, deck
from ..core.deal_setup import DealSetup
from ..core.engine import Game
from ..core.match import MatchRegister
from ..core.result import DealResult
from ..core.rules import Rules, TrumpMethod
from ..core.seats import Seat, next_seat, seats, team_of
from ..pmn.record import DealRecord, PlayNode
from ..pmn.tags import format_hands, rule_tags
from .simple import Memory, Player, RandomPlayer, RuleOfThumbPlayer, SeatView, choose_closed_trump

__all__ = [
    "DEFAULT_TARGET",
    "PLAYER_NAMES",
    "Lineup",
    "SimulatedDeal",
    "deal_hands",
    "deal_setup",
    "lineup",
    "match_name",
    "play_deal",
    "player_by_name",
    "seated",
    "seeded_match",
    "simulate",
    "simulate_deal",
    "simulate_deals",
    "simulate_match",
]

DEFAULT_TARGET = 7
"""Points that end a simulated match (docs/rules.md: "commonly 7")."""

Lineup = Mapping[Seat, Player]
"""Who sits where: a player for every seat of the table."""


PLAYER_NAMES = ("rule", "random", "pimc")
"""The players the command line offers (``rule-of-thumb`` is accepted for ``rule``)."""


def player_by_name(
    name: str,
    *,
    worlds: int | None = None,
    solve_from_tricks: int | None = None,
) -> Player:
    """``"rule"``/``"rule-of-thumb"``, ``"random"`` or ``"pimc"``: the command line's names.

    ``worlds`` and ``solve_from_tricks`` set the Monte Carlo player's effort
    (:class:`~.pimc.PIMCPlayer`; its defaults when ``None``) and are ignored for the others.
    """
    if name in ("rule", "rule-of-thumb"):
        return RuleOfThumbPlayer()
    if name == "random":
        return RandomPlayer()
    if name == "pimc":
        from .pimc import DEFAULT_WORLDS, PIMCPlayer  # the solver loads only when asked for

        return PIMCPlayer(
            worlds=DEFAULT_WORLDS if worlds is None else worlds,
            solve_from_tricks=solve_from_tricks,
        )
    raise ValueError(f"no player {name!r}: choose 'rule', 'random' or 'pimc'")


def lineup(ac: Player, bd: Player, players: int = 4) -> dict[Seat, Player]:
    """Team AC's seats get ``ac``, team BD's get ``bd``."""
    return {s: ac if team_of(s) == "AC" else bd for s in seats(players)}


# -- dealing ----------------------------------------------------------------------------------
def deal_hands(rng: random.Random, rules: Rules, dealer: Seat) -> dict[Seat, frozenset[Card]]:
    """Shuffle and deal anticlockwise from the player to the dealer's right, in packets of
    5 then 4 as at the table (docs/rules.md). The packets do not change the odds; they keep the
    cards each seat gets from a given shuffle the ones a real dealer would give."""
    cards = list(deck(rules.deck))
    rng.shuffle(cards)
    table = seats(rules.players)
    n = rules.tricks_per_deal
    order = [next_seat(dealer, rules.players, k) for k in range(1, rules.players + 1)]
    hands: dict[Seat, list[Card]] = {s: [] for s in table}
    i = 0
    while i < len(cards):
        for s in order:
            take = min(n - len(hands[s]), 5 if not hands[s] else 4)
            hands[s].extend(cards[i : i + take])
            i += take
    return {s: frozenset(h) for s, h in hands.items()}


def deal_setup(rng: random.Random, rules: Rules, dealer: Seat) -> tuple[DealSetup, dict[str, str]]:
    """Deal and choose the trump as ``rules.trump_method`` says: the set-up and the tags
    that state the trump (``Trump``, ``TrumpCard``).

    Drawn: the player to the dealer's right draws a card of its hand at random and shows
    it. FaceUp: a card of the deck is turned face up. Closed: that player lays down the
    lowest card of its longest suit (:func:`~.players.choose_closed_trump`). Cut and None:
    nothing before the play.
    """
    hands = deal_hands(rng, rules, dealer)
    chooser = rules.trump_chooser(dealer)  # draws or sets aside the trump
    leader = rules.first_lead(dealer)
    tags: dict[str, str] = {}
    method = rules.trump_method
    trump: Suit | None = None
    trump_card: Card | None = None
    holder: Seat | None = None
    if method in (TrumpMethod.DRAWN, TrumpMethod.FACE_UP):
        if method is TrumpMethod.DRAWN:
            trump_card = rng.choice(sorted(hands[chooser]))
        else:
            trump_card = rng.choice(sorted(deck(rules.deck)))
        trump = trump_card.suit
        tags["Trump"] = trump.letter
        tags["TrumpCard"] = str(trump_card)
    elif method is TrumpMethod.CLOSED:
        trump_card = choose_closed_trump(hands[chooser])
        holder = chooser
        tags["TrumpCard"] = f"{chooser}:{trump_card}"
    setup = DealSetup(rules, hands, leader, dealer, trump, trump_card, holder)
    return setup, tags


# -- one deal ---------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SimulatedDeal:
    """A played deal: its record, its result, and whether the winners took all four aces
    (the ``bonus-aces`` point)."""

    record: DealRecord
    result: DealResult
    all_aces: bool


def simulate_deal(
    rng: random.Random,
    rules: Rules,
    dealer: Seat,
    players: Lineup,
    *,
    play_rng: random.Random | None = None,
    tags: Mapping[str, str] | None = None,
) -> DealRecord:
    """Deal with ``rng``, play the deal out with ``players`` (their random choices from
    ``play_rng``, by default ``rng`` too) and return the complete record.

    ``tags`` go first in the record (``Event``, ``Match``, ``Deal``…; ``Site`` defaults to
    ``simulated``). Every card goes through the engine, so an illegal choice raises
    :class:`~mendikot_replay.core.engine.IllegalPlay` rather than make a bad record.
    """
    return play_deal(rng, rules, dealer, players, play_rng=play_rng, tags=tags).record


def play_deal(
    rng: random.Random,
    rules: Rules,
    dealer: Seat,
    players: Lineup,
    *,
    play_rng: random.Random | None = None,
    tags: Mapping[str, str] | None = None,
) -> SimulatedDeal:
    """:func:`simulate_deal` with the result at hand: a benchmark plays the same deal (same
    ``rng`` state, same dealer) with different players and compares the results pair by
    pair."""
    return _play_deal(rng, rules, dealer, players, play_rng or rng, tags or {})


def _play_deal(
    rng: random.Random,
    rules: Rules,
    dealer: Seat,
    players: Lineup,
    play_rng: random.Random,
    extra: Mapping[str, str],
) -> SimulatedDeal:
    setup, trump_tags = deal_setup(rng, rules, dealer)
    game = Game(setup, check_deal=False)  # dealt here: the deal is fair by construction
    memory = Memory(game)
    see = memory.see
    play = game.play
    choosers = {s: players[s].choose for s in game.seats}
    record = DealRecord()
    parent: PlayNode | None = None
    siblings = record.variations
    bonus = rules.bonus_aces
    ace_tricks: dict[Card, int] = {}
    trick_team: dict[int, str] = {}
    pending: list[int] = []
    while not game.finished:
        seat = game.to_play
        assert seat is not None
        card, ask = choosers[seat](SeatView(game, memory, seat), play_rng)
        leader = game.leader
        event = play(card, ask_reveal=ask)
        see(event)
        # What the checker would fill in, so the writer needs no replay.
        node = PlayNode(card, parent, reveal_request=ask)
        node.seat, node.trick, node.position, node.leader = (
            seat,
            event.trick,
            event.position,
            leader,
        )
        if not event.position:
            node.marker = (event.trick, seat)
        siblings.append(node)
        parent, siblings = node, node.variations
        if bonus:
            if card.rank == 14:
                ace_tricks[event.card] = event.trick
            if event.collected is not None and event.trick_winner is not None:
                # Aces go with the trick they fell to; under Dehla, with the pile that held it.
                pending.append(event.trick)
                if event.collected[0]:
                    for t in pending:
                        trick_team[t] = team_of(event.trick_winner)
                    pending = []
    counts = game.counts
    tens = (counts.tens[0], counts.tens[1])
    tricks = (counts.tricks[0], counts.tricks[1])
    result = game.result()
    all_aces = (
        bonus
        and result.winner is not None
        and all(
            trick_team.get(ace_tricks.get(a, 0)) == result.winner
            for a in deck(game.rules.deck)
            if a.rank == 14
        )
    )
    names = {s: getattr(players[s], "name", type(players[s]).__name__) for s in game.seats}
    record.tags = {
        "Event": "Simulated deals",
        "Site": "simulated",
        **extra,
        **names,
        **rule_tags(rules),
        "Dealer": dealer,
        **trump_tags,
        "Hands": format_hands(setup.hands),
        "Result": result.tag,
        "Tens": f"{tens[0]}-{tens[1]}",
        "Tricks": f"{tricks[0]}-{tricks[1]}",
        "Play": setup.first_leader,
    }
    record.setup = setup
    return SimulatedDeal(record, result, all_aces)


# -- matches ----------------------------------------------------------------------------------
def simulate_match(
    rng: random.Random,
    rules: Rules,
    players: Lineup,
    *,
    name: str = "sim",
    dealer: Seat | None = None,
    target: int = DEFAULT_TARGET,
    max_deals: int | None = None,
    play_rng: random.Random | None = None,
) -> Iterator[DealRecord]:
    """The deals of one match, until a team reaches ``target`` points (``rules.scoring``;
    plain by default: a point a deal) or after ``max_deals``, every deal shuffled from
    ``rng`` (and played from ``play_rng``, by default ``rng`` too). The first dealer is drawn
    (a random seat) unless given; then the dealer rotates by the rules."""
    if dealer is None:
        dealer = rng.choice(seats(rules.players))
    streams = itertools.repeat((rng, play_rng or rng))
    for deal in _match(streams, rules, players, name, dealer, target, max_deals):
        yield deal.record


def _match(
    streams: Iterator[tuple[random.Random, random.Random]],
    rules: Rules,
    players: Lineup,
    name: str,
    dealer: Seat,
    target: int,
    max_deals: int | None,
) -> Iterator[SimulatedDeal]:
    """The deals of one match, each dealt and played from the next pair of ``streams``
    (the shuffle's, the players'). Each record says the match's ``Target``, so that a
    reader's register knows when the match ended."""
    rules = dataclasses.replace(rules, target=target)
    register = MatchRegister.for_rules(rules)
    number = 0
    while not register.finished and (max_deals is None or number < max_deals):
        number += 1
        tags = {"Match": name, "Deal": str(number)}
        shuffle, choices = next(streams)
        deal = _play_deal(shuffle, rules, dealer, players, choices, tags)
        register.add(deal.result, all_aces=deal.all_aces)
        yield deal
        dealer = rules.next_dealer(dealer, deal.result)


def seeded_match(
    seed: int | str,
    k: int,
    rules: Rules,
    players: Lineup,
    *,
    target: int = DEFAULT_TARGET,
    max_deals: int | None = None,
) -> Iterator[SimulatedDeal]:
    """Match ``k`` (from 1) of the run seeded ``seed``, named ``sim-SEED-K``: its first
    dealer, and each deal's shuffle and play, come from streams named by ``seed``, ``k``
    and the deal's number in the match, and from nothing else. So the match is the same
    whichever process plays it, and whatever was played before it; and the same cards
    are shuffled for its deal ``j`` whoever plays (only who deals them follows the play).

    >>> from mendikot_replay.core.rules import Rules
    >>> table = lineup(RuleOfThumbPlayer(), RuleOfThumbPlayer())
    >>> third = [d.record for d in seeded_match(7, 3, Rules(), table)]
    >>> alone = [d.record for d in simulate_deals(100, 7) if d.record.tags["Match"] == "sim-7-3"]
    >>> [r.tags["Hands"] for r in third] == [r.tags["Hands"] for r in alone]
    True
    """
    first = random.Random(f"mendikot-match-{seed}-{k}").choice(seats(rules.players))
    streams = (
        (
            random.Random(f"mendikot-deal-{seed}-{k}-{j}"),
            random.Random(f"mendikot-play-{seed}-{k}-{j}"),
        )
        for j in itertools.count(1)
    )
    yield from _match(streams, rules, players, match_name(seed, k), first, target, max_deals)


def match_name(seed: int | str, k: int) -> str:
    """The ``Match`` tag of match ``k`` of the run seeded ``seed``: ``sim-SEED-K``."""
    return f"sim-{seed}-{k}"


def seated(rules: Rules, players: Lineup | tuple[Player, Player] | None) -> Lineup:
    """The table of a run: a seat → player mapping as given, a pair seated by team (team
    AC's player, team BD's), or the rule of thumb everywhere; every seat filled."""
    if players is None:
        table: Lineup = lineup(RuleOfThumbPlayer(), RuleOfThumbPlayer(), rules.players)
    elif isinstance(players, tuple):
        table = lineup(players[0], players[1], rules.players)
    else:
        table = players
    missing = set(seats(rules.players)) - set(table)
    if missing:
        raise ValueError(f"no player for seat(s) {', '.join(sorted(missing))}")
    return table


def simulate(
    n_deals: int,
    seed: int | str = 0,
    rules: Rules | None = None,
    players: Lineup | tuple[Player, Player] | None = None,
    match_target: int | None = None,
) -> Iterator[DealRecord]:
    """``n_deals`` simulated deals (lazily, one at a time), grouped into matches named
    ``sim-SEED-K``: each match runs until a team reaches ``match_target`` points (default
    :data:`DEFAULT_TARGET`) and the last one is cut off after ``n_deals`` deals.

    ``players`` is a seat → player mapping or a pair (team AC's player, team BD's); by
    default everyone plays the rule of thumb. The same seed gives the same deals, each
    match those of :func:`seeded_match`; other players get the same cards for each match's
    deal ``j``.
    """
    for deal in simulate_deals(n_deals, seed, rules, players, match_target):
        yield deal.record


def simulate_deals(
    n_deals: int,
    seed: int | str = 0,
    rules: Rules | None = None,
    players: Lineup | tuple[Player, Player] | None = None,
    match_target: int | None = None,
) -> Iterator[SimulatedDeal]:
    """:func:`simulate` with each deal's result at hand (for statistics without re-reading
    the tags): the matches of :func:`seeded_match` one after another, the last cut off."""
    rules = rules or Rules()
    table = seated(rules, players)
    target = DEFAULT_TARGET if match_target is None else match_target
    made = 0
    for k in itertools.count(1):
        if made >= n_deals:
            return
        for deal in seeded_match(seed, k, rules, table, target=target, max_deals=n_deals - made):
            made += 1
            yield deal
