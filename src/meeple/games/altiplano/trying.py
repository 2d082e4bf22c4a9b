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

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def tried_actions(state: AltiplanoState, seat: int) -> list[Action]:
    s, comps = state.s, state.comps
    p = s["players"][seat]
    if seat not in state.to_move():
        return []
    if s["phase"] == "plan":
        targets = [f"loc:{loc}" for loc in comps.locations]
        targets += [f"move:{i}" for i in range(len(p["move"]))]
        return [A.Place(t, good) for t in targets for good in sorted(p["planning"])]
    if s["phase"] != "actions" or p["figure"] is None or p["pending_corn"]:
        return []
    here = p["figure"]
    tried: list[Action] = [
        A.Move(via, to) for via in range(-1, len(p["move"])) for to in s["circle"] if to != here
    ]
    for conv in comps.conversions_at(here):
        tried += [A.Produce(conv.key, out) for out in conv.out]
    for key, conv in state.conversions(p):
        if conv.location == here:
            tried += [A.Produce(key, out) for out in conv.out]
    if here == "harbor":
        tried += [A.Produce("boat", good) for good in sorted(set(s["boats"]))]
    if here == "village":
        tried += [A.Produce("house", good) for good in sorted(set(s["houses"]))]
        tried += [A.BuyCart(i) for i in range(len(p["carts"]))]
    if here == "market":
        tried += [A.Sell(good) for good in sorted(comps.sale_price)]
        tried += [A.BuyExtension(slot) for slot, eid in enumerate(s["strip"]) if eid]
        tried += [A.BuyOrder(oid) for oid in s["orders"]]
    if here == "road":
        tried.append(A.BuildRoad())
    return tried
