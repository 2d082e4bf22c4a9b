"""OpenSpiel's observers (the ``PyObserver`` interface) of a Meeple state, one for each kind of
`pyspiel.IIGObservationType` that has a meaning here:

- one seat's public and private information (the default, and the information state with
  perfect recall): the seat's view, `GameState.view(seat)`, then with perfect recall the
  seat's history section (`meeple.research.history`);
- public information only (``private_info=NONE``): the spectators' view, `view(None)`, which
  holds exactly what every seat sees (tested with planted secrets in tests/research);
- every seat's private information (``ALL_PLAYERS``): each seat's view, one after the other,
  for a referee or a centralised critic;
- nothing at all (``public_info=False, private_info=NONE``): an empty tensor.

A seat's view mixes what it alone knows with what all know, so there is no private-only
observation; and perfect recall is kept for one seat's information state only. Those kinds
raise `ValueError` rather than silently giving something else. Tensors are made when asked
for (`set_from`), never at a step.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np
import orjson
import pyspiel

from meeple.engine.encoding import Encoding
from meeple.research.history import HistoryLayout


class Observer(Protocol):
    tensor: np.ndarray[Any, np.dtype[np.float32]]
    dict: dict[str, Any]

    def set_from(self, state: Any, player: int) -> None: ...

    def string_from(self, state: Any, player: int) -> str: ...


def make_observer(encoding: Encoding, history: HistoryLayout, kind: Any = None) -> Observer:
    """The observer of `kind` (a `pyspiel.IIGObservationType`; None is the default, one
    seat's observation without recall), with `history` the layout of a seat's history."""
    if kind is None:
        return SeatObserver(encoding, None)
    private, public, recall = kind.private_info, kind.public_info, kind.perfect_recall
    if private == pyspiel.PrivateInfoType.SINGLE_PLAYER and public:
        return SeatObserver(encoding, history if recall else None)
    if recall:
        raise ValueError(
            f"{kind}: perfect recall is offered for one seat's information state only "
            "(public_info=True, private_info=SINGLE_PLAYER)"
        )
    if private == pyspiel.PrivateInfoType.NONE:
        return PublicObserver(encoding) if public else EmptyObserver()
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS and public:
        return AllSeatsObserver(encoding, history.players)
    raise ValueError(
        f"{kind}: a seat's view mixes public and private information, so there is no "
        "observation of private information alone"
    )


def _json(view: Any) -> str:
    return orjson.dumps(view, option=orjson.OPT_SORT_KEYS).decode()


class SeatObserver:
    """A seat's observation, or with perfect recall (`history` given) its information state:
    the observation, then the seat's history section."""

    def __init__(self, encoding: Encoding, history: HistoryLayout | None) -> None:
        self.encoding = encoding
        self._states = encoding.state_observer()
        self.history = history
        size = int(np.prod(encoding.observation_shape))
        extra = history.size if history is not None else 0
        self.tensor = np.zeros(size + extra, np.float32)
        self._observation = self.tensor[:size]
        self.dict = {"observation": self._observation.reshape(encoding.observation_shape)}
        if history is not None:
            self._history = self.tensor[size:]
            self.dict["history"] = self._history

    def set_from(self, state: Any, player: int) -> None:
        table = state.table
        if self.history is None:
            self._observation[:] = self._states.observe(table.engine, player).reshape(-1)
            return
        seat = table.recalls[1].history(table.engine, player, self.encoding)
        assert seat.observation is not None, "a history up to date holds the view now"
        self._observation[:] = seat.observation.reshape(-1)
        self.history.fill(self._history, seat)

    def string_from(self, state: Any, player: int) -> str:
        table = state.table
        view = _json(table.engine.view(player))
        if self.history is None:
            return view
        digest = table.recalls[0].digest(table.engine, player, self.encoding)
        return digest.hex() + "\n" + view


class PublicObserver:
    """What every seat sees: the spectators' view, whoever `player` is."""

    def __init__(self, encoding: Encoding) -> None:
        self.encoding = encoding
        self._states = encoding.state_observer()
        self.tensor = np.zeros(int(np.prod(encoding.observation_shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(encoding.observation_shape)}

    def set_from(self, state: Any, player: int) -> None:
        self.tensor[:] = self._states.observe(state.table.engine, None).reshape(-1)

    def string_from(self, state: Any, player: int) -> str:
        return _json(state.table.engine.view(None))


class AllSeatsObserver:
    """Every seat's view, seat 0's first, each encoded as that seat sees it."""

    def __init__(self, encoding: Encoding, players: int) -> None:
        self.encoding = encoding
        self._states = encoding.state_observer()
        size = int(np.prod(encoding.observation_shape))
        self.tensor = np.zeros(players * size, np.float32)
        self._parts = [self.tensor[s * size : (s + 1) * size] for s in range(players)]
        self.dict = {
            f"seat_{s}": part.reshape(encoding.observation_shape)
            for s, part in enumerate(self._parts)
        }

    def set_from(self, state: Any, player: int) -> None:
        engine = state.table.engine
        for seat, part in enumerate(self._parts):
            part[:] = self._states.observe(engine, seat).reshape(-1)

    def string_from(self, state: Any, player: int) -> str:
        engine = state.table.engine
        return _json([engine.view(seat) for seat in range(len(self._parts))])


class EmptyObserver:
    """Neither public nor private information: nothing."""

    def __init__(self) -> None:
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, Any] = {}

    def set_from(self, state: Any, player: int) -> None:
        """Nothing to write: the tensor is empty."""

    def string_from(self, state: Any, player: int) -> str:
        return ""
