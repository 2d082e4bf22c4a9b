"""The table page plays like a game table: what to do next is in the action bar at the top of
the window, a click that leaves one move plays it, a click that cannot be used says why at
once, the end is a result panel at the top, a seat taken over elsewhere turns the page into a
spectator's, and a long name keeps the phone page as wide as the phone.

Each test drives one browser on a table with a random bot; "in view" means inside the window
and not under the action bar, checked before each click, which Playwright then makes with the
mouse at that point (so that nothing scrolls)."""

from __future__ import annotations

import random
import statistics
import time

import pytest
from browsing import DESKTOP, FINGER, PHONE
from playwright.sync_api import Page, expect
from test_browser_tables import TABLE_URL, api, version_of, wait_shown, wait_version_above

#: Moves each layout test makes by clicking.
MOVES = 5
#: How long a refusal may take to be said (ms), measured in the page.
WHY_MS = 300
#: The longest name a seat may have.
LONG_NAME = "Maximiliana Wolkenstein-Oberhof"  # 31 characters, and one more below
LONG_NAME = LONG_NAME + "x"

#: Where an element can be clicked without scrolling: a point of it inside the window, not
#: covered by the action bar or anything else; null when there is none.
POINT_IN_VIEW = """id => {
  const node = document.querySelector(`#board [data-element="${CSS.escape(id)}"]`);
  if (!node) return null;
  const box = node.getBoundingClientRect();
  // Its middle, then other points: a thing may hold others (an Altiplano location holds its
  // supplies and the figures on it), and a player clicks it on any part of it that shows.
  for (const [fx, fy] of [[.5, .5], [.5, .12], [.3, .3], [.7, .7], [.12, .5], [.88, .5]]) {
    const x = box.left + box.width * fx, y = box.top + box.height * fy;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit.closest("[data-element]") === node) return [x, y];
  }
  return null;
}"""

IN_VIEW = """selector => {
  const node = document.querySelector(selector);
  if (!node || node.hidden || node.offsetParent === null) return false;
  const box = node.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
}"""


SCROLL_TO = """id => {
  const node = document.querySelector(`#board [data-element="${CSS.escape(id)}"]`);
  node?.scrollIntoView({block: "center"});
  return node !== null;
}"""


#: Whether the page has taken the last click: no move of it awaits the server's answer.
SETTLED = "() => !document.getElementById('bar').hasAttribute('aria-busy')"


#: The choices on the board not wholly inside the window below the action bar.
CHOICES_OUT_OF_VIEW = """() => {
  const below = Math.max(0, document.getElementById("bar").getBoundingClientRect().bottom);
  return [...document.querySelectorAll("#board [data-element].candidate")]
    .filter((node) => node.getClientRects().length)
    .filter((node) => {
      const box = node.getBoundingClientRect();
      return box.top < below - 1 || box.bottom > innerHeight + 1 || box.left < 0
        || box.right > innerWidth;
    })
    .map((node) => node.dataset.element);
}"""


def offered_labels(page: Page) -> list[str]:
    return page.locator("#actions button").all_inner_texts()


#: The things to click on the page that measure less than `FINGER` either way, where no space
#: around them (`data-area`, where a tap picks the choice nearest to it) is big enough.
SMALL_TARGETS = """() => {
  const size = (node) => node.getBoundingClientRect();
  const big = (node) => size(node).width >= 24 && size(node).height >= 24;
  const targets = "#board [data-element].candidate, #bar button, #legal button";
  return [...document.querySelectorAll(targets)]
    .filter((node) => node.getClientRects().length && !big(node)
      && !(node.closest("[data-area]") && big(node.closest("[data-area]"))))
    .map((node) => `${node.dataset.element || node.textContent}: `
      + `${Math.round(size(node).width)}x${Math.round(size(node).height)}`);
}"""


def seat_with_a_bot(new_context, server, game: str, viewport: dict, name: str = "Ana") -> Page:
    """A page holding seat 1 of a new two-seat table of `game` whose seat 2 is a random bot."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = api(server, "/api/tables", {"game": game, "options": {}, "seats": seats})
    context = new_context(confirm=False)
    page = context.new_page()
    page.set_viewport_size(viewport)
    page.goto(server + created["seats"][0]["invite"])
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(TABLE_URL)
    wait_shown(page)
    return page


def my_position(page: Page, seconds: float = 20) -> dict:
    """The newest position once it is this seat's move and the page shows it."""
    table = page.url.rsplit("/", 1)[1]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        position = page.request.get(f"/api/tables/{table}?log_start=1000000").json()
        if position["legal"] and version_of(page) == position["version"]:
            return position
        time.sleep(0.05)
    raise AssertionError("the seat was never offered a move")


