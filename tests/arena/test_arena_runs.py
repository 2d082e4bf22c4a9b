"""Real arenas: reproducible, the same with workers, resumable, errors kept and reported."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from arena_helpers import SMALL, arena, game_lines, runner, timeless_games_csv, timeless_summary

import meeple.arena.runner as arena_runner
import meeple.bots
from meeple.bots import RandomBot
from meeple.cli.main import app
from meeple.engine.record import GameRecord
from meeple.games.tikal.actions import Excavate


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    """The small run played once, uninterrupted, with one worker."""
    out = tmp_path_factory.mktemp("arena") / "ref"
    result = arena(*SMALL, "--seed", "1", "--workers", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_a_second_identical_run_gives_identical_games(reference, tmp_path):
    result = arena(*SMALL, "--seed", "1", "--out", str(tmp_path / "again"))
    assert result.exit_code == 0, result.output
    assert game_lines(tmp_path / "again") == game_lines(reference)
    assert (tmp_path / "again" / "summary.csv").read_text() == (
        reference / "summary.csv"
    ).read_text()


def test_another_seed_gives_other_games(reference, tmp_path):
    assert arena(*SMALL, "--seed", "2", "--out", str(tmp_path / "s2")).exit_code == 0
    seeds = {line["seed"] for line in game_lines(tmp_path / "s2")}
    assert seeds.isdisjoint(line["seed"] for line in game_lines(reference))


def test_two_workers_give_the_same_results(reference, tmp_path):
    result = arena(*SMALL, "--seed", "1", "--workers", "2", "--out", str(tmp_path / "w2"))
    assert result.exit_code == 0, result.output
    assert game_lines(tmp_path / "w2") == game_lines(reference)
    assert timeless_summary(tmp_path / "w2") == timeless_summary(reference)


def test_games_follow_the_schedule_and_the_statistics_agree_with_the_lines(reference):
    lines = game_lines(reference)
    assert [line["index"] for line in lines] == [0, 1, 2, 3]
    assert [line["lineup"] for line in lines] == [["greedy", "random"], ["random", "greedy"]] * 2
    assert all(line["error"] is None and len(line["scores"]) == 2 for line in lines)
    seats = defaultdict(list)  # entrant -> (win share, score, margin), recomputed from the lines
    for line in lines:
        for seat, name in enumerate(line["lineup"]):
            share = 1 / len(line["winners"]) if seat in line["winners"] else 0
            own, other = line["scores"][seat], line["scores"][1 - seat]
            seats[name].append((share, own, own - other))
    summary = json.loads((reference / "summary.json").read_text())
    assert summary["games"] == {"played": 4, "finished": 4, "errors": 0}
    for entrant in summary["entrants"]:
        mine = seats[entrant["entrant"]]
        assert entrant["games"] == len(mine) == 4
        assert entrant["wins"] == pytest.approx(sum(s for s, _, _ in mine))
        assert entrant["mean_score"] == pytest.approx(sum(s for _, s, _ in mine) / 4)
        assert entrant["mean_margin"] == pytest.approx(sum(m for _, _, m in mine) / 4)
        assert entrant["win_rate_low"] <= entrant["win_rate"] <= entrant["win_rate_high"]
    best, worst = summary["entrants"]
    assert best["rating"] >= worst["rating"] and best["wins"] >= worst["wins"]
    assert (best["rating"] + worst["rating"]) / 2 == pytest.approx(1500)
    greedy_vs_random = summary["head_to_head"]["greedy"]["random"]
    assert greedy_vs_random["wins"] == sum(1 for s, _, m in seats["greedy"] if m > 0)


def test_a_stopped_run_resumes_with_the_missing_games_only(reference, tmp_path, monkeypatch):
    out = tmp_path / "stopped"
    real_play = arena_runner.play_game
    played = []

    def stop_at_game_2(job):
        if job.index == 2:
            raise KeyboardInterrupt
        played.append(job.index)
        return real_play(job)

    monkeypatch.setattr(arena_runner, "play_game", stop_at_game_2)
    result = arena(*SMALL, "--seed", "1", "--out", str(out))
    assert result.exit_code == 130 and "Rerun to continue" in result.output
    assert [line["index"] for line in game_lines(out)] == [0, 1]

    def record_play(job):
        played.append(job.index)
        return real_play(job)

    played.clear()
    monkeypatch.setattr(arena_runner, "play_game", record_play)
    result = arena(*SMALL, "--seed", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "Found 2 of 4 games" in result.output
    assert played == [2, 3]
    assert game_lines(out) == game_lines(reference)
    assert timeless_summary(out) == timeless_summary(reference)
    assert timeless_games_csv(out) == timeless_games_csv(reference)
    assert (out / "summary.csv").read_text() == (reference / "summary.csv").read_text()


def test_a_line_cut_short_by_a_crash_is_played_again(reference, tmp_path, monkeypatch):
    out = tmp_path / "crashed"
    assert arena(*SMALL, "--seed", "1", "--out", str(out)).exit_code == 0
    text = (out / "games.jsonl").read_text()
    (out / "games.jsonl").write_text(text[: text.rindex("{") + 20])  # half of the last line
    played = []
    real_play = arena_runner.play_game
    monkeypatch.setattr(
        arena_runner, "play_game", lambda job: played.append(job.index) or real_play(job)
    )
    result = arena(*SMALL, "--seed", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert played == [3]
    assert game_lines(out) == game_lines(reference)


class BoomBot(RandomBot):
    """Plays randomly, then raises on its fifth decision."""

    name = "boom"

    def choose(self, view, legal):
        self.calls = getattr(self, "calls", 0) + 1
        if self.calls == 5:
            raise RuntimeError("boom on decision 5")
        return super().choose(view, legal)


class CheatBot(RandomBot):
    """Always tries to excavate space 0, which is never legal at its first decision."""

    name = "cheat"

    def choose(self, view, legal):
        return Excavate(space=0)


def test_a_game_that_raises_is_saved_reported_and_the_others_go_on(tmp_path, monkeypatch):
    monkeypatch.setitem(meeple.bots.BOTS, "boom", BoomBot)
    out = tmp_path / "errors"
    args = ("--game", "tikal", "--bots", "greedy,random,boom", "--players", "2", "--games", "6")
    result = arena(*args, "--out", str(out))
    assert result.exit_code == 1, result.output
    lines = {line["index"]: line for line in game_lines(out)}
    assert [i for i, line in lines.items() if line["error"] is None] == [0, 1]
    failed = [2, 3, 4, 5]  # every game with boom (schedule: ab ba ac ca bc cb)
    for index in failed:
        error = lines[index]["error"]
        assert error["type"] == "RuntimeError" and error["message"] == "boom on decision 5"
        assert error["record"] == f"errors/game-{index}.json"
        record = GameRecord.load(out / error["record"])
        state = record.replay()
        assert not state.is_over() and len(record.actions) >= 4
        assert f"Game {index} failed: RuntimeError: boom on decision 5" in result.output
        assert str(out / error["record"]) in result.output
    replayed = runner.invoke(app, ["replay", str(out / "errors" / "game-2.json")])
    assert replayed.exit_code == 0, replayed.output
    summary = json.loads((out / "summary.json").read_text())
    assert [e["index"] for e in summary["errors"]] == failed
    assert summary["games"] == {"played": 6, "finished": 2, "errors": 4}
    boom = next(e for e in summary["entrants"] if e["entrant"] == "boom")
    assert boom["games"] == 0 and boom["win_rate"] is None
    assert "RuntimeError: boom on decision 5" in (out / "games.csv").read_text()


def test_an_illegal_action_is_an_error_with_its_rule(tmp_path, monkeypatch):
    monkeypatch.setitem(meeple.bots.BOTS, "cheat", CheatBot)
    out = tmp_path / "cheat"
    args = ("--game", "tikal", "--bots", "random,cheat", "--players", "2", "--games", "1")
    result = arena(*args, "--out", str(out))
    assert result.exit_code == 1, result.output
    (line,) = game_lines(out)
    assert line["error"]["type"] == "IllegalAction"
    assert line["error"]["message"].startswith("[")
    GameRecord.load(out / line["error"]["record"]).replay()


def test_every_game_and_seat_gets_its_own_seed_from_the_arena_seed(tmp_path):
    options = {"players": 3, "auction": False, "edition": None}
    config = arena_runner.ArenaConfig("tikal", options, ("greedy", "random"), 6, seed=1)
    jobs = [arena_runner.job_for(config, i, tmp_path) for i in range(6)]
    assert jobs == [arena_runner.job_for(config, i, tmp_path) for i in range(6)]
    assert len({job.seed for job in jobs}) == 6
    assert len({seed for job in jobs for seed in job.bot_seeds}) == 18
    other = arena_runner.ArenaConfig("tikal", options, ("greedy", "random"), 6, seed=2)
    assert arena_runner.job_for(other, 0, tmp_path).seed != jobs[0].seed
    assert jobs[0].lineup == ("greedy", "random", "greedy")
    assert jobs[0].specs == ("greedy", "random", "greedy")
