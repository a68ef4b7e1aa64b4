"""Make the sample games in ``sample_games/``.

Every deal is dealt from a fixed seed and played by a rule-of-thumb player built on
:class:`mendikot_replay.core.engine.Game` (the heuristics a club player uses: follow high when the
card wins, low otherwise; cash the ace before the ten; drop a ten on partner's winner; ruff an
opponent's ten; lead from the long suit; discard low when void). The script then adds
annotations: some found from the play itself (a ten dropped on partner's ace, a ten ruffed, a
trump revealed or named...), and comments written by hand after looking at each deal, keyed
by trick and card. Variations are played out by the same player from the alternative card to
the end of its trick.

The text is read back with :func:`mendikot_replay.pmn.reader.read_string` and, when the PMN
writer is available, written in canonical form by it, so that each file round-trips byte for
byte. Run from the repository root::

    .venv/bin/python scripts/make_sample_games.py          # write sample_games/*.pmn
    .venv/bin/python scripts/make_sample_games.py --show   # also print every deal's play
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mendikot_replay.core.cards import Card, Suit, format_hand  # noqa: E402
from mendikot_replay.core.deal_setup import DealSetup  # noqa: E402
from mendikot_replay.core.engine import Game, PlayEvent  # noqa: E402
from mendikot_replay.core.result import DealResult  # noqa: E402
from mendikot_replay.core.rules import Capture, Reveal, Rules, Scoring, TrumpMethod  # noqa: E402
from mendikot_replay.core.seats import Seat, seats, team_of  # noqa: E402
from mendikot_replay.players.simple import Choice, Memory, RuleOfThumbPlayer, SeatView  # noqa: E402
from mendikot_replay.players.simulate import deal_setup  # noqa: E402

OUT = ROOT / "sample_games"
SUIT_NAMES = {
    Suit.SPADES: "spades",
    Suit.HEARTS: "hearts",
    Suit.DIAMONDS: "diamonds",
    Suit.CLUBS: "clubs",
}


def cname(c: Card) -> str:
    return c.name


# ---------------------------------------------------------------------------------------
# The rule-of-thumb player lives in the package (mendikot_replay.players.simple), dealing and
# the trump choice in mendikot_replay.players.simulate: the simulator plays the same game as
# the samples.
# ---------------------------------------------------------------------------------------
_PLAYER = RuleOfThumbPlayer()


def rule_of_thumb(game: Game, memory: Memory) -> Choice:
    """The rule-of-thumb card (with its reason) for the player to move."""
    return _PLAYER.decide(SeatView(game, memory))


# ---------------------------------------------------------------------------------------
# Playing a deal
# ---------------------------------------------------------------------------------------
@dataclass
class Played:
    setup: DealSetup
    moves: list[Choice]
    events: list[PlayEvent]
    result: DealResult | None
    game: Game


Override = dict[tuple[int, int], str]
"""(trick, position) -> card text: a card a player chose against the rule of thumb."""


def play_out(
    game: Game, memory: Memory, overrides: Override | None = None, stop_trick: int | None = None
) -> tuple[list[Choice], list[PlayEvent]]:
    moves: list[Choice] = []
    events: list[PlayEvent] = []
    while not game.finished:
        if stop_trick is not None and game.trick > stop_trick:
            break
        seat = game.to_play
        assert seat is not None
        key = (game.trick, len(game.table))
        if overrides and key in overrides:
            c = Card.parse(overrides[key])
            choice = Choice(c, reason="override")
        else:
            choice = rule_of_thumb(game, memory)
        ev = game.play(choice.card, ask_reveal=choice.ask)
        memory.see(ev)
        moves.append(choice)
        events.append(ev)
    return moves, events


def play_deal(setup: DealSetup, overrides: Override | None = None) -> Played:
    game = Game(setup)
    memory = Memory(game)
    moves, events = play_out(game, memory, overrides)
    return Played(setup, moves, events, game.result(), game)


def make_setup(rules: Rules, seed: int, dealer: Seat) -> tuple[DealSetup, dict[str, str]]:
    """Deal from ``seed`` and choose the trump as the rules say; returns the set-up and the
    trump tags."""
    return deal_setup(random.Random(seed), rules, dealer)


# ---------------------------------------------------------------------------------------
# Annotation
# ---------------------------------------------------------------------------------------
@dataclass
class Note:
    glyph: str = ""
    nags: list[int] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    variation: list[str] | None = None
    variation_comment: str = ""


@dataclass
class DealSpec:
    """One deal of a sample file: how it is dealt and played, and what is said about it."""

    rules: Rules
    seed: int
    dealer: Seat
    names: dict[Seat, str]
    event: str
    site: str
    date: str
    extra_tags: dict[str, str] = field(default_factory=dict)
    intro: str = ""
    notes: dict[tuple[int, int], str] = field(default_factory=dict)
    """(trick, position) -> a hand-written comment."""
    glyphs: dict[tuple[int, int], str] = field(default_factory=dict)
    variations: dict[tuple[int, int], tuple[str, str]] = field(default_factory=dict)
    """(trick, position) -> (alternative cards, comment at its end)."""
    overrides: Override = field(default_factory=dict)
    auto: bool = True


def seat_name(spec: DealSpec, seat: Seat) -> str:
    return f"{spec.names.get(seat, seat)} ({seat})"


def hand_before(played: Played, ply: int) -> set[Card]:
    """The hand of the player of card ``ply`` just before it was played."""
    seat = played.events[ply].seat
    later = {e.card for e in played.events[ply:] if e.seat == seat}
    return later


def auto_notes(spec: DealSpec, played: Played) -> dict[int, Note]:
    """Annotations found in the play: tens captured and lost, ruffs, reveals, cuts."""
    notes: dict[int, Note] = {}
    rules = spec.rules
    events = played.events
    trick_events: dict[int, list[PlayEvent]] = {}
    for ev in events:
        trick_events.setdefault(ev.trick, []).append(ev)
    winners = {ev.trick: ev.trick_winner for ev in events if ev.trick_winner is not None}
    tens_seen = 0
    long_discard_done = False
    tens_by_team = [0, 0]
    for ply, (ev, mv) in enumerate(zip(events, played.moves, strict=True)):
        note = notes.setdefault(ply, Note())
        who = spec.names.get(ev.seat, ev.seat)
        winner = winners[ev.trick]
        same_team = team_of(winner) == team_of(ev.seat)
        if ev.revealed:
            how = "asks for the closed trump" if ev.asked else "cannot follow suit"
            tcard = played.setup.trump_card
            assert tcard is not None
            if ev.asked:
                text = (
                    f"{who} {how}: the face-down card is the {cname(tcard)}, so "
                    f"{SUIT_NAMES[tcard.suit]} are trumps from this card on"
                )
            elif rules.reveal is Reveal.A and ev.card is not tcard:
                text = (
                    f"{who} {how}, so the face-down card is turned up: the {cname(tcard)}. "
                    f"{SUIT_NAMES[tcard.suit].capitalize()} are trumps from now on, and it goes "
                    f"back to {spec.names.get(played.setup.hidden_holder or '', '')}'s hand"
                )
            else:
                text = f"The face-down {cname(tcard)} is played at last and shows the trump"
            note.nags.append(24)
            note.comments.append(f"{text} [%point trump-revealed {tcard} {ev.seat}]")
        if ev.named:
            note.nags.append(24)
            note.comments.append(
                f"{who} cannot follow suit, and the first card of a void player names the "
                f"trump: {SUIT_NAMES[ev.card.suit]}. The {cname(ev.card)} is itself a trump "
                f"[%point cut {ev.card} {ev.seat}]"
            )
        if mv.reason == "no-ask":
            note.comments.append(
                f"{who} cannot follow but does not ask for the trump: there is no ten on "
                "the table, so the highest card of the suit led wins the trick"
            )
        if ev.card.is_ten:
            tens_seen += 1
            if same_team and winner != ev.seat and mv.reason in ("drop-ten", "ten-on-partner"):
                note.glyph = note.glyph or "!"
                note.nags.append(21)
                w = spec.names.get(winner, winner)
                verb = "drops" if mv.reason == "drop-ten" else "throws"
                note.comments.append(
                    f"{who} {verb} the ten on partner {w}'s winning card "
                    f"[%point ten-captured {ev.card} {winner}]"
                )
            elif same_team and mv.reason == "cash-ten":
                note.nags.append(22)
                note.comments.append(
                    f"The higher {SUIT_NAMES[ev.card.suit]} are gone, so the ten is now the "
                    f"master card and {who} cashes it safely [%point ten-protected {ev.card} "
                    f"{ev.seat}]"
                )
            elif same_team and winner == ev.seat and ev.position > 0:
                note.nags.append(21)
                note.comments.append(
                    f"The ten wins the trick for {who}'s side "
                    f"[%point ten-captured {ev.card} {ev.seat}]"
                )
            elif not same_team:
                note.nags.append(20)
                w = spec.names.get(winner, winner)
                forced = mv.reason == "forced"
                if mv.reason == "cash-ten":
                    note.glyph = note.glyph or "?!"
                    note.comments.append(
                        f"The ten is the master card of its suit, but {w} has none left and "
                        f"ruffs it [%point ten-lost {ev.card} {ev.seat}]"
                    )
                elif ev.position == 0 and not forced:
                    note.glyph = note.glyph or "?"
                    note.comments.append(
                        f"Leading the ten while a higher card is out gives it to {w} "
                        f"[%point unsafe-ten-lead {ev.card} {ev.seat}]"
                    )
                elif forced:
                    note.comments.append(
                        f"{who} has no other card of the suit and must give the ten to {w} "
                        f"[%point ten-lost {ev.card} {ev.seat}]"
                    )
                else:
                    note.comments.append(
                        f"The ten goes to {w} [%point ten-lost {ev.card} {ev.seat}]"
                    )
        if ev.position > 0 and not ev.followed and ev.is_trump and ev.seat == winner:
            tens = [
                e.card
                for e in trick_events[ev.trick]
                if e.card.is_ten and team_of(e.seat) != team_of(ev.seat)
            ]
            if tens:
                note.glyph = note.glyph or "!"
                note.nags.append(23)
                note.comments.append(
                    f"{who} ruffs and takes the {cname(tens[0])} "
                    f"[%point ten-ruffed {tens[0]} {ev.seat}]"
                )
        if mv.reason == "protect-ten":
            note.nags.append(22)
            note.comments.append(
                f"{who} cashes the {cname(ev.card)} before touching the ten of "
                f"{SUIT_NAMES[ev.card.suit]} [%point ten-protected T{ev.card.suit.letter} "
                f"{ev.seat}]"
            )
        if (
            mv.reason == "discard"
            and not long_discard_done
            and not ev.card.is_ten
            and ev.card.suit is not played.game.trump
            and sum(1 for c in hand_before(played, ply) if c.suit is ev.card.suit) >= 3
            and all(
                c.rank >= ev.card.rank for c in hand_before(played, ply) if c.suit is ev.card.suit
            )
        ):
            long_discard_done = True
            note.nags.append(26)
            note.comments.append(
                f"Void in {SUIT_NAMES[ev.led_suit] if ev.led_suit else ''}, {who} throws a low "
                f"card of the long suit and keeps the tens and winners "
                f"[%point long-suit-discard {ev.card} {ev.seat}]"
            )
        # tens split 2-2 once the fourth ten is taken
        if ev.collected is not None:
            for ten in ev.collected[1]:
                tens_by_team[0 if team_of(winner) == "AC" else 1] += 1
                del ten
            if tens_by_team == [2, 2] and not any(28 in n.nags for n in notes.values()):
                note.nags.append(28)
                note.comments.append(
                    "The tens are split 2-2: from here only tricks count [%point tricks-race]"
                )
    for n in notes.values():
        if n.comments:
            n.comments = [" ".join(n.comments)]
    return notes


# ---------------------------------------------------------------------------------------
# Writing PMN text
# ---------------------------------------------------------------------------------------
def esc(text: str) -> str:
    return text.replace("\\", "\\\\").replace("}", "\\}")


def tag_line(name: str, value: str) -> str:
    return f'[{name} "{value}"]'


def best_card(game: Game, memory: Memory) -> Card:
    """The solver's card for the player to move (the rule of thumb's when it is as good)."""
    seat = game.to_play
    assert seat is not None
    values = card_values(game)
    target = max(values.values()) if team_of(seat) == "AC" else min(values.values())
    hint = rule_of_thumb(game, memory).card
    if values[hint] == target:
        return hint
    return min((c for c, v in values.items() if v == target), key=lambda c: c.rank)


def variation_text(
    game: Game, memory: Memory, cards: list[str], comment: str, to_end: bool = False
) -> str:
    """Play ``cards`` instead of the main line's card, then the rule of thumb to the end of
    the trick, as PMN text."""
    g = game.copy()
    mem = memory.copy()
    parts: list[str] = []

    def put(c: Card, ask: bool) -> None:
        if not g.table and parts:
            parts.append(f"{g.trick}. {g.to_play}:")
        ev = g.play(c, ask_reveal=ask)
        mem.see(ev)
        parts.append(("^T" if ask else "") + str(c))

    for text in cards:
        ask = text.startswith("^T")
        put(Card.parse(text.removeprefix("^T")), ask)
    while (g.table or to_end) and not g.finished:
        if to_end:
            put(best_card(g, mem), False)
        else:
            choice = rule_of_thumb(g, mem)
            put(choice.card, choice.ask)
    text = " ".join(parts)
    if comment:
        text += " { " + esc(comment) + " }"
    return "( " + text + " )"


def deal_text(spec: DealSpec, played: Played, tags: dict[str, str]) -> str:
    lines = [tag_line(k, v) for k, v in tags.items()]
    if spec.intro:
        lines.append("{ " + esc(spec.intro) + " }")
    notes = auto_notes(spec, played) if spec.auto else {}
    # replay to build variation texts from the right positions
    game = Game(played.setup)
    memory = Memory(game)
    tokens: list[str] = []
    for ply, (ev, mv) in enumerate(zip(played.events, played.moves, strict=True)):
        key = (ev.trick, ev.position)
        var = None
        if key in spec.variations:
            alt, vcomment = spec.variations[key]
            var = variation_text(game, memory, alt.split(), vcomment)
        if ev.position == 0:
            if tokens:
                lines.append(" ".join(tokens))
            tokens = [f"{ev.trick}. {ev.seat}:"]
        note = notes.get(ply, Note())
        glyph = spec.glyphs.get(key, note.glyph)
        tok = ("^T" if mv.ask else "") + str(ev.card) + glyph
        tokens.append(tok)
        tokens.extend(f"${n}" for n in note.nags)
        comments = list(note.comments)
        if key in spec.notes:
            comments.append(spec.notes[key])
        for c in comments:
            tokens.append("{ " + esc(c) + " }")
        if var:
            tokens.append(var)
        game.play(ev.card, ask_reveal=mv.ask)
        memory.see(ev)
    lines.append(" ".join(tokens))
    return "\n".join(lines)


def build_tags(spec: DealSpec, played: Played, trump_tags: dict[str, str]) -> dict[str, str]:
    r = spec.rules
    tags: dict[str, str] = {"Event": spec.event, "Site": spec.site, "Date": spec.date}
    for k in ("Round", "Match", "Deal"):
        if k in spec.extra_tags:
            tags[k] = spec.extra_tags[k]
    for s in seats(r.players):
        tags[s] = spec.names[s]
    if r.players != 4:
        tags["Players"] = str(r.players)
    if r.deck != r.default_deck:
        tags["Deck"] = str(r.deck)
    tags["Dealer"] = spec.dealer
    tags["TrumpMethod"] = r.trump_method.value
    if r.trump_method is TrumpMethod.CLOSED:
        tags["Reveal"] = r.reveal.value
    if "Trump" in trump_tags:
        tags["Trump"] = trump_tags["Trump"]
    if "TrumpCard" in trump_tags:
        tags["TrumpCard"] = trump_tags["TrumpCard"]
    if r.trump_method is TrumpMethod.CUT and played.game.trump is not None:
        tags["Trump"] = played.game.trump.letter
    if r.capture is Capture.DEHLA:
        tags["Capture"] = "Dehla"
    flags = [f for f, on in (("must-trump", r.must_trump), ("bonus-aces", r.bonus_aces)) if on]
    if flags:
        tags["Variant"] = ",".join(flags)
    if "Scoring" in spec.extra_tags:
        tags["Scoring"] = spec.extra_tags["Scoring"]
    if "Target" in spec.extra_tags:
        tags["Target"] = spec.extra_tags["Target"]
    tags["Hands"] = " ".join(
        f"{s}:{format_hand(played.setup.hands[s] or ())}" for s in seats(r.players)
    )
    assert played.result is not None
    tags["Result"] = played.result.tag
    tags["Tens"] = f"{played.result.tens[0]}-{played.result.tens[1]}"
    tags["Tricks"] = f"{played.result.tricks[0]}-{played.result.tricks[1]}"
    tags["Play"] = played.setup.first_leader
    return tags


def render(spec: DealSpec) -> tuple[str, Played]:
    setup, trump_tags = make_setup(spec.rules, spec.seed, spec.dealer)
    played = play_deal(setup, spec.overrides)
    tags = build_tags(spec, played, trump_tags)
    return deal_text(spec, played, tags), played


def show(spec: DealSpec, played: Played) -> str:
    """A plain listing of a deal's play, to write the hand comments from."""
    out = [f"seed {spec.seed} {spec.rules.describe()} dealer {spec.dealer}"]
    for s in seats(spec.rules.players):
        out.append(f"  {s}: {format_hand(played.setup.hands[s] or ())}")
    if played.setup.trump_card is not None:
        out.append(f"  trump card {played.setup.trump_card}")
    line: list[str] = []
    for ev, mv in zip(played.events, played.moves, strict=True):
        if ev.position == 0:
            line = [f"  {ev.trick:2}. {ev.seat}:"]
        line.append(f"{'^T' if mv.ask else ''}{ev.card}({mv.reason})")
        if ev.trick_winner is not None:
            coll = f" coll={ev.collected}" if spec.rules.capture is Capture.DEHLA else ""
            out.append(" ".join(line) + f" -> {ev.trick_winner}{coll}")
    out.append(f"  result {played.result}")
    return "\n".join(out)


