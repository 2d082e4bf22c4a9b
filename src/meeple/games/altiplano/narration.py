"""Altiplano's log: what one seat reads about a move and what it set off.

Almost everything in Altiplano happens in the open (plans are public, ALT-10; draws land on the
planning board in view of all). The secrets are the mission cards (ALT-23): which card a player
keeps or passes is named only to that player. Everything else a line says is read from the
viewer's own views before and after the move, never from the full state, so a line can hold
nothing the viewer's view does not.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.engine.actions import Action
from meeple.engine.log import LogEntry, seat_name
from meeple.games.altiplano import wording

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

#: What other seats read for a move whose details only the mover may know (ALT-23).
SECRET_MOVES = {
    "keep_mission": "kept a mission card (secret)",
    "pass_mission": "passed a mission card to the left (secret)",
}
#: Moves that take tiles from the bag: the line names what came out where the viewer sees it.
DRAWS = {"draw": "planning", "swap_draw": "planning", "final_draw": "final"}
PHASES = {
    "missions": "Missions: everybody keeps one card and passes one to the left",
    "plan": "Planning: everybody places their drawn tiles (plans are public)",
    "actions": "Actions: in turn from the start player",
    "final": "Final storage: players draw and store their last tiles",
}


def narrate(
    before: AltiplanoState, after: AltiplanoState, seat: int, action: Action, viewer: int | None
) -> list[LogEntry]:
    old, new = before.view(viewer)["state"], after.view(viewer)["state"]
    if viewer != seat and action.kind in SECRET_MOVES:
        text = SECRET_MOVES[action.kind]
    else:
        text = before.action_label(action)
    if action.kind in DRAWS:
        where = DRAWS[action.kind]
        drawn = _gained(old["players"][seat][where], new["players"][seat][where])
        text += f": {wording.counted(drawn)}" if drawn else ": the bag and container are empty"
    return [LogEntry(seat, text), *events(after, old, new)]


def events(after: AltiplanoState, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[LogEntry]:
    """What the move set off, seen in the public parts of two views."""
    comps = after.comps
    lines: list[LogEntry] = []
    for seat, (was, now) in enumerate(zip(old["players"], new["players"], strict=True)):
        for oid in now["orders_done"][len(was["orders_done"]) :]:
            lines.append(LogEntry(seat, f"fulfilled the {wording.order_text(comps, oid)}"))
        for mid in now["revealed"][len(was["revealed"]) :]:
            lines.append(LogEntry(seat, f"completed mission {wording.mission_text(comps, mid)}"))
    if new["end_round"] is not None and old["end_round"] is None:
        lines.append(
            LogEntry(None, f"The end is triggered: round {new['end_round']} is the last (ALT-21)")
        )
    phase = new["phase"]
    if new["round"] != old["round"]:
        lines.append(LogEntry(None, f"Round {new['round']} begins: everybody draws tiles"))
    elif phase != old["phase"] and phase in PHASES:
        lines.append(LogEntry(None, PHASES[phase]))
    if phase == "over" and old["phase"] != "over":
        scores = after.scores()
        winners = " and ".join(seat_name(s) for s in after.winners())
        lines.append(LogEntry(None, f"Game over: {winners} won with {max(scores)} points"))
    return lines


def _gained(old: Mapping[str, int], new: Mapping[str, int]) -> list[str]:
    """The goods `new` has more of than `old`, one entry per tile."""
    return [good for good, n in sorted(new.items()) for _ in range(n - old.get(good, 0))]
