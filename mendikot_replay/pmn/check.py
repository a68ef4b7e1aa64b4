"""Replaying a record and checking it against the rules.

The reader turns text into a :class:`~mendikot_replay.pmn.record.DealRecord`; this module plays
the record's cards through the engine and reports, at the card's place in the file, every
card the rules forbid, every trick marker with the wrong leader, and every redundant tag
(``Result``, ``Tens``, ``Tricks``, ``Trump`` of a cut deal) that disagrees with the play. It
warns about a play that stops before its last trick without saying it is unfinished, and it
reports one problem once: past a trick the reader found short of a card (or with a word in
a card's place), the replay stops rather than report what only follows from it.
It also fills in each node's seat, trick and position, which the writer and the views use.

:class:`MatchTracker` follows the deals of a match through a file (dealer rotation, the
register), keeping only one small entry per match so that a file streams in flat memory.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..core.cards import Card, Suit
from ..core.deal_setup import DealSetup, SetupError
from ..core.engine import Game, IllegalPlay
from ..core.match import MatchRegister
from ..core.result import DealResult, parse_result_tag
from ..core.rules import Rules, Scoring, TrumpMethod
from ..core.seats import ALL_SEATS, Seat, team_of
from ..core.timeline import Timeline
from .record import DealRecord, PlayNode, Problem
from .visit import SKIP, PlayVisitor, Skip, walk

_COUNT = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


def check_record(record: DealRecord) -> Timeline | None:
    """Replay ``record`` (main line and variations), report problems into it, and keep the
    main line's timeline in ``record.timeline``. Returns the timeline (``None`` when the
    tags did not give a playable set-up)."""
    setup = record.setup
    if setup is None:
        record.timeline = None
        return None
    # Errors already there are the reader's: when one of them put the play out of step with
    # its tricks (a card left out, a word in a card's place), the reader has said so, and
    # everything the replay would find from there on follows only from it.
    read_errors = bool(record.errors)
    mainline = record.mainline()
    start = setup.start
    table = len(start.table) if start is not None else 0
    players = setup.rules.players
    cards: list[Card] = []
    flagged = False
    stop_at: int | None = None
    step: _OutOfStep | None = None
    for i, node in enumerate(mainline):
        if node.card is None:
            stop_at = i
            break
        step = _out_of_step(node, i, table, players)
        if step is not None:
            break
        cards.append(node.card)
        flagged = flagged or node.reveal_request or node.revoke
    if step is not None:
        del cards[step.cut :]
    flags = [(n.reveal_request, n.revoke) for n in mainline[: len(cards)]] if flagged else None
    timeline = Timeline.replay(setup, cards, flags)
    record.timeline = timeline
    if timeline.error is not None and timeline.error_ply == 0 and not len(timeline):
        line, col = _tag_place(record, "Hands")
        record.error(f"Hands: {timeline.error}", line, col)
        return timeline
    out_of_step = False
    if step is not None and timeline.error is None:
        # The replay stops at the start of the trick that the markers show to be wrong.
        out_of_step = True
        timeline.error, timeline.error_ply = _step_message(step, setup), step.cut
        if not read_errors:  # a record made by a program: nobody has said it yet
            record.error(timeline.error, step.node.line, step.node.col)
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
        if not out_of_step:
            _report_illegal(record, timeline, mainline[timeline.error_ply], setup)
    elif stop_at is not None:
        node = mainline[stop_at]
        record.warn(
            f"trick {_trick_at(timeline)}: an unknown card (--) cannot be replayed; the "
            "replay stops here",
            node.line,
            node.col,
        )
    else:
        _check_played_out(record, timeline, mainline)
    _check_variations(record, mainline, read_errors)
    _check_tags(record, timeline)
    return timeline


@dataclass(frozen=True, slots=True)
class _OutOfStep:
    """A trick marker that stands inside a trick of the replay: the cards before it are
    not one from each player per trick (a card left out, one too many, a word the reader
    could not take for a card)."""

    node: PlayNode
    """The card that carries the marker."""
    position: int
    """Its place in the replay's trick (never 0)."""
    cut: int
    """The main-line index where that trick starts: the replay stops there."""


def _out_of_step(node: PlayNode, index: int, table: int, players: int) -> _OutOfStep | None:
    """Whether the ``index``-th card of a line (after ``table`` cards already on the table
    in its first trick) carries a marker that is not at the start of a trick.

    Every card takes one place, so the place is known before the replay: the replay can
    stop at the start of the trick that does not fit, rather than play cards whose players
    are all one seat off (each an error that only follows from the first)."""
    if node.marker is None:
        return None
    position = (table + index) % players
    if position == 0:
        return None
    return _OutOfStep(node, position, max(index - position, 0))


