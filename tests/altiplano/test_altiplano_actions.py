"""Phase 3 and phase 4 details the rulings leave to the rulebook: the strip in phase 4,
wildcard fields, coin fields of roles and market extensions, boats and houses."""

from __future__ import annotations

from altiplano_helpers import at_actions, conservation, give_extension, put, refresh, set_role

from meeple.games.altiplano import actions as A


def test_phase4_strip_drops_bottom_card_when_none_bought() -> None:
    state = at_actions(2)
    strip = list(state.s["strip"])
    top = state.s["stack"][-1]
    reveals = state.reveal_count
    state.apply(0, A.Pass())
    state.apply(1, A.Pass())
    assert state.s["strip"] == [*strip[1:], top]
    assert state.s["ext_box"] == [strip[0]]
    assert state.reveal_count == reveals + 1


def test_phase4_strip_closes_gaps_after_a_purchase() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 20, "market"
    set_role(state, 0, "trader")
    state = refresh(state)
    strip = list(state.s["strip"])
    top = state.s["stack"][-1]
    slot = next(a.slot for a in state.legal_actions(0) if a.kind == "buy_extension")
    state.apply(0, A.BuyExtension(slot))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    assert state.s["strip"] == [e for e in strip if e != strip[slot]] + [top]
    assert state.s["ext_box"] == []
    conservation(state)


def test_wildcard_tile_serves_a_basic_action_anywhere() -> None:
    state = at_actions(2)
    give_extension(state, 0, "wildcard_field")
    state.s["players"][0]["figure"] = "mine"
    put(state, 0, "loc:mine", "food")
    put(state, 0, "wild:wildcard_field", "food")
    state = refresh(state)
    state.apply(0, A.Produce("mine_stone", "stone"))
    p = state.s["players"][0]
    assert p["wild"]["wildcard_field"] is None and p["fields"]["mine"] == []
    assert p["container"] == {"food": 2, "stone": 1}


def test_trader_and_market_extension_use_coins_from_planning() -> None:
    state = at_actions(2)
    set_role(state, 0, "trader")
    give_extension(state, 0, "buy_cacao")
    p = state.s["players"][0]
    p["figure"] = "market"
    p["role_fields"] = {"coins": 1}
    p["ext_fields"]["buy_cacao"] = {"coins": 1}
    state = refresh(state)
    actions = state.legal_actions(0)
    assert A.Produce("role", "alpaca") in actions and A.Produce("role", "stone") in actions
    assert not any(a.kind == "produce" and a.source == "ext:buy_cacao" for a in actions)
    state.apply(0, A.Produce("role", "stone"))
    assert state.s["players"][0]["role_fields"] == {}
    assert state.s["players"][0]["container"] == {"stone": 1}


def test_boat_gives_its_good_and_house_is_chosen() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"] = "harbor"
    put(state, 0, "loc:harbor", "wood", 2)
    state = refresh(state)
    boats = {a.out for a in state.legal_actions(0) if a.kind == "produce" and a.source == "boat"}
    assert boats == set(state.comps.boats)
    glass = state.s["supply"]["glass"]
    state.apply(0, A.Produce("boat", "glass"))
    assert state.s["players"][0]["boats"] == ["glass"]
    assert state.s["supply"]["glass"] == glass - 1
    assert state.s["players"][0]["container"] == {"wood": 2, "glass": 1}
    conservation(state)


def test_sell_several_goods_in_one_action() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["coins"] = "market", 0
    put(state, 0, "loc:market", "ore")
    put(state, 0, "loc:market", "silver")
    put(state, 0, "loc:market", "fish")
    state = refresh(state)
    assert A.Sell("fish") not in state.legal_actions(0)  # no price: cannot be sold
    state.apply(0, A.Sell("ore"))
    state.apply(0, A.Sell("silver"))
    price = state.comps.sale_price
    assert state.s["players"][0]["coins"] == price["ore"] + price["silver"]
