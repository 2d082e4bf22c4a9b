"""Tikal's observation written from the state, incrementally (`TikalEncoding.state_observer`,
what the research adapters ask at every step), against the documented one, made from the view:
the same vector at every position of random games of every table, for every seat and the
spectators, whether each seat's last observation was of the step before or long ago, of this
game or of another, before or after what no seat sees was re-dealt, and whatever a caller did
with an observation handed out."""

from __future__ import annotations

import random

import numpy as np
import pytest

from meeple.games.tikal import TikalState
from meeple.games.tikal.components import builtin_data
from meeple.games.tikal.encoding import encoding

TABLES = [(n, auction) for n in (2, 3, 4) for auction in (False, True)]


def assert_same_at_every_position(options: dict[str, object], seed: int) -> int:
    """Play one random game of `options`; the positions compared."""
    enc = encoding(options)
    every_step, now_and_then = enc.state_observer(), enc.state_observer()
    state = TikalState.new(options, seed=seed)
    other = TikalState.new(options, seed=seed + 1)
    rng = random.Random(seed)
    compared = 0
    while True:
        for seat in [*range(state.n), None]:
            expected = enc.observation(state.view(seat))
            observed = every_step.observe(state, seat)
            assert observed.dtype == np.float32
            assert np.array_equal(observed, expected), (seat, state.step)
            observed[:] = -1  # the caller's own array: what the observer keeps is not it
            if rng.random() < 0.2:
                # another game's observation in between, or none for several steps
                now_and_then.observe(other, seat)
                assert np.array_equal(now_and_then.observe(state, seat), expected)
            compared += 1
        if state.is_over():
            return compared
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        if action.kind in enc.chance_kinds or rng.random() < 0.1:
            state.redeal_unknown(rng)  # the adapters' chance, drawn before the step
            expected = enc.observation(state.view(seat))
            assert np.array_equal(every_step.observe(state, seat), expected)
        state.apply(seat, action)


@pytest.mark.parametrize(("players", "auction"), TABLES)
def test_the_state_gives_the_views_observation(players: int, auction: bool) -> None:
    compared = assert_same_at_every_position({"players": players, "auction": auction}, seed=3)
    assert compared > 100 * (players + 1)  # whole games, not their first steps


def test_a_terrain_tile_with_a_printed_tiles_id_stands_for_it_as_in_the_view() -> None:
    """A user's edition may give a terrain tile the id of a tile printed on the board: the
    view names both by that id, and the observation counts it as the tile the id names."""
    data = builtin_data()
    data["terrain_tiles"]["tiles"]["value"][0]["id"] = "board2"  # the printed temple's
    assert_same_at_every_position({"players": 3, "auction": True, "edition": data}, seed=4)


def test_what_no_seat_sees_does_not_reach_it() -> None:
    """Re-dealing the stack's order and the face-down tokens leaves every observation as it
    was (the state has them; the vector reads only their counts and the top tile's letter)."""
    options = {"players": 4, "auction": False}
    enc = encoding(options)
    state = TikalState.new(options, seed=9)
    rng = random.Random(9)
    while not state.is_over():
        seat = state.to_move()[0]
        other = state.clone()
        other.shuffle_hidden(seat, rng)
        observe = enc.state_observer().observe
        assert np.array_equal(observe(other, seat), observe(state, seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("seat", [-1, 3])
def test_a_seat_the_table_has_not_is_refused_and_changes_nothing(seat: int) -> None:
    """-1 would otherwise read as the last seat's place in the kept vector (Python's index)."""
    options = {"players": 3, "auction": False}
    enc = encoding(options)
    state = TikalState.new(options, seed=5)
    rng = random.Random(5)
    for _ in range(12):
        mover = state.to_move()[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    observer = enc.state_observer()
    observer.observe(state, 2)
    with pytest.raises(ValueError, match="no seat"):
        observer.observe(state, seat)
    for viewer in (2, 0, None, 1):
        assert np.array_equal(observer.observe(state, viewer), enc.observation(state.view(viewer)))


def test_the_values_read_by_name_are_the_declared_ones_in_order() -> None:
    """`_read_plain` names each field itself (the compiled build reads it from the state's
    memory): the same values as `_PLAIN` names, in its order, at every step of a game."""
    from meeple.games.tikal.state_observation import _PLAIN, _read_plain

    state = TikalState.new({"players": 3}, seed=4)
    rng = random.Random(4)
    while not state.is_over():
        assert _read_plain(state) == [getattr(state, name) for name in _PLAIN]
        seat = state.to_move()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
