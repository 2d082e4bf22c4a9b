"""The one declaration of `TikalState`'s fields: how each is set up, written to and read from
JSON, and checked when read.

`FIELDS` follows the order of the JSON form. A new field is declared once here (and typed and
documented on `TikalState`); creation, `to_json`, `from_json`, the shape checks and
`determinize` all go through this table. `TikalState.clone` is the exception: it copies the
fields one by one, for speed, and the fields test checks it copies each one.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.engine.errors import MalformedState
from meeple.games.tikal.components import SIDES, Edition
from meeple.games.tikal.layout import ACT, NO_SEAT, NO_TILE, OUT, STEPS, SUPPLY
from meeple.games.tikal.scoring import ScoringRound

if TYPE_CHECKING:
    from meeple.games.tikal.state import TikalState


class Setup:
    """What a game is played with: its fields' sizes, bounds and starting values follow."""

    __slots__ = ("auction", "edition", "kinds", "seats", "spaces", "tiles")

    def __init__(self, edition: Edition, seats: int, auction: bool) -> None:
        self.edition, self.seats, self.auction = edition, seats, auction
        self.spaces = len(edition.spaces)
        self.tiles = len(edition.tiles)
        self.kinds = edition.treasure_kinds


@dataclasses.dataclass(frozen=True, slots=True)
class Bounds:
    """The values a field may hold: `low` up to (not including) `high` of the game, if any."""

    says: str  # the allowed values in words, for the error message
    low: int
    high: Callable[[Setup], int] | None = None

    def allows(self, values: Iterable[int], setup: Setup) -> bool:
        if self.high is None:
            return all(v >= self.low for v in values)
        allowed = range(self.low, self.high(setup))
        return all(v in allowed for v in values)


TILE_OR_NONE = Bounds("tile indices or -1", NO_TILE, lambda s: s.tiles)
SEAT = Bounds("seats", 0, lambda s: s.seats)
SEAT_OR_NONE = Bounds("seats or -1", NO_SEAT, lambda s: s.seats)
SPACE = Bounds("spaces", 0, lambda s: s.spaces)
LEADER_PLACE = Bounds(f"a space, {SUPPLY} (supply) or {OUT} (out)", OUT, lambda s: s.spaces)
ROTATION = Bounds(f"0 to {SIDES - 1}", 0, lambda s: SIDES)
COUNT = Bounds("counts of 0 or more", 0)
TREASURE = Bounds("treasure kinds", 0, lambda s: s.kinds)


def read_typed(data: Mapping[str, Any], name: str, kind: type) -> Any:
    """`data[name]`, which must be of exactly `kind` (a bool is no int here)."""
    if name not in data:
        raise MalformedState(f"state field {name!r} is missing")
    value = data[name]
    if type(value) is not kind:
        raise MalformedState(f"state field {name!r} must be {kind.__name__}")
    return value


class Kind(ABC):
    """How a field's value goes to and from JSON (`TikalState.clone` copies it as its kind
    requires: an immutable value is shared, a list or dict copied)."""

    def write(self, value: Any) -> Any:
        return value

    @abstractmethod
    def read(self, data: Mapping[str, Any], name: str) -> Any:
        """`data[name]`, of this kind, or a `MalformedState` naming the field."""

    def numbers(self, value: Any) -> Iterable[int]:
        """The numbers in `value` that the field's `Bounds` apply to."""
        return ()

    def keys(self, value: Any) -> Iterable[int]:
        """The keys of a mapping field, which the field's `key_bounds` apply to."""
        return ()


class Scalar(Kind):
    """An int, bool or str, stored as itself; `choices` limits a str."""

    def __init__(self, kind: type, choices: tuple[str, ...] = ()) -> None:
        self.kind, self.choices = kind, choices

    def read(self, data: Mapping[str, Any], name: str) -> Any:
        value = read_typed(data, name, self.kind)
        if self.choices and value not in self.choices:
            raise MalformedState(f"state field {name!r} must be one of {sorted(self.choices)}")
        return value

    def numbers(self, value: Any) -> Iterable[int]:
        return (value,)


