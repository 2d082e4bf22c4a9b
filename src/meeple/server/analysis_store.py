"""The analyses' storage, over the `Store`'s database (see `meeple.server.store`): a row per
finished game, claimed by the process that makes its analysis, its progress, and its result."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError

from meeple.server.schema import DONE, RUNNING, AnalysisRow
from meeple.server.store import Store


@dataclasses.dataclass(frozen=True, slots=True)
class StoredAnalysis:
    budget: str
    seed: int
    status: str
    done: int
    total: int
    result: dict[str, Any] | None
    #: When it last moved on (epoch seconds): a running analysis that has not moved for long
    #: lost its process (a restart), and is taken up again.
    updated_at: float


class AnalysisStore:
    """The ``analyses`` table of `store`'s database."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._session = store._session

    def get(self, table_id: str) -> StoredAnalysis | None:
        with self._session() as session:
            row = session.get(AnalysisRow, table_id)
            if row is None:
                return None
            at = row.updated_at if row.updated_at.tzinfo else row.updated_at.replace(tzinfo=UTC)
            return StoredAnalysis(
                row.budget, row.seed, row.status, row.done, row.total, row.result, at.timestamp()
            )

    def claim(self, table_id: str, budget: str, seed: int, total: int, now: float) -> bool:
        """Whether this process makes the table's analysis: False if another has claimed it."""
        try:
            with self._store.writing(), self._session.begin() as session:
                session.add(
                    AnalysisRow(
                        table_id=table_id,
                        budget=budget,
                        seed=seed,
                        status=RUNNING,
                        done=0,
                        total=total,
                        updated_at=_moment(now),
                    )
                )
            return True
        except IntegrityError:
            return False

    def take_over(self, table_id: str, older_than: float, now: float) -> bool:
        """Claims a running analysis that has not moved since `older_than` (its process is
        gone); False if it has, or is done."""
        with self._store.writing(), self._session.begin() as session:
            changed = session.execute(
                update(AnalysisRow)
                .where(
                    AnalysisRow.table_id == table_id,
                    AnalysisRow.status == RUNNING,
                    AnalysisRow.updated_at < _moment(older_than),
                )
                .values(done=0, updated_at=_moment(now))
            )
            return bool(changed.rowcount)  # type: ignore[attr-defined]

    def progress(self, table_id: str, done: int, now: float) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id)
                .values(done=done, updated_at=_moment(now))
            )

    def finish(self, table_id: str, result: dict[str, Any], now: float) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.table_id == table_id)
                .values(status=DONE, result=result, updated_at=_moment(now))
            )


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)
