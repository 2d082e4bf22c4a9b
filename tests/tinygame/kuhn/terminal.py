"""Kuhn poker in the terminal: a line per seat with its card (if the viewer may see it), its
stake and where it stands in the betting. Without a score sheet of its own, the terminal
ends the game with the totals and the winner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.table import Table
from rich.text import Text

from meeple.engine.plugins import TerminalPlugin
from meeple.engine.seats import DEFAULT_SEATS

#: The menu's headings: the two moves open to each seat before a bet, the two after.
ACTION_GROUPS = {"check": "Open", "bet": "Open", "call": "Answer the bet", "fold": "Answer the bet"}


def render(view: Mapping[str, Any]) -> Table:
    table = Table(title=f"Kuhn poker · pot {sum(view['stakes'])}", header_style="bold")
    for heading in ("Player", "Card", "Stake", ""):
        table.add_column(heading)
    for seat, stake in enumerate(view["stakes"]):
        card = view["shown"][seat] or (view["hand"] if seat == view["seat"] else "?")
        table.add_row(
            Text(DEFAULT_SEATS.name(seat), style=f"bold {DEFAULT_SEATS.colour(seat)}"),
            card,
            str(stake),
            _standing(view, seat),
        )
    return table


def _standing(view: Mapping[str, Any], seat: int) -> str:
    if view["winner"] == seat:
        return "takes the pot"
    if view["folded"][seat]:
        return "folded"
    if view["bettor"] == seat:
        return "bet"
    return "to act" if view["to_move"] == seat else ""


#: What the terminal takes from this module (`GameInfo.terminal`).
TERMINAL = TerminalPlugin(render=render, action_groups=ACTION_GROUPS)
