"""Other seats' moves are shown happening: when a position brings another seat's move of a
figure (Tikal's walk, Altiplano's move along the circle), the figure slides from where it
stood to where it stands, and the space it reached is marked as changed; a reader who asks
for less motion (`prefers-reduced-motion: reduce`) sees the mark and no slide.

One page per game holds seat 1 and watches; both seats' moves are made over the API with
their invite secrets (a program's way), so that the other seat's move of a figure comes
without waiting for a bot to choose one.
"""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Page
from test_browser_tables import TABLE_URL, api, wait_shown

#: The move of a figure from one place to another, by game, and the kinds of move that get a
#: seat there soonest, in the order they are preferred (the rest: the first move offered).
FIGURE_MOVE = {"tikal": "walk", "altiplano": "move"}
ONWARD = {
    "tikal": ("deploy", "place_tile", "end_turn"),
    # A move goes only where an action can follow: seat 2 plans its tiles before "done".
    "altiplano": ("place_figure", "draw", "place", "done", "end_turn", "pass"),
}
MOST_MOVES = 300

#: Every slide the page starts (motion.js animates the moved figure): its piece and place.
RECORD_SLIDES = """() => {
  window.slides = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.slides.push([this.dataset.piece ?? null, this.dataset.at ?? null]);
    return animate.apply(this, args);
  };
}"""

#: What the board shows after the move: the figures marked as moved, and the changed marks.
SHOWN = """async () => {
  await new Promise(requestAnimationFrame);  // after the slides of the frame drawn
  return {
    slides: window.slides,
    moved: [...document.querySelectorAll("#board .moved")]
      .map((n) => [n.dataset.piece, n.dataset.at]),
    marks: [...document.querySelectorAll("#board .changed")]
      .map((n) => n.dataset.key ?? n.dataset.area),
  };
}"""


def as_seat(server: str, table: str, secret: str, path: str = "", body: object = None) -> dict:
    """An API call as the program holding a seat's invite secret."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"}
    url = f"{server}/api/tables/{table}{path}"
    with urllib.request.urlopen(urllib.request.Request(url, data, headers), timeout=10) as answer:
        return json.loads(answer.read())


def next_figure_move(server: str, game: str, table: str, secrets: list[str]) -> dict:
    """Plays on (both seats) until seat 2 may move a figure: that move, and the version."""
    for number in range(MOST_MOVES):
        position = api(server, f"/api/tables/{table}?log_start=1000000")
        assert not position["over"], "the game ended before seat 2 moved a figure"
        seat = position["to_move"][0]
        mine = as_seat(server, table, secrets[seat], "?log_start=1000000")
        kinds = {entry["action"]["kind"]: entry for entry in mine["legal"]}
        if seat == 1 and FIGURE_MOVE[game] in kinds:
            return kinds[FIGURE_MOVE[game]], mine["version"]
        first = mine["legal"][0]["action"]["kind"]
        kind = next((k for k in ONWARD[game] if k in kinds), first)
        move = {"action": kinds[kind]["action"], "version": mine["version"], "nonce": f"m{number}"}
        assert as_seat(server, table, secrets[seat], "/moves", move)["ok"], kinds[kind]
    raise AssertionError(f"seat 2 never moved a figure in {MOST_MOVES} moves")


def shown(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) >= v", arg=version
    )


def watched(page: Page, server: str, game: str, table: str, secrets: list[str]) -> tuple:
    """Seat 2's next move of a figure, made once the page has painted the position before
    it, and what the page showed of it."""
    entry, version = next_figure_move(server, game, table, secrets)
    shown(page, version)
    page.evaluate("async () => { await new Promise(requestAnimationFrame); window.slides = []; }")
    move = {"action": entry["action"], "version": version, "nonce": f"figure{version}"}
    assert as_seat(server, table, secrets[1], "/moves", move)["ok"], entry
    shown(page, version + 1)
    return entry, page.evaluate(SHOWN)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_another_seats_figure_slides_to_its_marked_place_unless_motion_is_reduced(
    new_context, server, game
):
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = api(server, "/api/tables", {"game": game, "options": {}, "seats": seats})
    table, secrets = created["table"], [seat["secret"] for seat in created["seats"]]
    page = new_context(confirm=False).new_page()
    page.add_init_script(f"({RECORD_SLIDES})()")
    page.goto(server + created["seats"][0]["invite"])
    page.get_by_label("Your name").fill("Ana")
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(TABLE_URL)
    wait_shown(page)

    entry, shown = watched(page, server, game, table, secrets)
    piece, where, mark = reached(entry)
    assert [piece, where] in shown["slides"], (entry["label"], shown)
    assert [piece, where] in shown["moved"], (entry["label"], shown)
    assert mark in shown["marks"], (entry["label"], shown)

    page.emulate_media(reduced_motion="reduce")
    entry, shown = watched(page, server, game, table, secrets)
    assert shown["slides"] == [] and shown["moved"] == [], (entry["label"], shown)
    assert reached(entry)[2] in shown["marks"], (entry["label"], shown)


def reached(entry: dict) -> tuple[str, str, str]:
    """The piece seat 2 moved (as the page names it), the place it reached, and the mark of
    that place: Tikal's walk ends on a space (``hex:b4``), Altiplano's move at a location."""
    end = next(e for e in entry["elements"] if e.startswith(("hex:", "location:")))
    kind, place = end.split(":")
    piece = f"1:{entry['action'].get('figure', 'figure')}"
    return piece, place, place if kind == "hex" else end
