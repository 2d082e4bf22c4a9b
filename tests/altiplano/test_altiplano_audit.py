"""Independent audit of the Altiplano engine against the rulebooks and rulings ALT-1 … ALT-24.

Each test checks one rule (or one edge case of a rule) and fails if the engine breaks it. The
audit's three findings (ALT-13 exhausted orders and carts, ALT-12 and ALT-22 in refusals) were
fixed in the engine; their tests now pass like the rest.
"""

from __future__ import annotations

import pytest
from altiplano_helpers import (
    at_actions,
    conservation,
    give_extension,
    new_state,
    put,
    refresh,
    set_role,
)

from meeple.engine.testing import assert_unchanged_on_error
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A

CIRCLE = ["village", "market", "road", "harbor", "farm", "mine", "forest"]
SETUP_TABLE = {  # rulebook setup table, with ALT-1 (food 36) and ALT-2 (orders, carts)
    2: {"corn": 12, "wood": 12, "stone": 12, "ore": 8, "cloth": 8, "silver": 8, "wool": 8,
        "cacao": 7, "fish": 7, "alpaca": 7, "glass": 7, "carts": 6, "orders": 10},
    3: {"corn": 17, "wood": 15, "stone": 15, "ore": 12, "cloth": 12, "silver": 12, "wool": 12,
        "cacao": 9, "fish": 9, "alpaca": 9, "glass": 9, "carts": 9, "orders": 10},
    4: {"corn": 22, "wood": 18, "stone": 18, "ore": 14, "cloth": 14, "silver": 14, "wool": 14,
        "cacao": 11, "fish": 11, "alpaca": 11, "glass": 11, "carts": 12, "orders": 12},
    5: {"corn": 25, "wood": 20, "stone": 20, "ore": 15, "cloth": 15, "silver": 15, "wool": 15,
        "cacao": 12, "fish": 12, "alpaca": 12, "glass": 12, "carts": 15, "orders": 12},
}  # fmt: skip


# -- helpers ------------------------------------------------------------------------------------
def rule_of(state: AltiplanoState, seat: int, action: A.Action) -> str:
    """Apply a forbidden action: it must raise, change nothing, and name a rule; return it."""
    message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))
    assert message.startswith("["), message
    return message[1 : message.index("]")]


def refused(state: AltiplanoState, seat: int, action: A.Action, rule: str) -> None:
    """`action` is absent from the legal actions and is rejected naming `rule`."""
    assert action not in state.legal_actions(seat)
    assert rule_of(state, seat, action) == rule


def kinds(state: AltiplanoState, seat: int, kind: str) -> set[A.Action]:
    return {a for a in state.legal_actions(seat) if a.kind == kind}


def pass_round_for_others(state: AltiplanoState, seat: int) -> None:
    """End `seat`'s turn and let the other seat of a 2-player game pass."""
    state.apply(seat, A.EndTurn())
    state.apply(1 - seat, A.Pass())


def draw_and_plan(state: AltiplanoState) -> None:
    n = state.num_players
    for seat in range(n):
        state.apply(seat, A.Draw())
    for k in range(n):
        state.apply((state.s["start"] + k) % n, A.Done())


def take_from_supply(state: AltiplanoState, good: str, leave: int = 0) -> None:
    """Move all but `leave` tiles of `good` from the supply out of the game (the box)."""
    s = state.s
    s["box"][good] += s["supply"][good] - leave
    s["supply"][good] = leave


def use_order(state: AltiplanoState, order: str) -> None:
    """Make `order` one of the orders lying at the market."""
    s = state.s
    if order in s["orders_box"]:
        s["orders_box"].remove(order)
        s["orders_box"].append(s["orders"].pop(0))
        s["orders"].append(order)
        s["orders"].sort()
        s["orders_box"].sort()


def strip_with(state: AltiplanoState, eids: list[str]) -> None:
    """Lay exactly `eids` on the strip (bottom first), the rest of the extensions on the stack."""
    s = state.s
    everything = s["stack"] + [e for e in s["strip"] if e] + s["ext_box"]
    s["strip"] = list(eids) + [None] * (len(s["strip"]) - len(eids))
    s["stack"] = [e for e in everything if e not in eids]
    s["ext_box"] = []
    for eid in eids:
        if eid in s["ext_out"]:
            s["ext_out"].remove(eid)  # swap it with a card of the stack (conservation)
            s["ext_out"].append(s["stack"].pop(0))
            s["ext_out"].sort()


def fill_warehouse(state: AltiplanoState, seat: int, leave_space_in: int | None = None) -> None:
    """Fill every warehouse row (each with another good), optionally leaving 1 space in one."""
    goods = ["wood", "stone", "ore", "wool", "cloth", "silver", "cacao", "glass", "fish", "alpaca"]
    for i, row in enumerate(state.comps.rows):
        n = row.spaces - (1 if i == leave_space_in else 0)
        put(state, seat, f"row:{i}", goods[i], n)


# -- setup: ALT-1 … ALT-5 -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_alt2_supplies_follow_the_setup_table(players: int) -> None:
    state = new_state(players, seed=players)
    s = state.s
    table = SETUP_TABLE[players]
    for good in state.comps.goods:
        in_bags = sum(p["bag"].get(good, 0) for p in s["players"])
        expected = 36 if good == "food" else table[good]
        assert s["supply"][good] + in_bags == expected, good
        assert s["box"][good] == state.comps.tiles[good] - expected, good
    assert s["carts"] == table["carts"] - players
    assert len(s["orders"]) == table["orders"]
    assert len(s["orders_box"]) == 16 - table["orders"]
    assert all(sum(p["carts"]) == 0 for p in s["players"])  # only the top cart
    assert state.view(0)["state"]["orders_box"] == 16 - table["orders"]  # removed unseen
    conservation(state)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_alt3_extensions_kept_by_player_count(players: int) -> None:
    state = new_state(players, seed=11)
    s, comps = state.s, state.comps
    in_game = set(s["stack"]) | {e for e in s["strip"] if e}
    assert in_game == {e for e, x in comps.extensions.items() if x.players_min <= players}
    assert len([e for e in s["strip"] if e]) == 5


def test_alt4_role_draft_four_players_counter_clockwise() -> None:
    state = new_state(4, role_draft=True)
    order = []
    while state.s["phase"] == "roles":
        (seat,) = state.to_move()
        order.append(seat)
        state.apply(seat, state.legal_actions(seat)[0])
    assert order == [3, 2, 1, 0]  # last in turn order first, start player last
    roles = [p["role"] for p in state.s["players"]]
    assert len(set(roles)) == 4 and None not in roles


