"""Passwords, hashed with argon2id (`argon2-cffi`, its RFC 9106 low-memory profile): only the
encoded hash is stored, with its parameters and salt, so the cost can be raised later and old
hashes are re-hashed at their next sign-in."""

from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

_HASHER = PasswordHasher()
#: A hash of no one's password: a sign-in under a name that does not exist verifies against it,
#: so it takes as long as a wrong password and the time says nothing of the name.
_NOBODY = _HASHER.hash("no account has this password")


def hashed(password: str) -> str:
    """The encoded argon2id hash of `password` (a new salt each time)."""
    return _HASHER.hash(password)


def verify(stored: str | None, password: str) -> bool:
    """Whether `password` is the one `stored` was made from; None (no such account) takes the
    same time and is False."""
    try:
        return _HASHER.verify(stored or _NOBODY, password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def outdated(stored: str) -> bool:
    """Whether `stored` was made with other parameters than today's (re-hash it)."""
    return _HASHER.check_needs_rehash(stored)
