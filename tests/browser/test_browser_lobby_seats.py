"""The lobby's full form shows as many seat rows as the chosen number of players, and sends
only theirs; without script every row shows, under a legend a player understands."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

TABLE_URL = re.compile(r"/tables/[\w-]+$")


@pytest.mark.timeout(90)
def test_the_seat_rows_follow_the_number_of_players(new_context):
    page = new_context().new_page()
    page.goto("/")
    card = page.locator("section.game-card", has_text="Altiplano")
    card.locator("summary").click()
    form = card.locator("form[enctype]")
    players = form.locator("select[name=players]")
    rows = form.locator(".seat-row")
    expect(form.locator("fieldset.seats legend")).to_have_text("Who plays at each seat")
    expect(form.locator(".seats-note")).to_be_hidden()
    for count in sorted({int(v) for v in players.locator("option").all_inner_texts()}):
        players.select_option(str(count))
        expect(rows.locator("visible=true")).to_have_count(count)
        expect(rows.nth(count - 1)).to_be_visible()
    players.select_option("2")
    expect(rows.locator("visible=true")).to_have_count(2)
    form.locator("select[name=seat_0]").select_option(index=1)  # a bot; seat 2's is one
    form.locator("button[type=submit]").click()
    # Only the two seats shown were sent: an all-bot table of two.
    expect(page.locator("body")).to_contain_text("Every seat is a bot's")
    watch = page.locator("a[href*='/tables/']").first.get_attribute("href") or ""
    table = page.request.get("/api/tables/" + watch.rsplit("/", 1)[1]).json()
    assert len(table["seats"]) == 2, table["seats"]


@pytest.mark.timeout(60)
def test_without_script_every_seat_row_shows_under_a_plain_legend(browser, server):
    context = browser.new_context(base_url=server, java_script_enabled=False)
    page = context.new_page()
    page.goto("/")
    form = page.locator("section.game-card", has_text="Tikal").locator("form[enctype]")
    page.locator("section.game-card", has_text="Tikal").locator("summary").click()
    text = form.locator("fieldset.seats").inner_text()
    assert "Seats after the number of players stay empty." in text
    assert "the first as many" not in text
    assert form.locator(".seat-row:visible").count() == form.locator(".seat-row").count() > 2
    context.close()
