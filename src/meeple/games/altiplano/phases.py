"""The game's sequence: the phase each kind of action belongs to, and how an action refused
for its phase is told. `Problem`, what forbids an action, is the answer of every rule check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import actions as A

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

#: What forbids an action: the ruling (``"ALT-12"``, ``"rulebook: phase 3"``) and the reason
#: in words; None when nothing does.
Problem = tuple[str, str] | None

#: The phases in which each kind of action is done (the first names its rule when refused).
PHASES: dict[type[Action], tuple[str, ...]] = {
    A.ChooseRole: ("roles",),
    A.KeepMission: ("missions",),
    A.PassMission: ("missions",),
    A.TakeBackTile: ("draw",),
    A.TakeBackCoin: ("draw",),
    A.Draw: ("draw",),
    A.SwapDiscard: ("draw",),
    A.SwapDraw: ("draw",),
    A.SwapPick: ("draw",),
    A.SwapSkip: ("draw",),
    A.Place: ("plan",),
    A.Unplace: ("plan",),
    A.Done: ("plan",),
    A.Store: ("actions", "final"),
    A.FinalDraw: ("final",),
    A.FinalDone: ("final",),
    **{kind: ("actions",) for kind in (
        A.PlaceFigure, A.Move, A.Pass, A.EndTurn, A.Produce, A.Sell, A.Deliver,
        A.StoreBuffered, A.StoreCorn, A.BufferCorn, A.BuyCart, A.BuyExtension, A.BuyOrder,
        A.BuildRoad,
    )},
}  # fmt: skip
_PHASE_RULE = {
    "roles": "ALT-4", "missions": "ALT-23", "draw": "rulebook: phase 1",
    "plan": "rulebook: phase 2", "actions": "rulebook: phase 3", "final": "ALT-22",
}  # fmt: skip
_PHASE_NAME = {
    "roles": say("the choice of roles"),
    "missions": say("the mission draft"),
    "draw": say("phase 1 (drawing)"),
    "plan": say("phase 2 (planning)"),
    "actions": say("phase 3 (actions)"),
    "final": say("the final storage"),
    "over": say("the end of the game"),
}


def phase_problem(st: AltiplanoState, action: Action, phase: str) -> Problem:
    """The game's sequence: each action belongs to one phase (the rule of that phase)."""
    home = PHASES[type(action)][0]
    return _PHASE_RULE[home], (
        say(
            "{action!r} belongs to {home}; the game is in {phase}",
            action=st.action_label(action),
            home=_PHASE_NAME[home],
            phase=_PHASE_NAME[phase],
        )
    )
