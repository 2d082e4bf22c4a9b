"""Table clocks: per move or per game, with a bot taking the move when a seat's time runs out.

A seat's turn starts when it comes to be among the seats to move and ends when it leaves
them (a Tikal turn of several actions is one turn; in Altiplano's planning every seat to move
is on turn at once). A clock *per move* gives each turn the same time; a clock *per game* gives
each seat one bank that its turns use up. When the time is gone, the table's clock bot plays
for that seat: for the rest of the turn (per move), or for the rest of the game (per game).
The game never ends early for that.

Clock times come from the move log's own timestamps, so a restarted server knows them
exactly; the table's owner arms a timer on the event loop for the next deadline
(`meeple.server.owners`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any

PER_MOVE = "move"
PER_GAME = "game"
CLOCK_KINDS = (PER_MOVE, PER_GAME)
#: A day: a clock of this much or more is a game played over days (its turns get notices).
DAY = 24 * 3600
#: Shortest and longest time a clock may give (one second; thirty days, for a move a day).
MIN_SECONDS = 1
MAX_SECONDS = 30 * DAY
#: The bot that moves for a seat out of time, unless the table names another.
DEFAULT_CLOCK_BOT = "easy"


@dataclasses.dataclass(frozen=True, slots=True)
class Clock:
    """A table's clock: its kind, its time in seconds, and the bot that moves for a seat out
    of time."""

    kind: str
    seconds: float
    bot: str = DEFAULT_CLOCK_BOT

    def __post_init__(self) -> None:
        if self.kind not in CLOCK_KINDS:
            raise ValueError(f"a clock is per {' or per '.join(CLOCK_KINDS)}, not {self.kind!r}")
        if not MIN_SECONDS <= self.seconds <= MAX_SECONDS:
            raise ValueError(f"a clock gives {MIN_SECONDS} to {MAX_SECONDS} seconds")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "seconds": self.seconds, "bot": self.bot}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Clock | None:
        return None if data is None else cls(data["kind"], data["seconds"], data["bot"])


@dataclasses.dataclass(slots=True)
class SeatTimes:
    """What the clock knows of the seats, kept up to date move by move (`advance`)."""

    #: When each seat's current turn started (epoch seconds); absent for seats not to move.
    turn_started: dict[int, float] = dataclasses.field(default_factory=dict)
    #: Seconds of each seat's finished turns (what a clock per game has used up).
    spent: dict[int, float] = dataclasses.field(default_factory=dict)
    #: The table's version when each seat's current turn started: what names the turn, so
    #: that a turn notice goes out once per turn (`meeple.server.notices`).
    turn_began: dict[int, int] = dataclasses.field(default_factory=dict)

    def advance(self, movers: Collection[int], at: float, version: int = 0) -> None:
        """The seats to move are now `movers`, as of time `at` and the table's `version`."""
        for seat in list(self.turn_started):
            if seat not in movers:
                started = self.turn_started.pop(seat)
                self.turn_began.pop(seat, None)
                self.spent[seat] = self.spent.get(seat, 0.0) + max(0.0, at - started)
        for seat in movers:
            if seat not in self.turn_started:
                self.turn_started[seat] = at
                self.turn_began[seat] = version

    def deadline(self, clock: Clock, seat: int) -> float | None:
        """When `seat`'s time runs out, or None if it is not to move."""
        started = self.turn_started.get(seat)
        if started is None:
            return None
        if clock.kind == PER_MOVE:
            return started + clock.seconds
        return started + max(0.0, clock.seconds - self.spent.get(seat, 0.0))

    def deadlines(self, clock: Clock) -> dict[int, float]:
        return {
            seat: deadline
            for seat in sorted(self.turn_started)
            if (deadline := self.deadline(clock, seat)) is not None
        }
