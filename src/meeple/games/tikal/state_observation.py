"""Tikal's observation vector written from the state, incrementally, for the research adapters.

`TikalEncoding.observation` makes the vector from a seat's view (`TikalState.view`, a JSON-ready
dict with one entry per placed tile and a copy of the scoring history): the documented form,
and the reference this one is tested against at every position of random games
(tests/tikal/test_tikal_state_observation.py). Building that dict and reading it back costs
several times the engine's own step, and learners ask for an observation at every step.

An `Observation` keeps one vector as the spectators see it (seat 0's planes and rows first)
and, for each of its parts, the state's lists that part was written from. A step changes few of
them (a walk moves workers; a placement adds a tile), so it compares the lists (at C speed) and
rewrites only the parts whose lists changed. A seat's vector is a copy of it with each field
that has a plane or a number per player rotated to start at the seat's own (slices of C
floats), then the fields that change at almost every step (the seats to move, the action
points, the step) written in. The comparisons are by value against copies, so any state may be
observed in any order (clones, other games): only the work done depends on what came before,
never the vector.

It reads only what every seat's view shows: the stack's size and the letter of its top tile
(never the order below), the number of face-down tokens on each tile (never their kinds), the
token supply's size. Every seat's view is the same in Tikal, so the seat only orders the
players (itself first).
"""

from __future__ import annotations

import array
import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from meeple.games.tikal.layout import NO_SEAT, NO_TILE, OUT, STEPS, SUPPLY
from meeple.games.tikal.state import TikalState

if TYPE_CHECKING:
    from meeple.games.tikal.encoding import TikalEncoding

_Floats = npt.NDArray[np.float32]
#: A part of the board planes: (flat indexes, their numbers)
_Part = tuple[list[int], list[float]]
#: A part's name and its writer
_Writer = tuple[str, "Callable[[TikalState, tuple[int, ...]], _Part]"]


class Tables:
    """What one encoding's observations share: the offsets of its fields, by tile and seat."""

    def __init__(self, enc: TikalEncoding) -> None:
        edition, at, n = enc.edition, {f.name: f.start for f in enc.fields}, enc.players
        self.at, self.n, self.kinds, self.plane = at, n, enc.kinds, enc.grid[0] * enc.grid[1]
        self.cell: tuple[int, ...] = enc.space_cells
        size = enc.observation_shape[0]
        #: the vector before anything is read: the board's spaces marked
        self.blank = array.array("f", bytes(4 * size))
        for c in self.cell:
            self.blank[at["space"] + c] = 1.0
        index = edition.index_of_id
        #: [tile] -> the tile a view names by its id (a user's terrain tile may share a
        #: printed tile's id, and then stands for it, as in the view)
        named = [index[t.id] for t in edition.tiles]
        kinds = enc.tile_kinds
        self.kind_plane = tuple(at["tile_kind"] + kinds[t] * self.plane for t in named)
        #: [tile][rotation] -> ((the side's plane, stones), ...) for the sides with stones
        self.stones = tuple(
            tuple(
                tuple((at["stones"] + side * self.plane, c) for side, c in enumerate(s) if c)
                for s in edition.rotated_steps[t]
            )
            for t in named
        )
        #: [viewer, or n for spectators][seat] -> the seat's row from the viewer
        self.ranks = tuple(
            tuple((s - v) % n if v < n else s for s in range(n)) for v in range(n + 1)
        )
        self.letter = {letter: i for i, letter in enumerate(edition.letters)}
        self.tile_letter = edition.tile_letters
        self.named = named
        self.step = {step: i for i, step in enumerate(STEPS)}
        self.hand = [
            (t, kinds[t], edition.tiles[t].steps, edition.tiles[t].temple_value) for t in named
        ]
        #: the fields with a plane per player, rank 0 (the viewer's) first, and the plane's
        #: size: the board's planes, then the rows of numbers per player in the parts
        #: written as the spectators see them (`_players`)
        plane = self.plane
        self.seat_fields = tuple(
            (at[name], size)
            for name, size in (
                ("camp", plane),
                ("guard", plane),
                ("leader", plane),
                ("workers", plane),
                ("score", 1),
                ("supply", 1),
                ("out", 1),
                ("leader_waiting", 1),
                ("leader_out", 1),
                ("treasures", enc.kinds),
            )
        )


class _Seen:
    """The last vector as the spectators see it, and the lists each part was written from."""

    __slots__ = ("keys", "out", "where")

    def __init__(self, blank: array.array[float]) -> None:
        self.out = blank[:]
        self.keys: dict[str, tuple[Any, ...]] = {}
        self.where: dict[str, list[int]] = {}


