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
from meeple.bots.base import Budget
from meeple.cli.analyse import analyse
from meeple.cli.arena import arena
from meeple.cli.game_options import (
    EXTRA_ARGS,
    GameOptionsCommand,
    engine_options,
    read_game_options,
    repeat_options,
)
from meeple.cli.invocation import meeple_command
from meeple.cli.options import PlainFlag
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
from meeple.engine.gameinfo import GameInfo
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_info, game_names
from meeple.server.settings import Settings as ServerSettings

app = typer.Typer(
    name="meeple",
    help="Tikal and Altiplano in the terminal: play against bots, resume, replay.",
    no_args_is_help=True,
    add_completion=False,
)

DEFAULT_DIR = Path("meeple-games")


def _console() -> Console:
    return Console(highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    Console(stderr=True, highlight=False).print(f"[bold red]Error:[/] {message}", soft_wrap=True)
    raise typer.Exit(code)


def load_info(game: str) -> GameInfo:
    """The game's declaration, or a clear error (exit 2) if it is unknown or not installed."""
    if game not in game_names():
        fail(f"unknown game {game!r}; games: {', '.join(game_names())}")
    try:
        return game_info(game)
    except MeepleError as exc:
        fail(str(exc))
    except (ImportError, AttributeError) as exc:
        fail(f"the {game} engine is not available in this installation ({exc})")


def game_options(
    info: GameInfo, args: list[str], players: int | None
) -> tuple[dict[str, Any], str]:
    """The engine options from the game's own flags in `args` (exit 2 on a bad one), and those
    flags as given, to repeat in a command line."""
    try:
        given = read_game_options(info, args)
        return engine_options(info, given, players), repeat_options(info, given)
    except MeepleError as exc:
        fail(str(exc))


def default_record_path(game: str, seed: int) -> Path:
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = DEFAULT_DIR / f"{game}-{stamp}-seed{seed}.json"
    n = 2
    while path.exists():
        path = DEFAULT_DIR / f"{game}-{stamp}-seed{seed}-{n}.json"
        n += 1
    return path


#: The server's default settings, shown as the defaults of ``meeple serve``.
SERVER_DEFAULTS = ServerSettings()


@app.command(cls=GameOptionsCommand, context_settings=EXTRA_ARGS)
def play(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(help="The game (see the options of each game below).")],
    players: Annotated[
        int | None, typer.Option(help="Number of players (game default if omitted).")
    ] = None,
    humans: Annotated[int, typer.Option(help="Human players (seats 1..N); the rest are bots.")] = 1,
    seed: Annotated[int | None, typer.Option(help="Game seed (random if omitted).")] = None,
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
    info = load_info(game)
    state_class = info.state_class
    bots = [spec.strip() for spec in bot.split(",")]
    for spec in bots:
        try:
            parse_spec(spec)
        except MeepleError as exc:
            fail(str(exc))
    options, given = game_options(info, ctx.args, players)
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
    command += given
    command += f" --bot {','.join(bots)}" if bots and bot != DEFAULT_LEVEL else ""
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


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str,
        typer.Option(help="The database: an SQLite file, or a URL (postgresql://…)."),
    ] = "meeple-server.db",
    bot_workers: Annotated[
        int | None, typer.Option(help="Processes computing bot moves (default: cores − 1).")
    ] = None,
    max_tables: Annotated[
        int,
        typer.Option(help="Tables held in memory at most (others are loaded when asked for)."),
    ] = SERVER_DEFAULTS.max_tables,
    http_rate: Annotated[
        str, typer.Option(help="HTTP requests allowed per client address.")
    ] = SERVER_DEFAULTS.http_rate,
    message_rate: Annotated[
        str, typer.Option(help="WebSocket messages allowed per connection.")
    ] = SERVER_DEFAULTS.message_rate,
    connect_rate: Annotated[
        str, typer.Option(help="WebSocket connections allowed per client address.")
    ] = SERVER_DEFAULTS.connect_rate,
    chat_rate: Annotated[
        str, typer.Option(help="Chat lines allowed per seat of a table.")
    ] = SERVER_DEFAULTS.chat_rate,
    smtp_url: Annotated[
        str | None,
        typer.Option(
            envvar="MEEPLE_SMTP_URL",
            help="SMTP server for emails (password resets, turn notices): "
            "smtp://user:password@host:port or smtps://…; none: no emails.",
        ),
    ] = None,
    mail_from: Annotated[
        str, typer.Option(envvar="MEEPLE_MAIL_FROM", help="The sender of the emails.")
    ] = SERVER_DEFAULTS.mail_from,
    analysis_budget: Annotated[
        str,
        typer.Option(
            help="The search's budget a move when a finished game is analysed "
            "(iterations '200i', or seconds '0.1s').",
        ),
    ] = SERVER_DEFAULTS.analysis_budget,
    public_url: Annotated[
        str | None,
        typer.Option(
            envvar="MEEPLE_PUBLIC_URL",
            help="The server's address as people reach it (https://…), for links in emails.",
        ),
    ] = None,
    vapid_subject: Annotated[
        str | None,
        typer.Option(
            envvar="MEEPLE_VAPID_SUBJECT",
            help="Who push services may contact about this server, for web push turn notices: "
            "mailto:you@example.org or https://…; default: the emails' sender.",
        ),
    ] = None,
) -> None:
    """Start the game server: tables in the browser, invite links, bots in any seat.

    Rates are written like ``30/second;900/minute``."""
    from meeple.server.rates import valid_rate
    from meeple.server.run import serve as run_server  # the web stack loads only here
    from meeple.server.settings import database_url

    if max_tables < 1:
        fail("--max-tables is at least 1")
    if vapid_subject and not vapid_subject.startswith(("mailto:", "https://")):
        fail(f"--vapid-subject is a mailto: or https:// address, not {vapid_subject!r}")
    try:
        Budget.parse(analysis_budget)
    except MeepleError as exc:
        fail(f"--analysis-budget: {exc}")
    for rate in (http_rate, message_rate, connect_rate, chat_rate):
        if not valid_rate(rate):
            fail(f"not a rate: {rate!r} (write it like 30/second;900/minute)")
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    _console().print(
        f"[bold]Meeple lobby:[/] http://{shown}:{port}/ · games kept in {db} · Ctrl+C stops",
        soft_wrap=True,
    )
    run_server(
        ServerSettings(
            db_url=database_url(db),
            host=host,
            port=port,
            bot_workers=bot_workers,
            max_tables=max_tables,
            http_rate=http_rate,
            message_rate=message_rate,
            connect_rate=connect_rate,
            chat_rate=chat_rate,
            smtp_url=smtp_url or None,
            mail_from=mail_from,
            public_url=public_url or None,
            analysis_budget=analysis_budget,
            vapid_subject=vapid_subject or None,
        )
    )


def _valid_spec(spec: str) -> bool:
    try:
        parse_spec(spec)
    except MeepleError:
        return False
    return True


app.command("arena", cls=GameOptionsCommand, context_settings=EXTRA_ARGS)(arena)
app.command("analyse")(analyse)


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
