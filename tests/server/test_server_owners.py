"""One owner per table: its requests run in order (a read never sees a move that is not yet
stored), an unknown id leaves nothing behind, and the tables in memory keep to their bound."""

from __future__ import annotations

import asyncio
import random
import threading
from types import SimpleNamespace

import pytest
from server_helpers import random_move

from meeple.server.loaded import Loaded
from meeple.server.owners import Owners
from meeple.server.service import SeatChoice, TableError, TableService
from meeple.server.store import Store

HUMANS = [SeatChoice(), SeatChoice()]


@pytest.fixture
def store(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'owners.db'}")
    yield store
    store.close()


def test_a_read_waits_for_the_move_being_stored_and_sees_it_stored(store):
    service = TableService(store)
    created = service.create("tikal", {"players": 2}, HUMANS)
    seat, action = random_move(service._live(created.id).state, random.Random(1))
    storing, release = threading.Event(), threading.Event()
    # The owners' moves are written in batches (`Store.append_all`).
    append_all = store.append_all

    def slow_append_all(*args):
        storing.set()
        release.wait(10)
        return append_all(*args)

    store.append_all = slow_append_all

    async def scenario():
        owners = Owners(service, idle_seconds=60)
        try:
            move = asyncio.ensure_future(owners.move(created.id, seat, action, 0, "n1"))
            await asyncio.to_thread(storing.wait, 10)
            read = asyncio.ensure_future(owners.payload(created.id, None))
            await asyncio.sleep(0.05)
            assert not read.done(), "a read in the middle of a change"
            release.set()
            answer, payload = await move, await read
            assert answer.ok and payload["version"] == 1
            assert owners._owners == {}, "no owner is left once its queue is empty"
        finally:
            await owners.close()

    asyncio.run(scenario())


def test_an_unknown_id_is_refused_and_leaves_nothing_behind(store):
    service = TableService(store)

    async def scenario():
        owners = Owners(service, idle_seconds=60)
        try:
            for table_id in ("x" * 16, "y" * 9000):
                with pytest.raises(TableError):
                    await owners.move(table_id, 0, {}, 0, "n")
                with pytest.raises(TableError):
                    await owners.payload_if_held(table_id, None, None)
            assert owners._owners == {} and len(service._tables) == 0
        finally:
            await owners.close()

    asyncio.run(scenario())


def table(table_id, over=False):
    return SimpleNamespace(id=table_id, state=SimpleNamespace(is_over=lambda: over))


def test_the_least_recently_used_table_goes_first_unless_it_is_being_changed():
    loaded = Loaded(2)
    loaded.put(table("a"))
    loaded.put(table("b"))
    loaded.get("a")
    loaded.put(table("c"))
    assert list(loaded) == ["a", "c"]
    loaded.pin("a")
    loaded.put(table("d"))
    assert list(loaded) == ["a", "d"]


def test_idle_tables_leave_memory_and_finished_ones_sooner():
    now = [0.0]
    loaded = Loaded(10, clock=lambda: now[0])
    loaded.put(table("playing"))
    loaded.put(table("over", over=True))
    now[0] = 60
    loaded.put(table("fresh"))
    assert loaded.drop_idle(600, 60) == ["over"]
    now[0] = 600
    assert loaded.drop_idle(600, 60) == ["playing"]
    assert list(loaded) == ["fresh"]
