"""`MeepleState.legal_actions`, answered in Python without pyspiel's calls back from C++, gives
what pyspiel's own method (the C++ one, which asks `_legal_actions`) gives: for the player to
move, each seat and a seat out of range, at every step of random games and at the end; a
pseudo-player (negative) is refused alike."""

from __future__ import annotations

import random

import pyspiel
import pytest

from meeple.research.games import research_games
from meeple.research.openspiel import short_name


@pytest.mark.parametrize("game", research_games())
def test_legal_actions_are_pyspiels_own(game: str) -> None:
    spiel = pyspiel.load_game(short_name(game), {"players": 3, "rng_seed": 2})
    state, rng, steps = spiel.new_initial_state(), random.Random(2), 0
    while True:
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for player in (0, 1, 2, 3):
            assert state.legal_actions(player) == pyspiel.State.legal_actions(state, player)
        for player in (-4, -1):
            for method in (state.legal_actions, lambda p: pyspiel.State.legal_actions(state, p)):
                with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
                    method(player)
        if state.is_terminal() or steps == 300:
            break
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert steps > 50
