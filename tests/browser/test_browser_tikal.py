"""Tikal's table page in a real browser: two people who joined by invite links and a bot play a
whole game by clicking on the drawn board, each seeing the other's moves without reloading.

The game is short by its edition, not by its rules: the built-in components with seven
terrain tiles (a volcano among them, so a scoring round comes mid-game) and three action points
a turn, given as the ``edition`` option any table may have.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from playwright.sync_api import Page, expect
from test_browser_tables import api, take_seat, version_of

from meeple.games.tikal.components import builtin_data

#: The terrain tiles of the short game: each kind of tile, a volcano among them.
SHORT_TILES = ("A1", "A4", "A6", "B6", "C4", "D1", "G3")
SHORT_ACTION_POINTS = 3

#: Moves the two people make in a whole short game at most (about 30; a bound, not a rule).
MAX_MOVES = 200


#: The ids of the elements a page draws.
DRAWN_IDS = "nodes => nodes.map(node => node.dataset.element)"


def short_edition() -> dict:
    data = copy.deepcopy(builtin_data())
    terrain = data["terrain_tiles"]
    tiles = [tile for tile in terrain["tiles"]["value"] if tile["id"] in SHORT_TILES]
    terrain["tiles"]["value"] = tiles
    terrain["count"]["value"] = len(tiles)
    terrain["by_type"]["value"] = {
        kind: sum(tile["kind"] == kind for tile in tiles)
        for kind in ("temple", "jungle", "treasure", "volcano")
    }
    data["action_points_per_turn"]["value"] = SHORT_ACTION_POINTS
    return data


def shown_position(page: Page, frames: list) -> dict:
    """The position the page shows: the frame of the version on the page."""
    version = version_of(page)
    for frame in reversed(frames):
        message = json.loads(frame)
        if message["type"] == "state" and message["version"] == version:
            return message
    raise AssertionError(f"no frame of version {version}")


def click_element(page: Page, element: str) -> None:
    """Clicks a board element; a space near its top edge, where nothing is drawn on it."""
    node = page.locator(f'#board [data-element="{element}"]')
    if element.startswith("hex:"):
        box = node.bounding_box()
        assert box is not None, f"{element} is not drawn"
        node.click(position={"x": box["width"] / 2, "y": box["height"] * 0.1})
    else:
        node.click()


def play_by_clicking(page: Page, action: dict) -> None:
    """Clicks each of the action's elements, checks that exactly it is offered, confirms."""
    for element in action["elements"]:
        click_element(page, element)
    expect(page.locator("#confirm")).to_be_visible()
    expect(page.locator("#confirm-label")).to_have_text(action["label"])
    version = version_of(page)
    page.locator("#confirm-send").click()
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) > v", arg=version
    )


def caught_up(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) >= v", arg=version
    )


@pytest.mark.timeout(120)
def test_two_people_and_a_bot_play_a_whole_game_by_clicking_on_the_board(
    new_context, server, shoot
):
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "tikal", "options": {"edition": short_edition()}, "seats": seats}
    created = api(server, "/api/tables", body)
    links = [server + seat["invite"] for seat in created["seats"][:2]]
    frames: list[list] = [[], []]
    pages = [
        take_seat(new_context(), link, name, seen)
        for link, name, seen in zip(links, ("Ana", "Bea"), frames, strict=True)
    ]
    for page in pages:
        page.evaluate("window.meepleSameLoad = true")
        expect(page.locator("#board svg.tikal-board")).to_be_visible()
    rng = random.Random(12)
    moves = 0
    kinds = set()
    while not api(server, f"/api/tables/{created['table']}")["over"]:
        assert moves < MAX_MOVES, "the short game did not end"
        mover = next((p for p in pages if p.locator("#legal button").count()), None)
        if mover is None:
            pages[0].wait_for_timeout(50)  # the bot's turn
            continue
        position = shown_position(mover, frames[pages.index(mover)])
        if not position["legal"]:
            mover.wait_for_timeout(20)  # a newer position is on its way
            continue
        choices = position["legal"]
        drawn = set(mover.eval_on_selector_all("#board [data-element]", DRAWN_IDS))
        wanted = {element for choice in choices for element in choice["elements"]}
        assert wanted <= drawn, f"not drawn: {sorted(wanted - drawn)}"
        # Ending the turn at once makes a dull game: prefer the other actions three times to one.
        others = [c for c in choices if c["action"]["kind"] != "end_turn"]
        action = rng.choice(others if others and rng.random() < 0.75 else choices)
        assert action["elements"], f"{action['label']} has no board elements"
        play_by_clicking(mover, action)
        kinds.add(action["action"]["kind"])
        moves += 1
        watcher = pages[1 - pages.index(mover)]
        caught_up(watcher, version_of(mover))
        if moves == 12:
            shoot(mover, "mid-play")
    for page in pages:
        expect(page.locator("#status")).to_have_text("The game is over.")
        assert page.evaluate("window.meepleSameLoad === true"), "the page was reloaded"
    assert moves >= 10 and {"place_tile", "end_turn"} <= kinds and len(kinds) >= 3, kinds
    shoot(pages[0], "over")
