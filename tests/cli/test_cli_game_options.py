"""A game's own flags come from its option spec: every declared option is offered, read and
repeated the same way, and nothing the game does not declare is accepted."""

from __future__ import annotations

import dataclasses

import pytest
from cli_helpers import invoke

from meeple.cli.game_options import engine_options, read_game_options, repeat_options, usage
from meeple.engine import registry
from meeple.engine.errors import OptionsError
from meeple.engine.gameinfo import GameInfo, OptionSpec

GAMES = [registry.game_info(name) for name in registry.game_names()]


@pytest.mark.parametrize("command", ["play", "arena"])
def test_help_lists_every_declared_option_of_every_game(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    for info in GAMES:
        assert f"{info.name}: {info.min_players} to {info.max_players} players" in text
        for spec in info.options:
            assert usage(spec) in text and " ".join(spec.help.split()[:4]) in text


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.name)
def test_flags_are_read_as_declared_and_repeated(info):
    flags = [spec for spec in info.options if spec.kind == "flag"]
    given = read_game_options(info, [spec.flag for spec in flags])
    assert given == {spec.name: True for spec in flags}
    assert repeat_options(info, given) == "".join(f" {spec.flag}" for spec in flags)
    options = engine_options(info, given, info.max_players)
    assert info.state_class.normalize_options(options) == info.defaults() | options


def _with_options(*options: OptionSpec) -> GameInfo:
    return dataclasses.replace(registry.game_info(registry.game_names()[0]), options=options)


def test_a_declared_seat_option_counts_from_one_and_is_checked():
    info = _with_options(OptionSpec("first", "seat", "Who starts.", 0))
    given = read_game_options(info, ["--first", "2"])
    assert given == {"first": 2}
    assert engine_options(info, given, info.min_players) == {
        "players": info.min_players,
        "first": 1,
    }
    with pytest.raises(OptionsError, match=f"--first must be a seat 1..{info.min_players}, not 9"):
        engine_options(info, {"first": 9}, info.min_players)
    with pytest.raises(OptionsError, match="--first: invalid int value: 'x'"):
        read_game_options(info, ["--first", "x"])


def test_an_undeclared_flag_is_refused_naming_the_game_and_its_options():
    info = _with_options(OptionSpec("fast", "flag", "Play fast.", False))
    with pytest.raises(
        OptionsError, match=r"--slow is not an option of \w+ \(its own options: --fast\)"
    ):
        read_game_options(info, ["--slow"])
    with pytest.raises(OptionsError, match="unexpected argument"):
        read_game_options(info, ["stray"])
