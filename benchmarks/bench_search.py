"""The Python search (the solver's reference) with ``Game.push``/``pop`` against a copy of the
game at every node, in the same run.

Run it as ``python benchmarks/bench_search.py [--positions N] [--tricks T]``. It deals ``N``
random endgames of ``T`` tricks (:func:`mendikot_replay.players.generate.random_position`)
and solves each with the pure-Python search (``engine="python"``, every legal card scored),
once as the package does (one game for the whole search: each card is pushed, searched and
popped) and once the way it did before, copying the game for every child. Both searches
visit the same positions — the benchmark checks that they return the same values — so
positions per second compare the cost of a node alone. It prints both and their ratio; it
never fails on speed, which depends on the machine.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TextIO

from mendikot_replay.core.engine import Game
from mendikot_replay.core.rules import Rules
from mendikot_replay.players.generate import random_position
from mendikot_replay.solver import search
from mendikot_replay.solver.search import Solver, tricks_left


@dataclass
class Run:
    seconds: float
    nodes: int
    values: list[dict[str, int]]

    @property
    def rate(self) -> float:
        return self.nodes / self.seconds if self.seconds else 0.0


@contextmanager
def copying_search() -> Iterator[None]:
    """The search as it was: a copy of the game for every child (the reference)."""
    original = Game.push, Game.pop
    stack: list[dict[str, object]] = []

    def push(game: Game, card: object, **flags: bool) -> None:
        child = game.copy()  # one copy and one play per node, as the search did
        child.play(card, **flags)  # type: ignore[arg-type]
        stack.append(game.__dict__)
        game.__dict__ = child.__dict__  # the node searched is the copy

    def pop(game: Game) -> None:
        game.__dict__ = stack.pop()

    Game.push, Game.pop = push, pop  # type: ignore[assignment,method-assign]
    try:
        yield
    finally:
        Game.push, Game.pop = original  # type: ignore[method-assign]


def positions(count: int, tricks: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    out: list[Game] = []
    while len(out) < count:
        game = random_position(rng, Rules(), annotate=False).position(0)
        if tricks_left(game) == tricks:
            out.append(game)
    return out


def solve_all(games: Sequence[Game], repeat: int) -> Run:
    best: Run | None = None
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = 0
        values = []
        for game in games:
            solver = Solver("outcome", engine="python")
            solution = solver.solve(game)
            nodes += solver.nodes
            values.append({str(c): v for c, v in solution.cards.items()})
        run = Run(time.perf_counter() - start, nodes, values)
        best = run if best is None or run.seconds < best.seconds else best
    assert best is not None
    return best


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> tuple[Run, Run]:
    """Run the benchmark; returns (push/pop, copies)."""
    out = out or sys.stdout
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=25)
    parser.add_argument("--tricks", type=int, default=5)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3, help="timing runs; the best counts")
    args = parser.parse_args(argv)
    games = positions(args.positions, args.tricks, args.seed)
    undo = solve_all(games, args.repeat)
    with copying_search():
        copies = solve_all(games, args.repeat)
    if undo.values != copies.values or undo.nodes != copies.nodes:
        raise RuntimeError("the two searches disagree: the benchmark compares nothing")
    print(
        f"{len(games)} endgames of {args.tricks} tricks, {undo.nodes:,} positions each way "
        f"(Python search, {search.__name__})",
        file=out,
    )
    print(f"  push/pop  {undo.seconds:7.3f} s  {undo.rate:10,.0f} positions/s", file=out)
    print(f"  copies    {copies.seconds:7.3f} s  {copies.rate:10,.0f} positions/s", file=out)
    ratio = undo.rate / copies.rate if copies.rate else 0.0
    print(f"push/pop / copies = {ratio:.2f}", file=out)
    return undo, copies


if __name__ == "__main__":
    main()
