"""Playthrough files: a seeded game recorded step by step, for review and regression tests.

The file is JSON Lines, one step per line so that a diff points at the step that changed:
a header line (game, options, seed), one line per step, and a last line with the score sheet.
Each step holds the acting seat, that seat's view, the labels of its legal actions and the
action taken. Replaying the file through the engine must give every step again exactly, so any
change in the engine's behaviour shows up as a diff of the file in review. Regenerate a file on
purpose with ``python -m meeple.engine.playthrough GAME OPTIONS_JSON SEED FILE``.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from meeple.engine.registry import game_class


def record_playthrough(game: str, options: Mapping[str, Any], seed: int) -> dict[str, Any]:
    """Play a seeded game of random legal actions and record every step."""
    state_class = game_class(game)
    state = state_class.new(options, seed)
    rng = random.Random(seed)
    steps = []
    while not state.is_over():
        seat = rng.choice(state.to_move())
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        steps.append(
            {
                "seat": seat,
                "view": _plain(state.view(seat)),
                "legal": [state.action_label(a) for a in legal],
                "action": action.to_json(),
            }
        )
        state.apply(seat, action)
    return {
        "game": game,
        "options": state_class.normalize_options(options),
        "seed": seed,
        "steps": steps,
        "score_sheet": state.score_sheet(),
    }


def replay_playthrough(data: Mapping[str, Any]) -> list[str]:
    """Replay a playthrough; return the differences found (empty when it matches)."""
    state = game_class(data["game"]).new(data["options"], data["seed"])
    problems: list[str] = []
    for index, step in enumerate(data["steps"]):
        seat = step["seat"]
        if seat not in state.to_move():
            return [f"step {index}: seat {seat} is not to move"]
        checks = {
            "view": _plain(state.view(seat)),
            "legal": [state.action_label(a) for a in state.legal_actions(seat)],
        }
        for key, actual in checks.items():
            if actual != step[key]:
                problems.append(f"step {index}: {key} differs")
        if problems:
            return problems
        state.apply(seat, state.parse_action(step["action"]))
    if not state.is_over():
        problems.append("the game is not over after the last step")
    elif _plain(state.score_sheet()) != data["score_sheet"]:
        problems.append("the final score sheet differs")
    return problems


def _plain(data: Any) -> Any:
    """The value as it reads back from JSON (tuples become lists, keys strings)."""
    return json.loads(json.dumps(data))


def write_playthrough(data: Mapping[str, Any], path: str | Path) -> None:
    header = {key: data[key] for key in ("game", "options", "seed")}
    lines = [header, *data["steps"], {"score_sheet": data["score_sheet"]}]
    Path(path).write_text("".join(json.dumps(line, separators=(",", ":")) + "\n" for line in lines))


def read_playthrough(path: str | Path) -> dict[str, Any]:
    lines = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
    return {**lines[0], "steps": lines[1:-1], "score_sheet": lines[-1]["score_sheet"]}


def main(argv: list[str]) -> None:
    game, options, seed, path = argv
    data = record_playthrough(game, json.loads(options), int(seed))
    write_playthrough(data, path)
    print(f"wrote {len(data['steps'])} steps to {path}")


if __name__ == "__main__":
    main(sys.argv[1:])
