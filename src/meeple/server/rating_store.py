"""The ratings' storage: each player's rating per game and player count, each rated game's
changes kept with its table, and what the profiles and leaderboards read, over the `Store`'s
database (like `meeple.server.account_store`). The maths are `meeple.server.ratings`'."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from meeple.server.ratings import RatedSeat, Skill, new_skill, rated
from meeple.server.schema import (
    OVER,
    AccountRow,
    RatingChangeRow,
    RatingRow,
    SeatRow,
    TableRow,
)
from meeple.server.store import Store

#: The most rows a leaderboard, a rating history and a list of recent games hold.
BOARD_ROWS = 100
HISTORY_ROWS = 50
RECENT_GAMES = 20


@dataclasses.dataclass(frozen=True, slots=True)
class Player:
    """A rated player as pages show it: an account, or a bot level (`bot`). A deleted
    account keeps its rows under the deleted name, with no profile (`deleted`)."""

    id: int
    name: str
    bot: str | None = None
    deleted: bool = False


@dataclasses.dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one game at one player count, after `games` rated games."""

    game: str
    players: int
    skill: Skill
    games: int


@dataclasses.dataclass(frozen=True, slots=True)
class RatingChange:
    """What one rated game did to one seat's player."""

    table_id: str
    seat: int
    player: Player
    game: str
    players: int
    rank: int
    abandoned: bool
    before: Skill
    after: Skill
    #: When (epoch seconds).
    at: float


@dataclasses.dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game of an account, for its profile's recent results."""

    table_id: str
    game: str
    seat: int
    #: When the table was made (epoch seconds).
    at: float
    rated: bool


def _moment(at: float) -> datetime:
    return datetime.fromtimestamp(at, UTC)


def _epoch(moment: datetime) -> float:
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def _player(row: AccountRow) -> Player:
    return Player(row.id, row.name, row.bot, row.deleted)


def _change(row: RatingChangeRow, player: AccountRow) -> RatingChange:
    return RatingChange(
        row.table_id,
        row.seat,
        _player(player),
        row.game,
        row.players,
        row.rank,
        row.abandoned,
        Skill(row.mu_before, row.sigma_before),
        Skill(row.mu_after, row.sigma_after),
        _epoch(row.created_at),
    )


