"""Phase 3, the turn (ALT-11, ALT-12): one action or a pass, at the figure's location; the
bookkeeping after an action and the passing on of the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import wording
from meeple.games.altiplano.end import check_end_trigger, end_round
from meeple.games.altiplano.fields import Player, Table
from meeple.games.altiplano.missions import check_missions
from meeple.games.altiplano.phases import Problem

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def stage_problem(st: AltiplanoState, p: Player, ending: bool) -> Problem:
    """ALT-11 and ALT-12: a turn is one action or a pass; moves may come before and after
    the action, but a player who moved before it must act, and a player who passes does
    not move. `ending`: ending the turn after the action (else passing)."""
    stage = st.s["turn"]["stage"]
    if stage == "moved":
        return "ALT-12", say("a player who moved before the action must act: passing does not move")
    if ending and stage == "before":
        return "ALT-11", say("a turn ends after its action; a player who does not act passes")
    if not ending and stage == "after":
        return "ALT-11", say("after the action the turn ends ('End turn'), it is not passed")
    return None


def turn_problem(st: AltiplanoState, p: Player, home: str, cont: str | None) -> Problem:
    """ALT-11 and ALT-12: one action per turn, at the figure's location; an action of
    several units (`cont` names it) goes on unit by unit until the player moves."""
    figure = p["figure"]
    if figure is None:
        return "ALT-12", say("the figure is put on a location first (for free)")
    turn = st.s["turn"]
    if turn["stage"] == "after":
        if turn["cont"] is None:
            return "ALT-11", say("one action per turn, and this turn's action is done")
        if turn["cont"] != cont:
            return "ALT-11", say("one action per turn: only more units of the action begun follow")
    if figure != home:
        return (
            "ALT-12",
            say(
                "an action at the {home} needs the figure there (it is at the {figure})",
                home=wording.place(home),
                figure=wording.place(figure),
            ),
        )
    return None


def check_pass(st: AltiplanoState, seat: int, p: Player, action: A.Pass) -> Problem:
    return stage_problem(st, p, ending=False)


def check_end_turn(st: AltiplanoState, seat: int, p: Player, action: A.EndTurn) -> Problem:
    return stage_problem(st, p, ending=True)


def do_pass(st: AltiplanoState, seat: int, p: Player, action: A.Pass) -> None:
    st.s["passed"][seat] = True
    _next_turn(st, seat)


def do_end_turn(st: AltiplanoState, seat: int, p: Player, action: A.EndTurn) -> None:
    _next_turn(st, seat)


def round_may_end_next(s: Table) -> bool:
    """Whether the next step can end the round: only the last pass of a round's actions ends
    one (`_next_turn`: a turn's end goes on to the next player who has not passed, the actor
    at least)."""
    return s["phase"] == "actions" and s["passed"].count(False) <= 1


def _next_turn(st: AltiplanoState, seat: int) -> None:
    s = st.s
    n = st.num_players
    for k in range(1, n + 1):
        nxt = (seat + k) % n
        if not s["passed"][nxt]:
            s["turn"] = {"seat": nxt, "stage": "before", "cont": None}
            return
    end_round(st)


def acted(st: AltiplanoState, seat: int, cont: str | None) -> None:
    """Bookkeeping after an action (or a unit of one): stage, end trigger, missions."""
    s = st.s
    s["turn"]["stage"] = "after"
    s["turn"]["cont"] = cont
    check_end_trigger(st)
    check_missions(st, seat)
