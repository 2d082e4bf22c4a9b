"""One test (at least) per ruling ALT-1 … ALT-24: each fails if its ruling is broken."""

from __future__ import annotations

from typing import Any

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

from meeple.engine import IllegalAction, OptionsError
from meeple.engine.testing import assert_unchanged_on_error
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A


def rule_of(state: AltiplanoState, seat: int, action: A.Action) -> str:
    message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))
    return message[1 : message.index("]")]


def _finish_draw_and_plan(state: AltiplanoState) -> None:
    """Everybody draws and declares planning done at once."""
    n = state.num_players
    for seat in range(n):
        state.apply(seat, A.Draw())
    for k in range(n):
        state.apply((state.s["start"] + k) % n, A.Done())


# -- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_alt1_food_is_36_and_209_tiles(players: int) -> None:
    state = new_state(players)
    assert state.comps.tiles["food"] == 36
    assert sum(state.comps.tiles.values()) == 209
    food_in_bags = sum(p["bag"].get("food", 0) for p in state.s["players"])
    assert state.s["supply"]["food"] + food_in_bags == 36


@pytest.mark.parametrize(("players", "carts", "orders"), [(2, 6, 10), (3, 9, 10), (4, 12, 12)])
def test_alt2_supplies_first_carts_and_orders(players: int, carts: int, orders: int) -> None:
    state = new_state(players)
    s = state.s
    assert s["carts"] == carts - players  # first carts come from the village
    assert len(s["orders"]) == orders
    assert len(s["orders_box"]) == 16 - orders
    conservation(state)


def test_alt3_extension_stack_and_strip() -> None:
    state = new_state(2, seed=4)
    comps, s = state.comps, state.s
    assert all(comps.extensions[e].players_min <= 2 for e in s["stack"] + s["strip"])
    assert all(comps.extensions[e].players_min > 2 for e in s["ext_out"])
    letters = [comps.extensions[e].letter for e in s["stack"]]
    assert letters == sorted(letters, reverse=True)  # D at the bottom ... A on top (list end)
    # revealed from the top of the stack onto the strip from the bottom space up
    assert [comps.extensions[e].letter for e in s["strip"]] == ["A"] * 5
    other = new_state(2, seed=4)
    assert other.s["strip"] == s["strip"]


def test_alt4_random_roles_and_starting_goods() -> None:
    state = new_state(3, seed=2)
    for p in state.s["players"]:
        role = state.comps.roles[p["role"]]
        for good, n in role.start:
            if good == "coins":
                assert p["coins"] == n
            else:
                assert p["bag"].get(good, 0) == n
    conservation(state)


def test_alt4_role_draft_order_last_player_first() -> None:
    state = new_state(3, role_draft=True)
    assert state.to_move() == (2,)
    assert rule_of(state, 0, A.ChooseRole("miner")) == "turn order"
    state.apply(2, A.ChooseRole("miner"))
    assert state.to_move() == (1,)
    assert A.ChooseRole("miner") not in state.legal_actions(1)
    state.apply(1, A.ChooseRole("trader"))
    state.apply(0, A.ChooseRole("farmer"))
    assert state.s["phase"] == "draw"
    assert state.s["players"][2]["bag"] == {"food": 2, "fish": 1, "ore": 1}


def test_alt5_start_player_passes_left() -> None:
    state = new_state(3)
    assert state.s["start"] == 0
    _finish_draw_and_plan(state)
    for seat in (0, 1, 2):
        state.apply(seat, A.Pass())
    assert state.s["start"] == 1 and state.s["phase"] == "draw" and state.s["round"] == 2


def test_alt5_the_table_may_choose_the_start_player() -> None:
    state = AltiplanoState.new({"players": 3, "role_draft": True, "start_player": 2}, 4)
    assert state.s["start"] == 2
    assert state.to_move() == (1,)  # ALT-4: the draft starts right of the start player
    with pytest.raises(OptionsError, match="start_player"):
        AltiplanoState.new({"players": 3, "start_player": 3}, 4)


# -- phase 1 ----------------------------------------------------------------------------------
def test_alt6_take_back_before_draw_then_fill() -> None:
    state = at_actions(2)
    s = state.s
    s["phase"] = "draw"
    put(state, 0, "loc:harbor", "fish")
    put(state, 0, "row:0", "wood")
    put(state, 0, "bag", "wood", 5)
    state = refresh(state)
    actions = state.legal_actions(0)
    assert A.TakeBackTile("loc:harbor", "fish") in actions
    assert not any(a.kind == "take_back_tile" and a.good == "wood" for a in actions)
    state.apply(0, A.TakeBackTile("loc:harbor", "fish"))
    state.apply(0, A.Draw())
    assert state.s["players"][0]["planning"] == {"fish": 1, "wood": 3}
    assert rule_of(state, 0, A.TakeBackTile("loc:harbor", "fish")) == "turn order"


def test_alt6_no_take_back_onto_full_planning() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    put(state, 0, "planning", "wood", 4)
    put(state, 0, "loc:farm", "alpaca")
    state = refresh(state)
    assert rule_of(state, 0, A.TakeBackTile("loc:farm", "alpaca")) == "ALT-6"


