"""The village's actions: storing in the warehouse (ALT-20), buying carts (ALT-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say, say_n
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano import wording
from meeple.games.altiplano.action_fields import available, consume, tiles_problem
from meeple.games.altiplano.end import final_store_problem
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import buy_cart, produce, store, store_buffered
from meeple.games.altiplano.missions import check_missions
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import covers, take
from meeple.games.altiplano.turns import acted, turn_problem
from meeple.games.altiplano.warehouse import CORN

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def _store_problem(st: AltiplanoState, p: Player, action: A.Store) -> Problem:
    """Storing at the village (ALT-20), one tile per step."""
    problem = turn_problem(st, p, "village", "store") or tiles_problem(
        st,
        action,
        available(st, p, "village"),
        ((action.good, 1),),
        say("on the {location} fields", location=wording.place("village")),
    )
    return problem or row_problem(st, p, action.good, action.row)


def row_problem(st: AltiplanoState, p: Player, good: str, row: int) -> Problem:
    """ALT-20: where a tile may go in the warehouse."""
    why = W.storage_problem(p["warehouse"], st.comps.rows, good, row)
    return None if why is None else ("ALT-20", why)


def cart_problem(st: AltiplanoState, p: Player, field: int) -> Problem:
    """ALT-15: 1 coin, one a round, at most `carts_max` in all (the top cart counts),
    beside a movement field without one. An empty village does not forbid it (ALT-13):
    the buyer just receives no cart."""
    if p["coins"] < C.CART_PRICE:
        return "ALT-15", say("a cart costs {coins}", coins=wording.coins(C.CART_PRICE))
    if p["bought_cart"]:
        return "ALT-15", say("one cart a round")
    if 1 + sum(p["carts"]) >= st.comps.carts_max:
        return "ALT-15", say_n(
            "at most {n} cart in all (the top cart counts)",
            "at most {n} carts in all (the top cart counts)",
            n=st.comps.carts_max,
        )
    if not 0 <= field < len(p["carts"]):
        return "ALT-15", say("there are movement fields 1 to {carts}", carts=len(p["carts"]))
    if p["carts"][field]:
        return "ALT-15", say("movement field {field} has a cart already", field=field + 1)
    return None


def check_store(st: AltiplanoState, seat: int, p: Player, action: A.Store) -> Problem:
    if st.s["phase"] == "final":
        return final_store_problem(st, p, action)
    return _store_problem(st, p, action)


def check_store_buffered(
    st: AltiplanoState, seat: int, p: Player, action: A.StoreBuffered
) -> Problem:
    problem = turn_problem(st, p, "village", "store_buffered")
    if problem is None and not p["buffer"]:
        return "ALT-18", "there is no corn on the corn buffer"
    return problem or row_problem(st, p, CORN, action.row)


def check_buy_cart(st: AltiplanoState, seat: int, p: Player, action: A.BuyCart) -> Problem:
    return turn_problem(st, p, "village", None) or cart_problem(st, p, action.field)


def do_store(st: AltiplanoState, seat: int, p: Player, action: A.Store) -> None:
    if st.s["phase"] == "final":
        take(p["final"], action.good)
        p["warehouse"][action.row].append(action.good)
        check_missions(st, seat)
        return
    loc = p["figure"]
    assert loc is not None, "a player moves and acts only once the figure is placed"
    consume(st, p, loc, ((action.good, 1),))
    take(p["container"], action.good)
    p["warehouse"][action.row].append(action.good)
    acted(st, seat, "store")


def do_store_buffered(st: AltiplanoState, seat: int, p: Player, action: A.StoreBuffered) -> None:
    p["buffer"] -= 1
    p["warehouse"][action.row].append(CORN)
    acted(st, seat, "store_buffered")


def do_buy_cart(st: AltiplanoState, seat: int, p: Player, action: A.BuyCart) -> None:
    p["coins"] -= C.CART_PRICE
    if st.s["carts"] > 0:  # ALT-13: none left, none received
        st.s["carts"] -= 1
        p["carts"][action.field] = True
    p["bought_cart"] = True
    acted(st, seat, None)


def village_actions(
    st: AltiplanoState, p: Player, avail: dict[str, int], cont: str | None, result: list[Action]
) -> None:
    """Building a house (ALT-13: a card if one is left), storing tiles and buffered corn in
    the warehouse (ALT-20), buying a cart (ALT-15)."""
    comps = st.comps
    if cont is None and covers(avail, comps.house_cost):
        result.extend(produce("house", g) for g in sorted(set(st.s["houses"])) or [""])
    if cont in (None, "store"):
        for good in sorted(avail):
            for row in W.storage_rows(p["warehouse"], comps.rows, good):
                result.append(store(good, row))
    if cont in (None, "store_buffered") and p["buffer"]:
        result.extend(store_buffered(r) for r in W.storage_rows(p["warehouse"], comps.rows, CORN))
    # The first checks of `cart_problem` come first here only for speed (search lists these
    # actions at every village visit, mostly without the coin).
    if cont is None and p["coins"] >= C.CART_PRICE and not p["bought_cart"]:
        result.extend(buy_cart(i) for i in range(len(p["carts"])) if not cart_problem(st, p, i))
