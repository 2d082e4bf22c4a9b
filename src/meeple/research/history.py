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
    action is known, the action's index (0 when not known), the digest of the observation
    after the step."""

    players: int
    rows: int

    @property
    def width(self) -> int:
        return self.players + 4

    @property
    def size(self) -> int:
        return 3 + self.rows * self.width

    def fill(self, out: npt.NDArray[np.float32], history: SeatHistory) -> None:
        """Write a seat's history into `out` (a flat float32 array of `size`); the numbers are
        kept with the history until it changes (OpenSpiel asks twice for each tensor)."""
        if history.section is None:
            section = np.zeros(self.size, np.float32)
            self._write(section, history.rows, history.folded, history.chain)
            history.section = section
        out[:] = history.section

    def _write(
        self, out: npt.NDArray[np.float32], rows: list[Row], folded: int, chain: bytes
    ) -> None:
        out[0] = folded
        out[1:3] = digest_pair(chain) if folded else (0.0, 0.0)
        if not rows:
            return
        table = out[3:].reshape(self.rows, self.width)
        data = np.array(rows[-self.rows :], dtype=np.float64)
        count = len(data)
        movers = data[:, 0].astype(np.intp)
        acted = movers >= 0
        table[np.flatnonzero(acted), movers[acted]] = 1.0
        known = data[:, 1] >= 0
        table[:count, self.players] = known
        table[:count, self.players + 1] = np.where(known, data[:, 1], 0.0)
        table[:count, self.players + 2 :] = data[:, 2:]


class SeatHistory:
    """The rows of one seat, with the steps that no longer fit folded into a chain; and the
    observation of the seat's latest view, which the rows' digests are made from and the
    information state tensor begins with (kept so that it is made once)."""

    __slots__ = ("chain", "folded", "limit", "observation", "rows", "section")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.rows: list[Row] = []
        self.folded = 0
        self.chain = b""
        self.observation: npt.NDArray[np.float32] | None = None
        #: The section's numbers (`HistoryLayout.fill`), until a row is added; never changed.
        self.section: npt.NDArray[np.float32] | None = None

    def copy(self) -> SeatHistory:
        other = SeatHistory(self.limit)
        other.rows, other.folded, other.chain = self.rows[:], self.folded, self.chain
        other.observation, other.section = self.observation, self.section
        return other

    def add(self, row: Row, observation: npt.NDArray[np.float32]) -> None:
        """Take a step (or the start) in, with the seat's observation after it."""
        self.observation, self.section = observation, None
        self.rows.append(row)
        if len(self.rows) > self.limit:
            old = self.rows.pop(0)
            self.chain = hashlib.sha256(self.chain + repr(old).encode()).digest()
            self.folded += 1
