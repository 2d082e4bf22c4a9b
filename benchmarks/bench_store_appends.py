"""The store's CPU a move, by how many moves a commit holds: `Store.append_all` on SQLite.

The server's writer commits the moves that queued while it waited (`meeple.server.appends`):
at 500 tables and a second's think, one or two a commit. This script times the real store's
batched appends on a fresh SQLite file, with nothing else in the process: N tables made through
the store, then moves appended to tables drawn at random, K to a commit, and a passive
checkpoint every 2,000 moves (the server's checkpoint thread makes them by time). The figure is
the process's CPU a move (its checkpoint thread included), which tells what a larger batch
saves, and what a change of the moves table's layout would.

    PYTHONPATH=src python benchmarks/bench_store_appends.py [--tables 500] [--moves 20000]
        [--batch 1 2 4 8] [--rounds 3] [--without-rowid]

``--without-rowid`` times each batch size a second time with the moves table rebuilt ``WITHOUT
ROWID`` (its primary key, the table and version, then holds the rows: one B-tree fewer to write
a move into), the two layouts alternating round by round.
"""

from __future__ import annotations

import argparse
import random
import secrets
import statistics
import tempfile
import time
from pathlib import Path

from sqlalchemy import text

from meeple.server.store import (
    MOVE,
    Append,
    Store,
    StoredMove,
    StoredSeat,
    StoredTable,
)

#: Moves between two passive checkpoints.
CHECKPOINT_EVERY_MOVES = 2_000
#: An action's JSON of a typical size.
ACTION = {"type": "walk", "src": 12, "dst": 13}


def without_rowid(store: Store) -> None:
    """Rebuild the (empty) moves table of `store` ``WITHOUT ROWID``, with the same columns and
    constraints."""
    with store.engine.begin() as connection:
        made = connection.execute(
            text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'moves'")
        ).scalar_one()
        connection.execute(text("DROP TABLE moves"))
        connection.execute(text(f"{made} WITHOUT ROWID"))


def new_store(folder: Path, name: str, tables: int, rowid: bool) -> tuple[Store, list[str]]:
    store = Store(f"sqlite:///{folder / name}.db")
    if not rowid:
        without_rowid(store)
    ids = []
    for _ in range(tables):
        table = StoredTable(
            id=secrets.token_hex(8),
            game="tikal",
            options={"players": 2},
            seed=1,
            admin_hash="a" * 64,
            seats=[StoredSeat(0, "human"), StoredSeat(1, "human")],
        )
        store.create_table(table)
        ids.append(table.id)
    return store, ids


def cpu_a_move(store: Store, ids: list[str], moves: int, batch: int, seed: int) -> float:
    """Microseconds of the process's CPU a move over `moves` moves, `batch` to a commit."""
    rng = random.Random(seed)
    versions = dict.fromkeys(ids, 0)
    start = time.process_time()
    done = 0
    while done < moves:
        appends = []
        for _ in range(batch):
            table_id = rng.choice(ids)
            version = versions[table_id] = versions[table_id] + 1
            entry = StoredMove(version, version % 2, MOVE, ACTION, secrets.token_hex(12), 0.0)
            appends.append(Append(table_id, entry, False, version))
        results = store.append_all(appends)
        assert results == [None] * batch, results
        done += batch
        if done % CHECKPOINT_EVERY_MOVES < batch:
            with store.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
    return 1e6 * (time.process_time() - start) / done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--moves", type=int, default=20_000, help="moves a measure")
    parser.add_argument("--batch", type=int, nargs="+", default=[1, 2, 4, 8])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--without-rowid", action="store_true")
    args = parser.parse_args()
    layouts = [True, False] if args.without_rowid else [True]
    figures: dict[tuple[bool, int], list[float]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for round_ in range(args.rounds):
            for batch in args.batch:
                for rowid in layouts:
                    name = f"r{round_}-b{batch}-{'rowid' if rowid else 'without'}"
                    store, ids = new_store(Path(folder), name, args.tables, rowid)
                    try:
                        figure = cpu_a_move(store, ids, args.moves, batch, round_)
                    finally:
                        store.close()
                    figures.setdefault((rowid, batch), []).append(figure)
    print(f"{args.tables} tables, {args.moves} moves a measure, {args.rounds} rounds")
    print("layout         batch  µs a move (median, range)")
    for (rowid, batch), found in figures.items():
        layout = "rowid" if rowid else "without rowid"
        print(
            f"{layout:<14} {batch:>5}  {statistics.median(found):6.1f} "
            f"({min(found):.1f}–{max(found):.1f})"
        )


if __name__ == "__main__":
    main()