def test_alt6_coins_back_from_extension_and_bag_refill_from_container() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    give_extension(state, 0, "buy_cacao")
    state.s["players"][0]["ext_fields"]["buy_cacao"] = {"coins": 1}
    state.s["players"][0]["coins"] = 0
    put(state, 0, "bag", "wood", 1)
    put(state, 0, "container", "stone", 2)
    state = refresh(state)
    state.apply(0, A.TakeBackCoin("ext:buy_cacao"))
    assert state.s["players"][0]["coins"] == 1
    state.apply(0, A.Draw())
    p = state.s["players"][0]
    assert p["planning"] == {"wood": 1, "stone": 2}  # 3 tiles: the 4th field stays empty
    assert p["bag"] == {} and p["container"] == {}


def test_alt6_draws_are_seeded_and_counted() -> None:
    one, two = new_state(2, seed=9), new_state(2, seed=9)
    before = one.reveal_count
    one.apply(0, A.Draw())
    two.apply(0, A.Draw())
    assert one.s["players"][0]["planning"] == two.s["players"][0]["planning"]
    assert one.reveal_count == before + 1


def test_alt7_swap_extension_after_draw() -> None:
    state = at_actions(2)
    state.s["phase"] = "draw"
    give_extension(state, 0, "swap_planning_tile")
    put(state, 0, "bag", "food", 4)
    put(state, 0, "container", "glass", 1)
    state = refresh(state)
    state.apply(0, A.Draw())
    assert state.s["phase"] == "draw" and state.to_move() == (0, 1)
    assert state.legal_actions(0)[0] == A.SwapSkip()
    state.apply(0, A.SwapDiscard("food"))
    assert rule_of(state, 0, A.SwapDiscard("food")) == "ALT-7"
    state.apply(0, A.SwapPick("glass"))
    assert state.s["players"][0]["planning"] == {"food": 3, "glass": 1}
    state.apply(1, A.Draw())
    assert state.s["phase"] == "plan"


# -- phase 2 ----------------------------------------------------------------------------------
def _planning_state() -> AltiplanoState:
    state = at_actions(2)
    state.s["phase"] = "plan"
    set_role(state, 0, "trader")
    state.s["players"][0]["coins"] = 2
    put(state, 0, "planning", "alpaca")
    put(state, 0, "planning", "cacao")
    put(state, 0, "planning", "food", 2)
    return refresh(state)


def test_alt8_location_fields_take_only_inputs() -> None:
    state = _planning_state()
    actions = state.legal_actions(0)
    assert A.Place("loc:farm", "alpaca") in actions
    assert A.Place("loc:forest", "cacao") in actions
    assert rule_of(state, 0, A.Place("loc:farm", "cacao")) == "ALT-8"
    assert rule_of(state, 0, A.Place("loc:road", "food")) == "ALT-8"
    assert rule_of(state, 0, A.Place("loc:village", "food")) == "ALT-8"  # food is never stored


def test_alt8_market_takes_a_good_only_if_a_market_action_could_still_use_it() -> None:
    """Amended 2026-11-26: a good without a sale price goes on a market field only while it is
    missing on the player's own order or on an order card still at the market. Cards removed at
    setup or taken by other players do not count."""
    state = _planning_state()
    s = state.s
    s["orders"] = ["order_02", "order_05"]  # wood, wood, stone; alpaca, wool, wool
    s["players"][1]["order"] = {"id": "order_01", "delivered": []}  # fish, fish, alpaca, alpaca
    s["orders_box"] = sorted(set(state.comps.orders) - {"order_01", "order_02", "order_05"})
    put(state, 0, "planning", "fish")
    put(state, 0, "planning", "glass")
    state = refresh(state)
    conservation(state)
    places = set(state.legal_actions(0))
    assert A.Place("loc:market", "glass") in places  # sale price
    assert A.Place("loc:market", "cacao") in places  # sale price
    assert A.Place("loc:market", "alpaca") in places  # on an order card at the market
    # every fish order was removed at setup or is seat 1's: no market action can use a fish
    assert A.Place("loc:market", "fish") not in places
    assert rule_of(state, 0, A.Place("loc:market", "fish")) == "ALT-8"

    s = state.s
    s["orders_box"].remove("order_06")  # fish, ore, ore: now seat 0's own order
    s["players"][0]["order"] = {"id": "order_06", "delivered": []}
    state = refresh(state)
    state.apply(0, A.Place("loc:market", "fish"))  # missing on the own order
    state.apply(0, A.Unplace("loc:market", "fish"))
    s = state.s
    s["players"][0]["order"]["delivered"] = ["fish"]  # ... and no longer missing
    s["supply"]["fish"] -= 1
    state = refresh(state)
    conservation(state)
    assert rule_of(state, 0, A.Place("loc:market", "fish")) == "ALT-8"

    s = state.s
    s["orders_box"].remove("order_11")  # fish, cacao, glass: laid out at the market
    s["orders"] = sorted([*s["orders"], "order_11"])
    state = refresh(state)
    state.apply(0, A.Place("loc:market", "fish"))


