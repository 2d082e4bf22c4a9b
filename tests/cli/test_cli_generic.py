"""The play loop is generic: it runs any registered game through the GameState interface."""

from __future__ import annotations

import json

from cli_helpers import final_scores_block, invoke

from meeple.engine.record import GameRecord


def test_cli_altiplano_bot_game_and_replay(tmp_path):
    path = tmp_path / "alt.json"
    result = invoke(
        "play",
        "altiplano",
        "--players",
        "2",
        "--humans",
        "0",
        "--seed",
        "7",
        "--role-draft",
        "--record",
        str(path),
    )
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output or "Shared win:" in result.output
    options = json.loads(path.read_text())["options"]
    assert options["players"] == 2 and options["role_draft"] is True
    assert GameRecord.load(path).replay().is_over()
    replayed = invoke("replay", str(path))
    assert replayed.exit_code == 0, replayed.output
    assert final_scores_block(replayed.output) == final_scores_block(result.output)


def test_cli_altiplano_human_sees_a_menu_and_can_quit(tmp_path):
    path = tmp_path / "alt.json"
    result = invoke("play", "altiplano", "--seed", "3", "--record", str(path), input="q\n")
    assert result.exit_code == 0, result.output
    assert "1)" in result.output and "meeple resume" in result.output
    assert path.exists()


def test_cli_tikal_only_flags_are_refused_for_altiplano():
    result = invoke("play", "altiplano", "--auction")
    assert result.exit_code == 2
    assert "--auction is not an option of altiplano" in result.output
