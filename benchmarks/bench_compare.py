"""Engine and ISMCTS speed of two source trees, measured in one run on the same work.

A refactoring must not slow the engines down, and single benchmark figures swing by up to 30 %
between runs on a shared 2-core machine. So this script gives both trees exactly the same work
(random games and search decisions from fixed seeds: the same actions if the behaviour is the
same, which the playthrough tests prove), alternates the trees round by round, and keeps each
tree's best round per measurement, as `timeit` does.

Run: ``python benchmarks/bench_compare.py --before OLD/src --after NEW/src [--rounds 3]``
(each tree is imported through ``PYTHONPATH`` in a subprocess of its own).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from typing import Any

#: (name, game, options, seeds): random full games.
GAMES = [
    ("tikal 2p", "tikal", {"players": 2}, range(40)),
    ("tikal 4p", "tikal", {"players": 4}, range(40)),
    ("tikal 4p auction", "tikal", {"players": 4, "auction": True}, range(40)),
    ("altiplano 2p", "altiplano", {"players": 2}, range(30)),
    ("altiplano 4p", "altiplano", {"players": 4}, range(12)),
    ("altiplano 4p missions", "altiplano", {"players": 4, "missions": True}, range(12)),
]
#: Positions sampled from random play, for the calls search leans on.
POSITIONS = 300
CLONES, LISTS = 50, 20  # passes over the positions
#: (name, game, iterations a decision, decisions): ISMCTS from fixed positions.
SEARCHES = [("tikal", "tikal", 200, 12), ("altiplano", "altiplano", 200, 12)]


def _positions(state_class: Any, options: dict[str, Any], count: int) -> list[Any]:
    from meeple.engine.testing import random_step

    rng, found, seed = random.Random(7), [], 0
    while len(found) < count:
        state = state_class.new(options, seed)
        while not state.is_over():
            if rng.random() < 0.05:
                found.append(state.clone())
            random_step(state, rng)
        seed += 1
    return found[:count]


def measure() -> dict[str, tuple[float, str]]:
    """Seconds of each measurement in the tree on ``sys.path`` (run in a subprocess), with a
    fingerprint of the work done (steps played, actions chosen) to check that both trees did
    the same."""
    from meeple.bots import make_bot
    from meeple.engine.registry import game_class
    from meeple.engine.testing import random_step

    seconds: dict[str, tuple[float, str]] = {}
    for name, game, options, seeds in GAMES:
        cls = game_class(game)
        steps = 0
        start = time.perf_counter()
        for seed in seeds:
            state, rng = cls.new(options, seed), random.Random(seed)
            while not state.is_over():
                random_step(state, rng)
                steps += 1
        seconds[f"{name}: random games"] = (time.perf_counter() - start, f"{steps} steps")
    for game in ("tikal", "altiplano"):
        cls = game_class(game)
        positions = _positions(cls, {"players": 4}, POSITIONS)
        start = time.perf_counter()
        for _ in range(CLONES):
            for state in positions:
                state.clone()
        elapsed = time.perf_counter() - start
        seconds[f"{game} 4p: clone x{CLONES * POSITIONS}"] = (elapsed, "")
        start, found = time.perf_counter(), 0
        for _ in range(LISTS):
            for state in positions:
                for seat in state.to_move():
                    found += len(state.legal_actions(seat))
        elapsed = time.perf_counter() - start
        seconds[f"{game} 4p: legal_actions x{LISTS * POSITIONS}"] = (elapsed, f"{found} actions")
    for name, game, iterations, decisions in SEARCHES:
        cls = game_class(game)
        positions = [
            s for s in _positions(cls, {"players": 2}, 4 * decisions) if len(s.to_move()) == 1
        ]
        positions = [s for s in positions if len(s.legal_actions(s.to_move()[0])) > 1]
        chosen = []
        start = time.perf_counter()
        for index, state in enumerate(positions[:decisions]):
            seat = state.to_move()[0]
            bot = make_bot(f"ismcts:{iterations}i", cls, index)
            chosen.append(bot.choose(state.view(seat), state.legal_actions(seat)).to_json())
        elapsed = time.perf_counter() - start
        digest = hashlib.sha256(json.dumps(chosen, sort_keys=True).encode()).hexdigest()
        fingerprint = f"choices {digest[:8]}"
        seconds[f"{name}: ismcts {decisions} decisions x {iterations}i"] = (elapsed, fingerprint)
    return seconds


def _run(tree: str) -> dict[str, list[Any]]:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run(
        [sys.executable, __file__, "--measure"], env=env, check=True, capture_output=True, text=True
    ).stdout
    result: dict[str, list[Any]] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", help="source folder of the old tree (holds meeple/)")
    parser.add_argument("--after", help="source folder of the new tree")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per tree, alternating")
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure()))
        return
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    work: dict[str, dict[str, str]] = {"before": {}, "after": {}}
    for round_ in range(args.rounds):
        for label, tree in (("before", args.before), ("after", args.after)):
            for key, (value, fingerprint) in _run(tree).items():
                best[label][key] = min(value, best[label].get(key, value))
                work[label][key] = fingerprint
            print(f"round {round_ + 1}: {label} done", file=sys.stderr)
    print("| measurement | before (s, best) | after (s, best) | after / before | same work |")
    print("|---|---:|---:|---:|---|")
    for key, before in best["before"].items():
        after = best["after"][key]
        same = "yes" if work["before"][key] == work["after"][key] else "NO"
        print(f"| {key} | {before:.3f} | {after:.3f} | {after / before:.3f} | {same} |")


if __name__ == "__main__":
    main()
