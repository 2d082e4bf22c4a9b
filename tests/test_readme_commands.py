"""The README's two commands are the ones a new user pastes; CI must run the test one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).parent.parent


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", (ROOT / "README.md").read_text())


def test_readme_opens_with_a_run_and_a_test_command():
    run, test = readme_commands()[:2]
    assert "pip install -e ." in run and "meeple play" in run
    assert "pip install -e '.[test]'" in test and "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci_lines
