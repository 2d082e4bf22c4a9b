"""The table page's side of Tikal on the server: the board elements of every action, checked
over random positions of both versions, and the page's constant board geometry."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from meeple.engine.testing import random_positions
from meeple.games.tikal import GAME, TikalState
from meeple.games.tikal import web as tikal_web
from meeple.games.tikal.actions import EndTurn, Excavate, Walk
from meeple.games.tikal.components import builtin_edition
from meeple.games.tikal.web import action_elements, board_geometry

#: The board geometry the page loads; MEEPLE_REGENERATE=1 rewrites it from the engine's.
GEOMETRY = Path(__file__).resolve().parents[2] / "src/meeple/web/static/games/tikal-board.json"

#: Every id the module documents, and nothing else.
ELEMENT = re.compile(
    r"hex:[a-z]+\d+|tile:drawn|rotation:[0-5]|figure:(leader|worker):[a-z]+\d+"
    r"|camp:[a-z]+\d+|supply:(leader|worker|camp)|temple:[a-z]+\d+|treasure:[a-z]+\d+"
    r"|held:\d+:\d+|button:(guard|end|pass)|bid:\d+|tile:[\w-]+"
)

SETTINGS = [
    (players, auction, seed)
    for players, auction in ((2, True), (3, False), (4, True))
    for seed in (1, 2)
]


def positions(players: int, auction: bool, seed: int):
    """Every 7th position of a random game: a few hundred positions per game, every step."""
    return random_positions(TikalState, {"players": players, "auction": auction}, seed, 7)


@pytest.mark.parametrize(("players", "auction", "seed"), SETTINGS)
def test_clicking_an_actions_elements_leaves_exactly_that_action(players, auction, seed):
    kinds = set()
    for state in positions(players, auction, seed):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        elements = {action: frozenset(action_elements(state, action)) for action in legal}
        for action, ids in elements.items():
            assert ids, f"{action} has no elements"
            assert len(ids) == len(action_elements(state, action)), "an id listed twice"
            assert all(ELEMENT.fullmatch(i) for i in ids), ids
            left = [other for other, more in elements.items() if ids <= more]
            assert left == [action], f"clicking {sorted(ids)} leaves {left}"
            kinds.add(action.kind)
    expected = {"place_tile", "walk", "deploy", "excavate", "recover", "build_camp", "end_turn"}
    if auction:
        expected |= {"bid", "pass", "choose_tile"}
    assert expected <= kinds, f"positions without {expected - kinds}"


def test_the_elements_name_the_spaces_as_the_board_does():
    state = TikalState.new({"players": 2}, 0)
    src, dst = state.names.index("b4"), state.names.index("a4")
    assert action_elements(state, Walk("leader", src, dst)) == ("figure:leader:b4", "hex:a4")
    assert action_elements(state, Excavate(dst)) == ("hex:a4", "temple:a4")
    assert action_elements(state, EndTurn()) == ("button:end",)


def test_tikal_loads_its_web_module():
    assert GAME.web is not None and GAME.web() is tikal_web


def test_the_pages_board_geometry_is_the_engines():
    geometry = board_geometry(builtin_edition())
    if os.environ.get("MEEPLE_REGENERATE") == "1":
        GEOMETRY.write_text(json.dumps(geometry, indent=1) + "\n", encoding="utf-8")
    saved = json.loads(GEOMETRY.read_text(encoding="utf-8"))
    assert saved == geometry, f"{GEOMETRY.name} is out of date: rerun with MEEPLE_REGENERATE=1"
    assert len(saved["spaces"]) == len(builtin_edition().spaces)
