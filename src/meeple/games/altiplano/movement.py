"""Phase 3, moving the figure (ALT-12): the top cart and the movement fields' journeys, and
which moves before the action are offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.words import say, say_n
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano import wording
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.listed import move
from meeple.games.altiplano.locations import location_actions
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.tiles import add

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

COINS = C.COINS


def legal_moves(st: AltiplanoState, p: Player) -> list[A.Move]:
    """Movements the player's carts and food allow now (ALT-12), wherever they lead; bots
    use it to see what is reachable. Before the action only `moves_before_action` are
    offered."""
    circle = st.s["circle"]
    loc = p["figure"]
    assert loc is not None, "a player moves and acts only once the figure is placed"
    here = circle.index(loc)
    size = len(circle)
    result: list[A.Move] = []
    for via, steps in unused_journeys(st, p).items():
        result.extend(
            move(via, loc)
            for i, loc in enumerate(circle)
            if i != here and min(abs(i - here), size - abs(i - here)) <= steps
        )
    return result


def unused_journeys(st: AltiplanoState, p: Player) -> dict[int, int]:
    """The player's unused movements this round: -1 for the top cart, else the movement
    field's index, each with the most steps its journey may take (ALT-12)."""
    cart = st.comps.cart_steps
    result = {} if p["top_used"] else {-1: cart}
    for i, good in enumerate(p["move"]):
        if good is not None:
            result[i] = cart if p["carts"][i] else 1
    return result


def moves_before_action(st: AltiplanoState, p: Player) -> list[A.Move]:
    """ALT-12: a move before the action is offered only where an action can still follow
    it this turn, since a player who moved may no longer pass. An action can follow if a
    location with an action lies within the steps of the journeys left after this move
    (each may be taken for 1 up to its steps, or not at all, so together they cover every
    distance up to the sum of their steps). Moving changes no tile an action uses, so the
    locations with an action stay the same through the moves, and a player who moved
    always has an action or a move towards one."""
    moves = legal_moves(st, p)
    if not moves:
        return moves
    journeys = unused_journeys(st, p)
    total = sum(journeys.values())
    known: dict[str, bool] = {}
    return [
        offer
        for offer in moves
        if action_within(st, p, offer.to, total - journeys[offer.via], known)
    ]


def _figure_problem(st: AltiplanoState, p: Player, location: str) -> Problem:
    """ALT-12: the figure is put on any location once, for free, before its first action."""
    if p["figure"] is not None:
        return "ALT-12", say(
            "the figure is already on the board (at the {figure})",
            figure=wording.place(p["figure"]),
        )
    if location not in st.comps.locations:
        return "ALT-12", say("{location!r} is not a location", location=location)
    return None


def _move_problem(st: AltiplanoState, p: Player, action: A.Move) -> Problem:
    """ALT-12: the top cart once a round for up to its steps, each movement field's tile
    once for 1 step (with a cart beside it, up to the cart's steps); before the action
    only towards a location where an action can still follow this turn."""
    here, via, to = p["figure"], action.via, action.to
    if here is None:
        return "ALT-12", say("the figure is put on a location first (for free)")
    journeys = unused_journeys(st, p)
    steps = journeys.get(via)
    if steps is None:
        if via == -1:
            return "ALT-12", say("the top cart was used this round")
        if 0 <= via < len(p["move"]):
            return "ALT-12", say("movement field {via} holds nothing to move with", via=via + 1)
        return "ALT-12", say("there is no movement field {via}", via=via + 1)
    circle = st.s["circle"]
    if to not in circle:
        return "ALT-12", say("{to!r} is not a location", to=to)
    if to == here:
        return "ALT-12", say("the figure is already at the {to}", to=wording.place(to))
    distance = _distance(circle, here, to)
    if distance > steps:
        return (
            "ALT-12",
            say_n(
                "the {to} is {n} step away; this movement goes {steps} at most",
                "the {to} is {n} steps away; this movement goes {steps} at most",
                n=distance,
                to=wording.place(to),
                steps=steps,
            ),
        )
    if st.s["turn"]["stage"] != "after" and not action_within(
        st, p, to, sum(journeys.values()) - steps, {}
    ):
        return "ALT-12", (
            say(
                "{action}: a move before the action is offered only where an action can "
                "still follow it this turn",
                action=st.action_label(action),
            )
        )
    return None


def action_within(
    st: AltiplanoState, p: Player, start: str, steps: int, known: dict[str, bool]
) -> bool:
    """Whether a location at most `steps` from `start` has an action for the player;
    `known` remembers the locations already looked at."""
    circle = st.s["circle"]
    size, at = len(circle), circle.index(start)
    for i, loc in enumerate(circle):
        apart = abs(i - at)
        if min(apart, size - apart) > steps:
            continue
        found = known.get(loc)
        if found is None:
            found = known[loc] = bool(location_actions(st, p, loc, None))
        if found:
            return True
    return False


def check_place_figure(st: AltiplanoState, seat: int, p: Player, action: A.PlaceFigure) -> Problem:
    return _figure_problem(st, p, action.location)


def check_move(st: AltiplanoState, seat: int, p: Player, action: A.Move) -> Problem:
    return _move_problem(st, p, action)


def do_place_figure(st: AltiplanoState, seat: int, p: Player, action: A.PlaceFigure) -> None:
    p["figure"] = action.location


def do_move(st: AltiplanoState, seat: int, p: Player, action: A.Move) -> None:
    turn = st.s["turn"]
    if turn["stage"] == "before":
        turn["stage"] = "moved"  # ALT-12: from now on an action must follow, not a pass
    if action.via < 0:
        p["top_used"] = True
    else:
        good = p["move"][action.via]
        assert good is not None, "a movement field is used only while it holds food or a coin"
        p["move"][action.via] = None
        if good == COINS:
            pass  # the coin goes to the supply: coins are unlimited and not counted there
        else:
            add(p["container"], good)
    p["figure"] = action.to
    turn["cont"] = None


def _distance(circle: list[str], one: str, other: str) -> int:
    """Steps between two locations on the circle, either way round."""
    apart = abs(circle.index(one) - circle.index(other))
    return min(apart, len(circle) - apart)
