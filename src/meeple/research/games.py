"""What both adapters need from the registry: the games with an encoding, their encoding for
some options, and the legal-action mask of a seat. No game is named here."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
import orjson

from meeple.engine.actions import Action
from meeple.engine.encoding import Encoding
from meeple.engine.game import GameState
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.engine.registry import game_info, game_names, shipped_edition
from meeple.research.indexing import ActionIndexes, playable


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
    return info, normal, info.research().encoding(normal)


def table_sizes(info: GameInfo) -> range:
    return range(info.min_players, info.max_players + 1)


def playable_actions(state: GameState, info: GameInfo, seat: int) -> list[Action]:
    """The legal actions a learning agent is offered: all of them but the steps that only
    undo another step (`SearchHints.pruned_kinds`, such as Altiplano's ``unplace``), which
    would let it loop for ever, unless nothing else is legal."""
    return playable(state.legal_actions(seat), info.search.pruned_kinds)


def acting_seat(state: GameState, info: GameInfo) -> int | None:
    """The seat whose turn it is for a one-at-a-time library, None once the game is over.

    In a simultaneous step (several seats in `to_move`) it is the lowest seat that has an
    action besides undoing (a seat that has made all its choices waits there, able only to
    take them back, until the others have made theirs); the others act after it, in seat
    order."""
    movers = state.to_move()
    if len(movers) <= 1:
        return movers[0] if movers else None
    pruned = info.search.pruned_kinds
    for seat in sorted(movers):
        if not pruned.issuperset(map(_KIND, state.legal_actions(seat))):
            return seat
    return min(movers)


def acting_of(state: GameState, info: GameInfo) -> tuple[int | None, bool]:
    """`acting_seat`, and whether several seats are to move (a simultaneous step, whose
    choices the others may not know): OpenSpiel's adapter needs both at every step, from one
    `GameState.to_move` (Altiplano's planning asks each seat whether it may still plan). The
    rule is written out again rather than shared through a function: `acting_seat` is also
    the engine's own way in benchmarks/adapter_instructions.py, which a call more would
    change."""
    movers = state.to_move()
    if len(movers) <= 1:
        return (movers[0] if movers else None), False
    pruned = info.search.pruned_kinds
    for seat in sorted(movers):
        if not pruned.issuperset(map(_KIND, state.legal_actions(seat))):
            return seat, True
    return min(movers), True


_KIND = operator.attrgetter("kind")


#: The `ActionIndexes` of each encoding (by its identity, with the encoding kept alive),
#: shared by every environment and OpenSpiel game of it in the process. The games cache a
#: few dozen encodings (per options and edition); a process that goes through more of them
#: starts this table afresh at `SHARED_LIMIT`, so it never keeps old encodings alive.
_SHARED_INDEXES: dict[int, tuple[Encoding, ActionIndexes]] = {}
SHARED_LIMIT = 64


def shared_indexes(encoding: Encoding) -> ActionIndexes:
    """The `ActionIndexes` every adapter of `encoding` in this process shares: a new
    environment or game then starts with the objects the others have seen (a learner makes
    one per worker, per game, or per reset of a vectorised environment), instead of
    encoding them all again."""
    found = _SHARED_INDEXES.get(id(encoding))
    if found is None or found[0] is not encoding:
        if len(_SHARED_INDEXES) >= SHARED_LIMIT:
            _SHARED_INDEXES.clear()
        found = _SHARED_INDEXES[id(encoding)] = (encoding, ActionIndexes(encoding))
    return found[1]


def action_mask(
    state: GameState, info: GameInfo, index: Callable[[Action], int], size: int, seat: int
) -> npt.NDArray[np.int8]:
    """1 at the index (`index`, of a space of `size`) of each action `seat` is offered now
    (`playable_actions`), 0 elsewhere."""
    mask = np.zeros(size, dtype=np.int8)
    mask[[index(a) for a in playable_actions(state, info, seat)]] = 1
    return mask


def edition_data(game: str, edition: object) -> Any:
    """The ``edition`` option as the engine takes it, from what a researcher passes: None or
    ``""`` for the built-in edition, the name of an edition shipped with the game
    (`registry.edition_names`), an edition's JSON text, or its data (a dict) as it is."""
    if edition is None or edition == "":
        return None
    if isinstance(edition, str):
        if edition.lstrip().startswith("{"):
            return orjson.loads(edition)
        return shipped_edition(game, edition)
    return edition


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