def _step_message(step: _OutOfStep, setup: DealSetup) -> str:
    first = setup.start.trick if setup.start is not None else 1
    table = len(setup.start.table) if setup.start is not None else 0
    trick = first + (table + step.cut) // setup.rules.players
    assert step.node.marker is not None
    number, seat = step.node.marker
    return (
        f"trick {trick} does not have one card from each player: trick marker {number}. "
        f"{seat}: comes after {step.position} of its cards"
    )


def _report_illegal(
    record: DealRecord, timeline: Timeline, node: PlayNode, setup: DealSetup
) -> None:
    """Report the card the replay stopped at, with the cause a player would look for."""
    final = timeline.final
    seat = final.to_play if final is not None else None
    ply = timeline.error_ply or 0
    table = len(setup.start.table) if setup.start is not None else 0
    leads = (table + ply) % setup.rules.players == 0
    marker = node.marker
    if final is not None and seat is not None and leads and marker and marker[1] != seat:
        # The card fails because the line names the wrong leader: say that, not the
        # consequence (the "leader" does not hold the card the winner led).
        previous = final.trick if final.trick_winner is not None else final.trick - 1
        record.error(_leader_message(marker[1], seat, previous, setup), node.line, node.col)
        return
    if (
        final is not None
        and seat is not None
        and leads
        and node.reveal_request
        and node.card is not None
        and final.trump.status == "hidden"
    ):
        message = _lead_ask_message(_trick_at(timeline), seat, node.card)
        record.error(message, node.line, node.col)
        return
    record.error(timeline.error or "the replay stops here", node.line, node.col)


def _lead_ask_message(trick: int, seat: Seat, card: Card) -> str:
    """``^T`` on a card that leads a trick: nobody can be void in a suit not yet led, so
    the engine's reasons (who may ask, when the card turns up) miss the point."""
    return (
        f"trick {trick}: {seat} leads {card} with ^T, but the leader cannot ask: no suit "
        "has been led yet"
    )


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


def _check_played_out(record: DealRecord, timeline: Timeline, mainline: list[PlayNode]) -> None:
    """Warn about a play that stops before the last trick without saying it is unfinished.

    Such a record is legal PMN (an unfinished deal), but far more often a card or a trick
    was left out when it was typed, and nothing else would say so: every card there is
    legal. ``*`` or ``Result "*"`` marks a deal unfinished on purpose; a ``Result`` with a
    result already gets its error, and one agreed at the table (``^``) says the play does
    not give it (a claim, say). A record with no card at all is a set-up to play from, or a
    position set as a question (FORMAT.md's example), not a deal cut short.
    """
    if timeline.result is not None or not mainline or not timeline.events or record.unfinished:
        return
    value = record.tags.get("Result")
    if value is not None and (value.strip().startswith("^") or parse_result_tag(value)):
        return
    setup = timeline.setup
    players = setup.rules.players
    last = timeline.events[-1]
    card = last.position + 1
    where = f"trick {last.trick}" if card == players else f"trick {last.trick}, card {card}"
    played = len(timeline.events)
    if setup.start is None:
        count = f"{played} of {setup.rules.tricks_per_deal * players} cards"
    else:
        tricks = setup.rules.tricks_per_deal - setup.start.trick + 1
        total = tricks * players - len(setup.start.table)
        count = f"{played} of the {total} cards to play from the Start position"
    node = mainline[len(timeline.events) - 1]
    record.warn(
        f'the play stops after {where} ({count}): mark an unfinished deal with * or Result "*"',
        node.line,
        node.col,
    )


def _tag_place(record: DealRecord, tag: str) -> tuple[int | None, int | None]:
    place = record.tag_places.get(tag)
    if place is None:
        return record.line, None
    return place[0], place[1]


def _check_variations(record: DealRecord, mainline: list[PlayNode], read_errors: bool) -> None:
    """Replay every variation from the position before the card it replaces.

    The main line is replayed again only when it has variations: most records have none,
    and the timeline already checked the main line itself."""
    if len(record.variations) < 2 and all(len(n.variations) < 2 for n in mainline):
        return
    game = setup_game(record)
    if game is not None:
        walk(record, _VariationCheck(record, game, quiet=read_errors))


