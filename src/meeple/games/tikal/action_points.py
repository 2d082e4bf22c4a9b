"""Action points (TIK-4): the ten points of a turn, what every action checks before it pays,
and how a rule says why it refuses one.

The rule families (`figures`, `walking`, `excavation`, `treasures`, `camps`, `guards`) check an
action with their ``*_problem`` functions and pay for it with `spend`, the last check before an
action changes anything.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.errors import IllegalAction
from meeple.engine.words import say
from meeple.games.tikal.actions import FIGURES
from meeple.games.tikal.layout import ACT

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

Problem = tuple[str, str] | None
"""Why a rule refuses an action, as (rule, reason); None if it allows it."""


def raise_if(problem: Problem) -> None:
    """Raise the (rule, message) a rule check found, if any."""
    if problem:
        raise IllegalAction(*problem)


def start_act(state: TikalState) -> None:
    """The action step of a turn begins: a fresh allowance of points, no level excavated and
    no treasure recovered this turn yet."""
    state.step = ACT
    state.ap = state.edition.action_points
    state.turn_excavated = {}
    state.turn_recovered = {}


def spend(state: TikalState, cost: int, what: str) -> None:
    """Pay `cost` action points; the last check before an action changes anything."""
    if cost > state.ap:
        raise IllegalAction(
            "TIK-4",
            say(
                "{what} costs {cost} AP but only {ap} are left",
                what=what,
                cost=cost,
                ap=state.ap,
            ),
        )
    state.ap -= cost


def check_space(state: TikalState, space: int) -> None:
    """Refuse a space that is not on the board."""
    if not 0 <= space < len(state.tile_at):
        raise IllegalAction("board", say("space {space} is not on the board", space=space))


def check_figure(figure: str) -> None:
    """Refuse a figure that is neither a leader nor a worker."""
    if figure not in FIGURES:
        raise IllegalAction(
            "rulebook",
            say("figure must be 'leader' or 'worker', not {figure!r}", figure=figure),
        )
