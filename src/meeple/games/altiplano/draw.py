"""Phase 1, drawing (ALT-6, ALT-7): tiles back from the fields, the draw from the bag (refilled
from the container), the swap extension.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.rng import derive_rng
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.action_fields import field_index, holds, remove_from_field
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import (
    draw,
    swap_discard,
    swap_draw,
    swap_pick,
    swap_skip,
    take_back_coin,
    take_back_tile,
)
from meeple.games.altiplano.outfit import has
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.planning import planning_capacity
from meeple.games.altiplano.tiles import add, take

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

FOOD = C.FOOD
COINS = C.COINS


def _draw_one(rng: random.Random, bag: dict[str, int]) -> str:
    """One tile drawn uniformly from a multiset; goods are sorted so the result is stable."""
    pick = rng.randrange(sum(bag.values()))
    for good in sorted(bag):
        pick -= bag[good]
        if pick < 0:
            take(bag, good)
            return good
    raise AssertionError("unreachable")


def legal_draw(st: AltiplanoState, p: Player) -> list[Action]:
    if p["swap"] == "choose":
        return [swap_skip()] + [swap_discard(g) for g in sorted(p["planning"])]
    if p["swap"] == "refill":
        result: list[Action] = [swap_pick(g) for g in sorted(p["container"])]
        if p["bag"] or p["container"]:
            result.insert(0, swap_draw())
        return result
    result = [draw()]
    if sum(p["planning"].values()) < planning_capacity(st, p):
        for target, good in _placed_tiles(st, p):
            result.append(take_back_tile(target, good))
    for target in _coin_fields_with_coins(st, p):
        result.append(take_back_coin(target))
    return result


def _placed_tiles(st: AltiplanoState, p: Player) -> list[tuple[str, str]]:
    """Every distinct (field, tile) on a player's action fields (ALT-6 take-backs)."""
    result = []
    for loc in st.comps.locations:
        for good in sorted(set(p["fields"][loc])):
            result.append((f"loc:{loc}", good))
    for good in sorted(p["role_fields"]):
        if good != COINS:
            result.append(("role", good))
    for eid, placed in p["ext_fields"].items():
        for good in sorted(placed):
            if good != COINS:
                result.append((f"ext:{eid}", good))
    for eid, wild in p["wild"].items():
        if wild is not None:
            result.append((f"wild:{eid}", wild))
    for i, on_field in enumerate(p["move"]):
        if on_field == FOOD:
            result.append((f"move:{i}", FOOD))
    return result


def _coin_fields_with_coins(st: AltiplanoState, p: Player) -> list[str]:
    """ALT-6: coins may come back from extensions and movement fields."""
    result = [f"ext:{eid}" for eid, placed in p["ext_fields"].items() if COINS in placed]
    result += [f"move:{i}" for i, good in enumerate(p["move"]) if good == COINS]
    return result


def _swap_problem(st: AltiplanoState, p: Player, action: Action) -> Problem:
    """ALT-7: the swap extension acts after the draw and before planning: one planning tile
    to the container, then one tile from the bag or the container (or no swap at all)."""
    step, due = p["swap"], _SWAP_STEP[type(action)]
    if step == due:
        return None
    if step == "choose":
        return "ALT-7", say("after the draw comes the swap: swap a planning tile or do not swap")
    if step == "refill":
        return "ALT-7", say("the swap goes on: draw from the bag or take a tile from the container")
    if not has(st, p, "swap_planning_tile"):
        return "ALT-7", say("only the swap planning tile extension swaps a tile")
    return "ALT-7", say("the swap comes after the draw")


def _take_back_problem(st: AltiplanoState, p: Player, target: str, good: str) -> Problem:
    """ALT-6: before the draw, tiles come back from action fields onto free planning
    fields (never from the warehouse or orders)."""
    if not holds(st, p, target, good):
        if good == COINS:
            return "ALT-6", say("coins come back as coins, from extensions and movement fields")
        where = wording.target_text(st.comps, target)
        return "ALT-6", say(
            "there is no {good} on {where} to take back", good=wording.good(good), where=where
        )
    if sum(p["planning"].values()) >= planning_capacity(st, p):
        return "ALT-6", say("a tile comes back only onto a free planning field, and none is free")
    return None


