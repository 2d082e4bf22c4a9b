"""The declared state fields (`fields.Table`, `fields.Player`) match real states: the same keys
and values of the declared types, at every step of random games with every option; and a clone
shares no mutable part of any declared field."""

from __future__ import annotations

import random
import types
from collections.abc import Iterator
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from meeple.engine.errors import MalformedState
from meeple.engine.testing import random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano.fields import PLAYER_FIELDS, TABLE_FIELDS, Table

GAMES = [
    ({"players": 2}, 11),
    ({"players": 3, "missions": True, "role_draft": True}, 12),
    ({"players": 4, "missions": True}, 13),
    ({"players": 5, "role_draft": True}, 14),
]


def _states(options: dict[str, object], seed: int) -> Iterator[AltiplanoState]:
    state = AltiplanoState.new(options, seed)
    rng = random.Random(seed)
    yield state
    while not state.is_over():
        random_step(state, rng)
        yield state


def _mismatch(value: Any, declared: Any, path: str) -> str | None:
    """Where `value` is not of the `declared` type, or None when it is."""
    origin = get_origin(declared)
    if is_typeddict(declared):
        hints = get_type_hints(declared)
        if not isinstance(value, dict) or set(value) != set(hints):
            return f"{path}: keys {sorted(value) if isinstance(value, dict) else value!r}"
        for key, sub in hints.items():
            found = _mismatch(value[key], sub, f"{path}.{key}")
            if found:
                return found
        return None
    if origin is Literal:
        return None if value in get_args(declared) else f"{path}: {value!r} not in {declared}"
    if origin in (Union, types.UnionType):
        if any(_mismatch(value, option, path) is None for option in get_args(declared)):
            return None
        return f"{path}: {value!r} is not {declared}"
    if origin is list:
        if not isinstance(value, list):
            return f"{path}: {value!r} is not a list"
        (item,) = get_args(declared)
        for i, element in enumerate(value):
            found = _mismatch(element, item, f"{path}[{i}]")
            if found:
                return found
        return None
    if origin is dict:
        if not isinstance(value, dict):
            return f"{path}: {value!r} is not a dict"
        key_type, item = get_args(declared)
        for key, element in value.items():
            found = _mismatch(key, key_type, f"{path} key") or _mismatch(
                element, item, f"{path}.{key}"
            )
            if found:
                return found
        return None
    if declared is type(None):
        return None if value is None else f"{path}: {value!r} is not None"
    return None if type(value) is declared else f"{path}: {value!r} is not {declared.__name__}"


@pytest.mark.parametrize(("options", "seed"), GAMES)
def test_every_state_has_exactly_the_declared_fields_and_types(
    options: dict[str, object], seed: int
) -> None:
    steps = 0
    for state in _states(options, seed):
        assert set(state.s) == TABLE_FIELDS
        for p in state.s["players"]:
            assert set(p) == PLAYER_FIELDS
        assert _mismatch(state.s, Table, "s") is None
        steps += 1
    assert steps > 100


def test_the_type_check_of_this_test_finds_a_wrong_field() -> None:
    state = AltiplanoState.new({"players": 3}, 1)
    bad: Any = state.clone().s
    bad["players"][1]["warehouse"][0] = ["fish", 3]
    assert _mismatch(bad, Table, "s") == "s.players[1].warehouse[0][1]: 3 is not str"
    bad["phase"] = "lunch"
    assert "s.phase" in (_mismatch(bad, Table, "s") or "")


def _mutable_parts(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict | list):
        yield path, value
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, element in items:
            yield from _mutable_parts(element, f"{path}.{key}")


@pytest.mark.parametrize(("options", "seed"), GAMES[1:3])
def test_a_clone_shares_no_mutable_part_of_any_declared_field(
    options: dict[str, object], seed: int
) -> None:
    for step, state in enumerate(_states(options, seed)):
        if step % 25:
            continue
        copy = state.clone()
        assert copy.s == state.s
        originals = {id(part) for _, part in _mutable_parts(state.s, "s")}
        shared = [path for path, part in _mutable_parts(copy.s, "s") if id(part) in originals]
        assert shared == [], shared


@pytest.mark.parametrize("field", sorted(TABLE_FIELDS))
def test_saved_data_without_a_declared_table_field_is_refused_naming_it(field: str) -> None:
    data = AltiplanoState.new({"players": 3, "missions": True}, 5).to_json()
    del data["state"][field]
    with pytest.raises(MalformedState, match=f"missing \\['{field}'\\]"):
        AltiplanoState.from_json(data)


@pytest.mark.parametrize("field", sorted(PLAYER_FIELDS))
def test_saved_data_without_a_declared_player_field_is_refused_naming_it(field: str) -> None:
    data = AltiplanoState.new({"players": 3, "missions": True}, 5).to_json()
    del data["state"]["players"][2][field]
    with pytest.raises(MalformedState, match=f"'players\\[2\\]' has missing \\['{field}'\\]"):
        AltiplanoState.from_json(data)


def test_saved_data_with_an_undeclared_field_is_refused_naming_it() -> None:
    data = AltiplanoState.new({"players": 2}, 5).to_json()
    data["state"]["turn"]["spare"] = 0
    with pytest.raises(MalformedState, match="'turn' has missing \\[\\] / unknown \\['spare'\\]"):
        AltiplanoState.from_json(data)
