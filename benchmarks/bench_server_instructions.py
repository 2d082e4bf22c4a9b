"""The server's own work a move, counted in instructions: the load benchmark's play without
uvicorn, sockets or a second process, so that two trees can be compared to a per cent on a
busy machine (`bench_server_load.py`'s CPU a move moved by ±5 % between runs of one tree).

The real app (`create_app`: its routes, owners, hub, store writer and SQLite in a temporary
folder) is driven over ASGI in this process: N tables of two human seats are made through
``POST /api/tables``, every seat connects to ``/ws/{table}`` with its Bearer credential, and
each seat plays as the load benchmark's seats do: when a position gives it legal actions it
waits its think time (uniform in [0, 2 × ``--think``] seconds, on the event loop's clock),
then sends a random legal action of the newest such position. A table stops after
``--moves`` moves. The seats' own work (reading frames, choosing) is timed apart and left out
of the CPU figure.

    PYTHONPATH=src python benchmarks/bench_server_instructions.py [--tables 50] [--moves 40]
        [--think 0.02] [--deltas]

prints the moves, the stale refusals, and the CPU a move (the server's threads, the seats'
part taken out). With ``--count TREE [TREE ...]`` it runs itself under valgrind (cachegrind)
for each source tree instead, twice (``--moves`` 10 and 40 at 20 tables, a 1 s think, which
keeps the moves one at a time as at 500 tables and a 1 s think), and prints the instructions
a move: the difference of the two runs over the difference of their moves, so the imports and
the tables' creation drop out (the seats' work stays in, the same in every tree).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import orjson

from cachegrind import counted

#: Both runs of ``--count``: (tables, moves a table).
COUNTED_RUNS = ((20, 10), (20, 40))
UNLIMITED = "1000000/second"


@dataclass
class Tally:
    moves: int = 0
    refused: int = 0
    #: CPU nanoseconds the seats spent in their own code.
    seats_ns: int = 0


@dataclass
class Table:
    id: str
    moves: int = 0
    seats: list[Seat] = field(default_factory=list)


async def request(app: Any, method: str, path: str, body: object) -> tuple[int, Any]:
    """One HTTP request to the ASGI app; its status and JSON body."""
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.Event().wait()  # no disconnect while the app answers
        sent = True
        return {"type": "http.request", "body": json.dumps(body).encode(), "more_body": False}

    answer: dict[str, Any] = {"body": b""}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            answer["status"] = message["status"]
        elif message["type"] == "http.response.body":
            answer["body"] += message.get("body", b"")

    await app(_scope("http", path, method=method), receive, send)
    return answer["status"], json.loads(answer["body"])


def _scope(kind: str, path: str, **more: Any) -> dict[str, Any]:
    return {
        "type": kind,
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "scheme": "http" if kind == "http" else "ws",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json")],
        "client": ("127.0.0.1", 1),
        "server": ("127.0.0.1", 80),
        **more,
    }


class Seat:
    """One seat's WebSocket, played from inside the app's `send` and `receive` calls."""

    def __init__(
        self, table: Table, secret: str, rng: random.Random, args: argparse.Namespace, tally: Tally
    ) -> None:
        self.table, self.secret, self.rng, self.args, self.tally = table, secret, rng, args, tally
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.position: dict[str, Any] | None = None
        self.pending: dict[str, Any] | None = None
        self.waiting_at: int | None = None
        self.nonce = 0
        self.closed = False

    async def run(self, app: Any) -> None:
        self.inbox.put_nowait({"type": "websocket.connect"})
        headers = [
            (b"host", b"127.0.0.1"),
            (b"authorization", f"Bearer {self.secret}".encode()),
            (b"accept-language", b"en"),
        ]
        scope = _scope(
            "websocket",
            f"/ws/{self.table.id}",
            headers=headers,
            query_string=b"answers=1&deltas=1" if self.args.deltas else b"answers=1",
            subprotocols=[],
        )
        await app(scope, self.inbox.get, self.send)

    async def send(self, message: dict[str, Any]) -> None:
        start = time.thread_time_ns()
        try:
            if message["type"] == "websocket.send":
                self.read(orjson.loads(message["text"]))
        finally:
            self.tally.seats_ns += time.thread_time_ns() - start

    def read(self, message: dict[str, Any]) -> None:
        # An answer comes as a frame of its own, or in the position it led to (`answers`).
        for answer in [message] if message["type"] == "answer" else message.get("answers", []):
            self.answered(answer)
        if message["type"] in ("state", "delta"):
            if message["type"] == "delta":
                from meeple.server.client import applied

                assert self.position is not None
                message = applied(self.position, message)
            self.position = message
            if message["over"]:
                self.close()
            elif message["legal"] and message["version"] != self.waiting_at:
                if self.pending is None:
                    delay = self.rng.uniform(0, 2 * self.args.think)
                    asyncio.get_running_loop().call_later(delay, self.choose)
                self.pending = message
            else:
                self.pending = None

    def answered(self, answer: dict[str, Any]) -> None:
        if not answer["ok"]:  # stale: ask for the position again, as the load test does
            self.tally.refused += 1
            self.waiting_at = None
            sync: dict[str, Any] = {"type": "sync", "log_start": 0}
            if self.args.deltas and self.position is not None:
                sync |= {"deltas": True, "version": self.position["version"]}
            self.say(sync)
            return
        self.table.moves += 1
        self.tally.moves += 1
        if self.table.moves >= self.args.moves:
            for seat in self.table.seats:
                seat.close()

    def choose(self) -> None:
        position, self.pending = self.pending, None
        if position is None or self.closed:
            return
        self.nonce += 1
        self.waiting_at = position["version"]
        action = self.rng.choice(position["legal"])["action"]
        self.say(
            {
                "type": "move",
                "action": action,
                "version": self.waiting_at,
                "nonce": f"n{self.nonce}",
            }
        )

    def say(self, message: dict[str, Any]) -> None:
        self.inbox.put_nowait({"type": "websocket.receive", "text": json.dumps(message)})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})


async def play(args: argparse.Namespace) -> tuple[Tally, float]:
    """Make the tables, play them; the tally and the process's CPU seconds during play."""
    from meeple.server.app import create_app
    from meeple.server.settings import Settings

    folder = tempfile.mkdtemp()
    settings = Settings(
        db_url=f"sqlite:///{folder}/bench.db",
        bot_workers=1,
        http_rate=UNLIMITED,
        message_rate=UNLIMITED,
        connect_rate=UNLIMITED,
    )
    app = create_app(settings)
    started: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    to_app: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
    to_app.put_nowait({"type": "lifespan.startup"})
    life = asyncio.ensure_future(app({"type": "lifespan"}, to_app.get, started.put))
    assert (await started.get())["type"] == "lifespan.startup.complete"
    tally, rng = Tally(), random.Random(args.seed)
    tables = []
    for i in range(args.tables):
        game = ("tikal", "altiplano")[i % 2]
        body = {"game": game, "options": {"players": 2}, "seats": [{"kind": "human"}] * 2}
        status, made = await request(app, "POST", "/api/tables", body)
        assert status == 201, made
        table = Table(made["table"])
        table.seats = [
            Seat(table, seat["secret"], random.Random(rng.random()), args, tally)
            for seat in made["seats"]
        ]
        tables.append(table)
    cpu = time.process_time()
    await asyncio.gather(*(seat.run(app) for table in tables for seat in table.seats))
    cpu = time.process_time() - cpu
    to_app.put_nowait({"type": "lifespan.shutdown"})
    await started.get()
    await life
    return tally, cpu


