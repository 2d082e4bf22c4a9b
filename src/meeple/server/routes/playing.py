"""A move or an undo played for a seat: what the JSON API and the WebSocket share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from fastapi.concurrency import run_in_threadpool

from meeple.server.live import Answer
from meeple.server.messages import Move, Undo
from meeple.server.service import TableService, WouldWait

Result = TypeVar("Result")


async def at_once_or_in_thread(call: Callable[..., Result], table_id: str, *args: object) -> Result:
    """A read of a table in memory, or a move stored by a quick local commit, on the event
    loop when nothing holds it up (a trip to a worker thread costs more than the call itself,
    and under load every thread switch waits for a core); in a worker thread when it would
    wait (`WouldWait`)."""
    try:
        return call(table_id, *args, wait=False)
    except WouldWait:
        return await run_in_threadpool(call, table_id, *args)


async def play(
    service: TableService, table_id: str, seat: int | None, request: Move | Undo
) -> Answer:
    """The service's answer to `request` from `seat`; a spectator's is refused as ``not a
    seat``."""
    if seat is None:
        version = await run_in_threadpool(service.version, table_id)
        return Answer(False, version, "not a seat", "spectators cannot move")
    if isinstance(request, Move):
        return await at_once_or_in_thread(
            service.move, table_id, seat, request.action, request.version, request.nonce
        )
    return await at_once_or_in_thread(service.undo, table_id, seat, request.version, request.nonce)


def error(reason: str) -> dict[str, Any]:
    """A WebSocket's ``error`` message."""
    return {"type": "error", "reason": reason}