class _Replay:
    """One line being replayed: its game, how many of its cards were seen, where its
    markers first go out of step, and the game before its last card (kept only when that
    card has variations, which start from it)."""

    def __init__(self, game: Game, *, in_variation: bool) -> None:
        self.game = game
        self.in_variation = in_variation
        self.seen = 0
        self.step: _OutOfStep | None = None
        self.before: Game | None = None


class _VariationCheck(PlayVisitor[None]):
    """The checker's walk of the play tree: each line played on a game of its own (a
    variation from a copy of the game before the card it replaces), its cards given their
    seat, trick and place, and its errors reported (``quiet``: the reader has already said
    why a line goes out of step). Like the main line, a line stops at a card that cannot be
    played, and at the start of a trick that its markers show to be out of step."""

    def __init__(self, record: DealRecord, game: Game, *, quiet: bool) -> None:
        self.record = record
        self.quiet = quiet
        self.lines = [_Replay(game, in_variation=False)]

    def visit_card(self, node: PlayNode, line: Sequence[PlayNode]) -> Skip | None:
        here, record = self.lines[-1], self.record
        game = here.game
        k = here.seen
        here.seen += 1
        if k == 0:
            chain = [node]
            while chain[-1].variations:
                chain.append(chain[-1].variations[0])
            start, players = len(game.table), game.rules.players
            here.step = next(
                (s for i, n in enumerate(chain) if (s := _out_of_step(n, i, start, players))),
                None,
            )
        siblings = node.parent.variations if node.parent is not None else record.variations
        here.before = game.copy() if len(siblings) > 1 and siblings[0] is node else None
        step = here.step
        if step is not None and k == step.cut:
            if here.in_variation and not self.quiet:
                record.error(
                    f"in a variation: trick {game.trick} does not have one card from each "
                    f"player: the next trick marker comes after {step.position} of its cards",
                    step.node.line,
                    step.node.col,
                )
            return SKIP
        if node.card is None:
            return SKIP
        trick, leader, position = game.trick, game.leader, len(game.table)
        try:
            event = game.play(node.card, ask_reveal=node.reveal_request, revoke=node.revoke)
        except IllegalPlay as exc:
            if here.in_variation:
                message = str(exc)
                if node.reveal_request and position == 0 and game.hidden_card is not None:
                    message = _lead_ask_message(trick, game.to_play or "?", node.card)
                record.error(f"in a variation: {message}", node.line, node.col)
            return SKIP
        if here.in_variation:
            node.seat, node.trick, node.position = event.seat, trick, position
            node.leader = leader if position else event.seat
            if node.marker is not None and position == 0 and node.marker[1] != event.seat:
                record.error(
                    f"in a variation: trick {trick}: the line says {node.marker[1]} leads, "
                    f"but {event.seat} does",
                    node.line,
                    node.col,
                )
        return None

    def begin_variation(self, first: PlayNode, before: Sequence[PlayNode]) -> None:
        start = self.lines[-1].before
        assert start is not None  # kept by visit_card: the card just seen has variations
        self.lines.append(_Replay(start.copy(), in_variation=True))

    def end_variation(self) -> None:
        self.lines.pop()

    def result(self) -> None:
        return None


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
    """Whether the deal's winners captured all the aces (the ``bonus-aces`` house rule):
    four, or eight with two packs."""
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
        if event.card.rank == 14:
            taken[event.card] = team_of_trick.get(event.trick, "")
    return len(taken) == 4 * timeline.setup.rules.packs and all(
        team == result.winner for team in taken.values()
    )


def _seat_tag(value: str | None) -> Seat | None:
    text = (value or "").strip().upper()
    return text if len(text) == 1 and text in ALL_SEATS else None


@dataclass
class _MatchState:
    dealer: Seat | None
    result: DealResult | None
    rules: Rules
    """The rules of the match's deals (its first deal's; the rotation's flags with them)."""
    index: int | None
    register: MatchRegister = field(default_factory=MatchRegister)


