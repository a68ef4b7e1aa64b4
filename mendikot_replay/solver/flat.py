"""The core's positions as flat rows of whole numbers (``core/flat.h``): how a position
reaches the core where there are no Python objects to hand it — the WebAssembly build,
called from a browser's worker (:mod:`.wasm_core`), and a C program reading text (the
tests' driver, the WebAssembly benchmark). The state tuple is :func:`.search.core_state`'s
(see ``_ddcore.pyi``); the row is that tuple flattened, the face-down trump ``-1, 0, 0, 0``
when there is none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._ddcore import State

__all__ = ["flat_state"]


def flat_state(state: State) -> list[int]:
    """``state`` as the flat row ``flat.h`` reads.

    >>> flat_state(([[1, 0, 0, 0], [2, 0, 0, 0]], 0, [], -1, False, (0, 0), (0, 0), 0, 0, -1, None))
    [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -1, -1, 0, 0, 0]
    """
    hands, leader, table, trump, cut, tricks, tens, pile_tricks, pile_tens, streak, hidden = state
    out = [int(mask) for hand in hands for mask in hand]
    out += [int(leader), len(table)]
    out += [int(x) for card in table for x in card]
    out += [int(trump), int(cut), *map(int, tricks), *map(int, tens)]
    out += [int(pile_tricks), int(pile_tens), int(streak)]
    out += [int(x) for x in hidden] if hidden is not None else [-1, 0, 0, 0]
    return out
