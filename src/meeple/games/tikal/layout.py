"""What the numbers in Tikal's state stand for: type aliases, sentinels, steps, and the one
place that knows how the flat `workers` list is laid out.

The state is plain ints and lists so that copying it is cheap (search copies it hundreds of
thousands of times) and its JSON form is the same data; these names say which int is which.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, Literal, TypeAlias

Space: TypeAlias = int
"""A board space: an index into `Edition.spaces`."""
Seat: TypeAlias = int
"""A player, numbered from 0 in turn order."""
TileIndex: TypeAlias = int
"""A tile: an index into `Edition.tiles` (views name tiles by their printed id instead)."""
Rotation: TypeAlias = int
"""Sides a tile is turned clockwise, 0 to 5."""
TreasureKind: TypeAlias = int
"""A kind of treasure, numbered from 0."""
FigureMove: TypeAlias = tuple[int, tuple[int, ...]]
"""What a figure's move changed (`TikalState.figure_moved`): the state's stamp before it, and
the `workers` slots it changed (none for a leader's move)."""

NO_TILE: Final = -1
"""No tile: an empty space, an empty hand."""
NO_SEAT: Final = -1
"""Nobody: no camp or guard on a space, no bid, no volcano drawer, nobody yet."""
SUPPLY: Final = -1
"""Where a leader is while it waits in its player's supply (a `leader` entry)."""
OUT: Final = -2
"""Where a leader is once it has left the game, as a guard or sent home by a guard."""

Step: TypeAlias = Literal["place", "act", "bid", "choose", "over"]
"""What the player to move does now (TIK-11, TIK-14): place the tile in hand, spend action
points, bid for the next tile, choose a tile won at auction; or the game is over."""
PLACE: Final = "place"
ACT: Final = "act"
BID: Final = "bid"
CHOOSE: Final = "choose"
OVER: Final = "over"
STEPS: Final[tuple[Step, ...]] = (PLACE, ACT, BID, CHOOSE, OVER)


def worker_slot(players: int, space: Space, seat: Seat) -> int:
    """Where `workers` counts `seat`'s workers on `space`.

    `workers` is one flat list, space after space, one count per seat: the counts on a space
    are one slice (`space_workers`), a seat's counts are every n-th entry (`seat_workers`),
    and a copy is one list copy.
    """
    return space * players + seat


def space_workers(workers: list[int], players: int, space: Space) -> list[int]:
    """[seat] -> workers on `space`."""
    start = space * players
    return workers[start : start + players]


def set_space_workers(
    workers: list[int], players: int, counts: Iterable[tuple[Space, list[int]]]
) -> None:
    """For each (space, [seat] -> workers) of `counts`, put those workers on the space."""
    for space, on_space in counts:
        start = space * players
        workers[start : start + players] = on_space


def seat_workers(workers: list[int], players: int, seat: Seat) -> list[int]:
    """[space] -> workers of `seat` (a copy: read it, do not write to it)."""
    return workers[seat::players]


def treasure_slot(kinds: int, seat: Seat, kind: TreasureKind) -> int:
    """Where `treasures` counts the treasures of `kind` that `seat` holds: seat after seat,
    one count per kind, as `workers` is laid out space after space."""
    return seat * kinds + kind


def seat_treasures(treasures: list[int], kinds: int, seat: Seat) -> list[int]:
    """[kind] -> treasures of that kind `seat` holds."""
    start = seat * kinds
    return treasures[start : start + kinds]