def test_alt8_role_extension_movement_and_coin_fields() -> None:
    state = _planning_state()
    give_extension(state, 0, "cacao_for_two_food")
    give_extension(state, 0, "wildcard_field")
    state = refresh(state)
    assert A.Place("role", "coins") in state.legal_actions(0)  # trader: coin field
    assert rule_of(state, 0, A.Place("role", "food")) == "ALT-8"
    state.apply(0, A.Place("ext:cacao_for_two_food", "food"))
    state.apply(0, A.Place("ext:cacao_for_two_food", "food"))
    assert rule_of(state, 0, A.Place("ext:cacao_for_two_food", "food")) == "ALT-8"
    assert rule_of(state, 0, A.Place("move:0", "alpaca")) == "ALT-8"
    assert rule_of(state, 0, A.Place("move:0", "coins")) == "ALT-8"  # no coin-movement
    state.apply(0, A.Place("wild:wildcard_field", "cacao"))  # wildcards take any tile
    state.apply(0, A.Place("role", "coins"))
    assert state.s["players"][0]["coins"] == 1


def test_alt8_coin_movement_extension() -> None:
    state = _planning_state()
    give_extension(state, 0, "coin_movement")
    state = refresh(state)
    state.apply(0, A.Place("move:1", "coins"))
    assert state.s["players"][0]["move"][1] == "coins"


def test_alt8_farm_placement_examples() -> None:
    """Rulebook: alpaca + food at the farm makes wool; 1 alpaca alone makes food; 2 alpaca make
    2 food in one action, or 1 food leaving the other alpaca on its field."""
    state = at_actions(2)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca")
    put(state, 0, "loc:farm", "food")
    state = refresh(state)
    assert A.Produce("farm_wool", "wool") in state.legal_actions(0)
    state.apply(0, A.Produce("farm_wool", "wool"))
    assert state.s["players"][0]["container"] == {"alpaca": 1, "food": 1, "wool": 1}

    state = at_actions(2)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca", 2)
    state = refresh(state)
    assert A.Produce("farm_wool", "wool") not in state.legal_actions(0)
    state.apply(0, A.Produce("farm_food", "food"))
    assert A.Produce("farm_food", "food") in state.legal_actions(0)  # same action, 2nd alpaca
    kept = state.clone()
    state.apply(0, A.Produce("farm_food", "food"))
    assert state.s["players"][0]["container"] == {"alpaca": 2, "food": 2}
    kept.apply(0, A.EndTurn())
    assert kept.s["players"][0]["fields"]["farm"] == ["alpaca"]


def test_alt9_old_tiles_stay_and_are_completed_later() -> None:
    state = at_actions(2)
    state.s["phase"] = "plan"
    put(state, 0, "loc:farm", "wool")  # placed in an earlier round
    put(state, 0, "planning", "food")
    state = refresh(state)
    assert rule_of(state, 0, A.Unplace("loc:farm", "wool")) == "ALT-9"
    state.apply(0, A.Place("loc:farm", "food"))
    state.apply(0, A.Unplace("loc:farm", "food"))  # new tiles may be moved until done
    state.apply(0, A.Place("loc:farm", "food"))
    state.apply(0, A.Done())
    state.apply(1, A.Done())
    state.apply(0, A.PlaceFigure("farm"))
    assert A.Produce("farm_cloth", "cloth") in state.legal_actions(0)


def test_alt10_done_in_order_and_simultaneous_planning() -> None:
    state = new_state(3)
    for seat in range(3):
        state.apply(seat, A.Draw())
    assert state.s["phase"] == "plan"
    assert set(state.to_move()) == {0, 1, 2}
    assert rule_of(state, 1, A.Done()) == "ALT-10"
    state.apply(0, A.Done())
    assert rule_of(state, 0, A.Place("loc:farm", "food")) == "turn order"  # done is final
    state.apply(1, A.Done())
    state.apply(2, A.Done())
    assert state.s["phase"] == "actions"


# -- phase 3 ----------------------------------------------------------------------------------
def test_alt11_one_action_per_turn_and_pass_is_final() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "farm"
    put(state, 0, "loc:farm", "alpaca", 2)
    put(state, 0, "loc:forest", "food", 2)
    state = refresh(state)
    state.apply(0, A.Produce("farm_food", "food"))
    state.apply(0, A.Move(-1, "forest"))
    assert rule_of(state, 0, A.Produce("forest_wood", "wood")) == "ALT-11"
    assert rule_of(state, 0, A.Produce("farm_food", "food")) == "ALT-11"
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    assert state.to_move() == (0,)
    state.apply(0, A.Produce("forest_wood", "wood"))
    state.apply(0, A.EndTurn())
    assert state.to_move() == (0,)  # seat 1 passed and does nothing more
    state.apply(0, A.Pass())
    assert state.s["phase"] == "draw"


