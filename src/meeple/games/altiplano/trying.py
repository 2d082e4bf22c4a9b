"""What an Altiplano player might look for now, allowed or not: the actions the "why not" help
(`GameState.refusals`) asks the rules about.

In planning: every drawn tile on every location's fields and movement fields. In the action
phase: every action at the figure's location (basic, role, extensions, cards, market) and every
movement. Only the seat's own board and the public table are read, so a refusal can only speak
of what the seat may see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.games.altiplano import actions as A
from meeple.games.altiplano.fields import Player

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def tried_actions(state: AltiplanoState, seat: int) -> list[Action]:
    s = state.s
    p = s["players"][seat]
    if seat not in state.to_move():
        return []
    if s["phase"] == "plan":
        return _placements_tried(state, p)
    if s["phase"] != "actions" or p["figure"] is None or p["pending_corn"]:
        return []
    here = p["figure"]
    tried: list[Action] = [
        A.Move(via, to) for via in range(-1, len(p["move"])) for to in s["circle"] if to != here
    ]
    tried += _productions_tried(state, p, here)
    tried += _location_extras_tried(state, p, here)
    return tried


def _placements_tried(state: AltiplanoState, p: Player) -> list[Action]:
    """Every drawn tile on every location's fields and every movement field."""
    targets = [f"loc:{loc}" for loc in state.comps.locations]
    targets += [f"move:{i}" for i in range(len(p["move"]))]
    return [A.Place(t, good) for t in targets for good in sorted(p["planning"])]


def _productions_tried(state: AltiplanoState, p: Player, here: str) -> list[Action]:
    """Every output of the basic actions at `here` and of the seat's own role and extensions
    whose location it is."""
    tried: list[Action] = []
    for conv in state.comps.conversions_at(here):
        tried += [A.Produce(conv.key, out) for out in conv.out]
    for key, conv in state.conversions(p):
        if conv.location == here:
            tried += [A.Produce(key, out) for out in conv.out]
    return tried


def _location_extras_tried(state: AltiplanoState, p: Player, here: str) -> list[Action]:
    """What a location offers besides production: its cards, carts, the market's sales and
    purchases, the road."""
    s = state.s
    if here == "harbor":
        return [A.Produce("boat", good) for good in sorted(set(s["boats"]))]
    if here == "village":
        tried: list[Action] = [A.Produce("house", good) for good in sorted(set(s["houses"]))]
        return tried + [A.BuyCart(i) for i in range(len(p["carts"]))]
    if here == "market":
        tried = [A.Sell(good) for good in sorted(state.comps.sale_price)]
        tried += [A.BuyExtension(slot) for slot, eid in enumerate(s["strip"]) if eid]
        return tried + [A.BuyOrder(oid) for oid in s["orders"]]
    if here == "road":
        return [A.BuildRoad()]
    return []