class Flat(Kind):
    """A list of ints (or of bools), stored as itself."""

    def __init__(self, item: type) -> None:
        self.item = item

    def write(self, value: list[Any]) -> list[Any]:
        return list(value)

    def read(self, data: Mapping[str, Any], name: str) -> list[Any]:
        value = list(read_typed(data, name, list))
        if any(type(v) is not self.item for v in value):
            raise MalformedState(f"state field {name!r} must hold only {self.item.__name__}s")
        return value

    def numbers(self, value: list[int]) -> Iterable[int]:
        return value


class Piles(Kind):
    """Space -> a list of ints (the face-down tokens on each tile); JSON keys are strings."""

    def write(self, value: dict[int, list[int]]) -> dict[str, list[int]]:
        return {str(s): list(p) for s, p in sorted(value.items())}

    def read(self, data: Mapping[str, Any], name: str) -> dict[int, list[int]]:
        try:
            value = {int(s): list(p) for s, p in read_typed(data, name, dict).items()}
        except (TypeError, ValueError) as exc:
            raise MalformedState(f"state field {name!r} is malformed: {exc}") from exc
        if any(type(k) is not int for pile in value.values() for k in pile):
            raise MalformedState(f"state field {name!r} must hold lists of ints")
        return value

    def numbers(self, value: dict[int, list[int]]) -> Iterable[int]:
        return (k for pile in value.values() for k in pile)

    def keys(self, value: dict[int, list[int]]) -> Iterable[int]:
        return value


class Tally(Kind):
    """Space -> an int (what this turn did on each tile); JSON keys are strings."""

    def write(self, value: dict[int, int]) -> dict[str, int]:
        return {str(s): c for s, c in sorted(value.items())}

    def read(self, data: Mapping[str, Any], name: str) -> dict[int, int]:
        try:
            return {int(s): int(c) for s, c in read_typed(data, name, dict).items()}
        except (TypeError, ValueError) as exc:
            raise MalformedState(f"state field {name!r} is malformed: {exc}") from exc


class Rounds(Kind):
    """The score sheet's rounds. A complete round never changes again, so copies share it;
    only the open round (the last, if incomplete) is copied."""

    def write(self, value: list[ScoringRound]) -> list[ScoringRound]:
        return [{**r, "entries": r["entries"][:]} for r in value]

    def read(self, data: Mapping[str, Any], name: str) -> list[ScoringRound]:
        value = list(read_typed(data, name, list))
        if not all(
            isinstance(r, dict)
            and isinstance(r.get("entries"), list)
            and type(r.get("complete")) is bool
            for r in value
        ):
            raise MalformedState(f"state field {name!r} must list scoring rounds")
        return value


def copy_rounds(rounds: list[ScoringRound]) -> list[ScoringRound]:
    """The score sheet for a copy of the state: the complete rounds shared, the open one
    copied (see `Rounds`)."""
    copied = rounds[:]
    if copied and not copied[-1]["complete"]:
        last = copied[-1]
        copied[-1] = {**last, "entries": last["entries"][:]}
    return copied


INT, FLAG, STEP = Scalar(int), Scalar(bool), Scalar(str, STEPS)
INTS, FLAGS = Flat(int), Flat(bool)


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    """One field of the state: its name, kind, starting value, and what a loaded one may be."""

    name: str
    kind: Kind
    initial: Callable[[Setup], Any]
    length: Callable[[Setup], int] | None = None
    bounds: Bounds | None = None
    key_bounds: Bounds | None = None

    def problem(self, value: Any, setup: Setup) -> str | None:
        """What is wrong with a value read from JSON (its JSON type aside), if anything."""
        if self.length is not None and len(value) != self.length(setup):
            return f"must have {self.length(setup)} entries"
        if self.bounds and not self.bounds.allows(self.kind.numbers(value), setup):
            return f"must hold {self.bounds.says}"
        if self.key_bounds and not self.key_bounds.allows(self.kind.keys(value), setup):
            return f"must have {self.key_bounds.says} as keys"
        return None


def _spaces(s: Setup) -> int:
    return s.spaces


def _seats(s: Setup) -> int:
    return s.seats


def _per_space(value: int) -> Callable[[Setup], list[int]]:
    return lambda s: [value] * s.spaces


def _per_seat(value: Any) -> Callable[[Setup], list[Any]]:
    return lambda s: [value] * s.seats


def _empty(s: Setup) -> list[Any]:
    return []


