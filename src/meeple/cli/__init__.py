"""Terminal front end: ``meeple play``, ``meeple resume``, ``meeple replay``.

Seat colours are shared by every game's renderer so that a seat looks the same everywhere.
"""

from __future__ import annotations

SEAT_COLOURS = ("red", "blue", "green", "yellow", "magenta", "cyan")
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Cyan")


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_name(seat: int) -> str:
    """A seat's colour name ("Red"); seats beyond the palette get their number."""
    if 0 <= seat < len(SEAT_NAMES):
        return SEAT_NAMES[seat]
    return f"Seat {seat + 1}"


def seat_letter(seat: int) -> str:
    return seat_name(seat)[0]
