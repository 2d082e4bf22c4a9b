"""Tikal scoring (TIK-12): what one player scores when it is their turn to score.

Kept apart from the turn flow so that score sheets, bots' evaluations and tests all use the
same arithmetic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from meeple.games.tikal.layout import NO_SEAT, NO_TILE, Seat, Space, seat_treasures

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


class TempleScore(TypedDict):
    """A temple that scores for a seat, on its score sheet line."""

    space: Space
    name: str
    value: int
    guarded: bool


class ScoreEntry(TypedDict):
    """One line of the score sheet: what one seat scored in one scoring round."""

    seat: Seat
    temples: list[TempleScore]
    temple_points: int
    treasure_sets: dict[str, int]  # set size -> how many kinds the seat holds that many of
    treasure_points: int
    points: int


class ScoringRound(TypedDict):
    """One scoring round of the score sheet (a volcano's or the final one)."""

    round: int
    final: bool
    complete: bool  # every seat in it has scored
    entries: list[ScoreEntry]


def temples_held(state: TikalState, seat: Seat) -> list[tuple[Space, int]]:
    """(space, top value) of every temple that scores for `seat` now."""
    kinds = state.tile_kinds
    return [
        (space, state.temple_top[space])
        for space, tile in enumerate(state.tile_at)
        if tile != NO_TILE and kinds[tile] == "temple" and state.majority_holder(space) == seat
    ]


def treasure_points(state: TikalState, seat: Seat) -> int:
    """Points for a seat's treasures: per kind, by how many tokens of it the seat holds."""
    table = state.edition.treasure_points
    held = seat_treasures(state.treasures, state.edition.treasure_kinds, seat)
    return sum(table[count] for count in held)


def score_seat(state: TikalState, seat: Seat) -> ScoreEntry:
    """One line of the score sheet: the seat's temples and treasure sets, and the total."""
    held = seat_treasures(state.treasures, state.edition.treasure_kinds, seat)
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
    top, guard = state.temple_top, state.guard
    workers, leader, weight = state.workers, state.leader, edition.leader_weight
    points = [0] * n
    for space, temple in state.paths().spots:
        if not temple:
            continue
        holder = guard[space]  # `majority_holder`: the guard, else the sole majority
        if holder == NO_SEAT:
            best = 0
            first = space * n  # `worker_slot(n, space, 0)`, inlined: search runs this a lot
            for seat in range(n):
                held = workers[first + seat] + (weight if leader[seat] == space else 0)
                if held > best:
                    best, holder = held, seat
                elif held == best:
                    holder = NO_SEAT
        if holder != NO_SEAT:
            points[holder] += top[space]
    k, treasures = edition.treasure_kinds, state.treasures
    points_of = edition.treasure_points.__getitem__
    for seat in range(n):  # `seat_treasures`, inlined
        points[seat] += sum(map(points_of, treasures[seat * k : seat * k + k]))
    return points
