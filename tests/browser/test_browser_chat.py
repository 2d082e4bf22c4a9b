"""Table chat in a real browser (issue 28): what one seat writes reaches the other seat's browser
and a spectator's without reloading, markup shown as text; a line that is too long is refused
with the reason beside the box and stays in it; a seat muted in one browser is hidden there only;
the chat's box fits a phone."""

from __future__ import annotations

import pytest
from browsing import PHONE
from playwright.sync_api import Page, expect
from test_browser_tables import api_table, take_seat, wait_shown

#: A line that would run script if a page put it in as markup.
MARKUP = '<img src="x" onerror="document.title=\'pwned\'"><b>hi</b> & bye'


def write(page: Page, text: str) -> None:
    page.get_by_label("Your message").fill(text)
    page.get_by_role("button", name="Send").click()


def chat_lines(page: Page):
    return page.locator("#chat-lines li")


@pytest.mark.timeout(120)
def test_a_line_reaches_the_other_seat_and_a_spectator_as_text(new_context, server, shoot):
    created = api_table(server, "tikal", 2)
    ann = take_seat(new_context(), created["seats"][0]["invite"], "Ana")
    bea = take_seat(new_context(), created["seats"][1]["invite"], "Bea")
    spectator = new_context().new_page()
    spectator.goto(f"/tables/{created['table']}")
    wait_shown(spectator)
    expect(ann.locator("#chat-empty")).to_be_visible()
    expect(spectator.get_by_label("Your message")).to_be_hidden()  # spectators only read

    write(ann, MARKUP)
    expect(ann.get_by_label("Your message")).to_have_value("")  # kept: the box is emptied
    for page in (ann, bea, spectator):
        expect(chat_lines(page)).to_have_count(1)
        line = chat_lines(page).first
        expect(line).to_contain_text("Ana: " + MARKUP)
        markup = line.locator("img, script, b:not(.actor)")
        assert markup.count() == 0, "a chat line is text, never markup"
        expect(page.locator("#chat-empty")).to_be_hidden()
    assert bea.title() != "pwned"

    write(bea, "Good luck!")
    for page in (ann, bea, spectator):
        expect(chat_lines(page)).to_have_count(2)
        expect(chat_lines(page).nth(1)).to_contain_text("Bea: Good luck!")
    bea.locator("#chat").scroll_into_view_if_needed()
    shoot(bea, "chat")

    # A spectator that comes later reads what was written before it came.
    late = new_context().new_page()
    late.goto(f"/tables/{created['table']}")
    expect(chat_lines(late)).to_have_count(2)


@pytest.mark.timeout(120)
def test_a_refused_line_says_why_and_stays_in_the_box(new_context, server):
    created = api_table(server, "tikal", 2)
    ann = take_seat(new_context(), created["seats"][0]["invite"], "Ana")
    too_long = "x" * 501
    ann.get_by_label("Your message").evaluate("(box, text) => { box.value = text; }", too_long)
    ann.get_by_role("button", name="Send").click()
    expect(ann.locator("#chat-error")).to_have_text("a chat line is 1 to 500 characters")
    expect(ann.get_by_label("Your message")).to_have_value(too_long)
    expect(chat_lines(ann)).to_have_count(0)


@pytest.mark.timeout(120)
def test_muting_a_seat_hides_its_lines_in_that_browser_only(new_context, server):
    created = api_table(server, "tikal", 2)
    ann = take_seat(new_context(), created["seats"][0]["invite"], "Ana")
    bea = take_seat(new_context(), created["seats"][1]["invite"], "Bea")
    write(ann, "first")
    expect(chat_lines(bea)).to_have_count(1)
    expect(chat_lines(ann).locator("button.mute")).to_have_count(0)  # nobody mutes themself
    bea.get_by_role("button", name="Mute: Ana").click()
    expect(chat_lines(bea)).to_have_count(0)
    write(ann, "second")
    expect(chat_lines(ann)).to_have_count(2)
    bea.reload()
    wait_shown(bea)
    expect(bea.locator("#muted")).to_be_visible()  # kept in this browser
    expect(chat_lines(bea)).to_have_count(0)
    bea.get_by_role("button", name="Unmute Ana").click()
    expect(chat_lines(bea)).to_have_count(2)


@pytest.mark.timeout(120)
def test_the_chat_fits_a_phone(new_context, server):
    created = api_table(server, "tikal", 2)
    context = new_context()
    ann = take_seat(context, created["seats"][0]["invite"], "Ana")
    ann.set_viewport_size(PHONE)
    write(ann, "a long line " * 30)
    expect(chat_lines(ann)).to_have_count(1)
    for part in ("#chat-lines", "#chat-form", "#chat-text", "#chat-send"):
        box = ann.locator(part).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], part
    assert ann.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
