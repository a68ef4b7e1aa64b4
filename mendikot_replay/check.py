"""Replaying a record and checking it against the rules.

The reader turns text into a :class:`~mendikot_replay.record.DealRecord`; this module plays
the record's cards through the engine and reports, at the card's place in the file, every
card the rules forbid, every trick marker with the wrong leader, and every redundant tag
(``Result``, ``Tens``, ``Tricks``, ``Trump`` of a cut deal) that disagrees with the play.
It also fills in each node's seat, trick and position, which the writer and the views use.

:class:`MatchTracker` follows the deals of a match through a file (dealer rotation, the
register), keeping only one small entry per match so that a file streams in flat memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .cards import ACES, Card, Suit
from .engine import DealSetup, Game, IllegalPlay, SetupError
from .match import MatchRegister
from .record import DealRecord, PlayNode
from .result import DealResult, next_dealer, parse_result_tag
from .rules import Scoring, TrumpMethod
from .seats import Seat, team_of
from .timeline import Timeline

_COUNT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


def check_record(record: DealRecord) -> Timeline | None:
    """Replay ``record`` (main line and variations), report problems into it, and keep the
    main line's timeline in ``record.timeline``. Returns the timeline (``None`` when the
    tags did not give a playable set-up)."""
    setup = record.setup
    if setup is None:
        record.timeline = None
        return None
    mainline = record.mainline()
    cards: list[Card] = []
    flagged = False
    stop_at: int | None = None
    for i, node in enumerate(mainline):
        if node.card is None:
            stop_at = i
            break
        cards.append(node.card)
        flagged = flagged or node.reveal_request or node.revoke
    flags = [(n.reveal_request, n.revoke) for n in mainline[: len(cards)]] if flagged else None
    timeline = Timeline.replay(setup, cards, flags)
    record.timeline = timeline
    if timeline.error is not None and timeline.error_ply == 0 and not len(timeline):
        line, col = _tag_place(record, "Hands")
        record.error(f"Hands: {timeline.error}", line, col)
        return timeline
    leader = setup.first_leader
    for event, node in zip(timeline.events, mainline, strict=False):
        if event.position == 0:
            leader = event.seat
        node.seat, node.trick, node.position = event.seat, event.trick, event.position
        node.leader = leader
        if node.marker is not None and event.position == 0 and node.marker[1] != event.seat:
            record.error(
                _leader_message(node.marker[1], event.seat, event.trick - 1, setup),
                node.line,
                node.col,
            )
        if event.revoke:
            record.warn(
                f"trick {event.trick}: {event.seat} revokes with {event.card} (recorded with "
                "^R); at the table the trick is restored, or the deal redealt",
                node.line,
                node.col,
            )
    if timeline.error is not None and timeline.error_ply is not None:
        node = mainline[timeline.error_ply]
        final = timeline.final
        to_lead = final.to_play if final is not None else None
        if (
            node.marker is not None
            and final is not None
            and (final.trick_winner is not None or final.ply == 0)
            and to_lead is not None
            and node.marker[1] != to_lead
        ):
            # The card fails because the line names the wrong leader: say that, not the
            # consequence (the "leader" does not hold the card the winner led).
            previous = final.trick if final.trick_winner is not None else final.trick - 1
            record.error(
                _leader_message(node.marker[1], to_lead, previous, setup), node.line, node.col
            )
        else:
            record.error(timeline.error, node.line, node.col)
    elif stop_at is not None:
        node = mainline[stop_at]
        record.warn(
            f"trick {_trick_at(timeline)}: an unknown card (--) cannot be replayed; the "
            "replay stops here",
            node.line,
            node.col,
        )
    _check_variations(record, mainline)
    _check_tags(record, timeline)
    return timeline


def _leader_message(written: Seat, leader: Seat, previous: int, setup: DealSetup) -> str:
    """A trick marker that names the wrong leader: who really leads, and why."""
    first = setup.start.trick if setup.start else 1
    why = f"{leader} won trick {previous}" if previous >= first else f"{leader} leads first"
    return f"trick {previous + 1}: the line says {written} leads, but {why}"


def setup_game(record: DealRecord) -> Game | None:
    """A fresh engine for the record's set-up, or ``None`` when it cannot be played."""
    if record.setup is None:
        return None
    try:
        return Game(record.setup)
    except SetupError:
        return None


