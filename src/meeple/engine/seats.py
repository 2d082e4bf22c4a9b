"""How a game's seats look: each seat's colour word, its colour and its shape, declared once.

A player knows the others by their colour: the board draws seat 2's figures in orange, so the
log must say "Orange" for seat 2, and so must the terminal, the score sheet and every reason
a move is refused. Each game therefore declares its seats once, as a `Seats` (in its
``seats`` module, handed to its `GameInfo` and its state class), and every front end reads
that declaration: the narration names seats with `Seats.name`, the server sends each seat's
look to the page (`Seats.to_json`), the terminal colours a seat with `SeatLook.colour`.
Nothing else holds a second copy.

The colours are Okabe and Ito's palette, which people with any common colour-vision deficiency
tell apart, and each seat also has a shape of its own, so that no one needs the colour at all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any, Literal

from meeple.engine.words import Catalogue, Text, render, say, term

#: The shapes a seat's pieces and chips are drawn with (one per seat, told apart without colour).
Shape = Literal["circle", "square", "diamond", "triangle", "hexagon"]


@dataclasses.dataclass(frozen=True, slots=True)
class SeatLook:
    """One seat's look: the colour word people read, the colour drawn and the shape."""

    #: The colour's word (a `term` in the context ``seat``, said in each reader's language).
    word: Text
    #: The colour as CSS writes it (``#RRGGBB``); the terminal prints it as well.
    colour: str
    #: The shape of the seat's pieces and chips.
    shape: Shape

    def to_json(self, catalogue: Catalogue | None = None) -> dict[str, Any]:
        """The look as the pages read it, the word in `catalogue`'s language."""
        word = self.word if catalogue is None else render(self.word, catalogue)
        return {"word": str(word), "colour": self.colour, "shape": self.shape}


# Okabe and Ito's colour-blind-safe palette ("Color Universal Design", 2002), as seat looks.
BLUE = SeatLook(term("seat", "Blue"), "#0072B2", "circle")
ORANGE = SeatLook(term("seat", "Orange"), "#E69F00", "square")
GREEN = SeatLook(term("seat", "Green"), "#009E73", "diamond")
PINK = SeatLook(term("seat", "Pink"), "#CC79A7", "triangle")
SKY_BLUE = SeatLook(term("seat", "Sky blue"), "#56B4E9", "hexagon")
#: The palette in the order seats take it: strong contrasts first.
OKABE_ITO = (BLUE, ORANGE, GREEN, PINK, SKY_BLUE)


@dataclasses.dataclass(frozen=True, slots=True)
class Seats:
    """A game's seat looks, seat 0 first. A seat beyond them (a game that grows) is named by
    its number and drawn in grey with the last shape, so it is never mistaken for another."""

    looks: tuple[SeatLook, ...]

    def __iter__(self) -> Iterator[SeatLook]:
        return iter(self.looks)

    def __len__(self) -> int:
        return len(self.looks)

    def look(self, seat: int) -> SeatLook:
        if 0 <= seat < len(self.looks):
            return self.looks[seat]
        return SeatLook(say("Seat {number}", number=seat + 1), "#767676", "hexagon")

    def name(self, seat: int) -> Text:
        """The seat's colour word ("Blue"), as every text of the game names it."""
        return self.look(seat).word

    def colour(self, seat: int) -> str:
        return self.look(seat).colour

    def words(self) -> list[Text]:
        """Every colour word (for the catalogues: pybabel finds them, tests check them)."""
        return [look.word for look in self.looks]

    def to_json(self, count: int, catalogue: Catalogue | None = None) -> list[dict[str, Any]]:
        """The looks of seats 0 to `count` - 1, words in `catalogue`'s language."""
        return [self.look(seat).to_json(catalogue) for seat in range(count)]


#: The seats of a game that declares none (a test game): the palette as it is.
DEFAULT_SEATS = Seats(OKABE_ITO)
