"""Excavation (TIK-6): a level at a time onto an unguarded temple, at most two levels a temple
a turn, each level this turn needing a distinct own figure on the temple, while the level
tiles last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.tikal.action_points import Problem, check_space, raise_if, spend
from meeple.games.tikal.actions import Excavate
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import NO_SEAT, NO_TILE, Seat

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

LEVELS_PER_TEMPLE_PER_TURN = 2  # TIK-6 (rulebook)

_EXCAVATE = Numbered(Excavate)
_NO_TEMPLE_TO_EXCAVATE: Problem = ("TIK-6", say("only a temple can be excavated"))
_GUARDED_TEMPLE: Problem = ("TIK-6", say("a guarded temple is never excavated again"))
_LEVELS_DONE: Problem = ("TIK-6", say("at most 2 levels per temple per turn"))
_LEVEL_NEEDS_FIGURE: Problem = (
    "TIK-6",
    say("each level this turn needs a distinct own figure on the temple"),
)
_EXCAVATING = say("excavating")


def excavate_problem(state: TikalState, seat: int, space: int) -> Problem:
    """Why `seat` may not excavate the temple on `space` now, or None."""
    if state.tile_at[space] == NO_TILE or state.tile_kinds[state.tile_at[space]] != "temple":
        return _NO_TEMPLE_TO_EXCAVATE
    if state.guard[space] != NO_SEAT:
        return _GUARDED_TEMPLE
    done = state.turn_excavated.get(space, 0)
    if done >= LEVELS_PER_TEMPLE_PER_TURN:
        return _LEVELS_DONE
    if state.figures_on(seat, space) <= done:
        return _LEVEL_NEEDS_FIGURE
    nxt = state.temple_top[space] + 1
    if nxt >= len(state.levels) or state.levels[nxt] == 0:
        return "TIK-6", say(
            "no temple level tile {level} is left, so this temple is finished", level=nxt
        )
    return None


def excavate_actions(
    state: TikalState, seat: Seat, temples: list[int], actions: list[Action]
) -> None:
    """Append the excavations of the `temples` the seat's figures stand on, for a seat that
    can pay for one."""
    for s in temples:
        if excavate_problem(state, seat, s) is None:
            actions.append(_EXCAVATE.at(s))


def do_excavate(state: TikalState, seat: Seat, action: Excavate) -> None:
    check_space(state, action.space)
    problem = excavate_problem(state, seat, action.space)
    if problem is None and not state.figures_on(seat, action.space):
        problem = ("TIK-6", say("an own figure must stand on the temple"))
    raise_if(problem)
    spend(state, state.edition.costs["excavate_level"], _EXCAVATING)
    nxt = state.temple_top[action.space] + 1
    state.levels[nxt] -= 1
    state.temple_top[action.space] = nxt
    state.turn_excavated[action.space] = state.turn_excavated.get(action.space, 0) + 1
