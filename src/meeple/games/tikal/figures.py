"""The figures (TIK-4): deploying a leader or a worker from the supply onto the base camp or
an own camp, moving one by the secret paths between those camps, and a figure's move itself
(which `walking` shares).
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction
from meeple.engine.words import say
from meeple.games.tikal import narration
from meeple.games.tikal.action_points import check_figure, check_space, spend
from meeple.games.tikal.actions import CampMove, Deploy
from meeple.games.tikal.camps import own_camps
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import SUPPLY, Seat, Space, worker_slot

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

_DEPLOY_LEADER = Numbered(functools.partial(Deploy, "leader"))
_DEPLOY_WORKER = Numbered(functools.partial(Deploy, "worker"))
_camp_move = functools.cache(CampMove)
_THIS_MOVE = say("this move")
_DEPLOYING = say("deploying")


def deploy_actions(
    state: TikalState, seat: Seat, leader: Space, camps: list[int], actions: list[Action]
) -> None:
    """Append the seat's deployments from its supply, for a seat that can pay for one."""
    if leader == SUPPLY:
        for c in camps:
            actions.append(_DEPLOY_LEADER.at(c))
    if state.supply[seat]:
        for c in camps:
            actions.append(_DEPLOY_WORKER.at(c))


def camp_move_actions(
    leader: Space, workers: list[int], camps: list[int], actions: list[Action]
) -> None:
    """Append the seat's moves by secret paths, for a seat with two camps or more that can pay
    for one: each own figure on a camp to each other camp."""
    for src in camps:
        if leader == src:
            actions.extend(_camp_move("leader", src, dst) for dst in camps if dst != src)
        if workers[src] > 0:
            actions.extend(_camp_move("worker", src, dst) for dst in camps if dst != src)


def do_deploy(state: TikalState, seat: Seat, action: Deploy) -> None:
    check_figure(action.figure)
    check_space(state, action.dst)
    if action.dst not in own_camps(state, seat):
        raise IllegalAction("TIK-4", say("figures are deployed on the base camp or an own camp"))
    if action.figure == "leader" and state.leader[seat] != SUPPLY:
        raise IllegalAction("TIK-4", say("the leader is not in the supply"))
    if action.figure == "worker" and not state.supply[seat]:
        raise IllegalAction("TIK-4", say("no worker is left in the supply"))
    spend(state, state.edition.costs["deploy_figure"], _DEPLOYING)
    if action.figure == "leader":
        state.leader[seat] = action.dst
        state.figure_moved = (state.stamp, ())
    else:
        slot = worker_slot(state.n, action.dst, seat)
        state.workers[slot] += 1
        state.supply[seat] -= 1
        state.figure_moved = (state.stamp, (slot,))


def do_camp_move(state: TikalState, seat: Seat, action: CampMove) -> None:
    check_figure(action.figure)
    check_space(state, action.src)
    check_space(state, action.dst)
    camps = own_camps(state, seat)
    if action.src not in camps or action.dst not in camps or action.src == action.dst:
        raise IllegalAction(
            "TIK-4", say("secret paths join only the base camp and the player's own camps")
        )
    move_figure(
        state, seat, action.figure, action.src, action.dst, state.edition.costs["camp_to_camp"]
    )


def move_figure(state: TikalState, seat: Seat, figure: str, src: int, dst: int, cost: int) -> None:
    """Move an own `figure` from `src` to `dst` for `cost` action points."""
    if figure == "leader":
        there = state.leader[seat] == src
    else:
        there = state.workers[worker_slot(state.n, src, seat)] > 0
    if not there:
        raise IllegalAction(
            "TIK-4", say("no own {figure} stands there", figure=narration.figure_word(figure))
        )
    spend(state, cost, _THIS_MOVE)
    if figure == "leader":
        state.leader[seat] = dst
        state.figure_moved = (state.stamp, ())
    else:
        leaving, arriving = worker_slot(state.n, src, seat), worker_slot(state.n, dst, seat)
        state.workers[leaving] -= 1
        state.workers[arriving] += 1
        state.figure_moved = (state.stamp, (leaving, arriving))
