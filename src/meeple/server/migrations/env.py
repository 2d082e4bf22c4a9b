"""Alembic environment: migrates the connection `meeple.server.store.migrate` hands over, or
the database at ``sqlalchemy.url`` when run from the ``alembic`` command line."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from meeple.server.schema import Base
from meeple.server.store import make_engine


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


connection = context.config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    url = context.config.get_main_option("sqlalchemy.url")
    assert url, "set sqlalchemy.url to the database to migrate"
    with make_engine(url).connect() as own:
        _run(own)
