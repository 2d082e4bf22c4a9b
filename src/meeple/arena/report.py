"""An arena's results for people and for other tools: a table, JSON, CSV and a chart.

Files written into the arena directory:

- ``summary.json``: configuration, per-entrant statistics, head-to-head records, errors and
  timing (``total_seconds`` is the sum of the games' own times over every session, so it
  exceeds the wall time with several workers; ``wall_seconds`` is this session's).
- ``games.csv``: one row per game: index, seed, lineup, scores, winners (seats, from 0),
  seconds, error and the error's record file; lists inside a cell are separated by ``;``.
- ``summary.csv``: one row per entrant, the table's figures unrounded.
- ``winrates.png``: win rates with their 95 % intervals as error bars, drawn only when
  matplotlib (the optional ``charts`` extra, about half of a full install) can be imported.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.table import Table

from meeple.arena.runner import ArenaConfig, GameLine
from meeple.arena.stats import EntrantStats, entrant_stats, head_to_head, outcomes_from_lines

SUMMARY_JSON = "summary.json"
GAMES_CSV = "games.csv"
SUMMARY_CSV = "summary.csv"
WINRATES_PNG = "winrates.png"


def ranked_stats(config: ArenaConfig, lines: Sequence[GameLine]) -> list[EntrantStats]:
    """Per-entrant statistics, best rating first (ties keep the --bots order)."""
    stats = entrant_stats(config.entrants, outcomes_from_lines(lines))
    return sorted(stats, key=lambda entrant: -entrant.rating)


def errors_of(lines: Sequence[GameLine]) -> list[dict[str, Any]]:
    """The games that raised, with the exception and the record file of each."""
    return [{"index": line["index"], **line["error"]} for line in lines if line["error"]]


def write_reports(
    out: Path,
    config: ArenaConfig,
    lines: Sequence[GameLine],
    stats: Sequence[EntrantStats],
    wall_seconds: float,
) -> list[Path]:
    """Write every report file into `out`; the paths written (no chart without matplotlib)."""
    paths = [out / SUMMARY_JSON, out / GAMES_CSV, out / SUMMARY_CSV]
    summary = summary_data(config, lines, stats, wall_seconds)
    paths[0].write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    write_games_csv(paths[1], lines)
    write_summary_csv(paths[2], config, stats)
    if plot_winrates(out / WINRATES_PNG, config, stats):
        paths.append(out / WINRATES_PNG)
    return paths


def summary_data(
    config: ArenaConfig,
    lines: Sequence[GameLine],
    stats: Sequence[EntrantStats],
    wall_seconds: float,
) -> dict[str, Any]:
    """Everything of ``summary.json`` (see the module docstring)."""
    total = sum(line["seconds"] for line in lines)
    errors = errors_of(lines)
    pairs = head_to_head(outcomes_from_lines(lines))
    return {
        "config": config.to_json(),
        "games": {
            "played": len(lines),
            "finished": len(lines) - len(errors),
            "errors": len(errors),
        },
        "entrants": [_entrant_json(config, entrant) for entrant in stats],
        "head_to_head": {
            a: {b: {"wins": r.wins, "draws": r.draws, "losses": r.losses} for b, r in row.items()}
            for a, row in pairs.items()
        },
        "errors": errors,
        "timing": {
            "total_seconds": round(total, 3),
            "seconds_per_game": round(total / len(lines), 4) if lines else None,
            "wall_seconds": round(wall_seconds, 3),
        },
    }


def write_games_csv(path: Path, lines: Sequence[GameLine]) -> None:
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream)
        writer.writerow(
            ["index", "seed", "lineup", "scores", "winners", "seconds", "error", "error_record"]
        )
        for line in lines:
            error = line["error"]
            writer.writerow(
                [
                    line["index"],
                    line["seed"],
                    _cell(line["lineup"]),
                    _cell(line["scores"] or []),
                    _cell(line["winners"] or []),
                    line["seconds"],
                    f"{error['type']}: {error['message']}" if error else "",
                    error["record"] if error else "",
                ]
            )


def write_summary_csv(path: Path, config: ArenaConfig, stats: Sequence[EntrantStats]) -> None:
    with path.open("w", encoding="utf-8", newline="") as stream:
        writer = csv.DictWriter(stream, fieldnames=list(_entrant_json(config, stats[0])))
        writer.writeheader()
        writer.writerows(_entrant_json(config, entrant) for entrant in stats)


def plot_winrates(path: Path, config: ArenaConfig, stats: Sequence[EntrantStats]) -> bool:
    """Bar chart of the win rates with their 95 % intervals, and the equal-strength share.

    False if matplotlib is not installed: then an older chart at `path` is removed, since it
    would show other results than the tables beside it.
    """
    # Imported here: matplotlib takes a while to load, only this function needs it, and it is
    # an optional extra.
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        path.unlink(missing_ok=True)
        return False

    figure = Figure(figsize=(max(4.0, 1.5 + 1.0 * len(stats)), 4.0), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    rates = [entrant.win_rate or 0.0 for entrant in stats]
    below = [rate - entrant.win_low for rate, entrant in zip(rates, stats, strict=True)]
    above = [entrant.win_high - rate for rate, entrant in zip(rates, stats, strict=True)]
    axes.bar([e.name for e in stats], rates, yerr=[below, above], capsize=6, color="tab:blue")
    axes.axhline(1 / config.players, color="grey", linestyle="--", label="equal share")
    axes.set_ylim(0, 1.15)  # headroom so that the legend never covers a bar at 100 %
    axes.set_yticks([0, 0.2, 0.4, 0.6, 0.8, 1.0])
    axes.set_ylabel("win rate (95 % interval)")
    axes.legend(loc="upper right")
    axes.set_title(
        f"{config.game}, {config.players} players, {config.games} games, seed {config.seed}"
    )
    figure.savefig(path, dpi=100)
    return True


def results_table(stats: Sequence[EntrantStats]) -> Table:
    table = Table(title="Arena results")
    for header in ("Entrant", "Games", "Wins", "Win % [95 %]", "Mean score", "Margin", "Rating"):
        table.add_column(header, justify="left" if header == "Entrant" else "right")
    for entrant in stats:
        table.add_row(
            entrant.name,
            str(entrant.games),
            f"{entrant.wins:g}",
            _percent(entrant),
            _number(entrant.mean_score, "{:.1f}"),
            _number(entrant.mean_margin, "{:+.1f}"),
            f"{entrant.rating:.0f}",
        )
    return table


def _entrant_json(config: ArenaConfig, entrant: EntrantStats) -> dict[str, Any]:
    spec = dict(zip(config.entrants, config.bots, strict=True))[entrant.name]
    return {
        "entrant": entrant.name,
        "spec": spec,
        "games": entrant.games,
        "wins": entrant.wins,
        "win_rate": entrant.win_rate,
        "win_rate_low": entrant.win_low,
        "win_rate_high": entrant.win_high,
        "mean_score": entrant.mean_score,
        "mean_margin": entrant.mean_margin,
        "rating": entrant.rating,
    }


def _percent(entrant: EntrantStats) -> str:
    if entrant.win_rate is None:
        return "–"
    low, rate, high = (100 * x for x in (entrant.win_low, entrant.win_rate, entrant.win_high))
    return f"{rate:.1f} [{low:.1f}–{high:.1f}]"


def _number(value: float | None, form: str) -> str:
    return "–" if value is None else form.format(value)


def _cell(values: Sequence[Any]) -> str:
    return ";".join(str(value) for value in values)
