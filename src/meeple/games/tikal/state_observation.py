"""Tikal's observation vector written from the state, incrementally, for the research adapters.

`TikalEncoding.observation` makes the vector from a seat's view (`TikalState.view`, a JSON-ready
dict with one entry per placed tile and a copy of the scoring history): the documented form,
and the reference this one is tested against at every position of random games
(tests/tikal/test_tikal_state_observation.py). Building that dict and reading it back costs
several times the engine's own step, and learners ask for an observation at every step.

An `Observation` keeps, for each viewer, the vector it gave last and, for each part of the
board planes, the state's lists that part was written from. A step changes few of them (a walk
moves workers; a placement adds a tile), so it compares the lists (at C speed) and rewrites
only the parts whose lists changed; the players' rows and the table's fields after the planes
are small and rewritten every time, from one Python list. The comparisons are by value against
copies, so any state may be observed in any order (clones, other games): only the work done
depends on what came before, never the vector.

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
        #: the planes that do not depend on the viewer (from, to): every viewer's copy
        shared = {
            "space",
            "tile_kind",
            "stones",
            "temple_value",
            "tokens",
            "excavated",
            "recovered",
        }
        ends = [f.start for f in enc.fields] + [size]
        spans = [(f.start, ends[i + 1]) for i, f in enumerate(enc.fields) if f.name in shared]
        merged: list[tuple[int, int]] = []
        for start, stop in spans:
            if merged and merged[-1][1] == start:
                merged[-1] = (merged[-1][0], stop)
            else:
                merged.append((start, stop))
        self.shared = tuple(merged)
        #: the fields after the board planes, rewritten at every observation
        self.tail = at["score"]
        self.blank_tail = array.array("f", bytes(4 * (size - self.tail)))
        #: field -> its first number counted from `tail`
        self.tail_at = {name: start - self.tail for name, start in at.items() if start >= self.tail}


class _Seen:
    """One viewer's last vector, and the lists each board part was last written from."""

    __slots__ = ("keys", "out", "where")

    def __init__(self, blank: array.array[float]) -> None:
        self.out = blank[:]
        self.keys: dict[str, tuple[Any, ...]] = {}
        self.where: dict[str, list[int]] = {}


class Observation:
    """Observations of one encoding, each viewer's kept to write the next one's changes only.
    One per adapter (an environment, an OpenSpiel observer): not shared between threads.

    The vectors are kept as `array.array` of C floats, written item by item (a numpy item or
    fancy-index write costs several times as much for the few dozen numbers a step changes),
    and handed out as a numpy copy of that memory."""

    def __init__(self, tables: Tables) -> None:
        self.t = tables
        self._seen: dict[int, _Seen] = {}
        #: The parts that do not depend on the viewer, written once for all viewers into
        #: `_shared`, whose planes each viewer's vector copies (`Tables.shared`).
        self._shared = _Seen(tables.blank)
        self._shared_parts: tuple[_Writer, ...] = (
            ("tiles", self._tiles),
            ("temples", self._temples),
            ("tokens", self._tokens),
            ("turn", self._turn),
        )
        self._parts: tuple[_Writer, ...] = (
            ("workers", self._workers),
            ("camps", self._camps),
            ("leaders", self._leaders),
        )

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (Observation, (self.t,))

    def observe(self, state: TikalState, seat: int | None) -> _Floats:
        """The vector `TikalEncoding.observation(state.view(seat))` gives (a new array)."""
        t = self.t
        viewer = t.n if seat is None else seat
        seen = self._seen.get(viewer)
        if seen is None:
            seen = self._seen[viewer] = _Seen(t.blank)
        rank = t.ranks[viewer]
        _write(self._shared, self._shared_parts, state, rank)
        _write(seen, self._parts, state, rank)
        out, shared = seen.out, self._shared.out
        for start, stop in t.shared:
            out[start:stop] = shared[start:stop]
        out[t.tail :] = self._tail(state, rank)
        return np.frombuffer(out, np.float32).copy()

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

    def _tail(self, s: TikalState, rank: tuple[int, ...]) -> array.array[float]:
        """The fields after the board planes: the players' rows, then the table's."""
        t = self.t
        out = t.blank_tail[:]
        at, kinds = t.tail_at, t.kinds
        score, supply, out_, moved = at["score"], at["supply"], at["out"], at["moved"]
        passed, waiting, gone = at["passed"], at["leader_waiting"], at["leader_out"]
        treasures = at["treasures"]
        leaders, counts = s.leader, s.treasures
        for seat, r in enumerate(rank):
            out[score + r] = s.score[seat]
            out[supply + r] = s.supply[seat]
            out[out_ + r] = s.out[seat]
            out[moved + r] = s.moved[seat]
            out[passed + r] = s.passed[seat]
            leader = leaders[seat]
            out[waiting + r] = leader == SUPPLY
            out[gone + r] = leader == OUT
            first = treasures + r * kinds
            out[first : first + kinds] = array.array("f", counts[seat * kinds : (seat + 1) * kinds])
        for seat in s.to_move():
            out[at["to_move"] + rank[seat]] = 1
        for name, who in (
            ("high_bidder", s.high_bidder),
            ("first_passer", s.first_passer),
            ("volcano_drawer", s.volcano_drawer),
            ("last_mover", s.last_mover),
            ("last_placer", s.last_placer),
        ):
            if who != NO_SEAT:
                out[at[name] + rank[who]] = 1
        out[at["step"] + t.step[s.step]] = 1
        out[at["ap"]] = s.ap
        out[at["high_bid"]] = s.high_bid
        if s.hand != NO_TILE:
            tile, kind, steps, temple_value = t.hand[s.hand]
            out[at["hand"] + tile] = 1
            out[at["hand_kind"] + kind] = 1
            for side, count in enumerate(steps):
                out[at["hand_stones"] + side] = count
            out[at["hand_temple_value"]] = temple_value
        for name, tiles in (("revealed", s.revealed), ("discarded", s.discarded)):
            for tile in tiles:
                out[at[name] + t.named[tile]] += 1
        out[at["stack_size"]] = len(s.stack)
        if s.stack:
            out[at["stack_letter"] + t.letter[t.tile_letter[s.stack[-1]]]] = 1
        out[at["token_supply"]] = len(s.token_supply)
        levels = at["temple_levels"]
        for i, count in enumerate(s.levels):
            out[levels + i] = count
        out[at["scoring"]] = bool(s.scoring_queue) or s.volcano_drawer >= 0
        out[at["scoring"] + 1] = s.scoring_final
        return out


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
}
