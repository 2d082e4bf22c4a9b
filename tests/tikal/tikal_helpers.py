"""Building Tikal situations for tests, the documented way: edit a state's JSON form.

`Situation` wraps the JSON of a fresh game and offers a few named edits (put a tile, stand
figures, hand out treasures); `build()` turns it back into a `TikalState` through `from_json`,
so every situation is also a check that the JSON form is the public way to set up a state.
"""

from __future__ import annotations

import functools
from collections import Counter
from typing import Any

from meeple.games.tikal import TikalState
from meeple.games.tikal.components import builtin_edition
from meeple.games.tikal.layout import OUT, SUPPLY, seat_workers, treasure_slot, worker_slot

EDITION = builtin_edition()
NAMES = TikalState.new({"players": 2}, 0).names


def space(name: str) -> int:
    """Board space index from its printed name, e.g. ``"b4"``."""
    return NAMES.index(name)


def tile(tile_id: str) -> int:
    return EDITION.tile_index(tile_id)


# Sides as the data numbers them (hex_convention.sides).
N, NE, SE, S, SW, NW = range(6)


def tiles_where(kind: str, **fields: int) -> list[str]:
    """Ids of the terrain tiles of `kind` whose fields (``temple_value``, ``masks``) match.

    Tests pick tiles by what they need, never by id: the tile list is data and changes with the
    edition (issue 14 replaced the whole list)."""
    return [
        t.id
        for t in (EDITION.tiles[i] for i in EDITION.terrain)
        if t.kind == kind and all(getattr(t, name) == value for name, value in fields.items())
    ]


def a_tile(kind: str, **fields: int) -> str:
    """The first terrain tile of `kind` with the given fields; fails if the edition has none."""
    found = tiles_where(kind, **fields)
    assert found, f"the edition has no {kind} tile with {fields}"
    return found[0]


def stones(tile_id: str, rotation: int = 0) -> tuple[int, ...]:
    """Stones on each side of a tile turned `rotation` sides clockwise."""
    return EDITION.rotated_steps[tile(tile_id)][rotation]


def printed_at(name: str) -> int:
    """The tile index printed on the board at a space."""
    return next(t for s, t in EDITION.preprinted if s == space(name))


@functools.cache
def movement_layout() -> tuple[tuple[str, int], tuple[str, int], tuple[str, int]]:
    """The rulebook's movement example laid out with this edition's tiles, as (tile id,
    rotation) for a "2" temple on a3, a jungle on a2 and a treasure on b2.

    The example's picture is lost; its text gives the numbers: from the "2" temple, the printed
    "1" temple below (a4) costs 1 AP, the jungle (north) 3 AP, the treasure (north-east) is out
    of reach directly, and the treasure costs 6 AP through the jungle. The layout is searched
    for, not written down, so that it holds for any tile list; the 3-AP steps must have stones
    on both touching sides, so that a walk cost that counted one side only would show.
    """
    printed_north = EDITION.rotated_steps[printed_at("a4")][0][N]
    for temple in tiles_where("temple", temple_value=2):
        for t_rot in EDITION.distinct_rotations[tile(temple)]:
            here = stones(temple, t_rot)
            if here[S] + printed_north != 1 or here[NE] != 0 or not 1 <= here[N] <= 2:
                continue
            for jungle in tiles_where("jungle"):
                for j_rot in EDITION.distinct_rotations[tile(jungle)]:
                    middle = stones(jungle, j_rot)
                    if middle[S] != 3 - here[N] or not 1 <= middle[SE] <= 2:
                        continue
                    for treasure in tiles_where("treasure"):
                        for r_rot in EDITION.distinct_rotations[tile(treasure)]:
                            there = stones(treasure, r_rot)
                            if there[SW] == 0 and there[NW] == 3 - middle[SE]:
                                return (temple, t_rot), (jungle, j_rot), (treasure, r_rot)
    raise AssertionError("no layout of this edition's tiles fits the movement example")


