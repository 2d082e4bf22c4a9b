"""Altiplano's goods are drawn as pictures of our own, one shape per good (so they read
without colour), each named in the page's language (its accessible name and tooltip), with a
legend on the page; no two-letter codes are left; every picture measures at least `PICTURE`
pixels across, on a phone too. Tikal's treasures show a mask beside their number, as big."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from browsing import PHONE
from playwright.sync_api import expect
from test_browser_screenshots import seated_page, tables  # noqa: F401 (a fixture)
from test_browser_table_bar import seat_with_a_bot

#: The least a good's or a treasure's picture measures across (CSS px), to be read.
PICTURE = 20

#: The pictures (`svg` elements) under `selector` that measure less than `PICTURE` either way
#: on the screen: a picture inside a drawing by its size there, scaled as the drawing is.
SMALL_PICTURES = """([selector, least]) => [...document.querySelectorAll(selector)]
  .filter((node) => node.getClientRects().length)
  .map((node) => {
    if (!(node.parentNode instanceof SVGElement)) {
      const box = node.getBoundingClientRect();
      return [box.width, box.height];
    }
    const scale = node.parentNode.getScreenCTM().a;
    return [node.width.baseVal.value * scale, node.height.baseVal.value * scale];
  })
  .filter(([width, height]) => width < least - 0.5 || height < least - 0.5)
  .map(([width, height]) => `${Math.round(width)}x${Math.round(height)}`)"""

COMPONENTS = Path(__file__).resolve().parents[2] / "src/meeple/games/altiplano/data/components.json"
GOODS = {good["id"]: good["names"] for good in json.loads(COMPONENTS.read_text())["goods"]}

#: Each legend entry: the good's accessible name, its picture's drawing, the text on its tile.
LEGEND = """() => [...document.querySelectorAll(".alt-legend li .alt-tile")].map((tile) => ({
  name: tile.getAttribute("aria-label"),
  title: tile.getAttribute("title"),
  role: tile.getAttribute("role"),
  drawing: tile.querySelector("svg.alt-sym path")?.getAttribute("d") ?? null,
  text: tile.innerText.trim(),
}))"""


@pytest.mark.timeout(90)
def test_goods_are_pictures_named_in_the_pages_language(new_context, server):
    page = seat_with_a_bot(new_context, server, "altiplano", PHONE)
    page.goto(page.url + "?lang=de")
    page.wait_for_function("document.getElementById('version').textContent !== ''")
    expect(page.locator(".alt-legend summary")).to_have_text("Was die Bilder der Waren bedeuten")
    entries = page.evaluate(LEGEND)
    names = [entry["name"] for entry in entries]
    assert sorted(names) == sorted(GOODS[good]["de"] for good in GOODS), names
    for entry in entries:
        assert entry["drawing"], f"{entry['name']} has no picture"
        assert entry["title"] == entry["name"] and entry["role"] == "img", entry
        assert entry["text"] == "", f"{entry['name']} still shows {entry['text']!r}"
    drawings = [entry["drawing"] for entry in entries]
    assert len(set(drawings)) == len(drawings), "two goods share a picture"
    # The goods on the board and in the supplies: pictures too, each named, and those a
    # player clicks big enough for a finger.
    small = page.evaluate(SMALL_PICTURES, ["#board svg.alt-sym", PICTURE])
    assert not small, f"goods' pictures under {PICTURE} px on a phone: {small}"
    supplies = page.locator('#board [data-element^="supply:"]')
    assert supplies.count() > 0
    for index in range(supplies.count()):
        assert supplies.nth(index).locator("svg.alt-sym").count() == 1
    tiles = page.locator("#board .alt-tile")
    assert tiles.count() > 0
    german = {names["de"] for names in GOODS.values()}
    for index in range(tiles.count()):
        tile = tiles.nth(index)
        assert tile.locator("svg.alt-sym").count() == 1
        assert (tile.get_attribute("aria-label") or "").split(" ×")[0] in german
        if tile.get_attribute("data-element") and tile.is_visible():
            box = tile.bounding_box()
            assert box is not None and box["width"] >= 24 and box["height"] >= 24, box


@pytest.mark.timeout(120)
def test_tikals_treasures_show_a_mask_beside_their_number(browser, tables):  # noqa: F811
    table, session = tables.finished["tikal"]  # treasures held by then
    page = seated_page(browser, tables, table, session, "en")
    page.goto(f"/tables/{table}")
    page.wait_for_function("document.querySelector('#board').childElementCount > 0")
    chips = page.locator(".treasure-chip")
    expect(chips.first).to_be_visible()
    for index in range(chips.count()):
        chip = chips.nth(index)
        assert chip.locator("svg.mask path").count() == 1
        assert chip.locator("b").inner_text().isdigit()
    assert not page.evaluate(SMALL_PICTURES, [".treasure-chip svg.mask", PICTURE])
    page.context.close()
