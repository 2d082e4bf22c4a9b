"""Tikal's table page in a real browser: two people who joined by invite links and a bot play a
whole game by clicking on the drawn board, each seeing the other's moves without reloading.

The game is the built-in edition, every tile of it. Each person makes the first moves at random
(mostly actions other than ending the turn), then plays quickly: places the drawn tile and ends
the turn, with click events rather than the mouse, so that the whole game fits the time a test
may take.
"""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Page, expect
from test_browser_tables import api, take_seat, version_of

from meeple.server.client import applied

#: Moves each person picks at random before playing quickly.
VARIED_MOVES = 16
#: The quick moves, in the order they are preferred.
QUICK = ("place_tile", "end_turn")
#: Moves the two people make in a whole game at most (a bound, not a rule).
MAX_MOVES = 400


#: The ids of the elements a page draws.
DRAWN_IDS = "nodes => nodes.map(node => node.dataset.element)"


def choose(choices: list[dict], varied: bool, rng: random.Random) -> dict:
    """A random move (ending the turn at once makes a dull game: the other actions three
    times to one), or else the quickest."""
    if varied:
        others = [c for c in choices if c["action"]["kind"] != "end_turn"]
        return rng.choice(others if others and rng.random() < 0.75 else choices)
    for kind in QUICK:
        for choice in choices:
            if choice["action"]["kind"] == kind:
                return choice
    return rng.choice(choices)


def shown_position(page: Page, frames: list) -> dict:
    """The position the page shows: the one its frames make at the version on the page (a
    whole position, then the deltas the page applied to it)."""
    version = version_of(page)
    position: dict | None = None
    shown: dict | None = None
    for frame in frames:
        message = json.loads(frame)
        if message["type"] == "state":
            position = message
        elif message["type"] == "delta" and position and message["from"] == position["version"]:
            position = applied(position, message)
        else:
            continue
        if position["version"] == version:
            shown = position
    if shown is not None:
        return shown
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


#: Click events (as fast as the page takes them) on each element of an action, then on
#: "confirm"; what the confirm line showed, or what was missing.
CLICK_EVENTS = """([elements, label]) => {
  for (const id of elements) {
    const node = document.querySelector(`#board [data-element="${CSS.escape(id)}"]`);
    if (!node) return `no element ${id}`;
    node.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  }
  if (document.getElementById("confirm").hidden) return "no confirm line";
  const shown = document.getElementById("confirm-label").textContent;
  if (shown === label) document.getElementById("confirm-send").click();
  return shown;
}"""


def play_by_click_events(page: Page, action: dict) -> None:
    """`play_by_clicking` with click events instead of the mouse: the quick moves of a long
    game, where the mouse's checks and scrolling would take most of the test's time."""
    version = version_of(page)
    shown = page.evaluate(CLICK_EVENTS, [action["elements"], action["label"]])
    assert shown == action["label"], f"confirm shows {shown!r}, not {action['label']!r}"
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) > v", arg=version
    )


def caught_up(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) >= v", arg=version
    )


@pytest.mark.timeout(300)
def test_two_people_and_a_bot_play_a_whole_game_by_clicking_on_the_board(
    new_context, server, shoot
):
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "tikal", "options": {}, "seats": seats}
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
        assert moves < MAX_MOVES, "the game did not end"
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
        varied = moves < 2 * VARIED_MOVES
        action = choose(choices, varied, rng)
        assert action["elements"], f"{action['label']} has no board elements"
        (play_by_clicking if varied else play_by_click_events)(mover, action)
        kinds.add(action["action"]["kind"])
        moves += 1
        watcher = pages[1 - pages.index(mover)]
        caught_up(watcher, version_of(mover))
        if moves == 12:
            shoot(mover, "mid-play")
    for page in pages:
        expect(page.locator("#status")).to_have_text("The game is over.")
        assert page.evaluate("window.meepleSameLoad === true"), "the page was reloaded"
    assert moves >= 2 * VARIED_MOVES, moves
    assert {"place_tile", "end_turn"} <= kinds and len(kinds) >= 3, kinds
    shoot(pages[0], "over")
    print(f"whole game: {moves} moves by clicking, version {version_of(pages[0])}")
