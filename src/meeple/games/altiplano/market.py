"""The market's actions: selling, delivering to the order (ALT-17), buying orders and
extensions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import wording
from meeple.games.altiplano.action_fields import available, consume, tiles_problem
from meeple.games.altiplano.extensions import extension_price, extension_problem
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.gains import receive_corn
from meeple.games.altiplano.listed import buy_extension, buy_order, deliver, sell
from meeple.games.altiplano.orders import missing_goods, order_problem
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import take
from meeple.games.altiplano.turns import acted, turn_problem

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def _sale_problem(st: AltiplanoState, p: Player, action: A.Sell) -> Problem:
    """Selling at the market, one tile per step, for its sale price."""
    problem = turn_problem(st, p, "market", "sell")
    if problem is None and action.good not in st.comps.sale_price:
        return "rulebook: phase 3", say("{good} has no sale price", good=wording.good(action.good))
    return problem or tiles_problem(
        st,
        action,
        available(st, p, "market"),
        ((action.good, 1),),
        say("on the {location} fields", location=wording.place("market")),
    )


def _delivery_problem(st: AltiplanoState, p: Player, action: A.Deliver) -> Problem:
    """ALT-17: deliver goods missing on the player's own order from the market fields."""
    problem = turn_problem(st, p, "market", "deliver")
    if problem is not None:
        return problem
    if p["order"] is None:
        return "ALT-17", say("the player has no order to deliver to")
    if action.good not in missing_goods(st, p):
        return "ALT-17", say("the order needs no {good} (any more)", good=wording.good(action.good))
    return tiles_problem(
        st,
        action,
        available(st, p, "market"),
        ((action.good, 1),),
        say("on the {location} fields", location=wording.place("market")),
    )


def check_sell(st: AltiplanoState, seat: int, p: Player, action: A.Sell) -> Problem:
    return _sale_problem(st, p, action)


def check_deliver(st: AltiplanoState, seat: int, p: Player, action: A.Deliver) -> Problem:
    return _delivery_problem(st, p, action)


def check_buy_order(st: AltiplanoState, seat: int, p: Player, action: A.BuyOrder) -> Problem:
    return turn_problem(st, p, "market", None) or order_problem(st, p, action.order)


def do_sell(st: AltiplanoState, seat: int, p: Player, action: A.Sell) -> None:
    loc = p["figure"]
    assert loc is not None, "a player moves and acts only once the figure is placed"
    consume(st, p, loc, ((action.good, 1),))
    p["coins"] += st.comps.sale_price[action.good]
    acted(st, seat, "sell")


def do_deliver(st: AltiplanoState, seat: int, p: Player, action: A.Deliver) -> None:
    loc, order = p["figure"], p["order"]
    assert loc is not None and order is not None, "a delivery is made at the market to an order"
    consume(st, p, loc, ((action.good, 1),))
    take(p["container"], action.good)  # onto the order, not into the container
    order["delivered"].append(action.good)
    if not missing_goods(st, p):
        p["orders_done"].append(order["id"])
        p["order"] = None
        receive_corn(st, p)  # ALT-17: the last delivery gives 1 corn
    acted(st, seat, "deliver")


def do_buy_order(st: AltiplanoState, seat: int, p: Player, action: A.BuyOrder) -> None:
    p["coins"] -= st.comps.order_cost
    if action.order != A.NO_ORDER:  # ALT-13: none left, none received
        st.s["orders"].remove(action.order)
        p["order"] = {"id": action.order, "delivered": []}
    acted(st, seat, None)


def market_actions(
    st: AltiplanoState, p: Player, avail: dict[str, int], cont: str | None, result: list[Action]
) -> None:
    """Selling and delivering tile by tile, buying an extension or an order."""
    comps = st.comps
    if cont in (None, "sell"):
        result.extend(sell(g) for g in sorted(avail) if g in comps.sale_price)
    if cont in (None, "deliver") and p["order"] is not None:
        missing = missing_goods(st, p)
        result.extend(deliver(g) for g in sorted(avail) if g in missing)
    if cont is not None:
        return
    # The first checks of `extension_problem` and `order_problem` come first here only for
    # speed (search lists these actions at every market visit).
    if not p["bought_ext"]:
        result.extend(
            buy_extension(slot)
            for slot, eid in enumerate(st.s["strip"])
            if eid is not None
            and p["coins"] >= extension_price(st, slot)
            and not extension_problem(st, p, slot)
        )
    if p["order"] is None and p["coins"] >= comps.order_cost:
        # ALT-13: with no card left the action is still allowed; nothing is received
        result.extend(
            buy_order(o) for o in st.s["orders"] or [A.NO_ORDER] if not order_problem(st, p, o)
        )
