"""The full-screen terminal, driven by Textual's own test pilot: every pane stays on a 100×30
and an 80×24 screen, keys play a Tikal turn against a bot, and hot seat hides one player's
secrets from the next.

Each test saves an SVG screenshot to ``tests/artifacts/`` (ignored by git) to look at.
"""

from __future__ import annotations

import asyncio
import io
import threading
import time
from pathlib import Path

import pytest
from cli_helpers import invoke, record_actions
from rich.console import Console
from textual.geometry import Region
from textual.widgets import OptionList, Static

from meeple.cli.main import _full_screen
from meeple.cli.play import Session, load_game, render_view
from meeple.cli.tui import GameApp, HandOver, WhyNot
from meeple.engine.record import GameRecord
from meeple.games.altiplano import wording
from meeple.games.altiplano.state import AltiplanoState
from meeple.games.tikal import TikalState

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
PANES = ("#status", "#board-pane", "#log-pane", "#menu")


def new_session(state_class, options, seats, path, seed):
    options = state_class.normalize_options(options)
    state = state_class.new(options, seed)
    record = GameRecord(state_class.game_name, options, seed)
    console = Console(file=io.StringIO())  # the plain loop's; the app never prints to it
    return Session(state, record, seats, path, console, bot_seed=seed)


def rendered(renderable, width=120) -> str:
    console = Console(file=io.StringIO(), width=width, record=True)
    console.print(renderable)
    return console.export_text()


def screen_text(app) -> str:
    """What the terminal shows now, as text (the way Textual's own screenshots take it)."""
    update = app.screen._compositor.render_update(full=True)
    return rendered(update, width=app.size.width)


def pane_text(app, pane: str) -> str:
    """All of a pane's content, the part scrolled out of sight included."""
    if pane == "#menu":
        return "\n".join(str(o.prompt) for o in app.query_one(pane, OptionList).options)
    return rendered(app.query_one(pane, Static).content)


class SlowBot:
    """A bot that thinks until `go` is set, as a searching bot takes seconds."""

    def __init__(self, bot, go: threading.Event) -> None:
        self.bot, self.go = bot, go

    def choose(self, view, legal):
        assert self.go.wait(60), "the test never let the bot move"
        return self.bot.choose(view, legal)


