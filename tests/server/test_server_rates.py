"""Rate limits: HTTP requests per address, WebSocket messages per connection and connects per
address; over a limit, a clear refusal that changes nothing."""

from __future__ import annotations

import dataclasses

import pytest
from fastapi.testclient import TestClient
from server_helpers import bearer, new_table
from starlette.websockets import WebSocketDisconnect

from meeple.server.app import create_app
from meeple.server.rates import RateLimit, valid_rate


@pytest.fixture
def strict(settings):
    limited = dataclasses.replace(
        settings, http_rate="8/minute", message_rate="3/minute", connect_rate="6/minute"
    )
    with TestClient(create_app(limited), base_url="http://testserver") as client:
        yield client


def test_a_rate_limit_counts_per_key():
    limit = RateLimit("2/minute")
    assert [limit.hit("a"), limit.hit("a"), limit.hit("a"), limit.hit("b")] == [
        True,
        True,
        False,
        True,
    ]
    assert "at most 2 per 1 minute" in limit.refusal()
    assert valid_rate("5/second;100/minute") and not valid_rate("fast")


def test_http_requests_over_the_rate_are_refused(strict):
    answers = [strict.get("/api/games").status_code for _ in range(9)]
    assert answers == [200] * 8 + [429]
    refused = strict.get("/api/games")
    assert refused.headers["retry-after"] == "1" and "too many" in refused.json()["detail"]


def test_websocket_messages_and_connects_over_the_rate_are_refused(strict):
    table, secrets = new_table(strict)  # 1 request
    service = strict.app.state.service
    with strict.websocket_connect(f"/ws/{table}", headers=bearer(secrets[0])) as ws:
        ws.receive_json()
        for _ in range(3):
            ws.send_json({"type": "sync"})
            assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "move", "action": {}, "version": 0, "nonce": "n"})
        refused = ws.receive_json()
        assert refused["type"] == "error" and "too many" in refused["reason"]
        assert refused["retry_after"] == 1
    assert service.version(table) == 0
    for _ in range(5):  # 6 connects a minute: the first was above
        with strict.websocket_connect(f"/ws/{table}") as ws:
            ws.receive_json()
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        strict.websocket_connect(f"/ws/{table}") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 1008


def test_a_moving_window_frees_hits_as_they_age_and_forgets_idle_keys():
    limit = RateLimit("2/minute;3/hour")
    assert [limit.hit("a", now=t) for t in (0.0, 1.0, 30.0)] == [True, True, False]
    assert limit.hit("a", now=60.5)  # the hit at 0 has left the minute
    assert not limit.hit("a", now=120.0)  # but the hour holds three
    assert limit.hit("b", now=120.0)
    assert limit.hit("c", now=4000.0)  # a sweep: "a" and "b" were idle for over an hour
    assert set(limit._hits) == {"c"}
