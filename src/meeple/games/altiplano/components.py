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
from collections.abc import Collection, Iterable, Mapping
from functools import cache
from importlib import resources
from typing import Any, NamedTuple

from meeple.engine import datacheck as check
from meeple.engine.words import Term, say, say_n, term
from meeple.games.altiplano.missions import MISSION_RULES
from meeple.games.altiplano.warehouse import Row

#: The locations a basic action may need; ``centre`` is where food and coins lie (ALT-21: not a
#: location).
CENTRE = "centre"
#: The pseudo-good for coins on coin fields.
COINS = "coins"
FOOD = "food"


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
    #: action labels made from these components (`AltiplanoState.action_label`), by action and
    #: role: apart from `memo`, so that labels never push out what the rules keep there
    labels: dict[Any, str] = dataclasses.field(default_factory=dict, compare=False, repr=False)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its edition's data: the memo is this process's, so a
        copy's size never depends on what was played before, and loading the same data gives
        that process's own cached instance (the built-in one for the built-in edition)."""
        return (load, (None if self is _builtin() else self.raw,))

    def conversions_at(self, location: str) -> tuple[Conversion, ...]:
        return _BASIC_AT.get(location, ())

    def location_inputs(self, location: str, conversions: Iterable[Conversion]) -> set[str]:
        """The goods `location`'s action fields take, never coins: the inputs of its basic
        actions and of those of `conversions` found there (a role's, extensions'), and the
        costs of its own actions (a boat, a house or storing, a sale, the road). Order cards'
        goods are the caller's: which ones count depends on the order a player holds."""
        inputs = {g for conv in self.conversions_at(location) for g, _ in conv.inputs}
        inputs.update(
            g for conv in conversions if conv.location == location for g, _ in conv.inputs
        )
        if location == "harbor":
            inputs.update(g for g, _ in self.boat_cost)
        elif location == "village":
            inputs.update(g for g, _ in self.house_cost)
            inputs.update(g for g in self.goods if g != FOOD)  # storing takes any good
        elif location == "market":
            inputs.update(self.sale_price)
        elif location == ROAD:
            inputs.update(g for g, _ in ROAD_COST)
        inputs.discard(COINS)
        return inputs


#: The basic actions by location, in the order of `BASIC_ACTIONS` (`conversions_at`).
_BASIC_AT: dict[str, tuple[Conversion, ...]] = {
    loc: tuple(c for c in BASIC_ACTIONS if c.location == loc)
    for loc in dict.fromkeys(c.location for c in BASIC_ACTIONS)
}


