"""The moves of every table written by one thread, in batches.

Each commit used to make its own trip to a store thread: a hand-over to the thread, a wake-up,
a transaction (on PostgreSQL, a connection's check and three round trips), and a wake-up of
the event loop to hear of it. Under load those trips cost the server more CPU than the writes
(docs/benchmarks.md, "Issue 25: a move's CPU"), and on SQLite the writers queued for its one
write lock anyway. Here the owners hand their appends to one writer thread, which takes
whatever has queued since its last batch and writes it in one transaction
(`Store.append_all`), then answers the whole batch with one wake-up of the loop. A move is
still answered only once it is committed; a batch of one is a single append as before, so
nothing waits for a batch to fill.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading

from meeple.server.batches import STOP, serve_batches
from meeple.server.store import Append, Store

log = logging.getLogger(__name__)

Pending = tuple[Append, asyncio.Future[None]]


class AppendWriter:
    """The writer thread of one store. Made, and then called, on the event loop."""

    def __init__(self, store: Store, loop: asyncio.AbstractEventLoop) -> None:
        self.store = store
        self.loop = loop
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
        serve_batches(self._queue, self._write)

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
