"""The moves of every table written in batches by one thread (issue 25), on SQLite and on
PostgreSQL: a batch is one transaction, each append in it stands or falls alone, and each owner
hears of its own; while several tables are moving the writer waits a little for more."""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import a_table as stored_table
from sqlalchemy import event

from meeple.server.appends import AppendWriter, Gathering
from meeple.server.schema import MOVE
from meeple.server.store import Append, Conflict, Store, StoredMove


@pytest.fixture
def store(db_url):
    store = Store(db_url)
    yield store
    store.close()


def a_table(store: Store, table_id: str) -> str:
    store.create_table(stored_table(table_id))
    return table_id


def a_move(table_id: str, version: int, nonce: str) -> Append:
    entry = StoredMove(version, 0, MOVE, {"kind": "end_turn"}, nonce, 1.0)
    return Append(table_id, entry, False, version)


def test_a_conflict_in_a_batch_falls_alone(store):
    a, b, c = (a_table(store, name) for name in ("ta", "tb", "tc"))
    results = store.append_all(
        [
            a_move(a, 1, "n1"),
            a_move(b, 2, "n1"),  # b is at version 0: version 2 comes too early
            a_move(c, 1, "n1"),
            a_move(a, 2, "n1"),  # the nonce of a's first move again
            a_move(a, 2, "n2"),
        ]
    )
    assert [type(result) for result in results] == [
        type(None),
        Conflict,
        type(None),
        Conflict,
        type(None),
    ]
    assert [(e.version, e.nonce) for e in store.log_since(a, 0)] == [(1, "n1"), (2, "n2")]
    assert store.log_since(b, 0) == []
    assert [e.version for e in store.log_since(c, 0)] == [1]
    assert (store.version(a), store.version(b), store.version(c)) == (2, 0, 1)


def test_the_writer_answers_each_owner_and_batches_what_queued(store, monkeypatch):
    tables = [a_table(store, f"t{i}") for i in range(20)]
    batches: list[int] = []
    append_all = store.append_all

    def counted(appends):
        batches.append(len(appends))
        return append_all(appends)

    monkeypatch.setattr(store, "append_all", counted)

    async def play() -> list[BaseException | None]:
        writer = AppendWriter(store, asyncio.get_running_loop())
        futures = [writer.append(a_move(t, 1, "n1")) for t in tables]
        futures.append(writer.append(a_move(tables[0], 5, "n2")))  # a conflict
        results = await asyncio.gather(*futures, return_exceptions=True)
        await asyncio.to_thread(writer.stop)
        return results

    results = asyncio.run(play())
    assert results[:20] == [None] * 20
    assert isinstance(results[20], Conflict)
    assert [store.version(t) for t in tables] == [1] * 20
    assert sum(batches) == 21
    assert len(batches) < 21, "every append was a transaction of its own"


def test_a_failing_store_fails_the_whole_batch(store, monkeypatch):
    tables = [a_table(store, f"t{i}") for i in range(3)]

    def broken(appends):
        raise OSError("disk full")

    monkeypatch.setattr(store, "append_all", broken)

    async def play() -> list[BaseException | None]:
        writer = AppendWriter(store, asyncio.get_running_loop())
        futures = [writer.append(a_move(t, 1, "n1")) for t in tables]
        results = await asyncio.gather(*futures, return_exceptions=True)
        await asyncio.to_thread(writer.stop)
        return results

    results = asyncio.run(play())
    assert all(isinstance(result, OSError) for result in results)
    assert [store.version(t) for t in tables] == [0, 0, 0]


def test_a_stopped_writer_takes_no_more(store):
    async def play() -> None:
        writer = AppendWriter(store, asyncio.get_running_loop())
        await asyncio.to_thread(writer.stop)
        with pytest.raises(RuntimeError, match="stopped"):
            writer.append(a_move(a_table(store, "late"), 1, "n1"))

    asyncio.run(play())


def test_the_batched_appends_keep_one_connection_and_give_it_back_after_an_error(store):
    checkouts: list[object] = []
    event.listen(store.engine, "checkout", lambda *args: checkouts.append(args[0]))
    a, b = a_table(store, "ta"), a_table(store, "tb")
    checkouts.clear()
    for version in (1, 2, 3):
        assert store.append_all([a_move(a, version, f"n{version}")]) == [None]
    assert len(checkouts) == 1, "each batch checked a connection out of the pool"
    with pytest.raises(RuntimeError), store._appending.transaction():
        raise RuntimeError("the driver failed")
    assert store._appending._connection is None, "a connection that failed was kept"
    assert store.append_all([a_move(b, 1, "n1")]) == [None]
    assert len(checkouts) == 2, "the next batch did not check out another connection"
    assert [e.version for e in store.log_since(b, 0)] == [1]


class FakeTime:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.now += seconds


def pending(table_id: str) -> tuple[Append, object]:
    return (a_move(table_id, 1, "n1"), None)


def test_the_writer_waits_for_more_only_while_several_tables_are_moving():
    time = FakeTime()
    gathering = Gathering(0.003, 0.01, clock=time.clock, sleep=time.sleep)
    waits = []
    for at, table in [
        (0.0, "a"),  # the first batch: nothing came before it
        (0.004, "a"),  # the same table again: its next move waits for this one's answer
        (0.008, "b"),  # another table 4 ms later: others are moving
        (0.013, "c"),  # and another (the last batch's first came 5 ms ago, waited 3 ms)
        (0.5, "d"),  # half a second later: nobody else is moving
    ]:
        time.now = 100.0 + at
        before = len(time.slept)
        gathering(pending(table))  # type: ignore[arg-type]
        waits.append(time.slept[before:])
    assert waits == [[], [], [0.003], [0.003], []]


def test_a_waiting_writer_takes_the_appends_that_came_meanwhile_into_its_batch(store, monkeypatch):
    a, b, c = (a_table(store, name) for name in ("ta", "tb", "tc"))
    batches: list[list[str]] = []
    append_all = store.append_all

    def seen(appends):
        batches.append([append.table_id for append in appends])
        return append_all(appends)

    monkeypatch.setattr(store, "append_all", seen)

    async def play() -> None:
        loop = asyncio.get_running_loop()
        # Wide margins: the writer waits 0.3 s, and c's move comes 0.05 s after b's.
        writer = AppendWriter(store, loop, Gathering(0.3, busy_within=5.0))
        await writer.append(a_move(a, 1, "n1"))
        second = writer.append(a_move(b, 1, "n1"))
        await asyncio.sleep(0.05)
        third = writer.append(a_move(c, 1, "n1"))
        await asyncio.gather(second, third)
        await asyncio.to_thread(writer.stop)

    asyncio.run(play())
    assert batches == [[a], [b, c]]
    assert (store.version(a), store.version(b), store.version(c)) == (1, 1, 1)
