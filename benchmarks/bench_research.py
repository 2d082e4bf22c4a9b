"""Cost per step of the research adapters' numeric forms, for every game with an encoding.

Plays random games, keeps every position with the seat to act, then times over those
positions: the engine's `legal_actions`; the legal-action mask (`legal_actions`, each action's
index, the 0/1 vector); the seat's view; the observation tensor made from that view; and a
whole PettingZoo step (apply, then the next agent's mask and observation); and, through the
OpenSpiel adapter, a step followed by the acting seat's information state tensor (the view
now and the seat's history), against the step alone.

    python benchmarks/bench_research.py --games 3
    python benchmarks/bench_research.py --games 1 --openspiel-only --game tikal --players 4
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np
import pyspiel

from meeple.engine.game import GameState
from meeple.engine.registry import game_info
from meeple.research.games import (
    ActionIndexes,
    acting_seat,
    action_mask,
    encoding_for,
    playable_actions,
    research_games,
)
from meeple.research.openspiel import short_name
from meeple.research.pettingzoo import env


def positions(game: str, players: int, games: int) -> list[tuple[GameState, int]]:
    info = game_info(game)
    found = []
    for seed in range(games):
        state = info.state_class.new({"players": players}, seed=seed)
        rng = random.Random(seed)
        while (seat := acting_seat(state, info)) is not None:
            found.append((state.clone(), seat))
            state.apply(seat, rng.choice(playable_actions(state, info, seat)))
    return found


def per_call(work: Callable[[], object], calls: int) -> float:
    """Microseconds per call of `work`, `calls` times."""
    start = time.perf_counter()
    for _ in range(calls):
        work()
    return (time.perf_counter() - start) / calls * 1e6


def measure(game: str, players: int, games: int) -> dict[str, float]:
    info, _, encoding = encoding_for(game, {"players": players})
    indexes = ActionIndexes(encoding)
    found = positions(game, players, games)
    views = [state.view(seat) for state, seat in found]
    it = iter(range(len(found)))

    def each(work: Callable[[int], object]) -> float:
        nonlocal it
        it = iter(range(len(found)))
        return per_call(lambda: work(next(it)), len(found))

    figures = {
        "positions": float(len(found)),
        "legal_actions µs": each(lambda i: found[i][0].legal_actions(found[i][1])),
        "mask µs": each(
            lambda i: action_mask(
                found[i][0], info, indexes, encoding.action_space_size, found[i][1]
            )
        ),
        "view µs": each(lambda i: found[i][0].view(found[i][1])),
        "observation µs": each(lambda i: encoding.observation(views[i])),
    }
    e = env(game, players=players)
    steps, start = 0, time.perf_counter()
    rng = np.random.default_rng(0)
    for seed in range(games):
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            observation, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    figures["PettingZoo step µs"] = (time.perf_counter() - start) / steps * 1e6
    figures.update(openspiel_steps(game, players, games))
    return figures


def openspiel_steps(game: str, players: int, games: int) -> dict[str, float]:
    """Microseconds per OpenSpiel step, alone and with the acting seat's information state
    tensor after it (the same random games both times)."""
    figures = {}
    for label, with_tensor in (("OpenSpiel step µs", False), ("step + infostate tensor µs", True)):
        spiel = pyspiel.load_game(short_name(game), {"players": players, "seed": 0})
        steps, elapsed = 0, 0.0
        for seed in range(games):
            state, rng = spiel.new_initial_state(), random.Random(seed)
            start = time.perf_counter()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                if with_tensor and not state.is_terminal():
                    state.information_state_tensor(state.current_player())
                steps += 1
            elapsed += time.perf_counter() - start
        figures[label] = elapsed / steps * 1e6
    figures["infostate tensor size"] = float(spiel.information_state_tensor_size())
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random games per table size")
    parser.add_argument(
        "--openspiel-only", action="store_true", help="only the OpenSpiel step and tensor"
    )
    parser.add_argument("--game", choices=research_games(), help="this game only")
    parser.add_argument("--players", type=int, help="this table size only")
    args = parser.parse_args()
    for game in [args.game] if args.game else research_games():
        info = game_info(game)
        for players in range(info.min_players, info.max_players + 1):
            if args.players not in (None, players):
                continue
            if args.openspiel_only:
                figures = openspiel_steps(game, players, args.games)
            else:
                figures = measure(game, players, args.games)
            shown = ", ".join(f"{k} {v:,.0f}" for k, v in figures.items())
            print(f"{game} {players}p: {shown}", flush=True)


if __name__ == "__main__":
    main()
