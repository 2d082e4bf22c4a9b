"""Treasures: recovering the face-down tokens of a treasure tile (TIK-7) and exchanging a
single treasure with another player (TIK-8).

At most two tokens a tile a turn, each needing a distinct own figure on the tile; an exchange
swaps an own single treasure for another player's single treasure of another kind.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction
from meeple.engine.words import say
from meeple.games.tikal.action_points import Problem, check_space, raise_if, spend
from meeple.games.tikal.actions import Exchange, Recover
from meeple.games.tikal.interned import Numbered
from meeple.games.tikal.layout import Seat, seat_treasures, treasure_slot

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState

TOKENS_PER_TILE_PER_TURN = 2  # TIK-7 (rulebook)

_RECOVER = Numbered(Recover)
_exchange = functools.cache(Exchange)
_NO_TOKEN: Problem = ("TIK-7", say("no treasure token lies on that tile"))
_TOKENS_DONE: Problem = ("TIK-7", say("at most 2 treasures per tile per turn"))
_TOKEN_NEEDS_FIGURE: Problem = (
    "TIK-7",
    say("each treasure this turn needs a distinct own figure on the tile"),
)
_RECOVERING = say("recovering a treasure")
_EXCHANGING = say("exchanging")


def recover_problem(state: TikalState, seat: int, space: int) -> Problem:
    """Why `seat` may not recover a token from the tile on `space` now, or None."""
    if not state.tokens.get(space):
        return _NO_TOKEN
    done = state.turn_recovered.get(space, 0)
    if done >= TOKENS_PER_TILE_PER_TURN:
        return _TOKENS_DONE
    if state.figures_on(seat, space) <= done:
        return _TOKEN_NEEDS_FIGURE
    return None


def recover_actions(
    state: TikalState, seat: Seat, occupied: list[int], actions: list[Action]
) -> None:
    """Append the recoveries from the tiles the seat's figures stand on, for a seat that can
    pay for one."""
    tokens = state.tokens
    for s in occupied:
        if s in tokens and recover_problem(state, seat, s) is None:
            actions.append(_RECOVER.at(s))


def exchange_actions(state: TikalState, seat: Seat, actions: list[Action]) -> None:
    """Append the seat's exchanges, for a seat that can pay for one: each own single treasure
    for each other player's single treasure of another kind."""
    k = state.edition.treasure_kinds
    mine = seat_treasures(state.treasures, k, seat)
    gives = [g for g in range(k) if mine[g] == 1] if 1 in mine else []
    for other in range(state.n):
        if other == seat or not gives:
            continue
        theirs = seat_treasures(state.treasures, k, other)
        if 1 not in theirs:  # no single treasure to take
            continue
        for take in range(k):
            if theirs[take] == 1:
                actions.extend(_exchange(g, other, take) for g in gives if g != take)


def do_recover(state: TikalState, seat: Seat, action: Recover) -> None:
    check_space(state, action.space)
    raise_if(recover_problem(state, seat, action.space))
    spend(state, state.edition.costs["recover_treasure"], _RECOVERING)
    pile = state.tokens[action.space]
    kind = pile.pop()
    if not pile:
        del state.tokens[action.space]
    state.treasures[treasure_slot(state.edition.treasure_kinds, seat, kind)] += 1
    state.turn_recovered[action.space] = state.turn_recovered.get(action.space, 0) + 1
    state.reveals += 1


def do_exchange(state: TikalState, seat: Seat, action: Exchange) -> None:
    k = state.edition.treasure_kinds
    if not (0 <= action.give < k and 0 <= action.take < k):
        raise IllegalAction("TIK-8", say("treasure kinds are 0 to {last}", last=k - 1))
    if not 0 <= action.other < state.n or action.other == seat:
        raise IllegalAction("TIK-8", say("the exchange is with another player"))
    if action.give == action.take:
        raise IllegalAction("TIK-8", say("a swap for a treasure of the same kind changes nothing"))
    t, give, take, other = state.treasures, action.give, action.take, action.other
    if t[treasure_slot(k, seat, give)] != 1:
        raise IllegalAction("TIK-8", say("only an own single treasure can be given"))
    if t[treasure_slot(k, other, take)] != 1:
        raise IllegalAction("TIK-8", say("only the other player's single treasure can be taken"))
    spend(state, state.edition.costs["exchange_treasure"], _EXCHANGING)
    t[treasure_slot(k, seat, give)] -= 1
    t[treasure_slot(k, other, give)] += 1
    t[treasure_slot(k, other, take)] -= 1
    t[treasure_slot(k, seat, take)] += 1
