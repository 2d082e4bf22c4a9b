"""The look-up of each legal action's index by its identity (`games.ActionIndexes`), in a
module of its own for the optional compiled build (setup.py's `COMPILED`): both adapters look
up every legal action at every step, about 1,000 instructions an action as Python (`id`, then
`dict.get`, each through `map`) and about half that compiled (docs/benchmarks.md, issue 26)."""

from __future__ import annotations

from typing import Any

from meeple.engine.actions import Action


def known_indexes(known: dict[int, Any], actions: list[Action]) -> list[Any]:
    """What `known` holds for each action's `id`, -1 where it holds nothing. Its values are
    the indexes (ints), typed `Any` so that the compiled loop hands on the dictionary's own
    objects instead of unboxing each and boxing it again."""
    return [known.get(id(a), -1) for a in actions]