class Observation:
    """Observations of one encoding, the last kept to write the next one's changes only.
    One per adapter (an environment, an OpenSpiel observer): not shared between threads.

    The vector is kept as an `array.array` of C floats, written item by item (a numpy item or
    fancy-index write costs several times as much for the few dozen numbers a step changes);
    each observation is a copy of it handed out as a numpy array of that memory."""

    def __init__(self, tables: Tables) -> None:
        self.t = tables
        #: The board planes as the spectators see them (seat 0's planes first), kept to
        #: rewrite only the parts whose lists changed; a seat's vector is a copy with the
        #: players' planes rotated to start at its own (`Tables.seat_fields`).
        self._board = _Seen(tables.blank)
        self._parts: tuple[_Writer, ...] = (
            ("tiles", self._tiles),
            ("temples", self._temples),
            ("tokens", self._tokens),
            ("turn", self._turn),
            ("workers", self._workers),
            ("camps", self._camps),
            ("leaders", self._leaders),
            ("players", self._players),
            ("table", self._table),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (Observation, (self.t,))

    def observe(self, state: TikalState, seat: int | None) -> _Floats:
        """The vector `TikalEncoding.observation(state.view(seat))` gives (a new array)."""
        t = self.t
        n = t.n
        _write(self._board, self._parts, state, t.ranks[n])
        board = self._board.out
        out = board[:]
        if seat:  # a seat but 0: rank r shows seat (r + seat) % n
            for first, size in t.seat_fields:
                cut, end = first + seat * size, first + n * size
                out[first : end - cut + first] = board[cut:end]
                out[end - cut + first : end] = board[first:cut]
        self._turn_fields(out, state, seat)
        return np.frombuffer(out, np.float32)

    def _tiles(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        t = self.t
        cell, kind_plane, stones = t.cell, t.kind_plane, t.stones
        where: list[int] = []
        values: list[float] = []
        for space, tile in enumerate(s.tile_at):
            if tile == NO_TILE:
                continue
            c = cell[space]
            where.append(kind_plane[tile] + c)
            values.append(1)
            for plane, count in stones[tile][s.rotation[space]]:
                where.append(plane + c)
                values.append(count)
        return where, values

    def _temples(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        first, cell, tile_at = self.t.at["temple_value"], self.t.cell, s.tile_at
        where: list[int] = []
        values: list[float] = []
        for space, value in enumerate(s.temple_top):
            if value and tile_at[space] != NO_TILE:
                where.append(first + cell[space])
                values.append(value)
        return where, values

    def _tokens(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        first, cell, tile_at = self.t.at["tokens"], self.t.cell, s.tile_at
        where: list[int] = []
        values: list[float] = []
        for space, pile in s.tokens.items():
            if pile and tile_at[space] != NO_TILE:
                where.append(first + cell[space])
                values.append(len(pile))
        return where, values

    def _workers(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        t = self.t
        n, plane, cell, tile_at = t.n, t.plane, t.cell, s.tile_at
        rows = [t.at["workers"] + r * plane for r in rank]
        where: list[int] = []
        values: list[float] = []
        workers = s.workers
        for slot in itertools.compress(range(len(workers)), workers):  # the counts not 0
            space, seat = divmod(slot, n)
            if tile_at[space] != NO_TILE:
                where.append(rows[seat] + cell[space])
                values.append(workers[slot])
        return where, values

    def _camps(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        t = self.t
        plane, cell, tile_at = t.plane, t.cell, s.tile_at
        where: list[int] = []
        for name, owners in (("camp", s.camp), ("guard", s.guard)):
            first = t.at[name]
            for space, who in enumerate(owners):
                if who != NO_SEAT and tile_at[space] != NO_TILE:
                    where.append(first + rank[who] * plane + cell[space])
        return where, [1.0] * len(where)

    def _leaders(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        t = self.t
        first, plane, cell = t.at["leader"], t.plane, t.cell
        where = [
            first + rank[seat] * plane + cell[space]
            for seat, space in enumerate(s.leader)
            if space >= 0
        ]
        return where, [1.0] * len(where)

    def _turn(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        at, cell = self.t.at, self.t.cell
        where: list[int] = []
        values: list[float] = []
        for name, counts in (("excavated", s.turn_excavated), ("recovered", s.turn_recovered)):
            for space, count in counts.items():
                where.append(at[name] + cell[space])
                values.append(count)
        return where, values

    def _players(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        """The players' rows that change now and then: score, workers in supply and out,
        the leader's place, treasures."""
        t = self.t
        at, kinds = t.at, t.kinds
        where: list[int] = []
        values: list[float] = []
        for name, numbers in (("score", s.score), ("supply", s.supply), ("out", s.out)):
            first = at[name]
            for seat, r in enumerate(rank):
                where.append(first + r)
                values.append(numbers[seat])
        waiting, gone, treasures = at["leader_waiting"], at["leader_out"], at["treasures"]
        for seat, r in enumerate(rank):
            leader = s.leader[seat]
            where += (waiting + r, gone + r)
            values += (leader == SUPPLY, leader == OUT)
            first = treasures + r * kinds
            where += range(first, first + kinds)
            values += s.treasures[seat * kinds : (seat + 1) * kinds]
        return where, values

    def _table(self, s: TikalState, rank: tuple[int, ...]) -> _Part:
        """The table's fields that change now and then: the tile in hand, the tiles
        revealed and discarded, the stack, the token supply, the temples' levels, scoring."""
        t = self.t
        at = t.at
        where: list[int] = []
        values: list[float] = []
        if s.hand != NO_TILE:
            tile, kind, steps, temple_value = t.hand[s.hand]
            where += (at["hand"] + tile, at["hand_kind"] + kind, at["hand_temple_value"])
            values += (1, 1, temple_value)
            where += range(at["hand_stones"], at["hand_stones"] + len(steps))
            values += steps
        for name, tiles in (("revealed", s.revealed), ("discarded", s.discarded)):
            first = at[name]
            for tile in tiles:
                index = first + t.named[tile]
                if index in where:
                    values[where.index(index)] += 1
                else:
                    where.append(index)
                    values.append(1)
        where.append(at["stack_size"])
        values.append(len(s.stack))
        if s.stack:
            where.append(at["stack_letter"] + t.letter[t.tile_letter[s.stack[-1]]])
            values.append(1)
        where.append(at["token_supply"])
        values.append(len(s.token_supply))
        where += range(at["temple_levels"], at["temple_levels"] + len(s.levels))
        values += s.levels
        where += (at["scoring"], at["scoring"] + 1)
        values += (bool(s.scoring_queue) or s.volcano_drawer >= 0, s.scoring_final)
        return where, values

    def _turn_fields(self, out: array.array[float], s: TikalState, seat: int | None) -> None:
        """The fields that change at almost every step, written into the viewer's vector:
        the seats to move, that moved, that passed, the seats of the bid and the last moves
        (counted from the viewer), the step, the action points, the high bid."""
        t = self.t
        at, rank = t.at, t.ranks[t.n if seat is None else seat]
        first = at["to_move"]
        for mover in s.to_move():
            out[first + rank[mover]] = 1
        moved, passed = at["moved"], at["passed"]
        for seat_, r in enumerate(rank):
            out[moved + r] = s.moved[seat_]
            out[passed + r] = s.passed[seat_]
        for first, who in (
            (at["high_bidder"], s.high_bidder),
            (at["first_passer"], s.first_passer),
            (at["volcano_drawer"], s.volcano_drawer),
            (at["last_mover"], s.last_mover),
            (at["last_placer"], s.last_placer),
        ):
            if who != NO_SEAT:
                out[first + rank[who]] = 1
        out[at["step"] + t.step[s.step]] = 1
        out[at["ap"]] = s.ap
        out[at["high_bid"]] = s.high_bid


def _write(
    seen: _Seen, parts: tuple[_Writer, ...], state: TikalState, rank: tuple[int, ...]
) -> None:
    """Rewrite in `seen` the parts whose lists changed since it was written."""
    out, keys, wheres = seen.out, seen.keys, seen.where
    for name, part in parts:
        key = _KEYS[name](state)
        if keys.get(name) == key:
            continue
        for i in wheres.get(name, ()):
            out[i] = 0.0
        where, values = part(state, rank)
        for i, value in zip(where, values, strict=True):
            out[i] = value
        keys[name], wheres[name] = _copy(key), where


def _copy(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """A key kept: copies of its lists and dicts (the state goes on changing them)."""
    return tuple(part.copy() for part in key)


#: Part -> the state's lists and dicts it is written from (compared as they are, copied
#: only when kept).
_KEYS: dict[str, Callable[[TikalState], tuple[Any, ...]]] = {
    "tiles": lambda s: (s.tile_at, s.rotation),
    "temples": lambda s: (s.tile_at, s.temple_top),
    "tokens": lambda s: (s.tile_at, {space: len(pile) for space, pile in s.tokens.items()}),
    "workers": lambda s: (s.tile_at, s.workers),
    "camps": lambda s: (s.tile_at, s.camp, s.guard),
    "leaders": lambda s: (s.leader,),
    "turn": lambda s: (s.turn_excavated, s.turn_recovered),
    "players": lambda s: (s.score, s.supply, s.out, s.leader, s.treasures),
    "table": lambda s: (
        [s.hand, len(s.stack), s.stack[-1] if s.stack else NO_TILE, len(s.token_supply)],
        s.revealed,
        s.discarded,
        s.levels,
        [bool(s.scoring_queue), s.volcano_drawer, s.scoring_final],
    ),
}
