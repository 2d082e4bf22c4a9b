"""Tikal's numeric forms (meeple.games.tikal.encoding): every action has one index and comes back
from it; the observation has one shape and holds nothing a seat may not see."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from meeple.engine.registry import game_info
from meeple.games.tikal import TikalState
from meeple.games.tikal import encoding as tikal_encoding
from meeple.games.tikal.actions import ACTION_TYPES, Bid, PlaceTile, Walk
from meeple.games.tikal.encoding import bid_limit, encoding
from planted import tikal_marked_edition

TABLES = [(n, auction) for n in (2, 3, 4) for auction in (False, True)]


def random_game(options: dict[str, object], seed: int) -> list[tuple[TikalState, int]]:
    """Every position of one random game with the seat to move, the last one over."""
    state = TikalState.new(options, seed=seed)
    rng = random.Random(seed)
    positions = []
    while not state.is_over():
        seat = state.to_move()[0]
        positions.append((state.clone(), seat))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return [*positions, (state, 0)]


@pytest.mark.parametrize(("players", "auction"), TABLES)
def test_every_legal_action_has_an_index_that_gives_it_back(players: int, auction: bool) -> None:
    options = {"players": players, "auction": auction}
    enc = encoding(options)
    seen_kinds = set()
    for state, seat in random_game(options, seed=players * 10 + auction):
        indexes = set()
        for action in state.legal_actions(seat):
            index = enc.action_index(action)
            assert 0 <= index < enc.action_space_size
            assert enc.action_at(index) == action
            indexes.add(index)
            seen_kinds.add(action.kind)
        assert len(indexes) == len(state.legal_actions(seat))  # no two share an index
    expected = {"place_tile", "walk", "deploy", "end_turn"} | (
        {"bid", "pass"} if auction else set()
    )
    assert expected <= seen_kinds


def test_indexes_are_the_same_across_table_sizes_up_to_exchanges() -> None:
    """Sections keep their order; only the exchanges (one per other seat) and later grow."""
    small, large = encoding({"players": 2}), encoding({"players": 4})
    for action in (PlaceTile(5, 3), Walk("worker", 12, 13)):
        assert small.action_index(action) == large.action_index(action)
    assert small.action_space_size < large.action_space_size


def test_indexes_outside_the_space_are_refused() -> None:
    enc = encoding({"players": 3})
    with pytest.raises(ValueError, match="not in 0"):
        enc.action_at(enc.action_space_size)
    with pytest.raises(ValueError, match="not in 0"):
        enc.action_at(-1)
    with pytest.raises(ValueError):
        enc.action_index(Bid(bid_limit(enc.edition) + 1))
    assert enc.action_at(enc.action_index(Bid(bid_limit(enc.edition)))) == Bid(
        bid_limit(enc.edition)
    )


def test_sections_tile_the_action_space() -> None:
    enc = encoding({"players": 4, "auction": True})
    position = 0
    for section in enc.action_sections:
        assert section.start == position and section.size > 0
        position += section.size
    assert position == enc.action_space_size
    assert {s.kind for s in enc.action_sections} == {t.kind for t in ACTION_TYPES}


@pytest.mark.parametrize(("players", "auction"), TABLES)
def test_observation_shape_is_constant_and_fields_tile_it(players: int, auction: bool) -> None:
    options = {"players": players, "auction": auction}
    enc = encoding(options)
    assert sum(f.size for f in enc.fields) == enc.observation_shape[0]
    observations = set()
    for state, seat in random_game(options, seed=players)[::25]:
        obs = enc.observation(state.view(seat))
        assert obs.shape == enc.observation_shape and obs.dtype == np.float32
        assert np.isfinite(obs).all()
        observations.add(obs.tobytes())
    assert len(observations) > 5  # the game moves the observation


def test_fields_read_back_the_view() -> None:
    """Spot checks, field by field, against the view: own row first, then the next seats."""
    options = {"players": 3}
    enc = encoding(options)
    state, _seat = random_game(options, seed=7)[120]
    view = state.view(1)
    obs = enc.observation(view)

    def field(name: str) -> np.ndarray:
        f = next(f for f in enc.fields if f.name == name)
        return obs[f.start : f.start + f.size].reshape(f.shape)

    scores = [p["score"] for p in view["players"]]
    assert list(field("score")) == [scores[1], scores[2], scores[0]]
    assert field("space").sum() == len(enc.edition.spaces)
    assert field("tile_kind").sum() == len(view["board"])
    workers_on_board = sum(sum(e["workers"]) for e in view["board"])
    assert field("workers").sum() == workers_on_board
    assert field("ap")[0] == view["ap"] and field("stack_size")[0] == view["stack_size"]
    assert field("to_move")[(view["to_move"][0] - 1) % 3] == 1


def test_max_game_length_bounds_random_games() -> None:
    for players, auction in [*TABLES[::2], (3, True)]:
        options = {"players": players, "auction": auction}
        assert len(random_game(options, seed=3)) - 1 <= encoding(options).max_game_length


def test_a_seat_cannot_tell_states_apart_that_differ_in_what_it_may_not_see() -> None:
    """Re-dealing what a seat does not see (the stack's order, the face-down tokens) and
    determinizing from its view both leave its observation as it was."""
    options = {"players": 4, "auction": True}
    enc = encoding(options)
    rng = random.Random(5)
    for state, seat in random_game(options, seed=11)[::40]:
        before = enc.observation(state.view(seat))
        other = state.clone()
        other.shuffle_hidden(seat, rng)
        assert np.array_equal(enc.observation(other.view(seat)), before)
        sampled = TikalState.determinize(state.view(seat), rng)
        assert np.array_equal(enc.observation(sampled.view(seat)), before)


def test_planted_tile_ids_do_not_change_the_observation() -> None:
    """With every terrain tile's id made a marker, the numbers are the same: the observation
    is made of positions and kinds, not of names a seat might learn hidden order from."""
    data, _ = tikal_marked_edition()
    plain = {"players": 3}
    marked = {"players": 3, "edition": data}
    a, b = TikalState.new(plain, seed=2), TikalState.new(marked, seed=2)
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(60):
        seat = a.to_move()[0]
        obs_a = encoding(plain).observation(a.view(seat))
        obs_b = encoding(marked).observation(json.loads(json.dumps(b.view(seat))))
        assert np.array_equal(obs_a, obs_b)
        index = rng_a.randrange(len(a.legal_actions(seat)))
        rng_b.randrange(len(b.legal_actions(seat)))
        a.apply(seat, a.legal_actions(seat)[index])
        b.apply(seat, b.legal_actions(seat)[index])


def test_the_game_loads_its_encoding() -> None:
    load = game_info("tikal").research
    assert load is not None and load() is tikal_encoding
