"""Phase 2, planning (ALT-8 to ALT-10, ALT-19): tiles from the planning fields onto action and
movement fields, taking back this round's, "done" in turn order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say, say_n
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.action_fields import (
    conversion_fields,
    field_index,
    holds,
    put_on_field,
    remove_from_field,
)
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import done, place, unplace
from meeple.games.altiplano.outfit import (
    Outfit,
    field_capacity,
    has,
    location_inputs,
    market_inputs,
    outfit_of,
)
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.seats import SEATS
from meeple.games.altiplano.tiles import add, take

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

FOOD = C.FOOD
COINS = C.COINS


def planning_capacity(st: AltiplanoState, p: Player) -> int:
    """Planning fields usable: the start count plus each 'plan' road step taken (ALT-19)."""
    plans = sum(1 for step in st.comps.road_track[: p["road"]] if step == "plan")
    return min(st.comps.planning_max, st.comps.planning_start + plans)


def legal_plan(st: AltiplanoState, seat: int, p: Player) -> list[Action]:
    """The planning actions: "done" in turn order, taking back this round's tiles, placing a
    tile (or a coin) on each field that takes it."""
    result: list[Action] = []
    if next_done(st) == seat:  # `_done_problem`
        result.append(done())
    if p["placed_now"]:
        for target, good in sorted({(t, g) for t, g in p["placed_now"]}):
            result.append(unplace(target, good))
    planning = p["planning"]
    goods = sorted(planning)
    coins = p["coins"] > 0
    outfit = outfit_of(st, p)
    _location_places(st, p, outfit, goods, result)
    _own_field_places(p, outfit, goods, coins, result)
    coin_move = coins and "coin_movement" in outfit.identities
    food = FOOD in planning
    if food or coin_move:
        for i, on_field in enumerate(p["move"]):
            if on_field is None:
                if food:
                    result.append(place(f"move:{i}", FOOD))
                if coin_move:
                    result.append(place(f"move:{i}", COINS))
    return result


def _location_places(
    st: AltiplanoState, p: Player, outfit: Outfit, goods: list[str], result: list[Action]
) -> None:
    """Placings on the locations' action fields with room left (ALT-8)."""
    fields = p["fields"]
    places = outfit.places
    for loc, target, capacity, allowed in outfit.locations:
        if len(fields[loc]) < capacity:
            if loc == "market":
                allowed = market_inputs(st, p, allowed)
                result.extend([place(target, g) for g in goods if g in allowed])
            else:
                here = places[loc]
                result.extend([here[g] for g in goods if g in here])


def _own_field_places(
    p: Player, outfit: Outfit, goods: list[str], coins: bool, result: list[Action]
) -> None:
    """Placings on the role's and extensions' fields (their printed tiles, coins on coin
    fields) and on empty wildcard fields (any tile)."""
    planning = p["planning"]
    for key, conv in outfit.conversions:
        placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
        for good, count in conv.inputs:
            if placed.get(good, 0) < count and (good in planning or (good == COINS and coins)):
                result.append(place(key, good))
    for eid, wild in p["wild"].items():
        if wild is None:
            result.extend(place(f"wild:{eid}", g) for g in goods)


def may_plan(st: AltiplanoState, seat: int) -> bool:
    """Whether `seat` has any planning action (the listed actions if known, else a quick
    answer for the common cases)."""
    s = st.s
    if s["ready"][seat]:
        return False
    listed = st._legal.get(seat)
    if listed is not None:
        return bool(listed)
    p = s["players"][seat]
    if p["placed_now"] or next_done(st) == seat:
        return True
    planning = p["planning"]
    fields = p["fields"]
    for loc, _, capacity, inputs in outfit_of(st, p).locations:
        if len(fields[loc]) < capacity:
            if loc == "market":
                inputs = market_inputs(st, p, inputs)
            for good in planning:
                if good in inputs:
                    return True
    return bool(st._legal_entry(seat))


def next_done(st: AltiplanoState) -> int:
    """ALT-10: "done" is accepted from the start player first, then clockwise."""
    ready = st.s["ready"]
    n, start = len(ready), st.s["start"]
    for k in range(n):
        seat = (start + k) % n
        if not ready[seat]:
            return seat
    return -1


def _done_problem(st: AltiplanoState, seat: int) -> Problem:
    """ALT-10: "done" is final and said in turn order from the start player."""
    due = next_done(st)
    if due == seat:
        return None
    return (
        "ALT-10",
        say(
            "'done' is said in turn order from the start player: {seat} first",
            seat=SEATS.name(due),
        ),
    )


def _unplace_problem(st: AltiplanoState, p: Player, target: str, good: str) -> Problem:
    """ALT-9: only tiles placed this round may be moved again."""
    if [target, good] in p["placed_now"]:
        return None
    where = wording.target_text(st.comps, target)
    if holds(st, p, target, good):
        return "ALT-9", say(
            "the {good} on {where} was placed in an earlier round: it stays",
            good=wording.good(good),
            where=where,
        )
    return "ALT-9", say(
        "no {good} was placed on {where} this round", good=wording.good(good), where=where
    )


