"""The server's garbage-collection policy: only young objects are ever collected.

A server's heap is mostly long-lived: every live table's states, logs and connections. With
Python's default policy, a collection of an older generation walks all of it, and with 500
live tables that paused every table for 100–300 ms (docs/benchmarks.md, "Server load").

Here, what survives a collection is frozen out of every later one (`freeze_survivors`): it
almost always lives as long as its table, and reference counting frees it when the table lets
go of it, frozen or not. The price is that a reference cycle still in use at its first
collection and garbage later is never collected; the load benchmark counts such garbage
(``--gc-report``, "unreachable_at_stop"): a few hundred objects, whether after a hundred moves
or five thousand.

Python starts a young collection when allocations outnumber deallocations by a threshold. A
move allocates a new position and frees the old one, so the count hardly moves while the young
generation fills: it held 20,000–100,000 objects at each collection, a pause of 10–100 ms
(about a microsecond an object). So a thread also collects the young generation every
`YOUNG_EVERY` seconds, which keeps each pause to the objects of that interval.
"""

from __future__ import annotations

import gc
import threading

#: A young collection when allocations outnumber deallocations by 5,000 (Python's default is
#: 700: every collection freezes what is in use at that moment, requests half-served
#: included, so fewer of them leave less garbage frozen). The older generations stay empty,
#: so their collections cost next to nothing.
GC_THRESHOLDS = (5_000, 10, 10)

#: Seconds between young collections by `YoungCollections`: at 500 moves a second this is
#: about 5,000 objects, a pause of a few milliseconds.
YOUNG_EVERY = 0.05


def freeze_survivors(phase: str, info: dict[str, int]) -> None:
    """After each collection, move what survived it out of every later one (`gc.freeze`)."""
    if phase == "stop":
        gc.freeze()


class YoungCollections:
    """Collects the young generation every `every` seconds until `stop`."""

    def __init__(self, every: float = YOUNG_EVERY) -> None:
        self.every = every
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="young-collections", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while not self._stopped.wait(self.every):
            gc.collect(0)

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join()


def collect_young_only() -> YoungCollections:
    """Set the policy for this process: what is loaded so far (modules, game data) is frozen,
    every collection's survivors are frozen, and a thread collects the young generation.
    Returns that thread, started."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    if freeze_survivors not in gc.callbacks:
        gc.callbacks.append(freeze_survivors)
    young = YoungCollections()
    young.start()
    return young
