"""What a seat reads about the game: log entries made only from what that seat may see.

Every front end (terminal, server, browser) prints these and nothing else about moves, so a
secret (a kept mission card) is kept in one place, the game's narration, not in each front end.
Seats are named as players know them: by colour, numbered from 1 beyond the palette.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from meeple.engine.words import Catalogue, Text, render, say, term

#: Seat colours, shared by every front end so that a seat looks the same everywhere.
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Cyan")
#: The colours as texts, said in each reader's language (one shared object each).
SEAT_TEXTS = tuple(term("seat", name) for name in SEAT_NAMES)


def seat_name(seat: int) -> Text:
    """A seat's colour name ("Red"); seats beyond the palette get their number from 1."""
    if 0 <= seat < len(SEAT_NAMES):
        return SEAT_TEXTS[seat]
    return say("Seat {number}", number=seat + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of a seat's account: who did it (None for an event of the game itself, such
    as a scoring round) and what, in words: a `meeple.engine.words.Text` (English as a
    ``str``) that `to_json` says in a reader's language."""

    seat: int | None
    text: str

    def to_json(self, catalogue: Catalogue | None = None) -> dict[str, Any]:
        """The entry as JSON, its text in `catalogue`'s language (English without one)."""
        text = self.text if catalogue is None else render(self.text, catalogue)
        return {"seat": self.seat, "text": text}

    def __str__(self) -> str:
        return self.text if self.seat is None else f"{seat_name(self.seat)}: {self.text}"
