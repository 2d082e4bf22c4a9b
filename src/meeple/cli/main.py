"""``meeple``: play Tikal or Altiplano in the terminal, resume a saved game, replay a record."""

from __future__ import annotations

import json
import random
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from meeple.bots import DEFAULT_LEVEL, parse_spec
from meeple.cli.arena import arena
from meeple.cli.invocation import meeple_command
from meeple.cli.options import AuctionFlag, MissionsFlag, PlainFlag, RoleDraftFlag
from meeple.cli.play import (
    HUMAN,
    Session,
    load_game,
    load_renderer,
    render_score_sheet,
    render_view,
    winners_line,
)
from meeple.engine.errors import MeepleError
from meeple.engine.game import GameState
from meeple.engine.record import GameRecord
from meeple.engine.registry import edition_names, game_class, game_names, shipped_edition

app = typer.Typer(
    name="meeple",
    help="Tikal and Altiplano in the terminal: play against bots, resume, replay.",
    no_args_is_help=True,
    add_completion=False,
)

DEFAULT_DIR = Path("meeple-games")
# Command-line flags that map to game options, and the games that have them.
GAME_FLAGS = {"auction": ("tikal",), "role_draft": ("altiplano",), "missions": ("altiplano",)}


def _console() -> Console:
    return Console(highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    Console(stderr=True, highlight=False).print(f"[bold red]Error:[/] {message}", soft_wrap=True)
    raise typer.Exit(code)


def load_class(game: str) -> type[GameState]:
    """The game's engine, or a clear error (exit 2) if it is unknown or not installed."""
    if game not in game_names():
        fail(f"unknown game {game!r}; games: {', '.join(game_names())}")
    try:
        return game_class(game)
    except MeepleError as exc:
        fail(str(exc))
    except (ImportError, AttributeError) as exc:
        fail(f"the {game} engine is not available in this installation ({exc})")


def read_edition(game: str, edition: str) -> Any:
    """The component data of ``--edition``: a JSON file, or else the name of an edition
    shipped with the game (a file of that name wins, so a name never hides a user's file)."""
    path = Path(edition)
    if not path.exists() and edition in edition_names(game):
        return shipped_edition(game, edition)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        shipped = ", ".join(edition_names(game)) or "none"
        fail(
            f"cannot read edition file {path}: {exc.strerror or exc} "
            f"(editions shipped with {game}: {shipped})"
        )
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        fail(f"edition file {path} is not valid JSON: {exc}")


def default_record_path(game: str, seed: int) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = DEFAULT_DIR / f"{game}-{stamp}-seed{seed}.json"
    n = 2
    while path.exists():
        path = DEFAULT_DIR / f"{game}-{stamp}-seed{seed}-{n}.json"
        n += 1
    return path


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="tikal or altiplano")],
    players: Annotated[
        int | None, typer.Option(help="Number of players (game default if omitted).")
    ] = None,
    humans: Annotated[int, typer.Option(help="Human players (seats 1..N); the rest are bots.")] = 1,
    seed: Annotated[int | None, typer.Option(help="Game seed (random if omitted).")] = None,
    auction: AuctionFlag = False,
    role_draft: RoleDraftFlag = False,
    missions: MissionsFlag = False,
    start_player: Annotated[
        int | None, typer.Option(help="Altiplano: the seat (1..players) that starts (ALT-5).")
    ] = None,
    edition: Annotated[
        str | None,
        typer.Option(
            help="JSON file with the game's components, or the name of an edition shipped "
            "with the game (a wrong name lists them)."
        ),
    ] = None,
    record: Annotated[
        Path | None, typer.Option(help="Where to save the game (after every action).")
    ] = None,
    bot: Annotated[
        str,
        typer.Option(
            help="The bot seats: a level (easy, medium, hard) or a bot (random, greedy, "
            "ismcts, ismcts:1s, ismcts:400i); one for all bot seats, or one per bot seat "
            "separated by commas."
        ),
    ] = DEFAULT_LEVEL,
    plain: PlainFlag = False,
) -> None:
    """Play a new game; the record is saved after every action."""
    state_class = load_class(game)
    bots = [spec.strip() for spec in bot.split(",")]
    for spec in bots:
        try:
            parse_spec(spec)
        except MeepleError as exc:
            fail(str(exc))
    options: dict[str, Any] = {}
    if players is not None:
        options["players"] = players
    for name, value in (("auction", auction), ("role_draft", role_draft), ("missions", missions)):
        if value:
            if game not in GAME_FLAGS[name]:
                fail(f"--{name.replace('_', '-')} is not an option of {game}")
            options[name] = True
    if start_player is not None:
        if game != "altiplano":
            fail(f"--start-player is not an option of {game}")
        options["start_player"] = start_player - 1
    if edition is not None:
        options["edition"] = read_edition(game, edition)
    if start_player is not None:  # the engine counts seats from 0: say it as players do
        others = {key: value for key, value in options.items() if key != "start_player"}
        try:
            count = state_class.normalize_options(others)["players"]
        except MeepleError as exc:
            fail(str(exc))
        if not 1 <= start_player <= count:
            fail(f"--start-player must be a seat 1..{count}, not {start_player}")
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    try:
        options = state_class.normalize_options(options)
        state = state_class.new(options, seed)
    except MeepleError as exc:
        fail(str(exc))
    n = state.num_players
    if not 0 <= humans <= n:
        fail(f"--humans must be 0 to {n} for {n} players, not {humans}")
    if len(bots) == 1:
        bots *= n - humans
    elif len(bots) != n - humans:
        fail(f"--bot names {len(bots)} bots, but there are {n - humans} bot seats")
    seats = [HUMAN] * humans + bots
    path = record or default_record_path(game, seed)
    game_record = GameRecord(state_class.game_name, options, seed)
    console = _console()
    command = f"{meeple_command()} play {game} --players {n} --humans {humans} --seed {seed}"
    command += "".join(f" --{k.replace('_', '-')}" for k in GAME_FLAGS if options.get(k))
    command += f" --start-player {start_player}" if start_player is not None else ""
    command += f" --bot {','.join(bots)}" if bots and bot != DEFAULT_LEVEL else ""
    command += f" --edition {edition}" if edition is not None else ""
    setup = ", ".join(
        f"{s + 1}: {'you' if kind == HUMAN and humans == 1 else kind}"
        for s, kind in enumerate(seats)
    )
    console.print(f"[bold]{game.capitalize()}[/], {n} players (seats {setup}), seed {seed}")
    console.print(f"Reproduce with: {command} · saving to {path}", soft_wrap=True)
    _run(Session(state, game_record, seats, path, console, bot_seed=seed), plain)