def test_alt12_figure_movement() -> None:
    state = at_actions(2)
    s = state.s
    s["circle"] = ["village", "market", "road", "harbor", "farm", "mine", "forest"]
    put(state, 0, "loc:mine", "food", 2)
    put(state, 0, "move:0", "food")
    put(state, 0, "move:1", "food")
    s["players"][0]["carts"][1] = True
    s["carts"] -= 1
    state = refresh(state)
    assert rule_of(state, 0, A.Move(-1, "farm")) == "ALT-12"  # figure not yet on the board
    state.apply(0, A.PlaceFigure("village"))
    moves = {a for a in state.legal_actions(0) if a.kind == "move"}
    assert A.Move(0, "market") in moves and A.Move(0, "forest") in moves
    assert A.Move(0, "road") not in moves  # food alone: 1 step
    assert A.Move(1, "harbor") in moves  # food + bought cart: up to 3 steps
    assert A.Move(-1, "farm") in moves and A.Move(-1, "harbor") in moves
    assert rule_of(state, 0, A.Produce("mine_stone", "stone")) == "ALT-12"  # not at the mine
    state.apply(0, A.Move(-1, "mine"))
    assert rule_of(state, 0, A.Move(-1, "forest")) == "ALT-12"  # top cart once a round
    state.apply(0, A.Produce("mine_stone", "stone"))
    state.apply(0, A.Move(0, "forest"))  # and movement after the action
    assert state.s["players"][0]["container"]["food"] == 3


def _one_action_at_the_farm(figure: str) -> AltiplanoState:
    """Seat 0 to act, figure at `figure`, top cart unused, no coins, and one alpaca on the farm:
    the farm is the only location with an action (farm_food)."""
    state = at_actions(2)
    s = state.s
    s["circle"] = ["village", "market", "road", "harbor", "farm", "mine", "forest"]
    s["players"][0]["figure"] = figure
    s["players"][0]["coins"] = 0
    put(state, 0, "loc:farm", "alpaca")
    return state


def test_alt12_a_player_who_moved_does_not_pass() -> None:
    """Amended 2026-11-26: movement comes before and/or after the action; a player who passes
    does not move in that turn, so moving and then passing is refused."""
    state = refresh(_one_action_at_the_farm("village"))
    assert A.Pass() in state.legal_actions(0)  # nothing moved yet
    state.apply(0, A.Move(-1, "farm"))
    assert state.legal_actions(0) == [A.Produce("farm_food", "food")]
    assert rule_of(state, 0, A.Pass()) == "ALT-12"
    assert rule_of(state, 0, A.EndTurn()) == "ALT-12"
    state.apply(0, A.Produce("farm_food", "food"))
    state.apply(0, A.EndTurn())


def test_alt12_a_move_before_the_action_only_where_an_action_can_follow() -> None:
    """Amended 2026-11-26: a move is offered only where an action can still follow it in that
    turn, counting the journeys left after it; moves after the action go anywhere."""
    state = _one_action_at_the_farm("village")
    put(state, 0, "move:0", "food")  # one step, no cart
    state = refresh(state)
    moves = {a for a in state.legal_actions(0) if a.kind == "move"}
    # the top cart first: the food's single step must then reach the farm
    assert {m.to for m in moves if m.via == -1} == {"harbor", "farm", "mine"}
    # the food first: the top cart's three steps then reach the farm from either neighbour
    assert {m.to for m in moves if m.via == 0} == {"market", "forest"}
    message = assert_unchanged_on_error(state, lambda s: s.apply(0, A.Move(-1, "road")))
    assert message.startswith("[ALT-12]") and "an action can still follow" in message
    state.apply(0, A.Move(0, "forest"))
    assert state.legal_actions(0) == [A.Move(-1, "farm")]  # the one journey left must get there
    state.apply(0, A.Move(-1, "farm"))
    state.apply(0, A.Produce("farm_food", "food"))

    state = refresh(_one_action_at_the_farm("farm"))
    # at the farm, the top cart would leave no journey to come back with: no move before
    assert state.legal_actions(0) == [A.Produce("farm_food", "food"), A.Pass()]
    assert rule_of(state, 0, A.Move(-1, "mine")) == "ALT-12"
    state.apply(0, A.Produce("farm_food", "food"))
    others = {"village", "market", "road", "harbor", "mine", "forest"}
    assert {a.to for a in state.legal_actions(0) if a.kind == "move"} == others  # after: free
    state.apply(0, A.Move(-1, "road"))
    state.apply(0, A.EndTurn())


def test_alt12_no_action_anywhere_leaves_only_the_pass() -> None:
    state = _one_action_at_the_farm("village")
    state.s["players"][0]["fields"]["farm"] = []
    state.s["supply"]["alpaca"] += 1
    state = refresh(state)
    assert state.legal_actions(0) == [A.Pass()]
    assert rule_of(state, 0, A.Move(-1, "market")) == "ALT-12"


def test_alt13_exhausted_output_is_not_received() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "mine"
    put(state, 0, "loc:mine", "food", 2)
    state.s["box"]["stone"] += state.s["supply"]["stone"]
    state.s["supply"]["stone"] = 0
    state = refresh(state)
    state.apply(0, A.Produce("mine_stone", "stone"))
    assert state.s["players"][0]["container"] == {"food": 2}
    conservation(state)


def test_alt14_coins_earned_this_round_pay_basic_actions() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 0, "market"
    put(state, 0, "loc:market", "glass")
    state = refresh(state)
    assert not any(a.kind == "buy_order" for a in state.legal_actions(0))
    state.apply(0, A.Sell("glass"))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    order = state.s["orders"][0]
    state.apply(0, A.BuyOrder(order))
    assert state.s["players"][0]["coins"] == state.comps.sale_price["glass"] - 1