def play_in_view(
    page: Page, entry: dict, scrolls: list[str] | None = None, every_next: bool = False
) -> int:
    """Plays `entry` by clicks on things in view only: its board elements, or the action
    bar's button for it once the bar offers it. Returns the clicks it took. With `scrolls`,
    a thing out of view after a choice is scrolled to (as a player would), and noted there,
    instead of failing. With `every_next`, every thing that may be clicked after a choice
    (not only the one `entry` goes on with) must be in view."""
    version = version_of(page)
    clicks = 0
    left = list(entry["elements"])
    while version_of(page) == version:
        offered = page.locator("#actions button").filter(has_text=entry["label"])
        exact = [i for i in range(offered.count()) if offered.nth(i).inner_text() == entry["label"]]
        if exact:
            assert page.evaluate(IN_VIEW, "#actions"), "the bar's moves are out of view"
            offered.nth(exact[0]).click()
        else:
            point = next(
                (p for p in map(lambda e: page.evaluate(POINT_IN_VIEW, e), left) if p), None
            )
            if point is None and not left:
                raise AssertionError(
                    f"every thing of {entry['label']!r} was clicked, but the bar offers "
                    f"{offered_labels(page)}"
                )
            if point is None:
                # The player looks for the thing to start with (a long board); once chosen,
                # what follows must come into view by itself.
                if len(left) < len(entry["elements"]) and scrolls is not None:
                    scrolls.append(f"{entry['label']}: {left[0]}")
                else:
                    assert len(left) == len(entry["elements"]), f"{left} out of view after a choice"
                shown = page.evaluate(SCROLL_TO, left[0])
                assert shown, (
                    f"{left[0]} is not drawn; the bar offers {offered_labels(page)}; "
                    + page.evaluate("document.getElementById('bar').innerText")
                )
                point = page.evaluate(POINT_IN_VIEW, left[0])
                assert point is not None, f"{left[0]} is under the action bar"
            clicked = next(e for e in left if page.evaluate(POINT_IN_VIEW, e) == point)
            left.remove(clicked)
            page.mouse.click(*point)
        clicks += 1
        assert clicks <= len(entry["elements"]) + 1, f"{entry['label']!r} was not played"
        # A click that sent the move leaves the action bar busy until the next position
        # shows: the clicks after it would land on a board about to change.
        page.wait_for_function(SETTLED)
        if every_next and version_of(page) == version:
            hidden = page.evaluate(CHOICES_OUT_OF_VIEW)
            assert not hidden, f"out of view after choosing for {entry['label']!r}: {hidden}"
    return clicks


def pick(legal: list[dict], rng: random.Random) -> dict:
    """A move on the board (one of several elements where there is one)."""
    drawn = [e for e in legal if len(e["elements"]) >= 2] or [e for e in legal if e["elements"]]
    return rng.choice(drawn or legal)


@pytest.mark.timeout(120)
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_every_choice_and_its_move_are_in_view(new_context, server, game, viewport):
    page = seat_with_a_bot(new_context, server, game, viewport)
    rng = random.Random(24)
    clicks, undos = [], 0
    for _ in range(MOVES):
        position = my_position(page)
        if viewport is PHONE:  # every kind of thing: test_browser_screenshots.py
            small = page.evaluate(SMALL_TARGETS)
            assert not small, f"targets under {FINGER} px on a phone: {small}"
        # After a choice on Tikal's board, whatever may follow is in view.
        clicks.append(play_in_view(page, pick(position["legal"], rng), every_next=game == "tikal"))
        after = page.request.get(
            f"{page.url.replace('/tables/', '/api/tables/')}?log_start=1000000"
        ).json()
        if after["can_undo"] and after["legal"] and version_of(page) == after["version"]:
            # Played at once, and Undo is at hand, in view.
            expect(page.locator("#undo")).to_be_visible()
            assert page.evaluate(IN_VIEW, "#undo")
            undos += 1
    median = statistics.median(clicks)
    print(f"{game} at {viewport['width']} px: clicks per move {clicks}, median {median}")
    print(f"Undo in view after {undos} of {MOVES} moves")
    # Asked to confirm (a setting of this browser), the Confirm button comes into view.
    page.locator("#ask-confirm").check()
    position = my_position(page)
    entry = pick(position["legal"], rng)
    for element in entry["elements"]:
        point = page.evaluate(POINT_IN_VIEW, element)
        if point is None:
            break
        page.mouse.click(*point)
    else:
        if page.locator("#confirm").is_visible():
            assert page.evaluate(IN_VIEW, "#confirm-send")
            version = version_of(page)
            page.locator("#confirm-send").click()
            wait_version_above(page, version)
    assert page.evaluate("localStorage.getItem('meeple.confirm-moves')") == "1"


