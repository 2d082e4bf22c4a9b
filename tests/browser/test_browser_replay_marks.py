"""The replay's marks of what a move changed (Altiplano): after a jump to a step, the board
marks what that step changed and nothing from the steps shown before it, the same as when
the step is reached by stepping forward from the one before."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, expect
from test_browser_tables import api

#: How long two random bots may take over a whole game on a busy machine.
GAME_SECONDS = 60

MARKED = "nodes => nodes.map(node => node.dataset.key).sort()"


def marked(page: Page) -> list[str]:
    return page.eval_on_selector_all("#board [data-key].changed", MARKED)


def jump(page: Page, step: int) -> list[str]:
    page.locator("#step").fill(str(step))
    page.locator("#step").dispatch_event("change")
    expect(page.locator("#step")).to_have_value(str(step))
    return marked(page)


def forward(page: Page) -> list[str]:
    step = int(page.locator("#step").input_value())
    page.locator("#forward").click()
    expect(page.locator("#step")).to_have_value(str(step + 1))
    return marked(page)


@pytest.mark.timeout(120)
def test_a_jump_marks_only_what_its_step_changed(new_context, server):
    bots = [{"kind": "bot", "bot": "random"}] * 2
    table = api(server, "/api/tables", {"game": "altiplano", "seats": bots})["table"]
    deadline = time.monotonic() + GAME_SECONDS
    while not api(server, f"/api/tables/{table}")["over"]:
        assert time.monotonic() < deadline, "the bots did not finish their game"
        time.sleep(0.25)
    page = new_context().new_page()
    page.goto(f"/tables/{table}/replay")
    expect(page.locator("#table")).to_have_attribute("data-ready", "true")
    steps = int(page.locator("#step").get_attribute("max") or "")

    middle = steps // 2
    jump(page, middle - 1)
    own = forward(page)  # what the middle step changed, reached by stepping
    while not own and middle < steps:
        middle += 1
        own = forward(page)
    assert own, "no step changed anything drawn"

    page.locator("#first").click()
    for _ in range(3):
        forward(page)
    earlier = marked(page)
    assert earlier and earlier != own, "the earlier steps must leave marks to be cleared"
    assert jump(page, middle) == own
    jump(page, steps)
    assert jump(page, middle) == own
