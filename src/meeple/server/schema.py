"""The database schema (SQLAlchemy 2 declarative models); `migrations/` creates it.

A table's position is never stored as such: it is the replay of its move log, which is only
ever appended to (an undo is an entry of its own). Snapshots are a cache that shortens the
replay and may be deleted at any time. Column types are portable between SQLite and
PostgreSQL.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    false,
    true,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Length of ids and hashes: a table id is `secrets.token_urlsafe(9)`, a hash sha256 hex.
ID_LENGTH = 16
HASH_LENGTH = 64

PLAYING = "playing"
OVER = "over"

HUMAN = "human"
BOT = "bot"

MOVE = "move"
UNDO = "undo"


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """One game table: the game, its options and seed, and how far it has got."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(ID_LENGTH), primary_key=True)
    #: Registry name of the game.
    game: Mapped[str] = mapped_column(String(64))
    #: The options as `normalize_options` returned them.
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: The game seed: secret until the game is over.
    seed: Mapped[int] = mapped_column(Integer)
    #: ``playing`` or ``over``.
    status: Mapped[str] = mapped_column(String(16), default=PLAYING)
    #: How many entries the move log holds (the version clients choose their moves at).
    version: Mapped[int] = mapped_column(Integer, default=0)
    #: sha256 of the creator's secret (re-issuing links, handing seats to bots).
    admin_hash: Mapped[str] = mapped_column(String(HASH_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: The table's clock (`meeple.server.clocks.Clock.to_json`), or None for untimed play.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    #: Whether spectators read the table's chat (seated players always do; only they write).
    spectators_read_chat: Mapped[bool] = mapped_column(Boolean, server_default=true())
    #: Whether the lobby lists the table while a seat is free, for anyone to take (an open
    #: table); else its seats are taken only by their invite links.
    open: Mapped[bool] = mapped_column(Boolean, server_default=false())
    #: Whether the table is its game's guided first game (`meeple.tutorials`): its moves
    #: follow the game's tutorial script until the script ends.
    tutorial: Mapped[bool] = mapped_column(Boolean, server_default=false())


class SeatRow(Base):
    """Who sits in one seat: a human (by invite link) or a bot."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``human`` or ``bot``.
    kind: Mapped[str] = mapped_column(String(8))
    #: The bot spec (``easy``, ``ismcts:1s``…) of a bot seat.
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: The name the player gave on joining (shown escaped).
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: sha256 of the invite link's secret; the secret itself is stored nowhere.
    secret_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH), nullable=True)
    #: sha256 of the session token in the cookie of the browser that joined last.
    session_hash: Mapped[str | None] = mapped_column(String(HASH_LENGTH), nullable=True)
    #: The account that claimed the seat (joined it signed in), if any: "my games" and the
    #: seat follow the account to its other browsers. (An account's id, without a reference
    #: constraint: migration 0005 added the column to tables that exist.)
    account_id: Mapped[int | None] = mapped_column(Integer, nullable=True)

    __table_args__ = (
        Index("ix_seats_secret_hash", "secret_hash"),
        Index("ix_seats_account", "account_id"),
        Index("ix_seats_session_hash", "session_hash"),
    )


class MoveRow(Base):
    """One entry of a table's append-only log: a move, or the undo of the last move."""

    __tablename__ = "moves"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    #: The table's version once this entry is in: 1, 2, 3… without gaps.
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    #: ``move`` or ``undo``.
    kind: Mapped[str] = mapped_column(String(8))
    #: The action's JSON (None for an undo).
    action: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: The client's nonce: a repeated one is answered from here, never applied twice.
    nonce: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (UniqueConstraint("table_id", "seat", "nonce", name="uq_moves_nonce"),)


class SnapshotRow(Base):
    """A table's full state after some of its moves, to replay from (a cache)."""

    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    #: The table version it was taken at.
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: How many moves (undone ones taken out) led to it.
    moves: Mapped[int] = mapped_column(Integer)
    #: `GameState.to_json()`.
    state: Mapped[dict[str, Any]] = mapped_column(JSON)


#: The longest chat message, in characters.
CHAT_LENGTH = 500


class ChatRow(Base):
    """One line of a table's chat: what a seated player wrote, kept with the table."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    #: 1, 2, 3… in the order the lines were kept (a client asks for the lines after one).
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(CHAT_LENGTH))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


#: The longest account name, in characters, and the longest email address.
ACCOUNT_NAME_LENGTH = 32
EMAIL_LENGTH = 254


class AccountRow(Base):
    """A player's optional account: a name that lasts, a password, an email for resets.

    A deleted account keeps its row (its seats point at it, so finished games keep their
    records) with its name replaced and its password, email and sessions gone."""

    __tablename__ = "accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: The name as the player wrote it (shown escaped).
    name: Mapped[str] = mapped_column(String(ACCOUNT_NAME_LENGTH))
    #: The name casefolded: two accounts never share it, and sign-in looks it up.
    name_key: Mapped[str] = mapped_column(String(ACCOUNT_NAME_LENGTH), unique=True)
    #: argon2id's encoded hash (parameters and salt in it); None once deleted.
    password_hash: Mapped[str | None] = mapped_column(String(128), nullable=True)
    email: Mapped[str | None] = mapped_column(String(EMAIL_LENGTH), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    deleted: Mapped[bool] = mapped_column(Boolean, server_default=false())


class AccountSessionRow(Base):
    """A browser signed in to an account: the sha256 of its session cookie's token."""

    __tablename__ = "account_sessions"

    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasswordResetRow(Base):
    """A password reset link sent by email: the sha256 of its token, until it is used or
    expires."""

    __tablename__ = "password_resets"

    token_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatDeviceRow(Base):
    """A browser of the account that holds a seat, given a seat cookie of its own when the
    account opened the table there: an account plays its seats from any device."""

    __tablename__ = "seat_devices"

    session_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(ID_LENGTH))
    seat: Mapped[int] = mapped_column(Integer)

    __table_args__ = (Index("ix_seat_devices_table", "table_id", "seat"),)
