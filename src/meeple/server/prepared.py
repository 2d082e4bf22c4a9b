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
        """`values` converted, in the driver's form."""
        converted = {
            name: self.processors[name](value) if name in self.processors else value
            for name, value in {**self.fixed, **values}.items()
        }
        if self.order is None:
            return converted
        return tuple(converted[name] for name in self.order)


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
