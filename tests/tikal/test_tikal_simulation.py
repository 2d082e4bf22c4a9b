"""Random simulation (after OpenSpiel's RandomSimTest): 204 seeded games of random legal play
over 2, 3 and 4 players and both versions, every invariant checked after every step."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.engine.testing import check_random_game
from meeple.games.tikal import TikalState
from meeple.games.tikal.components import builtin_edition
from meeple.games.tikal.state import OUT, SUPPLY

EDITION = builtin_edition()
GAMES_PER_SETTING = 34  # 6 settings x 34 = 204 games


def conservation(state: TikalState) -> None:
    """Every figure, camp, temple level tile, treasure token and terrain tile is somewhere,
    exactly once."""
    ed, n = EDITION, state.n
    for seat in range(n):
        on_board = sum(state.workers[seat::n])
        leader_in_play = state.leader[seat] != OUT
        guards = state.guard.count(seat)
        assert state.supply[seat] >= 0 and state.out[seat] >= 0
        total = state.supply[seat] + on_board + leader_in_play + state.out[seat] + guards
        assert total == ed.workers + 1, f"seat {seat} has {total} figures"
        assert state.leader[seat] in (SUPPLY, OUT) or state.tile_at[state.leader[seat]] >= 0
        assert state.camp.count(seat) <= ed.camps
        assert guards <= 2
    for s, owner in enumerate(state.camp):
        if owner >= 0:
            kind = ed.tiles[state.tile_at[s]].kind
            assert kind in ("jungle", "treasure") and not state.tokens.get(s)
    # temple level tiles: in the supply or on a temple, never twice
    used = Counter()
    for s, t in enumerate(state.tile_at):
        if t >= 0 and ed.tiles[t].kind == "temple":
            used.update(range(ed.tiles[t].temple_value + 1, state.temple_top[s] + 1))
    for value, count in enumerate(ed.temple_levels):
        assert state.levels[value] + used[value] == count, f"temple level {value}"
    # treasure tokens: supply, face down on tiles, or held
    tokens = Counter(state.token_supply)
    for pile in state.tokens.values():
        tokens.update(pile)
    k = ed.treasure_kinds
    for seat in range(n):
        for kind in range(k):
            tokens[kind] += state.treasures[seat * k + kind]
    assert tokens == Counter({kind: ed.treasure_copies for kind in range(k)})
    # terrain tiles: stack, board, revealed, hand or set aside, each once
    tiles = [t for t in state.tile_at if t >= 0 and ed.tiles[t].letter]
    tiles += state.stack + state.revealed + state.discarded
    if state.hand >= 0:
        tiles.append(state.hand)
    assert sorted(tiles) == sorted(ed.terrain)
    assert 0 <= state.ap <= ed.action_points


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

    with pytest.raises(AssertionError, match="hidden information"):
        check_random_game(LeakyTikal, {"players": 2}, 0)


def test_the_conservation_check_catches_a_lost_token():
    state = TikalState.new({"players": 2}, 0)
    state.token_supply.pop()
    with pytest.raises(AssertionError):
        conservation(state)
