"""The adapters' instruction benchmark (`benchmarks/adapter_instructions.py`) counts the
learner's pick apart by making it twice: its ``pettingzoo-pick`` way must play the very games
of its ``pettingzoo`` way (the second pick draws from a generator of its own), or the
difference between the two would hold other positions besides the pick."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from meeple.research.pettingzoo import MeepleEnv

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # the script imports `cachegrind` beside it
    try:
        spec = importlib.util.spec_from_file_location(
            "adapter_instructions", BENCHMARKS / "adapter_instructions.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(BENCHMARKS))
    return module


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_the_pick_made_twice_plays_the_same_games(
    bench: ModuleType, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: dict[str, list[Any]] = {"pettingzoo": [], "pettingzoo-pick": []}
    way = "pettingzoo"
    step = MeepleEnv.step

    def recorded(env: MeepleEnv, action: int | None) -> None:
        played[way].append((env.agent_selection, action))
        step(env, action)

    monkeypatch.setattr(MeepleEnv, "step", recorded)
    for way in played:
        assert bench.play(game, way, 2, 40) == 80
    assert len(played["pettingzoo"]) >= 80
    assert played["pettingzoo-pick"] == played["pettingzoo"]
