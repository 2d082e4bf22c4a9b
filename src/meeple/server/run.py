"""``meeple serve``: the server under uvicorn."""

from __future__ import annotations

import uvicorn

from meeple.server.app import create_app
from meeple.server.collector import collect_young_only
from meeple.server.settings import Settings

#: Positions go out uncompressed. A position frame is 2–5 KB, so a whole game is a few hundred
#: KB a seat, while compressing every frame cost about a seventh of the server's CPU per move
#: under load (docs/benchmarks.md, "Server load").
COMPRESS_FRAMES = False


def serve(settings: Settings) -> None:
    collect_young_only()
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message,
        ws_per_message_deflate=COMPRESS_FRAMES,
        log_level="info",
    )
