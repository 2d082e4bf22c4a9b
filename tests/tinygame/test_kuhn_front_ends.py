"""Kuhn poker, installed the way another package would install a game, is found through its
``meeple.games`` entry point and plays in the terminal and in the arena with nothing in meeple
naming it: its options are flags because it declares them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from kuhn import GAME, RANKS, KuhnState
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.engine import registry
from meeple.engine.record import GameRecord

TINYGAME = Path(__file__).parent
#: ``meeple`` in a fresh interpreter, where only an entry point can make Kuhn poker known.
MEEPLE = [sys.executable, "-c", "from meeple.cli.main import main; main()"]


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A folder of installed distributions holding one: Kuhn poker, with its entry point."""
    dist = tmp_path / "site" / "kuhn_poker-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: kuhn-poker\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[meeple.games]\nkuhn = kuhn:GAME\n")
    return dist.parent


def run_meeple(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``meeple ARGS`` in a new process with the distribution and the package on its path."""
    paths = [str(site), str(TINYGAME), os.environ.get("PYTHONPATH", "")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "COLUMNS": "100"}
    return subprocess.run(
        [*MEEPLE, *args], env=env, capture_output=True, text=True, timeout=120, check=False
    )


def test_the_entry_point_makes_the_game_known(site, monkeypatch):
    monkeypatch.setattr(registry, "_registered", {})  # as if the module had never registered
    monkeypatch.setattr(registry, "_loaded", {})
    assert "kuhn" not in registry.game_names()
    monkeypatch.syspath_prepend(str(site))
    assert "kuhn" in registry.game_names()
    assert registry.game_info("kuhn") is GAME


def test_bots_play_it_in_the_terminal(site, tmp_path):
    record = tmp_path / "hand.json"
    result = run_meeple(
        site, "play", "kuhn", "--humans", "0", "--seed", "1", "--record", str(record)
    )
    assert result.returncode == 0, result.stderr
    assert "Kuhn, 2 players (seats 1: medium, 2: medium), seed 1" in result.stdout
    assert "Kuhn poker · pot" in result.stdout and "Game over" in result.stdout
    state = GameRecord.load(record).replay()
    assert state.is_over() and f"with {max(state.scores())} points" in result.stdout


def run(*args: str, input: str | None = None):
    """``meeple ARGS`` in this process, where importing the package has registered the game."""
    return CliRunner().invoke(app, list(args), input=input, env={"COLUMNS": "100"})


def test_its_own_options_are_flags(tmp_path):
    record = tmp_path / "hand.json"
    result = run(
        "play", "kuhn", "--players", "3", "--lowball", "--start-player", "3",
        "--humans", "0", "--bot", "random", "--seed", "4", "--record", str(record),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "--seed 4 --lowball --start-player 3 --bot random" in result.output
    options = json.loads(record.read_text())["options"]
    assert options == {"players": 3, "lowball": True, "start_player": 2}
    assert GameRecord.load(record).replay().is_over()
    help_text = " ".join(run("play", "--help").output.split())
    assert "kuhn: 2 to 3 players (2 by default)" in help_text
    assert "--lowball The lowest card wins the showdown." in help_text
    wrong = run("play", "kuhn", "--auction", "--humans", "0")
    assert wrong.exit_code == 2 and "--auction is not an option of kuhn" in wrong.output


def test_a_human_plays_it_at_the_terminal_and_sees_only_their_card(tmp_path):
    record = tmp_path / "hand.json"
    result = run(
        "play", "kuhn", "--seed", "1", "--bot", "random", "--record", str(record),
        input="?\n1\n1\n1\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Blue to play" in result.output and "Open" in result.output
    assert "Not allowed now" in result.output and "[no bet] nobody has bet" in result.output
    assert "Game over" in result.output
    actions = json.loads(record.read_text())["actions"]
    assert actions[0] == {"seat": 0, "action": {"kind": "check"}}
    dealt = KuhnState.new(None, 1).cards
    before_showdown = result.output.split("Showdown")[0]
    assert RANKS[dealt[0]] in before_showdown
    assert RANKS[dealt[1]] not in before_showdown  # the bot's card
    assert RANKS[dealt[2]] not in result.output  # the card nobody holds


def test_bots_play_it_in_the_arena(site, tmp_path):
    out = tmp_path / "arena"
    result = run_meeple(
        site, "arena", "--game", "kuhn", "--bots", "random,greedy", "--games", "4",
        "--workers", "2", "--lowball", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = [json.loads(text) for text in (out / "games.jsonl").read_text().splitlines()]
    assert len(lines) == 4 and all(line["error"] is None for line in lines)
    assert all(sum(line["scores"]) == 0 for line in lines)  # chips change hands
    summary = json.loads((out / "summary.json").read_text())
    assert summary["config"]["options"] == {"players": 2, "lowball": True, "start_player": 0}
