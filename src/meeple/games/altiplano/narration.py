r"""Altiplano's log: what one seat reads about a move and what it set off.

Almost everything in Altiplano happens in the open (plans are public, ALT-10; draws land on the
planning board in view of all). The secrets are the mission cards (ALT-23): which card a player
keeps or passes is named only to that player. Everything else a line says is read from the
public view (the spectators') before and after the move (the part of it the lines read,
`hidden.told_part`), never from the full state, so a line can hold nothing secret; and every
reader's lines come from the same two.

Lines are `meeple.engine.words.Text` objects, said in each reader's language (see `wording`); a
secret move reads in every language as the same fixed text, which holds nothing of the card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.engine.actions import Action
from meeple.engine.log import LogEntry
from meeple.engine.words import join, say, say_n
from meeple.games.altiplano import wording
from meeple.games.altiplano.hidden import told_part
from meeple.games.altiplano.seats import SEATS

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState

#: What other seats read for a move whose details only the mover may know (ALT-23).
SECRET_MOVES = {
    "keep_mission": say("kept a mission card (secret)"),
    "pass_mission": say("passed a mission card to the left (secret)"),
}
#: Moves that take tiles from the bag: the line names what came out where the viewer sees it.
DRAWS = {"draw": "planning", "swap_draw": "planning", "final_draw": "final"}
PHASES = {
    "missions": say("Missions: everybody keeps one card and passes one to the left"),
    "plan": say("Planning: everybody places their drawn tiles (plans are public)"),
    "actions": say("Actions: in turn from the start player"),
    "final": say("Final storage: players draw and store their last tiles"),
}


def narrate(
    before: AltiplanoState, after: AltiplanoState, seat: int, action: Action, viewer: int | None
) -> list[LogEntry]:
    return narrate_all(before, after, seat, action, (viewer,))[viewer]


def narrate_all(
    before: AltiplanoState,
    after: AltiplanoState,
    seat: int,
    action: Action,
    viewers: Sequence[int | None],
) -> dict[int | None, list[LogEntry]]:
    """The lines each of `viewers` reads: the same for all, except that a secret move is
    named only to its mover."""
    return narrate_told(
        told_part(before), before.action_label(action), after, seat, action, viewers
    )


def narrate_told(
    old: Mapping[str, Any],
    label: str,
    after: AltiplanoState,
    seat: int,
    action: Action,
    viewers: Sequence[int | None],
) -> dict[int | None, list[LogEntry]]:
    """`narrate_all` from what it reads of the state before the move: its told part (`old`)
    and the move's label there."""
    new = told_part(after)
    text = label
    if action.kind in DRAWS:
        where = DRAWS[action.kind]
        drawn = _gained(old["players"][seat][where], new["players"][seat][where])
        if drawn:
            text = say("{action}: {drawn}", action=text, drawn=wording.counted(drawn))
        else:
            text = say("{action}: the bag and container are empty", action=text)
    set_off = events(after, old, new)
    secret = SECRET_MOVES.get(action.kind)
    return {
        viewer: [LogEntry(seat, secret if secret and viewer != seat else text), *set_off]
        for viewer in viewers
    }


def events(after: AltiplanoState, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[LogEntry]:
    """What the move set off, seen in the public parts of two views."""
    comps = after.comps
    lines: list[LogEntry] = []
    for seat, (was, now) in enumerate(zip(old["players"], new["players"], strict=True)):
        for oid in now["orders_done"][len(was["orders_done"]) :]:
            lines.append(
                LogEntry(seat, say("fulfilled the {order}", order=wording.order_text(comps, oid)))
            )
        for mid in now["revealed"][len(was["revealed"]) :]:
            lines.append(
                LogEntry(
                    seat,
                    say("completed mission {mission}", mission=wording.mission_text(comps, mid)),
                )
            )
    if new["end_round"] is not None and old["end_round"] is None:
        lines.append(
            LogEntry(
                None,
                say(
                    "The end is triggered: round {round} is the last",
                    round=new["end_round"],
                ),
            )
        )
    phase = new["phase"]
    if new["round"] != old["round"]:
        lines.append(
            LogEntry(None, say("Round {round} begins: everybody draws tiles", round=new["round"]))
        )
    elif phase != old["phase"] and phase in PHASES:
        lines.append(LogEntry(None, PHASES[phase]))
    if phase == "over" and old["phase"] != "over":
        scores = after.scores()
        winners = join(say(" and "), [SEATS.name(s) for s in after.winners()])
        over = say_n(
            "Game over: {winners} won with {n} points",
            "Game over: {winners} won with {n} points",
            n=max(scores),
            winners=winners,
        )
        lines.append(LogEntry(None, over))
    return lines


def _gained(old: Mapping[str, int], new: Mapping[str, int]) -> list[str]:
    """The goods `new` has more of than `old`, one entry per tile."""
    return [good for good, n in sorted(new.items()) for _ in range(n - old.get(good, 0))]
