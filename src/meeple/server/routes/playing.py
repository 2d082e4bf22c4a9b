"""A move or an undo played for a seat: what the JSON API and the WebSocket share."""

from __future__ import annotations

from typing import Any

from meeple.server.live import Answer
from meeple.server.messages import Move, Undo
from meeple.server.owners import Owners


async def play(tables: Owners, table_id: str, seat: int | None, request: Move | Undo) -> Answer:
    """The answer of the table's owner to `request` from `seat`; a spectator's is refused as
    ``not a seat``."""
    if seat is None:
        version = await tables.version(table_id)
        return Answer(False, version, "not a seat", "spectators cannot move")
    if isinstance(request, Move):
        return await tables.move(table_id, seat, request.action, request.version, request.nonce)
    return await tables.undo(table_id, seat, request.version, request.nonce)


def error(reason: str) -> dict[str, Any]:
    """A WebSocket's ``error`` message."""
    return {"type": "error", "reason": reason}
