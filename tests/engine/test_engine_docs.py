"""docs/api.md is the contract: its code blocks run here, in order, in one namespace. And
docs/adding-a-game.md quotes the tiny game as it is and names only what exists."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

from meeple.engine import registry, testing
from meeple.engine.evaluation import Evaluation
from meeple.engine.game import GameState
from meeple.engine.gameinfo import GameInfo
from meeple.engine.plugins import TerminalPlugin

ROOT = Path(__file__).parent.parent.parent
API = ROOT / "docs" / "api.md"


def test_api_examples_run():
    blocks = re.findall(r"```python\n(.*?)```", API.read_text(), flags=re.S)
    assert len(blocks) >= 8
    namespace: dict = {}
    for block in blocks:
        exec(compile(block, str(API), "exec"), namespace)


ADDING = ROOT / "docs" / "adding-a-game.md"
TINYGAME = ROOT / "tests" / "tinygame"


def test_adding_a_game_quotes_the_tiny_game_as_it_is():
    """Its Python excerpts are copied from the tiny game and its tests, unchanged."""
    sources = [path.read_text() for path in sorted(TINYGAME.rglob("*.py"))]
    blocks = re.findall(r"```python\n(.*?)```", ADDING.read_text(), flags=re.S)
    assert len(blocks) >= 8
    for block in blocks:
        assert any(block in source for source in sources), f"not in tests/tinygame:\n{block}"


def test_adding_a_game_names_what_exists():
    """Every module, object, path and method it names is there."""
    text = ADDING.read_text()
    for dotted in re.findall(r"`(meeple(?:\.\w+)+)[`(]", text):
        assert _resolves(dotted), dotted
    for path in re.findall(r"`((?:src|tests|docs)/[\w/.-]+)`", text):
        assert (ROOT / path).exists(), path
    classes = {"GameInfo": GameInfo, "GameState": GameState, "Evaluation": Evaluation}
    for owner, name in re.findall(r"`(GameInfo|GameState|Evaluation)\.(\w+)`", text):
        assert hasattr(classes[owner], name), f"{owner}.{name}"
    terminal = {field.name for field in dataclasses.fields(TerminalPlugin)}
    for name in re.findall(r"`(\w+)\(", text):
        known = any(hasattr(owner, name) for owner in (GameState, testing, registry, Evaluation))
        assert known or name in terminal, f"{name}() is nothing the docs can name"


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for split in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:split]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[split:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False
