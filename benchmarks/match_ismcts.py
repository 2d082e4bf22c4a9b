"""A quick match for tuning the search: ismcts with given settings against greedy, 2 players.

Game i (from --start) uses game seed i + 100, ismcts seed 7i and greedy seed 7i + 1, and puts
ismcts in seat i mod 2, so two runs with different settings play the same deals. This is how the
settings in src/meeple/bots/ismcts.py were chosen (docs/benchmarks.md); the arena
(`meeple arena`) is the tool for the record.

Run:  .venv/bin/python benchmarks/match_ismcts.py --game altiplano --iterations 300 --games 6 \\
          [--start 0] [--set exploration=0.7 --set own_turn_only=true ...]
"""

from __future__ import annotations

import argparse
import json
import time

from meeple.bots import Budget, IsmctsBot, make_bot
from meeple.engine.registry import game_class, game_names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_names(), required=True)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument(
        "--set", action="append", default=[], metavar="NAME=JSON", help="an IsmctsBot setting"
    )
    args = parser.parse_args()
    settings = {name: json.loads(value) for name, value in (s.split("=", 1) for s in args.set)}
    state_class = game_class(args.game)
    wins, margins, started = 0.0, [], time.perf_counter()
    for i in range(args.start, args.start + args.games):
        seat = i % 2
        state = state_class.new({"players": 2}, i + 100)
        bots = [make_bot("greedy", state_class, 7 * i + 1)] * 2
        bots[seat] = IsmctsBot(
            state_class, 7 * i, budget=Budget(iterations=args.iterations), **settings
        )
        while not state.is_over():
            mover = state.to_move()[0]
            legal = state.legal_actions(mover)
            state.apply(mover, bots[mover].choose(state.view(mover), legal))
        scores, winners = state.scores(), state.winners()
        wins += (seat in winners) / len(winners)
        margins.append(scores[seat] - scores[1 - seat])
        print(f"game {i}: scores {scores}, ismcts seat {seat}, winners {winners}", flush=True)
    print(
        f"{args.game} ismcts:{args.iterations}i {settings or 'defaults'} against greedy: "
        f"{wins:g} wins of {args.games}, mean margin {sum(margins) / len(margins):+.1f}, "
        f"{time.perf_counter() - started:.0f} s"
    )


if __name__ == "__main__":
    main()
