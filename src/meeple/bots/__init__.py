"""Computer players. Every bot sees only its own seat's view and its legal actions.

``make_bot(spec, state_class, seed)`` builds one from a spec string:

- a bot kind: ``"random"``, ``"greedy"`` or ``"ismcts"``;
- a kind with a search budget: ``"ismcts:1s"`` (seconds a decision) or ``"ismcts:400i"``
  (iterations a decision; reproducible on any machine, unlike a time budget);
- a strength level: ``"easy"``, ``"medium"`` or ``"hard"`` (see `LEVELS`).
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.bots.base import Bot, Budget
from meeple.bots.greedy import GreedyBot
from meeple.bots.ismcts import IsmctsBot
from meeple.bots.random_bot import RandomBot
from meeple.engine.errors import OptionsError
from meeple.engine.game import GameState

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "ismcts": IsmctsBot}

#: Strength levels for players: what each means in bot kind and budget. Every level stays
#: within 2 seconds a decision on a 2-core machine.
LEVELS: dict[str, str] = {"easy": "greedy", "medium": "ismcts:0.5s", "hard": "ismcts:1.5s"}

DEFAULT_LEVEL = "medium"


def bot_names() -> tuple[str, ...]:
    """Every name a spec may start with: bot kinds, then levels."""
    return (*BOTS, *LEVELS)


def parse_spec(spec: str) -> tuple[str, Budget | None]:
    """``"ismcts:1s"`` → ``("ismcts", Budget(seconds=1.0))``; levels are expanded first.

    Raises `OptionsError` naming what is wrong with the spec."""
    if not isinstance(spec, str):
        raise OptionsError(f"a bot spec is a string, not {spec!r}")
    spec = LEVELS.get(spec.strip(), spec.strip())
    name, sep, budget_text = spec.partition(":")
    if name not in BOTS:
        raise OptionsError(
            f"unknown bot {name!r}; bots: {', '.join(BOTS)}; levels: {', '.join(LEVELS)}"
        )
    if not sep:
        return name, None
    if not BOTS[name].takes_budget:
        raise OptionsError(f"bot {name!r} takes no budget (got {spec!r})")
    return name, Budget.parse(budget_text)


def make_bot(spec: str, state_class: type[GameState], seed: int = 0) -> Bot:
    """A bot from a spec (see the module docstring); a bad spec raises `OptionsError`."""
    name, budget = parse_spec(spec)
    if budget is None:
        return BOTS[name](state_class, seed)
    searching: Callable[..., Bot] = BOTS[name]  # only bots that take a budget get here
    return searching(state_class, seed, budget=budget)


__all__ = [
    "BOTS",
    "DEFAULT_LEVEL",
    "LEVELS",
    "Bot",
    "Budget",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "parse_spec",
]
