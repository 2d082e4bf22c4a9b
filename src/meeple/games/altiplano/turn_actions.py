"""Phase 3: everything a player may do in a turn, gathered from the rule families."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano.corn import buffer_problem
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import buffer_corn, end_turn, pass_, place_figure, store_corn
from meeple.games.altiplano.locations import location_actions
from meeple.games.altiplano.movement import legal_moves, moves_before_action
from meeple.games.altiplano.warehouse import CORN

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def legal_turn(st: AltiplanoState, p: Player) -> list[Action]:
    """The actions of the player whose turn it is: received corn stored first (ALT-18); before
    the action, placing the figure, the moves towards an action, the actions here and a pass;
    after it, the moves, more units of the action begun and ending the turn."""
    s = st.s
    turn = s["turn"]
    if p["pending_corn"]:
        result: list[Action] = [
            store_corn(r) for r in W.storage_rows(p["warehouse"], st.comps.rows, CORN)
        ]
        if buffer_problem(st, p) is None:
            result.append(buffer_corn())
        return result
    if turn["stage"] != "after":  # before the action, having moved towards it or not
        if p["figure"] is None:
            return [place_figure(loc) for loc in st.comps.locations] + [pass_()]
        result = [*moves_before_action(st, p), *location_actions(st, p, p["figure"], None)]
        if turn["stage"] == "before":
            result.append(pass_())  # ALT-12: a player who passes does not move
        return result
    result = [*legal_moves(st, p)]
    if turn["cont"] is not None:
        loc = p["figure"]
        assert loc is not None, "a player moves and acts only once the figure is placed"
        result.extend(location_actions(st, p, loc, turn["cont"]))
    result.append(end_turn())
    return result
