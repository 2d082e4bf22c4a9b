"""Against a real uvicorn server (in a thread of the test): a refused WebSocket handshake is
closed with the documented code, which a browser can read (refused before being accepted, it
would be a bare HTTP 403 that the table page retries forever); and clients that leave while
positions are pushed to them log no error."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time

import pytest
import uvicorn
from postgres import free_port
from server_helpers import bearer
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from meeple.server.app import create_app


@contextlib.contextmanager
def running(settings):
    """The app served by uvicorn on a free port of 127.0.0.1; its address."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(settings), port=port, log_config=None))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def post_json(address, path, body, headers=None):
    import urllib.request

    request = urllib.request.Request(
        f"http://{address}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


def close_code(address, table, headers):
    """The code the server closed the handshake with."""
    with (
        pytest.raises(ConnectionClosed) as closed,
        connect(f"ws://{address}/ws/{table}", additional_headers=headers, open_timeout=10) as ws,
    ):
        ws.recv(timeout=10)
    assert closed.value.rcvd is not None, "closed without a close frame"
    return closed.value.rcvd.code


@pytest.mark.timeout(120)
def test_refused_handshakes_close_with_the_documented_codes(settings):
    limited = type(settings)(**{**_fields(settings), "connect_rate": "6/minute"})
    with running(limited) as address:
        table = post_json(
            address, "/api/tables", {"game": "tikal", "seats": [{"kind": "human"}] * 2}
        )["table"]
        assert close_code(address, table, {"Origin": "http://evil.example"}) == 4403
        assert close_code(address, table, bearer("not a secret")) == 4401
        assert close_code(address, "nosuchtable", {}) == 4404
        with connect(f"ws://{address}/ws/{table}", open_timeout=10) as spectator:
            assert json.loads(spectator.recv(timeout=10))["type"] == "state"
        codes = [close_code(address, "nosuchtable", {}) for _ in range(4)]  # 6 a minute
        assert codes[-1] == 1008, codes  # over the connection rate


def _fields(settings):
    return {name: getattr(settings, name) for name in settings.__dataclass_fields__}


@pytest.mark.timeout(120)
def test_clients_that_leave_mid_push_log_no_error(settings, caplog):
    roomy = type(settings)(**{**_fields(settings), "connect_rate": "1000/second"})
    caplog.set_level(logging.DEBUG, logger="meeple")
    with running(roomy) as address:
        created = post_json(
            address, "/api/tables", {"game": "altiplano", "seats": [{"kind": "human"}] * 4}
        )
        table, secret = created["table"], created["seats"][0]["secret"]
        for _ in range(30):
            with connect(f"ws://{address}/ws/{table}", additional_headers=bearer(secret)) as ws:
                for log_start in range(20):  # a large position (Altiplano's), again and again
                    ws.send(json.dumps({"type": "sync", "log_start": log_start}))
                ws.socket.shutdown(socket.SHUT_RDWR)  # gone, without a closing handshake
        time.sleep(1)
    errors = [
        r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("meeple")
    ]
    assert not errors, [r.getMessage() for r in errors]
