"""The seed (and Altiplano's draw salt) decide every random event to come, so no view may hold
them; and re-randomising them is part of `shuffle_hidden`, so the simulation's leak check would
notice a view that shows them."""

from __future__ import annotations

import json
import random

import pytest

from meeple.engine import MalformedAction, game_class

CASES = [
    ("tikal", {"players": 3}),
    ("tikal", {"players": 2, "auction": True}),
    ("altiplano", {"players": 3, "missions": True}),
]


def keys(data: object) -> set[str]:
    if isinstance(data, dict):
        return set(data) | {k for v in data.values() for k in keys(v)}
    if isinstance(data, list):
        return {k for v in data for k in keys(v)}
    return set()


@pytest.mark.parametrize(("game", "options"), CASES)
def test_views_hold_no_seed(game, options):
    state = game_class(game).new(options, 12345)
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        assert not keys(view) & {"seed", "salt"}
        assert "12345" not in json.dumps(view)


@pytest.mark.parametrize(("game", "options"), CASES)
def test_shuffle_hidden_changes_the_seed(game, options):
    state = game_class(game).new(options, 12345)
    state.shuffle_hidden(0, random.Random(1))
    assert state.to_json() != game_class(game).new(options, 12345).to_json()
    assert "12345" not in json.dumps(state.to_json())


@pytest.mark.parametrize(("game", "options"), CASES)
def test_a_view_for_no_seat_is_refused(game, options):
    state = game_class(game).new(options, 1)
    for seat in (-1, state.num_players, "0", True, 1.0):
        with pytest.raises(MalformedAction, match="a view is for a seat"):
            state.view(seat)
