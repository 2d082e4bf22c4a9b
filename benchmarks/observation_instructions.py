"""Instructions per call of a game's observation for the research adapters alone (its
encoding's `state_observer`), counted with valgrind, in each source tree given.

    python benchmarks/observation_instructions.py TREE [TREE ...] [--game altiplano]
        [--games 2] [--steps 300]

The positions are those of `--games` random 4-player games (seeds 0, 1, …; at most `--steps`
steps each; the engine's re-deal before chance steps, as the adapters do), each kept as a
clone, and each observed by the seat to act, in order, as PettingZoo's ``last()`` asks: the
observer sees each position after the one before, so what it keeps between calls counts. One
run observes them once and another three times over (after a first pass), under
``valgrind --tool=cachegrind``; the difference divided by twice the number of positions is the
count per call. ``gc.freeze()`` keeps the collector from walking the kept clones, which a
learner's process does not hold.
"""

from __future__ import annotations

import argparse
import gc
import random
import re
import sys
from typing import Any

from cachegrind import counted


def positions(game: str, games: int, most: int) -> tuple[Any, list[tuple[Any, int]]]:
    """The encoding of a 4-player game and the positions of `games` random games."""
    from meeple.engine.registry import game_info
    from meeple.research.games import acting_seat

    info = game_info(game)
    options = info.state_class.normalize_options({"players": 4})
    enc = info.research().encoding(options)
    found: list[tuple[Any, int]] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = info.state_class.new(options, seed)
        seat = acting_seat(state, info)
        while seat is not None and len(found) < (seed + 1) * most:
            found.append((state.clone(), seat))
            action = rng.choice(state.legal_actions(seat))
            if action.kind in enc.chance_kinds:
                state.redeal_unknown(rng)
            state.apply(seat, action)
            seat = acting_seat(state, info)
    return enc, found


def observe(game: str, games: int, most: int, passes: int) -> int:
    """Observe the positions `passes` times over; the number of positions."""
    enc, found = positions(game, games, most)
    gc.collect()
    gc.freeze()
    observer = enc.state_observer()
    for _ in range(passes):
        for state, seat in found:
            observer.observe(state, seat)
    return len(found)


def count(tree: str, game: str, games: int, most: int, passes: int) -> tuple[int, int]:
    """(instructions, positions) of one run with `tree` first on the path."""
    arguments = [__file__, "--observe", game, str(games), str(most), str(passes)]
    instructions, printed = counted(arguments, tree)
    calls = int(re.search(r"positions=(\d+)", printed).group(1))  # type: ignore[union-attr]
    return instructions, calls


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--observe":
        games, most, passes = map(int, sys.argv[3:6])
        print(f"positions={observe(sys.argv[2], games, most, passes)}")
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--game", choices=("altiplano", "tikal"), default="altiplano")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    for tree in args.trees:
        (once, calls), (thrice, _) = (
            count(tree, args.game, args.games, args.steps, 1),
            count(tree, args.game, args.games, args.steps, 3),
        )
        print(f"{tree}: {calls} positions, {(thrice - once) / (2 * calls):,.0f} a call")


if __name__ == "__main__":
    main()
