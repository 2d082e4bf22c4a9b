"""Clicks per move over a whole game of each game, played by clicking with the mouse on things
in view (the board, then the action bar), with "confirm each move" off: a seat against a
random bot. The median is printed and written to ``clicks-per-move-<game>.txt`` in the
artefacts folder (``$MEEPLE_ARTEFACTS``), and is at most 2.

The moves are chosen at random among those drawn on the board, ending the turn and undoing
placements less often, so that the game moves on; the test plays until the game is over or its
time is spent (`SECONDS`), and says which. Scrolling is no click: where the second thing of a
move is out of view after the first is chosen, the player scrolls to it, and the report says
how often that happened; on Tikal's board every thing that may follow a choice must be in view
by itself. Every move the clicks choose is played: one they did not play (a click
the page did not take) is noted, the page reloaded and the game goes on, and the test fails.
"""

from __future__ import annotations

import random
import statistics
import time

import pytest
from browsing import DESKTOP
from playwright.sync_api import Error as PlaywrightError
from test_browser_table_bar import my_position, play_in_view, seat_with_a_bot
from test_browser_tables import wait_shown

#: The time the moves of one game may take; the artefact says whether the game was whole.
#: Tikal's whole game by clicking is test_browser_tikal's; here its first 45 s (about 40 moves in
#: CI) are enough for the median, and keep the suite within its time.
SECONDS = {"tikal": 45, "altiplano": 90}
#: Kinds of move that go back (a random player would go back and forth) or end a turn early.
BACK = ("unplace", "take_back_tile", "take_back_coin", "undo")
ENDING = ("end_turn", "pass", "done")


def choose(legal: list[dict], rng: random.Random) -> dict:
    drawn = [e for e in legal if e["elements"] and e["action"]["kind"] not in BACK]
    onward = [e for e in drawn if e["action"]["kind"] not in ENDING]
    if onward and rng.random() < 0.7:
        return rng.choice(onward)
    return rng.choice(drawn or legal)


@pytest.mark.timeout(240)
@pytest.mark.parametrize("game", ["tikal", "altiplano"])
def test_clicks_per_move_over_a_whole_game(new_context, server, artefacts, game):
    page = seat_with_a_bot(new_context, server, game, DESKTOP)
    table = page.url.rsplit("/", 1)[1]
    rng = random.Random(7)
    clicks: list[int] = []
    scrolls: list[str] = []
    stuck: list[str] = []
    deadline = time.monotonic() + SECONDS[game]
    over = False
    while time.monotonic() < deadline:
        if page.request.get(f"/api/tables/{table}?log_start=1000000").json()["over"]:
            over = True
            break
        try:
            position = my_position(page, seconds=10)
        except AssertionError:
            continue  # the bot's last moves end the game
        entry = choose(position["legal"], rng)
        try:
            clicks.append(play_in_view(page, entry, scrolls, every_next=game == "tikal"))
        except (AssertionError, PlaywrightError) as exc:
            # Noted and counted against the page (below); a reload starts the turn afresh.
            stuck.append(f"{entry['label']}: {str(exc).splitlines()[0]}")
            page.reload()
            wait_shown(page)
    median = statistics.median(clicks)
    whole = "the whole game" if over else f"the first {SECONDS[game]} s of the game"
    report = (
        f"{game}: {len(clicks)} moves by clicking over {whole}; clicks per move: median "
        f"{median}, mean {statistics.mean(clicks):.2f}, "
        + ", ".join(f"{n} click(s): {clicks.count(n)}" for n in sorted(set(clicks)))
        + f"; scrolled to the second thing after a choice {len(scrolls)} times {scrolls[:5]}"
        + f"; moves the clicks did not play {len(stuck)} {stuck[:5]}"
    )
    print(report)
    (artefacts / f"clicks-per-move-{game}.txt").write_text(report + "\n")
    assert len(clicks) >= 20, report
    assert median <= 2, report
    assert not stuck, report