def test_alt4_starting_goods_come_from_the_locations() -> None:
    state = new_state(2, role_draft=True)
    supply_before = dict(state.s["supply"])
    state.apply(1, A.ChooseRole("woodcutter"))  # food 2, fish 1, stone 1, coins 1
    s = state.s
    assert s["players"][1]["bag"] == {"food": 2, "fish": 1, "stone": 1}
    assert s["players"][1]["coins"] == 1
    assert s["supply"]["fish"] == supply_before["fish"] - 1
    assert s["supply"]["stone"] == supply_before["stone"] - 1
    assert s["supply"]["food"] == supply_before["food"] - 2


# -- phase 1: ALT-6, ALT-7 ------------------------------------------------------------------------
def test_alt6_never_take_back_from_orders_or_warehouse() -> None:
    state = at_actions(2)
    s = state.s
    s["phase"] = "draw"
    use_order(state, "order_02")
    s["orders"].remove("order_02")
    s["players"][0]["order"] = {"id": "order_02", "delivered": ["wood"]}
    s["supply"]["wood"] -= 1
    put(state, 0, "row:0", "stone")
    state = refresh(state)
    backs = kinds(state, 0, "take_back_tile")
    assert backs == set()
    refused(state, 0, A.TakeBackTile("loc:market", "wood"), "ALT-6")


def test_alt6_take_backs_only_onto_free_planning_fields() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    put(state, 0, "planning", "food", 3)  # one of the 4 fields is free
    put(state, 0, "loc:farm", "alpaca")
    put(state, 0, "loc:harbor", "fish")
    state = refresh(state)
    assert kinds(state, 0, "take_back_tile") == {
        A.TakeBackTile("loc:farm", "alpaca"),
        A.TakeBackTile("loc:harbor", "fish"),
    }
    state.apply(0, A.TakeBackTile("loc:farm", "alpaca"))
    refused(state, 0, A.TakeBackTile("loc:harbor", "fish"), "ALT-6")
    state.apply(0, A.Draw())
    assert sum(state.s["players"][0]["planning"].values()) == 4


def test_alt6_tiles_back_from_role_extension_wildcard_and_movement_fields() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    set_role(state, 0, "woodcutter")
    give_extension(state, 0, "ore_for_fish")
    give_extension(state, 0, "wildcard_field")
    put(state, 0, "role", "food")
    put(state, 0, "ext:ore_for_fish", "fish")
    put(state, 0, "wild:wildcard_field", "glass")
    put(state, 0, "move:2", "food")
    state = refresh(state)
    assert kinds(state, 0, "take_back_tile") == {
        A.TakeBackTile("role", "food"),
        A.TakeBackTile("ext:ore_for_fish", "fish"),
        A.TakeBackTile("wild:wildcard_field", "glass"),
        A.TakeBackTile("move:2", "food"),
    }
    for action in sorted(kinds(state, 0, "take_back_tile"), key=str):
        state.apply(0, action)
    p = state.s["players"][0]
    assert p["planning"] == {"food": 2, "fish": 1, "glass": 1}
    assert p["move"][2] is None and p["wild"]["wildcard_field"] is None


def test_alt6_coin_back_from_movement_field() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    give_extension(state, 0, "coin_movement")
    p = state.s["players"][0]
    p["move"][1] = "coins"
    p["coins"] = 0
    state = refresh(state)
    assert A.TakeBackCoin("move:1") in state.legal_actions(0)
    state.apply(0, A.TakeBackCoin("move:1"))
    assert state.s["players"][0]["coins"] == 1 and state.s["players"][0]["move"][1] is None


def test_alt6_draw_refills_bag_from_container_only_when_empty() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    put(state, 0, "bag", "wood", 4)
    put(state, 0, "container", "stone", 3)
    state = refresh(state)
    state.apply(0, A.Draw())
    p = state.s["players"][0]
    assert p["planning"] == {"wood": 4}
    assert p["container"] == {"stone": 3}  # the bag had enough: the container stays


def test_alt7_swap_draw_from_bag() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    give_extension(state, 0, "swap_planning_tile")
    put(state, 0, "bag", "wood", 5)
    state = refresh(state)
    state.apply(0, A.Draw())
    assert state.s["players"][0]["planning"] == {"wood": 4}
    state.apply(0, A.SwapDiscard("wood"))
    state.apply(0, A.SwapDraw())
    p = state.s["players"][0]
    assert p["planning"] == {"wood": 4} and p["container"] == {"wood": 1} and p["bag"] == {}
    refused(state, 0, A.SwapDraw(), "turn order")  # once, then planning


# -- phase 2: ALT-8 … ALT-10 ----------------------------------------------------------------------
def _plan(players: int = 2) -> AltiplanoState:
    state = at_actions(players)
    state.s["phase"] = "plan"
    return state


def test_alt8_one_tile_per_field_forest_has_two() -> None:
    state = _plan()
    put(state, 0, "planning", "food", 3)
    state = refresh(state)
    state.apply(0, A.Place("loc:forest", "food"))
    state.apply(0, A.Place("loc:forest", "food"))
    refused(state, 0, A.Place("loc:forest", "food"), "ALT-8")
    assert state.s["players"][0]["fields"]["forest"] == ["food", "food"]


def test_alt8_village_fields_extension_adds_two_fields() -> None:
    state = _plan()
    give_extension(state, 0, "village_fields")
    put(state, 0, "planning", "wood", 6)
    state = refresh(state)
    for _ in range(5):
        state.apply(0, A.Place("loc:village", "wood"))
    refused(state, 0, A.Place("loc:village", "wood"), "ALT-8")


def test_alt8_market_takes_order_goods_but_not_corn_or_food() -> None:
    state = _plan()
    for good in ("fish", "corn", "food", "glass"):
        put(state, 0, "planning", good)
    state = refresh(state)
    places = kinds(state, 0, "place")
    assert A.Place("loc:market", "glass") in places  # sold or delivered
    assert A.Place("loc:market", "fish") in places  # delivered on orders
    refused(state, 0, A.Place("loc:market", "corn"), "ALT-8")
    refused(state, 0, A.Place("loc:market", "food"), "ALT-8")
    refused(state, 0, A.Place("loc:road", "corn"), "ALT-8")
    assert A.Place("loc:village", "corn") in places  # corn may be stored


def test_alt8_coin_fields_filled_exactly_and_only_in_planning() -> None:
    state = _plan()
    give_extension(state, 0, "buy_silver_or_glass")  # 3 coins
    state.s["players"][0]["coins"] = 5
    state = refresh(state)
    for _ in range(3):
        state.apply(0, A.Place("ext:buy_silver_or_glass", "coins"))
    refused(state, 0, A.Place("ext:buy_silver_or_glass", "coins"), "ALT-8")
    assert state.s["players"][0]["coins"] == 2
    state.apply(0, A.Unplace("ext:buy_silver_or_glass", "coins"))
    state.apply(0, A.Done())
    state.apply(1, A.Done())
    assert state.s["phase"] == "actions"
    assert rule_of(state, 0, A.Place("ext:buy_silver_or_glass", "coins")) == "rulebook: phase 2"