# ---------------------------------------------------------------------------------------
# Searching seeds for a deal with a wanted property
# ---------------------------------------------------------------------------------------
def find_seed(
    rules: Rules,
    dealer: Seat,
    wanted: Callable[[Played], bool],
    start: int = 1,
    tries: int = 5000,
) -> int:
    for seed in range(start, start + tries):
        setup, _ = make_setup(rules, seed, dealer)
        played = play_deal(setup)
        if wanted(played):
            return seed
    raise SystemExit(f"no seed found for {rules.describe()}")


# ---------------------------------------------------------------------------------------
# A small double-dummy solver, for the endgame positions and the "decisive" marks
# ---------------------------------------------------------------------------------------
def outcome(game: Game) -> int:
    """+1 when A/C win, -1 when B/D win, 0 for a tie (finished game)."""
    r = game.result()
    return 0 if r.winner is None else (1 if r.winner == "AC" else -1)


def solve(game: Game, alpha: int = -1, beta: int = 1) -> int:
    if game.finished:
        return outcome(game)
    seat = game.to_play
    assert seat is not None
    maximize = team_of(seat) == "AC"
    best = -2 if maximize else 2
    for c in game.legal_cards():
        g = game.copy()
        g.play(c)
        v = solve(g, alpha, beta)
        if maximize:
            best = max(best, v)
            alpha = max(alpha, v)
        else:
            best = min(best, v)
            beta = min(beta, v)
        if alpha >= beta:
            break
    return best