@dataclass(frozen=True, slots=True)
class MatchDeal:
    """What following a match needs of one of its deals, and nothing more.

    Small, so that it travels: a cluster's worker reads and checks a chunk of a file, while a
    match runs through the whole file, so the process that reads the file in order follows
    the matches from these (:meth:`MatchTracker.follow`) and gets the very warnings and
    registers one process reading the file gets.
    """

    match: str
    index: int | None
    dealer: Seat | None
    """The deal's dealer (from its ``Dealer`` tag when the set-up could not be made)."""
    result: DealResult | None
    rules: Rules | None
    """``None`` when the tags gave no playable set-up."""
    all_aces: bool
    """The winners took all four aces under the ``bonus-aces`` rule."""
    dealer_at: tuple[int | None, int | None]
    """Where the ``Dealer`` tag is, for the warning."""

    def __reduce__(self) -> tuple[object, ...]:
        # Sent from a worker to the client; compiled by mypyc, a frozen dataclass does not
        # unpickle by itself.
        fields = (self.match, self.index, self.dealer, self.result, self.rules, self.all_aces)
        return (MatchDeal, (*fields, self.dealer_at))

    @classmethod
    def of(cls, record: DealRecord) -> MatchDeal | None:
        """What ``record`` (checked) says of its match; ``None`` for a deal in no match, or
        a position (a ``Start`` tag: not a deal of the match's rotation)."""
        name = record.tags.get("Match")
        if name is None or "Start" in record.tags:
            return None
        setup = record.setup
        # The Dealer tag is read even when the deal has other problems: a wrong dealer is
        # often why its first lead is wrong too, and the warning says so.
        dealer = setup.dealer if setup is not None else _seat_tag(record.tags.get("Dealer"))
        timeline = record.timeline
        result = timeline.result if timeline is not None else None
        all_aces = (
            setup is not None
            and timeline is not None
            and result is not None
            and setup.rules.bonus_aces
            and winners_took_all_aces(timeline)
        )
        rules = setup.rules if setup is not None else None
        return cls(
            name, record.index, dealer, result, rules, all_aces, _tag_place(record, "Dealer")
        )


class MatchTracker:
    """Follows matches (deals sharing a ``Match`` tag, in file order) through a file.

    Feed it every record in order; it warns when a deal's ``Dealer`` is not the one the
    rules give after the match's previous deal (a warning: the deal itself is fine), and it
    keeps each match's register.
    """

    def __init__(self) -> None:
        self.matches: dict[str, _MatchState] = {}

    def feed(self, record: DealRecord) -> None:
        deal = MatchDeal.of(record)
        if deal is None:
            return
        warning = self.follow(deal)
        if warning is not None:
            record.warnings.append(warning)

    def follow(self, deal: MatchDeal) -> Problem | None:
        """Take the next deal of its match; the warning it gets, if any (:meth:`feed` adds
        it to the record, which is the usual way)."""
        name, dealer, result = deal.match, deal.dealer, deal.result
        state = self.matches.get(name)
        warning: Problem | None = None
        if state is not None and state.dealer is not None and state.result is not None:
            expected = state.rules.next_dealer(state.dealer, state.result)
            if dealer is not None and dealer != expected:
                line, col = deal.dealer_at
                warning = Problem(
                    f"Dealer is {dealer}, but after the previous deal of match "
                    f"{name!r} ({state.result.tag}, dealt by {state.dealer}) the rules give "
                    f"{expected}",
                    line,
                    col,
                    deal.index,
                    "warning",
                )
        rules = deal.rules
        if rules is None:
            if state is not None:  # the next deal cannot be compared with this one
                state.dealer, state.result, state.index = dealer, None, deal.index
            return warning
        if state is None:
            state = _MatchState(dealer, result, rules, deal.index)
            state.register = MatchRegister.for_rules(rules)
            self.matches[name] = state
        state.dealer, state.result, state.index = dealer, result, deal.index
        if result is not None:
            state.register.add(result, all_aces=deal.all_aces)
        return warning

    def register(self, name: str) -> MatchRegister | None:
        state = self.matches.get(name)
        return state.register if state else None


class MatchNotes:
    """Takes the place of a :class:`MatchTracker` where a reader sees only part of a file
    (a chunk on a cluster's worker): it follows no match, but keeps what each deal read says
    of its match (:class:`MatchDeal`) for the process that follows the matches through the
    whole file. A tracker of the chunk's own would warn of a dealer out of turn, and count
    registers, from the middle of a match."""

    def __init__(self) -> None:
        self.deals: dict[int, MatchDeal] = {}

    def feed(self, record: DealRecord) -> None:
        deal = MatchDeal.of(record)
        if deal is not None and record.index is not None:
            self.deals[record.index] = deal

    def take(self, index: int | None) -> MatchDeal | None:
        """What deal ``index`` said of its match (once), or ``None``."""
        return self.deals.pop(index, None) if index is not None else None


__all__ = [
    "MatchDeal",
    "MatchNotes",
    "MatchTracker",
    "Scoring",
    "check_record",
    "winners_took_all_aces",
]
