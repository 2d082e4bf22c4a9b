"""Tikal (Wolfgang Kramer and Michael Kiesling, 1999): base and auction versions, 2–4 players."""

from meeple.engine.gameinfo import GameInfo, OptionSpec
from meeple.engine.plugins import ResearchPlugin, TerminalPlugin, WebPlugin
from meeple.games.tikal.evaluation import TikalEvaluation
from meeple.games.tikal.state import MAX_PLAYERS, MIN_PLAYERS, TikalState


def _terminal() -> TerminalPlugin:
    from meeple.games.tikal.terminal import TERMINAL  # Rich: only when the terminal asks

    return TERMINAL


def _web() -> WebPlugin:
    from meeple.games.tikal import web

    return web


def _research() -> ResearchPlugin:
    from meeple.games.tikal import encoding  # NumPy: only when research asks

    return encoding


GAME = GameInfo(
    name="tikal",
    title="Tikal (Wolfgang Kramer and Michael Kiesling, 1999)",
    state_class=TikalState,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=3,
    options=(
        OptionSpec(
            "auction",
            "flag",
            "The auction version: each round's tiles are auctioned for victory points.",
            False,
        ),
        OptionSpec(
            "edition",
            "edition",
            "The game's components: an edition shipped with Tikal, or an edition file of "
            "your own (JSON).",
        ),
    ),
    evaluation=TikalEvaluation,
    undo_stops=frozenset({"end_turn", "pass"}),  # the end of a turn; an auction pass
    terminal=_terminal,
    web=_web,
    research=_research,
    package=__name__,
)

__all__ = ["GAME", "TikalState"]
