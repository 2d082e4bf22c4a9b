"""The server's settings: where the database is, where to listen, and its limits."""

from __future__ import annotations

import dataclasses

DEFAULT_DB = "meeple-server.db"


def database_url(db: str) -> str:
    """A database URL as given (``postgresql://…``, ``sqlite:///…``), or a file path, which
    means an SQLite database in that file."""
    return db if "://" in db else f"sqlite:///{db}"


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    #: SQLAlchemy URL of the database.
    db_url: str = database_url(DEFAULT_DB)
    host: str = "127.0.0.1"
    port: int = 8000
    #: Processes computing bot moves (None: cores − 1, at least 1).
    bot_workers: int | None = None
    #: Tables held in memory at most (the least recently used go first; a later request
    #: loads them again from the database).
    max_tables: int = 1000
    #: Seconds after its last use that a table in play leaves memory (a finished one: 60).
    idle_seconds: float = 600.0
    #: Longest WebSocket message or JSON body accepted, in bytes.
    max_message: int = 64 * 1024
    #: Largest uploaded edition file, in bytes.
    max_edition: int = 1024 * 1024
    #: Origins allowed besides the server's own (the WebSocket handshake and form posts).
    allowed_origins: tuple[str, ...] = ()
    #: HTTP requests per client address (pages, the JSON API, static files).
    http_rate: str = "30/second;900/minute"
    #: WebSocket messages per connection.
    message_rate: str = "30/second;1200/minute"
    #: WebSocket connections opened per client address.
    connect_rate: str = "10/second;120/minute"
    #: The search's budget a move in the analysis of a finished game (``"200i"``: iterations).
    analysis_budget: str = "200i"
    #: Chat lines per seat of a table.
    chat_rate: str = "5/10 seconds;30/minute"
    #: Sign-in attempts per account name, and per client address.
    sign_in_rate: str = "5/minute;30/hour"
    sign_in_address_rate: str = "20/minute;200/hour"
    #: The SMTP server that sends emails (password resets, turn notices):
    #: ``smtp://user:password@host:port`` (STARTTLS when the server offers it) or ``smtps://…``;
    #: None: no emails are sent (the pages say so).
    smtp_url: str | None = None
    #: The sender of the emails.
    mail_from: str = "Meeple <meeple@localhost>"
    #: The server's address as people reach it (``https://meeple.example``), for the links in
    #: emails; None: the address of the request that caused the email.
    public_url: str | None = None
    #: Who the push services may contact about this server (web push's VAPID ``sub``):
    #: ``mailto:admin@example.org`` or an ``https://`` page; None: the emails' sender.
    vapid_subject: str | None = None

    @property
    def base_url(self) -> str:
        """The server's address for links sent without a request to answer (turn notices):
        `public_url`, else where it listens."""
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")
