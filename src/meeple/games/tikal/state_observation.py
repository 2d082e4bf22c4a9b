"""Tikal's observation vector written from the state, incrementally, for the research adapters.

`TikalEncoding.observation` makes the vector from a seat's view (`TikalState.view`, a JSON-ready
dict with one entry per placed tile and a copy of the scoring history): the documented form,
and the reference this one is tested against at every position of random games
(tests/tikal/test_tikal_state_observation.py). Building that dict and reading it back costs
several times the engine's own step, and learners ask for an observation at every step.

An `Observation` keeps one vector, as the seat it last observed for sees it (each per-player
plane and row starts at that seat's own), and a copy of each of the state's values it was
written from. A step changes few of them (a walk moves two worker counts, the action points and
the last mover), so each observation reads the values (`_read`, each by name), finds the
changed ones and rewrites only what they feed: on the board, the spaces whose numbers changed,
each written from scratch and stored where it differs; off the board, the rows and one-hots of
the changed values, whole. The observation handed out is a copy of that vector; another seat's
is one numpy `take` of it (a permutation of the per-player planes and rows), kept as the vector
from then on. The comparisons are by value against copies, so any state may be observed in any
order (clones, other games): only the work depends on what came before, never the vector.

No step needs a comparison of the whole state. The state says what its last step changed
(`meeple.engine.stamps`): `TikalState.applied` holds its stamp before the step and the action's
type, which may change only the fields `TikalState.CHANGES` names for it, and the two commonest
steps say more: a figure's move (a deployment, a walk, a secret path: most of a game's steps)
names the worker slots it changed (`figure_moved`), a placement its space (`tile_placed`). So
when an observation's last state had the stamp before, only those values are read and compared.
A re-deal of what no seat sees (`TikalState.redeal_unknown`, the adapters' chance) keeps the
stamp: nothing read here changes with it. That trusts the state to change only through its
methods (an edit of its fields by hand takes no new stamp); a state observed after another
(another game, a state long after) is compared whole as above.

It reads only what every seat's view shows: the stack's size and the letter of its top tile
(never the order below), the number of face-down tokens on each tile (never their kinds), the
token supply's size. Every seat's view is the same in Tikal, so the seat only orders the
players (itself first).
"""

from __future__ import annotations

import array
import operator
from collections.abc import Callable, Iterable
from collections.abc import Set as AbstractSet
from itertools import compress
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np
import numpy.typing as npt

from meeple.engine.encoding import NEVER as _NEVER
from meeple.games.tikal.layout import NO_SEAT, NO_TILE, OUT, STEPS, SUPPLY
from meeple.games.tikal.placement import PLACEMENT_CHANGES
from meeple.games.tikal.state import CHANGES, TikalState

if TYPE_CHECKING:
    from meeple.games.tikal.encoding import TikalEncoding

_Floats = npt.NDArray[np.float32]

#: The state's values an observation reads as they are, in the order `_read` gives them; the
#: values made from the state follow (`_MADE`).
_PLAIN = (
    "tile_at",
    "rotation",
    "temple_top",
    "workers",
    "camp",
    "guard",
    "leader",
    "turn_excavated",
    "turn_recovered",
    "score",
    "supply",
    "out",
    "treasures",
    "moved",
    "passed",
    "high_bidder",
    "first_passer",
    "volcano_drawer",
    "last_mover",
    "last_placer",
    "step",
    "ap",
    "high_bid",
    "hand",
    "revealed",
    "discarded",
    "levels",
    "scoring_final",
)
_MADE = ("tokens", "to_move", "stack_size", "stack_top", "token_supply", "scoring_queue")
#: The module's tables are `Final`: the compiled build keeps them as C values instead of
#: looking each name up in the module at every use (1,000 instructions an observation).
_AT: Final = {name: i for i, name in enumerate(_PLAIN + _MADE)}
#: The values of the board's spaces, by the space (`workers` by the seat's slot, `tokens` a
#: dict of counts by space).
_SPATIAL = ("tile_at", "rotation", "temple_top", "workers", "camp", "guard", "tokens")
#: The per-player fields, each a plane (or a row, or a group of numbers) per player.
_PER_PLAYER = (
    "camp",
    "guard",
    "leader",
    "workers",
    "score",
    "supply",
    "out",
    "leader_waiting",
    "leader_out",
    "treasures",
    "to_move",
    "moved",
    "passed",
    "high_bidder",
    "first_passer",
    "volcano_drawer",
    "last_mover",
    "last_placer",
)
_WHO = ("high_bidder", "first_passer", "volcano_drawer", "last_mover", "last_placer")


