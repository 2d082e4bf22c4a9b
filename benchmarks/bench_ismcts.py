"""ISMCTS search speed: iterations per second and seconds per decision, for each game.

Plays seeded 2-player games, ismcts (with the given budget) against greedy, and times every
decision of the ismcts seat that has more than one legal action.

Run:  .venv/bin/python benchmarks/bench_ismcts.py [--budget 1s] [--decisions 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time

from meeple.bots import IsmctsBot, make_bot
from meeple.engine.registry import game_class, game_names


def measure(game: str, budget: str, decisions: int, seed: int) -> tuple[list[int], list[float]]:
    """(iterations, seconds) of each timed decision, over as many games as it takes."""
    state_class = game_class(game)
    iterations: list[int] = []
    seconds: list[float] = []
    game_seed = seed
    while len(seconds) < decisions:
        state = state_class.new({"players": 2}, game_seed)
        bots = [
            make_bot(f"ismcts:{budget}", state_class, game_seed),
            make_bot("greedy", state_class),
        ]
        while not state.is_over() and len(seconds) < decisions:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            bot = bots[seat]
            start = time.perf_counter()
            action = bot.choose(state.view(seat), legal)
            if isinstance(bot, IsmctsBot) and len(legal) > 1:
                seconds.append(time.perf_counter() - start)
                iterations.append(bot.last_iterations)
            state.apply(seat, action)
        game_seed += 1
    return iterations, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", default="1s", help="ismcts budget a decision: 1s, 400i …")
    parser.add_argument("--decisions", type=int, default=60, help="timed decisions per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", choices=game_names(), action="append", help="default: all")
    args = parser.parse_args()
    for game in args.game or game_names():
        iterations, seconds = measure(game, args.budget, args.decisions, args.seed)
        rate = sum(iterations) / sum(seconds)
        print(
            f"{game}: {rate:,.0f} iterations/s over {len(seconds)} decisions at {args.budget}; "
            f"iterations a decision median {statistics.median(iterations):,.0f}, "
            f"min {min(iterations):,}; seconds a decision mean {statistics.mean(seconds):.3f}, "
            f"max {max(seconds):.3f}"
        )


if __name__ == "__main__":
    main()
