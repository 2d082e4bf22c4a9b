"""Checks of saved state data, so that `from_json` names the field that is wrong.

The check covers every field's type and the names it may hold (goods, locations, extensions,
orders, missions, roles); it does not re-derive the whole game's consistency.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from meeple.engine.errors import MalformedState
from meeple.games.altiplano.components import COINS, Components

PHASES = ("roles", "missions", "draw", "plan", "actions", "final", "over")
Check = Callable[[Any, str], None]


def _fail(path: str, problem: str) -> MalformedState:
    return MalformedState(f"field {path!r} {problem}")


def _int(value: Any, path: str) -> None:
    if type(value) is not int:
        raise _fail(path, "must be an integer")
    if value < -1:
        raise _fail(path, "must not be negative")


def _bool(value: Any, path: str) -> None:
    if type(value) is not bool:
        raise _fail(path, "must be true or false")


def _one_of(names: set[str] | tuple[str, ...], optional: bool = False) -> Check:
    allowed: frozenset[str | None] = frozenset(names) | ({None} if optional else set())

    def check(value: Any, path: str) -> None:
        if (type(value) is not str and value is not None) or value not in allowed:
            shown = sorted(n for n in allowed if n is not None)
            raise _fail(path, f"must be one of {shown}, not {value!r}")

    return check


def _list(item: Check) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, list):
            raise _fail(path, "must be a list")
        for i, element in enumerate(value):
            item(element, f"{path}[{i}]")

    return check


def _counts(names: set[str]) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _fail(path, "must be an object of counts")
        for key, count in value.items():
            _one_of(names)(key, f"{path}.{key}")
            if type(count) is not int or count < 0:
                raise _fail(f"{path}.{key}", "must be a non-negative integer")

    return check


def _object(fields: Mapping[str, Check]) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _fail(path, "must be an object")
        missing = set(fields) - set(value)
        extra = set(value) - set(fields)
        if missing or extra:
            raise _fail(path, f"has missing {sorted(missing)} / unknown {sorted(extra)} keys")
        for key, sub in fields.items():
            sub(value[key], f"{path}.{key}" if path else key)

    return check


def _optional(check: Check) -> Check:
    def wrapped(value: Any, path: str) -> None:
        if value is not None:
            check(value, path)

    return wrapped


def check_state(s: Any, comps: Components, options: Mapping[str, Any]) -> dict[str, Any]:
    """Return state data `s`, checked: raise `MalformedState` naming its first wrong field."""
    key = (id(comps), options["players"])
    check = _CHECKERS.get(key)
    if check is None or check[0] is not comps:
        check = _CHECKERS[key] = (comps, _build(comps, options["players"]))
    check[1](s, "")
    if sorted(s["circle"]) != sorted(comps.locations):
        raise _fail("circle", "must hold every location once")
    for i, p in enumerate(s["players"]):
        if len(p["warehouse"]) != len(comps.rows):
            raise _fail(f"players[{i}].warehouse", f"must have {len(comps.rows)} rows")
        if len(p["move"]) != comps.movement_fields or len(p["carts"]) != comps.movement_fields:
            raise _fail(f"players[{i}].move", "must have one entry per movement field")
    turn = s["turn"]
    if (
        turn["seat"] < len(s["players"])
        and s["players"][turn["seat"]]["figure"] is None
        and (turn["stage"] != "before" or turn["cont"] is not None)
    ):
        raise _fail("turn", "a player who has moved or acted this turn has a figure on the board")
    checked: dict[str, Any] = s
    return checked


#: Checkers built per (components, player count); the components object is kept alive with it.
_CHECKERS: dict[tuple[int, int], tuple[Components, Check]] = {}


def _build(comps: Components, n: int) -> Check:
    goods = set(comps.goods)
    tiles = goods | {COINS}
    exts = set(comps.extensions)
    orders = set(comps.orders)
    missions = set(comps.missions)
    locations = set(comps.locations)
    str_list = _list(_one_of(goods))
    order_list = _list(_one_of(orders))
    mission_list = _list(_one_of(missions))
    slot = _one_of(goods | {COINS}, optional=True)
    player = _object(
        {
            "role": _one_of(set(comps.roles), optional=True),
            "coins": _int,
            "figure": _one_of(locations, optional=True),
            "road": _int,
            "planning": _counts(goods),
            "fields": _object({loc: str_list for loc in comps.locations}),
            "role_fields": _counts(tiles),
            "ext": _list(_one_of(exts)),
            "ext_fields": _dict_of(exts, _counts(tiles)),
            "wild": _dict_of(exts, _one_of(goods, optional=True)),
            "move": _list(slot),
            "carts": _list(_bool),
            "top_used": _bool,
            "bought_cart": _bool,
            "bought_ext": _bool,
            "placed_now": _list(_list(_str)),
            "bag": _counts(goods),
            "container": _counts(goods),
            "warehouse": _list(str_list),
            "order": _optional(_object({"id": _one_of(orders), "delivered": str_list})),
            "orders_done": order_list,
            "houses": str_list,
            "boats": str_list,
            "buffer": _int,
            "pending_corn": _int,
            "missions": mission_list,
            "revealed": mission_list,
            "hand": mission_list,
            "seen": mission_list,
            "draft": _int,
            "gift": mission_list,
            "gave": _list(_gave(n, missions)),
            "swap": _one_of(("", "choose", "refill")),
            "final": _counts(goods),
            "final_drawn": _bool,
        }
    )

    def players(value: Any, path: str) -> None:
        _list(player)(value, path)
        if len(value) != n:
            raise _fail(path, f"must list {n} players")

    top = _object(
        {
            "seed": _int,
            "salt": _int,
            "reveals": _int,
            "round": _int,
            "phase": _one_of(PHASES),
            "start": _seat(n),
            "circle": _list(_one_of(locations)),
            "supply": _counts(goods),
            "box": _counts(goods),
            "houses": str_list,
            "boats": str_list,
            "carts": _int,
            "orders": order_list,
            "orders_box": order_list,
            "stack": _list(_one_of(exts)),
            "strip": _list(_one_of(exts, optional=True)),
            "ext_box": _list(_one_of(exts)),
            "ext_out": _list(_one_of(exts)),
            "ext_bought": _bool,
            "roles_free": _list(_one_of(set(comps.roles))),
            "drafter": _int,
            "mission_deck": mission_list,
            "missions_box": mission_list,
            "firsts": _dict_of(None, _seat(n)),
            "end_round": _optional(_int),
            "turn": _object(
                {"seat": _seat(n), "stage": _one_of(("before", "moved", "after")), "cont": _cont}
            ),
            "passed": _list(_bool),
            "ready": _list(_bool),
            "players": players,
        }
    )
    return top


def _gave(n: int, missions: set[str]) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, list) or len(value) != 2:
            raise _fail(path, "must be a pair [seat or -1, mission]")
        if type(value[0]) is not int or not -1 <= value[0] < n:
            raise _fail(f"{path}[0]", f"must be -1 or a seat 0..{n - 1}")
        _one_of(missions)(value[1], f"{path}[1]")

    return check


def _str(value: Any, path: str) -> None:
    if not isinstance(value, str):
        raise _fail(path, "must be a string")


def _cont(value: Any, path: str) -> None:
    if value is not None:
        _str(value, path)


def _seat(n: int) -> Check:
    def check(value: Any, path: str) -> None:
        if type(value) is not int or not 0 <= value < n:
            raise _fail(path, f"must be a seat 0..{n - 1}")

    return check


def _dict_of(keys: set[str] | None, item: Check) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _fail(path, "must be an object")
        for key, sub in value.items():
            if keys is not None and key not in keys:
                raise _fail(f"{path}.{key}", "is not a known name")
            item(sub, f"{path}.{key}")

    return check
