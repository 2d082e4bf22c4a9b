"""Cost per step of Altiplano's encoding for learning agents: the observation tensor and the
legal-action mask (the indexes of the legal actions), along random games.

Run:  .venv/bin/python benchmarks/bench_altiplano_encoding.py [--games N] [--missions]
      [--role-draft]

At every step of seeded random games the seat about to act is observed: its view
(`AltiplanoState.view`, which every observation starts from), the observation built from that
view, and the mask (`legal_actions` of the seat, then each action's index). Each is timed on its
own; `legal_actions` is timed on a fresh copy of the state, so that its cache does not hide its
cost, and the indexes apart from it. Times are this process's CPU time (`time.process_time`), so
that other processes on the shared machine count less.
"""

from __future__ import annotations

import argparse
import random
import time

from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.encoding import encoding


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games per player count")
    parser.add_argument("--missions", action="store_true", help="play with the Missions expansion")
    parser.add_argument("--role-draft", action="store_true", help="draft the roles")
    args = parser.parse_args()
    print(
        f"{'players':>7} {'steps':>7} {'actions':>7} {'obs size':>8} {'view µs':>8} "
        f"{'obs µs':>7} {'legal µs':>8} {'index µs':>8} {'total µs':>8}"
    )
    for players in (2, 3, 4, 5):
        options = {"players": players, "missions": args.missions, "role_draft": args.role_draft}
        enc = encoding(options)
        view_t = obs_t = legal_t = index_t = 0.0
        steps = 0
        for seed in range(args.games):
            state = AltiplanoState.new(options, seed)
            rng = random.Random(seed)
            while not state.is_over():
                seat = rng.choice(state.to_move())
                fresh = state.clone()
                t0 = time.process_time()
                view = state.view(seat)
                t1 = time.process_time()
                enc.observation(view)
                t2 = time.process_time()
                legal = fresh.legal_actions(seat)
                t3 = time.process_time()
                [enc.action_index(action) for action in legal]
                t4 = time.process_time()
                view_t += t1 - t0
                obs_t += t2 - t1
                legal_t += t3 - t2
                index_t += t4 - t3
                steps += 1
                state.apply(seat, rng.choice(legal))
        us = 1e6 / steps
        print(
            f"{players:>7} {steps:>7} {enc.action_space_size:>7} {enc.observation_shape[0]:>8} "
            f"{view_t * us:>8.1f} {obs_t * us:>7.1f} {legal_t * us:>8.1f} {index_t * us:>8.1f} "
            f"{(view_t + obs_t + legal_t + index_t) * us:>8.1f}"
        )


if __name__ == "__main__":
    main()
