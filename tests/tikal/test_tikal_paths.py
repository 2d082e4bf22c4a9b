"""A layout's `Paths` derived from the last one around the placed tiles equals the one worked
out from scratch, and what it lists agrees with the rules' own checks."""

from __future__ import annotations

import random

import pytest

from meeple.engine.testing import random_step
from meeple.games.tikal import TikalState
from meeple.games.tikal.paths import Paths

FIELDS = ("graph", "walks", "walk_limit", "walks_by_figure", "spots", "camp_sites")


@pytest.mark.parametrize(("players", "auction", "seed"), [(2, True, 11), (4, False, 12)])
def test_derived_paths_equal_fresh_ones_along_a_game(players, auction, seed):
    state = TikalState.new({"players": players, "auction": auction}, seed)
    rng = random.Random(seed)
    layouts = 0
    while not state.is_over():
        placed_before = sum(t >= 0 for t in state.tile_at)
        random_step(state, rng)
        if sum(t >= 0 for t in state.tile_at) == placed_before:
            continue
        layouts += 1
        state.edition.memo.clear()  # derived from the state's last paths, not found in the memo
        derived, fresh = state.paths(), Paths.of(state)
        assert derived is not fresh
        for name in FIELDS:
            assert getattr(derived, name) == getattr(fresh, name), name
    assert layouts > 10


def test_paths_list_what_the_rules_allow():
    state = TikalState.new({"players": 3}, 13)
    rng = random.Random(13)
    for _ in range(150):
        random_step(state, rng)
    paths = state.paths()
    kinds = [state.tile_kinds[t] if t >= 0 else "" for t in state.tile_at]
    assert [s for s, _ in paths.spots] == [
        s for s, k in enumerate(kinds) if k in ("temple", "treasure")
    ]
    assert [s for s, _ in paths.camp_sites] == [
        s for s, k in enumerate(kinds) if k in ("jungle", "treasure")
    ]
    for src, row in enumerate(paths.walks):
        assert [(w.src, w.dst, cost) for cost, w, _ in row] == [
            (src, dst, state.walk_cost(src, dst)) for dst, _ in paths.graph[src]
        ]
        assert paths.walk_limit[src] == max((cost for cost, _, _ in row), default=0)
