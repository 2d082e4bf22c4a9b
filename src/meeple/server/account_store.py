"""The accounts' storage: accounts, their browsers' sessions and password resets, over the
`Store`'s database (every database access of the server is in `meeple.server.store` and
here). Like the store it speaks plain dataclasses; a password's hash never leaves this module:
it is checked here (`meeple.server.passwords`) and only the verdict goes out."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server import passwords
from meeple.server.schema import (
    AccountRow,
    AccountSessionRow,
    PasswordResetRow,
    SeatDeviceRow,
    SeatRow,
)
from meeple.server.store import Store

#: The name a deleted account's seats and profile show.
DELETED_NAME = "deleted player"


@dataclasses.dataclass(frozen=True, slots=True)
class Account:
    """An account as the server uses it: never its password's hash."""

    id: int
    name: str
    email: str | None
    #: When it was made (epoch seconds).
    created_at: float


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def _account(row: AccountRow) -> Account:
    created = row.created_at
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    return Account(row.id, row.name, row.email, created.timestamp())


class AccountStore:
    """The account tables of `store`'s database."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._session = store._session

    def create(
        self, name: str, name_key: str, password: str, email: str | None, at: float
    ) -> Account | None:
        """A new account, or None if another has the same `name_key`."""
        row = AccountRow(
            name=name,
            name_key=name_key,
            password_hash=passwords.hashed(password),
            email=email,
            created_at=_moment(at),
        )
        try:
            with self._store.writing(), self._session.begin() as session:
                session.add(row)
                session.flush()
                return _account(row)
        except IntegrityError:
            return None

    def by_id(self, account_id: int) -> Account | None:
        with self._session() as session:
            row = session.get(AccountRow, account_id)
            return None if row is None or row.deleted else _account(row)

    def by_name(self, name_key: str) -> Account | None:
        with self._session() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key))
            return None if row is None or row.deleted else _account(row)

    def by_email(self, email: str) -> list[Account]:
        """The accounts that gave this email (case aside)."""
        with self._session() as session:
            rows = session.scalars(
                select(AccountRow).where(
                    AccountRow.deleted.is_(False), AccountRow.email.is_not(None)
                )
            )
            return [_account(r) for r in rows if (r.email or "").casefold() == email.casefold()]

    def check_password(self, name_key: str, password: str) -> Account | None:
        """The account if `password` is its own, else None, in the same time whether or not
        the name exists. A hash made with older parameters is made again."""
        with self._session() as session:
            row = session.scalar(
                select(AccountRow).where(
                    AccountRow.name_key == name_key, AccountRow.deleted.is_(False)
                )
            )
            stored = None if row is None else row.password_hash
        if not passwords.verify(stored, password) or row is None or stored is None:
            return None
        if passwords.outdated(stored):
            self._set_hash(row.id, passwords.hashed(password))
        return _account(row)

    def set_password(self, account_id: int, password: str) -> None:
        """A new password; every session of the account ends (the caller signs this browser
        in again)."""
        self._set_hash(account_id, passwords.hashed(password))
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
            )
            session.execute(
                delete(PasswordResetRow).where(PasswordResetRow.account_id == account_id)
            )

    def _set_hash(self, account_id: int, password_hash: str) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def set_email(self, account_id: int, email: str | None) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(email=email)
            )

    # -- sessions -----------------------------------------------------------------------------
    def add_session(self, account_id: int, token_hash: str, at: float) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.add(
                AccountSessionRow(
                    token_hash=token_hash, account_id=account_id, created_at=_moment(at)
                )
            )

    def of_session(self, token_hash: str) -> Account | None:
        """The account a session cookie (its hash) is signed in to, if any."""
        query = (
            select(AccountRow)
            .join(AccountSessionRow, AccountSessionRow.account_id == AccountRow.id)
            .where(AccountSessionRow.token_hash == token_hash, AccountRow.deleted.is_(False))
        )
        with self._session() as session:
            row = session.scalar(query)
            return None if row is None else _account(row)

    def drop_session(self, token_hash: str) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.token_hash == token_hash)
            )

    # -- password resets ------------------------------------------------------------------------
    def add_reset(self, account_id: int, token_hash: str, expires_at: float) -> None:
        with self._store.writing(), self._session.begin() as session:
            session.add(
                PasswordResetRow(
                    token_hash=token_hash, account_id=account_id, expires_at=_moment(expires_at)
                )
            )

    def use_reset(self, token_hash: str, now: float) -> int | None:
        """The account a reset link is for, if it is valid at `now`; the link is used up."""
        with self._store.writing(), self._session.begin() as session:
            row = session.get(PasswordResetRow, token_hash)
            if row is None:
                return None
            session.delete(row)
            expires = row.expires_at
            if expires.tzinfo is None:
                expires = expires.replace(tzinfo=UTC)
            return row.account_id if expires.timestamp() > now else None

    # -- deletion -------------------------------------------------------------------------------
    def delete(self, account_id: int) -> None:
        """The account is gone: its name, password, email, sessions, resets and other
        browsers' seat cookies; its seats keep their games with `DELETED_NAME`."""
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(
                    name=DELETED_NAME,
                    # '#' is in no account's name, so the key frees the name for others.
                    name_key=f"#{account_id}",
                    password_hash=None,
                    email=None,
                    deleted=True,
                )
            )
            session.execute(
                delete(AccountSessionRow).where(AccountSessionRow.account_id == account_id)
            )
            session.execute(
                delete(PasswordResetRow).where(PasswordResetRow.account_id == account_id)
            )
            seats = select(SeatRow.table_id, SeatRow.seat).where(SeatRow.account_id == account_id)
            for table_id, seat in session.execute(seats).all():
                session.execute(
                    delete(SeatDeviceRow).where(
                        SeatDeviceRow.table_id == table_id, SeatDeviceRow.seat == seat
                    )
                )
            session.execute(
                update(SeatRow).where(SeatRow.account_id == account_id).values(name=DELETED_NAME)
            )
