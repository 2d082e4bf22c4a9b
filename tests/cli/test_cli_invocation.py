"""Commands in messages run when pasted: they repeat how meeple was started (README: .venv/bin)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from meeple.cli.invocation import meeple_command, pip_command


@pytest.fixture
def venv_bin(tmp_path, monkeypatch) -> Path:
    """A ``.venv/bin`` with a meeple and a pip script, relative to the working directory."""
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("meeple", "pip"):
        (bin_dir / name).write_text("#!/bin/sh\n")
        (bin_dir / name).chmod(0o755)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    return bin_dir


def test_started_by_a_path_not_on_path_repeats_the_path(venv_bin):
    assert meeple_command(".venv/bin/meeple") == ".venv/bin/meeple"
    assert pip_command(".venv/bin/meeple") == ".venv/bin/pip"


def test_started_from_path_is_plain_meeple(venv_bin, monkeypatch):
    monkeypatch.setenv("PATH", str(venv_bin))
    # A PATH lookup starts the script by its full path; a path to the same file is the same.
    assert meeple_command(str(venv_bin / "meeple")) == "meeple"
    assert meeple_command(".venv/bin/meeple") == "meeple"
    assert pip_command(".venv/bin/meeple") == "pip"


def test_another_meeple_on_path_does_not_shorten_the_path(venv_bin, tmp_path, monkeypatch):
    other = tmp_path / "other"
    other.mkdir()
    (other / "meeple").write_text("#!/bin/sh\n")
    (other / "meeple").chmod(0o755)
    monkeypatch.setenv("PATH", str(other))
    assert meeple_command(".venv/bin/meeple") == ".venv/bin/meeple"


def test_not_the_console_script_says_meeple(venv_bin):
    assert meeple_command("/usr/lib/python3/site-packages/pytest/__main__.py") == "meeple"
    assert meeple_command("meeple") == "meeple"
    assert pip_command("meeple") == "pip"


def test_a_path_with_a_space_is_quoted(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", "")
    assert meeple_command("my games/.venv/bin/meeple") == "'my games/.venv/bin/meeple'"


def test_the_installed_script_names_itself_in_its_messages(tmp_path):
    """The README's way: run ``.venv/bin/meeple`` from the checkout, venv not activated."""
    script = Path(sys.executable).parent / "meeple"
    if not script.exists():
        pytest.skip("meeple is not installed as a console script beside this Python")
    root = script.parent.parent.parent
    started_by = str(script.relative_to(root))  # e.g. .venv/bin/meeple
    path = os.pathsep.join(
        d for d in os.environ.get("PATH", "").split(os.pathsep) if Path(d) != script.parent
    )
    record = tmp_path / "game.json"
    env = {**os.environ, "PATH": path, "COLUMNS": "100"}
    argv = [started_by, "play", "tikal", "--seed", "3", "--bot", "greedy", "--record", str(record)]
    result = subprocess.run(
        argv, cwd=root, env=env, input="q\n", capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert f"Reproduce with: {started_by} play tikal --players 3" in result.stdout
    assert f"Continue with: {started_by} resume {record}" in result.stdout
    # ... and the command it names does continue the game.
    resumed = subprocess.run(
        [started_by, "resume", str(record)],
        cwd=root,
        env=env,
        input="q\n",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert "Resuming tikal after 0 actions" in resumed.stdout
