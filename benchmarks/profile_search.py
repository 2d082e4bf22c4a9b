"""Profile the game engines under search: an ISMCTS bot against greedy, under cProfile.

Plays a seeded 2-player game with ``ismcts:<N>i`` on seat 0 and greedy on seat 1, until the
ISMCTS bot has made `--decisions` decisions with more than one legal action (or the game ends),
then prints the functions with the most own time and the most cumulative time, and the ISMCTS
iterations per second (iterations of each decision over the wall time of its ``choose``).

Run: ``python benchmarks/profile_search.py --game tikal --iterations 200 --decisions 30
--seed 1`` (``--game altiplano``; ``--top N`` rows per table; ``--no-profile`` for the
rate alone, without the profiler's overhead).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from meeple.bots import make_bot
from meeple.engine.game import GameState
from meeple.games.altiplano import AltiplanoState
from meeple.games.tikal import TikalState

GAMES: dict[str, type[GameState]] = {"tikal": TikalState, "altiplano": AltiplanoState}


def play(
    state_class: type[GameState], iterations: int, decisions: int, seed: int
) -> tuple[int, float, int]:
    """Play until the ISMCTS seat has made `decisions` real decisions; return (iterations,
    seconds spent in its ``choose``, decisions made)."""
    state = state_class.new({"players": 2}, seed)
    bots = [
        make_bot(f"ismcts:{iterations}i", state_class, seed),
        make_bot("greedy", state_class, seed + 1),
    ]
    total_iterations, total_time, made = 0, 0.0, 0
    while not state.is_over() and made < decisions:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        bot = bots[seat]
        start = time.perf_counter()
        action = bot.choose(state.view(seat), legal)
        elapsed = time.perf_counter() - start
        if seat == 0 and len(legal) > 1:
            total_iterations += bot.last_iterations  # type: ignore[attr-defined]
            total_time += elapsed
            made += 1
        state.apply(seat, action)
    return total_iterations, total_time, made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="tikal")
    parser.add_argument("--iterations", type=int, default=200, help="ISMCTS iterations a move")
    parser.add_argument("--decisions", type=int, default=30, help="ISMCTS decisions to play")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=25, help="rows per table")
    parser.add_argument("--no-profile", action="store_true", help="time without cProfile")
    args = parser.parse_args()
    state_class = GAMES[args.game]
    profiler = None if args.no_profile else cProfile.Profile()
    if profiler is not None:
        profiler.enable()
    iterations, seconds, made = play(state_class, args.iterations, args.decisions, args.seed)
    if profiler is not None:
        profiler.disable()
        stats = pstats.Stats(profiler)
        stats.strip_dirs()
        print(f"== top {args.top} by own time ==")
        stats.sort_stats("tottime").print_stats(args.top)
        print(f"== top {args.top} by cumulative time ==")
        stats.sort_stats("cumulative").print_stats(args.top)
    note = " (under cProfile)" if profiler is not None else ""
    print(
        f"{args.game}: {made} ISMCTS decisions, {iterations} iterations in {seconds:.2f} s: "
        f"{iterations / seconds if seconds else 0.0:,.0f} iterations/s{note}"
    )


if __name__ == "__main__":
    main()
