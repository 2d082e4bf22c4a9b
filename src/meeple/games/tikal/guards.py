"""Guards (TIK-10): a player with the strict sole majority on a temple may guard it; one of its
figures there becomes the guard and the others leave the game. At most two guards a player;
a guarded temple scores for its guard and is never excavated again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say, say_n
from meeple.games.tikal.action_points import Problem, check_space, raise_if, spend
from meeple.games.tikal.actions import PlaceGuard
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import NO_SEAT, NO_TILE, OUT, Seat, worker_slot

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

GUARDS_PER_PLAYER = 2  # TIK-10 (rulebook)

_PLACE_GUARD = Numbered(PlaceGuard)
_NO_TEMPLE_TO_GUARD: Problem = ("TIK-10", say("only a temple can be guarded"))
_ALREADY_GUARDED: Problem = ("TIK-10", say("that temple is already guarded"))
_GUARDS_USED: Problem = (
    "TIK-10",
    say_n("at most {n} guard per player", "at most {n} guards per player", n=GUARDS_PER_PLAYER),
)
_NO_SOLE_MAJORITY: Problem = ("TIK-10", say("a guard needs the strict sole majority on the temple"))
_PLACING_GUARD = say("placing a guard")


def _count(values: list[int], value: int) -> int:
    """`values.count(value)` as a typed loop, which compiled compares ints in C (see
    `camps.own_camps`)."""
    found = 0
    for each in values:
        if each == value:
            found += 1
    return found


def guard_problem(state: TikalState, seat: int, space: int) -> Problem:
    """Why `seat` may not guard the temple on `space`, or None."""
    tile = state.tile_at[space]
    if tile == NO_TILE or state.tile_kinds[tile] != "temple":
        return _NO_TEMPLE_TO_GUARD
    if state.guard[space] != NO_SEAT:
        return _ALREADY_GUARDED
    if _count(state.guard, seat) >= GUARDS_PER_PLAYER:
        return _GUARDS_USED
    mine = state.weight_on(seat, space)
    if mine == 0:
        return _NO_SOLE_MAJORITY
    for other in range(state.n):
        if other != seat and state.weight_on(other, space) >= mine:
            return _NO_SOLE_MAJORITY
    return None


def guard_actions(state: TikalState, seat: Seat, temples: list[int], actions: list[Action]) -> None:
    """Append the guards the seat may place on the `temples` its figures stand on, for a seat
    that can pay for one."""
    for s in temples:
        if guard_problem(state, seat, s) is None:
            actions.append(_PLACE_GUARD.at(s))


def do_guard(state: TikalState, seat: Seat, action: PlaceGuard) -> None:
    check_space(state, action.space)
    raise_if(guard_problem(state, seat, action.space))
    spend(state, state.edition.costs["place_guard"], _PLACING_GUARD)
    space = action.space
    # One figure becomes the guard (a worker if there is one: which one is immaterial);
    # every other figure of the player on the tile leaves the game (TIK-10).
    state.out[seat] += state.figures_on(seat, space) - 1
    state.workers[worker_slot(state.n, space, seat)] = 0
    if state.leader[seat] == space:
        state.leader[seat] = OUT
    state.guard[space] = seat