def _coin_back_problem(st: AltiplanoState, p: Player, target: str) -> Problem:
    """ALT-6: coins come back from extensions and movement fields."""
    kind, _, name = target.partition(":")
    if kind == "ext" and COINS in p["ext_fields"].get(name, ()):
        return None
    index = field_index(name, len(p["move"])) if kind == "move" else -1
    if index >= 0 and p["move"][index] == COINS:
        return None
    if kind in ("ext", "move"):
        return "ALT-6", say(
            "there is no coin on {target}", target=wording.target_text(st.comps, target)
        )
    return "ALT-6", say("coins come back only from extensions and movement fields")


def check_swap(st: AltiplanoState, seat: int, p: Player, action: Action) -> Problem:
    problem = _swap_problem(st, p, action)
    if problem is not None:
        return problem
    if isinstance(action, A.SwapDiscard) and action.good not in p["planning"]:
        return "ALT-7", say(
            "there is no {good} on the planning fields", good=wording.good(action.good)
        )
    if isinstance(action, A.SwapPick) and action.good not in p["container"]:
        return "ALT-7", say("there is no {good} in the container", good=wording.good(action.good))
    if isinstance(action, A.SwapDraw) and not (p["bag"] or p["container"]):
        return "ALT-7", say("the bag and the container are empty")
    return None


def check_take_back_tile(
    st: AltiplanoState, seat: int, p: Player, action: A.TakeBackTile
) -> Problem:
    return _swap_problem(st, p, action) or _take_back_problem(st, p, action.target, action.good)


def check_take_back_coin(
    st: AltiplanoState, seat: int, p: Player, action: A.TakeBackCoin
) -> Problem:
    return _swap_problem(st, p, action) or _coin_back_problem(st, p, action.target)


def do_take_back_tile(st: AltiplanoState, seat: int, p: Player, action: A.TakeBackTile) -> None:
    remove_from_field(st, p, action.target, action.good)
    add(p["planning"], action.good)


def do_take_back_coin(st: AltiplanoState, seat: int, p: Player, action: A.TakeBackCoin) -> None:
    remove_from_field(st, p, action.target, COINS)
    p["coins"] += 1


def draw_tiles(st: AltiplanoState, seat: int, p: Player, count: int, into: dict[str, int]) -> None:
    """Draw `count` tiles (fewer if bag and container run dry); ALT-6 refill rule."""
    s = st.s
    rng = derive_rng(s["seed"], s["salt"], "draw", s["reveals"], seat)
    s["reveals"] += 1
    bag = p["bag"]
    for _ in range(count):
        if not bag:
            if not p["container"]:
                return
            p["bag"] = bag = p["container"]
            p["container"] = {}
        add(into, _draw_one(rng, bag))


def do_draw(st: AltiplanoState, seat: int, p: Player, action: A.Draw) -> None:
    need = planning_capacity(st, p) - sum(p["planning"].values())
    if need > 0:
        draw_tiles(st, seat, p, need, p["planning"])
    if has(st, p, "swap_planning_tile"):
        p["swap"] = "choose"  # ALT-7: after the draw, before planning
    else:
        _ready_draw(st, seat)


def _ready_draw(st: AltiplanoState, seat: int) -> None:
    s = st.s
    s["ready"][seat] = True
    if all(s["ready"]):
        s["ready"] = [False] * st.num_players
        s["phase"] = "plan"


def do_swap_skip(st: AltiplanoState, seat: int, p: Player, action: A.SwapSkip) -> None:
    p["swap"] = ""
    _ready_draw(st, seat)


def do_swap_discard(st: AltiplanoState, seat: int, p: Player, action: A.SwapDiscard) -> None:
    take(p["planning"], action.good)
    add(p["container"], action.good)
    p["swap"] = "refill"


def do_swap_draw(st: AltiplanoState, seat: int, p: Player, action: A.SwapDraw) -> None:
    draw_tiles(st, seat, p, 1, p["planning"])
    p["swap"] = ""
    _ready_draw(st, seat)


def do_swap_pick(st: AltiplanoState, seat: int, p: Player, action: A.SwapPick) -> None:
    take(p["container"], action.good)
    add(p["planning"], action.good)
    p["swap"] = ""
    _ready_draw(st, seat)


#: The step of the swap (ALT-7) at which each action of phase 1 is done ("": no swap going on).
_SWAP_STEP: dict[type[Action], str] = {
    A.Draw: "", A.TakeBackTile: "", A.TakeBackCoin: "",
    A.SwapSkip: "choose", A.SwapDiscard: "choose", A.SwapDraw: "refill", A.SwapPick: "refill",
}  # fmt: skip
