""" "Why not?" for a click on the table page: the engine's reason that a thing the seat clicked
cannot be used now, without playing anything.

The page sends the board elements the player has picked (the ones of the move so far, the last
one the thing just clicked). The seat's tried actions (`GameState.tried_actions`: its own
figures, fields and goods in the current step) that involve all of them and are not legal are
applied to a copy of the position (`GameState.refused`, the loop of the terminal's "why not"
help), and the first refusal's rule and reason is the answer: the rules' own words. Nothing
changes; only the seat's own actions are tried, so the answer says nothing the seat's view does
not.
"""

from __future__ import annotations

from typing import Any

from meeple.engine.actions import Action
from meeple.saying import game_words, said
from meeple.server.live import LiveTable, Reader, elements_of
from meeple.server.tutorial import OFF_SCRIPT, asks_other

#: The protocol's own reasons (as rule codes), for a click no rule of the game answers.
NOT_A_SEAT = "not a seat"
NOT_YOUR_TURN = "not your turn"
GAME_OVER = "game over"
NO_CHOICE = "no choice"

#: At most this many elements are read from a request (a move involves a few).
MOST_ELEMENTS = 8


def why_not(table: LiveTable, seat: Reader, picked: list[str], language: str) -> dict[str, Any]:
    """Why the seat cannot go on with the elements `picked` (the last one just clicked):
    ``{"version", "rule", "reason", "game"}``, where `game` tells whether the reason is the
    game's rule (True: said in the reader's language here) or one of the protocol's codes
    (False: the page says it)."""
    state = table.state
    answer: dict[str, Any] = {"version": table.version, "game": False, "reason": None}
    if seat is None:
        return answer | {"rule": NOT_A_SEAT}
    if state.is_over():
        return answer | {"rule": GAME_OVER}
    if seat not in state.to_move():
        return answer | {"rule": NOT_YOUR_TURN}
    picked = picked[-MOST_ELEMENTS:]
    if picked and asks_other(table, seat, set(picked[-1:]), elements_of(table.info)):
        return answer | {"rule": OFF_SCRIPT}  # legal, but not what the tutorial's step asks
    # The whole selection first; then the clicked thing alone (a new choice).
    for wanted in (picked, picked[-1:]) if picked else ():
        found = _refusal(table, seat, set(wanted))
        if found is not None:
            rule, reason = found
            catalogue = game_words(table.info.name, language)
            return answer | {"rule": rule, "reason": said(reason, catalogue), "game": True}
    return answer | {"rule": NO_CHOICE}


def _refusal(table: LiveTable, seat: int, wanted: set[str]) -> tuple[str, str] | None:
    """The rule and reason of the first tried action involving every element of `wanted` that
    the rules refuse, or None."""
    state = table.state
    elements = elements_of(table.info)

    def involved(action: Action) -> bool:
        return wanted <= set(elements(state, action))

    refused = next(state.refused(seat, involved), None)
    return None if refused is None else (refused[1].rule, refused[1].detail)
