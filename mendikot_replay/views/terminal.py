"""A deal as a readable terminal replay: what ``mendikot-replay show`` prints.

The text is built from the record and its replay timeline only (``record.timeline``, made by
:func:`mendikot_replay.pmn.check.check_record`), never by driving the engine, so the terminal
tells exactly the story the notebook widgets and the JSON report tell. It lives outside the
command line so that other front ends (a notebook cell, a web page in a ``<pre>``) can reuse
:func:`render_deal` as is.

Colour is a courtesy, never the carrier of meaning: every card keeps its suit sign, every
trump its ``*`` mark, so the text reads the same on paper, in a log file or to a screen
reader. ANSI codes are added only when the caller asks for colour.

Text from the file (names, tag values, comments, and the problems that may quote them) goes
through :func:`~.user_text.visible` before it is composed into a line: a name holding an
escape sequence must not retitle the window or clear the screen, so control characters are
printed as visible escapes (``\\x1b``) and only the renderer's own colour codes reach the
terminal.
"""

from __future__ import annotations

import re

from ..core.cards import Card
from ..core.deal_setup import DealSetup
from ..core.engine import PlayEvent
from ..core.result import DealResult
from ..core.rules import Capture, TrumpMethod
from ..core.seats import TABLE_SIZES, Seat, seats, team_label, team_of
from ..core.timeline import Timeline, TrickSummary
from ..pmn.commands import COMMAND
from ..pmn.record import NAG_GLYPHS, NAG_MEANINGS, DealRecord, PlayNode, Problem
from ..pmn.user_text import visible
from ..pmn.visit import Line, tree_lines
from ..session.payload import fate_words
from ..text import say, say_list, say_n
from .paint import Painter
from .report import captured_tens


def render_deal(record: DealRecord, color: bool = False) -> str:
    """The whole replay of one deal as text (lines joined by ``\\n``, with a final newline).

    A record with errors is still shown: its problems first, then the replay as far as the
    timeline goes, then where and why it stopped.
    """
    paint = Painter(color)
    out: list[str] = []
    setup = record.setup
    timeline = record.timeline
    players = _players(record, setup)
    out.extend(_header(record, setup, players, paint))
    out.extend(_problems(record.errors, record.warnings, paint))
    for comment in record.comments:
        out.append(f"  {{ {_comment_text(comment)} }}")
    if setup is None or timeline is None:
        out.append("")
        out.append(say("show.no_setup"))
        return "\n".join(out) + "\n"
    if not len(timeline):
        out.append("")
        out.append(say("show.cannot_set_up", error=visible(str(timeline.error))))
        return "\n".join(out) + "\n"
    out.append("")
    out.extend(_hands(record, setup, players, paint))
    out.append("")
    out.extend(_tricks(record, setup, timeline, players, paint))
    if timeline.error is not None:
        out.append("")
        out.append(paint.bold(say("show.stops", error=visible(timeline.error))))
    out.append("")
    out.extend(_result(setup, timeline, players, paint))
    out.append("")
    out.extend(_ledger(timeline, players, paint))
    return "\n".join(out) + "\n"


# -- header -------------------------------------------------------------------------------


def _players(record: DealRecord, setup: DealSetup | None) -> int:
    if setup is not None:
        return setup.rules.players
    try:
        value = int(record.tags.get("Players", "4"))
    except ValueError:
        return 4
    return value if value in TABLE_SIZES else 4


