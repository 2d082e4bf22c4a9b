"""Statistics of an arena: pure functions of the finished games, no I/O.

Every figure is per *seat played*: an entrant that holds two seats of one game (fewer entrants
than seats) plays two games there. Games that ended in an error have no outcome and are left
out; the report lists them separately.

- Wins: a win shared by ``k`` winners counts ``1/k`` to each (the game's own tie rules).
- Win rate with a 95 % Wilson score interval, which stays inside [0, 1] and behaves for small
  samples and rates near 0 or 1, unlike the normal approximation.
- Margin: own score minus the best score of the other seats (negative when behind the winner).
- Rating: a Bradley–Terry model on the Elo scale, fitted by maximum likelihood over every
  pairwise comparison inside each game (the higher score beats the lower, equal scores are a
  draw counted as half a win each; two seats of the same entrant are not compared), so a
  multiplayer game says who beat whom, not only who won. A perfect record would push a maximum
  likelihood rating to infinity, so each entrant also gets a weak prior: one virtual drawn game
  against a fixed opponent rated 1500 (worth one comparison, negligible after a few dozen
  games). The ratings are then shifted so that their mean is 1500.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

#: The normal quantile of a two-sided 95 % interval.
Z95 = 1.959963984540054
#: Mean rating of the entrants, and the rating of the prior's virtual opponent.
RATING_ANCHOR = 1500.0
#: Elo scale: a 400-point gap means 10:1 odds.
ELO_SCALE = 400.0 / math.log(10.0)


@dataclass(frozen=True)
class GameOutcome:
    """What statistics need of one finished game: the entrant in each seat, scores, winners."""

    lineup: tuple[str, ...]
    scores: tuple[float, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class PairRecord:
    """Comparisons of one entrant against another, from the first one's side."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        """Wins with draws as halves: what the rating model counts."""
        return self.wins + self.draws / 2


@dataclass(frozen=True)
class EntrantStats:
    name: str
    games: int
    wins: float
    #: ``None`` when the entrant finished no game (nothing to average).
    win_rate: float | None
    win_low: float
    win_high: float
    mean_score: float | None
    mean_margin: float | None
    rating: float


def outcomes_from_lines(lines: Iterable[Mapping[str, Any]]) -> list[GameOutcome]:
    """The finished games among arena result lines (``games.jsonl``); errored ones are skipped."""
    return [
        GameOutcome(tuple(line["lineup"]), tuple(line["scores"]), tuple(line["winners"]))
        for line in lines
        if line.get("error") is None
    ]


def wilson_interval(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a win rate; (0, 1) when there are no games (nothing known)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    z2n = z * z / games
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / games + z2n / (4 * games))
    # Rounding can put a bound a hair past the observed rate at 0 or 1; the interval holds it.
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def margins(scores: Sequence[float]) -> list[float]:
    """Each seat's score minus the best score among the other seats."""
    return [
        score - max(other for seat, other in enumerate(scores) if seat != own)
        for own, score in enumerate(scores)
    ]


def head_to_head(
    outcomes: Iterable[GameOutcome],
) -> dict[str, dict[str, PairRecord]]:
    """``result[a][b]``: how `a` fared against `b` seat by seat, for every pair that met."""
    table: dict[str, dict[str, PairRecord]] = {}
    for game in outcomes:
        for (a, score_a), (b, score_b) in itertools.permutations(
            zip(game.lineup, game.scores, strict=True), 2
        ):
            if a == b:
                continue
            old = table.setdefault(a, {}).get(b, PairRecord())
            table[a][b] = PairRecord(
                old.wins + (score_a > score_b),
                old.draws + (score_a == score_b),
                old.losses + (score_a < score_b),
            )
    return table


