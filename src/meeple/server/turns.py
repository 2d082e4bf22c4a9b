"""A bot's turn as the service hands it to a worker process (plain, picklable data)."""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True, slots=True)
class BotTurn:
    """What a bot seat needs to choose a move, exactly as in the terminal: its view and its
    legal actions (as JSON), and a seed of its own for this decision."""

    table: str
    game: str
    seat: int
    spec: str
    version: int
    seed: int
    view: dict[str, Any]
    legal: list[dict[str, Any]]
