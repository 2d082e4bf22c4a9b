"""Altiplano's evaluation for search bots: the score sheet now plus what goods, tiles and
extensions are still worth with the time left (see `AltiplanoEvaluation`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from meeple.engine.actions import Action
from meeple.engine.evaluation import Evaluation
from meeple.engine.game import GameState
from meeple.games.altiplano.components import ROAD, ROAD_COST, Components
from meeple.games.altiplano.fields import Player, Table
from meeple.games.altiplano.scoring import totals

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


class AltiplanoEvaluation(Evaluation):
    """Altiplano: the engine's score sheet (goods, boats, houses, orders, bonuses, rows, revealed
    missions) relative to the best opponent's score, plus, for the seat itself, what the score
    sheet cannot see yet: coins, tiles that can still be used, progress in orders and warehouse
    rows, carts, extensions and planning fields, and the plan itself (tiles on fields that make
    an action possible, and the figure standing where they are).

    Which actions the tiles on the fields allow is the engine's answer (`location_actions`,
    the same list the seat's legal actions come from); the evaluation only weighs them.
    """

    # -- resources (in points) ------------------------------------------------------------------
    COIN = 0.45  # a coin early on: buys orders, carts and extensions ...
    COIN_LATE = 0.05  # ... and at the end little more than the tie-break
    OWNED_TILE = 0.3  # a tile still in play (bag, container, planning, fields): future actions
    FOOD_FUEL = 0.3  # extra for food: the input of most actions and of movement
    STOCK_SHORT = 1.0  # extra per tile in play up to STOCK_ROUNDS planning fills: a seat
    STOCK_ROUNDS = 2  # with too few tiles has nothing to plan (do not store or sell it dry)
    CART = 0.8  # a bought cart (a second long journey per round), times the time left
    EXTENSION = 1.5  # a bought extension (one more action or a special rule), times time left
    PLANNING_FIELD = 3.0  # a planning field beyond the start count (road), times time left
    ROAD_STEP = 0.5  # each road step taken: the way to the next planning field
    # -- progress towards points ----------------------------------------------------------------
    ORDER_HELD = 0.1  # share of an order's net points for holding it
    ORDER_OWNED = 0.15  # share per missing good the seat owns (the order looks feasible)
    ORDER_PROGRESS = 0.9  # share per delivered good (the order gets completed)
    ROW_PROGRESS = 0.6  # share of a row's (points + ROW_ACCESS) at its fill ** ROW_CURVE:
    ROW_CURVE = 1.5  # the first tile of a row is worth less, the ones that complete it more
    ROW_ACCESS = 4.0  # a completed row opens the next, richer one
    # -- the plan -------------------------------------------------------------------------------
    READY = 0.4  # share of an action's gain for having its tiles on the fields
    PARTIAL = 0.2  # share of a basic action's gain per fraction of its inputs on the fields
    STUCK = 0.15  # per tile on a location's fields that allows nothing and will not soon
    FIGURE = 0.2  # share of the gains of the actions possible where the figure stands
    MOVE_FOOD = 0.1  # food on a movement field: one step more this round ...
    MOVE_CART = 0.3  # ... a whole journey if a cart stands beside it
    TOP_CART = 0.05  # the top cart not yet used this round (action phase): keep it for need
    NOW = 0.25  # share of the best gain the figure can still reach this round (action phase)
    # -- time -----------------------------------------------------------------------------------
    HORIZON = 14  # rounds after which investments are assumed to pay no more
    ENDING = 0.15  # time left per round still to play once the end is triggered
    MIN_TIME = 0.05  # investments keep a little value to the very end
    ROAD_CORN = 1.0  # a "corn" road step: the corn it brings into the warehouse

    def __init__(self) -> None:
        # What one more tile is worth beyond its points; set by each evaluation of the seat's
        # position (more while the seat is short of tiles), read by `_gained`.
        self._tile_use = self.OWNED_TILE
        # `_order_net` by order and weights, for the components it was computed with.
        self._nets: dict[tuple[str, float, float], float] = {}
        self._nets_comps: Any = None

    # -- actions --------------------------------------------------------------------------------
    def action_value(self, state: GameState, seat: int, action: Action) -> float:
        kind = action.kind
        if kind in ("end_turn", "done"):
            # Ending the turn and declaring done keep the state as it is now.
            return self.evaluate(state, seat)
        if kind == "pass":
            # Passing keeps the state but gives up what could still be done this round.
            return self.evaluate(state, seat) - self.NOW * self._reachable_gain(state, seat)
        return super().action_value(state, seat, action)

    def _reachable_gain(
        self,
        state: GameState,
        seat: int,
        owned: dict[str, int] | None = None,
        ready: dict[str, tuple[float, float]] | None = None,
    ) -> float:
        """The best gain of the actions at a location the figure can still reach this round
        (the engine's legal moves; anywhere before the figure is placed). `owned` (the seat's
        owned tiles from the score sheet) and `ready` (`_ready` by location, for the same
        state) are passed by callers that have them already."""
        s = cast("AltiplanoState", state)  # this evaluation is made for Altiplano states
        if s.s["phase"] != "actions" or s.s["passed"][seat]:
            return 0.0
        p = s.s["players"][seat]
        if p["figure"] is None:
            places = set(s.comps.locations)
        else:
            places = {p["figure"]} | {m.to for m in s.legal_moves(p)}
        if owned is None:
            owned = s.score_sheet()["players"][seat]["detail"]["owned"]
        tl = self._time_left(s.s)
        coin = self.COIN_LATE + (self.COIN - self.COIN_LATE) * tl
        ready = ready or {}
        return max(
            sum(ready[loc] if loc in ready else self._ready(s, p, loc, owned, coin, tl))
            for loc in places
        )

    # -- states ---------------------------------------------------------------------------------
    def evaluate(self, state: GameState, seat: int) -> float:
        s = cast("AltiplanoState", state)  # this evaluation is made for Altiplano states
        over = s.is_over()
        # The score sheet's totals and owned tiles (`scoring.totals`: the sheet's sums alone).
        sheet, owned = totals(s.comps, s.s, over)
        coins = [p["coins"] for p in s.s["players"]]
        if over:
            standing: list[float] = [
                total + 0.01 * c for total, c in zip(sheet, coins, strict=True)
            ]
            return standing[seat] - max(v for i, v in enumerate(standing) if i != seat)
        tl = self._time_left(s.s)
        coin = self.COIN_LATE + (self.COIN - self.COIN_LATE) * tl
        best_other: float = max(
            total + coin * c
            for i, (total, c) in enumerate(zip(sheet, coins, strict=True))
            if i != seat
        )
        mine: float = sheet[seat] + self._position(s, seat, owned[seat], tl, coin)
        return mine - best_other

    def _time_left(self, g: Table) -> float:
        left: float = 1.0 - (g["round"] - 1) / self.HORIZON
        if g["end_round"] is not None:
            left = min(left, self.ENDING * (g["end_round"] - g["round"] + 1))
        return max(self.MIN_TIME, left)

    def _position(
        self, s: AltiplanoState, seat: int, owned: dict[str, int], tl: float, coin: float
    ) -> float:
        comps = s.comps
        g = s.s
        p = g["players"][seat]
        value: float = coin * p["coins"]
        # Tiles still in play (the warehouse's are spent; the sheet already counts their points).
        stored: dict[str, int] = {}
        for row in p["warehouse"]:
            for good in row:
                stored[good] = stored.get(good, 0) + 1
        free = {good: n - stored.get(good, 0) for good, n in owned.items() if good != "corn"}
        in_play = sum(free.values())
        stock = self.STOCK_ROUNDS * s.planning_capacity(p)
        value += self.OWNED_TILE * in_play + self.FOOD_FUEL * free.get("food", 0)
        value += self.STOCK_SHORT * min(in_play, stock)
        self._tile_use = self.OWNED_TILE + (self.STOCK_SHORT if in_play < stock else 0.0)
        # Investments: worth less as the game runs out.
        value += tl * (
            self.CART * sum(p["carts"])
            + self.EXTENSION * len(p["ext"])
            + self.PLANNING_FIELD * (s.planning_capacity(p) - comps.planning_start)
            + self.ROAD_STEP * p["road"]
        )
        value += self._order(comps, p, free)
        value += self._rows(comps, p)
        ready: dict[str, tuple[float, float]] = {}
        value += self._plan(s, p, owned, coin, tl, ready)
        if g["phase"] == "actions" and not g["passed"][seat]:
            value += self.NOW * self._reachable_gain(s, seat, owned, ready)
        return value

    def _good(self, comps: Components, good: str) -> float:
        """What one more tile of `good` adds: its points plus its use."""
        if not good:
            return 0.0
        return comps.vp.get(good, 0) + self.OWNED_TILE + (self.FOOD_FUEL if good == "food" else 0)

    def _gained(self, comps: Components, good: str) -> float:
        """What receiving a tile of `good` adds now (more while the seat is short of tiles)."""
        if not good:
            return 0.0
        return self._good(comps, good) - self.OWNED_TILE + self._tile_use

    def _order_net(self, comps: Components, order: Any) -> float:
        """An order's points beyond the tiles it takes (their points and use); memoised, since
        it depends only on the edition's order and the weights."""
        if comps is not self._nets_comps:
            self._nets, self._nets_comps = {}, comps
        key = (order.id, self.OWNED_TILE, self.FOOD_FUEL)
        net = self._nets.get(key)
        if net is None:
            net = order.points - sum(self._good(comps, good) for good in order.goods)
            self._nets[key] = net
        return net

    def _order(self, comps: Components, p: Player, free: dict[str, int]) -> float:
        held = p["order"]
        if held is None:
            return 0.0
        order = comps.orders[held["id"]]
        size = len(order.goods)
        delivered = held["delivered"]
        missing = list(order.goods)
        for good in delivered:
            missing.remove(good)
        have: dict[str, int] = {}
        owned_missing = 0
        for good in missing:
            have[good] = have.get(good, 0) + 1
            if have[good] <= free.get(good, 0):
                owned_missing += 1
        share = (
            self.ORDER_HELD
            + self.ORDER_PROGRESS * len(delivered) / size
            + self.ORDER_OWNED * owned_missing / size
        )
        # Delivered tiles left the score sheet; they still count here until the order is done.
        back = sum(self._good(comps, good) for good in delivered)
        return back + max(0.0, self._order_net(comps, order)) * share

    def _rows(self, comps: Components, p: Player) -> float:
        value = 0.0
        for row, spec in zip(p["warehouse"], comps.rows, strict=True):
            if not row:
                continue
            if len(row) >= spec.spaces:
                value += self.ROW_PROGRESS * self.ROW_ACCESS
            else:
                share = (len(row) / spec.spaces) ** self.ROW_CURVE
                value += self.ROW_PROGRESS * (spec.points + self.ROW_ACCESS) * share
        return value

    # -- the plan -------------------------------------------------------------------------------
    def _plan(
        self,
        s: AltiplanoState,
        p: Player,
        owned: dict[str, int],
        coin: float,
        tl: float,
        by_location: dict[str, tuple[float, float]],
    ) -> float:
        """The plan's value; `_ready` of each location is left in `by_location`."""
        comps = s.comps
        value = 0.0
        figure = p["figure"]
        hand = p["planning"]
        for loc in comps.locations:
            ready, bought = by_location[loc] = self._ready(s, p, loc, owned, coin, tl)
            value += self.READY * ready
            if loc == figure:
                value += self.FIGURE * (ready + bought)
            tiles = p["fields"][loc]
            if tiles and not ready:
                partial = self._partial(s, p, loc)
                if partial:
                    value += self.PARTIAL * partial
                else:
                    value -= self.STUCK * len(tiles)
        for key, conv in s.conversions(p):
            placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
            if placed and self._completable(placed, conv.inputs, hand, p["coins"], 99):
                need = sum(n for _, n in conv.inputs)
                have = sum(min(placed.get(g, 0), n) for g, n in conv.inputs)
                if have < need:
                    gain = max(self._good(comps, out) for out in conv.out)
                    value += self.PARTIAL * gain * have / need
        for i, good in enumerate(p["move"]):
            if good is not None:
                value += self.MOVE_FOOD + self.MOVE_CART * p["carts"][i]
        if s.s["phase"] == "actions" and not p["top_used"]:
            value += self.TOP_CART
        return value

    @staticmethod
    def _completable(
        placed: dict[str, int], cost: Any, hand: dict[str, int], coins: int, room: int
    ) -> bool:
        """Whether the tiles (and coins) still missing for `cost` are in hand, with room."""
        missing = 0
        for good, n in cost:
            short = n - placed.get(good, 0)
            if short > 0:
                if (coins if good == "coins" else hand.get(good, 0)) < short:
                    return False
                missing += short
        return missing <= room

    def _partial(self, s: AltiplanoState, p: Player, loc: str) -> float:
        """The best basic action at `loc` whose inputs are partly on the fields and whose other
        inputs are in hand to be placed (tiles stay on fields round to round, ALT-9), weighted
        by the fraction on the fields; 0 when the tiles there can lead to nothing soon."""
        comps = s.comps
        tiles = p["fields"][loc]
        avail: dict[str, int] = {}
        for good in tiles:
            avail[good] = avail.get(good, 0) + 1
        hand = p["planning"]
        room = s.field_capacity(p, loc) - len(tiles)
        best = 0.0
        recipes = [
            (conv.inputs, max(self._good(comps, out) for out in conv.out))
            for conv in comps.conversions_at(loc)
        ]
        recipes.extend(self._building_costs(comps, p, loc))
        for cost, gain in recipes:
            have = sum(min(avail.get(g, 0), n) for g, n in cost)
            if have and self._completable(avail, cost, hand, 0, room):
                best = max(best, gain * have / sum(n for _, n in cost))
        return best

    def _building_costs(self, comps: Components, p: Player, loc: str) -> list[tuple[Any, float]]:
        """Boats, houses and road steps (costs from the edition), for partial plans."""
        if loc == "harbor":
            return [(comps.boat_cost, comps.boat_vp + self.OWNED_TILE)]
        if loc == "village":
            return [(comps.house_cost, float(comps.house_vp))]
        if loc == ROAD:
            return [(ROAD_COST, self._road_gain(comps, p, 1.0))]
        return []

    def _road_gain(self, comps: Components, p: Player, tl: float) -> float:
        """The next road step (ALT-19): a planning field or a corn."""
        if p["road"] >= len(comps.road_track):
            return 0.0
        step = comps.road_track[p["road"]]
        return self.ROAD_STEP + (tl * self.PLANNING_FIELD if step == "plan" else self.ROAD_CORN)

    def _ready(
        self, s: AltiplanoState, p: Player, loc: str, owned: dict[str, int], coin: float, tl: float
    ) -> tuple[float, float]:
        """What the seat's tiles at `loc` are worth in actions, and the best purchase there.

        The engine lists the actions possible at `loc` (whatever the figure's place); those
        that use the location's fields share its tiles, so they are counted best first, each as
        often as the tiles not yet counted allow. Role and extension actions have fields of
        their own and count once (their best output).
        """
        actions = s.location_actions(p, loc, None)
        if not actions:
            return 0, 0.0  # what the loop below leaves when there is nothing to weigh
        comps = s.comps
        shared: list[tuple[float, Any]] = []  # (gain, tiles it takes from the location)
        own: dict[str, float] = {}  # role and extension actions: best gain per field
        bought = 0.0
        # Each kind has its own fields (`actions`), read below once the kind is known.
        for action in cast(list[Any], actions):
            kind = action.kind
            if kind == "produce":
                gain, cost = self._production(comps, loc, action, owned)
                if cost is None:
                    own[action.source] = max(own.get(action.source, 0.0), gain)
                    continue
            elif kind == "sell":
                gain, cost = comps.sale_price[action.good] * coin, ((action.good, 1),)
            elif kind == "deliver":
                gain, cost = self._delivery(comps, p), ((action.good, 1),)
            elif kind == "store":
                gain = self._row_step(comps, p, action.row) - self.OWNED_TILE
                cost = ((action.good, 1),)
            elif kind == "store_buffered":
                own[kind] = max(own.get(kind, 0.0), self._row_step(comps, p, action.row))
                continue
            elif kind == "build_road":
                gain, cost = self._road_gain(comps, p, tl), ROAD_COST
            else:
                bought = max(bought, self._purchase(s, comps, action, coin, tl))
                continue
            if gain > 0:
                shared.append((gain, cost))
        total = sum(own.values())
        if shared:
            total = self._add_shared(total, s.available(p, loc), shared)
        return total, bought

    def _production(
        self, comps: Components, loc: str, action: Any, owned: dict[str, int]
    ) -> tuple[float, Any]:
        """A production's gain and the tiles it takes from the location's fields; no tiles
        (None) for the role's and the extensions' actions, which have fields of their own."""
        source = action.source
        if source == "boat":
            return comps.boat_vp + self._gained(comps, action.out), comps.boat_cost
        if source == "house":
            return float(comps.house_vp + owned.get(action.out, 0)), comps.house_cost
        gain = self._gained(comps, action.out)
        if source == "role" or source.startswith("ext:"):
            return gain, None
        return gain, self._basic_cost(comps, loc, source)

    def _delivery(self, comps: Components, p: Player) -> float:
        """One good delivered to the order held: its share of the order's progress beyond
        what owning it already counted."""
        held = p["order"]
        assert held is not None, "a delivery is offered only to a player with an order"
        order = comps.orders[held["id"]]
        net = max(0.0, self._order_net(comps, order))
        return net * (self.ORDER_PROGRESS - self.ORDER_OWNED) / len(order.goods)

    def _row_step(self, comps: Components, p: Player, row: int) -> float:
        """One more tile in a warehouse row: its step up the row's progress curve."""
        spec = comps.rows[row]
        filled = len(p["warehouse"][row])
        curve = self.ROW_CURVE
        share: float = ((filled + 1) ** curve - filled**curve) / spec.spaces**curve
        return self.ROW_PROGRESS * (spec.points + self.ROW_ACCESS) * share

    def _purchase(
        self, s: AltiplanoState, comps: Components, action: Any, coin: float, tl: float
    ) -> float:
        """A cart, an extension or an order bought, less its price in coins (nothing for an
        empty order pile or any other kind)."""
        kind = action.kind
        if kind == "buy_cart":
            return tl * self.CART - coin
        if kind == "buy_extension":
            return tl * self.EXTENSION - coin * s.extension_price(action.slot)
        if kind == "buy_order" and action.order:
            order = comps.orders[action.order]
            return max(0.0, self._order_net(comps, order)) * self.ORDER_HELD - coin
        return 0.0

    @staticmethod
    def _add_shared(total: float, left: dict[str, int], shared: list[tuple[float, Any]]) -> float:
        """`total` plus the gains of the actions that share the location's tiles (`left`, used
        up here), best first, each counted as often as the tiles not yet counted allow."""
        shared.sort(key=lambda item: -item[0])
        for gain, cost in shared:
            while all(left.get(g, 0) >= n for g, n in cost):
                for g, n in cost:
                    left[g] -= n
                total += gain
        return total

    @staticmethod
    def _basic_cost(comps: Components, loc: str, key: str) -> Any:
        for conv in comps.conversions_at(loc):
            if conv.key == key:
                return conv.inputs
        raise KeyError(key)
