"""One owner per table in use: every request about a table, in order, on the event loop.

Like a round actor of lichess: a table's owner takes the requests about it (moves, undos,
joins, the creator's controls, reads, clock expiries, the bots' moves, other processes'
changes) one after another from its queue, so one writer changes a table and nothing is read
halfway through a change, with no lock. The owner lives while it has work: it is made by the
first request and gone when its queue is empty, so an id that names no table leaves nothing
behind (its request is answered `UnknownTable` from the store).

The loop never waits: the store's calls (loading a table, committing a move) run in the
store's threads (`io`; the moves of all tables in batches, `meeple.server.appends`)
and the owner awaits them, while other tables' owners go on; a bot's
search runs in the bot pool (`BotDriver`), whose answer comes back as a move request. A read
of a table in memory whose owner is idle is answered at once, without a trip through the
queue. After each change the owner arms the table's clock (`loop.call_later`, one timer per
table), hands the bots' turns to the driver and the seats that wait for an account to the turn
notices (`meeple.server.notices`). The tables themselves are a cache of the
store (`TableService`, `Loaded`): the least recently used go beyond a bound, and a sweep
drops the idle ones; a later request loads them again.

Code in other threads (the notifications of other processes, `meeple.server.notify`) asks
through `FromThread`, which sends its request to the owner and waits for the answer.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import threading
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.i18n import SOURCE_LANGUAGE
from meeple.server.appends import AppendWriter
from meeple.server.clocks import Clock
from meeple.server.live import Answer, Reader
from meeple.server.service import (
    CreatedTable,
    Listener,
    SeatChoice,
    TableError,
    TableService,
    created_games_in_order,
    my_games_in_order,
)
from meeple.server.store import ChatLine
from meeple.server.turns import BotTurn, WaitingSeat

log = logging.getLogger(__name__)

T = TypeVar("T")
#: Threads making the store's calls (a table's load, a move's commit). SQLite writes one at
#: a time (`Store.writing`); the others read meanwhile.
STORE_THREADS = 4
#: Seconds between sweeps of the idle tables.
SWEEP_EVERY = 30.0
#: A finished game stays in memory this long after its last use (its players look at the
#: scores, replay it); a game in play, `idle_seconds`.
FINISHED_IDLE = 60.0

Job = Callable[[], Awaitable[Any]]


class TableOwner:
    """The queue of one table's requests, and the task that works through it."""

    __slots__ = ("jobs", "table_id", "task")

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.jobs: deque[tuple[Job, asyncio.Future[Any]]] = deque()
        self.task: asyncio.Task[None] | None = None