class Situation:
    def __init__(self, players: int = 2, auction: bool = False, seed: int = 0) -> None:
        self.data: dict[str, Any] = TikalState.new(
            {"players": players, "auction": auction}, seed
        ).to_json()
        self.n = players

    def put(self, where: str, tile_id: str, rotation: int = 0, top: int | None = None) -> Situation:
        """Lay a terrain tile (taken out of the stack) on a space."""
        s, t = space(where), tile(tile_id)
        if t in self.data["stack"]:
            self.data["stack"].remove(t)
        self.data["tile_at"][s] = t
        self.data["rotation"][s] = rotation
        definition = EDITION.tiles[t]
        if definition.kind == "temple":
            self.data["temple_top"][s] = top if top is not None else definition.temple_value
        return self

    def figures(self, seat: int, where: str, workers: int = 0, leader: bool = False) -> Situation:
        """Stand figures of `seat` on a space (taken from its supply)."""
        s = space(where)
        self.data["workers"][worker_slot(self.n, s, seat)] += workers
        self.data["supply"][seat] -= workers
        if leader:
            self.data["leader"][seat] = s
        return self

    def tokens(self, where: str, kinds: list[int]) -> Situation:
        """Face-down tokens on a tile (top = last), taken from the token supply."""
        for kind in kinds:
            self.data["token_supply"].remove(kind)
        self.data["tokens"][str(space(where))] = list(kinds)
        return self

    def treasures(self, seat: int, kinds: list[int]) -> Situation:
        """Give revealed treasure tokens to a seat, taken from the token supply."""
        k = EDITION.treasure_kinds
        for kind in kinds:
            self.data["token_supply"].remove(kind)
            self.data["treasures"][treasure_slot(k, seat, kind)] += 1
        return self

    def movement_example(self) -> Situation:
        """Lay out the rulebook's movement example (see `movement_layout`)."""
        (temple, t_rot), (jungle, j_rot), (treasure, r_rot) = movement_layout()
        return self.put("a3", temple, t_rot).put("a2", jungle, j_rot).put("b2", treasure, r_rot)

    def next_draw(self, tile_id: str) -> Situation:
        """Move a tile of the stack to its top, so that it is the next one drawn."""
        t = tile(tile_id)
        self.data["stack"].remove(t)
        self.data["stack"].append(t)
        return self

    def acting(self, seat: int, ap: int = 10) -> Situation:
        """Make it `seat`'s turn to spend action points (tile already placed)."""
        if self.data["hand"] >= 0:  # the drawn tile goes back on top of the stack
            self.data["stack"].append(self.data["hand"])
        self.data.update(step="act", current=seat, ap=ap, hand=-1)
        return self

    def build(self) -> TikalState:
        return TikalState.from_json(self.data)


def conservation(state: TikalState) -> None:
    """Every figure, camp, temple level tile, treasure token and terrain tile is somewhere,
    exactly once."""
    ed, n = state.edition, state.n
    for seat in range(n):
        on_board = sum(seat_workers(state.workers, n, seat))
        leader_in_play = state.leader[seat] != OUT
        guards = state.guard.count(seat)
        assert state.supply[seat] >= 0 and state.out[seat] >= 0
        total = state.supply[seat] + on_board + leader_in_play + state.out[seat] + guards
        assert total == ed.workers + 1, f"seat {seat} has {total} figures"
        assert state.leader[seat] in (SUPPLY, OUT) or state.tile_at[state.leader[seat]] >= 0
        assert state.camp.count(seat) <= ed.camps
        assert guards <= 2
    for s, owner in enumerate(state.camp):
        if owner >= 0:
            kind = ed.tiles[state.tile_at[s]].kind
            assert kind in ("jungle", "treasure") and not state.tokens.get(s)
    # temple level tiles: in the supply or on a temple, never twice
    used = Counter()
    for s, t in enumerate(state.tile_at):
        if t >= 0 and ed.tiles[t].kind == "temple":
            used.update(range(ed.tiles[t].temple_value + 1, state.temple_top[s] + 1))
    for value, count in enumerate(ed.temple_levels):
        assert state.levels[value] + used[value] == count, f"temple level {value}"
    # treasure tokens: supply, face down on tiles, or held
    tokens = Counter(state.token_supply)
    for pile in state.tokens.values():
        tokens.update(pile)
    k = ed.treasure_kinds
    for seat in range(n):
        for kind in range(k):
            tokens[kind] += state.treasures[treasure_slot(k, seat, kind)]
    assert tokens == Counter({kind: ed.treasure_copies for kind in range(k)})
    # terrain tiles: stack, board, revealed, hand or set aside, each once
    tiles = [t for t in state.tile_at if t >= 0 and ed.tiles[t].letter]
    tiles += state.stack + state.revealed + state.discarded
    if state.hand >= 0:
        tiles.append(state.hand)
    assert sorted(tiles) == sorted(ed.terrain)
    assert 0 <= state.ap <= ed.action_points
