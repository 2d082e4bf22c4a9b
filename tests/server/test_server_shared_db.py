"""Two services on one PostgreSQL database, as two server processes have: a process whose memory
is behind the database answers every move as an up-to-date one would (applied, stale or
repeated), and LISTEN/NOTIFY tells each process of the other's changes. Without a PostgreSQL,
these tests fail in CI and are skipped elsewhere, saying why."""

from __future__ import annotations

import queue
import random

import postgres
import psycopg
import pytest
from server_helpers import random_move

from meeple.server.notify import CHANNEL, TableWatch, listen_url
from meeple.server.service import SeatChoice, TableService
from meeple.server.store import Store

HUMANS = [SeatChoice(), SeatChoice()]


@pytest.fixture
def two(postgres_url):
    """Services A and B on one database, each with a store of its own."""
    stores = [Store(postgres_url), Store(postgres_url)]
    yield [TableService(store) for store in stores]
    for store in stores:
        store.close()


def loaded(service, table_id):
    """The table in the service's memory, loaded as the service loads it."""
    return service._live(table_id)


def test_a_process_behind_applies_a_move_chosen_on_the_newer_position(two):
    a, b = two
    table_id = a.create("tikal", {"players": 2}, HUMANS).id
    behind = loaded(b, table_id)
    rng = random.Random(1)
    seat, action = random_move(loaded(a, table_id).state, rng)
    assert a.move(table_id, seat, action, 0, "a1").ok
    assert behind.version == 0
    seat, action = random_move(loaded(a, table_id).state, rng)
    answer = b.move(table_id, seat, action, 1, "b1")
    assert answer.to_json() == {"ok": True, "version": 2}
    assert [m.nonce for m in b.store.load_table(table_id).log] == ["a1", "b1"]


def test_a_process_behind_refuses_a_stale_move_after_reloading(two):
    a, b = two
    table_id = a.create("tikal", {"players": 2}, HUMANS).id
    start = loaded(b, table_id).state
    seat = start.to_move()[0]
    first, second = start.legal_actions(seat)[:2]
    assert a.move(table_id, seat, first.to_json(), 0, "a1").ok
    answer = b.move(table_id, seat, second.to_json(), 0, "b1")
    assert (answer.ok, answer.rule, answer.version) == (False, "stale", 1)
    assert b.version(table_id) == 1 and b.store.version(table_id) == 1


def test_a_nonce_answered_by_one_process_is_repeated_by_the_other(two):
    a, b = two
    table_id = a.create("tikal", {"players": 2}, HUMANS).id
    loaded(b, table_id)
    seat, action = random_move(loaded(a, table_id).state, random.Random(2))
    assert a.move(table_id, seat, action, 0, "same").ok
    again = b.move(table_id, seat, action, 0, "same")
    assert again.to_json() == {"ok": True, "version": 1, "repeated": True}
    assert b.store.version(table_id) == 1


def test_a_process_catches_up_with_the_others_moves_and_undos(two):
    a, b = two
    table_id = a.create("tikal", {"players": 2}, HUMANS).id
    behind, ahead = loaded(b, table_id), loaded(a, table_id)
    rng = random.Random(4)
    while len(ahead.moves) < 3 or not ahead.moves[-1].undoable:
        seat, action = random_move(ahead.state, rng, ahead.state.to_move()[0])
        assert a.move(table_id, seat, action, ahead.version, f"p{ahead.version}").ok
    assert a.undo(table_id, ahead.moves[-1].seat, ahead.version, "undo").ok
    seat, action = random_move(ahead.state, rng, ahead.state.to_move()[0])
    assert a.move(table_id, seat, action, ahead.version, "last").ok
    assert b.heard(table_id, ahead.version)
    assert b._tables[table_id] is behind, "caught up in memory, not reloaded"
    assert behind.state.to_json() == ahead.state.to_json()
    assert [behind.payload(r) for r in (None, 0, 1)] == [ahead.payload(r) for r in (None, 0, 1)]
    assert not b.heard(table_id, ahead.version - 1), "an older notification changes nothing"


@pytest.mark.timeout(60)
def test_each_process_hears_the_others_changes_and_not_its_own(two):
    a, b = two
    heard = {name: queue.Queue() for name in "ab"}
    watches = [
        TableWatch(service.store, service, lambda t, v, name=name: heard[name].put((t, v)))
        for service, name in zip(two, "ab", strict=True)
    ]
    try:
        created = a.create("tikal", {"players": 2}, HUMANS)
        table_id = created.id
        assert heard["b"].get(timeout=10) == (table_id, 0)
        loaded(b, table_id)
        seat, action = random_move(loaded(a, table_id).state, random.Random(3))
        assert a.move(table_id, seat, action, 0, "a1").ok
        assert heard["b"].get(timeout=10) == (table_id, 1)
        assert b._tables[table_id].version == 1, "B caught up"
        assert b.version(table_id) == 1
        _, session = a.join(table_id, created.invites[0], "Ann")
        assert heard["b"].get(timeout=10) == (table_id, 1)
        assert b.seat_for(table_id, session) == 0, "B knows the seat's new session"
        assert heard["a"].empty(), "A heard only its own changes"
    finally:
        for watch in watches:
            watch.stop()


class Quiet:
    """Tables that hear of nothing: the watch only sends here."""

    def heard(self, table_id, version):
        return False

    def forget_all(self):
        return []

    def subscribe(self, listener):
        self.announce = listener


def test_changes_announced_at_once_reach_the_others_all_and_in_order(postgres_url):
    """The sender sends what queued meanwhile in one statement: nothing lost or reordered."""
    store = Store(postgres_url)
    tables = Quiet()
    watch = TableWatch(store, tables, lambda table_id, version: None)
    listener = psycopg.connect(listen_url(postgres_url), autocommit=True)
    listener.execute(f"LISTEN {CHANNEL}")
    try:
        changes = [(f"t{i % 7}", i) for i in range(300)]
        for table_id, version in changes:
            tables.announce(table_id, version)
        heard = []
        for notification in listener.notifies(timeout=10):
            origin, table_id, version = notification.payload.split(" ")
            assert origin == watch.origin
            heard.append((table_id, int(version)))
            if len(heard) == len(changes):
                break
        assert heard == changes
    finally:
        listener.close()
        watch.stop()
        store.close()


@pytest.mark.parametrize(
    ("ci", "outcome"), [("true", pytest.fail.Exception), (None, pytest.skip.Exception)]
)
def test_without_postgresql_ci_fails_and_a_developer_is_told(monkeypatch, ci, outcome):
    monkeypatch.delenv(postgres.ENV, raising=False)
    monkeypatch.setattr(postgres, "binaries", lambda: None)
    if ci is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", ci)
    with pytest.raises(outcome, match="no PostgreSQL"):
        next(postgres.postgres_server())