def _trick_at(timeline: Timeline) -> int:
    final = timeline.final
    if final is None:
        return 1
    return final.trick + 1 if final.trick_winner is not None else final.trick


def _tag_place(record: DealRecord, tag: str) -> tuple[int | None, int | None]:
    place = record.tag_places.get(tag)
    if place is None:
        return record.line, None
    return place[0], place[1]


def _check_variations(record: DealRecord, mainline: list[PlayNode]) -> None:
    """Replay every variation from the position before the card it replaces.

    The main line is replayed again only when it has variations: most records have none,
    and the timeline already checked the main line itself."""
    if len(record.variations) < 2 and all(len(n.variations) < 2 for n in mainline):
        return
    game = setup_game(record)
    if game is not None:
        _walk_line(record, record.variations, game, in_variation=False)


def _walk_line(
    record: DealRecord, siblings: list[PlayNode], game: Game, *, in_variation: bool
) -> None:
    """Play the line that starts with ``siblings[0]``, checking ``siblings[1:]`` (the
    alternatives to its first card) and, recursively, every variation further on."""
    while siblings:
        node = siblings[0]
        for alternative in siblings[1:]:
            _walk_line(record, [alternative], game.copy(), in_variation=True)
        if node.card is None:
            return
        trick, leader, position = game.trick, game.leader, len(game.table)
        try:
            event = game.play(node.card, ask_reveal=node.reveal_request, revoke=node.revoke)
        except IllegalPlay as exc:
            if in_variation:
                record.error(f"in a variation: {exc}", node.line, node.col)
            return
        if in_variation:
            node.seat, node.trick, node.position = event.seat, trick, position
            node.leader = leader if position else event.seat
            if node.marker is not None and position == 0 and node.marker[1] != event.seat:
                record.error(
                    f"in a variation: trick {trick}: the line says {node.marker[1]} leads, "
                    f"but {event.seat} does",
                    node.line,
                    node.col,
                )
        siblings = node.variations


def _check_tags(record: DealRecord, timeline: Timeline) -> None:
    setup = record.setup
    assert setup is not None
    result = timeline.result
    final = timeline.final
    tags = record.tags
    total = setup.rules.tricks_per_deal
    if "Result" in tags and not tags["Result"].startswith("^"):
        line, col = _tag_place(record, "Result")
        claimed = parse_result_tag(tags["Result"])
        if claimed is None:
            record.error(
                f"Result: {tags['Result']!r} is not a result (write like 'AC win', "
                "'BD mendikot', 'AC whitewash', 'tie' or '*')",
                line,
                col,
            )
        elif claimed == (None, None):
            if result is not None:
                record.error(
                    f"Result says * (unfinished), but the play is complete and gives {result.tag}",
                    line,
                    col,
                )
        elif result is None:
            if timeline.error is None:
                played = (final.trick - (0 if final.trick_winner else 1)) if final else 0
                record.error(
                    f"Result says {tags['Result']}, but the play stops after {played} of "
                    f"{total} tricks",
                    line,
                    col,
                )
        elif claimed != (result.winner, result.kind):
            record.error(f"Result says {tags['Result']}, play gives {result.tag}", line, col)
    if result is not None:
        for tag, value in (("Tens", result.tens), ("Tricks", result.tricks)):
            _check_count(record, tag, value)
    trump_tag = tags.get("Trump", "")
    rules = setup.rules
    if (
        rules.trump_method is TrumpMethod.CUT
        and setup.trump is None
        and trump_tag
        and final is not None
        and timeline.error is None
    ):
        line, col = _tag_place(record, "Trump")
        named = final.trump.suit
        try:
            claimed_suit: Suit | None = Suit.parse(trump_tag)
        except ValueError:
            claimed_suit = None  # the reader reports a malformed suit
        if claimed_suit is not None and named is not None and claimed_suit is not named:
            record.error(
                f"Trump says {claimed_suit.value}, but the first discard named {named.value}",
                line,
                col,
            )
        elif claimed_suit is not None and named is None and result is not None:
            record.error(
                f"Trump says {claimed_suit.value}, but nobody was void: no trump was named",
                line,
                col,
            )