class RatingStore:
    """The rating tables of `store`'s database."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._session = store._session

    def bot_account(self, spec: str) -> int:
        """The id of the account row that rates bot level `spec`, made at its first rated
        game (named ``bot:<level>``: no person's name has a colon, and it has no password)."""
        spec = spec.strip()
        with self._session() as session:
            found = session.scalar(select(AccountRow.id).where(AccountRow.bot == spec))
        if found is not None:
            return found
        name = f"bot:{spec}"
        try:
            with self._store.writing(), self._session.begin() as session:
                row = AccountRow(name=name, name_key=name, bot=spec, created_at=datetime.now(UTC))
                session.add(row)
                session.flush()
                return row.id
        except IntegrityError:  # another process made it first
            with self._session() as session:
                made = session.scalar(select(AccountRow.id).where(AccountRow.bot == spec))
            assert made is not None
            return made

    def record_game(
        self, table_id: str, game: str, seats: Sequence[RatedSeat], at: float
    ) -> list[RatingChange]:
        """Rate a finished game: each seat's player's rating in `game` at this player count
        moves by `ratings.rated`, and the changes are kept with the table, in one
        transaction. A game already rated (another process, or a retry) is left as it was:
        its changes are returned."""
        try:
            with self._store.writing(), self._session.begin() as session:
                if session.get(RatingChangeRow, (table_id, seats[0].seat)) is None:
                    self._rate(session, table_id, game, seats, at)
        except IntegrityError:
            pass  # rated by another process meanwhile
        return self.changes_of_table(table_id)

    @staticmethod
    def _rate(
        session: Session, table_id: str, game: str, seats: Sequence[RatedSeat], at: float
    ) -> None:
        players = len(seats)
        wanted = {seat.account_id for seat in seats}
        rows = {
            row.account_id: row
            for row in session.scalars(
                select(RatingRow)
                .where(
                    RatingRow.account_id.in_(wanted),
                    RatingRow.game == game,
                    RatingRow.players == players,
                )
                .with_for_update()
            )
        }
        before = [
            Skill(rows[s.account_id].mu, rows[s.account_id].sigma)
            if s.account_id in rows
            else new_skill()
            for s in seats
        ]
        after = rated(before, [seat.rank for seat in seats])
        for seat, old, new in zip(seats, before, after, strict=True):
            row = rows.get(seat.account_id)
            if row is None:
                row = RatingRow(account_id=seat.account_id, game=game, players=players, games=0)
                rows[seat.account_id] = row
                session.add(row)
            row.mu, row.sigma, row.games = new.mu, new.sigma, row.games + 1
            row.updated_at = _moment(at)
            session.add(
                RatingChangeRow(
                    table_id=table_id,
                    seat=seat.seat,
                    account_id=seat.account_id,
                    game=game,
                    players=players,
                    rank=seat.rank,
                    abandoned=seat.abandoned,
                    mu_before=old.mu,
                    sigma_before=old.sigma,
                    mu_after=new.mu,
                    sigma_after=new.sigma,
                    created_at=_moment(at),
                )
            )

    def changes_of_table(self, table_id: str) -> list[RatingChange]:
        """The rating changes of a rated game, by seat (none before its end)."""
        query = (
            select(RatingChangeRow, AccountRow)
            .join(AccountRow, AccountRow.id == RatingChangeRow.account_id)
            .where(RatingChangeRow.table_id == table_id)
            .order_by(RatingChangeRow.seat)
        )
        with self._session() as session:
            return [_change(change, player) for change, player in session.execute(query).all()]

    # -- profiles and leaderboards ---------------------------------------------------------------
    def player(self, name_key: str) -> Player | None:
        """The player of that name (an account's name as `accounts.name_key` keeps it, or a
        bot's ``bot:<level>``); None for none, or a deleted account."""
        with self._session() as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name_key))
            return None if row is None or row.deleted else _player(row)

    def ratings_of(self, account_id: int) -> list[Rating]:
        """The player's ratings, by game and player count."""
        query = (
            select(RatingRow)
            .where(RatingRow.account_id == account_id)
            .order_by(RatingRow.game, RatingRow.players)
        )
        with self._session() as session:
            return [
                Rating(r.game, r.players, Skill(r.mu, r.sigma), r.games)
                for r in session.scalars(query)
            ]

    def history_of(self, account_id: int, most: int = HISTORY_ROWS) -> list[RatingChange]:
        """The player's rated games' changes, newest first."""
        query = (
            select(RatingChangeRow, AccountRow)
            .join(AccountRow, AccountRow.id == RatingChangeRow.account_id)
            .where(RatingChangeRow.account_id == account_id)
            .order_by(RatingChangeRow.created_at.desc(), RatingChangeRow.table_id)
            .limit(most)
        )
        with self._session() as session:
            return [_change(change, player) for change, player in session.execute(query).all()]

    def games_played(self, account_id: int) -> dict[str, int]:
        """How many finished games the account played, by game (rated and casual)."""
        query = (
            select(TableRow.game, func.count())
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(SeatRow.account_id == account_id, TableRow.status == OVER)
            .group_by(TableRow.game)
            .order_by(TableRow.game)
        )
        with self._session() as session:
            return {game: count for game, count in session.execute(query).all()}

    def recent_games(self, account_id: int, most: int = RECENT_GAMES) -> list[PlayedGame]:
        """The account's latest finished games (rated and casual), newest table first."""
        query = (
            select(TableRow.id, TableRow.game, SeatRow.seat, TableRow.created_at, TableRow.rated)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(SeatRow.account_id == account_id, TableRow.status == OVER)
            .order_by(TableRow.created_at.desc())
            .limit(most)
        )
        with self._session() as session:
            return [
                PlayedGame(table_id, game, seat, _epoch(at), is_rated)
                for table_id, game, seat, at, is_rated in session.execute(query).all()
            ]

    def leaderboard(
        self, game: str, players: int, most: int = BOARD_ROWS
    ) -> list[tuple[Player, Rating]]:
        """The best rated players of `game` at `players` players (deleted accounts left out),
        best shown rating first."""
        query = (
            select(RatingRow, AccountRow)
            .join(AccountRow, AccountRow.id == RatingRow.account_id)
            .where(
                RatingRow.game == game,
                RatingRow.players == players,
                AccountRow.deleted.is_(False),
            )
            # `Skill.shown`, openskill's ordinal: mu - 3 sigma.
            .order_by((RatingRow.mu - 3 * RatingRow.sigma).desc(), AccountRow.name_key)
            .limit(most)
        )
        with self._session() as session:
            return [
                (_player(player), Rating(r.game, r.players, Skill(r.mu, r.sigma), r.games))
                for r, player in session.execute(query).all()
            ]

    def board_sizes(self, game: str) -> list[int]:
        """The player counts that `game` has ratings at."""
        query = (
            select(RatingRow.players)
            .where(RatingRow.game == game)
            .group_by(RatingRow.players)
            .order_by(RatingRow.players)
        )
        with self._session() as session:
            return list(session.scalars(query))
