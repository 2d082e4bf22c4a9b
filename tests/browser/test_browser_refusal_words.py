"""The protocol's own refusals as a German table page shows them: a move chosen at a stale
version, a message the server cannot read, the message rate, and a seat taken away (the
socket closed with 4401) are said in German. The frames keep their English codes and texts;
the page says them by their codes (table.js)."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Page, WebSocketRoute, expect
from test_browser_tables import api, api_table, legal_buttons, wait_shown

STALE = "Der Tisch hat sich seit Deiner Wahl geändert: Wähle noch einmal."
UNREADABLE = "Der Server konnte diese Nachricht nicht lesen."
TOO_MANY = "Zu viele Nachrichten auf einmal: Warte einen Moment und versuche es noch einmal."
NO_SEAT = "Dieser Link oder dieses Cookie gehört zu keinem Platz an diesem Tisch."


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
        expect(page.locator("#error")).to_have_text(NO_SEAT)
        expect(page.locator("#offline")).to_be_hidden()
    finally:
        context.close()
