"""Clear one-line errors, exit code 2, never a traceback."""

from __future__ import annotations

import json
from importlib import metadata

import pytest
from cli_helpers import invoke

import meeple.engine.registry as registry
from meeple.engine.registry import shipped_edition
from meeple.games.tikal.components import builtin_data


def assert_clean_error(result, *words):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert result.output.startswith("Error:")
    for word in words:
        assert word in result.output


def test_cli_bad_edition_names_the_field(tmp_path):
    data = builtin_data()
    data["action_points_per_turn"] = {"value": "ten", "status": "rulebook"}
    path = tmp_path / "edition.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = invoke(
        "play",
        "tikal",
        "--humans",
        "0",
        "--edition",
        str(path),
        "--record",
        str(tmp_path / "g.json"),
    )
    assert_clean_error(result, "action_points_per_turn")
    assert not (tmp_path / "g.json").exists()


def test_cli_edition_that_is_not_json(tmp_path):
    path = tmp_path / "edition.json"
    path.write_text("{not json", encoding="utf-8")
    assert_clean_error(invoke("play", "tikal", "--edition", str(path)), "not valid JSON")
    assert_clean_error(
        invoke("play", "tikal", "--edition", str(tmp_path / "missing.json")),
        "cannot read",
        "reconstruction-2026",  # a wrong name or path lists the shipped editions
    )


def test_cli_good_edition_file_plays(tmp_path):
    path = tmp_path / "edition.json"
    path.write_text(json.dumps(builtin_data()), encoding="utf-8")
    result = invoke(
        "play",
        "tikal",
        "--players",
        "2",
        "--humans",
        "0",
        "--seed",
        "1",
        "--edition",
        str(path),
        "--record",
        str(tmp_path / "g.json"),
    )
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output


def test_cli_shipped_edition_by_name(tmp_path, monkeypatch):
    args = ("play", "tikal", "--players", "2", "--humans", "0", "--seed", "1", "--record")
    result = invoke(*args, str(tmp_path / "g.json"), "--edition", "reconstruction-2026")
    assert result.exit_code == 0, result.output
    assert "Final scores" in result.output and "--edition reconstruction-2026" in result.output
    record = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert record["options"]["edition"] == shipped_edition("tikal", "reconstruction-2026")
    # A file of that name wins over the shipped edition of the same name.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "reconstruction-2026").write_text("{not json", encoding="utf-8")
    assert_clean_error(
        invoke(*args, "h.json", "--edition", "reconstruction-2026"), "not valid JSON"
    )


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "7"], ["players must be 2 to 4"]),
        (["--players", "1"], ["players"]),
        (["--humans", "5"], ["--humans must be 0 to 3"]),
        (["--humans", "-1"], ["--humans"]),
        (["--bot", "clever"], ["unknown bot 'clever'"]),
        (["--role-draft"], ["--role-draft is not an option of tikal"]),
        (["--start-player", "2"], ["--start-player is not an option of tikal"]),
    ],
)
def test_cli_bad_options(tmp_path, args, words):
    result = invoke("play", "tikal", *args, "--record", str(tmp_path / "g.json"))
    assert_clean_error(result, *words)


def test_cli_unknown_game():
    assert_clean_error(invoke("play", "chess"), "unknown game 'chess'")


def test_cli_missing_engine_is_a_clear_error(monkeypatch):
    broken = metadata.EntryPoint("altiplano", "meeple.games.no_such_engine:GAME", "meeple.games")
    installed = registry._entry_points()
    monkeypatch.setattr(registry, "_entry_points", lambda: {**installed, "altiplano": broken})
    monkeypatch.setattr(registry, "_loaded", {})
    assert_clean_error(invoke("play", "altiplano", "--humans", "0"), "altiplano", "not available")


def test_cli_bad_record_files(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert_clean_error(invoke("replay", str(path)), "format")
    assert_clean_error(invoke("resume", str(path)), "format")
    assert_clean_error(invoke("replay", str(tmp_path / "none.json")), "cannot read")


def test_cli_altiplano_start_player(tmp_path):
    record = tmp_path / "g.json"
    args = ("play", "altiplano", "--players", "2", "--humans", "0", "--seed", "3")
    result = invoke(*args, "--start-player", "2", "--record", str(record))
    assert result.exit_code == 0, result.output
    assert "--start-player 2" in result.output  # the reproduce line keeps it
    assert json.loads(record.read_text())["options"]["start_player"] == 1
    assert_clean_error(
        invoke(*args, "--start-player", "3"), "--start-player must be a seat 1..2, not 3"
    )
    assert_clean_error(
        invoke(*args, "--start-player", "0"), "--start-player must be a seat 1..2, not 0"
    )