def test_alt8_wildcard_takes_any_tile_but_only_one() -> None:
    state = _plan()
    give_extension(state, 0, "wildcard_field")
    put(state, 0, "planning", "corn")
    put(state, 0, "planning", "food")
    state = refresh(state)
    assert A.Place("wild:wildcard_field", "corn") in state.legal_actions(0)
    state.apply(0, A.Place("wild:wildcard_field", "food"))
    refused(state, 0, A.Place("wild:wildcard_field", "corn"), "ALT-8")


def test_alt10_done_order_starts_with_the_current_start_player() -> None:
    state = new_state(3)
    state.s["start"] = 2
    state = refresh(state)
    for seat in range(3):
        state.apply(seat, A.Draw())
    refused(state, 0, A.Done(), "ALT-10")
    refused(state, 1, A.Done(), "ALT-10")
    state.apply(2, A.Done())
    refused(state, 1, A.Done(), "ALT-10")
    state.apply(0, A.Done())
    state.apply(1, A.Done())
    assert state.s["phase"] == "actions"
    assert state.to_move() == (2,)  # ALT-11: actions start with the start player


def test_alt10_plans_are_public() -> None:
    state = _plan()
    put(state, 0, "planning", "alpaca")
    state = refresh(state)
    state.apply(0, A.Place("loc:farm", "alpaca"))
    assert state.view(1)["state"]["players"][0]["fields"]["farm"] == ["alpaca"]


# -- phase 3: ALT-11, ALT-12 ----------------------------------------------------------------------
def _moving(figure: str | None = "village") -> AltiplanoState:
    state = at_actions(2)
    state.s["circle"] = list(CIRCLE)
    state.s["players"][0]["figure"] = figure
    return state


def test_alt12_figure_placed_free_then_top_cart_still_usable() -> None:
    state = _moving(None)
    put(state, 0, "loc:road", "stone")  # an action at the road for the top cart to reach
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    assert kinds(state, 0, "move") == set()
    assert kinds(state, 0, "place_figure") == {A.PlaceFigure(loc) for loc in CIRCLE}
    state.apply(0, A.PlaceFigure("farm"))
    assert not state.s["players"][0]["top_used"]
    assert A.Move(-1, "road") in state.legal_actions(0)  # 3 steps away
    assert kinds(state, 0, "place_figure") == set()


def test_alt12_top_cart_reaches_all_food_field_one_step_with_cart_three() -> None:
    state = _moving("village")
    put(state, 0, "move:0", "food")
    put(state, 0, "move:1", "food")
    p = state.s["players"][0]
    p["carts"][1] = True
    state.s["carts"] -= 1
    state = refresh(state)
    others = set(CIRCLE) - {"village"}
    moves = kinds(state, 0, "move")
    assert {m.to for m in moves if m.via == -1} == others
    assert {m.to for m in moves if m.via == 0} == {"market", "forest"}
    assert {m.to for m in moves if m.via == 1} == others  # 3 steps each way: all of the circle
    assert not any(m.via == 2 for m in moves)  # an empty movement field moves nothing
    refused(state, 0, A.Move(0, "road"), "ALT-12")


def test_alt12_each_movement_once_a_round() -> None:
    state = _moving("village")
    state.s["players"][0]["coins"] = 2  # an order to buy at the market
    put(state, 0, "move:0", "food")
    put(state, 0, "loc:farm", "alpaca", 2)  # an action at the farm
    state = refresh(state)
    state.apply(0, A.Move(0, "market"))
    refused(state, 0, A.Move(0, "road"), "ALT-12")
    state.apply(0, A.Move(-1, "farm"))
    refused(state, 0, A.Move(-1, "mine"), "ALT-12")
    assert state.s["players"][0]["container"] == {"food": 1}
    state.apply(0, A.Produce("farm_food", "food"))  # one of the two alpaca
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    draw_and_plan(state)  # a new round: the top cart is back
    state.apply(1, A.Pass())  # seat 1 starts round 2
    state.apply(0, A.Move(-1, "market"))
    assert state.s["players"][0]["figure"] == "market"


def test_alt12_coin_movement_coin_goes_to_supply() -> None:
    state = _moving("village")
    give_extension(state, 0, "coin_movement")
    state.s["players"][0]["move"][0] = "coins"
    state = refresh(state)
    state.apply(0, A.Move(0, "forest"))
    p = state.s["players"][0]
    assert p["move"][0] is None and p["container"] == {}


def test_alt12_actions_need_the_figure_there() -> None:
    state = _moving("village")
    put(state, 0, "loc:farm", "alpaca")
    state = refresh(state)
    refused(state, 0, A.Produce("farm_food", "food"), "ALT-12")
    state.apply(0, A.Move(-1, "farm"))
    state.apply(0, A.Produce("farm_food", "food"))


def test_alt11_passing_player_skipped_rest_of_round() -> None:
    state = at_actions(3)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca", 2)
    state = refresh(state)
    state.apply(0, A.Produce("farm_food", "food"))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(2, A.Pass())
    assert state.to_move() == (0,)
    refused(state, 1, A.Pass(), "turn order")
    state.apply(0, A.Produce("farm_food", "food"))
    state.apply(0, A.EndTurn())
    assert state.to_move() == (0,)


@pytest.mark.parametrize(
    ("figure", "action"),
    [
        pytest.param(
            "market",
            A.BuyCart(0),
            id="buy_cart_at_market",
        ),
        pytest.param(
            "market",
            A.Store("wood", 0),
            id="store_at_market",
        ),
        pytest.param(
            "market",
            A.BuildRoad(),
            id="road_at_market",
        ),
        pytest.param(
            "village",
            A.BuyOrder("order_02"),
            id="order_at_village",
        ),
        pytest.param(
            "village",
            A.BuyExtension(0),
            id="extension_at_village",
        ),
        pytest.param("village", A.Sell("wood"), id="sell_at_village"),
        pytest.param("market", A.Produce("house", "wood"), id="house_at_market"),
    ],
)
def test_alt12_action_away_from_its_location_names_alt12(figure: str, action: A.Action) -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["coins"] = figure, 9
    set_role(state, 0, "miner")
    use_order(state, "order_02")
    strip_with(state, ["wood_for_food"])
    for where in ("loc:village", "loc:road", "loc:market"):
        put(state, 0, where, "wood")
    put(state, 0, "loc:village", "stone", 2)
    put(state, 0, "loc:road", "stone")
    state = refresh(state)
    refused(state, 0, action, "ALT-12")
    home = {"build_road": "road"}.get(action.kind)
    other = home or ("village" if figure == "market" else "market")
    state.s["players"][0]["figure"] = other  # the same action is legal at its location
    state = refresh(state)
    assert action in state.legal_actions(0)