def test_alt15_carts() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 5, "village"
    state = refresh(state)
    state.apply(0, A.BuyCart(2))
    assert state.s["players"][0]["carts"] == [False, False, True]
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    assert rule_of(state, 0, A.BuyCart(0)) == "ALT-15"  # one per round
    state.s["players"][0]["bought_cart"] = False
    state.s["players"][0]["carts"] = [True, True, True]
    state.s["carts"] -= 2
    state = refresh(state)
    assert rule_of(state, 0, A.BuyCart(0)) == "ALT-15"  # 4 carts in all


def test_alt15_bought_cart_usable_at_once() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 1, "village"
    state.s["circle"] = ["village", "market", "road", "harbor", "farm", "mine", "forest"]
    put(state, 0, "move:1", "food")
    state = refresh(state)
    assert A.Move(1, "harbor") not in state.legal_actions(0)
    state.apply(0, A.BuyCart(1))
    assert A.Move(1, "harbor") in state.legal_actions(0)


def _market_with_strip(coins: int) -> AltiplanoState:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = coins, "market"
    state.s["strip"] = ["alpaca_for_food", "wood_for_food", "buy_cacao", "ore_for_fish", None]
    for eid in state.s["strip"][:4]:
        if eid in state.s["stack"]:
            state.s["stack"].remove(eid)
    state.s["stack"].extend(state.s["ext_box"])
    state.s["ext_box"] = []
    return state


def test_alt16_extension_price_example() -> None:
    """Rulebook: the second-lowest card costs 3 coins (2 for the card and 1 for the space)."""
    state = _market_with_strip(3)
    put_back = [e for e in ("alpaca_for_food", "wood_for_food", "buy_cacao", "ore_for_fish")]
    state.s["stack"] = [e for e in state.s["stack"] if e not in put_back]
    state.s["stack"] += [e for e in state.comps.extensions if _nowhere(state, e)]
    set_role(state, 0, "miner")
    state = refresh(state)
    assert state.comps.extensions["wood_for_food"].cost == 2
    assert state.extension_price(1) == 3
    state.apply(0, A.BuyExtension(1))
    assert state.s["players"][0]["coins"] == 0 and state.s["players"][0]["ext"] == ["wood_for_food"]


def _nowhere(state: AltiplanoState, eid: str) -> bool:
    s = state.s
    places = s["stack"] + s["strip"] + s["ext_box"] + s["ext_out"]
    return eid not in places and all(eid not in p["ext"] for p in s["players"])


def test_alt16_one_per_round_no_identical_not_role_action() -> None:
    state = _market_with_strip(20)
    state.s["stack"] += [e for e in state.comps.extensions if _nowhere(state, e)]
    set_role(state, 0, "woodcutter")  # action: 1 food -> 1 wood at the forest
    give_extension(state, 0, "alpaca_for_food_copy")
    state = refresh(state)
    assert rule_of(state, 0, A.BuyExtension(0)) == "ALT-16"  # identical to alpaca_for_food_copy
    assert rule_of(state, 0, A.BuyExtension(1)) == "ALT-16"  # equals the role's action
    state.apply(0, A.BuyExtension(2))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    assert rule_of(state, 0, A.BuyExtension(3)) == "ALT-16"  # one per round


def test_alt17_orders_delivery_and_corn() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["coins"], p["figure"] = 2, "market"
    state.s["orders"] = sorted(set(state.s["orders"]) | {"order_02"})
    if "order_02" in state.s["orders_box"]:
        state.s["orders_box"].remove("order_02")
    put(state, 0, "loc:market", "wood", 2)
    put(state, 0, "loc:market", "stone")
    state = refresh(state)
    state.apply(0, A.BuyOrder("order_02"))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    assert rule_of(state, 0, A.BuyOrder(state.s["orders"][0])) == "ALT-17"  # one unfulfilled
    state.apply(0, A.Deliver("wood"))
    state.apply(0, A.Deliver("wood"))  # any subset, one action
    state.apply(0, A.EndTurn())
    corn_before = state.s["supply"]["corn"]
    state.apply(0, A.Deliver("stone"))
    p = state.s["players"][0]
    assert p["orders_done"] == ["order_02"] and p["order"] is None
    assert state.s["supply"]["corn"] == corn_before - 1
    assert [a.kind for a in state.legal_actions(0)] == ["store_corn"]  # stored at once
    state.apply(0, A.StoreCorn(0))
    assert state.s["players"][0]["warehouse"][0] == ["corn"]
    assert "wood" not in state.s["players"][0]["container"]  # goods on orders never come back
    conservation(state)


def test_alt18_corn_stays_on_road_when_no_space() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"] = "road"
    p["road"] = 1  # the next step is a corn step
    for i, row in enumerate(state.comps.rows):
        good = state.comps.goods[2 + i % 8]
        put(state, 0, f"row:{i}", good, row.spaces)
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    corn = state.s["supply"]["corn"]
    state.apply(0, A.BuildRoad())
    assert state.s["supply"]["corn"] == corn
    assert state.s["players"][0]["pending_corn"] == 0


def test_alt18_corn_buffer() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"], p["road"] = "road", 1
    give_extension(state, 0, "corn_buffer")
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state = refresh(state)
    state.apply(0, A.BuildRoad())
    assert A.BufferCorn() in state.legal_actions(0)
    assert rule_of(state, 0, A.EndTurn()) == "ALT-18"
    state.apply(0, A.BufferCorn())
    state.apply(0, A.Move(-1, "village"))
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.StoreBuffered(0))
    assert state.s["players"][0]["warehouse"][0] == ["corn"]