def card_values(game: Game) -> dict[Card, int]:
    out = {}
    for c in game.legal_cards():
        g = game.copy()
        g.play(c)
        out[c] = solve(g)
    return out


# ---------------------------------------------------------------------------------------
# Endgame positions
# ---------------------------------------------------------------------------------------
@dataclass
class PositionSpec:
    event: str
    tags: dict[str, str]
    intro: str
    notes: dict[int, str] = field(default_factory=dict)
    """ply (0-based, of the cards played after the position) -> comment."""
    glyphs: dict[int, str] = field(default_factory=dict)
    variations: dict[int, tuple[str, str]] = field(default_factory=dict)
    nags: dict[int, list[int]] = field(default_factory=dict)


def position_setup(tags: dict[str, str], table_text: str) -> tuple[Game, list[tuple[Seat, Card]]]:
    from mendikot_replay.pmn.reader import read_string

    text = "\n".join(tag_line(k, v) for k, v in tags.items()) + "\n" + table_text + "\n"
    rec = read_string(text)[0]
    assert rec.setup is not None, rec.errors
    game = Game(rec.setup)
    assert rec.setup.start is not None
    return game, list(rec.setup.start.table)


def position_text(spec: PositionSpec, table_text: str) -> str:
    """The position, then the best play to the end (found by the solver), annotated."""
    game, _ = position_setup(spec.tags, table_text)
    lines = [tag_line(k, v) for k, v in spec.tags.items()]
    lines.append("{ " + esc(spec.intro) + " }")
    memory = Memory(game)
    tokens: list[str] = [table_text] if table_text else []
    ply = 0
    while not game.finished:
        seat = game.to_play
        assert seat is not None
        c = best_card(game, memory)
        if not game.table and not (ply == 0 and table_text):
            if tokens:
                lines.append(" ".join(tokens))
            tokens = [f"{game.trick}. {seat}:"]
        var = None
        if ply in spec.variations:
            alt, vc = spec.variations[ply]
            var = variation_text(game, memory, alt.split(), vc, to_end=True)
        tokens.append(str(c) + spec.glyphs.get(ply, ""))
        tokens.extend(f"${n}" for n in spec.nags.get(ply, []))
        if ply in spec.notes:
            tokens.append("{ " + esc(spec.notes[ply]) + " }")
        if var:
            tokens.append(var)
        ev = game.play(c)
        memory.see(ev)
        ply += 1
    lines.append(" ".join(tokens))
    return "\n".join(lines)