def count(tree: str, tables: int, moves: int, deltas: bool) -> tuple[int, int]:
    """(instructions, moves) of one run under valgrind with `tree` first on the path."""
    arguments = [__file__, "--tables", str(tables), "--moves", str(moves), "--think", "1.0"]
    instructions, printed = counted([*arguments, *(["--deltas"] if deltas else [])], tree)
    played = re.search(r"moves=(\d+)", printed)
    assert played, printed
    return instructions, int(played.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="moves a table")
    parser.add_argument("--think", type=float, default=0.02, help="mean think time, seconds")
    parser.add_argument("--deltas", action="store_true", help="seats take deltas")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--count", nargs="+", metavar="TREE", help="valgrind, per source tree")
    args = parser.parse_args()
    if args.count:
        for tree in args.count:
            (low, low_moves), (high, high_moves) = (
                count(tree, *run, args.deltas) for run in COUNTED_RUNS
            )
            per_move = (high - low) / (high_moves - low_moves)
            print(f"{tree}: {per_move / 1000:,.0f} k instructions a move", flush=True)
        return
    import uvloop

    from meeple.server.collector import collect_young_only

    collect_young_only()  # the server's collector policy (`meeple serve`)
    tally, cpu = uvloop.run(play(args))
    moves = max(1, tally.moves)
    server_ms = (cpu - tally.seats_ns / 1e9) * 1000 / moves
    print(f"moves={tally.moves} refused={tally.refused} server CPU {server_ms:.3f} ms a move")


if __name__ == "__main__":
    main()