class Tables:
    """What one encoding's observations share: the offsets of its fields, by tile and seat."""

    def __init__(self, enc: TikalEncoding) -> None:
        #: the encoding these are of (what an observation pickles as: `Observation.__reduce__`)
        self.encoding: object = enc
        edition, at, n = enc.edition, {f.name: f.start for f in enc.fields}, enc.players
        self.at, self.n, self.plane = at, n, enc.grid[0] * enc.grid[1]
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
        #: [seat] -> the first number of the seat's plane of workers, camps, guards, leader
        self.workers = tuple(at["workers"] + s * self.plane for s in range(n))
        self.camps = tuple(at["camp"] + s * self.plane for s in range(n))
        self.guards = tuple(at["guard"] + s * self.plane for s in range(n))
        #: the first number of the temples' values and of the tokens' counts
        self.temple_value, self.tokens = at["temple_value"], at["tokens"]
        self.leaders = tuple(at["leader"] + s * self.plane for s in range(n))
        self.letter = {letter: i for i, letter in enumerate(edition.letters)}
        self.named = named
        self.step = {step: i for i, step in enumerate(STEPS)}
        #: [tile] -> (its tile in the view, kind, stones on each side, temple's value)
        self.hand = [
            (
                t,
                kinds[t],
                array.array("f", edition.tiles[t].steps),
                edition.tiles[t].temple_value,
            )
            for t in named
        ]
        #: [field] -> its number of numbers
        self.size = {f.name: f.size for f in enc.fields}
        #: [seat] -> the seat's vector's index of each number of the spectators';
        #: [seat][other seat] -> the other's vector's index of each number of the seat's
        #: (numpy's `take` of the other's vector gives the seat's)
        self.where, turn = _seat_maps(n, size, at, self.size)
        #: The part of the vector a turn to another seat moves (from the first per-player
        #: plane to the last per-player row: half of it), and [seat][other seat] -> `turn`
        #: within it: the rest stays where it is, and numpy's `take` costs by the number.
        self.turned_part, self.turn = _within_moved(turn, size)


def _seat_maps(
    n: int, size: int, at: dict[str, int], sizes: dict[str, int]
) -> tuple[list[list[int]], list[list[npt.NDArray[np.intp]]]]:
    """`Tables.where` and `Tables.turn`, from each seat's order of the spectators' numbers
    (seat 0's vector is the spectators'): each per-player plane and row starts at the seat's
    own."""
    order = [np.arange(size, dtype=np.intp) for _ in range(n)]
    for viewer in range(1, n):
        for name in _PER_PLAYER:
            first, each = at[name], sizes[name] // n
            rows = order[viewer][first : first + n * each].reshape(n, each)
            rows[:] = np.roll(rows, -viewer, axis=0)
    where = [np.argsort(o) for o in order]
    return [w.tolist() for w in where], [[w[o] for w in where] for o in order]


def _within_moved(
    turn: list[list[npt.NDArray[np.intp]]], size: int
) -> tuple[tuple[int, int], list[list[npt.NDArray[np.intp]]]]:
    """The part of the vector that `turn`'s permutations move (from its first number moved
    to its last), and each permutation within that part."""
    moved = [int(i) for o in turn for p in o for i in np.flatnonzero(p != np.arange(size))]
    first, end = (min(moved), max(moved) + 1) if moved else (0, 0)
    return (first, end), [[p[first:end] - first for p in o] for o in turn]


