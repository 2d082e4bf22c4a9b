"""A tutorial replayed against the engine: every scripted move legal where the script puts it,
played by a seat that may play it then, the learner's highlights the elements of the move it
asks for, and the script ending where it says (``after``) with the game going on. A rules
change that breaks a step breaks the check (the tests run it for every game)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState
from meeple.engine.registry import game_info
from meeple.tutorials.script import Move, Script, ScriptError


def check(script: Script) -> GameState:
    """The position at the end of the script, replayed from its options and seed; raises
    `ScriptError` naming the first step the engine does not follow."""
    info = game_info(script.game)
    web = info.web() if info.web is not None else None
    seats = info.state_class.normalize_options(script.options)["players"]
    if not 0 <= script.learner < seats:
        raise ScriptError(f"{script.game} tutorial: the learner's seat is not a seat")
    state = info.state_class.new(script.options, script.seed)
    for number, step in enumerate(script.steps, 1):
        if not isinstance(step, Move):
            continue
        where = f"{script.game} tutorial, step {number}"
        movers = state.to_move()
        # The server's bots move only as the first seat to move (`TableService.bot_turns`);
        # the learner moves whenever it is among the seats to move.
        if step.seat not in (movers if step.seat == script.learner else movers[:1]):
            raise ScriptError(f"{where}: seat {step.seat} is not to move (to move: {movers})")
        try:
            action = state.parse_action(step.action)
        except MeepleError as exc:
            raise ScriptError(f"{where}: {exc}") from None
        if action not in state.legal_actions(step.seat):
            raise ScriptError(f"{where}: {step.action} is not legal now")
        if step.seat == script.learner and web is not None:
            involved = set(web.action_elements(state, action))
            if not set(step.highlight) <= involved:
                raise ScriptError(
                    f"{where}: highlights {step.highlight} not all of the move's {involved}"
                )
        state.apply(step.seat, action)
    if state.is_over() or not state.to_move():
        raise ScriptError(f"{script.game} tutorial: the game does not go on after the script")
    if not _matches(state.view(script.learner), script.after.get("view", {})):
        raise ScriptError(
            f"{script.game} tutorial: the learner's view after the script is not "
            f"{script.after.get('view')}"
        )
    return state


def _matches(value: Any, wanted: Any) -> bool:
    """Whether `value` holds `wanted`: the keys of a wanted object match, the rest equal."""
    if isinstance(wanted, Mapping):
        return isinstance(value, Mapping) and all(
            key in value and _matches(value[key], part) for key, part in wanted.items()
        )
    return bool(value == wanted)
