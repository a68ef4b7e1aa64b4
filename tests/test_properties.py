"""Properties every legal deal has, checked on random deals of every rule variant.

The deals come from :mod:`mendikot_replay.players.generate`, which drives the engine directly; the
tests then hold the replay, the writer and the reader to facts that do not depend on the
deal: the cards are all played once, tricks and tens add up, the result is the one the
counts give, and PMN text survives a round trip byte for byte — also from the lenient
spellings a person types (lower case, ``10``, suit signs, tags in any order, CRLF).

Hypothesis draws the rules (so a failure shrinks to the simplest table that shows it) and a
seed for the deal; ``derandomize`` makes every run check the same examples, so the suite is
reproducible and never flaky.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mendikot_replay.core.cards import deck
from mendikot_replay.core.engine import PlayEvent
from mendikot_replay.core.rules import Capture, Reveal, Rules, Scoring, TrumpMethod
from mendikot_replay.core.timeline import Timeline
from mendikot_replay.players.generate import (
    RULE_SHAPES,
    TWO_PACK_SHAPES,
    random_deal,
    random_position,
)
from mendikot_replay.pmn.check import check_record
from mendikot_replay.pmn.reader import read_string
from mendikot_replay.pmn.record import DealRecord, PlayNode
from mendikot_replay.pmn.writer import write_string

SETTINGS = settings(
    derandomize=True,
    database=None,
    max_examples=500,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@st.composite
def rules_strategy(draw: st.DrawFn) -> Rules:
    """Any legal rule combination; closed trump with both versions, every match register and
    house rule (the two rotations exclude each other)."""
    players, deck_size = draw(st.sampled_from(RULE_SHAPES + TWO_PACK_SHAPES))
    method = draw(st.sampled_from(list(TrumpMethod)))
    reveal = draw(st.sampled_from(list(Reveal))) if method is TrumpMethod.CLOSED else Reveal.A
    rotation = draw(st.sampled_from(("", "partner_deals", "dealer_stays")))
    capture = draw(st.sampled_from(list(Capture)))
    version_a = method is TrumpMethod.CLOSED and reveal is Reveal.A
    version_b = method is TrumpMethod.CLOSED and reveal is Reveal.B
    hidden_trumps = method is TrumpMethod.CLOSED and draw(st.booleans())
    return Rules(
        partner_deals=rotation == "partner_deals",
        dealer_stays=rotation == "dealer_stays",
        split_tens_non_dealer=draw(st.booleans()),
        streak_goes_on=capture is Capture.DEHLA and draw(st.booleans()),
        lead_after_holder=method is TrumpMethod.CLOSED and draw(st.booleans()),
        holder_may_ask=version_b and draw(st.booleans()),
        trump_card_in_hand=method is TrumpMethod.CLOSED and draw(st.booleans()),
        count_from_reveal=version_a and not hidden_trumps and draw(st.booleans()),
        reveal_if_trumping=version_a and draw(st.booleans()),
        hidden_trumps=hidden_trumps,
        tie_half_first=draw(st.booleans()),
        match_tie_break=draw(st.booleans()),
        players=players,
        deck=deck_size,
        trump_method=method,
        reveal=reveal,
        capture=capture,
        must_trump=draw(st.booleans()),
        bonus_aces=draw(st.booleans()),
        scoring=draw(st.sampled_from(list(Scoring))),
        target=draw(st.none() | st.integers(1, 21)),
    )


seeds = st.integers(min_value=0, max_value=2**32 - 1)


def _replay(record: DealRecord) -> Timeline:
    assert record.setup is not None
    nodes = record.mainline()
    cards = [n.card for n in nodes if n.card is not None]
    assert len(cards) == len(nodes)
    flags = [(n.reveal_request, n.revoke) for n in nodes]
    return Timeline.replay(record.setup, cards, flags)


def _team(seat: str) -> int:
    """0 for A/C's side, 1 for B/D's: seats alternate teams in play order (docs/rules.md)."""
    return "ABCDEFGHIJKL".index(seat) % 2


def _count_from_play(
    events: Sequence[PlayEvent], rules: Rules
) -> tuple[tuple[int, int], tuple[int, int], list[str], str | None]:
    """Tens and tricks per team (A/C first) and each trick's winner, from the cards alone.

    A trick goes to the highest trump in it, else to the highest card of the suit led, the
    later of two identical cards of two packs (which card was a trump is the event's
    ``is_trump``: under a closed or cut trump only the engine knows when the suit became
    trump). Under Mendikot capture the winner's team
    takes the trick at once; under Dehla the tricks go to a pile that a player takes for
    the team by winning two tricks in a row, the streak starting afresh (going on, under
    ``streak-goes-on``), and the last
    trick's winner takes what is left. Last, the side whose tricks first reached half the
    deal's (``None`` when neither did before the other)."""
    tricks: list[list[PlayEvent]] = []
    for event in events:
        if event.position == 0:
            tricks.append([])
        tricks[-1].append(event)
    assert all(len(t) == rules.players for t in tricks)
    tens, taken = [0, 0], [0, 0]
    winners: list[str] = []
    pile_tricks, pile_tens = 0, 0
    streak: str | None = None
    half_first: str | None = None
    for number, trick in enumerate(tricks, start=1):
        if half_first is None:
            for side, team in enumerate(("AC", "BD")):
                if 2 * taken[side] >= rules.tricks_per_deal and half_first is None:
                    half_first = team
        trumps = [e for e in trick if e.is_trump]
        led = trick[0].card.suit
        contenders = trumps or [e for e in trick if e.card.suit is led]
        winner = max(reversed(contenders), key=lambda e: e.card.rank).seat
        winners.append(winner)
        ten_count = sum(e.card.is_ten for e in trick)
        side = _team(winner)
        if rules.capture is Capture.TRICK:
            taken[side] += 1
            tens[side] += ten_count
            continue
        pile_tricks += 1
        pile_tens += ten_count
        if winner == streak or number == len(tricks):
            taken[side] += pile_tricks
            tens[side] += pile_tens
            pile_tricks, pile_tens = 0, 0
            # the run starts afresh, or under streak-goes-on the taker's next win takes again
            streak = winner if rules.streak_goes_on else None
        else:
            streak = winner
    for side, team in enumerate(("AC", "BD")):
        if 2 * taken[side] >= rules.tricks_per_deal and half_first is None:
            half_first = team
    return (tens[0], tens[1]), (taken[0], taken[1]), winners, half_first


