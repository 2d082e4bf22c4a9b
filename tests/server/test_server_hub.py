"""The hub's pushes (`meeple.server.hub`): a change wakes every connection of its table, and
`after_pushes` (the server forgets the change's views then) comes once their senders have
had their turn, not before."""

from __future__ import annotations

import asyncio

from meeple.server.hub import STATE, Connection, Hub


async def sender(connection: Connection, done: list[str], name: str) -> None:
    """A connection's send loop that pushes at once: it notes each push it makes."""
    while True:
        if await connection.next() is STATE:
            done.append(name)


def test_after_pushes_comes_once_every_connection_has_pushed():
    async def scenario() -> list[str]:
        done: list[str] = []
        hub = Hub(after_pushes=lambda table_id: done.append(f"after {table_id}"))
        connections = [Connection("t", seat) for seat in (0, 1, None)]
        other = Connection("u", 0)
        senders = [
            asyncio.create_task(sender(c, done, f"t{c.seat}")) for c in [*connections, other]
        ]
        await asyncio.sleep(0)  # every sender waits for its first item
        for connection in [*connections, other]:
            hub.add(connection)
        hub.changed("t", 1)
        hub.changed("t", 2)  # coalesced: one push each
        for _ in range(5):
            await asyncio.sleep(0)
        for task in senders:
            task.cancel()
        await asyncio.gather(*senders, return_exceptions=True)
        return done

    done = asyncio.run(scenario())
    assert sorted(done[:3]) == ["t0", "t1", "tNone"]
    assert done[3:] == ["after t", "after t"]
