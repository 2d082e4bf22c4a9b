"""A user's edition file, however wrong, is answered with an `EditionError` naming a field, or
parsed: never another exception (Hypothesis mutates each game's built-in edition)."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from importlib import resources
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.engine.errors import EditionError
from meeple.games.altiplano.components import load
from meeple.games.tikal.components import parse_edition

Path = tuple[str | int, ...]


def _builtin(game: str) -> dict[str, Any]:
    text = resources.files(f"meeple.games.{game}").joinpath("data/components.json")
    data: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return data


def _paths(node: Any, prefix: Path = ()) -> Iterator[Path]:
    """Every key and list position in `node`, parents before children."""
    items = (
        node.items()
        if isinstance(node, dict)
        else enumerate(node)
        if isinstance(node, list)
        else ()
    )
    for key, child in items:
        yield (*prefix, key)
        yield from _paths(child, (*prefix, key))


PARSERS: dict[str, Callable[[Any], object]] = {"tikal": parse_edition, "altiplano": load}
BUILTIN = {game: _builtin(game) for game in PARSERS}
PATHS = {game: list(_paths(data)) for game, data in BUILTIN.items()}

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=6,
)


@st.composite
def mutated_editions(draw: st.DrawFn, game: str) -> tuple[dict[str, Any], list[str]]:
    """The built-in edition with one to three keys dropped, values retyped or counts negated;
    also the list of what was done, for the failure report."""
    data = copy.deepcopy(BUILTIN[game])
    done = []
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PATHS[game]))
        parent = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            old = parent[path[-1]]
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this part
        how = draw(st.sampled_from(("drop", "retype", "negate")))
        if how == "drop":
            del parent[path[-1]]
        elif how == "negate":
            parent[path[-1]] = -old - 1 if type(old) is int else -1
        else:
            parent[path[-1]] = draw(json_values)
        done.append(f"{how} {path}")
    return data, done


@pytest.mark.parametrize("game", sorted(PARSERS))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_mutated_edition_is_parsed_or_refused_naming_a_field(
    game: str, data: st.DataObject
) -> None:
    edition, done = data.draw(mutated_editions(game))
    try:
        PARSERS[game](edition)
    except EditionError as exc:
        field, _, problem = str(exc).partition(": ")
        top = re.split(r"[.\[]", field)[0]
        assert top in BUILTIN[game] or top == "edition", (done, str(exc))
        assert problem, (done, str(exc))
