"""The deal a record's tags set up: the engine's :class:`~mendikot_replay.core.deal_setup.DealSetup`
built from the tags, every problem with them reported.

The grammar of each tag (what its value may say, how it is spelled canonically) is
:mod:`.tags`; this module is what the values mean together: the rules they state, the hands
and the trump they deal, and for a position (``Start``) where the deal stands. Problems are
reported through a callback instead of raised, because a reader must report *every* problem
of a deal at once, each pointing at the tag it is about.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.cards import Card, Suit, deck, free_copy, sort_cards, twin
from ..core.deal_setup import DealSetup, StartPosition
from ..core.rules import (
    VARIANT_FLAGS,
    Capture,
    Reveal,
    Rules,
    Scoring,
    TrumpMethod,
    deck_table_problem,
    flag_conflicts,
    flag_options,
    unknown_flag,
)
from ..core.seats import TABLE_SIZES, TABLE_SIZES_TEXT, Seat, next_seat, seats
from .tags import (
    METHOD_NAMES,
    ProblemCallback,
    StartTag,
    parse_hands,
    parse_int,
    parse_seat,
    parse_start,
    parse_suit,
    parse_trump_card,
    parse_variant,
    spelled,
)

__all__ = ["setup_from_tags"]


def _one_of(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


class _SetupBuilder:
    """One run of :func:`setup_from_tags`: reads the tags one by one, reporting every
    problem, and keeps going with a sensible default after each so later checks still run."""

    def __init__(
        self,
        tags: Mapping[str, str],
        table_cards: Sequence[Card | None],
        report: ProblemCallback,
    ) -> None:
        self.tags = tags
        self.table_cards = table_cards
        self._report = report
        self.failed = False

    def problem(self, message: str, where: str | int | None) -> None:
        self.failed = True
        self._report(message, where)

    def choice(self, name: str, names: Sequence[str], default: str) -> str:
        if name not in self.tags:
            return default
        found = spelled(self.tags[name], names)
        if found is None:
            self.problem(f"{name}: {self.tags[name]!r} is not one of {_one_of(names)}", name)
            return default
        return found

    def seat(self, name: str, players: int) -> Seat | None:
        if name not in self.tags:
            return None
        seat = parse_seat(self.tags[name], players)
        if seat is None:
            self.problem(
                f"{name}: {self.tags[name]!r} is not a seat of a {players}-player table "
                f"({_one_of(seats(players))})",
                name,
            )
        return seat

    def number(self, name: str) -> int | None:
        if name not in self.tags:
            return None
        number = parse_int(self.tags[name])
        if number is None:
            self.problem(f"{name}: {self.tags[name]!r} is not a whole number", name)
        return number

    # -- the parts ---------------------------------------------------------------------
    def rules(self) -> Rules:
        players = self.number("Players")
        if players is not None and players not in TABLE_SIZES:
            self.problem(
                f"Players: Mendikot is played by {TABLE_SIZES_TEXT} players, not {players}",
                "Players",
            )
            players = None
        players = players or 4
        deck_size = self.number("Deck")
        if deck_size is not None:
            why = deck_table_problem(deck_size, players)
            if why is not None:
                self.problem(f"Deck: {why}", "Deck")
                deck_size = None
        method = TrumpMethod(self.choice("TrumpMethod", METHOD_NAMES, "Drawn"))
        reveal = Reveal(self.choice("Reveal", [r.value for r in Reveal], "A"))
        capture = Capture(self.choice("Capture", [c.value for c in Capture], "Trick"))
        scoring = Scoring(self.choice("Scoring", [s.value for s in Scoring], "plain"))
        target = self.number("Target")
        flags = parse_variant(self.tags.get("Variant", ""))
        for flag in flags:
            why = unknown_flag([flag])
            if why is not None:
                self.problem(f"Variant: {why}", "Variant")
        known = [flag for flag in flags if flag in VARIANT_FLAGS]
        for dropped, why in flag_conflicts(known, method, reveal, capture):
            self.problem(f"Variant: {why}; not kept", "Variant")
            known = [flag for flag in known if flag not in dropped]
        options = flag_options(known)
        return Rules(
            players=players,
            deck=deck_size or 0,
            trump_method=method,
            reveal=reveal,
            capture=capture,
            scoring=scoring,
            target=target,
            **options,
        )

    def hands(self, rules: Rules) -> dict[Seat, frozenset[Card] | None] | None:
        if "Hands" not in self.tags:
            return None
        try:
            written = parse_hands(self.tags["Hands"], twins=rules.packs == 2)
        except ValueError as exc:
            self.problem(f"Hands: {exc}", "Hands")
            return None
        table = seats(rules.players)
        for seat in written:
            if seat not in table:
                self.problem(
                    f"Hands: seat {seat} is not at a {rules.players}-player table", "Hands"
                )
        for seat in table:
            if seat not in written:
                self.problem(f"Hands: no hand for seat {seat} (write {seat}:- if unknown)", "Hands")
        in_deck = set(deck(rules.deck))
        seen: set[Card] = set()
        for seat in table:
            for c in sort_cards(written.get(seat) or ()):
                if c in seen:
                    times = "three times" if rules.packs == 2 else "twice"
                    self.problem(f"Hands: {c} appears {times}", "Hands")
                elif c not in in_deck:
                    self.problem(f"Hands: {c} is not in a {rules.deck}-card deck", "Hands")
                seen.add(c)
        return {seat: written.get(seat) for seat in table}

    def check_deal_sizes(self, rules: Rules, hands: Mapping[Seat, frozenset[Card] | None]) -> None:
        per_player = rules.tricks_per_deal
        for seat, hand in hands.items():
            if hand is not None and len(hand) != per_player:
                self.problem(
                    f"Hands: {seat} has {len(hand)} cards, a {rules.deck}-card deal gives "
                    f"each of {rules.players} players {per_player}",
                    "Hands",
                )

    def start(self, rules: Rules) -> StartTag | None:
        try:
            start = parse_start(self.tags["Start"])
        except ValueError as exc:
            self.problem(f"Start: {exc}", "Start")
            return None
        ok = True
        for item, value in (("trick", start.trick), ("tens", start.tens), ("tricks", start.tricks)):
            if value is None:
                self.problem(
                    f"Start: missing '{item}' (like 'trick 10; tens 1-0; tricks 7-2')", "Start"
                )
                ok = False
        per_deal = rules.tricks_per_deal
        if start.trick is not None and not 1 <= start.trick <= per_deal:
            self.problem(f"Start: trick {start.trick} is not one of the {per_deal} tricks", "Start")
            ok = False
        dehla = rules.capture is Capture.DEHLA
        if not dehla and (start.pile is not None or start.streak is not None):
            self.problem("Start: 'pile' and 'streak' are for Capture \"Dehla\" only", "Start")
            ok = False
        if start.pile is not None:
            for c in start.pile[1]:
                if not c.is_ten:
                    self.problem(
                        f"Start: the pile lists its tens only, and {c} is not a ten", "Start"
                    )
                    ok = False
        if start.streak is not None and start.streak not in seats(rules.players):
            self.problem(f"Start: streak seat {start.streak} is not at the table", "Start")
            ok = False
        if ok and start.trick is not None and start.tricks is not None:
            pile_tricks = start.pile[0] if start.pile else 0
            done = sum(start.tricks) + pile_tricks
            if done != start.trick - 1:
                self.problem(
                    f"Start: {done} tricks are done (tricks {start.tricks[0]}-{start.tricks[1]}"
                    + (f", pile {pile_tricks}" if start.pile else "")
                    + f"), but trick {start.trick} is under way",
                    "Start",
                )
                ok = False
        return start if ok else None

    def table(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None],
        leader: Seat,
        trick: int,
    ) -> tuple[tuple[Seat, Card], ...] | None:
        """The cards already on the table: the hands tell how many seats from the leader on
        have played to the trick under way (they hold one card fewer)."""
        full = rules.tricks_per_deal - trick + 1
        order = [next_seat(leader, rules.players, k) for k in range(rules.players)]
        played: list[bool | None] = []
        for seat in order:
            hand = hands[seat]
            if hand is None:
                played.append(None)
            elif len(hand) == full:
                played.append(False)
            elif len(hand) == full - 1:
                played.append(True)
            else:
                self.problem(
                    f"Hands: {seat} has {len(hand)} cards, but at trick {trick} each player "
                    f"holds {full} (or {full - 1} after playing to it)",
                    "Hands",
                )
                return None
        if played[0] is None and True not in played:
            return ()
        count = max((i + 1 for i, p in enumerate(played) if p), default=0)
        if any(p is False for p in played[:count]) or any(p for p in played[count:]):
            self.problem(
                f"Hands: the seats that have played to trick {trick} (holding {full - 1} "
                f"cards) must follow the leader {leader} in play order",
                "Hands",
            )
            return None
        if count == rules.players:
            self.problem(
                f"Hands: every seat has played to trick {trick}: start at the next trick instead",
                "Hands",
            )
            return None
        if len(self.table_cards) < count:
            self.problem(
                f"Start: the hands show {count} card(s) on the table in trick {trick}, but "
                f"the play lists {len(self.table_cards)}",
                "Play",
            )
            return None
        in_hands = {c for hand in hands.values() for c in hand or ()}
        in_deck = set(deck(rules.deck))
        table: list[tuple[Seat, Card]] = []
        for i in range(count):
            c = self.table_cards[i]
            if c is not None and rules.packs == 2:
                c = free_copy(c, in_hands | {t for _, t in table})
            if c is None:
                self.problem("a card already on the table at the start must be known, not --", i)
            elif c in in_hands:
                self.problem(f"{c} is on the table and also in a hand", i)
            elif c not in in_deck:
                self.problem(f"{c} is not in a {rules.deck}-card deck", i)
            elif c in (t for _, t in table):
                self.problem(f"{c} is on the table twice", i)
            else:
                table.append((order[i], c))
        return tuple(table) if len(table) == count else None

    def trump(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None] | None,
        chooser: Seat | None,
        start: StartTag | None,
        position: bool,
    ) -> tuple[Suit | None, Card | None, Seat | None]:
        """``(trump, trump_card, hidden_holder)`` for the set-up (``chooser``: the dealer's
        right, who sets a closed trump aside)."""
        method = rules.trump_method
        trump = parse_suit(self.tags["Trump"]) if "Trump" in self.tags else None
        if "Trump" in self.tags and trump is None:
            self.problem(f"Trump: {self.tags['Trump']!r} is not a suit (S, H, D or C)", "Trump")
        trump_card: tuple[Seat | None, Card] | None = None
        if "TrumpCard" in self.tags:
            trump_card = parse_trump_card(self.tags["TrumpCard"])
            if trump_card is None:
                self.problem(
                    f"TrumpCard: {self.tags['TrumpCard']!r} is not a card or seat:card",
                    "TrumpCard",
                )
        hidden = start.hidden if start is not None else None
        if hidden is not None and method is not TrumpMethod.CLOSED:
            self.problem("Start: 'hidden' is for TrumpMethod \"Closed\" only", "Start")

        if method is TrumpMethod.NONE:
            for name in ("Trump", "TrumpCard"):
                if name in self.tags:
                    self.problem(f'{name}: there is no trump with TrumpMethod "None"', name)
            return None, None, None

        if method is TrumpMethod.CLOSED:
            return self._closed(rules, hands, chooser, trump, trump_card, hidden, position)

        if trump_card is not None and trump_card[0] is not None:
            self.problem(
                f"TrumpCard: only a Closed trump names its holder; write the card alone, "
                f"like {trump_card[1]}",
                "TrumpCard",
            )
        plain_card = trump_card[1] if trump_card is not None else None
        if method is TrumpMethod.CUT and not position:
            # A claim about the cut: the checker compares it with the play.
            return None, None, None
        if trump is None:
            # (Without a TrumpMethod tag, that tag is the problem, and it is reported.)
            if (
                "Trump" not in self.tags
                and "TrumpMethod" in self.tags
                and method is not TrumpMethod.CUT
            ):
                self.problem(
                    f"missing required tag Trump (the suit of a {method.value} trump)", None
                )
            return None, None, None
        if plain_card is not None and plain_card.suit is not trump:
            self.problem(
                f"TrumpCard: {plain_card} is not of the trump suit {trump.letter}", "TrumpCard"
            )
        return trump, plain_card, None

    def _closed(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None] | None,
        chooser: Seat | None,
        trump: Suit | None,
        trump_card: tuple[Seat | None, Card] | None,
        hidden: tuple[Seat, Card] | None,
        position: bool,
    ) -> tuple[Suit | None, Card | None, Seat | None]:
        if not position:
            if "Trump" in self.tags:
                self.problem("Trump: a Closed trump is named by TrumpCard, not Trump", "Trump")
            if "TrumpCard" not in self.tags:
                self.problem("missing required tag TrumpCard (seat:card of the Closed trump)", None)
                return None, None, None
            if trump_card is None:
                return None, None, None
            if trump_card[0] is None:
                self.problem(
                    f"TrumpCard: a Closed trump names its holder too, like A:{trump_card[1]}",
                    "TrumpCard",
                )
                return None, None, None
            holder, face_down = trump_card[0], trump_card[1]
            if chooser is not None and holder != chooser:
                self.problem(
                    f"TrumpCard: the closed trump is set aside by {chooser}, the player "
                    f"to the dealer's right, not by {holder}",
                    "TrumpCard",
                )
            face_down = self._held(hands, holder, face_down, "TrumpCard")
            return None, face_down, holder
        # A position: either still face down (Start "hidden") or already revealed (Trump).
        if hidden is not None and trump is not None:
            self.problem(
                "Trump: the closed trump is still hidden (Start says 'hidden'), so its suit "
                "is not known yet",
                "Trump",
            )
            return None, None, None
        if hidden is not None:
            if trump_card is not None and trump_card[1] is not hidden[1]:
                self.problem(
                    f"TrumpCard: {trump_card[1]} is not the hidden card {hidden[1]}", "TrumpCard"
                )
            return None, self._held(hands, hidden[0], hidden[1], "Start"), hidden[0]
        if trump is None:
            if "Trump" not in self.tags:
                self.problem(
                    "Start: a Closed position needs 'hidden S:CARD' (trump still face down) "
                    "or a Trump tag (already revealed)",
                    "Start",
                )
            return None, None, None
        revealed = trump_card[1] if trump_card is not None else None
        if revealed is not None and revealed.suit is not trump:
            self.problem(
                f"TrumpCard: {revealed} is not of the trump suit {trump.letter}", "TrumpCard"
            )
        return trump, revealed, None

    def _held(
        self,
        hands: Mapping[Seat, frozenset[Card] | None] | None,
        holder: Seat,
        face_down: Card,
        where: str,
    ) -> Card:
        """The face-down card as its holder holds it (with two packs, the copy in that hand),
        reporting a card the hand does not hold."""
        hand = hands.get(holder) if hands is not None else None
        if hand is None or face_down in hand:
            return face_down
        if twin(face_down) in hand:
            return twin(face_down)
        self.problem(f"{where}: {face_down} is not in {holder}'s hand", where)
        return face_down

    def check_position_tens(
        self,
        rules: Rules,
        hands: Mapping[Seat, frozenset[Card] | None],
        start: StartTag,
        table: Sequence[tuple[Seat, Card]],
    ) -> None:
        """All the tens are somewhere: captured, in the pile, on the table or in a hand."""
        if start.tens is None:
            return
        pile_tens = len(start.pile[1]) if start.pile else 0
        captured = sum(start.tens) + pile_tens
        tens = rules.all_tens
        if captured > tens:
            self.problem(f"Start: {captured} tens captured, but there are only {tens}", "Start")
            return
        if any(hand is None for hand in hands.values()):
            return
        out = sum(c.is_ten for hand in hands.values() for c in hand or ()) + sum(
            c.is_ten for _, c in table
        )
        if captured + out != tens:
            self.problem(
                f"Start: {captured} tens captured and {out} still in play make {captured + out}, "
                f"not {tens}",
                "Start",
            )


def _pile_copies(
    pile: Sequence[Card],
    hands: Mapping[Seat, frozenset[Card] | None],
    table: Sequence[tuple[Seat, Card]],
    rules: Rules,
) -> tuple[Card, ...]:
    """The pile's tens as copies apart from the hands', the table's and each other's."""
    if rules.packs == 1:
        return tuple(pile)
    taken = {c for hand in hands.values() for c in hand or ()} | {c for _, c in table}
    out: list[Card] = []
    for c in pile:
        out.append(free_copy(c, taken))
        taken.add(out[-1])
    return tuple(out)


def setup_from_tags(
    tags: Mapping[str, str],
    first_table_cards: Sequence[Card | None],
    problem_callback: ProblemCallback,
) -> DealSetup | None:
    """Build the engine's :class:`DealSetup` from a deal's tags, or ``None`` when they do not
    describe a playable deal; every problem found goes to ``problem_callback`` (all of them,
    not just the first, so a writer of logs can fix a file in one pass).

    ``first_table_cards`` are the first cards of the play section, in order (the first trick,
    or what is written of it). They matter only for a position (``Start`` tag): there the
    hands show how many of them were already on the table when the position starts, and
    those become :attr:`StartPosition.table`; the caller then drops that many cards from the
    play tree, since they are part of the position, not moves of the record.

    >>> problems = []
    >>> setup = setup_from_tags({"Dealer": "D", "TrumpMethod": "None", "Play": "B",
    ...                          "Hands": "A:- B:- C:- D:-"}, [],
    ...                         lambda msg, where: problems.append(msg))
    >>> setup, problems
    (None, ['Play: the first lead is by A, the player after the dealer D, not by B'])
    """
    builder = _SetupBuilder(tags, first_table_cards, problem_callback)
    position = "Start" in tags
    required = (
        ("TrumpMethod", "Hands", "Play") if position else ("Dealer", "TrumpMethod", "Hands", "Play")
    )
    for name in required:
        if name not in tags:
            builder.problem(f"missing required tag {name}", None)
    try:
        rules = builder.rules()
    except ValueError as exc:  # Rules refuses a combination the checks above let through
        builder.problem(str(exc), None)
        return None
    dealer = builder.seat("Dealer", rules.players)
    if rules.split_tens_non_dealer and dealer is None and "Dealer" not in builder.tags:
        builder.problem(
            "Variant: split-tens-non-dealer needs the Dealer tag (a 2-2 split goes to the "
            "side that did not deal)",
            "Variant",
        )
    leader = builder.seat("Play", rules.players)
    if not position and dealer is not None and leader is not None:
        expected = rules.first_lead(dealer)
        if leader != expected:
            builder.problem(
                f"Play: the first lead is by {expected}, {rules.first_lead_reason(dealer)}, "
                f"not by {leader}",
                "Play",
            )
    hands = builder.hands(rules)
    start = builder.start(rules) if position else None
    chooser = None  # who draws or sets aside the trump: the dealer's right
    if not position and dealer is not None:
        chooser = rules.trump_chooser(dealer)
    trump, trump_card, hidden_holder = builder.trump(rules, hands, chooser, start, position)
    start_position: StartPosition | None = None
    if hands is not None:
        if not position:
            builder.check_deal_sizes(rules, hands)
        elif start is not None and start.trick is not None and leader is not None:
            table = builder.table(rules, hands, leader, start.trick)
            if table is not None:
                builder.check_position_tens(rules, hands, start, table)
                assert start.tens is not None and start.tricks is not None
                start_position = StartPosition(
                    trick=start.trick,
                    tens=start.tens,
                    tricks=start.tricks,
                    table=table,
                    pile_tricks=start.pile[0] if start.pile else 0,
                    pile_tens=_pile_copies(start.pile[1], hands, table, rules)
                    if start.pile
                    else (),
                    streak=start.streak,
                )
    if builder.failed or hands is None or leader is None:
        return None
    if position and start_position is None:
        return None
    return DealSetup(
        rules=rules,
        hands=hands,
        first_leader=leader,
        dealer=dealer,
        trump=trump,
        trump_card=trump_card,
        hidden_holder=hidden_holder,
        start=start_position,
    )
