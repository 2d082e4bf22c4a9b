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
            {"space": space, "name": state.names[space], "value": value,
             "guarded": state.guard[space] == seat}
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
