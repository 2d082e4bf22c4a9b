"""Shared helpers of the CLI tests."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    """Run ``meeple ARGS``. A ``play`` without ``--bot`` gets greedy bots: the default level
    searches for half a second a decision, too slow for whole games in tests (its own tests
    name it)."""
    argv = list(args)
    if argv[:1] == ["play"] and "--bot" not in argv:
        argv += ["--bot", "greedy"]
    return runner.invoke(app, argv, input=input, env={"COLUMNS": "100"})


def final_scores_block(output: str) -> str:
    """The final score sheet and the winner line of an output (whatever the game's sheet)."""
    start = output.lower().rfind("score sheet")
    if start < 0:
        start = output.index("Final scores")
    return output[start : output.index(" points", start)]


def record_actions(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["actions"]
