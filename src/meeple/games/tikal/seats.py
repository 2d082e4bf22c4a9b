"""Tikal's seats as players know them: the one declaration every front end reads.

Seat 1 plays blue circles, seat 2 orange squares, seat 3 green diamonds, seat 4 pink
triangles (Okabe and Ito's colour-blind-safe palette, `meeple.engine.seats`). The narration
says these colour words, the page draws these colours and shapes, the terminal prints these
colours: a player who reads "Orange" finds orange pieces.
"""

from meeple.engine.seats import BLUE, GREEN, ORANGE, PINK, Seats

SEATS = Seats((BLUE, ORANGE, GREEN, PINK))
