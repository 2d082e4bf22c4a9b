"""The tables in play: creating them, moves, undo, joining, and what each seat is sent.

`TableService` is the protocol's core without HTTP and without threads. A move is applied to
the engine, stored (committed), and only then acknowledged and announced to the listeners
(`subscribe`), which carry only the table id and its new version: whoever listens asks for
the payload of its own seat.

One writer per table. The service takes no locks: in the server every call about a table
comes from that table's owner (`meeple.server.owners`), one at a time, on the event loop.
The calls that reach the store are coroutines that make each blocking store call through an
`Io` (``move_io``, ``join_io``…): the owner's runs it in a worker thread, so the loop never
waits for the database, and the table stays in memory while it does (`Loaded.pin`). Their
plain twins (``move``, ``join``…) make the same calls at once (`direct`), for code that holds
a service alone: tests, scripts, the screenshots. The tables in memory are a cache of the
store with a bound (`Loaded`); an id that names no table leaves nothing behind.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import secrets
import time
from collections.abc import (
    Awaitable,
    Callable,
    Coroutine,
    Iterable,
    Iterator,
    Mapping,
    Sequence,
)
from typing import Any, Protocol, TypeVar

from meeple.bots import parse_spec
from meeple.engine.errors import IllegalAction, MeepleError, OptionsError
from meeple.engine.game import GameState
from meeple.engine.gameinfo import PLAYERS
from meeple.engine.registry import game_info
from meeple.engine.rng import derive_rng
from meeple.i18n import N_, SOURCE_LANGUAGE
from meeple.server.clocks import DAY, Clock
from meeple.server.credentials import (
    digest,
    hash_matches,
    matches,
    new_secret,
    new_table_id,
    presented_digest,
)
from meeple.server.inputs import MAX_NONCE, SERVER_NONCE_MARK, BadInput, check_text
from meeple.server.live import Answer, LiveTable, Reader, elements_of, malformed
from meeple.server.loaded import Loaded
from meeple.server.rating_store import RatingChange, RatingStore
from meeple.server.ratings import (
    NOT_SIGNED_IN,
    ONE_SEAT_RATED,
    RATED_BOTS,
    RATED_NEEDS_A_PERSON,
    RatedSeat,
    final_ranks,
    rated_bot,
)
from meeple.server.schema import BOT, CHAT_LENGTH, HUMAN, MOVE, UNDO
from meeple.server.store import (
    Append,
    ChatLine,
    Conflict,
    OpenTable,
    Store,
    StoredMove,
    StoredSeat,
    StoredSnapshot,
    StoredTable,
)
from meeple.server.turns import BotTurn, WaitingSeat
from meeple.server.tutorial import OFF_SCRIPT, OFF_SCRIPT_REASON, off_script, scripted_choices
from meeple.server.whynot import why_not
from meeple.tutorials.script import script_of

log = logging.getLogger(__name__)

#: A snapshot is stored every this many moves, so an undo replays at most that many.
SNAPSHOT_EVERY = 64
#: Tries to store one move when other processes keep storing theirs first.
COMMIT_ATTEMPTS = 3
#: Longest display name accepted.
MAX_NAME = 32
#: What a token that holds no seat holds.
NO_SEAT = -1
#: Tables a process holds in memory at most, unless its settings say otherwise.
MAX_TABLES = 1000

Listener = Callable[[str, int], None]
T = TypeVar("T")


class Io(Protocol):
    """How the service makes a blocking call (the store's, a replay): `direct`, or the
    owner's, off the event loop."""

    def __call__(self, call: Callable[..., T], /, *args: Any) -> Awaitable[T]: ...


async def direct(call: Callable[..., T], /, *args: Any) -> T:
    """Make the call at once, in the caller's thread."""
    return call(*args)


def at_once(coroutine: Coroutine[Any, Any, T]) -> T:
    """The result of a coroutine of the service run with `direct`: it never suspends, so it
    runs to its end here, with no event loop."""
    try:
        coroutine.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    coroutine.close()
    raise RuntimeError("a direct call of the service waited for something")


class TableError(Exception):
    """A request about a table that cannot be met (unknown table, bad secret, bad options);
    the message says why, and nothing was changed.

    The message is English with ``%(name)s`` fields filled from `values`: marked with ``N_``
    it is a text of the pages' catalogue, so a page can say it in its reader's language
    (`meeple.saying.page_said`); the JSON API sends it as it is (`str`). A refusal by a
    game's engine (its options, its edition) names the `game` instead: its message is the
    engine's `meeple.engine.words.Text`, which that game's catalogue says."""

    def __init__(self, message: str, game: str | None = None, **values: object) -> None:
        super().__init__(message % values if values else message)
        self.message = message
        self.values = values
        self.game = game


class UnknownTable(TableError):
    """No table has this id (404 over HTTP)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(N_("no table %(table)s"), table=repr(table_id))


class NotAllowed(TableError):
    """A credential that proves no seat at the table, or not its creator (403 over HTTP)."""


class ReplacedLink(NotAllowed):
    """An invite link the creator has replaced by a new one (403: only the new one opens the
    seat)."""

    def __init__(self) -> None:
        super().__init__(REPLACED_LINK)


class NotNow(TableError):
    """A request the table's present state does not allow: the record or a replay of a game
    still in play, a replay step past its moves (409 over HTTP)."""


#: A chat line with characters that are not shown as text.
NOT_CHAT_TEXT = N_("a chat line holds only printable characters and line breaks")
#: A chat line sent by a spectator.
SPECTATORS_DO_NOT_WRITE = N_("only the table's players write in its chat")


class ChatRefused(TableError):
    """A chat line that is not kept: from a spectator, empty, too long, or not text."""


def chat_text(text: object) -> str:
    """`text` as a chat line keeps it (its ends stripped, line breaks as ``\\n``), if it is 1
    to `CHAT_LENGTH` characters with no control character but line breaks; else
    `ChatRefused`. The line is kept and sent as it was written: every page shows it as text,
    never as markup."""
    if not isinstance(text, str):
        raise ChatRefused(N_("a chat line is text"))
    line = text.replace("\r\n", "\n").strip()
    if not 1 <= len(line) <= CHAT_LENGTH:
        raise ChatRefused(N_("a chat line is 1 to %(most)s characters"), most=CHAT_LENGTH)
    if any(not char.isprintable() and char != "\n" for char in line):
        raise ChatRefused(NOT_CHAT_TEXT)
    return line


@dataclasses.dataclass(frozen=True, slots=True)
class SeatChoice:
    """Who sits in a seat of a new table: a human, or a bot by spec or level."""

    kind: str = HUMAN
    bot: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class CreatedTable:
    """A new table, with the secrets that exist nowhere else: the creator's, and one per human
    seat (its invite link)."""

    id: str
    admin_secret: str
    invites: dict[int, str]


@dataclasses.dataclass(frozen=True, slots=True)
class Outlook:
    """What a table's owner acts on after each change of it (`TableService.outlook`)."""

    #: When the clock next runs out on a human seat (`TableService.next_deadline`).
    deadline: float | None
    #: The bots' turns to hand to the driver (`TableService.bot_turns`).
    turns: list[BotTurn]
    #: The finished game's record, with no deadline only (`TableService.finished_record`).
    record: dict[str, Any] | None
    #: The seats a turn notice may be for (`TableService.waiting`).
    waiting: list[WaitingSeat]


class TableService:
    """Every table of one store; those in use are held in memory (`Loaded`, with a bound).

    Single-writer: one caller at a time changes a table. In the server that is the table's
    owner (`meeple.server.owners`); code that holds a service alone (tests, scripts) calls
    the plain methods, which make their store calls at once."""

    def __init__(
        self, store: Store, now: Callable[[], float] = time.time, max_tables: int = MAX_TABLES
    ) -> None:
        self.store = store
        self.ratings = RatingStore(store)
        #: The time (epoch seconds) of moves and clocks; the tests pass their own.
        self.now = now
        self._tables = Loaded(max_tables)
        self._listeners: list[Listener] = []
        self._chat_listeners: list[Callable[[str], None]] = []
        #: Where the server's owners write the moves when it batches them
        #: (`meeple.server.appends`); None, and for a direct call (code that holds the
        #: service alone), each is written in its own call through the `Io`.
        self.appends: Callable[[Append], Awaitable[None]] | None = None

    def subscribe(self, listener: Listener) -> None:
        """Call `listener(table_id, version)` after every change of a table (from whichever
        thread made it)."""
        self._listeners.append(listener)

    def _announce(self, table_id: str, version: int) -> None:
        for listener in self._listeners:
            listener(table_id, version)

    # -- creating and loading -----------------------------------------------------------------
    def create(
        self,
        game: str,
        options: Mapping[str, Any],
        seats: Sequence[SeatChoice],
        clock: Clock | None = None,
        seed: int | None = None,
        spectators_read_chat: bool = True,
        open_table: bool = False,
        hints: bool = True,
        rated: bool = False,
        tutorial: bool = False,
    ) -> CreatedTable:
        """A new table; the engine checks the options (`normalize_options`), and every bot
        spec is checked (the clock's too). Raises `TableError` saying what is wrong. A
        `rated` table has a person's seat or more, and its bots are levels (`rated_bot`).

        The seed is random unless given: only code that holds the service gives one (the
        reference screenshots replay a known position); no route takes it, since whoever
        knows a seed knows every hidden thing of the game. A tutorial table (`create_tutorial`)
        takes its script's."""
        try:
            info = game_info(game)
        except MeepleError as exc:
            raise TableError(str(exc)) from None
        try:
            normal = info.state_class.normalize_options(options)
        except MeepleError as exc:
            raise TableError(exc.args[0] if exc.args else str(exc), game=info.name) from None
        if len(seats) != normal[PLAYERS]:
            raise TableError(
                N_("%(players)s players need %(players)s seats, not %(seats)s"),
                players=normal[PLAYERS],
                seats=len(seats),
            )
        stored_seats, invites = [], {}
        for seat, choice in enumerate(seats):
            if choice.kind == HUMAN:
                invites[seat] = new_secret()
                stored_seats.append(StoredSeat(seat, HUMAN, secret_hash=digest(invites[seat])))
            elif choice.kind == BOT and choice.bot is not None:
                _check_bot(choice.bot, seat)
                stored_seats.append(StoredSeat(seat, BOT, bot=choice.bot.strip()))
            else:
                raise TableError(
                    N_("seat %(number)s: a seat is a human or a bot with its spec"), number=seat + 1
                )
        if clock is not None:
            _check_bot(clock.bot, None)
        if rated and not any(choice.kind == HUMAN for choice in seats):
            raise TableError(RATED_NEEDS_A_PERSON)
        if rated and not all(rated_bot(s.bot) for s in stored_seats if s.bot is not None):
            raise TableError(RATED_BOTS)
        admin = new_secret()
        table_id = new_table_id()
        self.store.create_table(
            StoredTable(
                id=table_id,
                game=info.name,
                options=normal,
                seed=secrets.randbelow(2**31) if seed is None else seed,
                admin_hash=digest(admin),
                seats=stored_seats,
                created_at=self.now(),
                clock=None if clock is None else clock.to_json(),
                spectators_read_chat=spectators_read_chat,
                open=open_table,
                hints=hints and not rated,  # no help from the search in a rated game
                rated=rated,
                tutorial=tutorial,
            )
        )
        self._announce(table_id, 0)
        return CreatedTable(table_id, admin, invites)

    def create_tutorial(self, game: str) -> CreatedTable:
        """The guided first game of `game` (`meeple.server.tutorial`): its script's options
        and seed, the learner's seat a person's, the others its bots'. Raises `TableError`
        for a game without a tutorial."""
        try:
            script = script_of(game_info(game).name)
        except MeepleError as exc:
            raise TableError(str(exc)) from None
        if script is None:
            raise TableError(N_("%(game)s has no tutorial"), game=game)
        players = game_info(game).state_class.normalize_options(script.options)[PLAYERS]
        seats = [
            SeatChoice() if seat == script.learner else SeatChoice(BOT, script.bot)
            for seat in range(players)
        ]
        return self.create(game, script.options, seats, seed=script.seed, tutorial=True)

    def in_memory(self, table_id: str) -> bool:
        return table_id in self._tables

    def forget_views(self, table_id: str) -> None:
        """Drop the views made for the pushes of the table's last change (`LiveTable.views`,
        made again when next asked for), if it is in memory."""
        if table_id in self._tables:
            self._tables[table_id].views.clear()

    async def load_io(self, io: Io, table_id: str) -> LiveTable:
        """The table in memory, loaded from the store (through `io`) if it is not; an id that
        names no table raises `UnknownTable` and leaves nothing behind."""
        table = self._tables.get(table_id)
        if table is None:
            if not _plausible_id(table_id):
                raise UnknownTable(table_id)
            rebuilt = await io(_rebuilt, self.store, table_id)
            if rebuilt is None:
                raise UnknownTable(table_id)
            # Kept only if no other load came first (a thread of code that holds the service
            # may load it meanwhile): a table is one object, whoever holds it.
            table = self._tables.get(table_id)
            if table is None:
                table = rebuilt
                self._tables.put(table)
        return table

    def _live(self, table_id: str) -> LiveTable:
        """The table in memory, loaded from the store at once if it is not. Every read of a
        table comes here, a few times a move: one in memory is returned without the coroutine
        of `load_io` (made, run and ended by an exception each time)."""
        table = self._tables.get(table_id)
        return table if table is not None else at_once(self.load_io(direct, table_id))

    async def _reload_io(self, io: Io, table_id: str) -> LiveTable:
        """Forget the table in memory and load it again (after a conflict in the store)."""
        self._tables.drop(table_id)
        return await self.load_io(io, table_id)

    @contextlib.contextmanager
    def _changing(self, table_id: str) -> Iterator[None]:
        """Keeps the table in memory while a change of it waits for the store."""
        self._tables.pin(table_id)
        try:
            yield
        finally:
            self._tables.unpin(table_id)

    async def heard_io(self, io: Io, table_id: str, version: int) -> bool:
        """Another process changed the table, to `version`. A table in memory catches up with
        the log entries it misses; after a change of seats (the same version), it is dropped
        from memory and loaded from the store when next used. False if memory was newer."""
        table = self._tables.get(table_id)
        if table is None:
            return True  # nothing in memory to bring up to date (nor loaded for this)
        if table.version > version:
            return False
        if table.version == version:
            self._tables.drop(table_id)
            return True
        with self._changing(table_id):
            try:
                for entry in await io(self.store.log_since, table_id, table.version):
                    table.apply_stored(entry)
                if table.rated and table.state.is_over() and not table.ratings:
                    # The process that stored the last move rated the game before telling.
                    table.ratings = await io(self.ratings.changes_of_table, table_id)
            except BaseException:
                self._tables.drop(table_id)
                raise
        return True

    def heard(self, table_id: str, version: int) -> bool:
        return at_once(self.heard_io(direct, table_id, version))

    def forget_all(self) -> list[str]:
        """Drop every table from memory (changes of other processes may have been missed);
        returns their ids."""
        table_ids = list(self._tables)
        self._tables.clear()
        return table_ids

    def drop_idle(self, seconds: float, finished_seconds: float) -> list[str]:
        """Drop from memory the tables unused for `seconds` (finished ones: `finished_seconds`)."""
        return self._tables.drop_idle(seconds, finished_seconds)

    def tables_to_resume(self) -> list[str]:
        return self.store.tables_to_resume()

    # -- seats --------------------------------------------------------------------------------
    def seat_for(self, table_id: str, token: str | None) -> Reader:
        """The seat that `token` (an invite secret or a session cookie) holds at the table; None
        for no token (a spectator). Raises `TableError` for a token that holds no seat."""
        table = self._live(table_id)
        holder = _holder(table, token)
        if holder == NO_SEAT and _replaced(table, token):
            raise ReplacedLink
        if holder == NO_SEAT:
            raise NotAllowed(N_("this link or cookie holds no seat at this table"))
        return holder

    async def join_io(
        self, io: Io, table_id: str, secret: str, name: str, account: int | None = None
    ) -> tuple[int, str]:
        """Bind the seat of invite `secret` to a new session under display `name`, claimed by
        `account` if the player is signed in; returns the seat and the session token (for the
        cookie). Raises `TableError`."""
        name = _display_name(name)
        table = await self.load_io(io, table_id)
        seat = next((s for s in table.seats if matches(secret, s.secret_hash)), None)
        if seat is None and _replaced(table, secret):
            raise ReplacedLink
        if seat is None:
            raise NotAllowed(N_("this invite link holds no seat at this table"))
        _check_rated_seat(table, seat, account)
        return seat.seat, await self._bind_io(io, table, seat, name, account)

    async def sit_io(
        self, io: Io, table_id: str, name: str, account: int | None = None
    ) -> tuple[int, str]:
        """Seat display `name` (and `account`, if signed in) in the first free seat of an open
        table (a human seat nobody has taken); returns the seat and the session token. Raises
        `TableError`: the table is not open, or no seat is free any more."""
        name = _display_name(name)
        table = await self.load_io(io, table_id)
        if not table.open:
            raise NotAllowed(N_("this table's seats are taken by invite links only"))
        seat = next((s for s in table.seats if _free(s)), None)
        if seat is None or table.state.is_over():
            raise NotNow(N_("no seat of this table is free any more"))
        _check_rated_seat(table, seat, account)
        return seat.seat, await self._bind_io(io, table, seat, name, account)

    async def _bind_io(
        self, io: Io, table: LiveTable, seat: StoredSeat, name: str, account: int | None
    ) -> str:
        """Bind `seat` to a new session under `name`, claimed by `account`; returns the
        session token."""
        session = new_secret()
        with self._changing(table.id):
            await io(self.store.bind_seat, table.id, seat.seat, name, digest(session), account)
        seat.name, seat.session_hash, seat.account_id = name, digest(session), account
        seat.devices = []
        self._announce(table.id, table.version)
        return session

    def join(
        self, table_id: str, secret: str, name: str, account: int | None = None
    ) -> tuple[int, str]:
        return at_once(self.join_io(direct, table_id, secret, name, account))

    def sit(self, table_id: str, name: str, account: int | None = None) -> tuple[int, str]:
        return at_once(self.sit_io(direct, table_id, name, account))

    async def device_io(self, io: Io, table_id: str, account: int) -> tuple[int, str] | None:
        """A seat cookie of its own for another browser of `account`, for the seat the account
        claimed at the table: the seat and the token, or None if the account holds none there.
        The account's other browsers keep theirs."""
        table = await self.load_io(io, table_id)
        seat = next((s for s in table.seats if s.account_id == account and s.kind == HUMAN), None)
        if seat is None:
            return None
        session = new_secret()
        with self._changing(table.id):
            await io(self.store.add_seat_device, table.id, seat.seat, digest(session))
        seat.devices.append(digest(session))
        return seat.seat, session

    # -- the creator's controls ---------------------------------------------------------------
    def _admin_table(self, table: LiveTable, admin: str | None) -> LiveTable:
        """The table, if `admin` is its creator's secret."""
        if admin is None or not matches(admin, table.admin_hash):
            raise NotAllowed(N_("only the table's creator (with the creator's link) may do this"))
        return table

    def _seat_of(self, table: LiveTable, seat: object) -> StoredSeat:
        if type(seat) is not int or not 0 <= seat < table.num_players:
            raise TableError(N_("a seat of this table is 1 to %(most)s"), most=table.num_players)
        return table.seats[seat]

    def check_admin(self, table_id: str, admin: str | None) -> None:
        """Raises `TableError` unless `admin` is the creator's secret of the table."""
        self._admin_table(self._live(table_id), admin)

    async def reissue_io(self, io: Io, table_id: str, admin: str | None, seat: int) -> str:
        """A new invite link for `seat` (the creator's): the old link and the browser that
        held the seat lose it. A bot seat becomes a human seat again. Returns the secret."""
        secret = new_secret()
        table = self._admin_table(await self.load_io(io, table_id), admin)
        stored = self._seat_of(table, seat)
        changed = StoredSeat(stored.seat, HUMAN, secret_hash=digest(secret))
        with self._changing(table_id):
            await io(self.store.update_seat, table_id, changed)
        if stored.secret_hash:
            table.replaced.add(stored.secret_hash)
        table.seats[stored.seat] = changed
        self._announce(table_id, table.version)
        return secret

    def reissue(self, table_id: str, admin: str | None, seat: int) -> str:
        return at_once(self.reissue_io(direct, table_id, admin, seat))

    async def hand_to_bot_io(
        self, io: Io, table_id: str, admin: str | None, seat: int, spec: str
    ) -> None:
        """The creator gives `seat` to a bot (a player left or stopped answering): its link
        and browser lose it, and the bot plays on from the position as it stands."""
        _check_bot(spec, seat)
        table = self._admin_table(await self.load_io(io, table_id), admin)
        stored = self._seat_of(table, seat)
        # The account stays with the seat: a game its bot finishes is still the account's.
        changed = StoredSeat(
            stored.seat, BOT, bot=spec.strip(), name=stored.name, account_id=stored.account_id
        )
        with self._changing(table_id):
            await io(self.store.update_seat, table_id, changed)
        table.seats[stored.seat] = changed
        self._announce(table_id, table.version)

    def hand_to_bot(self, table_id: str, admin: str | None, seat: int, spec: str) -> None:
        at_once(self.hand_to_bot_io(direct, table_id, admin, seat, spec))

    # -- moves and undo -----------------------------------------------------------------------
    async def move_io(
        self, io: Io, table_id: str, seat: int, action: object, version: object, nonce: object
    ) -> Answer:
        """Play `action` (its JSON) for `seat`, chosen at `version`, sent with `nonce`."""
        return await self._change_io(io, table_id, seat, version, nonce, action)

    def move(
        self, table_id: str, seat: int, action: object, version: object, nonce: object
    ) -> Answer:
        return at_once(self.move_io(direct, table_id, seat, action, version, nonce))

    async def undo_io(
        self, io: Io, table_id: str, seat: int, version: object, nonce: object
    ) -> Answer:
        """Take back `seat`'s last move, if the undo policy allows it (`LiveTable.undo_refusal`)."""
        return await self._change_io(io, table_id, seat, version, nonce, None)

    def undo(self, table_id: str, seat: int, version: object, nonce: object) -> Answer:
        return at_once(self.undo_io(direct, table_id, seat, version, nonce))

    async def _change_io(
        self,
        io: Io,
        table_id: str,
        seat: int,
        version: object,
        nonce: object,
        action: object | None,
    ) -> Answer:
        table = await self.load_io(io, table_id)
        with self._changing(table_id):
            if await self._behind_io(io, table, version):
                table = await self._reload_io(io, table_id)
            for _ in range(COMMIT_ATTEMPTS):
                answer = self._checked(table, seat, version, nonce, action)
                if answer is not None:
                    break
                assert isinstance(nonce, str) and isinstance(version, int)
                try:
                    answer = await self._commit_io(io, table, seat, nonce, action)
                    break
                except Conflict:  # another process stored a change first: judge it again
                    table = await self._reload_io(io, table_id)
            else:
                answer = Answer(False, table.version, "stale", _stale_reason(table.version))
        if answer.ok and not answer.repeated:
            self._announce(table_id, answer.version)
        return answer

    async def _behind_io(self, io: Io, table: LiveTable, version: object) -> bool:
        """Whether a move chosen at `version` was chosen on a position that another process
        stored and this one has not heard of yet."""
        return (
            type(version) is int
            and version > table.version
            and await io(self.store.version, table.id) > table.version
        )

    def _checked(
        self, table: LiveTable, seat: int, version: object, nonce: object, action: object | None
    ) -> Answer | None:
        """The answer to a request refused before anything is tried, or None to go on."""
        current = table.version
        if type(seat) is not int or not 0 <= seat < table.num_players:
            return Answer(False, current, "not a seat", "only a seat of this table may move")
        if not isinstance(nonce, str) or not 1 <= len(nonce) <= MAX_NONCE:
            return Answer(False, current, "malformed", f"a nonce is 1 to {MAX_NONCE} characters")
        try:
            check_text(nonce, "the nonce")
        except BadInput as exc:
            return Answer(False, current, "malformed", exc.reason)
        earlier = table.answers.get((seat, nonce))
        if earlier is not None:
            return dataclasses.replace(earlier, repeated=True)
        if type(version) is not int:
            return Answer(False, current, "malformed", "a move needs the version it was chosen at")
        if table.state.is_over():
            return Answer(False, current, "game over", "the game is over")
        if _unclaimed_rated_seat(table, seat) and not nonce.startswith(SERVER_NONCE_MARK):
            return Answer(False, current, "rated", UNCLAIMED)
        if table.stale(seat, version):
            return Answer(False, current, "stale", _stale_reason(current))
        if action is None:
            refusal = table.undo_refusal(seat)
            return None if refusal is None else Answer(False, current, "undo", refusal)
        return None

    async def _commit_io(
        self, io: Io, table: LiveTable, seat: int, nonce: str, action: object | None
    ) -> Answer:
        """Apply to the engine, store, and answer. A refusal by the engine changes nothing;
        if storing fails, the table is dropped from memory (the store is the truth) and the
        error goes up."""
        version = table.version + 1
        at = self.now()
        if action is None:
            table.take_back(await io(self._before_last_move, table), at)
            entry = StoredMove(version, seat, UNDO, None, nonce, at)
        else:
            try:
                parsed = table.state.parse_action(action)
                if off_script(table, seat, parsed):
                    return Answer(False, table.version, OFF_SCRIPT, OFF_SCRIPT_REASON)
                table.play(seat, parsed, at)
            except IllegalAction as exc:
                return Answer(False, table.version, exc.rule, exc.detail, game=table.info.name)
            except MeepleError as exc:
                return malformed(table.version, exc)
            except Exception:
                # An engine that fails on an action instead of refusing it may have changed
                # its state halfway: the table is dropped from memory (the store is the truth)
                # and the client told, not sent a 500 or a closed socket.
                log.exception("table %s: the engine failed on %r", table.id, action)
                self._tables.drop(table.id)
                return Answer(False, table.version, "malformed", CANNOT_PLAY)
            entry = StoredMove(version, seat, MOVE, parsed.to_json(), nonce, at)
        append = Append(table.id, entry, table.state.is_over(), len(table.moves))
        try:
            if self.appends is not None and io is not direct:
                await self.appends(append)
            else:
                await io(self.store.append, table.id, entry, append.over, append.keep_moves)
        except BaseException:
            self._tables.drop(table.id)
            raise
        table.version = version
        answer = Answer(True, version)
        table.answers[seat, nonce] = answer
        table.note_mover(seat, nonce)
        if append.over and table.rated:
            try:
                table.ratings = await io(rate_game, self.ratings, table, at)
            except Exception:
                # The move stands and is answered; the next load rates the game (`_rebuilt`).
                log.exception("table %s: rating the finished game failed", table.id)
                self._tables.drop(table.id)
        if action is not None and len(table.moves) % SNAPSHOT_EVERY == 0:
            snapshot = StoredSnapshot(version, len(table.moves), table.state.to_json())
            await io(self.store.save_snapshot, table.id, snapshot)
        return answer

    def _before_last_move(self, table: LiveTable) -> GameState:
        """The position before the table's last move that stands, replayed from the latest
        snapshot before it (blocking: the store, then the engine)."""
        snapshot = self.store.latest_snapshot(table.id, len(table.moves) - 1)
        start = None
        if snapshot is not None:
            start = (table.info.state_class.from_json(snapshot.state), snapshot.moves)
        return table.rebuilt(len(table.moves) - 1, start)

    def open_tables(self) -> list[dict[str, Any]]:
        """The open tables waiting for players (`open_table_line`), newest first."""
        return [open_table_line(stored) for stored in self.store.open_tables()]

    # -- chat ---------------------------------------------------------------------------------
    def listen_to_chat(self, listener: Callable[[str], None]) -> None:
        """Call `listener(table_id)` after each chat line kept (from the thread that kept it)."""
        self._chat_listeners.append(listener)

    async def say_io(self, io: Io, table_id: str, seat: Reader, text: object) -> ChatLine:
        """Keep a line of the table's chat from `seat` (only a seated player writes), then tell
        the chat's listeners. A line that is not 1 to `CHAT_LENGTH` characters of text
        (`chat_text`) is refused with `ChatRefused` and nothing is kept."""
        await self.load_io(io, table_id)
        if seat is None or seat == NO_SEAT:
            raise ChatRefused(SPECTATORS_DO_NOT_WRITE)
        line = await io(self.store.add_chat, table_id, seat, chat_text(text), self.now())
        for listener in self._chat_listeners:
            listener(table_id)
        return line

    async def chat_io(
        self, io: Io, table_id: str, reader: Reader, after: int = 0
    ) -> list[ChatLine]:
        """The table's chat lines after number `after` that `reader` may read: none for a
        spectator where the table keeps its chat to its players."""
        table = await self.load_io(io, table_id)
        if reader is None and not table.spectators_read_chat:
            return []
        return await io(self.store.chat_since, table_id, after)

    # -- reading ------------------------------------------------------------------------------
    def version(self, table_id: str) -> int:
        return self._live(table_id).version

    def payload(
        self,
        table_id: str,
        seat: Reader,
        log_start: int = 0,
        language: str = SOURCE_LANGUAGE,
        held: int | None = None,
    ) -> dict[str, Any]:
        """What `seat` (None: a spectator) is sent about the table now, in `language`."""
        return self._live(table_id).payload(seat, log_start, language, held)

    def payload_if_held(
        self,
        table_id: str,
        token: str | None,
        seat: Reader,
        log_start: int = 0,
        language: str = SOURCE_LANGUAGE,
        held: int | None = None,
    ) -> dict[str, Any] | None:
        """`payload`, or None if `token` no longer holds `seat`: a push checks the credential
        and reads the position in one call. `held`: the version at which the reader's log had
        `log_start` lines (`LiveTable.payload`)."""
        table = self._live(table_id)
        if _holder(table, token) != seat:
            return None
        return table.payload(seat, log_start, language, held)

    def record(self, table_id: str) -> dict[str, Any]:
        """The game's record with its seed: only once the game is over."""
        table = self._live(table_id)
        if not table.state.is_over():
            raise NotNow(N_("the record and the seed are given once the game is over"))
        return table.record().to_json()

    def my_games(self, tokens: Mapping[str, str]) -> list[dict[str, Any]]:
        """The tables a browser holds a seat at (table id -> its cookie), each with whether it
        is that seat's turn: the "my games" list. Tokens that hold no seat are left out."""
        return my_games_in_order(
            self.my_game(table_id, token)
            for table_id, token in tokens.items()
            if _plausible_id(table_id)
        )

    def my_game(self, table_id: str, token: str) -> dict[str, Any] | None:
        """The table's line in `my_games`, or None if `token` holds no seat there."""
        try:
            seat = self.seat_for(table_id, token)
        except TableError:
            return None
        return None if seat is None else self._game_line(table_id, seat)

    def account_game(self, table_id: str, account: int) -> dict[str, Any] | None:
        """The table's line in an account's "my games", or None if the account holds no seat
        there (any more)."""
        table = self._live(table_id)
        seat = next((s.seat for s in table.seats if s.account_id == account), None)
        return None if seat is None else self._game_line(table_id, seat)

    def _game_line(self, table_id: str, seat: int) -> dict[str, Any]:
        table = self._live(table_id)
        over = table.state.is_over()
        return {
            "table": table_id,
            "game": table.info.name,
            "title": table.info.title,
            "seat": seat,
            "your_turn": not over and seat in table.state.to_move(),
            "over": over,
            "version": table.version,
            "last_move": table.last_change,
        }

    def created_games(self, tokens: Mapping[str, str]) -> list[dict[str, Any]]:
        """The tables a browser created (table id -> the creator's cookie), newest change
        first, each with its seats' names and kinds: the creator finds them in "my games"
        before taking a seat. Tokens that are not the creator's are left out."""
        return created_games_in_order(
            self.created_game(table_id, token)
            for table_id, token in tokens.items()
            if _plausible_id(table_id)
        )

    def created_game(self, table_id: str, token: str) -> dict[str, Any] | None:
        """The table's line in `created_games`, or None if `token` is not its creator's."""
        try:
            table = self._live(table_id)
        except TableError:
            return None
        if not matches(token, table.admin_hash):
            return None
        return {
            "table": table_id,
            "game": table.info.name,
            "title": table.info.title,
            "over": table.state.is_over(),
            "seats": [{"kind": s.kind, "name": s.name} for s in table.seats],
            "last_move": table.last_change,
        }

    def replay(
        self, table_id: str, seat: Reader, step: int, language: str = SOURCE_LANGUAGE
    ) -> dict[str, Any]:
        """The finished game as `seat` (None: a spectator) saw it after `step` of its moves:
        the view then and the log up to then. Only once the game is over (before, a replay
        would show what the seed still hides)."""
        table = self._live(table_id)
        if not table.state.is_over():
            raise NotNow(N_("a replay is shown once the game is over"))
        steps = len(table.moves)
        if type(step) is not int or not 0 <= step <= steps:
            raise NotNow(N_("a step is 0 to %(most)s"), most=steps)
        return table.replay(seat, step, language)

    def why_not(
        self, table_id: str, seat: Reader, picked: list[str], language: str = SOURCE_LANGUAGE
    ) -> dict[str, Any]:
        """Why `seat` cannot go on with the board elements `picked` (see `whynot`); changes
        nothing."""
        return why_not(self._live(table_id), seat, picked, language)

    def finished_record(self, table_id: str) -> dict[str, Any] | None:
        """The game's record if it is over (for its analysis), else None."""
        return _finished_record(self._live(table_id))

    def outlook(self, table_id: str) -> Outlook:
        """`next_deadline`, `bot_turns`, `waiting` and, with no deadline, `finished_record`
        of the table, from one read of it: its owner asks after every change, and each read
        of a table is a use of it in the cache (`Loaded.get`)."""
        table = self._live(table_id)
        deadline = table.next_deadline()
        return Outlook(
            deadline,
            self._bot_turns(table),
            _finished_record(table) if deadline is None else None,
            self._waiting(table),
        )

    def hint_question(self, table_id: str, seat: Reader) -> dict[str, Any]:
        """What the search needs to advise `seat` now: its view and legal actions (each with
        its label and board elements, for the answer), and a seed. Raises `TableError`: no
        hints at this table, a spectator, or not the seat's turn."""
        table = self._live(table_id)
        if not table.hints:
            raise NotAllowed(N_("this table offers no hints"))
        if seat is None:
            raise NotAllowed(N_("only a player asks for a hint, on their turn"))
        state = table.state
        if state.is_over() or seat not in state.to_move():
            raise NotNow(N_("a hint is given on your turn"))
        elements = elements_of(table.info)
        return {
            "game": table.info.name,
            "version": table.version,
            "seed": derive_rng(table.seed, "hint", seat, table.version).randrange(2**31),
            "view": state.view(seat),
            "legal": [
                {
                    "action": a.to_json(),
                    "label": state.action_label(a),
                    "elements": elements(state, a),
                }
                for a in state.legal_actions(seat)
            ],
        }

    def next_deadline(self, table_id: str) -> float | None:
        """When the clock next runs out on a human seat of the table, or None."""
        return self._live(table_id).next_deadline()

    def waiting(self, table_id: str) -> list[WaitingSeat]:
        """The seats to move that an account claimed and a person plays (not a bot, nor the
        clock's bot for a seat out of time): those a turn notice may be for. None in a game
        that is over, or where no account sits."""
        return self._waiting(self._live(table_id))

    def _waiting(self, table: LiveTable) -> list[WaitingSeat]:
        claimed = [s.seat for s in table.seats if s.kind == HUMAN and s.account_id is not None]
        if not claimed or table.state.is_over():
            return []
        now, began, since = self.now(), table.times.turn_began, table.times.turn_started
        long_clock = table.clock is not None and table.clock.seconds >= DAY
        return [
            WaitingSeat(
                table.id,
                table.info.name,
                seat,
                account,
                began.get(seat, table.version),
                since.get(seat, now),
                long_clock,
            )
            for seat in table.state.to_move()
            if seat in claimed
            and (account := table.seats[seat].account_id) is not None
            and not table.out_of_time(seat, now)
        ]

    def bot_turns(self, table_id: str) -> list[BotTurn]:
        """The bot's turn if the first seat to move is a bot, or a human seat whose clock has
        run out (its table's clock bot plays for it); else none.

        Only the first seat to move, as in the terminal and the arena: in a simultaneous step
        a bot waits for the seats before it. People may act at once there, but a bot that may
        not yet finish would only shuffle (an Altiplano bot, which may say "done" only after
        the start player, placed and took back goods thousands of times while a person
        thought)."""
        return self._bot_turns(self._live(table_id))

    def _bot_turns(self, table: LiveTable) -> list[BotTurn]:
        now = self.now()
        if table.clock is None and not any(seat.kind == BOT for seat in table.seats):
            return []  # asked after every move: spare the engine's `to_move`
        state = table.state
        turns = []
        for seat in state.to_move()[:1]:
            if table.is_bot(seat):
                spec = table.seats[seat].bot
            elif table.out_of_time(seat, now):
                assert table.clock is not None
                spec = table.clock.bot
            else:
                continue
            assert spec is not None
            # A tutorial's bots are offered its scripted move alone while the script runs.
            scripted = scripted_choices(table, seat)
            if scripted == []:
                continue
            legal = scripted or [a.to_json() for a in state.legal_actions(seat)]
            seed = derive_rng(table.seed, "bot", seat, table.version).randrange(2**31)
            turns.append(
                BotTurn(
                    table.id,
                    table.info.name,
                    seat,
                    spec,
                    table.version,
                    seed,
                    state.view(seat),
                    legal,
                )
            )
        return turns


def _finished_record(table: LiveTable) -> dict[str, Any] | None:
    return table.record().to_json() if table.state.is_over() else None


def my_games_in_order(games: Iterable[dict[str, Any] | None]) -> list[dict[str, Any]]:
    """The lines of "my games": the seat's turn first, then games in play, newest first."""
    found = [game for game in games if game is not None]
    found.sort(key=lambda g: (not g["your_turn"], g["over"], -float(g["last_move"])))
    return found


def created_games_in_order(games: Iterable[dict[str, Any] | None]) -> list[dict[str, Any]]:
    """The lines of the created games, newest change first."""
    found = [game for game in games if game is not None]
    found.sort(key=lambda g: -float(g["last_move"]))
    return found


def _rebuilt(store: Store, table_id: str) -> LiveTable | None:
    """The table rebuilt from its stored log, or None if no table has this id (blocking: the
    store, then the engine's replay). A rated game that is over comes with its rating
    changes, rated now if the process that finished it stopped before it could."""
    stored = store.load_table(table_id)
    if stored is None:
        return None
    table = LiveTable.from_stored(stored)
    if table.rated and table.state.is_over():
        ratings = RatingStore(store)
        table.ratings = ratings.changes_of_table(table_id) or rate_game(
            ratings, table, table.last_change
        )
    return table


def _unclaimed_rated_seat(table: LiveTable, seat: int) -> bool:
    """Whether `seat` is a person's seat of a rated table that no account has taken: it
    plays once one has (a program with the invite secret alone would leave the game
    unrated), and only the clock's bot moves for it meanwhile."""
    held = table.seats[seat]
    return table.rated and held.kind == HUMAN and held.account_id is None


def _check_rated_seat(table: LiveTable, seat: StoredSeat, account: int | None) -> None:
    """Refuses a seat of a rated table to a player who is not signed in, or whose account
    holds another seat there (a rating is one player's against the others)."""
    if not table.rated:
        return
    if account is None:
        raise NotAllowed(NOT_SIGNED_IN)
    if any(s.account_id == account for s in table.seats if s.seat != seat.seat):
        raise NotAllowed(ONE_SEAT_RATED)


def rate_game(ratings: RatingStore, table: LiveTable, at: float) -> list[RatingChange]:
    """Rate a rated game that is over (blocking: the store), by `meeple.server.ratings`'
    rules: each seat's player is its account, else its bot level's row; a seat its account
    abandoned (handed to a bot, or its time ran out) is ranked last. A seat with neither (a
    bot that is no level, put there by the creator before anyone took the seat) leaves the
    game unrated: no changes."""
    players: list[int] = []
    abandoned: set[int] = set()
    for seat in table.seats:
        if seat.account_id is not None:
            players.append(seat.account_id)
            if seat.kind == BOT or seat.seat in table.timed_out:
                abandoned.add(seat.seat)
        elif seat.kind == BOT and seat.bot is not None and rated_bot(seat.bot):
            players.append(ratings.bot_account(seat.bot))
        else:
            log.warning("table %s: seat %d has no rated player; not rated", table.id, seat.seat)
            return []
    ranks = final_ranks(table.state, abandoned)
    seats = [
        RatedSeat(seat, player, ranks[seat], seat in abandoned)
        for seat, player in enumerate(players)
    ]
    return ratings.record_game(table.id, table.info.name, seats, at)


def _display_name(name: str) -> str:
    """`name` with its spaces made single, if a seat may be taken under it; else `TableError`."""
    name = " ".join(name.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise TableError(N_("a display name is 1 to %(most)s printable characters"), most=MAX_NAME)
    return name


def _free(seat: StoredSeat) -> bool:
    """Whether nobody has taken the human seat `seat` yet."""
    return seat.kind == HUMAN and seat.session_hash is None


def open_table_line(stored: OpenTable) -> dict[str, Any]:
    """An open table as the lobby lists it: its game, its options that are single values, its
    clock, and who sits where (names and bots; a free seat is None). Nothing secret: no seed,
    no link."""
    return {
        "table": stored.id,
        "game": stored.game,
        # The options a player chooses in the lobby's form; a whole uploaded edition (up to a
        # megabyte, its components by name) is not repeated in every listing.
        "options": {k: v for k, v in stored.options.items() if not isinstance(v, dict | list)},
        "clock": stored.clock,
        "seats": [None if _free(seat) else (seat.name or seat.bot or "") for seat in stored.seats],
        "free": sum(1 for seat in stored.seats if _free(seat)),
        "rated": stored.rated,
    }


def _holder(table: LiveTable, token: str | None) -> Reader:
    """The seat `token` holds at the table, None for no token (a spectator), `NO_SEAT` for a
    token that holds none. A live socket's credential is checked on its every message and
    push, three times a move: the stored hash it matched is remembered with its seat
    (`LiveTable.holders`), and while that seat of the table still holds that very hash, the
    token holds the seat without being hashed and compared again."""
    if token is None:
        return None
    known = table.holders.get(token)
    if known is not None and _still_held(table, *known):
        return known[0].seat
    hashed = presented_digest(token)
    for seat in table.seats:
        for stored in (seat.session_hash, seat.secret_hash, *seat.devices):
            if hash_matches(hashed, stored):
                assert stored is not None
                if len(table.holders) >= HOLDERS_KEPT:  # old credentials' entries: start afresh
                    table.holders.clear()
                table.holders[token] = (seat, stored)
                return seat.seat
    table.holders.pop(token, None)
    return NO_SEAT


#: The most tokens a table remembers as holding a seat (`LiveTable.holders`): a token is
#: entered only once it matched a seat's credential, so a table's own seats' sessions, links and
#: devices fit many times over; what replaced or rebound credentials leave behind is dropped.
HOLDERS_KEPT = 64


def _still_held(table: LiveTable, seat: StoredSeat, stored: str) -> bool:
    """Whether `seat` is still the table's seat of its number and still holds the hash
    `stored` (the same object: a credential replaced or rebound is another string, a seat
    replaced another `StoredSeat`), so a token that matched it holds the seat still."""
    if table.seats[seat.seat] is not seat:
        return False
    return (
        seat.session_hash is stored
        or seat.secret_hash is stored
        or any(device is stored for device in seat.devices)
    )


#: What a replaced invite link gets (while the table stays in this process's memory).
REPLACED_LINK = N_(
    "this invite link was replaced by a new one: ask the table's creator for the new link"
)


def _replaced(table: LiveTable, token: str | None) -> bool:
    """Whether `token` is an invite secret the creator has replaced."""
    return token is not None and any(matches(token, old) for old in table.replaced)


def _check_bot(spec: str, seat: object) -> None:
    """Raises `TableError` unless `spec` is a bot's spec: `seat`'s, or the clock's (None)."""
    try:
        parse_spec(spec)
    except OptionsError as exc:
        if seat is None:
            raise TableError(N_("the clock's bot: %(problem)s"), problem=str(exc)) from None
        number = seat + 1 if isinstance(seat, int) else seat
        raise TableError(
            N_("seat %(number)s: %(problem)s"), number=number, problem=str(exc)
        ) from None


#: The answer to a move of a rated table's seat that no account has taken.
UNCLAIMED = "this seat of a rated table moves once an account has taken it (join signed in)"

#: The answer to an action the engine failed on (a bug, logged): nothing was played.
CANNOT_PLAY = "this action cannot be played here: nothing was changed"


def _stale_reason(current: int) -> str:
    return f"the table has changed since (now at version {current}): sync and choose again"


def _plausible_id(table_id: str) -> bool:
    return 1 <= len(table_id) <= 16 and all(c.isalnum() or c in "-_" for c in table_id)
