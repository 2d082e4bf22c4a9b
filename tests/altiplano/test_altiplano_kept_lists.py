"""Legal-action lists a state keeps across moves (a placing or unplacing in planning keeps the
other seats' lists; a clone keeps them all) are the lists the state would compute afresh, and
the seats `to_move` names with kept lists are those it names from fresh ones."""

from __future__ import annotations

import random

import pytest

from meeple.engine.testing import random_step
from meeple.games.altiplano import AltiplanoState


@pytest.mark.parametrize(("players", "seed"), [(4, 3), (3, 11)])
def test_kept_lists_are_the_fresh_lists(players: int, seed: int) -> None:
    state = AltiplanoState.new({"players": players}, seed)
    rng = random.Random(seed)
    compared = 0
    while not state.is_over() and state.s["round"] <= 4:
        if state.s["phase"] == "plan":
            fresh = AltiplanoState.from_json(state.to_json())
            assert state.to_move() == fresh.to_move()
            for seat in range(players):
                assert state.legal_actions(seat) == fresh.legal_actions(seat), seat
                compared += 1
        random_step(state, rng)
    assert compared > 100  # planning was reached, many times