def position_from_deal(
    rules: Rules, seed: int, dealer: Seat, trick: int, on_table: int
) -> tuple[dict[str, str], str]:
    """Stop a rule-of-thumb deal at a trick (with ``on_table`` cards played to it) and write
    the position's tags and the first play line."""
    setup, trump_tags = make_setup(rules, seed, dealer)
    game = Game(setup)
    memory = Memory(game)
    while not (game.trick == trick and len(game.table) == on_table):
        ev = game.play(rule_of_thumb(game, memory).card)
        memory.see(ev)
    c = game.counts
    tags = {"TrumpMethod": rules.trump_method.value}
    if "Trump" in trump_tags:
        tags["Trump"] = trump_tags["Trump"]
    tags["Hands"] = " ".join(
        f"{s}:{format_hand(game.hands[s] or ())}" for s in seats(rules.players)
    )
    tags["Start"] = (
        f"trick {trick}; tens {c.tens[0]}-{c.tens[1]}; tricks {c.tricks[0]}-{c.tricks[1]}"
    )
    tags["Play"] = game.leader
    table = " ".join(str(e.card) for e in game.table)
    return tags, (f"{trick}. {game.leader}: {table}" if table else "")


# ---------------------------------------------------------------------------------------
# Predicates used to pick the seeds (run with --search to find them again)
# ---------------------------------------------------------------------------------------
def reasons(p: Played) -> set[str]:
    return {m.reason for m in p.moves}