# -- basic actions (rulebook "Die Basisaktionen") ---------------------------------------------
def test_rulebook_harbor_food_and_stone() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "harbor"
    put(state, 0, "loc:harbor", "fish", 3)
    state = refresh(state)
    assert A.Produce("harbor_food", "food") not in state.legal_actions(0)  # needs fish + food
    stone = state.s["supply"]["stone"]
    state.apply(0, A.Produce("harbor_stone", "stone"))
    assert state.s["supply"]["stone"] == stone - 1
    assert state.s["players"][0]["container"] == {"fish": 2, "stone": 1}
    assert state.s["players"][0]["fields"]["harbor"] == ["fish"]


def test_rulebook_cacao_exchange_per_tile_choice() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "forest"
    put(state, 0, "loc:forest", "cacao", 2)
    state = refresh(state)
    assert kinds(state, 0, "produce") == {
        A.Produce("forest_cacao", g) for g in ("food", "cloth", "glass")
    }
    state.apply(0, A.Produce("forest_cacao", "glass"))
    state.apply(0, A.Produce("forest_cacao", "cloth"))  # the same action, a second cacao
    assert state.s["players"][0]["container"] == {"cacao": 2, "glass": 1, "cloth": 1}


def test_rulebook_goods_without_price_cannot_be_sold() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "market"
    state.s["players"][0]["coins"] = 0
    put(state, 0, "loc:market", "fish")
    put(state, 0, "loc:market", "alpaca")
    put(state, 0, "loc:market", "silver")
    state = refresh(state)
    assert kinds(state, 0, "sell") == {A.Sell("silver")}
    refused(state, 0, A.Sell("fish"), "rulebook: phase 3")  # the fish is there: no price
    state.apply(0, A.Sell("silver"))
    assert state.s["players"][0]["coins"] == state.comps.sale_price["silver"]


def test_rulebook_boat_and_house_need_exact_tiles_at_their_location() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "harbor"
    put(state, 0, "loc:harbor", "wood")
    put(state, 0, "loc:village", "stone", 2)
    state = refresh(state)
    assert not any(a.source == "boat" for a in kinds(state, 0, "produce"))  # 1 wood only
    state.apply(0, A.Move(-1, "village"))
    houses = {a.out for a in kinds(state, 0, "produce") if a.source == "house"}
    assert houses == set(state.s["houses"])


# -- ALT-13 exhausted supplies ------------------------------------------------------------------
def test_alt13_boat_whose_good_is_exhausted() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "harbor"
    put(state, 0, "loc:harbor", "wood", 2)
    take_from_supply(state, "glass")
    state = refresh(state)
    state.apply(0, A.Produce("boat", "glass"))
    p = state.s["players"][0]
    assert p["boats"] == ["glass"] and "glass" not in p["container"]
    conservation(state)


def test_alt13_build_boat_with_no_boats_left() -> None:
    state = at_actions(2)
    s = state.s
    s["players"][0]["figure"] = "harbor"
    s["players"][1]["boats"] = s["boats"]
    s["boats"] = []
    put(state, 0, "loc:harbor", "wood", 2)
    state = refresh(state)
    assert A.Produce("boat", "") in state.legal_actions(0)
    state.apply(0, A.Produce("boat", ""))
    assert state.s["players"][0]["container"] == {"wood": 2}
    assert state.s["players"][0]["boats"] == []


def test_alt13_food_exhausted_farm_food_still_allowed() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca")
    take_from_supply(state, "food")
    state = refresh(state)
    state.apply(0, A.Produce("farm_food", "food"))
    assert state.s["players"][0]["container"] == {"alpaca": 1}
    conservation(state)


def test_alt13_take_order_when_no_order_card_is_left() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    p["figure"], p["coins"] = "market", 2
    s["orders_box"] = sorted(s["orders_box"] + s["orders"])
    s["orders"] = []
    state = refresh(state)
    orders = kinds(state, 0, "buy_order")
    assert orders
    state.apply(0, next(iter(orders)))
    assert state.s["players"][0]["coins"] == 1 and state.s["players"][0]["order"] is None


def test_alt13_buy_cart_when_the_village_has_none() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    p["figure"], p["coins"] = "village", 2
    p["carts"] = [True, False, False]
    s["players"][1]["carts"] = [True, True, True]
    s["carts"] = 0
    state = refresh(state)
    conservation(state)
    carts = kinds(state, 0, "buy_cart")
    assert carts
    state.apply(0, next(iter(carts)))
    assert state.s["players"][0]["coins"] == 1
    assert sum(state.s["players"][0]["carts"]) == 1


# -- ALT-14 paying with coins earned this round ---------------------------------------------------
def test_alt14_extension_paid_with_coins_earned_this_round() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 0, "market"
    set_role(state, 0, "miner")
    strip_with(state, ["wood_for_food"])
    put(state, 0, "loc:market", "glass")
    state = refresh(state)
    assert kinds(state, 0, "buy_extension") == set()
    state.apply(0, A.Sell("glass"))
    pass_round_for_others(state, 0)
    state.apply(0, A.BuyExtension(0))
    assert state.s["players"][0]["ext"] == ["wood_for_food"]
    assert state.s["players"][0]["coins"] == state.comps.sale_price["glass"] - 2


def test_alt14_cart_paid_with_coins_earned_this_round() -> None:
    state = at_actions(2)
    state.s["circle"] = list(CIRCLE)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 0, "market"
    put(state, 0, "loc:market", "wood")
    state = refresh(state)
    state.apply(0, A.Sell("wood"))
    state.apply(0, A.Move(-1, "village"))
    pass_round_for_others(state, 0)
    carts = state.s["carts"]
    state.apply(0, A.BuyCart(0))
    assert state.s["players"][0]["coins"] == 0 and state.s["carts"] == carts - 1


# -- ALT-15 carts ---------------------------------------------------------------------------------
def test_alt15_cart_only_beside_a_field_without_cart() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 3, "village"
    p["carts"][0] = True
    state.s["carts"] -= 1
    state = refresh(state)
    assert kinds(state, 0, "buy_cart") == {A.BuyCart(1), A.BuyCart(2)}
    refused(state, 0, A.BuyCart(0), "ALT-15")


