"""The roles (ALT-4): chosen in reverse seat order or dealt; each brings its starting goods."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import add

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

COINS = C.COINS


def give_role(st: AltiplanoState, seat: int, role_id: str) -> None:
    """ALT-4: starting goods come from their locations into the bag, coins from the supply."""
    s = st.s
    p = s["players"][seat]
    p["role"] = role_id
    s["roles_free"].remove(role_id)
    for good, count in st.comps.roles[role_id].start:
        if good == COINS:
            p["coins"] += count
            continue
        got = min(count, s["supply"][good])
        s["supply"][good] -= got
        if got:
            add(p["bag"], good, got)


def after_roles(st: AltiplanoState) -> None:
    st.s["phase"] = "missions" if st.options["missions"] else "draw"


def role_problem(st: AltiplanoState, role: str) -> Problem:
    """ALT-4: each role is chosen once."""
    if role in st.s["roles_free"]:
        return None
    if role in st.comps.roles:
        return "ALT-4", say(
            "the role {role} is already taken",
            role=wording.role_name(st.comps, role),
        )
    return "ALT-4", say("{role!r} is not a role of this edition", role=role)


def check_choose_role(st: AltiplanoState, seat: int, p: Player, action: A.ChooseRole) -> Problem:
    return role_problem(st, action.role)


def do_choose_role(st: AltiplanoState, seat: int, p: Player, action: A.ChooseRole) -> None:
    give_role(st, seat, action.role)
    s = st.s
    if seat == s["start"]:
        s["drafter"] = -1
        after_roles(st)
    else:
        s["drafter"] = (seat - 1) % st.num_players
