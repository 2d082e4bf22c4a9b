"""Altiplano's game state: setup, the four phases, the end and the views.

The whole state is plain JSON data in `self.s` (dicts, lists, ints, strings), copied explicitly by
`clone`. Components (`self.comps`) and options are immutable and shared between clones.

Hidden information is kept out of any order: a bag is a multiset of counts and every draw derives
its randomness from the seed, a salt and the reveal counter, so the next draws do not exist until
they happen; `shuffle_hidden` changes the salt. Only the extension stack, undealt mission cards
and the other seats' bags, containers and secret missions are hidden.

Each rule is checked in one place, a `_x_problem` method that returns None or the ruling that
forbids an action (an id such as ``ALT-12``) with the reason in words. `apply` checks an action
with them (`_problem`) before it changes anything. `legal_actions` lists the actions with no
problem; in its hot paths (planning, the actions at a location, the moves) it enumerates them
directly instead of trying every conceivable action, and tests/altiplano/test_altiplano_legality.py
holds the lists equal to the checks along random games, so `apply` need not check an action
found in the list.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self, TypeVar

from mypy_extensions import mypyc_attr

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry
from meeple.engine.rng import derive_rng
from meeple.engine.words import Text, say, say_n
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import missions as M
from meeple.games.altiplano import scoring, wording
from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano.fields import Player, Table
from meeple.games.altiplano.schema import check_state
from meeple.games.altiplano.seats import SEATS
from meeple.games.altiplano.state_data import copy_state as _copy

DEFAULT_OPTIONS: dict[str, Any] = {
    "players": 3,
    "role_draft": False,
    "missions": False,
    "start_player": 0,  # ALT-5: seat 1 unless the table chooses
    "edition": None,
}
FOOD, CORN, COINS = C.FOOD, "corn", C.COINS
#: What forbids an action: the ruling (``"ALT-12"``, ``"rulebook: phase 3"``) and the reason
#: in words; None when nothing does.
Problem = tuple[str, str] | None
#: The basic actions of the action board by key (`Produce.source`).
_BASIC = {conv.key: conv for conv in C.BASIC_ACTIONS}

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


@functools.cache
def _produces(source: str, outs: tuple[str, ...]) -> tuple[A.Produce, ...]:
    """The productions of a conversion, one per output (the cached instances above): listed
    for every location at every step of search's evaluation."""
    return tuple(_produce(source, out) for out in outs)


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


@dataclasses.dataclass(frozen=True)
class _Outfit:
    """What a player's role and extensions make of the board, derived once per role and set of
    extensions (they change a few times a game; planning reads this at every step)."""

    #: (location, its field name, fields there, tiles they take) in the circle's data order;
    #: the market's tiles leave out the order goods (`AltiplanoState.market_order_goods`).
    locations: tuple[tuple[str, str, int, frozenset[str]], ...]
    #: The placing of each tile a location's fields take, by location and tile (the market's
    #: order goods aside, as above).
    places: dict[str, dict[str, A.Place]]
    #: Fields per location (`AltiplanoState.field_capacity`).
    capacity: dict[str, int]
    #: Tiles each location's fields take, the market's without the order goods.
    inputs: dict[str, frozenset[str]]
    #: Role and extension conversions by field name (`AltiplanoState.conversions`).
    conversions: tuple[tuple[str, C.Conversion], ...]
    #: The same, grouped by location.
    by_location: dict[str, tuple[tuple[str, C.Conversion], ...]]
    #: Identities of the player's extensions.
    identities: frozenset[str]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled as pure: a subclass may override
