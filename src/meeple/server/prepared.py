"""Statements compiled once and run on the driver's own connection, for the hottest write.

A move's append is two small statements. Run through SQLAlchemy's Core (begin, execute,
execute, commit) it cost about four times the statements themselves on SQLite, and it is
paid on the server's event loop for every move (docs/benchmarks.md, "The third pass"). So
the append's statements are compiled by SQLAlchemy once, for the engine's dialect, with
SQLAlchemy's own bind processors for their types (JSON, time zones), and run on a pooled
DBAPI connection (`Engine.raw_connection`). Everything else keeps to the Core and the ORM.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.sql import ClauseElement
from sqlalchemy.sql.compiler import SQLCompiler


@dataclasses.dataclass(frozen=True, slots=True)
class Prepared:
    """One statement as the driver takes it: its SQL, the parameter names in the order a
    positional paramstyle wants them (None: the driver takes a dict), the values written into
    the statement (``.values(status=OVER)``), and the conversion of each parameter that
    SQLAlchemy would apply."""

    sql: str
    order: tuple[str, ...] | None
    fixed: Mapping[str, Any]
    processors: Mapping[str, Callable[[Any], Any]]

    @classmethod
    def of(cls, statement: ClauseElement, engine: Engine) -> Prepared:
        compiled = statement.compile(dialect=engine.dialect)
        assert isinstance(compiled, SQLCompiler)  # a DML statement compiles to SQL
        processors, fixed = {}, {}
        for name, bind in compiled.binds.items():
            if bind.value is not None:
                fixed[name] = bind.value
            processor = bind.type.dialect_impl(engine.dialect).bind_processor(engine.dialect)
            if processor is not None:
                processors[name] = processor
        order = tuple(compiled.positiontup) if compiled.positiontup else None
        return cls(compiled.string, order, fixed, processors)

    def parameters(self, values: Mapping[str, Any]) -> tuple[Any, ...] | dict[str, Any]:
        """`values` converted, in the driver's form. (A positional statement takes only the
        values it names, each looked up once: a merged dict of every value cost the writer
        as much again.)"""
        processors = self.processors
        if self.order is None:
            return {
                name: processors[name](value) if name in processors else value
                for name, value in {**self.fixed, **values}.items()
            }
        fixed = self.fixed
        ordered = []
        for name in self.order:
            value = values[name] if name in values else fixed[name]
            processor = processors.get(name)
            ordered.append(value if processor is None else processor(value))
        return tuple(ordered)


@contextmanager
def driver_transaction(engine: Engine) -> Iterator[Any]:
    """A cursor of a pooled driver connection, committed if the block ends normally and
    rolled back otherwise; the connection goes back to the pool either way."""
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        try:
            yield cursor
            connection.commit()
        except BaseException:
            connection.rollback()
            raise
        finally:
            cursor.close()
    finally:
        connection.close()


class HeldConnection:
    """One pooled driver connection kept between transactions, for the store's batched appends,
    which the writer thread makes for every move (`meeple.server.appends`). Checking a
    connection out of the pool and back in for each (the pool's bookkeeping and its rollback
    on return) cost a fifth of an append's CPU on SQLite. After any error the connection goes
    back to the pool (which resets or discards it) and the next transaction checks out
    another, so a connection that broke (a restarted PostgreSQL) is not kept. A lock makes
    the transactions of several threads take turns (only the writer's thread makes them in
    the server)."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._connection: Any = None
        self._lock = threading.Lock()

    @contextmanager
    def transaction(self) -> Iterator[Any]:
        """A cursor of the held connection, committed if the block ends normally and rolled
        back (and the connection given back) otherwise."""
        with self._lock:
            if self._connection is None:
                self._connection = self._engine.raw_connection()
            connection = self._connection
            cursor = connection.cursor()
            try:
                yield cursor
                connection.commit()
            except BaseException:
                self._connection = None
                try:
                    cursor.close()
                    connection.rollback()
                finally:
                    connection.close()
                raise
            cursor.close()

    def close(self) -> None:
        """Give the connection back to the pool (a later transaction checks one out again)."""
        with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            connection.close()
