"""Helpers shared by the bot tests of every game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from meeple.bots import make_bot
from meeple.engine.game import GameState
from meeple.engine.testing import random_positions


def positions(
    state_class: type[GameState], options: dict[str, Any], seed: int, every: int
) -> Iterator[GameState]:
    """States along a seeded random game, every `every`-th step, to ask the bots about."""
    return random_positions(state_class, options, seed, every)


def play_match(
    state_class: type[GameState], seed: int, names: list[str], options: dict[str, Any] | None = None
) -> GameState:
    """A whole game between the bots `names` (one per seat), each seeded from `seed`."""
    state = state_class.new({"players": len(names), **(options or {})}, seed)
    bots = [make_bot(name, state_class, seed * 10 + i) for i, name in enumerate(names)]
    while not state.is_over():
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def greedy_wins(state_class: type[GameState], games: int, options=None) -> int:
    """Games won by greedy against random in 2-player matches, seats alternated."""
    wins = 0
    for seed in range(games):
        names = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        state = play_match(state_class, seed, names, options)
        wins += names.index("greedy") in state.winners()
    return wins
