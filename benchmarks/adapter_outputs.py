"""Whether two trees' research adapters hand out the same things over the same random games:
the check that a change made for speed (benchmarks/adapter_instructions.py) changed nothing a
learner sees.

    python benchmarks/adapter_outputs.py BEFORE AFTER [--steps 400] [--seeds 3]

Each ``TREE`` is a source folder holding ``meeple/``. For each tree a process with it first on
the path plays random games of both games at three table sizes through PettingZoo (`last()` at
every step, every agent's `observe` every 7th) and OpenSpiel (the legal actions and the
observation tensor at every step; every seat's observation and information state tensors, its
legal actions and a clone's every 11th), and records a digest of each thing handed out (its
dtype and shape too) with the rewards, terminations and infos. The games are seeded alike, so
equal records mean equal observations, masks, legal actions and tensors at every step compared;
the first differences are printed otherwise. A tree that changes which games a seed plays (the
chance drawn) makes the records differ from the first draw on.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import Any

import tree_records
from tree_records import record_if_asked

TABLES: dict[str, tuple[dict[str, Any], ...]] = {
    "tikal": ({"players": 4}, {"players": 2, "auction": True}, {"players": 3}),
    "altiplano": ({"players": 4}, {"players": 2}, {"players": 3}),
}


def digest(thing: Any) -> Any:
    """A short digest of what an adapter handed out (an array's with its dtype and shape)."""
    import numpy as np

    if isinstance(thing, np.ndarray):
        return (thing.dtype.str, thing.shape, hashlib.sha256(thing.tobytes()).hexdigest()[:16])
    return hashlib.sha256(repr(thing).encode()).hexdigest()[:16]


def record(steps: int, seeds: int) -> list[Any]:
    """What the adapters hand out over random games, as digests, in order."""
    import numpy as np
    import pyspiel

    from meeple.research.openspiel import short_name
    from meeple.research.pettingzoo import env

    out: list[Any] = []
    for game, tables in TABLES.items():
        for table, options in enumerate(tables):
            for seed in range(seeds):
                rng = random.Random(seed)
                e = env(game, **options)
                e.reset(seed=seed)
                played = 0
                for agent in e.agent_iter():
                    if played > steps:
                        break
                    seen, reward, over, cut, info = e.last()
                    mask = seen["action_mask"]
                    out.append((game, table, seed, played, agent, digest(seen["observation"])))
                    out.append((digest(mask), reward, over, cut, digest(info)))
                    if played % 7 == 0:
                        for other in e.possible_agents:
                            theirs = e.observe(other)
                            out.append((other, *map(digest, theirs.values())))
                    if over or cut:
                        e.step(None)
                        continue
                    e.step(rng.choice(np.flatnonzero(mask).tolist()))
                    played += 1
                spiel = pyspiel.load_game(short_name(game), {**options, "seed": seed})
                state, played = spiel.new_initial_state(), 0
                while not state.is_terminal() and played < steps:
                    legal = state.legal_actions()
                    tensor = state.observation_tensor()
                    out.append((state.current_player(), digest(legal), digest(tensor)))
                    if played % 11 == 0:
                        for seat in range(spiel.num_players()):
                            out.append(
                                tuple(
                                    digest(x)
                                    for x in (
                                        state.observation_tensor(seat),
                                        state.information_state_tensor(seat),
                                        state.legal_actions(seat),
                                    )
                                )
                            )
                        clone = state.clone()
                        out.append((digest(clone.observation_tensor()), clone.legal_actions()))
                    state.apply_action(rng.choice(legal))
                    played += 1
                out.append(state.returns() if state.is_terminal() else None)
    return out


def main() -> None:
    if record_if_asked(record):
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    records = tree_records.records(__file__, args.trees, args.steps, args.seeds)
    before, after = records
    differing = [i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b]
    print(f"{len(before)} and {len(after)} records; {len(differing)} differ")
    for i in differing[:5]:
        print(f"  #{i}: {before[i]!r} against {after[i]!r}")
    if differing or len(before) != len(after):
        sys.exit(1)


if __name__ == "__main__":
    main()
