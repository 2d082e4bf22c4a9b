"""A digest of everything a user or a bot can see along seeded random games of every table.

Each table (2 to 5 players, roles dealt or drafted, with or without the Missions) plays games of
uniformly random legal play, and at every step the digest takes in the seats to move, their
legal actions (with the labels the players read and the actions the bots try), the state's JSON
form, every seat's view and the spectator's, the log lines each reader gets, and the legal
actions of a clone and of a copy read back from JSON; every few steps also a determinization of
each view under a fixed seed; at the end the score sheet, its words and the winners.

A change to the engine that should change nothing anyone sees keeps the digest: the test
(test_altiplano_digest.py) checks a small sample against a recorded value, and run as a script
with a larger sample the module prints the digest to compare before and after such a change:

    python tests/altiplano/altiplano_digest.py --games 8
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from meeple.games.altiplano import AltiplanoState

#: Every table: (players, role draft, missions).
TABLES = [
    (players, role_draft, missions)
    for players in (2, 3, 4, 5)
    for role_draft in (False, True)
    for missions in (False, True)
]
#: Steps between two determinizations of every view.
DETERMINIZE_EVERY = 17


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def _game_parts(players: int, role_draft: bool, missions: bool, seed: int) -> Iterator[bytes]:
    """What one game shows, part by part."""
    options = {"players": players, "role_draft": role_draft, "missions": missions}
    state = AltiplanoState.new(options, seed)
    rng = random.Random(seed)
    viewers: list[int | None] = [None, *range(players)]
    step = 0
    while not state.is_over():
        movers = state.to_move()
        yield _dump(movers)
        for seat in movers:
            actions = state.legal_actions(seat)
            yield _dump([repr(action) for action in actions])
            yield _dump([state.action_label(action) for action in actions])
            yield _dump([repr(action) for action in state.tried_actions(seat)])
        yield _dump(state.to_json())
        for viewer in viewers:
            yield _dump(state.view(viewer))
        copies = (state.clone(), AltiplanoState.from_json(state.to_json()))
        for copy in copies:
            yield _dump([[repr(a) for a in copy.legal_actions(seat)] for seat in movers])
        if step % DETERMINIZE_EVERY == 0:
            for viewer in viewers:
                sampled = AltiplanoState.determinize(state.view(viewer), random.Random(step))
                yield _dump(sampled.to_json())
        before = state.clone()
        seat = rng.choice(movers)
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        logs = state.narrate_all(before, seat, action, viewers)
        yield _dump({str(k): [entry.to_json() for entry in v] for k, v in logs.items()})
        step += 1
    yield _dump(state.score_sheet())
    yield _dump(state.score_words())
    yield _dump(state.winners())


def digest(games: int, first_seed: int = 0, tables: list[tuple[int, bool, bool]] = TABLES) -> str:
    """The hex digest of `games` games of each of `tables` (every table unless told), seeds
    from `first_seed`."""
    hasher = hashlib.sha256()
    for players, role_draft, missions in tables:
        for seed in range(first_seed, first_seed + games):
            for part in _game_parts(players, role_draft, missions, seed):
                hasher.update(part)
    return hasher.hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games per table (default 8)")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    print(digest(args.games, args.first_seed))


if __name__ == "__main__":
    main()