#: Clicks a thing and waits for the reason to be said: the milliseconds it took.
CLICK_AND_TIME = """async ([id, selected]) => {
  const find = (thing) => document.querySelector(`#board [data-thing="${CSS.escape(thing)}"]`);
  const click = (node, init = {}) =>
    node.dispatchEvent(new MouseEvent("click", {bubbles: true, ...init}));
  for (const chosen of selected) click(find(chosen));
  const node = find(id);
  const box = node.getBoundingClientRect();
  const start = performance.now();
  click(node, {clientX: box.x + box.width / 2, clientY: box.y + box.height / 2});
  const bubble = document.getElementById("whynot");
  while (bubble.hidden) {
    if (performance.now() - start > 5000) return -1;
    await new Promise(requestAnimationFrame);
  }
  return performance.now() - start;
}"""


#: The things a click reaches as themselves: not a candidate, nor inside one or inside a space
#: that holds one (a click there picks that candidate).
FREE_THINGS = """nodes => nodes.filter((n) => !n.closest(".candidate, .selected")
  && !n.closest("[data-area]")?.querySelector(".candidate")).map((n) => n.dataset.thing)"""


def refused_thing(page: Page, table: str) -> tuple[list[str], str, dict] | None:
    """A thing on the board the rules refuse to go on with (after clicking the candidates
    `selected`): found by asking the server, as the page will."""
    things = page.eval_on_selector_all("#board [data-thing]", FREE_THINGS)
    candidates = page.eval_on_selector_all(
        "#board [data-element].candidate", "nodes => nodes.map(n => n.dataset.element)"
    )
    for selected in [[], *([c] for c in candidates[:6])]:
        for thing in dict.fromkeys(things):
            if thing in selected:
                continue
            query = "&".join(f"element={e}" for e in [*selected, thing])
            answer = page.request.get(f"/api/tables/{table}/why?{query}").json()
            if answer["game"]:
                return selected, thing, answer
    return None


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_an_illegal_click_says_why_at_once_and_changes_nothing(new_context, server, game):
    page = seat_with_a_bot(new_context, server, game, DESKTOP)
    page.locator("#ask-confirm").check()  # a candidate clicked first is not played at once
    table = page.url.rsplit("/", 1)[1]
    rng = random.Random(3)
    found = None
    for _ in range(40):
        my_position(page)
        found = refused_thing(page, table)
        if found:
            break
        version = version_of(page)
        page.locator("#legal button").nth(
            rng.randrange(page.locator("#legal button").count())
        ).click()
        wait_version_above(page, version)
    assert found, "no refused click found"
    selected, thing, answer = found
    version = version_of(page)
    elapsed = page.evaluate(CLICK_AND_TIME, [thing, selected])
    assert 0 <= elapsed <= WHY_MS, f"the reason took {elapsed:.0f} ms"
    bubble = page.locator("#whynot")
    expect(bubble).to_contain_text(answer["reason"])
    expect(bubble.locator("a.rule")).to_contain_text(answer["rule"])
    box, shown = (
        page.locator(f'#board [data-thing="{thing}"]').first.bounding_box(),
        bubble.bounding_box(),
    )
    assert box and shown and abs(shown["y"] - (box["y"] + box["height"])) < 40  # next to it
    page.wait_for_timeout(200)
    assert version_of(page) == version
    api_version = page.request.get(f"/api/tables/{table}?log_start=1000000").json()["version"]
    assert api_version == version


def as_seat(page: Page, path: str, body: dict | None = None) -> dict:
    """An API call with the page's own seat cookie."""
    if body is None:
        return page.request.get(path).json()
    return page.request.post(
        path, data=body, headers={"Origin": page.url.split("/tables/")[0]}
    ).json()


NO_SIDEWAYS = "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]"


