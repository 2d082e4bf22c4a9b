"""Terminal front end: ``meeple play``, ``meeple resume``, ``meeple replay``.

Seat colours are shared by every game's renderer so that a seat looks the same everywhere.
"""

from __future__ import annotations

from meeple.engine.log import SEAT_NAMES, seat_name

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


__all__ = ["SEAT_COLOURS", "SEAT_NAMES", "seat_colour", "seat_letter", "seat_name"]


def seat_letter(seat: int) -> str:
    return seat_name(seat)[0]
