"""The table pages in a real browser: a table made in the lobby, seats taken by invite links,
moves made by clicking, seen by the other browser without reloading; refusals shown with their
rule; the position back after going offline; no frame carrying another seat's secrets."""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest
from playwright.sync_api import BrowserContext, Page, expect
from server_helpers import SecrecyWatch

from planted import altiplano_marked_edition, tikal_marked_edition

TABLE_URL = re.compile(r"/tables/[\w-]+$")

#: How long a seat may wait for a move to be offered it (bots, a busy machine).
OFFERED_SECONDS = 20


def api(server: str, path: str, body: object = None) -> dict:
    """A JSON API call as a program (not the browser) makes it."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        server + path, data=data, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def version_of(page: Page) -> int:
    return int(page.locator("#version").text_content() or "")


def wait_shown(page: Page) -> None:
    """Until the page shows a position pushed over its socket."""
    page.wait_for_function("document.getElementById('version').textContent !== ''")


def wait_version_above(page: Page, version: int) -> None:
    page.wait_for_function(
        "v => Number(document.getElementById('version').textContent) > v", arg=version
    )


def mark_loaded(page: Page) -> None:
    """Marks this load of the page; a reload would lose the mark."""
    page.evaluate("window.meepleSameLoad = true")


def same_load(page: Page) -> bool:
    return page.evaluate("window.meepleSameLoad === true")


def legal_buttons(page: Page):
    return page.locator("#legal button")


def seat_to_move(pages: list[Page]) -> Page:
    """The first page that offers moves, once one does."""
    deadline = time.monotonic() + OFFERED_SECONDS
    while time.monotonic() < deadline:
        for page in pages:
            if legal_buttons(page).count():
                return page
        time.sleep(0.05)
    raise AssertionError("no page offers a move")


def click_a_move(page: Page) -> None:
    """Clicks the first legal action and waits until the page shows the new position."""
    version = version_of(page)
    legal_buttons(page).first.click()
    wait_version_above(page, version)


def create_in_lobby(page: Page, title: str, players: int, edition: object = None) -> list[str]:
    """Creates a table of people only with the lobby's form of the game whose heading starts
    with `title`; returns the created page's invite links."""
    page.goto("/")
    heading = page.get_by_role("heading", name=re.compile(f"^{title}"))
    card = page.locator("section").filter(has=heading)
    card.locator("summary").click()  # the full form is folded under quick play
    form = card.locator("form:has(select[name=players])")
    form.locator("select[name=players]").select_option(str(players))
    for seat in range(1, players):
        form.locator(f"select[name=seat_{seat}]").select_option("human")
    if edition is not None:
        form.locator("input[name=opt_edition_file]").set_input_files(
            files=[
                {
                    "name": "marked.json",
                    "mimeType": "application/json",
                    "buffer": json.dumps(edition).encode(),
                }
            ]
        )
    form.get_by_role("button", name="Create the table").click()
    expect(page.get_by_text("Send each player their link")).to_be_visible()
    return page.locator("ul li a").all_inner_texts()


def take_seat(context: BrowserContext, link: str, name: str, frames: list | None = None) -> Page:
    """Opens an invite link in `context`, gives a name and waits for the table page; the
    WebSocket frames the page receives go to `frames`."""
    page = context.new_page()
    if frames is not None:
        page.on(
            "websocket",
            lambda socket: socket.on("framereceived", lambda frame: frames.append(frame)),
        )
    page.goto(link)
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(TABLE_URL)
    wait_shown(page)
    return page


def api_table(server: str, game: str, seats: int, options: dict | None = None) -> dict:
    body = {"game": game, "options": options or {}, "seats": [{"kind": "human"}] * seats}
    return api(server, "/api/tables", body)


@pytest.mark.timeout(90)
def test_play_against_bots_now_by_clicking(new_context, shoot):
    page = new_context().new_page()
    page.goto("/")
    shoot(page, "lobby")
    page.get_by_role("button", name="Play tikal against bots now").click()
    page.wait_for_url(TABLE_URL)
    expect(legal_buttons(page).first).to_be_visible()
    expect(page.locator("#board svg.tikal-board")).to_be_visible()
    expect(page.locator("#board [data-element].candidate").first).to_be_visible()
    shoot(page, "table")
    mark_loaded(page)
    lines = page.locator("#log li").count()
    click_a_move(page)
    expect(page.locator("#log li")).not_to_have_count(lines)
    assert page.locator("#log li").count() > lines
    assert same_load(page)
    assert_lines_name_their_actors(page)


