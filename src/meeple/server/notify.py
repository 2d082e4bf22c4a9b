"""Several server processes on one PostgreSQL database: each tells the others which tables it
changed, and hears of theirs (LISTEN/NOTIFY).

A notification carries the table id, its new version and which process sent it (so that a
process skips its own), never a position: a process that hears of another's change brings the
table in memory up to date from the store (`TableService.heard`) and tells its connected
clients to re-sync (the hub asks for each seat's payload). In the server the catching up is a
request to the table's owner (`meeple.server.owners.FromThread`), and the notifications are sent
from a thread of its own, in the order of the changes (those queued meanwhile in one statement),
so the event loop never waits for them.

Bot seats are not driven from here: the process that stored a change drives the bot seats it
leaves to move, so that each decision is computed once (docs/deploying.md). On SQLite
there is one process and nothing to do.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
from collections.abc import Callable
from typing import Protocol

import psycopg
from sqlalchemy.engine import make_url

from meeple.server.batches import STOP, serve_batches
from meeple.server.service import Listener
from meeple.server.store import Store

log = logging.getLogger(__name__)

CHANNEL = "meeple_tables"
#: One notification for each payload of a list, in one statement: the function scan of
#: `unnest` calls `pg_notify` row by row, in the array's order.
NOTIFY_ALL = "SELECT pg_notify(%s, payload) FROM unnest(%s::text[]) AS sent(payload)"
#: Seconds between looks at whether the listener is to stop.
POLL = 0.5
#: Seconds to wait before connecting again after the database went away.
RECONNECT_DELAY = 1.0

Changed = Callable[[str, int], None]
Chatted = Callable[[str], None]

#: The version a notification names for a new chat line rather than a change of the game.
CHAT_LINE = -1


class Tables(Protocol):
    """What the watch asks of the tables: a `TableService`, or in the server its owners
    (`meeple.server.owners.FromThread`)."""

    def heard(self, table_id: str, version: int) -> bool: ...

    def forget_all(self) -> list[str]: ...

    def subscribe(self, listener: Listener) -> None: ...


def listen_url(url: str) -> str:
    """A libpq connection URL for the database of an SQLAlchemy URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class TableWatch:
    """Sends a notification for every change the service announces, and hears the others'
    on a connection and thread of its own."""

    def __init__(
        self, store: Store, tables: Tables, changed: Changed, chatted: Chatted | None = None
    ) -> None:
        self.store = store
        self.tables = tables
        self.changed = changed
        self.chatted = chatted
        #: This process, in its notifications.
        self.origin = secrets.token_hex(8)
        self._stop = threading.Event()
        #: The changes to announce, and at the end a None (stop).
        self._outbox: queue.SimpleQueue[tuple[str, int] | None] = queue.SimpleQueue()
        self._sending: psycopg.Connection[tuple[object, ...]] | None = None
        self._sender = threading.Thread(target=self._send, name="table-notify", daemon=True)
        self._sender.start()
        self._connection: psycopg.Connection[tuple[object, ...]] | None = self._connect()
        self._thread = threading.Thread(target=self._listen, name="table-watch", daemon=True)
        self._thread.start()
        tables.subscribe(self.announce)

    def _connect(self) -> psycopg.Connection[tuple[object, ...]]:
        connection = psycopg.connect(listen_url(self.store.url), autocommit=True)
        connection.execute(f"LISTEN {CHANNEL}")
        return connection

    def announce(self, table_id: str, version: int) -> None:
        """Tell the other processes (after the change is committed), from the sender's
        thread, in order."""
        self._outbox.put((table_id, version))

    def announce_chat(self, table_id: str) -> None:
        """Tell the other processes that the table's chat has a new line."""
        self._outbox.put((table_id, CHAT_LINE))

    def _send(self) -> None:
        """The sender's thread: what has queued since its last look goes out in one
        statement, on a connection of its own (no transaction and no pool: under load one
        announcement a move cost a process more than the move's own commit)."""
        serve_batches(self._outbox, self._notify)

    def _notify(self, changes: list[tuple[str, int]]) -> None:
        payloads = [f"{self.origin} {table_id} {version}" for table_id, version in changes]
        for attempt in range(2):  # once more on a new connection if the database went away
            try:
                if self._sending is None:
                    self._sending = psycopg.connect(listen_url(self.store.url), autocommit=True)
                self._sending.execute(NOTIFY_ALL, (CHANNEL, payloads))
                return
            except psycopg.Error:
                if self._sending is not None:
                    self._sending.close()
                    self._sending = None
                if attempt:
                    log.exception("could not tell the other processes of %d changes", len(changes))

    def heard(self, payload: str) -> None:
        try:
            origin, table_id, number = payload.split(" ")
            version = int(number)
        except ValueError:
            log.warning("ignored a notification that is not ours: %r", payload)
            return
        if origin == self.origin:
            return
        if version == CHAT_LINE:
            if self.chatted is not None:
                self.chatted(table_id)
            return
        try:
            newer = self.tables.heard(table_id, version)
        except Exception:  # the table is dropped from memory: the store stays the truth
            log.exception("could not bring table %s up to version %d", table_id, version)
            newer = True
        if newer:
            self.changed(table_id, version)

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                if self._connection is None:
                    self._connection = self._connect()
                    self._missed()
                for notification in self._connection.notifies(timeout=POLL):
                    self.heard(notification.payload)
            except psycopg.Error:
                log.warning("lost the notifications of other processes; connecting again")
                self._close()
                self._stop.wait(RECONNECT_DELAY)

    def _missed(self) -> None:
        """After a reconnection: changes may have been missed, so every table is reloaded
        and its clients re-synced."""
        for table_id in self.tables.forget_all():
            self.changed(table_id, self.store.version(table_id))

    def _close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()
        self._outbox.put(STOP)
        self._sender.join()
        if self._sending is not None:
            self._sending.close()
        self._close()


def watch(
    store: Store, tables: Tables, changed: Changed, chatted: Chatted | None = None
) -> TableWatch | None:
    """Watch the other processes on a shared database (PostgreSQL); None on SQLite."""
    return TableWatch(store, tables, changed, chatted) if store.shared else None
