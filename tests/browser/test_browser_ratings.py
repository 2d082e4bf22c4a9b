"""Accounts, rated open tables, chat and ratings in a real browser (issue 28's scenario): two and
three accounts, each in a browser context of its own, sign up; the first creates a rated open
table in the lobby and takes seat 1 by its link, the others take the free seats from the
lobby's list; a chat line with markup reaches the others as text; the game is played to its end
(the first move clicked on the page, the rest over the JSON API with each browser's own
cookies: seat 1 scores, the others end their turns), and every seat's rating on the result panel
and on the profiles is openskill's figure for the ranking. The profile and the leaderboard fit
1280 and 390 px (screenshots), and axe-core finds no serious violation on them or on the
result panel. And a player who claims a seat by its link in a second browser
signed in to the same account finds the game in "My games" there and in the first."""

from __future__ import annotations

import random
import re

import pytest
from browsing import PHONE
from openskill.models import PlackettLuce
from playwright.sync_api import Page, expect
from test_browser_accessibility import violations
from test_browser_chat import MARKUP, chat_lines, write
from test_browser_tables import TABLE_URL, api_table, wait_shown

PASSWORD = "correct horse battery"
#: How long the whole game may take over the API (some 200 moves) on a busy machine.
GAME_SECONDS = 240


def sign_up(page: Page, name: str) -> None:
    page.goto("/signup")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password (8 characters or more)").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator("#account-name")).to_have_text(name)


def sign_in(page: Page, name: str) -> None:
    page.goto("/signin")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("#account-name")).to_have_text(name)


def create_rated_open_table(page: Page, players: int) -> str:
    """The lobby's full Tikal form: `players` people, listed in the lobby, rated; the creator
    then takes seat 1 by its link. Returns the table id."""
    page.goto("/")
    heading = page.get_by_role("heading", name=re.compile("^Tikal"))
    card = page.locator("section").filter(has=heading)
    card.locator("summary").click()
    form = card.locator("form:has(select[name=players])")
    form.locator("select[name=players]").select_option(str(players))
    for seat in range(players):
        form.locator(f"select[name=seat_{seat}]").select_option("human")
    form.get_by_label("List the table in the lobby").check()
    form.get_by_label("Rated:").check()
    form.get_by_role("button", name="Create the table").click()
    link = page.locator("a[href*='/join/']").first.get_attribute("href")
    assert link
    page.goto(link)
    expect(page.locator(".rated-mark")).to_be_visible()
    page.get_by_role("button", name="Take the seat").click()
    page.wait_for_url(TABLE_URL)
    wait_shown(page)
    return page.url.rsplit("/", 1)[1]


def sit_from_lobby(page: Page, table: str) -> None:
    page.goto("/")
    form = page.locator(f"#open-tables form[action='/tables/{table}/sit']")
    expect(form.get_by_label("Your name")).to_have_value(page.locator("#account-name").inner_text())
    form.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(TABLE_URL)
    wait_shown(page)


def position(page: Page, table: str) -> dict:
    """The position as the page's browser reads it (its own cookies: its seat)."""
    return page.request.get(f"/api/tables/{table}?log_start=100000").json()


def play_to_the_end(pages: list[Page], table: str, server: str) -> dict:
    """Each seat's moves over the API with its browser's cookies: seat 1 plays random moves
    other than ending its turn while it has one, the others end their turns."""
    import time

    rng = random.Random(7)
    deadline = time.monotonic() + GAME_SECONDS
    n = 0
    while True:
        assert time.monotonic() < deadline, f"unfinished after {n} moves"
        seen = position(pages[0], table)
        if seen["over"]:
            return seen
        (seat,) = seen["to_move"]
        mine = position(pages[seat], table)
        if mine["version"] != seen["version"]:
            continue
        legal = [entry["action"] for entry in mine["legal"]]
        busy = [a for a in legal if a["kind"] != "end_turn"]
        ending = [a for a in legal if a["kind"] == "end_turn"]
        action = rng.choice(busy) if seat == 0 and busy else (ending or legal)[0]
        n += 1
        answer = pages[seat].request.post(
            f"/api/tables/{table}/moves",
            data={"action": action, "version": mine["version"], "nonce": f"p{n}"},
            headers={"Origin": server},
        )
        assert answer.ok, answer.text()


