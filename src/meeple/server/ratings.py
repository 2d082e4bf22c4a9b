"""Ratings of rated tables: who is rated for each seat, the ranking a finished game gives,
and the new ratings (openskill's Plackett-Luce model, made for free-for-all games of any
number of players). The rules are written down for players in docs/ratings.md.

- A rating belongs to a player (an account, or a bot level: bots are rated players too, each
  level with a row of its own, `RatingStore.bot_account`) in one game at one player count.
- The ranking is the game's own: the winners first (the game's tie rules decide them), then
  the others by score and by the score sheet's tie-break parts (``tie_break``: Altiplano's
  coins). Seats still equal share their rank: a tie, as the library takes it.
- A seat abandoned by its account (its time ran out and the clock's bot moved for it, or the
  creator handed it to a bot) is ranked last, whatever its bot made of it; several such seats
  share the last rank.
- Nothing here touches the database: `RatingStore.record_game` reads the ratings, calls
  `rated`, and stores the result with the table in one transaction.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

from meeple.bots import LEVELS
from meeple.engine.game import GameState
from meeple.i18n import N_

#: What a rated table refuses.
NOT_SIGNED_IN = N_(
    "this table is rated: only a player signed in to an account may take a seat (sign in, "
    "then come back)"
)
ONE_SEAT_RATED = N_("your account already holds a seat at this rated table")
RATED_BOTS = N_("a rated table's bots are the levels easy, medium and hard")
RATED_NEEDS_A_PERSON = N_("a rated table needs at least one person's seat")
RATED_NEEDS_AN_ACCOUNT = N_("sign in to create a rated table")
UNDO_OFF = "undo is off in rated games"


@dataclasses.dataclass(frozen=True, slots=True)
class Skill:
    """A player's rating: the model's mean and uncertainty."""

    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating a page shows and the leaderboard sorts by: openskill's ordinal,
        ``mu - 3 sigma``, which a player's first games raise as the uncertainty falls (0 for
        a new player)."""
        return _model().rating(mu=self.mu, sigma=self.sigma).ordinal()


@dataclasses.dataclass(frozen=True, slots=True)
class RatedSeat:
    """One seat of a finished rated game: the player rated for it and its rank (1 the best)."""

    seat: int
    account_id: int
    rank: int
    abandoned: bool


@functools.cache
def _model() -> PlackettLuce:
    return PlackettLuce()


def new_skill() -> Skill:
    """A new player's rating: the model's defaults (mu 25, sigma 25/3)."""
    model = _model()
    return Skill(model.mu, model.sigma)


def rated_bot(spec: str) -> bool:
    """Whether a bot of `spec` may sit at a rated table (and so be rated): a level."""
    return spec.strip() in LEVELS


def final_ranks(state: GameState, abandoned: set[int]) -> list[int]:
    """Each seat's rank in the finished game (1 the best; equals share a rank, the next
    rank skipping as many: 1, 1, 3), the `abandoned` seats last."""
    winners = set(state.winners())
    scores = state.scores()
    sheet = state.score_sheet()
    listed = sheet.get("players")
    records: list[dict[str, Any]] = listed if isinstance(listed, list) else []
    tie_break: Sequence[str] = sheet.get("tie_break") or []

    def key(seat: int) -> tuple[Any, ...]:
        if seat in abandoned:
            return (False,)
        record = next((r for r in records if r.get("seat") == seat), {})
        parts = [record.get(part, 0) for part in tie_break]
        return (True, seat in winners, scores[seat], *parts)

    keys = [key(seat) for seat in range(state.num_players)]
    return [1 + sum(other > mine for other in keys) for mine in keys]


def rated(before: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """The players' ratings after a game they finished at `ranks` (one player a seat, in
    seat order): Plackett-Luce's update, each player a team of one."""
    model = _model()
    teams = [[model.rating(mu=skill.mu, sigma=skill.sigma)] for skill in before]
    after = model.rate(teams, ranks=[float(rank) for rank in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in after]
