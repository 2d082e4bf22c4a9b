"""A game's own options on the command line, made from its option spec (`GameInfo.options`).

``meeple play`` and ``meeple arena`` know only the options every game has (players, seed, bots…);
whatever else follows the game on the command line is read here against that game's declared
options, so a new game's options appear as flags without touching the terminal front end:
a ``flag`` option is ``--name``, a ``seat`` option ``--name SEAT`` counted from 1 as players
count, an ``edition`` option ``--name FILE|NAME``. The standard library's `argparse` reads them.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer.core

from meeple.engine.errors import OptionsError
from meeple.engine.gameinfo import PLAYERS, GameInfo, OptionSpec
from meeple.engine.registry import edition_names, game_info, game_names, shipped_edition

#: What each kind of option takes after its flag, as help texts show it.
METAVARS = {"seat": "SEAT", "edition": "FILE|NAME"}


def usage(spec: OptionSpec) -> str:
    """``--start-player SEAT``: the flag and what it takes."""
    metavar = METAVARS.get(spec.kind)
    return spec.flag if metavar is None else f"{spec.flag} {metavar}"


def options_help() -> str:
    """Every installed game's own options, for the help of the commands that take them."""
    parts = ["Options of each game, given after the game:"]
    for name in game_names():
        try:
            info = game_info(name)
        except (ImportError, OptionsError):
            continue
        parts.append(
            f"{name}: {info.min_players} to {info.max_players} players "
            f"({info.default_players} by default)"
        )
        parts.extend(f"  {usage(spec)}  {spec.help}" for spec in info.options)
    return "\n\n".join(parts)


class GameOptionsCommand(typer.core.TyperCommand):
    """A command whose help ends with every game's own options, read from the registry when
    the help is shown (so an installed game's options appear without any change here)."""

    @property
    def epilog(self) -> str:
        return options_help()

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        """Typer sets the epilog when it builds the command; the registry's text replaces it."""


#: Context settings that let a command take a game's options as extra arguments.
EXTRA_ARGS = {"allow_extra_args": True, "ignore_unknown_options": True}


def _parser(info: GameInfo) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=info.name, add_help=False, exit_on_error=False)
    for spec in info.options:
        if spec.kind == "flag":
            parser.add_argument(spec.flag, dest=spec.name, action="store_true", default=None)
        elif spec.kind == "seat":
            parser.add_argument(spec.flag, dest=spec.name, type=int, metavar="SEAT")
        else:
            parser.add_argument(spec.flag, dest=spec.name, metavar="FILE|NAME")
    return parser


def _not_an_option(info: GameInfo, flag: str) -> OptionsError:
    own = ", ".join(usage(spec) for spec in info.options) or "none"
    return OptionsError(f"{flag} is not an option of {info.name} (its own options: {own})")


def read_game_options(info: GameInfo, args: Sequence[str]) -> dict[str, Any]:
    """The options given for `info`'s game in `args`, as typed on the command line (a seat
    still counted from 1, an edition still a file or name); options not given are left out.

    Raises `OptionsError` naming the flag for anything else."""
    try:
        given, rest = _parser(info).parse_known_args(list(args))
    except argparse.ArgumentError as exc:
        raise OptionsError(f"{exc.argument_name or 'an option'}: {exc.message}") from None
    if rest:
        unknown = next((arg for arg in rest if arg.startswith("-")), None)
        if unknown is None:
            raise OptionsError(f"unexpected argument(s): {' '.join(rest)}")
        raise _not_an_option(info, unknown.split("=", 1)[0])
    return {name: value for name, value in vars(given).items() if value is not None}


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
        raise OptionsError(
            f"cannot read edition file {path}: {exc.strerror or exc} "
            f"(editions shipped with {game}: {shipped})"
        ) from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise OptionsError(f"edition file {path} is not valid JSON: {exc}") from None


def engine_options(info: GameInfo, given: dict[str, Any], players: int | None) -> dict[str, Any]:
    """The options to give the engine: seats counted from 0, editions read, and a seat checked
    against the table size (the engine's own message would count from 0)."""
    options: dict[str, Any] = {} if players is None else {PLAYERS: players}
    for spec in info.options:
        if spec.name not in given:
            continue
        value = given[spec.name]
        if spec.kind == "edition":
            value = read_edition(info.name, value)
        options[spec.name] = value
    count = info.state_class.normalize_options({} if players is None else {PLAYERS: players})[
        PLAYERS
    ]
    for spec in info.options:
        if spec.kind == "seat" and spec.name in options:
            seat = options[spec.name]
            if not 1 <= seat <= count:
                raise OptionsError(f"{spec.flag} must be a seat 1..{count}, not {seat}")
            options[spec.name] = seat - 1
    return options


def repeat_options(info: GameInfo, given: dict[str, Any]) -> str:
    """The game's options as they were given, to repeat in a command line."""
    words = []
    for spec in info.options:
        if spec.name not in given:
            continue
        value = given[spec.name]
        words.append(spec.flag if spec.kind == "flag" else f"{spec.flag} {value}")
    return "".join(f" {word}" for word in words)
