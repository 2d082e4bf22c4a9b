"""``meeple serve``: the server under uvicorn."""

from __future__ import annotations

import gc

import uvicorn

from meeple.server.app import create_app
from meeple.server.settings import Settings

#: Allocations between young collections (Python's default is 700), and how many young and
#: middle collections come before an older one (defaults 10 and 10).
GC_THRESHOLDS = (100_000, 20, 100)


def tune_gc() -> None:
    """Fewer, rarer collections of the long-lived heap. A server holds many long-lived objects
    (every live table, every connection), and with the default thresholds the pauses of full
    collections were most of the p99 move round-trip at 500 live tables (docs/benchmarks.md,
    "Server load"). What is loaded at start (modules, game data, the app) is frozen out of
    every collection."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def serve(settings: Settings) -> None:
    tune_gc()
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message,
        log_level="info",
    )
