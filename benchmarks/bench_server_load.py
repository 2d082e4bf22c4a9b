"""Loopback load test of the game server: N live tables of random players over WebSockets.

Run:  .venv/bin/python benchmarks/bench_server_load.py [--tables 10 100 500]
      [--postgres postgresql://… [--processes 2]] [--think 1.0] [--moves-per-table 40]
      [--seconds 60]
      [--language de] [--deltas] [--gc-report] [--src TREE ...] [--python PYTHON ...]
      [--rounds K]

For each N, a real ``meeple serve`` process is started on a fresh database (an SQLite file in
a temporary directory, or a PostgreSQL database given with ``--postgres``, which must be
empty or hold only earlier runs' tables), N tables of two human seats are created over the
JSON API (the games of ``--game`` in turn), and every seat connects over its own WebSocket.
Each seat is a scripted random player: whenever a position gives it legal actions it waits
its think time (uniform in [0, 2 × ``--think``] seconds; 0 plays at once, which measures the
server's capacity rather than a live room), then sends a random legal action with the
version and a fresh nonce. The move round-trip is the time from sending a move to its
answer: each seat asks for answers in the positions they led to (``?answers=1``, as the pages
and the Python client do), and takes them as frames of their own too (a server before that
option, a refused move). A table stops after ``--moves-per-table`` moves, every table stops after
``--seconds``; bots are not used. Seats take whole positions, or with ``--deltas`` what changed
since the last one (``?deltas=1``, as the pages and the Python client do). ``--processes K``
starts K server processes on the one PostgreSQL database: the tables are made through the
first, and table i's seats connect to process i modulo K (a table stays with one process, as a
load balancer that routes by table keeps it; the others hear of its changes through
PostgreSQL's notifications); the server CPU is the processes' together. ``--python`` serves each
tree with each of several interpreters (each with the server's dependencies, a virtual
environment's ``python``), named ``TREE@ENV`` by the environment's folder: the same code on
two builds of CPython in one run.

The driver (this process) must not be the bottleneck, so its CPU use is printed next to the
server's (both in % of one core): a driver near 100 % means the figures measure it. The
server's CPU milliseconds per move are the figure least moved by other work on the machine.
With ``--gc-report`` the server's garbage-collector pauses are counted too, and the cyclic
garbage it holds when stopped (``benchmarks/server_gc_probe/sitecustomize.py``).
Aim (issue 11): p99 under 50 ms at 500 live tables on the 2-core machine.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import gc
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from meeple.server.client import applied

#: How long the server may take to start, and the longest wait for one frame.
START_TIMEOUT = 60.0
FRAME_TIMEOUT = 30.0
RATE_OPTIONS = ("--http-rate", "--message-rate", "--connect-rate")
#: ``meeple`` itself, from whichever source tree is first on the path.
SERVE = "import sys; from meeple.cli.main import app; sys.argv[0] = 'meeple'; app()"


@dataclasses.dataclass
class Table:
    id: str
    secrets: list[str]
    moves: int = 0
    sockets: list[ClientConnection] = dataclasses.field(default_factory=list)

    async def close(self) -> None:
        """Done: close every seat's socket, which ends the seats still waiting for a frame."""
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)


@dataclasses.dataclass
class Tally:
    """What every seat measured in one run."""

    round_trips: list[float] = dataclasses.field(default_factory=list)
    refused: int = 0
    games_over: int = 0


