"""A long cross-check of the double-dummy solver against exhaustive minimax, with figures.

    .venv/bin/python scripts/crosscheck_solver.py [--positions 20000] [--seed 1]
                                                  [--exhaustive-four 60]

The same checks as ``tests/test_solver_crosscheck.py`` (whose reference and positions it
uses), at a size the test suite cannot afford: ``--positions`` random endgames, cycling
through every variant (the twelve of ``tests/test_solver.py`` and the file's extra rule
combinations), with one position in twenty taken instead from a random deal of random
rules played until a few tricks are left. Cards may already be on the table.

- Up to three tricks left at four players, two at six or eight: the compiled solver
  (``engine="auto"``: closed trumps still face down go through the Python search until
  they are revealed) against the exhaustive reference, every card in all three
  objectives; the solvers are shared by all the positions of a variant, and every tenth
  position is also solved by a fresh solver and (in one objective) by the pure-Python
  search.
- Four tricks at four players, three at six: the compiled solver against the pure-Python
  search (one objective per position, in turn), and the first ``--exhaustive-four`` of
  them also against the exhaustive reference in all three objectives (about a second
  each).

It prints a line per variant (positions, values compared, disagreements, time in the
solver and in the reference) and exits with status 1, after printing every disagreeing
position, if any value differs. The default 20,000 positions take about three minutes
(194 s, 57,771 values compared and none wrong, when this was last run).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_solver_crosscheck import (  # noqa: E402  (the tests folder is not a package)
    ALL_VARIANTS,
    describe,
    expected,
    played_position,
    position,
    tree_values,
)

from mendikot_replay.core.cards import Card  # noqa: E402
from mendikot_replay.core.engine import Game  # noqa: E402
from mendikot_replay.solver.search import COMPILED, OBJECTIVES, Objective, Solver, tricks_left  # noqa: E402

PLAYED = "played random deals"


@dataclass
class Tally:
    positions: int = 0
    values: int = 0
    """(position, objective) pairs compared."""
    by_left: dict[int, int] = field(default_factory=dict)
    mid_trick: int = 0
    disagreements: list[str] = field(default_factory=list)
    solver_seconds: float = 0.0
    reference_seconds: float = 0.0


def _lefts(players: int) -> list[int]:
    return [1, 2, 2, 3, 3, 3, 4, 4] if players == 4 else [1, 2, 2, 3] if players == 6 else [1, 2, 2]


def _exhaustive_affordable(game: Game) -> bool:
    return tricks_left(game) <= (3 if game.rules.players == 4 else 2)


class Run:
    def __init__(self, exhaustive_four: int) -> None:
        self.tallies: dict[str, Tally] = {}
        self.shared: dict[str, dict[Objective, Solver]] = {}
        self.exhaustive_four = exhaustive_four
        self.count = 0

    def _solve(self, tally: Tally, solver: Solver, game: Game) -> tuple[int, dict[Card, int]]:
        start = time.perf_counter()
        solution = solver.solve(game)
        tally.solver_seconds += time.perf_counter() - start
        return solution.value, dict(solution.cards)

    def check(self, name: str, game: Game, index: int) -> None:
        tally = self.tallies.setdefault(name, Tally())
        shared = self.shared.setdefault(name, {o: Solver(o) for o in OBJECTIVES})
        left = tricks_left(game)
        tally.positions += 1
        tally.by_left[left] = tally.by_left.get(left, 0) + 1
        tally.mid_trick += bool(game.table)
        self.count += 1

        def compare(what: str, objective: Objective, got: object, want: object) -> None:
            tally.values += 1
            if got != want:
                tally.disagreements.append(
                    f"{name} #{index} {objective} ({what}): solver {got}, reference {want}\n"
                    f"    {describe(game)}"
                )

        exhaustive = _exhaustive_affordable(game)
        if not exhaustive and self.exhaustive_four > 0:
            self.exhaustive_four -= 1
            exhaustive = True
        if exhaustive:
            start = time.perf_counter()
            reference = tree_values(game)
            tally.reference_seconds += time.perf_counter() - start
            for objective in OBJECTIVES:
                want = expected(game, reference, objective)
                compare("shared", objective, self._solve(tally, shared[objective], game), want)
                if index % 10 == 0:
                    fresh = self._solve(tally, Solver(objective), game)
                    compare("fresh", objective, fresh, want)
            if index % 10 != 5 or not _exhaustive_affordable(game):
                return
        objective = OBJECTIVES[index % 3]
        got = self._solve(tally, shared[objective], game)
        start = time.perf_counter()
        python = Solver(objective, engine="python").solve(game)
        tally.reference_seconds += time.perf_counter() - start
        compare("against engine='python'", objective, got, (python.value, dict(python.cards)))


def run(positions: int, seed: int, exhaustive_four: int) -> Run:
    rng = random.Random(seed)
    names = sorted(ALL_VARIANTS)
    checks = Run(exhaustive_four)
    start = time.perf_counter()
    for i in range(positions):
        if i % 20 == 19:
            game = played_position(rng, 3)
            if game.rules.players == 8 and tricks_left(game) == 3:
                game = played_position(rng, 2)  # 24 cards: too big for the reference
            checks.check(PLAYED, game, i)
        else:
            name = names[i % len(names)]
            players = ALL_VARIANTS[name][0].players
            checks.check(name, position(rng, name, rng.choice(_lefts(players))), i)
        if (i + 1) % 1000 == 0:
            bad = sum(len(t.disagreements) for t in checks.tallies.values())
            print(
                f"  {i + 1} positions, {time.perf_counter() - start:.0f} s, {bad} disagreement(s)",
                flush=True,
            )
    return checks


def report(checks: Run) -> int:
    rows = [
        (
            "variant",
            "positions",
            "mid-trick",
            "by tricks left",
            "values",
            "wrong",
            "solver s",
            "reference s",
        )
    ]
    for name, t in sorted(checks.tallies.items()):
        lefts = " ".join(f"{k}:{v}" for k, v in sorted(t.by_left.items()))
        rows.append(
            (
                name,
                str(t.positions),
                str(t.mid_trick),
                lefts,
                str(t.values),
                str(len(t.disagreements)),
                f"{t.solver_seconds:.2f}",
                f"{t.reference_seconds:.2f}",
            )
        )
    tallies = list(checks.tallies.values())
    rows.append(
        (
            "total",
            str(sum(t.positions for t in tallies)),
            str(sum(t.mid_trick for t in tallies)),
            "",
            str(sum(t.values for t in tallies)),
            str(sum(len(t.disagreements) for t in tallies)),
            f"{sum(t.solver_seconds for t in tallies):.2f}",
            f"{sum(t.reference_seconds for t in tallies):.2f}",
        )
    )
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)))
    bad = [d for t in tallies for d in t.disagreements]
    for line in bad:
        print("DISAGREEMENT", line)
    print("all values agree" if not bad else f"{len(bad)} disagreement(s)")
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--exhaustive-four",
        type=int,
        default=60,
        help="four-trick (six players: three-trick) positions also checked exhaustively",
    )
    args = parser.parse_args(argv)
    if not COMPILED:
        print("the compiled solver core is not built: nothing to cross-check", file=sys.stderr)
        return 2
    print(
        f"cross-check: {args.positions} positions, seed {args.seed}, "
        f"{args.exhaustive_four} large ones exhaustively",
        flush=True,
    )
    start = time.perf_counter()
    checks = run(args.positions, args.seed, args.exhaustive_four)
    status = report(checks)
    print(f"{time.perf_counter() - start:.0f} s in all")
    return status


if __name__ == "__main__":
    sys.exit(main())
