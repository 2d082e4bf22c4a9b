"""The server's memory under requests for unknown tables and after many finished tables.

Run:  .venv/bin/python benchmarks/bench_server_memory.py [--unknown 100000]
      [--finished 10000] [--max-tables 1000] [--json]

Everything goes through the tables' owners (`meeple.server.owners.Owners`), as the web app's
requests do, on an SQLite file in a temporary directory:

1. ``--unknown`` requests for ids that name no table (plausible 16-character ids, so each one
   reaches the store): a seat check, a push's payload and a move, in turn. Python's allocated
   blocks and the process's resident memory are compared across them, after a warm-up
   (`tracemalloc` would triple the time; `tests/server/test_server_holes.py` traces a few
   hundred such requests over HTTP).
2. ``--finished`` finished tables, each opened by a spectator (its payload), as a server
   that served them one after another would: a Tikal game is played to its end once through
   the owners, its log is copied in the database to the other tables (a copy costs a row
   copy; playing each would cost half a second of engine time), and each table is then
   loaded from the store by its request, replaying its 300-odd moves and narrating each for
   every reader (about 45 ms of CPU a table here since Tikal narrates a move once for all
   readers: 10,000 tables in 16 minutes on a shared core; docs/benchmarks.md, issue 25). The
   process's resident memory and Python's allocated blocks are sampled ten times on the way,
   and the wall and CPU seconds of the openings are given (CPU: the whole process's, the
   store threads' included).

A process that keeps what it loaded grows with each finished table; one that keeps at most
``--max-tables`` stays flat once that many were loaded.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy import text

from meeple.server.hub import Hub
from meeple.server.owners import Owners
from meeple.server.service import SeatChoice, TableError, TableService
from meeple.server.store import Store

GAME, SEED = "tikal", 1
HUMANS = [SeatChoice(), SeatChoice()]


def rss_mb() -> float:
    """This process's resident memory (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def unknown_requests(owners: Owners, count: int, start: int) -> None:
    for number in range(start, start + count):
        table_id = f"x{number:015d}"
        try:
            if number % 3 == 0:
                await owners.seat_for(table_id, "whatever")
            elif number % 3 == 1:
                await owners.payload_if_held(table_id, None, None)
            else:
                await owners.move(table_id, 0, {"kind": "pass"}, 0, f"n{number}")
        except TableError:
            continue
        raise AssertionError(f"{table_id} is not a table")


async def play_to_the_end(owners: Owners, service: TableService) -> str:
    """One table of `GAME`, played at random through the owners until it is over."""
    created = await owners.create(GAME, {"players": 2}, HUMANS)
    table_id = created.id
    rng = random.Random(SEED)
    while True:
        table = service._live(table_id)
        if table.state.is_over():
            return table_id
        seat = table.state.to_move()[0]
        action = rng.choice(table.state.legal_actions(seat)).to_json()
        answer = await owners.move(table_id, seat, action, table.version, f"n{table.version}")
        assert answer.ok, answer


def copy_tables(store: Store, original: str, count: int) -> list[str]:
    """`count` new tables of the same seed with `original`'s log (so each one is over), made
    by a service of their own (the owners hear of none of them)."""
    stored = store.load_table(original)
    assert stored is not None
    maker = TableService(store)
    ids = [maker.create(GAME, {"players": 2}, HUMANS, seed=stored.seed).id for _ in range(count)]
    with store.engine.begin() as connection:
        for table_id in ids:
            connection.execute(
                text(
                    "INSERT INTO moves (table_id, version, seat, kind, action, nonce, created_at) "
                    "SELECT :copy, version, seat, kind, action, nonce, created_at FROM moves "
                    "WHERE table_id = :original"
                ),
                {"copy": table_id, "original": original},
            )
            connection.execute(
                text("UPDATE tables SET version = :version, status = 'over' WHERE id = :copy"),
                {"version": stored.version, "copy": table_id},
            )
    return ids


async def measure(args: argparse.Namespace, scratch: Path) -> dict[str, Any]:
    store = Store(f"sqlite:///{scratch / 'memory.db'}")
    service = TableService(store, max_tables=args.max_tables)
    hub = Hub()
    service.subscribe(hub.changed)
    owners = Owners(service, idle_seconds=3600)
    figures: dict[str, Any] = {"max_tables": args.max_tables}
    try:
        await unknown_requests(owners, 1000, 0)  # warm every path up
        gc.collect()
        rss_before, blocks_before = rss_mb(), sys.getallocatedblocks()
        started = time.perf_counter()
        await unknown_requests(owners, args.unknown, 10**6)
        seconds = time.perf_counter() - started
        gc.collect()
        figures["unknown"] = {
            "requests": args.unknown,
            "seconds": round(seconds, 1),
            "blocks_growth": sys.getallocatedblocks() - blocks_before,
            "rss_before_mb": round(rss_before, 1),
            "rss_after_mb": round(rss_mb(), 1),
            "tables_in_memory": len(service._tables),
            "owners": len(owners._owners),
        }

        original = await play_to_the_end(owners, service)
        copies = copy_tables(store, original, args.finished)
        samples = []
        every = max(1, len(copies) // 10)
        started, cpu = time.perf_counter(), time.process_time()
        for done, table_id in enumerate(copies, 1):
            payload = await owners.payload(table_id, None)
            assert payload["over"]
            if done % every == 0 or done == len(copies):
                gc.collect()
                samples.append(
                    {
                        "tables": done,
                        "rss_mb": round(rss_mb(), 1),
                        "blocks": sys.getallocatedblocks(),
                        "in_memory": len(service._tables),
                    }
                )
        figures["finished"] = {
            "tables": len(copies),
            "moves_each": service._live(original).version,
            "seconds": round(time.perf_counter() - started, 1),
            "cpu_seconds": round(time.process_time() - cpu, 1),
            "samples": samples,
        }
    finally:
        await owners.close()
        store.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--unknown", type=int, default=100_000, help="requests for unknown ids")
    parser.add_argument("--finished", type=int, default=10_000, help="finished tables opened")
    parser.add_argument("--max-tables", type=int, default=1000, help="the server's bound")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        figures = asyncio.run(measure(args, Path(scratch)))
    if args.json:
        print(json.dumps(figures))
        return
    unknown = figures["unknown"]
    print(
        f"{unknown['requests']} requests for unknown ids in {unknown['seconds']} s: allocated "
        f"blocks {unknown['blocks_growth']:+}, RSS {unknown['rss_before_mb']} -> "
        f"{unknown['rss_after_mb']} MB; left in memory: {unknown['tables_in_memory']} tables, "
        f"{unknown['owners']} owners"
    )
    finished = figures["finished"]
    print(
        f"{finished['tables']} finished tables of {finished['moves_each']} moves opened in "
        f"{finished['seconds']} s, {finished['cpu_seconds']} s of CPU (at most "
        f"{figures['max_tables']} in memory):"
    )
    print("  tables  RSS MB  allocated blocks  in memory")
    for sample in finished["samples"]:
        print(
            f"  {sample['tables']:6d} {sample['rss_mb']:7.1f} {sample['blocks']:17d} "
            f"{sample['in_memory']:10d}"
        )


if __name__ == "__main__":
    main()
