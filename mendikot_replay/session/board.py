"""The analysis board: the line shown, where on it, and what a person does there.

A board is lichess's analysis board for a deal of cards: it stands on one card of the play
tree (or at the start), shows *a line* — the cards from the start through that one and on
along the first continuations to the line's end — and lets its user try any card, step
back, ask the solver for a card that keeps the outcome, keep a line as the main one or
throw it away, and annotate the card it stands on. The tree itself changes only through
:mod:`~.pmn.tree` (legal cards only, PMN's shape) and :mod:`~.pmn.editing` (annotations):
this module holds the *state* of one person's look at it, with no display, so that the
notebook widget, a script and a test all drive the same thing.

The line is kept as the record's own :class:`~.record.PlayNode` objects, never as numbers:
node ids (:func:`~.payload.board_view`) are renumbered when the tree grows, the cards are not.

>>> from mendikot_replay.pmn.reader import read_string
>>> board = Board(read_string('''[Dealer "D"]
... [TrumpMethod "None"]
... [Start "trick 12; tens 2-1; tricks 5-6"]
... [Hands "A:T2... B:A..3. C:.2..3 D:..2.4"]
... [Play "A"]
... 12. A: TS AS 2H 2D 13. B: 3D 3C 4C 2S''')[0])
>>> board.play("2S").cards          # A leads the two instead: a variation
['2S']
>>> board.play("AS").play("2H").play("2D").cards_left()
0
>>> board.back().cards, board.at_main_line
(['2S', 'AS', '2H'], False)
>>> board.promote(), [str(n.card) for n in board.record.mainline()][:2]
(True, ['2S', 'AS'])
"""

from __future__ import annotations

import threading
from typing import Any

from ..core.cards import Card
from ..core.engine import Game
from ..errors import MendikotError
from ..pmn import editing, tree
from ..pmn.record import GLYPH_NAGS, DealRecord, PlayNode
from ..solver.search import Solver, solvable_tricks, tricks_left
from .payload import JSON, board_view, default_max_tricks

__all__ = ["Board", "BoardError"]


class BoardError(MendikotError, ValueError):
    """What the board cannot do here (the solver's limit, a deal that is over …); the
    message says why."""


