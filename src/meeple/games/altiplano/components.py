"""Altiplano's components, loaded from an edition file and checked.

Most figures were printed only in pictures and are estimates (see the `status` fields of
``data/components.json``), so the engine knows none of them: every count, cost and point value
comes from here. A user may supply an edition of their own with the same structure; a malformed
or inconsistent one raises `EditionError` naming the field and the problem.

What *is* in code are the rules the rulebook states in words: the basic actions printed on the
action board (`BASIC_ACTIONS`), the road cost, the cart price and the numbers written in the
texts of the special extensions (`SPECIAL_EXTENSIONS`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from meeple.engine.errors import EditionError

#: The locations a basic action may need; ``centre`` is where food and coins lie (ALT-21: not a
#: location).
CENTRE = "centre"
#: The pseudo-good for coins on coin fields.
COINS = "coins"


@dataclasses.dataclass(frozen=True, slots=True)
class Conversion:
    """An action that turns exact inputs into one output (or a choice of outputs).

    `out` lists the possible outputs; the player chooses one. ``("boat",)`` and ``("house",)``
    mean a card of the player's choice.
    """

    key: str
    location: str
    inputs: tuple[tuple[str, int], ...]
    out: tuple[str, ...]
    repeatable: bool = False  # "1 oder mehrere": one action may convert several units


#: The basic actions printed on every action board (rulebook, "Die Basisaktionen").
BASIC_ACTIONS: tuple[Conversion, ...] = (
    Conversion("farm_food", "farm", (("alpaca", 1),), ("food",), repeatable=True),
    Conversion("farm_wool", "farm", (("alpaca", 1), ("food", 1)), ("wool",)),
    Conversion("farm_cloth", "farm", (("wool", 1), ("food", 1)), ("cloth",)),
    Conversion("forest_wood", "forest", (("food", 2),), ("wood",)),
    Conversion(
        "forest_cacao", "forest", (("cacao", 1),), ("food", "cloth", "glass"), repeatable=True
    ),
    Conversion("mine_stone", "mine", (("food", 2),), ("stone",)),
    Conversion("mine_silver", "mine", (("ore", 1), ("food", 1)), ("silver",)),
    Conversion("harbor_food", "harbor", (("fish", 1), ("food", 1)), ("food",)),
    Conversion("harbor_stone", "harbor", (("fish", 2),), ("stone",)),
)
#: Road building (rulebook, "Straßenbau"): 1 stone + 1 wood moves the marker one step.
ROAD_COST: tuple[tuple[str, int], ...] = (("stone", 1), ("wood", 1))
ROAD = "road"
#: Buying a cart costs 1 coin (rulebook, "Karren kaufen"; ALT-15).
CART_PRICE = 1
#: Extensions whose effect is a rule rather than a conversion, with the numbers their texts
#: state (rulebook, "Erläuterungen zu den Ausbauten").
SPECIAL_EXTENSIONS: dict[str, dict[str, int]] = {
    "wildcard_field": {},
    "wildcard_field_2": {},
    "coin_movement": {},
    "swap_planning_tile": {},
    "village_fields": {"fields": 2},
    "final_storage": {"draws": 10},
    "corn_buffer": {"capacity": 2},
}
WILDCARDS = ("wildcard_field", "wildcard_field_2")


@dataclasses.dataclass(frozen=True, slots=True)
class Extension:
    id: str
    location: str
    letter: str
    cost: int
    players_min: int
    identity: str  # extensions with the same identity are "identical" (ALT-16)
    conversion: Conversion | None  # None for the special extensions


@dataclasses.dataclass(frozen=True, slots=True)
class Role:
    id: str
    name: str
    conversion: Conversion
    start: tuple[tuple[str, int], ...]


@dataclasses.dataclass(frozen=True, slots=True)
class Order:
    id: str
    goods: tuple[str, ...]
    points: int


@dataclasses.dataclass(frozen=True, slots=True)
class Row:
    spaces: int
    points: int


@dataclasses.dataclass(frozen=True)
class Components:
    """Every figure of one edition, checked and indexed for fast lookup."""

    goods: tuple[str, ...]
    tiles: dict[str, int]
    home: dict[str, str]
    vp: dict[str, int]
    sale_price: dict[str, int]  # only goods that can be sold
    setup: dict[int, dict[str, int]]
    locations: tuple[str, ...]
    location_supplies: dict[str, tuple[str, ...]]
    action_fields: dict[str, int]
    movement_fields: int
    planning_start: int
    planning_max: int
    carts_max: int
    cart_steps: int
    road_track: tuple[str, ...]
    rows: tuple[Row, ...]
    roles: dict[str, Role]
    surcharge: tuple[int, ...]
    extensions: dict[str, Extension]
    houses: tuple[str, ...]
    house_cost: tuple[tuple[str, int], ...]
    house_vp: int
    boats: tuple[str, ...]
    boat_cost: tuple[tuple[str, int], ...]
    boat_vp: int
    orders: dict[str, Order]
    order_cost: int
    missions: dict[str, int]  # id -> points
    raw: dict[str, Any]
    #: derived tables memoised by the engine (e.g. field inputs per role and extensions)
    memo: dict[Any, Any] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    def conversions_at(self, location: str) -> tuple[Conversion, ...]:
        return _BASIC_AT.get(location, ())


#: The basic actions by location, in the order of `BASIC_ACTIONS` (`conversions_at`).
_BASIC_AT: dict[str, tuple[Conversion, ...]] = {
    loc: tuple(c for c in BASIC_ACTIONS if c.location == loc)
    for loc in dict.fromkeys(c.location for c in BASIC_ACTIONS)
}


def _fail(path: str, problem: str) -> EditionError:
    return EditionError(f"{path}: {problem}")


def _get(data: Any, key: str, path: str) -> Any:
    if not isinstance(data, Mapping):
        raise _fail(path, "must be an object")
    if key not in data:
        raise _fail(f"{path}.{key}" if path else key, "is missing")
    return data[key]


def _value(data: Any, key: str, path: str) -> Any:
    """A figure: either a bare value or ``{"value": ..., "status": ...}``."""
    item = _get(data, key, path)
    if isinstance(item, Mapping) and "value" in item:
        return item["value"]
    return item


def _int(value: Any, path: str, minimum: int = 0) -> int:
    if type(value) is not int or value < minimum:
        kind = "non-negative" if minimum == 0 else f">= {minimum}"
        raise _fail(
            path, f"must be a {kind} integer" if minimum == 0 else f"must be an integer {kind}"
        )
    return value


def _str(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise _fail(path, "must be a non-empty string")
    return value


def _list(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(path, "must be a list")
    return value


def _counts(value: Any, path: str, allowed: set[str]) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, Mapping) or not value:
        raise _fail(path, "must be a non-empty object of counts")
    for key, count in value.items():
        if key not in allowed:
            raise _fail(f"{path}.{key}", "is not a known good")
        _int(count, f"{path}.{key}", 1)
    return tuple(value.items())


def load(edition: Mapping[str, Any] | None = None) -> Components:
    """The components of `edition` (``None``: the built-in data)."""
    if edition is None:
        return _builtin()
    if not isinstance(edition, Mapping):
        raise EditionError("edition: must be a JSON object")
    try:
        text = json.dumps(edition, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise EditionError(f"edition: not JSON data ({exc})") from exc
    return _parse_text(text)


@functools.lru_cache(maxsize=16)
def _parse_text(text: str) -> Components:
    """Parsed editions are cached: saved games and clones name the same edition many times."""
    return _parse(json.loads(text))


@cache
def _builtin() -> Components:
    text = (
        resources.files("meeple.games.altiplano")
        .joinpath("data/components.json")
        .read_text(encoding="utf-8")
    )
    return _parse(json.loads(text))


def _conversion(effect: Any, key: str, location: str, path: str, goods: set[str]) -> Conversion:
    inputs = _counts(_get(effect, "in", path), f"{path}.in", goods | {COINS})
    out = _get(effect, "out", path)
    if isinstance(out, Mapping) and "choice" in out:
        choices = _list(out["choice"], f"{path}.out.choice")
        if not choices:
            raise _fail(f"{path}.out.choice", "must not be empty")
    else:
        pairs = _counts(out, f"{path}.out", goods)
        if len(pairs) != 1 or pairs[0][1] != 1:
            raise _fail(f"{path}.out", "must be exactly one good")
        choices = [pairs[0][0]]
    for index, good in enumerate(choices):
        if good not in goods:
            raise _fail(f"{path}.out[{index}]", f"unknown good {good!r}")
    return Conversion(key, location, inputs, tuple(choices))


def _parse(data: Any) -> Components:
    goods_list = _list(_get(data, "goods", ""), "goods")
    goods: list[str] = []
    tiles: dict[str, int] = {}
    home: dict[str, str] = {}
    vp: dict[str, int] = {}
    sale: dict[str, int] = {}
    for i, item in enumerate(goods_list):
        path = f"goods[{i}]"
        gid = _str(_get(item, "id", path), f"{path}.id")
        if gid in tiles:
            raise _fail(f"{path}.id", f"good {gid!r} is repeated")
        goods.append(gid)
        tiles[gid] = _int(_value(item, "tiles", path), f"{path}.tiles")
        home[gid] = _str(_value(item, "home", path), f"{path}.home")
        vp[gid] = _int(_value(item, "vp", path), f"{path}.vp")
        price = _value(item, "sale_price", path)
        if price is not None:
            sale[gid] = _int(price, f"{path}.sale_price")
    for needed in ("food", "corn"):
        if needed not in tiles:
            raise _fail("goods", f"must contain the good {needed!r}")
    if home["food"] != "supply" or home["corn"] != ROAD:
        raise _fail("goods", "food must live in the supply and corn on the road")
    good_set = set(goods)
    for conv in BASIC_ACTIONS:
        for good in (*(g for g, _ in conv.inputs), *conv.out):
            if good not in good_set:
                raise _fail("goods", f"lacks {good!r}, which a basic action of the rulebook uses")

    locations = tuple(_list(_value(data, "locations", ""), "locations"))
    for i, loc in enumerate(locations):
        _str(loc, f"locations[{i}]")
    if len(set(locations)) != len(locations) or len(locations) < 3:
        raise _fail("locations", "must be at least 3 distinct names")
    for needed in ("village", "market", ROAD, "harbor", "farm", "mine", "forest"):
        if needed not in locations:
            raise _fail("locations", f"must contain {needed!r}")
    supplies_raw = _value(data, "location_supplies", "")
    supplies: dict[str, tuple[str, ...]] = {}
    for loc in (*locations, CENTRE):
        items = _list(_get(supplies_raw, loc, "location_supplies"), f"location_supplies.{loc}")
        for j, thing in enumerate(items):
            if thing not in good_set and thing not in ("houses", "carts", "boats", "orders", COINS):
                raise _fail(f"location_supplies.{loc}[{j}]", f"unknown item {thing!r}")
        supplies[loc] = tuple(items)
    for gid in goods:
        where = [loc for loc, items in supplies.items() if gid in items]
        if len(where) != 1:
            raise _fail("location_supplies", f"good {gid!r} must lie at exactly one place")

    setup_raw = _value(data, "setup_by_players", "")
    setup: dict[int, dict[str, int]] = {}
    for players in range(2, 6):
        row = _get(setup_raw, str(players), "setup_by_players")
        path = f"setup_by_players.{players}"
        counts = {}
        for key in (*goods, "carts_in_village", "orders_in_play"):
            counts[key] = _int(_get(row, key, path), f"{path}.{key}")
            if key in tiles and counts[key] > tiles[key]:
                raise _fail(f"{path}.{key}", f"exceeds the {tiles[key]} tiles of the game")
        if counts["carts_in_village"] < players:
            raise _fail(f"{path}.carts_in_village", "must give every player a first cart")
        setup[players] = counts

    board = _get(data, "action_board", "")
    fields_raw = _value(board, "action_fields", "action_board")
    action_fields = {}
    for loc in locations:
        action_fields[loc] = _int(
            _get(fields_raw, loc, "action_board.action_fields"),
            f"action_board.action_fields.{loc}",
            1,
        )
    movement = _int(
        _value(board, "movement_fields", "action_board"), "action_board.movement_fields"
    )
    plan_start = _int(
        _value(board, "planning_fields_start", "action_board"),
        "action_board.planning_fields_start",
        1,
    )
    plan_max = _int(
        _value(board, "planning_fields_max", "action_board"), "action_board.planning_fields_max", 1
    )
    if plan_max < plan_start:
        raise _fail("action_board.planning_fields_max", "must be >= planning_fields_start")
    carts_max = _int(_value(board, "carts_max", "action_board"), "action_board.carts_max", 1)
    if carts_max > movement + 1:
        raise _fail("action_board.carts_max", "needs a movement field beside every bought cart")
    cart_steps = _int(_value(board, "cart_steps", "action_board"), "action_board.cart_steps", 1)

    track = tuple(_list(_value(data, "road_track", ""), "road_track"))
    for i, step in enumerate(track):
        if step not in ("plan", "corn"):
            raise _fail(f"road_track[{i}]", "must be 'plan' or 'corn'")

    wh = _value(data, "warehouse", "")
    rows = []
    for i, row in enumerate(_list(_get(wh, "rows", "warehouse"), "warehouse.rows")):
        path = f"warehouse.rows[{i}]"
        rows.append(
            Row(
                _int(_get(row, "spaces", path), f"{path}.spaces", 1),
                _int(_get(row, "points", path), f"{path}.points"),
            )
        )
    if not rows:
        raise _fail("warehouse.rows", "must not be empty")

    roles: dict[str, Role] = {}
    for i, item in enumerate(_list(_get(data, "roles", ""), "roles")):
        path = f"roles[{i}]"
        rid = _str(_get(item, "id", path), f"{path}.id")
        if rid in roles:
            raise _fail(f"{path}.id", f"role {rid!r} is repeated")
        loc = _get(item, "location", path)
        if loc not in locations:
            raise _fail(f"{path}.location", f"unknown location {loc!r}")
        conv = _conversion(_get(item, "action", path), "role", loc, f"{path}.action", good_set)
        start = _counts(_get(item, "start", path), f"{path}.start", good_set | {COINS})
        names = item.get("names", {})
        roles[rid] = Role(
            rid, names.get("en", rid) if isinstance(names, Mapping) else rid, conv, start
        )
    if len(roles) < 5:
        raise _fail("roles", "must hold at least 5 roles (one per player)")

    strip = _get(data, "extension_strip", "")
    surcharge = tuple(
        _list(_value(strip, "surcharge", "extension_strip"), "extension_strip.surcharge")
    )
    for i, value in enumerate(surcharge):
        _int(value, f"extension_strip.surcharge[{i}]")
    spaces = _int(_value(strip, "spaces", "extension_strip"), "extension_strip.spaces", 1)
    if len(surcharge) != spaces:
        raise _fail("extension_strip.surcharge", f"must have one value per space ({spaces})")

    extensions: dict[str, Extension] = {}
    ext_items = _list(_get(data, "extensions", ""), "extensions")
    for i, item in enumerate(ext_items):
        path = f"extensions[{i}]"
        eid = _str(_get(item, "id", path), f"{path}.id")
        if eid in extensions:
            raise _fail(f"{path}.id", f"extension {eid!r} is repeated")
        loc = _get(item, "location", path)
        letter = _get(item, "letter", path)
        if letter not in ("A", "B", "C", "D"):
            raise _fail(f"{path}.letter", "must be A, B, C or D")
        cost = _int(_get(item, "printed_cost", path), f"{path}.printed_cost")
        pmin = _int(_get(item, "players_min", path), f"{path}.players_min", 2)
        effect = _get(item, "effect", path)
        identity = item.get("duplicate_of", eid)
        if eid in SPECIAL_EXTENSIONS or identity in SPECIAL_EXTENSIONS:
            conv = None
        else:
            if loc not in locations:
                raise _fail(f"{path}.location", f"unknown location {loc!r}")
            conv = _conversion(effect, f"ext:{eid}", loc, f"{path}.effect", good_set)
        extensions[eid] = Extension(eid, loc, letter, cost, pmin, identity, conv)
    for eid, ext in extensions.items():
        if ext.identity not in extensions and ext.identity not in SPECIAL_EXTENSIONS:
            raise _fail("extensions", f"{eid}.duplicate_of names no extension")

    houses_raw = _get(data, "houses", "")
    house_goods = tuple(_list(_value(houses_raw, "goods", "houses"), "houses.goods"))
    if len(house_goods) != _int(_value(houses_raw, "count", "houses"), "houses.count"):
        raise _fail("houses.goods", "must list one good per house (houses.count)")
    boats_raw = _get(data, "boats", "")
    boat_goods = tuple(_list(_value(boats_raw, "goods", "boats"), "boats.goods"))
    if len(boat_goods) != _int(_value(boats_raw, "count", "boats"), "boats.count"):
        raise _fail("boats.goods", "must list one good per boat (boats.count)")
    for name, listed in (("houses", house_goods), ("boats", boat_goods)):
        for i, good in enumerate(listed):
            if good not in good_set:
                raise _fail(f"{name}.goods[{i}]", f"unknown good {good!r}")

    orders_raw = _get(data, "orders", "")
    orders: dict[str, Order] = {}
    for i, card in enumerate(_list(_value(orders_raw, "cards", "orders"), "orders.cards")):
        path = f"orders.cards[{i}]"
        oid = _str(_get(card, "id", path), f"{path}.id")
        order_goods = tuple(_list(_get(card, "goods", path), f"{path}.goods"))
        for j, good in enumerate(order_goods):
            if good not in good_set or good in ("food", "corn"):
                raise _fail(f"{path}.goods[{j}]", f"{good!r} cannot be ordered")
        if not order_goods or oid in orders:
            raise _fail(path, "needs a unique id and at least one good")
        orders[oid] = Order(oid, order_goods, _int(_get(card, "points", path), f"{path}.points"))
    if len(orders) != _int(_value(orders_raw, "count", "orders"), "orders.count"):
        raise _fail("orders.cards", "must hold orders.count cards")
    for players, counts in setup.items():
        if counts["orders_in_play"] > len(orders):
            raise _fail(f"setup_by_players.{players}.orders_in_play", "exceeds the order cards")

    from meeple.games.altiplano.missions import MISSION_RULES  # late: missions imports us

    missions_raw = _get(data, "missions", "")
    missions: dict[str, int] = {}
    for i, card in enumerate(_list(_get(missions_raw, "cards", "missions"), "missions.cards")):
        path = f"missions.cards[{i}]"
        mid = _str(_get(card, "id", path), f"{path}.id")
        if mid not in MISSION_RULES:
            raise _fail(f"{path}.id", f"no rule is known for mission {mid!r}")
        if mid in missions:
            raise _fail(f"{path}.id", f"mission {mid!r} is repeated")
        missions[mid] = _int(_value(card, "points", path), f"{path}.points")
    if len(missions) < 15:
        raise _fail("missions.cards", "must hold at least 15 cards (3 per player)")

    return Components(
        goods=tuple(goods),
        tiles=tiles,
        home=home,
        vp=vp,
        sale_price=sale,
        setup=setup,
        locations=locations,
        location_supplies=supplies,
        action_fields=action_fields,
        movement_fields=movement,
        planning_start=plan_start,
        planning_max=plan_max,
        carts_max=carts_max,
        cart_steps=cart_steps,
        road_track=track,
        rows=tuple(rows),
        roles=roles,
        surcharge=surcharge,
        extensions=extensions,
        houses=house_goods,
        house_cost=_counts(_value(houses_raw, "cost", "houses"), "houses.cost", good_set),
        house_vp=_int(_value(houses_raw, "vp", "houses"), "houses.vp"),
        boats=boat_goods,
        boat_cost=_counts(_value(boats_raw, "cost", "boats"), "boats.cost", good_set),
        boat_vp=_int(_value(boats_raw, "vp", "boats"), "boats.vp"),
        orders=orders,
        order_cost=_int(_value(orders_raw, "cost_coins", "orders"), "orders.cost_coins"),
        missions=missions,
        raw=data,
    )
