"""The server load benchmark runs: its quick mode plays a few moves on two tables of a real
server process and prints one JSON line of figures (so the script cannot rot unseen), with
seats taking whole positions and with seats taking deltas."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).parents[2] / "benchmarks" / "bench_server_load.py"


@pytest.mark.timeout(90)
@pytest.mark.parametrize("deltas", [False, True])
def test_quick_load_run_reports_round_trips(deltas):
    # The run of deltas is served by the interpreter given with `--python`, as in a comparison.
    chosen = ["--deltas", "--python", sys.executable] if deltas else []
    run = subprocess.run(
        [sys.executable, str(BENCH), "--quick", "--json", *chosen],
        capture_output=True,
        text=True,
        timeout=80,
        check=True,
    )
    (line,) = run.stdout.splitlines()
    figures = json.loads(line)
    assert set(figures) == {
        "database", "deltas", "processes", "server", "tables", "moves", "refused", "games_over",
        "seconds",
        "moves_per_s", "p50_ms", "p99_ms", "max_ms", "mean_ms", "driver_cpu_pct",
        "server_cpu_pct", "server_cpu_ms_per_move",
    }  # fmt: skip
    assert figures["database"] == "SQLite"
    assert (figures["deltas"], figures["processes"]) == (deltas, 1)
    assert figures["tables"] == 2
    assert figures["moves"] == 12  # 6 a table, each acknowledged
    assert 0 < figures["p50_ms"] <= figures["p99_ms"] <= figures["max_ms"]
    assert figures["moves_per_s"] > 0
    assert figures["server_cpu_ms_per_move"] > 0


FLOOR = BENCH.with_name("bench_socket_floor.py")


@pytest.mark.timeout(60)
def test_the_web_stack_floor_runs_and_reports_its_cpu_a_move():
    run = subprocess.run(
        [sys.executable, str(FLOOR), "--pairs", "2", "--seconds", "1"],
        capture_output=True,
        text=True,
        timeout=50,
        check=True,
    )
    words = run.stdout.split()
    assert words[:2] == ["2", "pairs,"] and int(words[2]) > 10, run.stdout
    assert float(words[words.index("ms") - 1]) > 0


def _bench() -> Any:
    sys.path.insert(0, str(BENCH.parent))
    try:
        import bench_server_load
    finally:
        sys.path.remove(str(BENCH.parent))
    return bench_server_load


def test_an_interpreter_goes_by_its_environments_name(tmp_path: Path) -> None:
    environment = _bench().environment
    venv = tmp_path / "pgo"
    (venv / "bin").mkdir(parents=True)
    (venv / "pyvenv.cfg").write_text("home = /usr/bin\n")
    assert environment(str(venv / "bin" / "python")) == "pgo"
    assert environment("/usr/bin/python3.11") == "python3.11"  # no environment: its file


def test_servers_are_named_by_tree_and_environment_and_never_alike(tmp_path: Path) -> None:
    server_name = _bench().server_name
    assert server_name(None, sys.executable, False) == "installed"
    assert server_name("/x/after/src", "/usr/bin/python3.11", True) == "after@python3.11"
    # Two servers of one name would pool their rounds: refused before any server starts.
    for arguments in (
        ["--src", "/x/t/src", "/y/t/src"],
        ["--python", sys.executable, sys.executable],
        ["--python", str(tmp_path / "no-python")],
    ):
        run = subprocess.run(
            [sys.executable, str(BENCH), "--quick", *arguments],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert run.returncode == 2 and "error:" in run.stderr, (arguments, run.stderr)
        assert "server tables" not in run.stdout  # no run began


def test_a_tree_is_compared_with_the_first_round_by_round():
    paired = _bench().paired
    # Round 1: 0.50 against 0.60 (-16.7 %); round 2: 0.66 against 0.60 (+10 %).
    said = paired("after", [0.50, 0.66], "before", [0.60, 0.60])
    assert said == (
        "after against before: -3.3 % a move on average over 2 paired rounds "
        "(-16.7 % to +10.0 %), lower in 1 of 2"
    )
