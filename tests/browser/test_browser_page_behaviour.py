"""What the table and replay pages do beyond playing, in a real browser (one server for all):

- the protocol's own refusals said in the reader's language (a German page);
- Tikal on a 390-pixel-wide phone: the board fits the width, a figure can be tapped;
- the replay's marks after a jump: what that step changed, nothing from before (Altiplano);
- the notice that the turn has come to a hidden page: a notification and a sound;
- Tikal's auction version: a browser seat bids and passes by clicking, bots in the others.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
import uuid

import pytest
from browsing import CONFIRM_EACH_MOVE, PHONE
from playwright.sync_api import Page, WebSocketRoute, expect
from test_browser_tables import api, api_table, legal_buttons, take_seat, wait_shown
from test_browser_tikal import click_element, play_by_clicking

# -- refusal words -----------------------------------------------------------------------
# The protocol's own refusals as a German table page shows them: a move chosen at a stale
# version, a message the server cannot read, the message rate, and a seat taken away (the
# socket closed with 4401) are said in German. The frames keep their English codes and texts;
# the page says them by their codes (table.js).

STALE = "Der Tisch hat sich seit Deiner Wahl geändert: Wähle noch einmal."
UNREADABLE = "Der Server konnte diese Nachricht nicht lesen."
TOO_MANY = "Zu viele Nachrichten auf einmal: Warte einen Moment und versuche es noch einmal."
#: The start of what a page says when its seat is gone (here: handed to a bot).
SEAT_GONE = "Dein Platz wurde übernommen"


def hand_to_bot(server: str, table: str, admin: str, seat: int) -> None:
    body = json.dumps({"bot": "easy"}).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {admin}"}
    request = urllib.request.Request(
        f"{server}/api/tables/{table}/seats/{seat}/bot", data=body, headers=headers
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


@pytest.mark.timeout(90)
def test_protocol_refusals_are_said_in_the_readers_language(browser, server):
    created = api_table(server, "tikal", 2)
    table = created["table"]
    seat = api(server, f"/api/tables/{table}")["to_move"][0]
    context = browser.new_context(base_url=server, locale="de-DE")
    sockets: list[WebSocketRoute] = []
    servers: list[WebSocketRoute] = []

    def late_moves(socket: WebSocketRoute) -> None:
        """Passes the page's messages on, each move as chosen at a version still to come."""
        upstream = socket.connect_to_server()
        sockets.append(socket)
        servers.append(upstream)

        def passed_on(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("type") == "move":
                message["version"] += 1000
            upstream.send(json.dumps(message))

        socket.on_message(passed_on)

    try:
        page: Page = context.new_page()
        page.route_web_socket("**/ws/*", late_moves)
        page.goto(created["seats"][seat]["invite"])
        page.locator("input[name=name]").fill("Ann")
        page.locator("form button[type=submit]").click()
        wait_shown(page)
        expect(page.locator("#status")).to_have_text("Du bist am Zug.")

        legal_buttons(page).first.click()
        expect(page.locator("#error")).to_have_text(STALE)

        servers[-1].send(json.dumps({"type": "nonsense"}))  # as if the page had sent it
        expect(page.locator("#error")).to_have_text(UNREADABLE)

        rate = {"type": "error", "reason": "too many requests: at most 30/second"}
        sockets[-1].send(json.dumps(rate | {"retry_after": 1}))  # the server's rate frame
        expect(page.locator("#error")).to_have_text(TOO_MANY)

        hand_to_bot(server, table, created["admin"], seat)
        expect(page.locator("#gone")).to_contain_text(SEAT_GONE)  # a spectator's page now
        expect(page.locator("#who")).to_contain_text("Du schaust als Zuschauer zu.")
        expect(page.locator("#offline")).to_be_hidden()
    finally:
        context.close()


# -- phone -------------------------------------------------------------------------------
# Tikal on a 390-pixel-wide phone: the board fits the page's width (no sideways scrolling,
# its spaces still big enough to tap), and a tap anywhere on a space picks the choice drawn in
# it nearest to the tap, so that a figure a few pixels wide can be moved.

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
    body = {"game": "tikal", "options": {}, "seats": seats}
    created = api(server, "/api/tables", body)
    secret = created["seats"][0]["secret"]
    context = browser.new_context(base_url=server, viewport=PHONE, has_touch=True)
    context.add_init_script(CONFIRM_EACH_MOVE)
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


# -- replay marks ------------------------------------------------------------------------
# The replay's marks of what a move changed (Altiplano): after a jump to a step, the board
# marks what that step changed and nothing from the steps shown before it, the same as when
# the step is reached by stepping forward from the one before.

#: How long two random bots may take over a whole game on a busy machine: about a second
#: alone, but the server's bot workers are shared by the tables of every browser test of the
#: process (and the suite's other worker loads the machine); 60 s ran out once (session 40, a
#: fresh clone's run), so the same bound as the whole-game tests' (test_browser_altiplano.py).
GAME_SECONDS = 240

MARKED = "nodes => nodes.map(node => node.dataset.key).sort()"


def marked(page: Page) -> list[str]:
    return page.eval_on_selector_all("#board [data-key].changed", MARKED)


def jump(page: Page, step: int) -> list[str]:
    page.locator("#step").fill(str(step))
    page.locator("#step").dispatch_event("change")
    return drawn(page, step)


def forward(page: Page) -> list[str]:
    step = int(page.locator("#step").input_value())
    page.locator("#forward").click()
    return drawn(page, step + 1)


def drawn(page: Page, step: int) -> list[str]:
    """The marks once `step` is drawn: the board says which step it shows, so no frame still
    on its way can overwrite the next jump's input (the input shows a typed step at once)."""
    expect(page.locator("#board")).to_have_attribute("data-step", str(step))
    expect(page.locator("#step")).to_have_value(str(step))
    return marked(page)


@pytest.mark.timeout(GAME_SECONDS + 60)
def test_a_jump_marks_only_what_its_step_changed(new_context, server):
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = api(server, "/api/tables", {"game": "altiplano", "seats": bots})["table"]
    deadline = time.monotonic() + GAME_SECONDS
    while not api(server, f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.25)
    page = new_context().new_page()
    page.goto(f"/tables/{table}/replay")
    expect(page.locator("#table")).to_have_attribute("data-ready", "true")
    steps = int(page.locator("#step").get_attribute("max") or "")

    middle = steps // 2
    jump(page, middle - 1)
    own = forward(page)  # what the middle step changed, reached by stepping
    while not own and middle < steps:
        middle += 1
        own = forward(page)
    assert own, "no step changed anything drawn"

    page.locator("#first").click()
    earlier = forward(page)
    while not earlier or earlier == own:  # a step whose marks a jump must clear
        assert int(page.locator("#step").input_value()) < middle - 2, "no step left marks"
        earlier = forward(page)
    assert jump(page, middle) == own
    jump(page, steps)
    assert jump(page, middle) == own


# -- turn notice -------------------------------------------------------------------------
# The notice that it is the player's turn, in a real browser: while the page is hidden and
# notifications are allowed, the turn's coming makes a browser notification (the table's title,
# "Your move.") and a sound; while the page is shown, neither. `window.Notification` and
# `AudioContext` are stubs that record their calls (the permission is the browser's own, granted
# to the page's origin), and the page's hiding is `document.hidden` made switchable.

RECORDER = """
window.meepleHidden = true;
window.meepleNotices = [];
window.meepleSounds = 0;
const shown = () => (window.meepleHidden ? "hidden" : "visible");
for (const [name, value] of [["hidden", () => window.meepleHidden], ["visibilityState", shown]]) {
  Object.defineProperty(Document.prototype, name, {configurable: true, get: value});
}
const BrowserNotification = window.Notification;
window.Notification = class {
  static get permission() { return BrowserNotification.permission; }
  static requestPermission() { return BrowserNotification.requestPermission(); }
  constructor(title, options) { window.meepleNotices.push({title, body: options?.body ?? null}); }
};
window.AudioContext = class extends window.AudioContext {
  constructor(...args) { super(...args); window.meepleSounds += 1; }
};
"""


def my_turn(server: str, table: str, secret: str) -> dict:
    """The seat's position once its turn has come (after the bot's)."""
    deadline = time.monotonic() + BOT_SECONDS
    state = as_seat(server, f"/api/tables/{table}", secret)
    while not state["legal"]:
        assert time.monotonic() < deadline, "the bot did not move"
        time.sleep(0.1)
        state = as_seat(server, f"/api/tables/{table}", secret)
    return state


def play_a_turn(server: str, table: str, secret: str) -> None:
    """Waits for the seat's turn, then places the tile and ends the turn over HTTP."""
    state = my_turn(server, table, secret)
    while state["legal"]:
        kinds = {entry["action"]["kind"]: entry for entry in state["legal"]}
        entry = kinds.get("place_tile") or kinds["end_turn"]
        move = {"action": entry["action"], "version": state["version"], "nonce": f"n{time.time()}"}
        assert as_seat(server, f"/api/tables/{table}/moves", secret, move)["ok"]
        state = as_seat(server, f"/api/tables/{table}", secret)


def shows_version(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) >= v", arg=version
    )


