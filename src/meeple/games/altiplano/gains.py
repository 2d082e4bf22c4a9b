"""Receiving tiles (ALT-13): into the container, none when the supply is out; corn through
ALT-18.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.altiplano import warehouse as W
from meeple.games.altiplano.corn import buffer_problem
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.tiles import add
from meeple.games.altiplano.warehouse import CORN

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def gain(st: AltiplanoState, p: Player, good: str) -> bool:
    """ALT-13: a gained tile goes to the container; none left means none received."""
    supply = st.s["supply"]
    if supply[good] <= 0:
        return False
    supply[good] -= 1
    if good == CORN:
        p["pending_corn"] += 1
    else:
        add(p["container"], good)
    return True


def receive_corn(st: AltiplanoState, p: Player) -> None:
    """ALT-18: corn is stored at once; if nowhere may take it, it stays on the road."""
    if W.storage_rows(p["warehouse"], st.comps.rows, CORN) or not buffer_problem(st, p):
        gain(st, p, CORN)


def gain_any(st: AltiplanoState, p: Player, good: str) -> None:
    if good == CORN:
        receive_corn(st, p)
    else:
        gain(st, p, good)
