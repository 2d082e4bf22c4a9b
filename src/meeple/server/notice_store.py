"""The turn notices' storage: each account's notice settings and unsubscribe token, its
browsers' push subscriptions, the turns already notified and the server's VAPID key, over
the `Store`'s database (as `meeple.server.account_store` does for the accounts). Every method
blocks: the server calls them off the event loop."""

from __future__ import annotations

import dataclasses
import secrets
from collections.abc import Callable
from datetime import UTC, datetime

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from meeple.server.credentials import digest
from meeple.server.schema import (
    HUMAN,
    PLAYING,
    NoticeSettingsRow,
    PushSubscriptionRow,
    SeatRow,
    SentNoticeRow,
    TableRow,
    VapidKeyRow,
)
from meeple.server.store import Store

#: The one row of the VAPID key.
VAPID_ROW = 1


@dataclasses.dataclass(frozen=True, slots=True)
class NoticeSettings:
    """What an account chose for its turn notices."""

    account_id: int
    #: Notices by email (to the account's email, if it has one).
    email: bool
    #: Also a notice when a game has waited this many minutes (None: never).
    wait_minutes: int | None
    #: The language the account last used the pages in (None: not known yet).
    language: str | None
    #: The token of the unsubscribe link.
    unsubscribe_token: str


