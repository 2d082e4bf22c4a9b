"""``meeple arena --ray``: the same games, results file and resume on a (local) Ray instance.

The Ray checks are one test on purpose: starting Ray takes most of its time (15 s or more here),
and with ``pytest -n 2`` tests of one module may run in two processes, each starting its own.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from arena_helpers import arena, game_lines, timeless_games_csv, timeless_summary

from meeple.arena import runner as arena_runner
from meeple.arena.ray_runner import RayFailure, ray_cluster
from meeple.engine.record import GameRecord

#: Short games whose play is reproducible: an iteration budget, not a time budget.
BUDGETED = ("--game", "tikal", "--bots", "ismcts:1i,random", "--players", "2", "--games", "4")


@pytest.mark.timeout(150)
def test_ray_resumes_a_partial_run_and_plays_the_local_games(tmp_path):
    ray = pytest.importorskip("ray")
    reference = tmp_path / "local"
    result = arena(*BUDGETED, "--out", str(reference))
    assert result.exit_code == 0, result.output
    # The test's own instance, on the loopback address only; `--ray local` below uses it, as
    # any program already connected to Ray keeps its connection.
    ray.init(num_cpus=2, include_dashboard=False, _node_ip_address="127.0.0.1")
    try:
        _resumes_after_a_stop_with_the_local_games(tmp_path / "ray", reference)
        _an_error_record_is_kept_here(tmp_path / "errors")
        _a_game_that_ray_loses_stops_the_run(tmp_path / "lost")
    finally:
        ray.shutdown()


def _resumes_after_a_stop_with_the_local_games(out: Path, reference: Path) -> None:
    """A run stopped (as by Ctrl-C) after two games on Ray; the same command plays the other
    two there; the four games, and so every report, are those of the local run."""
    config = arena_runner.ArenaConfig(
        "tikal", {"players": 2, "auction": False, "edition": None}, ("ismcts:1i", "random"), 4, 1
    )
    assert arena_runner.open_arena(out, config) == {}
    finished = []

    def stop_after_two(line):
        finished.append(line["index"])
        if len(finished) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt), ray_cluster("local") as run:
        arena_runner.play_arena(out, config, {}, run, stop_after_two)
    kept = (out / "games.jsonl").read_text()
    assert sorted(line["index"] for line in game_lines(out)) == sorted(finished)

    result = arena(*BUDGETED, "--ray", "local", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Found 2 of 4 games" in result.output
    # The two kept lines are untouched (their seconds included): those games were not replayed.
    assert set(kept.splitlines()) <= set((out / "games.jsonl").read_text().splitlines())
    assert game_lines(out) == game_lines(reference)
    assert timeless_summary(out) == timeless_summary(reference)
    assert timeless_games_csv(out) == timeless_games_csv(reference)
    assert (out / "summary.csv").read_text() == (reference / "summary.csv").read_text()


def _an_error_record_is_kept_here(out: Path) -> None:
    """A game that raises on a node: its record comes back and is saved in the arena directory."""
    job = arena_runner.GameJob(
        index=0,
        game="tikal",
        options={"players": 2, "auction": False, "edition": None},
        seed=7,
        lineup=("random", "random"),
        specs=("random", "no-such-bot"),
        bot_seeds=(1, 2),
        out=str(out),
    )
    with ray_cluster("local") as run:
        (line,) = run([job])
    assert line["error"]["type"] == "OptionsError"
    assert "no-such-bot" in line["error"]["message"]
    record = GameRecord.load(out / line["error"]["record"])
    assert (record.game, record.seed, record.actions) == ("tikal", 7, [])


class Unloadable:
    """Sent to a node, it cannot be rebuilt there, like a job whose code the node lacks."""

    def __reduce__(self):
        return int, ("not a number",)


def _a_game_that_ray_loses_stops_the_run(out: Path) -> None:
    job = arena_runner.job_for(
        arena_runner.ArenaConfig(
            "tikal", {"players": 2, "auction": False, "edition": None}, ("random", "random"), 1, 1
        ),
        0,
        out,
    )
    lost = replace(job, options={**job.options, "unloadable": Unloadable()})
    with ray_cluster("local") as run, pytest.raises(RayFailure, match="Ray lost game 0") as caught:
        list(run([lost]))
    assert f"The finished games are kept in {out}" in str(caught.value)
    assert not out.exists()


def test_without_ray_the_command_says_how_to_install_it_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # importing it fails, as when not installed
    monkeypatch.chdir(tmp_path)
    result = arena(*BUDGETED, "--ray", "local")
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error: --ray needs Ray, which is not installed")
    assert "install the 'cluster' extra (pip install -e '.[cluster]'" in result.output.lower()
    assert list(tmp_path.iterdir()) == []


def test_workers_and_ray_are_alternatives(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = arena(*BUDGETED, "--workers", "2", "--ray", "local")
    assert result.exit_code == 2, result.output
    assert "--workers and --ray are alternatives" in result.output
    assert list(tmp_path.iterdir()) == []
