"""Shared helpers of the arena tests: run the command, read its files without wall-clock times."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from typer.testing import CliRunner

from meeple.cli.main import app

runner = CliRunner()

#: The fixed small real run of these tests.
SMALL = ("--game", "tikal", "--bots", "greedy,random", "--players", "2", "--games", "4")


def arena(*args: str):
    return runner.invoke(app, ["arena", *args], env={"COLUMNS": "120"})


def game_lines(out: Path) -> list[dict]:
    """games.jsonl without the wall-clock seconds, the only field that may differ between runs."""
    lines = [json.loads(text) for text in (out / "games.jsonl").read_text().splitlines()]
    for line in lines:
        del line["seconds"]
    return lines


def timeless_summary(out: Path) -> dict:
    summary = json.loads((out / "summary.json").read_text())
    del summary["timing"]
    return summary


def timeless_games_csv(out: Path) -> list[dict]:
    with (out / "games.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    for row in rows:
        del row["seconds"]
    return rows
