"""The store's append benchmark (`benchmarks/bench_store_appends.py`) measures what it says: its
second layout really is a moves table without rowid, and every move it times is stored, in
either layout, whatever the commit size."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
from sqlalchemy import text

BENCH = Path(__file__).parents[2] / "benchmarks" / "bench_store_appends.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_store_appends", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def moves_table(store) -> str:
    with store.engine.connect() as connection:
        return connection.execute(
            text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'moves'")
        ).scalar_one()


@pytest.mark.parametrize("rowid", [True, False])
@pytest.mark.parametrize("batch", [1, 3])
def test_every_timed_move_is_stored_in_the_layout_asked_for(bench, tmp_path, rowid, batch):
    store, ids = bench.new_store(tmp_path, "store", 5, rowid)
    try:
        assert ("WITHOUT ROWID" in moves_table(store)) is not rowid
        assert "uq_moves_nonce" in moves_table(store)  # the nonce stays unique
        figure = bench.cpu_a_move(store, ids, 30, batch, seed=1)
        assert figure > 0
        with store.engine.connect() as connection:
            stored = connection.execute(text("SELECT COUNT(*) FROM moves")).scalar_one()
            versions = connection.execute(text("SELECT SUM(version) FROM tables")).scalar_one()
        assert stored == 30 == versions  # each move raised its table's version by one
    finally:
        store.close()