class Board:
    """One look at a record's play tree: a line of cards and a place on it.

    ``line`` is the line shown (its cards from the first), ``step`` how many of them are
    played (0: the start). ``view`` is the viewer's payload of the whole tree and ``nodes``
    the card each of its steps stands for (``nodes[0]`` is ``None``, the start); both are
    made again whenever the tree changes (:meth:`refresh`).
    """

    def __init__(
        self,
        record: DealRecord,
        *,
        solver: Solver | None = None,
        max_tricks: int | None = None,
    ) -> None:
        self.record = record
        self.solver = solver if solver is not None else Solver("outcome")
        self.solver_lock = threading.Lock()
        """One search at a time: the solver's table is not shared between threads."""
        self.max_tricks = default_max_tricks() if max_tricks is None else max_tricks
        self.view: JSON = {}
        self.nodes: list[PlayNode | None] = [None]
        self._ids: dict[int, int] = {}
        self.line: list[PlayNode] = []
        self.step = 0
        self.version = -1
        """How many times the tree or its notes changed since the board was made (each
        change makes the payload again): a display redraws, and marks unsaved, when it moves."""
        self.refresh()
        self.line = self._continued([])  # the main line, as far as it can be replayed

    # -- the tree and its numbering ----------------------------------------------------
    def refresh(self) -> None:
        """Make the payload again after the tree changed, keeping the line shown (cut
        where its cards left the tree, e.g. a deleted variation)."""
        self.version += 1
        self.view, self.nodes = board_view(self.record)
        self.view["revision"] = self.version  # the page sends it back with each request
        self._ids = {id(node): k for k, node in enumerate(self.nodes) if node is not None}
        kept: list[PlayNode] = []
        for node in self.line:
            if id(node) not in self._ids or (kept and node.parent is not kept[-1]):
                break
            kept.append(node)
        if kept != self.line:
            self.line = self._continued(kept)
        self.step = min(self.step, len(self.line))

    def id_of(self, node: PlayNode | None) -> int:
        """The node id of ``node`` in :attr:`view` (0 for the start)."""
        return 0 if node is None else self._ids[id(node)]

    def _continued(self, head: list[PlayNode]) -> list[PlayNode]:
        """``head`` and then the first continuations to the end of that line."""
        line = list(head)
        children = line[-1].variations if line else self.record.variations
        while children and id(children[0]) in self._ids:
            line.append(children[0])
            children = children[0].variations
        return line

    # -- where the board stands --------------------------------------------------------
    @property
    def node(self) -> PlayNode | None:
        """The card the board stands on (``None``: the start)."""
        return self.line[self.step - 1] if self.step else None

    @property
    def path(self) -> list[int]:
        """The line shown as node ids, from the start (0) to its end: the viewer's ``path``."""
        return [0, *(self.id_of(n) for n in self.line)]

    @property
    def cards(self) -> list[str]:
        """The cards from the start to where the board stands, as PMN writes them (``^T``
        before a card that asks for the closed trump)."""
        return [("^T" if n.reveal_request else "") + str(n.card) for n in self.line[: self.step]]

    @property
    def at_main_line(self) -> bool:
        node = self.node
        return node is None or self.record.is_mainline(node)

    def cards_left(self) -> int:
        """How many cards the line shown has after the board's place."""
        return len(self.line) - self.step

    def game(self) -> Game:
        """The game where the board stands (a new one: the caller may play on it)."""
        return self.record.game_at(self.node)

    def go(self, step: int) -> Board:
        """Stand after ``step`` cards of the line shown (clamped to it)."""
        self.step = min(max(int(step), 0), len(self.line))
        return self

    def go_to(self, node: PlayNode | None) -> Board:
        """Stand on ``node``: the line shown becomes the one through it (kept as it is when
        ``node`` is on it already, so stepping back and on stays in a variation)."""
        if node is None:
            self.step = 0
            return self
        if node in self.line:
            self.step = self.line.index(node) + 1
            return self
        head = self.record.line_to(node)
        if any(id(n) not in self._ids for n in head):
            raise BoardError(f"{node!r} cannot be replayed: the board cannot stand there")
        self.line = self._continued(head)
        self.step = len(head)
        return self

    def follow(self, ids: list[int], step: int) -> Board:
        """Take the viewer's ``path`` and ``step`` (node ids of :attr:`view`). A path that
        is not a line of the tree from the start is refused (``BoardError``)."""
        if not ids or ids[0] != 0 or any(not 0 < k < len(self.nodes) for k in ids[1:]):
            raise BoardError(f"{ids!r} is not a line of this deal's tree")
        line = [self.nodes[k] for k in ids[1:]]
        parent: PlayNode | None = None
        for node in line:
            assert node is not None
            if node.parent is not parent:
                raise BoardError(f"{ids!r} is not a line of this deal's tree")
            parent = node
        self.line = [n for n in line if n is not None]
        return self.go(step)

    def back(self) -> Board:
        """One card back along the line shown (nothing is deleted)."""
        return self.go(self.step - 1)

    # -- playing -----------------------------------------------------------------------
    def play(self, card: Card | str, *, ask: bool = False) -> Board:
        """Play ``card`` where the board stands: the next card of the line steps on, a card
        that starts a variation here enters it, any other legal card starts a new variation
        (or goes on, at the end of a line). An illegal card raises
        :class:`~.engine.IllegalPlay` with the engine's reason and changes nothing."""
        node = tree.play(self.record, self.node, card, ask=ask)
        if id(node) not in self._ids:  # a new card: the tree grew
            self.refresh()
        if self.step < len(self.line) and self.line[self.step] is node:
            self.step += 1
        elif self.step == len(self.line) and node.parent is self.node:
            self.line = self._continued([*self.line, node])
            self.step += 1
        else:
            self.go_to(node)
        return self

    def best_move(self) -> tuple[Card, bool]:
        """A card that keeps the double-dummy outcome here, preferring the line's own next
        card, then a variation already there: ``(card, ask)``."""
        game = self.game()
        if game.finished:
            raise BoardError("the deal is over here: there is no card to play")
        left = tricks_left(game)
        limit = solvable_tricks(game, self.max_tricks)
        if left > limit:
            raise BoardError(
                f"too early for the solver: {left} tricks are left, and it takes positions "
                f"with {limit} or fewer" + (" (two packs)" if game.two_packs else "")
            )
        try:
            with self.solver_lock:
                solution = self.solver.solve(game)
        except ValueError as problem:  # an unknown hand
            raise BoardError(f"the solver cannot take this position: {problem}") from None
        keeping = [m for m, v in solution.moves.items() if v == solution.value]
        children = self.node.variations if self.node is not None else self.record.variations
        ahead = self.line[self.step] if self.step < len(self.line) else None
        preferred = [ahead, *children] if ahead is not None else children
        for child in preferred:
            for move in keeping:
                if child.card is move.card and child.reveal_request == move.ask:
                    return move.card, move.ask
        move = keeping[0]
        return move.card, move.ask

    def best(self) -> Board:
        """Play a card that keeps the outcome (:meth:`best_move`)."""
        card, ask = self.best_move()
        return self.play(card, ask=ask)

    def play_out(self) -> Board:
        """Best cards to the end of the deal from here."""
        while not self.game().finished:
            self.best()
        return self

    def take_back(self) -> Board:
        """Take the main line's last card back (a recorder's *Undo*); the board stands at
        the new end of the main line."""
        before = tree.take_back(self.record)
        self.line = self.record.line_to(before)
        self.step = len(self.line)
        self.refresh()
        return self

    # -- keeping and throwing away -----------------------------------------------------
    def promote(self) -> bool:
        """Make the line through the card the board stands on the main line."""
        node = self.node
        if node is None or not tree.promote(self.record, node):
            return False
        self.refresh()
        return True

    def delete(self) -> Board:
        """Delete the variation the board stands in; the board goes to the card before it."""
        node = self.node
        if node is None:
            raise BoardError("the start of the deal is not in a variation")
        before = tree.delete(self.record, node)
        head = self.record.line_to(before) if before is not None else []
        self.line = head
        self.step = len(head)
        self.refresh()
        self.line = self._continued(head)
        return self

    # -- annotating the card the board stands on ----------------------------------------
    def _where(self) -> editing.Where:
        return self.node if self.node is not None else 0

    def comment(self, text: str, index: int | None = None) -> bool:
        """Add a comment after the card (at the start: on the deal); with ``index``,
        replace that comment (its ``[%…]`` commands kept) — empty text deletes it."""
        if index is None:
            changed = editing.add_comment(self.record, self._where(), text)
        else:
            changed = editing.replace_comment(self.record, self._where(), index, text)
        if changed:
            self.refresh()
        return changed

    def uncomment(self, index: int) -> bool:
        return self.comment("", index)

    def glyph(self, glyph: str | None) -> bool:
        """Set the card's move glyph (``None`` or ``""`` removes it)."""
        if self.node is None:
            raise BoardError("the start of the deal has no card to mark")
        if glyph and glyph not in GLYPH_NAGS:
            raise BoardError(f"{glyph!r} is not a move glyph: use one of {' '.join(GLYPH_NAGS)}")
        changed = (
            editing.add_glyph(self.record, self.node, glyph)
            if glyph
            else editing.remove_glyph(self.record, self.node)
        )
        if changed:
            self.refresh()
        return changed

    def nag(self, nag: int, on: bool = True) -> bool:
        """Add (or with ``on=False`` remove) NAG ``$nag`` on the card."""
        if self.node is None:
            raise BoardError("the start of the deal has no card to mark")
        changed = (
            editing.add_nag(self.record, self.node, nag)
            if on
            else editing.remove_nag(self.record, self.node, nag)
        )
        if changed:
            self.refresh()
        return changed

    def point(self, kind: str, *args: Any) -> bool:
        if self.node is None:
            raise BoardError("the start of the deal has no card to mark")
        changed = editing.add_point(self.record, self.node, kind, *args)
        if changed:
            self.refresh()
        return changed

    # -- a new record of the same deal -------------------------------------------------
    def replace_record(self, record: DealRecord) -> None:
        """Look at ``record`` (the deal read again) along the same cards, as far as its
        tree has them."""
        cards = [(n.card, n.reveal_request) for n in self.line]
        step = self.step
        self.record = record
        self.line = []
        self.refresh()
        head: list[PlayNode] = []
        children = record.variations
        for card, ask in cards:
            match = next((c for c in children if c.card is card and c.reveal_request == ask), None)
            if match is None or id(match) not in self._ids:
                break
            head.append(match)
            children = match.variations
        self.line = self._continued(head)
        self.step = min(step, len(head))
