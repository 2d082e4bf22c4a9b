"""Tikal's observation vector written straight from the state, for the research adapters.

`TikalEncoding.observation` makes the vector from a seat's view (`TikalState.view`, a JSON-ready
dict with one entry per placed tile and a copy of the scoring history): the documented form,
and the reference this one is tested against on every position of random games
(tests/tikal/test_tikal_state_observation.py). Building that dict and reading it back costs
several times the engine's own step, and learners ask for an observation at every step; here
the same numbers are gathered from the state's flat lists with a few numpy operations.

It reads only what every seat's view shows: the stack's size and the letter of its top tile
(never the order below), the number of face-down tokens on each tile (never their kinds), the
token supply's size. Every seat's view is the same in Tikal, so the seat only orders the
players (itself first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from meeple.games.tikal.components import SIDES
from meeple.games.tikal.layout import NO_SEAT, NO_TILE, OUT, STEPS, SUPPLY
from meeple.games.tikal.state import TikalState

if TYPE_CHECKING:
    from meeple.games.tikal.encoding import TikalEncoding

_Floats = npt.NDArray[np.float32]
_Ints = npt.NDArray[np.intp]


class StateObserver:
    """The tables of one encoding that turn a state's lists into the vector's offsets."""

    def __init__(self, enc: TikalEncoding) -> None:
        edition, at, n = enc.edition, {f.name: f.start for f in enc.fields}, enc.players
        self.at, self.n, self.kinds, self.plane = at, n, enc.kinds, enc.grid[0] * enc.grid[1]
        self.cell: _Ints = np.array(enc.space_cells, np.intp)
        #: the vector before anything is read: the board's spaces marked
        self.blank = np.zeros(enc.observation_shape, np.float32)
        self.blank[self.cell + at["space"]] = 1
        index = edition.index_of_id
        #: [tile] -> the tile a view names by its id (a user's terrain tile may share a
        #: printed tile's id, and then stands for it, as in the view)
        self.named: _Ints = np.array([index[t.id] for t in edition.tiles], np.intp)
        kinds = enc.tile_kinds  # [tile] -> its kind's plane
        self.kind_offset: _Ints = np.array(
            [at["tile_kind"] + kinds[t] * self.plane for t in self.named], np.intp
        )
        #: [tile][rotation][side] -> stones, by the tile the view names
        self.stones: _Floats = np.array(
            [edition.rotated_steps[t] for t in self.named], np.float32
        ).reshape(len(edition.tiles), SIDES, SIDES)
        self.sides: _Ints = at["stones"] + np.arange(SIDES, dtype=np.intp) * self.plane
        #: [viewer, or n for spectators][seat] -> the seat's row from the viewer
        self.ranks: _Ints = np.array(
            [[(s - v) % n for s in range(n)] for v in range(n)] + [list(range(n))], np.intp
        )
        self.letter = {letter: i for i, letter in enumerate(edition.letters)}
        self.tile_letter = edition.tile_letters
        self.steps = {step: i for i, step in enumerate(STEPS)}
        #: [tile] -> (the tile its id names, that tile's kind, stones and temple value)
        self.hand = [
            (int(t), kinds[t], edition.tiles[t].steps, edition.tiles[t].temple_value)
            for t in self.named
        ]

    def observe(self, state: TikalState, seat: int | None) -> _Floats:
        """The vector `TikalEncoding.observation(state.view(seat))` gives."""
        out = self.blank.copy()
        at, n, plane, cell = self.at, self.n, self.plane, self.cell
        rank = self.ranks[n if seat is None else seat]
        self._board(state, rank, out)
        for name, values in (
            ("score", state.score),
            ("supply", state.supply),
            ("out", state.out),
            ("moved", state.moved),
            ("passed", state.passed),
        ):
            out[at[name] + rank] = values
        leader = np.array(state.leader, np.intp)
        out[at["leader_waiting"] + rank] = leader == SUPPLY
        out[at["leader_out"] + rank] = leader == OUT
        on_board = leader >= 0
        out[at["leader"] + rank[on_board] * plane + cell[leader[on_board]]] = 1
        treasures = at["treasures"] + rank[:, None] * self.kinds + np.arange(self.kinds)
        out[treasures.reshape(-1)] = state.treasures
        for s in state.to_move():
            out[at["to_move"] + rank[s]] = 1
        for name, who in (
            ("high_bidder", state.high_bidder),
            ("first_passer", state.first_passer),
            ("volcano_drawer", state.volcano_drawer),
            ("last_mover", state.last_mover),
            ("last_placer", state.last_placer),
        ):
            if who != NO_SEAT:
                out[at[name] + rank[who]] = 1
        for name, counts in (
            ("excavated", state.turn_excavated),
            ("recovered", state.turn_recovered),
        ):
            for space, count in counts.items():
                out[at[name] + cell[space]] = count
        self._table(state, out)
        return out

    def _board(self, state: TikalState, rank: _Ints, out: _Floats) -> None:
        at, plane = self.at, self.plane
        tile_at = np.array(state.tile_at, np.intp)
        placed = np.flatnonzero(tile_at != NO_TILE)
        cells = self.cell[placed]
        out[self.kind_offset[tile_at[placed]] + cells] = 1
        rotation = np.array(state.rotation, np.intp)[placed]
        stones = self.stones[tile_at[placed], rotation]  # [placed][side]
        out[(self.sides[None, :] + cells[:, None]).reshape(-1)] = stones.reshape(-1)
        out[at["temple_value"] + cells] = np.array(state.temple_top, np.float32)[placed]
        for space, pile in state.tokens.items():
            if pile and state.tile_at[space] != NO_TILE:
                out[at["tokens"] + self.cell[space]] = len(pile)
        workers = np.array(state.workers, np.float32).reshape(-1, self.n)[placed]
        rows = at["workers"] + rank * plane  # [seat] -> the seat's plane
        out[(rows[None, :] + cells[:, None]).reshape(-1)] = workers.reshape(-1)
        for name, owners in (("camp", state.camp), ("guard", state.guard)):
            who = np.array(owners, np.intp)[placed]
            held = who != NO_SEAT
            out[at[name] + rank[who[held]] * plane + cells[held]] = 1

    def _table(self, state: TikalState, out: _Floats) -> None:
        at = self.at
        out[at["step"] + self.steps[state.step]] = 1
        out[at["ap"]] = state.ap
        out[at["high_bid"]] = state.high_bid
        if state.hand != NO_TILE:
            tile, kind, steps, temple_value = self.hand[state.hand]
            out[at["hand"] + tile] = 1
            out[at["hand_kind"] + kind] = 1
            out[at["hand_stones"] : at["hand_stones"] + SIDES] = steps
            out[at["hand_temple_value"]] = temple_value
        for name, tiles in (("revealed", state.revealed), ("discarded", state.discarded)):
            if tiles:
                np.add.at(out, at[name] + self.named[tiles], 1)
        out[at["stack_size"]] = len(state.stack)
        if state.stack:
            out[at["stack_letter"] + self.letter[self.tile_letter[state.stack[-1]]]] = 1
        out[at["token_supply"]] = len(state.token_supply)
        levels = at["temple_levels"]
        out[levels : levels + len(state.levels)] = state.levels
        out[at["scoring"]] = bool(state.scoring_queue) or state.volcano_drawer >= 0
        out[at["scoring"] + 1] = state.scoring_final
