"""Tikal scoring (TIK-12): what one player scores when it is their turn to score.

Kept apart from the turn flow so that score sheets, bots' evaluations and tests all use the
same arithmetic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


def temples_held(state: TikalState, seat: int) -> list[tuple[int, int]]:
    """(space, top value) of every temple that scores for `seat` now."""
    kinds = state.tile_kinds
    return [
        (space, state.temple_top[space])
        for space, tile in enumerate(state.tile_at)
        if tile >= 0 and kinds[tile] == "temple" and state.majority_holder(space) == seat
    ]


def treasure_points(state: TikalState, seat: int) -> int:
    """Points for a seat's treasures: per kind, by how many tokens of it the seat holds."""
    k = state.edition.treasure_kinds
    table = state.edition.treasure_points
    return sum(table[count] for count in state.treasures[seat * k : seat * k + k])


def score_seat(state: TikalState, seat: int) -> dict[str, Any]:
    """One line of the score sheet: the seat's temples and treasure sets, and the total."""
    k = state.edition.treasure_kinds
    held = state.treasures[seat * k : seat * k + k]
    temples = temples_held(state, seat)
    temple_points = sum(value for _, value in temples)
    treasure = treasure_points(state, seat)
    return {
        "seat": seat,
        "temples": [
            {
                "space": space,
                "name": state.names[space],
                "value": value,
                "guarded": state.guard[space] == seat,
            }
            for space, value in temples
        ],
        "temple_points": temple_points,
        "treasure_sets": {
            str(size): sum(1 for c in held if c == size)
            for size in range(1, len(state.edition.treasure_points))
        },
        "treasure_points": treasure,
        "points": temple_points + treasure,
    }


def points_now(state: TikalState) -> list[int]:
    """What every seat would score now: the ``"points"`` of `score_seat` for each seat, in
    one pass over the board (search evaluations ask for it at every position)."""
    n = state.n
    edition = state.edition
    kinds, top, guard = state.tile_kinds, state.temple_top, state.guard
    workers, leader, weight = state.workers, state.leader, edition.leader_weight
    points = [0] * n
    for space, tile in enumerate(state.tile_at):
        if tile < 0 or kinds[tile] != "temple":
            continue
        holder = guard[space]  # `majority_holder`: the guard, else the sole majority
        if holder < 0:
            best = 0
            base = space * n
            for seat in range(n):
                held = workers[base + seat] + (weight if leader[seat] == space else 0)
                if held > best:
                    best, holder = held, seat
                elif held == best:
                    holder = -1
        if holder >= 0:
            points[holder] += top[space]
    k, table, treasures = edition.treasure_kinds, edition.treasure_points, state.treasures
    points_of = table.__getitem__
    for seat in range(n):
        points[seat] += sum(map(points_of, treasures[seat * k : seat * k + k]))
    return points
