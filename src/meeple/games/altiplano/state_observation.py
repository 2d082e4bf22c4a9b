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
what came before, never the vector. The table's segments change at almost every step and
are written every time. Each vector is the same as ``observation(state.view(seat))``, tested
at every position of random games of every variant, every seat and the spectators
(tests/altiplano/test_altiplano_observed_view.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
import orjson

from meeple.games.altiplano.observation import Observer, Sparse
from meeple.games.altiplano.observed_view import as_others_see, table_view

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

_Floats = npt.NDArray[np.float32]


def _dense(entries: Sparse, size: int) -> _Floats:
    result = np.zeros(size, dtype=np.float32)
    count = len(entries)
    if count:
        result[np.fromiter(entries, dtype=np.intp, count=count)] = np.fromiter(
            entries.values(), dtype=np.float32, count=count
        )
    return result


class StateObservation:
    """Observations of one encoding's options (`AltiplanoEncoding.state_observer`): one per
    adapter, not shared between threads."""

    def __init__(self, observer: Observer) -> None:
        self.o = observer
        #: (seat, whether seen by itself, whether the game is over) -> (the JSON of the data
        #: the block was written from, the block)
        self._blocks: dict[tuple[int, bool, bool], tuple[bytes, _Floats]] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (StateObservation, (self.o,))

    def observe(self, state: AltiplanoState, seat: int | None) -> _Floats:
        """The vector ``AltiplanoEncoding.observation(state.view(seat))`` gives (a new
        array)."""
        o = self.o
        src = cast(dict[str, Any], state.s)
        base = 0 if seat is None else seat
        table: Sparse = {}
        o._table(table, table_view(state), seat, base)
        parts = [_dense(table, o.table.size)]
        players, n, blocks = src["players"], o.players, self._blocks
        over = src["phase"] == "over"
        size = o.block.size
        for k in range(n):
            index = (base + k) % n
            p = players[index]
            own = index == seat
            key = (index, own, over and not own)
            text = orjson.dumps(p)
            kept = blocks.get(key)
            if kept is None or kept[0] != text:
                entries: Sparse = {}
                o._player(entries, 0, p if own else as_others_see(p, over), base)
                kept = blocks[key] = (text, _dense(entries, size))
            parts.append(kept[1])
        return np.concatenate(parts)
