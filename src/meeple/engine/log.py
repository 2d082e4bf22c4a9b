"""What a seat reads about the game: log entries made only from what that seat may see.

Every front end (terminal, server, browser) prints these and nothing else about moves, so a
secret (a kept mission card) is kept in one place, the game's narration, not in each front end.
Seats are named as players know them: by colour, numbered from 1 beyond the palette.
"""

from __future__ import annotations

import dataclasses
from typing import Any

#: Seat colours, shared by every front end so that a seat looks the same everywhere.
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Cyan")


def seat_name(seat: int) -> str:
    """A seat's colour name ("Red"); seats beyond the palette get their number from 1."""
    if 0 <= seat < len(SEAT_NAMES):
        return SEAT_NAMES[seat]
    return f"Seat {seat + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of a seat's account: who did it (None for an event of the game itself, such
    as a scoring round) and what, in words."""

    seat: int | None
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "text": self.text}

    def __str__(self) -> str:
        return self.text if self.seat is None else f"{seat_name(self.seat)}: {self.text}"
