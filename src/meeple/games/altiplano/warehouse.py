"""The warehouse rules of ALT-20, on a warehouse stored as a list of rows (lists of goods).

Rows are listed in fill order (left half bottom to top, then right half); the first tile of a
row fixes its good. These functions only read; the state appends the tile itself.

Each rule is checked in one place, `storage_problem` and `final_storage_problem`, which say why a
tile may not go into a row; `storage_rows` and `final_storage_rows` are their fast paths, listing
the rows with no problem at once (tests/altiplano/test_altiplano_legality.py holds them equal).
"""

from __future__ import annotations

import dataclasses

from meeple.engine.words import say, term

CORN = "corn"
FOOD = "food"


@dataclasses.dataclass(frozen=True, slots=True)
class Row:
    """A warehouse row of the edition: its spaces and the points it scores when complete."""

    spaces: int
    points: int


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
        return say("the warehouse has rows 1 to {rows}, not {row}", rows=len(rows), row=row + 1)
    if good == FOOD:
        return say("food is never stored")
    problem = _corn_row_problem(rows, spec, good, row)
    if problem:
        return problem
    tiles = rows[row]
    if len(tiles) >= spec[row].spaces:
        return say("row {row} is full", row=row + 1)
    if tiles:
        if tiles[0] == good or good == CORN:
            return None
        return say(
            "row {row} holds {tiles}: the first tile of a row fixes its good",
            row=row + 1,
            tiles=term("good", tiles[0]),
        )
    for index, other in enumerate(rows):
        if other and other[0] == good and len(other) < spec[index].spaces:
            return say(
                "row {index} of {good} is unfinished: no new row of {good} before it is full",
                index=index + 1,
                good=term("good", good),
            )
    lowest = lowest_unstarted(rows)
    if row != lowest:
        return say(
            "a new row is always the lowest one not yet started (row {lowest})", lowest=lowest + 1
        )
    return None


def final_storage_problem(
    rows: list[list[str]], spec: tuple[Row, ...], good: str, row: int
) -> tuple[str, str] | None:
    """Why the final-storage extension may not put `good` into `row` (the rule and the
    reason), or None if it may: started rows of that good, any started row for corn, and
    the corn row first (ALT-20, ALT-22)."""
    if not 0 <= row < len(rows):
        return "ALT-22", say(
            "the warehouse has rows 1 to {rows}, not {row}", rows=len(rows), row=row + 1
        )
    problem = _corn_row_problem(rows, spec, good, row)
    if problem:
        return "ALT-20", problem
    tiles = rows[row]
    if not tiles:
        return "ALT-22", say("final storage goes only into rows already started")
    if tiles[0] != good and good != CORN:
        return "ALT-22", say(
            "row {row} holds {tiles}: final storage takes matching goods",
            row=row + 1,
            tiles=term("good", tiles[0]),
        )
    if len(tiles) >= spec[row].spaces:
        return "ALT-22", say("row {row} is full", row=row + 1)
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
    return say(
        "while the corn row (row {corn_row}) is unfinished, corn must go into it",
        corn_row=corn_row + 1,
    )


def unfinished_corn_row(rows: list[list[str]], spec: tuple[Row, ...]) -> int:
    """The started, unfinished row whose first tile is corn, or -1. There is at most one: no
    new row is started with a good while an unfinished row of that good exists (ALT-20)."""
    for index, row in enumerate(rows):
        if row and row[0] == CORN and len(row) < spec[index].spaces:
            return index
    return -1


def complete_rows(rows: list[list[str]], spec: tuple[Row, ...]) -> list[int]:
    return [index for index, row in enumerate(rows) if len(row) >= spec[index].spaces]
