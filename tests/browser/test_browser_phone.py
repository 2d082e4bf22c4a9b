"""Tikal on a 390-pixel-wide phone: the board fits the page's width (no sideways scrolling,
its spaces still big enough to tap), and a tap anywhere on a space picks the choice drawn in
it nearest to the tap, so that a figure a few pixels wide can be moved."""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid

import pytest
from browsing import PHONE
from playwright.sync_api import expect
from test_browser_tables import api, take_seat
from test_browser_tikal import click_element, short_edition

#: A finger's width in CSS pixels: the least a space may measure across.
FINGER = 40
#: How long the bot may take over its turn, and how many moves it takes to get a walk.
BOT_SECONDS = 20
MAX_MOVES = 30
#: The moves that bring the page's seat a walk soonest, best first.
PREFERRED = ("place_tile", "deploy", "end_turn")


def as_seat(server: str, path: str, secret: str, body: object = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"}
    request = urllib.request.Request(server + path, data=data, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def walk_offered(server: str, table: str, secret: str) -> tuple[dict, dict]:
    """Plays the seat over HTTP (tiles, deployments, ends of turn) until it may walk; the
    position then and one walk."""
    deadline = time.monotonic() + BOT_SECONDS
    for _ in range(MAX_MOVES):
        state = as_seat(server, f"/api/tables/{table}", secret)
        while not state["legal"]:
            assert time.monotonic() < deadline, "the bot did not move"
            time.sleep(0.1)
            state = as_seat(server, f"/api/tables/{table}", secret)
        deadline = time.monotonic() + BOT_SECONDS
        walks = [entry for entry in state["legal"] if entry["action"]["kind"] == "walk"]
        if walks:
            return state, walks[0]
        entry = min(
            state["legal"],
            key=lambda e: PREFERRED.index(k) if (k := e["action"]["kind"]) in PREFERRED else 9,
        )
        move = {"action": entry["action"], "version": state["version"], "nonce": uuid.uuid4().hex}
        assert as_seat(server, f"/api/tables/{table}/moves", secret, move)["ok"]
    raise AssertionError("no walk was offered")


@pytest.mark.timeout(120)
def test_the_tikal_board_fits_a_phone_and_its_figures_can_be_tapped(browser, server):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    body = {"game": "tikal", "options": {"edition": short_edition()}, "seats": seats}
    created = api(server, "/api/tables", body)
    secret = created["seats"][0]["secret"]
    context = browser.new_context(base_url=server, viewport=PHONE, has_touch=True)
    try:
        page = take_seat(context, server + created["seats"][0]["invite"], "Ana")
        state, walk = walk_offered(server, created["table"], secret)
        page.wait_for_function(
            "v => Number(document.getElementById('version').textContent) >= v",
            arg=state["version"],
        )
        expect(page.locator("#legal button").first).to_be_visible()

        widths = page.evaluate(
            "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert widths[0] <= widths[1] == PHONE["width"], f"the page scrolls sideways: {widths}"
        board = page.locator("#board svg.tikal-board").bounding_box()
        assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= 390
        space = page.locator('#board [data-element^="hex:"]').first.bounding_box()
        assert space is not None and space["width"] >= FINGER and space["height"] >= FINGER

        figure_id, destination = walk["elements"]
        start = page.locator(f'#board [data-area="{figure_id.split(":")[2]}"]')
        figure = page.locator(f'#board [data-element="{figure_id}"]').bounding_box()
        hex_box = start.bounding_box()
        assert figure is not None and hex_box is not None
        assert figure["width"] < FINGER, "the figure alone is big enough: nothing to check"
        below = hex_box["y"] + hex_box["height"] * 0.93  # under the figure, on the space
        page.touchscreen.tap(figure["x"] + figure["width"] / 2, below)
        expect(page.locator(f'#board [data-element="{figure_id}"]')).to_have_class(
            re.compile(r"\bselected\b")
        )
        click_element(page, destination)
        expect(page.locator("#confirm")).to_be_visible()
        expect(page.locator("#confirm-label")).to_have_text(walk["label"])
    finally:
        context.close()
