"""A refusal says which rule stops the action and why, in words that fit the case: each test
here is one where the reason used to be a catch-all ("is not allowed now", "needs its
tiles" although the tiles were there, "nothing to take back there, or no free planning
field") and is now the rule's own."""

from __future__ import annotations

from altiplano_helpers import at_actions, put, refresh

from meeple.engine.testing import assert_unchanged_on_error
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A


def refusal(state: AltiplanoState, seat: int, action: A.Action) -> tuple[str, str]:
    """The rule and the reason of a refused action (which must change nothing)."""
    assert action not in state.legal_actions(seat)
    message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))
    rule, _, reason = message[1:].partition("] ")
    return rule, reason


def test_a_good_without_a_sale_price_is_not_sold_although_its_tile_is_there() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "market"
    put(state, 0, "loc:market", "fish")
    state = refresh(state)
    assert refusal(state, 0, A.Sell("fish")) == ("rulebook: phase 3", "fish has no sale price")


def test_a_second_cart_in_a_round_is_refused_as_one_a_round() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 3, "village"
    state = refresh(state)
    state.apply(0, A.BuyCart(0))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    assert refusal(state, 0, A.BuyCart(1)) == ("ALT-15", "one cart a round")


def test_a_cart_without_a_coin_is_refused_for_its_price() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 0, "village"
    state = refresh(state)
    assert refusal(state, 0, A.BuyCart(0)) == ("ALT-15", "a cart costs 1 coin")


def test_delivering_a_good_the_order_does_not_need_names_the_order() -> None:
    state = at_actions(2)
    s = state.s
    s["players"][0]["figure"] = "market"
    order = s["orders"][0]
    s["orders"].remove(order)
    s["players"][0]["order"] = {"id": order, "delivered": []}
    unwanted = next(g for g in state.comps.sale_price if g not in state.comps.orders[order].goods)
    put(state, 0, "loc:market", unwanted)
    state = refresh(state)
    assert refusal(state, 0, A.Deliver(unwanted)) == (
        "ALT-17",
        f"the order needs no {unwanted} (any more)",
    )


def test_taking_back_onto_full_planning_fields_says_none_is_free() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    put(state, 0, "planning", "food", 4)
    put(state, 0, "loc:farm", "alpaca")
    state = refresh(state)
    rule, reason = refusal(state, 0, A.TakeBackTile("loc:farm", "alpaca"))
    assert (rule, reason) == (
        "ALT-6",
        "a tile comes back only onto a free planning field, and none is free",
    )


def test_a_boat_card_that_is_not_left_is_refused_as_such_not_for_its_tiles() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "harbor"
    put(state, 0, "loc:harbor", "wood", 2)
    state = refresh(state)
    gone = next(g for g in state.comps.goods if g not in state.s["boats"])
    rule, reason = refusal(state, 0, A.Produce("boat", gone))
    assert rule == "ALT-13" and reason.startswith("boat cards are left: the player takes one")


def test_passing_after_the_action_is_refused_with_what_to_do_instead() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca")
    state = refresh(state)
    state.apply(0, A.Produce("farm_food", "food"))
    assert refusal(state, 0, A.Pass()) == (
        "ALT-11",
        "after the action the turn ends ('End turn'), it is not passed",
    )