@pytest.mark.timeout(180)
def test_the_end_is_a_result_panel_at_the_top_and_long_names_fit_a_phone(new_context, server):
    page = seat_with_a_bot(new_context, server, "tikal", PHONE, name=LONG_NAME)
    assert len(LONG_NAME) == 32
    table = page.url.rsplit("/", 1)[1]
    widths = page.evaluate(NO_SIDEWAYS)
    assert widths[0] <= widths[1] == PHONE["width"], f"the page scrolls sideways: {widths}"
    # The seat plays quickly to the end over the API (the page watches).
    deadline = time.monotonic() + 150
    number = 0
    while time.monotonic() < deadline:
        position = as_seat(page, f"/api/tables/{table}?log_start=1000000")
        if position["over"]:
            break
        if not position["legal"]:
            time.sleep(0.05)
            continue
        kinds = {entry["action"]["kind"]: entry for entry in position["legal"]}
        kind = next((k for k in ("place_tile", "end_turn") if k in kinds), next(iter(kinds)))
        move = {
            "action": kinds[kind]["action"],
            "version": position["version"],
            "nonce": f"e{number}",
        }
        as_seat(page, f"/api/tables/{table}/moves", move)
        number += 1
    assert position["over"], "the game did not end in time"
    result = page.locator("#result")
    expect(result).to_be_visible()
    for viewport in (PHONE, DESKTOP):
        page.set_viewport_size(viewport)
        page.evaluate("scrollTo(0, 0)")
        box = result.bounding_box()
        assert box and box["y"] + 40 < viewport["height"], "the result panel is below the fold"
        widths = page.evaluate(NO_SIDEWAYS)
        assert widths[0] <= widths[1], f"the page scrolls sideways: {widths}"
    winners = [position["seats"][s]["name"] or "" for s in position["winners"]]
    title = page.locator("#result-title").inner_text()
    assert ("You" in title) if 0 in position["winners"] else all(w in title for w in winners)
    placings = page.locator("#placings li")
    expect(placings).to_have_count(2)
    best = max(position["scores"])
    expect(placings.first).to_contain_text(f"Points: {best}")
    expect(result.get_by_role("link", name="Replay")).to_have_attribute(
        "href", f"/tables/{table}/replay"
    )
    expect(result.get_by_role("link", name="Download the record")).to_be_visible()
    expect(result.locator("#again input[name=seat_1_spec]")).to_have_value("random")
    with page.expect_navigation():
        result.get_by_role("button", name="Play again with the same seats").click()
    assert "/tables/" in page.url and page.url.rsplit("/", 1)[1] != table  # seated at a new table
    wait_shown(page)


@pytest.mark.timeout(90)
def test_a_seat_taken_over_in_another_browser_turns_the_old_page_into_a_spectators(
    new_context, server
):
    seats = [{"kind": "human"}, {"kind": "human"}]
    created = api(server, "/api/tables", {"game": "tikal", "options": {}, "seats": seats})
    table = created["table"]
    mover = api(server, f"/api/tables/{table}")["to_move"][0]
    link = server + created["seats"][mover]["invite"]
    old = new_context(confirm=False).new_page()
    for page, name in ((old, "Ana"), (new_context(confirm=False).new_page(), "Ana again")):
        page.goto(link)
        page.get_by_label("Your name").fill(name)
        page.get_by_role("button", name="Take the seat").click()
        page.wait_for_url(TABLE_URL)
        wait_shown(page)
        if page is old:
            expect(old.locator("#board [data-element].candidate").first).to_be_visible()
            expect(old.locator("#ask-confirm")).to_be_visible()
        else:
            new = page
    gone = old.locator("#gone")
    expect(gone).to_be_visible()
    expect(gone).to_contain_text("ask the creator for a new invite link")
    expect(old.locator("#who")).to_contain_text("Watching as a spectator.")
    for control in ("#notify", "#ask-confirm", "#legal", "#recap", "#actions"):
        expect(old.locator(control)).to_be_hidden()
    expect(old.locator("#board [data-element].candidate")).to_have_count(0)
    # It follows the game as a spectator: a move of the seat's new holder shows.
    version = version_of(old)
    position = as_seat(new, f"/api/tables/{table}?log_start=1000000")
    move = {"action": position["legal"][0]["action"], "version": position["version"], "nonce": "x1"}
    assert as_seat(new, f"/api/tables/{table}/moves", move)["ok"]
    wait_version_above(old, version)
    old.reload()  # and stays a spectator's page (the browser's cookie for the seat is gone)
    wait_shown(old)
    expect(old.locator("#who")).to_contain_text("Watching as a spectator.")
    expect(old.locator("#ask-confirm")).to_be_hidden()


@pytest.mark.timeout(60)
def test_a_long_name_keeps_altiplano_as_wide_as_the_phone(new_context, server):
    page = seat_with_a_bot(new_context, server, "altiplano", PHONE, name=LONG_NAME)
    my_position(page)
    widths = page.evaluate(NO_SIDEWAYS)
    assert widths[0] <= widths[1] == PHONE["width"], f"the page scrolls sideways: {widths}"
