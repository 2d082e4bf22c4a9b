"""Game records: options, seed and the actions taken, which replay to the identical state.

A record is what Meeple saves for a finished or running game. It holds no state of its own:
replaying it through the engine rebuilds every state, so a record can never disagree with the
rules. Its JSON form::

    {"format": "meeple-record", "version": 1, "game": "tikal",
     "options": {...}, "seed": 7, "actions": [{"seat": 0, "action": {...}}, ...]}
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from meeple.engine.actions import Action
from meeple.engine.errors import MalformedState, MeepleError
from meeple.engine.game import GameState
from meeple.engine.registry import game_class

RECORD_FORMAT = "meeple-record"
RECORD_VERSION = 1


@dataclasses.dataclass
class GameRecord:
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, Action]] = dataclasses.field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": [{"seat": seat, "action": a.to_json()} for seat, a in self.actions],
        }

    @classmethod
    def from_json(cls, data: object) -> GameRecord:
        if not isinstance(data, Mapping) or data.get("format") != RECORD_FORMAT:
            raise MalformedState(f"not a Meeple record: field 'format' must be {RECORD_FORMAT!r}")
        if type(data.get("version")) is not int or data["version"] != RECORD_VERSION:
            raise MalformedState(f"record field 'version' must be {RECORD_VERSION}")
        state_class = game_class(_field(data, "game", str))
        options = state_class.normalize_options(_field(data, "options", dict))
        seed = _field(data, "seed", int)
        actions = []
        for index, entry in enumerate(_field(data, "actions", list)):
            if not isinstance(entry, Mapping) or type(entry.get("seat")) is not int:
                raise MalformedState(f"record field 'actions[{index}].seat' must be an integer")
            try:
                action = state_class.codec.from_json(entry.get("action"))
            except MeepleError as exc:
                raise MalformedState(f"record field 'actions[{index}].action': {exc}") from exc
            actions.append((entry["seat"], action))
        return cls(state_class.game_name, options, seed, actions)

    def save(self, path: str | Path) -> None:
        """Write the record; written to a temporary file first so a crash never truncates it."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: str | Path) -> GameRecord:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise MalformedState(f"cannot read record {path}: {exc}") from exc
        return cls.from_json(data)

    def initial_state(self) -> GameState:
        return game_class(self.game).new(self.options, self.seed)

    def states(self) -> Iterator[GameState]:
        """The state before the first action, then after each action (one object, mutated)."""
        state = self.initial_state()
        yield state
        for index, (seat, action) in enumerate(self.actions):
            try:
                state.apply(seat, action)
            except MeepleError as exc:
                raise MalformedState(f"record action {index} does not apply: {exc}") from exc
            yield state

    def replay(self) -> GameState:
        """The state after every action of the record."""
        state = None
        for state in self.states():  # noqa: B007 - the last state is the result
            pass
        assert state is not None
        return state


def _field(data: Mapping[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if type(value) is not kind:
        raise MalformedState(f"record field {name!r} must be {kind.__name__}")
    return value
