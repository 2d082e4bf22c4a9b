"""The README's commands are the ones a new user pastes: they must run as written, in order.

The first command installs into ``.venv`` without activating it, so ``meeple`` is only
``.venv/bin/meeple`` afterwards; CI must run the second (test) command.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import typer

from meeple.cli.main import app
from meeple.engine.registry import game_info, game_names

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()
MEEPLE = ".venv/bin/meeple"


def readme_commands() -> list[str]:
    return re.findall(r"```sh\n(.+?)\n```", README, flags=re.DOTALL)


def meeple_lines() -> list[list[str]]:
    """Each ``.venv/bin/meeple`` line of the code blocks as words, ``[--flag]`` unbracketed."""
    lines = []
    for block in readme_commands():
        for line in block.splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == [MEEPLE]:
                lines.append([word.strip("[]") for word in words])
    return lines


def test_readme_opens_with_a_run_and_a_test_command():
    run, test = readme_commands()[:2]
    assert "pip install -e ." in run and "meeple serve" in run
    assert "pip install -e '.[test]'" in test and "pytest" in test


def test_ci_runs_exactly_the_readme_test_command():
    test = readme_commands()[1]
    ci_lines = (ROOT / ".ci" / "run").read_text().splitlines()
    assert test in ci_lines


def test_the_first_command_makes_the_meeple_that_the_others_use():
    run = readme_commands()[0]
    assert run.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && ")
    assert run.endswith(f"{MEEPLE} serve")


def test_no_command_says_a_bare_meeple_that_is_not_on_path():
    bare = re.findall(r"(?<![\w/.-])meeple (?:play|resume|replay|arena|--help)\b.*", README)
    assert bare == []
    assert len(meeple_lines()) >= 6  # the first command, five of Playing, the arena


def test_every_meeple_command_names_a_real_command_and_real_options():
    """The command's own options, or else the named game's declared options."""
    commands = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    for words in meeple_lines():
        command = commands.get(words[1])
        assert command is not None, words
        known = {opt for param in command.params for opt in param.opts}
        game = next((w for w in words[2:] if w in game_names()), None)
        if game is not None:
            known |= {spec.flag for spec in game_info(game).options}
        flags = [word.split("=")[0] for word in words[2:] if word.startswith("--")]
        assert set(flags) <= known, (words, set(flags) - known)


def test_every_extra_the_readme_installs_exists():
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    named = re.findall(r"pip install -e '\.\[(\w+)\]'", README)
    assert {"test", "charts"} <= set(named) <= set(extras)
