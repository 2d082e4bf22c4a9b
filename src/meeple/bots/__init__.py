"""Computer players. Every bot sees only its own seat's view and its legal actions.

``make_bot(name, state_class, seed)`` builds one by name: ``"random"`` or ``"greedy"``.
"""

from __future__ import annotations

from meeple.bots.base import Bot
from meeple.bots.greedy import GreedyBot
from meeple.bots.random_bot import RandomBot
from meeple.engine.errors import OptionsError
from meeple.engine.game import GameState

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def bot_names() -> tuple[str, ...]:
    return tuple(BOTS)


def make_bot(name: str, state_class: type[GameState], seed: int = 0) -> Bot:
    """A bot by registry name; an unknown name raises `OptionsError`."""
    if name not in BOTS:
        raise OptionsError(f"unknown bot {name!r}; bots: {', '.join(BOTS)}")
    return BOTS[name](state_class, seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "bot_names", "make_bot"]
