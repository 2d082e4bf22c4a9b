"""The declaration of Tikal's state: `TikalState`'s typed attributes, its slots and the field
table `fields.FIELDS` agree, and the table's copies, bounds and lengths do what it says."""

from __future__ import annotations

import json
import random
import re

import pytest

from meeple.engine.errors import MalformedState
from meeple.engine.testing import random_step
from meeple.games.tikal import TikalState
from meeple.games.tikal import state as tikal_state
from meeple.games.tikal.components import builtin_data
from meeple.games.tikal.fields import FIELD_NAMES, FIELDS, Field

HEADER = ("game", "version", "options", "seed")


def _midgame() -> TikalState:
    """A 3-player position with tokens on tiles, a score sheet and an open scoring round."""
    state = TikalState.new({"players": 3}, 4)
    rng = random.Random(4)
    while not (state.tokens and state.history and state.scoring_queue):
        random_step(state, rng)
    assert not state.history[-1]["complete"]
    return state


MIDGAME = _midgame()


def test_every_attribute_is_declared_typed_and_slotted():
    """Pure Python keeps the declarations in `__annotations__` and `__slots__`; a class compiled
    by mypyc (setup.py) keeps neither, but lists its typed attributes in `__mypyc_attrs__` and
    refuses any other."""
    slots = {
        *tikal_state._SETUP_SLOTS,
        *tikal_state._CACHE_SLOTS,
        *tikal_state._STAMP_SLOTS,
        *FIELD_NAMES,
    }
    if tikal_state.__file__.endswith(".py"):
        declared = set(TikalState.__annotations__)
        assert declared == set(TikalState.__slots__) == slots
    else:
        declared = set(TikalState.__mypyc_attrs__) - {"__dict__"}  # no instance has one: below
        assert declared == slots
    assert not hasattr(MIDGAME, "__dict__") or not vars(MIDGAME)


def test_the_json_form_is_the_header_then_the_fields_in_table_order():
    assert tuple(MIDGAME.to_json()) == HEADER + FIELD_NAMES


def test_a_clone_copies_every_attribute_and_shares_the_setup():
    """`clone` copies the attributes one by one: one it forgot would be unset on the copy, one
    it shared instead of copying would change with the original."""
    clone = MIDGAME.clone()
    for name in (*tikal_state._SETUP_SLOTS, *tikal_state._CACHE_SLOTS):
        assert getattr(clone, name) is getattr(MIDGAME, name), name
    for name in FIELD_NAMES:
        value = getattr(MIDGAME, name)
        assert getattr(clone, name) == value, name
        if isinstance(value, list | dict):  # a shared one would change with the original
            assert getattr(clone, name) is not value, f"{name} is shared, not copied"


def test_a_clone_shares_no_field_that_can_change():
    """Lists and dicts are copied; of the score sheet, only the rounds that are complete (and
    never change again) are shared."""
    clone = MIDGAME.clone()
    assert clone.to_json() == MIDGAME.to_json()
    for field in FIELDS:
        mine, theirs = getattr(MIDGAME, field.name), getattr(clone, field.name)
        if isinstance(mine, list | dict):
            assert mine is not theirs, field.name
    for space, pile in MIDGAME.tokens.items():
        assert clone.tokens[space] is not pile
    *complete, open_round = MIDGAME.history
    assert all(a is b for a, b in zip(complete, clone.history[:-1], strict=True))
    assert clone.history[-1] is not open_round
    assert clone.history[-1]["entries"] is not open_round["entries"]


def _bounded(field: Field) -> list[tuple[Field, object]]:
    """A JSON value of `field` just below its bounds, if it has some."""
    if field.bounds is None:
        return []
    low = field.bounds.low - 1
    value = MIDGAME.to_json()[field.name]
    if isinstance(value, list):
        return [(field, [low, *value[1:]] if value else [low])]
    if isinstance(value, dict):  # the tokens: a pile holding an unknown kind
        return [(field, {**value, next(iter(value)): [low]})]
    return [(field, low)]


@pytest.mark.parametrize(
    ("field", "value"),
    [case for field in FIELDS for case in _bounded(field)],
    ids=lambda x: x.name if isinstance(x, Field) else "",
)
def test_a_value_out_of_bounds_is_refused_naming_its_field(field, value):
    data = json.loads(json.dumps(MIDGAME.to_json()))
    data[field.name] = value
    message = f"'{field.name}' must hold {field.bounds.says}"
    with pytest.raises(MalformedState, match=re.escape(message)):
        TikalState.from_json(data)


@pytest.mark.parametrize("field", [f for f in FIELDS if f.length], ids=lambda f: f.name)
def test_a_list_of_the_wrong_length_is_refused_naming_its_field(field):
    data = json.loads(json.dumps(MIDGAME.to_json()))
    data[field.name].append(data[field.name][0])
    with pytest.raises(MalformedState, match=f"'{field.name}' must have"):
        TikalState.from_json(data)


def test_a_token_pile_off_the_board_is_refused():
    data = json.loads(json.dumps(MIDGAME.to_json()))
    data["tokens"]["999"] = [0]
    with pytest.raises(MalformedState, match="'tokens' must have spaces as keys"):
        TikalState.from_json(data)


def test_a_printed_treasure_tile_gets_its_tokens():
    """A user's edition may print a treasure tile on the board: it is dealt its tokens like a
    placed one (TIK-3). Until the state was declared field by field, setting it up failed."""
    data = builtin_data()
    printed = data["board"]["preprinted"]["value"]
    jungle = next(i for i, entry in enumerate(printed) if entry["kind"] == "jungle")
    printed[jungle].update(kind="treasure", masks=2)
    state = TikalState.new({"players": 2, "edition": data}, 0)
    space = next(s for s, t in state.edition.preprinted if state.tile_kinds[t] == "treasure")
    assert len(state.tokens[space]) == 2
    total = state.edition.treasure_kinds * state.edition.treasure_copies
    assert len(state.token_supply) == total - 2
