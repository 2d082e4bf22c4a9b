"""Who sits where in each game of an arena: the lineup schedule.

Seat order matters in most board games (moving first is an advantage or a handicap), so a fair
comparison gives every entrant every seat equally often. The schedule is a fixed cycle that
repeats; game ``i`` uses position ``i mod cycle``. With ``B`` entrants and ``P`` seats:

- ``B <= P``: seat ``s`` of game ``i`` gets entrant ``(i + s) mod B``. With ``B == P`` this is
  the lineup rotated by one seat each game; with fewer entrants than seats the list is repeated
  cyclically to fill the table (``a,b`` at three seats: ``a b a``, then ``b a b``), so an entrant
  may hold several seats of one game. The cycle is ``B`` games, and over it every entrant sits
  in every seat exactly once.
- ``B > P``: every combination of ``P`` entrants (``itertools.combinations`` order), each played
  in its ``P`` cyclic rotations before the next combination. The cycle is ``C(B, P) * P`` games;
  over it every entrant sits in every seat ``C(B - 1, P - 1)`` times and every pair of entrants
  meets ``C(B - 2, P - 2) * P`` times.

Seats are balanced only over whole cycles, so a run whose length is not a multiple of
`cycle_length` is slightly unbalanced (the command says so).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence


def entrant_names(specs: Sequence[str]) -> list[str]:
    """Unique entrant names: a spec listed more than once becomes ``spec#1``, ``spec#2``, ...

    Two copies of one bot are separate entrants, so that their results are not merged and
    ``greedy,greedy`` measures the spread between identical players."""
    totals = Counter(specs)
    seen: Counter[str] = Counter()
    names = []
    for spec in specs:
        seen[spec] += 1
        names.append(f"{spec}#{seen[spec]}" if totals[spec] > 1 else spec)
    return names


def cycle_length(entrants: int, players: int) -> int:
    """Games after which the schedule repeats (and every seat is balanced)."""
    _check(entrants, players)
    if entrants <= players:
        return entrants
    return math.comb(entrants, players) * players


def lineup(index: int, entrants: int, players: int) -> tuple[int, ...]:
    """The entrant (by position in the list) at each seat of game `index`."""
    _check(entrants, players)
    if entrants <= players:
        return tuple((index + seat) % entrants for seat in range(players))
    combos = math.comb(entrants, players)
    table = next(
        itertools.islice(
            itertools.combinations(range(entrants), players), (index // players) % combos, None
        )
    )
    shift = index % players
    return tuple(table[(seat + shift) % players] for seat in range(players))


def _check(entrants: int, players: int) -> None:
    if entrants < 1 or players < 1:
        raise ValueError(f"need at least one entrant and one seat, not {entrants} and {players}")