def aces_to(p: Played) -> set[str]:
    """The teams that captured the four aces (Trick capture)."""
    teams = set()
    for ev in p.events:
        if ev.card.rank == 14:
            winner = next(
                e.trick_winner
                for e in p.events
                if e.trick == ev.trick and e.trick_winner is not None
            )
            teams.add(team_of(winner))
    return teams


def dehla_ok(p: Played) -> bool:
    wins = [e for e in p.events if e.trick_winner is not None]
    streak = any(e.collected and e.collected[0] >= 2 for e in wins[:-1])
    last = wins[-1]
    return (
        streak
        and last.collected is not None
        and last.collected[0] >= 2
        and wins[-2].trick_winner != last.trick_winner
        and any(e.collected and e.collected[1] for e in wins[:-1])
        and bool(last.collected[1])
    )


def closed_b_ok(p: Played) -> bool:
    asks = [i for i, m in enumerate(p.moves) if m.ask]
    no_asks = [i for i, m in enumerate(p.moves) if m.reason == "no-ask"]
    return bool(
        asks
        and no_asks
        and min(no_asks) < min(asks)
        and 4 <= p.events[asks[0]].trick <= 10
        and p.moves[asks[0]].reason == "ruff-ten"
    )


WANTED: dict[str, tuple[Rules, Seat, Callable[[Played], bool]]] = {
    "drawn": (
        Rules(),
        "D",
        lambda p: (
            {"protect-ten", "ruff-ten", "drop-ten"} <= reasons(p)
            and p.result is not None
            and p.result.kind == "win"
        ),
    ),
    "faceup": (
        Rules(trump_method=TrumpMethod.FACE_UP),
        "B",
        lambda p: (
            {"cash-ten", "protect-ten"} <= reasons(p)
            and p.result is not None
            and p.result.kind == "win"
        ),
    ),
    "closed-a": (
        Rules(trump_method=TrumpMethod.CLOSED),
        "C",
        lambda p: (
            any(e.revealed and 4 <= e.trick <= 8 for e in p.events)
            and p.result is not None
            and p.result.kind == "win"
        ),
    ),
    "closed-b": (Rules(trump_method=TrumpMethod.CLOSED, reveal=Reveal.B), "A", closed_b_ok),
    "cut": (
        Rules(trump_method=TrumpMethod.CUT),
        "D",
        lambda p: (
            any(e.named and 2 <= e.trick <= 5 for e in p.events)
            and p.result is not None
            and p.result.kind == "win"
        ),
    ),
    "none": (
        Rules(trump_method=TrumpMethod.NONE),
        "B",
        lambda p: (
            {"cash-ten", "drop-ten"} <= reasons(p)
            and p.result is not None
            and p.result.kind == "win"
        ),
    ),
    "dehla": (Rules(capture=Capture.DEHLA), "D", dehla_ok),
    "six": (
        Rules(players=6),
        "F",
        lambda p: p.result is not None and p.result.kind == "win" and "drop-ten" in reasons(p),
    ),
    "eight": (
        Rules(players=8),
        "H",
        lambda p: p.result is not None and p.result.kind == "win" and "drop-ten" in reasons(p),
    ),
    "short": (
        Rules(deck=32),
        "D",
        lambda p: (
            p.result is not None
            and p.result.kind == "win"
            and {"drop-ten", "cash-ten"} <= reasons(p)
        ),
    ),
    "mustbonus": (
        Rules(must_trump=True, bonus_aces=True),
        "D",
        lambda p: (
            p.result is not None and p.result.kind == "mendikot" and aces_to(p) == {p.result.winner}
        ),
    ),
    "mendikot": (
        Rules(),
        "C",
        lambda p: (
            p.result is not None and p.result.kind == "mendikot" and "protect-ten" in reasons(p)
        ),
    ),
    "whitewash": (
        Rules(trump_method=TrumpMethod.NONE),
        "A",
        lambda p: p.result is not None and p.result.kind == "whitewash",
    ),
    "tie": (Rules(deck=32), "B", lambda p: p.result is not None and p.result.kind == "tie"),
}


SEEDS = {
    "drawn": 1,
    "faceup": 19,
    "closed-a": 1,
    "closed-b": 7,
    "cut": 1,
    "none": 5,
    "dehla": 3,
    "six": 8,
    "eight": 1,
    "short": 11,
    "mustbonus": 20,
    "mendikot": 5,
    "whitewash": 53,
    "tie": 3,
}

NAMES4 = [
    {"A": "Asha", "B": "Bilal", "C": "Chetan", "D": "Divya"},
    {"A": "Meera", "B": "Rohan", "C": "Kavita", "D": "Sanjay"},
    {"A": "Priya", "B": "Imran", "C": "Gaurav", "D": "Neha"},
    {"A": "Lakshmi", "B": "Farhan", "C": "Vikram", "D": "Sunita"},
]
NAMES6 = {"A": "Anil", "B": "Bhavna", "C": "Chirag", "D": "Deepa", "E": "Esha", "F": "Faisal"}
NAMES8 = {
    "A": "Aarti",
    "B": "Balraj",
    "C": "Chitra",
    "D": "Dev",
    "E": "Ekta",
    "F": "Firoz",
    "G": "Gita",
    "H": "Hari",
}


