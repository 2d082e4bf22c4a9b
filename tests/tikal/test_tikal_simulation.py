"""Random simulation (after OpenSpiel's RandomSimTest): 132 seeded games of random legal play
over 2, 3 and 4 players and both versions, every invariant checked after every step."""

from __future__ import annotations

import pytest
from tikal_helpers import conservation

from meeple.engine.testing import check_random_game
from meeple.games.tikal import TikalState

GAMES_PER_SETTING = 22  # 6 settings x 22 = 132 games, sized for the suite's time in CI


SETTINGS = [(players, auction) for players in (2, 3, 4) for auction in (False, True)]


@pytest.mark.parametrize("block", range(4))
@pytest.mark.parametrize(("players", "auction"), SETTINGS)
def test_random_games_keep_every_invariant(players, auction, block):
    seeds = range(block, GAMES_PER_SETTING, 4)
    for seed in seeds:
        state = check_random_game(
            TikalState, {"players": players, "auction": auction}, seed, conservation
        )
        assert state.is_over()
        assert len(state.history) >= 4  # three volcano rounds and the final round
        assert all(r["complete"] for r in state.history)


def test_the_leak_check_catches_a_view_that_shows_the_stack():
    """The simulation's leak check must be able to fail: a view with the stack order leaks."""

    class LeakyTikal(TikalState):
        def view(self, seat):
            return {**super().view(seat), "stack": list(self.stack)}

        def shared_view(self, seat, kept):
            return self.view(seat)

    with pytest.raises(AssertionError, match="hidden information"):
        check_random_game(LeakyTikal, {"players": 2}, 0)


def test_the_conservation_check_catches_a_lost_token():
    state = TikalState.new({"players": 2}, 0)
    state.token_supply.pop()
    with pytest.raises(AssertionError):
        conservation(state)
