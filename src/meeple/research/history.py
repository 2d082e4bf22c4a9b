"""A seat's history as a fixed-size numeric section, for OpenSpiel's information state tensor.

The observation tensor is the seat's view now; an information state must also tell apart
histories the seat could tell apart. So the seat keeps one row per step of the game, made only
from what it has seen: who acted (counted from the seat, as the observation counts players),
the action's index in the game's action space when the seat may know it, and a digest of its
observation tensor after the step. The digest is how the section remembers what chance (a
draw, a reveal) or another seat's visible effects showed the seat and the current view no
longer holds; it is made from the observation, so it is as secret as the observation is, and
it is small (two numbers) where the observation is thousands.

An action of another seat is hidden when it was taken in a simultaneous step (several seats in
`GameState.to_move`) or is of a kind the game keeps secret (`Encoding.secret_kinds`: the
mission cards an Altiplano seat keeps and passes); every other action the seat sees made, as
at the table (tests/research hold the games to this: a shown action is one no other choice
would have shown the seat the same way).

The section holds the last `rows` steps; steps before them are folded into a SHA-256 chain
(two numbers and a count), so a game longer than the section still gives every distinct
history its own tensor. Row 0 is the start (the seat's first view), so with `rows` above the
game's length bound nothing is ever folded.
"""

from __future__ import annotations

import dataclasses
import hashlib

import numpy as np
import numpy.typing as npt

#: One step as the seat saw it: (acting seat counted from the seat or -1 at the start,
#: the action's index or -1 when hidden, the two digest numbers).
Row = tuple[int, int, float, float]

#: The most rows a history section holds; older steps are folded into the chain.
MOST_ROWS = 1024

_SCALE = 1.0 / (1 << 24)  # a 24-bit part of a digest as a float32 in [0, 1), exactly


def digest_pair(data: bytes) -> tuple[float, float]:
    """Two 24-bit parts of the SHA-256 of `data`, as exact float32 numbers in [0, 1)."""
    head = hashlib.sha256(data).digest()
    return (
        int.from_bytes(head[:3], "big") * _SCALE,
        int.from_bytes(head[3:6], "big") * _SCALE,
    )


def observation_digest(observation: npt.NDArray[np.float32]) -> tuple[float, float]:
    return digest_pair(observation.tobytes())


def step_row(
    seat: int, mover: int, action: int, secret: bool, after: tuple[float, float], players: int
) -> Row:
    """The row of one step for `seat`: `mover` played `action` (`secret`: a choice the other
    seats may not know), and the seat's observation afterwards had digest `after`."""
    seen = mover == seat or not secret
    return ((mover - seat) % players, action if seen else -1, *after)


def start_row(after: tuple[float, float]) -> Row:
    return (-1, -1, *after)


@dataclasses.dataclass(frozen=True, slots=True)
class HistoryLayout:
    """Where a history section's numbers go: a fold part (steps folded: their count and chain
    digest), then `rows` rows of `width` numbers, oldest first: the acting seat one-hot
    (counted from the seat; zeros in the start row and in unused rows), a flag that the
    action is known, the action's index divided by `actions` (in [0, 1); 0 when not known),
    the digest of the observation after the step. The fold count is divided by `rows`, so
    every number is of the order of 1, as networks like them."""

    players: int
    rows: int
    actions: int  # the size of the game's action space

    @property
    def width(self) -> int:
        return self.players + 4

    @property
    def size(self) -> int:
        return 3 + self.rows * self.width

    def write_row(self, out: npt.NDArray[np.float32], row: Row) -> None:
        """Write one row into `out` (`width` numbers)."""
        mover, action, first, second = row
        out[:] = 0.0
        if mover >= 0:
            out[mover] = 1.0
        if action >= 0:
            out[self.players] = 1.0
            out[self.players + 1] = action / self.actions
        out[self.players + 2] = first
        out[self.players + 3] = second

    def fill(self, out: npt.NDArray[np.float32], history: SeatHistory) -> None:
        """Write a seat's history into `out` (a flat float32 array of `size`)."""
        out[:] = history.section


class SeatHistory:
    """One seat's history section, written a row at a step (the steps that no longer fit are
    folded into the chain); and the observation of the seat's latest view, which the rows'
    digests are made from and the information state tensor begins with (kept so that it is
    made once). Copies share the section until one of them takes a step."""

    __slots__ = ("chain", "count", "folded", "last", "layout", "observation", "owned", "section")

    def __init__(self, layout: HistoryLayout) -> None:
        self.layout = layout
        self.section = np.zeros(layout.size, np.float32)
        self.owned = True  # no copy shares `section`
        self.count = 0  # rows written
        self.folded = 0
        self.chain = b""
        self.observation: npt.NDArray[np.float32] | None = None
        self.last: Row | None = None

    def copy(self) -> SeatHistory:
        other = SeatHistory.__new__(SeatHistory)
        other.layout, other.section, other.count = self.layout, self.section, self.count
        other.folded, other.chain = self.folded, self.chain
        other.observation, other.last = self.observation, self.last
        self.owned = other.owned = False
        return other

    def add(self, row: Row, observation: npt.NDArray[np.float32]) -> None:
        """Take a step (or the start) in, with the seat's observation after it."""
        if not self.owned:
            self.section, self.owned = self.section.copy(), True
        layout = self.layout
        table = self.section[3:].reshape(layout.rows, layout.width)
        if self.count < layout.rows:
            at, self.count = self.count, self.count + 1
        else:
            self.chain = hashlib.sha256(self.chain + table[0].tobytes()).digest()
            self.folded += 1
            table[:-1] = table[1:]
            self.section[0] = self.folded / layout.rows
            self.section[1:3] = digest_pair(self.chain)
            at = layout.rows - 1
        layout.write_row(table[at], row)
        self.observation, self.last = observation, row
