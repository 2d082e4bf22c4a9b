"""Bot seats: their moves are computed in a process pool, never in the web process.

A table's owner (`meeple.server.owners`) hands `BotDriver.start` the bot seats that may act
after every change (`TableService.bot_turns`); the driver sends each one's view and legal
actions to a worker, and the answer comes back on the event loop as a move request to the
table's owner, like any client's (with the version it was chosen at and a nonce of its own,
so a late answer is refused as stale and the bot asked again). Everything here runs on the
event loop: no thread waits for the pool.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

from meeple.server.bot_worker import choose, ignore_interrupts
from meeple.server.inputs import server_nonce
from meeple.server.live import Answer
from meeple.server.turns import BotTurn

log = logging.getLogger(__name__)

T = TypeVar("T")

#: Decisions in a row a bot seat may fail (crash, or a refused move) before it is left alone.
MAX_ATTEMPTS = 5


class Tables(Protocol):
    """What the driver asks of the tables' owners (`meeple.server.owners.Owners`)."""

    async def move(
        self, table_id: str, seat: int, action: object, version: object, nonce: object
    ) -> Answer: ...

    def look(self, table_id: str) -> None:
        """Hand the table's bots' turns to `BotDriver.start` again, in the table's turn."""


def default_workers() -> int:
    """One core stays with the web process: cores − 1, at least 1."""
    return max(1, (os.cpu_count() or 1) - 1)


class BotDriver:
    """Plays the bot seats of every table of one process."""

    def __init__(self, tables: Tables, workers: int | None = None) -> None:
        self.tables = tables
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None
        self._pending: set[tuple[str, int]] = set()
        #: Failed decisions in a row, per (table, seat).
        self._attempts: dict[tuple[str, int], int] = {}
        #: The decisions under way (kept, so that none is collected before its answer).
        self._plays: set[asyncio.Task[None]] = set()
        self._closed = False

    def _submit(self, turn: BotTurn) -> Future[dict[str, Any]]:
        """Send a decision to the pool."""
        return self.run(choose, turn)

    def run(self, call: Callable[..., T], /, *args: Any) -> Future[T]:
        """Run `call(*args)` in a bot worker (the analyses and hints of `meeple.server.advice`
        use the pool too). A pool broken by a worker that died (killed, out of memory) is
        replaced, so the tables' bots go on."""
        for _ in range(2):
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=ignore_interrupts,
                )
            try:
                return self._pool.submit(call, *args)
            except BrokenProcessPool:
                log.warning("the bot pool broke (a worker died): starting a new one")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
        raise BrokenProcessPool("the bot pool broke twice in a row")

    def start(self, turns: list[BotTurn]) -> None:
        """Start a decision for each of `turns` whose seat has none running (on the loop)."""
        for turn in turns:
            key = (turn.table, turn.seat)
            if key in self._pending or self._closed:
                continue
            try:
                decision = self._submit(turn)
            except BrokenProcessPool:
                log.exception("no bot worker for table %s", turn.table)
                continue
            self._pending.add(key)
            play = asyncio.ensure_future(self._play(turn, decision))
            self._plays.add(play)
            play.add_done_callback(self._plays.discard)

    async def _play(self, turn: BotTurn, decision: Future[dict[str, Any]]) -> None:
        try:
            action = await asyncio.wrap_future(decision)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot %s of table %s failed", turn.spec, turn.table)
            self._pending.discard((turn.table, turn.seat))
            self._again(turn)
            return
        self._pending.discard((turn.table, turn.seat))
        nonce = server_nonce("bot", turn.version)
        answer = await self.tables.move(turn.table, turn.seat, action, turn.version, nonce)
        if answer.ok and not answer.repeated:
            self._attempts.pop((turn.table, turn.seat), None)
            self.tables.look(turn.table)  # the bot may be to move again
        elif answer.rule == "stale":
            self.tables.look(turn.table)  # the table moved on meanwhile: decide on it as it is
        elif answer.repeated:
            # Two decisions were taken at one version and the other was played: look at the
            # table again. Counted, so that an answer that keeps coming back for a table that
            # does not move cannot make the bot decide again forever.
            self._again(turn)
        elif answer.rule != "game over":
            self._again(turn)  # the engine refused the bot's move

    def _again(self, turn: BotTurn) -> None:
        """Ask the bot again, a bounded number of times per position, so that a bot that keeps
        failing cannot loop forever (its seat then waits for its clock or its creator)."""
        key = (turn.table, turn.seat)
        self._attempts[key] = attempts = self._attempts.get(key, 0) + 1
        if attempts > MAX_ATTEMPTS:
            log.error(
                "bot %s of table %s gave up after %d attempts", turn.spec, turn.table, attempts
            )
            return
        self.tables.look(turn.table)

    def close(self) -> None:
        """Stop the pool (blocking: call it off the loop, or once the loop is done)."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
