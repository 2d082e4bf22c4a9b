"""What both adapters need from the registry: the games with an encoding, their encoding for
some options, and the legal-action mask of a seat. No game is named here."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.engine.encoding import Encoding
from meeple.engine.game import GameState
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.engine.registry import game_info, game_names


def research_games() -> tuple[str, ...]:
    """Every registered game that declares an encoding, in the registry's order."""
    return tuple(name for name in game_names() if game_info(name).research)


def encoding_for(
    game: str, options: Mapping[str, Any]
) -> tuple[GameInfo, dict[str, Any], Encoding]:
    """The game's declaration, its normalised options and their encoding; a game without an
    encoding raises `ValueError` naming those that have one."""
    info = game_info(game)
    if info.research is None:
        raise ValueError(
            f"{game} has no encoding for learning agents; games with one: "
            f"{', '.join(research_games()) or 'none'}"
        )
    normal = info.state_class.normalize_options(options)
    module = importlib.import_module(info.research)
    return info, normal, module.encoding(normal)


def table_sizes(info: GameInfo) -> range:
    return range(info.min_players, info.max_players + 1)


def acting_seat(state: GameState) -> int | None:
    """The seat whose turn it is for a one-at-a-time library: the lowest of `to_move` (in a
    simultaneous step the others act after it, in seat order); None once the game is over."""
    movers = state.to_move()
    return min(movers) if movers else None


def action_mask(state: GameState, encoding: Encoding, seat: int) -> npt.NDArray[np.int8]:
    """1 at the index of each action `seat` may take now, 0 elsewhere."""
    mask = np.zeros(encoding.action_space_size, dtype=np.int8)
    indexes = [encoding.action_index(a) for a in state.legal_actions(seat)]
    mask[indexes] = 1
    return mask


def seat_options(options: Mapping[str, Any], players: int | None) -> dict[str, Any]:
    """`options` with ``players`` set, when it is given apart from them."""
    return dict(options) if players is None else {**options, PLAYERS: players}


def variants(info: GameInfo) -> list[dict[str, Any]]:
    """The options a game's tests cover: each table size with every flag off, and with each
    flag on alone (flags combine freely, so each one's effect is what needs covering)."""
    flags = [spec.name for spec in info.options if spec.kind == "flag"]
    return [
        {PLAYERS: players, **({flag: True} if flag else {})}
        for players in table_sizes(info)
        for flag in ("", *flags)
    ]