def test_alt15_one_cart_per_round_then_again_next_round() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 3, "village"
    state = refresh(state)
    state.apply(0, A.BuyCart(0))
    pass_round_for_others(state, 0)
    assert kinds(state, 0, "buy_cart") == set()
    refused(state, 0, A.BuyCart(1), "ALT-15")
    state.apply(0, A.Pass())
    draw_and_plan(state)
    state.apply(1, A.Pass())
    state.apply(0, A.BuyCart(1))  # a new round: another cart
    assert state.s["players"][0]["carts"] == [True, True, False]


def test_alt15_no_cart_without_a_coin() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 0, "village"
    state = refresh(state)
    refused(state, 0, A.BuyCart(0), "ALT-15")


# -- ALT-16 extensions ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("role", "extension"),
    [
        ("woodcutter", "wood_for_food"),
        ("fisherman", "fish_for_food"),
        ("shepherd", "alpaca_for_food"),
        ("miner", "ore_for_food"),
        ("farmer", "cacao_for_two_food"),
        ("trader", "buy_alpaca_or_stone"),
        ("stonemason", "stone_or_ore_for_food"),
    ],
)
def test_alt16_no_extension_equal_to_the_role_action(role: str, extension: str) -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 20, "market"
    set_role(state, 0, role)
    strip_with(state, [extension, "coin_movement"])
    state = refresh(state)
    refused(state, 0, A.BuyExtension(0), "ALT-16")
    assert A.BuyExtension(1) in state.legal_actions(0)


def test_alt16_the_two_wildcard_extensions_are_different() -> None:
    state = at_actions(4)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 20, "market"
    give_extension(state, 0, "wildcard_field")
    strip_with(state, ["wildcard_field_2"])
    state = refresh(state)
    state.apply(0, A.BuyExtension(0))
    assert sorted(state.s["players"][0]["ext"]) == ["wildcard_field", "wildcard_field_2"]
    assert set(state.s["players"][0]["wild"]) == {"wildcard_field", "wildcard_field_2"}


def test_alt16_price_needs_enough_coins() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"] = "market"
    set_role(state, 0, "miner")
    strip_with(state, ["coin_movement", "wood_for_food", "buy_cacao"])
    p["coins"] = 3  # prices: 2+0, 2+1, 2+2
    state = refresh(state)
    assert kinds(state, 0, "buy_extension") == {A.BuyExtension(0), A.BuyExtension(1)}
    refused(state, 0, A.BuyExtension(2), "ALT-16")


# -- ALT-17 orders --------------------------------------------------------------------------------
def _ordering() -> AltiplanoState:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 3, "market"
    use_order(state, "order_02")  # wood, wood, stone
    return state


def test_alt17_deliver_only_missing_goods() -> None:
    state = _ordering()
    put(state, 0, "loc:market", "wood", 3)
    state = refresh(state)
    state.apply(0, A.BuyOrder("order_02"))
    pass_round_for_others(state, 0)
    assert kinds(state, 0, "buy_order") == set()  # at most one unfulfilled order
    refused(state, 0, A.BuyOrder(state.s["orders"][0]), "ALT-17")
    assert kinds(state, 0, "deliver") == {A.Deliver("wood")}
    state.apply(0, A.Deliver("wood"))
    state.apply(0, A.Deliver("wood"))
    refused(state, 0, A.Deliver("wood"), "ALT-17")
    assert state.s["players"][0]["fields"]["market"] == ["wood"]


def test_alt17_a_new_order_once_the_last_is_fulfilled() -> None:
    state = _ordering()
    put(state, 0, "loc:market", "wood", 2)
    put(state, 0, "loc:market", "stone")
    state = refresh(state)
    state.apply(0, A.BuyOrder("order_02"))
    pass_round_for_others(state, 0)
    for good in ("wood", "wood", "stone"):
        state.apply(0, A.Deliver(good))
    state.apply(0, A.StoreCorn(0))
    state.apply(0, A.EndTurn())
    assert kinds(state, 0, "buy_order") == {A.BuyOrder(o) for o in state.s["orders"]}
    state.apply(0, A.BuyOrder(state.s["orders"][0]))
    assert state.s["players"][0]["coins"] == 1
    assert state.s["players"][0]["orders_done"] == ["order_02"]


def test_alt17_and_alt18_full_warehouse_order_completes_corn_stays_on_road() -> None:
    state = _ordering()
    fill_warehouse(state, 0)
    put(state, 0, "loc:market", "stone")
    s = state.s
    s["orders"].remove("order_02")
    s["players"][0]["order"] = {"id": "order_02", "delivered": ["wood", "wood"]}
    s["supply"]["wood"] -= 2
    state = refresh(state)
    corn = state.s["supply"]["corn"]
    state.apply(0, A.Deliver("stone"))
    p = state.s["players"][0]
    assert p["orders_done"] == ["order_02"] and p["order"] is None
    assert state.s["supply"]["corn"] == corn and p["pending_corn"] == 0
    assert A.EndTurn() in state.legal_actions(0)
    conservation(state)


def test_alt17_delivered_goods_never_score() -> None:
    state = at_actions(2)
    s = state.s
    use_order(state, "order_14")  # cacao, glass, glass
    s["orders"].remove("order_14")
    s["players"][0]["order"] = {"id": "order_14", "delivered": ["glass"]}
    s["supply"]["glass"] -= 1
    s["players"][0]["houses"] = ["glass"]
    s["houses"].remove("glass")
    state = refresh(state)
    sheet = state.score_sheet()["players"][0]
    assert sheet["goods"] == 0 and sheet["house_bonus"] == 0 and sheet["orders"] == 0


# -- ALT-18 corn ----------------------------------------------------------------------------------
def test_alt18_corn_goes_into_a_started_row_when_no_row_is_free() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["road"] = "road", 1  # the next step gives corn
    fill_warehouse(state, 0, leave_space_in=6)
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    state.apply(0, A.BuildRoad())
    assert kinds(state, 0, "store_corn") == {A.StoreCorn(6)}
    assert state.legal_actions(0) == [A.StoreCorn(6)]  # stored at once, before anything else
    state.apply(0, A.StoreCorn(6))
    assert state.s["players"][0]["warehouse"][6][-1] == "corn"


def test_alt18_corn_buffer_holds_two_then_corn_must_be_stored() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["road"] = "road", 1
    p["buffer"] = 2
    state.s["supply"]["corn"] -= 2
    give_extension(state, 0, "corn_buffer")
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    state.apply(0, A.BuildRoad())
    assert A.BufferCorn() not in state.legal_actions(0)  # the buffer is full
    assert rule_of(state, 0, A.BufferCorn()) == "ALT-18"
    state.apply(0, A.StoreCorn(0))


