"""Reading PMN: a file (or a string) in, one :class:`DealRecord` per deal out, as a stream.

Modelled on python-chess's ``chess.pgn`` (a streaming reader building a tree of annotated
moves, problems kept per game), with two promises python-chess does not make:

* **every problem has a line and a column** (1-based, in the file), and a plain message;
* **the reader never gives up on a file because of one deal**: a problem is recorded in the
  deal (``record.errors``), the offending token is skipped, and reading goes on, so one deal
  reports all its problems and the deals after it load normally. The only exception that
  ever leaves the reader is :class:`~mendikot_replay.pmn.record.PMNError`, for a file it must
  refuse as a whole (a newer major version, a file that cannot be opened).

Memory stays bounded: the file is read line by line, and a deal is parsed once its closing
blank line is seen; a deal longer than :data:`MAX_DEAL_LINES` lines or
:data:`MAX_DEAL_CHARS` characters is reported and skipped without being kept in memory: its
place in the file (``record.span``, ``record.origin``) is, so that a writer copies it back
byte for byte. Every deal read from bytes keeps its exact bytes (``record.raw``), so a deal
the reader could not understand — bad UTF-8 included — is written back unchanged.

>>> text = '[Dealer "D"]\\n[TrumpMethod "None"]\\n[Play "A"]\\n1. A: TH {too early?} KH'
>>> deal = read_string(text, check=False)[0]
>>> [str(node.card) for node in deal.mainline()], deal.mainline()[0].comments
(['TH', 'KH'], ['too early?'])
>>> [str(problem) for problem in read_string('[Play "A"]\\n1. A: TH 7X', check=False)[0].errors][:1]
["line 2, col 10; deal 1: error: trick 1: '7X' is not a card"]
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Generator, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Final, TypeAlias

from ..core.cards import ALL_CARDS, Card
from ..core.deal_setup import DealSetup
from ..core.seats import ALL_SEATS, TABLE_SIZES, Seat
from ..errors import MendikotError
from .check import MatchNotes, MatchTracker, check_record
from .lines import MAX_DEAL_CHARS, MAX_DEAL_LINES, Line, is_blank, is_pmn_text, read_lines
from .record import GLYPH_NAGS, DealRecord, PlayNode, PMNError, Problem, SourceFile
from .setup import setup_from_tags
from .syntax import (
    CARD_PATTERN,
    DELIMITERS,
    MARKER_PATTERN,
    PMN_VERSION,
    normalize_comment,
    unescape_tag_value,
)
from .tags import TAG_NAME, parse_int, parse_seat, parse_start

Source: TypeAlias = "str | os.PathLike[str] | IO[bytes] | IO[str]"
"""What :func:`read_deals` accepts: a path (a ``str`` is always a path), or an open file,
binary or text. PMN text itself goes to :func:`read_string`."""


def run_checker(record: DealRecord, matches: MatchTracker | MatchNotes | None = None) -> None:
    """Replay ``record`` with :func:`mendikot_replay.pmn.check.check_record` (and follow its
    match with ``matches``); whatever goes wrong inside becomes an error of this deal, never
    of the file."""
    try:
        check_record(record)
        if matches is not None:
            matches.feed(record)
    except Exception as exc:  # a bug in the replay must not lose the other deals
        record.error(f"internal error while replaying this deal: {exc!r}", record.line, 1)


# -- one deal ------------------------------------------------------------------------------
_TAG: Final = re.compile(r"\[\s*(?P<name>[^\s\"\]]+)\s*\"(?P<value>(?:[^\"\\]|\\.)*)\"\s*\]")
_WORD: Final = re.compile(rf"[^{DELIMITERS}]+")
#: One token of the play section after optional white space; ``lastgroup`` names its kind.
#: A card must end at a delimiter (``THX`` is a word, reported as not a card).
_TOKEN: Final = re.compile(
    rf"\s*(?:(?P<marker>{MARKER_PATTERN})"
    rf"|(?P<badmarker>(\d+)\.\s*([^{DELIMITERS}:]+)\s*:)"
    rf"|(?P<card>{CARD_PATTERN})(?=[{DELIMITERS}]|$)"
    r"|(?P<nag>\$\d{1,9})"
    r"|(?P<punct>[{}()*\[\]$])"
    rf"|(?P<word>[^{DELIMITERS}]+))"
)
#: A whole canonical trick line with plain cards and nothing else, the common case of large
#: corpora: read in one match instead of one per token (the general path handles the rest).
_PLAIN_TRICK_LINE: Final = re.compile(r"(\d+)\. ([A-L]): ((?:[2-9TJQKA][SHDC] )*[2-9TJQKA][SHDC])")
_PLAIN_CARDS: Final = {str(c): c for c in ALL_CARDS}
_COMMENT_PIECE: Final = re.compile(r"[^\\}]+|\\[}\\]|\\|\}")
_MARKER_GROUP: Final = _TOKEN.groupindex["marker"]
_BAD_MARKER_GROUP: Final = _TOKEN.groupindex["badmarker"]
_CARD_GROUP: Final = _TOKEN.groupindex["card"]


@dataclass(slots=True)
class _Frame:
    """The state of one line of play being read: the main line or a variation.

    ``container`` is where the next card goes (the previous card, or the record before the
    first card); a variation ``( … )`` replaces the last card, so it starts from
    ``last_container`` and the last card's place in the trick.
    """

    container: PlayNode | DealRecord
    trick: int | None
    pos: int
    last: PlayNode | None = None
    last_container: PlayNode | DealRecord | None = None
    last_trick: int | None = None
    last_pos: int = 0
    pending_comments: list[str] = field(default_factory=list)
    marker: tuple[int, Seat] | None = None
    marker_at: tuple[int, int] = (0, 0)
    opened_at: tuple[int, int] = (0, 0)
    trick_at: tuple[int, int] | None = None
    """Where the trick under way begins in the file (its marker, or its first card), so
    that a trick with too few cards is reported on its own line; ``None`` until known."""
    last_trick_at: tuple[int, int] | None = None
    """Where the last card's trick begins (a variation replacing the card continues it)."""
    overflow: bool = False
    """The trick under way began because the one before it filled up, not at a marker: a
    marker with its number then comes after cards one too many for the trick before."""


