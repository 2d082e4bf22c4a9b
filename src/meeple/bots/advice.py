"""What the search thinks of a seat's choices, from that seat's view only: the estimated win
chance of each action it weighed (`weigh`), and of one given action (`chance_of`). The hints of
the table page and the analysis of a finished game (`meeple.analysis`) are made of these.

An estimate is the mean reward of the action's node in an ISMCTS tree grown over the whole
budget (`IsmctsBot.grow`): 1 for a game won, 0 for one lost, and in between the game's
evaluation squashed as the search values a leaf. It is the search's own measure, not a
calibrated probability; it is repeatable (an iteration budget and a seed give the same figures
on any machine), and it never reads what the view hides: the search samples the hidden parts
afresh (`GameState.sampler`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from meeple.bots.base import Budget
from meeple.bots.ismcts import IsmctsBot
from meeple.engine.actions import Action
from meeple.engine.game import GameState


@dataclasses.dataclass(frozen=True, slots=True)
class Weighed:
    """One action as the search weighed it."""

    action: Action
    #: The estimated win chance after the action, 0 to 1.
    chance: float
    #: Iterations that went through it: how much the estimate rests on.
    visits: int


def weigh(
    state_class: type[GameState],
    view: Mapping[str, Any],
    legal: list[Action],
    budget: Budget,
    seed: int,
) -> list[Weighed]:
    """Every action the search tried, most visited first (the bot's choice first)."""
    bot = IsmctsBot(state_class, seed, budget=budget)
    root = bot.grow(view, legal, stop_early=False)
    order = {action: index for index, action in enumerate(legal)}
    weighed = [
        Weighed(action, node.reward / node.visits, node.visits)
        for action, node in root.children.items()
        if node.visits
    ]
    weighed.sort(key=lambda w: (-w.visits, -w.chance, order.get(w.action, 0)))
    return weighed


def chance_of(
    state_class: type[GameState],
    view: Mapping[str, Any],
    action: Action,
    budget: Budget,
    seed: int,
) -> float:
    """The estimated win chance after `action`, from a search of that action alone (for an
    action the full search tried too rarely to say)."""
    (only,) = weigh(state_class, view, [action], budget, seed)
    return only.chance
