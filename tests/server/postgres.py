"""A real PostgreSQL server for the tests: the one at ``$MEEPLE_TEST_POSTGRES`` (a URL whose user
may create databases), or else a throwaway cluster started from the local binaries for the
session (each xdist worker has its own) and removed after it. Each test gets an empty
database.

initdb refuses to run as root, so as root (CI) the cluster belongs to the ``postgres`` system
user that Debian's package creates. Without a server and without binaries the PostgreSQL tests
are skipped, except in CI (``CI=true``), where that is a failure: a check that silently skips
there checks nothing.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from sqlalchemy.engine import make_url

ENV = "MEEPLE_TEST_POSTGRES"
#: The system user that owns the cluster when the tests run as root.
OWNER = "postgres"
#: A test cluster trades durability for speed: it is thrown away anyway.
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


class PostgresServer:
    """A server the tests may create a database on."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.database_url: str | None = None

    def empty_database(self) -> str:
        """The URL of this session's database, emptied (creating a database takes a second,
        emptying one a few milliseconds)."""
        if self.database_url is None:
            name = f"meeple_test_{uuid.uuid4().hex[:12]}"
            with psycopg.connect(self.url, autocommit=True) as connection:
                connection.execute(f'CREATE DATABASE "{name}"')
            self.database_url = make_url(self.url).set(database=name).render_as_string(False)
        else:
            with psycopg.connect(self.database_url, autocommit=True) as connection:
                connection.execute("SET lock_timeout = '10s'")  # a leaked session fails, not hangs
                connection.execute("DROP SCHEMA public CASCADE")
                connection.execute("CREATE SCHEMA public")
        return self.database_url

    def drop_database(self) -> None:
        if self.database_url is not None:
            name = make_url(self.database_url).database
            with psycopg.connect(self.url, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def binaries() -> Path | None:
    """The folder of initdb and pg_ctl: Debian's newest /usr/lib/postgresql/N/bin, or PATH's."""
    found = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if found:
        return Path(max(found, key=lambda path: int(re.findall(r"/(\d+)/bin/", path)[0]))).parent
    on_path = shutil.which("pg_ctl")
    return Path(on_path).resolve().parent if on_path and shutil.which("initdb") else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def throwaway_cluster(bindir: Path) -> Iterator[str]:
    """Start a cluster in a new folder on a free port; yields its URL; stops and removes it."""
    folder = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
    as_owner: list[str] = []
    if os.geteuid() == 0:
        as_owner = ["runuser", "-u", OWNER, "--"]
        shutil.chown(folder, OWNER)
    data, port = folder / "data", free_port()

    def run(*command: str | Path) -> None:
        subprocess.run([*as_owner, *map(str, command)], check=True, capture_output=True)

    try:
        run(bindir / "initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync")
        options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 {FAST}"
        run(bindir / "pg_ctl", "-D", data, "-l", folder / "log", "-o", options, "-w", "start")
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
        run(bindir / "pg_ctl", "-D", data, "-m", "immediate", "-w", "stop")
    except subprocess.CalledProcessError as exc:
        log = folder / "log"
        raise RuntimeError(
            f"{exc.cmd} failed: {exc.stderr.decode()}" + (log.read_text() if log.exists() else "")
        ) from exc
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def postgres_server() -> Iterator[PostgresServer]:
    """For a session fixture: the server, or a skip (a failure in CI) saying why there is none."""
    url = os.environ.get(ENV)
    if url:
        server = PostgresServer(url)
        yield server
        server.drop_database()
        return
    bindir = binaries()
    if bindir is None:
        reason = (
            f"no PostgreSQL: set {ENV} to a server's URL, or install its binaries "
            "(apt-get install postgresql; .ci/run does)"
        )
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    for url in throwaway_cluster(bindir):
        yield PostgresServer(url)