class _DealParser:
    """Parses the lines of one deal into ``record``: the tag section, then the play."""

    def __init__(self, lines: list[Line], record: DealRecord, ended_by_eof: bool) -> None:
        self.lines = lines
        self.record = record
        self.ended_by_eof = ended_by_eof
        self.li = 0
        self.col = 0
        self.players = 4
        self.frames: list[_Frame] = []
        self.finished = False
        """After ``*``: anything more is an error."""

    # -- positions -----------------------------------------------------------------------
    @property
    def text(self) -> str:
        return self.lines[self.li].text

    def here(self, col: int | None = None) -> tuple[int, int]:
        """(line, 1-based column) of ``col`` (default: the cursor) on the current line."""
        return self.lines[self.li].number, (self.col if col is None else col) + 1

    def error(self, message: str, at: tuple[int, int]) -> None:
        self.record.error(message, at[0], at[1])

    def where_trick(self) -> str:
        frame = self.frames[-1] if self.frames else None
        if frame is None or frame.trick is None:
            return ""
        return f"trick {frame.trick}: "

    def skip_space(self) -> bool:
        """Move to the next character that is not white space, skipping ``%`` lines;
        ``False`` at the end of the deal."""
        while self.li < len(self.lines):
            text = self.text
            if self.col == 0 and text.startswith("%"):
                self.li += 1
                continue
            while self.col < len(text) and text[self.col].isspace():
                self.col += 1
            if self.col < len(text):
                return True
            self.li, self.col = self.li + 1, 0
        return False

    # -- the whole deal ------------------------------------------------------------------
    def parse(self) -> None:
        for line in self.lines:
            if line.bad_utf8 is not None:
                self.record.error(
                    "invalid UTF-8: the bytes here are not text (shown as \ufffd)",
                    line.number,
                    line.bad_utf8,
                )
        self.frames = [_Frame(self.record, 1, 0)]
        # The tag section; a comment among the tags is about the deal (lenient: export puts
        # deal comments after the tags).
        while self.skip_space() and self.text[self.col] in "[{":
            if self.text[self.col] == "[":
                self.parse_tag(in_play=False)
            else:
                self.parse_comment()
        self.players = parse_int(self.record.tags.get("Players", "")) or 4
        if self.players not in TABLE_SIZES:
            self.players = 4
        first_trick: int | None = 1
        if "Start" in self.record.tags:
            try:
                first_trick = parse_start(self.record.tags["Start"]).trick
            except ValueError:
                first_trick = None
        self.frames[0].trick = first_trick
        self.parse_play()
        self.finish()

    def parse_tag(self, *, in_play: bool) -> None:
        at = self.here()
        match = _TAG.match(self.text, self.col)
        if in_play:
            self.error("a tag must come before the play section", at)
        if match is None:
            self.error('tag line: expected [Name "value"]', at)
            self.col = len(self.text)
            return
        self.col = match.end()
        if in_play:
            return
        name = match.group("name")
        if not TAG_NAME.fullmatch(name):
            self.error(f"tag line: {name!r} is not a tag name (letters, digits, _)", at)
            return
        if name in self.record.tags:
            self.error(f"tag {name} is given twice", at)
            return
        self.record.tags[name] = unescape_tag_value(match.group("value"))
        self.record.tag_places[name] = at

    # -- the play section ----------------------------------------------------------------
    def parse_play(self) -> None:
        """Read the play section token by token (one regular expression per token: this is
        the reader's inner loop), dispatching on the kind of token."""
        lines = self.lines
        while self.li < len(lines):
            line = lines[self.li]
            text = line.text
            if self.col == 0:
                if text.startswith("%"):
                    self.li += 1
                    continue
                if len(self.frames) == 1 and not self.finished and self.plain_line(line):
                    self.li += 1
                    continue
            match = _TOKEN.match(text, self.col)
            kind = match.lastgroup if match is not None else None
            if match is None or kind is None:  # only white space is left on this line
                self.li, self.col = self.li + 1, 0
                continue
            start = match.start(kind)
            at = (line.number, start + 1)
            self.col = match.end()
            if self.finished:
                self.error("nothing may follow '*': it ends the play", at)
                self.li = len(lines)
            elif kind == "card":
                self.add_card(match, at)
            elif kind == "marker":
                g = _MARKER_GROUP
                self.parse_marker(int(match.group(g + 1)), match.group(g + 2), at)
            elif kind == "badmarker":
                g = _BAD_MARKER_GROUP
                self.parse_marker(int(match.group(g + 1)), match.group(g + 2), at)
            elif kind == "nag":
                self.add_nag(match.group(kind), at)
            elif kind == "word":
                self.bad_word(match.group(kind), at)
            else:
                self.col = start
                self.parse_punctuation(text[start], at)

    def plain_line(self, line: Line) -> bool:
        """Read ``line`` at once if it is a plain canonical trick line (``n. L: AS 7S …``);
        ``False`` (having read nothing) for any other line."""
        match = _PLAIN_TRICK_LINE.fullmatch(line.text)
        if match is None:
            return False
        cards_text = match.group(3)
        if len(cards_text) > 3 * self.players - 1:
            return False  # more cards than a trick: the general path reports it
        number = line.number
        self.parse_marker(int(match.group(1)), match.group(2), (number, 1))
        # add_node for each card, with the frame's state in locals: the line's cards are
        # plain (no ^T, ^R, NAG or comment), and this is the reader's inner loop.
        frame = self.frames[-1]
        players = self.players
        container = frame.container
        last = frame.last
        trick, pos = frame.trick, frame.pos
        trick_at, overflow = frame.trick_at, frame.overflow
        marker, frame.marker = frame.marker, None
        last_container = frame.last_container
        last_trick_at, last_trick, last_pos = frame.last_trick_at, frame.last_trick, frame.last_pos
        col = match.start(3) + 1
        for i in range(0, len(cards_text), 3):
            parent = container if isinstance(container, PlayNode) else None
            node = PlayNode(_PLAIN_CARDS[cards_text[i : i + 2]], parent, line=number, col=col + i)
            container.variations.append(node)
            node.marker, marker = marker, None
            if trick_at is None:
                trick_at = (number, col + i)
            last_trick_at = trick_at
            # (No pending comments to attach: they wait only inside a variation, and this
            # path reads the top level alone, where a comment before a card is the deal's.)
            last_container, container, last = container, node, node
            last_trick, last_pos = trick, pos
            pos += 1  # advance()
            if pos == players:
                pos, trick_at, overflow = 0, None, True
                trick = trick + 1 if trick is not None else None
        frame.container, frame.last, frame.last_container = container, last, last_container
        frame.trick, frame.pos, frame.trick_at, frame.overflow = trick, pos, trick_at, overflow
        frame.last_trick_at, frame.last_trick, frame.last_pos = last_trick_at, last_trick, last_pos
        return True

    def add_node(
        self,
        frame: _Frame,
        card: Card | None,
        at: tuple[int, int],
        reveal: bool = False,
        revoke: bool = False,
        nags: list[int] | None = None,
    ) -> None:
        """Add a card to the line ``frame`` is reading."""
        container = frame.container  # container.add_variation(...), without its **kwargs
        node = PlayNode(
            card,
            container if isinstance(container, PlayNode) else None,
            reveal_request=reveal,
            revoke=revoke,
            nags=nags if nags is not None else [],
            line=at[0],
            col=at[1],
        )
        container.variations.append(node)
        node.marker, frame.marker = frame.marker, None
        if frame.trick_at is None:
            frame.trick_at = at
        frame.last_trick_at = frame.trick_at
        if frame.last is None and frame.pending_comments:
            node.starting_comments, frame.pending_comments = frame.pending_comments, []
        frame.last_container, frame.container, frame.last = frame.container, node, node
        frame.last_trick, frame.last_pos = frame.trick, frame.pos
        self.advance(frame)

    def parse_punctuation(self, char: str, at: tuple[int, int]) -> None:
        if char == "{":
            self.parse_comment()
            return
        if char == "[":
            self.parse_tag(in_play=True)
            return
        self.col += 1
        if char == "(":
            self.open_variation(at)
        elif char == ")":
            self.close_variation(at)
        elif char == "*":
            self.end_play(at)
        elif char == "$":
            self.error("'$' must be followed by a NAG number, like $21", at)
            word = _WORD.match(self.text, self.col)
            self.col = word.end() if word is not None else self.col
        else:
            self.error(f"{char!r} without its opening {'{' if char == '}' else '['!r}", at)

    def parse_comment(self) -> None:
        """A comment ``{ … }`` from the cursor (on its ``{``): it may run over several lines
        (``%`` lines included: inside a comment they are text); ``\\}`` and ``\\\\`` are
        escapes, any other backslash is kept."""
        start = self.here()
        self.col += 1
        parts: list[str] = []
        while True:
            text = self.text
            for piece in _COMMENT_PIECE.finditer(text, self.col):
                part = piece.group()
                if part == "}":
                    self.col = piece.end()
                    self.add_comment(normalize_comment("".join(parts)), start)
                    return
                parts.append(part[1] if len(part) == 2 and part[0] == "\\" else part)
            if self.li + 1 >= len(self.lines):
                ends = "the file ends" if self.ended_by_eof else "a blank line ends the deal"
                self.error(f"unclosed comment: {ends}", start)
                self.li, self.col = len(self.lines), 0
                return
            parts.append("\n")
            self.li, self.col = self.li + 1, 0

    def add_comment(self, text: str, at: tuple[int, int]) -> None:
        frame = self.frames[-1]
        if frame.last is not None:
            frame.last.comments.append(text)
        elif len(self.frames) == 1:
            self.record.comments.append(text)
        else:
            frame.pending_comments.append(text)

    def add_nag(self, text: str, at: tuple[int, int]) -> None:
        frame = self.frames[-1]
        if frame.last is None:
            self.error(f"{text} must follow the card it is about", at)
            return
        frame.last.nags.append(int(text[1:]))

    def parse_marker(self, number: int, letter: str, at: tuple[int, int]) -> None:
        """A trick marker ``n. L:`` (``letter`` may be a whole word: a name written where the
        seat letter goes).

        A marker that cannot be taken as written is reported once, and it still starts trick
        ``n``: the cards after it are read as that trick's cards. Without this one slip (a
        name for the seat, a card left out of a trick) was reported again at every later
        marker, and the one real mistake was lost among a dozen.
        """
        frame = self.frames[-1]
        label = f"{number}. {letter}:"
        seat = parse_seat(letter, self.players)
        if seat is None:
            self.error(self.seat_problem(label, letter), at)
        if frame.marker is not None:
            self.error(
                f"trick marker {frame.marker[0]}. {frame.marker[1]}: has no card", frame.marker_at
            )
        if frame.pos != 0:
            message, where = self.misplaced_marker(frame, number, label)
            self.error(message, where or at)
        elif frame.trick is not None and number != frame.trick:
            self.error(f"trick marker says {number}., but this is trick {frame.trick}", at)
        # Resynchronise: the marker starts its trick, whatever came before it.
        frame.trick, frame.pos, frame.trick_at, frame.overflow = number, 0, at, False
        frame.marker = (number, seat) if seat is not None else None
        frame.marker_at = at

    def seat_problem(self, label: str, word: str) -> str:
        """What is wrong with a marker's seat, with the seat meant when the word is a
        player's name (or starts with a seat letter): the usual slip of writing who led."""
        seats = ALL_SEATS[: self.players]
        folded = word.casefold()
        meant: tuple[Seat, str] | None = None
        for seat in seats:
            name = self.record.tags.get(seat, "").strip()
            longer = meant is None or len(name) > len(meant[1])
            if name and folded.startswith(name.casefold()) and longer:
                meant = (seat, name)
        if meant is None:
            first = parse_seat(word[0], self.players)
            if first is not None and len(word) > 1:
                meant = (first, word)
        if meant is not None:
            seat, name = meant
            return (
                f"trick marker {label} write the leader as the seat letter, {seat}; names go "
                f'in tags like [{seat} "{name}"]'
            )
        if len(word) == 1:
            return f"trick marker {label} {word!r} is not a seat of this table"
        return (
            f"trick marker {label} {word!r} is not a seat of this table: write the "
            f"leader's seat letter, {seats[0]} to {seats[-1]}"
        )

    def misplaced_marker(
        self, frame: _Frame, number: int, label: str
    ) -> tuple[str, tuple[int, int] | None]:
        """A marker after ``frame.pos`` cards of a trick: the message and where it belongs.

        The usual cause is a card left out of the trick before (or one too many in it), so
        that is what the message says when the marker's number fits, at the place of the
        trick it is about; otherwise the marker itself is out of place."""
        trick, pos, players = frame.trick, frame.pos, self.players
        rule = "(each player plays one card to a trick)"
        if trick is not None and number == trick + 1:
            missing = players - pos
            return (
                f"trick {trick} has {_cards(pos)}, not {players}: {missing} missing {rule}",
                frame.trick_at,
            )
        if trick is not None and number == trick and frame.overflow:
            return (
                f"trick {trick - 1} has {_cards(players + pos)}, not {players}: {pos} too many "
                f"{rule}",
                frame.trick_at,
            )
        where = f"trick {trick}" if trick is not None else "a trick"
        return (
            f"trick marker {label} in the middle of {where} (after {_cards(pos)}): a marker "
            "starts a trick",
            None,
        )

    def bad_word(self, word: str, at: tuple[int, int]) -> None:
        """A word that is not a card (cards are their own kind of token)."""
        message, takes_a_place = self.word_problem(word)
        self.error(self.where_trick() + message, at)
        if takes_a_place:
            # It was meant as a card: it fills its place in the trick, so that the markers
            # after it are not reported too.
            frame = self.frames[-1]
            frame.marker = None
            if frame.trick_at is None:
                frame.trick_at = at
            self.advance(frame)

    def word_problem(self, word: str) -> tuple[str, bool]:
        """What is wrong with a word that is not a card, and whether it stands where a
        card should (a misspelt card) rather than being a stray piece of notation."""
        if word.upper() in ("^T", "^R", "^T^R"):
            return f"{word} must be written directly before its card, like {word}7S", False
        if re.fullmatch(r"[!?]{1,2}", word):
            return f"the glyph {word!r} must be attached to its card, like TH{word}", False
        if re.fullmatch(r"\d+\.", word):
            return f"trick marker {word}: expected 'n. L:' with the leader's seat", False
        if re.fullmatch(r"\^[Rr]\^[Tt]\S*", word):
            return f"{word!r}: write ^T before ^R", True
        return f"{word!r} is not a card", True

    def add_card(self, match: re.Match[str], at: tuple[int, int]) -> None:
        g = _CARD_GROUP
        reveal, revoke, card_text, glyph = match.group(g + 1, g + 2, g + 3, g + 4)
        self.add_node(
            self.frames[-1],
            None if card_text == "--" else Card.parse(card_text),
            at,
            reveal is not None,
            revoke is not None,
            [GLYPH_NAGS[glyph]] if glyph else [],
        )

    def advance(self, frame: _Frame) -> None:
        """Count a card in the trick under way of ``frame``'s line."""
        frame.pos += 1
        if frame.pos == self.players:
            frame.pos, frame.trick_at, frame.overflow = 0, None, True
            frame.trick = frame.trick + 1 if frame.trick is not None else None

    def open_variation(self, at: tuple[int, int]) -> None:
        frame = self.frames[-1]
        self.check_marker_used(frame)
        if frame.last is None or frame.last_container is None:
            self.error("a variation must follow the card it replaces", at)
            # Read it anyway (into a scratch record) so that its own problems are reported.
            self.frames.append(_Frame(DealRecord(), None, 0, opened_at=at))
            return
        # The alternative's trick began where the last card's did (unless it is the first);
        # how it began is the parent's business, so a repeated marker is not taken for
        # cards one too many.
        trick_at = frame.last_trick_at if frame.last_pos else None
        self.frames.append(
            _Frame(
                frame.last_container,
                frame.last_trick,
                frame.last_pos,
                opened_at=at,
                trick_at=trick_at,
            )
        )

    def close_variation(self, at: tuple[int, int]) -> None:
        if len(self.frames) == 1:
            self.error("')' without '('", at)
            return
        frame = self.frames.pop()
        self.check_marker_used(frame)
        if frame.last is None:
            self.error("empty variation: '( … )' must hold at least one card", frame.opened_at)

    def end_play(self, at: tuple[int, int]) -> None:
        if len(self.frames) > 1:
            self.error("'*' ends the play and cannot stand inside a variation", at)
            return
        self.check_marker_used(self.frames[0])
        self.record.unfinished = True
        self.finished = True

    def check_marker_used(self, frame: _Frame) -> None:
        if frame.marker is not None:
            number, seat = frame.marker
            self.error(f"trick marker {number}. {seat}: is not followed by a card", frame.marker_at)
            frame.marker = None

    def finish(self) -> None:
        ends = "the file ends" if self.ended_by_eof else "a blank line ends the deal"
        for frame in self.frames[1:]:
            self.error(f"unclosed variation: {ends}", frame.opened_at)
        self.check_marker_used(self.frames[0])