@dataclasses.dataclass(frozen=True, slots=True)
class Subscription:
    """A browser's push subscription, as the Push API gives it (`PushSubscription.toJSON`)."""

    endpoint: str
    p256dh: str
    auth: str

    def to_json(self) -> dict[str, object]:
        """The form pywebpush takes (``subscription_info``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


def _settings(row: NoticeSettingsRow) -> NoticeSettings:
    return NoticeSettings(
        row.account_id, row.email, row.wait_minutes, row.language, row.unsubscribe_token
    )


class NoticeStore:
    """The notice tables of `store`'s database."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._session = store._session

    # -- settings -------------------------------------------------------------------------------
    def settings(self, account_id: int) -> NoticeSettings | None:
        """The account's settings, or None if it never had any (no notices)."""
        with self._session() as session:
            row = session.get(NoticeSettingsRow, account_id)
            return None if row is None else _settings(row)

    def settings_made(self, account_id: int) -> NoticeSettings:
        """The account's settings, made (every notice off, a new unsubscribe token) if it
        had none."""
        found = self.settings(account_id)
        if found is not None:
            return found
        try:
            with self._store.writing(), self._session.begin() as session:
                row = NoticeSettingsRow(
                    account_id=account_id,
                    email=False,
                    unsubscribe_token=secrets.token_urlsafe(32),
                )
                session.add(row)
                session.flush()
                return _settings(row)
        except IntegrityError:  # made meanwhile, by another request or process
            made = self.settings(account_id)
            assert made is not None
            return made

    def choose(self, account_id: int, email: bool, wait_minutes: int | None) -> None:
        """The account's choice: notices by email or not, and after how long a wait."""
        self.settings_made(account_id)
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(NoticeSettingsRow)
                .where(NoticeSettingsRow.account_id == account_id)
                .values(email=email, wait_minutes=wait_minutes)
            )

    def set_language(self, account_id: int, language: str) -> None:
        """The language the account uses the pages in now: its notices are in it."""
        if self.settings_made(account_id).language == language:
            return
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                update(NoticeSettingsRow)
                .where(NoticeSettingsRow.account_id == account_id)
                .values(language=language)
            )

    def unsubscribe(self, token: str) -> bool:
        """The unsubscribe link: no more notices by email or to any browser of the account
        whose token it is. False if no account has this token."""
        with self._store.writing(), self._session.begin() as session:
            row = session.scalar(
                select(NoticeSettingsRow).where(NoticeSettingsRow.unsubscribe_token == token)
            )
            if row is None:
                return False
            row.email = False
            session.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.account_id == row.account_id)
            )
            return True

    def forget(self, account_id: int) -> None:
        """The account is deleted: its settings and subscriptions go with it."""
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.account_id == account_id)
            )
            session.execute(
                delete(NoticeSettingsRow).where(NoticeSettingsRow.account_id == account_id)
            )

    # -- push subscriptions ---------------------------------------------------------------------
    def subscribe(self, account_id: int, subscription: Subscription, at: float) -> None:
        """Keep a browser's subscription for the account (a browser signed in to another
        account before hands its subscription over)."""
        self.settings_made(account_id)
        key = digest(subscription.endpoint)
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                delete(PushSubscriptionRow).where(PushSubscriptionRow.endpoint_hash == key)
            )
            session.add(
                PushSubscriptionRow(
                    endpoint_hash=key,
                    account_id=account_id,
                    endpoint=subscription.endpoint,
                    p256dh=subscription.p256dh,
                    auth=subscription.auth,
                    created_at=datetime.fromtimestamp(at, UTC),
                )
            )

    def unsubscribe_browser(self, account_id: int, endpoint: str) -> None:
        """The account's browser of this endpoint gets no more notices (another account's
        subscription is left alone)."""
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == digest(endpoint),
                    PushSubscriptionRow.account_id == account_id,
                )
            )

    def drop_subscription(self, endpoint: str) -> None:
        """The push service says this subscription is gone (HTTP 404 or 410)."""
        with self._store.writing(), self._session.begin() as session:
            session.execute(
                delete(PushSubscriptionRow).where(
                    PushSubscriptionRow.endpoint_hash == digest(endpoint)
                )
            )

    def subscriptions(self, account_id: int) -> list[Subscription]:
        with self._session() as session:
            rows = session.scalars(
                select(PushSubscriptionRow)
                .where(PushSubscriptionRow.account_id == account_id)
                .order_by(PushSubscriptionRow.created_at)
            )
            return [Subscription(r.endpoint, r.p256dh, r.auth) for r in rows]

    # -- the turns notified ---------------------------------------------------------------------
    def claim(self, table_id: str, seat: int, version: int, at: float) -> bool:
        """Whether the turn of `seat` that began at `version` may have its notice now: True
        once, for the first to ask, in this process or another, before or after a restart."""
        try:
            with self._store.writing(), self._session.begin() as session:
                session.add(
                    SentNoticeRow(
                        table_id=table_id,
                        seat=seat,
                        version=version,
                        sent_at=datetime.fromtimestamp(at, UTC),
                    )
                )
            return True
        except IntegrityError:
            return False

    def tables_waited_on(self) -> list[str]:
        """The tables in play where an account that wants a notice after a wait sits: after
        a restart their turns are looked at again (those with a clock are anyway)."""
        query = (
            select(SeatRow.table_id)
            .distinct()
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .join(NoticeSettingsRow, NoticeSettingsRow.account_id == SeatRow.account_id)
            .where(
                TableRow.status == PLAYING,
                SeatRow.kind == HUMAN,
                NoticeSettingsRow.wait_minutes.is_not(None),
            )
        )
        with self._session() as session:
            return list(session.scalars(query))

    # -- the VAPID key ----------------------------------------------------------------------------
    def vapid_pem(self, make: Callable[[], str]) -> str:
        """The server's VAPID private key (PEM): the one kept, or else one `make` makes, kept
        from now on. Two processes that start together keep the first one's."""
        with self._session() as session:
            row = session.get(VapidKeyRow, VAPID_ROW)
            if row is not None:
                return row.private_pem
        made = make()
        try:
            with self._store.writing(), self._session.begin() as session:
                session.add(VapidKeyRow(id=VAPID_ROW, private_pem=made))
            return made
        except IntegrityError:
            with self._session() as session:
                kept = session.get(VapidKeyRow, VAPID_ROW)
                assert kept is not None
                return kept.private_pem