def spec_for(
    key: str, names: dict[str, str], event: str, site: str, date: str, **kw: object
) -> DealSpec:
    rules, dealer, _ = WANTED[key]
    return DealSpec(rules, SEEDS[key], dealer, names, event, site, date, **kw)  # type: ignore[arg-type]


def summary(spec: DealSpec, played: Played) -> str:
    """The last sentence of a deal's intro: who won and why (from the play)."""
    r = played.result
    assert r is not None
    if r.winner is None:
        return f"The deal is a tie ({r.reason}): the same dealer deals again."
    label = "/".join(s for s in seats(spec.rules.players) if team_of(s) == r.winner)
    return f"Result: {label} {r.kind} ({r.reason})."


def match_specs(base: int, target: int, count_range: tuple[int, int]) -> list[DealSpec] | None:
    """A match from consecutive seeds, dealer rotation by the rules, until a team reaches
    the target; ``None`` when it does not end within ``count_range`` deals."""
    rules = Rules(scoring=Scoring.PLAIN, target=target)
    dealer: Seat = "A"
    points = {"AC": 0, "BD": 0}
    specs: list[DealSpec] = []
    for i in range(count_range[1]):
        spec = DealSpec(
            rules,
            base + i,
            dealer,
            NAMES4[1],
            "Thursday club",
            "Pune",
            "2026.11.26",
            extra_tags={
                "Match": "thu-26",
                "Deal": str(i + 1),
                "Scoring": "plain",
                "Target": str(target),
            },
        )
        setup, _ = make_setup(rules, spec.seed, dealer)
        played = play_deal(setup)
        assert played.result is not None
        specs.append(spec)
        if played.result.winner is not None:
            points[played.result.winner] += 1
        if max(points.values()) >= target:
            return specs if len(specs) >= count_range[0] else None
        dealer = rules.next_dealer(dealer, played.result)
    return None


def write_file(name: str, texts: list[str]) -> None:
    """Read the text back (no errors, no warnings allowed), write it canonically."""
    from mendikot_replay.pmn.reader import read_string
    from mendikot_replay.pmn.writer import write_string

    text = "% PMN 1.0\n" + "\n\n".join(texts) + "\n"
    records = read_string(text)
    for rec in records:
        problems = rec.errors + rec.warnings
        if problems:
            raise SystemExit(f"{name}: deal {rec.index}: " + "; ".join(map(str, problems)))
    out = write_string(records)
    again = write_string(read_string(out))
    if again != out:
        raise SystemExit(f"{name}: the writer's output does not round-trip")
    (OUT / name).write_text(out, encoding="utf-8", newline="\n")


