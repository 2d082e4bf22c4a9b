"""Building Tikal situations for tests, the documented way: edit a state's JSON form.

`Situation` wraps the JSON of a fresh game and offers a few named edits (put a tile, stand
figures, hand out treasures); `build()` turns it back into a `TikalState` through `from_json`,
so every situation is also a check that the JSON form is the public way to set up a state.
"""

from __future__ import annotations

from typing import Any

from meeple.games.tikal import TikalState
from meeple.games.tikal.components import builtin_edition

EDITION = builtin_edition()
NAMES = TikalState.new({"players": 2}, 0).names


def space(name: str) -> int:
    """Board space index from its printed name, e.g. ``"b4"``."""
    return NAMES.index(name)


def tile(tile_id: str) -> int:
    return EDITION.tile_index(tile_id)


class Situation:
    def __init__(self, players: int = 2, auction: bool = False, seed: int = 0) -> None:
        self.data: dict[str, Any] = TikalState.new(
            {"players": players, "auction": auction}, seed
        ).to_json()
        self.n = players

    def put(self, where: str, tile_id: str, rotation: int = 0, top: int | None = None) -> Situation:
        """Lay a terrain tile (taken out of the stack) on a space."""
        s, t = space(where), tile(tile_id)
        if t in self.data["stack"]:
            self.data["stack"].remove(t)
        self.data["tile_at"][s] = t
        self.data["rotation"][s] = rotation
        definition = EDITION.tiles[t]
        if definition.kind == "temple":
            self.data["temple_top"][s] = top if top is not None else definition.temple_value
        return self

    def figures(self, seat: int, where: str, workers: int = 0, leader: bool = False) -> Situation:
        """Stand figures of `seat` on a space (taken from its supply)."""
        s = space(where)
        self.data["workers"][s * self.n + seat] += workers
        self.data["supply"][seat] -= workers
        if leader:
            self.data["leader"][seat] = s
        return self

    def tokens(self, where: str, kinds: list[int]) -> Situation:
        """Face-down tokens on a tile (top = last), taken from the token supply."""
        for kind in kinds:
            self.data["token_supply"].remove(kind)
        self.data["tokens"][str(space(where))] = list(kinds)
        return self

    def treasures(self, seat: int, kinds: list[int]) -> Situation:
        """Give revealed treasure tokens to a seat, taken from the token supply."""
        k = EDITION.treasure_kinds
        for kind in kinds:
            self.data["token_supply"].remove(kind)
            self.data["treasures"][seat * k + kind] += 1
        return self

    def acting(self, seat: int, ap: int = 10) -> Situation:
        """Make it `seat`'s turn to spend action points (tile already placed)."""
        if self.data["hand"] >= 0:  # the drawn tile goes back on top of the stack
            self.data["stack"].append(self.data["hand"])
        self.data.update(step="act", current=seat, ap=ap, hand=-1)
        return self

    def build(self) -> TikalState:
        return TikalState.from_json(self.data)
