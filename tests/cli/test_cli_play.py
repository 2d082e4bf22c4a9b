"""Unattended bot games, replays, and the score sheet."""

from __future__ import annotations

import json
import re

import pytest
from cli_helpers import final_scores_block, invoke, runner

from meeple.cli.main import app
from meeple.engine.record import GameRecord


@pytest.mark.parametrize(
    ("players", "extra"),
    [("2", []), ("3", []), ("4", []), ("3", ["--auction"]), ("2", ["--bot", "random"])],
)
def test_cli_bot_game_completes_with_score_sheet(tmp_path, players, extra):
    path = tmp_path / "game.json"
    result = invoke(
        "play",
        "tikal",
        "--players",
        players,
        "--humans",
        "0",
        "--seed",
        "11",
        "--record",
        str(path),
        *extra,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seed 11" in out
    assert "Tikal score sheet" in out and "Final scores" in out
    assert "WINNER" in out and ("Winner:" in out or "Shared win:" in out)
    assert str(path) in out
    record = GameRecord.load(path)
    state = record.replay()
    assert state.is_over()
    assert state.num_players == int(players)
    assert state.score_sheet()["rounds"], "at least the final scoring round"
    for seat, score in enumerate(state.scores()):
        assert str(score) in out
        assert seat in range(int(players))
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["cli"]["seats"] == [extra[1] if extra[:1] == ["--bot"] else "greedy"] * int(
        players
    )


def test_cli_replay_prints_the_same_final_scores(tmp_path):
    path = tmp_path / "game.json"
    played = invoke("play", "tikal", "--humans", "0", "--seed", "4", "--record", str(path))
    assert played.exit_code == 0, played.output
    replayed = invoke("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert final_scores_block(replayed.output) == final_scores_block(played.output)
    assert "Tikal score sheet" in replayed.output


def test_cli_same_seed_same_game(tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    for path in (a, b):
        result = invoke(
            "play", "tikal", "--players", "2", "--humans", "0", "--seed", "9", "--record", str(path)
        )
        assert result.exit_code == 0, result.output
    assert json.loads(a.read_text())["actions"] == json.loads(b.read_text())["actions"]


def test_cli_default_record_path_and_random_seed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "tikal", "--humans", "0", "--players", "2")
    assert result.exit_code == 0, result.output
    files = list((tmp_path / "meeple-games").glob("tikal-*-seed*.json"))
    assert len(files) == 1
    seed = int(files[0].stem.rsplit("seed", 1)[1])
    assert f"seed {seed}" in result.output
    assert GameRecord.load(files[0]).seed == seed


def test_cli_replay_of_unfinished_record(tmp_path):
    path = tmp_path / "part.json"
    invoke("play", "tikal", "--seed", "3", "--record", str(path), input="1\nq\n")
    result = invoke("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "not over" in result.output


def test_cli_bots_per_seat_and_levels(tmp_path):
    path = tmp_path / "game.json"
    args = ("play", "tikal", "--players", "2", "--humans", "0", "--seed", "5")
    result = invoke(*args, "--bot", "random,ismcts:3i", "--record", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["cli"]["seats"] == ["random", "ismcts:3i"]
    assert "--bot random,ismcts:3i" in result.output  # the reproduce line names both
    assert GameRecord.load(path).replay().is_over()


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("greedy,random,random", "2 bot seats"),
        ("strong", "unknown bot 'strong'"),
        ("ismcts:fast", "a budget is like"),
        ("greedy:1s", "takes no budget"),
    ],
)
def test_cli_bad_bot_specs_are_clear_errors(tmp_path, bot, message):
    path = tmp_path / "game.json"
    result = invoke("play", "tikal", "--players", "2", "--humans", "0", "--bot", bot)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output
    assert not path.exists()


def test_cli_default_bots_are_the_medium_level(tmp_path):
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "tikal", "--record", str(path)], input="q\n")
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["cli"]["seats"] == ["human", "medium", "medium"]


def test_an_unattended_game_reports_progress_with_the_renderers_detail():
    """Every 100 moves a bot-only game prints its scores, and what the game's renderer adds
    (Tikal: the tiles left on the stack)."""
    result = invoke("play", "tikal", "--players", "2", "--humans", "0", "--seed", "5", "--plain")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("… move ")]
    assert lines and lines[0].startswith("… move 100 · scores ")
    assert all(re.search(r" · \d+ tiles left$", line) for line in lines), lines
