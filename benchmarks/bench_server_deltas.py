"""What deltas save (issue 25): bytes per frame and server CPU per move, whole positions
(`state`, as before) against deltas, in one run on the same moves.

A table of four human seats plays a random game in a `TableService` (SQLite in a temporary
folder); after every move each of its five readers (the four seats and a spectator) is pushed
the position as the socket loop does: its payload built once, then sent whole (``frame``) and
as a delta from the last one (``deltas.outgoing`` and ``frame``), both timed with
`time.process_time_ns` on the same payload. Building the payload is the same for both and is
shown apart.

    PYTHONPATH=src python benchmarks/bench_server_deltas.py [--games 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.server import deltas
from meeple.server.messages import frame
from meeple.server.service import SeatChoice, TableService
from meeple.server.store import Store

GAMES = [("tikal", {"players": 4}), ("altiplano", {"players": 4, "missions": True})]


@dataclass
class Reader:
    """What `deltas` reads of a connection."""

    table_id: str
    seat: int | None
    language: str = "en"
    deltas: bool = True
    sent: dict[str, Any] | None = None
    sent_version: int | None = None
    full_next: bool = False
    resume_from: int | None = None
    log_start: int = 0


def play(game: str, options: dict[str, Any], seed: int, folder: Path) -> dict[str, list[int]]:
    """One random game; per push: bytes and nanoseconds of each way."""
    service = TableService(Store(f"sqlite:///{folder / f'{game}-{seed}.db'}"))
    table = service.create(game, options, [SeatChoice()] * options["players"]).id
    live = service._live(table)
    rng = random.Random(seed)
    readers = [Reader(table, seat) for seat in [None, *range(options["players"])]]
    parked = deltas.Parked()
    tally: dict[str, list[int]] = {k: [] for k in ("state_b", "delta_b", "build", "state", "delta")}
    for reader in readers:  # the first push is a whole position either way
        payload = service.payload(table, reader.seat, 0)
        reader.log_start = payload["log_size"]
        deltas.outgoing(reader, payload, parked)  # type: ignore[arg-type]
    moves = 0
    while not live.state.is_over():
        seat = rng.choice(live.state.to_move())
        action = rng.choice(live.state.legal_actions(seat)).to_json()
        assert service.move(table, seat, action, live.version, f"n{moves}").ok
        moves += 1
        for reader in readers:
            start = time.process_time_ns()
            held = deltas.held(reader)  # type: ignore[arg-type]
            payload = service.payload(table, reader.seat, reader.log_start, "en", held)
            built = time.process_time_ns()
            whole = frame(payload)
            encoded = time.process_time_ns()
            delta = frame(deltas.outgoing(reader, payload, parked))  # type: ignore[arg-type]
            done = time.process_time_ns()
            reader.log_start = payload["log_size"]
            tally["build"].append(built - start)
            tally["state"].append(encoded - built)
            tally["delta"].append(done - encoded)
            tally["state_b"].append(len(whole.encode()))
            tally["delta_b"].append(len(delta.encode()))
    tally["moves"] = [moves]
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for game, options in GAMES:
            runs = [play(game, options, args.seed + g, Path(folder)) for g in range(args.games)]
            every = {k: [x for run in runs for x in run[k]] for k in runs[0]}
            pushes = len(every["build"])
            moves = sum(every["moves"])
            readers = pushes // moves
            mean = statistics.fmean
            print(
                f"{game}, {options['players']} players, {moves} moves in {args.games} games, "
                f"{readers} readers a move:"
            )
            print(
                f"  bytes a frame: state {mean(every['state_b']):,.0f}, "
                f"delta {mean(every['delta_b']):,.0f} "
                f"(median {statistics.median(every['state_b']):,.0f} / "
                f"{statistics.median(every['delta_b']):,.0f})"
            )
            per_move = {k: sum(every[k]) / moves / 1e3 for k in ("build", "state", "delta")}
            print(
                f"  CPU a move (all readers), µs: payloads built {per_move['build']:,.0f}; "
                f"then sent whole {per_move['state']:,.0f} "
                f"or as deltas {per_move['delta']:,.0f}; in all "
                f"{per_move['build'] + per_move['state']:,.0f} before, "
                f"{per_move['build'] + per_move['delta']:,.0f} after"
            )


if __name__ == "__main__":
    main()
