"""Open tables in a real browser (issue 28): a table made in the lobby with "List the table in
the lobby" shows in another browser's lobby, which takes a free seat with one click and a name,
lands on the table page as that seat, and the table leaves the list once its seats are taken;
the list fits a phone."""

from __future__ import annotations

import re

import pytest
from browsing import PHONE
from playwright.sync_api import expect
from test_browser_tables import TABLE_URL, wait_shown


@pytest.mark.timeout(120)
def test_a_table_listed_in_the_lobby_is_joined_with_one_click(new_context, server, shoot):
    creator = new_context().new_page()
    creator.goto("/")
    heading = creator.get_by_role("heading", name=re.compile("^Tikal"))
    card = creator.locator("section").filter(has=heading)
    card.locator("summary").click()
    form = card.locator("form:has(select[name=players])")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name=seat_1]").select_option("human")
    form.get_by_label("List the table in the lobby").check()
    form.get_by_role("button", name="Create the table").click()
    expect(creator.get_by_text("Send each player their link")).to_be_visible()

    guest = new_context().new_page()
    guest.goto("/")
    listing = guest.locator("#open-tables li")
    expect(listing).to_have_count(1)
    expect(listing).to_contain_text("2 seats free")
    shoot(guest, "lobby")
    guest.set_viewport_size(PHONE)
    assert guest.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    listing.get_by_label("Your name").fill("Caio")
    listing.get_by_role("button", name="Take a seat").click()
    guest.wait_for_url(TABLE_URL)
    wait_shown(guest)
    expect(guest.locator("#who")).to_contain_text("You are seat 1.")

    other = new_context().new_page()
    other.goto("/")
    expect(other.locator("#open-tables li")).to_contain_text("1 seat free")
    other.locator("#open-tables li").get_by_label("Your name").fill("Dora")
    other.locator("#open-tables li").get_by_role("button", name="Take a seat").click()
    other.wait_for_url(TABLE_URL)
    expect(other.locator("#who")).to_contain_text("You are seat 2.")
    other.goto("/")
    expect(other.locator("#open-tables")).to_have_count(0)