def recorded(page: Page) -> tuple[list, int]:
    notices, sounds = page.evaluate("[window.meepleNotices, window.meepleSounds]")
    return notices, sounds


@pytest.mark.timeout(120)
def test_a_hidden_page_notifies_and_sounds_when_the_turn_comes(browser, server):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = api(server, "/api/tables", {"game": "tikal", "seats": seats})
    table, secret = created["table"], created["seats"][0]["secret"]
    context = browser.new_context(base_url=server)
    context.grant_permissions(["notifications"], origin=server)
    context.add_init_script(RECORDER)
    try:
        page = take_seat(context, server + created["seats"][0]["invite"], "Ana")
        title = page.locator("#table").get_attribute("data-title")
        assert page.evaluate("Notification.permission") == "granted"

        page.wait_for_function("window.meepleNotices.length === 1")  # the first turn, hidden
        notices, sounds = recorded(page)
        assert notices == [{"title": title, "body": "Your move."}] and sounds == 1

        page.evaluate("window.meepleHidden = false")
        play_a_turn(server, table, secret)
        shows_version(page, my_turn(server, table, secret)["version"])
        assert page.title().startswith("● ")  # the tab's title still tells
        assert recorded(page) == (notices, 1), "a shown page was notified"

        page.evaluate("window.meepleHidden = true")
        play_a_turn(server, table, secret)
        page.wait_for_function("window.meepleNotices.length >= 2")
        notices, sounds = recorded(page)  # two turns or more: a volcano's scoring is one too
        assert all(notice == {"title": title, "body": "Your move."} for notice in notices)
        assert sounds == len(notices)
    finally:
        context.close()


