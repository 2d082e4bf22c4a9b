"""Walking (TIK-5): a figure walks to an adjacent tile for the stones on both touching sides;
no stones, no passage, and a volcano is never entered.

Which walks the board's layout allows is worked out once per layout (`paths`); this module
reads them for the figures of the seat to move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction
from meeple.engine.words import say
from meeple.games.tikal.action_points import check_figure, check_space
from meeple.games.tikal.actions import Walk
from meeple.games.tikal.components import SIDES
from meeple.games.tikal.figures import move_figure
from meeple.games.tikal.layout import NO_TILE, Seat, Space

if TYPE_CHECKING:
    from meeple.games.tikal.paths import Paths
    from meeple.games.tikal.state import TikalState


def walk_actions(
    paths: Paths,
    ap: int,
    leader: Space,
    workers: list[int],
    occupied: list[int],
    actions: list[Action],
) -> None:
    """Append the walks of the figures on the `occupied` spaces that `ap` points pay for."""
    walks, limits, by_figure = paths.walks, paths.walk_limit, paths.walks_by_figure
    for src in occupied:
        # 0: the leader's walks, 1: a worker's, 2: both (each leader's walk, then the
        # worker's); all of them if the dearest is affordable, as is usual
        which = (2 if workers[src] else 0) if leader == src else 1
        if ap >= limits[src]:
            actions.extend(by_figure[src][which])
            continue
        for cost, leader_walk, worker_walk in walks[src]:
            if cost <= ap:
                if which != 1:
                    actions.append(leader_walk)
                if which:
                    actions.append(worker_walk)


def walk_cost(state: TikalState, src: int, dst: int) -> int:
    """Stones on both touching sides of two adjacent tiles (TIK-5)."""
    side = state.neighbours[src].index(dst)
    rotated = state.edition.rotated_steps
    here = rotated[state.tile_at[src]][state.rotation[src]][side]
    there = rotated[state.tile_at[dst]][state.rotation[dst]][(side + 3) % SIDES]
    return here + there


def do_walk(state: TikalState, seat: Seat, action: Walk) -> None:
    check_figure(action.figure)
    check_space(state, action.src)
    check_space(state, action.dst)
    if action.dst not in state.neighbours[action.src] or state.tile_at[action.src] == NO_TILE:
        raise IllegalAction("TIK-5", say("a walk goes to an adjacent tile"))
    dst_tile = state.tile_at[action.dst]
    if dst_tile == NO_TILE:
        raise IllegalAction("TIK-5", say("there is no tile on that space yet"))
    if state.tile_kinds[dst_tile] == "volcano":
        raise IllegalAction("TIK-5", say("a volcano is never entered"))
    cost = walk_cost(state, action.src, action.dst)
    if cost == 0:
        raise IllegalAction("TIK-5", say("no stones on either side: there is no passage"))
    move_figure(state, seat, action.figure, action.src, action.dst, cost)
