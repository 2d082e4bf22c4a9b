"""Restart: a real ``meeple serve`` process, killed with SIGKILL (its bot workers with it) at
seeded random moments of bot games and started again on the same SQLite file. Every move the
server acknowledged is in the stored log, every position it showed is the replay of that log,
and every game finishes; the runs print no traceback, and Ctrl+C stops the last one cleanly."""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx2
import pytest
from server_helpers import replay
from websockets.exceptions import WebSocketException

from meeple.server.client import applied, connect, play_seat, random_chooser
from meeple.server.schema import MOVE, OVER
from meeple.server.service import SNAPSHOT_EVERY
from meeple.server.store import Store

SEED = 11
KILLS = 4
#: Seconds of play between one start and the next kill.
PLAY_BETWEEN_KILLS = (0.05, 1.0)
STARTUP_DEADLINE = 30.0
GAMES_DEADLINE = 120.0
#: Each table's seats: a bot spec, or None for a human seat played by the example client.
#: Not a human seat in Altiplano: a random bot waiting there for the slower client to say
#: "done" first (ALT-10) places and unplaces goods without end, and the game drags on.
TABLES = [("tikal", [None, "random"]), ("altiplano", ["random", "random"])]
ALARMS = ("Traceback", "ERROR", "CRITICAL", "Exception")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``meeple serve`` in a process group of its own (so its bot workers die with it); each
    run's output goes to a file of its own."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.db = folder / "server.db"
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.logs: list[Path] = []
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        log = self.folder / f"run{len(self.logs)}.log"
        self.logs.append(log)
        command = [str(Path(sys.executable).with_name("meeple")), "serve"]
        command += ["--port", str(self.port), "--db", str(self.db), "--bot-workers", "1"]
        command += ["--message-rate", "1000/second"]  # the example client plays at full speed
        with log.open("wb") as output:
            self.process = subprocess.Popen(
                command, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + STARTUP_DEADLINE
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"the server died: {log.read_text()}"
            with contextlib.suppress(httpx2.TransportError):
                if httpx2.get(f"{self.base}/api/games", timeout=2).status_code == 200:
                    return
            time.sleep(0.05)
        raise AssertionError(f"the server did not start: {log.read_text()}")

    def send_signal(self, number: signal.Signals) -> int:
        assert self.process is not None
        os.killpg(self.process.pid, number)
        return self.process.wait(timeout=30)

    def output(self) -> str:
        return "".join(log.read_text() for log in self.logs)

    def kill_if_running(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.send_signal(signal.SIGKILL)


class Reader(threading.Thread):
    """One reader of a table over a real WebSocket, by the example client: a human seat
    (`secret`) playing at random, or a spectator. It connects again whenever the server goes
    away, until the game is over, and keeps every position shown and every move acknowledged."""

    def __init__(self, url: str, secret: str | None, seed: int) -> None:
        super().__init__(daemon=True)
        self.url, self.secret = url, secret
        self.choose = random_chooser(seed)
        #: (version, view) of every position received.
        self.shown: list[tuple[int, dict[str, Any]]] = []
        #: (version, nonce) of every move answered with ok.
        self.acknowledged: list[tuple[int, str]] = []
        self.final: dict[str, Any] | None = None
        #: The last position received, whole.
        self.position: dict[str, Any] = {}
        self.error: BaseException | None = None

    def _seen(self, message: dict[str, Any]) -> None:
        if message["type"] == "delta":  # the client takes deltas: the position they make
            assert self.shown and message["from"] == self.shown[-1][0]
            message = applied(self.position, message)
        if message["type"] == "state":
            self.position = message
            self.shown.append((message["version"], message["view"]))
        elif message["type"] == "answer" and message["ok"]:
            self.acknowledged.append((message["version"], message["nonce"]))

    def run(self) -> None:
        deadline = time.monotonic() + GAMES_DEADLINE
        try:
            while self.final is None and time.monotonic() < deadline:
                try:
                    connection = connect(self.url, self.secret)
                except (OSError, WebSocketException):
                    time.sleep(0.05)
                    continue
                try:
                    self.final = play_seat(connection, self.choose, on_message=self._seen)
                except (OSError, WebSocketException):
                    continue
                finally:
                    with contextlib.suppress(OSError, WebSocketException):
                        connection.close()
        except BaseException as exc:
            self.error = exc


def create_tables(server: Server) -> list[tuple[str, list[Reader]]]:
    """Each table of `TABLES`, with a spectator and a player for each human seat."""
    tables = []
    for number, (game, seats) in enumerate(TABLES):
        body = {
            "game": game,
            "options": {"players": len(seats)},
            "seats": [{"kind": "human"} if s is None else {"kind": "bot", "bot": s} for s in seats],
        }
        created = httpx2.post(f"{server.base}/api/tables", json=body, timeout=10).json()
        url = f"ws://127.0.0.1:{server.port}/ws/{created['table']}"
        readers = [Reader(url, None, 0)]
        readers += [Reader(url, s["secret"], number) for s in created["seats"] if s["secret"]]
        tables.append((created["table"], readers))
    return tables


def check_table(store: Store, table_id: str, readers: list[Reader]) -> int:
    """Checks the stored table against what its readers were sent; returns how many stored
    snapshots were checked."""
    stored = store.load_table(table_id)
    assert stored is not None
    assert [entry.version for entry in stored.log] == list(range(1, len(stored.log) + 1))
    assert stored.version == len(stored.log) and stored.status == OVER
    human_seats = [s.seat for s in stored.seats if s.kind == "human"]
    for seat, reader in zip([None, *human_seats], readers, strict=True):
        for version, nonce in reader.acknowledged:
            entry = stored.log[version - 1]
            assert (entry.seat, entry.kind, entry.nonce) == (seat, MOVE, nonce), "a move is lost"
    snapshots = {}
    for moves in range(SNAPSHOT_EVERY, len(stored.log) + 1, SNAPSHOT_EVERY):
        snapshot = store.latest_snapshot(table_id, moves)
        if snapshot is not None:
            snapshots[snapshot.version] = snapshot.state
    shown: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
    for seat, reader in zip([None, *human_seats], readers, strict=True):
        for version, view in reader.shown:
            shown.setdefault(version, []).append((seat, view))
    final = None
    for version, state in replay(stored):
        for seat, view in shown.pop(version, []):
            assert view == json.loads(json.dumps(state.view(seat))), (
                f"version {version} was shown otherwise than the stored log replays it"
            )
        if version in snapshots:
            assert snapshots[version] == state.to_json()
        final = state
    assert not shown, f"positions shown that the stored log never reached: {sorted(shown)}"
    assert final is not None and final.is_over()
    assert readers[0].final is not None and readers[0].final["scores"] == final.scores()
    return len(snapshots)


@pytest.fixture
def server(tmp_path):
    server = Server(tmp_path)
    yield server
    server.kill_if_running()  # a failed test leaves no server behind


@pytest.mark.timeout(200)
def test_killed_and_restarted_the_server_loses_no_acknowledged_move(server):
    rng = random.Random(SEED)
    server.start()
    tables = create_tables(server)
    readers = [reader for _, table_readers in tables for reader in table_readers]
    for reader in readers:
        reader.start()
    kills = 0
    while kills < KILLS and any(reader.final is None for reader in readers):
        time.sleep(rng.uniform(*PLAY_BETWEEN_KILLS))
        assert server.send_signal(signal.SIGKILL) == -signal.SIGKILL
        kills += 1
        server.start()
    deadline = time.monotonic() + GAMES_DEADLINE
    for reader in readers:
        reader.join(max(0.0, deadline - time.monotonic()))
    assert server.send_signal(signal.SIGINT) == 0  # Ctrl+C, as in a terminal: a clean stop
    for reader in readers:
        assert reader.error is None, reader.error
        last = reader.shown[-1][0] if reader.shown else None
        assert reader.final is not None, f"a game did not finish (last shown: version {last})"
    assert kills >= 3, "the games ended before the server was killed enough to test anything"
    output = server.output()
    assert not [alarm for alarm in ALARMS if alarm in output], output
    assert "Application shutdown complete" in output.rsplit("Started server process", 1)[1]
    store = Store(f"sqlite:///{server.db}")
    try:
        snapshots = sum(check_table(store, table_id, rs) for table_id, rs in tables)
    finally:
        store.close()
    assert snapshots > 0, "no stored snapshot was checked"
    assert all(any(r.acknowledged for r in rs[1:]) for _, rs in tables if rs[1:])