def test_alt19_road_steps() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"] = "road"
    put(state, 0, "loc:road", "stone", 2)
    put(state, 0, "loc:road", "wood", 2)
    state = refresh(state)
    assert state.planning_capacity(state.s["players"][0]) == 4
    state.apply(0, A.BuildRoad())  # step 1: a planning field
    assert state.planning_capacity(state.s["players"][0]) == 5
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.BuildRoad())  # step 2: corn
    assert [a.kind for a in state.legal_actions(0)] == ["store_corn"]
    state.s["players"][0]["road"] = len(state.comps.road_track)
    state.s["players"][0]["pending_corn"] = 0
    state.s["supply"]["corn"] += 1
    state.s["turn"]["stage"] = "before"
    put(state, 0, "loc:road", "stone")
    put(state, 0, "loc:road", "wood")
    state.s["players"][0]["fields"]["road"] = ["stone", "wood"]
    state.s["supply"]["stone"] += 1
    state.s["supply"]["wood"] += 1
    state = refresh(state)
    assert rule_of(state, 0, A.BuildRoad()) == "ALT-19"  # no step after the last


def test_alt20_storage_example_both_orders() -> None:
    """Rulebook: 2 fish in row 1, silver and corn in row 2; store 1 wool and 2 fish."""

    def setup() -> AltiplanoState:
        state = at_actions(2)
        state.s["players"][0]["figure"] = "village"
        put(state, 0, "row:0", "fish", 2)
        put(state, 0, "row:1", "silver")
        put(state, 0, "row:1", "corn")
        put(state, 0, "loc:village", "wool")
        put(state, 0, "loc:village", "fish", 2)
        return refresh(state)

    state = setup()
    stores = {a for a in state.legal_actions(0) if a.kind == "store"}
    assert stores == {A.Store("fish", 0), A.Store("wool", 2)}
    state.apply(0, A.Store("fish", 0))  # completes row 1
    state.apply(0, A.Store("fish", 2))  # the second fish starts row 3
    assert {a for a in state.legal_actions(0) if a.kind == "store"} == {A.Store("wool", 3)}
    state.apply(0, A.Store("wool", 3))
    rows = state.s["players"][0]["warehouse"]
    assert rows[:4] == [["fish"] * 3, ["silver", "corn"], ["fish"], ["wool"]]

    state = setup()
    state.apply(0, A.Store("wool", 2))
    state.apply(0, A.Store("fish", 0))
    state.apply(0, A.Store("fish", 3))
    rows = state.s["players"][0]["warehouse"]
    assert rows[:4] == [["fish"] * 3, ["silver", "corn"], ["wool"], ["fish"]]


def test_alt20_no_new_row_while_unfinished_and_corn_rules() -> None:
    state = at_actions(2)
    state.s["players"][0]["figure"] = "village"
    put(state, 0, "row:0", "fish")
    put(state, 0, "loc:village", "fish")
    state = refresh(state)
    assert rule_of(state, 0, A.Store("fish", 1)) == "ALT-20"
    from meeple.games.altiplano.warehouse import storage_rows

    rows = [["fish"], ["corn"], []] + [[] for _ in range(7)]
    spec = state.comps.rows
    assert storage_rows(rows, spec, "corn") == [1]  # the unfinished corn row first
    assert storage_rows(rows, spec, "wool") == [2]  # a corn row takes only corn
    assert storage_rows(rows, spec, "food") == []
    rows[1] = ["corn"] * 3
    assert storage_rows(rows, spec, "corn") == [0, 2]  # no corn row unfinished: any started row


def _corn_arrives(state: AltiplanoState, way: str) -> AltiplanoState:
    """Seat 0 about to receive or store one corn `way`; return the state at the choice of row."""
    p = state.s["players"][0]
    if way == "road":
        p["figure"], p["road"] = "road", 1  # the next road step gives corn
        put(state, 0, "loc:road", "stone")
        put(state, 0, "loc:road", "wood")
        state = refresh(state)
        state.apply(0, A.BuildRoad())
    elif way == "order":
        p["figure"] = "market"
        state.s["orders_box"].remove("order_02")  # wood, wood, stone
        state.s["supply"]["wood"] -= 2
        p["order"] = {"id": "order_02", "delivered": ["wood", "wood"]}
        put(state, 0, "loc:market", "stone")
        state = refresh(state)
        state.apply(0, A.Deliver("stone"))  # the last delivery gives corn
    elif way == "buffer":
        p["figure"] = "village"
        give_extension(state, 0, "corn_buffer")
        state.s["supply"]["corn"] -= 1
        p["buffer"] = 1
        state = refresh(state)
    elif way == "village":
        p["figure"] = "village"
        put(state, 0, "loc:village", "corn")
        state = refresh(state)
    else:  # the final-storage extension, after the last round
        state.s["end_round"] = 1
        give_extension(state, 0, "final_storage")
        put(state, 0, "bag", "corn")
        state = refresh(state)
        state.apply(0, A.Pass())
        state.apply(1, A.Pass())
        state.apply(0, A.FinalDraw())
    return state


