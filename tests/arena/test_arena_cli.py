"""``meeple arena`` on the command line: the files it writes, and clear errors for bad input."""

from __future__ import annotations

import csv
import importlib
import json
import sys

import pytest
from arena_helpers import SMALL, arena


def test_default_directory_and_every_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = arena(*SMALL, "--seed", "3")
    assert result.exit_code == 0, result.output
    out = tmp_path / "meeple-arena" / "tikal-2p-seed3"
    for name in ("summary.json", "games.csv", "summary.csv", "winrates.png"):
        assert f"meeple-arena/tikal-2p-seed3/{name}" in result.output
    for header in ("Entrant", "Win % [95 %]", "Rating", "greedy", "random"):
        assert header in result.output
    png = (out / "winrates.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000
    assert "Charts skipped" not in result.output
    config = json.loads((out / "arena.json").read_text())
    assert (config["game"], config["options"]["players"], config["seed"]) == ("tikal", 2, 3)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["config"] == config
    assert {e["entrant"] for e in summary["entrants"]} == {"greedy", "random"}
    assert set(summary["timing"]) == {"total_seconds", "seconds_per_game", "wall_seconds"}
    with (out / "games.csv").open(newline="") as stream:
        rows = list(csv.DictReader(stream))
    assert [row["index"] for row in rows] == ["0", "1", "2", "3"]
    assert rows[1]["lineup"] == "random;greedy" and rows[0]["error"] == ""
    with (out / "summary.csv").open(newline="") as stream:
        entrants = list(csv.DictReader(stream))
    assert [row["entrant"] for row in entrants] == [e["entrant"] for e in summary["entrants"]]
    assert float(entrants[0]["rating"]) == pytest.approx(summary["entrants"][0]["rating"])


def test_duplicate_bots_and_game_options(tmp_path):
    out = tmp_path / "alt"
    args = ("--game", "altiplano", "--bots", "random,random", "--players", "2", "--games", "2")
    result = arena(*args, "--role-draft", "--missions", "--out", str(out))
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["config"]["options"]["role_draft"] is True
    assert summary["config"]["options"]["missions"] is True
    assert [e["spec"] for e in summary["entrants"]] == ["random", "random"]
    assert {e["entrant"] for e in summary["entrants"]} == {"random#1", "random#2"}


def test_rerun_finds_the_games_and_plays_none(tmp_path):
    out = tmp_path / "again"
    assert arena(*SMALL, "--out", str(out)).exit_code == 0
    before = (out / "games.jsonl").read_text()
    result = arena(*SMALL, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Found 4 of 4 games" in result.output
    assert (out / "games.jsonl").read_text() == before


def test_another_configuration_in_the_same_directory_is_refused(tmp_path):
    out = tmp_path / "taken"
    assert arena(*SMALL, "--out", str(out)).exit_code == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    result = arena("--game", "tikal", "--bots", "random,greedy", "--players", "2", "--games", "4",
                   "--out", str(out))  # fmt: skip
    assert result.exit_code == 2
    assert result.output.startswith("Error:") and "another configuration" in result.output
    assert "bots" in result.output
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before


@pytest.fixture
def no_matplotlib(monkeypatch):
    """Importing matplotlib fails, as without the 'charts' extra (submodules loaded by earlier
    tests are blocked too, else a ``from matplotlib.figure import`` would still find them)."""
    loaded = [name for name in sys.modules if name.startswith("matplotlib.")]
    for name in ["matplotlib", *loaded]:
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError):
        importlib.import_module("matplotlib.figure")


def test_without_matplotlib_the_tables_are_written_and_the_hint_said_once(
    tmp_path, monkeypatch, no_matplotlib
):
    out = tmp_path / "plain"
    result = arena(*SMALL, "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Arena results" in result.output
    for name in ("summary.json", "games.csv", "summary.csv"):
        assert f"{out / name}" in result.output and (out / name).stat().st_size > 0
    assert "winrates.png" not in result.output.split("Files:")[1].splitlines()[0]
    assert not (out / "winrates.png").exists()
    assert result.output.count("Charts skipped") == 1
    assert "install the 'charts' extra (pip install -e '.[charts]'" in result.output
    # A chart of earlier results would contradict the tables: it goes.
    (out / "winrates.png").write_bytes(b"\x89PNG stale")
    again = arena(*SMALL, "--out", str(out))
    assert again.exit_code == 0, again.output
    assert again.output.count("Charts skipped") == 1
    assert not (out / "winrates.png").exists()
    # Once installed, the same command draws the chart without playing a game (README).
    monkeypatch.undo()
    charted = arena(*SMALL, "--out", str(out))
    assert charted.exit_code == 0, charted.output
    assert "Found 4 of 4 games" in charted.output and "Charts skipped" not in charted.output
    assert (out / "winrates.png").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


BAD_INPUTS = [
    (("--game", "chess", "--bots", "random"), "unknown game"),
    (("--game", "tikal", "--bots", "random,grumpy"), "unknown bot 'grumpy'"),
    (("--game", "tikal", "--bots", "random,ismcts:fast"), "a budget is like"),
    (("--game", "tikal", "--bots", "random,,greedy"), "empty entry"),
    (("--game", "tikal", "--bots", "random", "--players", "5"), "players"),
    (("--game", "altiplano", "--bots", "random", "--players", "1"), "players"),
    (("--game", "tikal", "--bots", "random", "--games", "0"), "--games must be at least 1"),
    (("--game", "tikal", "--bots", "random", "--workers", "0"), "--workers must be at least 1"),
    (("--game", "altiplano", "--bots", "random", "--auction"), "--auction is not an option"),
    (("--game", "tikal", "--bots", "random", "--role-draft"), "--role-draft is not an option"),
    (("--game", "tikal", "--bots", "random", "--missions"), "--missions is not an option"),
]


@pytest.mark.parametrize(("args", "words"), BAD_INPUTS)
def test_bad_input_is_one_clear_line_and_writes_nothing(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    result = arena(*args)
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error:") and words in result.output
    assert result.output.strip().count("\n") == 0
    assert "Traceback" not in result.output
    assert list(tmp_path.iterdir()) == []
