"""Altiplano's words for people: names of extensions, orders, missions and action sources, and
action labels built from them.

The edition's ids (``wood_for_food_copy``, ``order_02``, ``farm_food``) are keys, not words; a
player reads names and what an action costs and gives. Everything here reads the edition data
(`Components`), so an edition file of the user's own is described in its own terms.

Every text is a `meeple.engine.words.Text` (English as a ``str``) that the ``altiplano``
catalogue says in the other rulebooks' languages. The edition's words (goods, locations,
roles, extensions, missions) are terms: `edition_terms` lists them for the catalogue, since
no extractor can read them from the code.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from typing import Any

from meeple.engine.actions import Action
from meeple.engine.words import Text, join, say, say_n, term
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.components import (
    BASIC_ACTIONS,
    CART_PRICE,
    COINS,
    ROAD_COST,
    Components,
    Conversion,
)

#: Suffixes that tell copies of one extension apart in the data: not part of its name.
_COPY_SUFFIX = re.compile(r"(_copy\d*|_\d+)$")
_BASIC = {c.key: c for c in BASIC_ACTIONS}


#: The cards built at a location (their source in `A.Produce`).
CARDS = ("boat", "house")


@functools.cache
def good(name: str) -> Text:
    """A good (or ``coins``) as the rulebook names it."""
    return term("good", name)


@functools.cache
def place(name: str) -> Text:
    """A location ("market") as the rulebook names it."""
    return term("location", name)


def card(name: str) -> Text:
    """A boat or house card."""
    return term("card", name)


def goods(names: Iterable[str], separator: str = ", ") -> Text:
    """Goods named one after the other: "fish, alpaca"."""
    return join(separator, [good(g) for g in names])


def amount(n: int, name: str) -> Text:
    """ "2 fish": a number of tiles of one good; coins are counted in each language's plural
    forms ("1 coin", "2 coins"; Russian's three)."""
    if name == COINS:
        return coins(n)
    return say("{n} {good}", n=n, good=good(name))


def counted(goods: Iterable[str]) -> Text:
    """``["fish", "fish", "alpaca"]`` reads "2 fish + 1 alpaca" (in the order first seen)."""
    counts: dict[str, int] = {}
    for name in goods:
        counts[name] = counts.get(name, 0) + 1
    return join(" + ", [amount(n, g) for g, n in counts.items()]) or say("nothing")


def cost_text(cost: Iterable[tuple[str, int]]) -> Text:
    """What is paid: "2 stone", "1 alpaca + 1 food"."""
    return join(" + ", [amount(n, g) for g, n in cost])


def conversion_text(conv: Conversion) -> Text:
    """What an action costs and gives: "1 alpaca + 1 food → wool"."""
    return say(
        "{cost} → {out}",
        cost=cost_text(conv.inputs) or say("nothing"),
        out=goods(conv.out, say(" or ")),
    )


def extension_name(comps: Components, eid: str) -> Text:
    """An extension's name: its id without the copy suffix, in words ("wood for food")."""
    ext = comps.extensions.get(eid)
    base = ext.identity if ext is not None else eid
    return term("extension", _COPY_SUFFIX.sub("", base).replace("_", " "))


def extension_text(comps: Components, eid: str) -> Text:
    """An extension's name with what it does: "wood for food (forest: 1 food → wood)"."""
    ext = comps.extensions.get(eid)
    name = extension_name(comps, eid)
    if ext is None:
        return name
    if ext.conversion is None:
        return say("{extension} ({location})", extension=name, location=place(ext.location))
    return say(
        "{extension} ({location}: {conversion})",
        extension=name,
        location=place(ext.location),
        conversion=conversion_text(ext.conversion),
    )


def order_text(comps: Components, oid: str) -> Text:
    """An order card by what it asks and pays: "order of 2 fish + 2 alpaca (9 points)"."""
    order = comps.orders.get(oid)
    if order is None:
        return say("order {order}", order=oid)
    return say_n(
        "order of {goods} ({n} points)",
        "order of {goods} ({n} points)",
        n=order.points,
        goods=counted(order.goods),
    )


def mission_name(comps: Components, mid: str) -> Text:
    """A mission card's printed English text ("Fulfil 3 orders"), else its id in words."""
    for card in comps.raw.get("missions", {}).get("cards", []):
        if isinstance(card, dict) and card.get("id") == mid:
            text = card.get("text_en")
            if isinstance(text, str) and text:
                return term("mission", text.rstrip("."))
    return term("mission", mid.replace("_", " "))


def mission_text(comps: Components, mid: str) -> Text:
    """A mission card with its points: "“Fulfil 3 orders” (8 points)"."""
    name = mission_name(comps, mid)
    if name.msgid == mid.replace("_", " "):
        return name
    return say_n(
        "“{mission}” ({n} points)",
        "“{mission}” ({n} points)",
        n=comps.missions.get(mid, 0),
        mission=name,
    )


def role_name(comps: Components, rid: str) -> Text:
    role = comps.roles.get(rid)
    return term("role", role.name if role is not None else rid.replace("_", " "))


def target_text(comps: Components, target: str) -> str:
    """A planning field for people: "a farm field", "extension wood for food", "movement
    field 2"."""
    kind, _, name = target.partition(":")
    if kind == "ext":
        return say("extension {extension}", extension=extension_name(comps, name))
    if kind == "wild":
        return say("the wildcard field of {extension}", extension=extension_name(comps, name))
    return A.describe_target(target)


def source_text(comps: Components, source: str, role: str | None) -> str:
    """Where a produced good comes from, with the action's cost and gain."""
    if source in _BASIC:
        conv = _BASIC[source]
        return say(
            "{location}: {conversion}",
            location=term("location capitalized", conv.location.capitalize()),
            conversion=conversion_text(conv),
        )
    if source == "role" and role is not None and role in comps.roles:
        return say(
            "Role {role}: {conversion}",
            role=role_name(comps, role),
            conversion=conversion_text(comps.roles[role].conversion),
        )
    if source.startswith("ext:"):
        return say("Extension {extension}", extension=extension_text(comps, source[4:]))
    return source.capitalize()


def label(comps: Components, action: Action, role: str | None = None) -> str:
    """The label of an action in names, not ids. `role` is the acting player's role (public),
    which names the role action (`A.Produce`'s; no other label reads it)."""
    match action:
        case A.ChooseRole(role=rid):
            return say("Choose role {role}", role=role_name(comps, rid))
        case A.KeepMission(mission=mid):
            return say("Keep mission {mission}", mission=mission_text(comps, mid))
        case A.PassMission(mission=mid):
            return say("Pass mission {mission} to the left", mission=mission_text(comps, mid))
        case A.TakeBackTile(target=target, good=name):
            return say(
                "Take {good} back from {field}", good=good(name), field=target_text(comps, target)
            )
        case A.TakeBackCoin(target=target):
            return say("Take a coin back from {field}", field=target_text(comps, target))
        case A.Place(target=target, good=name):
            return say("Place {good} on {field}", good=good(name), field=target_text(comps, target))
        case A.Unplace(target=target, good=name):
            return say("Take {good} off {field}", good=good(name), field=target_text(comps, target))
        case A.Produce(source=("boat" | "house") as built, out=out):
            if out:
                return say("Build a {card} ({good})", card=card(built), good=good(out))
            return say("Build a {card}", card=card(built))
        case A.Produce(source=source, out=out):
            text = source_text(comps, source, role)
            if out:
                return say("{action}: take {good}", action=text, good=good(out))
            return say("{action}: nothing left to take", action=text)
        case A.BuyOrder(order=oid) if oid != A.NO_ORDER:
            return say(
                "Take the {order} for {coins}",
                order=order_text(comps, oid),
                coins=coins(comps.order_cost),
            )
        case A.Sell(good=name) if name in comps.sale_price:
            return say(
                "Sell {good} for {coins}", good=good(name), coins=coins(comps.sale_price[name])
            )
        case A.Deliver(good=name):
            return say("Deliver {good} to your order", good=good(name))
        case A.BuyCart(field=field):
            return say(
                "Buy a cart for {coins}, beside movement field {field}",
                coins=coins(CART_PRICE),
                field=field + 1,
            )
        case A.BuildRoad():
            return say("Build the road one step for {cost}", cost=cost_text(ROAD_COST))
    return action.label()


def coins(count: int) -> Text:
    return say_n("{n} coin", "{n} coins", n=count)


#: The headings of the score sheet (`scoring.score_sheet`), by key.
SCORE_HEADINGS = {
    "goods": say("Goods"),
    "owned": say("Tiles owned"),
    "boats": say("Boats"),
    "houses": say("Houses"),
    "orders": say("Orders"),
    "house_bonus": say("House bonus"),
    "rows": say("Warehouse rows"),
    "missions": say("Missions"),
    "total": say("Total"),
    "coins": say("Coins"),
}


def score_words(comps: Components, sheet: Mapping[str, Any]) -> dict[str, Text]:
    """The score sheet's headings and the names of the goods, orders and missions it lists
    (only those: a mission nobody revealed is not named)."""
    words: dict[str, Text] = {g: good(g) for g in comps.goods}
    for player in sheet["players"]:
        detail = player["detail"]
        words |= {o: order_text(comps, o) for o in detail["orders"]}
        words |= {m: mission_name(comps, m) for m in detail["missions"]}
    return words | SCORE_HEADINGS


def edition_terms(comps: Components) -> list[Text]:
    """Every word of the edition that a text may hold: for the catalogues and their tests."""
    words = [good(g) for g in (*comps.goods, "coins")]
    words += [place(loc) for loc in comps.locations]
    words += [place(ext.location) for ext in comps.extensions.values()]
    words += [term("location capitalized", c.location.capitalize()) for c in _BASIC.values()]
    words += [card(c) for c in CARDS]
    words += [role_name(comps, rid) for rid in comps.roles]
    words += [extension_name(comps, eid) for eid in comps.extensions]
    words += [mission_name(comps, mid) for mid in comps.missions]
    return list(dict.fromkeys(words))
