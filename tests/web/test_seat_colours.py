"""Every colour word a player reads names the colour that seat is drawn in (issue 24).

The page draws each seat in the colour and shape the server sends in the position's ``seats``
(the game's one declaration, `meeple.engine.seats`); the terminal prints the same colours.
The checks here read that drawn colour as a person would, by its hue and lightness
(`colour_seen`, which knows nothing of the declaration), and compare it with:

- the colour word each seat is given (by the declaration, in the payload the page reads);
- every colour word in the log lines of seeded random games of both games at every table
  size, as each reader reads them: a line's actor, and the seats a line names (the winners
  of "Game over: … won", the seat of an exchange, the order of a scoring round);
- the score sheets the terminal prints: the colour and word of each row, the winner's row.

And the page's scripts hold no colour of their own for a seat (no second copy to drift).
"""

from __future__ import annotations

import colorsys
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from meeple.cli.play import log_line, render_score_sheet
from meeple.engine.game import GameState
from meeple.engine.log import LogEntry
from meeple.engine.registry import game_info
from meeple.engine.words import Term, Text
from meeple.i18n import LANGUAGES, translations

STATIC = Path(__file__).resolve().parents[2] / "src" / "meeple" / "web" / "static"
TABLES = [("tikal", n, o) for n in (2, 3, 4) for o in ({}, {"auction": True})] + [
    ("altiplano", n, {"missions": n < 5, "role_draft": n % 2 == 0}) for n in (2, 3, 4, 5)
]


def colour_seen(css: str) -> str:
    """The English name a person gives a colour (``#RRGGBB``), from its hue and lightness."""
    r, g, b = (int(css[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, lightness, saturation = colorsys.rgb_to_hls(r, g, b)
    degrees = hue * 360
    if saturation < 0.15:
        return "grey"
    if degrees < 15 or degrees >= 345:
        return "red"
    if degrees < 45:
        return "orange"
    if degrees < 70:
        return "yellow"
    if degrees < 170:
        return "green"
    if degrees < 250:
        return "sky blue" if lightness > 0.5 else "blue"
    if degrees < 290:
        return "purple"
    return "pink"


def drawn(game: str, players: int) -> list[dict[str, Any]]:
    """What the page gets to draw each seat with: the position's ``seats`` entries' looks."""
    return game_info(game).seats.to_json(players)


def seat_words(text: str) -> list[str]:
    """The seat colour words a text is made of (terms in the context ``seat``), in order."""
    if not isinstance(text, Text):
        return []
    return [
        part.msgid for part in text.parts() if isinstance(part, Term) and part.context == "seat"
    ]


def random_game(game: str, players: int, options: dict[str, Any], seed: int):
    """A seeded random game: each move with the seat, the action, the state before and after."""
    state: GameState = game_info(game).state_class.new({"players": players, **options}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(seat, action)
        yield seat, action, before, state


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_each_seat_is_called_by_the_colour_it_is_drawn_in(game):
    info = game_info(game)
    looks = drawn(game, info.max_players)
    assert [look["word"].lower() for look in looks] == [
        colour_seen(look["colour"]) for look in looks
    ]
    assert len({look["shape"] for look in looks}) == len(looks)  # told apart without colour
    for language in LANGUAGES:
        words = [
            look["word"] for look in info.seats.to_json(len(looks), translations(language, game))
        ]
        assert len(set(words)) == len(words), f"two seats read alike in {language}: {words}"


def test_the_pages_hold_no_seat_colour_of_their_own():
    """The pages draw a seat from the position's ``seats``: no script repeats a seat's colour."""
    colours = {
        look.colour.lower() for game in ("tikal", "altiplano") for look in game_info(game).seats
    }
    for script in STATIC.rglob("*.js"):
        found = {c for c in colours if c in script.read_text(encoding="utf-8").lower()}
        assert not found, f"{script.name} keeps seat colours {found}"


@pytest.mark.timeout(600)
@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_every_colour_word_of_a_log_names_the_seat_drawn_in_that_colour(game, players, options):
    looks = drawn(game, players)
    seat_of = {look["word"]: seat for seat, look in enumerate(looks)}
    seats = game_info(game).seats
    readers: list[int | None] = [None, *range(players)]
    checked = {"actor": 0, "winners": 0, "named": 0}
    for seat, action, before, after in random_game(game, players, options, seed=players):
        told = after.narrate_all(before, seat, action, readers)
        for reader, entries in told.items():
            assert entries[0].seat == seat, f"{reader} reads {entries[0]} for {seat}'s move"
            for entry in entries:
                check_line(entry, seats, looks, seat_of, players)
                checked["actor"] += entry.seat is not None
                named = seat_words(entry.text)
                checked["named"] += bool(named)
                if "Game over" in entry.text:
                    assert [seat_of[w] for w in named] == after.winners(), entry.text
                    checked["winners"] += 1
        label = before.action_label(action)
        if action.kind == "exchange":
            assert [seat_of[w] for w in seat_words(label)] == [action.other], label
    assert checked["actor"] and checked["winners"] == players + 1 and checked["named"]
    check_sheet(game, after, looks)


def check_line(
    entry: LogEntry, seats: Any, looks: list[dict[str, Any]], seat_of: dict[str, int], players: int
) -> None:
    """A line as the terminal prints it: the actor's word in the actor's drawn colour; every
    seat word in it a seat of this table, coloured (where it is) in that seat's colour."""
    for word in seat_words(entry.text):
        assert seat_of.get(word, players) < players, f"{word!r} is no seat here: {entry.text}"
    printed = coloured_words(log_line(entry, seats), looks)
    if entry.seat is not None:
        word, colour = printed[0]
        assert word == looks[entry.seat]["word"] and colour == looks[entry.seat]["colour"]
        assert colour_seen(colour) == word.lower()


def coloured_words(renderable: Any, looks: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """Each seat word the terminal prints in a colour, with that colour (``#RRGGBB``)."""
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="truecolor", width=220).print(renderable)
    found = []
    for params, chunk in re.findall(r"\x1b\[([0-9;]*)m([^\x1b]*)", out.getvalue()):
        rgb = re.search(r"38;2;(\d+);(\d+);(\d+)", params)
        for look in looks:
            if rgb and look["word"] in chunk:
                found.append((look["word"], "#{:02X}{:02X}{:02X}".format(*map(int, rgb.groups()))))
    return found


def check_sheet(game: str, state: GameState, looks: list[dict[str, Any]]) -> None:
    """The terminal's score sheet: each seat's word in the colour it is drawn in, and (where
    the sheet marks the winner) the winner's row names a winner."""
    from meeple.cli.play import load_renderer

    renderer = load_renderer(game)
    printed = coloured_words(render_score_sheet(renderer, state), looks)
    assert {word for word, _ in printed} == {look["word"] for look in looks}
    for word, colour in printed:
        assert colour == next(look["colour"] for look in looks if look["word"] == word)
        assert colour_seen(colour) == word.lower()
    out = io.StringIO()
    Console(file=out, width=220, color_system=None).print(render_score_sheet(renderer, state))
    winners = {looks[seat]["word"] for seat in state.winners()}
    for row in out.getvalue().splitlines():
        if "WINNER" in row:
            assert any(word in row for word in winners), row
