"""The live connections of every table, and the push of a new position to each of them.

The service announces a change with the table id and version only (from whichever thread
made it); each connection then fetches the payload of its own seat, so nothing meant for one
seat is ever built for another. Pushes are coalesced: a connection that is behind by several
versions gets the newest position once.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import threading
from collections import deque
from collections.abc import Callable
from typing import Any, TypeGuard

from meeple.i18n import SOURCE_LANGUAGE
from meeple.server.deltas import Parked

#: Put in an outbox: "send the newest position".
STATE = object()
#: Put in an outbox: "send the chat lines not yet sent".
CHAT = object()

#: Numbers the connections of this process (a key for their message rates).
_serials = itertools.count()


class Connection:
    """One WebSocket: its table, its seat (None: a spectator), its reader's language and what
    it is still to send."""

    def __init__(self, table_id: str, seat: int | None, language: str = SOURCE_LANGUAGE) -> None:
        self.table_id = table_id
        self.seat = seat
        #: The language its texts (labels, log, reasons) are said in.
        self.language = language
        #: Unique in this process, never reused.
        self.serial = next(_serials)
        #: Where the next pushed log starts: how much of its log the client has.
        self.log_start = 0
        #: What it is still to send, and the future its sender waits on while there is none
        #: (`next`): a deque and one future, not an `asyncio.Queue`, whose bookkeeping (its
        #: loop check, its unfinished count and event, its list of getters) every push paid.
        self._outbox: deque[object] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self.loop = asyncio.get_running_loop()
        self._state_queued = False
        #: Whether its client takes deltas (`meeple.server.deltas`), and the last position
        #: sent, which the next delta is computed from (kept only for a client that takes
        #: deltas), and its version.
        self.deltas = False
        self.sent: dict[str, Any] | None = None
        self.sent_version: int | None = None
        #: The next position is sent whole / as a delta from this parked version.
        self.full_next = False
        self.resume_from: int | None = None
        #: The number of the last chat line sent (`meeple.server.store.ChatLine`).
        self.chat_seen = 0
        self._chat_queued = False
        #: Whether its client takes the answers to its requests in the next position sent
        #: (``?answers=1``, `take_answers`) rather than as frames of their own.
        self.answers_in_positions = False

    def want_state(self) -> None:
        """Queue a push of the newest position (once, however many changes come first)."""
        if not self._state_queued:
            self._state_queued = True
            self._put(STATE)

    def want_chat(self) -> None:
        """Queue a push of the chat lines not yet sent (once, however many come first)."""
        if not self._chat_queued:
            self._chat_queued = True
            self._put(CHAT)

    def reply(self, message: dict[str, Any]) -> None:
        self._put(message)

    def take_answers(self) -> list[dict[str, Any]]:
        """The answers waiting to be sent, taken out of the outbox in order, to go in the
        position about to be made: every request they answer was decided before it, so it
        shows their effect. A move's answer and the position it led to then go as one frame:
        each frame is a system call that wakes the reader, a good part of a move's CPU here
        (docs/benchmarks.md, "Session 29")."""
        answers = [item for item in self._outbox if _is_answer(item)]
        if answers:
            self._outbox = deque(item for item in self._outbox if not _is_answer(item))
        return answers

    def _put(self, item: object) -> None:
        self._outbox.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    async def next(self) -> object:
        """The next thing to send, in the order they came (waits for one)."""
        while not self._outbox:
            self._waiter = self.loop.create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        item = self._outbox.popleft()
        if item is STATE:
            self._state_queued = False
        elif item is CHAT:
            self._chat_queued = False
        return item


def _is_answer(item: object) -> TypeGuard[dict[str, Any]]:
    return type(item) is dict and item.get("type") == "answer"


class Hub:
    """Every open connection, by table."""

    def __init__(self, after_pushes: Callable[[str], None] = lambda _table_id: None) -> None:
        self._tables: dict[str, set[Connection]] = {}
        self._lock = threading.Lock()
        #: The last positions of closed connections, for clients that connect again.
        self.parked = Parked()
        #: Called with a table's id once the pushes of its change are made (on the loop of
        #: its connections): the server forgets the views made for them
        #: (`TableService.forget_views`).
        self.after_pushes = after_pushes

    def add(self, connection: Connection) -> None:
        with self._lock:
            self._tables.setdefault(connection.table_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        with self._lock:
            connections = self._tables.get(connection.table_id, set())
            connections.discard(connection)
            if not connections:
                self._tables.pop(connection.table_id, None)
        self.parked.keep(connection)

    def changed(self, table_id: str, _version: int) -> None:
        """A table changed (called from any thread): every connection to it will re-sync,
        from the loop's next turn. Not at once: a change's pushes then went out before the
        loop had read the moves that came meanwhile, the mover's own next one among them,
        and clients that move again before their answer comes met stale refusals by the
        hundred (the load benchmark at no think time: 223 in 800 moves, 0 to 33 before)."""
        self._tell(table_id, functools.partial(self._want_states, table_id))

    def chatted(self, table_id: str) -> None:
        """A table's chat has a new line (called from any thread): every connection to it will
        be sent the lines it has not had (those its reader may read)."""
        self._tell(table_id, _want_chats)

    def _want_states(self, table_id: str, connections: list[Connection]) -> None:
        """Wake each connection's sender, then call `after_pushes`: queued after the senders'
        turns, it runs once they have made their pushes (each in one turn, unless its read
        waits behind a change of the table, and then it makes its views again). Kept until
        the next change, the views were most of what each collection of the young
        generation walked (docs/benchmarks.md, "Session 27")."""
        for connection in connections:
            connection.want_state()
        connections[0].loop.call_soon(self.after_pushes, table_id)

    def _tell(self, table_id: str, want: Callable[[list[Connection]], None]) -> None:
        with self._lock:
            connections = list(self._tables.get(table_id, ()))
        by_loop: dict[asyncio.AbstractEventLoop, list[Connection]] = {}
        for connection in connections:
            by_loop.setdefault(connection.loop, []).append(connection)
        try:
            here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # a thread without a loop (another process's notification)
            here = None
        for loop, waiting in by_loop.items():
            if loop is here:  # the owner's change, on the loop: no wake-up of it needed
                loop.call_soon(want, waiting)
            else:  # one wake-up of each other loop, not one a connection
                loop.call_soon_threadsafe(want, waiting)


def _want_chats(connections: list[Connection]) -> None:
    for connection in connections:
        connection.want_chat()
