"""Phase 3, the actions at a location: the basic actions, the role's and extensions'
conversions, boats and houses (ALT-13), and what each location offers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.action_fields import (
    available,
    consume,
    conversion_fields,
    tiles_problem,
)
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.gains import gain_any
from meeple.games.altiplano.listed import produce, produces
from meeple.games.altiplano.market import market_actions
from meeple.games.altiplano.outfit import conversions_by_location
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.road import road_actions
from meeple.games.altiplano.tiles import add, covers, take
from meeple.games.altiplano.turns import acted, turn_problem
from meeple.games.altiplano.village import village_actions

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


COINS = C.COINS

#: The basic actions of the action board by key (`Produce.source`).
_BASIC = {conv.key: conv for conv in C.BASIC_ACTIONS}


def location_actions(st: AltiplanoState, p: Player, loc: str, cont: str | None) -> list[Action]:
    """The actions at `loc`; with `cont`, only further units of that multi-tile action: the
    basic actions there, the player's own conversions, then what the location itself offers."""
    avail = available(st, p, loc)
    result: list[Action] = []
    for conv in st.comps.conversions_at(loc):
        if cont is not None and cont != conv.key:
            continue
        if covers(avail, conv.inputs):
            result.extend(produces(conv.key, conv.out))
    if cont is None:
        for key, conv in conversions_by_location(st, p).get(loc, ()):
            placed = p["role_fields"] if key == "role" else p["ext_fields"][key[4:]]
            if covers(placed, conv.inputs):
                result.extend(produces(key, conv.out))
    # What the location itself offers, called directly (not through a table: a direct call is
    # several times cheaper in the compiled build, and this runs at every step of a turn).
    if loc == "village":
        village_actions(st, p, avail, cont, result)
    elif loc == "market":
        market_actions(st, p, avail, cont, result)
    elif loc == "harbor":
        _harbor_actions(st, p, avail, cont, result)
    elif loc == C.ROAD:
        road_actions(st, p, avail, cont, result)
    return result


def _harbor_actions(
    st: AltiplanoState, p: Player, avail: dict[str, int], cont: str | None, result: list[Action]
) -> None:
    """Building a boat, taking one of the boat cards left (none when none is left: ALT-13)."""
    if cont is None and covers(avail, st.comps.boat_cost):
        result.extend(produce("boat", g) for g in sorted(set(st.s["boats"])) or [""])


def _produce_problem(st: AltiplanoState, p: Player, action: A.Produce) -> Problem:
    """A conversion, a boat or a house: at its location, with its tiles, for one of its
    outputs (a card still there, or none when none is left: ALT-13)."""
    source, out = action.source, action.out
    if source in ("boat", "house"):
        home = "harbor" if source == "boat" else "village"
        problem = turn_problem(st, p, home, None)
        if problem is not None:
            return problem
        cards = st.s["boats"] if source == "boat" else st.s["houses"]
        if not cards and out:
            return "ALT-13", say(
                "no {source} card is left: it is built and nothing is received",
                source=wording.card(source),
            )
        if cards and out not in cards:
            left = wording.goods(sorted(set(cards)))
            return "ALT-13", say(
                "{source} cards are left: the player takes one ({left})",
                source=wording.card(source),
                left=left,
            )
        cost = st.comps.boat_cost if source == "boat" else st.comps.house_cost
        return tiles_problem(
            st,
            action,
            available(st, p, home),
            cost,
            say("on the {location} fields", location=wording.place(home)),
        )
    fields = conversion_fields(st, p, source)
    conv = fields[0] if fields is not None else _BASIC.get(source)
    if conv is None:
        return "rulebook: phase 3", say(
            "{source!r} is not an action of the player's", source=source
        )
    problem = turn_problem(st, p, conv.location, source if fields is None else None)
    if problem is not None:
        return problem
    if out not in conv.out:
        return "rulebook: phase 3", say(
            "that action gives {goods}, not {out}",
            goods=wording.goods(conv.out, say(" or ")),
            out=wording.good(out) if out else out,
        )
    if fields is not None:
        return tiles_problem(st, action, fields[1], conv.inputs, say("on its own fields"))
    return tiles_problem(
        st,
        action,
        available(st, p, conv.location),
        conv.inputs,
        say("on the {location} fields", location=wording.place(conv.location)),
    )


def check_produce(st: AltiplanoState, seat: int, p: Player, action: A.Produce) -> Problem:
    return _produce_problem(st, p, action)


def do_produce(st: AltiplanoState, seat: int, p: Player, action: A.Produce) -> None:
    s = st.s
    loc = p["figure"]
    assert loc is not None, "a player moves and acts only once the figure is placed"
    source = action.source
    cont = None
    if source == "boat":
        consume(st, p, loc, st.comps.boat_cost)
        if action.out:
            s["boats"].remove(action.out)
            p["boats"].append(action.out)
            gain_any(st, p, action.out)
    elif source == "house":
        consume(st, p, loc, st.comps.house_cost)
        if action.out:
            s["houses"].remove(action.out)
            p["houses"].append(action.out)
    elif (fields := conversion_fields(st, p, source)) is not None:
        conv, placed = fields
        for good, count in conv.inputs:
            take(placed, good, count)
            if good != COINS:
                add(p["container"], good, count)
        gain_any(st, p, action.out)
    else:
        conv = next(c for c in st.comps.conversions_at(loc) if c.key == source)
        consume(st, p, loc, conv.inputs)
        gain_any(st, p, action.out)
        cont = source if conv.repeatable else None
    acted(st, seat, cont)
