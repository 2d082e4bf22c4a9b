"""Altiplano's words for people: names of extensions, orders, missions and action sources, and
action labels built from them.

The edition's ids (``wood_for_food_copy``, ``order_02``, ``farm_food``) are keys, not words; a
player reads names and what an action costs and gives. Everything here reads the edition data
(`Components`), so an edition file of the user's own is described in its own terms.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.components import (
    BASIC_ACTIONS,
    CART_PRICE,
    ROAD_COST,
    Components,
    Conversion,
)

#: Suffixes that tell copies of one extension apart in the data: not part of its name.
_COPY_SUFFIX = re.compile(r"(_copy\d*|_\d+)$")
_BASIC = {c.key: c for c in BASIC_ACTIONS}


def counted(goods: Iterable[str]) -> str:
    """``["fish", "fish", "alpaca"]`` reads "2 fish + 1 alpaca" (in the order first seen)."""
    counts: dict[str, int] = {}
    for good in goods:
        counts[good] = counts.get(good, 0) + 1
    return " + ".join(f"{n} {good}" for good, n in counts.items()) or "nothing"


def conversion_text(conv: Conversion) -> str:
    """What an action costs and gives: "1 alpaca + 1 food → wool"."""
    cost = " + ".join(f"{n} {good}" for good, n in conv.inputs) or "nothing"
    return f"{cost} → {' or '.join(conv.out)}"


def extension_name(comps: Components, eid: str) -> str:
    """An extension's name: its id without the copy suffix, in words ("wood for food")."""
    ext = comps.extensions.get(eid)
    base = ext.identity if ext is not None else eid
    return _COPY_SUFFIX.sub("", base).replace("_", " ")


def extension_text(comps: Components, eid: str) -> str:
    """An extension's name with what it does: "wood for food (forest: 1 food → wood)"."""
    ext = comps.extensions.get(eid)
    name = extension_name(comps, eid)
    if ext is None:
        return name
    if ext.conversion is None:
        return f"{name} ({ext.location})"
    return f"{name} ({ext.location}: {conversion_text(ext.conversion)})"


def order_text(comps: Components, oid: str) -> str:
    """An order card by what it asks and pays: "order of 2 fish + 2 alpaca (9 points)"."""
    order = comps.orders.get(oid)
    if order is None:
        return f"order {oid}"
    return f"order of {counted(order.goods)} ({order.points} points)"


def mission_text(comps: Components, mid: str) -> str:
    """A mission card's printed English text ("Fulfil 3 orders."), else its id in words."""
    for card in comps.raw.get("missions", {}).get("cards", []):
        if isinstance(card, dict) and card.get("id") == mid:
            text = card.get("text_en")
            if isinstance(text, str) and text:
                return f"“{text.rstrip('.')}” ({comps.missions.get(mid, 0)} points)"
    return mid.replace("_", " ")


def role_name(comps: Components, rid: str) -> str:
    role = comps.roles.get(rid)
    return role.name if role is not None else rid.replace("_", " ")


def target_text(comps: Components, target: str) -> str:
    """A planning field for people: "a farm field", "extension wood for food", "movement
    field 2"."""
    kind, _, name = target.partition(":")
    if kind == "ext":
        return f"extension {extension_name(comps, name)}"
    if kind == "wild":
        return f"the wildcard field of {extension_name(comps, name)}"
    return A.describe_target(target)


def source_text(comps: Components, source: str, role: str | None) -> str:
    """Where a produced good comes from, with the action's cost and gain."""
    if source in _BASIC:
        conv = _BASIC[source]
        return f"{conv.location.capitalize()}: {conversion_text(conv)}"
    if source == "role" and role is not None and role in comps.roles:
        return f"Role {role_name(comps, role)}: {conversion_text(comps.roles[role].conversion)}"
    if source.startswith("ext:"):
        return f"Extension {extension_text(comps, source[4:])}"
    return source.capitalize()


def label(comps: Components, action: Action, role: str | None = None) -> str:
    """The label of an action in names, not ids. `role` is the acting player's role (public),
    which names the role action."""
    match action:
        case A.ChooseRole(role=rid):
            return f"Choose role {role_name(comps, rid)}"
        case A.KeepMission(mission=mid):
            return f"Keep mission {mission_text(comps, mid)}"
        case A.PassMission(mission=mid):
            return f"Pass mission {mission_text(comps, mid)} to the left"
        case A.TakeBackTile(target=target, good=good):
            return f"Take {good} back from {target_text(comps, target)}"
        case A.TakeBackCoin(target=target):
            return f"Take a coin back from {target_text(comps, target)}"
        case A.Place(target=target, good=good):
            return f"Place {good} on {target_text(comps, target)}"
        case A.Unplace(target=target, good=good):
            return f"Take {good} off {target_text(comps, target)}"
        case A.Produce(source=("boat" | "house") as card, out=out):
            return f"Build a {card} ({out})" if out else f"Build a {card}"
        case A.Produce(source=source, out=out):
            text = source_text(comps, source, role)
            return f"{text}: take {out}" if out else f"{text}: nothing left to take"
        case A.BuyOrder(order=oid) if oid != A.NO_ORDER:
            return f"Take the {order_text(comps, oid)} for {coins(comps.order_cost)}"
        case A.Sell(good=good) if good in comps.sale_price:
            return f"Sell {good} for {coins(comps.sale_price[good])}"
        case A.Deliver(good=good):
            return f"Deliver {good} to your order"
        case A.BuyCart(field=field):
            return f"Buy a cart for {coins(CART_PRICE)}, beside movement field {field + 1}"
        case A.BuildRoad():
            cost = " + ".join(f"{n} {good}" for good, n in ROAD_COST)
            return f"Build the road one step for {cost}"
    return action.label()


def coins(count: int) -> str:
    return f"{count} coin" if count == 1 else f"{count} coins"
