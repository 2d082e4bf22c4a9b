"""What a seat reads about the game: log entries made only from what that seat may see.

Every front end (terminal, server, browser) prints these and nothing else about moves, so a
secret (a kept mission card) is kept in one place, the game's narration, not in each front end.
Seats are named as players know them: by the colour word of the game's seat declaration
(`meeple.engine.seats`), which the game's narration puts in its lines and front ends put before
each line (the actor); an entry itself holds only the actor's seat number.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from meeple.engine.seats import DEFAULT_SEATS, Seats
from meeple.engine.words import Catalogue, render


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

    def said(self, seats: Seats = DEFAULT_SEATS) -> str:
        """The line as a reader reads it: the actor's colour word first ("Orange: Pass")."""
        return self.text if self.seat is None else f"{seats.name(self.seat)}: {self.text}"

    def __str__(self) -> str:
        return self.said()
