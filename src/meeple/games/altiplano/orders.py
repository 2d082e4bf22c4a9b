"""Order cards (ALT-17): the goods an order still misses, the goods the market's fields may take
for deliveries (ALT-8), buying an order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import wording
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.phases import Problem

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def market_order_goods(st: AltiplanoState, p: Player) -> frozenset[str]:
    """Goods a delivery could still use (ALT-8): those missing on the player's own order and
    those on the order cards still at the market. Cards removed at setup or taken by other
    players can never be delivered to by this player, so their goods do not count."""
    orders = st.comps.orders
    goods: set[str] = set()
    for order in st.s["orders"]:
        goods.update(orders[order].goods)
    if p["order"] is not None:
        goods.update(missing_goods(st, p))
    return frozenset(goods)


def missing_goods(st: AltiplanoState, p: Player) -> list[str]:
    order = p["order"]
    assert order is not None, "only a player with an order misses goods for it"
    missing = list(st.comps.orders[order["id"]].goods)
    for good in order["delivered"]:
        missing.remove(good)
    return missing


def order_problem(st: AltiplanoState, p: Player, order: str) -> Problem:
    """ALT-17: an order costs `order_cost` coins; one unfulfilled order at a time; with no
    card left the order is paid and nothing received (ALT-13)."""
    if p["order"] is not None:
        return "ALT-17", say("one unfulfilled order at a time")
    if p["coins"] < st.comps.order_cost:
        return "ALT-17", say("an order costs {coins}", coins=wording.coins(st.comps.order_cost))
    cards = st.s["orders"]
    if not cards and order != A.NO_ORDER:
        return "ALT-13", say("no order card is left: the order is paid and nothing is received")
    if cards and order not in cards:
        return "ALT-17", say("the order is one of the cards at the market")
    return None
