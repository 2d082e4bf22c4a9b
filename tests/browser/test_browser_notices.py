"""Turn notices in a real browser (issue 28): the account page shows the notice settings,
saves them, registers the service worker (/sw.js, scope: the whole site) and offers to send
notices to this browser; it and the unsubscribe page fit a phone and pass axe-core's checks.
(No real subscription: Chromium's push service cannot be reached here; the server tests
decrypt pushed payloads instead.)"""

from __future__ import annotations

import re

import pytest
from browsing import PHONE
from playwright.sync_api import expect
from test_browser_accessibility import violations


@pytest.mark.timeout(120)
def test_the_account_page_shows_the_notices_and_registers_the_service_worker(
    new_context, server, shoot
):
    page = new_context().new_page()
    page.goto("/signup")
    page.get_by_label("Name").fill("Nora Notices")
    page.get_by_label("Password (8 characters or more)").fill("correct horse battery")
    page.get_by_role("button", name="Create the account").click()
    page.goto("/account")
    expect(page.get_by_role("heading", name="Turn notices")).to_be_visible()
    # The server of these tests sends no emails: the page says the notices come by push.
    expect(page.get_by_text("This server sends no emails")).to_be_visible()

    push = page.locator("#push")
    expect(push).to_have_attribute("data-worker", "registered")
    expect(push).to_have_attribute("data-state", re.compile("^(off|blocked)$"))
    scope = page.evaluate(
        "navigator.serviceWorker.getRegistration('/').then("
        "r => r && (r.active || r.installing || r.waiting) ? r.scope : null)"
    )
    assert scope == f"{server}/"
    if push.get_attribute("data-state") == "off":
        expect(page.get_by_role("button", name="Send notices to this browser")).to_be_visible()

    wait = page.get_by_label(re.compile("^Also tell me when a game has waited"))
    wait.fill("45")
    page.get_by_role("button", name="Save the notices").click()
    expect(page.get_by_text("Your turn notices are saved.")).to_be_visible()
    expect(page.get_by_label(re.compile("^Also tell me when a game has waited"))).to_have_value(
        "45"
    )
    assert violations(page) == []
    page.locator("#notices").scroll_into_view_if_needed()
    shoot(page, "account-notices")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.goto("/unsubscribe/not-a-token")
    expect(page.get_by_role("button", name="Turn the notices off")).to_be_visible()
    assert violations(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.get_by_role("button", name="Turn the notices off").click()
    expect(page.get_by_role("alert")).to_contain_text("turns off no notices")
