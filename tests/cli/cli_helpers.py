"""Shared helpers of the CLI tests."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input, env={"COLUMNS": "100"})


def final_scores_block(output: str) -> str:
    """The final score sheet and the winner line of an output (whatever the game's sheet)."""
    start = output.lower().rfind("score sheet")
    if start < 0:
        start = output.index("Final scores")
    return output[start : output.index(" points", start)]


def record_actions(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["actions"]