def _check_count(record: DealRecord, tag: str, actual: tuple[int, int]) -> None:
    value = record.tags.get(tag)
    if value is None or value.startswith("^"):
        return
    line, col = _tag_place(record, tag)
    match = _COUNT.match(value)
    if not match:
        record.error(f"{tag}: {value!r} is not a count like '3-1'", line, col)
        return
    claimed = (int(match.group(1)), int(match.group(2)))
    if claimed != actual:
        record.error(
            f"{tag} says {claimed[0]}-{claimed[1]}, play gives {actual[0]}-{actual[1]}",
            line,
            col,
        )


def winners_took_all_aces(timeline: Timeline) -> bool:
    """Whether the deal's winners captured all four aces (the ``bonus-aces`` house rule)."""
    result = timeline.result
    if result is None or result.winner is None:
        return False
    taken: dict[Card, str] = {}
    # Aces go with the trick they were played to; under Dehla with the pile that held it.
    team_of_trick: dict[int, str] = {}
    pending: list[int] = []
    for event in timeline.events:
        if event.trick_winner is None or event.collected is None:
            continue
        pending.append(event.trick)
        if event.collected[0]:
            for trick in pending:
                team_of_trick[trick] = team_of(event.trick_winner)
            pending = []
    for event in timeline.events:
        if event.card in ACES:
            taken[event.card] = team_of_trick.get(event.trick, "")
    return len(taken) == 4 and all(team == result.winner for team in taken.values())


def _seat_tag(value: str | None) -> Seat | None:
    text = (value or "").strip().upper()
    return text if len(text) == 1 and text in "ABCDEFGH" else None


@dataclass
class _MatchState:
    dealer: Seat | None
    result: DealResult | None
    players: int
    index: int | None
    register: MatchRegister = field(default_factory=MatchRegister)


class MatchTracker:
    """Follows matches (deals sharing a ``Match`` tag, in file order) through a file.

    Feed it every record in order; it warns when a deal's ``Dealer`` is not the one the
    rules give after the match's previous deal (a warning: the deal itself is fine), and it
    keeps each match's register.
    """

    def __init__(self) -> None:
        self.matches: dict[str, _MatchState] = {}

    def feed(self, record: DealRecord) -> None:
        name = record.tags.get("Match")
        setup = record.setup
        if name is None or "Start" in record.tags:
            return
        # The Dealer tag is read even when the deal has other problems: a wrong dealer is
        # often why its first lead is wrong too, and the warning says so.
        dealer = setup.dealer if setup is not None else _seat_tag(record.tags.get("Dealer"))
        state = self.matches.get(name)
        timeline = record.timeline
        result = timeline.result if timeline is not None else None
        if state is not None and state.dealer is not None and state.result is not None:
            expected = next_dealer(state.dealer, state.result, state.players)
            if dealer is not None and dealer != expected:
                line, col = _tag_place(record, "Dealer")
                record.warn(
                    f"Dealer is {dealer}, but after the previous deal of match "
                    f"{name!r} ({state.result.tag}, dealt by {state.dealer}) the rules give "
                    f"{expected}",
                    line,
                    col,
                )
        if setup is None:
            if state is not None:  # the next deal cannot be compared with this one
                state.dealer, state.result, state.index = dealer, None, record.index
            return
        if state is None:
            state = _MatchState(dealer, result, setup.rules.players, record.index)
            state.register = MatchRegister(setup.rules.scoring, setup.rules.target)
            self.matches[name] = state
        state.dealer, state.result, state.index = dealer, result, record.index
        if result is not None and timeline is not None:
            bonus = setup.rules.bonus_aces and winners_took_all_aces(timeline)
            state.register.add(result, all_aces=bonus)

    def register(self, name: str) -> MatchRegister | None:
        state = self.matches.get(name)
        return state.register if state else None


__all__ = ["MatchTracker", "Scoring", "check_record", "winners_took_all_aces"]