def bradley_terry(
    names: Sequence[str], pairs: Mapping[str, Mapping[str, PairRecord]]
) -> dict[str, float]:
    """Elo-scale Bradley–Terry ratings with the one-draw prior, mean `RATING_ANCHOR`.

    Maximum likelihood by Newton's method on the log-strengths, halving a step that does not
    improve the likelihood. The prior makes the log-likelihood strictly concave, so the maximum
    is unique and finite whatever the data (a perfect record included), and Newton reaches it in
    a few dozen steps where the classic MM iteration needs many thousands on lopsided results."""
    if not names:
        return {}
    points = [sum(r.points for r in pairs.get(a, {}).values()) + 0.5 for a in names]
    games = [[_games(pairs, a, b) for b in names] for a in names]
    theta = [0.0] * len(names)  # log-strengths; the prior's opponent sits at 0 (rating 1500)
    for _ in range(200):
        step = _solve(_information(theta, games), _gradient(theta, points, games))
        base, scale = _log_likelihood(theta, points, games), 1.0
        while True:
            trial = [t + scale * d for t, d in zip(theta, step, strict=True)]
            if _log_likelihood(trial, points, games) >= base - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        theta = trial
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    raw = [ELO_SCALE * t for t in theta]
    shift = RATING_ANCHOR - sum(raw) / len(raw)
    return {name: rating + shift for name, rating in zip(names, raw, strict=True)}


def entrant_stats(names: Sequence[str], outcomes: Sequence[GameOutcome]) -> list[EntrantStats]:
    """Per-entrant figures (see the module docstring), in the order of `names`."""
    seats: dict[str, list[tuple[float, float, float]]] = {name: [] for name in names}
    for game in outcomes:
        share = 1 / len(game.winners) if game.winners else 0.0
        for seat, (name, margin) in enumerate(zip(game.lineup, margins(game.scores), strict=True)):
            won = share if seat in game.winners else 0.0
            seats[name].append((won, game.scores[seat], margin))
    ratings = bradley_terry(names, head_to_head(outcomes))
    return [_summarize(name, seats[name], ratings[name]) for name in names]


def _summarize(name: str, seats: list[tuple[float, float, float]], rating: float) -> EntrantStats:
    games = len(seats)
    wins = sum(won for won, _, _ in seats)
    low, high = wilson_interval(wins, games)
    return EntrantStats(
        name=name,
        games=games,
        wins=wins,
        win_rate=wins / games if games else None,
        win_low=low,
        win_high=high,
        mean_score=sum(score for _, score, _ in seats) / games if games else None,
        mean_margin=sum(margin for _, _, margin in seats) / games if games else None,
        rating=rating,
    )


def _games(pairs: Mapping[str, Mapping[str, PairRecord]], a: str, b: str) -> int:
    record = pairs.get(a, {}).get(b)
    return record.games if record is not None else 0


def _sigmoid(x: float) -> float:
    """Probability that a side `x` log-strength units stronger wins; stable for large `x`."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def _log_add_exp(a: float, b: float) -> float:
    return max(a, b) + math.log1p(math.exp(-abs(a - b)))


def _log_likelihood(theta: list[float], points: list[float], games: list[list[int]]) -> float:
    """Log-likelihood of the comparisons and the prior's draws, up to a constant."""
    total = sum(p * t - _log_add_exp(t, 0.0) for p, t in zip(points, theta, strict=True))
    for i, j in itertools.combinations(range(len(theta)), 2):
        total -= games[i][j] * _log_add_exp(theta[i], theta[j])
    return total


def _gradient(theta: list[float], points: list[float], games: list[list[int]]) -> list[float]:
    """Actual minus expected points of each entrant (zero at the maximum)."""
    n = len(theta)
    return [
        points[i]
        - _sigmoid(theta[i])
        - sum(games[i][j] * _sigmoid(theta[i] - theta[j]) for j in range(n) if j != i)
        for i in range(n)
    ]


def _information(theta: list[float], games: list[list[int]]) -> list[list[float]]:
    """Minus the Hessian of the log-likelihood (positive definite thanks to the prior)."""
    n = len(theta)
    matrix = [[0.0] * n for _ in range(n)]
    for i in range(n):
        p = _sigmoid(theta[i])
        matrix[i][i] = p * (1 - p)
        for j in range(n):
            if j != i and games[i][j]:
                q = _sigmoid(theta[i] - theta[j])
                matrix[i][i] += games[i][j] * q * (1 - q)
                matrix[i][j] = -games[i][j] * q * (1 - q)
    return matrix


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a handful of entrants: no library needed)."""
    n = len(vector)
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    solution = [0.0] * n
    for r in reversed(range(n)):
        rest = sum(rows[r][c] * solution[c] for c in range(r + 1, n))
        solution[r] = (rows[r][n] - rest) / rows[r][r]
    return solution