def _cards(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


# -- set-up --------------------------------------------------------------------------------
def _first_trick_cards(record: DealRecord, players: int) -> list[PlayNode]:
    """The main line's first written trick: the cards up to the next trick marker."""
    nodes: list[PlayNode] = []
    for node in record.mainline():
        if len(nodes) == players or (nodes and node.marker is not None):
            break
        nodes.append(node)
    return nodes


def _build_setup(record: DealRecord, parser: _DealParser) -> None:
    first = _first_trick_cards(record, parser.players)

    def report(message: str, where: str | int | None) -> None:
        if isinstance(where, int):
            record.error(message, first[where].line, first[where].col)
        elif where is not None and where in record.tag_places:
            line, col = record.tag_places[where]
            record.error(message, line, col)
        else:
            record.error(message, record.line, 1)

    setup = setup_from_tags(record.tags, [node.card for node in first], report)
    record.setup = setup
    if setup is not None and setup.start is not None and setup.start.table:
        _detach_table(record, first[: len(setup.start.table)], setup)


def _detach_table(record: DealRecord, table: list[PlayNode], setup: DealSetup) -> None:
    """A position's first cards are already on the table: they belong to the set-up
    (``setup.start.table``), not to the play tree, so they are taken out of it.

    Their comments are kept as comments on the deal; a glyph, NAG, ``^T``/``^R`` or an
    alternative on them cannot be kept (there is no move to hang it on) and is an error.
    """
    for node in table:
        container = node.parent.variations if node.parent is not None else record.variations
        if len(container) > 1:
            record.error(
                f"{node.card} was already on the table when the position starts, so it "
                "cannot have alternatives",
                node.line,
                node.col,
            )
        if node.nags or node.reveal_request or node.revoke:
            record.error(
                f"{node.card} was already on the table when the position starts: it cannot "
                "carry a glyph, NAG, ^T or ^R",
                node.line,
                node.col,
            )
        record.comments.extend(node.starting_comments + node.comments)
    marker = table[0].marker
    if marker is not None and marker[1] != setup.first_leader:
        record.error(
            f"trick marker says {marker[1]} leads, but Play says {setup.first_leader}",
            table[0].line,
            table[0].col,
        )
    record.variations = table[-1].variations
    for node in record.variations:
        node.parent = None


# -- files ---------------------------------------------------------------------------------
@dataclass(slots=True)
class DealBlock:
    """The lines of one deal, before parsing (none kept for a deal over the size limits)."""

    lines: list[Line]
    oversize: Line | None
    """The first line of a deal over the size limits (its lines are not kept)."""
    start: int
    oversize_end: int
    ended_by_eof: bool
    after_blank: int | None = None
    """The byte offset of the last blank line read before the deal (``None`` when none was
    since the reading began): where a chunk of a file may begin (:mod:`.chunks`)."""

    @property
    def first(self) -> Line:
        return self.oversize if self.oversize is not None else self.lines[0]

    @property
    def span(self) -> tuple[int, int]:
        """Byte offsets of the deal in a binary source: its first line to its last's end."""
        end = self.oversize_end if self.oversize is not None else self.lines[-1].end
        return self.start, end

    @property
    def raw(self) -> bytes | None:
        """The deal's exact bytes (``None`` from a text source or over the size limits)."""
        if self.oversize is not None or self.lines[0].raw is None:
            return None
        return b"".join([line.raw or b"" for line in self.lines])


@dataclass(frozen=True, slots=True)
class DealPlace:
    """Where one deal is in a file, found without parsing it: what a save needs in order to
    replace one deal and copy every other byte of the file as it is."""

    index: int
    """1-based, as :attr:`DealRecord.index`."""
    line: int
    start: int
    end: int
    """Byte offsets: the deal's first line to the end of its last (line ending included)."""
    raw: bytes | None
    """The deal's bytes (``None`` for a deal over the reader's size limits)."""


def deal_places(path: str | os.PathLike[str]) -> Iterator[DealPlace]:
    """The places of the deals of the file at ``path``, in order, cut exactly as
    :func:`read_deals` cuts them (same blank lines, same ``%`` lines, same size limits)."""
    lines, handle, origin = _open_lines(Path(path))
    try:
        for index, block in enumerate(_Reader(lines, check=False, origin=origin).blocks(), 1):
            start, end = block.span
            yield DealPlace(index, block.first.number, start, end, block.raw)
    finally:
        if handle is not None:
            handle.close()


_VERSION_LINE: Final = re.compile(r"%\s*PMN\b\s*(?P<version>\S*)\s*$", re.IGNORECASE)


class _Reader:
    """Splits a stream of lines into deals, with the version header and the size limit."""

    def __init__(
        self,
        lines: Iterator[Line],
        check: bool,
        matches: MatchTracker | MatchNotes | None = None,
        origin: SourceFile | None = None,
        *,
        start: int = 0,
        index: int = 0,
    ) -> None:
        self.lines = lines
        self.check = check
        self.matches = matches
        self.origin = origin
        self.start = start
        """The byte offset the lines begin at: 0 for a whole file, else a chunk's start."""
        self.index = index
        """How many deals of the file come before the lines (a chunk's place in its file)."""
        self.pending_warning: Problem | None = None

    def version(self, line: Line) -> None:
        match = _VERSION_LINE.match(line.text)
        if match is None:
            return
        found = re.fullmatch(r"(\d+)\.(\d+)", match.group("version"))
        if found is None:
            self.pending_warning = Problem(
                f"cannot read the PMN version {match.group('version')!r}: reading as "
                f"{PMN_VERSION[0]}.{PMN_VERSION[1]}",
                line.number,
                1,
                severity="warning",
            )
            return
        major, minor = int(found.group(1)), int(found.group(2))
        mine = f"{PMN_VERSION[0]}.{PMN_VERSION[1]}"
        if major > PMN_VERSION[0]:
            raise PMNError(
                Problem(
                    f"this file is PMN {major}.{minor}, a newer major version than this "
                    f"reader's {mine}: it cannot be read",
                    line.number,
                    1,
                )
            )
        if major == PMN_VERSION[0] and minor > PMN_VERSION[1]:
            self.pending_warning = Problem(
                f"this file is PMN {major}.{minor}, newer than this reader's {mine}: tags, "
                "NAGs and commands it does not know are kept but not understood",
                line.number,
                1,
                severity="warning",
            )

    def deals(self, skip: int = 0) -> Iterator[DealRecord]:
        """The deals, each with its place in the file (``line``, and in a binary source the
        byte ``span`` from its first line to the end of its last); the first ``skip`` are
        passed over unread (they are counted, and a version warning meant for the file's
        first deal goes with it)."""
        for block in self.blocks():
            if skip:
                skip -= 1
                self.index += 1
                self.pending_warning = None
                continue
            yield self.emit(block)

    def blocks(self) -> Iterator[DealBlock]:
        """The file cut into deals, unparsed.

        Only the file's first line can give the version (docs/format.md): any other line that
        starts with ``%`` outside a deal is ignored, whatever it says, so that a stray
        ``% PMN 2.0`` pasted between deals cannot end the reading.
        """
        lines: list[Line] = []
        chars = 0
        line_start = self.start  # the byte offset where the current line starts
        block_start = 0
        oversize: Line | None = None
        oversize_end = 0
        last_blank: int | None = None
        block_blank: int | None = None
        for line in self.lines:
            here, line_start = line_start, line.end
            if is_blank(line):
                last_blank = here
                if lines or oversize:
                    yield DealBlock(lines, oversize, block_start, oversize_end, False, block_blank)
                    lines, chars, oversize = [], 0, None
                continue
            if not lines and oversize is None:
                if line.text.startswith("%"):
                    if line.number == 1 and self.start == 0:
                        self.version(line)
                    continue
                block_start, block_blank = here, last_blank
            if oversize is not None:
                oversize_end = line.end
                continue
            lines.append(line)
            chars += len(line.text) + 1
            if len(lines) > MAX_DEAL_LINES or chars > MAX_DEAL_CHARS:
                oversize, lines, oversize_end = lines[0], [], line.end
        if lines or oversize:
            yield DealBlock(lines, oversize, block_start, oversize_end, True, block_blank)

    def emit(self, deal: DealBlock) -> DealRecord:
        self.index += 1
        record = DealRecord()
        record.index = self.index
        block, oversize, ended_by_eof = deal.lines, deal.oversize, deal.ended_by_eof
        first = deal.first
        record.line = first.number
        if first.end >= 0:  # a binary source: the deal's bytes are where they were read
            record.span = deal.span
            record.origin = self.origin
        if self.pending_warning is not None:
            warning, self.pending_warning = self.pending_warning, None
            record.warnings.append(
                Problem(warning.message, warning.line, warning.col, self.index, "warning")
            )
        if oversize is not None:
            record.error(
                f"deal too long (over {MAX_DEAL_LINES:,} lines or {MAX_DEAL_CHARS:,} "
                "characters): not read; it is copied back from its file as it is when the "
                "file is written",
                first.number,
                1,
            )
            return record
        record.source = "\n".join(line.text for line in block)
        record.raw = deal.raw
        try:
            parser = _DealParser(block, record, ended_by_eof)
            parser.parse()
            _build_setup(record, parser)
        except Exception as exc:  # a bug here must cost one deal, never the file
            record.error(f"internal error while reading this deal: {exc!r}", record.line, 1)
            return record
        if self.check:
            run_checker(record, self.matches)
        return record


def _open_lines(
    source: Source, start: int = 0, first_line: int = 1
) -> tuple[Iterator[Line], IO[bytes] | None, SourceFile | None]:
    """The lines of ``source``, the file to close afterwards if we opened it, and what that
    file was when it was opened (so that a writer can tell whether it changed since); a path
    is read from byte ``start``, where line ``first_line`` begins (a chunk of the file)."""
    if isinstance(source, (str, os.PathLike)):
        try:
            handle: IO[bytes] = open(source, "rb")  # noqa: SIM115 (closed by the caller)
        except (OSError, ValueError) as exc:  # ValueError: a NUL in the name
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            shown = os.fspath(source)
            hint = ""
            if isinstance(source, str) and is_pmn_text(source):
                shown = shown if len(shown) < 40 else shown[:37] + "..."
                hint = "; this looks like PMN text, not a file name: read text with read_string"
            raise PMNError(Problem(f"cannot open {shown!r}: {why}{hint}")) from exc
        origin = SourceFile.of_open(source, handle.fileno())
        if start:
            handle.seek(start)
        return read_lines(handle, first_line=first_line, start=start), handle, origin
    return read_lines(source), None, None


def read_deals(
    source: Source, *, check: bool = True, matches: MatchTracker | MatchNotes | None = None
) -> Generator[DealRecord, None, None]:
    """Read deals one by one from a path or an open file (binary or text); PMN text itself
    goes to :func:`read_string` (python-chess's and endplay's load/loads split: a string is
    never guessed to be text or a file name).

    With ``check`` (the default) each deal is replayed by :mod:`mendikot_replay.pmn.check`,
    which adds replay errors and fills in who played each card, and the deals of each match
    (``Match`` tag) are followed in file order, so a ``Dealer`` the rules do not give is a
    warning. Pass your own ``matches`` tracker to read the match registers afterwards (or
    to follow matches across several files), or :class:`~.check.MatchNotes` to follow them
    yourself (:meth:`~.check.MatchTracker.follow`).

    Raises :class:`PMNError` only for a file that cannot be read at all; every problem in
    a deal is in that deal's ``errors``. From an open file, the reader stops right after
    each deal it yields, so the file can be read further by other means.
    """
    yield from read_deals_from(source, check, matches)


def deal_blocks(lines: Iterator[Line], *, start: int = 0) -> Iterator[DealBlock]:
    """``lines`` (:func:`read_lines`, from byte ``start`` of a file) cut into deals as the
    reader cuts them, unparsed: quick, for finding where deals begin without reading them
    (:mod:`.chunks` cuts a file for a cluster this way). Raises :class:`PMNError` when the
    first line gives a newer major version."""
    return _Reader(lines, check=False, start=start).blocks()


def read_deals_from(
    source: Source,
    check: bool = True,
    matches: MatchTracker | MatchNotes | None = None,
    *,
    start: int = 0,
    first_line: int = 1,
    index: int = 0,
    skip: int = 0,
) -> Generator[DealRecord, None, None]:
    """:func:`read_deals`, from byte ``start`` of a path on, where line ``first_line`` and
    deal ``index + 1`` begin, its first ``skip`` deals passed over: a chunk of a file read
    with the file's own numbers (:func:`.chunks.read_chunk`)."""
    current_line = 0
    handle: IO[bytes] | None = None
    try:
        lines, handle, origin = _open_lines(source, start, first_line)

        def counted() -> Iterator[Line]:
            nonlocal current_line
            for line in lines:
                current_line = line.number
                yield line

        if check and matches is None:
            matches = MatchTracker()
        reader = _Reader(counted(), check, matches, origin, start=start, index=index)
        yield from reader.deals(skip)
    except PMNError:
        raise
    except UnicodeDecodeError as exc:
        raise PMNError(
            Problem(
                f"the text file is not valid in its encoding ({exc.reason}); open it in binary "
                "mode to have bad bytes reported per deal",
                current_line + 1,
            )
        ) from exc
    except Exception as exc:
        raise PMNError(Problem(f"cannot read the file: {exc!r}", current_line or None)) from exc
    finally:
        if handle is not None:
            handle.close()


class NoSuchDeal(MendikotError, ValueError):
    """A deal number past the end of a file: a value the file does not allow, as the viewer
    has always said (``ValueError``)."""


def no_such_deal(name: str, count: int, wanted: int) -> NoSuchDeal:
    """The one wording of "there is no deal N", wherever a deal is picked by its number
    (the command line's ``--deal``, the viewer's ``deal=``)."""
    deals = f"{count} deal" if count == 1 else f"{count} deals"
    which = f" (deals 1 to {count})" if count > 1 else ""
    return NoSuchDeal(f"{name} has {deals}: there is no deal {wanted}{which}")


def pick_deal(records: Iterable[DealRecord], wanted: int, name: str) -> DealRecord:
    """Deal number ``wanted`` (from 1) of ``records``, read no further than it; ``name``
    says where they come from in the error (:class:`NoSuchDeal`) when there is none."""
    if isinstance(wanted, bool) or not isinstance(wanted, int) or wanted < 1:
        raise ValueError(f"deals are numbered from 1, not {wanted!r}")
    count = 0
    for count, record in enumerate(records, 1):
        if count == wanted:
            return record
    raise no_such_deal(name, count, wanted)


def read_deal(source: Source, *, check: bool = True) -> DealRecord | None:
    """The next deal of ``source`` (the first one, for a path), or ``None`` if there is
    none."""
    deals = read_deals(source, check=check)
    try:
        return next(deals, None)
    finally:
        deals.close()


def read_string(text: str, *, check: bool = True) -> list[DealRecord]:
    """Every deal of a PMN text (never taken for a path, unlike :func:`read_deals`)."""
    return list(read_deals(io.StringIO(text, newline="\n"), check=check))
