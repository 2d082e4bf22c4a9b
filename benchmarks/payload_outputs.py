"""Whether two trees' servers send the same positions over the same random games: the check
that a change made for speed (`bench_server_instructions.py`) changed nothing a reader is sent.

    python benchmarks/payload_outputs.py BEFORE AFTER [--moves 3000] [--seeds 2]

Each ``TREE`` is a source folder holding ``meeple/``. For each tree a process with it first on
the path plays seeded random games of both games at several table sizes and options through
`LiveTable` (its `play` and `take_back`, as the service calls them; an undo now and then where
the policy allows one), and at every position asks every reader (each seat and a spectator) for
its payload in English and German, each from the log that reader was last sent (as a socket
asks, with the version it holds), in an order that changes from position to position. Each
payload is encoded as the server encodes it (orjson, keys sorted here) and recorded by digest.
The games are seeded alike, so equal records mean equal positions for every reader.

Each process also checks that no payload changes once made: the payloads of the position
before are encoded again after the next move (and its payloads) and compared with what they
were (a payload that shares parts with the engine, or with a later payload that something
edits, would differ); it prints how many it checked and how many changed (none may).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from typing import Any

import tree_records
from tree_records import record_if_asked

TABLES: dict[str, tuple[dict[str, Any], ...]] = {
    "tikal": ({"players": 2}, {"players": 3, "auction": True}, {"players": 4}),
    "altiplano": (
        {"players": 2},
        {"players": 3, "role_draft": True, "missions": True},
        {"players": 4, "missions": True},
        {"players": 5, "role_draft": True},
    ),
}
LANGUAGES = ("en", "de")


def record(moves: int, seeds: int) -> tuple[list[Any], int, int]:
    """Digests of every reader's payload at every position, in order; how many earlier
    payloads were checked again after the next move, and how many had changed."""
    import orjson

    from meeple.server.live import LiveTable
    from meeple.server.schema import HUMAN
    from meeple.server.store import StoredSeat, StoredTable

    def encoded(payload: dict[str, Any]) -> bytes:
        return orjson.dumps(payload, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)

    out: list[Any] = []
    checked = changed = 0
    for game, tables in TABLES.items():
        for number, options in enumerate(tables):
            for seed in range(seeds):
                rng = random.Random(f"{game} {number} {seed}")
                stored = StoredTable(
                    id=f"{game}-{number}-{seed}",
                    game=game,
                    options=options,
                    seed=seed,
                    admin_hash="a" * 64,
                    seats=[StoredSeat(s, HUMAN) for s in range(options["players"])],
                )
                table = LiveTable.from_stored(stored)
                readers = table.readers
                sent: dict[tuple[Any, str], tuple[int, int]] = {}
                before: list[tuple[dict[str, Any], bytes]] = []
                played = 0
                while True:
                    # This position's payloads, readers and languages in a shuffled order.
                    asked = [(reader, language) for reader in readers for language in LANGUAGES]
                    rng.shuffle(asked)
                    made = []
                    for reader, language in asked:
                        log_start, held = sent.get((reader, language), (0, None))
                        payload = table.payload(reader, log_start, language, held)
                        data = encoded(payload)
                        made.append((payload, data))
                        sent[reader, language] = (payload["log_size"], table.version)
                        digest = hashlib.sha256(data).hexdigest()[:20]
                        out.append((game, number, seed, table.version, reader, language, digest))
                    for payload, data in before:
                        checked += 1
                        changed += encoded(payload) != data
                    before = made
                    state = table.state
                    if state.is_over() or played >= moves:
                        break
                    at = float(table.version + 1)
                    last = table.moves[-1].seat if table.moves else None
                    undo = last is not None and table.undo_refusal(last) is None
                    if undo and rng.random() < 0.08:
                        table.take_back(table.rebuilt(len(table.moves) - 1), at)
                    else:
                        seat = rng.choice(state.to_move())
                        table.play(seat, rng.choice(state.legal_actions(seat)), at)
                        played += 1
                    table.version += 1
                out.append((game, number, seed, "end", table.version, table.state.is_over()))
    return out, checked, changed


def main() -> None:
    if record_if_asked(record):
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    records = tree_records.records(__file__, args.trees, args.moves, args.seeds)
    failed = False
    for tree, (_, checked, changed) in zip(args.trees, records, strict=True):
        print(f"{tree}: {checked} payloads encoded again after the next move, {changed} changed")
        failed |= changed > 0
    before, after = records[0][0], records[1][0]
    differing = [i for i, (a, b) in enumerate(zip(before, after, strict=False)) if a != b]
    ends = [r for r in before if r[3] == "end"]
    print(
        f"{len(before)} and {len(after)} payloads and game ends ({len(ends)} games, "
        f"{sum(r[5] for r in ends)} played to the end); {len(differing)} differ"
    )
    for i in differing[:5]:
        print(f"  #{i}: {before[i]!r} against {after[i]!r}")
    if failed or differing or len(before) != len(after):
        sys.exit(1)


if __name__ == "__main__":
    main()