# ---------------------------------------------------------------------------------------
# The sample files (hand-written comments keyed by (trick, position), position 0 = lead)
# ---------------------------------------------------------------------------------------
def variant_specs() -> dict[str, list[DealSpec]]:
    pune = "Pune"
    files: dict[str, list[DealSpec]] = {}
    files["drawn-trump.pmn"] = [
        spec_for(
            "drawn",
            NAMES4[0],
            "Teaching deals: drawn trump",
            pune,
            "2026.11.12",
            intro="Drawn trump: Asha, to the dealer's right, draws a card at random (the eight "
            "of spades) and shows it, so spades are trumps before the first lead. Watch the ten "
            "of diamonds: Bilal protects it at trick 2, then throws it away at trick 8.",
            notes={
                (2, 0): "Bilal holds AT652 in diamonds: the ace first, so the ten is not led "
                "into someone else's ace later.",
                (6, 1): "Void in clubs, Bilal trumps low, and Chetan has nothing but the ten "
                "left in the suit.",
                (12, 3): "Divya's ten of trumps had no chance: Asha held the king and queen over "
                "it.",
            },
            glyphs={(8, 2): "?!"},
            variations={
                (8, 2): (
                    "6D",
                    "Throwing a low diamond instead keeps the ten: Chetan "
                    "had played two clubs already and could well be void.",
                )
            },
        )
    ]
    files["face-up-trump.pmn"] = [
        spec_for(
            "faceup",
            NAMES4[2],
            "Teaching deals: face-up trump",
            "Ahmedabad",
            "2026.10.03",
            intro="Face-up trump: the two of clubs is laid face up, so clubs are trumps and "
            "everyone knows it. Imran and Neha take the ten of hearts at once, and lose the "
            "ten of spades and the ten of diamonds to one ruff at trick 9.",
            notes={
                (1, 3): "Imran is last to play, so nobody can beat his ten: the safest "
                "moment there is to play it.",
                (9, 0): "Neha counts the ace, king, queen and jack of spades gone and cashes "
                "her ten. But nine spades are out, and Gaurav has already followed three times.",
            },
            glyphs={(9, 2): "?"},
            variations={
                (9, 2): (
                    "7C",
                    "Ruffing low keeps the ten of diamonds: Gaurav still "
                    "overruffs, but only one ten changes hands.",
                )
            },
        )
    ]
    files["closed-trump-version-a.pmn"] = [
        spec_for(
            "closed-a",
            NAMES4[3],
            "Teaching deals: closed trump, version A",
            "Nashik",
            "2026.09.18",
            intro="Band hukum (closed trump), version A: Sunita, to the dealer's right, lays "
            "the two of spades face down. Nobody knows the trump until trick 5, when Lakshmi "
            "cannot follow to clubs and the card is turned up automatically.",
            notes={
                (5, 2): "Vikram's ace of clubs is the master card and Lakshmi throws the ten of "
                "diamonds on it; Farhan must follow with his last club, the ten.",
                (11, 3): "Sunita overruffs and takes the ten of spades.",
            },
        )
    ]
    files["closed-trump-version-b.pmn"] = [
        spec_for(
            "closed-b",
            NAMES4[1],
            "Teaching deals: closed trump, version B",
            "Mumbai",
            "2026.08.21",
            intro="Closed trump, version B: Rohan lays the nine of diamonds face down. A void "
            "player may ask for it (^T) but need not; whoever asks must then trump if able. "
            "Twice a void player declines because there is no ten to win; at trick 8 Sanjay "
            "asks, and his five of diamonds takes the ten of hearts.",
            notes={
                (8, 3): "Rohan's ten is on the table and Meera's queen is winning: now the "
                "reveal is worth it, and the ruff saves partner's ten.",
            },
            variations={
                (8, 3): (
                    "7D",
                    "Without the ask, Meera's queen of hearts wins and "
                    "the ten of hearts goes to A/C.",
                )
            },
        )
    ]
    files["cut-trump.pmn"] = [
        spec_for(
            "cut",
            NAMES4[0],
            "Teaching deals: cut trump",
            pune,
            "2026.11.05",
            intro="Cut hukum: there is no trump until somebody cannot follow suit. Bilal is the "
            "first to show out, at trick 4, and his two of diamonds makes diamonds trumps and "
            "wins Chetan's ten of clubs.",
            notes={
                (4, 3): "Chetan's last club is the ten, and it falls to the new trump.",
            },
        )
    ]
    files["no-trump.pmn"] = [
        spec_for(
            "none",
            NAMES4[2],
            "Teaching deals: no-trump Mendikot",
            "Vadodara",
            "2026.07.09",
            intro="No-trump Mendikot: with no trumps, a long suit and its master cards decide "
            "the deal. Imran takes the ten of clubs with his ace, cashes the ten of hearts and "
            "runs his hearts from trick 6 to trick 9; but Priya and Gaurav take the other two "
            "tens and seven tricks.",
            notes={
                (3, 2): "Gaurav drops the ten of spades on Priya's ace: with no trumps, nobody "
                "can take an ace.",
                (6, 0): "The ace of hearts is gone and Imran holds the king himself, so his "
                "ten is the master: cashed safely.",
            },
        )
    ]
    files["dehla-pakad.pmn"] = [
        spec_for(
            "dehla",
            NAMES4[3],
            "Teaching deals: Dehla Pakad",
            "Delhi",
            "2026.06.14",
            intro="Dehla Pakad (Capture Dehla): tricks stay in a pile in the middle, and a "
            "player who wins two tricks in a row takes the whole pile for the team. The last "
            "trick takes whatever is left. Count the pile, not just the tricks.",
            notes={
                (2, 3): "Lakshmi wins her second trick in a row and takes the pile: two tricks "
                "and the ten of hearts.",
                (7, 3): "Sunita's second win in a row collects three tricks and the ten of spades.",
                (13, 3): "The last trick takes the rest of the pile: Sunita won trick 11, "
                "Lakshmi trick 12, and now Sunita sweeps three tricks and the ten of clubs.",
            },
        )
    ]
    files["six-players.pmn"] = [
        spec_for(
            "six",
            NAMES6,
            "Six-player Mendikot",
            "Surat",
            "2026.05.30",
            intro="Six players, teams A/C/E and B/D/F, the twos removed: 48 cards, 8 each, "
            "8 tricks. Each player sits between two opponents.",
        )
    ]
    files["eight-players.pmn"] = [
        spec_for(
            "eight",
            NAMES8,
            "Eight-player Mendikot",
            "Jaipur",
            "2026.04.18",
            intro="Eight players, teams A/C/E/G and B/D/F/H, 48 cards: only 6 tricks, so each "
            "trick is worth a lot.",
        )
    ]
    files["short-deck-32.pmn"] = [
        spec_for(
            "short",
            NAMES4[1],
            "Short-deck Mendikot",
            "Nagpur",
            "2026.03.22",
            intro="The short deck: 32 cards (2 to 6 removed), 8 each. With so few small cards "
            "the tens fall quickly.",
        )
    ]
    files["must-trump-bonus-aces.pmn"] = [
        spec_for(
            "mustbonus",
            NAMES4[3],
            "House rules: must trump, bonus aces",
            "Kolhapur",
            "2026.02.11",
            extra_tags={"Scoring": "bonus"},
            intro="House rules: must-trump (a void player holding a trump has to play one) and "
            "bonus-aces (winners who take all four tens and all four aces score one more). "
            "Lakshmi and Vikram take every ten and every ace.",
            notes={
                (5, 3): "Sunita is void in hearts and holds clubs, so the must-trump rule makes "
                "her ruff.",
            },
        )
    ]
    files["mendikot-and-whitewash.pmn"] = [
        spec_for(
            "mendikot",
            NAMES4[2],
            "Big wins: a mendikot",
            "Pune",
            "2026.01.15",
            intro="A mendikot: Priya and Gaurav take all four tens.",
        ),
        spec_for(
            "whitewash",
            NAMES4[0],
            "Big wins: a whitewash",
            "Pune",
            "2026.01.15",
            intro="A whitewash (kot): Asha and Chetan take all thirteen tricks, no trumps. "
            "Asha cashes her clubs and diamonds, then Chetan runs the spades.",
        ),
    ]
    files["tie.pmn"] = [
        spec_for(
            "tie",
            NAMES4[1],
            "A tie with the short deck",
            "Pune",
            "2026.01.22",
            intro="With 32 cards there are 8 tricks, so the tricks can split evenly. The tens "
            "split 2-2 and the tricks 4-4: a tie, and the same dealer deals again.",
        )
    ]
    return files


