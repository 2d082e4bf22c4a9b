"""Actions: small immutable values with a stable JSON form and a human-readable label.

A game declares its actions as frozen dataclasses deriving from `Action`, each with a unique
``kind``. Fields hold only ``int``, ``str`` or ``bool`` values, which keeps the JSON form flat
and stable: ``{"kind": "walk", "figure": "worker", "src": 3, "dst": 4}``.
`ActionCodec` turns such JSON back into an action and rejects anything else with a
`MalformedAction` that names the problem.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, get_type_hints

from meeple.engine.errors import MalformedAction


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action. Subclasses set `kind` and add fields."""

    kind: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for name in field_names(type(self)):
            data[name] = getattr(self, name)
        return data

    def label(self) -> str:
        """A short label for people; games override it with wording from the rulebook."""
        args = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in dataclasses.fields(self))
        return f"{self.kind}({args})"


_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}


def field_names(action_type: type[Action]) -> tuple[str, ...]:
    """The fields of an action type, in order: looked up once per type, since every position
    the server sends turns each legal action into JSON (`dataclasses.fields` each time cost
    more than the rest of `to_json`)."""
    names = _FIELD_NAMES.get(action_type)
    if names is None:
        names = _FIELD_NAMES[action_type] = tuple(f.name for f in dataclasses.fields(action_type))
    return names


class ActionCodec:
    """Reads a game's actions from their JSON form."""

    def __init__(self, action_types: Iterable[type[Action]]) -> None:
        self._types: dict[str, type[Action]] = {}
        self._fields: dict[str, dict[str, type]] = {}
        for action_type in action_types:
            if not action_type.kind or action_type.kind in self._types:
                raise ValueError(f"action kind {action_type.kind!r} is empty or repeated")
            hints = get_type_hints(action_type)
            self._types[action_type.kind] = action_type
            self._fields[action_type.kind] = {
                f.name: hints[f.name] for f in dataclasses.fields(action_type)
            }

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(self._types)

    def fields(self, kind: str) -> Mapping[str, type]:
        """The fields of action `kind` with their types, in order (KeyError for no such kind)."""
        return self._fields[kind]

    def from_json(self, data: object) -> Action:
        if not isinstance(data, Mapping):
            raise MalformedAction(f"an action must be a JSON object, not {type(data).__name__}")
        kind = data.get("kind")
        if not isinstance(kind, str) or kind not in self._types:
            raise MalformedAction(
                f"unknown action kind {kind!r}; known kinds: {', '.join(self._types)}"
            )
        fields = self._fields[kind]
        extra = set(data) - set(fields) - {"kind"}
        if extra:
            raise MalformedAction(f"action {kind!r} has unknown field(s): {sorted(extra)}")
        values: dict[str, Any] = {}
        for name, expected in fields.items():
            if name not in data:
                raise MalformedAction(f"action {kind!r} lacks field {name!r}")
            value = data[name]
            # bool is a subclass of int: keep the two apart so that `true` is never a seat.
            if type(value) is not expected:
                raise MalformedAction(
                    f"action {kind!r} field {name!r} must be {expected.__name__}, "
                    f"not {type(value).__name__}"
                )
            values[name] = value
        return self._types[kind](**values)
