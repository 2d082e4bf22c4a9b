"""``meeple analyse RECORD``: the analysis of a game (`meeple.analysis`) in the terminal, as the
replay page shows it: a summary per seat, the costliest moves with the move the search
preferred, and optionally the chart as a picture and the whole analysis as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from meeple.analysis import DEFAULT_BUDGET, GameAnalysis, estimate_moves, summarise
from meeple.analysis.chart import plot_chances
from meeple.bots.base import Budget
from meeple.engine.errors import MeepleError
from meeple.engine.gameinfo import GameInfo
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_info
from meeple.saying import game_words, said


def analyse(
    record: Annotated[Path, typer.Argument(help="A game record (JSON), finished or not.")],
    budget: Annotated[
        str, typer.Option(help="The search's budget a move: iterations ('200i') or seconds.")
    ] = str(DEFAULT_BUDGET),
    seed: Annotated[
        int, typer.Option(help="The search's seed: the same seed, the same figures.")
    ] = 0,
    chart: Annotated[
        Path | None, typer.Option(help="Write the chart here (.png or .svg; the charts extra).")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Write the whole analysis here as JSON.")
    ] = None,
) -> None:
    """Where each seat gained and lost: every move judged by the search from the mover's own
    view at the time."""
    console = Console(highlight=False)
    try:
        game_record = GameRecord.load(record)
        search_budget = Budget.parse(budget)
    except MeepleError as exc:
        Console(stderr=True).print(f"[bold red]Error:[/] {exc}", soft_wrap=True)
        raise typer.Exit(2) from None
    info = game_info(game_record.game)
    initial = game_record.initial_state()
    players = initial.num_players
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("Analysing moves", total=len(game_record.actions))
        moves = estimate_moves(
            initial,
            game_record.actions,
            search_budget,
            seed,
            progress=lambda _index: bar.advance(task),
        )
    analysis = summarise(game_record.game, players, str(search_budget), seed, moves)
    words = game_words(game_record.game, "en")
    names = [said(info.seats.name(seat), words) for seat in range(players)]
    show(console, analysis, names)
    try:
        _write(console, analysis, json_out, chart, names, info)
    except OSError as exc:
        Console(stderr=True).print(f"[bold red]Error:[/] cannot write: {exc}", soft_wrap=True)
        raise typer.Exit(2) from None


def _write(
    console: Console,
    analysis: GameAnalysis,
    json_out: Path | None,
    chart: Path | None,
    names: list[str],
    info: GameInfo,
) -> None:
    """The analysis as JSON and its chart as a picture, where asked."""
    if json_out is not None:
        json_out.write_text(json.dumps(analysis.to_json(), indent=1) + "\n", encoding="utf-8")
        console.print(f"Analysis written to {json_out}")
    if chart is not None:
        colours = [info.seats.look(seat).colour for seat in range(analysis.players)]
        if plot_chances(chart, analysis, names, colours):
            console.print(f"Chart written to {chart}")
        else:
            console.print(
                "[yellow]No chart: install the charts extra (pip install 'meeple[charts]').[/]"
            )


def show(console: Console, analysis: GameAnalysis, names: list[str]) -> None:
    """The summary per seat, then each seat's costliest moves."""
    words = game_words(analysis.game, "en")
    table = Table(title=f"Analysis ({analysis.budget} a move, seed {analysis.seed})")
    for header in ("Seat", "Decisions", "Mean loss", "Costly moves", "Chance at the end"):
        table.add_column(header, justify="left" if header == "Seat" else "right")
    for summary in analysis.seats:
        last = analysis.chart[summary.seat][-1] if analysis.moves else None
        table.add_row(
            names[summary.seat],
            str(summary.decisions),
            f"{summary.mean_loss * 100:.1f} %",
            str(summary.costly),
            "–" if last is None else f"{last * 100:.0f} %",
        )
    console.print(table)
    for summary in analysis.seats:
        if not summary.worst:
            continue
        console.print(f"[bold]{names[summary.seat]}[/]: the costliest moves")
        for index in summary.worst:
            move = analysis.moves[index]
            assert move.before is not None and move.after is not None
            preferred = said(move.best_label, words) if move.best_label else "the same"
            console.print(
                f"  move {index + 1}: {said(move.label, words)} — "
                f"{move.before * 100:.0f} % → {move.after * 100:.0f} %; "
                f"the search preferred: {preferred}",
                soft_wrap=True,
            )
