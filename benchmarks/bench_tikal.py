"""Tikal engine speed: random full games per second, single process.

Run: ``python benchmarks/bench_tikal.py [--games N]``. Also measures the two calls search bots
lean on most: `clone` and `legal_actions`, on positions from random play.
"""

from __future__ import annotations

import argparse
import random
import time

from meeple.engine.testing import play_random_game, random_step
from meeple.games.tikal import TikalState


def games_per_second(players: int, auction: bool, games: int) -> tuple[float, float]:
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        _, record = play_random_game(TikalState, {"players": players, "auction": auction}, seed)
        steps += len(record.actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def calls_per_second(positions: int = 300) -> tuple[float, float]:
    states = []
    state = TikalState.new({"players": 4}, 0)
    rng = random.Random(0)
    while len(states) < positions and not state.is_over():
        states.append(state.clone())
        random_step(state, rng)
    start = time.perf_counter()
    for s in states * 10:
        s.clone()
    clones = len(states) * 10 / (time.perf_counter() - start)
    start = time.perf_counter()
    for s in states * 10:
        s.legal_actions(s.to_move()[0])
    legal = len(states) * 10 / (time.perf_counter() - start)
    return clones, legal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per setting")
    args = parser.parse_args()
    print(f"{'players':>7} {'version':>8} {'games/s':>9} {'steps/game':>11}")
    for players in (2, 3, 4):
        for auction in (False, True):
            rate, steps = games_per_second(players, auction, args.games)
            version = "auction" if auction else "base"
            print(f"{players:>7} {version:>8} {rate:>9.1f} {steps:>11.0f}")
    clones, legal = calls_per_second()
    print(f"clone: {clones:,.0f}/s   legal_actions: {legal:,.0f}/s (4 players, random positions)")


if __name__ == "__main__":
    main()
