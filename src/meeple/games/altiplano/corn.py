"""Corn (ALT-18): stored at once when received, or kept on the corn buffer extension."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine.actions import Action
from meeple.engine.words import say
from meeple.games.altiplano import actions as A
from meeple.games.altiplano import components as C
from meeple.games.altiplano.fields import Player
from meeple.games.altiplano.missions import check_missions
from meeple.games.altiplano.outfit import has
from meeple.games.altiplano.phases import Problem
from meeple.games.altiplano.village import row_problem
from meeple.games.altiplano.warehouse import CORN

if TYPE_CHECKING:
    from meeple.games.altiplano.state import AltiplanoState


def corn_problem(st: AltiplanoState, p: Player, action: Action) -> Problem:
    """ALT-18: received corn is stored (or buffered) at once, before anything else."""
    corn_step = isinstance(action, A.StoreCorn | A.BufferCorn)
    if p["pending_corn"] and not corn_step:
        return "ALT-18", say("the corn just received is stored first (or put on the corn buffer)")
    if corn_step and not p["pending_corn"]:
        return "ALT-18", say("no corn was just received")
    return None


def buffer_problem(st: AltiplanoState, p: Player) -> Problem:
    """ALT-18: the corn buffer extension keeps corn for later, up to its capacity."""
    if not has(st, p, "corn_buffer"):
        return "ALT-18", say("only the corn buffer extension keeps corn for later")
    capacity = C.SPECIAL_EXTENSIONS["corn_buffer"]["capacity"]
    if p["buffer"] >= capacity:
        return "ALT-18", say("the corn buffer is full ({capacity} corn)", capacity=capacity)
    return None


def check_store_corn(st: AltiplanoState, seat: int, p: Player, action: A.StoreCorn) -> Problem:
    return row_problem(st, p, CORN, action.row)


def check_buffer_corn(st: AltiplanoState, seat: int, p: Player, action: A.BufferCorn) -> Problem:
    return buffer_problem(st, p)


def do_store_corn(st: AltiplanoState, seat: int, p: Player, action: A.StoreCorn) -> None:
    p["pending_corn"] -= 1
    p["warehouse"][action.row].append(CORN)
    check_missions(st, seat)


def do_buffer_corn(st: AltiplanoState, seat: int, p: Player, action: A.BufferCorn) -> None:
    p["pending_corn"] -= 1
    p["buffer"] += 1
