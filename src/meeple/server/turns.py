"""The turns the service hands on: a bot's to a worker process (plain, picklable data), and
a waiting account's to the turn notices."""

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


@dataclasses.dataclass(frozen=True, slots=True)
class WaitingSeat:
    """A human seat claimed by an account whose turn it is: what a turn notice needs to know
    of the table, and nothing of the position (`meeple.server.notices`)."""

    table: str
    #: The game's registry name (``tikal``).
    game: str
    seat: int
    account: int
    #: The table's version when the turn began, and its time (epoch seconds): together with
    #: the table and seat they name the turn, which gets one notice at most.
    began: int
    since: float
    #: Whether the table's clock gives a day or more (per move or per game): such a game is
    #: played over days, and each turn that begins is worth a notice.
    long_clock: bool

    @property
    def key(self) -> tuple[str, int, int]:
        return (self.table, self.seat, self.began)
