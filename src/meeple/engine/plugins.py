"""The front-end modules a game may bring, as types the type checker holds them to.

A game's `GameInfo` names each one by a loader: a function that imports the module and returns
it (or, for the terminal, what the module declares). Loading stays lazy, so that the registry
imports no front end's dependencies (Rich for the terminal, NumPy for research) and a game
never imports a front end: the front ends ask the registry. mypy checks each loader's module
against its Protocol here, so a renamed or retyped function fails the type check, not a game
in play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from meeple.engine.actions import Action
from meeple.engine.encoding import Encoding

if TYPE_CHECKING:
    from rich.console import RenderableType


class WebPlugin(Protocol):
    """The server side of a game's page (`GameInfo.web`)."""

    def action_elements(self, state: Any, action: Action) -> tuple[str, ...]:
        """The board elements an action involves (ids such as ``"hex:C4"``), which the page
        matches against the ``data-element`` attributes of its drawing, so that a click
        narrows the legal actions. `state` is the game's own state class."""
        ...

    def action_reads(self, state: Any, action: Action) -> Hashable:
        """What the action's label (`GameState.action_label`) and its board elements
        (`action_elements`) read of `state` besides the action itself and the table's options
        (its edition), as a value: at two positions of one table where an action's reads are
        equal (``==``), its label and elements are the same. The server keeps each seat's legal
        actions as it last sent them and sends an action again as kept while its reads stay
        (`LiveTable.payload`), so leaving out anything they read sends a stale label."""
        ...

    def table_facts(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """The public figures of the components the page draws besides the view (names,
        costs, points of what the view names by id), for a table of `options`; empty for a
        game whose view says everything."""
        ...


class ResearchPlugin(Protocol):
    """The numeric forms of a game for learning agents (`GameInfo.research`)."""

    def encoding(self, options: Mapping[str, Any]) -> Encoding:
        """The encoding of a table with `options`."""
        ...


@dataclasses.dataclass(frozen=True, slots=True)
class TerminalPlugin:
    """What a game's terminal module gives the terminal (`meeple.cli.play`), every part
    optional: without `render` a view is printed as JSON, without `render_score_sheet` the
    score sheet is the totals and the winners."""

    #: A Rich renderable of the table as a view shows it.
    render: Callable[[Mapping[str, Any]], RenderableType] | None = None
    #: The menu heading of each action kind (else the kind).
    action_groups: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: A hint printed after an action's label.
    action_detail: Callable[[Mapping[str, Any], Action], str] | None = None
    #: The final score sheet.
    render_score_sheet: Callable[[Mapping[str, Any]], RenderableType] | None = None
    #: A few words for the progress line of a game between bots (Tikal: tiles left).
    progress: Callable[[Mapping[str, Any]], str] | None = None
    #: Action kind -> (field chosen first, its question): a two-step menu (Tikal: where the
    #: tile goes, then how it turns), with `first_step_label` naming each value of the field.
    choose_first: Mapping[str, tuple[str, str]] = dataclasses.field(default_factory=dict)
    first_step_label: Callable[[Mapping[str, Any], Any], str] | None = None
