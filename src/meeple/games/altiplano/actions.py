"""Altiplano's actions: small steps with a flat JSON form.

Large choices are split into steps: planning places one tile at a time, storing stores one tile
at a time, a multi-tile action (sell, deliver, store, food from alpaca, cacao trade) is one unit
per step, continued by further units of the same kind until the player moves or ends the turn.

Field names used in `target`: ``loc:<location>`` (a location's action fields), ``role``,
``ext:<extension id>``, ``wild:<extension id>`` (a wildcard field), ``move:<index>`` (a movement
field). `source` of `Produce`: a basic action key (`components.BASIC_ACTIONS`), ``role``,
``ext:<id>``, ``boat`` or ``house``.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from meeple.engine.actions import Action, ActionCodec


def describe_target(target: str) -> str:
    """A field name for people: ``loc:village`` reads "a village field", ``move:0`` reads
    "movement field 1" (numbered as the board shows them)."""
    kind, _, name = target.partition(":")
    if kind == "loc":
        return f"a {name} field"
    if kind == "move" and name.isdigit():
        return f"movement field {int(name) + 1}"
    if kind == "ext":
        return f"extension {name.replace('_', ' ')}"
    if kind == "wild":
        return f"the wildcard field of {name.replace('_', ' ')}"
    if kind == "role":
        return "the role card"
    return target


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseRole(Action):
    kind: ClassVar[str] = "choose_role"
    role: str

    def label(self) -> str:
        return f"Choose role {self.role}"


@dataclasses.dataclass(frozen=True, slots=True)
class KeepMission(Action):
    kind: ClassVar[str] = "keep_mission"
    mission: str

    def label(self) -> str:
        return f"Keep mission {self.mission}"


@dataclasses.dataclass(frozen=True, slots=True)
class PassMission(Action):
    kind: ClassVar[str] = "pass_mission"
    mission: str

    def label(self) -> str:
        return f"Pass mission {self.mission} to the left"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeBackTile(Action):
    kind: ClassVar[str] = "take_back_tile"
    target: str
    good: str

    def label(self) -> str:
        return f"Take {self.good} back from {describe_target(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class TakeBackCoin(Action):
    kind: ClassVar[str] = "take_back_coin"
    target: str

    def label(self) -> str:
        return f"Take a coin back from {describe_target(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"

    def label(self) -> str:
        return "Draw from the bag"


@dataclasses.dataclass(frozen=True, slots=True)
class SwapDiscard(Action):
    kind: ClassVar[str] = "swap_discard"
    good: str

    def label(self) -> str:
        return f"Swap: put {self.good} into the container"


@dataclasses.dataclass(frozen=True, slots=True)
class SwapDraw(Action):
    kind: ClassVar[str] = "swap_draw"

    def label(self) -> str:
        return "Swap: draw 1 from the bag"


@dataclasses.dataclass(frozen=True, slots=True)
class SwapPick(Action):
    kind: ClassVar[str] = "swap_pick"
    good: str

    def label(self) -> str:
        return f"Swap: take {self.good} from the container"


@dataclasses.dataclass(frozen=True, slots=True)
class SwapSkip(Action):
    kind: ClassVar[str] = "swap_skip"

    def label(self) -> str:
        return "Do not swap"


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    target: str
    good: str

    def label(self) -> str:
        return f"Place {self.good} on {describe_target(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Unplace(Action):
    kind: ClassVar[str] = "unplace"
    target: str
    good: str

    def label(self) -> str:
        return f"Take {self.good} off {describe_target(self.target)}"


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    kind: ClassVar[str] = "done"

    def label(self) -> str:
        return "Planning done"


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceFigure(Action):
    kind: ClassVar[str] = "place_figure"
    location: str

    def label(self) -> str:
        return f"Put figure on {self.location}"


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    kind: ClassVar[str] = "move"
    via: int  # -1: the top cart; otherwise the movement field used
    to: str

    def label(self) -> str:
        how = "top cart" if self.via < 0 else f"movement field {self.via + 1}"
        return f"Move to {self.to} ({how})"


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def label(self) -> str:
        return "Pass"


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def label(self) -> str:
        return "End turn"


@dataclasses.dataclass(frozen=True, slots=True)
class Produce(Action):
    kind: ClassVar[str] = "produce"
    source: str
    out: str

    def label(self) -> str:
        if self.source in ("boat", "house"):
            return f"Build {self.source} ({self.out})" if self.out else f"Build {self.source}"
        return f"{self.source}: get {self.out}" if self.out else f"{self.source}: nothing left"


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    kind: ClassVar[str] = "sell"
    good: str

    def label(self) -> str:
        return f"Sell {self.good}"


@dataclasses.dataclass(frozen=True, slots=True)
class Deliver(Action):
    kind: ClassVar[str] = "deliver"
    good: str

    def label(self) -> str:
        return f"Deliver {self.good}"


@dataclasses.dataclass(frozen=True, slots=True)
class Store(Action):
    kind: ClassVar[str] = "store"
    good: str
    row: int

    def label(self) -> str:
        return f"Store {self.good} in row {self.row + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class StoreBuffered(Action):
    kind: ClassVar[str] = "store_buffered"
    row: int

    def label(self) -> str:
        return f"Store buffered corn in row {self.row + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class StoreCorn(Action):
    kind: ClassVar[str] = "store_corn"
    row: int

    def label(self) -> str:
        return f"Store received corn in row {self.row + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class BufferCorn(Action):
    kind: ClassVar[str] = "buffer_corn"

    def label(self) -> str:
        return "Put received corn on the corn buffer"


@dataclasses.dataclass(frozen=True, slots=True)
class BuyCart(Action):
    kind: ClassVar[str] = "buy_cart"
    field: int

    def label(self) -> str:
        return f"Buy cart beside movement field {self.field + 1}"


@dataclasses.dataclass(frozen=True, slots=True)
class BuyExtension(Action):
    kind: ClassVar[str] = "buy_extension"
    slot: int

    def label(self) -> str:
        return f"Buy extension from strip space {self.slot + 1}"


NO_ORDER = ""  # the order "card" taken when the market has none left (ALT-13)


@dataclasses.dataclass(frozen=True, slots=True)
class BuyOrder(Action):
    kind: ClassVar[str] = "buy_order"
    order: str  # NO_ORDER when the market has no order card left (ALT-13)

    def label(self) -> str:
        if self.order == NO_ORDER:
            return "Take an order (none left: pay and receive nothing)"
        return f"Take order {self.order}"


@dataclasses.dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    kind: ClassVar[str] = "build_road"

    def label(self) -> str:
        return "Build road"


@dataclasses.dataclass(frozen=True, slots=True)
class FinalDraw(Action):
    kind: ClassVar[str] = "final_draw"

    def label(self) -> str:
        return "Final storage: draw"


@dataclasses.dataclass(frozen=True, slots=True)
class FinalDone(Action):
    kind: ClassVar[str] = "final_done"

    def label(self) -> str:
        return "Final storage: done"


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseRole, KeepMission, PassMission, TakeBackTile, TakeBackCoin, Draw, SwapDiscard,
    SwapDraw, SwapPick, SwapSkip, Place, Unplace, Done, PlaceFigure, Move, Pass, EndTurn,
    Produce, Sell, Deliver, Store, StoreBuffered, StoreCorn, BufferCorn, BuyCart,
    BuyExtension, BuyOrder, BuildRoad, FinalDraw, FinalDone,
)  # fmt: skip
CODEC = ActionCodec(ACTION_TYPES)