def load(edition: Mapping[str, Any] | None = None) -> Components:
    """The components of `edition` (``None``: the built-in data)."""
    if edition is None:
        return _builtin()
    if not isinstance(edition, Mapping):
        raise check.fail("", say("must be a JSON object"))
    try:
        text = json.dumps(edition, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise check.fail("", say("not JSON data ({error})", error=str(exc))) from exc
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


# -- the edition checks: one small function per part of the edition ---------------------------

#: The player counts an edition gives a setup for.
_PLAYER_COUNTS = range(2, 6)
#: The locations the rulebook's actions and texts name.
_NEEDED_LOCATIONS = ("village", "market", ROAD, "harbor", "farm", "mine", "forest")
#: What a location may supply besides goods.
_SUPPLY_ITEMS = ("houses", "carts", "boats", "orders", COINS)
#: Goods that no order card may ask for.
_UNORDERABLE = ("food", "corn")
#: What the checked fields name, for the refusals of `check.one_of` and `check.new_id`.
_GOOD = term("edition entry", "good")
_ORDERABLE_GOOD = term("edition entry", "orderable good")
_ITEM = term("edition entry", "item")
_LOCATION = term("edition entry", "location")
_STEP = term("edition entry", "step")
_ROLE = term("edition entry", "role")
_EXTENSION = term("edition entry", "extension")
_LETTER = term("edition entry", "letter")
_ORDER = term("edition entry", "order")
_MISSION = term("edition entry", "mission")


class _Goods(NamedTuple):
    """The ``goods`` list: ids in data order and each good's figures."""

    ids: tuple[str, ...]
    tiles: dict[str, int]
    home: dict[str, str]
    vp: dict[str, int]
    sale_price: dict[str, int]


class _Board(NamedTuple):
    """The ``action_board`` figures."""

    action_fields: dict[str, int]
    movement_fields: int
    planning_start: int
    planning_max: int
    carts_max: int
    cart_steps: int


class _Buildings(NamedTuple):
    """The ``houses`` or ``boats`` cards: the good shown on each, their cost and points."""

    goods: tuple[str, ...]
    cost: tuple[tuple[str, int], ...]
    vp: int


def _parse(data: Any) -> Components:
    """The components of edition `data`, each part read by its own check below."""
    goods = _goods(data)
    _check_rulebook_goods(goods)
    locations = _locations(data)
    supplies = _location_supplies(data, locations, goods.ids)
    setup = _setup_by_players(data, goods)
    board = _action_board(data, locations)
    road_track = _road_track(data)
    rows = _warehouse_rows(data)
    roles = _roles(data, locations, goods.ids)
    surcharge = _extension_surcharge(data)
    extensions = _extensions(data, locations, goods.ids)
    houses = _buildings(data, "houses", term("card", "house"), goods.ids)
    boats = _buildings(data, "boats", term("card", "boat"), goods.ids)
    orders = _order_cards(data, goods.ids)
    _check_orders_in_play(setup, orders)
    return Components(
        goods=goods.ids,
        tiles=goods.tiles,
        home=goods.home,
        vp=goods.vp,
        sale_price=goods.sale_price,
        setup=setup,
        locations=locations,
        location_supplies=supplies,
        action_fields=board.action_fields,
        movement_fields=board.movement_fields,
        planning_start=board.planning_start,
        planning_max=board.planning_max,
        carts_max=board.carts_max,
        cart_steps=board.cart_steps,
        road_track=road_track,
        rows=rows,
        roles=roles,
        surcharge=surcharge,
        extensions=extensions,
        houses=houses.goods,
        house_cost=houses.cost,
        house_vp=houses.vp,
        boats=boats.goods,
        boat_cost=boats.cost,
        boat_vp=boats.vp,
        orders=orders,
        order_cost=_int_figure(data["orders"], "cost_coins", "orders"),
        missions=_missions(data),
        raw=data,
    )


def _int_figure(data: Any, key: str, path: str, minimum: int = 0) -> int:
    return check.integer(check.figure(data, key, path), check.child(path, key), minimum)


def _counts(value: Any, path: str, allowed: Collection[str]) -> tuple[tuple[str, int], ...]:
    """Goods with a count of at least 1 each, such as a cost or an action's inputs."""
    if not check.is_object(value) or not value:
        raise check.fail(path, say("must be a non-empty object of counts"))
    for key, count in value.items():
        check.one_of(key, check.child(path, key), allowed, _GOOD)
        check.integer(count, check.child(path, key), 1)
    return tuple(value.items())


def _goods(data: Any) -> _Goods:
    tiles: dict[str, int] = {}
    home: dict[str, str] = {}
    vp: dict[str, int] = {}
    sale_price: dict[str, int] = {}
    for i, item in enumerate(check.array(check.field(data, "goods", ""), "goods")):
        path = f"goods[{i}]"
        gid = check.new_id(check.field(item, "id", path), f"{path}.id", tiles, _GOOD)
        tiles[gid] = _int_figure(item, "tiles", path)
        home[gid] = check.text(check.figure(item, "home", path), f"{path}.home")
        vp[gid] = _int_figure(item, "vp", path)
        if check.figure(item, "sale_price", path) is not None:  # null: the good is not sold
            sale_price[gid] = _int_figure(item, "sale_price", path)
    return _Goods(tuple(tiles), tiles, home, vp, sale_price)


def _check_rulebook_goods(goods: _Goods) -> None:
    """The goods the rulebook's own rules and basic actions name must exist, food in the
    supply and corn on the road."""
    for needed in ("food", "corn"):
        if needed not in goods.tiles:
            raise check.fail("goods", say("must contain the good {good!r}", good=needed))
    if goods.home["food"] != "supply" or goods.home["corn"] != ROAD:
        raise check.fail(
            "goods",
            say("{food} must live in the supply and {corn} on the road", food=FOOD, corn="corn"),
        )
    for conv in BASIC_ACTIONS:
        for good in (*(g for g, _ in conv.inputs), *conv.out):
            if good not in goods.tiles:
                raise check.fail(
                    "goods",
                    say("lacks {good!r}, which a basic action of the rulebook uses", good=good),
                )


def _locations(data: Any) -> tuple[str, ...]:
    locations = tuple(check.array(check.figure(data, "locations", ""), "locations"))
    for i, loc in enumerate(locations):
        check.text(loc, f"locations[{i}]")
    if len(set(locations)) != len(locations) or len(locations) < 3:
        raise check.fail("locations", say("must be at least 3 distinct names"))
    for needed in _NEEDED_LOCATIONS:
        if needed not in locations:
            raise check.fail("locations", say("must contain {location!r}", location=needed))
    return locations


def _location_supplies(
    data: Any, locations: tuple[str, ...], goods: tuple[str, ...]
) -> dict[str, tuple[str, ...]]:
    """What lies at each location and in the centre; every good lies at exactly one place."""
    supplies_raw = check.figure(data, "location_supplies", "")
    supplies: dict[str, tuple[str, ...]] = {}
    for loc in (*locations, CENTRE):
        path = f"location_supplies.{loc}"
        items = check.array(check.field(supplies_raw, loc, "location_supplies"), path)
        for j, thing in enumerate(items):
            check.one_of(thing, f"{path}[{j}]", (*goods, *_SUPPLY_ITEMS), _ITEM)
        supplies[loc] = tuple(items)
    for gid in goods:
        where = [loc for loc, items in supplies.items() if gid in items]
        if len(where) != 1:
            raise check.fail(
                "location_supplies", say("good {good!r} must lie at exactly one place", good=gid)
            )
    return supplies


def _setup_by_players(data: Any, goods: _Goods) -> dict[int, dict[str, int]]:
    setup_raw = check.figure(data, "setup_by_players", "")
    return {
        players: _setup_row(
            check.field(setup_raw, str(players), "setup_by_players"), players, goods
        )
        for players in _PLAYER_COUNTS
    }


def _setup_row(row: Any, players: int, goods: _Goods) -> dict[str, int]:
    """The tiles in play, carts and orders for one player count."""
    path = f"setup_by_players.{players}"
    counts = {}
    for key in (*goods.ids, "carts_in_village", "orders_in_play"):
        counts[key] = check.integer(check.field(row, key, path), f"{path}.{key}")
        if key in goods.tiles and counts[key] > goods.tiles[key]:
            raise check.fail(
                f"{path}.{key}",
                say_n(
                    "exceeds the {n} tile of the game",
                    "exceeds the {n} tiles of the game",
                    n=goods.tiles[key],
                ),
            )
    if counts["carts_in_village"] < players:
        raise check.fail(f"{path}.carts_in_village", say("must give every player a first cart"))
    return counts


def _action_board(data: Any, locations: tuple[str, ...]) -> _Board:
    path = "action_board"
    board = check.field(data, path, "")
    fields_raw = check.figure(board, "action_fields", path)
    action_fields = {
        loc: check.integer(
            check.field(fields_raw, loc, f"{path}.action_fields"), f"{path}.action_fields.{loc}", 1
        )
        for loc in locations
    }
    movement = _int_figure(board, "movement_fields", path)
    plan_start = _int_figure(board, "planning_fields_start", path, 1)
    plan_max = _int_figure(board, "planning_fields_max", path, 1)
    if plan_max < plan_start:
        raise check.fail(
            f"{path}.planning_fields_max",
            say("must be >= {field}", field="planning_fields_start"),
        )
    carts_max = _int_figure(board, "carts_max", path, 1)
    if carts_max > movement + 1:
        raise check.fail(
            f"{path}.carts_max", say("needs a movement field beside every bought cart")
        )
    cart_steps = _int_figure(board, "cart_steps", path, 1)
    return _Board(action_fields, movement, plan_start, plan_max, carts_max, cart_steps)


def _road_track(data: Any) -> tuple[str, ...]:
    track = check.array(check.figure(data, "road_track", ""), "road_track")
    return tuple(
        check.one_of(step, f"road_track[{i}]", ("plan", "corn"), _STEP)
        for i, step in enumerate(track)
    )


def _warehouse_rows(data: Any) -> tuple[Row, ...]:
    rows = check.field(check.figure(data, "warehouse", ""), "rows", "warehouse")
    return tuple(
        _warehouse_row(row, f"warehouse.rows[{i}]")
        for i, row in enumerate(check.array(rows, "warehouse.rows", non_empty=True))
    )


def _warehouse_row(row: Any, path: str) -> Row:
    spaces = check.integer(check.field(row, "spaces", path), f"{path}.spaces", 1)
    return Row(spaces, check.integer(check.field(row, "points", path), f"{path}.points"))


def _conversion(
    effect: Any, key: str, location: str, path: str, goods: tuple[str, ...]
) -> Conversion:
    """An action printed on a role or an extension: inputs, and one output or a choice."""
    inputs = _counts(check.field(effect, "in", path), f"{path}.in", (*goods, COINS))
    out = check.field(effect, "out", path)
    if check.is_object(out) and "choice" in out:
        choices = check.array(out["choice"], f"{path}.out.choice", non_empty=True)
    else:
        pairs = _counts(out, f"{path}.out", goods)
        if len(pairs) != 1 or pairs[0][1] != 1:
            raise check.fail(f"{path}.out", say("must be exactly one good"))
        choices = [pairs[0][0]]
    for index, good in enumerate(choices):
        check.one_of(good, f"{path}.out[{index}]", goods, _GOOD)
    return Conversion(key, location, inputs, tuple(choices))


def _roles(data: Any, locations: tuple[str, ...], goods: tuple[str, ...]) -> dict[str, Role]:
    roles: dict[str, Role] = {}
    for i, item in enumerate(check.array(check.field(data, "roles", ""), "roles")):
        path = f"roles[{i}]"
        rid = check.new_id(check.field(item, "id", path), f"{path}.id", roles, _ROLE)
        loc = check.one_of(
            check.field(item, "location", path), f"{path}.location", locations, _LOCATION
        )
        conv = _conversion(check.field(item, "action", path), "role", loc, f"{path}.action", goods)
        start = _counts(check.field(item, "start", path), f"{path}.start", (*goods, COINS))
        names = item.get("names", {})
        roles[rid] = Role(rid, names.get("en", rid) if check.is_object(names) else rid, conv, start)
    if len(roles) < 5:
        raise check.fail("roles", say("must hold at least 5 roles (one per player)"))
    return roles


def _extension_surcharge(data: Any) -> tuple[int, ...]:
    """The coins added to an extension's price on each space of the strip, bottom first."""
    path = "extension_strip"
    strip = check.field(data, path, "")
    raw = check.array(check.figure(strip, "surcharge", path), f"{path}.surcharge")
    surcharge = check.integers(raw, f"{path}.surcharge")
    spaces = _int_figure(strip, "spaces", path, 1)
    if len(surcharge) != spaces:
        raise check.fail(
            f"{path}.surcharge", say("must have one value per space ({spaces})", spaces=spaces)
        )
    return surcharge


def _extensions(
    data: Any, locations: tuple[str, ...], goods: tuple[str, ...]
) -> dict[str, Extension]:
    extensions: dict[str, Extension] = {}
    for i, item in enumerate(check.array(check.field(data, "extensions", ""), "extensions")):
        ext = _extension(item, f"extensions[{i}]", extensions, locations, goods)
        extensions[ext.id] = ext
    for i, ext in enumerate(extensions.values()):
        if ext.identity not in extensions and ext.identity not in SPECIAL_EXTENSIONS:
            raise check.fail(
                f"extensions[{i}].duplicate_of",
                say("names no extension: {name!r}", name=ext.identity),
            )
    return extensions


def _extension(
    item: Any,
    path: str,
    seen: Collection[str],
    locations: tuple[str, ...],
    goods: tuple[str, ...],
) -> Extension:
    """One extension tile; a special one's effect is a rule (`SPECIAL_EXTENSIONS`), so only a
    conversion's location and effect are checked."""
    eid = check.new_id(check.field(item, "id", path), f"{path}.id", seen, _EXTENSION)
    loc = check.field(item, "location", path)
    letter = check.one_of(
        check.field(item, "letter", path), f"{path}.letter", ("A", "B", "C", "D"), _LETTER
    )
    cost = check.integer(check.field(item, "printed_cost", path), f"{path}.printed_cost")
    players_min = check.integer(check.field(item, "players_min", path), f"{path}.players_min", 2)
    effect = check.field(item, "effect", path)
    identity = check.text(item.get("duplicate_of", eid), f"{path}.duplicate_of")
    conv = None
    if eid not in SPECIAL_EXTENSIONS and identity not in SPECIAL_EXTENSIONS:
        check.one_of(loc, f"{path}.location", locations, _LOCATION)
        conv = _conversion(effect, f"ext:{eid}", loc, f"{path}.effect", goods)
    return Extension(eid, loc, letter, cost, players_min, identity, conv)


def _buildings(data: Any, path: str, card: Term, goods: tuple[str, ...]) -> _Buildings:
    """The house or boat cards: one good shown per card, one cost and one point value."""
    section = check.field(data, path, "")
    shown = tuple(check.array(check.figure(section, "goods", path), f"{path}.goods"))
    if len(shown) != _int_figure(section, "count", path):
        count = check.child(path, "count")
        raise check.fail(
            f"{path}.goods", say("must list one good per {card} ({count})", card=card, count=count)
        )
    for i, good in enumerate(shown):
        check.one_of(good, f"{path}.goods[{i}]", goods, _GOOD)
    cost = _counts(check.figure(section, "cost", path), f"{path}.cost", goods)
    return _Buildings(shown, cost, _int_figure(section, "vp", path))


def _order_cards(data: Any, goods: tuple[str, ...]) -> dict[str, Order]:
    section = check.field(data, "orders", "")
    orders: dict[str, Order] = {}
    for i, card in enumerate(check.array(check.figure(section, "cards", "orders"), "orders.cards")):
        order = _order_card(card, f"orders.cards[{i}]", orders, goods)
        orders[order.id] = order
    if len(orders) != _int_figure(section, "count", "orders"):
        raise check.fail("orders.cards", say("must hold {count} cards", count="orders.count"))
    return orders


def _order_card(card: Any, path: str, seen: Collection[str], goods: tuple[str, ...]) -> Order:
    oid = check.new_id(check.field(card, "id", path), f"{path}.id", seen, _ORDER)
    asked = tuple(check.array(check.field(card, "goods", path), f"{path}.goods", non_empty=True))
    orderable = tuple(g for g in goods if g not in _UNORDERABLE)
    for j, good in enumerate(asked):
        check.one_of(good, f"{path}.goods[{j}]", orderable, _ORDERABLE_GOOD)
    return Order(oid, asked, check.integer(check.field(card, "points", path), f"{path}.points"))


def _check_orders_in_play(setup: dict[int, dict[str, int]], orders: dict[str, Order]) -> None:
    for players, counts in setup.items():
        if counts["orders_in_play"] > len(orders):
            raise check.fail(
                f"setup_by_players.{players}.orders_in_play", say("exceeds the order cards")
            )


def _missions(data: Any) -> dict[str, int]:
    """Mission id -> points; every id must be one whose rule the engine knows."""
    cards = check.field(check.field(data, "missions", ""), "cards", "missions")
    missions: dict[str, int] = {}
    for i, card in enumerate(check.array(cards, "missions.cards")):
        path = f"missions.cards[{i}]"
        mid = check.new_id(check.field(card, "id", path), f"{path}.id", missions, _MISSION)
        if mid not in MISSION_RULES:
            raise check.fail(
                f"{path}.id", say("no rule is known for mission {mission!r}", mission=mid)
            )
        missions[mid] = _int_figure(card, "points", path)
    if len(missions) < 15:
        raise check.fail("missions.cards", say("must hold at least 15 cards (3 per player)"))
    return missions
