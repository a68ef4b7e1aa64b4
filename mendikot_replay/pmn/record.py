"""The record of one deal: tags, the play as a tree of annotated cards, and its problems.

This is the middle of the data flow (text → **record** → replay → annotations → views). A
record is what a PMN reader produces and a writer consumes; it is also what a program builds
to write a log. It keeps everything a file said — comments, glyphs, NAGs, variations, the
tags exactly as written — so that writing it back loses nothing.

The play is a tree in the manner of python-chess's game nodes: ``record.variations[0]`` is the
first card of the main line, every :class:`PlayNode` has ``variations`` whose first element
continues the main line and whose others are alternatives *to that card*.

>>> from mendikot_replay.core.cards import card
>>> rec = DealRecord()
>>> node = rec.add_main(card("TH"))
>>> node = node.add_main(card("KH"))
>>> node.comments.append("the king covers")
>>> [str(n.card) for n in rec.mainline()]
['TH', 'KH']
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from ..core.cards import Card
from ..core.seats import Seat
from ..errors import MendikotError
from ..text import say

if TYPE_CHECKING:
    from ..core.deal_setup import DealSetup
    from ..core.engine import Game
    from ..core.timeline import Timeline

Play = tuple[Card, bool, bool]
"""A card as the engine plays it: the card, whether it asks for the closed trump (``^T``)
and whether it is a revoke knowingly recorded (``^R``)."""

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One error or warning about a deal, with where it is in the file.

    ``line`` and ``col`` are 1-based positions in the file (``None`` for a record that was
    not read from text); ``deal`` is the 1-based index of the deal in its file.
    """

    message: str
    line: int | None = None
    col: int | None = None
    deal: int | None = None
    severity: Severity = "error"

    def __str__(self) -> str:
        where = []
        if self.line is not None:
            where.append(f"line {self.line}")
            if self.col is not None:
                where[-1] += f", col {self.col}"
        if self.deal is not None:
            where.append(f"deal {self.deal}")
        prefix = f"{'; '.join(where)}: " if where else ""
        return f"{prefix}{self.severity}: {self.message}"

    def to_json(self) -> dict[str, object]:
        return {"line": self.line, "col": self.col, "message": self.message}


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file as the reader found it when it opened it: enough to tell later whether it
    has changed since (a save must not overwrite what someone else wrote meanwhile), and
    to copy a deal back from it by its byte span."""

    path: str
    """The absolute path, symbolic links resolved."""
    size: int
    mtime_ns: int
    inode: int
    device: int

    @classmethod
    def of_open(cls, path: str | os.PathLike[str], fd: int) -> SourceFile:
        """The state of ``path``, open as ``fd`` (so that the state is the opened file's)."""
        stat = os.fstat(fd)
        return cls(os.path.realpath(path), stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_dev)

    def changed(self) -> str | None:
        """What differs now in the file at :attr:`path` (``None`` when nothing does, as
        far as its size, modification time and identity tell)."""
        try:
            stat = os.stat(self.path)
        except OSError as exc:
            return f"it cannot be read any more ({exc.strerror})"
        if (stat.st_ino, stat.st_dev) != (self.inode, self.device):
            return "it was replaced by another file"
        if stat.st_size != self.size:
            return f"its size changed from {self.size:,} to {stat.st_size:,} bytes"
        if stat.st_mtime_ns != self.mtime_ns:
            return "it was modified"
        return None


class PMNError(MendikotError):
    """The one exception type PMN reading raises (for a file it cannot read at all, such as
    a newer major version). Problems inside a deal never raise: they are kept in
    :attr:`DealRecord.errors` and reading goes on."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(str(problem))
        self.problem = problem


#: Move glyphs and the NAGs ($1–$6) they stand for.
GLYPH_NAGS: dict[str, int] = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
NAG_GLYPHS: dict[int, str] = {nag: glyph for glyph, nag in GLYPH_NAGS.items()}


#: NAG 7 and the Mendikot observation NAGs (docs/format.md), in plain words.
class _NagMeanings(Mapping[int, str]):
    """What each NAG means, in the language in force (``nag.N`` of the text layer)."""

    _NAGS: Final = (1, 2, 3, 4, 5, 6, 7, *range(20, 30))

    def __getitem__(self, nag: int) -> str:
        if nag not in self._NAGS:
            raise KeyError(nag)
        return say(f"nag.{nag}")

    def __iter__(self) -> Iterator[int]:
        return iter(self._NAGS)

    def __len__(self) -> int:
        return len(self._NAGS)


NAG_MEANINGS: Final[Mapping[int, str]] = _NagMeanings()


class PlayNode:
    """One card of the play with its annotations, and the cards that may follow it.

    Set by the reader (or by whoever builds the record): ``card`` (``None`` for an unknown
    card ``--``), ``reveal_request`` (``^T``), ``revoke`` (``^R``), ``nags`` (glyphs are NAGs
    1–6), ``comments``, ``starting_comments`` (comments before the first card of a line),
    ``marker`` (the ``n. L:`` trick marker written before this card, if any) and ``line``/
    ``col`` (the card's place in the file). A record says ``7S`` for either copy of a
    two-pack card, so ``card`` is always the first pack's (:attr:`Card.face`); the replay
    plays the copy the seat holds.

    Set by the replay (:func:`mendikot_replay.pmn.check.check_record`): ``seat`` (who played it),
    ``trick`` (1-based), ``position`` (0-based place in the trick) and ``leader``.
    """

    __slots__ = (
        "card",
        "col",
        "comments",
        "leader",
        "line",
        "marker",
        "nags",
        "parent",
        "position",
        "reveal_request",
        "revoke",
        "seat",
        "starting_comments",
        "trick",
        "variations",
    )

    def __init__(
        self,
        card: Card | None,
        parent: PlayNode | None = None,
        *,
        reveal_request: bool = False,
        revoke: bool = False,
        nags: list[int] | None = None,
        comments: list[str] | None = None,
        line: int | None = None,
        col: int | None = None,
    ) -> None:
        self.card = card if card is None or card < 52 else card.face
        self.parent = parent
        self.variations: list[PlayNode] = []
        self.reveal_request = reveal_request
        self.revoke = revoke
        self.nags: list[int] = nags if nags is not None else []
        self.comments: list[str] = comments if comments is not None else []
        self.starting_comments: list[str] = []
        self.marker: tuple[int, Seat] | None = None
        self.line = line
        self.col = col
        self.seat: Seat | None = None
        self.trick: int | None = None
        self.position: int | None = None
        self.leader: Seat | None = None

    # -- tree building -------------------------------------------------------------------
    def add_variation(self, card: Card | None, **kwargs: object) -> PlayNode:
        """Add ``card`` after this one: the main continuation if it is the first, else an
        alternative to the main continuation."""
        child = PlayNode(card, self, **kwargs)  # type: ignore[arg-type]
        self.variations.append(child)
        return child

    def add_main(self, card: Card | None, **kwargs: object) -> PlayNode:
        """Add ``card`` as the main continuation (it must be the first child)."""
        if self.variations:
            raise ValueError("this card already has a main continuation")
        return self.add_variation(card, **kwargs)

    def next(self) -> PlayNode | None:
        """The main continuation, or ``None`` at the end of a line."""
        return self.variations[0] if self.variations else None

    def depth(self) -> int:
        """How many cards precede this one on its line (0 for the first card)."""
        count, node = 0, self.parent
        while node is not None:
            count, node = count + 1, node.parent
        return count

    def glyph(self) -> str | None:
        """The first move glyph (``!``, ``??`` …) among the NAGs, if any."""
        for nag in self.nags:
            if nag in NAG_GLYPHS:
                return NAG_GLYPHS[nag]
        return None

    def commands(self) -> Iterator[tuple[str, str]]:
        """The ``[%name args]`` commands in the comments, as ``(name, args)`` pairs."""
        from .commands import iter_commands

        for comment in (*self.starting_comments, *self.comments):
            yield from iter_commands(comment)

    def __repr__(self) -> str:
        where = f" trick {self.trick}" if self.trick is not None else ""
        return f"<PlayNode {self.card if self.card else '--'}{where}>"


class DealRecord:
    """One deal (or endgame position) as PMN records it.

    ``tags`` keeps every tag with its value exactly as read (in reading order; the writer
    orders them). ``setup`` is the engine's view of the tags (rules, hands, dealer, trump)
    when they could be understood, else ``None``. ``errors`` and ``warnings`` list every
    problem found while reading and replaying, each with its place in the file.
    """

    def __init__(self, tags: dict[str, str] | None = None) -> None:
        self.tags: dict[str, str] = dict(tags) if tags else {}
        self.comments: list[str] = []
        """Comments before the first trick: about the whole deal."""
        self.variations: list[PlayNode] = []
        self.unfinished = False
        """Whether the play section ended with ``*``."""
        self.errors: list[Problem] = []
        self.warnings: list[Problem] = []
        self.index: int | None = None
        """1-based place of the deal in its file."""
        self.line: int | None = None
        """The line of the file the deal starts on."""
        self.source: str | None = None
        """The deal's text as read (lines joined by ``\\n``, bad bytes shown as U+FFFD)."""
        self.raw: bytes | None = None
        """The deal's bytes exactly as in its file, from its first line to the end of its
        last (line endings included), when it was read from a binary source: a deal with
        errors is written back from them, so not even a byte that is not UTF-8 is lost.
        Edits to the record do not change them: they are what the file held."""
        self.span: tuple[int, int] | None = None
        """Where those bytes are in the file read: ``(start, end)`` byte offsets."""
        self.origin: SourceFile | None = None
        """The file the deal was read from, as it was when it was opened."""
        self.tag_places: dict[str, tuple[int, int]] = {}
        """Where each tag was read: ``(line, col)`` of its ``[``, for error messages."""
        self.setup: DealSetup | None = None
        self._timeline: Timeline | None = None
        self._replayed: tuple[object, tuple[Play | None, ...]] | None = None
        """What :attr:`timeline` replayed: the set-up and the main line's moves."""

    # -- the replay ----------------------------------------------------------------------
    @property
    def timeline(self) -> Timeline | None:
        """The replay of the main line that :func:`~.check.check_record` made (the reader
        checks every deal it reads), or ``None``: not checked yet, no playable set-up — or
        the play or the set-up changed since. The replay is derived from the record and
        never outlives it: an edit of the main line (a card added, changed, a ``^T``) or a
        new set-up clears it, and checking the record again makes it anew. (Comments,
        glyphs and NAGs are not part of the replay: they leave it as it is.)"""
        if self._timeline is not None and self._replayed != self._replay_key():
            self._timeline = self._replayed = None
        return self._timeline

    @timeline.setter
    def timeline(self, value: Timeline | None) -> None:
        self._timeline = value
        self._replayed = self._replay_key() if value is not None else None

    def _replay_key(self) -> tuple[object, tuple[Play | None, ...]]:
        return self.setup, tuple(
            (n.card, n.reveal_request, n.revoke) if n.card is not None else None
            for n in self.mainline()
        )

    # -- tree ----------------------------------------------------------------------------
    def add_main(self, card: Card | None, **kwargs: object) -> PlayNode:
        if self.variations:
            raise ValueError("the deal already has a first card")
        node = PlayNode(card, None, **kwargs)  # type: ignore[arg-type]
        self.variations.append(node)
        return node

    def add_variation(self, card: Card | None, **kwargs: object) -> PlayNode:
        node = PlayNode(card, None, **kwargs)  # type: ignore[arg-type]
        self.variations.append(node)
        return node

    def mainline(self) -> list[PlayNode]:
        """The cards of the main line, in play order."""
        out: list[PlayNode] = []
        node = self.variations[0] if self.variations else None
        while node is not None:
            out.append(node)
            node = node.variations[0] if node.variations else None
        return out

    def is_mainline(self, node: PlayNode) -> bool:
        """Whether ``node`` is on the main line of this deal (not inside a variation)."""
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return bool(self.variations) and self.variations[0] is node

    def line_to(self, node: PlayNode | None) -> list[PlayNode]:
        """The cards from the first one to ``node`` (included), along whatever line ``node``
        is on — the main line or a variation, as ``node.board()`` follows its parents in
        python-chess; ``[]`` for ``None`` (the start of the deal)."""
        out: list[PlayNode] = []
        while node is not None:
            out.append(node)
            node = node.parent
        out.reverse()
        if out and out[0] not in self.variations:
            raise ValueError(f"{out[-1]!r} is not a card of this deal")
        return out

    def plays(self, line: list[PlayNode] | None = None) -> list[Play]:
        """The main line (or the cards of ``line``) as the engine plays them: each card with
        its ``^T`` and ``^R``, in order — the one place a record's play becomes moves (the
        replay, the solver's positions and the analysis all start from it).

        Raises :class:`ValueError` for an unknown card (``--``): the engine cannot play it.
        """
        out: list[Play] = []
        for k, node in enumerate(self.mainline() if line is None else line, 1):
            if node.card is None:
                raise ValueError(f"card {k} of the line is unknown (--): it cannot be played")
            out.append((node.card, node.reveal_request, node.revoke))
        return out

    def position(self, after: int | None = None) -> Game:
        """The game after the first ``after`` cards of the main line (all of them by
        default): the set-up the tags give, then each card of :meth:`plays` — what the
        solver and the analysis are given, as python-chess's ``node.board()``.

        >>> from mendikot_replay.pmn.reader import read_string
        >>> deal = read_string('''[Dealer "D"]
        ... [TrumpMethod "None"]
        ... [Start "trick 13; tens 2-1; tricks 6-6"]
        ... [Hands "A:T... B:A... C:.2.. D:..2."]
        ... [Play "A"]
        ... 13. A: TS AS''')[0]
        >>> deal.position(1).to_play, deal.position().to_play
        ('B', 'C')
        """
        line = self.mainline()
        if after is None:
            after = len(line)
        if not 0 <= after <= len(line):
            raise ValueError(f"the main line has {len(line)} cards; cannot stop after {after}")
        return self.game_at(line[after - 1] if after else None)

    def game_at(self, node: PlayNode | None) -> Game:
        """The game right after ``node`` (on the main line or in a variation; ``None``: the
        start of the deal): where the board stands when it shows that card."""
        from ..core.engine import Game  # the engine is below the record: no cycle, loaded when used

        if self.setup is None:
            raise ValueError("the record's tags do not give a playable set-up")
        game = Game(self.setup, check_deal=False)
        for card, ask, revoke in self.plays(self.line_to(node)):
            game.play(card, ask_reveal=ask, revoke=revoke)
        return game

    def replay(self, line: list[PlayNode], *, choices: bool = False) -> Timeline:
        """The replay of ``line`` (cards from the first, as :meth:`line_to` gives them):
        what :attr:`timeline` is for the main line, for any line of the tree — a
        variation's own story. It stops at a card it cannot play, as every replay does;
        ``choices`` keeps the legal cards at each step (:attr:`.Timeline.choices`)."""
        from ..core.timeline import Timeline  # below the record: loaded when used

        if self.setup is None:
            raise ValueError("the record's tags do not give a playable set-up")
        plays = self.plays(line)
        return Timeline.replay(
            self.setup,
            [card for card, _, _ in plays],
            [(ask, revoke) for _, ask, revoke in plays],
            check_deal=False,
            choices=choices,
        )

    def end(self) -> PlayNode | None:
        """The last card of the main line."""
        line = self.mainline()
        return line[-1] if line else None

    def walk(self) -> Iterator[PlayNode]:
        """Every card of the tree, depth first, main line before variations."""
        stack = list(reversed(self.variations))
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))

    @property
    def has_errors(self) -> bool:
        return bool(self.errors)

    def error(self, message: str, line: int | None = None, col: int | None = None) -> None:
        self.errors.append(Problem(message, line, col, self.index, "error"))

    def warn(self, message: str, line: int | None = None, col: int | None = None) -> None:
        self.warnings.append(Problem(message, line, col, self.index, "warning"))

    def _repr_html_(self) -> str:
        from ..views.html import deal_html  # the static view and the stepping viewer (lazy)

        return deal_html(self)

    def _repr_svg_(self) -> str:
        from ..views.svg import record_svg  # the final state, or a position's start (svg.py)

        if self.timeline is None and self.setup is not None:
            from .check import check_record  # a record built by a program: replay it first

            check_record(self)
        return record_svg(self)

    def __repr__(self) -> str:
        label = ", ".join(f"{k}={self.tags[k]!r}" for k in ("Event", "Deal") if k in self.tags)
        return f"<DealRecord {label or 'untitled'} ({len(self.mainline())} cards)>"


@dataclass(slots=True)
class ReadStats:
    """What a reader saw in a whole file (for the command line's summaries)."""

    deals: int = 0
    deals_with_errors: int = 0
    problems: list[Problem] = field(default_factory=list)
