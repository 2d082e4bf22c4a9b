"""Tikal's numeric forms for learning agents (`meeple.engine.encoding.Encoding`).

Actions: one fixed index per action of the game and options, in sections by kind (the table is
`TikalEncoding.action_sections`; ``docs/research.md`` prints it). Walks cross one border, so a
walk is indexed by its figure, its start space and the side it leaves by, not by two spaces.
A bid's amount is bounded by `bid_limit`, the most points a seat could ever hold.

Observation: one float32 vector built from a seat's view only, in named fields
(`TikalEncoding.fields`): board planes on the hex grid (spaces laid out as the terminal names
them, odd columns half a hex lower), then one row per player, then the table's shared
state. Players are ordered from the viewing seat (itself first), so that a policy learnt for
one seat serves every seat; the spectators' view keeps the seats' own order.
Counts are raw (a learner scales them as it likes).
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.engine.actions import Action
from meeple.engine.encoding import checked_index
from meeple.games.tikal.actions import (
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
from meeple.games.tikal.board import offset_cell
from meeple.games.tikal.components import SIDES, TILE_KINDS, Edition, load_edition
from meeple.games.tikal.layout import NO_SEAT, OUT, STEPS, SUPPLY
from meeple.games.tikal.state import TikalState
from meeple.games.tikal.state_observation import Observation, Tables

#: Kinds of the tiles a space may hold, in the order of the board's kind planes.
SPACE_KINDS = ("base_camp", *TILE_KINDS)


def bid_limit(edition: Edition) -> int:
    """The most points a seat could hold, so the highest bid (TIK-14) that can ever be legal:
    the auction's starting score, plus, in each scoring round (one per volcano and the final
    one), every temple at the highest value a temple can reach and every treasure kind at its
    best set."""
    kinds = edition.tile_kinds
    temples = sum(1 for kind in kinds if kind == "temple")
    top_value = max(len(edition.temple_levels) - 1, *(t.temple_value for t in edition.tiles))
    rounds = sum(1 for kind in kinds if kind == "volcano") + 1
    per_round = temples * top_value + edition.treasure_kinds * max(edition.treasure_points)
    return edition.auction_start_score + rounds * per_round


def max_game_length(edition: Edition, players: int, auction: bool) -> int:
    """A bound on the steps of a game, for OpenSpiel's `GameInfo`: every terrain tile placed
    once; one action step per tile and one per player in each scoring round, each step at most
    one action per action point and its end; with the auction, at most one bid per point of
    `bid_limit` and a pass per player in each tile's auction, and its choice."""
    tiles = len(edition.terrain)
    rounds = sum(1 for kind in edition.tile_kinds if kind == "volcano") + 1
    cheapest = max(1, min(edition.costs.values()))
    act_steps = tiles + players * rounds
    length = tiles + act_steps * (edition.action_points // cheapest + 1)
    if auction:
        length += tiles * (bid_limit(edition) + players + 1)
    return length


@dataclasses.dataclass(frozen=True, slots=True)
class Section:
    """One run of action indexes: actions of one kind, ``size`` of them from ``start``."""

    kind: str
    start: int
    size: int
    #: What the index within the section counts, for people (docs/research.md).
    layout: str


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    """One named part of the observation vector: ``shape`` values from ``start``."""

    name: str
    start: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)


