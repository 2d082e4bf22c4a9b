"""Alembic migrations of the server's database (run by `meeple.server.store.migrate`)."""