@pytest.mark.parametrize(
    ("way", "store"),
    [
        ("road", A.StoreCorn),
        ("order", A.StoreCorn),
        ("buffer", A.StoreBuffered),
        ("village", lambda row: A.Store("corn", row)),
        ("final", lambda row: A.Store("corn", row)),
    ],
)
def test_alt20_corn_must_go_into_the_unfinished_corn_row(way: str, store: Any) -> None:
    """Amended 2026-11-26: while a row started with corn is unfinished, corn must go into it,
    however the corn arrives (road, completed order, corn buffer, village, final storage)."""
    state = at_actions(2)
    if way == "order" and "order_02" in state.s["orders"]:
        state.s["orders"].remove("order_02")
        state.s["orders_box"].append("order_02")
    put(state, 0, "row:0", "corn")  # an unfinished corn row
    put(state, 0, "row:1", "glass", 2)  # a started row with space
    state = _corn_arrives(state, way)
    stores = [
        a for a in state.legal_actions(0) if a.kind in ("store_corn", "store_buffered", "store")
    ]
    assert stores == [store(0)]
    assert rule_of(state, 0, store(1)) == "ALT-20"  # not into another started row
    assert rule_of(state, 0, store(2)) == "ALT-20"  # nor into a new row
    state.apply(0, store(0))
    assert state.s["players"][0]["warehouse"][:2] == [["corn", "corn"], ["glass", "glass"]]
    conservation(state)


# -- end ----------------------------------------------------------------------------------------
def test_alt21_location_exhausted_triggers_one_more_round() -> None:
    state = at_actions(2)
    p = state.s["players"][0]
    p["figure"] = "forest"
    put(state, 0, "loc:forest", "food", 2)
    s = state.s
    s["box"]["cacao"] += s["supply"]["cacao"]
    s["supply"]["cacao"] = 0
    s["box"]["wood"] += s["supply"]["wood"] - 1
    s["supply"]["wood"] = 1
    state = refresh(state)
    state.apply(0, A.Produce("forest_wood", "wood"))
    assert state.s["end_round"] == 2
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    assert state.s["round"] == 2 and not state.is_over()
    _finish_draw_and_plan(state)
    state.apply(1, A.Pass())
    state.apply(0, A.Pass())
    assert state.is_over() and state.winners()


def test_alt21_strip_cannot_be_refilled() -> None:
    state = at_actions(2)
    s = state.s
    s["ext_box"].extend(s["stack"])
    s["stack"] = []
    state = refresh(state)
    state.apply(0, A.Pass())
    state.apply(1, A.Pass())
    assert state.s["end_round"] == 2 and state.s["strip"][-1] is None


def test_alt22_final_storage_scoring_and_ties() -> None:
    state = at_actions(2)
    s = state.s
    s["end_round"] = 1
    give_extension(state, 0, "final_storage")
    put(state, 0, "row:0", "glass")
    put(state, 0, "bag", "glass", 2)
    put(state, 0, "bag", "food", 1)
    state = refresh(state)
    state.apply(0, A.Pass())
    state.apply(1, A.Pass())
    assert state.s["phase"] == "final" and state.to_move() == (0,)
    state.apply(0, A.FinalDraw())
    assert {a for a in state.legal_actions(0) if a.kind == "store"} == {A.Store("glass", 0)}
    state.apply(0, A.Store("glass", 0))
    state.apply(0, A.Store("glass", 0))
    assert A.Store("glass", 0) not in state.legal_actions(0)  # row 1 is full; no new rows
    state.apply(0, A.FinalDone())
    assert state.is_over()
    sheet = state.score_sheet()["players"][0]
    vp = state.comps.vp
    assert sheet["rows"] == state.comps.rows[0].points
    expected_goods = 3 * vp["glass"] + sum(
        vp[g] * n for g, n in sheet["detail"]["owned"].items() if g != "glass"
    )
    assert sheet["goods"] == expected_goods
    for key in ("goods", "boats", "houses", "orders", "house_bonus", "rows", "missions"):
        assert key in sheet


def test_alt22_house_bonus_boats_orders_and_tie_break() -> None:
    state = at_actions(2)
    s = state.s
    p0 = s["players"][0]
    s["houses"].remove("stone")
    p0["houses"] = ["stone"]
    s["boats"].remove("wood")
    p0["boats"] = ["wood"]
    put(state, 0, "container", "stone", 2)
    s["orders"] = [o for o in s["orders"] if o != "order_02"]
    s["orders_box"] = [o for o in s["orders_box"] if o != "order_02"]
    p0["orders_done"] = ["order_02"]
    s["supply"]["wood"] -= 2
    s["supply"]["stone"] -= 1
    state = refresh(state)
    sheet = state.score_sheet()["players"][0]
    comps = state.comps
    assert sheet["houses"] == comps.house_vp and sheet["boats"] == comps.boat_vp
    assert sheet["house_bonus"] == 2  # orders excluded
    assert sheet["orders"] == comps.orders["order_02"].points
    from meeple.games.altiplano.scoring import winners

    fake = {"players": [{"seat": 0, "total": 5}, {"seat": 1, "total": 5}]}
    assert winners(fake, [3, 2]) == [0]
    assert winners(fake, [2, 2]) == [0, 1]


