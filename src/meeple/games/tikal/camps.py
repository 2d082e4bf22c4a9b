"""Camps (TIK-9): where a seat may build one, and the camps it deploys to and moves between.

A camp costs its action points and goes on a jungle tile, or a treasure tile with no tokens
left, where no camp stands; each player builds at most the edition's number of camps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say, say_n
from meeple.games.tikal.action_points import Problem, check_space, raise_if, spend
from meeple.games.tikal.actions import BuildCamp
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import NO_SEAT, NO_TILE, Seat

if TYPE_CHECKING:
    from meeple.games.tikal.paths import Paths
    from meeple.games.tikal.state import TikalState

_BUILD_CAMP = Numbered(BuildCamp)
_CAMP_THERE: Problem = ("TIK-9", say("there is already a camp on that tile"))
_NO_CAMP_SITE: Problem = (
    "TIK-9",
    say("a camp goes on a jungle tile or a treasure tile with no tokens left"),
)
_BUILDING_CAMP = say("building a camp")


def own_camps(state: TikalState, seat: int) -> list[int]:
    """The base camp and the seat's own camps: where it deploys and moves by secret paths."""
    # A typed loop: compiled, it compares ints in C, where `seat in camp` and
    # `camp.count(seat)` box the seat and compare objects on every space.
    camp = state.camp
    return [state.base_camp, *[space for space in range(len(camp)) if camp[space] == seat]]


def camp_problem(state: TikalState, seat: int, space: int) -> Problem:
    """Why `seat` may not build a camp on `space`, or None."""
    tile = state.tile_at[space]
    kind = state.tile_kinds[tile] if tile != NO_TILE else ""
    if kind != "jungle" and not (kind == "treasure" and not state.tokens.get(space)):
        return _NO_CAMP_SITE
    if state.camp[space] != NO_SEAT:
        return _CAMP_THERE
    if len(own_camps(state, seat)) - 1 >= state.edition.camps:
        return "TIK-9", say_n(
            "at most {n} camp per player in the game",
            "at most {n} camps per player in the game",
            n=state.edition.camps,
        )
    return None


def build_camp_actions(state: TikalState, paths: Paths, actions: list[Action]) -> None:
    """Append every camp the seat to move may build, for a seat below its limit of camps:
    `camp_problem` on the layout's jungle and treasure tiles (no other tile takes a camp)."""
    camp, tokens = state.camp, state.tokens
    for s, jungle in paths.camp_sites:
        if camp[s] == NO_SEAT and (jungle or not tokens.get(s)):
            actions.append(_BUILD_CAMP.at(s))


def do_build_camp(state: TikalState, seat: Seat, action: BuildCamp) -> None:
    check_space(state, action.space)
    raise_if(camp_problem(state, seat, action.space))
    spend(state, state.edition.costs["build_camp"], _BUILDING_CAMP)
    state.camp[action.space] = seat
