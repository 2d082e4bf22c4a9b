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


#: Positions go out uncompressed. A position frame is 2–5 KB, so a whole game is a few hundred
#: KB a seat, while compressing every frame cost about a seventh of the server's CPU per move
#: under load (docs/benchmarks.md, "Server load").
COMPRESS_FRAMES = False


def serve(settings: Settings) -> None:
    tune_gc()
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message,
        ws_per_message_deflate=COMPRESS_FRAMES,
        log_level="info",
    )
