"""Altiplano's seats as players know them: the one declaration every front end reads.

Seat 1 is blue (circle), 2 orange (square), 3 green (diamond), 4 pink (triangle), 5 sky blue
(hexagon): Okabe and Ito's colour-blind-safe palette (`meeple.engine.seats`). The narration
says these colour words, the page draws these colours and shapes, the terminal prints these
colours: a player who reads "Orange" finds the orange figure.
"""

from meeple.engine.seats import BLUE, GREEN, ORANGE, PINK, SKY_BLUE, Seats

SEATS = Seats((BLUE, ORANGE, GREEN, PINK, SKY_BLUE))
