"""A tutorial's script: what the file says, read and checked for shape (not yet against the
engine: `meeple.tutorials.check` replays it).

The file, ``meeple/games/<game>/data/tutorial.json``::

    {"options": {"players": 2}, "seed": 4, "learner": 0, "bot": "easy",
     "steps": [
       {"read": "Welcome to Tikal…", "rule": "goal"},
       {"seat": 0, "action": {"kind": "place_tile", "space": 13, "rotation": 2},
        "text": "Place the temple…", "rule": "a-turn", "highlight": ["hex:c4", "rotation:2"]},
       {"seat": 1, "action": {"kind": "end_turn"}}],
     "after": {"view": {"step": "place"}}}

- a step with ``read`` is an explanation the learner reads and closes with "Next";
- a step with ``seat`` and ``action`` is a move (the action's JSON, as `Action.to_json`
  writes it): the learner's comes with the short text that asks for it, the rules help's
  part that explains it (``rule``, an anchor of ``/rules/<game>``) and the board elements to
  click, in order (``highlight``, ids as in the payload's ``legal[].elements``); another
  seat's is played by its bot as soon as that seat is the first to move;
- ``after.view``: what the learner's view shows once the script is played (a part of it:
  every key given must match), so that the check sees the script end where it says (at the
  end of a round); then the other seats' bots (``bot``) play on, a free game.

Texts are English and are the pages' catalogue's message ids (`meeple.tutorials.texts`).
"""

from __future__ import annotations

import dataclasses
import functools
import json
from importlib import resources
from typing import Any

from meeple.engine.registry import game_info

#: The file of a game's tutorial, in its package's data.
FILE = "tutorial.json"


class ScriptError(ValueError):
    """A tutorial file that is not a script, or a script that the engine does not follow."""


@dataclasses.dataclass(frozen=True, slots=True)
class Read:
    """An explanation to read, closed with "Next"."""

    text: str
    rule: str | None = None


@dataclasses.dataclass(frozen=True, slots=True)
class Move:
    """A move of the script: the learner's (with what to say and click) or a bot's."""

    seat: int
    action: dict[str, Any]
    text: str | None = None
    rule: str | None = None
    highlight: tuple[str, ...] = ()


Step = Read | Move


@dataclasses.dataclass(frozen=True, slots=True)
class Stage:
    """Where a tutorial table stands after some of the script's moves were played: the
    explanations to read first, the learner's next move (None when the script is done),
    and which of the learner's moves it is (1-based, of `total`)."""

    number: int
    total: int
    reads: tuple[Read, ...]
    move: Move | None
    #: Whether the next move of the script is another seat's (its bot plays it now).
    waiting: bool


@dataclasses.dataclass(frozen=True, slots=True)
class Script:
    game: str
    options: dict[str, Any]
    seed: int
    learner: int
    bot: str
    steps: tuple[Step, ...]
    after: dict[str, Any]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The script's moves in order: the n-th is the n-th move of the table."""
        return tuple(step for step in self.steps if isinstance(step, Move))

    def scripted(self, played: int) -> Move | None:
        """The move the script expects after `played` moves, or None past its end."""
        moves = self.moves
        return moves[played] if played < len(moves) else None

    def stage(self, played: int) -> Stage:
        """Where the table stands after `played` moves: the learner's next move and the
        explanations since the learner's move before it (those between two of the learner's
        moves are read before the second, while the bots play theirs)."""
        learner_moves = [m for m in self.moves if m.seat == self.learner]
        done_by_learner = sum(1 for m in self.moves[:played] if m.seat == self.learner)
        reads: list[Read] = []
        seen = 0
        for step in self.steps:
            if isinstance(step, Move) and step.seat == self.learner:
                if seen == done_by_learner:
                    break
                seen += 1
                reads = []
            elif isinstance(step, Read):
                reads.append(step)
        nxt = learner_moves[done_by_learner] if done_by_learner < len(learner_moves) else None
        coming = self.scripted(played)
        return Stage(
            number=done_by_learner + 1,
            total=len(learner_moves),
            reads=tuple(reads),
            move=nxt,
            waiting=coming is not None and coming.seat != self.learner,
        )


def read_script(game: str, data: Any) -> Script:
    """The script of the JSON `data`, checked for shape; else `ScriptError` saying what is
    wrong."""
    if not isinstance(data, dict):
        raise ScriptError("a tutorial is a JSON object")
    try:
        steps = tuple(_step(number, item) for number, item in enumerate(data["steps"], 1))
        script = Script(
            game=game,
            options=dict(data["options"]),
            seed=int(data["seed"]),
            learner=int(data["learner"]),
            bot=str(data["bot"]),
            steps=steps,
            after=dict(data.get("after", {})),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ScriptError(f"{game} tutorial: {exc!r}") from None
    for number, step in enumerate(script.steps, 1):
        if not isinstance(step, Move):
            continue
        if step.seat == script.learner and not (step.text and step.highlight):
            raise ScriptError(
                f"{game} tutorial, step {number}: the learner's move needs a text and highlights"
            )
        if step.seat != script.learner and (step.text or step.highlight):
            raise ScriptError(f"{game} tutorial, step {number}: a bot's move says nothing")
    return script


def _step(number: int, item: Any) -> Step:
    if not isinstance(item, dict):
        raise ScriptError(f"step {number} is not an object")
    if "read" in item:
        return Read(str(item["read"]), item.get("rule"))
    if not isinstance(item.get("action"), dict):
        raise ScriptError(f"step {number}: a move has an action (its JSON)")
    return Move(
        seat=int(item["seat"]),
        action=item["action"],
        text=item.get("text"),
        rule=item.get("rule"),
        highlight=tuple(str(e) for e in item.get("highlight", ())),
    )


@functools.cache
def script_of(game: str) -> Script | None:
    """The tutorial of `game` (a registered game's name), or None for a game without one."""
    package = game_info(game).package
    if package is None:
        return None
    source = resources.files(package).joinpath("data", FILE)
    if not source.is_file():
        return None
    return read_script(game, json.loads(source.read_text(encoding="utf-8")))
