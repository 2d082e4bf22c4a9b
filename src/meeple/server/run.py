"""``meeple serve``: the server under uvicorn."""

from __future__ import annotations

import uvicorn

from meeple.server.app import create_app
from meeple.server.settings import Settings


def serve(settings: Settings) -> None:
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        ws_max_size=settings.max_message,
        log_level="info",
    )
