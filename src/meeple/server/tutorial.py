"""A tutorial table ("Learn to play"): a table whose moves follow its game's tutorial script
(`meeple.tutorials`) until the script ends, and then a free game against the easy bot.

The script's n-th move is the table's n-th move that stands, so where a table stands in the
script follows from its moves alone (an undo steps back in the script too) and nothing more
is stored than that the table is a tutorial. While the script runs:

- the other seats' bots are offered the scripted move alone (`scripted_choices`), so that
  whichever bot sits there plays it; after the script, they choose among every legal move;
- the learner's move is played only if it is the scripted one (`off_script`): a move the
  rules refuse gets the engine's reason as at any table, a legal move that the step does not
  ask for is refused with the rule ``tutorial``, which the page says with the step's text;
- each position sent to the learner says the step (`stage_json`): what to read first, what
  to do, the elements to click and the part of the rules help that explains it, said in the
  reader's language from the pages' catalogue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.engine.actions import Action
from meeple.engine.errors import IllegalAction
from meeple.saying import page_text
from meeple.tutorials.script import Move, Read

if TYPE_CHECKING:
    from meeple.server.live import ElementsOf, LiveTable

#: The rule code of a legal move that the tutorial's step does not ask for.
OFF_SCRIPT = "tutorial"
#: What a program is told (the page says it in its reader's language, with the step's text).
OFF_SCRIPT_REASON = "this step of the tutorial asks for another move"


def expected(table: LiveTable) -> Move | None:
    """The move the table's script expects next; None for a table that is no tutorial or
    whose script is played."""
    return None if table.tutorial is None else table.tutorial.scripted(len(table.moves))


def scripted_choices(table: LiveTable, seat: int) -> list[dict[str, Any]] | None:
    """The moves (JSON) a bot of `seat` is offered while the script runs: the scripted one
    alone, or none where the script expects another seat's move; None after the script (the
    bot chooses among every legal move)."""
    move = expected(table)
    if move is None:
        return None
    return [move.action] if move.seat == seat else []


def off_script(table: LiveTable, seat: int, action: Action) -> bool:
    """Whether `action` is a move that the rules allow but the script's step does not ask
    for (refused with `OFF_SCRIPT`). A move the rules refuse is left to the engine, whose
    reason the player gets as at any table."""
    move = expected(table)
    if move is None or (seat == move.seat and action.to_json() == move.action):
        return False
    try:
        table.state.clone().apply(seat, action)
    except IllegalAction:
        return False
    return True


def asks_other(table: LiveTable, seat: int, picked: set[str], elements: ElementsOf) -> bool:
    """Whether the board elements `picked` belong to a legal move of `seat` but not to the
    move the step asks for: a click the tutorial refuses with its step's text, where the
    rules would allow it (`elements`: the game's elements of an action)."""
    move = expected(table)
    if move is None or move.seat != seat:
        return False
    state = table.state
    if picked <= set(elements(state, state.parse_action(move.action))):
        return False
    return any(picked <= set(elements(state, action)) for action in state.legal_actions(seat))


def stage_json(table: LiveTable, seat: int | None, language: str) -> dict[str, Any] | None:
    """The step the learner is at, for the learner's page (None for another reader or a
    table that is no tutorial): the texts to read first (each closed with "Next"), what to
    do and the elements to click in order, the rules help's part (``rule``, an anchor of
    ``/rules/<game>``), whether the other seats are playing their scripted moves
    (``waiting``) and whether the script is done (``done``: a free game from here)."""
    script = table.tutorial
    if script is None or seat != script.learner:
        return None
    stage = script.stage(len(table.moves))
    move = stage.move

    def read(step: Read) -> dict[str, Any]:
        return {"text": page_text(language, step.text), "rule": step.rule}

    return {
        "step": stage.number,
        "steps": stage.total,
        "reads": [read(step) for step in stage.reads],
        "text": None if move is None or move.text is None else page_text(language, move.text),
        "rule": None if move is None else move.rule,
        "highlight": [] if move is None else list(move.highlight),
        "action": None if move is None else move.action,
        "waiting": stage.waiting,
        "done": move is None and not stage.waiting,
    }
