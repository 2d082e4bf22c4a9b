"""What the server's web stack alone costs a move: the floor under `bench_server_load.py`.

A move of the load benchmark is one frame in (the move) and three out (its answer to the mover,
the new position to each of the table's two seats). This script serves exactly that traffic,
with no game, no store and no owners, on the server's own stack (FastAPI with an HTTP
middleware, uvicorn on uvloop, the `websockets` protocol without compression, frames encoded by
orjson from a position of the size the games send, the server's garbage-collection policy),
and plays it as the load benchmark does with no think time: N pairs of sockets, a seat sends a
move, and once both seats have the new position the other seat moves. The server CPU a move
is then what any server built on this stack spends before it does anything of its own.

    PYTHONPATH=src python benchmarks/bench_socket_floor.py [--pairs 50] [--seconds 15]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import socket
import subprocess
import sys
import time
import urllib.request
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect

from bench_server_load import cpu_seconds  # the load benchmark's measure, to compare with
from meeple.server.messages import frame

#: A position of about the size the games send (bytes of its frame: Tikal 4–6 KB, Altiplano
#: 3–5 KB), as nested objects and lists like theirs.
POSITION: dict[str, Any] = {
    "type": "state",
    "version": 0,
    "view": {
        "board": [
            {"space": i, "tile": f"A{i}", "rotation": i % 6, "workers": [i % 3, 0, 1, 0]}
            for i in range(60)
        ],
        "players": [{"score": 10, "supply": [3, 2, 1], "treasures": [1, 2]} for _ in range(2)],
    },
    "legal": [
        {"action": {"kind": "walk", "src": i, "dst": i + 1}, "label": f"Walk worker {i}"}
        for i in range(12)
    ],
    "log": [{"seat": 0, "text": "Walk worker A3 → B4 (1 AP)"}],
}


def serve(port: int) -> None:
    """The server process: the stack alone."""
    import uvicorn

    from meeple.server.collector import collect_young_only

    app = FastAPI()
    tables: dict[str, list[WebSocket]] = {}

    @app.middleware("http")
    async def passing(request: Request, call_next: Any) -> Any:  # as the server's rate limit
        return await call_next(request)

    @app.get("/up")
    async def up() -> dict[str, bool]:
        return {"ok": True}

    @app.websocket("/ws/{table}")
    async def socket(websocket: WebSocket, table: str) -> None:
        await websocket.accept()
        seats = tables.setdefault(table, [])
        seats.append(websocket)
        version = 0
        try:
            while True:
                move = json.loads(await websocket.receive_text())
                version = move["version"] + 1
                await websocket.send_text(
                    frame(
                        {"type": "answer", "nonce": move["nonce"], "ok": True, "version": version}
                    )
                )
                for seat in seats:
                    await seat.send_text(frame(POSITION | {"version": version}))
        except WebSocketDisconnect:
            seats.remove(websocket)

    collect_young_only()
    uvicorn.run(app, port=port, ws_per_message_deflate=False, log_level="warning")


async def play_pair(url: str, table: str, deadline: float, moves: list[int]) -> None:
    from websockets.asyncio.client import connect

    async with connect(f"{url}/ws/{table}") as first, connect(f"{url}/ws/{table}") as second:
        seats, version = [first, second], 0
        await asyncio.sleep(0.2)  # both are in the table's list
        while time.perf_counter() < deadline:
            mover = seats[version % 2]
            await mover.send(
                json.dumps({"type": "move", "version": version, "nonce": str(version)})
            )
            await mover.recv()  # the answer
            for seat in seats:
                await seat.recv()  # the position
            version += 1
            moves[0] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(f"{base}/up", timeout=1).close()
                break
            time.sleep(0.1)
        moves = [0]
        url = base.replace("http", "ws", 1)
        start, cpu = time.perf_counter(), cpu_seconds(server.pid)
        deadline = start + args.seconds

        async def play() -> None:
            await asyncio.gather(
                *(play_pair(url, f"t{i}", deadline, moves) for i in range(args.pairs))
            )

        asyncio.run(play())
        seconds, used = time.perf_counter() - start, cpu_seconds(server.pid) - cpu
        print(
            f"{args.pairs} pairs, {moves[0]} moves in {seconds:.1f} s ({moves[0] / seconds:.0f}/s):"
            f" server CPU {1000 * used / moves[0]:.3f} ms a move, {100 * used / seconds:.0f} %"
        )
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
