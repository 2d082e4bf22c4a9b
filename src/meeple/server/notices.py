"""Turn notices: when an account is told that a game waits for it, and what it is told.

**When.** After every change of a table its owner hands over the seats to move that an
account claimed and a person plays (`TableService.waiting`, through `Owners.waiting_to`), on
the event loop; each turn is looked at once, when it is first seen. In a game with a clock of
a day or more (per move or per game) the turn's notice goes out at once; in any game, an
account that chose "tell me when I have been waited on for N minutes" gets it N minutes
after the turn began (a timer on the loop, `loop.call_later`, which asks the table again
when it fires: the turn may be over). A turn is named by its table, its seat and the table's
version when it began: one notice at most per turn, claimed in the database before it is
sent (`NoticeStore.claim`), so neither a second look, a restart nor another server process
sends it again. Only to an account that has a channel on (email, a browser's push
subscription); never for a bot's seat, nor a seat whose time ran out (its clock's bot plays).

Everything that blocks (the database, SMTP, the push services) runs in the notices' own
threads, never on the loop: a move is never slowed by its notices.

**What.** The game's name, the table's id and the link to it, in the account's language
(the one it last used the pages in; English if none is known), and the unsubscribe link.
Nothing of the position, so no seat's secret can be in it.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from meeple.i18n import N_, SOURCE_LANGUAGE
from meeple.saying import page_said, page_text
from meeple.server.account_store import Account, AccountStore
from meeple.server.mail import Mailer, MailError
from meeple.server.notice_store import NoticeSettings, NoticeStore
from meeple.server.owners import Owners
from meeple.server.push import Pusher, PushFailed
from meeple.server.service import TableError
from meeple.server.turns import WaitingSeat
from meeple.web.lobby_texts import short_title

log = logging.getLogger(__name__)

#: Threads sending notices: a slow SMTP server or push service holds up one of them.
NOTICE_THREADS = 2

TURN_SUBJECT = N_("Your turn in %(game)s")
TURN_TEXT = N_("It is your turn in %(game)s at table %(table)s.")
WAITED_SUBJECT = N_("%(game)s is waiting for your move")
WAITED_TEXT = N_("The game of %(game)s at table %(table)s is waiting for your move.")
EMAIL_BODY = N_(
    "%(text)s\n\nOpen the table:\n%(link)s\n\n"
    "You get this email because turn notices are on for your Meeple account %(name)s. "
    "To get no more of them, open this link:\n%(unsubscribe)s"
)

Key = tuple[str, int, int]


@dataclasses.dataclass(frozen=True, slots=True)
class Notice:
    """One turn's notice, said in its reader's language."""

    subject: str
    text: str
    #: The table's page: its path, and the whole link (for emails).
    path: str
    link: str
    table: str

    def push_payload(self) -> dict[str, Any]:
        """What a browser's service worker gets (``/sw.js``): the notification's title and
        text, the page a click opens, and a tag that makes a newer notice of the same table
        replace the older one."""
        return {
            "title": self.subject,
            "body": self.text,
            "url": self.path,
            "tag": f"meeple-{self.table}",
        }


def notice_for(waiting: WaitingSeat, waited: bool, language: str, base_url: str) -> Notice:
    """The notice of a turn that began (`waited` False) or has waited the account's minutes."""
    values = {"game": page_text(language, short_title(waiting.game)), "table": waiting.table}
    subject = page_said(language, WAITED_SUBJECT if waited else TURN_SUBJECT, values)
    text = page_said(language, WAITED_TEXT if waited else TURN_TEXT, values)
    path = f"/tables/{waiting.table}"
    return Notice(subject, text, path, base_url + path, waiting.table)


