"""The server's storage, behind one class: every database access of the server is here.

`Store` speaks plain dataclasses to its callers, never ORM objects, so the service does not
depend on SQLAlchemy and another backend would change this module only. The database URL is a
setting: SQLite (a file in WAL mode, the default) or PostgreSQL. Every write is one
transaction, committed before the method returns, so a move the server acknowledges survives
the process being killed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import threading
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import ConnectionPoolEntry

from meeple.server.checkpoints import CHECKPOINT_EVERY, Checkpoints
from meeple.server.prepared import HeldConnection, Prepared, driver_transaction
from meeple.server.schema import (
    BOT,
    HUMAN,
    MOVE,
    OVER,
    PLAYING,
    Base,
    ChatRow,
    MoveRow,
    SeatDeviceRow,
    SeatRow,
    SnapshotRow,
    TableRow,
)

#: How often a chat line is numbered again when another process took its number first.
CHAT_ATTEMPTS = 5
#: The most chat lines a client is sent at once: the newest.
CHAT_KEPT = 200
#: The most open tables the lobby lists: the newest.
OPEN_LISTED = 50


class Conflict(Exception):
    """The log already has an entry at that version, or that nonce (another process or a
    retry got there first): reload the table."""


@dataclasses.dataclass(slots=True)
class StoredSeat:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    secret_hash: str | None = None
    session_hash: str | None = None
    #: The account that claimed the seat, if any.
    account_id: int | None = None
    #: sha256 of the seat cookies of the account's other browsers (`Store.add_seat_device`).
    devices: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(slots=True)
class StoredMove:
    """One log entry: a move (with its action's JSON) or an undo (``action`` None)."""

    version: int
    seat: int
    kind: str
    action: dict[str, Any] | None
    nonce: str
    #: When it was made (epoch seconds): the clocks count from these.
    at: float = 0.0


@dataclasses.dataclass(frozen=True, slots=True)
class Append:
    """A log entry to append to a table (`Store.append`), and what it does to the table:
    whether the game is over after it, and how many moves' snapshots still stand."""

    table_id: str
    entry: StoredMove
    over: bool
    keep_moves: int


@dataclasses.dataclass(slots=True)
class StoredSnapshot:
    version: int
    moves: int
    state: dict[str, Any]


@dataclasses.dataclass(slots=True)
class StoredTable:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    admin_hash: str
    seats: list[StoredSeat]
    status: str = PLAYING
    version: int = 0
    log: list[StoredMove] = dataclasses.field(default_factory=list)
    #: When it was made (epoch seconds).
    created_at: float = 0.0
    #: Its clock (`meeple.server.clocks.Clock.to_json`), or None.
    clock: dict[str, Any] | None = None
    #: Whether spectators read its chat.
    spectators_read_chat: bool = True
    #: Whether the lobby lists it while a seat is free (an open table).
    open: bool = False
    #: Whether its players may ask for hints.
    hints: bool = True
    #: Whether the game is rated (`meeple.server.ratings`).
    rated: bool = False
    #: Whether it is its game's guided first game (`meeple.tutorials`).
    tutorial: bool = False


@dataclasses.dataclass(slots=True)
class OpenTable:
    """An open table as the lobby lists it (`Store.open_tables`): nothing secret, no log."""

    id: str
    game: str
    options: dict[str, Any]
    clock: dict[str, Any] | None
    seats: list[StoredSeat]
    rated: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of a table's chat (`ChatRow`)."""

    number: int
    seat: int
    text: str
    #: When it was written (epoch seconds).
    at: float


_MOVES, _TABLES, _SNAPSHOTS = (
    Base.metadata.tables[name] for name in ("moves", "tables", "snapshots")
)
#: A move's statements, built once: building a statement for every move (and finding it in
#: SQLAlchemy's compiled cache) took longer than running it.
_APPEND_MOVE = insert(_MOVES)
_ADVANCE = (
    update(_TABLES)
    .where(_TABLES.c.id == bindparam("table_key"), _TABLES.c.version == bindparam("previous"))
    .values(version=bindparam("next"))
)
_END_GAME = _ADVANCE.values(status=OVER)
#: After an undo: the snapshots of more moves than now stand are wrong.
_DROP_SNAPSHOTS = delete(_SNAPSHOTS).where(
    _SNAPSHOTS.c.table_id == bindparam("table_key"), _SNAPSHOTS.c.moves > bindparam("keep")
)


def _sqlite_pragmas(connection: Any, _record: ConnectionPoolEntry) -> None:
    """WAL lets readers work while a move is written; NORMAL synchronisation loses nothing
    when the process is killed (only a power cut may lose the last commits)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute("PRAGMA wal_autocheckpoint=0")  # a thread checkpoints: `Checkpoints`
    cursor.close()


#: PostgreSQL's URL schemes, which SQLAlchemy would read as the psycopg2 driver.
_POSTGRES_SCHEMES = ("postgresql", "postgres")
#: Key of the PostgreSQL advisory lock that lets one process at a time migrate.
_MIGRATION_LOCK = 0x6D65_6570


def engine_url(url: str) -> str:
    """`url` with PostgreSQL's driver made psycopg 3 (``postgresql://…`` means it)."""
    parsed = make_url(url)
    if parsed.drivername in _POSTGRES_SCHEMES:
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False}, pool_use_lifo=True)
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(engine_url(url), pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic, `meeple.server.migrations`). On
    PostgreSQL, processes starting together migrate one after the other (an advisory lock
    held until the migration commits): the later ones find nothing left to do."""
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("meeple.server").joinpath("migrations"))
    )
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _drop_devices(session: Session, table_id: str, seat: int) -> None:
    """The seat changed hands: the cookies of the old account's other browsers hold it no
    more."""
    session.execute(
        delete(SeatDeviceRow).where(SeatDeviceRow.table_id == table_id, SeatDeviceRow.seat == seat)
    )


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def _epoch(moment: datetime) -> float:
    """Epoch seconds of a stored time (SQLite gives it back without its zone, which is UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


class Store:
    """The tables, seats, move logs and snapshots of one database."""

    def __init__(self, url: str, checkpoint_every: float = CHECKPOINT_EVERY) -> None:
        self.url = url
        self.engine = make_engine(url)
        migrate(self.engine)
        #: SQLite's checkpoints, made off the event loop (None on PostgreSQL).
        self.checkpoints = (
            Checkpoints(self.engine, checkpoint_every)
            if self.engine.dialect.name == "sqlite"
            else None
        )
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        self._write_lock = threading.RLock() if self.engine.dialect.name == "sqlite" else None
        self._append_move, self._advance, self._end_game, self._drop_snapshots = (
            Prepared.of(statement, self.engine)
            for statement in (_APPEND_MOVE, _ADVANCE, _END_GAME, _DROP_SNAPSHOTS)
        )
        self._integrity_error: type[Exception] = self.engine.dialect.loaded_dbapi.IntegrityError
        #: The connection of the batched appends (`append_all`), kept between them.
        self._appending = HeldConnection(self.engine)

    @contextlib.contextmanager
    def writing(self) -> Iterator[None]:
        """Held around every write transaction. SQLite has one writer at a time and makes the
        others retry with growing sleeps (its busy timeout), which under load costs tens of
        milliseconds a move; a lock here queues them instead. PostgreSQL needs none. (The
        server makes its writes in one thread on SQLite, `meeple.server.owners`: the lock
        only orders them with the few made elsewhere, such as a new table's.)"""
        if self._write_lock is None:
            yield
            return
        with self._write_lock:
            yield

    @property
    def shared(self) -> bool:
        """Whether other server processes may use this database too (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        self._appending.close()
        if self.checkpoints is not None:
            self.checkpoints.stop()
        self.engine.dispose()

    # -- tables -------------------------------------------------------------------------------
    def create_table(self, table: StoredTable) -> None:
        with self.writing(), self._session.begin() as session:
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    options=table.options,
                    seed=table.seed,
                    status=table.status,
                    version=0,
                    admin_hash=table.admin_hash,
                    created_at=_moment(table.created_at),
                    clock=table.clock,
                    spectators_read_chat=table.spectators_read_chat,
                    open=table.open,
                    hints=table.hints,
                    rated=table.rated,
                    tutorial=table.tutorial,
                )
            )
            session.flush()  # the seats refer to it
            session.add_all(
                SeatRow(
                    table_id=table.id,
                    seat=seat.seat,
                    kind=seat.kind,
                    bot=seat.bot,
                    name=seat.name,
                    secret_hash=seat.secret_hash,
                    session_hash=seat.session_hash,
                    account_id=seat.account_id,
                )
                for seat in table.seats
            )

    def has_table(self, table_id: str) -> bool:
        """Whether a table of that id exists."""
        with self.engine.connect() as connection:
            tables = Base.metadata.tables["tables"]
            return connection.scalar(select(tables.c.id).where(tables.c.id == table_id)) is not None

    def load_table(self, table_id: str) -> StoredTable | None:
        """The table with its seats and whole log, or None if there is no such table."""
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return StoredTable(
                id=row.id,
                game=row.game,
                options=row.options,
                seed=row.seed,
                admin_hash=row.admin_hash,
                seats=self._seats(session, table_id),
                status=row.status,
                version=row.version,
                created_at=_epoch(row.created_at),
                clock=row.clock,
                spectators_read_chat=row.spectators_read_chat,
                open=row.open,
                hints=row.hints,
                rated=row.rated,
                tutorial=row.tutorial,
                log=self._log(session, table_id, 0),
            )

    def log_since(self, table_id: str, version: int) -> list[StoredMove]:
        """The table's log entries after `version`, in order."""
        with self._session() as session:
            return self._log(session, table_id, version)

    @staticmethod
    def _log(session: Session, table_id: str, after: int) -> list[StoredMove]:
        rows = session.scalars(
            select(MoveRow)
            .where(MoveRow.table_id == table_id, MoveRow.version > after)
            .order_by(MoveRow.version)
        )
        return [
            StoredMove(m.version, m.seat, m.kind, m.action, m.nonce, _epoch(m.created_at))
            for m in rows
        ]

    @staticmethod
    def _seats(session: Session, table_id: str) -> list[StoredSeat]:
        rows = session.scalars(
            select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
        )
        seats = [
            StoredSeat(r.seat, r.kind, r.bot, r.name, r.secret_hash, r.session_hash, r.account_id)
            for r in rows
        ]
        devices = session.execute(
            select(SeatDeviceRow.seat, SeatDeviceRow.session_hash).where(
                SeatDeviceRow.table_id == table_id
            )
        )
        for seat, session_hash in devices:
            if 0 <= seat < len(seats):
                seats[seat].devices.append(session_hash)
        return seats

    def version(self, table_id: str) -> int:
        """The table's stored version (0 for no such table)."""
        with self.engine.connect() as connection:
            tables = Base.metadata.tables["tables"]
            found = connection.scalar(select(tables.c.version).where(tables.c.id == table_id))
            return found or 0

    def tables_to_resume(self) -> list[str]:
        """The tables in play that go on without anybody's move: those with a bot seat or a
        clock. A table of people only waits for them, and is loaded when one comes back."""
        with_bots = select(SeatRow.table_id).where(SeatRow.kind == BOT)
        query = select(TableRow.id).where(
            TableRow.status == PLAYING,
            or_(TableRow.clock.is_not(None), TableRow.id.in_(with_bots)),
        )
        with self._session() as session:
            return list(session.scalars(query))

    def open_tables(self, most: int = OPEN_LISTED) -> list[OpenTable]:
        """The open tables in play with a human seat nobody has taken, newest first (at most
        `most`), with their seats."""
        free = select(SeatRow.table_id).where(SeatRow.kind == HUMAN, SeatRow.session_hash.is_(None))
        query = (
            select(TableRow)
            .where(TableRow.open.is_(True), TableRow.status == PLAYING, TableRow.id.in_(free))
            .order_by(TableRow.created_at.desc())
            .limit(most)
        )
        with self._session() as session:
            return [
                OpenTable(
                    row.id,
                    row.game,
                    row.options,
                    row.clock,
                    self._seats(session, row.id),
                    row.rated,
                )
                for row in session.scalars(query)
            ]

    # -- chat ---------------------------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int, text: str, at: float) -> ChatLine:
        """Keep a line of the table's chat, numbered after the last one. Two processes that
        number a line alike at once: the second's insert fails on the key, and it numbers
        again."""
        for _ in range(CHAT_ATTEMPTS):
            try:
                with self.writing(), self._session.begin() as session:
                    last = session.scalar(
                        select(func.max(ChatRow.number)).where(ChatRow.table_id == table_id)
                    )
                    line = ChatLine((last or 0) + 1, seat, text, at)
                    session.add(
                        ChatRow(
                            table_id=table_id,
                            number=line.number,
                            seat=seat,
                            text=text,
                            created_at=_moment(at),
                        )
                    )
                return line
            except IntegrityError:
                continue
        raise Conflict(f"table {table_id}: no chat number was free after {CHAT_ATTEMPTS} tries")

    def chat_since(self, table_id: str, after: int, last: int = CHAT_KEPT) -> list[ChatLine]:
        """The table's chat lines numbered above `after`, in order: at most the `last` newest."""
        with self._session() as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.number > after)
                .order_by(ChatRow.number.desc())
                .limit(last)
            )
            lines = [ChatLine(r.number, r.seat, r.text, _epoch(r.created_at)) for r in rows]
        return lines[::-1]

    # -- seats --------------------------------------------------------------------------------
    def bind_seat(
        self,
        table_id: str,
        seat: int,
        name: str,
        session_hash: str,
        account_id: int | None = None,
    ) -> None:
        """A player joined by their link: their name, the browser session that holds the
        seat from now on (a browser that joined earlier loses it, and so do the other browsers
        of the account that held it), and the account that claims it (None: no account)."""
        with self.writing(), self._session.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(name=name, session_hash=session_hash, account_id=account_id)
            )
            _drop_devices(session, table_id, seat)

    def add_seat_device(self, table_id: str, seat: int, session_hash: str) -> None:
        """Another browser of the account that holds `seat` holds it too, by this cookie."""
        with self.writing(), self._session.begin() as session:
            session.add(SeatDeviceRow(session_hash=session_hash, table_id=table_id, seat=seat))

    def seats_of_account(self, account_id: int) -> list[tuple[str, int]]:
        """The (table id, seat) of every seat the account has claimed, newest table first."""
        query = (
            select(SeatRow.table_id, SeatRow.seat)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(SeatRow.account_id == account_id)
            .order_by(TableRow.created_at.desc())
        )
        with self._session() as session:
            return [(table_id, seat) for table_id, seat in session.execute(query)]

    def update_seat(self, table_id: str, seat: StoredSeat) -> None:
        """Who sits in a seat now (the creator re-issued its link or handed it to a bot)."""
        with self.writing(), self._session.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat.seat)
                .values(
                    kind=seat.kind,
                    bot=seat.bot,
                    name=seat.name,
                    secret_hash=seat.secret_hash,
                    session_hash=seat.session_hash,
                    account_id=seat.account_id,
                )
            )
            _drop_devices(session, table_id, seat.seat)

    # -- the log ------------------------------------------------------------------------------
    def append(self, table_id: str, entry: StoredMove, over: bool, keep_moves: int) -> None:
        """Append one log entry and move the table to its version (and to ``over``), in one
        transaction. Snapshots of more than `keep_moves` moves are dropped (an undo makes
        them wrong). Raises `Conflict` if the version or the nonce is taken."""
        try:
            with self.writing(), driver_transaction(self.engine) as cursor:
                self._write_entry(cursor, Append(table_id, entry, over, keep_moves))
        except self._integrity_error as exc:
            raise Conflict(f"table {table_id}: version or nonce already in the log") from exc

    def append_all(self, appends: Sequence[Append]) -> list[Conflict | None]:
        """Several appends (`append`), of different tables, in one transaction and one
        commit; the result says for each whether it was written (None) or its `Conflict`.
        Conflicts are rare (another process stored a change first), so the batch is tried
        whole, and only when one of them conflicts is it rolled back and each append made
        alone. Any other error is raised: none of the batch is written then."""
        try:
            with self.writing(), self._appending.transaction() as cursor:
                for append in appends:
                    self._write_entry(cursor, append)
            return [None] * len(appends)
        except (Conflict, self._integrity_error):
            pass
        results: list[Conflict | None] = []
        for append in appends:
            try:
                self.append(append.table_id, append.entry, append.over, append.keep_moves)
            except Conflict as exc:
                results.append(exc)
            else:
                results.append(None)
        return results

    def _write_entry(self, cursor: Any, append: Append) -> None:
        entry, table_id = append.entry, append.table_id
        move = {
            "table_id": table_id,
            "version": entry.version,
            "seat": entry.seat,
            "kind": entry.kind,
            "action": entry.action,
            "nonce": entry.nonce,
            "created_at": _moment(entry.at),
        }
        versions = {"table_key": table_id, "previous": entry.version - 1, "next": entry.version}
        advance = self._end_game if append.over else self._advance
        cursor.execute(self._append_move.sql, self._append_move.parameters(move))
        cursor.execute(advance.sql, advance.parameters(versions))
        if cursor.rowcount != 1:
            raise Conflict(f"table {table_id} is no longer at version {entry.version - 1}")
        if entry.kind != MOVE:
            dropped = {"table_key": table_id, "keep": append.keep_moves}
            cursor.execute(self._drop_snapshots.sql, self._drop_snapshots.parameters(dropped))

    # -- snapshots ----------------------------------------------------------------------------
    def save_snapshot(self, table_id: str, snapshot: StoredSnapshot) -> None:
        with self.writing(), self._session.begin() as session:
            session.merge(
                SnapshotRow(
                    table_id=table_id,
                    version=snapshot.version,
                    moves=snapshot.moves,
                    state=snapshot.state,
                )
            )

    def latest_snapshot(self, table_id: str, max_moves: int) -> StoredSnapshot | None:
        """The snapshot of the most moves, at most `max_moves`, or None."""
        with self._session() as session:
            row = session.scalars(
                select(SnapshotRow)
                .where(SnapshotRow.table_id == table_id, SnapshotRow.moves <= max_moves)
                .order_by(SnapshotRow.moves.desc(), SnapshotRow.version.desc())
                .limit(1)
            ).first()
            return None if row is None else StoredSnapshot(row.version, row.moves, row.state)