def expected_ratings(final: dict) -> list[float]:
    """openskill's shown rating (ordinal) of each seat, all new players, for the final
    ranking: the winners first, then by points (Tikal has no other tie-break)."""
    keys = [(seat in final["winners"], points) for seat, points in enumerate(final["scores"])]
    ranks = [1 + sum(other > mine for other in keys) for mine in keys]
    model = PlackettLuce()
    rated = model.rate([[model.rating()] for _ in ranks], ranks=ranks)
    return [team[0].ordinal() for team in rated]


def shown(value: float) -> str:
    """A rating as the pages write it: one decimal ("-0.0" reads "0.0")."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.timeout(400)
def test_accounts_play_a_rated_open_table_and_their_ratings_change(
    new_context, server, shoot, players
):
    names = [f"{name} {players}p" for name in ("Ana", "Bea", "Cai")[:players]]
    pages = [new_context(confirm=False).new_page() for _ in names]
    for page, name in zip(pages, names, strict=True):
        sign_up(page, name)
    table = create_rated_open_table(pages[0], players)
    for page in pages[1:]:
        sit_from_lobby(page, table)
    for seat, page in enumerate(pages):
        expect(page.locator("#who")).to_contain_text(f"You are seat {seat + 1}.")
        expect(page.locator("#rated")).to_be_visible()

    write(pages[0], MARKUP)
    for page in pages[1:]:
        expect(chat_lines(page)).to_have_count(1)
        expect(chat_lines(page).first).to_contain_text(MARKUP)
        assert chat_lines(page).first.locator("img, script, b:not(.actor)").count() == 0

    # The first move is clicked on the page; rated: no Undo after it.
    pages[0].locator("#legal button").first.click()
    pages[0].wait_for_function("Number(document.getElementById('version').textContent) >= 1")
    expect(pages[0].locator("#undo")).to_be_hidden()

    final = play_to_the_end(pages, table, server)
    want = expected_ratings(final)
    for change, rating in zip(final["ratings"], want, strict=True):
        assert change["after"] == pytest.approx(rating)
    for page in pages:
        expect(page.locator("#status")).to_have_text("The game is over.")
        for other, rating in enumerate(want):
            link = page.locator(f"#placings li[data-seat='{other}'] a.rating")
            expect(link).to_contain_text(f"Rating {shown(rating)}")
            expect(link).to_have_attribute("href", f"/players/{names[other].replace(' ', '%20')}")
    pages[0].evaluate("window.scrollTo(0, 0)")  # the result panel is at the top
    shoot(pages[0], "result")
    assert violations(pages[0]) == []

    # Each profile shows the library's figure for this player count, in every browser.
    for seat, name in enumerate(names):
        page = pages[(seat + 1) % players]
        page.goto(f"/players/{name}")
        expect(page.locator("#player-name")).to_have_text(name)
        row = page.locator(f"#ratings tr[data-game='tikal'][data-players='{players}']")
        expect(row.locator(".rating")).to_have_text(shown(want[seat]))
        expect(page.locator("#recent a").first).to_have_attribute("href", f"/tables/{table}/replay")
    pages[0].goto(f"/players/{names[0]}")
    shoot(pages[0], "profile")
    pages[0].goto(f"/leaderboard/tikal?players={players}")
    board = pages[0].locator("#leaderboard tbody tr")
    expect(board.filter(has_text=names[0])).to_have_count(1)
    shoot(pages[0], "leaderboard")
    for path in (f"/players/{names[0]}", f"/leaderboard/tikal?players={players}"):
        pages[0].set_viewport_size(PHONE)
        pages[0].goto(path)
        assert pages[0].evaluate("document.documentElement.scrollWidth") <= PHONE["width"], path
        assert violations(pages[0]) == [], path


@pytest.mark.timeout(120)
def test_a_seat_claimed_by_link_in_a_second_browser_is_in_my_games_there(new_context, server):
    laptop = new_context().new_page()
    sign_up(laptop, "Dan")
    phone = new_context().new_page()
    sign_in(phone, "Dan")
    created = api_table(server, "tikal", 2)
    phone.goto(created["seats"][1]["invite"])
    phone.get_by_role("button", name="Take the seat").click()
    phone.wait_for_url(TABLE_URL)
    for page in (phone, laptop):
        page.goto("/games")
        expect(page.locator(f"#seats a[href='/tables/{created['table']}']")).to_have_count(1)
    laptop.locator(f"#seats a[href='/tables/{created['table']}']").click()
    expect(laptop.locator("#who")).to_contain_text("You are seat 2.")