class TikalEncoding:
    """Tikal's action indexes and observation vector for one edition and table size."""

    #: Every choice is made in the open.
    secret_kinds: frozenset[str] = frozenset()
    #: Ending a turn draws the next one's tile (or reveals the auction's); recovering turns
    #: a face-down token.
    chance_kinds: frozenset[str] = frozenset({EndTurn.kind, Recover.kind})

    def __init__(self, options: Mapping[str, Any] | None) -> None:
        self.options = TikalState.normalize_options(options)
        self.players: int = self.options["players"]
        self.edition = edition = load_edition(self.options["edition"])
        self.spaces = len(edition.spaces)
        self.kinds = edition.treasure_kinds
        self.max_bid = bid_limit(edition)
        self.terrain_ids = tuple(dict.fromkeys(edition.tiles[t].id for t in edition.terrain))
        self._terrain_slot = {tile_id: i for i, tile_id in enumerate(self.terrain_ids)}
        self._tile_slot = [self._terrain_slot.get(t.id, -1) for t in edition.tiles]
        self.action_sections = self._sections()
        self._starts = [s.start for s in self.action_sections]
        self._section = {s.kind: s for s in self.action_sections}
        self._cells, self.grid = _grid(edition)
        self.fields = self._fields()
        #: field -> its first number; [space] -> its grid cell, counted row by row
        self._at = {f.name: f.start for f in self.fields}
        self._plane = self.grid[0] * self.grid[1]
        self._cell = tuple(row * self.grid[1] + col for row, col in self._cells)
        #: [space] -> its grid cell, counted row by row
        self.space_cells = self._cell
        self._space_flat = np.array(self._cell, dtype=np.intp) + self._at["space"]
        #: [viewing seat, or `players` for spectators][seat] -> the seat's row from the viewer
        n = self.players
        self._ranks = (
            *(tuple((s - v) % n for s in range(n)) for v in range(n)),
            tuple(range(n)),
        )
        self._size = sum(f.size for f in self.fields)
        self._tile_features = _tile_features(edition)
        #: [tile] -> its kind, an index in `SPACE_KINDS`
        self.tile_kinds = tuple(f.kind for f in self._tile_features)
        self._observation_tables: Tables | None = None
        self.max_game_length = max_game_length(edition, self.players, self.options["auction"])

    # -- actions ------------------------------------------------------------------------------
    def _sections(self) -> tuple[Section, ...]:
        s, n, k = self.spaces, self.players, self.kinds
        figures = len(FIGURES)
        rows = (
            ("place_tile", s * SIDES, "space × rotation"),
            ("deploy", figures * s, "figure (leader, worker) × camp space"),
            ("camp_move", figures * s * s, "figure × from space × to space"),
            ("walk", figures * s * SIDES, "figure × from space × side crossed"),
            ("excavate", s, "space"),
            ("recover", s, "space"),
            ("exchange", k * n * k, "treasure given × other seat × treasure taken"),
            ("build_camp", s, "space"),
            ("place_guard", s, "space"),
            ("end_turn", 1, "—"),
            ("bid", self.max_bid, "amount − 1"),
            ("pass", 1, "—"),
            ("choose_tile", len(self.terrain_ids), "terrain tile, in the edition's order"),
        )
        sections, start = [], 0
        for kind, size, layout in rows:
            sections.append(Section(kind, start, size, layout))
            start += size
        return tuple(sections)

    @property
    def action_space_size(self) -> int:
        last = self.action_sections[-1]
        return last.start + last.size

    def action_index(self, action: Action) -> int:
        section = self._section[action.kind]
        return section.start + self._offset(action, section)

    def _offset(self, action: Action, section: Section) -> int:
        s = self.spaces
        if isinstance(action, PlaceTile):
            offset = action.space * SIDES + action.rotation
        elif isinstance(action, Deploy):
            offset = _figure(action.figure) * s + action.dst
        elif isinstance(action, CampMove):
            offset = (_figure(action.figure) * s + action.src) * s + action.dst
        elif isinstance(action, Walk):
            side = self.edition.neighbours[action.src].index(action.dst)
            offset = (_figure(action.figure) * s + action.src) * SIDES + side
        elif isinstance(action, Excavate | Recover | BuildCamp | PlaceGuard):
            offset = action.space
        elif isinstance(action, Exchange):
            offset = (action.give * self.players + action.other) * self.kinds + action.take
        elif isinstance(action, Bid):
            offset = action.amount - 1
        elif isinstance(action, ChooseTile):
            offset = self._terrain_slot[action.tile]
        else:  # EndTurn, Pass
            offset = 0
        if not 0 <= offset < section.size:
            raise ValueError(f"{action!r} is outside Tikal's action space")
        return offset

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its options: the tables are rebuilt (or found cached) where it lands."""
        return (encoding, (self.options,))

    def action_at(self, index: int) -> Action:
        index = checked_index(index, self.action_space_size)
        section = self.action_sections[bisect.bisect_right(self._starts, index) - 1]
        return _DECODERS[section.kind](self, index - section.start)

    # -- observation --------------------------------------------------------------------------
    def _fields(self) -> tuple[Field, ...]:
        n, k, rows, cols = self.players, self.kinds, *self.grid
        tiles = len(self.edition.tiles)
        rows_of = (
            ("space", (rows, cols), "1 where the grid cell is a board space"),
            ("tile_kind", (len(SPACE_KINDS), rows, cols), f"tile kind one-hot: {SPACE_KINDS}"),
            ("stones", (SIDES, rows, cols), "stones on each side of the placed tile, turned"),
            ("temple_value", (rows, cols), "value of the temple's top level"),
            ("tokens", (rows, cols), "face-down treasure tokens on the tile"),
            ("camp", (n, rows, cols), "camp of each player (from the viewer)"),
            ("guard", (n, rows, cols), "guard of each player"),
            ("leader", (n, rows, cols), "leader of each player"),
            ("workers", (n, rows, cols), "workers of each player"),
            ("excavated", (rows, cols), "levels excavated here this turn"),
            ("recovered", (rows, cols), "treasures recovered here this turn"),
            ("score", (n,), "points of each player"),
            ("supply", (n,), "workers in each player's supply"),
            ("out", (n,), "workers out of the game"),
            ("leader_waiting", (n,), "1 if the leader is in the player's supply"),
            ("leader_out", (n,), "1 if the leader has left the game"),
            ("treasures", (n, k), "treasures of each kind each player holds"),
            ("to_move", (n,), "1 for the player to move"),
            ("moved", (n,), "1 for players who have had their turn this round"),
            ("passed", (n,), "auction: 1 for players who passed"),
            ("high_bidder", (n,), "auction: 1 for the high bidder"),
            ("first_passer", (n,), "auction: 1 for the first to pass"),
            ("volcano_drawer", (n,), "1 for who drew the volcano being scored"),
            ("last_mover", (n,), "1 for who moved last"),
            ("last_placer", (n,), "1 for who placed a tile last"),
            ("step", (len(STEPS),), f"step one-hot: {STEPS}"),
            ("ap", (1,), "action points left"),
            ("high_bid", (1,), "auction: the highest bid"),
            ("hand", (tiles,), "the tile in hand (drawn or chosen), one-hot by tile"),
            ("hand_kind", (len(SPACE_KINDS),), "kind of the tile in hand"),
            ("hand_stones", (SIDES,), "stones on each side of the tile in hand, unturned"),
            ("hand_temple_value", (1,), "temple value of the tile in hand"),
            ("revealed", (tiles,), "auction: tiles revealed for the auction"),
            ("discarded", (tiles,), "tiles set aside"),
            ("stack_size", (1,), "tiles left in the stack"),
            ("stack_letter", (len(self.edition.letters),), "letter of the stack's top tile"),
            ("token_supply", (1,), "treasure tokens not on the board"),
            ("temple_levels", (len(self.edition.temple_levels),), "level tiles left by value"),
            ("scoring", (2,), "a scoring is under way; it is the final one"),
        )
        fields, start = [], 0
        for name, shape, meaning in rows_of:
            fields.append(Field(name, start, shape, meaning))
            start += math.prod(shape)
        return tuple(fields)

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self._size,)

    def observation(self, view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        """The view as the vector `fields` describe. Written by flat offsets (a field's start,
        a seat's row, a grid cell), the board's numbers gathered into one assignment: adapters
        ask for an observation at every step, and slicing and reshaping each field cost more
        than the numbers themselves."""
        out = np.zeros(self._size, dtype=np.float32)
        at, n = self._at, self.players
        seat = view["seat"]
        rank = self._ranks[n if seat is None else seat]  # seat -> its row from the viewer
        out[self._space_flat] = 1
        where, values = self._board(view, rank)
        for s, p in enumerate(view["players"]):
            r = rank[s]
            out[at["score"] + r] = p["score"]
            out[at["supply"] + r] = p["supply"]
            out[at["out"] + r] = p["out"]
            out[at["leader_waiting"] + r] = p["leader"] == SUPPLY
            out[at["leader_out"] + r] = p["leader"] == OUT
            first = at["treasures"] + r * self.kinds
            out[first : first + self.kinds] = p["treasures"]
            out[at["moved"] + r] = view["moved"][s]
            out[at["passed"] + r] = view["auction"]["passed"][s]
            if p["leader"] >= 0:
                where.append(at["leader"] + r * self._plane + self._cell[p["leader"]])
                values.append(1)
        for s in view["to_move"]:
            out[at["to_move"] + rank[s]] = 1
        for name, who in (
            ("high_bidder", view["auction"]["high_bidder"]),
            ("first_passer", view["auction"]["first_passer"]),
            ("volcano_drawer", view["scoring"]["volcano_drawer"]),
            ("last_mover", view["last_mover"]),
            ("last_placer", view["last_placer"]),
        ):
            if who != NO_SEAT:
                out[at[name] + rank[who]] = 1
        for name in ("excavated", "recovered"):
            for space, count in view["turn"][name]:
                out[at[name] + self._cell[space]] = count
        if where:
            out[where] = values
        self._table(view, out)
        return out

    def state_observer(self) -> Observation:
        """Observations written from the state's lists without the view, each the same
        vector as ``observation(state.view(seat))``, and incrementally
        (`meeple.games.tikal.state_observation`): what the research adapters ask at every
        step."""
        if self._observation_tables is None:
            self._observation_tables = Tables(self)
        return Observation(self._observation_tables)

    def _board(
        self, view: Mapping[str, Any], rank: tuple[int, ...]
    ) -> tuple[list[int], list[float]]:
        """The board planes' flat offsets and numbers, entry by entry (each lands once)."""
        at, plane, cell = self._at, self._plane, self._cell
        index, features = self.edition.index_of_id, self._tile_features
        rotated = self.edition.rotated_steps
        kinds, stones, value, tokens = (
            at["tile_kind"],
            at["stones"],
            at["temple_value"],
            at["tokens"],
        )
        camp, guard, workers = at["camp"], at["guard"], at["workers"]
        where: list[int] = []
        values: list[float] = []
        for entry in view["board"]:
            c = cell[entry["space"]]
            tile = features[index[entry["tile"]]]
            where.append(kinds + tile.kind * plane + c)
            values.append(1)
            for side, count in enumerate(rotated[tile.tile][entry["rotation"]]):
                if count:
                    where.append(stones + side * plane + c)
                    values.append(count)
            if entry["temple_value"]:
                where.append(value + c)
                values.append(entry["temple_value"])
            if entry["tokens"]:
                where.append(tokens + c)
                values.append(entry["tokens"])
            for s, count in enumerate(entry["workers"]):
                if count:
                    where.append(workers + rank[s] * plane + c)
                    values.append(count)
            if entry["camp"] != NO_SEAT:
                where.append(camp + rank[entry["camp"]] * plane + c)
                values.append(1)
            if entry["guard"] != NO_SEAT:
                where.append(guard + rank[entry["guard"]] * plane + c)
                values.append(1)
        return where, values

    def _table(self, view: Mapping[str, Any], out: npt.NDArray[np.float32]) -> None:
        edition, index, at = self.edition, self.edition.index_of_id, self._at
        out[at["step"] + STEPS.index(view["step"])] = 1
        out[at["ap"]] = view["ap"]
        out[at["high_bid"]] = view["auction"]["high_bid"]
        if view["hand"] is not None:
            features = self._tile_features[index[view["hand"]]]
            tile = edition.tiles[features.tile]
            out[at["hand"] + features.tile] = 1
            out[at["hand_kind"] + features.kind] = 1
            out[at["hand_stones"] : at["hand_stones"] + SIDES] = tile.steps
            out[at["hand_temple_value"]] = tile.temple_value
        for name in ("revealed", "discarded"):
            for tile_id in view[name]:
                out[at[name] + index[tile_id]] += 1
        out[at["stack_size"]] = view["stack_size"]
        if view["stack_top_letter"] is not None:
            out[at["stack_letter"] + edition.letters.index(view["stack_top_letter"])] = 1
        out[at["token_supply"]] = view["token_supply"]
        levels = at["temple_levels"]
        out[levels : levels + len(edition.temple_levels)] = view["temple_levels"]
        scoring = at["scoring"]
        out[scoring] = bool(view["scoring"]["queue"]) or view["scoring"]["volcano_drawer"] >= 0
        out[scoring + 1] = view["scoring"]["final"]


@dataclasses.dataclass(frozen=True, slots=True)
class _TileFeatures:
    tile: int
    kind: int  # index in SPACE_KINDS


def _tile_features(edition: Edition) -> tuple[_TileFeatures, ...]:
    return tuple(_TileFeatures(i, SPACE_KINDS.index(t.kind)) for i, t in enumerate(edition.tiles))


def _grid(edition: Edition) -> tuple[tuple[tuple[int, int], ...], tuple[int, int]]:
    """[space] -> (row, column) on the smallest grid holding the board; and (rows, columns)."""
    cells = [offset_cell(q, r) for q, r in edition.spaces]
    min_col = min(c for c, _ in cells)
    min_row = min(r for _, r in cells)
    placed = tuple((r - min_row, c - min_col) for c, r in cells)
    return placed, (max(r for r, _ in placed) + 1, max(c for _, c in placed) + 1)


def _figure(name: str) -> int:
    if name not in FIGURES:
        raise ValueError(f"no figure {name!r}")
    return FIGURES.index(name)


def _decode_walk(enc: TikalEncoding, offset: int) -> Action:
    figure_src, side = divmod(offset, SIDES)
    figure, src = divmod(figure_src, enc.spaces)
    return Walk(FIGURES[figure], src, enc.edition.neighbours[src][side])


def _decode_exchange(enc: TikalEncoding, offset: int) -> Action:
    give_other, take = divmod(offset, enc.kinds)
    give, other = divmod(give_other, enc.players)
    return Exchange(give, other, take)


def _decode_camp_move(enc: TikalEncoding, offset: int) -> Action:
    figure_src, dst = divmod(offset, enc.spaces)
    figure, src = divmod(figure_src, enc.spaces)
    return CampMove(FIGURES[figure], src, dst)


def _decode_deploy(enc: TikalEncoding, offset: int) -> Action:
    figure, dst = divmod(offset, enc.spaces)
    return Deploy(FIGURES[figure], dst)


#: Section kind -> (encoding, offset in the section) -> the action. A walk index whose side
#: has no neighbour decodes to a walk to space -1, which the engine refuses (never legal).
_DECODERS: dict[str, Callable[[TikalEncoding, int], Action]] = {
    "place_tile": lambda enc, o: PlaceTile(*divmod(o, SIDES)),
    "deploy": _decode_deploy,
    "camp_move": _decode_camp_move,
    "walk": _decode_walk,
    "excavate": lambda enc, o: Excavate(o),
    "recover": lambda enc, o: Recover(o),
    "exchange": _decode_exchange,
    "build_camp": lambda enc, o: BuildCamp(o),
    "place_guard": lambda enc, o: PlaceGuard(o),
    "end_turn": lambda enc, o: EndTurn(),
    "bid": lambda enc, o: Bid(o + 1),
    "pass": lambda enc, o: Pass(),
    "choose_tile": lambda enc, o: ChooseTile(enc.terrain_ids[o]),
}


@functools.lru_cache(maxsize=32)
def _cached(players: int, auction: bool) -> TikalEncoding:
    return TikalEncoding({"players": players, "auction": auction})


def encoding(options: Mapping[str, Any] | None = None) -> TikalEncoding:
    """The encoding of Tikal with `options` (the built-in edition's are made once)."""
    normal = TikalState.normalize_options(options)
    if normal["edition"] is None:
        return _cached(normal["players"], normal["auction"])
    return TikalEncoding(normal)
