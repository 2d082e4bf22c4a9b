"""Cost per call of the engine entries search and the server lean on: `legal_actions` (first
call on a state, nothing cached), `apply`, `clone` and `view` (of every seat), in microseconds.

The positions come from seeded random games, the same ones for every tree (compare trees by
running this with ``PYTHONPATH=OTHER/src``). Each call is timed on states prepared outside the
timer, so that one call's cost does not hide in another's: a state fresh from JSON for
`legal_actions` (nothing cached), a clone for `apply`. Each figure is the best of `--repeat`
passes, as `timeit` keeps.

Run:  .venv/bin/python benchmarks/bench_calls.py [--game altiplano] [--players 4] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from meeple.engine.game import GameState
from meeple.engine.registry import game_class, game_names
from meeple.engine.testing import random_step

#: Positions sampled from random play: one step in `EVERY`, up to `POSITIONS`.
POSITIONS, EVERY = 400, 20


def positions(state_class: type[GameState], players: int) -> list[GameState]:
    """Clones of unfinished states along seeded random games."""
    found: list[GameState] = []
    seed = 0
    while len(found) < POSITIONS:
        state, rng, step = state_class.new({"players": players}, seed), random.Random(seed), 0
        while not state.is_over() and len(found) < POSITIONS:
            if step % EVERY == 0:
                found.append(state.clone())
            random_step(state, rng)
            step += 1
        seed += 1
    return found


def measure(states: list[GameState], moves: list[tuple[int, Any]]) -> dict[str, float]:
    """Microseconds per call of each entry, over every position."""
    state_class = type(states[0])
    result = {}
    fresh = [state_class.from_json(state.to_json()) for state in states]
    start = time.perf_counter()
    for state, (seat, _) in zip(fresh, moves, strict=True):
        state.legal_actions(seat)
    result["legal_actions"] = (time.perf_counter() - start) / len(states)
    clones = [state.clone() for state in states]
    start = time.perf_counter()
    for state, (seat, action) in zip(clones, moves, strict=True):
        state.apply(seat, action)
    result["apply"] = (time.perf_counter() - start) / len(states)
    start = time.perf_counter()
    for state in states:
        state.clone()
    result["clone"] = (time.perf_counter() - start) / len(states)
    views = 0
    start = time.perf_counter()
    for state in states:
        for seat in range(state.num_players):
            state.view(seat)
            views += 1
    result["view"] = (time.perf_counter() - start) / views
    return {key: seconds * 1e6 for key, seconds in result.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_names(), default="altiplano")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5, help="passes; the best is kept")
    args = parser.parse_args()
    states = positions(game_class(args.game), args.players)
    rng = random.Random(1)
    moves = []
    for state in states:
        seat = state.to_move()[0]
        moves.append((seat, rng.choice(state.legal_actions(seat))))
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for key, value in measure(states, moves).items():
            best[key] = min(value, best.get(key, value))
    print(f"{args.game} {args.players}p, {len(states)} positions")
    print(f"µs a call (best of {args.repeat}):")
    for key, value in best.items():
        print(f"{key:>14} {value:8.1f}")


if __name__ == "__main__":
    main()
