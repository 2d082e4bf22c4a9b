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
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
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
    #: Whether its players may ask "what would a bot do?" (`meeple.server.advice`).
    hints: Mapped[bool] = mapped_column(Boolean, server_default=true())
    #: Whether the game is rated (`meeple.server.ratings`): its human seats are accounts',
    #: undo is off, and its end changes every seat's rating.
    rated: Mapped[bool] = mapped_column(Boolean, server_default=false())
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


#: The longest bot spec a bot's rating row names.
BOT_SPEC_LENGTH = 16
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
    #: The bot level this row rates, for a bot's row (`RatingStore.bot_account`): bots are
    #: rated players too. Such a row has no password (nobody signs in to it) and its name
    #: ``bot:<level>`` has a colon, which no person's name may hold.
    bot: Mapped[str | None] = mapped_column(String(BOT_SPEC_LENGTH), nullable=True)

    __table_args__ = (Index("ix_accounts_bot", "bot", unique=True),)


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


RUNNING = "running"
DONE = "done"


class AnalysisRow(Base):
    """The analysis of a finished game (`meeple.analysis`), kept with its table: made once, by
    the process that claimed it, in the bot workers."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    #: The search's budget (``"200i"``) and seed it was made with.
    budget: Mapped[str] = mapped_column(String(32))
    seed: Mapped[int] = mapped_column(Integer)
    #: ``running`` or ``done``.
    status: Mapped[str] = mapped_column(String(16))
    #: Moves analysed so far, of `total`.
    done: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer)
    #: `GameAnalysis.to_json()` once done.
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True), nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


#: A game's name as the tables store it.
GAME_LENGTH = 64


class RatingRow(Base):
    """A player's rating (an account's, or a bot level's) in one game at one player count:
    openskill's Plackett-Luce ``mu`` and ``sigma`` (`meeple.server.ratings`)."""

    __tablename__ = "ratings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    #: Rated games played at this game and player count.
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_ratings_board", "game", "players"),)


class RatingChangeRow(Base):
    """What a rated game's end did to one seat's rating: the rank it was rated at (1 the
    best; an abandoned seat last), and its rating before and after. Kept with the table, so
    the result panel, the profiles' histories and a recomputation can read it."""

    __tablename__ = "rating_changes"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    game: Mapped[str] = mapped_column(String(GAME_LENGTH))
    players: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int] = mapped_column(Integer)
    #: Whether the seat was abandoned (timed out, or handed to a bot): ranked last.
    abandoned: Mapped[bool] = mapped_column(Boolean)
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu_after: Mapped[float] = mapped_column(Float)
    sigma_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


#: The longest push endpoint kept (the push services' URLs are a few hundred characters).
ENDPOINT_LENGTH = 2048


class NoticeSettingsRow(Base):
    """An account's turn notices: by email or not, after how many minutes of waiting, in
    which language, and the token of the unsubscribe link in every notice. Made when first
    needed; no row means no notices."""

    __tablename__ = "notice_settings"

    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), primary_key=True)
    #: Whether turn notices go to the account's email.
    email: Mapped[bool] = mapped_column(Boolean, server_default=false())
    #: Also a notice when a game has waited this many minutes for the account (None: never).
    wait_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: The language the account last used the pages in (the notices' language).
    language: Mapped[str | None] = mapped_column(String(8), nullable=True)
    #: The unsubscribe link's token. Kept as it is, not hashed: every notice repeats it, and
    #: it does one thing only, turn the account's notices off.
    unsubscribe_token: Mapped[str] = mapped_column(String(HASH_LENGTH), unique=True)


class PushSubscriptionRow(Base):
    """A browser's web push subscription (the Push API's), for an account's turn notices."""

    __tablename__ = "push_subscriptions"

    #: sha256 of the endpoint: a browser's subscription is kept once, whatever its length.
    endpoint_hash: Mapped[str] = mapped_column(String(HASH_LENGTH), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    #: The push service's URL for this browser.
    endpoint: Mapped[str] = mapped_column(String(ENDPOINT_LENGTH))
    #: The browser's P-256 public key and auth secret (base64url), which encrypt the payload.
    p256dh: Mapped[str] = mapped_column(String(128))
    auth: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SentNoticeRow(Base):
    """A turn that got its notice: the table, the seat and the version the turn began at. Its
    key lets one notice through per turn, across restarts and server processes."""

    __tablename__ = "sent_notices"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class VapidKeyRow(Base):
    """The server's VAPID key pair (web push): made once, kept so that the browsers'
    subscriptions, made for its public key, stay valid across restarts."""

    __tablename__ = "vapid_keys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: The private key, PEM (PKCS#8).
    private_pem: Mapped[str] = mapped_column(Text)
