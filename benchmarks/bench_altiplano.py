"""Random full games of Altiplano per second, single process, for 2–5 players.

Run:  .venv/bin/python benchmarks/bench_altiplano.py [--games N]
Target: at least 20 four-player games per second.
"""

from __future__ import annotations

import argparse
import time

from meeple.engine.testing import play_random_game
from meeple.games.altiplano import AltiplanoState


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--missions", action="store_true", help="play with the Missions expansion")
    args = parser.parse_args()
    print(f"{'players':>7} {'games':>6} {'games/s':>8} {'steps/game':>10} {'rounds/game':>11}")
    for players in (2, 3, 4, 5):
        options = {"players": players, "missions": args.missions}
        steps = rounds = 0
        start = time.perf_counter()
        for seed in range(args.games):
            state, record = play_random_game(AltiplanoState, options, seed)
            steps += len(record.actions)
            rounds += state.s["round"]
        elapsed = time.perf_counter() - start
        print(
            f"{players:>7} {args.games:>6} {args.games / elapsed:>8.1f} "
            f"{steps / args.games:>10.0f} {rounds / args.games:>11.1f}"
        )


if __name__ == "__main__":
    main()
