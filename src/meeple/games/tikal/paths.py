"""What follows from where the tiles lie alone: the walks between them and what they cost, and
where the temples, treasure tiles and jungle tiles are.

These change only when a tile is placed, yet the legal actions of every step, and search's
evaluation at every leaf, read them. So they are worked out once per board layout into a
`Paths`, which the state memoises per edition by layout (search keeps reaching the same layouts
from fresh determinized states) and keeps while it places no tile; a placement changes only the
walks of the new tile and its neighbours, so a new layout's `Paths` is the last one with those
redone (`Paths.placed`). A `Paths` is never changed once made, so states and their copies
share it; it is no part of the JSON form.
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from meeple.games.tikal.actions import Walk
from meeple.games.tikal.layout import NO_TILE, Space

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

# Walks are immutable values: every list of legal actions shares one instance of each.
_walk = functools.cache(Walk)

GraphRow = tuple[tuple[Space, int], ...]
"""(neighbour, AP) of every walk out of one space with a passage (TIK-5), sides in order."""
WalkRow = tuple[tuple[int, Walk, Walk], ...]
"""(AP, the leader's walk, a worker's walk) of the same walks."""
FigureWalks = tuple[tuple[Walk, ...], tuple[Walk, ...], tuple[Walk, ...]]
"""The same walks of the leader, of a worker, and of both (each leader's walk, then the
worker's)."""
Sites = tuple[tuple[Space, bool], ...]


class Paths:
    """The walks and sites of one board layout (see the module). Each per-space list is
    indexed by space and never changed once made. `extra` holds what other modules derive from
    the same layout (the evaluation's distance fields), keyed as they choose: a `Paths` hashes
    by identity, so it is itself a cheap key for its layout."""

    __slots__ = (
        "camp_sites",
        "extra",
        "frontier",
        "graph",
        "spots",
        "walk_limit",
        "walks",
        "walks_by_figure",
    )

    graph: list[GraphRow]
    """[space] -> its walks (none out of an empty space; walks out of a volcano are listed,
    though nobody stands there, and none lead into one)."""
    walks: list[WalkRow]
    """[space] -> its walks with their actions, as the legal actions list them."""
    walk_limit: list[int]
    """[space] -> the AP of its dearest walk: with that many left, every walk is open."""
    walks_by_figure: list[FigureWalks]
    """[space] -> its walks' actions by figure."""
    spots: Sites
    """(space, whether a temple) of every temple and treasure tile, in board order."""
    camp_sites: Sites
    """(space, whether a jungle tile) of every jungle and treasure tile, in board order: where
    camps may go (TIK-9)."""
    frontier: tuple[Space, ...]
    """The empty spaces next to a placed tile, in board order: where a tile may go (TIK-2)."""
    extra: dict[Any, Any]

    def __init__(
        self,
        graph: list[GraphRow],
        walks: list[WalkRow],
        walk_limit: list[int],
        walks_by_figure: list[FigureWalks],
        spots: Sites,
        camp_sites: Sites,
        frontier: tuple[Space, ...],
    ) -> None:
        self.graph, self.walks, self.walk_limit = graph, walks, walk_limit
        self.walks_by_figure, self.spots, self.camp_sites = walks_by_figure, spots, camp_sites
        self.frontier = frontier
        self.extra = {}

    @classmethod
    def of(cls, state: TikalState) -> Paths:
        """The paths of the state's layout, worked out from scratch."""
        tile_at, kinds = state.tile_at, state.tile_kinds
        spaces = len(tile_at)
        placed = [(space, kinds[tile]) for space, tile in enumerate(tile_at) if tile >= 0]
        around = state.edition.neighbour_sides
        paths = cls(
            [()] * spaces,
            [()] * spaces,
            [0] * spaces,
            [((), (), ())] * spaces,
            tuple((s, k == "temple") for s, k in placed if k in ("temple", "treasure")),
            tuple((s, k == "jungle") for s, k in placed if k in ("jungle", "treasure")),
            tuple(
                space
                for space in range(spaces)
                if tile_at[space] == NO_TILE
                and any(tile_at[nb] != NO_TILE for _, nb, _ in around[space])
            ),
        )
        paths._redo(state, range(spaces))
        return paths

    def placed(self, state: TikalState, spaces: tuple[Space, ...]) -> Paths:
        """The paths once tiles are placed on `spaces` (the state has them already)."""
        spots, camp_sites, tile_at = self.spots, self.camp_sites, state.tile_at
        around = state.edition.neighbour_sides
        touched = {nb for s in spaces for _, nb, _ in around[s]}
        frontier = tuple(sorted(s for s in {*self.frontier, *touched} if tile_at[s] == NO_TILE))
        for space in spaces:
            kind = state.tile_kinds[state.tile_at[space]]
            if kind in ("temple", "treasure"):
                spots = _with(spots, (space, kind == "temple"))
            if kind in ("jungle", "treasure"):
                camp_sites = _with(camp_sites, (space, kind == "jungle"))
        paths = Paths(
            self.graph[:],
            self.walks[:],
            self.walk_limit[:],
            self.walks_by_figure[:],
            spots,
            camp_sites,
            frontier,
        )
        paths._redo(state, {*spaces, *touched})
        return paths

    def _redo(self, state: TikalState, spaces: Iterable[Space]) -> None:
        """Work out the walks out of `spaces` afresh (only while this `Paths` is being made)."""
        tile_at, rotation, kinds = state.tile_at, state.rotation, state.tile_kinds
        rotated, sides = state.edition.rotated_steps, state.edition.neighbour_sides
        for src in spaces:
            tile = tile_at[src]
            row: list[tuple[Space, int]] = []
            if tile != NO_TILE:
                here = rotated[tile][rotation[src]]
                for side, dst, opposite in sides[src]:
                    there = tile_at[dst]
                    if there == NO_TILE or kinds[there] == "volcano":
                        continue
                    cost = here[side] + rotated[there][rotation[dst]][opposite]
                    if cost > 0:
                        row.append((dst, cost))
            graph_row = self.graph[src] = tuple(row)
            self.walk_limit[src] = max(costs) if (costs := [c for _, c in row]) else 0
            self.walks[src], self.walks_by_figure[src] = _walk_actions(src, graph_row)


@functools.lru_cache(maxsize=8192)
def _walk_actions(src: Space, row: GraphRow) -> tuple[WalkRow, FigureWalks]:
    """The actions of the walks out of `src` (see `Paths.walks`): the same walks recur on many
    layouts, and a placement redoes the walks of seven spaces, most of them unchanged."""
    walks = tuple((cost, _walk("leader", src, dst), _walk("worker", src, dst)) for dst, cost in row)
    return walks, (
        tuple(leader for _, leader, _ in walks),
        tuple(worker for _, _, worker in walks),
        tuple(walk for _, leader, worker in walks for walk in (leader, worker)),
    )


def _with(sites: Sites, site: tuple[Space, bool]) -> Sites:
    """`sites` with `site` put in its place in board order."""
    listed = list(sites)
    bisect.insort(listed, site)
    return tuple(listed)
