"""The analysis's chart as a picture file (the ``charts`` extra's matplotlib): every seat's
estimated win chance after each move, its costly moves marked. The pages draw the same chart
themselves (`meeple/web/static/analysis.js`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from meeple.analysis.summary import GameAnalysis


def plot_chances(
    path: Path, analysis: GameAnalysis, names: Sequence[str], colours: Sequence[str]
) -> bool:
    """Writes the chart to `path` (PNG or SVG by its suffix); False without matplotlib."""
    # Imported here: matplotlib is an optional extra and slow to load.
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return False
    figure = Figure(figsize=(9.0, 4.0), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    moves = range(1, len(analysis.moves) + 1)
    for seat, series in enumerate(analysis.chart):
        points = [(m, c) for m, c in zip(moves, series, strict=True) if c is not None]
        axes.step(
            [m for m, _ in points],
            [c for _, c in points],
            where="post",
            color=colours[seat],
            label=names[seat],
        )
        costly = [
            (m.index + 1, m.after)
            for m in analysis.moves
            if m.seat == seat and analysis.costly(m) and m.after is not None
        ]
        axes.scatter(
            [index for index, _ in costly],
            [after for _, after in costly],
            color=colours[seat],
            marker="v",
            s=40,
            zorder=3,
        )
    axes.set_ylim(0, 1)
    axes.set_xlim(1, max(2, len(analysis.moves)))
    axes.set_xlabel("move")
    axes.set_ylabel("estimated win chance")
    axes.legend(loc="upper left")
    axes.set_title(
        f"{analysis.game}: each seat's chances (▼ a costly move), budget {analysis.budget}"
    )
    figure.savefig(path, dpi=100)
    return True
