"""Two real `meeple serve` processes on one PostgreSQL database serve the same table: a seat
connected to one sees at once the moves of a seat connected to the other (no sync asked), and
a whole game is played across the two; and a bot plays a table created on one process
against a seat connected to the other."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from postgres import free_port
from websockets.sync.client import connect

from meeple.server.client import play_seat, random_chooser

MEEPLE = Path(sys.executable).parent / "meeple"
#: Seconds a server may take to start (imports, migration) on a busy 2-core machine.
START_TIMEOUT = 60
#: Seconds a seat waits for a message before the test fails (a push that never comes).
RECEIVE_TIMEOUT = 30


class Seat:
    """A seat's WebSocket with the JSON methods `play_seat` uses, and a bounded wait."""

    def __init__(self, address, table, secret):
        headers = {"Authorization": f"Bearer {secret}"}
        self.socket = connect(f"ws://{address}/ws/{table}", additional_headers=headers)

    def send_json(self, data):
        self.socket.send(json.dumps(data))

    def receive_json(self):
        return json.loads(self.socket.recv(timeout=RECEIVE_TIMEOUT))


def serve(db_url, log_path):
    port = free_port()
    with log_path.open("w") as log:  # the server writes to its own copy
        process = subprocess.Popen(
            [
                *(MEEPLE, "serve", "--port", str(port), "--db", db_url, "--bot-workers", "1"),
                *("--message-rate", "1000/second"),  # whole games as fast as the clients go
            ],
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return process, f"127.0.0.1:{port}"


def wait_ready(process, address, log_path):
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        assert process.poll() is None, f"the server stopped:\n{log_path.read_text()}"
        try:
            with urllib.request.urlopen(f"http://{address}/api/games", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"the server did not start:\n{log_path.read_text()}")


@pytest.fixture
def servers(postgres_url, tmp_path):
    """Two servers on one database, started together; their addresses."""
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    started = [serve(postgres_url, log) for log in logs]
    try:
        for (process, address), log in zip(started, logs, strict=True):
            wait_ready(process, address, log)
        yield [address for _, address in started]
    finally:
        for process, _ in started:
            process.terminate()
        for process, _ in started:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def new_table(address, seats=({"kind": "human"}, {"kind": "human"})):
    body = {"game": "tikal", "options": {"players": 2}, "seats": list(seats)}
    request = urllib.request.Request(
        f"http://{address}/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        data = json.load(response)
    return data["table"], [seat["secret"] for seat in data["seats"]]


def next_state(socket):
    message = socket.receive_json()
    while message["type"] != "state":
        message = socket.receive_json()
    return message


@pytest.mark.timeout(180)
def test_two_processes_serve_the_same_tables(servers):
    a, b = servers
    table, secrets = new_table(a)
    on_a, on_b = Seat(a, table, secrets[0]), Seat(b, table, secrets[1])
    with on_a.socket, on_b.socket:
        first = {"a": next_state(on_a), "b": next_state(on_b)}
        assert first["a"]["version"] == first["b"]["version"] == 0
        name = "a" if first["a"]["legal"] else "b"
        mover, watcher = (on_a, on_b) if name == "a" else (on_b, on_a)
        action = first[name]["legal"][0]["action"]
        mover.send_json({"type": "move", "action": action, "version": 0, "nonce": "first"})
        assert next_state(watcher)["version"] == 1, "the other process pushed the move unasked"

        finals = {}

        def play(name, seat, seed):
            finals[name] = play_seat(seat, random_chooser(seed))

        players = [
            threading.Thread(target=play, args=(name, seat, seed))
            for seed, (name, seat) in enumerate((("a", on_a), ("b", on_b)))
        ]
        for player in players:
            player.start()
        for player in players:
            player.join()
    assert finals["a"]["over"] and finals["b"]["over"]
    assert finals["a"]["scores"] == finals["b"]["scores"]
    assert finals["a"]["version"] == finals["b"]["version"] > 100
    a_bot_plays_against_a_seat_on_the_other_process(a, b)


def a_bot_plays_against_a_seat_on_the_other_process(a, b):
    """On the same servers (starting them takes seconds): a table with a bot, created on A,
    where the human's seat is connected to B."""
    table, secrets = new_table(a, ({"kind": "human"}, {"kind": "bot", "bot": "random"}))
    seat = Seat(b, table, secrets[0])
    with seat.socket:
        final = play_seat(seat, random_chooser(7))
    assert final["over"] and final["winners"]
    with urllib.request.urlopen(f"http://{a}/api/tables/{table}/record", timeout=10) as response:
        record = json.load(response)
    assert {entry["seat"] for entry in record["actions"]} == {0, 1}
