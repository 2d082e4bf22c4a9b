"""Altiplano's observation for the research adapters, kept per viewer and rewritten where what
it is written from changed.

The observation (`observation.Observer`) is the table's segments, then one block per player in
seat order from the viewer. A player's block depends only on that player's data as the viewer
sees it: its own data for its own block (the seats it passed mission cards to are counted from
itself, the viewer), and the same redacted data for every other viewer (`observed_view`;
whether the game is over decides whether its kept missions show). So the block a player shows
the others is shared by every other viewer, and most steps change one player's data at most.

Each block is kept with the JSON of the data it was written from (`orjson`, at C speed), and in
parts (`_PARTS`: the board, the fields, the movement, the bag, the warehouse and cards, the
missions), each with the JSON of the player's values it reads and the numbers it wrote. When the
player's JSON differs, only the parts whose JSON differs are written again, and only the numbers
that differ are stored, in a copy of the block (a block is never changed once handed on, so a
viewer's vector knows it holds the latest by identity). Equal text is equal data as the reader
reads it (numbers, strings, lists, keys), so any state may be observed in any order (clones,
other games): only the work depends on what came before, never the vector. The table's slowly
changing segments (`Observer.FIXED`) are kept likewise; the others (the phase, the turn) are
made at every call and stored where they differ from the viewer's last.

Each viewer's vector is kept as C floats (`array.array`) and handed out as a numpy copy. Each
vector is the same as ``observation(state.view(seat))``, tested at every position of random
games of every variant, every seat and the spectators
(tests/altiplano/test_altiplano_observed_view.py).
"""

from __future__ import annotations

import array
import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt
import orjson

from meeple.games.altiplano.observation import Observer, Sparse
from meeple.games.altiplano.observed_view import as_others_see, table_view

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

_Floats = npt.NDArray[np.float32]
_Writer = Callable[[Observer, Sparse, Mapping[str, Any], int], None]

#: A player's block in parts: the player's values each part is written from, whether it reads
#: what only the player sees (others see it redacted, `as_others_see`), and its writer (into a
#: block at 0; the seat the block is seen from, for the missions passed).
_PARTS: tuple[tuple[tuple[str, ...], bool, _Writer], ...] = (
    (("role", "coins", "figure", "road", "planning"), False, lambda o, e, p, b: o._head(e, 0, p)),
    (
        ("fields", "role_fields", "ext", "ext_fields", "wild"),
        False,
        lambda o, e, p, b: o._fields(e, 0, p),
    ),
    (
        ("move", "carts", "top_used", "bought_cart", "bought_ext", "placed_now"),
        False,
        lambda o, e, p, b: o._movement(e, 0, p),
    ),
    (("bag", "container"), True, lambda o, e, p, b: o._bag(e, 0, p)),
    (
        (
            "warehouse",
            "order",
            "orders_done",
            "houses",
            "boats",
            "buffer",
            "pending_corn",
            "swap",
            "final",
            "final_drawn",
        ),
        False,
        lambda o, e, p, b: o._stored_and_won(e, 0, p),
    ),
    (
        ("missions", "revealed", "hand", "gift", "draft", "seen", "gave"),
        True,
        lambda o, e, p, b: o._missions(e, 0, p, b),
    ),
)
_FIXED = operator.itemgetter(*Observer.FIXED)


def _floats(entries: Sparse, size: int) -> array.array[float]:
    """The entries as C floats, zeros elsewhere."""
    out = array.array("f", bytes(4 * size))
    for i, value in entries.items():
        out[i] = value
    return out


def _store(out: array.array[float], before: Sparse, after: Sparse, at: int = 0) -> None:
    """Turn `before`'s entries (written at `at`) into `after`'s, writing only what differs."""
    for i in before.keys() - after.keys():
        out[at + i] = 0.0
    for i, value in after.items() - before.items():
        out[at + i] = value


class _Block:
    """A player's block as some viewers see it (or the table's fixed segments), and what it
    was written from."""

    __slots__ = ("floats", "parts", "text")

    def __init__(self, text: bytes, parts: list[tuple[bytes, Sparse]], floats: Any) -> None:
        self.text = text  # the player's JSON
        self.parts = parts  # per part: the JSON of its values, its numbers
        self.floats: array.array[float] = floats


