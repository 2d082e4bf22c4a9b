"""The language menu in a real browser: switched on the lobby and on a table page, the pages
and the words the table's script writes follow it. Screenshots of both pages in German and
Russian at 1280 and 390 px wide."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

TABLE_URL = re.compile(r"/tables/[\w-]+$")


@pytest.mark.timeout(120)
def test_switching_language_on_the_lobby_and_a_table(new_context, shoot):
    page = new_context().new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", "en")

    page.locator("#languages").get_by_role("link", name="Deutsch").click()
    expect(page.locator("html")).to_have_attribute("lang", "de")
    page.locator("summary").first.click()  # the full form, folded under quick play
    expect(page.get_by_role("button", name="Tisch eröffnen").first).to_be_visible()
    shoot(page, "lobby-de")

    page.get_by_role("button", name="Tikal jetzt gegen Bots spielen").click()
    page.wait_for_url(TABLE_URL)
    expect(page.locator("#who")).to_contain_text("Du sitzt auf Platz 1.")
    expect(page.locator("#status")).to_have_text(re.compile(r"Du bist am Zug\.|Warten auf"))
    table = page.url
    shoot(page, "table-de")

    page.locator("#languages").get_by_role("link", name="Русский").click()
    page.wait_for_url(table)  # the switch comes back to the same table
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#who")).to_contain_text("Ваше место — 1.")
    expect(page.locator("#status")).to_have_text(re.compile(r"Ваш ход\.|Ждём"))
    expect(page.get_by_role("link", name="Правила вкратце")).to_be_visible()
    shoot(page, "table-ru")

    page.goto("/")  # the choice sticks
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("button", has_text="Создать стол").first).to_be_attached()  # folded
    shoot(page, "lobby-ru")
