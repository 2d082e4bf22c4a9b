"""A server app on a fresh SQLite file per test, with one bot worker process; a database URL
of each kind (SQLite, PostgreSQL: `postgres.py`) for the tests that run on both."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from postgres import postgres_server
from smtp_sink import smtp_sink

from meeple.server.app import create_app
from meeple.server.settings import Settings


@pytest.fixture(scope="session")
def postgres():
    yield from postgres_server()


@pytest.fixture
def postgres_url(postgres):
    """An empty PostgreSQL database."""
    return postgres.empty_database()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path):
    """A new, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'test.db'}"
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def settings(tmp_path):
    return Settings(
        db_url=f"sqlite:///{tmp_path / 'server.db'}",
        bot_workers=1,
        message_rate="1000/second",  # whole games as fast as the client can go
        http_rate="1000/second",  # the same over HTTP
    )


@pytest.fixture
def client(settings):
    # A browser sends its page's Origin with every request that may change something.
    origin = {"origin": "http://testserver"}
    with TestClient(create_app(settings), base_url="http://testserver", headers=origin) as client:
        yield client


@pytest.fixture
def smtp_server():
    """A real SMTP server (aiosmtpd) on a local port, with the messages it received."""
    yield from smtp_sink()
