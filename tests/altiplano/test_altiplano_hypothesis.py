"""Property tests: malformed JSON, unknown actions, wrong seats and out-of-range values are
rejected with a clear error and leave the state unchanged; corrupt saved states name a field."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.engine import MalformedAction, MalformedState, MeepleError
from meeple.engine.testing import assert_unchanged_on_error, random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.actions import ACTION_TYPES


def _states() -> list[AltiplanoState]:
    """A few states from different phases of seeded random games."""
    result = []
    for seed, players in ((1, 2), (2, 3), (3, 5)):
        state = AltiplanoState.new({"players": players, "missions": True, "role_draft": True}, seed)
        rng = random.Random(seed)
        for step in range(400):
            if state.is_over():
                break
            if step % 40 == 0:
                result.append(state.clone())
            random_step(state, rng)
    return result


STATES = _states()
KINDS = [t.kind for t in ACTION_TYPES]
values = st.one_of(
    st.integers(min_value=-5, max_value=40),
    st.text(max_size=12),
    st.sampled_from(["farm", "loc:farm", "role", "food", "corn", "glass", "move:0", "ext:x",
                     "boat", "house", "farm_food", "order_01", "fulfil_3_orders", "miner"]),
    st.booleans(),
    st.none(),
    st.lists(st.integers(), max_size=2),
)  # fmt: skip
FIELDS = ["role", "mission", "target", "good", "location", "via", "to", "source", "out", "row",
          "field", "slot", "order"]  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(STATES) - 1),
    seat=st.one_of(st.integers(min_value=-2, max_value=6), st.text(max_size=2), st.none()),
    kind=st.one_of(st.sampled_from(KINDS), st.text(max_size=8)),
    fields=st.dictionaries(st.sampled_from(FIELDS), values, max_size=4),
)
def test_bad_actions_are_rejected_without_change(
    index: int, seat: Any, kind: str, fields: dict[str, Any]
) -> None:
    state = STATES[index].clone()
    data = {"kind": kind, **fields}
    try:
        action = state.parse_action(data)
    except MalformedAction:
        return
    legal = (
        isinstance(seat, int)
        and 0 <= seat < state.num_players
        and (seat in state.to_move() and action in state.legal_actions(seat))
    )
    if legal:
        state.apply(seat, action)
    else:
        message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))
        assert message


@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=30))
def test_malformed_action_json_is_rejected(text: str) -> None:
    state = STATES[0].clone()
    try:
        json.loads(text)
    except ValueError:
        with pytest.raises(MalformedAction):
            state.parse_action(text)


def test_wrong_seat_is_rejected() -> None:
    for state in STATES:
        movers = state.to_move()
        for seat in range(state.num_players):
            if seat in movers:
                continue
            for other in movers:
                for action in state.legal_actions(other)[:3]:
                    assert_unchanged_on_error(state, lambda s, a=action, t=seat: s.apply(t, a))


def _paths(data: Any, prefix: str = "") -> list[str]:
    result = []
    if isinstance(data, dict):
        for key, value in data.items():
            result.append(f"{prefix}.{key}" if prefix else key)
            result += _paths(value, f"{prefix}.{key}" if prefix else key)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            result += _paths(value, f"{prefix}[{i}]")
    return result


def _set(data: Any, path: str, value: Any) -> None:
    parts = path.replace("[", ".[").split(".")
    for part in parts[:-1]:
        data = data[int(part[1:-1])] if part.startswith("[") else data[part]
    last = parts[-1]
    if last.startswith("["):
        data[int(last[1:-1])] = value
    else:
        data[last] = value


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(STATES) - 1),
    pick=st.integers(min_value=0, max_value=10_000),
    value=st.one_of(st.just("nonsense"), st.just(-7), st.just(None), st.just([1]),
                    st.just({"x": 1}), st.just(True)),
)  # fmt: skip
def test_corrupt_state_json_names_a_field(index: int, pick: int, value: Any) -> None:
    data = STATES[index].to_json()
    paths = [p for p in _paths(data["state"])]
    path = paths[pick % len(paths)]
    _set(data["state"], path, value)
    try:
        restored = AltiplanoState.from_json(data)
    except MalformedState as exc:
        assert "field" in str(exc)
        return
    # a few corruptions are still valid data (e.g. another legal name); the state must work
    restored.to_json()
    for seat in restored.to_move():
        with contextlib.suppress(MeepleError):
            restored.legal_actions(seat)


def test_from_json_rejects_non_state() -> None:
    for bad in (None, [], {"game": "tikal"}, {"game": "altiplano", "options": {}, "state": 3}):
        with pytest.raises(MalformedState):
            AltiplanoState.from_json(bad)  # type: ignore[arg-type]
