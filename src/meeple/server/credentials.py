"""Seat secrets: long random strings handed out once (in an invite link or a cookie) and
stored only as their sha256, so a copy of the database opens no seat."""

from __future__ import annotations

import functools
import hashlib
import secrets

#: A seat's cookie is this prefix and the table id; the creator's, the admin prefix and the id.
SEAT_COOKIE = "meeple_"
ADMIN_COOKIE = "meeple.admin."
#: A signed-in browser's session (`meeple.server.accounts`), and its forms' CSRF token.
ACCOUNT_COOKIE = "meeple.account"
CSRF_COOKIE = "meeple.csrf"


def new_secret() -> str:
    """256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def new_table_id() -> str:
    return secrets.token_urlsafe(9)


def digest(secret: str) -> str:
    # surrogatepass: a credential is never refused with an encoding error (it matches nothing).
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


#: How many presented credentials `presented_digest` remembers: more than a server's live sockets
#: at a few per table.
PRESENTED = 4096


@functools.lru_cache(maxsize=PRESENTED)
def presented_digest(secret: str) -> str:
    """`digest` of a credential presented to be checked, remembered for the next check: a
    live socket's credential is checked on every message and every push, three times a move,
    and sha256 through OpenSSL was about 2 % of the server's samples holding the GIL under
    load (docs/benchmarks.md, "Session 27"). The secrets remembered are mostly those the process
    holds anyway while their sockets are open; the least recently presented go first."""
    return digest(secret)


def matches(secret: str, stored_hash: str | None) -> bool:
    """Whether `secret` is the one `stored_hash` was made from (in constant time)."""
    return hash_matches(digest(secret), stored_hash)


def hash_matches(secret_hash: str, stored_hash: str | None) -> bool:
    """`matches` for a secret already hashed (`digest`): a secret compared with several
    stored hashes is hashed once."""
    return stored_hash is not None and secrets.compare_digest(secret_hash, stored_hash)
