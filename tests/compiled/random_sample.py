"""A pytest plugin for the compiled build's run (test_compiled_build.py): of the games' long
parametrized tests (random simulations, exhaustive legality), only the cases of `KEPT` run;
every other test runs as it is.

The pure-Python run plays all of them (132 Tikal and 120 Altiplano games). On the compiled
build a sample finds what differs between the two (a type check mypyc adds, a class it
compiles differently) without running the suite's longest tests a second time: the whole set
took 4 minutes compiled, more than the test's share of CI (see test_compiled_build.py)."""

from __future__ import annotations

import pytest

#: Test function -> the parameter ids of its cases that run.
KEPT = {
    # Tikal: 6 games of the 4-player auction version (the base game is in the conformance run).
    "test_random_games_keep_every_invariant": {"4-True-0"},
    # Altiplano: one 3-player game with the role draft and missions.
    "test_random_game": {"72-3-True-True"},
    # Altiplano: every listed action against the refusal check, at 1 and 2 of the 4 settings.
    "test_legal_actions_are_exactly_the_actions_without_a_problem": {"options0-1", "options1-2"},
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    kept, dropped = [], []
    for item in items:
        if isinstance(item, pytest.Function) and item.originalname in KEPT:
            case = item.callspec.id if hasattr(item, "callspec") else ""
            if case not in KEPT[item.originalname]:
                dropped.append(item)
                continue
        kept.append(item)
    config.hook.pytest_deselected(items=dropped)
    items[:] = kept