@dataclasses.dataclass
class Result:
    tables: int
    moves: int
    refused: int
    games_over: int
    seconds: float
    round_trips: list[float]
    #: CPU seconds used during play.
    driver_cpu: float
    server_cpu: float
    #: The server's collector figures (``--gc-report``), else empty.
    collector: dict[str, Any] = dataclasses.field(default_factory=dict)

    def quantile(self, q: float) -> float:
        ordered = sorted(self.round_trips)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": self.tables,
            "moves": self.moves,
            "refused": self.refused,
            "games_over": self.games_over,
            "seconds": round(self.seconds, 2),
            "moves_per_s": round(self.moves / self.seconds, 1),
            "p50_ms": round(1000 * self.quantile(0.5), 1),
            "p99_ms": round(1000 * self.quantile(0.99), 1),
            "max_ms": round(1000 * max(self.round_trips, default=float("nan")), 1),
            "mean_ms": round(1000 * statistics.fmean(self.round_trips or [float("nan")]), 1),
            "driver_cpu_pct": round(100 * self.driver_cpu / self.seconds),
            "server_cpu_pct": round(100 * self.server_cpu / self.seconds),
            "server_cpu_ms_per_move": round(1000 * self.server_cpu / max(1, self.moves), 2),
            **self.collector,
        }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """CPU time of a process's threads so far (Linux: each thread's ``schedstat``, in
    nanoseconds). Not ``/proc/PID/stat``'s user and system ticks: a tick is 10 ms, and the
    quick run's dozen moves took about one, so its figure was 0 or 1.7 ms a move by chance."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):  # a thread that ended
            total += int((task / "schedstat").read_text().split()[0])
    return total / 1e9


#: Put on the server's path by ``--gc-report``: times its collections (a ``sitecustomize``).
GC_PROBE = Path(__file__).resolve().parent / "server_gc_probe"


@contextlib.contextmanager
def running_server(
    db: str, src: str | None, gc_report: Path | None = None, python: str = sys.executable
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A ``meeple serve`` process on `db` at a free port, from the source tree `src` (None:
    the installed one) on the interpreter `python`; yields its base URL and process. Its log
    goes to a file: a pipe nobody reads would fill up and stop the server. With `gc_report`,
    the server writes its collector's figures there when stopped."""
    port = free_port()
    env = dict(os.environ)
    paths = [src] if src is not None else []
    if gc_report is not None:
        paths.append(str(GC_PROBE))
        env["MEEPLE_GC_PROBE"] = str(gc_report)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [*paths, env.get("PYTHONPATH")]))
    serve = [python, "-c", SERVE, "serve", "--port", str(port), "--db", db]
    with tempfile.TemporaryFile() as log:
        server = subprocess.Popen(
            serve + unlimited_rates(serve[:4], env),
            stdout=log,
            stderr=subprocess.STDOUT,
            env=env,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                if server.poll() is not None:
                    log.seek(0)
                    raise RuntimeError(f"the server stopped: {log.read().decode()[-2000:]}")
                with contextlib.suppress(OSError):
                    urllib.request.urlopen(f"{base}/api/games", timeout=2).close()
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError("the server did not answer in time")
                time.sleep(0.1)
            yield base, server
        finally:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def unlimited_rates(meeple: list[str], env: dict[str, str]) -> list[str]:
    """Options lifting the rate limits (all this load comes from one address, and the limits
    are meant for single clients); none for a server from before the limits."""
    usage = subprocess.run([*meeple, "--help"], env=env, capture_output=True, text=True).stdout
    return [arg for option in RATE_OPTIONS if option in usage for arg in (option, "1000000/second")]


def create_table(base: str, game: str) -> Table:
    body = {"game": game, "options": {"players": 2}, "seats": [{"kind": "human"}] * 2}
    request = urllib.request.Request(
        f"{base}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        data = json.load(response)
    return Table(data["table"], [seat["secret"] for seat in data["seats"]])


async def play_seat(*args: Any) -> None:
    """`play_until_done`, ended quietly when the table closes its sockets."""
    with contextlib.suppress(ConnectionClosed):
        await play_until_done(*args)


async def play_until_done(
    ws: ClientConnection,
    table: Table,
    limits: argparse.Namespace,
    rng: random.Random,
    deadline: float,
    tally: Tally,
) -> None:
    """Answer every position that gives this seat legal actions, until the table has played
    its moves, the game is over, or the time is up. The seat thinks while it goes on reading
    frames (an answer is timed when it arrives), and it moves on the newest position."""
    sent_at: dict[str, float] = {}
    #: The newest position that gives us legal actions, and when we shall have chosen in it.
    pending: dict[str, Any] | None = None
    due = 0.0
    waiting_at: int | None = None
    nonce = 0
    #: With `--deltas`, the position as the deltas made it.
    position: dict[str, Any] | None = None
    while table.moves < limits.moves_per_table:
        now = time.perf_counter()
        if now >= deadline:
            return
        if pending is not None and now >= due:
            waiting_at = pending["version"]
            nonce += 1
            move = {
                "type": "move",
                "action": rng.choice(pending["legal"])["action"],
                "version": waiting_at,
                "nonce": f"n{nonce}",
            }
            pending = None
            sent_at[move["nonce"]] = time.perf_counter()
            await ws.send(json.dumps(move))
            continue
        wait = min(deadline if pending is None else due, now + FRAME_TIMEOUT) - now
        try:
            async with asyncio.timeout(wait):
                message = json.loads(await ws.recv())
        except TimeoutError:
            if pending is None:  # the time is up, or nothing came for FRAME_TIMEOUT
                return
            continue
        if table.moves >= limits.moves_per_table:  # the other seat played the last move
            return
        # An answer comes as a frame of its own, or in the position it led to (`answers`).
        answers = [message] if message["type"] == "answer" else message.get("answers", [])
        for answer in answers:
            start = sent_at.pop(answer["nonce"], None)
            if start is not None:
                tally.round_trips.append(time.perf_counter() - start)
            if answer["ok"]:
                table.moves += 1
                if table.moves >= limits.moves_per_table:
                    await table.close()
            else:  # stale (the other seat moved first): ask for the position again
                tally.refused += 1
                waiting_at = None
                sync: dict[str, Any] = {"type": "sync", "log_start": 0}
                if limits.deltas:
                    held = None if position is None else position["version"]
                    sync |= {"deltas": True, "version": held}
                await ws.send(json.dumps(sync))
        if message["type"] == "error":
            raise RuntimeError(f"the server refused a message: {message['reason']}")
        elif message["type"] in ("state", "delta"):
            if message["type"] == "delta":
                if position is None or message["from"] != position["version"]:
                    raise RuntimeError("a delta from a position this seat does not hold")
                message = applied(position, message)
            position = message
            if message["over"]:
                tally.games_over += 1
                await table.close()
                return
            if not message["legal"] or message["version"] == waiting_at:
                pending = None
            else:
                if pending is None:
                    due = time.perf_counter() + rng.uniform(0, 2 * limits.think)
                pending = message


@dataclasses.dataclass
class Play:
    """The span of play (every seat connected, until the last one stops)."""

    seconds: float
    driver_cpu: float
    server_cpu: float


async def drive(
    bases: list[str],
    server_pids: list[int],
    tables: list[Table],
    limits: argparse.Namespace,
    tally: Tally,
) -> Play:
    """Connect every seat (table i's to server i modulo their number), then play."""
    sockets: list[tuple[ClientConnection, Table]] = []

    def server_cpu() -> float:
        return sum(cpu_seconds(pid) for pid in server_pids)

    try:
        for i, table in enumerate(tables):
            url = bases[i % len(bases)].replace("http", "ws", 1)
            for secret in table.secrets:
                ws = await connect(
                    f"{url}/ws/{table.id}?answers=1{'&deltas=1' if limits.deltas else ''}",
                    additional_headers={
                        "Authorization": f"Bearer {secret}",
                        "Accept-Language": limits.language,
                    },
                    max_size=None,
                    open_timeout=FRAME_TIMEOUT,
                )
                sockets.append((ws, table))
                table.sockets.append(ws)
        start, driver, server = time.perf_counter(), time.process_time(), server_cpu()
        deadline = start + limits.seconds
        rng = random.Random(limits.seed)
        await asyncio.gather(
            *(
                play_seat(ws, table, limits, random.Random(rng.random()), deadline, tally)
                for ws, table in sockets
            )
        )
        return Play(
            time.perf_counter() - start,
            time.process_time() - driver,
            server_cpu() - server,
        )
    finally:
        await asyncio.gather(*(ws.close() for ws, _ in sockets), return_exceptions=True)


def run(
    n: int,
    db: str,
    src: str | None,
    limits: argparse.Namespace,
    gc_report: Path | None,
    python: str = sys.executable,
) -> Result:
    with contextlib.ExitStack() as stack:
        servers = [
            stack.enter_context(running_server(db, src, gc_report, python))
            for _ in range(limits.processes)
        ]
        bases = [base for base, _ in servers]
        tables = [create_table(bases[0], limits.game[i % len(limits.game)]) for i in range(n)]
        tally = Tally()
        if gc_report is not None:
            servers[0][1].send_signal(signal.SIGUSR1)  # the probe counts from here
        pids = [server.pid for _, server in servers]
        play = asyncio.run(drive(bases, pids, tables, limits, tally))
    collector = json.loads(gc_report.read_text()) if gc_report is not None else {}
    return Result(
        tables=n,
        moves=sum(t.moves for t in tables),
        refused=tally.refused,
        games_over=tally.games_over,
        seconds=play.seconds,
        round_trips=tally.round_trips,
        driver_cpu=play.driver_cpu,
        server_cpu=play.server_cpu,
        collector=collector,
    )


COLUMNS = (
    ("server", "{:>12}"),
    ("tables", "{:>6}"),
    ("moves", "{:>6}"),
    ("refused", "{:>7}"),
    ("seconds", "{:>7}"),
    ("moves_per_s", "{:>11}"),
    ("p50_ms", "{:>6}"),
    ("p99_ms", "{:>6}"),
    ("max_ms", "{:>7}"),
    ("driver_cpu_pct", "{:>14}"),
    ("server_cpu_pct", "{:>14}"),
    ("server_cpu_ms_per_move", "{:>22}"),
)


#: The driver's garbage collection, as the server's was before it collected young objects
#: only (``meeple.server.collector``): with Python's defaults, its collections over a thousand
#: sockets' frames paused every seat it plays for tens of milliseconds, and those pauses were
#: counted as the server's round-trips (p99 at 500 tables and 5 s think: 68-79 ms with them,
#: 29 ms without; docs/benchmarks.md).
DRIVER_GC_THRESHOLDS = (100_000, 20, 100)

#: The collector's figures (``--gc-report``), after `COLUMNS`.
GC_COLUMNS = (
    ("collections", "{:>11}"),
    ("pause_max_ms", "{:>12}"),
    ("pauses_over_10ms", "{:>16}"),
    ("unreachable_at_stop", "{:>19}"),
)


def columns(args: argparse.Namespace) -> tuple[tuple[str, str], ...]:
    return COLUMNS + GC_COLUMNS if args.gc_report else COLUMNS


def main() -> None:
    gc.freeze()
    gc.set_threshold(*DRIVER_GC_THRESHOLDS)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500], help="Ns")
    parser.add_argument(
        "--game", nargs="+", default=["tikal", "altiplano"], help="games, taken in turn"
    )
    parser.add_argument("--think", type=float, default=1.0, help="mean think time, seconds")
    parser.add_argument("--moves-per-table", type=int, default=40)
    parser.add_argument("--seconds", type=float, default=60.0, help="play time per N at most")
    parser.add_argument("--postgres", metavar="URL", help="a PostgreSQL database instead")
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the one database (PostgreSQL); table i's seats connect "
        "to process i modulo their number, the server CPU is theirs together",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--language", default="en", help="the seats' Accept-Language (the game's words in it)"
    )
    parser.add_argument(
        "--src",
        nargs="+",
        default=[None],
        help="source trees to serve from, in turn for each N (before and after a change)",
    )
    parser.add_argument(
        "--python",
        nargs="+",
        default=[sys.executable],
        help="interpreters to serve each tree with (a virtual environment's python each)",
    )
    parser.add_argument(
        "--deltas",
        action="store_true",
        help="seats take deltas (as the pages and the Python client do), not whole positions",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="run the trees in turn this many times for each N (A B A B …), then print each "
        "tree's mean CPU a move and its range, and each later tree against the first, round by "
        "round: one run's figure moves by ±5–15 %% on this shared machine",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per N instead")
    parser.add_argument(
        "--gc-report",
        action="store_true",
        help="also the server's garbage-collector pauses and the garbage it holds",
    )
    parser.add_argument(
        "--quick", action="store_true", help="a check that it runs: 2 tables, 6 moves, no think"
    )
    args = parser.parse_args()
    if args.processes < 1 or (args.processes > 1 and not args.postgres):
        parser.error("several server processes share a PostgreSQL database (--postgres)")
    if args.processes > 1 and args.gc_report:
        parser.error("--gc-report probes one server process")
    if args.quick:
        args.tables, args.moves_per_table, args.seconds, args.think = [2], 6, 20.0, 0.0
    if args.rounds < 1:
        parser.error("--rounds is at least 1")
    for python in args.python:
        if shutil.which(python) is None:
            parser.error(f"--python {python}: no such interpreter")
    servers = {
        server_name(src, python, len(args.python) > 1): (src, python)
        for src in args.src
        for python in args.python
    }
    if len(servers) < len(args.src) * len(args.python):
        parser.error("two servers would go by one name: give trees and environments other names")
    database = "PostgreSQL" if args.postgres else "SQLite"
    if not args.json:
        print(
            f"{database}, games {'/'.join(args.game)}, think {args.think} s, "
            f"{'deltas' if args.deltas else 'whole positions'}, {args.processes} process(es), "
            f"at most {args.moves_per_table} moves per table and {args.seconds} s"
        )
        for python in args.python if len(args.python) > 1 else []:
            print(f"{environment(python)}: {interpreter(python)}")
        print(" ".join(fmt.format(name) for name, fmt in columns(args)))
    with tempfile.TemporaryDirectory() as scratch:
        for i, n in enumerate(args.tables):
            cpu: dict[str, list[float]] = {}
            for k, server in enumerate(list(servers) * args.rounds):
                src, python = servers[server]
                db = args.postgres or str(Path(scratch) / f"load-{i}-{k}.db")
                gc_report = Path(scratch) / f"gc-{i}-{k}.json" if args.gc_report else None
                result = run(n, db, src, args, gc_report, python)
                figures = {"server": server, **result.to_json()}
                cpu.setdefault(server, []).append(figures["server_cpu_ms_per_move"])
                if args.json:
                    print(
                        json.dumps(
                            {
                                "database": database,
                                "deltas": args.deltas,
                                "processes": args.processes,
                                **figures,
                            }
                        ),
                        flush=True,
                    )
                else:
                    line = (fmt.format(figures[key]) for key, fmt in columns(args))
                    print(" ".join(line), flush=True)
            if args.rounds > 1 and not args.json:
                for server, figures in cpu.items():
                    print(
                        f"{server}: server CPU {statistics.mean(figures):.3f} ms a move on "
                        f"average over {len(figures)} runs ({min(figures)}–{max(figures)})"
                    )
                first, *others = cpu
                for server in others:
                    print(paired(server, cpu[server], first, cpu[first]))


def server_name(src: str | None, python: str, several_pythons: bool) -> str:
    """A server's name in the figures: its tree's folder (``installed`` without one), and
    with several interpreters, ``@`` and the interpreter's `environment`."""
    tree = "installed" if src is None else Path(src).resolve().parent.name
    return f"{tree}@{environment(python)}" if several_pythons else tree


def environment(python: str) -> str:
    """The name an interpreter's runs go by: its virtual environment's folder (``.venv`` for
    ``.venv/bin/python``), else the interpreter's own file name."""
    path = Path(python)
    venv = path.parent.parent
    return venv.name if (venv / "pyvenv.cfg").is_file() else path.name


def interpreter(python: str) -> str:
    """What `python` says of itself: its version, build date and compiler (``-VV``)."""
    said = subprocess.run([python, "-VV"], capture_output=True, text=True, check=True)
    return said.stdout.strip()


def paired(server: str, figures: list[float], base: str, base_figures: list[float]) -> str:
    """`server`'s CPU a move against `base`'s, round by round: each round runs the trees one
    after the other, so the two figures of a round share the machine's mood of that minute,
    which moves one tree's figure by more than a change's effect (docs/benchmarks.md, "Session
    36"). The mean of the rounds' ratios, their range, and in how many rounds it was lower."""
    rounds = zip(figures, base_figures, strict=True)
    ratios = [100 * (after / before - 1) for after, before in rounds]
    lower = sum(ratio < 0 for ratio in ratios)
    return (
        f"{server} against {base}: {statistics.mean(ratios):+.1f} % a move on average over "
        f"{len(ratios)} paired rounds ({min(ratios):+.1f} % to {max(ratios):+.1f} %), lower in "
        f"{lower} of {len(ratios)}"
    )


if __name__ == "__main__":
    main()
