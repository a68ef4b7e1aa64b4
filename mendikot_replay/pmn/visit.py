"""The play tree, walked one way: a visitor protocol, as python-chess walks a game.

A record's play is a tree: the main line, and at any card the lines that replace it
(variations), each of which may hold variations of its own. The writer, the checker and
the page's payload all need every card in a known order with the line it is on;
:func:`walk` gives it them in PGN's order — each card, then the variations that replace
it (each whole, its own variations inside), then the line goes on — calling a
:class:`PlayVisitor`'s methods, as :mod:`chess.pgn`'s ``BaseVisitor`` is called by
``Game.accept``.

A visitor may answer :data:`SKIP`: from :meth:`~PlayVisitor.visit_card`, the line stops
after that card's own variations (a card the replay cannot play: nothing after it can be);
from :meth:`~PlayVisitor.begin_variation`, that variation is not walked (and its
:meth:`~PlayVisitor.end_variation` is not called).

>>> from mendikot_replay.pmn.reader import read_string
>>> deal = read_string('''[TrumpMethod "None"]
... [Start "trick 13; tens 2-1; tricks 6-6"]
... [Hands "A:T.. B:A.. C:.2. D:..2"]
... [Play "A"]
... 13. A: TS ( 13. A: TS { the only card } ) AS 2H 2D''')[0]
>>> class Cards(PlayVisitor[list[str]]):
...     def __init__(self) -> None:
...         self.seen: list[str] = []
...     def visit_card(self, node, line):
...         self.seen.append(f"{len(line)}:{node.card}")
...     def begin_variation(self, first, before):
...         self.seen.append("(")
...     def end_variation(self):
...         self.seen.append(")")
...     def result(self):
...         return self.seen
>>> walk(deal, Cards())
['1:TS', '(', '1:TS', ')', '2:AS', '3:2H', '4:2D']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Generic, TypeVar

from .record import DealRecord, PlayNode

__all__ = ["SKIP", "Line", "PlayVisitor", "Skip", "tree_lines", "walk"]

R = TypeVar("R")


class Skip:
    """The type of :data:`SKIP`."""

    def __repr__(self) -> str:
        return "SKIP"


SKIP: Final = Skip()
"""What a visitor answers to leave the rest of a line, or a variation, unwalked."""


class PlayVisitor(Generic[R]):
    """The calls :func:`walk` makes; every method does nothing by default."""

    def begin_deal(self, record: DealRecord) -> None:
        """Before the first card."""

    def visit_card(self, node: PlayNode, line: Sequence[PlayNode]) -> Skip | None:
        """A card, with ``line``: the cards from the first of the deal to this one (the
        main line's, or a variation's). :data:`SKIP`: the line goes no further than this
        card's own variations."""
        return None

    def begin_variation(self, first: PlayNode, before: Sequence[PlayNode]) -> Skip | None:
        """A variation that replaces the card just visited: ``first`` is its first card,
        ``before`` the cards before it. :data:`SKIP`: not walked."""
        return None

    def end_variation(self) -> None:
        """The variation begun last is done: the line it branched off goes on."""

    def end_deal(self) -> None:
        """After the last card."""

    def result(self) -> R:
        """What :func:`walk` returns."""
        raise NotImplementedError


def walk(record: DealRecord, visitor: PlayVisitor[R]) -> R:
    """Walk ``record``'s play tree with ``visitor`` (see the module docstring) and return
    its :meth:`~PlayVisitor.result`."""
    visitor.begin_deal(record)
    _line(record.variations, [], visitor)
    visitor.end_deal()
    return visitor.result()


def _line(siblings: Sequence[PlayNode], before: list[PlayNode], visitor: PlayVisitor[R]) -> None:
    """The line that starts with ``siblings[0]`` after the cards ``before``, each card's
    alternatives (the other siblings) right after it."""
    line = list(before)
    while siblings:
        node = siblings[0]
        line.append(node)
        answer = visitor.visit_card(node, line)
        for alternative in siblings[1:]:
            if visitor.begin_variation(alternative, line[:-1]) is SKIP:
                continue
            _line([alternative], line[:-1], visitor)
            visitor.end_variation()
        if answer is SKIP:
            return
        siblings = node.variations


class Line:
    """A line of the play tree: its cards from the one it branches at (``branch``: how many
    cards come before it; 0 for the main line), and the variations that branch off it, in
    the order :func:`walk` meets them (by the card they replace, then as written)."""

    def __init__(self, branch: int) -> None:
        self.branch = branch
        self.cards: list[PlayNode] = []
        self.inner: list[Line] = []


class _Lines(PlayVisitor[Line]):
    def __init__(self) -> None:
        self.lines = [Line(0)]

    def visit_card(self, node: PlayNode, line: Sequence[PlayNode]) -> None:
        self.lines[-1].cards.append(node)

    def begin_variation(self, first: PlayNode, before: Sequence[PlayNode]) -> None:
        variation = Line(len(before))
        self.lines[-1].inner.append(variation)
        self.lines.append(variation)

    def end_variation(self) -> None:
        self.lines.pop()

    def result(self) -> Line:
        return self.lines[0]


def tree_lines(record: DealRecord) -> Line:
    """The play tree as lines (a visitor's walk): the main line, its variations inside it,
    theirs inside them: what the page's payload numbers and the terminal lists.

    >>> from mendikot_replay.pmn.reader import read_string
    >>> deal = read_string('''[TrumpMethod "None"]
    ... [Start "trick 13; tens 2-1; tricks 6-6"]
    ... [Hands "A:T.. B:A.. C:.2. D:..2"]
    ... [Play "A"]
    ... 13. A: TS AS ( 13. B: AS 2H ) 2H 2D''')[0]
    >>> main = tree_lines(deal)
    >>> [str(n.card) for n in main.cards], [(v.branch, len(v.cards)) for v in main.inner]
    (['TS', 'AS', '2H', '2D'], [(1, 2)])
    """
    return walk(record, _Lines())
