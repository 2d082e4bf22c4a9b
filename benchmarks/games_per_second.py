"""Random 4-player games a second of several source trees, old ones included, in one run.

The issue's figures were measured with the engines of their day (commit 48e3ef5), whose
benchmark scripts and testing helpers differ from today's. This plays the same loop in every
tree with only the calls every version of the engine has (`new`, `to_move`, `legal_actions`,
`apply`, `is_over`): a seeded random seat and action until the game ends, as
`meeple.engine.testing.play_random_game` does without its record. The trees alternate round
by round, each in a subprocess of its own, so that they share the machine's swings.

Run: ``python benchmarks/games_per_second.py TREE [TREE ...] [--rounds 3]``, each ``TREE`` a
source folder holding ``meeple/`` (pure or compiled in place).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time

#: (game, games a round): about a second a round for the slowest tree.
GAMES = [("tikal", 100), ("altiplano", 20)]


def games_per_second(game: str, count: int) -> tuple[float, float]:
    """(games a second, steps a game) of `count` seeded random 4-player games."""
    from meeple.engine.registry import game_class

    cls = game_class(game)
    start, steps = time.perf_counter(), 0
    for seed in range(count):
        state, rng = cls.new({"players": 4}, seed), random.Random(seed)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            steps += 1
    return count / (time.perf_counter() - start), steps / count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("trees", nargs="*", help="source folders holding meeple/")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, alternating the trees")
    parser.add_argument("--measure", help=argparse.SUPPRESS)  # GAME:COUNT, in the subprocess
    args = parser.parse_args()
    if args.measure:
        game, count = args.measure.split(":")
        rate, steps = games_per_second(game, int(count))
        print(f"{rate:.1f} {steps:.0f}")
        return
    rates: dict[tuple[str, str], list[str]] = {}
    for _ in range(args.rounds):
        for tree in args.trees:
            for game, count in GAMES:
                run = subprocess.run(
                    [sys.executable, __file__, "--measure", f"{game}:{count}"],
                    env={**os.environ, "PYTHONPATH": tree},
                    capture_output=True,
                    text=True,
                    check=True,
                )
                rate, steps = run.stdout.split()
                rates.setdefault((tree, game), []).append(f"{rate} ({steps} steps)")
    print("| tree | " + " | ".join(f"{game} 4p, games/s each round" for game, _ in GAMES) + " |")
    print("|---|" + "---|" * len(GAMES))
    for tree in args.trees:
        print(f"| {tree} | " + " | ".join(", ".join(rates[(tree, g)]) for g, _ in GAMES) + " |")


if __name__ == "__main__":
    main()