def _header(record: DealRecord, setup: DealSetup | None, players: int, paint: Painter) -> list[str]:
    tags = record.tags
    title = " — ".join(
        visible(tags[name])
        for name in ("Event", "Site", "Date", "Round")
        if tags.get(name, "?") != "?"
    )
    where = []
    if "Match" in tags:
        where.append(say("show.match", match=visible(tags["Match"])))
    if "Deal" in tags:
        where.append(say("show.deal", deal=visible(tags["Deal"])))
    if record.index is not None:
        where.append(say("show.index", index=record.index))
    heading = paint.bold(title or say("show.untitled"))
    if where:
        heading = say("show.title_where", title=heading, where=say_list(where))
    lines = [heading]
    names = []
    for seat in seats(players):
        side = team_label(team_of(seat), players)
        if tags.get(seat, "?") != "?":
            names.append(say("show.player_named", seat=seat, name=visible(tags[seat]), side=side))
        else:
            names.append(say("show.player", seat=seat, side=side))
    lines.append(say("show.players", players=say_list(names)))
    dealer = setup.dealer if setup is not None else tags.get("Dealer")
    first = setup.first_leader if setup is not None else tags.get("Play")
    lines.append(say("show.dealer", dealer=visible(dealer or "?"), first=visible(first or "?")))
    if setup is not None:
        rules = setup.rules
        lines.append(say("show.rules", rules=rules.describe()))
        extras = []
        if "Scoring" in tags:
            extras.append(say("show.scoring", scoring=rules.scoring.value))
        if rules.target is not None:
            extras.append(say("show.target", target=rules.target))
        if extras:
            lines.append(say("show.match_line", match=say_list(extras)))
        lines.append(say("show.trump", trump=_trump_words(setup, paint)))
        if setup.start is not None:
            start = setup.start
            lines.append(
                say(
                    "show.position_counts",
                    position=paint.bold(say("show.position", trick=start.trick)),
                    ac_tens=start.tens[0],
                    bd_tens=start.tens[1],
                    ac_tricks=start.tricks[0],
                    bd_tricks=start.tricks[1],
                )
            )
            if start.table:
                cards = " ".join(f"{seat}:{paint.card(c)}" for seat, c in start.table)
                lines.append(say("show.on_table", cards=cards))
            if rules.capture is Capture.DEHLA and (start.pile_tricks or start.streak):
                pile = say_n("show.pile_tricks", start.pile_tricks)
                if start.pile_tens:
                    tens = " ".join(paint.card(c) for c in start.pile_tens)
                    pile = say("show.pile_with", pile=pile, tens=tens)
                if start.streak:
                    pile = say("show.pile_streak", pile=pile, seat=start.streak)
                lines.append(say("show.pile", pile=pile))
    for name in ("Result", "Tens", "Tricks"):
        if tags.get(name, "").startswith("^"):
            lines.append(say("show.agreed", tag=name, value=visible(tags[name][1:].strip())))
    return lines


def _trump_words(setup: DealSetup, paint: Painter) -> str:
    method = setup.rules.trump_method
    if method is TrumpMethod.NONE:
        return say("show.trump.none")
    if setup.trump is not None:
        sign = paint.suit(setup.trump.symbol, setup.trump)
        how = say(f"show.trump.{method.value}")
        if setup.trump_card is not None and method is not TrumpMethod.CLOSED:
            how = say("show.trump.card", how=how, card=paint.card(setup.trump_card))
        return say("show.trump.known", sign=sign, suit=setup.trump.word, how=how)
    if method is TrumpMethod.CLOSED:
        version = setup.rules.reveal.value
        return say("show.trump.closed", version=version, holder=setup.hidden_holder or "?")
    return say("show.trump.cut")


def _problems(errors: list[Problem], warnings: list[Problem], paint: Painter) -> list[str]:
    lines: list[str] = []
    for problem in (*errors, *warnings):
        where = ""
        if problem.line is not None:
            where = (
                say("show.problem.at_col", line=problem.line, col=problem.col)
                if problem.col
                else say("show.problem.at", line=problem.line)
            )
        label = say("show.problem.error" if problem.severity == "error" else "show.problem.warning")
        lines.append(paint.bold(label) + where + visible(problem.message))
    return lines


# -- hands --------------------------------------------------------------------------------


def _hands(record: DealRecord, setup: DealSetup, players: int, paint: Painter) -> list[str]:
    start = setup.start
    lines = [paint.bold(say("show.hands_at", trick=start.trick) if start else say("show.hands"))]
    names = {s: visible(record.tags.get(s, "")) for s in seats(players)}
    width = max((len(name) for name in names.values()), default=0)
    for seat in seats(players):
        hand = setup.hands.get(seat)
        name = names[seat].ljust(width)
        if hand is None:
            text = say("show.unknown_hand")
        else:
            text = paint.hand(hand)
            if setup.hidden_holder == seat and setup.trump_card is not None:
                text = say("show.face_down", hand=text, card=paint.card(setup.trump_card))
        lines.append(f"  {seat}  {name}  {text}".rstrip())
    return lines


# -- tricks -------------------------------------------------------------------------------


