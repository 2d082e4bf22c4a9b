"""Tikal engine speed: random full games per second, single process.

Run: ``python benchmarks/bench_tikal.py [--games N] [--edition E ...]``. Also measures what one
call costs of what search bots lean on most: `clone`, `legal_actions`, `apply` and `view`, on
positions from random play.

``--edition`` (repeatable) names the component data to measure: ``builtin`` (the default), an
edition shipped with Meeple (``reconstruction-2026``) or an edition file. Several editions are
measured one after the other in the same run, so that their figures compare on one machine
under one load: the tile list changes how long games are and how many placements there are.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from meeple.engine.registry import edition_names, shipped_edition
from meeple.engine.testing import play_random_game, random_step
from meeple.games.tikal import TikalState

BUILTIN = "builtin"


def edition_data(edition: str) -> Any:
    """The ``edition`` option for a name on the command line (None: the built-in data)."""
    if edition == BUILTIN:
        return None
    path = Path(edition)
    if not path.exists() and edition in edition_names("tikal"):
        return shipped_edition("tikal", edition)
    return json.loads(path.read_text(encoding="utf-8"))


def games_per_second(
    players: int, auction: bool, games: int, edition: Any = None
) -> tuple[float, float]:
    options = {"players": players, "auction": auction, "edition": edition}
    start = time.perf_counter()
    steps = 0
    for seed in range(games):
        _, record = play_random_game(TikalState, options, seed)
        steps += len(record.actions)
    elapsed = time.perf_counter() - start
    return games / elapsed, steps / games


def call_costs(positions: int = 300, edition: Any = None) -> dict[str, float]:
    """Microseconds per call of `clone`, `legal_actions`, `apply` and `view`, on the first
    `positions` positions of a seeded random 4-player game, each call repeated 10 times."""
    states = []
    state = TikalState.new({"players": 4, "edition": edition}, 0)
    rng = random.Random(0)
    while len(states) < positions and not state.is_over():
        states.append(state.clone())
        random_step(state, rng)
    many = states * 10
    costs = {}
    start = time.perf_counter()
    for s in many:
        s.clone()
    costs["clone"] = time.perf_counter() - start
    start = time.perf_counter()
    for s in many:
        s.legal_actions(s.to_move()[0])
    costs["legal_actions"] = time.perf_counter() - start
    moves = []
    for s in many:
        seat = s.to_move()[0]
        moves.append((s.clone(), seat, rng.choice(s.legal_actions(seat))))
    start = time.perf_counter()
    for s, seat, action in moves:
        s.apply(seat, action)
    costs["apply"] = time.perf_counter() - start
    start = time.perf_counter()
    for s in many:
        s.view(0)
    costs["view"] = time.perf_counter() - start
    return {call: seconds / len(many) * 1e6 for call, seconds in costs.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per setting")
    parser.add_argument(
        "--edition",
        action="append",
        help=f"{BUILTIN}, a shipped edition ({', '.join(edition_names('tikal'))}) or an "
        f"edition file; repeat to measure several in one run (default: {BUILTIN})",
    )
    args = parser.parse_args()
    editions = args.edition or [BUILTIN]
    data = {}
    for edition in editions:  # read them all before measuring: bad input fails at once
        try:
            data[edition] = edition_data(edition)
        except (OSError, ValueError) as exc:
            parser.error(f"--edition {edition}: not builtin, a shipped edition or a file ({exc})")
    for edition in editions:
        print(f"edition: {edition}")
        print(f"{'players':>7} {'version':>8} {'games/s':>9} {'steps/game':>11}")
        for players in (2, 3, 4):
            for auction in (False, True):
                rate, steps = games_per_second(players, auction, args.games, data[edition])
                version = "auction" if auction else "base"
                print(f"{players:>7} {version:>8} {rate:>9.1f} {steps:>11.0f}")
        costs = call_costs(edition=data[edition])
        print(
            "µs per call (4 players, random positions): "
            + "   ".join(f"{call} {micros:.1f}" for call, micros in costs.items())
        )


if __name__ == "__main__":
    main()