# -- auction --------------------------------------------------------------------------------
# Tikal's auction version: the browser's seat bids by clicking a bid and passes by clicking
# "pass" (each confirmed as the one action left, and accepted); its other moves (choosing the
# tile won, placing it, its action points) are played over HTTP, two bots play the other seats.

#: What the seat plays over HTTP between auctions, best first: the quickest way to the next.
BETWEEN_AUCTIONS = ("choose_tile", "place_tile", "end_turn")


@pytest.mark.timeout(120)
def test_a_browser_seat_bids_and_passes_in_the_auction_by_clicking(browser, server):
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    body = {"game": "tikal", "options": {"auction": True}, "seats": seats}
    created = api(server, "/api/tables", body)
    table, secret = created["table"], created["seats"][0]["secret"]
    context = browser.new_context(base_url=server)
    context.add_init_script(CONFIRM_EACH_MOVE)
    try:
        page = take_seat(context, server + created["seats"][0]["invite"], "Ana")
        expect(page.locator("#board .tikal-auction")).to_be_visible()
        clicked: list[str] = []
        for number in range(MAX_MOVES):
            if {"bid", "pass"} <= set(clicked):
                break
            state = my_turn(server, table, secret)
            shows_version(page, state["version"])
            kinds = {entry["action"]["kind"]: entry for entry in state["legal"]}
            wanted = "bid" if "bid" not in clicked else "pass"
            if wanted in kinds:
                play_by_clicking(page, kinds[wanted])
                expect(page.locator("#error")).to_be_empty()
                clicked.append(wanted)
                continue
            kind = next((k for k in BETWEEN_AUCTIONS if k in kinds), next(iter(kinds)))
            action, version = kinds[kind]["action"], state["version"]
            move = {"action": action, "version": version, "nonce": f"m{number}"}
            assert as_seat(server, f"/api/tables/{table}/moves", secret, move)["ok"]
        assert {"bid", "pass"} <= set(clicked), f"clicked only {clicked}"
    finally:
        context.close()
