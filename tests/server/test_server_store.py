"""The server's storage, on SQLite and on PostgreSQL: the migration builds the models' schema,
SQLite runs in WAL mode, the log is append-only with one entry per version and nonce, and
snapshots are a droppable cache."""

from __future__ import annotations

import time

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from server_helpers import a_table
from sqlalchemy import text

from meeple.server.schema import BOT, HUMAN, MOVE, OVER, UNDO, Base
from meeple.server.store import (
    Conflict,
    Store,
    StoredMove,
    StoredSnapshot,
)


@pytest.fixture
def store(db_url):
    store = Store(db_url)
    yield store
    store.close()


def test_the_migration_builds_exactly_the_models(store):
    with store.engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []


def test_sqlite_runs_in_wal_mode(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'wal.db'}")
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
    store.close()


@pytest.mark.timeout(30)
def test_sqlite_checkpoints_come_from_their_own_thread_not_from_commits(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'wal.db'}", checkpoint_every=0.05)
    store.create_table(a_table())
    with store.engine.connect() as connection:
        assert connection.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 0
    for version in range(1, 41):
        store.append(
            "t1", StoredMove(version, 0, MOVE, {"kind": "pass"}, f"n{version}", 1.0), False, 0
        )
    made = store.checkpoints.made
    while store.checkpoints.made < made + 2:  # two more: the second began after the appends
        time.sleep(0.01)
    busy, frames, copied = store.checkpoints.checkpoint()
    assert busy == 0 and frames == copied  # nothing left in the log that is not in the file
    assert [move.version for move in store.load_table("t1").log] == list(range(1, 41))
    store.close()
    assert not store.checkpoints._thread.is_alive()


def newest_revision():
    """The head of the migrations as Alembic reads their files."""
    from importlib import resources

    from alembic.config import Config
    from alembic.script import ScriptDirectory

    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("meeple.server").joinpath("migrations"))
    )
    return ScriptDirectory.from_config(config).get_current_head()


def test_migrating_again_changes_nothing(db_url):
    Store(db_url).close()
    store = Store(db_url)
    with store.engine.connect() as connection:
        assert (
            connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
            == newest_revision()
        )
    store.close()


def test_a_table_and_its_log_round_trip(store):
    store.create_table(a_table())
    store.append("t1", StoredMove(1, 0, MOVE, {"kind": "x"}, "n1"), over=False, keep_moves=1)
    store.append("t1", StoredMove(2, 0, UNDO, None, "n2"), over=True, keep_moves=0)
    loaded = store.load_table("t1")
    assert loaded is not None
    assert (loaded.version, loaded.status, loaded.seed) == (2, OVER, 7)
    assert [(m.version, m.kind, m.action, m.nonce) for m in loaded.log] == [
        (1, MOVE, {"kind": "x"}, "n1"),
        (2, UNDO, None, "n2"),
    ]
    assert [s.kind for s in loaded.seats] == [HUMAN, BOT]
    assert store.tables_to_resume() == []
    assert store.load_table("nope") is None


def test_a_version_or_a_nonce_is_stored_once(store):
    store.create_table(a_table())
    store.append("t1", StoredMove(1, 0, MOVE, {}, "n1"), over=False, keep_moves=1)
    with pytest.raises(Conflict):
        store.append("t1", StoredMove(1, 0, MOVE, {}, "n9"), over=False, keep_moves=1)
    with pytest.raises(Conflict):
        store.append("t1", StoredMove(2, 0, MOVE, {}, "n1"), over=False, keep_moves=2)
    with pytest.raises(Conflict):  # a gap: the table is not at version 2
        store.append("t1", StoredMove(3, 0, MOVE, {}, "n3"), over=False, keep_moves=3)
    loaded = store.load_table("t1")
    assert loaded is not None and [m.version for m in loaded.log] == [1]
    assert loaded.version == 1


def test_an_undo_drops_the_snapshots_it_makes_wrong(store):
    store.create_table(a_table())
    for version in (1, 2):
        store.append("t1", StoredMove(version, 0, MOVE, {}, f"n{version}"), False, version)
        store.save_snapshot("t1", StoredSnapshot(version, version, {"at": version}))
    assert store.latest_snapshot("t1", 5) == StoredSnapshot(2, 2, {"at": 2})
    store.append("t1", StoredMove(3, 0, UNDO, None, "n3"), over=False, keep_moves=1)
    assert store.latest_snapshot("t1", 5) == StoredSnapshot(1, 1, {"at": 1})
    assert store.latest_snapshot("t1", 0) is None


def test_binding_a_seat_keeps_only_hashes(store):
    store.create_table(a_table())
    store.bind_seat("t1", 0, "Ann", "c" * 64)
    loaded = store.load_table("t1")
    assert loaded is not None
    assert (loaded.seats[0].name, loaded.seats[0].session_hash) == ("Ann", "c" * 64)
