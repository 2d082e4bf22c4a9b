"""``meeple arena``: a tournament between bots, with statistics, resumable and reproducible.

The schedule, seeding, resume and statistics are in `meeple.arena`; this module checks the
command line, shows progress and prints the results.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from meeple.arena.ray_runner import RayFailure, RayMissing, import_ray, ray_cluster
from meeple.arena.report import (
    WINRATES_PNG,
    errors_of,
    ranked_stats,
    results_table,
    write_reports,
)
from meeple.arena.runner import (
    ArenaConfig,
    ArenaMismatch,
    GameLine,
    JobRunner,
    open_arena,
    play_arena,
    run_jobs,
)
from meeple.arena.schedule import cycle_length
from meeple.bots import parse_spec
from meeple.cli.invocation import pip_command
from meeple.engine.errors import MeepleError

DEFAULT_ROOT = Path("meeple-arena")


def arena(
    ctx: typer.Context,
    game: Annotated[str, typer.Option(help="The game (see the options of each game below).")],
    bots: Annotated[
        str, typer.Option(help="Comma-separated bot specs, e.g. ismcts:300i,greedy,random.")
    ],
    players: Annotated[
        int | None, typer.Option(help="Seats per game (game default if omitted).")
    ] = None,
    games: Annotated[int, typer.Option(help="Number of games.")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole arena.")] = 1,
    workers: Annotated[int, typer.Option(help="Processes playing games in parallel.")] = 1,
    ray_address: Annotated[
        str | None,
        typer.Option(
            "--ray",
            metavar="ADDRESS",
            help="Play on a Ray cluster instead, one game a task: its address as ray.init "
            "takes it (auto, ray://host:10001), or local to start one here. Needs the "
            "'cluster' extra.",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Arena directory (default meeple-arena/<game>-<players>p-seed<seed>)."),
    ] = None,
) -> None:
    """Play bots against each other with rotated seats; rerun the same command to resume."""
    # Imported here because main imports this module to register the command.
    from meeple.cli.main import fail

    config = _config(game, bots, players, games, seed, ctx.args)
    if workers < 1:
        fail(f"--workers must be at least 1, not {workers}")
    if ray_address is not None and workers != 1:
        fail("--workers and --ray are alternatives: on Ray, the cluster's CPUs play the games")
    out = out or DEFAULT_ROOT / f"{game}-{config.players}p-seed{seed}"
    console = Console(highlight=False)
    try:
        # Connected before anything is written, so that a missing or unreachable Ray leaves
        # no trace; disconnected (a local instance stopped) only after the last game.
        with _games_runner(ray_address, workers) as run:
            done = open_arena(out, config)
            _announce(console, config, out, len(done))
            started = time.perf_counter()
            with _progress(config.games, len(done), done.values()) as on_line:
                lines = play_arena(out, config, done, run, on_line)
    except ArenaMismatch as exc:
        fail(str(exc))
    except RayFailure as exc:
        fail(escape(str(exc)))
    except RayMissing:
        fail(_ray_hint())
    except KeyboardInterrupt:
        console.print(
            f"Interrupted; finished games are kept in {out}. Rerun to continue.", soft_wrap=True
        )
        raise typer.Exit(130) from None
    stats = ranked_stats(config, lines)
    paths = write_reports(out, config, lines, stats, time.perf_counter() - started)
    console.print(results_table(stats))
    errors = errors_of(lines)
    for error in errors:
        console.print(
            f"[red]Game {error['index']} failed:[/] "
            + escape(f"{error['type']}: {error['message']} (record: {out / error['record']})"),
            soft_wrap=True,
        )
    console.print(f"Files: {', '.join(str(path) for path in paths)}", soft_wrap=True)
    if out / WINRATES_PNG not in paths:
        console.print(_charts_hint(), soft_wrap=True)
    if errors:
        raise typer.Exit(1)


def _games_runner(ray_address: str | None, workers: int) -> AbstractContextManager[JobRunner]:
    """Where the games are played: `workers` local processes, or the Ray cluster there."""
    if ray_address is None:
        return nullcontext(partial(run_jobs, workers=workers))
    import_ray()  # RayMissing now, before a progress bar or a file
    return ray_cluster(ray_address)


def _ray_hint() -> str:
    """What to do about ``--ray`` without Ray: it is an optional extra."""
    install = f"{pip_command()} install -e '.[cluster]'"
    return escape(
        "--ray needs Ray, which is not installed; nothing was played or written. Install the "
        f"'cluster' extra ({install} in the meeple checkout) and run this command again."
    )


def _charts_hint() -> str:
    """What to do about the chart that was not drawn: matplotlib is an optional extra."""
    install = f"{pip_command()} install -e '.[charts]'"
    return (
        f"Charts skipped: matplotlib is not installed. To get {WINRATES_PNG}, install the "
        f"'charts' extra ({escape(install)} in the meeple checkout) and run this command again."
    )


def _config(
    game: str,
    bots: str,
    players: int | None,
    games: int,
    seed: int,
    game_args: list[str],
) -> ArenaConfig:
    """The checked configuration, or a one-line error (exit 2) before anything is written."""
    from meeple.cli.main import fail, game_options, load_info

    info = load_info(game)
    state_class = info.state_class
    specs = tuple(spec.strip() for spec in bots.split(","))
    if not all(specs):
        fail(f"--bots has an empty entry: {bots!r}")
    options, _ = game_options(info, game_args, players)
    try:
        for spec in specs:
            parse_spec(spec)
        options = state_class.normalize_options(options)
    except MeepleError as exc:
        fail(str(exc))
    if games < 1:
        fail(f"--games must be at least 1, not {games}")
    return ArenaConfig(state_class.game_name, options, specs, games, seed)


def _announce(console: Console, config: ArenaConfig, out: Path, found: int) -> None:
    entrants = ", ".join(config.entrants)
    console.print(
        f"Arena: {config.game}, {config.players} players, {config.games} games, "
        f"seed {config.seed}; entrants {entrants}; results in {out}",
        soft_wrap=True,
    )
    cycle = cycle_length(len(config.entrants), config.players)
    if config.games % cycle:
        console.print(
            f"[yellow]Note:[/] seats are balanced over cycles of {cycle} games; "
            f"{config.games} is not a multiple, so the lineups are slightly uneven.",
            soft_wrap=True,
        )
    if len(config.entrants) < config.players:
        console.print("Fewer bots than seats: the list is repeated to fill every game.")
    if found:
        console.print(
            f"Found {found} of {config.games} games already played in {out}; "
            f"playing the other {config.games - found}.",
            soft_wrap=True,
        )


@contextmanager
def _progress(
    total: int, found: int, done: Iterable[GameLine]
) -> Iterator[Callable[[GameLine], None]]:
    """A progress bar on stderr (hidden when it is not a terminal); yields the per-game hook."""
    errors = sum(1 for line in done if line["error"])
    progress = Progress(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        TextColumn("errors: {task.fields[errors]}"),
        console=Console(stderr=True),
        disable=not Console(stderr=True).is_terminal,
    )
    task = progress.add_task("games", total=total, completed=found, errors=errors)

    def on_line(line: GameLine) -> None:
        nonlocal errors
        errors += line["error"] is not None
        progress.update(task, advance=1, errors=errors)

    with progress:
        yield on_line