class Owners:
    """The owners of one service's tables. Made, and then called, on the event loop."""

    def __init__(
        self,
        service: TableService,
        idle_seconds: float,
        store_threads: int = STORE_THREADS,
    ) -> None:
        self.service = service
        #: Where the bots' turns go (`BotDriver.start`); none until a driver says so.
        self.bot_turns_to: Callable[[list[BotTurn]], None] = lambda _turns: None
        #: Where a game that is over goes, with its record (`Advice.game_over`, its analysis).
        self.games_over_to: Callable[[str, dict[str, Any]], None] = lambda _table, _record: None
        #: Where the seats that wait for an account go after each change of a table
        #: (`meeple.server.notices.Notices.seen`); nowhere until the notices say so.
        self.waiting_to: Callable[[str, list[WaitingSeat]], None] = lambda _table, _seats: None
        self.idle_seconds = idle_seconds
        self.loop = asyncio.get_running_loop()
        self._loop_thread = threading.get_ident()
        self._threads = ThreadPoolExecutor(store_threads, thread_name_prefix="store")
        self._writer = AppendWriter(service.store, self.loop)
        service.appends = self._writer.append
        self._owners: dict[str, TableOwner] = {}
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._sweeper = self.loop.call_later(SWEEP_EVERY, self._sweep)
        service.subscribe(self._changed)

    def io(self, call: Callable[..., T], /, *args: Any) -> Awaitable[T]:
        """Make a blocking call in a store thread (the service's `Io`)."""
        return self.loop.run_in_executor(self._threads, call, *args)

    # -- the queues ---------------------------------------------------------------------------
    def submit(self, table_id: str, job: Callable[[], Awaitable[T]]) -> asyncio.Future[T]:
        """Run `job` after every request about the table sent before it; its result or
        error comes in the future. A request whose sender stopped waiting before its turn
        is skipped."""
        owner = self._owners.get(table_id)
        if owner is None:
            owner = self._owners[table_id] = TableOwner(table_id)
        future: asyncio.Future[T] = self.loop.create_future()
        owner.jobs.append((job, future))
        if owner.task is None:
            owner.task = self.loop.create_task(self._work(owner))
        return future

    async def _work(self, owner: TableOwner) -> None:
        try:
            while owner.jobs:
                job, future = owner.jobs.popleft()
                if future.done():  # its sender was cancelled (a client that left)
                    continue
                try:
                    result = await job()
                except asyncio.CancelledError:
                    future.cancel()
                    raise
                except Exception as exc:
                    if not future.done():
                        future.set_exception(exc)
                else:
                    if not future.done():
                        future.set_result(result)
        finally:
            del self._owners[owner.table_id]
            for _, future in owner.jobs:  # only when cancelled: the server is stopping
                future.cancel()

    def _idle(self, table_id: str) -> bool:
        """Whether the table's requests may run here and now: none is queued or running, or
        this is the running one."""
        owner = self._owners.get(table_id)
        return owner is None or owner.task is asyncio.current_task()

    async def _read(self, table_id: str, call: Callable[..., T], *args: Any) -> T:
        """`call(*args)`, a read of the table in memory, in its turn (at once if it may)."""
        if self.service.in_memory(table_id) and self._idle(table_id):
            return call(*args)
        return await self.submit(table_id, functools.partial(self._loaded, table_id, call, args))

    async def _loaded(self, table_id: str, call: Callable[..., T], args: Sequence[Any]) -> T:
        """Load the table if it is not in memory, then `call(*args)` (a job of its owner's:
        it must not queue behind itself)."""
        await self.service.load_io(self.io, table_id)
        return call(*args)

    def _on_its_own(self, table_id: str, job: Job) -> None:
        """Queue a job nobody waits for: its errors are logged (an unknown table is none)."""
        self.submit(table_id, job).add_done_callback(_log_failure)

    # -- after a change: the clock and the bots -------------------------------------------------
    def _changed(self, table_id: str, _version: int) -> None:
        """The service's listener: from whichever thread made the change."""
        if threading.get_ident() == self._loop_thread:
            self.look(table_id)
        else:
            self.loop.call_soon_threadsafe(self.look, table_id)

    def look(self, table_id: str) -> None:
        """Arm the table's clock and hand its bots' turns to the driver, in the table's turn
        (the driver asks again this way after a bot's move)."""
        if self.service.in_memory(table_id) and self._idle(table_id):
            self._look_now(table_id)
        else:
            job = functools.partial(self._loaded, table_id, self._look_now, (table_id,))
            self._on_its_own(table_id, job)

    def _look_now(self, table_id: str) -> None:
        outlook = self.service.outlook(table_id)
        timer = self._timers.pop(table_id, None)
        if timer is not None:
            timer.cancel()
        if outlook.deadline is not None:
            delay = max(0.0, outlook.deadline - self.service.now())
            self._timers[table_id] = self.loop.call_later(delay, self._expired, table_id)
        if outlook.turns:
            self.bot_turns_to(outlook.turns)
        if outlook.record is not None:
            self.games_over_to(table_id, outlook.record)
        self.waiting_to(table_id, outlook.waiting)

    def _expired(self, table_id: str) -> None:
        self._timers.pop(table_id, None)
        self.look(table_id)

    def _sweep(self) -> None:
        dropped = self.service.drop_idle(self.idle_seconds, FINISHED_IDLE)
        if dropped:
            log.debug("dropped %d idle tables from memory", len(dropped))
        self._sweeper = self.loop.call_later(SWEEP_EVERY, self._sweep)

    # -- other processes ----------------------------------------------------------------------
    async def heard(self, table_id: str, version: int) -> bool:
        """Another process changed the table (`TableService.heard`), in the table's turn."""
        if not self.service.in_memory(table_id) and self._idle(table_id):
            return True
        return await self.submit(
            table_id, functools.partial(self.service.heard_io, self.io, table_id, version)
        )

    async def forget_all(self) -> list[str]:
        return self.service.forget_all()

    # -- the requests -------------------------------------------------------------------------
    async def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[SeatChoice],
        clock: Clock | None = None,
        spectators_read_chat: bool = True,
        open_table: bool = False,
        hints: bool = True,
        rated: bool = False,
    ) -> CreatedTable:
        create = functools.partial(
            self.service.create,
            spectators_read_chat=spectators_read_chat,
            open_table=open_table,
            hints=hints,
            rated=rated,
        )
        return await self.io(create, game, options, seats, clock)

    async def create_tutorial(self, game: str) -> CreatedTable:
        return await self.io(self.service.create_tutorial, game)

    async def move(
        self, table_id: str, seat: int, action: object, version: object, nonce: object
    ) -> Answer:
        service = self.service
        return await self.submit(
            table_id,
            functools.partial(service.move_io, self.io, table_id, seat, action, version, nonce),
        )

    async def undo(self, table_id: str, seat: int, version: object, nonce: object) -> Answer:
        service = self.service
        return await self.submit(
            table_id, functools.partial(service.undo_io, self.io, table_id, seat, version, nonce)
        )

    async def join(
        self, table_id: str, secret: str, name: str, account: int | None = None
    ) -> tuple[int, str]:
        return await self.submit(
            table_id,
            functools.partial(self.service.join_io, self.io, table_id, secret, name, account),
        )

    async def sit(self, table_id: str, name: str, account: int | None = None) -> tuple[int, str]:
        return await self.submit(
            table_id, functools.partial(self.service.sit_io, self.io, table_id, name, account)
        )

    async def device(self, table_id: str, account: int) -> tuple[int, str] | None:
        return await self.submit(
            table_id, functools.partial(self.service.device_io, self.io, table_id, account)
        )

    async def open_tables(self) -> list[dict[str, Any]]:
        return await self.io(self.service.open_tables)

    async def reissue(self, table_id: str, admin: str | None, seat: int) -> str:
        return await self.submit(
            table_id, functools.partial(self.service.reissue_io, self.io, table_id, admin, seat)
        )

    async def hand_to_bot(self, table_id: str, admin: str | None, seat: int, spec: str) -> None:
        service = self.service
        await self.submit(
            table_id,
            functools.partial(service.hand_to_bot_io, self.io, table_id, admin, seat, spec),
        )

    async def say(self, table_id: str, seat: Reader, text: object) -> ChatLine:
        return await self.submit(
            table_id, functools.partial(self.service.say_io, self.io, table_id, seat, text)
        )

    async def chat(self, table_id: str, reader: Reader, after: int = 0) -> list[ChatLine]:
        return await self.submit(
            table_id, functools.partial(self.service.chat_io, self.io, table_id, reader, after)
        )

    async def seat_for(self, table_id: str, token: str | None) -> Reader:
        return await self._read(table_id, self.service.seat_for, table_id, token)

    async def check_admin(self, table_id: str, admin: str | None) -> None:
        await self._read(table_id, self.service.check_admin, table_id, admin)

    async def waiting(self, table_id: str) -> list[WaitingSeat]:
        return await self._read(table_id, self.service.waiting, table_id)

    async def version(self, table_id: str) -> int:
        return await self._read(table_id, self.service.version, table_id)

    async def payload(
        self, table_id: str, seat: Reader, log_start: int = 0, language: str = SOURCE_LANGUAGE
    ) -> dict[str, Any]:
        return await self._read(table_id, self.service.payload, table_id, seat, log_start, language)

    async def payload_if_held(
        self,
        table_id: str,
        token: str | None,
        seat: Reader,
        log_start: int = 0,
        language: str = SOURCE_LANGUAGE,
        held: int | None = None,
    ) -> dict[str, Any] | None:
        return await self._read(
            table_id,
            self.service.payload_if_held,
            table_id,
            token,
            seat,
            log_start,
            language,
            held,
        )

    async def finished_record(self, table_id: str) -> dict[str, Any] | None:
        return await self._read(table_id, self.service.finished_record, table_id)

    async def hint_question(self, table_id: str, seat: Reader) -> dict[str, Any]:
        return await self._read(table_id, self.service.hint_question, table_id, seat)

    async def record(self, table_id: str) -> dict[str, Any]:
        return await self._read(table_id, self.service.record, table_id)

    async def replay(
        self, table_id: str, seat: Reader, step: int, language: str = SOURCE_LANGUAGE
    ) -> dict[str, Any]:
        return await self._read(table_id, self.service.replay, table_id, seat, step, language)

    async def why_not(
        self, table_id: str, seat: Reader, picked: list[str], language: str = SOURCE_LANGUAGE
    ) -> dict[str, Any]:
        return await self._read(table_id, self.service.why_not, table_id, seat, picked, language)

    async def my_games(
        self, tokens: Mapping[str, str], account: int | None = None
    ) -> list[dict[str, Any]]:
        """The lines of "my games": the tables this browser's cookies hold a seat at, and
        those `account` claimed (each table once)."""
        lines = {
            table_id: await self._line(self.service.my_game, table_id, token)
            for table_id, token in tokens.items()
        }
        if account is not None:
            for table_id, _seat in await self.io(self.service.store.seats_of_account, account):
                if lines.get(table_id) is None:
                    lines[table_id] = await self._line(self.service.account_game, table_id, account)
        return my_games_in_order(lines.values())

    async def created_games(self, tokens: Mapping[str, str]) -> list[dict[str, Any]]:
        return created_games_in_order(
            [
                await self._line(self.service.created_game, table_id, token)
                for table_id, token in tokens.items()
            ]
        )

    async def _line(
        self, line: Callable[[str, Any], dict[str, Any] | None], table_id: str, token: object
    ) -> dict[str, Any] | None:
        """A table's line in a browser's list of games; None for a table that is gone."""
        try:
            return await self._read(table_id, line, table_id, token)
        except TableError:
            return None

    async def close(self) -> None:
        """Stop: no more clocks or sweeps; the requests under way end, the others are
        cancelled."""
        self._sweeper.cancel()
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        tasks = [owner.task for owner in self._owners.values() if owner.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self._threads.shutdown, wait=True)
        self.service.appends = None
        await asyncio.to_thread(self._writer.stop)


class FromThread:
    """The owners, for code in another thread: each call is sent to the table's owner and
    waited for (`meeple.server.notify.Tables`)."""

    def __init__(self, owners: Owners) -> None:
        self.owners = owners

    def heard(self, table_id: str, version: int) -> bool:
        return self._wait(self.owners.heard(table_id, version))

    def forget_all(self) -> list[str]:
        return self._wait(self.owners.forget_all())

    def subscribe(self, listener: Listener) -> None:
        self.owners.service.subscribe(listener)

    def _wait(self, request: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(request, self.owners.loop).result()


def _log_failure(future: asyncio.Future[Any]) -> None:
    if future.cancelled() or future.exception() is None:
        return
    if isinstance(future.exception(), TableError):
        return  # a table that is gone (an id from the store's list, another process's)
    log.error("a table's request failed", exc_info=future.exception())
