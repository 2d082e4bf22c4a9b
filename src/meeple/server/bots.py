"""Bot seats: their moves are computed in a process pool, never in the web process.

`BotDriver` listens to the service: after every change of a table it asks for the bot seats
that may act (`TableService.bot_turns`), sends each one's view and legal actions to a worker,
and plays the answer through the service like any client (with the version it was chosen at
and a nonce of its own, so a late answer is refused as stale and asked again).
"""

from __future__ import annotations

import functools
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from meeple.server.bot_worker import choose, ignore_interrupts
from meeple.server.inputs import server_nonce
from meeple.server.service import TableError, TableService
from meeple.server.turns import BotTurn

log = logging.getLogger(__name__)

#: Decisions in a row a bot seat may fail (crash, or a refused move) before it is left alone.
MAX_ATTEMPTS = 5


def default_workers() -> int:
    """One core stays with the web process: cores − 1, at least 1."""
    return max(1, (os.cpu_count() or 1) - 1)


class BotDriver:
    """Plays the bot seats of every table of one service."""

    def __init__(self, service: TableService, workers: int | None = None) -> None:
        self.service = service
        self.workers = workers or default_workers()
        self._pool: ProcessPoolExecutor | None = None
        self._results = ThreadPoolExecutor(1, thread_name_prefix="bot-moves")
        self._pending: set[tuple[str, int]] = set()
        #: Failed decisions in a row, per (table, seat).
        self._attempts: dict[tuple[str, int], int] = {}
        self._lock = threading.Lock()
        self._closed = False
        service.subscribe(lambda table_id, _version: self.kick(table_id))

    def _submit(self, turn: BotTurn) -> Future[dict[str, Any]]:
        """Send a decision to the pool (call with the lock held). A pool broken by a worker
        that died (killed, out of memory) is replaced, so the tables' bots go on."""
        for _ in range(2):
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    self.workers,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=ignore_interrupts,
                )
            try:
                return self._pool.submit(choose, turn)
            except BrokenProcessPool:
                log.warning("the bot pool broke (a worker died): starting a new one")
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
        raise BrokenProcessPool("the bot pool broke twice in a row")

    def kick(self, table_id: str) -> None:
        """Start a decision for each bot seat of the table that may act and has none running."""
        if self._closed:
            return
        try:
            turns = self.service.bot_turns(table_id)
        except TableError:
            return
        for turn in turns:
            key = (turn.table, turn.seat)
            with self._lock:
                if key in self._pending or self._closed:
                    continue
                try:
                    future = self._submit(turn)
                except BrokenProcessPool:
                    log.exception("no bot worker for table %s", turn.table)
                    continue
                self._pending.add(key)
            future.add_done_callback(functools.partial(self._answered, turn))

    def _answered(self, turn: BotTurn, future: Future[dict[str, Any]]) -> None:
        """Runs in the pool's thread: hand the move to our own thread, which may submit
        again (the pool's thread must not)."""
        if not self._closed:
            self._results.submit(self._play, turn, future)

    def _play(self, turn: BotTurn, future: Future[dict[str, Any]]) -> None:
        with self._lock:
            self._pending.discard((turn.table, turn.seat))
        try:
            action = future.result()
        except Exception:
            log.exception("bot %s of table %s failed", turn.spec, turn.table)
            self._again(turn)
            return
        nonce = server_nonce("bot", turn.version)
        answer = self.service.move(turn.table, turn.seat, action, turn.version, nonce)
        if answer.ok and not answer.repeated:
            with self._lock:
                self._attempts.pop((turn.table, turn.seat), None)
            self.kick(turn.table)  # the bot may be to move again, and nothing else asks it
        elif answer.rule == "stale":
            self.kick(turn.table)  # the table moved on meanwhile: decide on it as it is now
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
        with self._lock:
            self._attempts[key] = attempts = self._attempts.get(key, 0) + 1
        if attempts > MAX_ATTEMPTS:
            log.error(
                "bot %s of table %s gave up after %d attempts", turn.spec, turn.table, attempts
            )
            return
        self.kick(turn.table)

    def close(self) -> None:
        self._closed = True
        self._results.shutdown(wait=True, cancel_futures=True)
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