def assert_lines_name_their_actors(page) -> None:
    """Each line of the log and of "since your last turn" starts with who acted: a chip in
    the colour the seat is drawn in and the seat's name (the quick game's seat is named by
    its colour word); a line without an actor is an event of the game."""
    table = page.locator("#table").get_attribute("data-table")
    state = page.request.get(f"/api/tables/{table}").json()
    rows = page.eval_on_selector_all(
        "#log li, #recap li",
        """items => items.map((li) => {
          const chip = li.querySelector(".chip");
          return {seat: li.dataset.seat ?? null, event: li.classList.contains("event"),
            actor: li.querySelector(".actor")?.textContent ?? null,
            chip: chip ? getComputedStyle(chip).backgroundColor : null};
        })""",
    )
    assert rows and any(row["seat"] is not None for row in rows)
    assert state["seats"][0]["name"] == state["seats"][0]["word"] == "Blue"
    for row in rows:
        if row["seat"] is None:
            assert row["event"] and row["actor"] is None, row
            continue
        look = state["seats"][int(row["seat"])]
        red, green, blue = (int(look["colour"][i : i + 2], 16) for i in (1, 3, 5))
        assert row["chip"] == f"rgb({red}, {green}, {blue})", row
        assert row["actor"] == f"{look['name'] or look['word']}: ", row


@pytest.mark.timeout(90)
def test_two_browsers_join_by_invite_links_and_see_each_others_moves(new_context, shoot):
    first, second = new_context(), new_context()
    lobby = first.new_page()
    links = create_in_lobby(lobby, "Tikal", players=2)
    assert len(links) == 2
    admin = lobby.locator("a[href*='/admin/']").get_attribute("href")
    shoot(lobby, "created")
    join = second.new_page()
    join.goto(links[1])
    shoot(join, "join")
    join.close()
    pages = [take_seat(first, links[0], "Ana"), take_seat(second, links[1], "Bea")]
    mover = seat_to_move(pages)
    watcher = pages[1 - pages.index(mover)]
    assert legal_buttons(watcher).count() == 0
    mark_loaded(watcher)
    version = version_of(watcher)
    click_a_move(mover)
    wait_version_above(watcher, version)
    assert version_of(watcher) == version_of(mover)
    assert same_load(watcher)
    shoot(mover, "table-mover")
    shoot(watcher, "table-watcher")

    lobby.goto("/games")
    expect(lobby.locator("#seats tbody tr")).to_have_count(1)
    expect(lobby.locator("#created tbody tr")).to_have_count(1)  # the creator's own table
    shoot(lobby, "my-games")
    lobby.goto(admin)
    expect(lobby.get_by_text("Ana")).to_be_visible()
    expect(lobby.get_by_text("Bea")).to_be_visible()
    shoot(lobby, "admin")


@pytest.mark.timeout(90)
def test_refused_moves_show_their_rule(new_context, server):
    """A move the rules refuse (sent over the page's own socket: the page offers none) and a
    move clicked on a page that missed the latest position both show why."""
    created = api_table(server, "tikal", 2)
    seat = api(server, f"/api/tables/{created['table']}")["to_move"][0]
    link = created["seats"][seat]["invite"]
    context = new_context()
    clicking = take_seat(context, link, "Ana")
    sockets, held = [], []

    def hold_back_positions(socket):
        server_side = socket.connect_to_server()
        sockets.append(server_side)

        def to_page(message):
            if held and json.loads(message)["type"] in ("state", "delta"):
                return
            socket.send(message)

        server_side.on_message(to_page)

    behind = context.new_page()
    behind.route_web_socket(re.compile(r"/ws/"), hold_back_positions)
    behind.goto(f"/tables/{created['table']}")
    wait_shown(behind)
    version = version_of(behind)

    end_turn = {"kind": "end_turn"}  # refused while the drawn tile is still in hand
    sockets[0].send(
        json.dumps({"type": "move", "action": end_turn, "version": version, "nonce": "x"})
    )
    expect(behind.locator("#error")).to_contain_text(re.compile(r"^\[TIK-\d+\] \S"))

    held.append(True)
    click_a_move(clicking)
    assert version_of(behind) == version
    legal_buttons(behind).first.click()
    expect(behind.locator("#error")).to_have_text(  # the protocol's refusal, said by its code
        "The table has changed since you chose: choose again."
    )


