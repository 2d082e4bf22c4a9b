"""Instructions per step of random games, the engine alone against each research adapter,
counted with valgrind (wall time on this shared machine swings too much to read a few tens of
per cent from it).

    python benchmarks/adapter_instructions.py TREE [TREE ...] [--games 1] [--steps 200] [--jobs 2]
        [--game tikal] [--way pettingzoo]

Each ``TREE`` is a source folder holding ``meeple/`` (pure, or compiled in place with
``MEEPLE_COMPILE=1 python setup.py build_ext --inplace``). For each game (4 players), each way
of playing is one run of this script under ``valgrind --tool=cachegrind`` with ``--play``:

- ``engine``: the acting seat's `legal_actions`, a random one, `apply`;
- ``pettingzoo``: `last()` (the agent's observation and action mask), a random legal index,
  `step`: what a learner does at each step;
- ``openspiel``: `legal_actions()`, the acting seat's `observation_tensor()`, a random one,
  `apply_action`: what a learner through OpenSpiel does (`rl_environment` asks the same);
- ``openspiel-step``: the same without the observation (what search and rollouts ask);
- ``pettingzoo-pick``: the ``pettingzoo`` way with the learner's pick made twice at every
  step (the second from a generator of its own, so the games are the same): the difference
  from ``pettingzoo`` is the learner's pick, `np.flatnonzero` of the ``int8`` mask and a
  random choice, which is the learner's work and not the adapter's. The table's last column
  is PettingZoo's own cost less it (about 85 k a step on Tikal's mask of 5,414 entries: more
  than the compiled engine's whole step).

Each game stops after ``--steps`` steps (valgrind runs some 50 times slower than Python, and
an Altiplano game has about a thousand). A run plays one game more than the run it is compared
with, so the difference holds only that game's steps (and its setup), not the start-up: the
imports, the edition and the encoding's tables, which the first game builds. The difference
divided by the extra game's steps is the instructions per step; the adapter's own cost is its
count per step less the engine's. The games are seeded alike in
every tree, but each way of playing draws its own random games, so the engine's count per
step is that of other positions than an adapter's (a few per cent over a few hundred steps).
``--game`` and ``--way`` (each may be repeated) restrict the runs to those games and ways; the
table then has a row per tree and game, and a cell only for the ways run (the engine's is
needed for "own").
"""

from __future__ import annotations

import argparse
import concurrent.futures
import random
import re
import sys

from cachegrind import counted

GAMES = ("tikal", "altiplano")
WAYS = ("engine", "pettingzoo", "openspiel", "openspiel-step", "pettingzoo-pick")


def play(game: str, way: str, games: int, most: int) -> int:
    """Play `games` random 4-player games `way`, `most` steps of each; the steps played."""
    steps = 0
    for seed in range(games):
        start = steps
        rng = random.Random(seed)
        if way == "engine":
            from meeple.engine.registry import game_info
            from meeple.research.games import acting_seat

            info = game_info(game)
            state = info.state_class.new({"players": 4}, seed)
            seat = acting_seat(state, info)
            while seat is not None and steps - start < most:
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                steps += 1
                seat = acting_seat(state, info)
        elif way.startswith("pettingzoo"):
            import numpy as np

            from meeple.research.pettingzoo import env

            e = env(game, players=4)
            e.reset(seed=seed)
            again = random.Random(seed) if way == "pettingzoo-pick" else None
            for _agent in e.agent_iter():
                if steps - start >= most:
                    break
                observation, _, terminated, truncated, _ = e.last()
                if terminated or truncated:
                    e.step(None)
                    continue
                if again is not None:  # the same pick once more, thrown away
                    again.choice(np.flatnonzero(observation["action_mask"]).tolist())
                e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
                steps += 1
        else:
            import pyspiel

            from meeple.research.openspiel import short_name

            spiel = pyspiel.load_game(short_name(game), {"players": 4, "seed": seed})
            state = spiel.new_initial_state()
            observe = way == "openspiel"
            while not state.is_terminal() and steps - start < most:
                legal = state.legal_actions()
                if observe:
                    state.observation_tensor()
                state.apply_action(rng.choice(legal))
                steps += 1
    return steps


def count(tree: str, game: str, way: str, games: int, most: int) -> tuple[int, int]:
    """(instructions, steps) of one run of this script with `tree` first on the path."""
    instructions, printed = counted([__file__, "--play", game, way, str(games), str(most)], tree)
    steps = int(re.search(r"steps=(\d+)", printed).group(1))  # type: ignore[union-attr]
    return instructions, steps


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        game, way, games, most = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
        print(f"steps={play(game, way, games, most)}")
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs="+")
    parser.add_argument("--games", type=int, default=1, help="games counted, after the first")
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game")
    parser.add_argument("--way", action="append", choices=WAYS, help="only this way")
    args = parser.parse_args()
    games = tuple(args.game or GAMES)
    ways = tuple(w for w in WAYS if args.way is None or w in args.way)
    # Each game and way in every tree before the next, so that the trees' runs of one way
    # finish together; each count is printed as it comes (stderr), for a run cut short.
    jobs = [
        (t, g, w, n, args.steps)
        for g in games
        for w in ways
        for t in args.trees
        for n in (1, 1 + args.games)
    ]

    def counted(job: tuple[str, str, str, int, int]) -> tuple[int, int]:
        result = count(*job)
        print(*job[:4], *result, file=sys.stderr, flush=True)
        return result

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = dict(zip(jobs, pool.map(counted, jobs), strict=True))
    print(
        "| tree | game | engine | PettingZoo (own) | OpenSpiel (own) | OpenSpiel step (own) "
        "| PettingZoo (own, less the learner's pick) |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")
    for tree in args.trees:
        for game in games:
            per_step = {}
            for way in ways:
                (base, first), (total, steps) = (
                    results[(tree, game, way, 1, args.steps)],
                    results[(tree, game, way, 1 + args.games, args.steps)],
                )
                per_step[way] = (total - base) / (steps - first)
            engine = per_step.get("engine")
            cells = ["" if engine is None else f"{engine / 1000:,.0f} k"] + [
                ""
                if w not in per_step
                else f"{per_step[w] / 1000:,.0f} k"
                if engine is None
                else f"{per_step[w] / 1000:,.0f} k ({(per_step[w] - engine) / 1000:,.0f} k)"
                for w in WAYS[1:4]
            ]
            twice, once = per_step.get("pettingzoo-pick"), per_step.get("pettingzoo")
            if twice is None or once is None or engine is None:
                cells.append("")
            else:
                pick = twice - once
                cells.append(f"{(once - engine - pick) / 1000:,.0f} k (pick {pick / 1000:,.0f} k)")
            print(f"| {tree} | {game} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