WORKED_EXAMPLE = """[Event "Thursday club"]
[Site "Pune"]
[Date "2026.11.19"]
[Match "thu-19"]
[Deal "3"]
[A "Asha"]
[B "Bilal"]
[C "Chetan"]
[D "Divya"]
[Dealer "D"]
[TrumpMethod "Drawn"]
[Trump "S"]
[Hands "A:A63.T9853.T63.95 B:Q2.K.KQJ42.KQT43 C:JT5.AQJ7.A75.762 D:K9874.642.98.AJ8"]
[Result "AC win"]
[Tens "3-1"]
[Tricks "5-8"]
[Play "A"]
1. A: TH KH AH { C's ace takes the ten for A/C [%point ten-captured TH C] } 2H
2. C: JS 8S 3S QS
3. B: QD AD 8D TD! $21 { A drops the ten under partner's ace }
4. C: 5S 7S 6S 2S
5. D: 4S AS 4C TS
6. A: 5C 3C 2C 8C
7. D: 6H 3H QC 7H
8. C: QH 4H 5H KD
9. C: 7C AC 9C TC
10. D: 9D 3D 2D 5D
11. D: 9S 6D 4D JH
12. D: JC 9H KC 6C
13. B: JD 7D KS 8H"""


def endgame_texts() -> list[str]:
    texts = []
    fmt = PositionSpec(
        "Endgame: cover or duck?",
        {
            "Event": "Endgame: cover or duck?",
            "TrumpMethod": "Drawn",
            "Trump": "H",
            "Start": "trick 10; tens 1-0; tricks 7-2",
            "Hands": "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8..",
            "Play": "B",
        },
        "C to play after B's five of spades. A/C have seven tricks and one ten: one more ten "
        "wins the deal for them. Cover with the king, or duck with the nine?",
        notes={
            0: "Only the king keeps the deal: it wins the trick, A throws the ten of clubs "
            "on it, and that is the ten A/C need. [%point decisive KS C]"
        },
        glyphs={0: "!"},
        nags={0: [29]},
        variations={
            0: (
                "9S",
                "Ducking lets D win cheaply and keep the lead: B/D then take "
                "all three tens that are left.",
            )
        },
    )
    texts.append(position_text(fmt, "10. B: 5S"))
    chosen = [
        (
            52,
            10,
            2,
            "Endgame: overruff high enough",
            "C led a heart and D ruffed with the seven of clubs (trumps). "
            "A to play: overruff with the queen or the nine of clubs? Count the trumps still out.",
            ("9C", "B still holds the ten of trumps and overruffs the nine."),
        ),
        (
            91,
            10,
            0,
            "Endgame: draw the last trumps",
            "C to lead. B/D have the two tens they need for a 2-2 split; A/C need both of the "
            "tens still out. Lead a trump, or a club from the long suit?",
            (
                "5C",
                "After the club D ruffs and A must overruff with the queen; then B ruffs "
                "A's diamond with the ten of spades, and that ten is safe for B/D.",
            ),
        ),
        (
            59,
            11,
            1,
            "Endgame: the ten under partner's queen",
            "Trumps are diamonds and B has led the five. The tens are 1-2 for B/D and the ten of "
            "diamonds is the last one. C to play: the ace, the ten or the seven?",
            ("AD", "Winning with the ace leaves the ten to be caught by D's jack later."),
        ),
    ]
    for seed, trick, on, event, question, (alt, why) in chosen:
        tags, table = position_from_deal(Rules(), seed, "D", trick, on)
        spec = PositionSpec(
            event,
            {"Event": event, **tags},
            question,
            glyphs={0: "!"},
            nags={0: [29]},
            variations={0: (alt, why)},
        )
        texts.append(position_text(spec, table))
    return texts


def deal_texts(specs: list[DealSpec], shows: list[str]) -> list[str]:
    out = []
    for spec in specs:
        setup, _ = make_setup(spec.rules, spec.seed, spec.dealer)
        played = play_deal(setup, spec.overrides)
        tail = summary(spec, played)
        spec.intro = f"{spec.intro} {tail}".strip()
        text, played = render(spec)
        shows.append(show(spec, played))
        out.append(text)
    return out


MATCH_NOTES = {
    1: "Match to 5 points, one point a deal. Meera drew the highest card and deals first.",
    2: "Meera's side lost the first deal, so Meera deals again.",
    3: "Meera's side lost again: she deals a third time.",
    4: "A/C won deal 3, so the deal passes to the dealer's right: Rohan.",
    5: "Rohan's side won, so Kavita deals.",
    6: "Kavita's side lost deal 5: she deals again.",
    7: "Kavita's side won: the deal passes to Sanjay.",
    8: "Sanjay's side lost: he deals again.",
    9: "A mendikot for A/C, still one point under plain scoring: 4-4, and Sanjay deals "
    "again because his side lost. This deal decides the match: B/D take it 5-4.",
}


def match_texts(shows: list[str]) -> list[str]:
    for base in range(100, 400):
        specs = match_specs(base, 5, (7, 10))
        if specs:
            break
    else:
        raise SystemExit("no match found")
    for spec in specs:
        d = int(spec.extra_tags["Deal"])
        spec.intro = MATCH_NOTES.get(d, "")
    return deal_texts(specs, shows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", action="store_true", help="print every deal's play")
    args = parser.parse_args()
    OUT.mkdir(exist_ok=True)
    shows: list[str] = []
    write_file("worked-example.pmn", [WORKED_EXAMPLE])
    write_file("endgame-cover-or-duck.pmn", endgame_texts())
    for name, specs in variant_specs().items():
        write_file(name, deal_texts(specs, shows))
    write_file("match-thursday-club.pmn", match_texts(shows))
    if args.show:
        print("\n\n".join(shows))


if __name__ == "__main__":
    main()
