"""SQLite's write-ahead log copied into the database file by a thread of its own.

In WAL mode a commit only appends to the log; a checkpoint later copies the log into the
database file and syncs it to disk. SQLite's automatic checkpoint runs inside whichever commit
makes the log pass 1,000 pages, and its syncs took up to 43 ms each here (about one commit in
70 under load). Moves are stored on the server's event loop, so every such commit stalled
every table (docs/benchmarks.md, "The third pass"). The store turns the automatic checkpoint
off (``PRAGMA wal_autocheckpoint=0``) and this thread checkpoints instead: a PASSIVE
checkpoint neither waits for nor blocks the writer, and SQLite lets go of Python's GIL while
it syncs.
"""

from __future__ import annotations

import logging
import threading

from sqlalchemy import Engine

log = logging.getLogger(__name__)

#: Seconds between checkpoints: the log then holds about a second of moves.
CHECKPOINT_EVERY = 1.0


class Checkpoints:
    """Checkpoints `engine`'s SQLite database every `every` seconds until `stop`."""

    def __init__(self, engine: Engine, every: float = CHECKPOINT_EVERY) -> None:
        self.engine = engine
        self.every = every
        #: How many checkpoints the thread has made (read by the tests).
        self.made = 0
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)
        self._thread.start()

    def checkpoint(self) -> tuple[int, int, int]:
        """One PASSIVE checkpoint: SQLite's (busy, frames in the log, frames copied)."""
        with self.engine.connect() as connection:
            busy, frames, copied = connection.exec_driver_sql(
                "PRAGMA wal_checkpoint(PASSIVE)"
            ).one()
        return busy, frames, copied

    def _run(self) -> None:
        while not self._stopped.wait(self.every):
            try:
                self.checkpoint()
                self.made += 1
            except Exception:  # a failed checkpoint loses nothing: the log keeps every commit
                log.exception("checkpoint of the SQLite log failed; trying again")

    def stop(self) -> None:
        """Stop the thread (the last connection to close checkpoints what is left)."""
        self._stopped.set()
        self._thread.join()
