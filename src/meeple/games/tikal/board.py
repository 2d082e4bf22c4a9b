"""Names of board spaces for people: a column letter and a row number, as on a chess board.

The data gives axial coordinates with odd columns half a hex lower; turning them into offset
rows gives a rectangular grid whose cells read like ``c2``.
"""

from __future__ import annotations

import functools

from meeple.games.tikal.components import Edition


def offset_cell(q: int, r: int) -> tuple[int, int]:
    """(column, row) of an axial position, odd columns half a hex lower."""
    return q, r + (q - (q & 1)) // 2


def space_names(edition: Edition) -> tuple[str, ...]:
    return _names(edition.spaces)


@functools.cache
def _names(spaces: tuple[tuple[int, int], ...]) -> tuple[str, ...]:
    cells = [offset_cell(q, r) for q, r in spaces]
    min_col = min(c for c, _ in cells)
    min_row = min(r for _, r in cells)
    return tuple(f"{_column(c - min_col)}{r - min_row + 1}" for c, r in cells)


def _column(index: int) -> str:
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("a") + rest) + letters
    return letters
