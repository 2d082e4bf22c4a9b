"""Extensions (ALT-16): their price on the strip, who may buy which."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.turns import acted, turn_problem

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def _same_action(one: C.Conversion, other: C.Conversion) -> bool:
    """Whether two conversions are the same action (ALT-16), whatever the order in the data."""
    return (one.location, sorted(one.inputs), sorted(one.out)) == (
        other.location,
        sorted(other.inputs),
        sorted(other.out),
    )


def extension_price(st: AltiplanoState, slot: int) -> int:
    eid = st.s["strip"][slot]
    assert eid is not None, "only a strip space holding an extension has a price"
    return st.comps.extensions[eid].cost + st.comps.surcharge[slot]


def extension_problem(st: AltiplanoState, p: Player, slot: int) -> Problem:
    """ALT-16: printed cost + surcharge, one a round, never two identical extensions, nor
    one whose action equals the role's."""
    strip = st.s["strip"]
    eid = strip[slot] if 0 <= slot < len(strip) else None
    if eid is None:
        return "ALT-16", say("strip space {slot} holds no extension", slot=slot + 1)
    if p["bought_ext"]:
        return "ALT-16", say("one extension a round")
    price = extension_price(st, slot)
    if p["coins"] < price:
        return "ALT-16", say(
            "it costs {coins} (with the strip's surcharge)", coins=wording.coins(price)
        )
    ext = st.comps.extensions[eid]
    if any(st.comps.extensions[o].identity == ext.identity for o in p["ext"]):
        return "ALT-16", say("the player has an identical extension already")
    role = st.comps.roles[p["role"]].conversion if p["role"] else None
    if role and ext.conversion and _same_action(role, ext.conversion):
        return "ALT-16", say("its action is the player's role action")
    return None


def check_buy_extension(
    st: AltiplanoState, seat: int, p: Player, action: A.BuyExtension
) -> Problem:
    return turn_problem(st, p, "market", None) or extension_problem(st, p, action.slot)


def do_buy_extension(st: AltiplanoState, seat: int, p: Player, action: A.BuyExtension) -> None:
    s = st.s
    p["coins"] -= extension_price(st, action.slot)
    eid = s["strip"][action.slot]
    assert eid is not None, "an extension is bought from a space holding one"
    s["strip"][action.slot] = None
    s["ext_bought"] = True
    p["bought_ext"] = True
    p["ext"].append(eid)
    if st.comps.extensions[eid].conversion is not None:
        p["ext_fields"][eid] = {}
    elif eid in C.WILDCARDS or st.comps.extensions[eid].identity in C.WILDCARDS:
        p["wild"][eid] = None
    acted(st, seat, None)