def test_alt18_corn_buffer_full_and_no_row_corn_stays_on_road() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["road"] = "road", 1
    p["buffer"] = 2
    state.s["supply"]["corn"] -= 2
    give_extension(state, 0, "corn_buffer")
    fill_warehouse(state, 0)
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    corn = state.s["supply"]["corn"]
    state.apply(0, A.BuildRoad())
    assert state.s["supply"]["corn"] == corn
    assert state.s["players"][0]["road"] == 2  # the step itself is still taken


# -- ALT-19 road ----------------------------------------------------------------------------------
def test_alt19_plan_step_gives_a_fifth_planning_field_next_round() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"] = "road"
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    put(state, 0, "bag", "food", 8)
    state = refresh(state)
    state.apply(0, A.BuildRoad())
    pass_round_for_others(state, 0)
    state.apply(0, A.Pass())
    state.apply(0, A.Draw())
    assert state.s["players"][0]["planning"] == {"food": 5}


@pytest.mark.parametrize(("steps", "capacity"), [(0, 4), (1, 5), (2, 5), (3, 6), (5, 7), (7, 8)])
def test_alt19_planning_capacity_per_road_step(steps: int, capacity: int) -> None:
    state = at_actions(2)
    state.s["players"][0]["road"] = steps
    state = refresh(state)
    assert state.planning_capacity(state.s["players"][0]) == capacity


# -- ALT-20 warehouse -----------------------------------------------------------------------------
def _storing() -> AltiplanoState:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "village"
    return state


def test_alt20_right_half_only_after_every_left_row_is_started() -> None:
    state = _storing()
    for i, good in enumerate(["wood", "stone", "ore", "wool", "cloth"]):
        put(state, 0, f"row:{i}", good)
    put(state, 0, "loc:village", "silver")
    put(state, 0, "loc:village", "wood")
    state = refresh(state)
    stores = kinds(state, 0, "store")
    assert stores == {A.Store("silver", 5), A.Store("wood", 0)}


def test_alt20_first_tile_fixes_the_row_good() -> None:
    state = _storing()
    put(state, 0, "row:0", "wood")
    put(state, 0, "loc:village", "stone")
    state = refresh(state)
    refused(state, 0, A.Store("stone", 0), "ALT-20")
    assert kinds(state, 0, "store") == {A.Store("stone", 1)}


def test_alt20_new_row_only_at_the_lowest_unstarted_row() -> None:
    state = _storing()
    put(state, 0, "row:0", "wood")
    put(state, 0, "loc:village", "stone")
    state = refresh(state)
    refused(state, 0, A.Store("stone", 2), "ALT-20")


def test_alt20_full_row_of_a_good_allows_a_new_row_of_it() -> None:
    state = _storing()
    put(state, 0, "row:0", "wood", 3)
    put(state, 0, "row:1", "stone")
    put(state, 0, "loc:village", "wood")
    state = refresh(state)
    assert kinds(state, 0, "store") == {A.Store("wood", 2)}


def test_alt20_corn_row_takes_only_corn_and_corn_goes_there_while_unfinished() -> None:
    state = _storing()
    put(state, 0, "row:0", "corn")
    put(state, 0, "row:1", "glass")
    put(state, 0, "loc:village", "corn")
    put(state, 0, "loc:village", "glass")
    state = refresh(state)
    stores = kinds(state, 0, "store")
    assert stores == {A.Store("corn", 0), A.Store("glass", 1)}
    refused(state, 0, A.Store("glass", 0), "ALT-20")
    refused(state, 0, A.Store("corn", 1), "ALT-20")  # amended 2026-11-26: the corn row first
    refused(state, 0, A.Store("corn", 2), "ALT-20")  # an unfinished corn row exists


def test_alt20_corn_any_started_row_once_no_corn_row_is_unfinished() -> None:
    state = _storing()
    put(state, 0, "row:0", "corn", 3)
    put(state, 0, "row:1", "glass")
    put(state, 0, "loc:village", "corn")
    state = refresh(state)
    assert kinds(state, 0, "store") == {A.Store("corn", 1), A.Store("corn", 2)}


def test_alt20_food_never_stored_even_from_a_wildcard() -> None:
    state = _storing()
    give_extension(state, 0, "wildcard_field")
    put(state, 0, "wild:wildcard_field", "food")
    state = refresh(state)
    assert kinds(state, 0, "store") == set()
    refused(state, 0, A.Store("food", 0), "ALT-20")


def test_alt20_store_several_goods_in_one_action_only_from_the_village() -> None:
    state = _storing()
    put(state, 0, "loc:village", "wool", 2)
    put(state, 0, "loc:village", "ore")
    state = refresh(state)
    state.apply(0, A.Store("ore", 0))
    state.apply(0, A.Store("wool", 1))
    state.apply(0, A.Store("wool", 1))
    assert state.s["players"][0]["warehouse"][:2] == [["ore"], ["wool", "wool"]]
    assert state.s["turn"]["stage"] == "after"
    state.apply(0, A.EndTurn())


# -- ALT-21 end trigger ---------------------------------------------------------------------------
def test_alt21_village_needs_houses_and_carts_gone() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    p["figure"], p["coins"] = "village", 5
    s["players"][1]["houses"] = s["houses"]
    s["houses"] = []
    s["players"][1]["carts"] = [True, True, False]
    s["carts"] = 1  # 6 in the village: 2 first carts, 2 bought by seat 1, 1 left
    s["players"][0]["carts"] = [True, False, False]
    state = refresh(state)
    conservation(state)
    state.apply(0, A.BuyCart(1))
    assert state.s["end_round"] == 2


def test_alt21_houses_gone_alone_is_no_trigger() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    p["figure"] = "village"
    s["houses"] = ["glass"]
    s["players"][1]["houses"] = [h for h in state.comps.houses if h != "glass"]
    put(state, 0, "loc:village", "stone", 2)
    state = refresh(state)
    state.apply(0, A.Produce("house", "glass"))
    assert state.s["houses"] == [] and state.s["carts"] > 0
    assert state.s["end_round"] is None


def test_alt21_market_glass_and_orders() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    p["figure"], p["coins"] = "market", 2
    take_from_supply(state, "glass")
    s["orders_box"] += s["orders"][1:]
    s["orders"] = s["orders"][:1]
    s["orders_box"].sort()
    state = refresh(state)
    state.apply(0, A.BuyOrder(state.s["orders"][0]))
    assert state.s["end_round"] == 2


def test_alt21_centre_is_not_a_location() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca")
    take_from_supply(state, "food", leave=1)
    state = refresh(state)
    state.apply(0, A.Produce("farm_food", "food"))
    assert state.s["supply"]["food"] == 0
    assert state.s["end_round"] is None


