"""Tikal's actions: one dataclass per entry of the rulebook's action table, plus tile and
auction steps.

Spaces are board space indices of the edition (`Edition.spaces`); labels name them the way the
terminal board shows them. Figures are ``"leader"`` or ``"worker"``. Treasure kinds are
numbered from 0.
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from meeple.engine.actions import Action, ActionCodec

FIGURES = ("leader", "worker")


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Place the tile in hand on `space`, turned `rotation` sides clockwise (TIK-2)."""

    kind: ClassVar[str] = "place_tile"
    space: int
    rotation: int


@dataclasses.dataclass(frozen=True, slots=True)
class Deploy(Action):
    """Bring a figure from the supply onto the base camp or an own camp (TIK-4)."""

    kind: ClassVar[str] = "deploy"
    figure: str
    dst: int


@dataclasses.dataclass(frozen=True, slots=True)
class CampMove(Action):
    """Move a figure between the base camp and own camps by the secret paths (TIK-4)."""

    kind: ClassVar[str] = "camp_move"
    figure: str
    src: int
    dst: int


@dataclasses.dataclass(frozen=True, slots=True)
class Walk(Action):
    """Walk a figure across one border; costs the stones on both sides (TIK-5)."""

    kind: ClassVar[str] = "walk"
    figure: str
    src: int
    dst: int


@dataclasses.dataclass(frozen=True, slots=True)
class Excavate(Action):
    """Uncover the next level of a temple (TIK-6)."""

    kind: ClassVar[str] = "excavate"
    space: int


@dataclasses.dataclass(frozen=True, slots=True)
class Recover(Action):
    """Take the top treasure token of a treasure tile (TIK-7)."""

    kind: ClassVar[str] = "recover"
    space: int


@dataclasses.dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Swap an own single treasure for another player's single treasure (TIK-8)."""

    kind: ClassVar[str] = "exchange"
    give: int
    other: int
    take: int


@dataclasses.dataclass(frozen=True, slots=True)
class BuildCamp(Action):
    """Build an own camp on a jungle tile or an emptied treasure tile (TIK-9)."""

    kind: ClassVar[str] = "build_camp"
    space: int


@dataclasses.dataclass(frozen=True, slots=True)
class PlaceGuard(Action):
    """Guard a temple where the player has the sole majority (TIK-10)."""

    kind: ClassVar[str] = "place_guard"
    space: int


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Stop spending action points; unused points are lost."""

    kind: ClassVar[str] = "end_turn"


@dataclasses.dataclass(frozen=True, slots=True)
class Bid(Action):
    """Auction version: bid `amount` points for the next turn (TIK-14)."""

    kind: ClassVar[str] = "bid"
    amount: int


@dataclasses.dataclass(frozen=True, slots=True)
class Pass(Action):
    """Auction version: pass; final for this turn's auction (TIK-14)."""

    kind: ClassVar[str] = "pass"


@dataclasses.dataclass(frozen=True, slots=True)
class ChooseTile(Action):
    """Auction version: the auction's winner takes one of the revealed tiles (TIK-14)."""

    kind: ClassVar[str] = "choose_tile"
    tile: str


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceTile,
    Deploy,
    CampMove,
    Walk,
    Excavate,
    Recover,
    Exchange,
    BuildCamp,
    PlaceGuard,
    EndTurn,
    Bid,
    Pass,
    ChooseTile,
)

CODEC = ActionCodec(ACTION_TYPES)
