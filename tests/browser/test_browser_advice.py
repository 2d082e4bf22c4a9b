"""The search's advice in a real browser (issue 29): "What would a bot do?" shows up to three
moves with their chances on the seat's turn at a table with hints, marks the first on the
board, and is not offered where hints are off; a finished game's replay page shows its
analysis (progress, then the chart, each seat's summary and the costly moves, each a link to
its move), at 1280 and 390 px."""

from __future__ import annotations

import re

import pytest
from browsing import PHONE
from playwright.sync_api import expect
from test_browser_accessibility import finished_table, violations
from test_browser_table_bar import my_position, seat_with_a_bot
from test_browser_tables import TABLE_URL, api, wait_shown, wait_version_above

DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_a_seat_asks_what_a_bot_would_do(new_context, server, shoot, game):
    page = seat_with_a_bot(new_context, server, game, DESKTOP)
    position = my_position(page)
    while len(position["legal"]) < 2:  # nothing to advise on a lone move (Altiplano's draw)
        expect(page.locator("#hint")).to_be_hidden()
        page.locator("#legal button").first.click()
        wait_version_above(page, position["version"])
        position = my_position(page)
    labels = {entry["label"] for entry in position["legal"]}
    page.get_by_role("button", name="What would a bot do?").click()
    hints = page.locator("#hints button")
    expect(hints.first).to_be_visible(timeout=60_000)
    assert 1 <= hints.count() <= 3
    for text in hints.all_text_contents():
        label, chance = re.fullmatch(r"(.+) \((\d+) % to win\)", text).groups()
        assert label in labels and 0 <= int(chance) <= 100
    # The first suggestion, chosen, is offered in the action bar; confirmed, it is played.
    first = re.fullmatch(r"(.+) \(\d+ % to win\)", hints.first.text_content()).group(1)
    version = position["version"]
    hints.first.click()
    expect(page.locator("#confirm-label")).to_have_text(first)
    shoot(page, "hint")
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_function(f"Number(document.getElementById('version').textContent) > {version}")
    expect(page.locator("#hints")).to_be_hidden()


@pytest.mark.timeout(90)
def test_no_hint_is_offered_where_hints_are_off(new_context, server):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = api(server, "/api/tables", {"game": "tikal", "seats": seats, "hints": False})
    page = new_context(confirm=False).new_page()
    page.goto(server + created["seats"][0]["invite"])
    page.get_by_label("Your name").fill("Ana")
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(TABLE_URL)
    wait_shown(page)
    my_position(page)
    expect(page.locator("#hint")).to_be_hidden()


@pytest.mark.timeout(240)
def test_the_replay_page_shows_the_games_analysis(new_context, server, shoot):
    table = finished_table(server, "tikal")
    page = new_context().new_page()
    page.goto(f"/tables/{table}/replay")
    page.wait_for_selector("#table[data-ready]")
    expect(page.locator("#analysis")).to_be_visible()
    expect(page.locator("#analysis[data-ready]")).to_be_attached(timeout=120_000)
    expect(page.locator("#analysis-chart path").first).to_be_attached()
    expect(page.locator("#analysis-seats tbody tr")).to_have_count(2)
    assert "Blue" in page.locator("#analysis-seats").inner_text()
    worst = page.locator("#analysis-worst a")
    assert worst.count() > 0, "two random bots made no costly move"  # the link goes to its move
    step = int(worst.first.get_attribute("href").rsplit("-", 1)[1])
    worst.first.click()
    expect(page.locator("#step")).to_have_value(str(step))
    expect(page.locator(f'#log li.costly[data-step="{step}"]').first).to_be_attached()
    expect(page.locator("#analysis-now")).to_have_attribute("visibility", "visible")
    shoot(page, "analysis")
    assert not violations(page), violations(page)
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # A page in another language by its own ?lang= fetches its analysis in that language too.
    page.goto(f"/tables/{table}/replay?lang=de")
    expect(page.locator("#analysis[data-ready]")).to_be_attached(timeout=60_000)
    expect(page.locator("#analysis-seats")).to_contain_text("Blau")
    assert "Blue" not in page.locator("#analysis").inner_text()
