"""Altiplano's observation for the research adapters, written block by block and each block
kept while what it is written from stays the same.

The observation (`observation.Observer`) is the table's segments, then one block per player in
seat order from the viewer. A player's block depends only on that player's data as the viewer
sees it: its own data for its own block (the seats it passed mission cards to are counted from
itself, the viewer), and the same redacted data for every other viewer (`observed_view`;
whether the game is over decides whether its kept missions show). So the block a player shows
the others is shared by every other viewer, and most steps change one player's data at most.

Each block is kept with the JSON of the data it was written from (`orjson`, at C speed); the
next observation serialises the player's data again and writes the block anew only when the
text differs. Equal text is equal data as the reader reads it (numbers, strings, lists, keys),
so any state may be observed in any order (clones, other games): only the work depends on
what came before, never the vector. The table's segments that are the same for every viewer
and change now and then (`Observer.FIXED`) are kept likewise; the others are written every
time. The vector is written into C floats (`array.array`) and handed out as a numpy array of
that memory, new at every call. Each vector is the same as ``observation(state.view(seat))``,
tested at every position of random games of every variant, every seat and the spectators
(tests/altiplano/test_altiplano_observed_view.py).
"""

from __future__ import annotations

import array
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
import orjson

from meeple.games.altiplano.observation import Observer, Sparse
from meeple.games.altiplano.observed_view import as_others_see, table_view

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

_Floats = npt.NDArray[np.float32]


def _floats(entries: Sparse, size: int) -> array.array[float]:
    """The entries as C floats, zeros elsewhere (numpy's per-call cost is several times that
    of a few dozen item writes)."""
    out = array.array("f", bytes(4 * size))
    for i, value in entries.items():
        out[i] = value
    return out


class StateObservation:
    """Observations of one encoding's options (`AltiplanoEncoding.state_observer`): one per
    adapter, not shared between threads."""

    def __init__(self, observer: Observer) -> None:
        self.o = observer
        self._blank = array.array("f", bytes(4 * observer.size))
        #: the JSON of what the table's fixed segments were written from, and those segments
        self._fixed: tuple[bytes, array.array[float]] | None = None
        #: (seat, whether seen by itself, whether the game is over) -> (the JSON of the data
        #: the block was written from, the block)
        self._blocks: dict[tuple[int, bool, bool], tuple[bytes, array.array[float]]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (StateObservation, (self.o,))

    def observe(self, state: AltiplanoState, seat: int | None) -> _Floats:
        """The vector ``AltiplanoEncoding.observation(state.view(seat))`` gives (a new
        array)."""
        o = self.o
        src = cast(dict[str, Any], state.s)
        base = 0 if seat is None else seat
        out = self._blank[:]
        table_size = o.table.size
        text = orjson.dumps([src[key] for key in Observer.FIXED])
        fixed = self._fixed
        if fixed is None or fixed[0] != text:
            entries: Sparse = {}
            o._table_fixed(entries, table_view(state))
            fixed = self._fixed = (text, _floats(entries, table_size))
        out[:table_size] = fixed[1]
        seated: Sparse = {}
        o._table_seated(seated, src, seat, base)
        for i, value in seated.items():
            out[i] = value
        players, n, blocks = src["players"], o.players, self._blocks
        over = src["phase"] == "over"
        size = o.block.size
        at = table_size
        for k in range(n):
            index = (base + k) % n
            p = players[index]
            own = index == seat
            key = (index, own, over and not own)
            text = orjson.dumps(p)
            kept = blocks.get(key)
            if kept is None or kept[0] != text:
                entries = {}
                o._player(entries, 0, p if own else as_others_see(p, over), base)
                kept = blocks[key] = (text, _floats(entries, size))
            out[at : at + size] = kept[1]
            at += size
        return np.frombuffer(out, dtype=np.float32)