async def wait_until(pilot, condition, timeout=20.0):
    """Let the app run (a bot thinks in a thread) until `condition()` holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting for the app"
        await pilot.pause(0.05)


async def pick(pilot, number: int) -> None:
    """Type a menu number and Enter, as a player does."""
    await pilot.press(*str(number), "enter")
    await pilot.pause()


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
def test_tikal_turn_against_a_bot_with_keys(tmp_path, size):
    path = tmp_path / "g.json"
    session = new_session(TikalState, {"players": 2}, ["human", "greedy"], path, seed=5)
    start = session.state.to_json()
    go = threading.Event()  # the bot thinks until the test lets it
    session.bots[1] = SlowBot(session.bots[1], go)
    app = GameApp(session)

    async def play() -> None:
        async with app.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: app.seat == 0)
            screen = Region(0, 0, *size)
            regions = [app.query_one(pane).region for pane in PANES]
            for region in regions:
                assert region.area and screen.contains_region(region), region
            board, log, menu = regions[1:]
            assert board.bottom <= min(log.y, menu.y) and log.right <= menu.x
            assert "Where does the tile go?" in pane_text(app, "#menu")

            # The tile in two steps: a space, then the turn (with the stones it shows).
            await pick(pilot, 1)
            assert app.chosen is not None and "stones" in pane_text(app, "#menu")
            await pilot.press("b")
            assert app.chosen is None  # back to the spaces
            await pick(pilot, 1)
            await pick(pilot, 1)
            assert len(session.record.actions) == 1
            assert "Blue: Place" in pane_text(app, "#log")

            await pilot.press("u")  # undo takes the placement and its log line back
            await pilot.pause()
            assert session.state.to_json() == start and session.record.actions == []
            assert "Blue: Place" not in pane_text(app, "#log")

            await pick(pilot, 1)
            await pick(pilot, 1)
            await pick(pilot, len(app.numbered))  # End turn is listed last
            assert session.record.actions[-1][1].kind == "end_turn"
            # The bot thinks in a thread: the screen says so and stays live meanwhile.
            await wait_until(pilot, lambda: "thinking" in pane_text(app, "#status"))
            assert "Orange (greedy) is thinking…" in screen_text(app)
            await pilot.press("u", "5", "enter")  # nobody's menu: these do nothing
            assert session.record.actions[-1][1].kind == "end_turn"
            go.set()
            await wait_until(pilot, lambda: app.seat == 0 and session.record.actions[-1][0] == 1)
            log = pane_text(app, "#log")
            assert "Orange: Place" in log and "Orange: End turn" in log
            assert "Blue: Place" not in log  # only what happened since Blue's last turn,
            assert log.index("Orange: Place") < log.index("Blue: drew")  # the newest at the bottom
            await pilot.pause(0.2)  # let the footer and the log's scroll catch up
            ARTIFACTS.mkdir(exist_ok=True)
            app.save_screenshot(f"tui-tikal-{size[0]}x{size[1]}.svg", str(ARTIFACTS))
            await pilot.press("q")

    asyncio.run(play())
    assert app.return_value is False and app.error is None
    record, seats, bot_seed = load_game(path)
    assert seats == ["human", "greedy"] and bot_seed == 5
    assert record.actions == session.record.actions and len(record.actions) > 3
    assert record.replay().to_json() == session.state.to_json()

    # Resume: the same seats, Blue's turn again, nothing lost.
    resumed = Session(record.replay(), record, seats, path, Console(file=io.StringIO()), 5)
    again = GameApp(resumed)

    async def resume() -> None:
        async with again.run_test(size=size) as pilot:
            await wait_until(pilot, lambda: again.seat == 0)
            assert "Where does the tile go?" in pane_text(again, "#menu")
            await pilot.press("q")

    asyncio.run(resume())
    assert again.return_value is False
    assert load_game(path)[0].actions == record.actions


def test_altiplano_hot_seat_hides_the_kept_mission(tmp_path):
    """Blue keeps a mission and passes one; the screen is handed to Orange, who sees neither
    on the hand-over screen nor on their own."""
    options = {"players": 2, "missions": True}
    session = new_session(AltiplanoState, options, ["human", "human"], tmp_path / "g.json", 3)
    app = GameApp(session)

    async def play() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_until(pilot, lambda: isinstance(app.screen, HandOver))
            assert "Pass the screen to Blue" in screen_text(app)
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.seat == 0)
            await pick(pilot, 1)  # keep
            await pick(pilot, 1)  # pass the other
            kept = wording.mission_text(
                session.state.comps, session.state.s["players"][0]["missions"][0]
            )
            await wait_until(pilot, lambda: isinstance(app.screen, HandOver))
            handing = screen_text(app)
            assert "Pass the screen to Orange" in handing and kept not in handing
            await pilot.press("enter")
            await wait_until(pilot, lambda: app.seat == 1)
            await pilot.pause(0.2)  # let the footer and the log's scroll catch up
            ARTIFACTS.mkdir(exist_ok=True)
            app.save_screenshot("tui-altiplano-hot-seat-blue.svg", str(ARTIFACTS))
            blue = screen_text(app) + "".join(
                pane_text(app, p) for p in ("#board", "#log", "#menu")
            )
            assert "Orange" in blue and kept not in blue
            assert "Blue: kept a mission card (secret)" in pane_text(app, "#log")
            # Blue's own view shows the mission, so its absence above is the hand-over's work.
            assert kept in rendered(render_view(session.renderer, session.state.view(0)))
            await pilot.press("q")

    asyncio.run(play())


def test_full_screen_only_for_a_human_at_a_terminal(tmp_path, monkeypatch):
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    path = tmp_path / "g.json"
    one_human = new_session(TikalState, {"players": 2}, ["human", "greedy"], path, seed=5)
    bots_only = new_session(TikalState, {"players": 2}, ["greedy", "greedy"], path, seed=5)
    assert _full_screen(one_human, plain=False)
    assert not _full_screen(one_human, plain=True)
    assert not _full_screen(bots_only, plain=False)  # the progress line and the score sheet
    monkeypatch.setattr("sys.stdin.isatty", lambda: False)
    assert not _full_screen(one_human, plain=False)  # a pipe


def test_plain_flag_plays_and_resumes_line_by_line(tmp_path):
    path = tmp_path / "g.json"
    played = invoke(
        "play", "tikal", "--plain", "--seed", "5", "--record", str(path), input="1\n1\nq\n"
    )
    assert played.exit_code == 0, played.output
    assert "Where does the tile go?" in played.output and len(record_actions(path)) == 1
    resumed = invoke("resume", "--plain", str(path), input="q\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Resuming tikal after 1 actions" in resumed.output


def test_why_not_opens_over_the_game_and_changes_nothing(tmp_path):
    """Both draw (each after a hand-over), then Blue presses '?' in planning."""
    session = new_session(
        AltiplanoState, {"players": 2}, ["human", "human"], tmp_path / "g.json", 3
    )
    app = GameApp(session)

    async def play() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            for seat in (0, 1, 0):
                await wait_until(pilot, lambda: isinstance(app.screen, HandOver))
                await pilot.press("enter")
                await wait_until(pilot, lambda seat=seat: app.seat == seat)
                if len(session.record.actions) < 2:
                    await pick(pilot, 1)  # draw
            before = session.state.to_json()
            await pilot.press("question_mark")
            await wait_until(pilot, lambda: isinstance(app.screen, WhyNot))
            assert "[ALT-8]" in screen_text(app)
            await pilot.press("escape")
            await wait_until(pilot, lambda: not isinstance(app.screen, WhyNot))
            assert session.state.to_json() == before and app.seat == 0
            await pilot.press("q")

    asyncio.run(play())
    assert app.return_value is False
