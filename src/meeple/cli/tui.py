"""The full-screen terminal: board, status, log and menu in set places (Textual).

The plain loop in `meeple.cli.play` prints one screen after another, so at 80×24 the board
scrolls away behind the menu and the bots' moves scroll off above. Here every part keeps its
place: the status line on top, the board in a pane that scrolls on its own (a 4-player
Altiplano table is taller than any terminal), and below it the log (what the reader has not
seen since their last turn, newest at the bottom) beside the menu.

The game flow is the `Session`'s, as in the plain loop: this module only shows it and turns
keys into its calls. Bots think in a worker thread, so the screen stays live (and `q` works)
while a search runs for seconds; their move is applied back on the app's thread.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.measure import Measurement
from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, ScrollableContainer, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from meeple.cli.play import (
    NOTHING_TO_UNDO,
    Session,
    log_line,
    refusal_line,
    render_view,
    scores_line,
)
from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.seats import Seats

CSS = """
#status { height: auto; max-height: 2; padding: 0 1; background: $panel; }
#board-pane { height: 1fr; scrollbar-size-vertical: 1; scrollbar-size-horizontal: 1; }
#board { width: 100%; height: auto; }
#bottom { height: 40%; min-height: 9; }
#log-pane { width: 2fr; border: round $secondary; scrollbar-size-vertical: 1; }
#menu { width: 3fr; height: 100%; border: round $accent; scrollbar-size-vertical: 1; }
HandOver { align: center middle; }
HandOver Static { width: auto; padding: 1 4; border: double $accent; }
WhyNot { align: center middle; }
WhyNot > Vertical { width: 90%; max-width: 100; height: 80%; border: round $warning; }
"""


class HandOver(Screen[None]):
    """Hot seat: an empty screen until the next player confirms, so that nobody reads another
    player's hand or secret missions."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "Show my screen"),
        Binding("q", "app.quit_game", "Quit (saved)"),
    ]

    def __init__(self, seat: int, seats: Seats) -> None:
        super().__init__()
        self.seat, self.seats = seat, seats

    def compose(self) -> ComposeResult:
        name = (self.seats.name(self.seat), f"bold {self.seats.colour(self.seat)}")
        yield Center(
            Static(Text.assemble("Pass the screen to ", name, ". Press Enter when ready."))
        )
        yield Footer()

    def on_click(self) -> None:
        self.dismiss()

    def action_ready(self) -> None:
        self.dismiss()


class WhyNot(ModalScreen[None]):
    """What the seat cannot do now, each with the rule that stops it; any key closes it."""

    def __init__(self, lines: RenderableType) -> None:
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical() as box:
            box.border_title = "Not allowed now (any key closes)"
            yield VerticalScroll(Static(self.lines))

    def on_key(self, event: events.Key) -> None:
        if event.key not in ("up", "down", "pageup", "pagedown"):
            event.stop()
            self.dismiss()

    def on_click(self) -> None:
        self.dismiss()


