"""Altiplano bots: greedy against random (2 players, seats alternated) and all-greedy 4-player
games: mean final score, win rate and greedy decision time.

Run:  .venv/bin/python benchmarks/bench_bots_altiplano.py [--games N] [--four N] [--options]
"""

from __future__ import annotations

import argparse
import statistics
import time

from meeple.bots import make_bot
from meeple.games.altiplano import AltiplanoState


def play(seed: int, names: list[str], options: dict, times: list[float]) -> AltiplanoState:
    state = AltiplanoState.new({"players": len(names), **options}, seed)
    bots = [make_bot(name, AltiplanoState, seed * 10 + i) for i, name in enumerate(names)]
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        start = time.perf_counter()
        action = bots[seat].choose(state.view(seat), legal)
        if names[seat] == "greedy" and len(legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(seat, action)
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="2-player greedy-random games")
    parser.add_argument("--four", type=int, default=5, help="4-player all-greedy games")
    parser.add_argument("--options", action="store_true", help="with missions and role draft")
    args = parser.parse_args()
    options = {"missions": True, "role_draft": True} if args.options else {}
    times: list[float] = []
    greedy, random_, wins = [], [], 0
    for seed in range(args.games):
        names = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = play(seed, names, options, times)
        seat = names.index("greedy")
        greedy.append(state.scores()[seat])
        random_.append(state.scores()[1 - seat])
        wins += seat in state.winners()
    if args.games:
        print(
            f"2p greedy vs random, {args.games} games: greedy mean {statistics.mean(greedy):.1f},"
            f" random mean {statistics.mean(random_):.1f}, greedy won {wins}"
        )
    seats: list[list[int]] = [[] for _ in range(4)]
    for seed in range(args.four):
        for seat, score in enumerate(play(seed, ["greedy"] * 4, options, times).scores()):
            seats[seat].append(score)
    if args.four:
        means = ", ".join(f"{statistics.mean(s):.1f}" for s in seats)
        every = statistics.mean(score for s in seats for score in s)
        print(f"4p all greedy, {args.four} games: mean per seat {means}; overall {every:.1f}")
    print(
        f"greedy decision: mean {1000 * statistics.mean(times):.1f} ms,"
        f" max {1000 * max(times):.1f} ms over {len(times)} decisions"
    )


if __name__ == "__main__":
    main()
