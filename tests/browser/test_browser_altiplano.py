"""A whole Altiplano game in a real browser: two people, each in a browser context of their own,
join a 3-seat table by invite links (the third seat is a bot) and play it by clicking on the
drawn board: the elements of a chosen legal action, then "confirm" (the list only where a click
cannot tell actions apart). Each sees the other's moves without reloading.

The table plays the shipped edition to its end (some 20 rounds: the game ends when the
extension stack runs out), with every phase and the final storage. Each person makes a few
varied moves with the mouse, then takes the quickest option offered (draw, done, pass, end
turn) with click events, so that the whole game fits the time a test may take.
"""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Page, expect
from test_browser_tables import api, mark_loaded, same_load, version_of

#: Moves a person picks at random, clicked with the mouse, before taking the quickest ones.
VARIED_MOVES = 8
#: The quickest option of each phase, in the order they are preferred.
QUICK = ("draw", "done", "pass", "end_turn", "final_done", "swap_skip")
#: Moves that undo a placement: a random player would go back and forth.
UNDOING = ("unplace", "take_back_tile", "take_back_coin")
GAME_SECONDS = 240


class Seat:
    """A person's page, and what the server offers that seat (read with the page's own cookies,
    so with its seat)."""

    def __init__(self, page: Page, table: str) -> None:
        self.page = page
        self.table = table
        #: Whether the board ever showed things others changed since this seat's last move.
        self.saw_changes = False

    def position(self) -> dict:
        return self.page.request.get(f"/api/tables/{self.table}?log_start=100000").json()

    def offered(self) -> list[dict]:
        """The legal actions of the position the page shows, if it shows the newest."""
        if not self.page.evaluate("document.querySelector('#legal button') !== null"):
            return []
        position = self.position()
        if position["over"] or version_of(self.page) != position["version"]:
            return []
        return position["legal"]


def take_seat(context, link: str, name: str, table: str) -> Seat:
    page = context.new_page()
    page.goto(link)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(f"**/tables/{table}")
    page.wait_for_function("document.getElementById('version').textContent !== ''")
    return Seat(page, table)


def choose(legal: list[dict], varied: bool, rng: random.Random) -> dict:
    if varied:
        choices = [e for e in legal if e["action"]["kind"] not in UNDOING] or legal
        return rng.choice(choices)
    for kind in QUICK:
        for entry in legal:
            if entry["action"]["kind"] == kind:
                return entry
    return rng.choice(legal)


#: Clicks (DOM click events, as fast as the page takes them) on each element of an action, then
#: on "confirm" if it names the action, else on the action in the narrowed list. Says how, and
#: how many things the board showed as changed by others before.
CLICK_AND_CONFIRM = """([elements, label]) => {
  const changed = document.querySelectorAll("#board .changed").length;
  const done = (how) => [how, changed];
  for (const id of elements) {
    const node = document.querySelector(`#board [data-element="${CSS.escape(id)}"]`);
    if (!node) return done(`no element ${id}`);
    node.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  }
  const confirm = document.getElementById("confirm");
  if (!confirm.hidden) {
    const shown = document.getElementById("confirm-label").textContent;
    if (shown !== label) return done(`confirm shows ${shown}`);
    document.getElementById("confirm-send").click();
    return done("confirmed");
  }
  const listed = [...document.querySelectorAll("#legal button")]
    .find((b) => b.textContent === label);
  if (!listed) return done("not listed");
  listed.click();
  return done("listed");
}"""


def play_by_clicks(seat: Seat, entry: dict, mouse: bool, unique: bool) -> bool:
    """Clicks the action's elements on the board and confirms it (or picks it from the
    narrowed list), with the mouse or by click events; whether the server took it (False: the
    position moved on meanwhile). An action no other one involves all the elements of
    (`unique`) must be left alone by the clicks, to be confirmed."""
    page = seat.page
    changed = 0
    version = version_of(page)
    assert entry["elements"], f"{entry['label']} has no element to click"
    if mouse:
        for element in entry["elements"]:
            # A field holds tiles that may be clickable themselves: click its label's corner.
            corner = {"x": 4, "y": 4} if element.startswith("field:") else None
            page.locator(f'#board [data-element="{element}"]').first.click(position=corner)
        if unique:
            expect(page.locator("#confirm")).to_be_visible()
            expect(page.locator("#confirm-label")).to_have_text(entry["label"])
            page.locator("#confirm-send").click()
        else:
            page.locator("#legal").get_by_role("button", name=entry["label"], exact=True).click()
    else:
        how, changed = page.evaluate(CLICK_AND_CONFIRM, [entry["elements"], entry["label"]])
        assert how == "confirmed" if unique else how in ("confirmed", "listed"), how
    seat.saw_changes = seat.saw_changes or changed > 0
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) > v"
        " || document.getElementById('error').textContent !== ''",
        arg=version,
        polling=10,
    )
    return page.locator("#error").text_content() == ""


@pytest.mark.timeout(GAME_SECONDS + 60)
def test_two_people_and_a_bot_play_a_whole_game_by_clicking(new_context, server, shoot):
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = api(server, "/api/tables", {"game": "altiplano", "seats": seats, "options": {}})
    links = [server + seat["invite"] for seat in created["seats"][:2]]
    facts = api(server, f"/api/tables/{created['table']}/facts")
    assert facts["orders"]
    people = [
        take_seat(new_context(), link, name, created["table"])
        for link, name in zip(links, ("Ana", "Bea"), strict=True)
    ]
    for seat in people:
        mark_loaded(seat.page)
    rng = random.Random(12)
    moves = [0, 0]
    shot = False
    started = time.monotonic()
    while not all(api(server, f"/api/tables/{created['table']}")["over"] for _ in "x"):
        assert time.monotonic() - started < GAME_SECONDS, f"unfinished after {moves} moves"
        for i, seat in enumerate(people):
            legal = seat.offered()
            if not legal:
                continue
            entry = choose(legal, moves[i] < VARIED_MOVES, rng)
            unique = not any(
                set(other["elements"]) >= set(entry["elements"])
                for other in legal
                if other is not entry
            )
            if play_by_clicks(seat, entry, moves[i] < VARIED_MOVES, unique):
                moves[i] += 1
            if not shot and sum(moves) >= 2 * VARIED_MOVES:
                seat.page.evaluate("window.scrollTo(0, 0)")
                shoot(seat.page, "mid-play")
                shot = True
        people[0].page.wait_for_timeout(10)
    elapsed = time.monotonic() - started
    final = people[0].position()["version"]
    for seat in people:
        expect(seat.page.locator("#status")).to_have_text("The game is over.")
        assert version_of(seat.page) == final
        assert same_load(seat.page), "a page was reloaded"
    people[0].page.evaluate("window.scrollTo(0, 0)")
    shoot(people[0].page, "over")
    assert min(moves) > VARIED_MOVES and shot
    assert all(seat.saw_changes for seat in people), "others' moves were never highlighted"
    print(f"whole game: {moves} moves by clicking, version {final}, {elapsed:.1f} s")
