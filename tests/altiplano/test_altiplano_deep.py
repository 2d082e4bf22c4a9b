"""Random play that prefers doing things over passing, to reach what uniform random play rarely
does (extensions, orders, corn, the final storage, exhausted locations). Every step is checked
like the engine's random-simulation checker: conservation, JSON round trip, clone, views that
do not depend on hidden information, determinize, and rejected actions that change nothing."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from altiplano_helpers import conservation

from meeple.engine.actions import Action
from meeple.games.altiplano import AltiplanoState

WEIGHTS = {"pass": 0.02, "unplace": 0.05, "end_turn": 0.3, "take_back_tile": 0.2,
           "move": 0.3, "final_done": 0.2, "swap_skip": 0.3, "done": 0.1, "place": 2.0,
           "buy_extension": 5.0, "buy_order": 3.0, "deliver": 5.0, "build_road": 5.0,
           "store": 1.0, "sell": 2.0}  # fmt: skip


def eager_choice(actions: list[Action], rng: random.Random) -> Action:
    weights = [WEIGHTS.get(a.kind, 1.0) for a in actions]
    return rng.choices(actions, weights)[0]


def _check(state: AltiplanoState, rng: random.Random) -> None:
    conservation(state)
    data = state.to_json()
    assert AltiplanoState.from_json(json.loads(json.dumps(data))).to_json() == data
    assert state.clone().to_json() == data
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        other = state.clone()
        other.shuffle_hidden(seat, rng)
        assert other.view(seat) == view
        if seat is not None:
            sampled = AltiplanoState.determinize(view, rng)
            assert sampled.view(seat) == view
            assert sampled.to_move() == state.to_move()


RICH_START = {"food": 4, "wood": 2, "stone": 2, "fish": 1, "alpaca": 1, "ore": 1, "wool": 1}


def _enrich(state: AltiplanoState) -> None:
    """A richer start (tiles from the supply, more coins), so that random play gets far."""
    s = state.s
    for p in s["players"]:
        p["coins"] += 12
        for good, n in RICH_START.items():
            n = min(n, s["supply"][good])
            s["supply"][good] -= n
            p["bag"][good] = p["bag"].get(good, 0) + n


@pytest.mark.parametrize("seed", range(6))  # six games: sized for the suite's time in CI
def test_eager_games(seed: int) -> None:
    players = (2, 3, 4, 2, 3, 5)[seed]
    options = {"players": players, "role_draft": seed % 2 == 1, "missions": seed % 3 != 2}
    state = AltiplanoState.new(options, seed)
    _enrich(state)
    rng = random.Random(seed)
    check_rng = random.Random(-seed)
    kinds: Counter[str] = Counter()
    step = 0
    while not state.is_over():
        _check(state, check_rng)
        if step % 5 == 0:  # every listed action applies and keeps every tile
            for mover in state.to_move():
                for action in state.legal_actions(mover):
                    trial = state.clone()
                    trial.apply(mover, action)
                    conservation(trial)
        seat = rng.choice(state.to_move())
        action = eager_choice(state.legal_actions(seat), rng)
        state.apply(seat, action)
        kinds[action.kind] += 1
        step += 1
        assert step < 20_000
    _check(state, check_rng)
    assert state.winners()
    for kind in ("buy_extension", "buy_order", "store", "produce"):
        assert kinds[kind], f"eager play never did {kind}"
