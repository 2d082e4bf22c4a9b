"""Command-line options that several commands share, declared once so their flags and help
read the same everywhere."""

from __future__ import annotations

from typing import Annotated

import typer

PlainFlag = Annotated[
    bool,
    typer.Option(
        "--plain", help="Line by line, as in a pipe, instead of the full-screen terminal."
    ),
]