def _result_by_the_rules(
    tens: tuple[int, int],
    tricks: tuple[int, int],
    total: int,
    non_dealers: str | None = None,
    half_first: str | None = None,
    all_tens: int = 4,
) -> tuple[str | None, str]:
    """docs/rules.md, "Who wins the deal": every trick is a whitewash, all four tens a mendikot
    (a whitewash takes all the tens too, and is reported as whitewash), three tens a win
    (two packs: all eight, five or more); at 2-2 (4-4) more than half the tricks wins and an
    equal split is a tie, unless the house rule ``split-tens-non-dealer`` gives a 2-2 to the
    side that did not deal (``non_dealers``), or ``tie-half-first`` an equal split to the
    side that reached half first (``half_first``)."""
    for side, team in enumerate(("AC", "BD")):
        if tricks[side] == total:
            return team, "whitewash"
    for side, team in enumerate(("AC", "BD")):
        if tens[side] == all_tens:
            return team, "mendikot"
        if 2 * tens[side] > all_tens:
            return team, "win"
    assert tens == (all_tens // 2, all_tens // 2)
    if non_dealers is not None:
        return non_dealers, "win"
    for side, team in enumerate(("AC", "BD")):
        if 2 * tricks[side] > total:
            return team, "win"
    assert tricks[0] == tricks[1]
    if half_first is not None:
        return half_first, "win"
    return None, "tie"


def _next_dealer_by_the_rules(dealer: str, winner: str | None, kind: str, rules: Rules) -> str:
    """docs/rules.md, "Next dealer", worked out here: the dealer's side won, the seat to the
    dealer's right (the next letter round the table) deals; a tie, the same dealer; the
    dealer's side lost, the same dealer, but the partner (two seats on) after a whitewash;
    under ``partner-deals`` the partner after any loss, under ``dealer-stays`` the same
    dealer after any loss."""
    order = "ABCDEFGHIJKL"[: rules.players]
    at = order.index(dealer)
    if winner is None:
        return dealer
    if ("AC" if at % 2 == 0 else "BD") == winner:
        return order[(at + 1) % rules.players]
    if rules.dealer_stays:
        return dealer
    if rules.partner_deals or kind == "whitewash":
        return order[(at + 2) % rules.players]
    return dealer


# -- the deal itself -------------------------------------------------------------------------
@SETTINGS
@given(rules=rules_strategy(), seed=seeds)
def test_random_deal_replays_and_adds_up(rules: Rules, seed: int) -> None:
    record = random_deal(random.Random(seed), rules)
    timeline = _replay(record)
    assert timeline.error is None, timeline.error
    assert timeline.complete
    final = timeline.final
    assert final is not None and timeline.result is not None

    # every card of the deck is played exactly once
    played = [e.card for e in timeline.events]
    assert Counter(played) == Counter(deck(rules.deck))

    # tricks and tens add up; every ten is captured by the team the counts say
    assert sum(final.tricks) == rules.tricks_per_deal
    assert sum(final.tens) == rules.all_tens
    assert final.pile == (0, ())
    fates = final.ten_fates
    assert all(f.where == "captured" for f in fates)
    assert Counter(f.team for f in fates) == Counter({"AC": final.tens[0], "BD": final.tens[1]})
    assert len(timeline.trick_winners) == rules.tricks_per_deal

    # the counts and the result are the ones the play gives, worked out here from the cards
    # and docs/rules.md alone (not with deal_result, the function under test)
    tens, tricks, winners, half_first = _count_from_play(timeline.events, rules)
    assert timeline.trick_winners == winners
    assert final.tens == tens and final.tricks == tricks
    dealer = record.tags["Dealer"]
    non_dealers = ("BD" if _team(dealer) == 0 else "AC") if rules.split_tens_non_dealer else None
    winner, kind = _result_by_the_rules(
        tens,
        tricks,
        rules.tricks_per_deal,
        non_dealers,
        half_first if rules.tie_half_first else None,
        rules.all_tens,
    )
    result = timeline.result
    assert (result.winner, result.kind) == (winner, kind), (tens, tricks)
    assert (result.tens, result.tricks) == (tens, tricks)
    assert record.tags["Result"] == ("tie" if winner is None else f"{winner} {kind}")
    assert record.tags["Tens"] == f"{tens[0]}-{tens[1]}"
    assert record.tags["Tricks"] == f"{tricks[0]}-{tricks[1]}"

    # the next dealer, by the table's rotation (its house rule included), as docs/rules.md
    # says it, through the one home of the rule
    following = _next_dealer_by_the_rules(dealer, winner, kind, rules)
    assert rules.next_dealer(dealer, result) == following, (dealer, result.tag, rules.flags)

    # and the project's own checker agrees with all of it
    check_record(record)
    assert not record.errors, [str(p) for p in record.errors]
    assert not record.warnings, [str(p) for p in record.warnings]


# -- round trips -----------------------------------------------------------------------------
def node_signature(node: PlayNode) -> tuple[Any, ...]:
    """Everything PMN stores about a card and the tree under it (not file positions, not
    what the replay fills in)."""
    return (
        str(node.card),
        node.reveal_request,
        node.revoke,
        tuple(node.nags),
        tuple(node.comments),
        tuple(node.starting_comments),
        tuple(node_signature(child) for child in node.variations),
    )


def record_signature(record: DealRecord) -> tuple[Any, ...]:
    return (
        tuple(sorted(record.tags.items())),
        tuple(record.comments),
        record.unfinished,
        tuple(node_signature(node) for node in record.variations),
    )


def _generated(seed: int, rules: Rules, position: bool, annotate: bool) -> DealRecord:
    rng = random.Random(seed)
    if position:
        return random_position(rng, rules, annotate=annotate)
    return random_deal(rng, rules, annotate=annotate)


@SETTINGS
@given(rules=rules_strategy(), seed=seeds, position=st.booleans(), annotate=st.booleans())
def test_round_trip(rules: Rules, seed: int, position: bool, annotate: bool) -> None:
    record = _generated(seed, rules, position, annotate)
    text = write_string([record])
    back = read_string(text)
    assert len(back) == 1, text
    read = back[0]
    assert not read.errors, (text, [str(p) for p in read.errors])
    assert not read.warnings, (text, [str(p) for p in read.warnings])
    assert record_signature(read) == record_signature(record), text
    assert read.setup == record.setup
    # the main line's cards and flags, spelled out (the signature covers them too, but a
    # failure here reads better)
    assert [(n.card, n.reveal_request, n.revoke) for n in read.mainline()] == [
        (n.card, n.reveal_request, n.revoke) for n in record.mainline()
    ]
    assert write_string(back) == text


@settings(SETTINGS, max_examples=40)
@given(seeds=st.lists(seeds, min_size=2, max_size=5))
def test_round_trip_of_a_file_of_many_deals(seeds: list[int]) -> None:
    records = [
        _generated(seed, Rules(), position=i % 2 == 1, annotate=True)
        for i, seed in enumerate(seeds)
    ]
    text = write_string(records)
    back = read_string(text)
    assert [record_signature(r) for r in back] == [record_signature(r) for r in records]
    assert write_string(back) == text


# -- lenient input ---------------------------------------------------------------------------
_TAG_LINE = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_CARD = re.compile(r"(?<![A-Za-z0-9])((?:\^[TR])*)([AKQJT98765432])([SHDC])(?![A-Za-z0-9])")
_SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def _outside_comments(text: str, change: Any) -> str:
    """Apply ``change`` to the parts of a play section outside ``{ … }`` comments (whose
    text must survive unchanged)."""
    out: list[str] = []
    i = 0
    while i < len(text):
        start = text.find("{", i)
        if start < 0:
            out.append(change(text[i:]))
            break
        out.append(change(text[i:start]))
        j = start + 1
        while j < len(text) and text[j] != "}":
            j += 2 if text[j] == "\\" else 1
        out.append(text[start : j + 1])
        i = j + 1
    return "".join(out)


def _lenient_card(rng: random.Random, match: re.Match[str]) -> str:
    prefix, rank, suit = match.group(1), match.group(2), match.group(3)
    if rank == "T" and rng.random() < 0.5:
        rank = "10"
    elif rng.random() < 0.5:
        rank = rank.lower()
    roll = rng.random()
    if roll < 0.35:
        suit = suit.lower()
    elif roll < 0.7:
        suit = _SUIT_SIGNS[suit]
    return prefix + rank + suit


def _lenient_hands(rng: random.Random, value: str) -> str:
    parts = []
    for item in value.split():
        seat, _, hand = item.partition(":")
        hand = "".join(
            ("10" if ch == "T" and rng.random() < 0.5 else ch.lower() if rng.random() < 0.5 else ch)
            for ch in hand
        )
        parts.append(f"{seat.lower() if rng.random() < 0.3 else seat} : {hand}")
    rng.shuffle(parts)  # every hand names its seat, so any order will do
    return "  ".join(parts)


#: Loose but readable spellings of tag values (docs/format.md: any case, extra white space, suit
#: signs, ``10``). ``Result`` keeps its case: ``check.py`` reads it with the case-sensitive
#: ``result.parse_result_tag`` and reports ``"ac win"`` as an error, although
#: ``pmn_tags.parse_result`` accepts it (reported to the reader's author).
_LENIENT_VALUES: dict[str, Any] = {
    "Trump": lambda v: _SUIT_SIGNS[v],
    "TrumpMethod": str.lower,
    "Capture": str.upper,
    "Reveal": str.lower,
    "Dealer": str.lower,
    "Play": lambda v: " " + v.lower(),
    "Variant": lambda v: " " + v.upper().replace(",", " , "),
    "TrumpCard": lambda v: v.lower().replace("t", "10"),
    "Start": lambda v: v.upper().replace("; ", ";"),
    "Result": lambda v: v.replace(" ", "  "),
    "Tens": lambda v: v.replace("-", " - "),
    "Tricks": lambda v: " " + v + " ",
    "Players": lambda v: " " + v,
    "Deck": lambda v: v + " ",
    "Scoring": str.upper,
    "Target": lambda v: " " + v,
}


def lenient_variant(text: str, rng: random.Random) -> str:
    """The same deals as a person might type them: tags shuffled, several on a line and
    loosely spaced, cards in lower case, with ``10`` or suit signs, doubled spaces, CRLF."""
    out_lines: list[str] = []
    for block in text.split("\n\n"):
        lines = block.split("\n")
        header = [line for line in lines if line.startswith("% ")]
        tags = [line for line in lines if _TAG_LINE.match(line)]
        play = [line for line in lines if line not in header and line not in tags]
        rng.shuffle(tags)
        loose = []
        for line in tags:
            match = _TAG_LINE.match(line)
            assert match is not None
            name, value = match.group(1), match.group(2)
            if name == "Hands":
                value = _lenient_hands(rng, value)
            elif name in _LENIENT_VALUES and rng.random() < 0.5:
                value = _LENIENT_VALUES[name](value)
            loose.append(f'[ {name}  "{value}" ]' if rng.random() < 0.5 else line)
        grouped: list[str] = []
        while loose:
            take = rng.randint(1, 3)
            grouped.append(" ".join(loose[:take]))
            loose = loose[take:]

        def change(part: str) -> str:
            part = _CARD.sub(lambda m: _lenient_card(rng, m), part)
            return part.replace(" ", "  ") if rng.random() < 0.5 else part

        play = [_outside_comments(line, change) for line in play]
        out_lines.append("\n".join([*header, *grouped, *play]))
    return "\n\n".join(out_lines).replace("\n", "\r\n")


@SETTINGS
@given(rules=rules_strategy(), seed=seeds, position=st.booleans(), annotate=st.booleans())
def test_lenient_text_writes_canonical(
    rules: Rules, seed: int, position: bool, annotate: bool
) -> None:
    record = _generated(seed, rules, position, annotate)
    canonical = write_string([record])
    variant = lenient_variant(canonical, random.Random(seed))
    back = read_string(variant)
    assert len(back) == 1
    assert not back[0].errors, (variant, [str(p) for p in back[0].errors])
    assert write_string(back) == canonical, variant