def _tricks(
    record: DealRecord,
    setup: DealSetup,
    timeline: Timeline,
    players: int,
    paint: Painter,
) -> list[str]:
    main = tree_lines(record)  # the main line, and the variations that branch off it
    nodes = main.cards
    branching: dict[int, list[Line]] = {}
    for variation in main.inner:
        branching.setdefault(variation.branch, []).append(variation)
    events = timeline.events
    lines: list[str] = []
    summaries = timeline.tricks()
    if any(e.is_trump for e in events):
        lines.append(paint.dim(say("show.trump_mark")))
    for summary in summaries:
        lines.extend(_trick(summary, events, nodes, branching, setup, timeline, players, paint))
    if not summaries:
        lines.append(say("show.no_card"))
    return lines


def _trick(
    summary: TrickSummary,
    events: list[PlayEvent],
    nodes: list[PlayNode],
    branching: dict[int, list[Line]],
    setup: DealSetup,
    timeline: Timeline,
    players: int,
    paint: Painter,
) -> list[str]:
    shown: list[str] = []
    notes: list[str] = []
    trick_events: list[PlayEvent] = []
    for k, (seat, c) in enumerate(summary.cards):
        ply = summary.first_ply + k
        text = paint.card(c)
        if ply < 0:  # on the table when the position starts: no event, the suit tells
            if setup.trump is not None and c.suit is setup.trump:
                text += "*"
            shown.append(text)
            continue
        event = events[ply]
        trick_events.append(event)
        node = nodes[ply] if ply < len(nodes) else None
        if event.is_trump:
            text += "*"
        if node is not None:
            glyph = node.glyph()
            if glyph:
                text += glyph
        shown.append(text)
        notes.extend(_event_notes(event, timeline, paint))
        if node is not None:
            notes.extend(_node_notes(node, seat, c, paint))
            notes.extend(_variation_notes(branching.get(ply, []), c, paint))
    trick = paint.bold(say("show.trick", trick=summary.number))
    head = say("show.trick_line", trick=trick, leader=summary.leader, cards=" ".join(shown))
    if summary.winner is not None:
        side = team_label(team_of(summary.winner), players)
        head = say("show.trick_won", line=head, winner=summary.winner, side=side)
    elif len(summary.cards) < players:
        head += "  …"
    lines = [head]
    last = trick_events[-1] if trick_events else None
    if last is not None and last.trick_winner is not None and last.collected is not None:
        notes.extend(_collection_notes(last, setup, timeline, players, paint))
    lines.extend(f"    {note}" for note in notes)
    return lines


def _event_notes(event: PlayEvent, timeline: Timeline, paint: Painter) -> list[str]:
    notes: list[str] = []
    after = timeline[event.ply + 1]
    suit = after.trump.suit
    sign = paint.suit(suit.symbol, suit) if suit is not None else "?"
    if event.revealed:
        if event.asked:
            notes.append(say("show.asks_reveal", seat=event.seat, sign=sign))
        elif not event.followed:
            notes.append(say("show.reveal", seat=event.seat, sign=sign))
        else:
            notes.append(say("show.face_down_played", seat=event.seat, sign=sign))
    if event.named:
        notes.append(say("show.names", seat=event.seat, card=paint.card(event.card), sign=sign))
    if event.revoke:
        notes.append(say("show.revokes", seat=event.seat, card=paint.card(event.card)))
    return notes


def _comment_text(comment: str) -> str:
    """A comment for reading: commands pulled out as ``(point: …)`` notes, spaces folded
    (a line break or tab of a long comment is layout, not a character to show), then the
    remaining control characters made visible."""

    def command(match: re.Match[str]) -> str:
        return f"({match.group(1)}: {match.group(2).strip()})"

    return visible(" ".join(COMMAND.sub(command, comment).split()))


def _node_notes(node: PlayNode, seat: Seat, c: Card, paint: Painter) -> list[str]:
    notes: list[str] = []
    who = f"{seat} {paint.card(c)}"
    printed = next((nag for nag in node.nags if nag in NAG_GLYPHS), None)
    for nag in node.nags:
        if nag == printed:
            printed = None  # the first glyph is already printed after the card
            continue
        meaning = NAG_MEANINGS.get(nag, "")
        notes.append(f"{who}: ${nag}" + (f" {meaning}" if meaning else ""))
    for comment in (*node.starting_comments, *node.comments):
        notes.append(f"{who}: {{ {_comment_text(comment)} }}")
    return notes


