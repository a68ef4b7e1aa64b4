"""A static SVG picture of one moment of a deal, for places where an image suits.

Like python-chess's ``chess.svg.board``: one function, :func:`snapshot_svg`, turns a replay
(:class:`~.timeline.Timeline`) and a ply into a self-contained SVG string (:func:`record_svg`
does it for a record, with its names) — for a README, a report, a slide, or a notebook
front end that prefers images (:meth:`DealRecord._repr_svg_ <.record.DealRecord>` draws the
final position, or the start of an endgame position). The interactive stepping viewer is
another view; both read the same :class:`~.timeline.Timeline`, so they agree.

What is drawn: the seats round the table in play order (anticlockwise, the first seat at
the bottom) with their names and team colours; each hand as card labels grouped by suit;
the trick on the table with its leader (and winner) marked; the trump, shown face down
while a closed trump is hidden; tricks and tens per team.

Three promises:

* **never colour alone**: every card carries its suit sign (♠♥♦♣, hearts and diamonds in
  red), every team is named in words (``A/C``), the leader is marked with the word "led";
* **safe**: every text that comes from a file (names, event) is XML-escaped, and
  characters XML cannot hold are dropped, so a hostile name cannot inject markup; it is
  also wrapped by :func:`~.user_text.isolate` (FIRST STRONG ISOLATE … POP DIRECTIONAL
  ISOLATE: SVG text is a plain string, it has no ``<bdi>``), so a right-to-left override
  in a name cannot mirror the label around it;
* **deterministic**: the same record and ply give the same bytes (no random ids, fixed
  number formatting), so pictures can be compared and cached.

>>> from mendikot_replay.pmn.reader import read_string
>>> record = read_string('''[A "Asha & co"]
... [TrumpMethod "Drawn"]
... [Trump "H"]
... [Start "trick 10; tens 1-0; tricks 7-2"]
... [Hands "A:..A98.T B:A..T2. C:K9..5.A D:QT.K8.."]
... [Play "B"]
... 10. B: 5S''')[0]
>>> picture = record_svg(record)
>>> picture.startswith("<svg"), "Asha &amp; co" in picture, 'data-card="KS"' in picture
(True, True, True)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Final
from xml.sax.saxutils import escape, quoteattr

from ..core.cards import SUITS, Card, Suit, rank_letter
from ..core.rules import Capture, TrumpMethod
from ..core.seats import TEAMS, Seat, seats, team_label, team_of
from ..core.timeline import Snapshot, Timeline
from ..pmn.record import DealRecord
from ..pmn.user_text import isolate
from ..text import say, say_n

__all__ = ["snapshot_svg"]

_WIDTH: Final = 760
_TABLE_HEIGHT: Final = 640
_STATUS_HEIGHT: Final = 96
_HEIGHT: Final = _TABLE_HEIGHT + _STATUS_HEIGHT

_TEAM_COLOURS: Final = {"AC": "#2f6db5", "BD": "#c4661f"}
_TEAM_TINTS: Final = {"AC": "#e3edf9", "BD": "#fbeadb"}
_RED: Final = "#c0271d"
_BLACK: Final = "#161616"
_FELT: Final = "#2f7a4a"
_TEN_FACE: Final = "#ffe9a3"
_FONT: Final = "DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, Arial, sans-serif"
_NAME_LIMIT: Final = 15

# Characters XML 1.0 cannot hold at all (escaping does not help): dropped from user text.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def snapshot_svg(
    timeline: Timeline,
    ply: int | None = None,
    *,
    tags: Mapping[str, str] | None = None,
    hidden: Iterable[Seat] = (),
    size: int = 480,
) -> str:
    """The snapshot of ``timeline`` after ``ply`` cards as an SVG document (a string).

    ``ply`` counts as :class:`~.timeline.Timeline` does (0 is the start, before any card;
    negative counts from the end). ``None`` draws the final state of the main line — or,
    for a position (``Start`` tag), the position itself, which is what a reader of an
    endgame wants to see. ``tags`` gives the names (``A``…``H``) and the heading (``Event``,
    ``Deal``). ``hidden`` seats show only how many cards they hold, as in a quiz ("what
    would you play from B's seat?"). ``size`` is the picture's width in pixels; the drawing
    scales, its proportions stay.

    The picture is drawn from the replay alone: nothing here reads or checks a record. A
    replay that could not start gives a picture saying why, not an exception, since a
    notebook calls this to display a record. Raises :class:`IndexError` for a ply the
    replay does not reach.
    """
    if size <= 0:
        raise ValueError(f"size must be a positive number of pixels, not {size}")
    if not len(timeline):
        return message_svg(
            "Nothing to draw: "
            + (
                timeline.error
                or "the tags do not give a playable deal (Dealer, TrumpMethod, Hands, Play)"
            ),
            size,
        )
    if ply is None:
        ply = 0 if timeline.setup.is_position else len(timeline) - 1
    snapshot = timeline[ply]  # IndexError with a plain message for a ply out of reach
    return _Drawing(tags or {}, timeline, snapshot, frozenset(hidden), size).svg()


def record_svg(
    record: DealRecord,
    ply: int | None = None,
    *,
    hidden: Iterable[Seat] = (),
    size: int = 480,
) -> str:
    """:func:`snapshot_svg` of a record's replay (``record.timeline``, made when the record
    was checked), with its tags: what :meth:`DealRecord._repr_svg_ <.record.DealRecord>`
    shows."""
    if record.timeline is None:
        return message_svg(
            "Nothing to draw: "
            + (
                "the deal was not replayed (read it with check=True)"
                if record.setup is not None
                else "the tags do not give a playable deal (Dealer, TrumpMethod, Hands, Play)"
            ),
            size,
        )
    return snapshot_svg(record.timeline, ply, tags=record.tags, hidden=hidden, size=size)


def _text(value: str) -> str:
    """Text made safe for XML content: impossible characters dropped, then escaped."""
    return escape(_NOT_XML.sub("", value))


def _user(value: str, limit: int | None = None) -> str:
    """User text for a label: impossible characters dropped, cut to ``limit`` characters,
    then isolated (after the cut, so that the closing PDI is never cut off). Not escaped
    yet: the caller composes it and passes the result through :func:`_text`."""
    value = _NOT_XML.sub("", value)
    if limit is not None and len(value) > limit:
        value = value[: limit - 1] + "…"
    return isolate(value)


def _attr(value: str) -> str:
    return quoteattr(_NOT_XML.sub("", value))


def _n(value: float) -> str:
    """A coordinate, always formatted the same way (deterministic output)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _rank(card: Card) -> str:
    return "10" if card.rank == 10 else rank_letter(card.rank)