class Observation:
    """Observations of one encoding, the last kept to write the next one's changes only.
    One per adapter (an environment, an OpenSpiel observer): not shared between threads.

    The vector is kept as an `array.array` of C floats, written item by item through a
    `memoryview` (a numpy item or fancy-index write costs several times as much for the few
    numbers a step changes), and seen through numpy (`_seen`, the same memory) to hand out each
    observation as a copy. It is kept as the last seat observed sees it: a learner's
    observations come mostly from the seat to act, the same for several steps in a row, and
    numpy's `take` of its per-player part, which turns it to another seat's, costs several
    times its copy. So the numbers are named by their place in the spectators' vector, and
    written at their place in the kept seat's (`_where`)."""

    def __init__(self, tables: Tables) -> None:
        self.t = tables
        #: The kept seat's vector (C floats, written through a `memoryview`: an
        #: `array.array` item parses each number it is given with a format string, about
        #: twice the cost), and numpy's array of its memory.
        floats = tables.blank[:]
        self._board = cast("memoryview[float]", memoryview(floats))
        self._seen = np.frombuffer(floats, np.float32)
        #: The kept seat (spectators see seat 0's vector), and its `Tables.where`.
        self._viewer = 0
        self._where = tables.where[0]
        #: Copies of the values `_board` was written from (`_read`'s order).
        self._kept: list[Any] = [_NEVER] * len(_AT)
        #: [space] -> the board's numbers written for it (index -> number)
        self._spaces: list[dict[int, float]] = [{} for _ in tables.cell]
        #: Each seat's leader's space as last written (`_NEVER`: not yet), the numbers last
        #: written for this turn's excavations, and the 1 of each one-hot (the field's first
        #: number -> its 1's), to clear before the next are written.
        self._leaders: list[Any] = [_NEVER] * tables.n
        self._turn: list[int] = []
        self._hot: dict[int, int] = {}
        self._writers = _writers(self)
        #: The stamp of the state last observed (0: none yet; `meeple.engine.stamps`).
        self._stamp = 0

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its encoding, without what it kept: that only saves
        work (and the compiled build's classes pickle no other way)."""
        return (_observer_of, (self.t.encoding,))

    def observe(self, state: TikalState, seat: int | None) -> _Floats:
        """The vector `TikalEncoding.observation(state.view(seat))` gives (a new array)."""
        stamp = state.stamp
        if stamp != self._stamp:
            applied = state.applied
            if applied is None or applied[0] != self._stamp:
                self._write_changes(state)
            elif (moved := state.figure_moved) is not None:
                self._write_move(state, moved[1])
            elif (placed := state.tile_placed) is not None:
                self._write_placement(state, placed[1])
            else:
                self._write_declared(state, _DECLARED[applied[1]])
            self._stamp = stamp
        viewer = 0 if seat is None else seat  # the spectators see seat 0's vector
        return self._seen.copy() if viewer == self._viewer else self._turn_to(viewer)

    def _turn_to(self, seat: int) -> _Floats:
        """Turn the kept vector to `seat`'s; a copy of it. A seat the table has not is refused
        before anything is turned (-1 would read as the last seat's)."""
        if not 0 <= seat < self.t.n:
            raise ValueError(f"no seat {seat!r} to observe at a table of {self.t.n}")
        first, end = self.t.turned_part
        part = self._seen[first:end]
        part[:] = part.take(self.t.turn[seat][self._viewer])
        self._viewer, self._where = seat, self.t.where[seat]
        return self._seen.copy()

    def _write_move(self, state: TikalState, slots: tuple[int, ...]) -> None:
        """Write what a figure's move changed in the state last observed: the worker `slots`
        it names, and of the leaders, the supplies and the action points (`_LEADER`,
        `_SUPPLY`, `_AP`) those that differ. The three are read and compared one by one (a
        tuple of them, as `operator.attrgetter` gives, and a `zip` over it cost about a
        third of a move's observation, compiled)."""
        kept, feeds = self._kept, self._writers
        if slots:
            workers, now = kept[_WORKERS], state.workers
            for slot in slots:
                workers[slot] = now[slot]
            self._write_workers(slots, _NO_SPACES, kept)
        leader = state.leader
        if leader != kept[_LEADER]:
            kept[_LEADER] = leader.copy()
            for writer in feeds[_LEADER]:
                writer(kept)
        supply = state.supply
        if supply != kept[_SUPPLY]:
            kept[_SUPPLY] = supply.copy()
            for writer in feeds[_SUPPLY]:
                writer(kept)
        ap = state.ap
        if ap != kept[_AP]:
            kept[_AP] = ap
            for writer in feeds[_AP]:
                writer(kept)

    def _write_placement(self, state: TikalState, space: int) -> None:
        """Write what a placement changed in the state last observed: the placed `space`
        whole, and of `PLACEMENT_CHANGES` those that differ."""
        kept = self._kept
        kept[_TILE_AT][space] = state.tile_at[space]
        kept[_ROTATION][space] = state.rotation[space]
        kept[_TEMPLE_TOP][space] = state.temple_top[space]
        kept[_TOKENS] = _read_tokens(state)
        self._write_spaces({space}, kept)
        values = _read_plain(state)
        values.extend(kept[len(_PLAIN) :])
        values[_TOKEN_SUPPLY] = len(state.token_supply)
        self._write_found(values, [i for i in _PLACED_AT if values[i] != kept[i]])

    def _write_changes(self, state: TikalState) -> None:
        """Compare the values the vector is written from with those last written, and write
        what changed."""
        values, kept = _read(state), self._kept
        # each value compared once (no comparison of the whole lists first: after a step
        # they differ, and it would compare the big lists that come first twice)
        self._write_found(values, [i for i in _ALL if values[i] != kept[i]])

    def _write_declared(self, state: TikalState, declared: _Declared) -> None:
        """Write what a step changed in the state last observed, comparing only the values
        its type of action may change (`TikalState.CHANGES`). The state's plain values are
        all read (the others are as kept, by the declaration), the values made from it
        only where declared."""
        kept = self._kept
        values = _read_plain(state)
        values.extend(kept[len(_PLAIN) :])
        for i, make in declared.made:
            values[i] = make(state)
        # `is not` first: the small ints and the steps kept are the state's own objects
        self._write_found(
            values,
            [i for i in declared.positions if values[i] is not kept[i] and values[i] != kept[i]],
        )

    def _write_found(self, values: list[Any], changed: list[int]) -> None:
        """Write the values of `changed` (`_read`'s positions), which differ from those kept
        (`values`, in `_read`'s order, holds the others as kept)."""
        if not changed:
            return
        t, feeds, kept = self.t, self._writers, self._kept
        spaces: set[int] = set()
        slots: Iterable[int] = ()
        # a list: a writer that feeds two changed values (the scoring's) is seldom asked twice
        writers: list[Callable[[list[Any]], None]] = []
        for i in changed:
            value, before = values[i], kept[i]
            kept[i] = value.copy() if type(value) in _COPIED else value
            if i == _WORKERS and before is not _NEVER and len(value) == len(before):
                # `is not`: the counts are small ints, each one object, so this finds
                # what `!=` finds (or more, rewritten alike) at a third of the cost
                slots = compress(range(len(value)), map(operator.is_not, value, before))
            elif i in _SPATIAL_AT:
                spaces.update(_changed_spaces(i, value, before, t))
            else:
                for writer in feeds[i]:
                    if writer not in writers:
                        writers.append(writer)
        if spaces:
            self._write_spaces(spaces, values)
        self._write_workers(slots, spaces, values)
        for writer in writers:
            writer(values)

    def _write_spaces(self, spaces: set[int], values: list[Any]) -> None:
        """Rewrite each space's numbers, storing only those that differ."""
        t, board, written, where = self.t, self._board, self._spaces, self._where
        # typed, so that the compiled build reads the lists' items as ints
        tile_at: list[int] = values[_TILE_AT]
        rotation: list[int] = values[_ROTATION]
        temples: list[int] = values[_TEMPLE_TOP]
        workers: list[int] = values[_WORKERS]
        camp: list[int] = values[_CAMP]
        guard: list[int] = values[_GUARD]
        piles: tuple[tuple[int, ...], tuple[int, ...]] = values[_TOKENS]
        # a few spaces (a placement, an excavation) find their tokens in the pair as it is
        tokens = _counts(piles) if len(spaces) > _FEW_SPACES else None
        piled, counts = piles
        n, cell, temple_at, tokens_at = t.n, t.cell, t.temple_value, t.tokens
        firsts = t.workers
        for space in spaces:
            numbers: dict[int, Any] = {}
            tile = tile_at[space]
            if tile != NO_TILE:
                c = cell[space]
                numbers[t.kind_plane[tile] + c] = 1
                for plane, count in t.stones[tile][rotation[space]]:
                    numbers[plane + c] = count
                if temples[space]:
                    numbers[temple_at + c] = temples[space]
                if tokens is not None:
                    if tokens.get(space):
                        numbers[tokens_at + c] = tokens[space]
                elif space in piled:
                    numbers[tokens_at + c] = counts[piled.index(space)]
                first = space * n
                for seat in range(n):
                    count = workers[first + seat]
                    if count:
                        numbers[firsts[seat] + c] = count
                if camp[space] != NO_SEAT:
                    numbers[t.camps[camp[space]] + c] = 1
                if guard[space] != NO_SEAT:
                    numbers[t.guards[guard[space]] + c] = 1
            # loops rather than the views' set operations, which build sets (and tuples)
            before = written[space]
            for i in before:
                if i not in numbers:
                    board[where[i]] = 0.0
            for i, number in numbers.items():
                if before.get(i) != number:
                    board[where[i]] = number
            written[space] = numbers

    def _write_workers(
        self, slots: Iterable[int], done: AbstractSet[int], values: list[Any]
    ) -> None:
        """Write the worker counts of `slots` (a space's seats) on spaces not rewritten whole
        (`done`): what a walk changes."""
        t, board, written, where = self.t, self._board, self._spaces, self._where
        workers: list[int] = values[_WORKERS]
        tile_at: list[int] = values[_TILE_AT]
        n, firsts, cell = t.n, t.workers, t.cell
        for slot in slots:
            space = slot // n
            if space in done:
                continue
            i = firsts[slot - space * n] + cell[space]
            count = workers[slot] if tile_at[space] != NO_TILE else 0
            if count:
                written[space][i] = count
            else:
                written[space].pop(i, None)
            board[where[i]] = count

    def _one_hot(self, first: int, hot: int | None) -> None:
        """Set the one-hot field that starts at `first` to `hot` (an index in it), or to
        none; nothing to write when it is already so."""
        now = None if hot is None else first + hot
        before = self._hot.get(first)
        if before == now:
            return
        board, where = self._board, self._where
        if before is not None:
            board[where[before]] = 0.0
        if now is None:
            del self._hot[first]
        else:
            board[where[now]] = 1.0
            self._hot[first] = now


def _observer_of(encoding: Any) -> Observation:
    """A new observation of `encoding`'s (`TikalEncoding.state_observer`)."""
    observation: Observation = encoding.state_observer()
    return observation


def _read_tokens(state: TikalState) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The face-down tokens' (spaces, counts): see `_counts`."""
    tokens = state.tokens
    return (tuple(tokens), tuple(map(len, tokens.values())))


def _read_stack_top(state: TikalState) -> str | None:
    """The letter of the stack's top tile: a re-deal keeps it (`TikalState.redeal_unknown`)."""
    stack = state.stack
    return state.edition.tile_letters[stack[-1]] if stack else None


#: `_MADE`'s values each on its own, as `_read` makes them.
_MAKERS: Final[dict[str, Callable[[TikalState], Any]]] = {
    "tokens": _read_tokens,
    "to_move": TikalState.to_move,
    "stack_size": lambda state: len(state.stack),
    "stack_top": _read_stack_top,
    "token_supply": lambda state: len(state.token_supply),
    "scoring_queue": lambda state: bool(state.scoring_queue),
}
assert tuple(_MAKERS) == _MADE


def _read_plain(state: TikalState) -> list[Any]:
    """The state's values of `_PLAIN`, in its order, each read by name: the compiled build
    reads each from the state's own memory, where `operator.attrgetter` looked every name
    up (13,000 instructions for an end of turn's 22 names, compiled)."""
    return [
        state.tile_at,
        state.rotation,
        state.temple_top,
        state.workers,
        state.camp,
        state.guard,
        state.leader,
        state.turn_excavated,
        state.turn_recovered,
        state.score,
        state.supply,
        state.out,
        state.treasures,
        state.moved,
        state.passed,
        state.high_bidder,
        state.first_passer,
        state.volcano_drawer,
        state.last_mover,
        state.last_placer,
        state.step,
        state.ap,
        state.high_bid,
        state.hand,
        state.revealed,
        state.discarded,
        state.levels,
        state.scoring_final,
    ]


def _read(state: TikalState) -> list[Any]:
    """The values an observation is written from (`_PLAIN`, then `_MADE`): none of them is
    changed by a re-deal of what no seat sees (`TikalState.redeal_unknown`)."""
    values = _read_plain(state)
    values.extend([make(state) for make in _MAKERS.values()])
    return values


#: [a field of the state] -> `_read`'s positions of the values made from it (`to_move` is
#: made from several, and read after every step)
_FROM_FIELD = {name: (_AT[name],) for name in _PLAIN} | {
    "tokens": (_AT["tokens"],),
    "stack": (_AT["stack_size"], _AT["stack_top"]),
    "token_supply": (_AT["token_supply"],),
    "scoring_queue": (_AT["scoring_queue"],),
}
_ALL: Final = range(len(_AT))


class _Declared:
    """Which values an action of one type may change (`TikalState.CHANGES`)."""

    def __init__(self, fields: AbstractSet[str]) -> None:
        made = ("to_move", *(name for name in _MADE if _AT[name] in _positions(fields)))
        plain = tuple(name for name in _PLAIN if name in fields)
        #: `_read`'s positions of the values it may change
        self.positions = tuple(_AT[name] for name in (*plain, *made))
        #: (position, how `_read` makes it) of the values made from the state among them
        self.made = tuple((_AT[name], _MAKERS[name]) for name in made)


def _positions(fields: AbstractSet[str]) -> set[int]:
    return {i for name in fields for i in _FROM_FIELD.get(name, ())}


#: Up to this many spaces rewritten, each finds its tokens in `_read_tokens`' pair itself.
_FEW_SPACES: Final = 4


def _counts(tokens: tuple[tuple[int, ...], tuple[int, ...]]) -> dict[int, int]:
    """The face-down tokens by space, from `_read`'s pair (two tuples cost a third of the
    dict, and the counts change in few steps)."""
    return dict(zip(*tokens, strict=True))


_SPATIAL_AT: Final = frozenset(_AT[name] for name in _SPATIAL)
_WORKERS: Final = _AT["workers"]
#: What a figure's move may change besides the workers (`TikalState.figure_moved`).
_LEADER: Final = _AT["leader"]
_SUPPLY: Final = _AT["supply"]
_AP: Final = _AT["ap"]
_NO_SPACES: Final[frozenset[int]] = frozenset()
#: What a placement changes on its space (besides its tokens), and elsewhere
#: (`placement.PLACEMENT_CHANGES`; the token supply as `_read` reads it, its size).
_TILE_AT: Final = _AT["tile_at"]
_ROTATION: Final = _AT["rotation"]
_TEMPLE_TOP: Final = _AT["temple_top"]
_TOKENS: Final = _AT["tokens"]
_CAMP: Final = _AT["camp"]
_HAND: Final = _AT["hand"]
_GUARD: Final = _AT["guard"]
_TOKEN_SUPPLY: Final = _AT["token_supply"]
_PLACED_AT: Final = tuple(_AT[name] for name in PLACEMENT_CHANGES)
assert PLACEMENT_CHANGES[-1] == "token_supply", "read last, by its size"
assert set(PLACEMENT_CHANGES[:-1]) <= set(_PLAIN), "the others are read by `_read_plain`"

_COPIED: Final = (list, dict)
#: [type of action] -> which of `_read`'s values it may change
_DECLARED: Final = {kind: _Declared(fields) for kind, fields in CHANGES.items()}


def _changed_spaces(at: int, now: Any, before: Any, t: Tables) -> Iterable[int]:
    """The spaces whose value of `_read`'s position `at` differs between two reads."""
    if before is _NEVER:
        return range(len(t.cell))
    if at == _AT["tokens"]:  # (spaces, counts)
        return {space for space, _ in _counts(now).items() ^ _counts(before).items()}
    if len(now) != len(before) or at == _WORKERS:  # workers: when `_write_workers` cannot
        return range(len(t.cell))
    return _differ(now, before)


def _differ(now: list[int], before: list[int]) -> list[int]:
    """The places where two lists of a space's numbers (of equal length) differ: a typed
    loop, which the compiled build runs on C ints (`compress` of a `map` it calls as
    Python)."""
    return [space for space in range(len(now)) if now[space] != before[space]]


def _writers(o: Observation) -> list[tuple[Callable[[list[Any]], None], ...]]:
    """[`_read`'s position] -> what writes the numbers it feeds off the board's spaces
    (numbered as in the spectators' vector, written where the kept seat's has them)."""
    t, board = o.t, o._board
    at, n = t.at, t.n

    def row(name: str) -> Callable[[list[Any]], None]:
        """A per-player row (each player's numbers in seat order): the kept seat's first."""
        first, value, each = at[name], _AT[name], t.size[name] // n

        def write(v: list[Any]) -> None:
            numbers, viewer = v[value], o._viewer
            if each == 1:  # a number a player, written one by one (an array costs more)
                for k in range(n):
                    board[first + k] = numbers[(k + viewer) % n]
                return
            if viewer:
                turned = viewer * each
                numbers = numbers[turned:] + numbers[:turned]
            board[first : first + len(numbers)] = array.array("f", numbers)

        return write

    def leaders(v: list[Any]) -> None:
        """The leaders' planes and rows, rewritten for the seats whose leader moved since
        last written (`Observation._leaders`: each seat's space as written, `_NEVER` at
        first)."""
        where, written = o._where, o._leaders
        waiting, out = at["leader_waiting"], at["leader_out"]
        for seat, space in enumerate(v[_AT["leader"]]):
            before = written[seat]
            if space == before:
                continue
            if before is not _NEVER and before >= 0:
                board[where[t.leaders[seat] + t.cell[before]]] = 0.0
            if space >= 0:
                board[where[t.leaders[seat] + t.cell[space]]] = 1.0
            board[where[waiting + seat]] = space == SUPPLY
            board[where[out + seat]] = space == OUT
            written[seat] = space

    def turn(v: list[Any]) -> None:
        for i in o._turn:
            board[i] = 0.0
        where = o._turn = []
        for name, first in (
            ("turn_excavated", at["excavated"]),
            ("turn_recovered", at["recovered"]),
        ):
            for space, count in v[_AT[name]].items():
                where.append(first + t.cell[space])
                board[where[-1]] = count

    to_move_at, no_one = at["to_move"], array.array("f", bytes(4 * n))

    def to_move(v: list[Any]) -> None:
        first, viewer = to_move_at, o._viewer
        board[first : first + n] = no_one
        for seat in v[_AT["to_move"]]:
            board[first + (seat - viewer) % n] = 1.0  # the kept seat's first

    def who(name: str) -> Callable[[list[Any]], None]:
        first, value = at[name], _AT[name]

        def write(v: list[Any]) -> None:
            seat = v[value]
            o._one_hot(first, None if seat == NO_SEAT else seat)

        return write

    def step(v: list[Any]) -> None:
        o._one_hot(at["step"], t.step[v[_AT["step"]]])

    def number(name: str) -> Callable[[list[Any]], None]:
        first, value = at[name], _AT[name]

        def write(v: list[Any]) -> None:
            board[first] = v[value]

        return write

    hand_at, kind_at, value_at = at["hand"], at["hand_kind"], at["hand_temple_value"]
    stones_at, stones_end = at["hand_stones"], at["hand_stones"] + t.size["hand_stones"]

    def hand(v: list[Any]) -> None:
        tile = v[_HAND]
        if tile == NO_TILE:
            o._one_hot(hand_at, None)
            o._one_hot(kind_at, None)
            board[value_at] = 0.0
            board[stones_at:stones_end] = no_stones
        else:
            named, kind, steps, temple_value = t.hand[tile]
            o._one_hot(hand_at, named)
            o._one_hot(kind_at, kind)
            board[value_at] = temple_value
            board[stones_at : stones_at + len(steps)] = steps

    def tiles(name: str) -> Callable[[list[Any]], None]:
        """The tiles of `name` counted by the tile a view names them by."""
        first, value, zeros = at[name], _AT[name], [0.0] * t.size[name]

        def write(v: list[Any]) -> None:
            numbers = zeros[:]
            for tile in v[value]:
                numbers[t.named[tile]] += 1
            board[first : first + len(numbers)] = array.array("f", numbers)

        return write

    def stack_top(v: list[Any]) -> None:
        letter = v[_AT["stack_top"]]
        o._one_hot(at["stack_letter"], None if letter is None else t.letter[letter])

    def levels(v: list[Any]) -> None:
        numbers, first = v[_AT["levels"]], at["temple_levels"]
        board[first : first + len(numbers)] = array.array("f", numbers)

    def scoring(v: list[Any]) -> None:
        first = at["scoring"]
        board[first] = v[_AT["scoring_queue"]] or v[_AT["volcano_drawer"]] >= 0
        board[first + 1] = v[_AT["scoring_final"]]

    no_stones = array.array("f", bytes(4 * t.size["hand_stones"]))
    feeds: dict[str, tuple[Callable[[list[Any]], None], ...]] = {
        "leader": (leaders,),
        "turn_excavated": (turn,),
        "turn_recovered": (turn,),
        "to_move": (to_move,),
        **{name: (row(name),) for name in ("score", "supply", "out", "treasures")},
        **{name: (row(name),) for name in ("moved", "passed")},
        **{name: (who(name),) for name in _WHO},
        "step": (step,),
        **{name: (number(name),) for name in ("ap", "high_bid", "stack_size", "token_supply")},
        "hand": (hand,),
        **{name: (tiles(name),) for name in ("revealed", "discarded")},
        "stack_top": (stack_top,),
        "levels": (levels,),
        **dict.fromkeys(("scoring_final", "scoring_queue"), (scoring,)),
    }
    feeds["volcano_drawer"] = (*feeds["volcano_drawer"], scoring)
    return [feeds.get(name, ()) for name in _AT]
