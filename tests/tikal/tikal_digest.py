"""One hash of everything a user or a bot can see of seeded random Tikal games.

Moving Tikal's rules between modules (issue 27) must change nothing anyone sees. This plays
seeded random games of every table (2 to 4 players, base and auction) and hashes, at every
step: the legal actions of the seat to move, the state's JSON form, every seat's view and the
spectator's, the label of the action played and the log lines each reader gets, the refusals
("why not") of the seat's tried actions, the legal actions of a clone and of a copy read back
from JSON, and the state a determinization deals; at the end, the score sheet. Two trees that
give the same hex digest play the same games in the same words.

`test_tikal_digest.py` checks a small sample against a recorded value. Run as a script for a
larger sample (pure or compiled: whichever ``meeple`` is first on ``PYTHONPATH``):

    PYTHONPATH=src python tests/tikal/tikal_digest.py 50
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

from meeple.engine.errors import MeepleError
from meeple.games.tikal import TikalState

#: Every table: (players, auction).
TABLES = [(players, auction) for players in (2, 3, 4) for auction in (False, True)]


def _feed(digest: Any, value: object) -> None:
    digest.update(json.dumps(value, sort_keys=True, default=repr).encode())
    digest.update(b"\n")


def _refusals(state: TikalState, seat: int) -> list[object]:
    """What the rules answer to each action of the "why not" help: allowed, or the refusal."""
    answers: list[object] = []
    for action in state.tried_actions(seat):
        trial = state.clone()
        try:
            trial.apply(seat, action)
        except MeepleError as exc:
            answers.append([repr(action), type(exc).__name__, str(exc)])
        else:
            answers.append([repr(action), "allowed"])
    return answers


def play(digest: Any, players: int, auction: bool, seed: int) -> None:
    """Feed `digest` one seeded random game of this table."""
    state = TikalState.new({"players": players, "auction": auction}, seed)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(players), None]
    step = 0
    while not state.is_over():
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        _feed(digest, [repr(a) for a in legal])
        _feed(digest, state.to_json())
        _feed(digest, [state.view(viewer) for viewer in viewers])
        _feed(digest, [repr(a) for a in state.clone().legal_actions(seat)])
        _feed(digest, [repr(a) for a in TikalState.from_json(state.to_json()).legal_actions(seat)])
        if step % 7 == 0:
            _feed(digest, _refusals(state, seat))
            dealt = TikalState.determinize(state.view(seat), random.Random(step))
            _feed(digest, dealt.to_json())
        action = rng.choice(legal)
        _feed(digest, state.action_label(action))
        tried = state.clone_to_try(action)
        before = state.clone()
        state.apply(seat, action)
        tried.apply(seat, action)
        _feed(digest, tried.legal_actions(seat) == state.legal_actions(seat))
        lines = state.narrate_all(before, seat, action, viewers)
        _feed(digest, [[entry.to_json() for entry in lines[viewer]] for viewer in viewers])
        step += 1
    _feed(digest, state.score_sheet())
    _feed(digest, [state.view(viewer) for viewer in viewers])


def digest(games_per_table: int) -> str:
    """The hex digest of `games_per_table` seeded games of every table."""
    hashed = hashlib.sha256()
    for players, auction in TABLES:
        for seed in range(games_per_table):
            play(hashed, players, auction, seed)
    return hashed.hexdigest()


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    print(f"{count} games a table: {digest(count)}")