# -- missions -------------------------------------------------------------------------------------
def test_alt23_mission_draft_three_players() -> None:
    state = new_state(3, missions=True)
    s = state.s
    assert s["phase"] == "missions" and set(state.to_move()) == {0, 1, 2}
    hands = [list(p["hand"]) for p in s["players"]]
    for seat in range(3):
        state.apply(seat, A.KeepMission(hands[seat][0]))
    for seat in range(3):
        state.apply(seat, A.PassMission(hands[seat][1]))
    # seat 1 received seat 0's left card and seat 2's other card
    assert sorted(s["players"][1]["hand"]) == sorted([hands[0][1], hands[2][2]])
    for seat in range(3):
        state.apply(seat, A.KeepMission(state.s["players"][seat]["hand"][0]))
    assert state.s["phase"] == "draw"
    assert all(len(p["missions"]) == 2 for p in state.s["players"])
    assert len(state.s["missions_box"]) == 3
    view = state.view(1)
    assert view["state"]["players"][0]["missions"] == []  # secret until fulfilled
    conservation(state)


def test_alt23_mission_draft_two_players() -> None:
    state = new_state(2, missions=True)
    hands = [list(p["hand"]) for p in state.s["players"]]
    for seat in range(2):
        state.apply(seat, A.KeepMission(hands[seat][0]))
        state.apply(seat, A.PassMission(hands[seat][1]))
    s = state.s
    assert s["phase"] == "draw"
    assert sorted(s["players"][0]["missions"]) == sorted([hands[0][0], hands[1][1]])
    assert sorted(s["missions_box"]) == sorted([hands[0][2], hands[1][2]])


def _with_mission(state: AltiplanoState, seat: int, mission: str) -> None:
    s = state.s
    for place in [s["mission_deck"], s["missions_box"]] + [p["missions"] for p in s["players"]]:
        if mission in place:
            place.remove(mission)
    s["players"][seat]["missions"].append(mission)
    s["mission_deck"].append(s["players"][seat]["missions"].pop(0)) if len(
        s["players"][seat]["missions"]
    ) > 2 else None


def test_alt24_first_to_goes_to_whoever_is_first() -> None:
    state = at_actions(2, missions=True)
    _with_mission(state, 0, "first_house")
    _with_mission(state, 1, "first_full_row")
    for seat in (0, 1):
        state.s["players"][seat]["figure"] = "village"
    put(state, 0, "loc:village", "stone", 2)
    put(state, 0, "row:0", "fish", 2)
    put(state, 0, "loc:village", "fish")
    state = refresh(state)
    reveals = state.reveal_count
    state.apply(0, A.Produce("house", "wood"))
    assert state.s["firsts"]["house"] == 0
    assert "first_house" in state.s["players"][0]["revealed"]
    assert state.reveal_count == reveals + 1
    state.apply(0, A.EndTurn())
    state.apply(1, A.Pass())
    state.apply(0, A.Store("fish", 0))  # seat 0 fills a row first: seat 1's card fails
    assert state.s["firsts"]["full_row"] == 0
    assert "first_full_row" not in state.s["players"][1]["revealed"]


def test_alt24_strictly_more_and_counts() -> None:
    from meeple.games.altiplano.missions import Facts, achieved, achieved_at_end

    owned = [{"ore": 3}, {"ore": 3}, {"ore": 1}]
    assert not achieved_at_end("most_ore", 0, owned)  # a tie is not "more"
    owned[0]["ore"] = 4
    assert achieved_at_end("most_ore", 0, owned)
    rows = [["corn", "corn", "corn"], ["fish", "corn", "fish"], ["wool"], ["glass"], ["ore"],
            ["silver"], ["stone"], [], [], []]  # fmt: skip
    facts = Facts(rows=rows, complete=[0, 1], orders_done=[], boats=0, houses=0)
    assert achieved("store_7_kinds", 0, facts, {})  # corn counts as a kind
    facts = Facts(rows=rows, complete=[0, 1], orders_done=[], boats=0, houses=0)
    assert not achieved("4_rows_without_corn", 0, facts, {})


def test_alt24_goods_on_orders_do_not_count_for_end_missions() -> None:
    state = at_actions(2, missions=True)
    _with_mission(state, 0, "4_glass")
    p = state.s["players"][0]
    state.s["orders"] = sorted(set(state.s["orders"]) | {"order_14"})
    if "order_14" in state.s["orders_box"]:
        state.s["orders_box"].remove("order_14")
    state.s["orders"].remove("order_14")
    p["order"] = {"id": "order_14", "delivered": ["glass", "glass"]}
    state.s["supply"]["glass"] -= 2
    put(state, 0, "container", "glass", 3)
    state = refresh(state)
    sheet = state.score_sheet()
    assert sheet["players"][0]["detail"]["owned"]["glass"] == 3
    state.s["phase"] = "over"
    assert "4_glass" in state.score_sheet()["players"][0]["detail"]["missions"]
    assert state.score_sheet()["players"][0]["detail"]["missions"]["4_glass"] == 0


def test_illegal_actions_raise_without_change() -> None:
    state = new_state(2)
    with pytest.raises(IllegalAction):
        state.apply(0, A.Pass())
    assert rule_of(state, 0, A.Pass()) == "rulebook: phase 3"