def test_alt21_road_corn_gone_triggers() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["road"] = "road", 1
    take_from_supply(state, "corn", leave=1)
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    state.apply(0, A.BuildRoad())
    state.apply(0, A.StoreCorn(0))
    assert state.s["supply"]["corn"] == 0 and state.s["end_round"] == 2


def test_alt21_trigger_mid_round_then_exactly_one_more_full_round() -> None:
    state = at_actions(3)
    s = state.s
    s["players"][1]["figure"] = "forest"
    put(state, 1, "loc:forest", "food", 2)
    take_from_supply(state, "cacao")
    take_from_supply(state, "wood", leave=1)
    state = refresh(state)
    state.apply(0, A.Pass())
    state.apply(1, A.Produce("forest_wood", "wood"))  # triggers in round 1
    state.apply(1, A.EndTurn())
    state.apply(2, A.Pass())
    assert not state.is_over() and state.to_move() == (1,)  # the round goes on
    state.apply(1, A.Pass())
    assert state.s["round"] == 2 and state.s["start"] == 1 and not state.is_over()
    draw_and_plan(state)
    for seat in (1, 2, 0):
        assert not state.is_over()
        state.apply(seat, A.Pass())
    assert state.is_over()


def test_alt21_strip_trigger_in_phase4_then_one_more_round() -> None:
    state = at_actions(2)
    s = state.s
    s["ext_box"].extend(s["stack"])
    s["stack"] = []
    state = refresh(state)
    state.apply(0, A.Pass())
    state.apply(1, A.Pass())
    assert not state.is_over() and state.s["round"] == 2
    draw_and_plan(state)
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    assert state.is_over()


def test_alt21_harbor_needs_fish_and_boats_gone() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    p["figure"] = "harbor"
    take_from_supply(state, "fish")
    keep = s["boats"][0]
    s["players"][1]["boats"] = s["boats"][1:]
    s["boats"] = [keep]
    put(state, 0, "loc:harbor", "wood", 2)
    state = refresh(state)
    assert state.s["end_round"] is None  # no fish, one boat left
    state.apply(0, A.Produce("boat", keep))
    assert state.s["end_round"] == 2


def test_alt21_second_trigger_in_the_last_round_changes_nothing() -> None:
    state = at_actions(2)
    s = state.s
    s["end_round"] = 1  # triggered earlier: round 1 is the last round
    s["players"][0]["figure"] = "forest"
    put(state, 0, "loc:forest", "food", 2)
    take_from_supply(state, "cacao")
    take_from_supply(state, "wood", leave=1)
    state = refresh(state)
    state.apply(0, A.Produce("forest_wood", "wood"))
    assert state.s["end_round"] == 1
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    assert state.is_over()


def test_alt21_stack_that_refills_exactly_is_no_trigger() -> None:
    state = at_actions(2)
    s = state.s
    s["ext_box"].extend(s["stack"][1:])  # exactly one card left for phase 4
    s["stack"] = s["stack"][:1]
    state = refresh(state)
    state.apply(0, A.Pass())
    state.apply(1, A.Pass())  # nobody bought: the bottom card goes, the last card refills
    assert state.s["end_round"] is None and None not in state.s["strip"]
    draw_and_plan(state)
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    assert state.s["end_round"] == 3 and state.s["strip"][-1] is None


# -- ALT-22 scoring -------------------------------------------------------------------------------
def _over(state: AltiplanoState) -> AltiplanoState:
    state.s["phase"] = "over"
    state.s["turn"] = {"seat": 0, "stage": "before", "cont": None}
    return refresh(state)


def test_alt22_house_bonus_counts_every_owned_tile_including_warehouse() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    s["houses"].remove("silver")
    p["houses"] = ["silver"]
    put(state, 0, "row:0", "silver", 2)
    put(state, 0, "bag", "silver")
    put(state, 0, "loc:mine", "silver")
    state = refresh(state)
    sheet = state.score_sheet()["players"][0]
    assert sheet["house_bonus"] == 4
    assert sheet["goods"] == 4 * state.comps.vp["silver"]
    assert sheet["houses"] == 4


def test_alt22_only_completed_rows_score() -> None:
    state = at_actions(2)
    put(state, 0, "row:0", "wood", 3)
    put(state, 0, "row:1", "stone", 2)
    put(state, 0, "row:2", "corn", 3)
    state = refresh(state)
    sheet = state.score_sheet()["players"][0]
    assert sheet["rows"] == state.comps.rows[0].points + state.comps.rows[2].points


def test_alt22_tie_broken_by_coins_then_shared() -> None:
    state = at_actions(2)
    s = state.s
    for seat in (0, 1):
        s["players"][seat]["coins"] = 3
        put(state, seat, "container", "glass")
    s["players"][1]["coins"] = 4
    state = _over(state)
    assert state.scores()[0] == state.scores()[1]
    assert state.winners() == [1]
    state.s["players"][1]["coins"] = 3
    state = refresh(state)
    assert state.winners() == [0, 1]


def _final_storage(*bag: str) -> AltiplanoState:
    """Seat 0 owns the final-storage extension, has 1 wood in row 1 and `bag` in its bag; the
    last round is being played and both seats pass into the final storage."""
    state = at_actions(2)
    state.s["end_round"] = 1
    give_extension(state, 0, "final_storage")
    put(state, 0, "row:0", "wood")
    for good in bag:
        put(state, 0, "bag", good)
    state = refresh(state)
    state.apply(0, A.Pass())
    state.apply(1, A.Pass())
    assert state.s["phase"] == "final" and state.to_move() == (0,)
    return state


def test_alt22_final_storage_no_new_rows() -> None:
    state = _final_storage("wood", "stone")
    state.apply(0, A.FinalDraw())
    assert kinds(state, 0, "store") == {A.Store("wood", 0)}
    assert A.Store("stone", 1) not in state.legal_actions(0)
    assert_unchanged_on_error(state, lambda s: s.apply(0, A.Store("stone", 1)))
    state.apply(0, A.Store("wood", 0))
    state.apply(0, A.FinalDone())
    assert state.is_over()
    assert state.s["players"][0]["warehouse"][:2] == [["wood", "wood"], []]


def test_alt22_final_storage_refusals_name_the_final_storage_rule() -> None:
    state = _final_storage("wood", "stone")
    state.apply(0, A.FinalDraw())
    assert rule_of(state, 0, A.FinalDraw()) == "ALT-22"  # one draw only
    assert rule_of(state, 0, A.Store("stone", 1)) in ("ALT-22", "ALT-20")  # no new rows


