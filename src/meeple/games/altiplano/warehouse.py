"""The warehouse rules of ALT-20, on a warehouse stored as a list of rows (lists of goods).

Rows are listed in fill order (left half bottom to top, then right half); the first tile of a
row fixes its good. These functions only read; the state appends the tile itself.

Each rule is checked in one place, `storage_problem` and `final_storage_problem`, which say why a
tile may not go into a row; `storage_rows` and `final_storage_rows` are their fast paths, listing
the rows with no problem at once (tests/altiplano/test_altiplano_legality.py holds them equal).
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


def storage_problem(
    rows: list[list[str]], spec: tuple[Row, ...], good: str, row: int
) -> str | None:
    """Why `good` may not be stored into `row` now (ALT-20), or None if it may."""
    if not 0 <= row < len(rows):
        return f"the warehouse has rows 1 to {len(rows)}, not {row + 1}"
    if good == FOOD:
        return "food is never stored"
    problem = _corn_row_problem(rows, spec, good, row)
    if problem:
        return problem
    tiles = rows[row]
    if len(tiles) >= spec[row].spaces:
        return f"row {row + 1} is full"
    if tiles:
        if tiles[0] == good or good == CORN:
            return None
        return f"row {row + 1} holds {tiles[0]}: the first tile of a row fixes its good"
    for index, other in enumerate(rows):
        if other and other[0] == good and len(other) < spec[index].spaces:
            return (
                f"row {index + 1} of {good} is unfinished: no new row of {good} before it is full"
            )
    lowest = lowest_unstarted(rows)
    if row != lowest:
        return f"a new row is always the lowest one not yet started (row {lowest + 1})"
    return None


def final_storage_problem(
    rows: list[list[str]], spec: tuple[Row, ...], good: str, row: int
) -> tuple[str, str] | None:
    """Why the final-storage extension may not put `good` into `row` (the rule and the
    reason), or None if it may: started rows of that good, any started row for corn, and
    the corn row first (ALT-20, ALT-22)."""
    if not 0 <= row < len(rows):
        return "ALT-22", f"the warehouse has rows 1 to {len(rows)}, not {row + 1}"
    problem = _corn_row_problem(rows, spec, good, row)
    if problem:
        return "ALT-20", problem
    tiles = rows[row]
    if not tiles:
        return "ALT-22", "final storage goes only into rows already started"
    if tiles[0] != good and good != CORN:
        return "ALT-22", f"row {row + 1} holds {tiles[0]}: final storage takes matching goods"
    if len(tiles) >= spec[row].spaces:
        return "ALT-22", f"row {row + 1} is full"
    return None


def _corn_row_problem(
    rows: list[list[str]], spec: tuple[Row, ...], good: str, row: int
) -> str | None:
    """ALT-20 as amended: while a row started with corn is unfinished, corn goes into it."""
    if good != CORN:
        return None
    corn_row = unfinished_corn_row(rows, spec)
    if corn_row < 0 or row == corn_row:
        return None
    return f"while the corn row (row {corn_row + 1}) is unfinished, corn must go into it"


def unfinished_corn_row(rows: list[list[str]], spec: tuple[Row, ...]) -> int:
    """The started, unfinished row whose first tile is corn, or -1. There is at most one: no
    new row is started with a good while an unfinished row of that good exists (ALT-20)."""
    for index, row in enumerate(rows):
        if row and row[0] == CORN and len(row) < spec[index].spaces:
            return index
    return -1


def complete_rows(rows: list[list[str]], spec: tuple[Row, ...]) -> list[int]:
    return [index for index, row in enumerate(rows) if len(row) >= spec[index].spaces]
