"""Recorded playthroughs replay step by step: views, legal actions and actions all match.

A change in the engine's behaviour fails here and shows in review as a diff of the file;
regenerate on purpose with ``python -m meeple.engine.playthrough`` (see the module).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.engine.playthrough import read_playthrough, record_playthrough, replay_playthrough

FILES = sorted((Path(__file__).parent.parent / "playthroughs").glob("*.jsonl"))


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_playthrough_replays_exactly(path):
    data = read_playthrough(path)
    assert data["steps"], "an empty playthrough proves nothing"
    assert replay_playthrough(data) == []


def test_files_cover_both_games_and_their_variants():
    options = [(read_playthrough(p)["game"], read_playthrough(p)["options"]) for p in FILES]
    assert {o["auction"] for g, o in options if g == "tikal"} == {False, True}
    assert any(g == "altiplano" and o["missions"] and o["role_draft"] for g, o in options)


def test_a_changed_step_is_detected():
    data = read_playthrough(FILES[0])
    data["steps"][5]["legal"] = data["steps"][5]["legal"][1:]
    assert replay_playthrough(data) == ["step 5: legal differs"]


def test_recording_is_deterministic():
    data = read_playthrough(FILES[0])
    again = record_playthrough(data["game"], data["options"], data["seed"])
    assert len(again["steps"]) == len(data["steps"])
