"""The warehouse rules of ALT-20, on a warehouse stored as a list of rows (lists of goods).

Rows are listed in fill order (left half bottom to top, then right half); the first tile of a
row fixes its good. These functions only read; the state appends the tile itself.
"""

from __future__ import annotations

from meeple.games.altiplano.components import Row

CORN = "corn"
FOOD = "food"


def lowest_unstarted(rows: list[list[str]]) -> int:
    """Index of the lowest row not yet started, or -1 when every row is started."""
    for index, row in enumerate(rows):
        if not row:
            return index
    return -1


def storage_rows(rows: list[list[str]], spec: tuple[Row, ...], good: str) -> list[int]:
    """The rows `good` may be stored into now (ALT-20), lowest first; empty if none."""
    if good == FOOD:
        return []
    if good == CORN:
        corn_row = unfinished_corn_row(rows, spec)
        if corn_row >= 0:
            return [corn_row]  # while a corn row is unfinished, corn must go into it
    result = []
    unfinished_same = False
    for index, row in enumerate(rows):
        if not row or len(row) >= spec[index].spaces:
            continue
        if row[0] == good:
            unfinished_same = True
            result.append(index)
        elif good == CORN:
            result.append(index)  # no corn row is unfinished: corn fills any started row
    if not unfinished_same:
        new = lowest_unstarted(rows)
        if new >= 0:
            result.append(new)
    return result


def final_storage_rows(rows: list[list[str]], spec: tuple[Row, ...], good: str) -> list[int]:
    """Rows `good` may go into with the final-storage extension: started rows of that good,
    and for corn any started row, unless a corn row is unfinished: then only that row
    (ALT-20 holds for corn however it arrives)."""
    if good == CORN:
        corn_row = unfinished_corn_row(rows, spec)
        if corn_row >= 0:
            return [corn_row]
    return [
        index
        for index, row in enumerate(rows)
        if row and (row[0] == good or good == CORN) and len(row) < spec[index].spaces
    ]


def unfinished_corn_row(rows: list[list[str]], spec: tuple[Row, ...]) -> int:
    """The started, unfinished row whose first tile is corn, or -1. There is at most one: no
    new row is started with a good while an unfinished row of that good exists (ALT-20)."""
    for index, row in enumerate(rows):
        if row and row[0] == CORN and len(row) < spec[index].spaces:
            return index
    return -1


def complete_rows(rows: list[list[str]], spec: tuple[Row, ...]) -> list[int]:
    return [index for index, row in enumerate(rows) if len(row) >= spec[index].spaces]
