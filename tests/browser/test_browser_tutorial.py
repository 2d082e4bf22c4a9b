"""The guided first games in a real browser (issue 29): from the lobby's "Learn to play", each
game's tutorial is completed in English and in German by doing only what its panel says:
reading (Next) and clicking the thing that glows on the board, until the free game against
the easy bot begins. A wrong click is refused at once with the reason: the step's own text
for a move the rules allow but the step does not ask for, the rule's words for one they
refuse."""

from __future__ import annotations

import pytest
from browsing import PHONE
from playwright.sync_api import Page, expect
from test_browser_accessibility import violations

from meeple.tutorials.script import script_of

#: What the page may be waiting for the player to do, as the page script sees it.
NEXT_THING = """() => {
  const panel = document.getElementById("tutorial");
  const busy = document.getElementById("bar").getAttribute("aria-busy") === "true";
  if (busy || document.getElementById("version").textContent === "") return null;
  if (panel.hidden) return "done";
  if (!document.getElementById("tutorial-next").hidden) return "read";
  const glowing = document.querySelector("#board .guide");
  return glowing ? "click:" + glowing.dataset.element : null;
}"""

#: Whether the page moved on after a click: a new position, or another element chosen.
CHANGED = (
    "before => document.getElementById('version').textContent !== before[0]"
    " || document.querySelectorAll('#board .selected').length !== before[1]"
)

#: How many reads and clicks a tutorial takes at most (a bound that stops a page that loops).
MOST_ACTIONS = 200


def open_tutorial(page: Page, game: str, language: str, shoot=None) -> None:
    page.goto(f"/lang/{language}?next=/")
    if shoot is not None:
        shoot(page, "lobby")
    page.locator(f'form[action="/tutorial/{game}"] button').click()
    page.wait_for_url("**/tables/*")
    expect(page.locator("#tutorial")).to_be_visible()


def shown(page: Page) -> tuple[str, int]:
    """The table's version and how many elements are chosen, as the page shows them."""
    return page.evaluate(
        "() => [document.getElementById('version').textContent,"
        " document.querySelectorAll('#board .selected').length]"
    )


def follow_the_tutorial(page: Page, shoot, game: str) -> list[str]:
    """Does what the panel says until the tutorial ends; returns the texts it showed. The
    page is shot at the first thing to click from its fifth text on."""
    texts: list[str] = []
    shot = False
    for _ in range(MOST_ACTIONS):
        thing = page.wait_for_function(NEXT_THING).json_value()
        if thing == "done":
            return texts
        texts.append(page.locator("#tutorial-text").text_content() or "")
        before = shown(page)
        if thing == "read":
            page.locator("#tutorial-next").click()
            continue
        if len(texts) >= 5 and not shot:
            shoot(page, f"{game}-step")
            shot = True
        element = thing.removeprefix("click:")
        page.locator(f'#board [data-element="{element}"]').first.click()
        page.wait_for_function(CHANGED, arg=before)
    raise AssertionError(f"the tutorial did not end after {MOST_ACTIONS} reads and clicks")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_the_tutorial_is_completed_by_following_its_highlights(new_context, shoot, game, language):
    page = new_context(confirm=False).new_page()
    open_tutorial(page, game, language, shoot if game == "tikal" else None)
    if language == "en":
        shoot(page, f"{game}-start")
        assert not violations(page)  # axe: the panel with its text to read and Next
    texts = follow_the_tutorial(page, shoot, game)
    script = script_of(game)
    learner_steps = sum(1 for move in script.moves if move.seat == script.learner)
    assert len([t for t in texts if t]) >= learner_steps
    if language == "de":  # the texts are the catalogue's, not English
        english = {step.text for step in script.steps}
        assert not english & set(texts), english & set(texts)
    # The free game: the learner is to move again, any legal move, against the easy bot.
    expect(page.locator("#tutorial")).to_be_hidden()
    expect(page.locator("#bar")).to_have_class("mine")
    state = page.evaluate(
        "async () => (await fetch(`/api/tables/${document.getElementById('table')"
        ".dataset.table}`)).json()"
    )
    assert state["tutorial"]["done"]
    assert {seat["bot"] for seat in state["seats"] if seat["kind"] == "bot"} == {script.bot}
    shoot(page, f"{game}-free")


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_wrong_click_is_refused_with_the_reason(new_context, shoot, language):
    page = new_context(confirm=False).new_page()
    open_tutorial(page, "tikal", language)
    # Read, place the temple and bring a worker: the step after asks for the leader.
    click_through(page, ("hex:c4", "rotation:2", "supply:worker", "camp:a5"))
    expect(page.locator("#version")).to_have_text("2")
    step = page.locator("#tutorial-text").text_content() or ""
    # A camp may be built by the rules, but the step asks for the leader: its text says so.
    page.locator('#board [data-thing="supply:camp"]').click()
    bubble = page.locator("#whynot")
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text(step)
    shoot(page, "tutorial-refused")
    assert not violations(page)  # axe: a step, its glowing elements and the refusal
    # The step links its part of the rules help, which the rules page marks in every language.
    expect(page.locator("#tutorial-rule")).to_have_attribute("href", "/rules/tikal#scoring")
    rules = page.context.new_page()
    rules.goto("/rules/tikal#scoring")
    expect(rules.locator("p#scoring")).to_be_visible()
    # After a reload the texts read stay read: the step asks for its move at once.
    page.reload()
    assert page.wait_for_function(NEXT_THING).json_value() == "click:supply:leader"
    # Bring the leader, walk the worker to b4: then a walk to b3, where no tile lies yet, is
    # refused by the rules, in their words, with the rule's link.
    click_through(page, ("supply:leader", "camp:a5", "figure:worker:a5", "hex:b4"))
    expect(page.locator("#version")).to_have_text("4")
    page.locator('#board [data-thing="hex:b3"]').dispatch_event("click")
    expect(bubble.locator("a.rule")).to_contain_text("TIK-5")
    expect(page.locator("#version")).to_have_text("4")  # nothing was played


def click_through(page: Page, elements: tuple[str, ...]) -> None:
    """Reads on and clicks `elements`, each the one that glows when it is clicked."""
    for element in elements:
        while (thing := page.wait_for_function(NEXT_THING).json_value()) == "read":
            page.locator("#tutorial-next").click()
        assert thing == f"click:{element}"
        before = shown(page)
        page.locator(f'#board .guide[data-element="{element}"]').click()
        page.wait_for_function(CHANGED, arg=before)
    while page.wait_for_function(NEXT_THING).json_value() == "read":
        page.locator("#tutorial-next").click()


@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_on_a_phone_the_thing_to_click_is_in_the_window(new_context, artefacts, game):
    page = new_context(confirm=False).new_page()
    page.set_viewport_size(PHONE)
    open_tutorial(page, game, "en")
    clicks = 0
    while clicks < 2:  # the first two things to click, each scrolled into the window
        thing = page.wait_for_function(NEXT_THING).json_value()
        if thing == "read":
            page.locator("#tutorial-next").click()
            continue
        glowing = page.locator("#board .guide")
        box, bar = glowing.bounding_box(), page.locator("#bar").bounding_box()
        assert box and bar and bar["y"] + bar["height"] <= box["y"] + box["height"] / 2
        assert box["y"] + box["height"] / 2 <= PHONE["height"]
        page.screenshot(path=artefacts / f"tutorial-{game}-phone-{clicks}-390.png")
        before = shown(page)
        glowing.click()
        page.wait_for_function(CHANGED, arg=before)
        clicks += 1