class AltiplanoState(GameState):
    """One game of Altiplano (see the module docstring for how the data is laid out)."""

    game_name = "altiplano"
    seats = SEATS
    codec = A.CODEC

    __slots__ = ("_legal", "comps", "options", "s")

    def __init__(self, options: dict[str, Any], comps: C.Components, s: Table) -> None:
        self.options = options
        self.comps = comps
        self.s = s
        self._legal: dict[int, list[Action]] = {}

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
            raise OptionsError(say("option 'players' must be an integer 2..5"))
        for key in ("role_draft", "missions"):
            if type(result[key]) is not bool:
                raise OptionsError(say("option {option!r} must be true or false", option=key))
        start = result["start_player"]
        if type(start) is not int or not 0 <= start < result["players"]:
            raise OptionsError(
                say(
                    "option 'start_player' must be a seat 0..{last} (the first player is 0), "
                    "not {start!r}",
                    last=result["players"] - 1,
                    start=start,
                )
            )
        if result["edition"] is not None and not isinstance(result["edition"], Mapping):
            raise OptionsError(say("option 'edition' must be null or an object"))
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
        s: Table = {
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
    def _new_player(comps: C.Components) -> Player:
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
        reveals: int = self.s["reveals"]
        return reveals

    def is_over(self) -> bool:
        over: bool = self.s["phase"] == "over"
        return over

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
            n, start = len(s["players"]), s["start"]
            seats = [seat for k in range(n) if self._may_plan(seat := (start + k) % n)]
            return tuple(seats)
        if phase == "missions":
            return tuple(i for i in range(self.num_players) if self.legal_actions(i))
        return tuple(i for i in range(self.num_players) if not s["ready"][i])

    def planning_capacity(self, p: Player) -> int:
        """Planning fields usable: the start count plus each 'plan' road step taken (ALT-19)."""
        plans = sum(1 for step in self.comps.road_track[: p["road"]] if step == "plan")
        return min(self.comps.planning_max, self.comps.planning_start + plans)

    def _outfit(self, p: Player) -> _Outfit:
        """The player's `_Outfit`, memoised per role and extensions."""
        key = ("outfit", p["role"], tuple(p["ext"]))
        outfit: _Outfit | None = self.comps.memo.get(key)
        if outfit is None:
            outfit = _remember(self.comps.memo, key, self._make_outfit(p))
        return outfit

    def _make_outfit(self, p: Player) -> _Outfit:
        comps = self.comps
        identities = frozenset(comps.extensions[e].identity for e in p["ext"])
        capacity = dict(comps.action_fields)
        if "village_fields" in identities:
            capacity["village"] += C.SPECIAL_EXTENSIONS["village_fields"]["fields"]
        conversions = [("role", comps.roles[p["role"]].conversion)] if p["role"] else []
        for eid in p["ext"]:
            conv = comps.extensions[eid].conversion
            if conv is not None:
                conversions.append((f"ext:{eid}", conv))
        grouped: dict[str, list[tuple[str, C.Conversion]]] = {}
        for field, conv in conversions:
            grouped.setdefault(conv.location, []).append((field, conv))
        inputs = self._location_inputs_table(conversions)
        return _Outfit(
            locations=tuple(
                (loc, f"loc:{loc}", capacity[loc], inputs[loc]) for loc in comps.locations
            ),
            places={
                loc: {good: _place(f"loc:{loc}", good) for good in sorted(inputs[loc])}
                for loc in comps.locations
            },
            capacity=capacity,
            inputs=inputs,
            conversions=tuple(conversions),
            by_location={loc: tuple(g) for loc, g in grouped.items()},
            identities=identities,
        )

    def field_capacity(self, p: Player, loc: str) -> int:
        return self._outfit(p).capacity[loc]

    def _has(self, p: Player, identity: str) -> bool:
        return identity in self._outfit(p).identities

    def conversions(self, p: Player) -> list[tuple[str, C.Conversion]]:
        """Role and extension conversions of a player, keyed by their field name."""
        return list(self._outfit(p).conversions)

    def _conversions_by_location(
        self, p: Player
    ) -> dict[str, tuple[tuple[str, C.Conversion], ...]]:
        """`conversions` grouped by location, in order."""
        return self._outfit(p).by_location

    def location_inputs(self, p: Player, loc: str) -> frozenset[str]:
        """Tiles a location's action fields take (ALT-8): inputs of any action there. The
        market's also depend on the orders: see `market_order_goods`."""
        inputs = self._outfit(p).inputs[loc]
        if loc == "market":
            return self._market_inputs(p, inputs)
        return inputs

    def _market_inputs(self, p: Player, inputs: frozenset[str]) -> frozenset[str]:
        """`inputs` (the market's without the order goods) and `market_order_goods`, memoised
        by what they depend on: planning asks at every step, and the orders seldom change."""
        order = p["order"]
        key = (
            "market",
            inputs,
            tuple(self.s["orders"]),
            None if order is None else order["id"],
            () if order is None else tuple(order["delivered"]),
        )
        found: frozenset[str] | None = self.comps.memo.get(key)
        if found is None:
            found = _remember(self.comps.memo, key, inputs | self.market_order_goods(p))
        return found

    def market_order_goods(self, p: Player) -> frozenset[str]:
        """Goods a delivery could still use (ALT-8): those missing on the player's own order and
        those on the order cards still at the market. Cards removed at setup or taken by other
        players can never be delivered to by this player, so their goods do not count."""
        orders = self.comps.orders
        goods: set[str] = set()
        for order in self.s["orders"]:
            goods.update(orders[order].goods)
        if p["order"] is not None:
            goods.update(self._missing(p))
        return frozenset(goods)

    def _location_inputs_table(
        self, conversions: list[tuple[str, C.Conversion]]
    ) -> dict[str, frozenset[str]]:
        # order goods at the market: `market_order_goods`
        owned = [conv for _key, conv in conversions]
        return {
            loc: frozenset(self.comps.location_inputs(loc, owned)) for loc in self.comps.locations
        }

    # ------------------------------------------------------------------ legal actions
    # The seat of the entries is typed `object`: they refuse anything else than a seat by the
    # game's own rules (no actions, MalformedAction), also in the compiled build, which checks
    # declared types at the call.
    def legal_actions(self, seat: object) -> list[Action]:
        if type(seat) is not int:
            return []
        return list(self._legal_entry(seat))

    def _legal_entry(self, seat: int) -> list[Action]:
        """Legal actions of `seat`, cached until the state changes (never changed)."""
        entry = self._legal.get(seat)
        if entry is None:
            entry = self._legal[seat] = self._compute_legal(seat)
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

    def _legal_missions(self, seat: int, p: Player) -> list[Action]:
        hand = p["hand"]
        if p["draft"] == 0:
            return [_keep_mission(m) for m in hand]
        if p["draft"] == 1:
            return [_pass_mission(m) for m in hand]
        if p["draft"] == 3 and hand:
            return [_keep_mission(m) for m in hand]
        return []

    def _legal_draw(self, p: Player) -> list[Action]:
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

    def _placed_tiles(self, p: Player) -> list[tuple[str, str]]:
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
        for eid, wild in p["wild"].items():
            if wild is not None:
                result.append((f"wild:{eid}", wild))
        for i, on_field in enumerate(p["move"]):
            if on_field == FOOD:
                result.append((f"move:{i}", FOOD))
        return result

    def _coin_fields_with_coins(self, p: Player) -> list[str]:
        """ALT-6: coins may come back from extensions and movement fields."""
        result = [f"ext:{eid}" for eid, placed in p["ext_fields"].items() if COINS in placed]
        result += [f"move:{i}" for i, good in enumerate(p["move"]) if good == COINS]
        return result

    def _legal_plan(self, seat: int, p: Player) -> list[Action]:
        result: list[Action] = []
        if self._next_done() == seat:  # `_done_problem`
            result.append(_done())
        if p["placed_now"]:
            for target, good in sorted({(t, g) for t, g in p["placed_now"]}):
                result.append(_unplace(target, good))
        planning = p["planning"]
        goods = sorted(planning)
        coins = p["coins"] > 0
        outfit = self._outfit(p)
        fields = p["fields"]
        places = outfit.places
        for loc, target, capacity, allowed in outfit.locations:
            if len(fields[loc]) < capacity:
                if loc == "market":
                    allowed = self._market_inputs(p, allowed)
                    result.extend([_place(target, g) for g in goods if g in allowed])
                else:
                    here = places[loc]
                    result.extend([here[g] for g in goods if g in here])
        for key, conv in outfit.conversions:
            placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
            for good, count in conv.inputs:
                if placed.get(good, 0) < count and (good in planning or (good == COINS and coins)):
                    result.append(_place(key, good))
        for eid, wild in p["wild"].items():
            if wild is None:
                result.extend(_place(f"wild:{eid}", g) for g in goods)
        coin_move = coins and "coin_movement" in outfit.identities
        food = FOOD in planning
        if food or coin_move:
            for i, on_field in enumerate(p["move"]):
                if on_field is None:
                    if food:
                        result.append(_place(f"move:{i}", FOOD))
                    if coin_move:
                        result.append(_place(f"move:{i}", COINS))
        return result

    def _may_plan(self, seat: int) -> bool:
        """Whether `seat` has any planning action (the listed actions if known, else a quick
        answer for the common cases)."""
        s = self.s
        if s["ready"][seat]:
            return False
        listed = self._legal.get(seat)
        if listed is not None:
            return bool(listed)
        p = s["players"][seat]
        if p["placed_now"] or self._next_done() == seat:
            return True
        planning = p["planning"]
        fields = p["fields"]
        for loc, _, capacity, inputs in self._outfit(p).locations:
            if len(fields[loc]) < capacity:
                if loc == "market":
                    inputs = self._market_inputs(p, inputs)
                for good in planning:
                    if good in inputs:
                        return True
        return bool(self._legal_entry(seat))

    def _next_done(self) -> int:
        """ALT-10: "done" is accepted from the start player first, then clockwise."""
        ready = self.s["ready"]
        n, start = len(ready), self.s["start"]
        for k in range(n):
            seat = (start + k) % n
            if not ready[seat]:
                return seat
        return -1

    def available(self, p: Player, loc: str) -> dict[str, int]:
        """Tiles usable for a basic action at `loc`: its fields plus wildcard fields."""
        counts: dict[str, int] = {}
        for good in p["fields"][loc]:
            counts[good] = counts.get(good, 0) + 1
        for wild in p["wild"].values():
            if wild is not None:
                counts[wild] = counts.get(wild, 0) + 1
        return counts

    def _legal_turn(self, p: Player) -> list[Action]:
        s = self.s
        turn = s["turn"]
        if p["pending_corn"]:
            result: list[Action] = [
                _store_corn(r) for r in W.storage_rows(p["warehouse"], self.comps.rows, CORN)
            ]
            if self._buffer_problem(p) is None:
                result.append(_buffer_corn())
            return result
        if turn["stage"] != "after":  # before the action, having moved towards it or not
            if p["figure"] is None:
                return [_place_figure(loc) for loc in self.comps.locations] + [_pass()]
            result = [*self.moves_before_action(p), *self.location_actions(p, p["figure"], None)]
            if turn["stage"] == "before":
                result.append(_pass())  # ALT-12: a player who passes does not move
            return result
        result = [*self.legal_moves(p)]
        if turn["cont"] is not None:
            loc = p["figure"]
            assert loc is not None, "a player moves and acts only once the figure is placed"
            result.extend(self.location_actions(p, loc, turn["cont"]))
        result.append(_end_turn())
        return result

    def legal_moves(self, p: Player) -> list[A.Move]:
        """Movements the player's carts and food allow now (ALT-12), wherever they lead; bots
        use it to see what is reachable. Before the action only `moves_before_action` are
        offered."""
        circle = self.s["circle"]
        loc = p["figure"]
        assert loc is not None, "a player moves and acts only once the figure is placed"
        here = circle.index(loc)
        size = len(circle)
        result: list[A.Move] = []
        for via, steps in self._journeys(p).items():
            result.extend(
                _move(via, loc)
                for i, loc in enumerate(circle)
                if i != here and min(abs(i - here), size - abs(i - here)) <= steps
            )
        return result

    def _journeys(self, p: Player) -> dict[int, int]:
        """The player's unused movements this round: -1 for the top cart, else the movement
        field's index, each with the most steps its journey may take (ALT-12)."""
        cart = self.comps.cart_steps
        result = {} if p["top_used"] else {-1: cart}
        for i, good in enumerate(p["move"]):
            if good is not None:
                result[i] = cart if p["carts"][i] else 1
        return result

    def moves_before_action(self, p: Player) -> list[A.Move]:
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
        journeys = self._journeys(p)
        total = sum(journeys.values())
        known: dict[str, bool] = {}
        return [
            move
            for move in moves
            if self._action_within(p, move.to, total - journeys[move.via], known)
        ]

    def location_actions(self, p: Player, loc: str, cont: str | None) -> list[Action]:
        """The actions at `loc`; with `cont`, only further units of that multi-tile action."""
        comps = self.comps
        s = self.s
        avail = self.available(p, loc)
        result: list[Action] = []
        for conv in comps.conversions_at(loc):
            if cont is not None and cont != conv.key:
                continue
            if _covers(avail, conv.inputs):
                result.extend(_produces(conv.key, conv.out))
        if cont is None:
            for key, conv in self._conversions_by_location(p).get(loc, ()):
                placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
                if _covers(placed, conv.inputs):
                    result.extend(_produces(key, conv.out))
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
            # The first checks of `_cart_problem` come first here only for speed (search lists
            # these actions at every village visit, mostly without the coin).
            if cont is None and p["coins"] >= C.CART_PRICE and not p["bought_cart"]:
                result.extend(
                    _buy_cart(i) for i in range(len(p["carts"])) if not self._cart_problem(p, i)
                )
        if loc == "market":
            if cont in (None, "sell"):
                result.extend(_sell(g) for g in sorted(avail) if g in comps.sale_price)
            if cont in (None, "deliver") and p["order"] is not None:
                missing = self._missing(p)
                result.extend(_deliver(g) for g in sorted(avail) if g in missing)
            if cont is None:
                # The first checks of `_extension_problem` and `_order_problem` come first here
                # only for speed (search lists these actions at every market visit).
                if not p["bought_ext"]:
                    result.extend(
                        _buy_extension(slot)
                        for slot, eid in enumerate(s["strip"])
                        if eid is not None
                        and p["coins"] >= self.extension_price(slot)
                        and not self._extension_problem(p, slot)
                    )
                if p["order"] is None and p["coins"] >= comps.order_cost:
                    # ALT-13: with no card left the action is still allowed; nothing is received
                    result.extend(
                        _buy_order(o)
                        for o in s["orders"] or [A.NO_ORDER]
                        if not self._order_problem(p, o)
                    )
        if (
            loc == C.ROAD
            and cont is None
            and not self._road_problem(p)
            and _covers(avail, C.ROAD_COST)
        ):
            result.append(_build_road())
        return result

    def _missing(self, p: Player) -> list[str]:
        order = p["order"]
        assert order is not None, "only a player with an order misses goods for it"
        missing = list(self.comps.orders[order["id"]].goods)
        for good in order["delivered"]:
            missing.remove(good)
        return missing

    def _legal_final(self, p: Player) -> list[Action]:
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
    def check_seat(self, seat: object) -> int:
        """As the engine's; a seat with listed actions is known to be one that may act (in
        every phase only seats that may act have actions), so it needs no `to_move`."""
        if type(seat) is int and self._legal.get(seat):
            return seat
        return super().check_seat(seat)

    def apply(self, seat: object, action: Action) -> None:
        seat = self.check_seat(seat)
        effect = _EFFECTS.get(type(action))
        if effect is None:
            raise MalformedAction(f"not an Altiplano action: {action!r}")
        # A listed action has no problem (the lists equal the checks, see the module
        # docstring), so only an action not found in the list of this state is checked. The
        # lists hold one instance per distinct action, and the callers that apply many actions
        # (search, random play) pass those instances: found by identity, which is much cheaper
        # than hashing; an equal copy (one decoded from JSON) is simply checked.
        if not _listed(self._legal.get(seat), action):
            problem = self._problem(seat, action)
            if problem is not None:
                raise IllegalAction(*problem)
        if type(action) in _OWN_PLANNING:
            self._legal.pop(seat, None)
        else:
            self._legal = {}
        effect(self, seat, self.s["players"][seat], action)

    # ------------------------------------------------------------------ rules
    def _problem(self, seat: int, action: Action) -> Problem:
        """The rule that forbids `seat` to do `action` now, with the reason in words, or None
        if the rules allow it. `seat` is one that may act now (`check_seat`: whose turn it is
        belongs to `to_move`), `action` one of this game's."""
        phase = self.s["phase"]
        kind = type(action)
        if phase not in _PHASES[kind]:
            return self._phase_problem(action, phase)
        p = self.s["players"][seat]
        if phase == "actions":
            problem = self._corn_problem(p, action)
            if problem is not None:
                return problem
        return _CHECKS[kind](self, seat, p, action)

    def _phase_problem(self, action: Action, phase: str) -> Problem:
        """The game's sequence: each action belongs to one phase (the rule of that phase)."""
        home = _PHASES[type(action)][0]
        return _PHASE_RULE[home], (
            say(
                "{action!r} belongs to {home}; the game is in {phase}",
                action=self.action_label(action),
                home=_PHASE_NAME[home],
                phase=_PHASE_NAME[phase],
            )
        )

    def _role_problem(self, role: str) -> Problem:
        """ALT-4: each role is chosen once."""
        if role in self.s["roles_free"]:
            return None
        if role in self.comps.roles:
            return "ALT-4", say(
                "the role {role} is already taken",
                role=wording.role_name(self.comps, role),
            )
        return "ALT-4", say("{role!r} is not a role of this edition", role=role)

    def _mission_problem(self, p: Player, action: A.KeepMission | A.PassMission) -> Problem:
        """ALT-23: keep 1 of the 3 dealt, pass 1 of the other 2, keep 1 of those received."""
        step = p["draft"]
        if isinstance(action, A.KeepMission) and step == 1:
            return "ALT-23", say(
                "one card of the 3 dealt is kept; now one of the other two is passed"
            )
        if isinstance(action, A.PassMission) and step != 1:
            return "ALT-23", say("a card is passed once, right after keeping one of the 3 dealt")
        if action.mission not in p["hand"]:
            return "ALT-23", say("that mission card is not in hand")
        return None

    def _swap_problem(self, p: Player, action: Action) -> Problem:
        """ALT-7: the swap extension acts after the draw and before planning: one planning tile
        to the container, then one tile from the bag or the container (or no swap at all)."""
        step, due = p["swap"], _SWAP_STEP[type(action)]
        if step == due:
            return None
        if step == "choose":
            return "ALT-7", say(
                "after the draw comes the swap: swap a planning tile or do not swap"
            )
        if step == "refill":
            return "ALT-7", say(
                "the swap goes on: draw from the bag or take a tile from the container"
            )
        if not self._has(p, "swap_planning_tile"):
            return "ALT-7", say("only the swap planning tile extension swaps a tile")
        return "ALT-7", say("the swap comes after the draw")

    def _take_back_problem(self, p: Player, target: str, good: str) -> Problem:
        """ALT-6: before the draw, tiles come back from action fields onto free planning
        fields (never from the warehouse or orders)."""
        if not self._holds(p, target, good):
            if good == COINS:
                return "ALT-6", say("coins come back as coins, from extensions and movement fields")
            where = wording.target_text(self.comps, target)
            return "ALT-6", say(
                "there is no {good} on {where} to take back", good=wording.good(good), where=where
            )
        if sum(p["planning"].values()) >= self.planning_capacity(p):
            return "ALT-6", say(
                "a tile comes back only onto a free planning field, and none is free"
            )
        return None

    def _holds(self, p: Player, target: str, good: str) -> bool:
        """Whether field `target` of the player holds a tile `good` (not a coin)."""
        kind, _, name = target.partition(":")
        if good == COINS:
            return False
        if kind == "loc":
            return good in p["fields"].get(name, ())
        if target == "role":
            return good in p["role_fields"]
        if kind == "ext":
            return good in p["ext_fields"].get(name, ())
        if kind == "wild":
            return name in p["wild"] and p["wild"][name] == good
        index = _index(name, len(p["move"])) if kind == "move" else -1
        return index >= 0 and good == FOOD and p["move"][index] == FOOD

    def _coin_back_problem(self, p: Player, target: str) -> Problem:
        """ALT-6: coins come back from extensions and movement fields."""
        kind, _, name = target.partition(":")
        if kind == "ext" and COINS in p["ext_fields"].get(name, ()):
            return None
        index = _index(name, len(p["move"])) if kind == "move" else -1
        if index >= 0 and p["move"][index] == COINS:
            return None
        if kind in ("ext", "move"):
            return "ALT-6", say(
                "there is no coin on {target}", target=wording.target_text(self.comps, target)
            )
        return "ALT-6", say("coins come back only from extensions and movement fields")

    def _done_problem(self, seat: int) -> Problem:
        """ALT-10: "done" is final and said in turn order from the start player."""
        due = self._next_done()
        if due == seat:
            return None
        return (
            "ALT-10",
            say(
                "'done' is said in turn order from the start player: {seat} first",
                seat=SEATS.name(due),
            ),
        )

    def _unplace_problem(self, p: Player, target: str, good: str) -> Problem:
        """ALT-9: only tiles placed this round may be moved again."""
        if [target, good] in p["placed_now"]:
            return None
        where = wording.target_text(self.comps, target)
        if self._holds(p, target, good):
            return "ALT-9", say(
                "the {good} on {where} was placed in an earlier round: it stays",
                good=wording.good(good),
                where=where,
            )
        return "ALT-9", say(
            "no {good} was placed on {where} this round", good=wording.good(good), where=where
        )

    def _place_problem(self, p: Player, target: str, good: str) -> Problem:
        """ALT-8: one tile per field; a location's field takes a tile some action of the
        player's there uses, role and extension fields exactly their printed tiles (coin fields
        coins), movement fields food (or a coin, with coin movement), wildcard fields any tile."""
        kind, _, name = target.partition(":")
        where = wording.target_text(self.comps, target)
        if kind == "loc" and name in p["fields"]:
            capacity = self.field_capacity(p, name)
            if len(p["fields"][name]) >= capacity:
                return "ALT-8", say_n(
                    "the {name} has {n} action field, all taken",
                    "the {name} has {n} action fields, all taken",
                    n=capacity,
                    name=wording.place(name),
                )
            if good not in self.location_inputs(p, name):
                if name == "market":
                    return "ALT-8", (
                        say(
                            "no market action could use {good} (it has no sale price and is "
                            "missing neither on the player's order nor on an order card at the "
                            "market)",
                            good=wording.good(good),
                        )
                    )
                return "ALT-8", say(
                    "no action of the player's at the {name} takes {good}",
                    name=wording.place(name),
                    good=wording.good(good),
                )
            return self._planning_tile_problem(p, good)
        fields = self._conversion_fields(p, target)
        if fields is not None:
            conv, placed = fields
            if all(g != good for g, _ in conv.inputs):
                return "ALT-8", say(
                    "{where} takes {conversion}: no {good}",
                    where=where,
                    conversion=wording.conversion_text(conv),
                    good=wording.good(good),
                )
            if not any(g == good and placed.get(g, 0) < n for g, n in conv.inputs):
                return "ALT-8", say(
                    "{where} holds all the {good} it takes", where=where, good=wording.good(good)
                )
            if good == COINS:
                return None if p["coins"] > 0 else ("ALT-8", say("the player has no coin to place"))
            return self._planning_tile_problem(p, good)
        if kind == "wild" and name in p["wild"]:
            if p["wild"][name] is not None:
                return "ALT-8", say(
                    "{where} holds {wild}: one tile per field",
                    where=where,
                    wild=wording.good(p["wild"][name]),
                )
            return self._planning_tile_problem(p, good)
        index = _index(name, len(p["move"])) if kind == "move" else -1
        if index >= 0:
            if p["move"][index] is not None:
                return "ALT-8", say(
                    "{where} holds {move}: one tile per field",
                    where=where,
                    move=wording.good(p["move"][index]),
                )
            if good == FOOD:
                return self._planning_tile_problem(p, good)
            if good != COINS:
                return "ALT-8", say("movement fields take food (or a coin, with coin movement)")
            if not self._has(p, "coin_movement"):
                return (
                    "ALT-8",
                    say("a coin goes on a movement field only with the coin movement extension"),
                )
            return None if p["coins"] > 0 else ("ALT-8", say("the player has no coin to place"))
        return "ALT-8", say(
            "{target!r} is not an action or movement field of the player's", target=target
        )

    def _planning_tile_problem(self, p: Player, good: str) -> Problem:
        """ALT-8: tiles are placed from the planning fields (coins only on coin fields)."""
        if good in p["planning"]:
            return None
        if good == COINS:
            return "ALT-8", say(
                "coins go only on coin fields (and movement fields, with coin movement)"
            )
        return "ALT-8", say("there is no {good} on the planning fields", good=wording.good(good))

    def _conversion_fields(
        self, p: Player, target: str
    ) -> tuple[C.Conversion, dict[str, int]] | None:
        """The action and the placed tiles of a role or extension field, if the player has it."""
        if target == "role":
            role = p["role"]
            return None if role is None else (self.comps.roles[role].conversion, p["role_fields"])
        eid = target[4:] if target.startswith("ext:") else ""
        ext = self.comps.extensions.get(eid)
        if ext is None or ext.conversion is None or eid not in p["ext"]:
            return None
        return ext.conversion, p["ext_fields"][eid]

    def _corn_problem(self, p: Player, action: Action) -> Problem:
        """ALT-18: received corn is stored (or buffered) at once, before anything else."""
        corn_step = isinstance(action, A.StoreCorn | A.BufferCorn)
        if p["pending_corn"] and not corn_step:
            return "ALT-18", say(
                "the corn just received is stored first (or put on the corn buffer)"
            )
        if corn_step and not p["pending_corn"]:
            return "ALT-18", say("no corn was just received")
        return None

    def _buffer_problem(self, p: Player) -> Problem:
        """ALT-18: the corn buffer extension keeps corn for later, up to its capacity."""
        if not self._has(p, "corn_buffer"):
            return "ALT-18", say("only the corn buffer extension keeps corn for later")
        capacity = C.SPECIAL_EXTENSIONS["corn_buffer"]["capacity"]
        if p["buffer"] >= capacity:
            return "ALT-18", say("the corn buffer is full ({capacity} corn)", capacity=capacity)
        return None

    def _figure_problem(self, p: Player, location: str) -> Problem:
        """ALT-12: the figure is put on any location once, for free, before its first action."""
        if p["figure"] is not None:
            return "ALT-12", say(
                "the figure is already on the board (at the {figure})",
                figure=wording.place(p["figure"]),
            )
        if location not in self.comps.locations:
            return "ALT-12", say("{location!r} is not a location", location=location)
        return None

    def _stage_problem(self, p: Player, ending: bool) -> Problem:
        """ALT-11 and ALT-12: a turn is one action or a pass; moves may come before and after
        the action, but a player who moved before it must act, and a player who passes does
        not move. `ending`: ending the turn after the action (else passing)."""
        stage = self.s["turn"]["stage"]
        if stage == "moved":
            return "ALT-12", say(
                "a player who moved before the action must act: passing does not move"
            )
        if ending and stage == "before":
            return "ALT-11", say("a turn ends after its action; a player who does not act passes")
        if not ending and stage == "after":
            return "ALT-11", say("after the action the turn ends ('End turn'), it is not passed")
        return None

    def _move_problem(self, p: Player, action: A.Move) -> Problem:
        """ALT-12: the top cart once a round for up to its steps, each movement field's tile
        once for 1 step (with a cart beside it, up to the cart's steps); before the action
        only towards a location where an action can still follow this turn."""
        here, via, to = p["figure"], action.via, action.to
        if here is None:
            return "ALT-12", say("the figure is put on a location first (for free)")
        journeys = self._journeys(p)
        steps = journeys.get(via)
        if steps is None:
            if via == -1:
                return "ALT-12", say("the top cart was used this round")
            if 0 <= via < len(p["move"]):
                return "ALT-12", say("movement field {via} holds nothing to move with", via=via + 1)
            return "ALT-12", say("there is no movement field {via}", via=via + 1)
        circle = self.s["circle"]
        if to not in circle:
            return "ALT-12", say("{to!r} is not a location", to=to)
        if to == here:
            return "ALT-12", say("the figure is already at the {to}", to=wording.place(to))
        distance = _distance(circle, here, to)
        if distance > steps:
            return (
                "ALT-12",
                say_n(
                    "the {to} is {n} step away; this movement goes {steps} at most",
                    "the {to} is {n} steps away; this movement goes {steps} at most",
                    n=distance,
                    to=wording.place(to),
                    steps=steps,
                ),
            )
        if self.s["turn"]["stage"] != "after" and not self._action_within(
            p, to, sum(journeys.values()) - steps, {}
        ):
            return "ALT-12", (
                say(
                    "{action}: a move before the action is offered only where an action can "
                    "still follow it this turn",
                    action=self.action_label(action),
                )
            )
        return None

    def _action_within(self, p: Player, start: str, steps: int, known: dict[str, bool]) -> bool:
        """Whether a location at most `steps` from `start` has an action for the player;
        `known` remembers the locations already looked at."""
        circle = self.s["circle"]
        size, at = len(circle), circle.index(start)
        for i, loc in enumerate(circle):
            apart = abs(i - at)
            if min(apart, size - apart) > steps:
                continue
            found = known.get(loc)
            if found is None:
                found = known[loc] = bool(self.location_actions(p, loc, None))
            if found:
                return True
        return False

    def _turn_problem(self, p: Player, home: str, cont: str | None) -> Problem:
        """ALT-11 and ALT-12: one action per turn, at the figure's location; an action of
        several units (`cont` names it) goes on unit by unit until the player moves."""
        figure = p["figure"]
        if figure is None:
            return "ALT-12", say("the figure is put on a location first (for free)")
        turn = self.s["turn"]
        if turn["stage"] == "after":
            if turn["cont"] is None:
                return "ALT-11", say("one action per turn, and this turn's action is done")
            if turn["cont"] != cont:
                return "ALT-11", say(
                    "one action per turn: only more units of the action begun follow"
                )
        if figure != home:
            return (
                "ALT-12",
                say(
                    "an action at the {home} needs the figure there (it is at the {figure})",
                    home=wording.place(home),
                    figure=wording.place(figure),
                ),
            )
        return None

    def _tiles_problem(
        self, action: Action, have: Mapping[str, int], cost: tuple[tuple[str, int], ...], where: str
    ) -> Problem:
        """An action takes its tiles from the fields they were planned on (ALT-8, ALT-12)."""
        if _covers(have, cost):
            return None
        need = wording.cost_text(cost)
        return "ALT-12", say(
            "{action!r} needs its tiles ({need}) {where}",
            action=self.action_label(action),
            need=need,
            where=where,
        )

    def _produce_problem(self, p: Player, action: A.Produce) -> Problem:
        """A conversion, a boat or a house: at its location, with its tiles, for one of its
        outputs (a card still there, or none when none is left: ALT-13)."""
        source, out = action.source, action.out
        if source in ("boat", "house"):
            home = "harbor" if source == "boat" else "village"
            problem = self._turn_problem(p, home, None)
            if problem is not None:
                return problem
            cards = self.s["boats"] if source == "boat" else self.s["houses"]
            if not cards and out:
                return "ALT-13", say(
                    "no {source} card is left: it is built and nothing is received",
                    source=wording.card(source),
                )
            if cards and out not in cards:
                left = wording.goods(sorted(set(cards)))
                return "ALT-13", say(
                    "{source} cards are left: the player takes one ({left})",
                    source=wording.card(source),
                    left=left,
                )
            cost = self.comps.boat_cost if source == "boat" else self.comps.house_cost
            return self._tiles_problem(
                action,
                self.available(p, home),
                cost,
                say("on the {location} fields", location=wording.place(home)),
            )
        fields = self._conversion_fields(p, source)
        conv = fields[0] if fields is not None else _BASIC.get(source)
        if conv is None:
            return "rulebook: phase 3", say(
                "{source!r} is not an action of the player's", source=source
            )
        problem = self._turn_problem(p, conv.location, source if fields is None else None)
        if problem is not None:
            return problem
        if out not in conv.out:
            return "rulebook: phase 3", say(
                "that action gives {goods}, not {out}",
                goods=wording.goods(conv.out, say(" or ")),
                out=wording.good(out) if out else out,
            )
        if fields is not None:
            return self._tiles_problem(action, fields[1], conv.inputs, say("on its own fields"))
        return self._tiles_problem(
            action,
            self.available(p, conv.location),
            conv.inputs,
            say("on the {location} fields", location=wording.place(conv.location)),
        )

    def _sale_problem(self, p: Player, action: A.Sell) -> Problem:
        """Selling at the market, one tile per step, for its sale price."""
        problem = self._turn_problem(p, "market", "sell")
        if problem is None and action.good not in self.comps.sale_price:
            return "rulebook: phase 3", say(
                "{good} has no sale price", good=wording.good(action.good)
            )
        return problem or self._tiles_problem(
            action,
            self.available(p, "market"),
            ((action.good, 1),),
            say("on the {location} fields", location=wording.place("market")),
        )

    def _delivery_problem(self, p: Player, action: A.Deliver) -> Problem:
        """ALT-17: deliver goods missing on the player's own order from the market fields."""
        problem = self._turn_problem(p, "market", "deliver")
        if problem is not None:
            return problem
        if p["order"] is None:
            return "ALT-17", say("the player has no order to deliver to")
        if action.good not in self._missing(p):
            return "ALT-17", say(
                "the order needs no {good} (any more)", good=wording.good(action.good)
            )
        return self._tiles_problem(
            action,
            self.available(p, "market"),
            ((action.good, 1),),
            say("on the {location} fields", location=wording.place("market")),
        )

    def _store_problem(self, p: Player, action: A.Store) -> Problem:
        """Storing at the village (ALT-20), one tile per step."""
        problem = self._turn_problem(p, "village", "store") or self._tiles_problem(
            action,
            self.available(p, "village"),
            ((action.good, 1),),
            say("on the {location} fields", location=wording.place("village")),
        )
        return problem or self._row_problem(p, action.good, action.row)

    def _row_problem(self, p: Player, good: str, row: int) -> Problem:
        """ALT-20: where a tile may go in the warehouse."""
        why = W.storage_problem(p["warehouse"], self.comps.rows, good, row)
        return None if why is None else ("ALT-20", why)

    def _final_store_problem(self, p: Player, action: A.Store) -> Problem:
        """ALT-22: the final-storage tiles go into started rows of their good (ALT-20)."""
        if not p["final_drawn"]:
            return "ALT-22", say("final storage draws first")
        if action.good not in p["final"]:
            return "ALT-22", say(
                "no {good} is among the tiles drawn for final storage",
                good=wording.good(action.good),
            )
        return W.final_storage_problem(p["warehouse"], self.comps.rows, action.good, action.row)

    def _cart_problem(self, p: Player, field: int) -> Problem:
        """ALT-15: 1 coin, one a round, at most `carts_max` in all (the top cart counts),
        beside a movement field without one. An empty village does not forbid it (ALT-13):
        the buyer just receives no cart."""
        if p["coins"] < C.CART_PRICE:
            return "ALT-15", say("a cart costs {coins}", coins=wording.coins(C.CART_PRICE))
        if p["bought_cart"]:
            return "ALT-15", say("one cart a round")
        if 1 + sum(p["carts"]) >= self.comps.carts_max:
            return "ALT-15", say_n(
                "at most {n} cart in all (the top cart counts)",
                "at most {n} carts in all (the top cart counts)",
                n=self.comps.carts_max,
            )
        if not 0 <= field < len(p["carts"]):
            return "ALT-15", say("there are movement fields 1 to {carts}", carts=len(p["carts"]))
        if p["carts"][field]:
            return "ALT-15", say("movement field {field} has a cart already", field=field + 1)
        return None

    def extension_price(self, slot: int) -> int:
        eid = self.s["strip"][slot]
        assert eid is not None, "only a strip space holding an extension has a price"
        return self.comps.extensions[eid].cost + self.comps.surcharge[slot]

    def _extension_problem(self, p: Player, slot: int) -> Problem:
        """ALT-16: printed cost + surcharge, one a round, never two identical extensions, nor
        one whose action equals the role's."""
        strip = self.s["strip"]
        eid = strip[slot] if 0 <= slot < len(strip) else None
        if eid is None:
            return "ALT-16", say("strip space {slot} holds no extension", slot=slot + 1)
        if p["bought_ext"]:
            return "ALT-16", say("one extension a round")
        price = self.extension_price(slot)
        if p["coins"] < price:
            return "ALT-16", say(
                "it costs {coins} (with the strip's surcharge)", coins=wording.coins(price)
            )
        ext = self.comps.extensions[eid]
        if any(self.comps.extensions[o].identity == ext.identity for o in p["ext"]):
            return "ALT-16", say("the player has an identical extension already")
        role = self.comps.roles[p["role"]].conversion if p["role"] else None
        if role and ext.conversion and _same_action(role, ext.conversion):
            return "ALT-16", say("its action is the player's role action")
        return None

    def _order_problem(self, p: Player, order: str) -> Problem:
        """ALT-17: an order costs `order_cost` coins; one unfulfilled order at a time; with no
        card left the order is paid and nothing received (ALT-13)."""
        if p["order"] is not None:
            return "ALT-17", say("one unfulfilled order at a time")
        if p["coins"] < self.comps.order_cost:
            return "ALT-17", say(
                "an order costs {coins}", coins=wording.coins(self.comps.order_cost)
            )
        cards = self.s["orders"]
        if not cards and order != A.NO_ORDER:
            return "ALT-13", say("no order card is left: the order is paid and nothing is received")
        if cards and order not in cards:
            return "ALT-17", say("the order is one of the cards at the market")
        return None

    def _road_problem(self, p: Player) -> Problem:
        """ALT-19: no step after the last."""
        if p["road"] >= len(self.comps.road_track):
            return "ALT-19", say("the road is built to its last step")
        return None

    def _check_choose_role(self, seat: int, p: Player, action: A.ChooseRole) -> Problem:
        return self._role_problem(action.role)

    def _check_mission(self, seat: int, p: Player, action: A.KeepMission) -> Problem:
        return self._mission_problem(p, action)

    def _check_swap(self, seat: int, p: Player, action: Action) -> Problem:
        problem = self._swap_problem(p, action)
        if problem is not None:
            return problem
        if isinstance(action, A.SwapDiscard) and action.good not in p["planning"]:
            return "ALT-7", say(
                "there is no {good} on the planning fields", good=wording.good(action.good)
            )
        if isinstance(action, A.SwapPick) and action.good not in p["container"]:
            return "ALT-7", say(
                "there is no {good} in the container", good=wording.good(action.good)
            )
        if isinstance(action, A.SwapDraw) and not (p["bag"] or p["container"]):
            return "ALT-7", say("the bag and the container are empty")
        return None

    def _check_take_back_tile(self, seat: int, p: Player, action: A.TakeBackTile) -> Problem:
        return self._swap_problem(p, action) or self._take_back_problem(
            p, action.target, action.good
        )

    def _check_take_back_coin(self, seat: int, p: Player, action: A.TakeBackCoin) -> Problem:
        return self._swap_problem(p, action) or self._coin_back_problem(p, action.target)

    def _check_place(self, seat: int, p: Player, action: A.Place) -> Problem:
        return self._place_problem(p, action.target, action.good)

    def _check_unplace(self, seat: int, p: Player, action: A.Unplace) -> Problem:
        return self._unplace_problem(p, action.target, action.good)

    def _check_done(self, seat: int, p: Player, action: A.Done) -> Problem:
        return self._done_problem(seat)

    def _check_place_figure(self, seat: int, p: Player, action: A.PlaceFigure) -> Problem:
        return self._figure_problem(p, action.location)

    def _check_move(self, seat: int, p: Player, action: A.Move) -> Problem:
        return self._move_problem(p, action)

    def _check_pass(self, seat: int, p: Player, action: A.Pass) -> Problem:
        return self._stage_problem(p, ending=False)

    def _check_end_turn(self, seat: int, p: Player, action: A.EndTurn) -> Problem:
        return self._stage_problem(p, ending=True)

    def _check_produce(self, seat: int, p: Player, action: A.Produce) -> Problem:
        return self._produce_problem(p, action)

    def _check_sell(self, seat: int, p: Player, action: A.Sell) -> Problem:
        return self._sale_problem(p, action)

    def _check_deliver(self, seat: int, p: Player, action: A.Deliver) -> Problem:
        return self._delivery_problem(p, action)

    def _check_store(self, seat: int, p: Player, action: A.Store) -> Problem:
        if self.s["phase"] == "final":
            return self._final_store_problem(p, action)
        return self._store_problem(p, action)

    def _check_store_buffered(self, seat: int, p: Player, action: A.StoreBuffered) -> Problem:
        problem = self._turn_problem(p, "village", "store_buffered")
        if problem is None and not p["buffer"]:
            return "ALT-18", "there is no corn on the corn buffer"
        return problem or self._row_problem(p, CORN, action.row)

    def _check_store_corn(self, seat: int, p: Player, action: A.StoreCorn) -> Problem:
        return self._row_problem(p, CORN, action.row)

    def _check_buffer_corn(self, seat: int, p: Player, action: A.BufferCorn) -> Problem:
        return self._buffer_problem(p)

    def _check_buy_cart(self, seat: int, p: Player, action: A.BuyCart) -> Problem:
        return self._turn_problem(p, "village", None) or self._cart_problem(p, action.field)

    def _check_buy_extension(self, seat: int, p: Player, action: A.BuyExtension) -> Problem:
        return self._turn_problem(p, "market", None) or self._extension_problem(p, action.slot)

    def _check_buy_order(self, seat: int, p: Player, action: A.BuyOrder) -> Problem:
        return self._turn_problem(p, "market", None) or self._order_problem(p, action.order)

    def _check_build_road(self, seat: int, p: Player, action: A.BuildRoad) -> Problem:
        return (
            self._turn_problem(p, C.ROAD, None)
            or self._road_problem(p)
            or self._tiles_problem(
                action,
                self.available(p, C.ROAD),
                C.ROAD_COST,
                say("on the {location} fields", location=wording.place(C.ROAD)),
            )
        )

    def _check_final_draw(self, seat: int, p: Player, action: A.FinalDraw) -> Problem:
        if p["final_drawn"]:
            return "ALT-22", "final storage draws once"
        return None

    def _check_final_done(self, seat: int, p: Player, action: A.FinalDone) -> Problem:
        return None

    # roles and missions ----------------------------------------------------------------
    def _do_choose_role(self, seat: int, p: Player, action: A.ChooseRole) -> None:
        self._give_role(seat, action.role)
        s = self.s
        if seat == s["start"]:
            s["drafter"] = -1
            self._after_roles()
        else:
            s["drafter"] = (seat - 1) % self.num_players

    def _do_keep_mission(self, seat: int, p: Player, action: A.KeepMission) -> None:
        p["hand"].remove(action.mission)
        p["missions"].append(action.mission)
        if p["draft"] == 0:
            p["draft"] = 1
            return
        self.s["missions_box"].extend(p["hand"])  # ALT-23: the other card leaves the game
        p["gave"].extend([-1, card] for card in p["hand"])
        p["hand"] = []
        self._missions_maybe_finished()

    def _do_pass_mission(self, seat: int, p: Player, action: A.PassMission) -> None:
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
    def _remove_from_field(self, p: Player, target: str, good: str) -> None:
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

    def _do_take_back_tile(self, seat: int, p: Player, action: A.TakeBackTile) -> None:
        self._remove_from_field(p, action.target, action.good)
        _add(p["planning"], action.good)

    def _do_take_back_coin(self, seat: int, p: Player, action: A.TakeBackCoin) -> None:
        self._remove_from_field(p, action.target, COINS)
        p["coins"] += 1

    def _draw(self, seat: int, p: Player, count: int, into: dict[str, int]) -> None:
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

    def _do_draw(self, seat: int, p: Player, action: A.Draw) -> None:
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

    def _do_swap_skip(self, seat: int, p: Player, action: A.SwapSkip) -> None:
        p["swap"] = ""
        self._ready_draw(seat)

    def _do_swap_discard(self, seat: int, p: Player, action: A.SwapDiscard) -> None:
        _take(p["planning"], action.good)
        _add(p["container"], action.good)
        p["swap"] = "refill"

    def _do_swap_draw(self, seat: int, p: Player, action: A.SwapDraw) -> None:
        self._draw(seat, p, 1, p["planning"])
        p["swap"] = ""
        self._ready_draw(seat)

    def _do_swap_pick(self, seat: int, p: Player, action: A.SwapPick) -> None:
        _take(p["container"], action.good)
        _add(p["planning"], action.good)
        p["swap"] = ""
        self._ready_draw(seat)

    # phase 2 -----------------------------------------------------------------------------
    def _put_on_field(self, p: Player, target: str, good: str) -> None:
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

    def _do_place(self, seat: int, p: Player, action: A.Place) -> None:
        if action.good == COINS:
            p["coins"] -= 1
        else:
            _take(p["planning"], action.good)
        self._put_on_field(p, action.target, action.good)
        p["placed_now"].append([action.target, action.good])

    def _do_unplace(self, seat: int, p: Player, action: A.Unplace) -> None:
        p["placed_now"].remove([action.target, action.good])
        self._remove_from_field(p, action.target, action.good)
        if action.good == COINS:
            p["coins"] += 1
        else:
            _add(p["planning"], action.good)

    def _do_done(self, seat: int, p: Player, action: A.Done) -> None:
        s = self.s
        p["placed_now"] = []
        s["ready"][seat] = True
        if all(s["ready"]):
            s["ready"] = [False] * self.num_players
            s["phase"] = "actions"
            s["passed"] = [False] * self.num_players
            s["turn"] = {"seat": s["start"], "stage": "before", "cont": None}

    # phase 3: turn structure ---------------------------------------------------------------
    def _do_place_figure(self, seat: int, p: Player, action: A.PlaceFigure) -> None:
        p["figure"] = action.location

    def _do_move(self, seat: int, p: Player, action: A.Move) -> None:
        turn = self.s["turn"]
        if turn["stage"] == "before":
            turn["stage"] = "moved"  # ALT-12: from now on an action must follow, not a pass
        if action.via < 0:
            p["top_used"] = True
        else:
            good = p["move"][action.via]
            assert good is not None, "a movement field is used only while it holds food or a coin"
            p["move"][action.via] = None
            if good == COINS:
                pass  # the coin goes to the supply: coins are unlimited and not counted there
            else:
                _add(p["container"], good)
        p["figure"] = action.to
        turn["cont"] = None

    def _do_pass(self, seat: int, p: Player, action: A.Pass) -> None:
        self.s["passed"][seat] = True
        self._next_turn(seat)

    def _do_end_turn(self, seat: int, p: Player, action: A.EndTurn) -> None:
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

    def _consume(self, p: Player, loc: str, cost: tuple[tuple[str, int], ...]) -> None:
        """Take tiles for a basic action: the location's fields first, then wildcards."""
        for good, count in cost:
            for _ in range(count):
                if good in p["fields"][loc]:
                    p["fields"][loc].remove(good)
                else:
                    eid = next(e for e, g in p["wild"].items() if g == good)
                    p["wild"][eid] = None
                _add(p["container"], good)

    def _gain(self, p: Player, good: str) -> bool:
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

    def _receive_corn(self, p: Player) -> None:
        """ALT-18: corn is stored at once; if nowhere may take it, it stays on the road."""
        if W.storage_rows(p["warehouse"], self.comps.rows, CORN) or not self._buffer_problem(p):
            self._gain(p, CORN)

    # phase 3: actions ---------------------------------------------------------------------
    def _do_produce(self, seat: int, p: Player, action: A.Produce) -> None:
        s = self.s
        loc = p["figure"]
        assert loc is not None, "a player moves and acts only once the figure is placed"
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
        elif (fields := self._conversion_fields(p, source)) is not None:
            conv, placed = fields
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

    def _gain_any(self, p: Player, good: str) -> None:
        if good == CORN:
            self._receive_corn(p)
        else:
            self._gain(p, good)

    def _do_sell(self, seat: int, p: Player, action: A.Sell) -> None:
        loc = p["figure"]
        assert loc is not None, "a player moves and acts only once the figure is placed"
        self._consume(p, loc, ((action.good, 1),))
        p["coins"] += self.comps.sale_price[action.good]
        self._acted(seat, "sell")

    def _do_deliver(self, seat: int, p: Player, action: A.Deliver) -> None:
        loc, order = p["figure"], p["order"]
        assert loc is not None and order is not None, "a delivery is made at the market to an order"
        self._consume(p, loc, ((action.good, 1),))
        _take(p["container"], action.good)  # onto the order, not into the container
        order["delivered"].append(action.good)
        if not self._missing(p):
            p["orders_done"].append(order["id"])
            p["order"] = None
            self._receive_corn(p)  # ALT-17: the last delivery gives 1 corn
        self._acted(seat, "deliver")

    def _do_store(self, seat: int, p: Player, action: A.Store) -> None:
        if self.s["phase"] == "final":
            _take(p["final"], action.good)
            p["warehouse"][action.row].append(action.good)
            self._check_missions(seat)
            return
        loc = p["figure"]
        assert loc is not None, "a player moves and acts only once the figure is placed"
        self._consume(p, loc, ((action.good, 1),))
        _take(p["container"], action.good)
        p["warehouse"][action.row].append(action.good)
        self._acted(seat, "store")

    def _do_store_buffered(self, seat: int, p: Player, action: A.StoreBuffered) -> None:
        p["buffer"] -= 1
        p["warehouse"][action.row].append(CORN)
        self._acted(seat, "store_buffered")

    def _do_store_corn(self, seat: int, p: Player, action: A.StoreCorn) -> None:
        p["pending_corn"] -= 1
        p["warehouse"][action.row].append(CORN)
        self._check_missions(seat)

    def _do_buffer_corn(self, seat: int, p: Player, action: A.BufferCorn) -> None:
        p["pending_corn"] -= 1
        p["buffer"] += 1

    def _do_buy_cart(self, seat: int, p: Player, action: A.BuyCart) -> None:
        p["coins"] -= C.CART_PRICE
        if self.s["carts"] > 0:  # ALT-13: none left, none received
            self.s["carts"] -= 1
            p["carts"][action.field] = True
        p["bought_cart"] = True
        self._acted(seat, None)

    def _do_buy_extension(self, seat: int, p: Player, action: A.BuyExtension) -> None:
        s = self.s
        p["coins"] -= self.extension_price(action.slot)
        eid = s["strip"][action.slot]
        assert eid is not None, "an extension is bought from a space holding one"
        s["strip"][action.slot] = None
        s["ext_bought"] = True
        p["bought_ext"] = True
        p["ext"].append(eid)
        if self.comps.extensions[eid].conversion is not None:
            p["ext_fields"][eid] = {}
        elif eid in C.WILDCARDS or self.comps.extensions[eid].identity in C.WILDCARDS:
            p["wild"][eid] = None
        self._acted(seat, None)

    def _do_buy_order(self, seat: int, p: Player, action: A.BuyOrder) -> None:
        p["coins"] -= self.comps.order_cost
        if action.order != A.NO_ORDER:  # ALT-13: none left, none received
            self.s["orders"].remove(action.order)
            p["order"] = {"id": action.order, "delivered": []}
        self._acted(seat, None)

    def _do_build_road(self, seat: int, p: Player, action: A.BuildRoad) -> None:
        loc = p["figure"]
        assert loc is not None, "a player moves and acts only once the figure is placed"
        self._consume(p, loc, C.ROAD_COST)
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
        if item == "houses":
            return len(s["houses"])
        if item == "boats":
            return len(s["boats"])
        if item == "orders":
            return len(s["orders"])
        left: int = s["carts"] if item == "carts" else s["supply"][item]
        return left

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

    def _do_final_draw(self, seat: int, p: Player, action: A.FinalDraw) -> None:
        p["final_drawn"] = True
        self._draw(seat, p, C.SPECIAL_EXTENSIONS["final_storage"]["draws"], p["final"])

    def _do_final_done(self, seat: int, p: Player, action: A.FinalDone) -> None:
        for good, count in p["final"].items():
            _add(p["container"], good, count)
        p["final"] = {}
        s = self.s
        s["ready"][seat] = True
        if all(s["ready"]):
            s["phase"] = "over"

    # missions -------------------------------------------------------------------------------
    def _facts(self, p: Player) -> M.Facts:
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

    def score_words(self) -> dict[str, Text]:
        return wording.score_words(self.comps, self.score_sheet())

    def winners(self) -> list[int]:
        if not self.is_over():
            return []
        return scoring.winners(self.score_sheet(), [p["coins"] for p in self.s["players"]])

    # ------------------------------------------------------------------ views
    def view(self, seat: object) -> dict[str, Any]:
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

    def redeal_unknown(self, rng: random.Random) -> None:
        from meeple.games.altiplano.hidden import redeal_unknown

        redeal_unknown(self, rng)

    # ------------------------------------------------------------------ words
    def action_label(self, action: Action) -> str:
        """Names, not ids: what an action costs and gives, in the edition's terms."""
        strip = self.s["strip"]
        if isinstance(action, A.BuyExtension) and 0 <= action.slot < len(strip):
            eid = strip[action.slot]
            if eid in self.comps.extensions:
                return say(
                    "Buy extension {extension} for {coins}",
                    extension=wording.extension_text(self.comps, eid),
                    coins=wording.coins(self.extension_price(action.slot)),
                )
        role = None
        if isinstance(action, A.Produce):  # the only label that names the mover's role
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

    def narrate_all(
        self, before: Self, seat: int, action: Action, viewers: Sequence[int | None]
    ) -> dict[int | None, list[LogEntry]]:
        from meeple.games.altiplano.narration import narrate_all

        return narrate_all(before, self, seat, action, viewers)

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
        s = check_state(data.get("state"), comps, options)
        return cls(options, comps, _copy(s))

    def clone(self) -> Self:
        other = type(self)(self.options, self.comps, _copy(self.s))
        # The legal actions depend on the state alone, and cached entries are never changed
        # (apply starts a new cache), so the copy starts with the same cache.
        other._legal = self._legal.copy()
        return other


_T = TypeVar("_T")

#: Entries of an edition's memo (outfits, market inputs) before it starts afresh: a server
#: keeps one edition for all its games, and the market inputs' keys take many values.
_MEMO_LIMIT = 4096


def _remember(memo: dict[Any, Any], key: Any, value: _T) -> _T:
    """Put `value` in `memo` under `key`, emptying the memo first when it is full."""
    if len(memo) >= _MEMO_LIMIT:
        memo.clear()
    memo[key] = value
    return value


def _listed(listed: list[Action] | None, action: Action) -> bool:
    """Whether `action` itself (not an equal copy) is in `listed`: a loop of identity tests,
    several times cheaper than a set of ids (and than equality, which calls Python code)."""
    if listed is not None:
        for candidate in listed:
            if candidate is action:
                return True
    return False


def _index(name: str, size: int) -> int:
    """The index a field name such as ``move:2`` holds after its colon, or -1 unless it is
    written as the engine writes it (``2``, not ``02``) and is below `size`."""
    if not name.isdecimal() or str(int(name)) != name:
        return -1
    index = int(name)
    return index if index < size else -1


def _distance(circle: list[str], one: str, other: str) -> int:
    """Steps between two locations on the circle, either way round."""
    apart = abs(circle.index(one) - circle.index(other))
    return min(apart, len(circle) - apart)


#: Actions that change only the actor's own legal actions: planning changes a player's own
#: board alone, and "done" (which concerns the others) is not among these.
_OWN_PLANNING = frozenset((A.Place, A.Unplace))

Check = Callable[[AltiplanoState, int, Player, Any], Problem]
Effect = Callable[[AltiplanoState, int, Player, Any], None]
S = AltiplanoState

#: The phases in which each kind of action is done (the first names its rule when refused).
_PHASES: dict[type[Action], tuple[str, ...]] = {
    A.ChooseRole: ("roles",),
    A.KeepMission: ("missions",),
    A.PassMission: ("missions",),
    A.TakeBackTile: ("draw",),
    A.TakeBackCoin: ("draw",),
    A.Draw: ("draw",),
    A.SwapDiscard: ("draw",),
    A.SwapDraw: ("draw",),
    A.SwapPick: ("draw",),
    A.SwapSkip: ("draw",),
    A.Place: ("plan",),
    A.Unplace: ("plan",),
    A.Done: ("plan",),
    A.Store: ("actions", "final"),
    A.FinalDraw: ("final",),
    A.FinalDone: ("final",),
    **{kind: ("actions",) for kind in (
        A.PlaceFigure, A.Move, A.Pass, A.EndTurn, A.Produce, A.Sell, A.Deliver,
        A.StoreBuffered, A.StoreCorn, A.BufferCorn, A.BuyCart, A.BuyExtension, A.BuyOrder,
        A.BuildRoad,
    )},
}  # fmt: skip
_PHASE_RULE = {
    "roles": "ALT-4", "missions": "ALT-23", "draw": "rulebook: phase 1",
    "plan": "rulebook: phase 2", "actions": "rulebook: phase 3", "final": "ALT-22",
}  # fmt: skip
_PHASE_NAME = {
    "roles": say("the choice of roles"),
    "missions": say("the mission draft"),
    "draw": say("phase 1 (drawing)"),
    "plan": say("phase 2 (planning)"),
    "actions": say("phase 3 (actions)"),
    "final": say("the final storage"),
    "over": say("the end of the game"),
}
#: The step of the swap (ALT-7) at which each action of phase 1 is done ("": no swap going on).
_SWAP_STEP: dict[type[Action], str] = {
    A.Draw: "", A.TakeBackTile: "", A.TakeBackCoin: "",
    A.SwapSkip: "choose", A.SwapDiscard: "choose", A.SwapDraw: "refill", A.SwapPick: "refill",
}  # fmt: skip
#: Each kind's check: the rules it must pass beyond its phase (and ALT-18 in phase 3).
_CHECKS: dict[type[Action], Check] = {
    A.ChooseRole: S._check_choose_role,
    A.KeepMission: S._check_mission,
    A.PassMission: S._check_mission,
    A.TakeBackTile: S._check_take_back_tile,
    A.TakeBackCoin: S._check_take_back_coin,
    A.Draw: S._check_swap,
    A.SwapDiscard: S._check_swap,
    A.SwapDraw: S._check_swap,
    A.SwapPick: S._check_swap,
    A.SwapSkip: S._check_swap,
    A.Place: S._check_place,
    A.Unplace: S._check_unplace,
    A.Done: S._check_done,
    A.PlaceFigure: S._check_place_figure,
    A.Move: S._check_move,
    A.Pass: S._check_pass,
    A.EndTurn: S._check_end_turn,
    A.Produce: S._check_produce,
    A.Sell: S._check_sell,
    A.Deliver: S._check_deliver,
    A.Store: S._check_store,
    A.StoreBuffered: S._check_store_buffered,
    A.StoreCorn: S._check_store_corn,
    A.BufferCorn: S._check_buffer_corn,
    A.BuyCart: S._check_buy_cart,
    A.BuyExtension: S._check_buy_extension,
    A.BuyOrder: S._check_buy_order,
    A.BuildRoad: S._check_build_road,
    A.FinalDraw: S._check_final_draw,
    A.FinalDone: S._check_final_done,
}
#: Each kind's effect, run once its check has passed.
_EFFECTS: dict[type[Action], Effect] = {
    A.ChooseRole: S._do_choose_role,
    A.KeepMission: S._do_keep_mission,
    A.PassMission: S._do_pass_mission,
    A.TakeBackTile: S._do_take_back_tile,
    A.TakeBackCoin: S._do_take_back_coin,
    A.Draw: S._do_draw,
    A.SwapDiscard: S._do_swap_discard,
    A.SwapDraw: S._do_swap_draw,
    A.SwapPick: S._do_swap_pick,
    A.SwapSkip: S._do_swap_skip,
    A.Place: S._do_place,
    A.Unplace: S._do_unplace,
    A.Done: S._do_done,
    A.PlaceFigure: S._do_place_figure,
    A.Move: S._do_move,
    A.Pass: S._do_pass,
    A.EndTurn: S._do_end_turn,
    A.Produce: S._do_produce,
    A.Sell: S._do_sell,
    A.Deliver: S._do_deliver,
    A.Store: S._do_store,
    A.StoreBuffered: S._do_store_buffered,
    A.StoreCorn: S._do_store_corn,
    A.BufferCorn: S._do_buffer_corn,
    A.BuyCart: S._do_buy_cart,
    A.BuyExtension: S._do_buy_extension,
    A.BuyOrder: S._do_buy_order,
    A.BuildRoad: S._do_build_road,
    A.FinalDraw: S._do_final_draw,
    A.FinalDone: S._do_final_done,
}