@pytest.mark.timeout(90)
def test_offline_and_back_restores_the_position(new_context, server):
    created = api_table(server, "tikal", 2)
    table = created["table"]
    pages = [
        take_seat(new_context(), seat["invite"], name)
        for seat, name in zip(created["seats"], ("Ana", "Bea"), strict=True)
    ]
    mover = seat_to_move(pages)
    away = pages[1 - pages.index(mover)]
    away.context.set_offline(True)
    click_a_move(mover)
    click_a_move(mover)
    assert version_of(away) < version_of(mover)
    mark_loaded(away)
    away.context.set_offline(False)
    now = api(server, f"/api/tables/{table}")["version"]
    wait_version_above(away, now - 1)  # the page connects again by itself
    assert version_of(away) == version_of(mover) == now
    assert away.locator("#log li").count() == mover.locator("#log li").count()
    assert same_load(away)


@pytest.mark.timeout(90)
def test_the_tab_title_tells_a_seat_when_its_turn_comes(new_context, server):
    created = api_table(server, "tikal", 2)
    pages = [
        take_seat(new_context(), seat["invite"], name)
        for seat, name in zip(created["seats"], ("Ana", "Bea"), strict=True)
    ]
    mover = seat_to_move(pages)
    waiting = pages[1 - pages.index(mover)]
    expect(mover).to_have_title(re.compile(r"^● Tikal"))
    expect(waiting).to_have_title(re.compile(r"^Tikal"))
    while legal_buttons(waiting).count() == 0:
        version = version_of(mover)
        end_turn = mover.locator("#legal button", has_text="End turn")
        if end_turn.count():
            end_turn.click()
            wait_version_above(mover, version)
        else:
            click_a_move(mover)
        # The other page too has the new position before its buttons are counted: else,
        # with the turn passed and its position still on the way, the loop would click on.
        wait_version_above(waiting, version)
    expect(waiting).to_have_title(re.compile(r"^● Tikal"))
    expect(mover).to_have_title(re.compile(r"^Tikal"))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("game", ["altiplano", "tikal"])
def test_frames_never_hold_the_other_seats_secrets(new_context, server, shoot, game):
    """Altiplano's table is made with the marked edition uploaded through the lobby form,
    Tikal's over the JSON API; each seat then plays by clicking while its frames are read."""
    edition, secrets = {"altiplano": altiplano_marked_edition, "tikal": tikal_marked_edition}[
        game
    ]()
    if game == "altiplano":
        links = create_in_lobby(new_context().new_page(), "Altiplano", 2, edition)
    else:
        created = api_table(server, game, 2, {"edition": edition})
        links = [server + seat["invite"] for seat in created["seats"]]
    frames = [[], []]
    pages = [
        take_seat(new_context(), link, name, seen)
        for link, name, seen in zip(links, ("Ana", "Bea"), frames, strict=True)
    ]
    for _ in range(8):
        click_a_move(seat_to_move(pages))
    shoot(pages[0], "mid-play")
    for seen in frames:
        watch = SecrecyWatch(secrets)
        for frame in seen:
            watch(json.loads(frame))
        assert watch.frames == len(seen) > 1


@pytest.mark.timeout(90)
def test_a_finished_game_shows_its_score_sheet_and_replays(new_context, server, shoot):
    """Two random bots play a whole Tikal game (a few seconds); a spectator sees the end."""
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = api(server, "/api/tables", {"game": "tikal", "seats": bots})["table"]
    deadline = time.monotonic() + 60
    while not api(server, f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.25)
    page = new_context().new_page()
    page.goto(f"/tables/{table}")
    expect(page.locator("#status")).to_have_text("The game is over.")
    expect(page.locator("#sheet")).not_to_be_empty()
    shoot(page, "table-over")

    page.locator("#result").get_by_role("link", name="Replay").click()
    expect(page.locator("#mover")).to_have_text("The start.")
    page.locator("#forward").click()
    expect(page.locator("#mover")).to_have_text(re.compile(r"^After a move of seat [12]\.$"))
    expect(page.locator("#step")).to_have_value("1")
    page.locator("#last").click()
    expect(page.locator("#step")).to_have_value(page.locator("#step").get_attribute("max"))
    expect(page.locator("#log li").first).to_be_visible()
    shoot(page, "replay")
