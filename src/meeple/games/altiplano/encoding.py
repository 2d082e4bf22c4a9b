"""Altiplano's numeric forms for learning agents (`meeple.engine.encoding.Encoding`).

The action space comes from `action_space` (derived from the edition and the options), the
observation from `observation` (a seat's view as a flat vector); this module joins them and
hands out numpy arrays. numpy belongs to the optional ``research`` extra, so only this module
imports it, and only `meeple.research` (through `GameInfo.research`) imports this module.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.engine.actions import Action
from meeple.engine.encoding import checked_index
from meeple.games.altiplano import components as C
from meeple.games.altiplano.action_space import action_space, in_play
from meeple.games.altiplano.actions import Draw, FinalDraw, KeepMission, Pass, PassMission, SwapDraw
from meeple.games.altiplano.game_length import max_game_length
from meeple.games.altiplano.observation import Observer, Segment
from meeple.games.altiplano.observed_view import observed_view
from meeple.games.altiplano.state import AltiplanoState
from meeple.games.altiplano.state_observation import StateObservation


class AltiplanoEncoding:
    """The action indexes and observations of one set of Altiplano options."""

    #: The mission draft's choices: the others see a card kept or passed, not which.
    secret_kinds = frozenset({KeepMission.kind, PassMission.kind})
    #: Drawing from a bag (the round's draw, the planning swap's, the final storage's), and
    #: the last pass of a round, after which the extension strip is refilled from the stack.
    chance_kinds = frozenset({Draw.kind, SwapDraw.kind, FinalDraw.kind, Pass.kind})

    def __init__(self, options: Mapping[str, Any]) -> None:
        comps = C.load(options["edition"])
        self.actions: tuple[Action, ...] = action_space(comps, options)
        self._indexes = {action: i for i, action in enumerate(self.actions)}
        self.observer = Observer(in_play(comps, options["players"]), options)
        self._comps, self._options = comps, options

    @property
    def max_game_length(self) -> int:
        """OpenSpiel's bound on the steps of a game (`game_length`), derived when asked: an
        edition without one (free orders) still has its actions and observations."""
        return max_game_length(self._comps, self._options)

    @property
    def action_space_size(self) -> int:
        return len(self.actions)

    def action_index(self, action: Action) -> int:
        """The index of `action`; an action no game of these options can offer raises
        `ValueError`, as Tikal's encoding does (callers catch one error for both games)."""
        index = self._indexes.get(action)
        if index is None:
            raise ValueError(f"{action!r} is outside Altiplano's action space for these options")
        return index

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its options: the tables are rebuilt (or found cached) where it lands."""
        return (encoding, (self._options,))

    def action_at(self, index: int) -> Action:
        return self.actions[checked_index(index, len(self.actions))]

    @property
    def observation_shape(self) -> tuple[int, ...]:
        return (self.observer.size,)

    def observation(self, view: Mapping[str, Any]) -> npt.NDArray[np.float32]:
        entries = self.observer.observe(view)
        result = np.zeros(self.observer.size, dtype=np.float32)
        count = len(entries)
        result[np.fromiter(entries, dtype=np.intp, count=count)] = np.fromiter(
            entries.values(), dtype=np.float32, count=count
        )
        return result

    def observe(self, state: AltiplanoState, seat: int | None) -> npt.NDArray[np.float32]:
        """``observation(state.view(seat))``, from the part of the view it reads, made
        without copying the state (`observed_view`)."""
        return self.observation(observed_view(state, seat))

    def state_observer(self) -> StateObservation:
        """What the research adapters observe with: the same vectors as `observe`, each
        viewer's kept and only the segments of the state's changed values rewritten
        (`meeple.games.altiplano.state_observation`)."""
        return StateObservation(self.observer)

    def segments(self) -> list[tuple[str, Segment]]:
        """The observation's segments as ``("table" or "player", segment)``, in vector order
        (the player block repeats once per seat), for documentation and inspection."""
        return [("table", s) for s in self.observer.table.segments] + [
            ("player", s) for s in self.observer.block.segments
        ]


def encoding(options: Mapping[str, Any] | None = None) -> AltiplanoEncoding:
    """The encoding of a game with `options` (normalised here; shared between calls)."""
    opts = AltiplanoState.normalize_options(options)
    key = (opts["players"], opts["role_draft"], opts["missions"])
    return _cached(key, json.dumps(opts["edition"], sort_keys=True))


@functools.lru_cache(maxsize=64)
def _cached(key: tuple[int, bool, bool], edition: str) -> AltiplanoEncoding:
    players, role_draft, missions = key
    options = {
        "players": players,
        "role_draft": role_draft,
        "missions": missions,
        "edition": json.loads(edition),
    }
    return AltiplanoEncoding(options)
