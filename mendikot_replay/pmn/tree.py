"""Growing and pruning a deal's play tree: play any card anywhere, promote, delete.

An analysis board asks "what if B had played the ace here?": the card is tried at a node of
the tree, and kept as a variation. PMN's rule decides the shape (docs/format.md): a
variation *replaces the card before it*, so a card tried after ``node`` becomes a new child
of ``node`` — the first child when ``node`` ends its line (the line goes on), otherwise an
alternative to its first child. These functions are the only place the tree changes shape,
so that the board, the recorder and a script all grow it alike, and every card in it is
legal (the engine checks it before anything changes).

>>> from mendikot_replay.pmn.reader import read_string
>>> deal = read_string('''[Dealer "D"]
... [TrumpMethod "None"]
... [Start "trick 12; tens 2-1; tricks 5-6"]
... [Hands "A:T2... B:A..3. C:.2..3 D:..2.4"]
... [Play "A"]
... 12. A: TS AS 2H 2D''')[0]
>>> first = deal.variations[0]
>>> other = play(deal, None, "2S")          # A leads the two instead of the ten
>>> [str(n.card) for n in deal.variations], deal.is_mainline(other)
(['TS', '2S'], False)
>>> play(deal, other, "3D")                # B must follow suit
Traceback (most recent call last):
...
mendikot_replay.core.engine.IllegalPlay: trick 12: B plays 3D while holding spades (revoke)
>>> promote(deal, other), [str(n.card) for n in deal.mainline()]
(True, ['2S'])
>>> delete(deal, first) is None, len(deal.variations)
(True, 1)
"""

from __future__ import annotations

from ..core.cards import Card
from .check import check_record
from .editing import EditError, editable
from .record import DealRecord, PlayNode

__all__ = [
    "delete",
    "play",
    "promote",
    "replay_again",
    "settle_result",
    "take_back",
    "variation_start",
]


def play(
    record: DealRecord,
    after: PlayNode | None,
    card: Card | str,
    *,
    ask: bool = False,
) -> PlayNode:
    """The node of ``card`` played right after ``after`` (``None``: as the first card of
    the deal), added to the tree unless it is there already.

    ``card`` may be written with PMN's ``^T`` before it (version B's ask for the closed
    trump), or ``ask`` given. A card that is already a child of ``after`` (with the same
    ask) is that child: nothing is added — trying the recorded card steps along the line.
    Otherwise the engine plays it in the position after ``after`` first: an illegal card
    raises :class:`~.engine.IllegalPlay` with the engine's reason and changes nothing.
    """
    editable(record)
    if isinstance(card, str):
        text = card.strip()
        if text.upper().startswith("^T"):
            ask, text = True, text[2:]
        card = Card.parse(text)
    siblings = after.variations if after is not None else record.variations
    for child in siblings:
        if child.card is card and child.reveal_request == ask:
            return child
    game = record.game_at(after)
    trick, leader, position = game.trick, game.leader, len(game.table)
    event = game.play(card, ask_reveal=ask)  # the engine's word: IllegalPlay, nothing changed
    if after is None:
        node = record.add_variation(card, reveal_request=ask)
    else:
        node = after.add_variation(card, reveal_request=ask)
    # Where the card stands, as the replay would say (the writer marks tricks from it).
    node.seat, node.trick, node.position = event.seat, trick, position
    node.leader = leader if position else event.seat
    if record.is_mainline(node):  # the main line went on from its end: replay it again
        replay_again(record)
    return node


def replay_again(record: DealRecord) -> None:
    """Check the record again after its main line changed (a card added at its end, a
    promotion), so that ``record.timeline`` and the cards' seats and tricks are those of
    the new main line. Problems already reported stay reported once.

    A deal recorded as unfinished (``Result "*"``) that the new cards finish gets its
    result: the tags the play decides follow the play (:func:`settle_result`), rather
    than claim an unfinished deal the play has ended — which would be an error, and a
    record with errors can no longer be edited."""
    errors, warnings = list(record.errors), list(record.warnings)
    record.errors, record.warnings = [], []
    check_record(record)
    if record.tags.get("Result", "").strip() == "*" and record.errors:
        settle_result(record)
        record.errors, record.warnings = [], []
        check_record(record)
    record.errors = errors + [p for p in record.errors if p not in errors]
    record.warnings = warnings + [p for p in record.warnings if p not in warnings]


def settle_result(record: DealRecord) -> None:
    """Set the tags the play decides from the main line's replay: ``Result``, ``Tens`` and
    ``Tricks`` when the deal is over, ``Result "*"`` (and no counts) while it is not —
    what a recorder writes, so that a saved deal says what its cards say."""
    timeline = record.timeline
    result = timeline.result if timeline is not None else None
    record.unfinished = result is None  # the play section's closing "*"
    if result is None:
        record.tags["Result"] = "*"
        record.tags.pop("Tens", None)
        record.tags.pop("Tricks", None)
        return
    record.tags["Result"] = result.tag
    record.tags["Tens"] = f"{result.tens[0]}-{result.tens[1]}"
    record.tags["Tricks"] = f"{result.tricks[0]}-{result.tricks[1]}"


def take_back(record: DealRecord) -> PlayNode | None:
    """Take the last card of the main line back, as a recorder's *Undo* does (with any
    variation tried after it); returns the card before it (``None``: the start). The
    record is replayed again (its result tags follow, as :func:`replay_again` says)."""
    editable(record)
    last = record.end()
    if last is None:
        raise EditError("there is no card to take back: the deal has no cards yet")
    siblings = last.parent.variations if last.parent is not None else record.variations
    siblings.remove(last)
    if record.tags.get("Result", "").strip() not in ("", "*"):
        settle_result(record)  # a finished deal is not finished any more
    replay_again(record)
    return last.parent


def variation_start(record: DealRecord, node: PlayNode) -> PlayNode | None:
    """The first card of the innermost variation ``node`` is in (``node`` itself when it
    starts one), or ``None`` when ``node`` is on the main line."""
    while True:
        siblings = node.parent.variations if node.parent is not None else record.variations
        if siblings[0] is not node:
            return node
        if node.parent is None:
            return None
        node = node.parent


def promote(record: DealRecord, node: PlayNode) -> bool:
    """Make the line through ``node`` the main line: at each card where it branches off,
    it becomes the first child, and the line it displaces becomes a variation there (so
    nothing is lost). Returns whether anything moved."""
    editable(record)
    moved = False
    while (start := variation_start(record, node)) is not None:
        siblings = start.parent.variations if start.parent is not None else record.variations
        siblings.remove(start)
        siblings.insert(0, start)
        moved = True
        node = start
    if moved:
        replay_again(record)
    return moved


def delete(record: DealRecord, node: PlayNode) -> PlayNode | None:
    """Delete the variation ``node`` is in, from the card where it branches off; returns the
    card before that one (where a board goes back to; ``None``: the start).

    The main line is never deleted here (:class:`~.editing.EditError`): promote another
    line first, or delete the variation that holds the cards."""
    editable(record)
    start = variation_start(record, node)
    if start is None:
        raise EditError("this card is on the main line, which cannot be deleted")
    siblings = start.parent.variations if start.parent is not None else record.variations
    siblings.remove(start)
    return start.parent
