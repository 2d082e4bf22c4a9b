"""Every copy of a state (clone, JSON round trip, pickle, deepcopy, copy) plays exactly like the
original, also after the original listed its legal actions and filled the process's caches (a
Tikal state once pickled its edition's memo, and a reloaded one then refused every legal tile
placement: issue 26); and a state's pickle is as large whatever else the process has played."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from meeple.engine.game import GameState
from meeple.engine.registry import game_class
from meeple.engine.testing import random_step

COPIES: dict[str, Callable[[GameState], GameState]] = {
    "clone": lambda s: s.clone(),
    "json": lambda s: type(s).from_json(s.to_json()),
    "pickle": lambda s: pickle.loads(pickle.dumps(s)),
    "deepcopy": copy.deepcopy,
    "copy": copy.copy,
}

TABLES = [
    ("tikal", {"players": 2}),
    ("tikal", {"players": 3, "auction": True}),
    ("altiplano", {"players": 2, "missions": True}),
    ("altiplano", {"players": 4, "role_draft": True}),
]


def _every_action_plays_alike(original: GameState, other: GameState) -> int:
    """Each seat's every legal action, applied to a clone of each: the same results."""
    tried = 0
    assert other.to_move() == original.to_move()
    for seat in original.to_move():
        legal = original.legal_actions(seat)
        assert other.legal_actions(seat) == legal
        for action in legal:
            mine, theirs = original.clone(), other.clone()
            mine.apply(seat, action)
            theirs.apply(seat, action)
            assert theirs.to_json() == mine.to_json(), action
            tried += 1
    return tried


@pytest.mark.parametrize("how", COPIES)
@pytest.mark.parametrize(("game", "options"), TABLES)
def test_a_copy_plays_every_legal_action_like_the_original(
    game: str, options: dict[str, Any], how: str
) -> None:
    cls, rng = game_class(game), random.Random(5)
    state = cls.new(options, seed=3)
    tried = steps = 0
    while not state.is_over() and steps < 160:
        for seat in state.to_move():
            state.legal_actions(seat)  # fills the caches a copy must not depend on
        if steps % 8 == 0:
            tried += _every_action_plays_alike(state, COPIES[how](state))
        random_step(state, rng)
        steps += 1
    assert tried > 100


def test_a_reloaded_tikal_state_places_tiles_whatever_the_process_has_cached() -> None:
    """The case of issue 26: legal placements listed, then the state pickled and reloaded."""
    cls, rng = game_class("tikal"), random.Random(1)
    state, placed = cls.new({"players": 2}, seed=1), 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if legal[0].kind == "place_tile":
            for copy_of in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                for action in legal:
                    copy_of.clone().apply(seat, action)
                    placed += 1
        state.apply(seat, rng.choice(legal))
    assert placed > 100


@pytest.mark.parametrize(("game", "options"), TABLES)
def test_a_pickle_does_not_grow_with_what_the_process_played(
    game: str, options: dict[str, Any]
) -> None:
    cls = game_class(game)
    before = len(pickle.dumps(cls.new(options, seed=9)))
    for seed in range(3):
        state, rng = cls.new(options, seed), random.Random(seed)
        while not state.is_over():
            for seat in state.to_move():
                state.legal_actions(seat)
            random_step(state, rng)
    assert len(pickle.dumps(cls.new(options, seed=9))) == before
    assert before < 20_000
