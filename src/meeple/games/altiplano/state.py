"""Altiplano's game state: setup, the four phases, the end and the views.

The whole state is plain JSON data in `self.s` (dicts, lists, ints, strings), copied explicitly by
`clone`. Components (`self.comps`) and options are immutable and shared between clones.

Hidden information is kept out of any order: a bag is a multiset of counts and every draw derives
its randomness from the seed, a salt and the reveal counter, so the next draws do not exist until
they happen; `shuffle_hidden` changes the salt. Only the extension stack, undealt mission cards
and the other seats' bags, containers and secret missions are hidden.

Legality is decided in one place, `legal_actions`; `apply` accepts exactly the listed actions,
so the two can never disagree, and it checks before it changes anything.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Mapping
from typing import Any, Self

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry, seat_name
from meeple.engine.rng import derive_rng
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import missions as M
from meeple.games.altiplano import scoring
from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano.schema import check_state
from meeple.games.altiplano.state_data import copy_state as _copy

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 3,
    "role_draft": False,
    "missions": False,
    "start_player": 0,  # ALT-5: seat 1 unless the table chooses
    "edition": None,
}
FOOD, CORN, COINS = "food", "corn", C.COINS
#: Action kinds that may continue an action already begun (one unit per step).
CONTINUED = ("sell", "deliver", "store", "store_buffered", "produce")
# Where the basic actions of the rulebook's table are done (ALT-12 names a refusal elsewhere).
ACTION_LOCATION = {
    "buy_cart": "village", "store": "village", "store_buffered": "village",
    "buy_extension": "market", "buy_order": "market", "deliver": "market", "sell": "market",
    "build_road": "road",
}  # fmt: skip

_KINDS = frozenset(A.CODEC.kinds)  # every Altiplano action kind

# Actions are immutable values: the legal-action lists share one instance per distinct action
# (through these caches) instead of building each one anew at every call.
_buffer_corn = functools.cache(A.BufferCorn)
_build_road = functools.cache(A.BuildRoad)
_buy_cart = functools.cache(A.BuyCart)
_buy_extension = functools.cache(A.BuyExtension)
_buy_order = functools.cache(A.BuyOrder)
_choose_role = functools.cache(A.ChooseRole)
_deliver = functools.cache(A.Deliver)
_done = functools.cache(A.Done)
_draw = functools.cache(A.Draw)
_end_turn = functools.cache(A.EndTurn)
_final_done = functools.cache(A.FinalDone)
_final_draw = functools.cache(A.FinalDraw)
_keep_mission = functools.cache(A.KeepMission)
_move = functools.cache(A.Move)
_pass = functools.cache(A.Pass)
_pass_mission = functools.cache(A.PassMission)
_place = functools.cache(A.Place)
_place_figure = functools.cache(A.PlaceFigure)
_produce = functools.cache(A.Produce)
_sell = functools.cache(A.Sell)
_store = functools.cache(A.Store)
_store_buffered = functools.cache(A.StoreBuffered)
_store_corn = functools.cache(A.StoreCorn)
_swap_discard = functools.cache(A.SwapDiscard)
_swap_draw = functools.cache(A.SwapDraw)
_swap_pick = functools.cache(A.SwapPick)
_swap_skip = functools.cache(A.SwapSkip)
_take_back_coin = functools.cache(A.TakeBackCoin)
_take_back_tile = functools.cache(A.TakeBackTile)
_unplace = functools.cache(A.Unplace)


def _add(counts: dict[str, int], good: str, n: int = 1) -> None:
    counts[good] = counts.get(good, 0) + n


def _take(counts: dict[str, int], good: str, n: int = 1) -> None:
    left = counts[good] - n
    if left:
        counts[good] = left
    else:
        del counts[good]


def _draw_one(rng: random.Random, bag: dict[str, int]) -> str:
    """One tile drawn uniformly from a multiset; goods are sorted so the result is stable."""
    pick = rng.randrange(sum(bag.values()))
    for good in sorted(bag):
        pick -= bag[good]
        if pick < 0:
            _take(bag, good)
            return good
    raise AssertionError("unreachable")


def _covers(avail: Mapping[str, int], cost: tuple[tuple[str, int], ...]) -> bool:
    """Whether `avail` holds every (good, count) of `cost`."""
    get = avail.get
    for good, count in cost:  # noqa: SIM110 (a loop is several times faster than all(...))
        if get(good, 0) < count:
            return False
    return True


def _same_action(one: C.Conversion, other: C.Conversion) -> bool:
    """Whether two conversions are the same action (ALT-16), whatever the order in the data."""
    return (one.location, sorted(one.inputs), sorted(one.out)) == (
        other.location,
        sorted(other.inputs),
        sorted(other.out),
    )


class AltiplanoState(GameState):
    """One game of Altiplano (see the module docstring for how the data is laid out)."""

    game_name = "altiplano"
    codec = A.CODEC

    __slots__ = ("_legal", "comps", "options", "s")

    def __init__(self, options: dict[str, Any], comps: C.Components, s: dict[str, Any]) -> None:
        self.options = options
        self.comps = comps
        self.s = s
        self._legal: dict[int, tuple[list[Action], set[Action]]] = {}

    # ------------------------------------------------------------------ creation
    @classmethod
    def normalize_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        result = dict(DEFAULT_OPTIONS)
        if options is None:
            return result
        if not isinstance(options, Mapping):
            raise OptionsError("options must be an object")
        for key, value in options.items():
            if key not in DEFAULT_OPTIONS:
                raise OptionsError(f"unknown option {key!r}; options: {', '.join(DEFAULT_OPTIONS)}")
            result[key] = value
        if type(result["players"]) is not int or not 2 <= result["players"] <= 5:
            raise OptionsError("option 'players' must be an integer 2..5")
        for key in ("role_draft", "missions"):
            if type(result[key]) is not bool:
                raise OptionsError(f"option {key!r} must be true or false")
        start = result["start_player"]
        if type(start) is not int or not 0 <= start < result["players"]:
            raise OptionsError(
                f"option 'start_player' must be a seat 0..{result['players'] - 1} (the first "
                f"player is 0), not {start!r}"
            )
        if result["edition"] is not None and not isinstance(result["edition"], Mapping):
            raise OptionsError("option 'edition' must be null or an object")
        if result["edition"] is not None:
            C.load(result["edition"])  # raises EditionError naming the field
            result["edition"] = dict(result["edition"])
        return result

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        opts = cls.normalize_options(options)
        comps = C.load(opts["edition"])
        if type(seed) is not int:
            raise OptionsError("seed must be an integer")
        n = opts["players"]
        setup = comps.setup[n]
        rng = derive_rng(seed, "setup")
        circle = list(comps.locations)
        rng.shuffle(circle)
        supply = {g: setup[g] for g in comps.goods}
        box = {g: comps.tiles[g] - setup[g] for g in comps.goods}
        orders = list(comps.orders)
        rng.shuffle(orders)
        keep = setup["orders_in_play"]
        exts = [e for e in comps.extensions.values() if e.players_min <= n]
        stack: list[str] = []
        for letter in "DCBA":  # D at the bottom, A on top (ALT-3); the top is the list's end
            group = [e.id for e in exts if e.letter == letter]
            rng.shuffle(group)
            stack.extend(group)
        strip: list[str | None] = []
        for _ in comps.surcharge:
            strip.append(stack.pop() if stack else None)
        players = [cls._new_player(comps) for _ in range(n)]
        s: dict[str, Any] = {
            "seed": seed,
            "salt": 0,
            "reveals": 0,
            "round": 1,
            "phase": "roles",
            "start": opts["start_player"],
            "circle": circle,
            "supply": supply,
            "box": box,
            "houses": list(comps.houses),
            "boats": list(comps.boats),
            "carts": setup["carts_in_village"] - n,  # ALT-2: first carts come from the village
            "orders": sorted(orders[:keep]),
            "orders_box": sorted(orders[keep:]),
            "stack": stack,
            "strip": strip,
            "ext_box": [],
            "ext_out": sorted(e for e in comps.extensions if comps.extensions[e].players_min > n),
            "ext_bought": False,
            "roles_free": sorted(comps.roles),
            "drafter": -1,
            "mission_deck": [],
            "missions_box": [],
            "firsts": {},
            "end_round": None,
            "turn": {"seat": opts["start_player"], "stage": "before", "cont": None},
            "passed": [False] * n,
            "ready": [False] * n,
            "players": players,
        }
        state = cls(opts, comps, s)
        if opts["missions"]:
            state._deal_missions()
        if opts["role_draft"]:
            s["drafter"] = (s["start"] - 1) % n  # ALT-4: last in turn order first
        else:
            roles = sorted(comps.roles)
            rng.shuffle(roles)
            for k in range(n):
                state._give_role((s["start"] + k) % n, roles[k])
            state._after_roles()
        return state

    @staticmethod
    def _new_player(comps: C.Components) -> dict[str, Any]:
        return {
            "role": None,
            "coins": 0,
            "figure": None,
            "road": 0,
            "planning": {},
            "fields": {loc: [] for loc in comps.locations},
            "role_fields": {},
            "ext": [],
            "ext_fields": {},
            "wild": {},
            "move": [None] * comps.movement_fields,
            "carts": [False] * comps.movement_fields,
            "top_used": False,
            "bought_cart": False,
            "bought_ext": False,
            "placed_now": [],
            "bag": {},
            "container": {},
            "warehouse": [[] for _ in comps.rows],
            "order": None,
            "orders_done": [],
            "houses": [],
            "boats": [],
            "buffer": 0,
            "pending_corn": 0,
            "missions": [],
            "revealed": [],
            "hand": [],
            "seen": [],
            "draft": 0,
            "gift": [],
            "gave": [],  # [seat or -1 for the box, card]: where this player's cards went
            "swap": "",
            "final": {},
            "final_drawn": False,
        }

    def _give_role(self, seat: int, role_id: str) -> None:
        """ALT-4: starting goods come from their locations into the bag, coins from the supply."""
        s = self.s
        p = s["players"][seat]
        p["role"] = role_id
        s["roles_free"].remove(role_id)
        for good, count in self.comps.roles[role_id].start:
            if good == COINS:
                p["coins"] += count
                continue
            got = min(count, s["supply"][good])
            s["supply"][good] -= got
            if got:
                _add(p["bag"], good, got)

    def _deal_missions(self) -> None:
        """ALT-23: 3 cards each, dealt at setup; the draft follows the roles."""
        s = self.s
        deck = sorted(self.comps.missions)
        derive_rng(s["seed"], "missions").shuffle(deck)
        for p in s["players"]:
            p["hand"] = sorted(deck[-3:])
            p["seen"] = list(p["hand"])
            del deck[-3:]
        s["mission_deck"] = deck

    def _after_roles(self) -> None:
        self.s["phase"] = "missions" if self.options["missions"] else "draw"

    # ------------------------------------------------------------------ basics
    @property
    def num_players(self) -> int:
        return len(self.s["players"])

    @property
    def reveal_count(self) -> int:
        return self.s["reveals"]

    def is_over(self) -> bool:
        return self.s["phase"] == "over"

    def _order_from_start(self) -> list[int]:
        n, start = self.num_players, self.s["start"]
        return [(start + k) % n for k in range(n)]

    def to_move(self) -> tuple[int, ...]:
        s = self.s
        phase = s["phase"]
        if phase == "roles":
            return (s["drafter"],)
        if phase == "actions":
            return (s["turn"]["seat"],)
        if phase == "over":
            return ()
        if phase == "plan":
            return tuple(i for i in self._order_from_start() if self._may_plan(i))
        if phase == "missions":
            return tuple(i for i in range(self.num_players) if self.legal_actions(i))
        return tuple(i for i in range(self.num_players) if not s["ready"][i])

    def planning_capacity(self, p: dict[str, Any]) -> int:
        """Planning fields usable: the start count plus each 'plan' road step taken (ALT-19)."""
        plans = sum(1 for step in self.comps.road_track[: p["road"]] if step == "plan")
        return min(self.comps.planning_max, self.comps.planning_start + plans)

    def field_capacity(self, p: dict[str, Any], loc: str) -> int:
        extra = (
            C.SPECIAL_EXTENSIONS["village_fields"]["fields"]
            if loc == "village"
            and any(self.comps.extensions[e].identity == "village_fields" for e in p["ext"])
            else 0
        )
        return self.comps.action_fields[loc] + extra

    def _has(self, p: dict[str, Any], identity: str) -> bool:
        return any(self.comps.extensions[e].identity == identity for e in p["ext"])

    def conversions(self, p: dict[str, Any]) -> list[tuple[str, C.Conversion]]:
        """Role and extension conversions of a player, keyed by their field name."""
        result = [("role", self.comps.roles[p["role"]].conversion)] if p["role"] else []
        for eid in p["ext"]:
            conv = self.comps.extensions[eid].conversion
            if conv is not None:
                result.append((f"ext:{eid}", conv))
        return result

    def _conversions_by_location(
        self, p: dict[str, Any]
    ) -> dict[str, tuple[tuple[str, C.Conversion], ...]]:
        """`conversions` grouped by location, in order; memoised per role and extensions."""
        key = ("conversions by location", p["role"], tuple(p["ext"]))
        table = self.comps.memo.get(key)
        if table is None:
            grouped: dict[str, list[tuple[str, C.Conversion]]] = {}
            for field, conv in self.conversions(p):
                grouped.setdefault(conv.location, []).append((field, conv))
            table = self.comps.memo[key] = {loc: tuple(g) for loc, g in grouped.items()}
        return table

    def location_inputs(self, p: dict[str, Any], loc: str) -> frozenset[str]:
        """Tiles a location's action fields take (ALT-8): inputs of any action there. The
        market's also depend on the orders: see `market_order_goods`."""
        key = (p["role"], tuple(p["ext"]))
        table = self.comps.memo.get(key)
        if table is None:
            table = self.comps.memo[key] = self._location_inputs_table(p)
        if loc == "market":
            return table[loc] | self.market_order_goods(p)
        return table[loc]

    def market_order_goods(self, p: dict[str, Any]) -> frozenset[str]:
        """Goods a delivery could still use (ALT-8): those missing on the player's own order and
        those on the order cards still at the market. Cards removed at setup or taken by other
        players can never be delivered to by this player, so their goods do not count."""
        orders = self.comps.orders
        goods = {g for o in self.s["orders"] for g in orders[o].goods}
        if p["order"] is not None:
            goods.update(self._missing(p))
        return frozenset(goods)

    def _location_inputs_table(self, p: dict[str, Any]) -> dict[str, frozenset[str]]:
        comps = self.comps
        table = {}
        for loc in comps.locations:
            inputs = {g for conv in comps.conversions_at(loc) for g, _ in conv.inputs}
            for _key, conv in self.conversions(p):
                if conv.location == loc:
                    inputs.update(g for g, _ in conv.inputs)
            if loc == "harbor":
                inputs.update(g for g, _ in comps.boat_cost)
            elif loc == "village":
                inputs.update(g for g, _ in comps.house_cost)
                inputs.update(g for g in comps.goods if g != FOOD)  # storing takes any good
            elif loc == "market":
                inputs.update(comps.sale_price)  # order goods: `market_order_goods`
            elif loc == C.ROAD:
                inputs.update(g for g, _ in C.ROAD_COST)
            inputs.discard(COINS)
            table[loc] = frozenset(inputs)
        return table

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int) -> list[Action]:
        return list(self._legal_entry(seat)[0])

    def _legal_entry(self, seat: int) -> tuple[list[Action], set[Action]]:
        """Legal actions of `seat`, cached until the state changes."""
        entry = self._legal.get(seat)
        if entry is None:
            actions = self._compute_legal(seat)
            entry = self._legal[seat] = (actions, set(actions))
        return entry

    def _compute_legal(self, seat: int) -> list[Action]:
        if type(seat) is not int or not 0 <= seat < self.num_players:
            return []
        s = self.s
        phase = s["phase"]
        p = s["players"][seat]
        if phase == "roles":
            return [_choose_role(r) for r in s["roles_free"]] if seat == s["drafter"] else []
        if phase == "missions":
            return self._legal_missions(seat, p)
        if phase == "draw":
            return [] if s["ready"][seat] else self._legal_draw(p)
        if phase == "plan":
            return [] if s["ready"][seat] else self._legal_plan(seat, p)
        if phase == "actions":
            return self._legal_turn(p) if seat == s["turn"]["seat"] else []
        if phase == "final":
            return [] if s["ready"][seat] else self._legal_final(p)
        return []

    def _legal_missions(self, seat: int, p: dict[str, Any]) -> list[Action]:
        hand = p["hand"]
        if p["draft"] == 0:
            return [_keep_mission(m) for m in hand]
        if p["draft"] == 1:
            return [_pass_mission(m) for m in hand]
        if p["draft"] == 3 and hand:
            return [_keep_mission(m) for m in hand]
        return []

    def _legal_draw(self, p: dict[str, Any]) -> list[Action]:
        if p["swap"] == "choose":
            return [_swap_skip()] + [_swap_discard(g) for g in sorted(p["planning"])]
        if p["swap"] == "refill":
            result: list[Action] = [_swap_pick(g) for g in sorted(p["container"])]
            if p["bag"] or p["container"]:
                result.insert(0, _swap_draw())
            return result
        result = [_draw()]
        if sum(p["planning"].values()) < self.planning_capacity(p):
            for target, good in self._placed_tiles(p):
                result.append(_take_back_tile(target, good))
        for target in self._coin_fields_with_coins(p):
            result.append(_take_back_coin(target))
        return result

    def _placed_tiles(self, p: dict[str, Any]) -> list[tuple[str, str]]:
        """Every distinct (field, tile) on a player's action fields (ALT-6 take-backs)."""
        result = []
        for loc in self.comps.locations:
            for good in sorted(set(p["fields"][loc])):
                result.append((f"loc:{loc}", good))
        for good in sorted(p["role_fields"]):
            if good != COINS:
                result.append(("role", good))
        for eid, placed in p["ext_fields"].items():
            for good in sorted(placed):
                if good != COINS:
                    result.append((f"ext:{eid}", good))
        for eid, good in p["wild"].items():
            if good is not None:
                result.append((f"wild:{eid}", good))
        for i, good in enumerate(p["move"]):
            if good == FOOD:
                result.append((f"move:{i}", FOOD))
        return result

    def _coin_fields_with_coins(self, p: dict[str, Any]) -> list[str]:
        """ALT-6: coins may come back from extensions and movement fields."""
        result = [f"ext:{eid}" for eid, placed in p["ext_fields"].items() if COINS in placed]
        result += [f"move:{i}" for i, good in enumerate(p["move"]) if good == COINS]
        return result

    def _legal_plan(self, seat: int, p: dict[str, Any]) -> list[Action]:
        result: list[Action] = []
        if self._next_done() == seat:
            result.append(_done())
        for target, good in sorted({(t, g) for t, g in p["placed_now"]}):
            result.append(_unplace(target, good))
        goods = sorted(p["planning"])
        coins = p["coins"] > 0
        for loc in self.comps.locations:
            if len(p["fields"][loc]) < self.field_capacity(p, loc):
                allowed = self.location_inputs(p, loc)
                result.extend(_place(f"loc:{loc}", g) for g in goods if g in allowed)
        for key, conv in self.conversions(p):
            placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
            for good, count in conv.inputs:
                if placed.get(good, 0) < count and (
                    good in p["planning"] or (good == COINS and coins)
                ):
                    result.append(_place(key, good))
        for eid, good in p["wild"].items():
            if good is None:
                result.extend(_place(f"wild:{eid}", g) for g in goods)
        coin_move = self._has(p, "coin_movement")
        for i, good in enumerate(p["move"]):
            if good is None:
                if FOOD in p["planning"]:
                    result.append(_place(f"move:{i}", FOOD))
                if coin_move and coins:
                    result.append(_place(f"move:{i}", COINS))
        return result

    def _may_plan(self, seat: int) -> bool:
        """Whether `seat` has any planning action (a quick answer for the common cases)."""
        s = self.s
        if s["ready"][seat]:
            return False
        p = s["players"][seat]
        if p["placed_now"] or self._next_done() == seat:
            return True
        for loc in self.comps.locations:
            if len(p["fields"][loc]) < self.field_capacity(p, loc):
                inputs = self.location_inputs(p, loc)
                if any(g in inputs for g in p["planning"]):
                    return True
        return bool(self._legal_entry(seat)[0])

    def _next_done(self) -> int:
        """ALT-10: "done" is accepted from the start player first, then clockwise."""
        for seat in self._order_from_start():
            if not self.s["ready"][seat]:
                return seat
        return -1

    def available(self, p: dict[str, Any], loc: str) -> dict[str, int]:
        """Tiles usable for a basic action at `loc`: its fields plus wildcard fields."""
        counts: dict[str, int] = {}
        for good in p["fields"][loc]:
            counts[good] = counts.get(good, 0) + 1
        for good in p["wild"].values():
            if good is not None:
                counts[good] = counts.get(good, 0) + 1
        return counts

    def _legal_turn(self, p: dict[str, Any]) -> list[Action]:
        s = self.s
        turn = s["turn"]
        if p["pending_corn"]:
            result: list[Action] = [
                _store_corn(r) for r in W.storage_rows(p["warehouse"], self.comps.rows, CORN)
            ]
            if self._buffer_room(p):
                result.append(_buffer_corn())
            return result
        if turn["stage"] != "after":  # before the action, having moved towards it or not
            if p["figure"] is None:
                return [_place_figure(loc) for loc in self.comps.locations] + [_pass()]
            result = self.moves_before_action(p)
            result.extend(self.location_actions(p, p["figure"], None))
            if turn["stage"] == "before":
                result.append(_pass())  # ALT-12: a player who passes does not move
            return result
        result = self.legal_moves(p)
        if turn["cont"] is not None:
            result.extend(self.location_actions(p, p["figure"], turn["cont"]))
        result.append(_end_turn())
        return result

    def _buffer_room(self, p: dict[str, Any]) -> bool:
        return self._has(p, "corn_buffer") and (
            p["buffer"] < C.SPECIAL_EXTENSIONS["corn_buffer"]["capacity"]
        )

    def legal_moves(self, p: dict[str, Any]) -> list[Action]:
        """Movements the player's carts and food allow now (ALT-12), wherever they lead; bots
        use it to see what is reachable. Before the action only `moves_before_action` are
        offered."""
        circle = self.s["circle"]
        here = circle.index(p["figure"])
        size = len(circle)
        result: list[Action] = []
        for via, steps in self._journeys(p).items():
            result.extend(
                _move(via, loc)
                for i, loc in enumerate(circle)
                if i != here and min(abs(i - here), size - abs(i - here)) <= steps
            )
        return result

    def _journeys(self, p: dict[str, Any]) -> dict[int, int]:
        """The player's unused movements this round: -1 for the top cart, else the movement
        field's index, each with the most steps its journey may take (ALT-12)."""
        cart = self.comps.cart_steps
        result = {} if p["top_used"] else {-1: cart}
        for i, good in enumerate(p["move"]):
            if good is not None:
                result[i] = cart if p["carts"][i] else 1
        return result

    def moves_before_action(self, p: dict[str, Any]) -> list[Action]:
        """ALT-12: a move before the action is offered only where an action can still follow
        it this turn, since a player who moved may no longer pass. An action can follow if a
        location with an action lies within the steps of the journeys left after this move
        (each may be taken for 1 up to its steps, or not at all, so together they cover every
        distance up to the sum of their steps). Moving changes no tile an action uses, so the
        locations with an action stay the same through the moves, and a player who moved
        always has an action or a move towards one."""
        moves = self.legal_moves(p)
        if not moves:
            return moves
        circle = self.s["circle"]
        size = len(circle)
        journeys = self._journeys(p)
        total = sum(journeys.values())
        has_action: dict[int, bool] = {}
        result: list[Action] = []
        for move in moves:
            left = total - journeys[move.via]
            to = circle.index(move.to)
            for i in range(size):
                if min(abs(i - to), size - abs(i - to)) > left:
                    continue
                found = has_action.get(i)
                if found is None:
                    found = has_action[i] = bool(self.location_actions(p, circle[i], None))
                if found:
                    result.append(move)
                    break
        return result

    def location_actions(self, p: dict[str, Any], loc: str, cont: str | None) -> list[Action]:
        """The actions at `loc`; with `cont`, only further units of that multi-tile action."""
        comps = self.comps
        s = self.s
        avail = self.available(p, loc)
        result: list[Action] = []
        for conv in comps.conversions_at(loc):
            if cont is not None and cont != conv.key:
                continue
            if _covers(avail, conv.inputs):
                result.extend(_produce(conv.key, out) for out in conv.out)
        if cont is None:
            for key, conv in self._conversions_by_location(p).get(loc, ()):
                placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
                if _covers(placed, conv.inputs):
                    result.extend(_produce(key, out) for out in conv.out)
        if loc == "harbor" and cont is None and _covers(avail, comps.boat_cost):
            result.extend(_produce("boat", g) for g in sorted(set(s["boats"])) or [""])
        if loc == "village":
            if cont is None and _covers(avail, comps.house_cost):
                result.extend(_produce("house", g) for g in sorted(set(s["houses"])) or [""])
            if cont in (None, "store"):
                for good in sorted(avail):
                    for row in W.storage_rows(p["warehouse"], comps.rows, good):
                        result.append(_store(good, row))
            if cont in (None, "store_buffered") and p["buffer"]:
                result.extend(
                    _store_buffered(r) for r in W.storage_rows(p["warehouse"], comps.rows, CORN)
                )
            if cont is None and self._can_buy_cart(p):
                result.extend(_buy_cart(i) for i, cart in enumerate(p["carts"]) if not cart)
        if loc == "market":
            if cont in (None, "sell"):
                result.extend(_sell(g) for g in sorted(avail) if g in comps.sale_price)
            if cont in (None, "deliver") and p["order"] is not None:
                missing = self._missing(p)
                result.extend(_deliver(g) for g in sorted(avail) if g in missing)
            if cont is None:
                if not p["bought_ext"]:  # the first check of `_can_buy_extension`
                    for slot, eid in enumerate(s["strip"]):
                        if eid is not None and self._can_buy_extension(p, slot, eid):
                            result.append(_buy_extension(slot))
                if p["order"] is None and p["coins"] >= comps.order_cost:
                    # ALT-13: with no card left the action is still allowed; nothing is received
                    result.extend(_buy_order(o) for o in s["orders"] or [A.NO_ORDER])
        if (
            loc == C.ROAD
            and cont is None
            and p["road"] < len(comps.road_track)
            and _covers(avail, C.ROAD_COST)
        ):
            result.append(_build_road())
        return result

    def _missing(self, p: dict[str, Any]) -> list[str]:
        missing = list(self.comps.orders[p["order"]["id"]].goods)
        for good in p["order"]["delivered"]:
            missing.remove(good)
        return missing

    def _can_buy_cart(self, p: dict[str, Any]) -> bool:
        """ALT-15: 1 coin, one per round, at most `carts_max` in all, a free field beside.
        An empty village does not forbid it (ALT-13): the buyer just receives no cart."""
        return (
            p["coins"] >= C.CART_PRICE
            and not p["bought_cart"]
            and 1 + sum(p["carts"]) < self.comps.carts_max
            and not all(p["carts"])
        )

    def extension_price(self, slot: int) -> int:
        eid = self.s["strip"][slot]
        return self.comps.extensions[eid].cost + self.comps.surcharge[slot]

    def _can_buy_extension(self, p: dict[str, Any], slot: int, eid: str) -> bool:
        """ALT-16: price, one per round, never identical, never the role's own action."""
        ext = self.comps.extensions[eid]
        if p["bought_ext"]:
            return False
        if p["coins"] < self.extension_price(slot):
            return False
        if any(self.comps.extensions[o].identity == ext.identity for o in p["ext"]):
            return False
        role = self.comps.roles[p["role"]].conversion if p["role"] else None
        return not (role and ext.conversion and _same_action(role, ext.conversion))

    def _legal_final(self, p: dict[str, Any]) -> list[Action]:
        if not p["final_drawn"]:
            return [_final_draw(), _final_done()]
        result: list[Action] = []
        for good in sorted(p["final"]):
            result.extend(
                _store(good, r) for r in W.final_storage_rows(p["warehouse"], self.comps.rows, good)
            )
        result.append(_final_done())
        return result

    # ------------------------------------------------------------------ apply
    def apply(self, seat: int, action: Action) -> None:
        seat = self.check_seat(seat)
        if not isinstance(action, Action) or action.kind not in _KINDS:
            raise MalformedAction(f"not an Altiplano action: {action!r}")
        if action not in self._legal_entry(seat)[1]:
            rule, why = self._why_illegal(seat, action)
            raise IllegalAction(rule, why)
        self._legal = {}
        getattr(self, "_do_" + action.kind)(seat, self.s["players"][seat], action)

    def _why_illegal(self, seat: int, action: Action) -> tuple[str, str]:
        """A rule reference for a rejected action (the decision itself is `legal_actions`)."""
        s = self.s
        phase = s["phase"]
        kind = action.kind
        what = self.action_label(action)  # names, not ids
        phase_of = {
            "choose_role": "roles", "keep_mission": "missions", "pass_mission": "missions",
            "take_back_tile": "draw", "take_back_coin": "draw", "draw": "draw",
            "swap_discard": "draw", "swap_draw": "draw", "swap_pick": "draw",
            "swap_skip": "draw", "place": "plan", "unplace": "plan", "done": "plan",
            "final_draw": "final", "final_done": "final",
        }  # fmt: skip
        expected = phase_of.get(kind, "actions")
        if kind == "store" and phase == "final":
            expected = "final"
        if phase == "final" and expected == "final":
            p = s["players"][seat]
            corn_rule = self._corn_row_refusal(seat, action)
            if corn_rule and p["final"].get(CORN):
                return "ALT-20", corn_rule
            return "ALT-22", f"{what}: one final draw, stored only into started rows"
        if expected != phase:
            names = {"roles": "ALT-4", "missions": "ALT-23", "draw": "rulebook: phase 1",
                     "plan": "rulebook: phase 2", "actions": "rulebook: phase 3",
                     "final": "ALT-22"}  # fmt: skip
            return names[expected], f"{kind} is not possible in phase {phase!r}"
        p = s["players"][seat]
        if kind.startswith("swap"):
            return "ALT-7", "the swap extension does not allow this now"
        if kind in ("take_back_tile", "take_back_coin"):
            return "ALT-6", "nothing to take back there, or no free planning field"
        if kind == "done":
            return "ALT-10", f"{seat_name(self._next_done())} must declare done first"
        if kind == "unplace":
            return "ALT-9", f"{what}: only tiles placed this round may be moved"
        if kind == "place":
            if action.target == "loc:market" and action.good not in self.location_inputs(
                p, "market"
            ):
                return "ALT-8", (
                    f"{what}: no market action could use it (it has no sale price and "
                    "is missing neither on the player's order nor on an order card at the market)"
                )
            return "ALT-8", f"{what} breaks the placement rule"
        if kind in ("keep_mission", "pass_mission"):
            return "ALT-23", "that mission is not in hand now"
        if kind == "choose_role":
            return "ALT-4", "that role is not available"
        corn_rule = self._corn_row_refusal(seat, action)
        if p["pending_corn"]:
            if kind == "store_corn":
                return "ALT-20", corn_rule or f"{what}: corn may not go into that row"
            return "ALT-18", "the received corn must be stored first"
        if kind in ("store_corn", "buffer_corn"):
            return "ALT-18", "there is no corn to store"
        stage = s["turn"]["stage"]
        if kind == "move":
            if stage != "after" and p["figure"] is not None and action in self.legal_moves(p):
                return "ALT-12", (
                    f"{what}: a move before the action is offered only where an "
                    "action can still follow it this turn"
                )
            return "ALT-12", "that movement is not available"
        if kind == "place_figure":
            return "ALT-12", "the figure is already on the board"
        if kind in ("pass", "end_turn") and stage == "moved":
            return "ALT-12", "a player who moved before the action must act: passing does not move"
        if kind in ("pass", "end_turn"):
            return "ALT-11", f"{kind} is not possible at this stage of the turn"
        if s["turn"]["stage"] == "after" and (s["turn"]["cont"] is None or kind not in CONTINUED):
            return "ALT-11", "one action per turn"
        if p["figure"] is None:
            return "ALT-12", "put the figure on a location first"
        home = ACTION_LOCATION.get(kind)
        if home is not None and p["figure"] != home:
            return "ALT-12", f"{what} needs the figure at the {home}"
        rules = {"buy_cart": "ALT-15", "buy_extension": "ALT-16", "buy_order": "ALT-17",
                 "deliver": "ALT-17", "store": "ALT-20", "store_buffered": "ALT-20",
                 "build_road": "ALT-19"}  # fmt: skip
        if kind in rules:
            return (
                ("ALT-20", corn_rule) if corn_rule else (rules[kind], f"{what} is not allowed now")
            )
        return "ALT-12", f"{what} needs its tiles at the figure's location"

    def _corn_row_refusal(self, seat: int, action: Action) -> str:
        """Why corn may not go into the action's row when the corn-row rule of ALT-20 forbids
        it (any other row while an unfinished corn row exists), else ""."""
        if not isinstance(action, A.StoreCorn | A.StoreBuffered | A.Store) or (
            isinstance(action, A.Store) and action.good != CORN
        ):
            return ""
        rows = self.s["players"][seat]["warehouse"]
        corn_row = W.unfinished_corn_row(rows, self.comps.rows)
        row = action.row
        if corn_row < 0 or row == corn_row or type(row) is not int or not 0 <= row < len(rows):
            return ""
        return (
            f"{self.action_label(action)}: while the corn row (row {corn_row + 1}) is unfinished, "
            "corn must go into it"
        )

    # roles and missions ----------------------------------------------------------------
    def _do_choose_role(self, seat: int, p: dict[str, Any], action: A.ChooseRole) -> None:
        self._give_role(seat, action.role)
        s = self.s
        if seat == s["start"]:
            s["drafter"] = -1
            self._after_roles()
        else:
            s["drafter"] = (seat - 1) % self.num_players

    def _do_keep_mission(self, seat: int, p: dict[str, Any], action: A.KeepMission) -> None:
        p["hand"].remove(action.mission)
        p["missions"].append(action.mission)
        if p["draft"] == 0:
            p["draft"] = 1
            return
        self.s["missions_box"].extend(p["hand"])  # ALT-23: the other card leaves the game
        p["gave"].extend([-1, card] for card in p["hand"])
        p["hand"] = []
        self._missions_maybe_finished()

    def _do_pass_mission(self, seat: int, p: dict[str, Any], action: A.PassMission) -> None:
        s = self.s
        n = self.num_players
        p["hand"].remove(action.mission)
        p["gift"] = [action.mission, p["hand"][0]]
        p["hand"] = []
        p["draft"] = 2
        if any(q["draft"] < 2 for q in s["players"]):
            return
        received: list[list[str]] = [[] for _ in range(n)]
        for i, q in enumerate(s["players"]):
            left_card, other = q["gift"]
            q["gift"] = []
            received[(i + 1) % n].append(left_card)
            q["gave"].append([(i + 1) % n, left_card])
            if n == 2:
                s["missions_box"].append(other)
                q["gave"].append([-1, other])
            else:
                received[(i - 1) % n].append(other)
                q["gave"].append([(i - 1) % n, other])
        for i, q in enumerate(s["players"]):
            q["draft"] = 3
            q["seen"].extend(c for c in received[i] if c not in q["seen"])
            if len(received[i]) == 1:
                q["missions"].append(received[i][0])
            else:
                q["hand"] = sorted(received[i])
        self._missions_maybe_finished()

    def _missions_maybe_finished(self) -> None:
        s = self.s
        if all(q["draft"] == 3 and not q["hand"] for q in s["players"]):
            for q in s["players"]:
                q["missions"].sort()
                q["seen"].sort()
            s["phase"] = "draw"

    # phase 1 -----------------------------------------------------------------------------
    def _remove_from_field(self, p: dict[str, Any], target: str, good: str) -> None:
        kind, _, name = target.partition(":")
        if kind == "loc":
            p["fields"][name].remove(good)
        elif kind == "role":
            _take(p["role_fields"], good)
        elif kind == "ext":
            _take(p["ext_fields"][name], good)
        elif kind == "wild":
            p["wild"][name] = None
        else:
            p["move"][int(name)] = None

    def _do_take_back_tile(self, seat: int, p: dict[str, Any], action: A.TakeBackTile) -> None:
        self._remove_from_field(p, action.target, action.good)
        _add(p["planning"], action.good)

    def _do_take_back_coin(self, seat: int, p: dict[str, Any], action: A.TakeBackCoin) -> None:
        self._remove_from_field(p, action.target, COINS)
        p["coins"] += 1

    def _draw(self, seat: int, p: dict[str, Any], count: int, into: dict[str, int]) -> None:
        """Draw `count` tiles (fewer if bag and container run dry); ALT-6 refill rule."""
        s = self.s
        rng = derive_rng(s["seed"], s["salt"], "draw", s["reveals"], seat)
        s["reveals"] += 1
        bag = p["bag"]
        for _ in range(count):
            if not bag:
                if not p["container"]:
                    return
                p["bag"] = bag = p["container"]
                p["container"] = {}
            _add(into, _draw_one(rng, bag))

    def _do_draw(self, seat: int, p: dict[str, Any], action: A.Draw) -> None:
        need = self.planning_capacity(p) - sum(p["planning"].values())
        if need > 0:
            self._draw(seat, p, need, p["planning"])
        if self._has(p, "swap_planning_tile"):
            p["swap"] = "choose"  # ALT-7: after the draw, before planning
        else:
            self._ready_draw(seat)

    def _ready_draw(self, seat: int) -> None:
        s = self.s
        s["ready"][seat] = True
        if all(s["ready"]):
            s["ready"] = [False] * self.num_players
            s["phase"] = "plan"

    def _do_swap_skip(self, seat: int, p: dict[str, Any], action: A.SwapSkip) -> None:
        p["swap"] = ""
        self._ready_draw(seat)

    def _do_swap_discard(self, seat: int, p: dict[str, Any], action: A.SwapDiscard) -> None:
        _take(p["planning"], action.good)
        _add(p["container"], action.good)
        p["swap"] = "refill"

    def _do_swap_draw(self, seat: int, p: dict[str, Any], action: A.SwapDraw) -> None:
        self._draw(seat, p, 1, p["planning"])
        p["swap"] = ""
        self._ready_draw(seat)

    def _do_swap_pick(self, seat: int, p: dict[str, Any], action: A.SwapPick) -> None:
        _take(p["container"], action.good)
        _add(p["planning"], action.good)
        p["swap"] = ""
        self._ready_draw(seat)

    # phase 2 -----------------------------------------------------------------------------
    def _put_on_field(self, p: dict[str, Any], target: str, good: str) -> None:
        kind, _, name = target.partition(":")
        if kind == "loc":
            p["fields"][name].append(good)
        elif kind == "role":
            _add(p["role_fields"], good)
        elif kind == "ext":
            _add(p["ext_fields"][name], good)
        elif kind == "wild":
            p["wild"][name] = good
        else:
            p["move"][int(name)] = good

    def _do_place(self, seat: int, p: dict[str, Any], action: A.Place) -> None:
        if action.good == COINS:
            p["coins"] -= 1
        else:
            _take(p["planning"], action.good)
        self._put_on_field(p, action.target, action.good)
        p["placed_now"].append([action.target, action.good])

    def _do_unplace(self, seat: int, p: dict[str, Any], action: A.Unplace) -> None:
        p["placed_now"].remove([action.target, action.good])
        self._remove_from_field(p, action.target, action.good)
        if action.good == COINS:
            p["coins"] += 1
        else:
            _add(p["planning"], action.good)

    def _do_done(self, seat: int, p: dict[str, Any], action: A.Done) -> None:
        s = self.s
        p["placed_now"] = []
        s["ready"][seat] = True
        if all(s["ready"]):
            s["ready"] = [False] * self.num_players
            s["phase"] = "actions"
            s["passed"] = [False] * self.num_players
            s["turn"] = {"seat": s["start"], "stage": "before", "cont": None}

    # phase 3: turn structure ---------------------------------------------------------------
    def _do_place_figure(self, seat: int, p: dict[str, Any], action: A.PlaceFigure) -> None:
        p["figure"] = action.location

    def _do_move(self, seat: int, p: dict[str, Any], action: A.Move) -> None:
        turn = self.s["turn"]
        if turn["stage"] == "before":
            turn["stage"] = "moved"  # ALT-12: from now on an action must follow, not a pass
        if action.via < 0:
            p["top_used"] = True
        else:
            good = p["move"][action.via]
            p["move"][action.via] = None
            if good == COINS:
                pass  # the coin goes to the supply: coins are unlimited and not counted there
            else:
                _add(p["container"], good)
        p["figure"] = action.to
        turn["cont"] = None

    def _do_pass(self, seat: int, p: dict[str, Any], action: A.Pass) -> None:
        self.s["passed"][seat] = True
        self._next_turn(seat)

    def _do_end_turn(self, seat: int, p: dict[str, Any], action: A.EndTurn) -> None:
        self._next_turn(seat)

    def _next_turn(self, seat: int) -> None:
        s = self.s
        n = self.num_players
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if not s["passed"][nxt]:
                s["turn"] = {"seat": nxt, "stage": "before", "cont": None}
                return
        self._end_round()

    def _acted(self, seat: int, cont: str | None) -> None:
        """Bookkeeping after an action (or a unit of one): stage, end trigger, missions."""
        s = self.s
        s["turn"]["stage"] = "after"
        s["turn"]["cont"] = cont
        self._check_end_trigger()
        self._check_missions(seat)

    def _consume(self, p: dict[str, Any], loc: str, cost: tuple[tuple[str, int], ...]) -> None:
        """Take tiles for a basic action: the location's fields first, then wildcards."""
        for good, count in cost:
            for _ in range(count):
                if good in p["fields"][loc]:
                    p["fields"][loc].remove(good)
                else:
                    eid = next(e for e, g in p["wild"].items() if g == good)
                    p["wild"][eid] = None
                _add(p["container"], good)

    def _gain(self, p: dict[str, Any], good: str) -> bool:
        """ALT-13: a gained tile goes to the container; none left means none received."""
        supply = self.s["supply"]
        if supply[good] <= 0:
            return False
        supply[good] -= 1
        if good == CORN:
            p["pending_corn"] += 1
        else:
            _add(p["container"], good)
        return True

    def _receive_corn(self, p: dict[str, Any]) -> None:
        """ALT-18: corn is stored at once; if nowhere may take it, it stays on the road."""
        if W.storage_rows(p["warehouse"], self.comps.rows, CORN) or self._buffer_room(p):
            self._gain(p, CORN)

    # phase 3: actions ---------------------------------------------------------------------
    def _do_produce(self, seat: int, p: dict[str, Any], action: A.Produce) -> None:
        s = self.s
        loc = p["figure"]
        source = action.source
        cont = None
        if source == "boat":
            self._consume(p, loc, self.comps.boat_cost)
            if action.out:
                s["boats"].remove(action.out)
                p["boats"].append(action.out)
                self._gain_any(p, action.out)
        elif source == "house":
            self._consume(p, loc, self.comps.house_cost)
            if action.out:
                s["houses"].remove(action.out)
                p["houses"].append(action.out)
        elif source == "role" or source.startswith("ext:"):
            if source == "role":
                placed = p["role_fields"]
                conv = self.comps.roles[p["role"]].conversion
            else:
                placed = p["ext_fields"][source[4:]]
                conv = self.comps.extensions[source[4:]].conversion
            for good, count in conv.inputs:
                _take(placed, good, count)
                if good != COINS:
                    _add(p["container"], good, count)
            self._gain_any(p, action.out)
        else:
            conv = next(c for c in self.comps.conversions_at(loc) if c.key == source)
            self._consume(p, loc, conv.inputs)
            self._gain_any(p, action.out)
            cont = source if conv.repeatable else None
        self._acted(seat, cont)

    def _gain_any(self, p: dict[str, Any], good: str) -> None:
        if good == CORN:
            self._receive_corn(p)
        else:
            self._gain(p, good)

    def _do_sell(self, seat: int, p: dict[str, Any], action: A.Sell) -> None:
        self._consume(p, p["figure"], ((action.good, 1),))
        p["coins"] += self.comps.sale_price[action.good]
        self._acted(seat, "sell")

    def _do_deliver(self, seat: int, p: dict[str, Any], action: A.Deliver) -> None:
        loc = p["figure"]
        self._consume(p, loc, ((action.good, 1),))
        _take(p["container"], action.good)  # onto the order, not into the container
        p["order"]["delivered"].append(action.good)
        if not self._missing(p):
            p["orders_done"].append(p["order"]["id"])
            p["order"] = None
            self._receive_corn(p)  # ALT-17: the last delivery gives 1 corn
        self._acted(seat, "deliver")

    def _do_store(self, seat: int, p: dict[str, Any], action: A.Store) -> None:
        if self.s["phase"] == "final":
            _take(p["final"], action.good)
            p["warehouse"][action.row].append(action.good)
            self._check_missions(seat)
            return
        self._consume(p, p["figure"], ((action.good, 1),))
        _take(p["container"], action.good)
        p["warehouse"][action.row].append(action.good)
        self._acted(seat, "store")

    def _do_store_buffered(self, seat: int, p: dict[str, Any], action: A.StoreBuffered) -> None:
        p["buffer"] -= 1
        p["warehouse"][action.row].append(CORN)
        self._acted(seat, "store_buffered")

    def _do_store_corn(self, seat: int, p: dict[str, Any], action: A.StoreCorn) -> None:
        p["pending_corn"] -= 1
        p["warehouse"][action.row].append(CORN)
        self._check_missions(seat)

    def _do_buffer_corn(self, seat: int, p: dict[str, Any], action: A.BufferCorn) -> None:
        p["pending_corn"] -= 1
        p["buffer"] += 1

    def _do_buy_cart(self, seat: int, p: dict[str, Any], action: A.BuyCart) -> None:
        p["coins"] -= C.CART_PRICE
        if self.s["carts"] > 0:  # ALT-13: none left, none received
            self.s["carts"] -= 1
            p["carts"][action.field] = True
        p["bought_cart"] = True
        self._acted(seat, None)

    def _do_buy_extension(self, seat: int, p: dict[str, Any], action: A.BuyExtension) -> None:
        s = self.s
        p["coins"] -= self.extension_price(action.slot)
        eid = s["strip"][action.slot]
        s["strip"][action.slot] = None
        s["ext_bought"] = True
        p["bought_ext"] = True
        p["ext"].append(eid)
        if self.comps.extensions[eid].conversion is not None:
            p["ext_fields"][eid] = {}
        elif eid in C.WILDCARDS or self.comps.extensions[eid].identity in C.WILDCARDS:
            p["wild"][eid] = None
        self._acted(seat, None)

    def _do_buy_order(self, seat: int, p: dict[str, Any], action: A.BuyOrder) -> None:
        p["coins"] -= self.comps.order_cost
        if action.order != A.NO_ORDER:  # ALT-13: none left, none received
            self.s["orders"].remove(action.order)
            p["order"] = {"id": action.order, "delivered": []}
        self._acted(seat, None)

    def _do_build_road(self, seat: int, p: dict[str, Any], action: A.BuildRoad) -> None:
        self._consume(p, p["figure"], C.ROAD_COST)
        step = self.comps.road_track[p["road"]]
        p["road"] += 1
        if step == "corn":
            self._receive_corn(p)
        self._acted(seat, None)

    # phase 4 and the end ------------------------------------------------------------------
    def _check_end_trigger(self) -> None:
        """ALT-21: a location whose tiles, cards and carts are all gone triggers the end."""
        s = self.s
        if s["end_round"] is not None:
            return
        for loc in self.comps.locations:
            if all(self._left_at(item) == 0 for item in self.comps.location_supplies[loc]):
                s["end_round"] = s["round"] + 1
                return

    def _left_at(self, item: str) -> int:
        s = self.s
        if item in ("houses", "boats", "orders"):
            return len(s[item])
        if item == "carts":
            return s["carts"]
        return s["supply"][item]

    def _end_round(self) -> None:
        s = self.s
        if s["end_round"] is not None and s["round"] >= s["end_round"]:
            self._start_final_storage()
            return
        n = self.num_players
        s["start"] = (s["start"] + 1) % n  # ALT-5
        for p in s["players"]:
            p["top_used"] = False
            p["bought_cart"] = False
            p["bought_ext"] = False
        self._refill_strip()
        s["round"] += 1
        s["phase"] = "draw"
        s["ready"] = [False] * n
        s["passed"] = [False] * n
        s["turn"] = {"seat": s["start"], "stage": "before", "cont": None}

    def _refill_strip(self) -> None:
        """Phase 4: close the gaps downwards (dropping the bottom card if none was bought)."""
        s = self.s
        cards = [e for e in s["strip"] if e is not None]
        if not s["ext_bought"] and s["strip"] and s["strip"][0] is not None:
            s["ext_box"].append(cards.pop(0))
        s["ext_bought"] = False
        while len(cards) < len(s["strip"]) and s["stack"]:
            cards.append(s["stack"].pop())
            s["reveals"] += 1
        if len(cards) < len(s["strip"]) and s["end_round"] is None:
            s["end_round"] = s["round"] + 1  # ALT-21: an empty space cannot be refilled
        s["strip"] = cards + [None] * (len(s["strip"]) - len(cards))

    def _start_final_storage(self) -> None:
        s = self.s
        s["ready"] = [not self._has(p, "final_storage") for p in s["players"]]
        s["phase"] = "final"
        if all(s["ready"]):
            s["phase"] = "over"

    def _do_final_draw(self, seat: int, p: dict[str, Any], action: A.FinalDraw) -> None:
        p["final_drawn"] = True
        self._draw(seat, p, C.SPECIAL_EXTENSIONS["final_storage"]["draws"], p["final"])

    def _do_final_done(self, seat: int, p: dict[str, Any], action: A.FinalDone) -> None:
        for good, count in p["final"].items():
            _add(p["container"], good, count)
        p["final"] = {}
        s = self.s
        s["ready"][seat] = True
        if all(s["ready"]):
            s["phase"] = "over"

    # missions -------------------------------------------------------------------------------
    def _facts(self, p: dict[str, Any]) -> M.Facts:
        rows = p["warehouse"]
        return M.Facts(
            rows=rows,
            complete=W.complete_rows(rows, self.comps.rows),
            orders_done=[self.comps.orders[o].goods for o in p["orders_done"]],
            boats=len(p["boats"]),
            houses=len(p["houses"]),
        )

    def _check_missions(self, seat: int) -> None:
        """ALT-24: record "first to" events as they happen; reveal fulfilled missions."""
        s = self.s
        p = s["players"][seat]
        facts = self._facts(p)
        for event in M.first_events(facts, bool(p["orders_done"]), bool(p["houses"])):
            s["firsts"].setdefault(event, seat)
        for mission in p["missions"]:
            if mission not in p["revealed"] and M.achieved(mission, seat, facts, s["firsts"]):
                p["revealed"].append(mission)
                s["reveals"] += 1

    # ------------------------------------------------------------------ results
    def scores(self) -> list[int]:
        return [sheet["total"] for sheet in self.score_sheet()["players"]]

    def score_sheet(self) -> dict[str, Any]:
        return scoring.score_sheet(self.comps, self.s, self.is_over())

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return scoring.winners(self.score_sheet(), [p["coins"] for p in self.s["players"]])

    # ------------------------------------------------------------------ views
    def view(self, seat: int | None) -> dict[str, Any]:
        from meeple.games.altiplano.hidden import make_view

        return make_view(self, self.check_view_seat(seat))

    @classmethod
    def determinize(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        from meeple.games.altiplano.hidden import determinize

        return determinize(cls, view, rng)

    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        from meeple.games.altiplano.hidden import shuffle_hidden

        shuffle_hidden(self, seat, rng)
        self._legal = {}

    # ------------------------------------------------------------------ words
    def action_label(self, action: Action) -> str:
        """Names, not ids: what an action costs and gives, in the edition's terms."""
        from meeple.games.altiplano import wording

        strip = self.s["strip"]
        if isinstance(action, A.BuyExtension) and 0 <= action.slot < len(strip):
            eid = strip[action.slot]
            if eid in self.comps.extensions:
                return (
                    f"Buy extension {wording.extension_text(self.comps, eid)} for "
                    f"{wording.coins(self.extension_price(action.slot))}"
                )
        movers = self.to_move()
        role = self.s["players"][movers[0]]["role"] if len(movers) == 1 else None
        return wording.label(self.comps, action, role)

    def tried_actions(self, seat: int) -> list[Action]:
        from meeple.games.altiplano.trying import tried_actions

        return tried_actions(self, seat)

    def narrate(
        self, before: Self, seat: int, action: Action, viewer: int | None
    ) -> list[LogEntry]:
        from meeple.games.altiplano.narration import narrate

        return narrate(before, self, seat, action, viewer)

    # ------------------------------------------------------------------ persistence
    def to_json(self) -> dict[str, Any]:
        options = dict(self.options)
        if options["edition"] is not None:
            options["edition"] = json.loads(json.dumps(options["edition"]))
        return {"game": self.game_name, "options": options, "state": _copy(self.s)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != cls.game_name:
            raise MalformedState("field 'game' must be 'altiplano'")
        try:
            options = cls.normalize_options(data.get("options"))
        except Exception as exc:
            raise MalformedState(f"field 'options': {exc}") from exc
        comps = C.load(options["edition"])
        s = data.get("state")
        check_state(s, comps, options)
        return cls(options, comps, _copy(s))

    def clone(self) -> Self:
        other = type(self)(self.options, self.comps, _copy(self.s))
        # The legal actions depend on the state alone, and cached entries are never changed
        # (apply starts a new cache), so the copy starts with the same cache.
        other._legal = self._legal.copy()
        return other
