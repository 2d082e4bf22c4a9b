"""axe-core (through axe-playwright-python) finds no serious or critical accessibility
violation on the lobby, both games' table pages (a seat's, in play), a finished game's page
with its result panel and score sheet, and its replay; and the action bar's moves can be played
from the keyboard alone."""

from __future__ import annotations

import time

import pytest
from axe_playwright_python.sync_playwright import Axe
from browsing import DESKTOP
from playwright.sync_api import Page, expect
from test_browser_table_bar import my_position, seat_with_a_bot
from test_browser_tables import api, version_of, wait_version_above

#: The impacts that fail a page.
FAILING = ("serious", "critical")

AXE = Axe()


def violations(page: Page) -> list[str]:
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in FAILING
    ]


def finished_table(server: str, game: str) -> str:
    seats = [{"kind": "bot", "bot": "random"}] * 2
    table = api(server, "/api/tables", {"game": game, "seats": seats})["table"]
    deadline = time.monotonic() + 120
    while not api(server, f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.25)
    return table


@pytest.mark.timeout(240)
def test_axe_finds_no_serious_violation_on_the_pages(new_context, server):
    problems = []
    page = new_context().new_page()
    page.goto("/")
    problems += [f"lobby: {v}" for v in violations(page)]
    for game in ("tikal", "altiplano"):
        seated = seat_with_a_bot(new_context, server, game, DESKTOP)
        my_position(seated)
        problems += [f"{game} table: {v}" for v in violations(seated)]
        table = finished_table(server, game)
        page.goto(f"/tables/{table}")
        page.locator("#sheet table").wait_for()
        problems += [f"{game} result and sheet: {v}" for v in violations(page)]
        page.goto(f"/tables/{table}/replay")
        page.wait_for_selector("#table[data-ready]")
        problems += [f"{game} replay: {v}" for v in violations(page)]
    assert not problems, "\n".join(problems)


@pytest.mark.timeout(90)
def test_a_move_is_played_from_the_keyboard(new_context, server):
    page = seat_with_a_bot(new_context, server, "tikal", DESKTOP)
    my_position(page)
    version = version_of(page)
    # Tab to a board element offered, Enter; then Tab on through the bar's choices, Enter.
    page.locator("#board [data-element].candidate").first.focus()
    page.keyboard.press("Enter")
    for _ in range(40):
        if version_of(page) > version:
            break
        if page.locator("#actions button").count():
            page.locator("#actions button").first.focus()
            expect(page.locator("#actions button").first).to_be_focused()
            page.keyboard.press("Enter")
            break
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
    wait_version_above(page, version)