def _none(s: Setup) -> dict[Any, Any]:
    return {}


def _const(value: Any) -> Callable[[Setup], Any]:
    return lambda s: value


FIELDS: tuple[Field, ...] = (
    Field("step", STEP, _const(ACT)),
    Field("scoring_final", FLAG, _const(False)),
    Field("tokens", Piles(), _none, bounds=TREASURE, key_bounds=SPACE),
    Field("turn_excavated", Tally(), _none),
    Field("turn_recovered", Tally(), _none),
    Field("history", Rounds(), _empty),
    Field("tile_at", INTS, _per_space(NO_TILE), _spaces, TILE_OR_NONE),
    Field("rotation", INTS, _per_space(0), _spaces, ROTATION),
    Field("temple_top", INTS, _per_space(0), _spaces),
    Field("camp", INTS, _per_space(NO_SEAT), _spaces, SEAT_OR_NONE),
    Field("guard", INTS, _per_space(NO_SEAT), _spaces, SEAT_OR_NONE),
    Field(
        "workers",
        INTS,
        lambda s: [0] * (s.spaces * s.seats),
        lambda s: s.spaces * s.seats,
        COUNT,
    ),
    Field("leader", INTS, _per_seat(SUPPLY), _seats, LEADER_PLACE),
    Field("supply", INTS, lambda s: [s.edition.workers] * s.seats, _seats, COUNT),
    Field("out", INTS, _per_seat(0), _seats),
    Field(
        "treasures",
        INTS,
        lambda s: [0] * (s.seats * s.kinds),
        lambda s: s.seats * s.kinds,
        COUNT,
    ),
    Field(
        "score",
        INTS,
        lambda s: [s.edition.auction_start_score if s.auction else 0] * s.seats,
        _seats,
    ),
    Field("levels", INTS, lambda s: list(s.edition.temple_levels)),
    Field("stack", INTS, _empty, bounds=TILE_OR_NONE),
    Field("token_supply", INTS, _empty),
    Field("discarded", INTS, _empty, bounds=TILE_OR_NONE),
    Field("revealed", INTS, _empty, bounds=TILE_OR_NONE),
    Field("moved", FLAGS, _per_seat(False), _seats),
    Field("passed", FLAGS, _per_seat(False), _seats),
    Field("scoring_queue", INTS, _empty, bounds=SEAT),
    Field("current", INT, _const(0), bounds=SEAT),
    Field("ap", INT, _const(0), bounds=COUNT),
    Field("hand", INT, _const(NO_TILE), bounds=TILE_OR_NONE),
    Field("volcano_drawer", INT, _const(NO_SEAT), bounds=SEAT_OR_NONE),
    Field("last_mover", INT, _const(NO_SEAT), bounds=SEAT_OR_NONE),
    Field("high_bid", INT, _const(0), bounds=COUNT),
    Field("high_bidder", INT, _const(NO_SEAT), bounds=SEAT_OR_NONE),
    Field("first_passer", INT, _const(NO_SEAT), bounds=SEAT_OR_NONE),
    Field("reveals", INT, _const(0), bounds=COUNT),
    Field("last_placer", INT, _const(NO_SEAT), bounds=SEAT_OR_NONE),
)
FIELD_NAMES = tuple(f.name for f in FIELDS)


def set_initial(state: TikalState, setup: Setup) -> None:
    """Every field as a game starts, before any tile is dealt or placed."""
    for field in FIELDS:
        setattr(state, field.name, field.initial(setup))


def write(state: TikalState) -> dict[str, Any]:
    """The fields' JSON form, in order."""
    return {f.name: f.kind.write(getattr(state, f.name)) for f in FIELDS}


def read(state: TikalState, data: Mapping[str, Any]) -> None:
    """Set every field from its JSON form, each of the right JSON type (a `MalformedState`
    names the field); `check` then checks them against the game."""
    for field in FIELDS:
        setattr(state, field.name, field.kind.read(data, field.name))


def check(state: TikalState, setup: Setup) -> None:
    """Lengths and bounds of every field; a `MalformedState` names the first field amiss."""
    for field in FIELDS:
        problem = field.problem(getattr(state, field.name), setup)
        if problem:
            raise MalformedState(f"state field {field.name!r} {problem}")
