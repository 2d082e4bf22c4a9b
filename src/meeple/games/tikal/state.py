"""Tikal's rules: the `TikalState` game engine.

The state is plain lists and ints, so that `clone` is a handful of list copies (search bots
clone it hundreds of thousands of times) and the JSON form is the same data. Static facts
(board geometry, tiles) live in the `Edition` and are shared, never copied.

Turn structure (rulebook, TIK-11, TIK-13, TIK-14): a turn is one step ``place`` (the drawn or
chosen tile) and one step ``act`` (10 action points, ended by `EndTurn`). A scoring round is one
``act`` step per player, each followed by that player's score. The auction version adds the
steps ``bid`` and ``choose`` before ``place``.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import Any, Self

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction, MalformedAction, MalformedState, OptionsError
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry, seat_name
from meeple.engine.rng import derive_rng
from meeple.games.tikal.actions import (
    CODEC,
    FIGURES,
    Bid,
    BuildCamp,
    CampMove,
    ChooseTile,
    Deploy,
    EndTurn,
    Excavate,
    Exchange,
    Pass,
    PlaceGuard,
    PlaceTile,
    Recover,
    Walk,
)
from meeple.games.tikal.board import space_names
from meeple.games.tikal.components import SIDES, Edition, load_edition, parse_edition
from meeple.games.tikal.scoring import score_seat

SUPPLY = -1  # the leader is in the player's supply
OUT = -2  # the leader has left the game (guarding, or sent home by a guard)
LEVELS_PER_TEMPLE_PER_TURN = 2  # TIK-6 (rulebook)
TOKENS_PER_TILE_PER_TURN = 2  # TIK-7 (rulebook)
GUARDS_PER_PLAYER = 2  # TIK-10 (rulebook)
MIN_PLAYERS, MAX_PLAYERS = 2, 4

PLACE, ACT, BID, CHOOSE, OVER = "place", "act", "bid", "choose", "over"

# Fields of the JSON form, in order; each is plain JSON data.
_LIST_FIELDS = (
    "tile_at",
    "rotation",
    "temple_top",
    "camp",
    "guard",
    "workers",
    "leader",
    "supply",
    "out",
    "treasures",
    "score",
    "levels",
    "stack",
    "token_supply",
    "discarded",
    "revealed",
    "moved",
    "passed",
    "scoring_queue",
)
_INT_FIELDS = (
    "current",
    "ap",
    "hand",
    "volcano_drawer",
    "last_mover",
    "high_bid",
    "high_bidder",
    "first_passer",
    "reveals",
    "last_placer",
)


#: Results memoised per edition by board layout (placements, walks) before the memo starts afresh.
_MEMO_LIMIT = 4096

# Actions are immutable values: the legal-action lists share one instance per distinct action
# instead of building a new one each time.
_place_tile = functools.cache(PlaceTile)
_deploy = functools.cache(Deploy)
_camp_move = functools.cache(CampMove)
_walk = functools.cache(Walk)
_excavate = functools.cache(Excavate)
_recover = functools.cache(Recover)
_build_camp = functools.cache(BuildCamp)
_place_guard = functools.cache(PlaceGuard)
_END_TURN = EndTurn()


class TikalState(GameState):
    """A game of Tikal, base or auction version, for 2–4 players."""

    game_name = "tikal"
    codec = CODEC

    # -- creation -------------------------------------------------------------------------
    @classmethod
    def normalize_options(cls, options: Mapping[str, Any] | None) -> dict[str, Any]:
        options = dict(options or {})
        unknown = set(options) - {"players", "auction", "edition"}
        if unknown:
            raise OptionsError(f"unknown Tikal option(s): {sorted(unknown)}")
        players = options.get("players", 3)
        if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise OptionsError(f"players must be {MIN_PLAYERS} to {MAX_PLAYERS}, not {players!r}")
        auction = options.get("auction", False)
        if type(auction) is not bool:
            raise OptionsError(f"auction must be true or false, not {auction!r}")
        edition = options.get("edition")
        if edition is not None:
            parse_edition(edition)  # raises EditionError naming the field
        return {"players": players, "auction": auction, "edition": edition}

    @classmethod
    def new(cls, options: Mapping[str, Any] | None = None, seed: int = 0) -> Self:
        if type(seed) is not int:
            raise OptionsError(f"seed must be an integer, not {seed!r}")
        opts = cls.normalize_options(options)
        edition = load_edition(opts["edition"])
        n = opts["players"]
        state = cls.__new__(cls)
        state._init_static(opts, seed, edition)
        state._init_empty_board()
        state.leader = [SUPPLY] * n
        state.supply = [edition.workers] * n
        state.out = [0] * n
        state.treasures = [0] * (n * edition.treasure_kinds)
        start = edition.auction_start_score if opts["auction"] else 0
        state.score = [start] * n
        state.levels = list(edition.temple_levels)
        state.tokens = {}
        for space, tile in edition.preprinted:
            state._put_tile(space, tile, 0)
        # TIK-1: the stack by letter, A on top, each letter shuffled; tokens shuffled.
        rng = derive_rng(seed, "setup")
        stack: list[int] = []
        for letter in edition.letters:
            group = [t for t in edition.terrain if edition.tiles[t].letter == letter]
            rng.shuffle(group)
            stack.extend(group)
        state.stack = stack[::-1]  # the top of the stack is the end of the list
        tokens = [k for k in range(edition.treasure_kinds) for _ in range(edition.treasure_copies)]
        rng.shuffle(tokens)
        state.token_supply = tokens
        state.discarded = []
        state.revealed = []
        state.moved = [False] * n
        state.passed = [False] * n
        state.scoring_queue = []
        state.scoring_final = False
        state.step = ACT
        state.current = 0  # TIK-1: seat 1 (index 0) starts
        state.ap = 0
        state.hand = -1
        state.volcano_drawer = -1
        state.last_mover = -1
        state.last_placer = -1
        state.high_bid = 0
        state.high_bidder = -1
        state.first_passer = -1
        state.reveals = 0
        state.turn_excavated = {}
        state.turn_recovered = {}
        state.history = []
        if opts["auction"]:
            state._start_round(0)
        else:
            state._begin_turn(0)
        return state

    def _init_empty_board(self) -> None:
        """No tiles, camps, guards or figures on any space (a new game and `determinize` both
        start from here)."""
        spaces = len(self.edition.spaces)
        self.tile_at = [-1] * spaces
        self.rotation = [0] * spaces
        self.temple_top = [0] * spaces
        self.camp = [-1] * spaces
        self.guard = [-1] * spaces
        self.workers = [0] * (spaces * self.n)

    def _init_static(self, options: dict[str, Any], seed: int, edition: Edition) -> None:
        self.options = options
        self.seed = seed
        self.edition = edition
        self.n = options["players"]
        self.auction = options["auction"]
        self.tile_kinds = edition.tile_kinds  # by tile index, shared
        self._nbr = edition.neighbours
        self._base = edition.base_camp
        self.names = space_names(edition)

    # -- interface --------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def reveal_count(self) -> int:
        return self.reveals

    def to_move(self) -> tuple[int, ...]:
        return () if self.step == OVER else (self.current,)

    def is_over(self) -> bool:
        return self.step == OVER

    def scores(self) -> list[int]:
        return list(self.score)

    def winners(self) -> list[int]:
        if self.step != OVER:
            return []
        best = max(self.score)
        return [s for s in range(self.n) if self.score[s] == best]  # TIK-13: shared win

    def score_sheet(self) -> dict[str, Any]:
        return {
            "game": "tikal",
            "players": self.n,
            "rounds": [dict(r, entries=r["entries"][:]) for r in self.history],
            "scores": list(self.score),
            "winners": self.winners(),
        }

    def action_label(self, action: Action) -> str:
        return describe(self, action)

    def narrate(
        self, before: Self, seat: int, action: Action, viewer: int | None
    ) -> list[LogEntry]:
        from meeple.games.tikal.narration import narrate

        return narrate(before, self, seat, action, viewer)

    # -- legal actions ----------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if self.step == OVER or seat != self.current:
            return []
        if self.step == PLACE:
            return list(self._placement_entry(self.hand)[1])
        if self.step == BID:
            top = self.score[seat]
            return [Pass(), *(Bid(a) for a in range(self.high_bid + 1, top + 1))]
        if self.step == CHOOSE:
            ids = sorted({self.edition.tiles[t].id for t in self.revealed})
            return [ChooseTile(tile_id) for tile_id in ids]
        return self._act_actions(seat)

    def _act_actions(self, seat: int) -> list[Action]:
        ed, n, ap = self.edition, self.n, self.ap
        costs = ed.costs
        actions: list[Action] = []
        camps = self._camps(seat)
        tile_at, workers, leader = self.tile_at, self.workers, self.leader[seat]
        occupied = [s for s in range(len(tile_at)) if workers[s * n + seat] or leader == s]
        if ap >= costs["deploy_figure"]:
            figures = []
            if leader == SUPPLY:
                figures.append("leader")
            if self.supply[seat]:
                figures.append("worker")
            actions.extend(_deploy(f, c) for f in figures for c in camps)
        if ap >= costs["camp_to_camp"] and len(camps) > 1:
            for src in camps:
                if leader == src:
                    actions.extend(_camp_move("leader", src, dst) for dst in camps if dst != src)
                if workers[src * n + seat] > 0:
                    actions.extend(_camp_move("worker", src, dst) for dst in camps if dst != src)
        walks = self._walk_graph()
        for src in occupied:
            has_leader, has_worker = leader == src, workers[src * n + seat] > 0
            for dst, cost in walks[src]:
                if cost <= ap:
                    if has_leader:
                        actions.append(_walk("leader", src, dst))
                    if has_worker:
                        actions.append(_walk("worker", src, dst))
        if ap >= costs["excavate_level"]:
            actions.extend(
                _excavate(s) for s in occupied if self._excavate_problem(seat, s) is None
            )
        if ap >= costs["recover_treasure"]:
            actions.extend(_recover(s) for s in occupied if self._recover_problem(seat, s) is None)
        if ap >= costs["exchange_treasure"]:
            k = ed.treasure_kinds
            mine = self.treasures[seat * k : seat * k + k]
            gives = [g for g in range(k) if mine[g] == 1]
            for other in range(n):
                if other == seat or not gives:
                    continue
                theirs = self.treasures[other * k : other * k + k]
                for take in range(k):
                    if theirs[take] == 1:
                        actions.extend(Exchange(g, other, take) for g in gives if g != take)
        if ap >= costs["build_camp"] and len(camps) - 1 < ed.camps:
            # `_camp_problem` space by space; its limit on camps is the condition just checked.
            kinds, camp, tokens = self.tile_kinds, self.camp, self.tokens
            for s, tile in enumerate(tile_at):
                if tile < 0 or camp[s] >= 0:
                    continue
                kind = kinds[tile]
                if kind == "jungle" or (kind == "treasure" and not tokens.get(s)):
                    actions.append(_build_camp(s))
        if ap >= costs["place_guard"]:
            actions.extend(
                _place_guard(s) for s in occupied if self._guard_problem(seat, s) is None
            )
        actions.append(_END_TURN)
        return actions

    def tried_actions(self, seat: int) -> list[Action]:
        """In the action step: every action on the spaces of the seat's own figures (and
        deploying to its camps), allowed or not, for the "why not" help."""
        if self.step != ACT or seat != self.current:
            return []
        n, leader = self.n, self.leader[seat]
        tried: list[Action] = [Deploy(f, c) for f in FIGURES for c in self._camps(seat)]
        for space, tile in enumerate(self.tile_at):
            figures = [
                f
                for f in FIGURES
                if (leader == space if f == "leader" else self.workers[space * n + seat])
            ]
            if tile < 0 or not figures:
                continue
            kind = self.tile_kinds[tile]
            if kind == "temple":
                tried += [Excavate(space), PlaceGuard(space)]
            tried += [Recover(space)] if kind == "treasure" else [BuildCamp(space)]
            tried += [Walk(f, space, dst) for f in figures for dst in self._nbr[space] if dst >= 0]
        return tried

    def _walk_graph(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """[space] -> (neighbour, AP) of every walk out of the space with a passage (TIK-5),
        sides in order; memoised per edition by board layout."""
        memo = self.edition.memo
        key = ("walks", tuple(self.tile_at), tuple(self.rotation))
        graph = memo.get(key)
        if graph is None:
            tile_at, rotation, kinds = self.tile_at, self.rotation, self.tile_kinds
            rotated, sides = self.edition.rotated_steps, self.edition.neighbour_sides
            rows = []
            for src, tile in enumerate(tile_at):
                here = rotated[tile][rotation[src]]
                row = []
                for side, dst, opposite in sides[src]:
                    there = tile_at[dst]
                    if there < 0 or kinds[there] == "volcano":
                        continue
                    cost = here[side] + rotated[there][rotation[dst]][opposite]
                    if cost > 0:
                        row.append((dst, cost))
                rows.append(tuple(row))
            graph = tuple(rows)
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = graph
        return graph

    def _placements(self, tile: int) -> tuple[tuple[int, int], ...]:
        """(space, rotation) pairs where `tile` may go, one per distinct layout (TIK-2)."""
        return self._placement_entry(tile)[0]

    def _placement_entry(
        self, tile: int
    ) -> tuple[tuple[tuple[int, int], ...], tuple[PlaceTile, ...]]:
        """The placements of `tile` and their actions, memoised per edition by board layout
        (search reaches the same layouts again and again; the key is the whole layout)."""
        memo = self.edition.memo
        key = ("placements", tile, tuple(self.tile_at), tuple(self.rotation))
        entry = memo.get(key)
        if entry is None:
            pairs = self._compute_placements(tile)
            entry = (pairs, tuple(_place_tile(s, r) for s, r in pairs))
            if len(memo) >= _MEMO_LIMIT:
                memo.clear()
            memo[key] = entry
        return entry

    def _compute_placements(self, tile: int) -> tuple[tuple[int, int], ...]:
        """TIK-2: a tile goes on an empty space next to a placed tile; a non-volcano tile also
        needs, on some side facing a non-volcano tile, a stone on one of the two sides."""
        ed = self.edition
        tile_at, rotation, kinds = self.tile_at, self.rotation, self.tile_kinds
        rotated, sides = ed.rotated_steps, ed.neighbour_sides
        rotations = ed.distinct_rotations[tile]
        stones = ed.stone_sides[tile]  # [rotation] -> sides of `tile` with a stone
        volcano = kinds[tile] == "volcano"
        result: list[tuple[int, int]] = []
        for space, placed in enumerate(tile_at):
            if placed >= 0:
                continue
            touching = passage = False
            facing = 0  # sides facing a non-volcano tile without a stone on its side
            for side, nb, opposite in sides[space]:
                there = tile_at[nb]
                if there < 0:
                    continue
                touching = True
                if kinds[there] == "volcano":
                    continue
                if rotated[there][rotation[nb]][opposite] >= 1:
                    passage = True  # a stone on the neighbour's side: every rotation fits
                    break
                facing |= 1 << side
            if not touching:
                continue
            if volcano or passage:
                result.extend((space, rot) for rot in rotations)
            else:
                result.extend((space, rot) for rot in rotations if stones[rot] & facing)
        return tuple(result)

    # -- helpers on the board -----------------------------------------------------------------
    def _has(self, seat: int, figure: str, space: int) -> bool:
        if figure == "leader":
            return self.leader[seat] == space
        return self.workers[space * self.n + seat] > 0

    def figures_on(self, seat: int, space: int) -> int:
        return self.workers[space * self.n + seat] + (self.leader[seat] == space)

    def weight_on(self, seat: int, space: int) -> int:
        """Figures counted for majorities: the leader counts as `leader_weight` workers."""
        weight = self.workers[space * self.n + seat]
        if self.leader[seat] == space:
            weight += self.edition.leader_weight
        return weight

    def _camps(self, seat: int) -> list[int]:
        """The base camp and the seat's own camps: where it deploys and moves by secret paths."""
        return [self._base, *(s for s, owner in enumerate(self.camp) if owner == seat)]

    def majority_holder(self, space: int) -> int:
        """The seat that holds a temple in a scoring (TIK-12), or -1: guard, else sole majority."""
        if self.guard[space] >= 0:
            return self.guard[space]
        best, holder = 0, -1
        for seat in range(self.n):
            weight = self.weight_on(seat, space)
            if weight > best:
                best, holder = weight, seat
            elif weight == best:
                holder = -1
        return holder if best > 0 else -1

    def _excavate_problem(self, seat: int, space: int) -> tuple[str, str] | None:
        if self.tile_at[space] < 0 or self.tile_kinds[self.tile_at[space]] != "temple":
            return "TIK-6", "only a temple can be excavated"
        if self.guard[space] >= 0:
            return "TIK-6", "a guarded temple is never excavated again"
        done = self.turn_excavated.get(space, 0)
        if done >= LEVELS_PER_TEMPLE_PER_TURN:
            return "TIK-6", "at most 2 levels per temple per turn"
        if self.figures_on(seat, space) <= done:
            return "TIK-6", "each level this turn needs a distinct own figure on the temple"
        nxt = self.temple_top[space] + 1
        if nxt >= len(self.levels) or self.levels[nxt] == 0:
            return "TIK-6", f"no temple level tile {nxt} is left, so this temple is finished"
        return None

    def _recover_problem(self, seat: int, space: int) -> tuple[str, str] | None:
        if not self.tokens.get(space):
            return "TIK-7", "no treasure token lies on that tile"
        done = self.turn_recovered.get(space, 0)
        if done >= TOKENS_PER_TILE_PER_TURN:
            return "TIK-7", "at most 2 treasures per tile per turn"
        if self.figures_on(seat, space) <= done:
            return "TIK-7", "each treasure this turn needs a distinct own figure on the tile"
        return None

    def _camp_problem(self, seat: int, space: int) -> tuple[str, str] | None:
        tile = self.tile_at[space]
        kind = self.tile_kinds[tile] if tile >= 0 else ""
        if kind != "jungle" and not (kind == "treasure" and not self.tokens.get(space)):
            return "TIK-9", "a camp goes on a jungle tile or a treasure tile with no tokens left"
        if self.camp[space] >= 0:
            return "TIK-9", "there is already a camp on that tile"
        if len(self._camps(seat)) - 1 >= self.edition.camps:
            return "TIK-9", f"at most {self.edition.camps} camps per player in the game"
        return None

    def _guard_problem(self, seat: int, space: int) -> tuple[str, str] | None:
        tile = self.tile_at[space]
        if tile < 0 or self.tile_kinds[tile] != "temple":
            return "TIK-10", "only a temple can be guarded"
        if self.guard[space] >= 0:
            return "TIK-10", "that temple is already guarded"
        if self.guard.count(seat) >= GUARDS_PER_PLAYER:
            return "TIK-10", f"at most {GUARDS_PER_PLAYER} guards per player"
        mine = self.weight_on(seat, space)
        if mine == 0 or any(
            self.weight_on(other, space) >= mine for other in range(self.n) if other != seat
        ):
            return "TIK-10", "a guard needs the strict sole majority on the temple"
        return None

    # -- applying actions -------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> None:
        self.check_seat(seat)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise MalformedAction(f"{action!r} is not a Tikal action")
        expected = _STEP_OF[type(action)]
        if self.step != expected:
            raise IllegalAction(
                _STEP_RULE[self.step],
                f"{self.action_label(action)!r} is not possible now: {_STEP_HINT[self.step]}",
            )
        handler(self, seat, action)

    def _spend(self, cost: int, what: str) -> None:
        """Pay `cost` action points; the last check before an action changes anything."""
        if cost > self.ap:
            raise IllegalAction("TIK-4", f"{what} costs {cost} AP but only {self.ap} are left")
        self.ap -= cost

    def _check_space(self, space: int) -> None:
        if not 0 <= space < len(self.tile_at):
            raise IllegalAction("board", f"space {space} is not on the board")

    def _check_figure(self, figure: str) -> None:
        if figure not in FIGURES:
            raise IllegalAction("rulebook", f"figure must be 'leader' or 'worker', not {figure!r}")

    def _do_place(self, seat: int, action: PlaceTile) -> None:
        self._check_space(action.space)
        if not 0 <= action.rotation < SIDES:
            raise IllegalAction("TIK-2", f"rotation must be 0 to {SIDES - 1}")
        tile = self.hand
        layout = self.edition.rotated_steps[tile][action.rotation]
        canonical = next(
            r
            for r in self.edition.distinct_rotations[tile]
            if self.edition.rotated_steps[tile][r] == layout
        )
        if (action.space, canonical) not in self._placements(tile):
            if self.tile_at[action.space] >= 0:
                raise IllegalAction("TIK-2", "that space already holds a tile")
            raise IllegalAction(
                "TIK-2",
                "a tile must touch a placed tile, and a non-volcano tile needs a path of stones "
                "to a non-volcano neighbour",
            )
        self._put_tile(action.space, tile, canonical)
        self.hand = -1
        self.last_placer = seat
        self._start_act()

    def _put_tile(self, space: int, tile: int, rotation: int) -> None:
        definition = self.edition.tiles[tile]
        self.tile_at[space] = tile
        self.rotation[space] = rotation
        if definition.kind == "temple":
            self.temple_top[space] = definition.temple_value
        if definition.kind == "treasure":
            # TIK-3: one face-down token per mask, fewer if the tokens run out.
            count = min(definition.masks, len(self.token_supply))
            if count:
                taken = self.token_supply[-count:]
                del self.token_supply[-count:]
                self.tokens[space] = taken

    def _do_deploy(self, seat: int, action: Deploy) -> None:
        self._check_figure(action.figure)
        self._check_space(action.dst)
        if action.dst not in self._camps(seat):
            raise IllegalAction("TIK-4", "figures are deployed on the base camp or an own camp")
        if action.figure == "leader" and self.leader[seat] != SUPPLY:
            raise IllegalAction("TIK-4", "the leader is not in the supply")
        if action.figure == "worker" and not self.supply[seat]:
            raise IllegalAction("TIK-4", "no worker is left in the supply")
        self._spend(self.edition.costs["deploy_figure"], "deploying")
        self._add_figure(seat, action.figure, action.dst)
        if action.figure == "worker":
            self.supply[seat] -= 1

    def _do_camp_move(self, seat: int, action: CampMove) -> None:
        self._check_figure(action.figure)
        self._check_space(action.src)
        self._check_space(action.dst)
        camps = self._camps(seat)
        if action.src not in camps or action.dst not in camps or action.src == action.dst:
            raise IllegalAction(
                "TIK-4", "secret paths join only the base camp and the player's own camps"
            )
        self._move(seat, action.figure, action.src, action.dst, self.edition.costs["camp_to_camp"])

    def _do_walk(self, seat: int, action: Walk) -> None:
        self._check_figure(action.figure)
        self._check_space(action.src)
        self._check_space(action.dst)
        if action.dst not in self._nbr[action.src] or self.tile_at[action.src] < 0:
            raise IllegalAction("TIK-5", "a walk goes to an adjacent tile")
        dst_tile = self.tile_at[action.dst]
        if dst_tile < 0:
            raise IllegalAction("TIK-5", "there is no tile on that space yet")
        if self.tile_kinds[dst_tile] == "volcano":
            raise IllegalAction("TIK-5", "a volcano is never entered")
        cost = self.walk_cost(action.src, action.dst)
        if cost == 0:
            raise IllegalAction("TIK-5", "no stones on either side: there is no passage")
        self._move(seat, action.figure, action.src, action.dst, cost)

    def walk_cost(self, src: int, dst: int) -> int:
        """Stones on both touching sides of two adjacent tiles (TIK-5)."""
        side = self._nbr[src].index(dst)
        rotated = self.edition.rotated_steps
        here = rotated[self.tile_at[src]][self.rotation[src]][side]
        there = rotated[self.tile_at[dst]][self.rotation[dst]][(side + 3) % SIDES]
        return here + there

    def _move(self, seat: int, figure: str, src: int, dst: int, cost: int) -> None:
        if not self._has(seat, figure, src):
            raise IllegalAction("TIK-4", f"no own {figure} stands there")
        self._spend(cost, "this move")
        if figure == "leader":
            self.leader[seat] = dst
        else:
            self.workers[src * self.n + seat] -= 1
            self.workers[dst * self.n + seat] += 1

    def _add_figure(self, seat: int, figure: str, space: int) -> None:
        if figure == "leader":
            self.leader[seat] = space
        else:
            self.workers[space * self.n + seat] += 1

    def _do_excavate(self, seat: int, action: Excavate) -> None:
        self._check_space(action.space)
        problem = self._excavate_problem(seat, action.space)
        if problem is None and not self.figures_on(seat, action.space):
            problem = ("TIK-6", "an own figure must stand on the temple")
        _raise_if(problem)
        self._spend(self.edition.costs["excavate_level"], "excavating")
        nxt = self.temple_top[action.space] + 1
        self.levels[nxt] -= 1
        self.temple_top[action.space] = nxt
        self.turn_excavated[action.space] = self.turn_excavated.get(action.space, 0) + 1

    def _do_recover(self, seat: int, action: Recover) -> None:
        self._check_space(action.space)
        problem = self._recover_problem(seat, action.space)
        _raise_if(problem)
        self._spend(self.edition.costs["recover_treasure"], "recovering a treasure")
        pile = self.tokens[action.space]
        kind = pile.pop()
        if not pile:
            del self.tokens[action.space]
        self.treasures[seat * self.edition.treasure_kinds + kind] += 1
        self.turn_recovered[action.space] = self.turn_recovered.get(action.space, 0) + 1
        self.reveals += 1

    def _do_exchange(self, seat: int, action: Exchange) -> None:
        k = self.edition.treasure_kinds
        if not (0 <= action.give < k and 0 <= action.take < k):
            raise IllegalAction("TIK-8", f"treasure kinds are 0 to {k - 1}")
        if not 0 <= action.other < self.n or action.other == seat:
            raise IllegalAction("TIK-8", "the exchange is with another player")
        if action.give == action.take:
            raise IllegalAction("TIK-8", "a swap for a treasure of the same kind changes nothing")
        if self.treasures[seat * k + action.give] != 1:
            raise IllegalAction("TIK-8", "only an own single treasure can be given")
        if self.treasures[action.other * k + action.take] != 1:
            raise IllegalAction("TIK-8", "only the other player's single treasure can be taken")
        self._spend(self.edition.costs["exchange_treasure"], "exchanging")
        t = self.treasures
        t[seat * k + action.give] -= 1
        t[action.other * k + action.give] += 1
        t[action.other * k + action.take] -= 1
        t[seat * k + action.take] += 1

    def _do_build_camp(self, seat: int, action: BuildCamp) -> None:
        self._check_space(action.space)
        problem = self._camp_problem(seat, action.space)
        _raise_if(problem)
        self._spend(self.edition.costs["build_camp"], "building a camp")
        self.camp[action.space] = seat

    def _do_guard(self, seat: int, action: PlaceGuard) -> None:
        self._check_space(action.space)
        problem = self._guard_problem(seat, action.space)
        _raise_if(problem)
        self._spend(self.edition.costs["place_guard"], "placing a guard")
        space, n = action.space, self.n
        # One figure becomes the guard (a worker if there is one: which one is immaterial);
        # every other figure of the player on the tile leaves the game (TIK-10).
        self.out[seat] += self.figures_on(seat, space) - 1
        self.workers[space * n + seat] = 0
        if self.leader[seat] == space:
            self.leader[seat] = OUT
        self.guard[space] = seat

    def _do_end_turn(self, seat: int, action: EndTurn) -> None:
        if self.scoring_queue:
            self._score_and_continue(seat)
        else:
            self._after_normal_turn(seat)

    def _do_bid(self, seat: int, action: Bid) -> None:
        if action.amount <= self.high_bid:
            raise IllegalAction("TIK-14", f"a bid must be higher than {self.high_bid}")
        if action.amount > self.score[seat]:
            raise IllegalAction(
                "TIK-14", f"a bid may not exceed the bidder's {self.score[seat]} points"
            )
        self.high_bid, self.high_bidder = action.amount, seat
        self._next_bidder(seat)

    def _do_pass(self, seat: int, action: Pass) -> None:
        self.passed[seat] = True
        if self.first_passer < 0:
            self.first_passer = seat
        self._next_bidder(seat)

    def _do_choose(self, seat: int, action: ChooseTile) -> None:
        chosen = next((t for t in self.revealed if self.edition.tiles[t].id == action.tile), None)
        if chosen is None:
            raise IllegalAction("TIK-14", f"tile {action.tile!r} is not among the revealed tiles")
        self.revealed.remove(chosen)
        self._take_tile(seat, chosen)

    # -- turn flow --------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        """Base version: `seat` draws the top tile (TIK-1, TIK-11)."""
        self.current = seat
        tile = self.stack.pop()
        self.reveals += 1
        self._take_tile(seat, tile)

    def _take_tile(self, seat: int, tile: int) -> None:
        """`seat` has drawn (or chosen) `tile`: a volcano starts a scoring round (TIK-11)."""
        self.current = seat
        self.hand = tile
        if self.tile_kinds[tile] == "volcano":
            self.volcano_drawer = seat
            self.scoring_final = False
            self.scoring_queue = [(seat + i) % self.n for i in range(self.n)]
            self._start_act()
        else:
            self._start_place()

    def _start_place(self) -> None:
        if self._placements(self.hand):
            self.step = PLACE
        else:
            # No space admits the tile (rulings are silent): it is set aside, face up, and the
            # player goes on with the turn. See docs/rules-notes.md.
            self.discarded.append(self.hand)
            self.hand = -1
            self.last_placer = self.current
            self._start_act()

    def _start_act(self) -> None:
        self.step = ACT
        self.ap = self.edition.action_points
        self.turn_excavated = {}
        self.turn_recovered = {}

    def _score_and_continue(self, seat: int) -> None:
        """End of a scoring turn: the player scores alone, then the next one plays (TIK-11)."""
        entry = score_seat(self, seat)
        self.score[seat] += entry["points"]
        if not self.history or self.history[-1]["complete"]:
            self.history.append(
                {
                    "round": len(self.history) + 1,
                    "final": self.scoring_final,
                    "complete": False,
                    "entries": [],
                }
            )
        self.history[-1]["entries"].append(entry)
        self.scoring_queue.pop(0)
        if self.scoring_queue:
            self.current = self.scoring_queue[0]
            self._start_act()
            return
        self.history[-1]["complete"] = True
        if self.scoring_final:
            self.step = OVER
            self.ap = 0
            return
        self.current = self.volcano_drawer  # then places the volcano and plays a normal turn
        self.volcano_drawer = -1
        self._start_place()

    def _after_normal_turn(self, seat: int) -> None:
        n = self.n
        if not self.auction:
            if self.stack:
                self._begin_turn((seat + 1) % n)
            else:  # TIK-13: the final round starts with the next player clockwise
                self._start_final([(seat + 1 + i) % n for i in range(n)])
            return
        self.moved[seat] = True
        self.last_mover = seat
        if self.revealed:
            self._start_auction((seat + 1) % n)
        elif self.stack:
            self._start_round((seat + 1) % n)
        else:
            # TIK-15: lowest score first; ties: clockwise nearer to whoever placed the last tile
            placer = self.last_placer
            order = sorted(range(n), key=lambda s: (self.score[s], (s - placer - 1) % n))
            self._start_final(order)

    def _start_final(self, order: list[int]) -> None:
        self.scoring_final = True
        self.scoring_queue = order
        self.current = order[0]
        self._start_act()

    def _start_round(self, starter: int) -> None:
        """Auction version: reveal one tile per player (fewer if the stack runs short)."""
        count = min(self.n, len(self.stack))
        self.revealed = [self.stack.pop() for _ in range(count)]
        self.reveals += 1
        self.moved = [False] * self.n
        self._start_auction(starter)

    def _start_auction(self, starter: int) -> None:
        n = self.n
        self.high_bid, self.high_bidder, self.first_passer = 0, -1, -1
        self.passed = [False] * n
        eligible = [(starter + i) % n for i in range(n) if not self.moved[(starter + i) % n]]
        if len(eligible) == 1:  # the last player without a turn takes a tile for free
            self._win_auction(eligible[0])
            return
        self.step = BID
        self.current = eligible[0]

    def _next_bidder(self, seat: int) -> None:
        n = self.n
        waiting = [s for s in range(n) if not self.moved[s] and not self.passed[s]]
        if not waiting:
            self._win_auction(self.first_passer)  # nobody bid: the first to pass moves free
            return
        if waiting == [self.high_bidder]:
            self._win_auction(self.high_bidder)
            return
        for i in range(1, n + 1):
            nxt = (seat + i) % n
            if nxt in waiting:
                self.current = nxt
                return

    def _win_auction(self, winner: int) -> None:
        if winner == self.high_bidder:
            self.score[winner] -= self.high_bid
        self.high_bid, self.high_bidder, self.first_passer = 0, -1, -1
        self.passed = [False] * self.n
        self.current = winner
        self.step = CHOOSE

    # -- views ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything on the table is public in Tikal except the stack's order and the
        face-down tokens, so every seat sees the same view: the board, all figures, scores,
        revealed treasures, and only the *counts* of the stack and of face-down tokens."""
        self.check_view_seat(seat)
        ed = self.edition
        k = ed.treasure_kinds
        board = []
        for space, tile in enumerate(self.tile_at):
            if tile < 0:
                continue
            board.append(
                {
                    "space": space,
                    "tile": ed.tiles[tile].id,
                    "rotation": self.rotation[space],
                    "temple_value": self.temple_top[space],
                    "tokens": len(self.tokens.get(space, ())),
                    "camp": self.camp[space],
                    "guard": self.guard[space],
                    "workers": self.workers[space * self.n : space * self.n + self.n],
                }
            )
        top = ed.tiles[self.stack[-1]].letter if self.stack else None
        return {
            "game": "tikal",
            "seat": seat,
            "options": self.options,
            "step": self.step,
            "to_move": list(self.to_move()),
            "ap": self.ap,
            "hand": ed.tiles[self.hand].id if self.hand >= 0 else None,
            "board": board,
            "players": [
                {
                    "score": self.score[s],
                    "leader": self.leader[s],
                    "supply": self.supply[s],
                    "out": self.out[s],
                    "treasures": self.treasures[s * k : s * k + k],
                }
                for s in range(self.n)
            ],
            "temple_levels": list(self.levels),
            "stack_size": len(self.stack),
            "stack_top_letter": top,
            "token_supply": len(self.token_supply),
            "discarded": [ed.tiles[t].id for t in self.discarded],
            "revealed": sorted(ed.tiles[t].id for t in self.revealed),
            "moved": list(self.moved),
            "auction": {
                "high_bid": self.high_bid,
                "high_bidder": self.high_bidder,
                "passed": list(self.passed),
                "first_passer": self.first_passer,
            },
            "scoring": {
                "queue": list(self.scoring_queue),
                "final": self.scoring_final,
                "volcano_drawer": self.volcano_drawer,
            },
            "turn": {
                "excavated": sorted(self.turn_excavated.items()),
                "recovered": sorted(self.turn_recovered.items()),
            },
            "last_mover": self.last_mover,
            "last_placer": self.last_placer,
            "reveals": self.reveals,
            "history": [dict(r, entries=r["entries"][:]) for r in self.history],
        }

    def shuffle_hidden(self, seat: int | None, rng: random.Random) -> None:
        """Re-deal what nobody sees: the stack order within each letter, and which face-down
        token lies where (each tile keeps its number of tokens), and the seed they came from."""
        self.seed = rng.getrandbits(32)
        self.stack = _shuffle_within_letters(self.edition, self.stack, rng)
        piles = sorted(self.tokens)
        pool = [k for s in piles for k in self.tokens[s]] + self.token_supply
        rng.shuffle(pool)
        for s in piles:
            count = len(self.tokens[s])
            self.tokens[s], pool = pool[:count], pool[count:]
        self.token_supply = pool

    @classmethod
    def determinize(cls, view: Mapping[str, Any], rng: random.Random) -> Self:
        """A full state consistent with `view`: the public parts copied, the stack and the
        face-down tokens dealt at random from what the view says is left."""
        opts = cls.normalize_options(view["options"])
        edition = load_edition(opts["edition"])
        # Every field is set below from the view, so no game is set up first (the seed is 0,
        # as for a new game of seed 0; it is never read again).
        state = cls.__new__(cls)
        state._init_static(opts, 0, edition)
        state._init_empty_board()
        state.tokens = {}
        index = edition.index_of_id
        for entry in view["board"]:
            space = entry["space"]
            state.tile_at[space] = index[entry["tile"]]
            state.rotation[space] = entry["rotation"]
            state.temple_top[space] = entry["temple_value"]
            state.camp[space] = entry["camp"]
            state.guard[space] = entry["guard"]
            state.workers[space * state.n : space * state.n + state.n] = entry["workers"]
        players = view["players"]
        state.leader = [p["leader"] for p in players]
        state.supply = [p["supply"] for p in players]
        state.out = [p["out"] for p in players]
        state.score = [p["score"] for p in players]
        state.treasures = [k for p in players for k in p["treasures"]]
        state.levels = list(view["temple_levels"])
        state.hand = index[view["hand"]] if view["hand"] is not None else -1
        state.discarded = [index[t] for t in view["discarded"]]
        state.revealed = [index[t] for t in view["revealed"]]
        used = {*state.tile_at, *state.discarded, *state.revealed, state.hand}
        remaining = [t for t in edition.terrain if t not in used]
        remaining.sort(key=edition.tile_letters.__getitem__, reverse=True)
        if len(remaining) != view["stack_size"]:
            raise MalformedState("view: stack_size does not match the tiles seen")
        state.stack = _shuffle_within_letters(edition, remaining, rng)
        held = [0] * edition.treasure_kinds
        for kind_count in (p["treasures"] for p in players):
            for kind, count in enumerate(kind_count):
                held[kind] += count
        unseen = [
            k
            for k in range(edition.treasure_kinds)
            for _ in range(edition.treasure_copies - held[k])
        ]
        rng.shuffle(unseen)
        for entry in view["board"]:
            if entry["tokens"]:
                state.tokens[entry["space"]] = [unseen.pop() for _ in range(entry["tokens"])]
        if len(unseen) != view["token_supply"]:
            raise MalformedState("view: token_supply does not match the tokens seen")
        state.token_supply = unseen
        state.step = view["step"]
        state.current = view["to_move"][0] if view["to_move"] else 0
        state.ap = view["ap"]
        state.moved = list(view["moved"])
        auction = view["auction"]
        state.high_bid, state.high_bidder = auction["high_bid"], auction["high_bidder"]
        state.passed, state.first_passer = list(auction["passed"]), auction["first_passer"]
        scoring = view["scoring"]
        state.scoring_queue = list(scoring["queue"])
        state.scoring_final = scoring["final"]
        state.volcano_drawer = scoring["volcano_drawer"]
        state.turn_excavated = {s: c for s, c in view["turn"]["excavated"]}
        state.turn_recovered = {s: c for s, c in view["turn"]["recovered"]}
        state.last_mover, state.last_placer = view["last_mover"], view["last_placer"]
        state.reveals = view["reveals"]
        state.history = [dict(r, entries=list(r["entries"])) for r in view["history"]]
        return state

    # -- persistence ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": "tikal",
            "version": 1,
            "options": self.options,
            "seed": self.seed,
            "step": self.step,
            "scoring_final": self.scoring_final,
            "tokens": {str(s): list(p) for s, p in sorted(self.tokens.items())},
            "turn_excavated": {str(s): c for s, c in sorted(self.turn_excavated.items())},
            "turn_recovered": {str(s): c for s, c in sorted(self.turn_recovered.items())},
            "history": [dict(r, entries=r["entries"][:]) for r in self.history],
        }
        for name in _LIST_FIELDS:
            data[name] = list(getattr(self, name))
        for name in _INT_FIELDS:
            data[name] = getattr(self, name)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        if not isinstance(data, Mapping) or data.get("game") != "tikal":
            raise MalformedState("state field 'game' must be 'tikal'")
        if _typed(data, "version", int) != 1:
            raise MalformedState("state field 'version' must be 1")
        try:
            opts = cls.normalize_options(_typed(data, "options", dict))
        except OptionsError as exc:
            raise MalformedState(f"state field 'options': {exc}") from exc
        state = cls.__new__(cls)
        state._init_static(opts, _typed(data, "seed", int), load_edition(opts["edition"]))
        for name in _LIST_FIELDS:
            setattr(state, name, list(_typed(data, name, list)))
        for name in _INT_FIELDS:
            setattr(state, name, _typed(data, name, int))
        state.step = _typed(data, "step", str)
        if state.step not in _STEP_RULE:
            raise MalformedState(f"state field 'step' must be one of {sorted(_STEP_RULE)}")
        state.scoring_final = _typed(data, "scoring_final", bool)
        try:
            state.tokens = {int(s): list(p) for s, p in _typed(data, "tokens", dict).items()}
            state.turn_excavated = {
                int(s): int(c) for s, c in _typed(data, "turn_excavated", dict).items()
            }
            state.turn_recovered = {
                int(s): int(c) for s, c in _typed(data, "turn_recovered", dict).items()
            }
        except (TypeError, ValueError) as exc:
            raise MalformedState(f"state fields 'tokens'/'turn_*' are malformed: {exc}") from exc
        state.history = list(_typed(data, "history", list))
        if not all(
            isinstance(r, dict)
            and isinstance(r.get("entries"), list)
            and type(r.get("complete")) is bool
            for r in state.history
        ):
            raise MalformedState("state field 'history' must list scoring rounds")
        state._check_shape()
        return state

    def _check_shape(self) -> None:
        spaces, n = len(self.edition.spaces), self.n
        expected = {
            "tile_at": spaces,
            "rotation": spaces,
            "temple_top": spaces,
            "camp": spaces,
            "guard": spaces,
            "workers": spaces * n,
            "leader": n,
            "supply": n,
            "out": n,
            "treasures": n * self.edition.treasure_kinds,
            "score": n,
            "moved": n,
            "passed": n,
        }
        for name, length in expected.items():
            if len(getattr(self, name)) != length:
                raise MalformedState(f"state field {name!r} must have {length} entries")
        for name in _LIST_FIELDS:
            kind = bool if name in ("moved", "passed") else int
            if any(type(v) is not kind for v in getattr(self, name)):
                raise MalformedState(f"state field {name!r} must hold only {kind.__name__}s")
        tiles = len(self.edition.tiles)
        for name in ("tile_at", "stack", "discarded", "revealed"):
            if any(not -1 <= t < tiles for t in getattr(self, name)):
                raise MalformedState(f"state field {name!r} holds unknown tiles")
        if not -1 <= self.hand < tiles:
            raise MalformedState("state field 'hand' holds an unknown tile")
        if not 0 <= self.current < n or not all(0 <= s < n for s in self.scoring_queue):
            raise MalformedState("state fields 'current'/'scoring_queue' must name seats")
        if any(not 0 <= r < SIDES for r in self.rotation):
            raise MalformedState(f"state field 'rotation' must hold 0 to {SIDES - 1}")
        if any(not -1 <= v < n for v in self.camp + self.guard):
            raise MalformedState("state fields 'camp'/'guard' must hold seats or -1")
        if any(not (OUT <= v < spaces) for v in self.leader):
            raise MalformedState("state field 'leader' must hold a space, -1 or -2")
        for name in ("workers", "supply", "treasures"):
            if any(type(v) is not int or v < 0 for v in getattr(self, name)):
                raise MalformedState(f"state field {name!r} must hold counts of 0 or more")
        kinds = self.edition.treasure_kinds
        for space, pile in self.tokens.items():
            if not 0 <= space < spaces or any(
                type(k) is not int or not 0 <= k < kinds for k in pile
            ):
                raise MalformedState(f"state field 'tokens.{space}' is malformed")

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        data = self.__dict__.copy()
        for name in _LIST_FIELDS:
            data[name] = data[name][:]
        data["tokens"] = {s: p[:] for s, p in self.tokens.items()}
        data["turn_excavated"] = self.turn_excavated.copy()
        data["turn_recovered"] = self.turn_recovered.copy()
        history = data["history"] = self.history[:]  # entries never change once complete...
        if history and not history[-1]["complete"]:  # ...the open one may
            last = history[-1]
            history[-1] = dict(last, entries=last["entries"][:])
        other.__dict__ = data
        return other


def _raise_if(problem: tuple[str, str] | None) -> None:
    """Raise the (rule, message) a rule check found, if any."""
    if problem:
        raise IllegalAction(*problem)


def _typed(data: Mapping[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise MalformedState(f"state field {name!r} is missing")
    value = data[name]
    if type(value) is not kind:
        raise MalformedState(f"state field {name!r} must be {kind.__name__}")
    return value


def _shuffle_within_letters(edition: Edition, stack: list[int], rng: random.Random) -> list[int]:
    """The same tiles with each letter group shuffled, the letter order kept (TIK-1)."""
    result = stack[:]
    letter_of = edition.tile_letters
    by_letter: dict[str, list[int]] = {}  # letter -> positions, in order
    for i, tile in enumerate(result):
        by_letter.setdefault(letter_of[tile], []).append(i)
    for letter in sorted(by_letter):
        positions = by_letter[letter]
        first, last = positions[0], positions[-1] + 1
        if last - first == len(positions):  # together, as in a stack: shuffle the slice
            group = result[first:last]
            rng.shuffle(group)
            result[first:last] = group
            continue
        group = [result[i] for i in positions]
        rng.shuffle(group)
        for i, tile in zip(positions, group, strict=True):
            result[i] = tile
    return result


def describe(state: TikalState, action: Action) -> str:
    """A short English label, naming spaces as the terminal board shows them."""
    names = state.names

    def at(space: int) -> str:
        return names[space] if 0 <= space < len(names) else f"space {space}"

    costs = state.edition.costs
    match action:
        case PlaceTile(space, rotation):
            tile = state.edition.tiles[state.hand] if state.hand >= 0 else None
            what = f"{tile.kind} {tile.id}" if tile else "tile"
            return f"Place {what} on {at(space)}, turned {rotation}"
        case Deploy(figure, dst):
            return f"Deploy {figure} to {at(dst)} ({costs['deploy_figure']} AP)"
        case CampMove(figure, src, dst):
            cost = costs["camp_to_camp"]
            return f"Move {figure} {at(src)} → {at(dst)} by secret path ({cost} AP)"
        case Walk(figure, src, dst):
            cost = state.walk_cost(src, dst) if dst in state._nbr[src] else "?"
            return f"Walk {figure} {at(src)} → {at(dst)} ({cost} AP)"
        case Excavate(space):
            level = state.temple_top[space] + 1
            return f"Excavate temple {at(space)} to {level} ({costs['excavate_level']} AP)"
        case Recover(space):
            return f"Recover a treasure at {at(space)} ({costs['recover_treasure']} AP)"
        case Exchange(give, other, take):
            return (
                f"Exchange treasure {give + 1} for {seat_name(other)}'s treasure {take + 1} "
                f"({costs['exchange_treasure']} AP)"
            )
        case BuildCamp(space):
            return f"Build a camp on {at(space)} ({costs['build_camp']} AP)"
        case PlaceGuard(space):
            return f"Guard temple {at(space)} ({costs['place_guard']} AP)"
        case EndTurn():
            return "End turn" if state.ap else "End turn (no AP left)"
        case Bid(amount):
            return f"Bid {amount}"
        case Pass():
            return "Pass"
        case ChooseTile(tile):
            try:
                kind = state.edition.tiles[state.edition.tile_index(tile)].kind
            except KeyError:
                kind = "tile"
            return f"Choose {kind} {tile}"
    return action.label()


_HANDLERS = {
    PlaceTile: TikalState._do_place,
    Deploy: TikalState._do_deploy,
    CampMove: TikalState._do_camp_move,
    Walk: TikalState._do_walk,
    Excavate: TikalState._do_excavate,
    Recover: TikalState._do_recover,
    Exchange: TikalState._do_exchange,
    BuildCamp: TikalState._do_build_camp,
    PlaceGuard: TikalState._do_guard,
    EndTurn: TikalState._do_end_turn,
    Bid: TikalState._do_bid,
    Pass: TikalState._do_pass,
    ChooseTile: TikalState._do_choose,
}
_STEP_OF = {
    PlaceTile: PLACE,
    Bid: BID,
    Pass: BID,
    ChooseTile: CHOOSE,
    **{
        a: ACT
        for a in (
            Deploy,
            CampMove,
            Walk,
            Excavate,
            Recover,
            Exchange,
            BuildCamp,
            PlaceGuard,
            EndTurn,
        )
    },
}
_STEP_RULE = {PLACE: "TIK-2", ACT: "TIK-4", BID: "TIK-14", CHOOSE: "TIK-14", OVER: "TIK-13"}
_STEP_HINT = {
    PLACE: "the tile in hand must be placed first",
    ACT: "the turn's action points are being spent",
    BID: "the next turn is being auctioned",
    CHOOSE: "the auction's winner must choose a revealed tile",
    OVER: "the game is over",
}
