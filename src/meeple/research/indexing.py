"""`ActionIndexes`, in a module of its own for the optional compiled build (setup.py's
`COMPILED`): both adapters look up the index of every legal action at every step, about 1,000
instructions an action as Python and about half that compiled (docs/benchmarks.md, issue 26,
session 31). `meeple.research.games` shares one per encoding between the adapters. With it the
rest of what PettingZoo's environment asks of the legal actions at every step: the mask
(`mask_of`) and the actions a learner is offered (`playable`)."""

from __future__ import annotations

from typing import Any

from mypy_extensions import mypyc_attr

from meeple.engine.actions import Action
from meeple.engine.encoding import Encoding


@mypyc_attr(native_class=False)  # compiled methods in a class like any other (`LIMIT` may be set)
class ActionIndexes:
    """`Encoding.action_index`, remembered per action object: an engine that hands out one
    instance per action (Tikal's tables) then costs a dictionary look-up per legal action
    instead of the encoding's arithmetic, at every step of the adapters.

    Keyed by the object's identity, with the object kept alongside, so that an id is never
    reused while its entry lives: an id found is the same object, and a whole list is looked
    up in one comprehension (`indexes`; a C loop in the compiled build). At most `LIMIT`
    entries, then it starts afresh. Threads may share it: the dictionary and the objects it
    keeps are replaced together, as one tuple, and a race only loses an entry."""

    LIMIT = 1 << 16

    def __init__(self, encoding: Encoding) -> None:
        self._encoding = encoding
        self._index = encoding.action_index
        #: (id of an action object -> its index, the objects of those ids)
        self._memo: tuple[dict[int, int], list[Action]] = ({}, [])

    def __call__(self, action: Action) -> int:
        index = self._memo[0].get(id(action), -1)
        return index if index >= 0 else self._remember(action)

    def indexes(self, actions: list[Action]) -> list[int]:
        """``[self(a) for a in actions]``, without a call per action when all are known. The
        dictionary is typed as of `Any` here so that the compiled loop hands on its own int
        objects, instead of unboxing each and boxing it again."""
        known: dict[int, Any] = self._memo[0]
        found = [known.get(id(a), -1) for a in actions]
        if -1 in found:
            self._fill(found, actions)
        return found

    def masked(self, actions: list[Action], zeros: bytes) -> tuple[list[int], bytearray]:
        """`indexes` of `actions`, and `mask_of` them, in one pass: PettingZoo's environment
        asks both at every step (one loop, and no search of the list for an action not
        known yet)."""
        known: dict[int, Any] = self._memo[0]
        found: list[Any] = []
        mask = bytearray(zeros)
        for action in actions:
            index = known.get(id(action))
            if index is None:
                index = self._remember(action)
            found.append(index)
            mask[index] = 1
        return found, mask

    def sorted_indexes(self, actions: list[Action]) -> tuple[list[int], list[int]]:
        """`indexes` of `actions`, and the same sorted: the actions not known yet are found
        as the list's first (-1) once sorted, instead of by a search of the whole list
        (`indexes`' ``in``, a comparison per action)."""
        known: dict[int, Any] = self._memo[0]
        found = [known.get(id(a), -1) for a in actions]
        ordered = sorted(found)
        if ordered and ordered[0] == -1:
            self._fill(found, actions)
            ordered = sorted(found)
        return found, ordered

    def _fill(self, found: list[int], actions: list[Action]) -> None:
        """Replace each -1 of `found` by the index of the action at its place, in one pass
        (a search of the list for each -1 cost a step with many new actions, such as a new
        tile's placements, as many passes)."""
        for at in range(len(found)):
            if found[at] == -1:
                found[at] = self._remember(actions[at])

    def _remember(self, action: Action) -> int:
        index = self._index(action)
        known, kept = self._memo
        if len(known) >= self.LIMIT:
            known, kept = self._memo = ({}, [])
        kept.append(action)  # kept before its id is entered: an entry's object always lives
        known[id(action)] = index
        return index

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled empty: what it remembers are this process's objects."""
        return (ActionIndexes, (self._encoding,))


def playable(legal: list[Action], pruned: frozenset[str]) -> list[Action]:
    """`legal` but the actions of `pruned` kinds, unless nothing else is: the rule of
    `meeple.research.games.playable_actions`, here for the compiled build (PettingZoo's
    environment asks it at every step). Most lists hold no pruned kind: each action's kind is
    read once, by a loop (`isdisjoint` of a `map` of the kinds costs more, as Python 3.11
    calls it with a tuple of arguments)."""
    if not pruned:
        return legal
    for action in legal:
        if action.kind in pruned:
            return [a for a in legal if a.kind not in pruned] or legal
    return legal


def mask_of(indexes: list[Any], zeros: bytes) -> bytearray:
    """`zeros` (an action mask's bytes) with a 1 at each of `indexes`: PettingZoo's mask at
    every step, written here for the compiled build's loop (the interpreter's costs over 300
    instructions an index). The indexes are typed as of `Any` so that the loop hands each
    int object on as it is (`ActionIndexes.indexes` says why)."""
    mask = bytearray(zeros)
    for index in indexes:
        mask[index] = 1
    return mask
