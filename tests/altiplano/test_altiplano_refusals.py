"""Along random games, two rulings amended 2026-11-26 (ALT-8 market fields, ALT-12 moving and
passing) agree with an oracle written here from the rulings' text: an action is offered exactly
when the oracle allows it, and a refused one names that ruling.

The random simulation already applies every offered action; this checks the other direction,
for the actions these rulings take away, and the reason `apply` gives for refusing them. The
corn row of ALT-20 is not checked here: random play almost never builds a road or completes an
order (none of three whole games stored a corn), so its refusals are tested case by case in
`test_altiplano_rulings.py`, one test per way the corn arrives.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from meeple.engine.testing import assert_unchanged_on_error, random_step
from meeple.games.altiplano import AltiplanoState
from meeple.games.altiplano import actions as A


def rule_of(state: AltiplanoState, seat: int, action: A.Action) -> str:
    message = assert_unchanged_on_error(state, lambda s: s.apply(seat, action))
    return message[1 : message.index("]")]


def action_can_follow(state: AltiplanoState, p: dict[str, Any]) -> bool:
    """Whether some sequence of the player's unused journeys (each once, 1 to its steps along
    the circle) ends where an action is possible, the figure's location included."""
    comps, circle = state.comps, state.s["circle"]
    journeys = [] if p["top_used"] else [comps.cart_steps]
    journeys += [
        comps.cart_steps if p["carts"][i] else 1 for i, good in enumerate(p["move"]) if good
    ]
    size = len(circle)
    seen: set[tuple[int, tuple[int, ...]]] = set()
    todo = [(circle.index(p["figure"]), tuple(journeys))]
    while todo:
        here, left = todo.pop()
        if (here, left) in seen:
            continue
        seen.add((here, left))
        if state.location_actions(p, circle[here], None):
            return True
        for k, steps in enumerate(left):
            rest = left[:k] + left[k + 1 :]
            for step in range(1, steps + 1):
                todo += [((here + step) % size, rest), ((here - step) % size, rest)]
    return False


def moves_after(state: AltiplanoState, p: dict[str, Any], move: A.Move) -> dict[str, Any]:
    """The player's data after `move` (the movement used, the figure moved); nothing else."""
    after = dict(p, figure=move.to, move=list(p["move"]))
    if move.via < 0:
        after["top_used"] = True
    else:
        after["move"][move.via] = None
    return after


def check_alt12(state: AltiplanoState, seat: int, legal: set[A.Action]) -> None:
    s = state.s
    p = s["players"][seat]
    stage = s["turn"]["stage"]
    if stage == "after" or p["figure"] is None or p["pending_corn"]:
        return
    for move in state.legal_moves(p):
        if action_can_follow(state, moves_after(state, p, move)):
            assert move in legal, move
        else:
            assert move not in legal, move
            assert rule_of(state, seat, move) == "ALT-12"
    if stage == "moved":
        assert action_can_follow(state, p), "a player who moved has no action to reach"
        for action in (A.Pass(), A.EndTurn()):
            assert action not in legal
            assert rule_of(state, seat, action) == "ALT-12"
    else:
        assert A.Pass() in legal


def check_alt8(state: AltiplanoState, seat: int, legal: set[A.Action]) -> None:
    s = state.s
    p = s["players"][seat]
    if len(p["fields"]["market"]) >= state.field_capacity(p, "market"):
        return
    usable = set(state.comps.sale_price)
    usable.update(g for o in s["orders"] for g in state.comps.orders[o].goods)
    if p["order"] is not None:
        missing = list(state.comps.orders[p["order"]["id"]].goods)
        for good in p["order"]["delivered"]:
            missing.remove(good)
        usable.update(missing)
    for good in p["planning"]:
        place = A.Place("loc:market", good)
        if good in usable:
            assert place in legal, place
        else:
            assert place not in legal, place
            assert rule_of(state, seat, place) == "ALT-8"


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4)])
def test_amended_rulings_along_random_games(seed: int, players: int) -> None:
    state = AltiplanoState.new({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in state.to_move():
            legal = set(state.legal_actions(seat))
            phase = state.s["phase"]
            if phase == "plan" and not state.s["ready"][seat]:
                check_alt8(state, seat, legal)
            elif phase == "actions":
                check_alt12(state, seat, legal)
        random_step(state, rng)
