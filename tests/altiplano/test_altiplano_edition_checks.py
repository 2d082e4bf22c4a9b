"""Each check of an Altiplano edition, one malformed edition apiece: the error names the field
and says what was expected. A check that is removed lets its edition through, and its case
fails."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from meeple.engine import EditionError
from meeple.engine.testing import DROP, edit_at
from meeple.games.altiplano.components import load

BUILTIN: dict[str, Any] = json.loads(
    resources.files("meeple.games.altiplano")
    .joinpath("data/components.json")
    .read_text(encoding="utf-8")
)


def _truncate(key: str, *inner: str | int, keep: int) -> Callable[[Any], None]:
    def edit(data: Any) -> None:
        parent = data[key]
        for part in inner:
            parent = parent[part]
        del parent[keep:]

    return edit


ORDER = ("orders", "cards", "value")
BOARD = "action_board"
CASES: list[tuple[Callable[[Any], None], str]] = [
    # goods
    (edit_at(("goods",), {}), "goods: must be a list"),
    (edit_at(("goods", 0), 5), "goods[0]: must be an object"),
    (edit_at(("goods", 0, "id"), ""), "goods[0].id: must be a non-empty string"),
    (edit_at(("goods", 1, "id"), "food"), "goods[1].id: good 'food' is repeated"),
    (edit_at(("goods", 0, "tiles", "value"), -1), "goods[0].tiles: must be a non-negative integer"),
    (edit_at(("goods", 0, "home", "value"), ""), "goods[0].home: must be a non-empty string"),
    (edit_at(("goods", 0, "vp"), DROP), "goods[0].vp: is missing"),
    (edit_at(("goods", 4, "sale_price", "value"), 1.5), "goods[4].sale_price: must be a non-neg"),
    (edit_at(("goods", 1), DROP), "goods: must contain the good 'corn'"),
    (edit_at(("goods", 0, "home", "value"), "market"), "goods: food must live in the supply"),
    (edit_at(("goods", 2), DROP), "goods: lacks 'fish', which a basic action of the rulebook uses"),
    # locations and what lies there
    (edit_at(("locations", "value"), "village"), "locations: must be a list"),
    (edit_at(("locations", "value", 1), 3), "locations[1]: must be a non-empty string"),
    (edit_at(("locations", "value", 1), "village"), "locations: must be at least 3 distinct names"),
    (edit_at(("locations", "value", 5), "desert"), "locations: must contain 'mine'"),
    (
        edit_at(("location_supplies", "value", "centre"), DROP),
        "location_supplies.centre: is missing",
    ),
    (
        edit_at(("location_supplies", "value", "market"), "glass"),
        "location_supplies.market: must be a list",
    ),
    (
        edit_at(("location_supplies", "value", "market", 1), "gold"),
        "location_supplies.market[1]: unknown item 'gold'",
    ),
    (
        edit_at(("location_supplies", "value", "farm", 0), "glass"),
        "location_supplies: good 'alpaca' must lie at exactly one place",
    ),
    # setup per player count
    (edit_at(("setup_by_players", "value", "5"), DROP), "setup_by_players.5: is missing"),
    (
        edit_at(("setup_by_players", "value", "2", "food"), "36"),
        "setup_by_players.2.food: must be a non-negative integer",
    ),
    (
        edit_at(("setup_by_players", "value", "3", "orders_in_play"), DROP),
        "setup_by_players.3.orders_in_play: is missing",
    ),
    (
        edit_at(("setup_by_players", "value", "2", "glass"), 13),
        "setup_by_players.2.glass: exceeds the 12 tiles of the game",
    ),
    (
        edit_at(("setup_by_players", "value", "2", "carts_in_village"), 1),
        "setup_by_players.2.carts_in_village: must give every player a first cart",
    ),
    (
        edit_at(("setup_by_players", "value", "4", "orders_in_play"), 17),
        "setup_by_players.4.orders_in_play: exceeds the order cards",
    ),
    # action board
    (edit_at((BOARD,), []), "action_board: must be an object"),
    (
        edit_at((BOARD, "action_fields", "value", "farm"), 0),
        "action_board.action_fields.farm: must be an integer >= 1",
    ),
    (
        edit_at((BOARD, "action_fields", "value", "road"), DROP),
        "action_board.action_fields.road: is missing",
    ),
    (
        edit_at((BOARD, "movement_fields", "value"), -1),
        "action_board.movement_fields: must be a non-negative integer",
    ),
    (
        edit_at((BOARD, "planning_fields_start", "value"), 0),
        "action_board.planning_fields_start: must be an integer >= 1",
    ),
    (
        edit_at((BOARD, "planning_fields_max", "value"), 3),
        "action_board.planning_fields_max: must be >= planning_fields_start",
    ),
    (
        edit_at((BOARD, "carts_max", "value"), 5),
        "action_board.carts_max: needs a movement field beside every bought cart",
    ),
    (
        edit_at((BOARD, "cart_steps", "value"), 0),
        "action_board.cart_steps: must be an integer >= 1",
    ),
    # road track and warehouse
    (edit_at(("road_track", "value"), "plan"), "road_track: must be a list"),
    (edit_at(("road_track", "value", 0), "gold"), "road_track[0]: unknown step 'gold'"),
    (edit_at(("warehouse", "value", "rows"), []), "warehouse.rows: must be a non-empty list"),
    (
        edit_at(("warehouse", "value", "rows", 0, "spaces"), 0),
        "warehouse.rows[0].spaces: must be an integer >= 1",
    ),
    (
        edit_at(("warehouse", "value", "rows", 0, "points"), DROP),
        "warehouse.rows[0].points: is miss",
    ),
    (
        edit_at(("warehouse", "value", "rows", 0, "points"), -1),
        "warehouse.rows[0].points: must be a non-negative integer",
    ),
    # roles and the conversions printed on them
    (edit_at(("roles",), {}), "roles: must be a list"),
    (edit_at(("roles", 1, "id"), "woodcutter"), "roles[1].id: role 'woodcutter' is repeated"),
    (edit_at(("roles", 1, "location"), "moon"), "roles[1].location: unknown location 'moon'"),
    (edit_at(("roles", 0, "action"), DROP), "roles[0].action: is missing"),
    (edit_at(("roles", 0, "start"), {}), "roles[0].start: must be a non-empty object of counts"),
    (edit_at(("roles", 0, "start", "gold"), 1), "roles[0].start.gold: unknown good 'gold'"),
    (edit_at(("roles", 0, "start", "food"), 0), "roles[0].start.food: must be an integer >= 1"),
    (edit_at(("roles", 0, "action", "in"), []), "roles[0].action.in: must be a non-empty object"),
    (
        edit_at(("roles", 0, "action", "out"), {"wood": 1, "stone": 1}),
        "roles[0].action.out: must be exactly one good",
    ),
    (
        edit_at(("roles", 0, "action", "out"), {"choice": []}),
        "roles[0].action.out.choice: must be a non-empty list",
    ),
    (
        edit_at(("roles", 0, "action", "out"), {"choice": ["wood", "gold"]}),
        "roles[0].action.out[1]: unknown good 'gold'",
    ),
    (_truncate("roles", keep=4), "roles: must hold at least 5 roles (one per player)"),
    # extension strip and extensions
    (
        edit_at(("extension_strip", "surcharge", "value"), 5),
        "extension_strip.surcharge: must be a list",
    ),
    (
        edit_at(("extension_strip", "surcharge", "value", 0), -1),
        "extension_strip.surcharge[0]: must be a non-negative integer",
    ),
    (
        edit_at(("extension_strip", "spaces", "value"), 0),
        "extension_strip.spaces: must be an integer >= 1",
    ),
    (
        edit_at(("extension_strip", "surcharge", "value"), [0, 1]),
        "extension_strip.surcharge: must have one value per space (5)",
    ),
    (edit_at(("extensions",), "x"), "extensions: must be a list"),
    (
        edit_at(("extensions", 1, "id"), "alpaca_for_food"),
        "extensions[1].id: extension 'alpaca_for_food' is repeated",
    ),
    (edit_at(("extensions", 0, "letter"), "E"), "extensions[0].letter: unknown letter 'E'"),
    (edit_at(("extensions", 0, "letter"), "AB"), "extensions[0].letter: unknown letter 'AB'"),
    (
        edit_at(("extensions", 3, "printed_cost"), -1),
        "extensions[3].printed_cost: must be a non-negative integer",
    ),
    (
        edit_at(("extensions", 0, "players_min"), 1),
        "extensions[0].players_min: must be an integer >= 2",
    ),
    (edit_at(("extensions", 13, "effect"), DROP), "extensions[13].effect: is missing"),
    (
        edit_at(("extensions", 25, "duplicate_of"), ["alpaca_for_food"]),
        "extensions[25].duplicate_of: must be a non-empty string",
    ),
    (
        edit_at(("extensions", 25, "duplicate_of"), "unicorn"),
        "extensions[25].duplicate_of: names no extension: 'unicorn'",
    ),
    (edit_at(("extensions", 0, "location"), "moon"), "extensions[0].location: unknown location"),
    (
        edit_at(("extensions", 6, "effect", "out", "choice", 0), "gold"),
        "extensions[6].effect.out[0]: unknown good 'gold'",
    ),
    # houses and boats
    (
        edit_at(("houses", "count", "value"), 9),
        "houses.goods: must list one good per house (houses.count)",
    ),
    (
        edit_at(("boats", "count", "value"), 11),
        "boats.goods: must list one good per boat (boats.count)",
    ),
    (edit_at(("houses", "goods", "value"), "wood"), "houses.goods: must be a list"),
    (edit_at(("boats", "goods", "value", 0), "gold"), "boats.goods[0]: unknown good 'gold'"),
    (edit_at(("houses", "cost", "value"), {"coins": 2}), "houses.cost.coins: unknown good 'coins'"),
    (edit_at(("boats", "vp", "value"), -2), "boats.vp: must be a non-negative integer"),
    # orders
    (edit_at(ORDER, {}), "orders.cards: must be a list"),
    (edit_at(("orders", "count", "value"), 15), "orders.cards: must hold orders.count cards"),
    (edit_at((*ORDER, 1, "id"), "order_01"), "orders.cards[1].id: order 'order_01' is repeated"),
    (edit_at((*ORDER, 0, "goods"), []), "orders.cards[0].goods: must be a non-empty list"),
    (
        edit_at((*ORDER, 0, "goods", 0), "corn"),
        "orders.cards[0].goods[0]: unknown orderable good 'corn'",
    ),
    (edit_at((*ORDER, 0, "points"), "9"), "orders.cards[0].points: must be a non-negative integer"),
    (
        edit_at(("orders", "cost_coins", "value"), -1),
        "orders.cost_coins: must be a non-negative integer",
    ),
    # missions
    (
        edit_at(("missions", "cards", 1, "id"), BUILTIN["missions"]["cards"][0]["id"]),
        "missions.cards[1].id: mission 'fulfil_3_orders' is repeated",
    ),
    (edit_at(("missions", "cards"), {}), "missions.cards: must be a list"),
    (edit_at(("missions", "cards", 2, "id"), "fly"), "missions.cards[2].id: no rule is known"),
    (
        edit_at(("missions", "cards", 0, "points", "value"), -1),
        "missions.cards[0].points: must be a non-negative integer",
    ),
    (
        _truncate("missions", "cards", keep=14),
        "missions.cards: must hold at least 15 cards (3 per player)",
    ),
]


@pytest.mark.parametrize(("edit", "message"), CASES, ids=[message for _, message in CASES])
def test_each_check_names_the_field(edit: Callable[[Any], None], message: str) -> None:
    data = copy.deepcopy(BUILTIN)
    edit(data)
    with pytest.raises(EditionError) as info:
        load(data)
    assert message in str(info.value)


def test_a_figure_may_be_a_bare_value() -> None:
    data = copy.deepcopy(BUILTIN)
    data["action_board"]["cart_steps"] = 2
    assert load(data).cart_steps == 2


def test_a_long_wrong_value_is_shown_cut_short() -> None:
    data = copy.deepcopy(BUILTIN)
    data["goods"][0]["vp"] = {"value": list(range(100))}
    with pytest.raises(EditionError) as info:
        load(data)
    message = str(info.value)
    assert message.startswith("goods[0].vp: must be a non-negative integer, not [0, 1, 2")
    assert message.endswith("...") and len(message) < 120


@pytest.mark.parametrize(
    ("edition", "message"),
    [([], "edition: must be a JSON object"), ({"goods": {1, 2}}, "edition: not JSON data")],
)
def test_an_edition_that_is_not_a_json_object(edition: Any, message: str) -> None:
    with pytest.raises(EditionError, match=message):
        load(edition)
