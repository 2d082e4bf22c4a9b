"""One instance per distinct action, shared by every legal-action list.

Actions are immutable values: the legal-action lists share one instance per distinct action
instead of building a new one each time (search also finds actions by identity). Those listed
at every step (a space's, a placement, a bid) are kept in tables indexed by number
(`Numbered`): a list index, where `functools.cache` hashes its arguments on every call. Each
rule family keeps the tables of its own actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from meeple.engine.actions import Action

_A = TypeVar("_A", bound=Action)


class Numbered(Generic[_A]):
    """One action per number (a space, a bid), made the first time it is asked for and kept
    for good. A server's threads may ask at once: `dict.setdefault` keeps the first instance
    made, so every caller gets that one."""

    def __init__(self, make: Callable[[int], _A]) -> None:
        self._make = make
        self._made: dict[int, _A] = {}

    def at(self, number: int) -> _A:
        action = self._made.get(number)
        if action is None:
            action = self._made.setdefault(number, self._make(number))
        return action
