"""The moves of every table written by one thread, in batches.

Each commit used to make its own trip to a store thread: a hand-over to the thread, a wake-up,
a transaction (on PostgreSQL, a connection's check and three round trips), and a wake-up of
the event loop to hear of it. Under load those trips cost the server more CPU than the writes
(docs/benchmarks.md, "Issue 25: a move's CPU"), and on SQLite the writers queued for its one
write lock anyway. Here the owners hand their appends to one writer thread, which takes
whatever has queued since its last batch and writes it in one transaction
(`Store.append_all`), then answers the whole batch with one wake-up of the loop. A move is
still answered only once it is committed.

Under load most batches still held one append: at 500 tables a move comes every 2 ms, and a
commit takes less. Each batch costs the server the same whatever its size (a wake-up of this
thread and of the loop, a transaction's locks and WAL header writes), so when moves of several
tables are coming in quick succession the writer waits a few milliseconds (`Gathering`) before
it takes its batch, as PostgreSQL's `commit_delay` does when other transactions are active.
A table's own moves come one at a time (each waits for the last one's answer), so a lone table,
or moves far apart, never wait.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
import time
from collections.abc import Callable

from meeple.server.batches import STOP, serve_batches
from meeple.server.store import Append, Store

log = logging.getLogger(__name__)

Pending = tuple[Append, asyncio.Future[None]]

#: Seconds the writer waits for more appends to join a batch when moves of several tables are
#: coming (see `Gathering`). At 500 tables and a second's think (a move every 2 ms) a wait of
#: 3 ms cut the server's CPU a move by about a tenth (docs/benchmarks.md, "Session 30: moves
#: of several tables in one commit"), and 8 ms by 8 % more, 3-19 % by run ("Session 36": by the
#: rate alone, five moves a commit instead of two or three); a move's answer comes up to that
#: much later (the round trip's p99 14-17 ms there, against the 50 ms it may take).
GATHER_FOR = 0.008
#: Moves of different tables count as coming in quick succession when a batch's first append
#: comes this soon after the last batch's (or after the writer's wait for more ended): a rate
#: of about 100 moves a second, or more.
BUSY_WITHIN = 0.01


class Gathering:
    """When to wait for more appends before writing a batch: when the batch's first append is
    of another table than the last batch's first and came within `busy_within` seconds of
    it (or of the end of the wait for it). `clock` and `sleep` are the thread's (tests give
    their own)."""

    def __init__(
        self,
        wait: float = GATHER_FOR,
        busy_within: float = BUSY_WITHIN,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.wait = wait
        self.busy_within = busy_within
        self._clock = clock
        self._sleep = sleep
        self._last_table: str | None = None
        self._last_at = -busy_within

    def __call__(self, first: Pending) -> None:
        now, table = self._clock(), first[0].table_id
        busy = table != self._last_table and now - self._last_at < self.busy_within
        self._last_table, self._last_at = table, now
        if busy and self.wait > 0:
            self._sleep(self.wait)
            self._last_at = self._clock()


class AppendWriter:
    """The writer thread of one store. Made, and then called, on the event loop."""

    def __init__(
        self, store: Store, loop: asyncio.AbstractEventLoop, gathering: Gathering | None = None
    ) -> None:
        self.store = store
        self.loop = loop
        self._gathering = Gathering() if gathering is None else gathering
        #: The appends not yet taken by the thread, and at the end a None (stop). A C queue:
        #: putting is cheap, and wakes the thread only when it waits.
        self._queue: queue.SimpleQueue[Pending | None] = queue.SimpleQueue()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="store-appends", daemon=True)
        self._thread.start()

    def append(self, append: Append) -> asyncio.Future[None]:
        """Queue `append`; the future is done once it is committed (or raises `Conflict`,
        or the store's error)."""
        if self._stopped:
            raise RuntimeError("the store's writer has stopped")
        future: asyncio.Future[None] = self.loop.create_future()
        self._queue.put((append, future))
        return future

    def stop(self) -> None:
        """Write what is queued, then end the thread (blocking: call it off the loop)."""
        self._stopped = True
        self._queue.put(STOP)
        self._thread.join()

    def _run(self) -> None:
        serve_batches(self._queue, self._write, self._gathering)

    def _write(self, batch: list[Pending]) -> None:
        try:
            results: list[BaseException | None] = list(
                self.store.append_all([append for append, _ in batch])
            )
        except Exception as exc:  # the store failed (disk full, say): every append fails
            results = [exc] * len(batch)
        try:
            self.loop.call_soon_threadsafe(_settle, batch, results)
        except RuntimeError:  # the loop is closed: nobody waits any more
            log.debug("%d appends answered after the loop closed", len(batch))


def _settle(batch: list[Pending], results: list[BaseException | None]) -> None:
    for (_, future), result in zip(batch, results, strict=True):
        if future.done():  # its owner was cancelled (the server is stopping)
            continue
        if result is None:
            future.set_result(None)
        else:
            future.set_exception(result)
