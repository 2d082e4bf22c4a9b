"""The board elements of Altiplano's actions (`meeple.games.altiplano.web`), checked on every
legal action of positions along seeded random games (base game, role draft, Missions): each
action has elements; clicking them all leaves that action alone, or it with a few others that
a further click tells apart, so that every action is reached by clicks plus the list."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pytest

from meeple.engine.testing import random_positions
from meeple.games.altiplano import GAME, AltiplanoState
from meeple.games.altiplano import web as altiplano_web
from meeple.games.altiplano.actions import ACTION_TYPES
from meeple.games.altiplano.web import action_elements, table_facts
from meeple.server.live import elements_of

#: The forms an element id takes (documented in the web module).
ID = re.compile(
    r"^(location|supply|good|container|action|row|final|order|house|boat|slot|role|mission"
    r"|button|cart|corn):[\w-]+$"
    r"|^field:(loc:\w+|role|ext:\w+|wild:\w+|move:\d+)$"
    r"|^placed:(loc:\w+|role|ext:\w+|wild:\w+|move:\d+):\w+$"
    r"|^(bag|container|buffer)$"
)
GAMES = [
    ({"players": 3}, 1),
    ({"players": 2, "role_draft": True, "missions": True}, 2),
    ({"players": 4, "missions": True}, 3),
    ({"players": 5, "role_draft": True}, 4),
]


def _elements_by_action(state: AltiplanoState, seat: int) -> dict[str, frozenset[str]]:
    return {
        json.dumps(action.to_json()): frozenset(action_elements(state, action))
        for action in state.legal_actions(seat)
    }


@pytest.mark.parametrize(("options", "seed"), GAMES)
def test_every_legal_action_is_reached_by_clicks(options: dict, seed: int) -> None:
    kinds: set[str] = set()
    for state in random_positions(AltiplanoState, options, seed, every=3):
        for seat in state.to_move():
            found = _elements_by_action(state, seat)
            for key, elements in found.items():
                kinds.add(json.loads(key)["kind"])
                assert elements, f"{key} has no board element"
                assert all(ID.match(e) for e in elements), (key, elements)
                left = {other for other, more in found.items() if elements <= more}
                # The action itself, and only actions that a further click picks out.
                assert key in left
                assert all(found[other] > elements for other in left - {key}), (key, left)
                assert len(left) <= 4, (key, left)
    assert len(kinds) > 12, kinds


@pytest.mark.parametrize(("options", "seed"), GAMES[:2])
def test_elements_hold_nothing_the_seat_cannot_see(options: dict, seed: int) -> None:
    """The elements are the same in any state the seat's view allows (others' bags,
    containers, missions and the draws to come sampled anew)."""
    rng = random.Random(seed)
    for state in random_positions(AltiplanoState, options, seed, every=7):
        for seat in state.to_move():
            guess = AltiplanoState.determinize(state.view(seat), rng)
            for action in state.legal_actions(seat):
                assert action_elements(guess, action) == action_elements(state, action)


def test_every_action_kind_has_elements() -> None:
    """Each kind the engine knows is named by some element (no kind falls through)."""
    state = AltiplanoState.new({"players": 2}, 0)
    for kind in ACTION_TYPES:
        values = {f.name: -1 if f.type == "int" else "x" for f in dataclasses.fields(kind)}
        assert action_elements(state, kind(**values)), kind.kind


def test_the_server_uses_this_module() -> None:
    assert GAME.web is not None and GAME.web() is altiplano_web
    state = AltiplanoState.new({"players": 2}, 0)
    action = state.legal_actions(state.to_move()[0])[0]
    assert elements_of(GAME)(state, action) == action_elements(state, action)


def test_facts_name_what_the_view_names_by_id() -> None:
    state = AltiplanoState.new({"players": 3}, 0)
    facts = table_facts(state.view(0)["options"])
    s = state.view(0)["state"]
    assert set(s["orders"]) <= set(facts["orders"])
    assert {e for e in s["strip"] if e} <= set(facts["extensions"])
    assert set(s["circle"]) == set(facts["locations"]) == set(facts["fields"])
    assert all(p["role"] in facts["roles"] for p in s["players"])
    assert len(facts["surcharge"]) == len(s["strip"])
