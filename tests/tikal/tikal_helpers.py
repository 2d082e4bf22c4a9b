"""Building Tikal situations for tests, the documented way: edit a state's JSON form.

`Situation` wraps the JSON of a fresh game and offers a few named edits (put a tile, stand
figures, hand out treasures); `build()` turns it back into a `TikalState` through `from_json`,
so every situation is also a check that the JSON form is the public way to set up a state.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from meeple.games.tikal import TikalState
from meeple.games.tikal.components import builtin_edition
from meeple.games.tikal.state import OUT, SUPPLY

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


def conservation(state: TikalState) -> None:
    """Every figure, camp, temple level tile, treasure token and terrain tile is somewhere,
    exactly once."""
    ed, n = EDITION, state.n
    for seat in range(n):
        on_board = sum(state.workers[seat::n])
        leader_in_play = state.leader[seat] != OUT
        guards = state.guard.count(seat)
        assert state.supply[seat] >= 0 and state.out[seat] >= 0
        total = state.supply[seat] + on_board + leader_in_play + state.out[seat] + guards
        assert total == ed.workers + 1, f"seat {seat} has {total} figures"
        assert state.leader[seat] in (SUPPLY, OUT) or state.tile_at[state.leader[seat]] >= 0
        assert state.camp.count(seat) <= ed.camps
        assert guards <= 2
    for s, owner in enumerate(state.camp):
        if owner >= 0:
            kind = ed.tiles[state.tile_at[s]].kind
            assert kind in ("jungle", "treasure") and not state.tokens.get(s)
    # temple level tiles: in the supply or on a temple, never twice
    used = Counter()
    for s, t in enumerate(state.tile_at):
        if t >= 0 and ed.tiles[t].kind == "temple":
            used.update(range(ed.tiles[t].temple_value + 1, state.temple_top[s] + 1))
    for value, count in enumerate(ed.temple_levels):
        assert state.levels[value] + used[value] == count, f"temple level {value}"
    # treasure tokens: supply, face down on tiles, or held
    tokens = Counter(state.token_supply)
    for pile in state.tokens.values():
        tokens.update(pile)
    k = ed.treasure_kinds
    for seat in range(n):
        for kind in range(k):
            tokens[kind] += state.treasures[seat * k + kind]
    assert tokens == Counter({kind: ed.treasure_copies for kind in range(k)})
    # terrain tiles: stack, board, revealed, hand or set aside, each once
    tiles = [t for t in state.tile_at if t >= 0 and ed.tiles[t].letter]
    tiles += state.stack + state.revealed + state.discarded
    if state.hand >= 0:
        tiles.append(state.hand)
    assert sorted(tiles) == sorted(ed.terrain)
    assert 0 <= state.ap <= ed.action_points