def place_problem(st: AltiplanoState, p: Player, target: str, good: str) -> Problem:
    """ALT-8: one tile per field; a location's field takes a tile some action of the
    player's there uses, role and extension fields exactly their printed tiles (coin fields
    coins), movement fields food (or a coin, with coin movement), wildcard fields any tile."""
    kind, _, name = target.partition(":")
    where = wording.target_text(st.comps, target)
    if kind == "loc" and name in p["fields"]:
        return _location_field_problem(st, p, name, good)
    fields = conversion_fields(st, p, target)
    if fields is not None:
        return _conversion_field_problem(st, p, fields, where, good)
    if kind == "wild" and name in p["wild"]:
        if p["wild"][name] is not None:
            return "ALT-8", say(
                "{where} holds {wild}: one tile per field",
                where=where,
                wild=wording.good(p["wild"][name]),
            )
        return _planning_tile_problem(st, p, good)
    index = field_index(name, len(p["move"])) if kind == "move" else -1
    if index >= 0:
        return _movement_field_problem(st, p, index, where, good)
    return "ALT-8", say(
        "{target!r} is not an action or movement field of the player's", target=target
    )


def _location_field_problem(st: AltiplanoState, p: Player, name: str, good: str) -> Problem:
    """ALT-8 on a location's action fields: room left, and an action there that uses it."""
    capacity = field_capacity(st, p, name)
    if len(p["fields"][name]) >= capacity:
        return "ALT-8", say_n(
            "the {name} has {n} action field, all taken",
            "the {name} has {n} action fields, all taken",
            n=capacity,
            name=wording.place(name),
        )
    if good not in location_inputs(st, p, name):
        if name == "market":
            return "ALT-8", (
                say(
                    "no market action could use {good} (it has no sale price and is "
                    "missing neither on the player's order nor on an order card at the "
                    "market)",
                    good=wording.good(good),
                )
            )
        return "ALT-8", say(
            "no action of the player's at the {name} takes {good}",
            name=wording.place(name),
            good=wording.good(good),
        )
    return _planning_tile_problem(st, p, good)


def _conversion_field_problem(
    st: AltiplanoState,
    p: Player,
    fields: tuple[C.Conversion, dict[str, int]],
    where: str,
    good: str,
) -> Problem:
    """ALT-8 on a role's or extension's fields: its printed tiles, each as often as printed."""
    conv, placed = fields
    if all(g != good for g, _ in conv.inputs):
        return "ALT-8", say(
            "{where} takes {conversion}: no {good}",
            where=where,
            conversion=wording.conversion_text(conv),
            good=wording.good(good),
        )
    if not any(g == good and placed.get(g, 0) < n for g, n in conv.inputs):
        return "ALT-8", say(
            "{where} holds all the {good} it takes", where=where, good=wording.good(good)
        )
    if good == COINS:
        return None if p["coins"] > 0 else ("ALT-8", say("the player has no coin to place"))
    return _planning_tile_problem(st, p, good)


def _movement_field_problem(
    st: AltiplanoState, p: Player, index: int, where: str, good: str
) -> Problem:
    """ALT-8 on a movement field: empty, and food (or a coin, with coin movement)."""
    if p["move"][index] is not None:
        return "ALT-8", say(
            "{where} holds {move}: one tile per field",
            where=where,
            move=wording.good(p["move"][index]),
        )
    if good == FOOD:
        return _planning_tile_problem(st, p, good)
    if good != COINS:
        return "ALT-8", say("movement fields take food (or a coin, with coin movement)")
    if not has(st, p, "coin_movement"):
        return (
            "ALT-8",
            say("a coin goes on a movement field only with the coin movement extension"),
        )
    return None if p["coins"] > 0 else ("ALT-8", say("the player has no coin to place"))


def _planning_tile_problem(st: AltiplanoState, p: Player, good: str) -> Problem:
    """ALT-8: tiles are placed from the planning fields (coins only on coin fields)."""
    if good in p["planning"]:
        return None
    if good == COINS:
        return "ALT-8", say(
            "coins go only on coin fields (and movement fields, with coin movement)"
        )
    return "ALT-8", say("there is no {good} on the planning fields", good=wording.good(good))


def check_place(st: AltiplanoState, seat: int, p: Player, action: A.Place) -> Problem:
    return place_problem(st, p, action.target, action.good)


def check_unplace(st: AltiplanoState, seat: int, p: Player, action: A.Unplace) -> Problem:
    return _unplace_problem(st, p, action.target, action.good)


def check_done(st: AltiplanoState, seat: int, p: Player, action: A.Done) -> Problem:
    return _done_problem(st, seat)


def do_place(st: AltiplanoState, seat: int, p: Player, action: A.Place) -> None:
    if action.good == COINS:
        p["coins"] -= 1
    else:
        take(p["planning"], action.good)
    put_on_field(st, p, action.target, action.good)
    p["placed_now"].append([action.target, action.good])


def do_unplace(st: AltiplanoState, seat: int, p: Player, action: A.Unplace) -> None:
    p["placed_now"].remove([action.target, action.good])
    remove_from_field(st, p, action.target, action.good)
    if action.good == COINS:
        p["coins"] += 1
    else:
        add(p["planning"], action.good)


def do_done(st: AltiplanoState, seat: int, p: Player, action: A.Done) -> None:
    s = st.s
    p["placed_now"] = []
    s["ready"][seat] = True
    if all(s["ready"]):
        s["ready"] = [False] * st.num_players
        s["phase"] = "actions"
        s["passed"] = [False] * st.num_players
        s["turn"] = {"seat": s["start"], "stage": "before", "cont": None}
