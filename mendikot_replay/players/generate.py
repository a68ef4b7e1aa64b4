"""Random legal deals and positions, for tests, fuzzing and benchmarks.

Hand-written sample files only exercise what their authors thought of. A generator that
deals at random under *any* rule combination (4/6/8 players, every deck, every trump method
including both closed-trump versions, Dehla capture, must-trump) and then plays a random
*legal* card at every turn, straight from :meth:`engine.Game.legal_cards`, reaches the
corners no one writes by hand: a closed trump revealed on the last trick, a cut named by the
last player of a trick, a Dehla pile taken on the final trick. Every record it returns is a
complete, legal deal with its tags spelled as PMN values, so that a property test can say
"whatever the deal, the writer and reader agree" and a benchmark can make a corpus of any
size.

The generator drives the engine directly (never the reader or writer), so the round-trip
tests built on it test the PMN code against an independent source of truth.

>>> import random
>>> rec = random_deal(random.Random(7), Rules())
>>> len(rec.mainline()), rec.tags["TrumpMethod"], rec.tags["Dealer"] in "ABCD"
(52, 'Drawn', True)
>>> from mendikot_replay.core.timeline import Timeline
>>> line = rec.mainline()
>>> replay = Timeline.replay(rec.setup, [n.card for n in line],
...                          [(n.reveal_request, n.revoke) for n in line])
>>> replay.error is None and replay.result.tag == rec.tags["Result"]
True
>>> pos = random_position(random.Random(1), Rules(players=6), cut=20)
>>> pos.tags["Start"].split("; ")[0], len(pos.setup.start.table), len(pos.mainline())
('trick 4', 2, 28)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..core.cards import Card, copies_by_appearance, deck, sort_cards
from ..core.deal_setup import DealSetup, StartPosition
from ..core.engine import Game
from ..core.rules import (
    VARIANT_FLAGS,
    Capture,
    Reveal,
    Rules,
    Scoring,
    TrumpMethod,
    flag_conflicts,
    flag_options,
)
from ..core.seats import Seat, seats
from ..pmn.record import GLYPH_NAGS, DealRecord, PlayNode
from ..pmn.setup import setup_from_tags
from ..pmn.tags import format_hands, rule_tags

__all__ = [
    "RULE_SHAPES",
    "TWO_PACK_SHAPES",
    "random_comment",
    "random_deal",
    "random_deals",
    "random_position",
    "random_positions",
    "random_rules",
]

#: Every (players, deck) pair that deals evenly: the table shapes PMN can describe.
RULE_SHAPES: tuple[tuple[int, int], ...] = ((4, 52), (4, 48), (4, 32), (6, 48), (8, 48), (8, 32))
TWO_PACK_SHAPES: tuple[tuple[int, int], ...] = ((10, 100), (12, 96))
"""The big tables, which :func:`random_rules` draws only with ``every`` (the corpora the
tests pin keep their deals); or ask for them with ``rules``."""

_NAMES = ("Asha", "Bilal", "Chetan", "Divya", "Esha", "Farhan", "Gita", "Hari", "Om", "Zoë")
_WORDS = (
    "the",
    "ten",
    "falls",
    "safely",
    "partner",
    "ruffs",
    "ace",
    "cashed",
    "first",
    "count",
    "tricks",
    "hukum",
    "mendikot",
    "kot",
    "dehla",
    "♠",
    "♥",
    "10♦",
    "ünïcödé",
    "7C",
)
# Fragments that a writer must escape or that look like PMN syntax inside a comment.
_TRICKY = (
    "{",
    "}",
    "\\",
    "\\}",
    "{nested}",
    "(",
    ")",
    "$21",
    "!?",
    "^T",
    "1. A:",
    '"quoted"',
    "[%point ten-captured TH C]",
    "[%eval AC 0.63]",
    "[%hl AS,TH]",
    "*",
    "%",
    ";",
)
_FREE_NAGS = (7, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 42, 140, 255)


def random_rules(rng: random.Random, *, every: bool = False) -> Rules:
    """Any legal rule combination, each option drawn independently.

    Every trump method and capture rule gets a fair share, so a few hundred draws cover all
    of them; closed trump gets both versions. With ``every``, the big tables too (two packs
    at ten and twelve players) and the house rules: each ``Variant`` flag that holds under
    the settings drawn, one time in four — what the fuzz test, the engine's and the solver's
    cross-checks draw, so that they meet every rule. Without it, the draws the pinned
    corpora were made with (the same seed gives the same rules, and so the same deals).

    >>> rng = random.Random(7)
    >>> draws = [random_rules(rng, every=True) for _ in range(300)]
    >>> sorted({r.players for r in draws}), len({f for r in draws for f in r.flags})
    ([4, 6, 8, 10, 12], 14)
    """
    shapes = RULE_SHAPES + TWO_PACK_SHAPES if every else RULE_SHAPES
    players, deck_size = rng.choice(shapes)
    method = rng.choice(list(TrumpMethod))
    reveal = rng.choice(list(Reveal)) if method is TrumpMethod.CLOSED else Reveal.A
    capture = rng.choice(list(Capture))
    must_trump = rng.random() < 0.3
    bonus_aces = rng.random() < 0.2
    scoring = Scoring.BONUS if rng.random() < 0.15 else Scoring.PLAIN
    target = rng.choice((None, None, None, 7, 11))
    flags: list[str] = []
    if every:
        for flag in VARIANT_FLAGS:
            if flag in ("must-trump", "bonus-aces") or rng.random() >= 0.25:
                continue
            if not flag_conflicts([*flags, flag], method, reveal, capture):
                flags.append(flag)
    options = flag_options(flags)
    options["must_trump"], options["bonus_aces"] = must_trump, bonus_aces
    return Rules(
        players=players,
        deck=deck_size,
        trump_method=method,
        reveal=reveal,
        capture=capture,
        scoring=scoring,
        target=target,
        **options,
    )


def random_comment(rng: random.Random, tricky: bool = True) -> str:
    """A short comment; with ``tricky``, one that holds braces, backslashes, quotes, commands
    and other PMN syntax, so that round trips prove the writer escapes what it must.

    The text is single-spaced with no space at either end and no line break, because a
    reader may normalise white space at those places; everything else must survive.
    """
    pool: Sequence[str] = _WORDS + _TRICKY if tricky else _WORDS
    words = [rng.choice(pool) for _ in range(rng.randint(1, 7))]
    text = " ".join(words)
    if tricky and rng.random() < 0.2:
        text += "\\"  # a trailing backslash: the writer must not let it escape the brace
    return text


# -- one random card --------------------------------------------------------------------------
def _random_move(rng: random.Random, game: Game, ask_chance: float) -> tuple[Card, bool]:
    """A random legal card for the player to move, and whether they ask for the closed trump.

    ``legal_cards`` knows nothing of asking (it is a choice, not a rule), so a version-B
    player who asks is handled here (:meth:`~..core.engine.Game.ask_cards`: a trump if they
    hold one).
    Under version A, ``^T`` is an optional, checked mark of the automatic reveal; it is
    added now and then so that the writer and reader meet it too.
    """
    legal = game.legal_cards()
    hidden = game.hidden_card
    seat = game.to_play
    if game.rules.reveal is Reveal.B:
        asks = game.ask_cards()  # (the holder too, under holder-may-ask)
        if asks and rng.random() < ask_chance:
            return rng.choice(asks), True
    elif hidden is not None and game.table and seat is not None and seat != game.hidden_holder:
        visible = game.visible_hand(seat) or set()
        led = game.led_suit
        # (under reveal-if-trumping the card is turned up only for a player who trumps)
        reveals = not game.rules.reveal_if_trumping or legal[0].suit is hidden.suit
        if not any(c.suit is led for c in visible) and reveals and rng.random() < ask_chance:
            return rng.choice(legal), True
    return rng.choice(legal), False


def _play_out(rng: random.Random, game: Game, ask_chance: float) -> list[tuple[Card, bool]]:
    """Play ``game`` to its end with random legal cards; the moves, in order."""
    moves: list[tuple[Card, bool]] = []
    while not game.finished:
        move = _random_move(rng, game, ask_chance)
        game.play(move[0], ask_reveal=move[1])
        moves.append(move)
    return moves


# -- building the record ----------------------------------------------------------------------
@dataclass(slots=True)
class _Annotator:
    """Adds comments, glyphs, NAGs and variations; ``rate`` 0 adds nothing."""

    rng: random.Random
    rate: float
    ask_chance: float
    tricky: bool = True

    def decorate(self, node: PlayNode) -> None:
        rng = self.rng
        if not self.rate:
            return
        if rng.random() < self.rate:
            node.nags.append(rng.choice(list(GLYPH_NAGS.values())))
        if rng.random() < self.rate:
            node.nags.extend(rng.sample(_FREE_NAGS, rng.randint(1, 2)))
        if rng.random() < self.rate:
            node.comments.extend(
                random_comment(rng, self.tricky) for _ in range(rng.choice((1, 1, 2)))
            )


def _play_node(
    owner: PlayNode | DealRecord, game: Game, card: Card, ask: bool, main: bool
) -> PlayNode:
    """Play ``card`` on ``game`` and hang it under ``owner``, with the seat, trick and
    position the checker would fill in (so a generated record looks like a checked one)."""
    leader = game.leader
    event = game.play(card, ask_reveal=ask)
    if main:
        node = owner.add_main(card, reveal_request=ask)
    else:
        node = owner.add_variation(card, reveal_request=ask)
    node.seat, node.trick, node.position, node.leader = (
        event.seat,
        event.trick,
        event.position,
        leader,
    )
    if event.position == 0:
        node.marker = (event.trick, event.seat)
    return node


def _add_variation(
    owner: PlayNode | DealRecord,
    game: Game,
    replaced: Card,
    ann: _Annotator,
    depth: int,
) -> None:
    """An alternative to ``replaced`` (the card ``owner``'s main continuation plays), played
    on from ``game`` (the state before it) for a few cards, maybe with nested alternatives."""
    rng = ann.rng
    choices = [c for c in game.legal_cards() if c is not replaced]
    if not choices:
        return
    length = rng.randint(1, 2 * game.players)
    node = _play_node(owner, game, rng.choice(choices), False, main=False)
    if rng.random() < 0.25:
        node.starting_comments.append(random_comment(rng, ann.tricky))
    ann.decorate(node)
    for _ in range(length - 1):
        if game.finished:
            break
        before = game.copy() if depth < 2 and rng.random() < 0.15 else None
        card, ask = _random_move(rng, game, ann.ask_chance)
        node = _play_node(node, game, card, ask, main=True)
        ann.decorate(node)
        if before is not None and node.parent is not None:
            _add_variation(node.parent, before, card, ann, depth + 1)


def _build_play(
    record: DealRecord,
    game: Game,
    moves: Sequence[tuple[Card, bool]],
    ann: _Annotator,
    variations: int,
) -> None:
    """Hang ``moves`` on ``record`` as its main line (playing them on ``game``), with
    ``variations`` alternatives at random cards."""
    rng = ann.rng
    chosen = set(rng.sample(range(len(moves)), min(variations, len(moves))))
    owner: PlayNode | DealRecord = record
    for i, (card, ask) in enumerate(moves):
        before = game.copy() if i in chosen else None
        node = _play_node(owner, game, card, ask, main=True)
        ann.decorate(node)
        if before is not None:
            _add_variation(owner, before, card, ann, 0)
        owner = node


# -- tags -------------------------------------------------------------------------------------
def _rule_tags(rules: Rules, rng: random.Random, annotate: bool) -> dict[str, str]:
    """The tags that state ``rules``: defaults left out, except now and then (export keeps
    what a record has, so an explicit default must round-trip too)."""
    tags: dict[str, str] = {}
    explicit = annotate and rng.random() < 0.3
    if rules.players != 4 or explicit:
        tags["Players"] = str(rules.players)
    if rules.deck != rules.default_deck or explicit:
        tags["Deck"] = str(rules.deck)
    tags["TrumpMethod"] = rules.trump_method.value
    if rules.trump_method is TrumpMethod.CLOSED and (rules.reveal is Reveal.B or explicit):
        tags["Reveal"] = rules.reveal.value
    if rules.capture is not Capture.TRICK or explicit:
        tags["Capture"] = rules.capture.value
    if rules.flags:
        tags["Variant"] = ",".join(rules.flags)
    if rules.scoring is not Scoring.PLAIN or explicit:
        tags["Scoring"] = rules.scoring.value
    if rules.target is not None:
        tags["Target"] = str(rules.target)
    return tags


def _text_tags(rng: random.Random, event: str, players: int, annotate: bool) -> dict[str, str]:
    tags = {"Event": event}
    if annotate:
        if rng.random() < 0.5:
            tags["Event"] = event + ' "club" \\ night'
        if rng.random() < 0.5:
            tags["Site"] = rng.choice(("Pune", "Ahmedabad", "Mumbai", "Zürich"))
            tags["Date"] = f"2026.{rng.randint(1, 12):02d}.{rng.randint(1, 28):02d}"
        if rng.random() < 0.5:
            for seat in seats(players):
                tags[seat] = rng.choice(_NAMES)
        if rng.random() < 0.3:
            tags["Annotator"] = "generator"  # an unknown tag: exported alphabetically
    return tags


def _result_tags(game: Game) -> dict[str, str]:
    counts = game.counts
    tens = (counts.tens[0], counts.tens[1])
    tricks = (counts.tricks[0], counts.tricks[1])
    result = game.result()
    return {
        "Result": result.tag,
        "Tens": f"{tens[0]}-{tens[1]}",
        "Tricks": f"{tricks[0]}-{tricks[1]}",
    }


def _random_setup(
    rng: random.Random, rules: Rules, dealer: Seat | None
) -> tuple[DealSetup, dict[str, str]]:
    """Shuffle, deal, choose the trump: the set-up and the tags that describe it."""
    table = seats(rules.players)
    if dealer is None:
        dealer = rng.choice(table)
    elif dealer not in table:
        raise ValueError(f"no seat {dealer} at a {rules.players}-player table")
    chooser = rules.trump_chooser(dealer)  # sets a closed trump aside
    leader = rules.first_lead(dealer)
    cards = list(deck(rules.deck))
    rng.shuffle(cards)
    per = rules.tricks_per_deal
    dealt = {seat: frozenset(cards[i * per : (i + 1) * per]) for i, seat in enumerate(table)}
    # two packs: the copies as the written hands read back (PMN says 7S for either)
    hands = dealt if rules.packs == 1 else _frozen(copies_by_appearance(dealt))
    tags: dict[str, str] = {"Dealer": dealer}
    trump = trump_card = hidden_holder = None
    method = rules.trump_method
    if method in (TrumpMethod.DRAWN, TrumpMethod.FACE_UP):
        trump_card = rng.choice(cards).face  # the card shown, as TrumpCard reads back
        trump = trump_card.suit
        tags["Trump"] = trump.letter
        if method is TrumpMethod.FACE_UP or rng.random() < 0.5:
            tags["TrumpCard"] = str(trump_card)
        else:
            trump_card = None
    elif method is TrumpMethod.CLOSED:
        trump_card = rng.choice(sort_cards(hands[chooser]))
        if trump_card.face in hands[chooser]:
            trump_card = trump_card.face  # the copy TrumpCard reads back as, of a pair held
        hidden_holder = chooser
        tags["TrumpCard"] = f"{chooser}:{trump_card}"
    setup = DealSetup(
        rules=rules,
        hands=hands,
        first_leader=leader,
        dealer=dealer,
        trump=trump,
        trump_card=trump_card,
        hidden_holder=hidden_holder,
    )
    tags["Hands"] = format_hands(hands)
    return setup, tags


def _frozen(hands: dict[Seat, frozenset[Card] | None]) -> dict[Seat, frozenset[Card]]:
    return {seat: hand or frozenset() for seat, hand in hands.items()}


def _as_read(rules: Rules, tags: dict[str, str], game: Game) -> DealSetup:
    """Two packs: a position's set-up as the reader makes it of its tags (the copies of the
    hands, the table and the pile by order of appearance, as PMN's ``7S`` reads back)."""
    problems: list[str] = []
    setup = setup_from_tags(
        {**rule_tags(rules), **tags, "Play": game.leader},
        [e.card.face for e in game.table],
        lambda message, _where: problems.append(message),
    )
    if setup is None or problems:
        raise AssertionError(f"a generated position does not read back: {problems}")
    return setup


def _ordered(*parts: dict[str, str]) -> dict[str, str]:
    merged: dict[str, str] = {}
    for part in parts:
        merged.update(part)
    return merged


def random_deal(
    rng: random.Random,
    rules: Rules | None = None,
    *,
    dealer: Seat | None = None,
    annotate: bool = False,
    event: str = "Random deal",
    ask_chance: float | None = None,
    variations: int | None = None,
    tricky: bool = True,
) -> DealRecord:
    """A complete, legal, randomly dealt and randomly played deal as a PMN record.

    ``rules`` defaults to a random combination (:func:`random_rules`); ``dealer`` to a random
    seat. ``ask_chance`` is how often a void player asks for a closed trump (``^T``; random
    by default). With ``annotate``, cards get comments (``tricky``: with braces and
    backslashes), glyphs and NAGs, and the deal gets ``variations`` legal alternatives
    (default 1–3), some nested, plus optional tags such as player names.

    The record has its ``tags`` (values spelled as canonical PMN), ``setup`` and a main line
    whose nodes carry seat, trick and position, as if it had been read and checked.
    """
    if rules is None:
        rules = random_rules(rng)
    if ask_chance is None:
        ask_chance = rng.choice((0.0, 0.2, 0.5, 0.9))
    setup, deal_tags = _random_setup(rng, rules, dealer)
    moves = _play_out(rng, Game(setup), ask_chance)
    game = Game(setup)
    ann = _Annotator(rng, 0.12 if annotate else 0.0, ask_chance, tricky)
    record = DealRecord()
    if annotate and rng.random() < 0.3:
        record.comments.append(random_comment(rng, tricky))
    if variations is None:
        variations = rng.randint(1, 3) if annotate else 0
    _build_play(record, game, moves, ann, variations)
    assert game.finished
    record.tags = _ordered(
        _text_tags(rng, event, rules.players, annotate),
        _rule_tags(rules, rng, annotate),
        deal_tags,
        _result_tags(game),
        {"Play": setup.first_leader},
    )
    record.setup = setup
    return record


def random_deals(
    n: int,
    seed: int | str = 0,
    rules: Rules | None = None,
    *,
    annotate: bool = False,
) -> Iterator[DealRecord]:
    """``n`` random deals from one seed (same seed, same deals), each under ``rules`` or,
    by default, a fresh :func:`random_rules` draw. Deals are made lazily, one at a time, so
    a benchmark can write a corpus of any size without holding it."""
    rng = random.Random(seed)
    for i in range(n):
        yield random_deal(rng, rules, annotate=annotate, event=f"Random deal {i + 1}")


# -- positions --------------------------------------------------------------------------------
def random_position(
    rng: random.Random,
    rules: Rules | None = None,
    *,
    cut: int | None = None,
    annotate: bool = False,
    event: str = "Random position",
) -> DealRecord:
    """A random complete deal cut at a random card (or after ``cut`` cards): a PMN position
    record with a ``Start`` tag, the hands still held, the cards already on the table in
    the trick under way (in ``setup.start.table``, not in the play tree: the reader drops
    them from the tree too), and the rest of the deal as the main line.

    Version B's reveal in the middle of the cut trick is the one state ``Start`` cannot
    say (trump-suit cards played before the ask do not count as trumps), so such a cut is
    moved back to the start of that trick.
    """
    if rules is None:
        rules = random_rules(rng)
    ask_chance = rng.choice((0.0, 0.2, 0.5, 0.9))
    setup, _ = _random_setup(rng, rules, None)
    moves = _play_out(rng, Game(setup), ask_chance)
    if cut is None:
        cut = rng.randint(1, len(moves) - 1)
    if not 0 < cut < len(moves):
        raise ValueError(f"cut must be between 1 and {len(moves) - 1}, not {cut}")
    game = Game(setup)
    for card, ask in moves[:cut]:
        game.play(card, ask_reveal=ask)
    if (
        rules.reveal is Reveal.B
        and game.trump_since is not None
        and game.table
        and game.trump_since >= game.trick_start_ply
    ):
        cut -= len(game.table)
        game = Game(setup)
        for card, ask in moves[:cut]:
            game.play(card, ask_reveal=ask)
    start = StartPosition(
        trick=game.trick,
        tens=(game.counts.tens[0], game.counts.tens[1]),
        tricks=(game.counts.tricks[0], game.counts.tricks[1]),
        table=tuple((e.seat, e.card) for e in game.table),
        pile_tricks=game.pile_tricks,
        pile_tens=tuple(game.pile_cards),
        streak=game.streak_seat,
    )
    hands = {seat: frozenset(game.hands[seat] or ()) for seat in game.seats}
    start_items = [
        f"trick {start.trick}",
        f"tens {start.tens[0]}-{start.tens[1]}",
        f"tricks {start.tricks[0]}-{start.tricks[1]}",
    ]
    tags: dict[str, str] = {"Dealer": setup.dealer or "A"}
    trump = game.trump
    trump_card: Card | None = None
    hidden_holder: Seat | None = None
    if game.hidden_card is not None:
        trump_card, hidden_holder = game.hidden_card, game.hidden_holder
        start_items.append(f"hidden {hidden_holder}:{trump_card}")
        if rng.random() < 0.5:
            tags["TrumpCard"] = f"{hidden_holder}:{trump_card}"
    elif trump is not None:
        tags["Trump"] = trump.letter
        if setup.trump_card is not None and setup.trump_card.suit is trump:
            trump_card = setup.trump_card
            if rules.trump_method is not TrumpMethod.CLOSED or rng.random() < 0.5:
                tags["TrumpCard"] = str(trump_card)
            else:
                trump_card = None
    if start.pile_tricks:
        pile = f"pile {start.pile_tricks}"
        if start.pile_tens:
            pile += " " + ",".join(str(c) for c in start.pile_tens)
        start_items.append(pile)
    if start.streak is not None:
        start_items.append(f"streak {start.streak}")
    tags["Hands"] = format_hands(hands)
    tags["Start"] = "; ".join(start_items)
    position_setup = DealSetup(
        rules=rules,
        hands=hands,
        first_leader=game.leader,
        dealer=setup.dealer,
        trump=trump,
        trump_card=trump_card,
        hidden_holder=hidden_holder,
        start=start,
    )
    if rules.packs == 2:
        position_setup = _as_read(rules, tags, game)
    play = Game(position_setup)
    ann = _Annotator(rng, 0.12 if annotate else 0.0, ask_chance)
    record = DealRecord()
    _build_play(record, play, moves[cut:], ann, rng.randint(0, 2) if annotate else 0)
    assert play.finished
    record.tags = _ordered(
        _text_tags(rng, event, rules.players, annotate),
        _rule_tags(rules, rng, annotate),
        tags,
        _result_tags(play),
        {"Play": game.leader},
    )
    record.setup = position_setup
    return record


def random_positions(
    n: int, seed: int | str = 0, rules: Rules | None = None
) -> Iterator[DealRecord]:
    """``n`` random positions from one seed, like :func:`random_deals`."""
    rng = random.Random(seed)
    for i in range(n):
        yield random_position(rng, rules, event=f"Random position {i + 1}")
