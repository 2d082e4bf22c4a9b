"""`GameState.sampler`, which search bots call once a decision instead of `determinize` once an
iteration, gives the same states from the same numbers as `determinize` for every game (a game
that overrides it to read the view once must keep that, or seeded searches would change)."""

from __future__ import annotations

import itertools
import random

import kuhn  # noqa: F401 - registers the tiny game
import pytest

from meeple.engine import registry
from meeple.engine.testing import random_positions


@pytest.mark.parametrize("game", registry.game_names())
def test_the_sampler_draws_what_determinize_draws(game):
    state_class = registry.game_class(game)
    checked = 0
    for state in itertools.islice(random_positions(state_class, None, seed=3, every=9), 6):
        for seat in range(state.num_players):
            view = state.view(seat)
            sample = state_class.sampler(view)
            ours, theirs = random.Random(checked), random.Random(checked)
            for _ in range(2):
                expected = state_class.determinize(view, theirs).to_json()
                assert sample(ours).to_json() == expected, f"seat {seat}: another state"
            assert ours.getstate() == theirs.getstate(), f"seat {seat}: other numbers drawn"
            checked += 1
    assert checked >= state_class.new().num_players
