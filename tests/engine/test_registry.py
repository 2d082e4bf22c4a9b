"""The registry finds games through the ``meeple.games`` entry points and `register`, and says
clearly when an entry point is not a game."""

from __future__ import annotations

import dataclasses
from importlib import metadata

import pytest

from meeple.bots.base import evaluation_for, search_hints
from meeple.engine import registry
from meeple.engine.errors import OptionsError
from meeple.engine.evaluation import Evaluation
from meeple.engine.gameinfo import SearchHints
from meeple.games.altiplano import GAME as ALTIPLANO
from meeple.games.altiplano.evaluation import AltiplanoEvaluation
from meeple.games.tikal import GAME as TIKAL


@pytest.fixture
def clean_registry(monkeypatch):
    """A registry with the installed entry points only, restored after the test."""
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.setattr(registry, "_loaded", {})
    return registry


def test_the_installed_games_come_from_entry_points(clean_registry):
    names = {ep.name for ep in metadata.entry_points(group=registry.ENTRY_POINT_GROUP)}
    assert {"tikal", "altiplano"} <= names
    assert set(clean_registry.game_names()) == names
    assert clean_registry.game_info("tikal") is TIKAL
    assert clean_registry.game_class("altiplano") is ALTIPLANO.state_class


def test_register_adds_a_game_and_wins_over_an_entry_point(clean_registry):
    renamed = dataclasses.replace(TIKAL, name="tikal-variant")
    assert clean_registry.register(renamed) is renamed
    assert clean_registry.game_names()[-1] == "tikal-variant"
    assert clean_registry.game_info("tikal-variant") is renamed
    replaced = dataclasses.replace(TIKAL, title="Tikal, replaced")
    clean_registry.register(replaced)
    assert clean_registry.game_info("tikal") is replaced
    with pytest.raises(TypeError, match="GameInfo"):
        clean_registry.register("tikal")  # type: ignore[arg-type]


def test_an_entry_point_that_is_not_a_game_is_named(clean_registry, monkeypatch):
    wrong = metadata.EntryPoint("tikal", "meeple.games.tikal:TikalState", "meeple.games")
    monkeypatch.setattr(clean_registry, "_entry_points", lambda: {"tikal": wrong})
    with pytest.raises(OptionsError, match=r"'tikal'.*meeple\.games\.tikal:TikalState.*GameInfo"):
        clean_registry.game_info("tikal")
    with pytest.raises(OptionsError, match="unknown game 'chess'; games: tikal"):
        clean_registry.game_info("chess")


def test_bots_read_what_the_game_declares(clean_registry):
    assert isinstance(evaluation_for(ALTIPLANO.state_class), AltiplanoEvaluation)
    assert search_hints(ALTIPLANO.state_class) == ALTIPLANO.search
    assert search_hints(ALTIPLANO.state_class).pruned_kinds  # Altiplano declares undo steps

    class Unregistered(TIKAL.state_class):  # type: ignore[misc, valid-type]
        game_name = "unregistered"

    assert type(evaluation_for(Unregistered)) is Evaluation
    assert search_hints(Unregistered) == SearchHints()


def test_editions_are_found_in_the_declared_package(clean_registry):
    assert "reconstruction-2026" in clean_registry.edition_names("tikal")
    clean_registry.register(dataclasses.replace(TIKAL, name="bare", package=None))
    assert clean_registry.edition_names("bare") == ()
    with pytest.raises(OptionsError, match="bare ships no edition 'x'; shipped editions: none"):
        clean_registry.shipped_edition("bare", "x")


@pytest.mark.parametrize("info", [TIKAL, ALTIPLANO], ids=lambda info: info.name)
def test_declared_options_are_the_engines_options(info):
    assert info.state_class.normalize_options({}) == info.defaults()
    assert info.min_players <= info.default_players <= info.max_players
    for players in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(OptionsError):
            info.state_class.normalize_options({"players": players})
