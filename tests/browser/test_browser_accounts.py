"""Accounts in a real browser (issue 28): a player signs up from the lobby's menu, the menu
names them, "My games" on a second browser signed in to the same account lists the seat they
took by an invite link and opens it as theirs; a wrong password is refused saying why; the
account pages fit a phone, read in German, and axe finds no serious problem on them."""

from __future__ import annotations

import re

import pytest
from browsing import PHONE
from playwright.sync_api import expect
from test_browser_accessibility import violations
from test_browser_tables import TABLE_URL, wait_shown

PASSWORD = "a good long password"


def sign_up(page, name):
    page.goto("/")
    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("Password (8 characters or more)").fill(PASSWORD)
    page.get_by_role("button", name="Create the account").click()
    expect(page.locator("#account-name")).to_have_text(name)


def fits_a_phone(page):
    page.set_viewport_size(PHONE)
    return page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


@pytest.mark.timeout(150)
def test_an_account_keeps_its_seat_on_another_browser(new_context, server, shoot):
    laptop = new_context().new_page()
    sign_up(laptop, "Rosa Lima")
    shoot(laptop, "signed-in-lobby")
    assert fits_a_phone(laptop)
    laptop.set_viewport_size({"width": 1280, "height": 800})

    # A table with invite links; Rosa opens seat 1's link while signed in.
    heading = laptop.get_by_role("heading", name=re.compile("^Tikal"))
    card = laptop.locator("section").filter(has=heading)
    card.locator("summary").click()
    form = card.locator("form:has(select[name=players])")
    form.locator("select[name=players]").select_option("2")
    form.locator("select[name=seat_1]").select_option("human")
    form.get_by_role("button", name="Create the table").click()
    link = laptop.locator("a[href*='/join/']").first.get_attribute("href")
    laptop.goto(link)
    expect(laptop.get_by_text("The seat will be kept with your account Rosa Lima")).to_be_visible()
    expect(laptop.get_by_label("Your name")).to_have_value("Rosa Lima")
    laptop.get_by_role("button", name="Take the seat").click()
    laptop.wait_for_url(TABLE_URL)
    wait_shown(laptop)
    table_path = re.sub(r"^https?://[^/]+", "", laptop.url)

    # Another browser, signed in to the same account, finds the game and plays it as seat 1.
    phone = new_context().new_page()
    phone.goto("/games")
    expect(phone.locator("#seats")).to_have_count(0)
    phone.get_by_role("link", name="Sign in").first.click()
    phone.get_by_label("Name").fill("rosa lima")
    phone.get_by_label("Password").fill("not the password")
    phone.get_by_role("button", name="Sign in").click()
    expect(phone.locator("#form-error")).to_have_text("the name or the password is wrong")
    phone.get_by_label("Password").fill(PASSWORD)
    phone.get_by_role("button", name="Sign in").click()
    phone.goto("/games")
    row = phone.locator("#seats tbody tr")
    expect(row).to_have_count(1)
    expect(row).to_contain_text("Tikal")
    row.get_by_role("link", name="open the table").click()
    phone.wait_for_url(TABLE_URL)
    wait_shown(phone)
    assert table_path in phone.url
    expect(phone.locator("#who")).to_contain_text("You are seat 1.")
    # The laptop still holds the seat too.
    laptop.reload()
    wait_shown(laptop)
    expect(laptop.locator("#who")).to_contain_text("You are seat 1.")


@pytest.mark.timeout(150)
def test_the_account_pages_fit_a_phone_read_in_german_and_pass_axe(new_context, server, shoot):
    page = new_context().new_page()
    problems = []
    for path in ("/signup", "/signin", "/reset"):
        page.goto(path)
        problems += [f"{path}: {v}" for v in violations(page)]
        assert fits_a_phone(page), path
        page.set_viewport_size({"width": 1280, "height": 800})
    sign_up(page, "Jonas")
    page.goto("/account")
    problems += [f"/account: {v}" for v in violations(page)]
    shoot(page, "account")
    assert fits_a_phone(page)
    page.locator("#languages").get_by_role("link", name="Deutsch").click()
    expect(page.get_by_role("heading", level=2)).to_have_text("Dein Konto: Jonas")
    expect(page.get_by_role("button", name="Abmelden")).to_be_visible()
    page.get_by_label("Aktuelles Passwort").fill("falsches Passwort")
    page.get_by_label("Neues Passwort (mindestens 8 Zeichen)").fill("ein neues Passwort")
    page.get_by_role("button", name="Passwort ändern").click()
    expect(page.locator("#form-error")).to_have_text("das Passwort ist falsch")
    shoot(page, "account-de-refused")
    page.get_by_role("button", name="Abmelden").click()
    expect(page.get_by_role("link", name="Anmelden")).to_be_visible()
    assert not problems, "\n".join(problems)
