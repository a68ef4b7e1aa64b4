"""``Game.push`` / ``Game.pop``: trying a card and taking it back leaves the game exactly as
it was, under every rule set — the Python search relies on it instead of copying the game at
every node."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mendikot_replay.core.engine import Game, IllegalPlay
from mendikot_replay.players.generate import random_deal, random_position, random_rules
from mendikot_replay.solver.search import moves


def state(game: Game) -> dict[str, Any]:
    """Everything the game holds (a deep copy of its attributes), but the undo stack."""
    out: dict[str, Any] = {}
    for name, value in vars(game).items():
        if name == "_undo":
            continue
        if isinstance(value, dict):
            value = {k: set(v) if isinstance(v, set) else v for k, v in value.items()}
            value = {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
        elif isinstance(value, (set, list)):
            value = type(value)(value)
        out[name] = value
    out["counts"] = (list(game.counts.tricks), list(game.counts.tens))
    return out


@pytest.mark.parametrize("seed", range(40))
def test_push_then_pop_restores_every_attribute(seed: int) -> None:
    rng = random.Random(seed)
    rules = random_rules(rng, every=True)  # the big tables and the house rules too
    record = random_deal(rng, rules) if seed % 3 else random_position(rng, rules)
    assert record.setup is not None
    game = Game(record.setup, check_deal=False)
    history: list[dict[str, Any]] = []
    while not game.finished:
        options = moves(game)
        move = rng.choice(options)
        before = state(game)
        twin = game.copy()
        try:
            twin.play(move.card, ask_reveal=move.ask)
        except IllegalPlay:
            with pytest.raises(IllegalPlay):
                game.push(move.card, ask_reveal=move.ask)
            assert state(game) == before  # a refused card leaves nothing to pop
            move = next(m for m in options if not m.ask)
            twin = game.copy()
            twin.play(move.card)
        game.push(move.card, ask_reveal=move.ask)
        assert state(game) == state(twin)  # push plays exactly as play does
        history.append(before)
        if rng.random() < 0.2:  # take back a few cards, then play on from there (a few:
            # taking back half the deal each time, a hundred cards would never be played out)
            for _ in range(rng.randint(1, min(len(history), 8))):
                game.pop()
                assert state(game) == history.pop()
    while history:
        game.pop()
        assert state(game) == history.pop()
    assert state(game) == state(Game(record.setup, check_deal=False))