@app.command()
def resume(
    file: Annotated[Path, typer.Argument(help="A game saved by 'meeple play'.")],
    plain: PlainFlag = False,
) -> None:
    """Continue a saved game with the same human and bot seats."""
    try:
        game_record, seats, bot_seed = load_game(file)
        state = game_record.replay()
    except MeepleError as exc:
        fail(str(exc))
    except (OSError, json.JSONDecodeError) as exc:
        fail(f"cannot read {file}: {exc}")
    n = state.num_players
    if seats is None or len(seats) != n or not all(s == HUMAN or _valid_spec(s) for s in seats):
        seats = [HUMAN] + [DEFAULT_LEVEL] * (n - 1)
    console = _console()
    console.print(
        f"Resuming {game_record.game} after {len(game_record.actions)} actions, saving to {file}",
        soft_wrap=True,
    )
    session = Session(
        state, game_record, seats, file, console, bot_seed=bot_seed or game_record.seed
    )
    _run(session, plain)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
) -> None:
    """Replay a record through the engine and print the final score sheet."""
    try:
        game_record = GameRecord.load(file)
        state = game_record.replay()
    except MeepleError as exc:
        fail(str(exc))
    console = _console()
    renderer = load_renderer(game_record.game)
    console.print(
        f"Replayed {len(game_record.actions)} actions of {game_record.game} "
        f"(seed {game_record.seed})"
    )
    if not state.is_over():
        console.print("[yellow]The game is not over yet; current scores:[/]")
        console.print(" / ".join(str(s) for s in state.scores()))
        return
    console.print(render_score_sheet(renderer, state))
    console.print(winners_line(state))


def _valid_spec(spec: str) -> bool:
    try:
        parse_spec(spec)
    except MeepleError:
        return False
    return True


app.command("arena")(arena)


def _full_screen(session: Session, plain: bool) -> bool:
    """The full-screen front end plays when a human sits at a real terminal; pipes, scripts,
    bot-only games (their progress line and score sheet) and ``--plain`` get the line loop."""
    return not plain and bool(session.humans) and sys.stdin.isatty() and sys.stdout.isatty()


def _run(session: Session, plain: bool) -> None:
    console = session.console
    try:
        if _full_screen(session, plain):
            from meeple.cli.tui import run_tui  # Textual loads only when it is used

            finished = run_tui(session)
        else:
            finished = session.run()
    except MeepleError as exc:
        fail(f"{exc} (the game so far is saved in {session.path})")
    except OSError as exc:
        fail(f"cannot save the game to {session.path}: {exc.strerror or exc}")
    if not finished:
        console.print(
            f"Game saved to {session.path}. "
            f"Continue with: {meeple_command()} resume {session.path}",
            soft_wrap=True,
        )
        return
    console.rule("Game over")
    try:
        final_view = session.state.view(None)
    except MeepleError:
        final_view = None
    if final_view is not None and session.renderer is not None:  # no JSON dump at the end
        console.print(render_view(session.renderer, final_view))
    console.print(render_score_sheet(session.renderer, session.state))
    console.print(winners_line(session.state))
    console.print(
        f"Record saved to {session.path} ({meeple_command()} replay {session.path})",
        soft_wrap=True,
    )


def main() -> None:  # pragma: no cover - console entry point convenience
    app(prog_name="meeple")
    sys.exit(0)