# -- ALT-23 / ALT-24 missions ---------------------------------------------------------------------
def test_alt23_four_players_pass_left_and_right() -> None:
    state = new_state(4, missions=True)
    s = state.s
    hands = [list(p["hand"]) for p in s["players"]]
    for seat in range(4):
        state.apply(seat, A.KeepMission(hands[seat][0]))
    for seat in range(4):
        state.apply(seat, A.PassMission(hands[seat][1]))  # to the left (next seat)
    for seat in range(4):
        received = {hands[(seat - 1) % 4][1], hands[(seat + 1) % 4][2]}
        assert set(state.s["players"][seat]["hand"]) == received
    for seat in range(4):
        state.apply(seat, A.KeepMission(state.s["players"][seat]["hand"][0]))
    assert state.s["phase"] == "draw"
    assert all(len(p["missions"]) == 2 for p in state.s["players"])
    conservation(state)


def test_alt23_missions_secret_until_fulfilled() -> None:
    state = at_actions(2, missions=True)
    s = state.s
    _own_mission(state, 0, "build_3_boats")
    s["players"][0]["figure"] = "harbor"
    s["boats"] = [b for b in s["boats"] if b not in ("stone", "ore")]
    s["players"][0]["boats"] = ["stone", "ore"]
    put(state, 0, "loc:harbor", "wood", 2)
    state = refresh(state)
    assert "build_3_boats" not in state.view(1)["state"]["players"][0]["missions"]
    state.apply(0, A.Produce("boat", "fish"))
    assert "build_3_boats" in state.view(1)["state"]["players"][0]["missions"]


def _own_mission(state: AltiplanoState, seat: int, mission: str) -> None:
    s = state.s
    places = [s["mission_deck"], s["missions_box"]] + [p["missions"] for p in s["players"]]
    for place in places:
        if mission in place:
            place.remove(mission)
            break
    mine = s["players"][seat]["missions"]
    mine.append(mission)
    if len(mine) > 2:
        s["mission_deck"].append(mine.pop(0))


def test_alt24_first_order_by_another_player_spoils_the_mission() -> None:
    state = at_actions(2, missions=True)
    s = state.s
    _own_mission(state, 1, "first_order")
    use_order(state, "order_02")
    s["orders"].remove("order_02")
    s["players"][0]["order"] = {"id": "order_02", "delivered": ["wood", "wood"]}
    s["supply"]["wood"] -= 2
    s["players"][0]["figure"] = "market"
    put(state, 0, "loc:market", "stone")
    state = refresh(state)
    state.apply(0, A.Deliver("stone"))
    state.apply(0, A.StoreCorn(0))
    assert state.s["firsts"].get("order") == 0
    state = _over(state)
    assert state.score_sheet()["players"][1]["detail"]["missions"]["first_order"] == 0


def test_alt24_first_full_fish_row_scores_for_owner() -> None:
    state = at_actions(2, missions=True)
    _own_mission(state, 0, "first_full_fish_row")
    state.s["players"][0]["figure"] = "village"
    put(state, 0, "row:0", "fish", 2)
    put(state, 0, "loc:village", "fish")
    state = refresh(state)
    state.apply(0, A.Store("fish", 0))
    assert "first_full_fish_row" in state.s["players"][0]["revealed"]
    state = _over(state)
    points = state.comps.missions["first_full_fish_row"]
    assert state.score_sheet()["players"][0]["detail"]["missions"]["first_full_fish_row"] == points


def test_alt24_more_stone_than_each_other_player_excludes_orders() -> None:
    state = at_actions(3, missions=True)
    s = state.s
    _own_mission(state, 0, "most_stone")
    put(state, 0, "container", "stone", 2)
    put(state, 1, "container", "stone", 1)
    use_order(state, "order_03")  # stone, stone, ore
    s["orders"].remove("order_03")
    s["players"][1]["order"] = {"id": "order_03", "delivered": ["stone", "stone"]}
    s["supply"]["stone"] -= 2
    state = _over(state)
    points = state.comps.missions["most_stone"]
    assert state.score_sheet()["players"][0]["detail"]["missions"]["most_stone"] == points
    put(state, 2, "container", "stone", 2)  # a tie with seat 2 is not "more"
    state = refresh(state)
    assert state.score_sheet()["players"][0]["detail"]["missions"]["most_stone"] == 0


def test_alt24_seven_kinds_counts_corn_and_is_revealed_when_stored() -> None:
    state = at_actions(2, missions=True)
    _own_mission(state, 0, "store_7_kinds")
    state.s["players"][0]["figure"] = "village"
    for i, good in enumerate(["wood", "stone", "ore", "wool", "cloth", "silver"]):
        put(state, 0, f"row:{i}", good)
    put(state, 0, "loc:village", "corn")
    state = refresh(state)
    assert "store_7_kinds" not in state.s["players"][0]["revealed"]
    state.apply(0, A.Store("corn", 6))  # the 7th kind is corn, in a row of its own
    assert "store_7_kinds" in state.s["players"][0]["revealed"]
    state = _over(state)
    points = state.comps.missions["store_7_kinds"]
    assert state.score_sheet()["players"][0]["detail"]["missions"]["store_7_kinds"] == points


def test_alt24_four_rows_without_corn_ignores_rows_holding_corn() -> None:
    state = at_actions(2, missions=True)
    _own_mission(state, 0, "4_rows_without_corn")
    state.s["players"][0]["figure"] = "village"
    for i, good in enumerate(["wood", "stone", "ore"]):
        put(state, 0, f"row:{i}", good, 3)
    put(state, 0, "row:3", "wool", 2)
    put(state, 0, "row:3", "corn")  # complete, but holds corn
    put(state, 0, "row:4", "cloth", 2)
    put(state, 0, "loc:village", "cloth")
    state = refresh(state)
    assert "4_rows_without_corn" not in state.s["players"][0]["revealed"]
    state.apply(0, A.Store("cloth", 4))
    assert "4_rows_without_corn" in state.s["players"][0]["revealed"]


def test_alt22_score_sheet_parts_add_up_to_the_total() -> None:
    state = at_actions(2)
    s = state.s
    p = s["players"][0]
    s["houses"].remove("wood")
    p["houses"] = ["wood"]
    s["boats"].remove("ore")
    p["boats"] = ["ore"]
    put(state, 0, "row:0", "wood", 3)
    put(state, 0, "container", "glass")
    state = _over(state)
    sheet = state.score_sheet()
    assert sheet["final"] is True
    me = sheet["players"][0]
    vp = state.comps.vp
    assert me["goods"] == 3 * vp["wood"] + vp["glass"]
    assert me["house_bonus"] == 3 and me["houses"] == 4 and me["boats"] == 2
    assert me["rows"] == state.comps.rows[0].points
    parts = ("goods", "boats", "houses", "orders", "house_bonus", "rows", "missions")
    assert me["total"] == sum(me[k] for k in parts) == state.scores()[0]
