"""Edition data: the package copy of the components, the checks of a user's edition file, and
the options. The engine knows no figure of its own: an edition changes the game."""

from __future__ import annotations

import copy
import json
from importlib import resources
from pathlib import Path

import pytest

from meeple.engine import EditionError, OptionsError
from meeple.engine.registry import game_class
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.components import load

SHARED = Path("/work/shared/rules/altiplano-components.json")


def _data() -> dict:
    text = resources.files("meeple.games.altiplano").joinpath("data/components.json")
    return json.loads(text.read_text(encoding="utf-8"))


def test_registry_and_package_data() -> None:
    assert game_class("altiplano") is AltiplanoState
    data = _data()
    if SHARED.exists():
        assert data == json.loads(SHARED.read_text(encoding="utf-8"))
    assert data["extensions"][0]["per_tile_status"] == "estimate"  # statuses are kept
    comps = load(None)
    assert len(comps.extensions) == 28 and len(comps.roles) == 7
    assert len(comps.orders) == 16 and len(comps.missions) == 20


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (
            ("extensions", 3, "printed_cost"),
            -1,
            "extensions[3].printed_cost: must be a non-negative",
        ),
        (("extensions", 3, "printed_cost"), "2", "extensions[3].printed_cost"),
        (("goods", 0, "tiles", "value"), None, "goods[0].tiles"),
        (("setup_by_players", "value", "2", "glass"), 99, "setup_by_players.2.glass: exceeds"),
        (("roles", 1, "location"), "moon", "roles[1].location: unknown location"),
        (("orders", "cards", "value", 0, "goods", 1), "food", "orders.cards[0].goods[1]"),
        (("missions", "cards", 2, "id"), "fly", "missions.cards[2].id: no rule is known"),
        (("extension_strip", "surcharge", "value"), [0, 1], "extension_strip.surcharge"),
    ],
)
def test_bad_edition_names_field(path: tuple, value: object, message: str) -> None:
    data = _data()
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(EditionError) as info:
        AltiplanoState.new({"players": 2, "edition": data})
    assert message in str(info.value)


def test_missing_field_and_non_object() -> None:
    data = _data()
    del data["houses"]
    with pytest.raises(EditionError, match="houses: is missing"):
        load(data)
    with pytest.raises(EditionError):
        load([])  # type: ignore[arg-type]


def test_edition_changes_the_game() -> None:
    data = _data()
    data["action_board"]["action_fields"]["value"]["farm"] = 1
    data["extension_strip"]["surcharge"]["value"] = [5, 6, 7, 8, 9]
    state = AltiplanoState.new({"players": 2, "edition": copy.deepcopy(data)}, 3)
    assert state.field_capacity(state.s["players"][0], "farm") == 1
    assert state.extension_price(0) == state.comps.extensions[state.s["strip"][0]].cost + 5
    restored = AltiplanoState.from_json(json.loads(json.dumps(state.to_json())))
    assert restored.to_json() == state.to_json()
    state.apply(0, A.Draw())


def test_options() -> None:
    assert AltiplanoState.normalize_options(None) == {
        "players": 3,
        "role_draft": False,
        "missions": False,
        "start_player": 0,
        "edition": None,
    }
    for bad in ({"players": 1}, {"players": 6}, {"players": "3"}, {"colour": "red"},
                {"missions": 1}, {"role_draft": None}, {"edition": 5},
                {"start_player": 3}, {"start_player": -1}, {"start_player": True}):  # fmt: skip
        with pytest.raises(OptionsError):
            AltiplanoState.normalize_options(bad)