def _variation_notes(variations: list[Line], c: Card, paint: Painter) -> list[str]:
    """The variations that replace card ``c``: their first dozen cards each."""
    notes = []
    for variation in variations:
        cards = [paint.card(n.card) if n.card is not None else "--" for n in variation.cards]
        more = " …" if len(cards) > 12 else ""
        shown = " ".join(cards[:12]) + more
        notes.append(say("show.variation", card=paint.card(c), cards=shown))
    return notes


def _collection_notes(
    last: PlayEvent, setup: DealSetup, timeline: Timeline, players: int, paint: Painter
) -> list[str]:
    assert last.trick_winner is not None and last.collected is not None
    winner = last.trick_winner
    side = team_label(team_of(winner), players)
    tricks_taken, tens = last.collected
    notes: list[str] = []
    if setup.rules.capture is Capture.DEHLA:
        if tricks_taken:
            shown = " ".join(paint.card(t) for t in tens)
            message = "show.collects_with" if tens else "show.collects"
            notes.append(say_n(message, tricks_taken, winner=winner, side=side, tens=shown))
        else:
            after = timeline[last.ply + 1]
            pile_tens = after.pile[1]
            shown = " ".join(paint.card(t) for t in pile_tens)
            message = "show.to_pile_with" if pile_tens else "show.to_pile"
            notes.append(say_n(message, after.pile[0], tens=shown))
    for ten in tens:
        notes.append(say("show.captured", card=paint.card(ten), winner=winner, side=side))
    return notes


# -- result and ledger --------------------------------------------------------------------


def _result(setup: DealSetup, timeline: Timeline, players: int, paint: Painter) -> list[str]:
    result = timeline.result
    final = timeline.final
    if result is None:
        assert final is not None
        done = final.trick if final.trick_winner is not None else final.trick - 1
        return [
            say(
                "show.no_result",
                done=done,
                tricks=setup.rules.tricks_per_deal,
                ac_tens=final.tens[0],
                bd_tens=final.tens[1],
                ac_tricks=final.tricks[0],
                bd_tricks=final.tricks[1],
            )
        ]
    lines = [paint.bold(_result_words(result, setup, players))]
    if setup.dealer is not None:
        following = setup.rules.next_dealer(setup.dealer, result)
        reason = setup.rules.dealer_reason(setup.dealer, result)
        lines.append(say("show.next_dealer", dealer=following, reason=reason))
    return lines


def _result_words(result: DealResult, setup: DealSetup, players: int) -> str:
    """The result with the counts that decided it (more than the board's banner says:
    ``show`` has room for the counts)."""
    tens, tricks = result.tens, result.tricks
    counts = {
        "ac_tens": tens[0],
        "bd_tens": tens[1],
        "ac_tricks": tricks[0],
        "bd_tricks": tricks[1],
    }
    if result.winner is None:
        return say("show.result.tie", **counts)
    side = team_label(result.winner, players)
    mine = 0 if result.winner == "AC" else 1
    if result.kind == "whitewash":
        return say("show.result.whitewash", side=side, tricks=tricks[mine])
    all_tens = setup.rules.all_tens
    if result.kind == "mendikot":
        return say("show.result.mendikot", side=side, tens=all_tens, **counts)
    if 2 * tens[mine] > all_tens:
        return say("show.result.tens", side=side, tens=tens[mine], **counts)
    total = setup.rules.tricks_per_deal
    return say("show.result.tricks", side=side, won=tricks[mine], tricks=total, **counts)


def _ledger(timeline: Timeline, players: int, paint: Painter) -> list[str]:
    final = timeline.final
    if final is None:
        return []
    # Captured tens in the order the teams took them (the story of the deal), then the rest.
    ordered = captured_tens(timeline)
    taken = set(fate.card for fate in ordered)
    ordered += [fate for fate in final.ten_fates if fate.card not in taken]
    lines = [paint.bold(say("show.tens"))]
    for fate in ordered:
        lines.append(f"  {paint.card(fate.card)}  {fate_words(fate, players)}")
    return lines


__all__ = ["render_deal"]
