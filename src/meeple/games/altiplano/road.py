"""The road (ALT-19): building its steps, the corn and planning fields they give."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.action_fields import available, consume, tiles_problem
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.gains import receive_corn
from meeple.games.altiplano.listed import build_road
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import covers
from meeple.games.altiplano.turns import acted, turn_problem

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def road_problem(st: AltiplanoState, p: Player) -> Problem:
    """ALT-19: no step after the last."""
    if p["road"] >= len(st.comps.road_track):
        return "ALT-19", say("the road is built to its last step")
    return None


def check_build_road(st: AltiplanoState, seat: int, p: Player, action: A.BuildRoad) -> Problem:
    return (
        turn_problem(st, p, C.ROAD, None)
        or road_problem(st, p)
        or tiles_problem(
            st,
            action,
            available(st, p, C.ROAD),
            C.ROAD_COST,
            say("on the {location} fields", location=wording.place(C.ROAD)),
        )
    )


def do_build_road(st: AltiplanoState, seat: int, p: Player, action: A.BuildRoad) -> None:
    loc = p["figure"]
    assert loc is not None, "a player moves and acts only once the figure is placed"
    consume(st, p, loc, C.ROAD_COST)
    step = st.comps.road_track[p["road"]]
    p["road"] += 1
    if step == "corn":
        receive_corn(st, p)
    acted(st, seat, None)


def road_actions(
    st: AltiplanoState, p: Player, avail: dict[str, int], cont: str | None, result: list[Action]
) -> None:
    """Building the road's next step."""
    if cont is None and not road_problem(st, p) and covers(avail, C.ROAD_COST):
        result.append(build_road())
