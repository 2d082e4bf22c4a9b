"""A thread's work taken in batches: everything queued while it did the last batch.

The store's writer (`meeple.server.appends`) and the notifier of other processes
(`meeple.server.notify`) each serve a queue that the event loop fills a move at a time; taking
all that has queued at once lets them make one transaction or one statement of it.
"""

from __future__ import annotations

import queue
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

#: The end of a queue's work: put after its last item.
STOP = None


def serve_batches(
    work: queue.SimpleQueue[T | None],
    handle: Callable[[list[T]], None],
    gather: Callable[[T], None] | None = None,
) -> None:
    """Hand `handle` the items of `work` in batches until a `STOP` comes: wait for one item,
    let `gather` see it (it may wait, so that more join the batch), then take every other
    already queued (those before the `STOP` are handled first)."""
    while True:
        batch: list[T] = []
        item = work.get()
        if item is not STOP and gather is not None:
            gather(item)
        while item is not STOP:
            batch.append(item)
            try:
                item = work.get_nowait()
            except queue.Empty:
                break
        if batch:
            handle(batch)
        if item is STOP:
            return