class _View:
    """One viewer's last vector, and what it was made of."""

    __slots__ = ("blocks", "fixed", "out", "seated", "seated_text", "seen")

    def __init__(self, size: int, players: int) -> None:
        self.out = array.array("f", bytes(4 * size))
        self.seen = np.frombuffer(self.out, np.float32)
        self.fixed: array.array[float] | None = None
        self.seated: Sparse = {}
        self.seated_text = b""  # the JSON of what `seated` was written from
        self.blocks: list[array.array[float] | None] = [None] * players


class StateObservation:
    """Observations of one encoding's options (`AltiplanoEncoding.state_observer`): one per
    adapter, not shared between threads."""

    def __init__(self, observer: Observer) -> None:
        self.o = observer
        self._parts = _PARTS if observer.missions else _PARTS[:-1]
        self._getters = [operator.itemgetter(*keys) for keys, _, _ in self._parts]
        self._blank_block = array.array("f", bytes(4 * observer.block.size))
        #: the table's fixed segments, and what they were written from
        self._fixed: _Block | None = None
        #: the state's values the table's other segments are written from (with the seat)
        self._seated_values = operator.itemgetter(
            "phase", "round", "end_round", "start", "ext_bought", "firsts", "turn", "passed",
            "ready", *(("drafter",) if observer.role_draft else ()),
        )  # fmt: skip
        #: (seat, whether seen by itself, whether the game is over) -> the block
        self._blocks: dict[tuple[int, bool, bool], _Block] = {}
        self._views: dict[int | None, _View] = {}

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) without what it kept: that only saves work."""
        return (StateObservation, (self.o,))

    def observe(self, state: AltiplanoState, seat: int | None) -> _Floats:
        """The vector ``AltiplanoEncoding.observation(state.view(seat))`` gives (a new
        array)."""
        o = self.o
        src = cast(dict[str, Any], state.s)
        base = 0 if seat is None else seat
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = _View(o.size, o.players)
        out, table_size = view.out, o.table.size
        fixed = self._table_fixed(state, src)
        if view.fixed is not fixed:
            out[:table_size] = view.fixed = fixed
            view.seated, view.seated_text = {}, b""  # written over
        text = orjson.dumps(self._seated_values(src))
        if text != view.seated_text:
            seated: Sparse = {}
            o._table_seated(seated, src, seat, base)
            _store(out, view.seated, seated)
            view.seated, view.seated_text = seated, text
        players, n, size = src["players"], o.players, o.block.size
        over = src["phase"] == "over"
        for k in range(n):
            index = (base + k) % n
            block = self._block(players[index], index, index == seat, over)
            if view.blocks[k] is not block:
                at = table_size + k * size
                out[at : at + size] = view.blocks[k] = block
        return view.seen.copy()

    def _table_fixed(self, state: AltiplanoState, src: dict[str, Any]) -> array.array[float]:
        """The table's fixed segments (`Observer.FIXED`): the kept ones while what they are
        written from is the same, else a copy with the numbers that differ rewritten."""
        text = orjson.dumps(_FIXED(src))
        kept = self._fixed
        if kept is not None and kept.text == text:
            return kept.floats
        entries: Sparse = {}
        self.o._table_fixed(entries, table_view(state))
        if kept is None:
            floats = _floats(entries, self.o.table.size)
        else:
            floats = kept.floats[:]
            _store(floats, kept.parts[0][1], entries)
        self._fixed = _Block(text, [(text, entries)], floats)
        return floats

    def _block(self, p: Any, index: int, own: bool, over: bool) -> array.array[float]:
        """Player `index`'s block as its own seat (`own`) or the others see it: the kept one
        while the player's data is the same, else a copy with the changed parts rewritten."""
        key = (index, own, over and not own)
        text = orjson.dumps(p)
        kept = self._blocks.get(key)
        if kept is not None and kept.text == text:
            return kept.floats
        floats = (kept.floats if kept is not None else self._blank_block)[:]
        parts = kept.parts[:] if kept is not None else [(b"", {})] * len(self._parts)
        others: Any = None  # the data as the others see it, made when a part needs it
        for i, ((_, secret, write), get) in enumerate(zip(self._parts, self._getters, strict=True)):
            part = orjson.dumps(get(p))
            if kept is not None and parts[i][0] == part:
                continue
            data = p
            if secret and not own:
                data = others = as_others_see(p, over) if others is None else others
            entries: Sparse = {}
            write(self.o, entries, data, index)
            _store(floats, parts[i][1], entries)
            parts[i] = (part, entries)
        self._blocks[key] = _Block(text, parts, floats)
        return floats
