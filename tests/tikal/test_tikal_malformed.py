"""Malformed and illegal input (Hypothesis): always a clear error, never a changed state."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.engine.errors import (
    EditionError,
    IllegalAction,
    MalformedAction,
    MalformedState,
    MeepleError,
    OptionsError,
)
from meeple.engine.testing import assert_unchanged_on_error, random_step
from meeple.games.tikal import TikalState
from meeple.games.tikal.actions import ACTION_TYPES, CODEC
from meeple.games.tikal.components import builtin_data, builtin_edition, parse_edition


def _states():
    """A few positions from seeded random play, at every kind of step."""
    import random

    positions = []
    for auction in (False, True):
        state = TikalState.new({"players": 3, "auction": auction}, 5)
        rng = random.Random(5)
        for i in range(400):
            if state.is_over():
                break
            if i % 23 == 0:
                positions.append(state.clone())
            random_step(state, rng)
    return positions


POSITIONS = _states()
# Real tile ids (the first and last terrain tile of the built-in edition) for malformed actions.
TILE_IDS = [
    builtin_edition().tiles[i].id
    for i in (builtin_edition().terrain[0], builtin_edition().terrain[-1])
]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
kinds = st.sampled_from([t.kind for t in ACTION_TYPES] + ["fly", "", "PLACE_TILE"])
action_dicts = st.fixed_dictionaries(
    {"kind": kinds},
    optional={
        "space": st.integers(-5, 60) | st.text(max_size=3),
        "rotation": st.integers(-8, 8) | st.booleans(),
        "figure": st.sampled_from(["leader", "worker", "ghost", ""]),
        "src": st.integers(-3, 45),
        "dst": st.integers(-3, 45),
        "give": st.integers(-2, 9),
        "take": st.integers(-2, 9),
        "other": st.integers(-2, 5),
        "amount": st.integers(-5, 200),
        "tile": st.sampled_from([*TILE_IDS, "Z9", ""]),
        "extra": json_values,
    },
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=action_dicts | json_values,
    index=st.integers(0, len(POSITIONS) - 1),
    seat=st.integers(-2, 5) | st.none() | st.text(max_size=2),
)
def test_any_input_is_rejected_cleanly_or_applied_legally(data, index, seat):
    state = POSITIONS[index].clone()
    before = state.to_json()
    try:
        action = state.parse_action(data)
    except MalformedAction as exc:
        assert str(exc)
        assert state.to_json() == before
        return
    legal = seat in state.to_move() and action in set(state.legal_actions(seat))
    try:
        state.apply(seat, action)
    except MeepleError as exc:
        assert not legal, f"a listed legal action was rejected: {exc}"
        assert str(exc) and state.to_json() == before
        return
    # Accepted: then it was legal (a volcano's equal rotations count as one placement).
    assert legal or action.kind == "place_tile"


@settings(max_examples=100)
@given(index=st.integers(0, len(POSITIONS) - 1), offset=st.integers(1, 3))
def test_actions_of_the_wrong_seat_are_refused(index, offset):
    state = POSITIONS[index].clone()
    if state.is_over():
        return
    mover = state.to_move()[0]
    wrong = (mover + 1 + offset % (state.n - 1)) % state.n
    for action in state.legal_actions(mover)[:5]:
        message = assert_unchanged_on_error(state, lambda s, a=action: s.apply(wrong, a))
        assert "may not act now" in message


def test_malformed_action_json_is_named():
    state = POSITIONS[0].clone()
    with pytest.raises(MalformedAction, match="not valid JSON"):
        state.parse_action("{kind: place")
    with pytest.raises(MalformedAction, match="unknown action kind 'fly'"):
        state.parse_action({"kind": "fly"})
    with pytest.raises(MalformedAction, match="field 'space' must be int"):
        state.parse_action({"kind": "excavate", "space": "3"})
    with pytest.raises(MalformedAction, match="lacks field 'rotation'"):
        state.parse_action({"kind": "place_tile", "space": 3})
    with pytest.raises(MalformedAction, match="unknown field"):
        state.parse_action({"kind": "pass", "loud": True})
    assert CODEC.from_json({"kind": "bid", "amount": 3}).to_json() == {"kind": "bid", "amount": 3}


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(sorted(POSITIONS[3].to_json())), value=json_values)
def test_malformed_state_json_is_rejected_with_the_field_named(field, value):
    data = POSITIONS[3].to_json()
    original = data[field]
    data[field] = value
    try:
        state = TikalState.from_json(json.loads(json.dumps(data)))
    except MalformedState as exc:
        assert "field" in str(exc) or "state" in str(exc)
        return
    # A replacement that is accepted (an int for an int, say) must give a usable state that
    # round-trips exactly.
    assert type(value) is type(original)
    assert state.to_json() == TikalState.from_json(state.to_json()).to_json()
    state.view(0)
    for seat in state.to_move():
        state.legal_actions(seat)


TILES = builtin_data()["terrain_tiles"]["tiles"]["value"]
VOLCANO = next(i for i, t in enumerate(TILES) if t["kind"] == "volcano")  # has no stones


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda d: d["terrain_tiles"]["tiles"]["value"][3].update(kind="castle"),
            "terrain_tiles.tiles[3].kind",
        ),
        (
            lambda d: d["terrain_tiles"]["tiles"]["value"][0].update(steps=[1, 2]),
            "terrain_tiles.tiles[0].steps",
        ),
        (
            lambda d: d["terrain_tiles"]["tiles"]["value"][1].update(id=TILES[0]["id"]),
            "terrain_tiles.tiles[1].id",
        ),
        (lambda d: d["terrain_tiles"]["count"].update(value=35), "terrain_tiles.count"),
        (
            lambda d: d["terrain_tiles"]["by_type"]["value"].update(temple=14),
            "terrain_tiles.by_type.temple",
        ),
        (lambda d: d["board"]["spaces"]["value"].pop(), "board"),
        (lambda d: d["temple_level_tiles"]["value"].update({"4": -1}), "temple_level_tiles.4"),
        (lambda d: d["costs"]["value"].pop("build_camp"), "costs.build_camp"),
        (lambda d: d["board"]["preprinted"]["value"][0].update(q=50), "board.preprinted[0]"),
        (lambda d: d.pop("treasure_tokens"), "treasure_tokens"),
        (
            lambda d: d["terrain_tiles"]["tiles"]["value"][VOLCANO].update(
                steps=[1, 0, 0, 0, 0, 0]
            ),
            f"terrain_tiles.tiles[{VOLCANO}].steps",
        ),
    ],
)
def test_edition_errors_name_the_field(edit, message):
    data = builtin_data()
    edit(data)
    with pytest.raises(EditionError, match=message.replace("[", r"\[").replace("]", r"\]")):
        parse_edition(data)
    with pytest.raises(EditionError):
        TikalState.new({"players": 2, "edition": data}, 0)


def test_a_users_edition_changes_the_game():
    data = builtin_data()
    data["action_points_per_turn"]["value"] = 12
    data["auction_start_score"]["value"] = 30
    state = TikalState.new({"players": 2, "auction": True, "edition": data}, 0)
    assert state.score == [30, 30]
    restored = TikalState.from_json(json.loads(json.dumps(state.to_json())))
    assert restored.edition.action_points == 12


@pytest.mark.parametrize(
    "options",
    [{"players": 1}, {"players": 5}, {"players": "3"}, {"auction": "yes"}, {"colour": "red"}],
)
def test_bad_options_are_refused(options):
    with pytest.raises(OptionsError):
        TikalState.new(options, 0)


def test_illegal_actions_name_their_rule():
    state = POSITIONS[0].clone()
    assert state.step == "place"
    message = assert_unchanged_on_error(
        state, lambda s: s.apply(0, CODEC.from_json({"kind": "end_turn"}))
    )
    assert "[TIK-2]" in message
    with pytest.raises(IllegalAction):
        state.apply(0, CODEC.from_json({"kind": "place_tile", "space": 0, "rotation": 9}))


@pytest.mark.parametrize(
    "view",
    [{}, 5, "view", {"options": {"players": 3}}, {"options": {"players": 3}, "board": "x"}],
)
def test_a_malformed_view_is_refused_by_determinize_and_the_sampler(view):
    """A bot's own view, edited by its author or broken by a bug, is named as malformed, not
    a bare KeyError or TypeError from deep inside."""
    with pytest.raises(MalformedState, match="view"):
        TikalState.determinize(view, random.Random(0))
    with pytest.raises(MalformedState, match="view"):
        TikalState.sampler(view)