class Notices:
    """The turn notices of one server: made on the event loop, next to the tables' owners."""

    def __init__(
        self,
        owners: Owners,
        store: NoticeStore,
        accounts: AccountStore,
        mailer: Mailer,
        pusher: Pusher,
        base_url: str,
    ) -> None:
        self.owners, self.store, self.accounts = owners, store, accounts
        self.mailer, self.pusher = mailer, pusher
        self.base_url = base_url.rstrip("/")
        self.loop = owners.loop
        self._threads = ThreadPoolExecutor(NOTICE_THREADS, thread_name_prefix="notices")
        #: Per table, the turns seen at its last change (each is looked at once).
        self._turns: dict[str, set[Key]] = {}
        #: When the waits (`NoticeSettings.wait_minutes`) that are not over yet end, and
        #: their timers.
        self._due: dict[Key, float] = {}
        self._timers: dict[Key, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    def now(self) -> float:
        """The time of the moves and clocks (the service's: the tests pass their own)."""
        return self.owners.service.now()

    def unsubscribe_url(self, token: str) -> str:
        return f"{self.base_url}/unsubscribe/{token}"

    # -- when (on the event loop) -----------------------------------------------------------------
    def seen(self, table_id: str, waiting: list[WaitingSeat]) -> None:
        """The seats that wait for an account at the table now (`Owners.waiting_to`): the
        turns that ended lose their timers, the new ones are looked at, and the waits of the
        others are timed again from the clock as it is now."""
        before = self._turns.pop(table_id, set())
        now = {seat.key for seat in waiting}
        for ended in before - now:
            self._due.pop(ended, None)
            timer = self._timers.pop(ended, None)
            if timer is not None:
                timer.cancel()
        if now:
            self._turns[table_id] = now
        for seat in waiting:
            if seat.key not in before:
                self._run(self._consider, seat)
            elif seat.key in self._due:
                self._arm(seat, self._due[seat.key])

    def resume(self) -> None:
        """After a start: look again at the turns of the tables where an account waits for
        a notice after N minutes (those with a clock are looked at anyway)."""
        self._task(self._resume())

    async def _resume(self) -> None:
        tables = await self.loop.run_in_executor(self._threads, self.store.tables_waited_on)
        for table_id in tables:
            try:
                self.seen(table_id, await self.owners.waiting(table_id))
            except TableError:
                continue

    def _arm(self, seat: WaitingSeat, due: float) -> None:
        """A timer for the end of the account's wait, if the turn is still on."""
        if self._closed or seat.key not in self._turns.get(seat.table, ()):
            return
        old = self._timers.pop(seat.key, None)
        if old is not None:
            old.cancel()
        self._due[seat.key] = due
        delay = max(0.0, due - self.now())
        self._timers[seat.key] = self.loop.call_later(delay, self._waited, seat)

    def _waited(self, seat: WaitingSeat) -> None:
        self._timers.pop(seat.key, None)
        self._due.pop(seat.key, None)
        self._task(self._still_waiting(seat))

    async def _still_waiting(self, seat: WaitingSeat) -> None:
        """The wait is over: the notice goes out if the turn is still the same."""
        try:
            waiting = await self.owners.waiting(seat.table)
        except TableError:
            return
        if any(other.key == seat.key for other in waiting):
            self._run(self._deliver_waited, seat)

    def _task(self, work: Coroutine[Any, Any, None]) -> None:
        task = self.loop.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(_log_failure)

    def _run(self, call: Callable[[WaitingSeat], None], seat: WaitingSeat) -> None:
        if self._closed:
            return
        self._threads.submit(call, seat).add_done_callback(_log_failure)

    # -- in the notices' threads ------------------------------------------------------------------
    def _consider(self, seat: WaitingSeat) -> None:
        """A turn just seen: its notice now (a long clock, or a wait already over), later (a
        timer), or never (the account wants none)."""
        settings = self.store.settings(seat.account)
        if settings is None:
            return
        if seat.long_clock:
            self._deliver(seat, settings, waited=False)
        elif settings.wait_minutes is not None:
            due = seat.since + settings.wait_minutes * 60
            if due <= self.now():
                self._deliver(seat, settings, waited=True)
            elif not self._closed:
                self.loop.call_soon_threadsafe(self._arm, seat, due)

    def _deliver_waited(self, seat: WaitingSeat) -> None:
        settings = self.store.settings(seat.account)
        if settings is not None and settings.wait_minutes is not None:
            self._deliver(seat, settings, waited=True)

    def _deliver(self, seat: WaitingSeat, settings: NoticeSettings, waited: bool) -> None:
        """Send the turn's notice by every channel the account has on, if no notice of this
        turn was sent before."""
        account = self.accounts.by_id(seat.account)
        if account is None:
            return
        email = settings.email and bool(account.email) and self.mailer.enabled
        subscriptions = self.store.subscriptions(account.id)
        if not email and not subscriptions:
            return
        if not self.store.claim(seat.table, seat.seat, seat.began, self.now()):
            return
        language = settings.language or SOURCE_LANGUAGE
        notice = notice_for(seat, waited, language, self.base_url)
        if email:
            self._email(account, settings, notice, language)
        for subscription in subscriptions:
            try:
                if not self.pusher.send(subscription, notice.push_payload()):
                    self.store.drop_subscription(subscription.endpoint)
            except PushFailed as exc:
                log.warning("a turn notice of table %s was not pushed: %s", seat.table, exc)

    def _email(
        self, account: Account, settings: NoticeSettings, notice: Notice, language: str
    ) -> None:
        assert account.email is not None
        unsubscribe = self.unsubscribe_url(settings.unsubscribe_token)
        body = page_said(
            language,
            EMAIL_BODY,
            {
                "text": notice.text,
                "link": notice.link,
                "name": account.name,
                "unsubscribe": unsubscribe,
            },
        )
        headers = {
            "List-Unsubscribe": f"<{unsubscribe}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
        try:
            self.mailer.send(account.email, notice.subject, body, headers)
        except MailError as exc:
            log.warning("a turn notice of table %s was not emailed: %s", notice.table, exc)

    async def close(self) -> None:
        """No more timers nor notices; those being sent finish."""
        self._closed = True
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        await asyncio.to_thread(self._threads.shutdown, wait=True)


def _log_failure(future: Future[None] | asyncio.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a turn notice failed", exc_info=future.exception())
