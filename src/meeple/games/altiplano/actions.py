r"""Altiplano's actions: small steps with a flat JSON form.

Their own labels (`Action.label`) are what the state's labels (`wording.label`) fall back on
for the actions that need no edition data; they are `meeple.engine.words.Text` objects too.

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
import functools
from typing import ClassVar

from meeple.engine.actions import Action, ActionCodec
from meeple.engine.words import Text, say, term


def _good(name: str) -> Text:
    return term("good", name)


@functools.cache
def describe_target(target: str) -> str:
    """A field name for people: ``loc:village`` reads "a village field", ``move:0`` reads
    "movement field 1" (numbered as the board shows them). Kept once made: every planning
    label names a field."""
    kind, _, name = target.partition(":")
    if kind == "loc":
        return say("a {location} field", location=term("location", name))
    if kind == "move" and name.isdigit():
        return say("movement field {field}", field=int(name) + 1)
    if kind == "ext":
        return say("extension {extension}", extension=term("extension", name.replace("_", " ")))
    if kind == "wild":
        return say(
            "the wildcard field of {extension}", extension=term("extension", name.replace("_", " "))
        )
    if kind == "role":
        return say("the role card")
    return target


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseRole(Action):
    kind: ClassVar[str] = "choose_role"
    role: str

    def label(self) -> str:
        return say("Choose role {role}", role=self.role)


@dataclasses.dataclass(frozen=True, slots=True)
class KeepMission(Action):
    kind: ClassVar[str] = "keep_mission"
    mission: str

    def label(self) -> str:
        return say("Keep mission {mission}", mission=self.mission)


@dataclasses.dataclass(frozen=True, slots=True)
class PassMission(Action):
    kind: ClassVar[str] = "pass_mission"
    mission: str

    def label(self) -> str:
        return say("Pass mission {mission} to the left", mission=self.mission)


@dataclasses.dataclass(frozen=True, slots=True)
class TakeBackTile(Action):
    kind: ClassVar[str] = "take_back_tile"
    target: str
    good: str

    def label(self) -> str:
        return say(
            "Take {good} back from {field}",
            good=_good(self.good),
            field=describe_target(self.target),
        )


@dataclasses.dataclass(frozen=True, slots=True)
class TakeBackCoin(Action):
    kind: ClassVar[str] = "take_back_coin"
    target: str

    def label(self) -> str:
        return say("Take a coin back from {field}", field=describe_target(self.target))


@dataclasses.dataclass(frozen=True, slots=True)
class Draw(Action):
    kind: ClassVar[str] = "draw"

    def label(self) -> str:
        return say("Draw from the bag")


@dataclasses.dataclass(frozen=True, slots=True)
class SwapDiscard(Action):
    kind: ClassVar[str] = "swap_discard"
    good: str

    def label(self) -> str:
        return say("Swap: put {good} into the container", good=_good(self.good))


@dataclasses.dataclass(frozen=True, slots=True)
class SwapDraw(Action):
    kind: ClassVar[str] = "swap_draw"

    def label(self) -> str:
        return say("Swap: draw 1 from the bag")


@dataclasses.dataclass(frozen=True, slots=True)
class SwapPick(Action):
    kind: ClassVar[str] = "swap_pick"
    good: str

    def label(self) -> str:
        return say("Swap: take {good} from the container", good=_good(self.good))


@dataclasses.dataclass(frozen=True, slots=True)
class SwapSkip(Action):
    kind: ClassVar[str] = "swap_skip"

    def label(self) -> str:
        return say("Do not swap")


@dataclasses.dataclass(frozen=True, slots=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    target: str
    good: str

    def label(self) -> str:
        return say(
            "Place {good} on {field}", good=_good(self.good), field=describe_target(self.target)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Unplace(Action):
    kind: ClassVar[str] = "unplace"
    target: str
    good: str

    def label(self) -> str:
        return say(
            "Take {good} off {field}", good=_good(self.good), field=describe_target(self.target)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Done(Action):
    kind: ClassVar[str] = "done"

    def label(self) -> str:
        return say("Planning done")


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceFigure(Action):
    kind: ClassVar[str] = "place_figure"
    location: str

    def label(self) -> str:
        return say("Put figure on {location}", location=term("location", self.location))


@dataclasses.dataclass(frozen=True, slots=True)
class Move(Action):
    kind: ClassVar[str] = "move"
    via: int  # -1: the top cart; otherwise the movement field used
    to: str

    def label(self) -> str:
        location = term("location", self.to)
        if self.via < 0:
            return say("Move to {location} (top cart)", location=location)
        return say(
            "Move to {location} (movement field {field})", location=location, field=self.via + 1
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def label(self) -> str:
        return say("Pass")


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    kind: ClassVar[str] = "end_turn"

    def label(self) -> str:
        return say("End turn")


@dataclasses.dataclass(frozen=True, slots=True)
class Produce(Action):
    kind: ClassVar[str] = "produce"
    source: str
    out: str

    def label(self) -> str:
        if self.source in ("boat", "house"):
            built = term("card", self.source)
            if self.out:
                return say("Build {card} ({good})", card=built, good=_good(self.out))
            return say("Build {card}", card=built)
        if self.out:
            return say("{source}: get {good}", source=self.source, good=_good(self.out))
        return say("{source}: nothing left", source=self.source)


@dataclasses.dataclass(frozen=True, slots=True)
class Sell(Action):
    kind: ClassVar[str] = "sell"
    good: str

    def label(self) -> str:
        return say("Sell {good}", good=_good(self.good))


@dataclasses.dataclass(frozen=True, slots=True)
class Deliver(Action):
    kind: ClassVar[str] = "deliver"
    good: str

    def label(self) -> str:
        return say("Deliver {good}", good=_good(self.good))


@dataclasses.dataclass(frozen=True, slots=True)
class Store(Action):
    kind: ClassVar[str] = "store"
    good: str
    row: int

    def label(self) -> str:
        return say("Store {good} in row {row}", good=_good(self.good), row=self.row + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class StoreBuffered(Action):
    kind: ClassVar[str] = "store_buffered"
    row: int

    def label(self) -> str:
        return say("Store buffered corn in row {row}", row=self.row + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class StoreCorn(Action):
    kind: ClassVar[str] = "store_corn"
    row: int

    def label(self) -> str:
        return say("Store received corn in row {row}", row=self.row + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class BufferCorn(Action):
    kind: ClassVar[str] = "buffer_corn"

    def label(self) -> str:
        return say("Put received corn on the corn buffer")


@dataclasses.dataclass(frozen=True, slots=True)
class BuyCart(Action):
    kind: ClassVar[str] = "buy_cart"
    field: int

    def label(self) -> str:
        return say("Buy cart beside movement field {field}", field=self.field + 1)


@dataclasses.dataclass(frozen=True, slots=True)
class BuyExtension(Action):
    kind: ClassVar[str] = "buy_extension"
    slot: int

    def label(self) -> str:
        return say("Buy extension from strip space {slot}", slot=self.slot + 1)


NO_ORDER = ""  # the order "card" taken when the market has none left (ALT-13)


@dataclasses.dataclass(frozen=True, slots=True)
class BuyOrder(Action):
    kind: ClassVar[str] = "buy_order"
    order: str  # NO_ORDER when the market has no order card left (ALT-13)

    def label(self) -> str:
        if self.order == NO_ORDER:
            return say("Take an order (none left: pay and receive nothing)")
        return say("Take order {order}", order=self.order)


@dataclasses.dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    kind: ClassVar[str] = "build_road"

    def label(self) -> str:
        return say("Build road")


@dataclasses.dataclass(frozen=True, slots=True)
class FinalDraw(Action):
    kind: ClassVar[str] = "final_draw"

    def label(self) -> str:
        return say("Final storage: draw")


@dataclasses.dataclass(frozen=True, slots=True)
class FinalDone(Action):
    kind: ClassVar[str] = "final_done"

    def label(self) -> str:
        return say("Final storage: done")


ACTION_TYPES: tuple[type[Action], ...] = (
    ChooseRole, KeepMission, PassMission, TakeBackTile, TakeBackCoin, Draw, SwapDiscard,
    SwapDraw, SwapPick, SwapSkip, Place, Unplace, Done, PlaceFigure, Move, Pass, EndTurn,
    Produce, Sell, Deliver, Store, StoreBuffered, StoreCorn, BufferCorn, BuyCart,
    BuyExtension, BuyOrder, BuildRoad, FinalDraw, FinalDone,
)  # fmt: skip
CODEC = ActionCodec(ACTION_TYPES)