def _suit_fill(suit: Suit) -> str:
    return _RED if suit.is_red else _BLACK


class _Drawing:
    """One picture: the layout for the table size, then the parts drawn in order."""

    def __init__(
        self,
        tags: Mapping[str, str],
        timeline: Timeline,
        snapshot: Snapshot,
        hidden: frozenset[Seat],
        size: int,
    ) -> None:
        self.tags = tags
        self.timeline = timeline
        self.snap = snapshot
        self.hidden = hidden
        self.size = size
        setup = timeline.setup
        self.rules = setup.rules
        self.players = setup.rules.players
        self.seats = seats(self.players)
        self.out: list[str] = []
        big = self.players == 4
        crowded = self.players >= 10  # two packs: ten or twelve panels round the table
        self.panel_w = 200 if big else 136 if crowded else 168
        self.panel_h = 118 if big else 88 if crowded else 104
        self.font = 14 if big else 11 if crowded else 12
        # the trick's cards: their size, and how far out from the centre they lie
        self.trick_card = (46, 64) if big else (34, 48) if crowded else (40, 56)
        self.trick_reach = 0.34 if big else 0.42 if crowded else 0.4
        self.cx, self.cy = _WIDTH / 2, _TABLE_HEIGHT / 2 + 8
        self.rx = _WIDTH / 2 - self.panel_w / 2 - 10
        self.ry = _TABLE_HEIGHT / 2 - self.panel_h / 2 - 18

    # -- geometry -----------------------------------------------------------------------
    def seat_point(self, seat: Seat, scale: float = 1.0) -> tuple[float, float]:
        """Where a seat sits: the first seat at the bottom, then anticlockwise (right, top,
        left for four players), the way play goes round the table."""
        angle = 2 * math.pi * self.seats.index(seat) / self.players
        return (
            self.cx + scale * self.rx * math.sin(angle),
            self.cy + scale * self.ry * math.cos(angle),
        )

    # -- the document -------------------------------------------------------------------
    def svg(self) -> str:
        height = round(self.size * _HEIGHT / _WIDTH)
        summary = self.summary()
        self.out.append(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.size}" height="{height}" '
            f'viewBox="0 0 {_WIDTH} {_HEIGHT}" role="img" aria-label={_attr(summary)} '
            f'font-family="{_FONT}">'
        )
        self.out.append(f"<title>{_text(summary)}</title>")
        self.out.append(f'<rect width="{_WIDTH}" height="{_HEIGHT}" fill="#fbfaf6"/>')
        self.out.append(
            f'<ellipse cx="{_n(self.cx)}" cy="{_n(self.cy)}" rx="{_n(self.rx * 0.58)}" '
            f'ry="{_n(self.ry * 0.6)}" fill="{_FELT}" stroke="#1f5232" stroke-width="4"/>'
        )
        self.heading()
        for seat in self.seats:
            self.seat_panel(seat)
        self.table()
        self.status()
        self.out.append("</svg>")
        return "\n".join(self.out) + "\n"

    def summary(self) -> str:
        snap = self.snap
        cards = len(self.timeline) - 1
        if snap.ply:
            where = say("picture.after_card", card=snap.ply, cards=cards)
        elif self.timeline.setup.is_position:
            where = say("picture.the_position")
        else:
            where = say("picture.before_first")
        title = self.title()
        if title:
            return say("picture.summary_titled", title=title, where=where, moment=self.moment())
        return say("picture.summary", where=where, moment=self.moment())

    def title(self, limit: int | None = None) -> str:
        """The event and the deal number, each isolated; with ``limit``, about that many
        characters at most (the event's name gives way)."""
        tags = self.tags
        deal = ""
        if tags.get("Deal"):
            deal = say("picture.deal", deal=_user(tags["Deal"], 12 if limit is not None else None))
        event = tags.get("Event", "")
        if event:
            room = None if limit is None else max(limit - len(deal) - 3, 8)
            event = _user(event, room)
        return " · ".join(part for part in (event, deal) if part)

    def heading(self) -> None:
        title = self.title(40)
        if title:
            self.out.append(
                f'<text x="14" y="26" font-size="15" font-weight="bold" fill="{_BLACK}">'
                f"{_text(title)}</text>"
            )
        snap = self.snap
        cards = len(self.timeline) - 1
        if snap.ply:
            step = say("picture.card_of", card=snap.ply, cards=cards)
        else:
            position = self.timeline.setup.is_position
            step = say("picture.the_position" if position else "picture.the_deal")
        self.out.append(
            f'<text x="{_WIDTH - 14}" y="26" font-size="14" text-anchor="end" fill="{_BLACK}">'
            f"{escape(step)} · {self.moment()}</text>"
        )

    def moment(self) -> str:
        """Where the picture stands among the tricks, as a reader of ``--trick T`` asks:
        a finished trick still on the table is the moment *before* the next one."""
        snap = self.snap
        if snap.trick_winner is None:
            return say("picture.trick", trick=snap.trick)
        if snap.result is not None or snap.to_play is None:
            return say("picture.after_trick", trick=snap.trick)
        return say("picture.before_trick", trick=snap.trick + 1)

    # -- seats and hands ----------------------------------------------------------------
    def seat_panel(self, seat: Seat) -> None:
        x, y = self.seat_point(seat)
        w, h = self.panel_w, self.panel_h
        left, top = x - w / 2, y - h / 2
        team = team_of(seat)
        colour = _TEAM_COLOURS[team]
        snap = self.snap
        self.out.append(f'<g class="seat" data-seat="{seat}" data-team="{team}">')
        self.out.append(
            f'<rect x="{_n(left)}" y="{_n(top)}" width="{w}" height="{h}" rx="8" '
            f'fill="white" stroke="{colour}" stroke-width="{3 if seat == snap.to_play else 1.5}"/>'
        )
        self.out.append(
            f'<rect x="{_n(left)}" y="{_n(top)}" width="{w}" height="24" rx="8" '
            f'fill="{_TEAM_TINTS[team]}"/>'
        )
        name = self.tags.get(seat, "")
        label = _text(f"{seat} {_user(name, _NAME_LIMIT)}") if name else seat
        tooltip = f"<title>{_text(f'{seat}: {_user(name)}' if name else seat)}</title>"
        self.out.append(
            f'<text x="{_n(left + 8)}" y="{_n(top + 17)}" font-size="{self.font}" '
            f'font-weight="bold" fill="{colour}">{tooltip}{label}</text>'
        )
        self.out.append(
            f'<text x="{_n(left + w - 8)}" y="{_n(top + 17)}" font-size="{self.font - 3}" '
            f'text-anchor="end" fill="{colour}">{team_label(team, self.players)}</text>'
        )
        if seat == snap.to_play:  # a tab on the panel's edge, in words
            self.out.append(
                f'<rect x="{_n(left + w - 74)}" y="{_n(top - 11)}" width="66" height="18" '
                f'rx="9" fill="{colour}"/><text x="{_n(left + w - 41)}" y="{_n(top + 2)}" '
                f'font-size="12" font-weight="bold" text-anchor="middle" fill="white">'
                f"{escape(say('picture.to_play'))}</text>"
            )
        self.hand(seat, left + 8, top + 24)
        if self.shown_hand(seat) != snap.hand(seat) and seat not in self.hidden:
            # A tab on the bottom edge, like the face-down card set aside by the hand.
            self.out.append(
                f'<rect x="{_n(left + w - 96)}" y="{_n(top + h - 8)}" width="88" height="17" '
                f'rx="3" fill="#30508c" stroke="white"/><text x="{_n(left + w - 52)}" '
                f'y="{_n(top + h + 5)}" font-size="11" text-anchor="middle" fill="white">'
                f"{escape(say('picture.face_down_one'))}</text>"
            )
        self.out.append("</g>")

    def shown_hand(self, seat: Seat) -> frozenset[Card] | None:
        """The cards drawn face up: a face-down closed trump is not among them."""
        cards = self.snap.hand(seat)
        trump = self.snap.trump
        if (
            cards is not None
            and trump.status == "hidden"
            and trump.holder == seat
            and trump.card is not None
            and len(cards) > 1
        ):
            return cards - {trump.card}
        return cards

    def hand(self, seat: Seat, left: float, top: float) -> None:
        line_h = (self.panel_h - 30) / 4
        full = self.snap.hand(seat)
        if full is None:
            self.note(left, top + line_h * 1.2, say("picture.hand_unknown"))
            return
        if seat in self.hidden:
            count = len(full)
            self.card_backs(left, top + 8, min(count, 8))
            self.note(left, top + line_h * 3.2, say_n("picture.hidden", count))
            return
        cards = self.shown_hand(seat) or frozenset()
        if not full:
            self.note(left, top + line_h * 1.2, say("picture.no_cards"))
            return
        for row, suit in enumerate(SUITS):
            y = top + line_h * (row + 0.8)
            held = sorted((c for c in cards if c.suit is suit), key=lambda c: -c.rank)
            parts = [
                f'<tspan font-size="{self.font + 2}" fill="{_suit_fill(suit)}">'
                f"{suit.symbol}</tspan>"
            ]
            gap = 5 if len(held) <= 9 else 2  # a long suit must still fit its panel
            if held:
                parts += [
                    f'<tspan data-card="{c}" fill="{_suit_fill(suit)}" dx="{4 if i == 0 else gap}">'
                    f"{_rank(c)}</tspan>"
                    for i, c in enumerate(held)
                ]
            else:
                parts.append('<tspan dx="4" fill="#888">—</tspan>')
            self.out.append(
                f'<text x="{_n(left)}" y="{_n(y)}" font-size="{self.font}" '
                f'data-suit="{suit.letter}" fill="{_BLACK}">{"".join(parts)}</text>'
            )

    def note(self, x: float, y: float, words: str) -> None:
        self.out.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-size="{self.font - 1}" font-style="italic" '
            f'fill="#555">{escape(words)}</text>'
        )

    def card_backs(self, left: float, top: float, count: int) -> None:
        for i in range(count):
            self.back(left + i * 12, top, 22, 32)

    def back(self, x: float, y: float, w: float, h: float) -> None:
        """A face-down card: a patterned back, no suit, no rank."""
        self.out.append(
            f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="3" '
            f'fill="#30508c" stroke="white" stroke-width="1.5"/>'
            f'<rect x="{_n(x + 3)}" y="{_n(y + 3)}" width="{_n(w - 6)}" height="{_n(h - 6)}" '
            f'rx="2" fill="none" stroke="#9db3de" stroke-width="1" stroke-dasharray="2 2"/>'
        )

    # -- the trick on the table ---------------------------------------------------------
    def table(self) -> None:
        snap = self.snap
        w, h = self.trick_card
        for seat, played in snap.table:
            x, y = self.seat_point(seat, self.trick_reach)
            left, top = x - w / 2, y - h / 2
            led = seat == snap.leader
            won = seat == snap.trick_winner
            fill = _suit_fill(played.suit)
            stroke = "#e2b400" if won else _BLACK
            self.out.append(f'<g class="played" data-seat="{seat}" data-card="{played}">')
            # a ten is what the deal is about: a gold card face, and the word under it
            self.out.append(
                f'<rect x="{_n(left)}" y="{_n(top)}" width="{w}" height="{h}" rx="5" '
                f'fill="{_TEN_FACE if played.is_ten else "white"}" stroke="{stroke}" '
                f'stroke-width="{3.5 if won else 1.2}"/>'
            )
            self.out.append(
                f'<text x="{_n(left + 5)}" y="{_n(top + 16)}" font-size="15" font-weight="bold" '
                f'fill="{fill}">{_rank(played)}</text>'
            )
            self.out.append(
                f'<text x="{_n(x)}" y="{_n(top + h - 10)}" font-size="26" text-anchor="middle" '
                f'fill="{fill}">{played.suit.symbol}</text>'
            )
            marks = [seat]
            if played.is_ten:
                marks.append(say("picture.mark.ten"))
            if led:
                marks.append(say("picture.mark.led"))
            if won:
                marks.append(say("picture.mark.wins"))
            self.out.append(
                f'<text x="{_n(x)}" y="{_n(top + h + 14)}" font-size="12" text-anchor="middle" '
                f'fill="white" font-weight="{"bold" if led or won else "normal"}">'
                f"{escape(' · '.join(marks))}</text>"
            )
            self.out.append("</g>")

    # -- trump, counts, result -----------------------------------------------------------
    def status(self) -> None:
        top = _TABLE_HEIGHT
        self.out.append(
            f'<rect x="0" y="{top}" width="{_WIDTH}" height="{_STATUS_HEIGHT}" fill="#f0eee6"/>'
        )
        self.trump(14, top + 14)
        x = 14
        for i, team in enumerate(TEAMS):
            tricks, tens = self.snap.tricks[i], self.snap.tens[i]
            colour = _TEAM_COLOURS[team]
            words = say(
                "picture.team",
                side=team_label(team, self.players),
                tricks=say_n("picture.tricks", tricks),
                tens=say_n("picture.tens", tens),
            )
            y = top + 72
            self.out.append(
                f'<rect x="{x}" y="{y - 13}" width="14" height="14" rx="3" fill="{colour}"/>'
                f'<text x="{x + 20}" y="{y}" font-size="15" fill="{_BLACK}" '
                f'data-team="{team}">{escape(words)}</text>'
            )
            x += 250
        right = self.outcome()
        if right:
            self.out.append(
                f'<text x="{_WIDTH - 14}" y="{top + 72}" font-size="15" font-weight="bold" '
                f'text-anchor="end" fill="{_BLACK}">{escape(right)}</text>'
            )

    def trump(self, x: float, top: float) -> None:
        view = self.snap.trump
        method = self.rules.trump_method
        baseline = top + 20
        word = escape(say("picture.trump"))
        label = f'<text x="{_n(x)}" y="{_n(baseline)}" font-size="15" fill="{_BLACK}">{word} '
        if view.status == "none" or method is TrumpMethod.NONE:
            self.out.append(label + f"{escape(say('picture.trump.none'))}</text>")
            return
        if view.status == "hidden":
            closed = (
                say("picture.trump.closed_by", holder=view.holder)
                if view.holder
                else say("picture.trump.closed")
            )
            self.back(x + 62, top, 20, 28)
            self.out.append(
                f'<text x="{_n(x)}" y="{_n(baseline)}" font-size="15" fill="{_BLACK}">{word}'
                f'</text><text x="{_n(x + 90)}" y="{_n(baseline)}" font-size="15" '
                f'fill="{_BLACK}">{escape(closed)}</text>'
            )
            return
        if view.status == "unnamed" or view.suit is None:
            self.out.append(label + f"{escape(say('picture.trump.unnamed'))}</text>")
            return
        suit = view.suit
        known = {
            TrumpMethod.DRAWN: "picture.trump.drawn",
            TrumpMethod.FACE_UP: "picture.trump.face_up",
        }
        how = say(
            {
                "known": known.get(method, "picture.trump.known"),
                "revealed": "picture.trump.revealed",
                "named": "picture.trump.named",
            }[view.status]
        )
        if view.since is not None and view.status in ("revealed", "named"):
            how = say("picture.trump.at", how=how, card=view.since + 1)
        words = escape(say("picture.trump.suit", suit=suit.word, how=how))
        self.out.append(
            label + f'<tspan fill="{_suit_fill(suit)}" font-size="18">{suit.symbol}</tspan> '
            f"{words}</text>"
        )

    def outcome(self) -> str:
        snap = self.snap
        if snap.result is not None:
            result = snap.result
            if result.winner is None:
                return say("picture.tie", reason=result.reason)
            side = team_label(result.winner, self.players)
            return say(f"picture.{result.kind}", side=side, reason=result.reason)
        if self.rules.capture is Capture.DEHLA:
            count, tens = snap.pile
            listed = " ".join(_plain_card(c) for c in tens)
            return say_n("picture.pile_with" if listed else "picture.pile", count, tens=listed)
        return ""


def _plain_card(card: Card) -> str:
    return f"{_rank(card)}{card.suit.symbol}"


def message_svg(message: str, size: int) -> str:
    """A small picture saying why there is no picture (shown where a notebook expected one)."""
    height = round(size * 120 / _WIDTH)
    lines = _wrap(message, 80)
    body = "".join(
        f'<text x="16" y="{34 + 22 * i}" font-size="16" fill="{_BLACK}">{_text(line)}</text>'
        for i, line in enumerate(lines[:4])
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
        f'viewBox="0 0 {_WIDTH} 120" role="img" aria-label={_attr(message)} '
        f'font-family="{_FONT}">\n<title>{_text(message)}</title>\n'
        f'<rect width="{_WIDTH}" height="120" fill="#fbfaf6" stroke="#c0271d"/>\n{body}\n</svg>\n'
    )


def _wrap(text: str, width: int) -> Sequence[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return lines