class GameApp(App[bool]):
    """One `Session` on the full screen; the result is True if the game ended, False if the
    player quit (the record is saved after every move either way)."""

    CSS = CSS
    TITLE = "Meeple"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("u", "undo", "Undo"),
        Binding("question_mark", "why_not", "Why not?", key_display="?"),
        Binding("b,escape", "first_step", "Back"),
        Binding("q", "quit_game", "Quit (saved)"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        #: Raised again by `run_tui` once the screen is gone (a failed save, a broken bot).
        self.error: BaseException | None = None
        #: The human choosing now, None while a bot moves.
        self.seat: int | None = None
        #: Whose board and log are shown, and where that log's pane starts.
        self.reader: int | None = session.audience
        self.log_from = 0
        self.legal: list[Action] = []
        self.view: Mapping[str, Any] = {}
        #: The value taken in the renderer's first step (a Tikal space), once chosen.
        self.chosen: Any = None
        #: What the menu's numbers stand for: first-step values, or actions.
        self.numbered: list[Any] = []
        self.typed = ""

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with ScrollableContainer(id="board-pane"):
            yield Static(id="board")
        with Horizontal(id="bottom"):
            with VerticalScroll(id="log-pane"):
                yield Static(id="log")
            yield OptionList(id="menu")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log-pane").border_title = "Since your last turn"
        self.query_one("#menu").border_title = "Menu"
        self.guard(self.session.save)
        self.advance()

    # -- the flow -------------------------------------------------------------------------
    def advance(self) -> None:
        """Whoever is to move next: a bot thinks, a human gets the menu (after a hand-over if
        another human sat here last)."""
        state = self.session.state
        if state.is_over():
            self.exit(True)
            return
        seat = state.to_move()[0]
        if seat in self.session.bots:
            self.seat, self.numbered = None, []
            self.show(
                f"{self.session.state.seats.name(seat)} ({self.session.seats[seat]}) is thinking…"
            )
            self.think(seat)
            return
        self.session.start_human_turn(seat)
        if self.session.needs_hand_over(seat):
            self.seat, self.reader, self.numbered = None, None, []
            self.show("", blank=True)
            self.push_screen(
                HandOver(seat, self.session.state.seats), lambda _: self.begin_turn(seat)
            )
        else:
            self.begin_turn(seat)

    def begin_turn(self, seat: int) -> None:
        since = self.session.take_screen(seat)
        if self.seat != seat:  # a new turn: the log shows what happened since the last one
            self.reader, self.log_from = seat, since
        self.seat, self.chosen = seat, None
        self.show_menu()

    @work(thread=True, exclusive=True)
    def think(self, seat: int) -> None:
        try:
            action = self.session.bot_choice(seat)
        except Exception as exc:  # the app's thread reports it as the plain loop would
            self._from_thread(self.fail, exc)
            return
        self._from_thread(self.bot_moved, seat, action)

    def _from_thread(self, callback: Callable[..., object], *args: Any) -> None:
        # The player may have quit while the bot was thinking: then there is nothing to do.
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(callback, *args)

    def bot_moved(self, seat: int, action: Action) -> None:
        if self.guard(self.session.play_bot, seat, action):
            self.advance()

    def choose(self, index: int) -> None:
        """The menu's entry `index` (from 0) was picked."""
        if self.seat is None or not 0 <= index < len(self.numbered):
            return
        self.typed = ""
        item = self.numbered[index]
        if not isinstance(item, Action):  # the first step: now the actions with that value
            self.chosen = item
            self.show_menu()
            return
        seat = self.seat
        if self.guard(self.session.play_human, seat, item):
            self.session.mark_read(seat)
            self.chosen = None
            self.advance()

    def guard(self, call: Callable[..., object], *args: Any) -> bool:
        """Run a step of the game; a failed save or engine error ends the app and is
        reported by `run_tui` with the path of the save, as the plain loop does."""
        try:
            call(*args)
        except (MeepleError, OSError, RuntimeError) as exc:
            self.fail(exc)
            return False
        return True

    def fail(self, exc: BaseException) -> None:
        self.error = exc
        self.exit(False)

    # -- keys -----------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Undo, why-not and back only while a human chooses (back in the second step); the
        footer greys out the others."""
        if action in ("undo", "why_not"):
            return self.seat is not None or None
        if action == "first_step":
            return (self.seat is not None and self.chosen is not None) or None
        return True

    def action_quit_game(self) -> None:
        self.exit(False)

    def action_undo(self) -> None:
        if self.seat is None:
            return
        label = self.session.take_back()
        if label is None:
            self.notify(f"Nothing to undo: {NOTHING_TO_UNDO}", severity="warning")
            return
        self.notify(f"Undone: {label}")
        self.chosen = None
        self.show_menu()

    def action_first_step(self) -> None:
        """Back from the second step of a two-step choice to the first (not Textual's own
        screen `back`)."""
        if self.seat is not None and self.chosen is not None:
            self.chosen = None
            self.show_menu()

    def action_why_not(self) -> None:
        if self.seat is None:
            return
        refusals = self.session.state.refusals(self.seat)
        if not refusals:
            self.notify("Nothing else to try here: the menu lists every move allowed now.")
            return
        self.push_screen(WhyNot(Group(*(refusal_line(r) for r in refusals))))

    def on_key(self, event: events.Key) -> None:
        """Typing a number highlights that entry; Enter picks it, as in the plain loop."""
        if self.seat is None or event.character is None or not event.character.isdigit():
            return
        event.stop()
        typed = self.typed + event.character
        if int(typed) > len(self.numbered):  # too big: start again from this digit
            typed = event.character
        self.typed = typed
        menu = self.query_one("#menu", OptionList)
        number = int(typed)
        if 1 <= number <= len(self.numbered):
            menu.highlighted = menu.get_option_index(f"n{number}")
        menu.border_title = f"Menu · {typed}"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None and event.option.id.startswith("n"):
            self.choose(int(event.option.id[1:]) - 1)

    # -- drawing --------------------------------------------------------------------------
    def show(self, doing: str, blank: bool = False) -> None:
        """Status, board and log as the reader may see them (nothing at all if `blank`)."""
        status = Text()
        if not blank:
            status.append(doing + " · " if doing else "")
            status.append_text(scores_line(self.session.state))
        self.query_one("#status", Static).update(status)
        self.refresh_bindings()
        board = self.query_one("#board", Static)
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        menu.border_title = "Menu"
        if blank:
            board.update("")
            self.query_one("#log", Static).update("")
            return
        view = self.session.state.view(self.reader)
        renderable = render_view(self.session.renderer, view)
        board.update(renderable)
        board.styles.min_width = Measurement.get(self.console, self.console.options, renderable)[0]
        entries = self.session.log.get(self.reader, [])[self.log_from :]
        self.query_one("#log", Static).update(
            Group(*(log_line(e, self.session.state.seats) for e in entries))
        )
        pane = self.query_one("#log-pane", VerticalScroll)
        self.call_after_refresh(pane.scroll_end, animate=False)

    def show_menu(self) -> None:
        """The human's menu: the first step's values, or the actions numbered by group."""
        assert self.seat is not None
        session, seat = self.session, self.seat
        self.view = session.state.view(seat)
        self.legal = session.state.legal_actions(seat)
        step = session.first_step(self.legal)
        you = " (you)" if len(session.humans) == 1 else ""
        who = f"{session.state.seats.name(seat)}{you} to play"
        if step is not None and self.chosen is None:
            _, question, values = step
            self.show(f"{who} · {question}")
            labels = session.first_step_labels(self.view, values)
            self.numbered = list(values)
            self.fill_menu([(question, labels)])
            return
        options = self.legal
        if step is not None:
            options = [a for a in self.legal if getattr(a, step[0]) == self.chosen]
        self.show(who + (" · b goes back" if step is not None else ""))
        groups = session.menu_groups(self.view, options)
        self.numbered = [action for _, entries in groups for action, _ in entries]
        self.fill_menu([(name, [label for _, label in entries]) for name, entries in groups])

    def fill_menu(self, groups: list[tuple[str, list[str]]]) -> None:
        menu = self.query_one("#menu", OptionList)
        menu.clear_options()
        number = 0
        for name, labels in groups:
            menu.add_option(Option(Text(name, style="bold underline"), disabled=True))
            for label in labels:
                number += 1
                prompt = Text.assemble((f"{number:>3}) ", "bold"), label)
                menu.add_option(Option(prompt, id=f"n{number}"))
        menu.highlighted = menu.get_option_index("n1") if number else None
        menu.scroll_home(animate=False)
        menu.focus()


def run_tui(session: Session) -> bool:
    """Play `session` on the full screen: True if the game ended, False if the player quit.
    An error of the game or the save is raised again here, after the screen is restored."""
    app = GameApp(session)
    finished = app.run()
    if app.error is not None:
        raise app.error
    return bool(finished)
