"""The random bot: a uniform, seeded choice among the legal actions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.bots.base import Bot
from meeple.engine.actions import Action


class RandomBot(Bot):
    name = "random"

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return self.rng.choice(legal)
