"""The terminal play loop, for any game through the `GameState` interface.

Humans pick from numbered legal actions; bots get only their seat's view and legal actions.
The record is saved after every action, so nothing is ever lost: ``meeple resume FILE`` goes on
from it. The saved file is a normal `GameRecord` JSON with one extra top-level field, ``"cli"``,
which records who sits where (``{"seats": ["human", "greedy", ...], "bot_seed": 7}``); record
readers ignore it.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from meeple.bots import Bot, make_bot
from meeple.engine.actions import Action
from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState, Refusal
from meeple.engine.log import LogEntry
from meeple.engine.plugins import TerminalPlugin
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_info
from meeple.engine.rng import derive_rng
from meeple.engine.seats import Seats

HUMAN = "human"
NOTHING_TO_UNDO = "the turn has just started or something was revealed."


class Quit(Exception):
    """The human asked to stop (or the input ended); the record is saved."""


# -- renderers ---------------------------------------------------------------------------------


def load_renderer(game: str) -> TerminalPlugin | None:
    """What the game's terminal module declares (`GameInfo.terminal`), or None if it has none
    or it cannot be imported (the view is then shown as JSON)."""
    try:
        load = game_info(game).terminal
        return None if load is None else load()
    except (ImportError, MeepleError):
        return None


def render_view(renderer: TerminalPlugin | None, view: Mapping[str, Any]) -> RenderableType:
    if renderer is not None and renderer.render is not None:
        try:
            return renderer.render(view)
        except Exception as exc:  # a broken renderer must not lose the game
            return Group(
                Text(f"(renderer failed: {exc}; raw view follows)", style="red"), Pretty(view)
            )
    return Pretty(view)


def group_of(renderer: TerminalPlugin | None, action: Action) -> str:
    """The menu heading of an action: the renderer's `action_groups` entry, else its kind."""
    groups = {} if renderer is None else renderer.action_groups
    return groups.get(action.kind, action.kind.replace("_", " ").capitalize())


def action_detail(renderer: TerminalPlugin | None, view: Mapping[str, Any], action: Action) -> str:
    if renderer is not None and renderer.action_detail is not None:
        return renderer.action_detail(view, action) or ""
    return ""


def render_score_sheet(renderer: TerminalPlugin | None, state: GameState) -> RenderableType:
    """The game's own score sheet if its renderer has one, else totals and winners."""
    sheet = state.score_sheet()
    if renderer is not None and renderer.render_score_sheet is not None:
        return renderer.render_score_sheet(sheet)
    return totals(state)


def totals(state: GameState) -> Table:
    """Each seat's total, named and coloured as the game's seats are, and the winners."""
    seats, scores, winners = state.seats, state.scores(), state.winners()
    table = Table(title="Final scores", header_style="bold")
    table.add_column("Player")
    table.add_column("Total", justify="right")
    table.add_column("")
    for seat, score in enumerate(scores):
        table.add_row(
            Text(seats.name(seat), style=f"bold {seats.colour(seat)}"),
            Text(str(score), style="bold"),
            Text("WINNER", style="bold reverse") if seat in winners else "",
        )
    return table


def log_line(entry: LogEntry, seats: Seats) -> Text:
    """One log entry as printed: the actor's name in their colour, then what they did; an
    event of the game itself (a scoring, a new round) in bold, with no actor."""
    if entry.seat is None:
        return Text(entry.text, style="bold")
    style = f"bold {seats.colour(entry.seat)}"
    return Text.assemble((f"{seats.name(entry.seat)}: ", style), entry.text)


def scores_line(state: GameState) -> Text:
    """Every seat's score, each in its colour."""
    line = Text("Scores: ", style="bold")
    for seat, score in enumerate(state.scores()):
        if seat:
            line.append(" · ")
        line.append(f"{state.seats.name(seat)} {score}", style=f"bold {state.seats.colour(seat)}")
    return line


def refusal_line(refusal: Refusal) -> Text:
    """A move the seat cannot make now, with the rule that stops it."""
    return Text.assemble(
        refusal.example,
        (f" (and {refusal.others} more like it)" if refusal.others else "", "grey50"),
        ": ",
        (f"[{refusal.rule}] ", "bold"),
        refusal.reason,
    )


def winners_line(state: GameState) -> Text:
    winners = state.winners()
    text = Text("Winner: " if len(winners) == 1 else "Shared win: ", style="bold")
    for i, seat in enumerate(winners):
        if i:
            text.append(", ")
        text.append(state.seats.name(seat), style=f"bold {state.seats.colour(seat)}")
    text.append(f" with {max(state.scores())} points")
    return text


