"""The tables a process holds in memory: least recently used first, with a bound.

A table in memory is only a cache of its store (the store is the truth): dropping one costs a
reload from its log when it is next asked for. So the memory of a long-running server is
bounded by `limit` tables, whatever it served before, and tables nobody asked for in a while
(`idle`) go first. A table being changed (`pin`, between its engine's move and the store's
commit) is never dropped: the change would be made on a copy nobody holds.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Iterator

from meeple.server.live import LiveTable


class Loaded:
    """Table id -> `LiveTable`, the least recently used first."""

    def __init__(self, limit: int, clock: Callable[[], float] = time.monotonic) -> None:
        if limit < 1:
            raise ValueError("a process holds at least one table in memory")
        self.limit = limit
        self._clock = clock
        self._tables: OrderedDict[str, tuple[LiveTable, float]] = OrderedDict()
        self._pinned: set[str] = set()

    def __len__(self) -> int:
        return len(self._tables)

    def __contains__(self, table_id: object) -> bool:
        return table_id in self._tables

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._tables))

    def __getitem__(self, table_id: str) -> LiveTable:
        """The table in memory, as it is (not counted as a use)."""
        return self._tables[table_id][0]

    def get(self, table_id: str) -> LiveTable | None:
        """The table if it is in memory (it becomes the most recently used)."""
        found = self._tables.get(table_id)
        if found is None:
            return None
        self._tables[table_id] = (found[0], self._clock())
        self._tables.move_to_end(table_id)
        return found[0]

    def put(self, table: LiveTable) -> None:
        """Hold `table`, dropping the least recently used beyond the limit."""
        self._tables[table.id] = (table, self._clock())
        self._tables.move_to_end(table.id)
        while len(self._tables) > self.limit:
            oldest = next((t for t in self._tables if t not in self._pinned), None)
            if oldest is None:
                break  # every table held is being changed: the bound waits for one to end
            del self._tables[oldest]

    def drop(self, table_id: str) -> None:
        self._tables.pop(table_id, None)

    def clear(self) -> None:
        self._tables.clear()

    def drop_idle(self, seconds: float, finished_seconds: float) -> list[str]:
        """Drop the tables unused for `seconds` (a finished game's: `finished_seconds`);
        returns their ids."""
        now = self._clock()
        dropped = []
        for table_id, (table, used) in list(self._tables.items()):
            if table_id in self._pinned:
                continue
            idle = now - used
            if idle < min(seconds, finished_seconds):
                break  # the rest were used later still
            if idle >= seconds or (idle >= finished_seconds and table.state.is_over()):
                del self._tables[table_id]
                dropped.append(table_id)
        return dropped

    def pin(self, table_id: str) -> None:
        """Keep the table in memory until `unpin` (a change of it is under way)."""
        self._pinned.add(table_id)

    def unpin(self, table_id: str) -> None:
        self._pinned.discard(table_id)
