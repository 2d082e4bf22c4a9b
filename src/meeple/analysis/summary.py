"""What is shown of a game's move estimates: each seat's chances across the game (the chart),
the moves that cost most (marked, with the move the search preferred) and a summary per seat."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from meeple.analysis.moves import MoveEstimate

#: A move that lowers its seat's estimated win chance by this much or more is marked costly
#: (10 percentage points; see docs/benchmarks.md, "Issue 29", for how often each bot makes one).
COSTLY = 0.10
#: The costliest moves a seat's summary names.
WORST_SHOWN = 3


@dataclasses.dataclass(frozen=True, slots=True)
class SeatSummary:
    seat: int
    #: Moves of the seat that had an alternative, and their mean loss.
    decisions: int
    mean_loss: float
    #: Moves marked costly.
    costly: int
    #: The indexes of its costliest moves (at most `WORST_SHOWN`, costliest first).
    worst: list[int]


@dataclasses.dataclass(frozen=True, slots=True)
class GameAnalysis:
    """A finished game's analysis, as stored with the table and served."""

    game: str
    players: int
    #: The search's budget (``"200i"``) and seed: the same record, budget and seed give the
    #: same figures.
    budget: str
    seed: int
    moves: list[MoveEstimate]
    #: Per seat, its estimated chance after each move of the game (None until its first
    #: estimate; a seat's chance changes only at its own moves, where it is estimated).
    chart: list[list[float | None]]
    seats: list[SeatSummary]

    def costly(self, estimate: MoveEstimate) -> bool:
        return estimate.loss >= COSTLY

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "budget": self.budget,
            "seed": self.seed,
            "costly_at": COSTLY,
            "moves": [
                {**m.to_json(), "loss": m.loss, "costly": self.costly(m)} for m in self.moves
            ],
            "chart": self.chart,
            "seats": [dataclasses.asdict(s) for s in self.seats],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameAnalysis:
        fields = {f.name for f in dataclasses.fields(MoveEstimate)}
        moves = [MoveEstimate(**{k: v for k, v in m.items() if k in fields}) for m in data["moves"]]
        return summarise(data["game"], data["players"], data["budget"], data["seed"], moves)


def summarise(
    game: str, players: int, budget: str, seed: int, moves: Sequence[MoveEstimate]
) -> GameAnalysis:
    """The analysis shown of `moves` (every move of the game, in order)."""
    chart: list[list[float | None]] = [[] for _ in range(players)]
    current: list[float | None] = [None] * players
    for estimate in moves:
        if estimate.after is not None:
            current[estimate.seat] = estimate.after
        for seat in range(players):
            chart[seat].append(current[seat])
    seats = []
    for seat in range(players):
        decided = [m for m in moves if m.seat == seat and m.before is not None]
        worst = sorted((m for m in decided if m.loss > 0), key=lambda m: -m.loss)
        seats.append(
            SeatSummary(
                seat=seat,
                decisions=len(decided),
                mean_loss=sum(m.loss for m in decided) / len(decided) if decided else 0.0,
                costly=sum(1 for m in decided if m.loss >= COSTLY),
                worst=[m.index for m in worst[:WORST_SHOWN]],
            )
        )
    return GameAnalysis(game, players, budget, seed, list(moves), chart, seats)