# -- saving ------------------------------------------------------------------------------------


def save_game(path: Path, record: GameRecord, seats: list[str], bot_seed: int) -> None:
    """Write the record with the seat setup; a temporary file first, so a crash never truncates
    the previous save."""
    data = record.to_json()
    data["cli"] = {"seats": seats, "bot_seed": bot_seed}
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(_dump(data), encoding="utf-8")
    os.replace(tmp, path)


def _dump(data: dict[str, Any]) -> str:
    """JSON with one top-level field, and one action, per line: readable, and fast to write
    after every action (the pretty printer is pure Python)."""
    lines = []
    for key, value in data.items():
        if key == "actions" and value:
            inner = ",\n  ".join(json.dumps(a, ensure_ascii=False) for a in value)
            lines.append(f' "actions": [\n  {inner}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def load_game(path: Path) -> tuple[GameRecord, list[str] | None, int | None]:
    """The record and, if saved by `meeple play`, the seat setup."""
    record = GameRecord.load(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    cli = data.get("cli") if isinstance(data, dict) else None
    seats = bot_seed = None
    if isinstance(cli, dict):
        if isinstance(cli.get("seats"), list) and all(isinstance(s, str) for s in cli["seats"]):
            seats = list(cli["seats"])
        if type(cli.get("bot_seed")) is int:
            bot_seed = cli["bot_seed"]
    return record, seats, bot_seed


# -- the loop ----------------------------------------------------------------------------------


@dataclass
class _Snapshot:
    state: GameState
    actions: int
    label: str
    log_sizes: dict[int | None, int]


@dataclass
class Session:
    """One game at the terminal: the state, its record, who sits where, and the save file."""

    state: GameState
    record: GameRecord
    seats: list[str]  # "human" or a bot name, per seat
    path: Path
    console: Console
    bot_seed: int
    input_fn: Callable[[str], str] = input
    renderer: TerminalPlugin | None = None
    #: Action kinds undo never goes back past (the game's `GameInfo.undo_stops`).
    undo_stops: frozenset[str] = frozenset()
    bots: dict[int, Bot] = field(default_factory=dict)
    undo: list[_Snapshot] = field(default_factory=list)
    undo_seat: int | None = None
    scores_changed: bool = False
    #: Each reader's log (human seats, and None for what everybody may see), made by the game.
    log: dict[int | None, list[LogEntry]] = field(default_factory=dict)
    #: How much of its log each human seat has read; the rest is the recap at its next turn.
    read: dict[int, int] = field(default_factory=dict)
    #: The human who sat at the screen last (hot seat: a hand-over comes before the next one).
    at_screen: int | None = None

    def __post_init__(self) -> None:
        self.renderer = load_renderer(self.record.game)
        self.undo_stops = game_info(self.record.game).undo_stops
        for seat, kind in enumerate(self.seats):
            if kind != HUMAN:
                bot_seed = derive_rng(self.bot_seed, "bot", seat).randrange(2**31)
                self.bots[seat] = make_bot(kind, type(self.state), bot_seed)
        self._restore_undo()

    def _restore_undo(self) -> None:
        """A resumed game: the human to move may take back what they did this turn before the
        game was saved, as if it had never stopped (same limits: own turn, no reveal)."""
        movers = self.state.to_move()
        if not movers or movers[0] not in self.humans:
            return
        seat, actions = movers[0], self.record.actions
        start = len(actions)
        stops = self.undo_stops
        while start and actions[start - 1][0] == seat and actions[start - 1][1].kind not in stops:
            start -= 1
        if start == len(actions):
            return
        undo = []
        for index, state in enumerate(self.record.states()):
            if start <= index < len(actions):
                if state.reveal_count != self.state.reveal_count:
                    continue  # something was revealed after it: no going back past that
                label = state.action_label(actions[index][1])
                undo.append(_Snapshot(state.clone(), index, label, {}))
        self.undo, self.undo_seat = undo, seat

    @property
    def humans(self) -> list[int]:
        return [s for s, kind in enumerate(self.seats) if kind == HUMAN]

    def save(self) -> None:
        save_game(self.path, self.record, self.seats, self.bot_seed)

    @property
    def audience(self) -> int | None:
        """Whose eyes are on the screen between human turns: the one human, else (hot seat,
        or bots alone) a spectator, who sees only what is public."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    def apply(self, seat: int, action: Action) -> None:
        """Apply, record and save a move; log it for every seat that reads the log here."""
        before = self.state.clone()
        self.state.apply(seat, action)
        self.record.actions.append((seat, action))
        self.save()
        self.scores_changed = self.state.scores() != before.scores()
        for viewer in {*self.humans, None}:
            entries = self.state.narrate(before, seat, action, viewer)
            self.log.setdefault(viewer, []).extend(entries)

    def print_log(self, viewer: int | None, since: int) -> None:
        """The lines of `viewer`'s log from position `since` on."""
        for entry in self.log.get(viewer, [])[since:]:
            self.console.print(log_line(entry, self.state.seats))

    def print_scores(self) -> None:
        self.console.print(scores_line(self.state))

    # -- the game flow, shared by every front end (this plain loop and `meeple.cli.tui`) ----
    def bot_choice(self, seat: int) -> Action:
        """What `seat`'s bot plays now. It only reads the state, so a front end may run it in
        a worker thread while the screen stays live; `play_bot` then applies it."""
        return self.bots[seat].choose(self.state.view(seat), self.state.legal_actions(seat))

    def play_bot(self, seat: int, action: Action) -> None:
        """Apply a bot's move: a bot's turn ends any human's chance to undo."""
        if action not in self.state.legal_actions(seat):
            raise RuntimeError(f"bot {self.seats[seat]} chose an illegal action {action!r}")
        if self.undo_seat is not None:
            self.undo.clear()
            self.undo_seat = None
        self.apply(seat, action)

    def start_human_turn(self, seat: int) -> None:
        """A human is to move: undo steps belong to one seat's turn, never another's."""
        if self.undo_seat != seat:
            self.undo.clear()
            self.undo_seat = seat

    def needs_hand_over(self, seat: int) -> bool:
        """Hot seat: another human sat at the screen last, so it must be handed over first."""
        return len(self.humans) > 1 and self.at_screen != seat

    def take_screen(self, seat: int) -> int:
        """`seat`'s player sits at the screen; returns where their unread log starts (the
        recap of what happened since they last read it) and marks it all read."""
        since = self.read.get(seat, 0)
        self.at_screen = seat
        self.mark_read(seat)
        return since

    def mark_read(self, seat: int) -> None:
        self.read[seat] = len(self.log.get(seat, []))

    def play_human(self, seat: int, action: Action) -> None:
        """Apply a human's move, keeping an undo step unless it revealed something or ended
        the turn (no going back past either)."""
        label = self.state.action_label(action)
        before = self.state.clone()
        log_sizes = {viewer: len(entries) for viewer, entries in self.log.items()}
        reveals = self.state.reveal_count
        self.apply(seat, action)
        if self.state.reveal_count != reveals or action.kind in self.undo_stops:
            self.undo.clear()
        else:
            self.undo.append(_Snapshot(before, len(self.record.actions) - 1, label, log_sizes))

    def take_back(self) -> str | None:
        """Undo the last move of the human's turn, with its log lines; the label of what was
        undone, or None if there is nothing to undo."""
        if not self.undo:
            return None
        snap = self.undo.pop()
        self.state = snap.state
        del self.record.actions[snap.actions :]
        for viewer, entries in self.log.items():
            del entries[snap.log_sizes.get(viewer, 0) :]
        self.read = {seat: min(n, len(self.log.get(seat, []))) for seat, n in self.read.items()}
        self.save()
        return snap.label

    def first_step(self, legal: list[Action]) -> tuple[str, str, list[Any]] | None:
        """The renderer's first step for these actions (`TerminalPlugin.choose_first`): the
        field chosen first, its question, and the values to choose from; None if there is no
        such step."""
        step = None if self.renderer is None else self.renderer.choose_first.get(legal[0].kind)
        if not step or not all(a.kind == legal[0].kind for a in legal):
            return None
        values = sorted({getattr(a, step[0]) for a in legal})
        return (step[0], step[1], values) if len(values) > 1 else None

    def first_step_labels(self, view: Mapping[str, Any], values: list[Any]) -> list[str]:
        label = None if self.renderer is None else self.renderer.first_step_label
        assert label is not None  # a renderer that chooses first names the values
        return [label(view, v) for v in values]

    def menu_groups(
        self, view: Mapping[str, Any], legal: list[Action]
    ) -> list[tuple[str, list[tuple[Action, str]]]]:
        """The legal actions under their menu headings, each with its label; numbered in this
        order by every front end."""
        groups: dict[str, list[tuple[Action, str]]] = {}
        for action in legal:
            label = self.state.action_label(action)
            detail = action_detail(self.renderer, view, action)
            groups.setdefault(group_of(self.renderer, action), []).append(
                (action, f"{label} · {detail}" if detail else label)
            )
        return list(groups.items())

    # -- running --------------------------------------------------------------------------
    def run(self) -> bool:
        """Play until the game is over (True) or a human quits (False); saved throughout."""
        self.save()
        unattended = not self.humans
        progress = _Progress(self.console) if unattended else None
        try:
            while not self.state.is_over():
                seat = self.state.to_move()[0]
                if seat in self.bots:
                    self._bot_turn(seat, quiet=unattended)
                    if progress:
                        progress.update(self.state, len(self.record.actions), self.renderer)
                else:
                    self._human_turn(seat)
        except (Quit, KeyboardInterrupt):
            self.save()
            return False
        finally:
            if progress:
                progress.stop()
        self.save()
        return True

    def _bot_turn(self, seat: int, quiet: bool) -> None:
        if quiet or len(self.state.legal_actions(seat)) == 1:
            action = self.bot_choice(seat)
        else:  # a searching bot may think for seconds: say so while it does
            thinking = Text(f"{self.state.seats.name(seat)} ({self.seats[seat]}) is thinking…")
            with self.console.status(thinking):
                action = self.bot_choice(seat)
        shown = len(self.log.get(self.audience, []))
        self.play_bot(seat, action)
        if not quiet:
            self.print_log(self.audience, shown)
            if self.scores_changed:
                self.print_scores()

    def _hand_over(self, seat: int) -> None:
        """Hot seat: clear the screen and wait for `seat`'s player, so that nobody reads another
        player's secrets; then the recap of what `seat` has not seen yet."""
        handed_over = self.needs_hand_over(seat)
        if handed_over:
            self.console.clear()
            self.console.print(
                Text.assemble(
                    "Pass the screen to ",
                    (self.state.seats.name(seat), f"bold {self.state.seats.colour(seat)}"),
                    ". Press Enter when ready.",
                )
            )
            try:
                self.input_fn("")
            except (EOFError, KeyboardInterrupt):
                self.console.print("\nInput ended: quitting; the game is saved.")
                raise Quit from None
            self.console.clear()
        since = self.take_screen(seat)
        if handed_over and since < len(self.log.get(seat, [])):
            self.console.rule("Since your last turn")
            self.print_log(seat, since)

    def _human_turn(self, seat: int) -> None:
        self.start_human_turn(seat)
        self._hand_over(seat)
        legal = self.state.legal_actions(seat)
        self.console.rule(
            Text(
                f"{self.state.seats.name(seat)} to play",
                style=f"bold {self.state.seats.colour(seat)}",
            )
        )
        view = self.state.view(seat)
        self.console.print(render_view(self.renderer, view))
        action = self._pick(seat, view, legal)
        if action is None:  # undone
            return
        try:
            self.play_human(seat, action)
        except MeepleError as exc:  # cannot happen for a listed action; keep the game safe
            self.console.print(Text(str(exc), style="red"))
            return
        self.print_log(seat, self.read.get(seat, 0))
        self.mark_read(seat)
        if self.scores_changed:
            self.print_scores()

    def _pick(self, seat: int, view: Mapping[str, Any], legal: list[Action]) -> Action | None:
        """The human's choice among `legal`, in two steps where the game's renderer asks for
        it (`TerminalPlugin.choose_first`: a field chosen first, such as where a tile goes,
        then the rest); None if the human undid instead."""
        step = self.first_step(legal)
        while True:
            options = legal
            if step is not None:
                field_name, question, values = step
                self.console.print(Text(question, style="bold underline"))
                self.console.print(_grid(self.first_step_labels(view, values), self.console.width))
                choice = self._choose(seat, len(values), back=False)
                if choice is None:
                    return None
                options = [a for a in legal if getattr(a, field_name) == values[choice]]
            menu, options = self._menu(view, options)  # numbered in the order shown
            self.console.print(menu)
            choice = self._choose(seat, len(options), back=step is not None)
            if choice is None:
                return None
            if choice >= 0:
                return options[choice]

    def _choose(self, seat: int, count: int, back: bool) -> int | None:
        """A number from 1 to `count` typed by the human, as an index; -1 for 'b' (back to the
        first step, if `back`); None once an undo is done. Bad input asks again."""
        while True:
            prompt = f"{self.state.seats.name(seat)}: choose 1-{count}"
            prompt += ", b = back" if back else ""
            prompt += ", u = undo" if self.undo else ""
            prompt += ", ? = why not, q = quit (saved) > "
            try:
                answer = self.input_fn(prompt).strip().lower()
            except (EOFError, KeyboardInterrupt):
                self.console.print("\nInput ended: quitting; the game is saved.")
                raise Quit from None
            if answer in ("q", "quit", "exit"):
                raise Quit
            if answer in ("u", "undo"):
                if self._undo():
                    return None
                continue
            if back and answer in ("b", "back"):
                return -1
            if answer in ("?", "why"):
                self._why_not(seat)
                continue
            if answer in ("", "h", "help"):
                self.console.print(
                    "Type the number of an action, '?' to see what you cannot do now and the "
                    "rule that stops it, 'u' to take back your last action of this turn (never "
                    "past anything drawn or revealed), 'q' to save and quit."
                )
                continue
            try:
                choice = int(answer)
            except ValueError:
                self.console.print(
                    Text.assemble((f"Not a number: {answer!r}.", "red"), f" Type 1 to {count}.")
                )
                continue
            if not 1 <= choice <= count:
                self.console.print(
                    Text.assemble((f"No action {choice}.", "red"), f" Type 1 to {count}.")
                )
                continue
            return choice - 1

    def _why_not(self, seat: int) -> None:
        """What the seat cannot do now, each kind with the rule that stops it (the game's own
        reasons, see `GameState.refusals`)."""
        refusals = self.state.refusals(seat)
        if not refusals:
            self.console.print("Nothing else to try here: the menu lists every move allowed now.")
            return
        self.console.rule("Not allowed now")
        for refusal in refusals:
            self.console.print(refusal_line(refusal))

    def _undo(self) -> bool:
        label = self.take_back()
        if label is None:
            self.console.print(f"[yellow]Nothing to undo:[/] {NOTHING_TO_UNDO}")
            return False
        self.console.print(Text.assemble(("Undone: ", "yellow"), label))
        return True

    def _menu(
        self, view: Mapping[str, Any], legal: list[Action]
    ) -> tuple[RenderableType, list[Action]]:
        """The numbered menu, grouped by kind, and the actions in the order of their numbers."""
        ordered: list[Action] = []
        parts: list[RenderableType] = []
        for name, entries in self.menu_groups(view, legal):
            parts.append(Text(name, style="bold underline"))
            parts.append(_grid([label for _, label in entries], self.console.width, len(ordered)))
            ordered.extend(action for action, _ in entries)
        return Group(*parts), ordered


def _grid(labels: list[str], width: int, first: int = 0) -> Table:
    """Labels numbered from `first + 1`, down the columns of a grid as wide as fits."""
    items = [(first + i + 1, label) for i, label in enumerate(labels)]
    longest = max(len(f"{n:>3}) {label}") for n, label in items) + 2
    per_row = max(1, min(4, width // max(longest, 1)))
    grid = Table.grid(padding=(0, 2))
    for _ in range(per_row):
        grid.add_column(no_wrap=True)
    rows = (len(items) + per_row - 1) // per_row
    for r in range(rows):  # numbered down the columns
        cells = []
        for c in range(per_row):
            i = c * rows + r
            if i < len(items):
                number, label = items[i]
                cells.append(Text.assemble((f"{number:>3}) ", "bold"), label))
            else:
                cells.append(Text(""))
        grid.add_row(*cells)
    return grid


class _Progress:
    """Progress of an unattended game: a live line on a terminal, a line per 100 moves else."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.live = None
        if console.is_terminal:
            from rich.status import Status

            self.live = Status("playing…", console=console)
            self.live.start()

    def update(self, state: GameState, moves: int, renderer: TerminalPlugin | None) -> None:
        scores = " / ".join(str(s) for s in state.scores())
        message = f"move {moves} · scores {scores}"
        if renderer is not None and renderer.progress is not None:
            message += f" · {renderer.progress(state.view(None))}"
        if self.live is not None:
            self.live.update(message)
        elif moves % 100 == 0:
            self.console.print(f"… {message}", style="grey50")

    def stop(self) -> None:
        if self.live is not None:
            self.live.stop()
