"""The analysis of a finished game, as lichess's analysis board gives chess players: for every
move of every seat, the estimated win chance of that seat before and after it, the moves that
cost most with the move the search preferred, a chart of every seat's chances across the game,
and a summary per seat.

Every estimate is made by the search from the mover's own view at the time
(`meeple.bots.advice`), never from the state: the analysis knows what the player knew, and its
figures do not change when only what the player could not see changes. An iteration budget and
a seed make it repeatable on any machine.

- `moves`: the estimates of each move (a range of moves at a time: the server spreads a game
  over its bot workers);
- `summary`: what the pages, the terminal and the protocol show of them.
"""

from meeple.analysis.moves import DEFAULT_BUDGET, MoveEstimate, estimate_moves
from meeple.analysis.summary import COSTLY, GameAnalysis, summarise

__all__ = [
    "COSTLY",
    "DEFAULT_BUDGET",
    "GameAnalysis",
    "MoveEstimate",
    "estimate_moves",
    "summarise",
]
