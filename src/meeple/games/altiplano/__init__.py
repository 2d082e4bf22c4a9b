"""Altiplano (Reiner Stockhausen, dlp games 2017): rules engine on the shared engine interface."""

from meeple.engine.gameinfo import GameInfo, OptionSpec, SearchHints
from meeple.engine.plugins import ResearchPlugin, TerminalPlugin, WebPlugin
from meeple.games.altiplano.evaluation import AltiplanoEvaluation
from meeple.games.altiplano.state import AltiplanoState


def _terminal() -> TerminalPlugin:
    from meeple.games.altiplano.terminal import TERMINAL  # Rich: only when the terminal asks

    return TERMINAL


def _web() -> WebPlugin:
    from meeple.games.altiplano import web

    return web


def _research() -> ResearchPlugin:
    from meeple.games.altiplano import encoding  # NumPy: only when research asks

    return encoding


GAME = GameInfo(
    name="altiplano",
    title="Altiplano (Reiner Stockhausen, dlp games, 2017)",
    state_class=AltiplanoState,
    min_players=2,
    max_players=5,
    default_players=3,
    options=(
        OptionSpec(
            "role_draft",
            "flag",
            "Draft the roles in reverse seat order instead of dealing them at random.",
            False,
        ),
        OptionSpec("missions", "flag", "Play with the Missions expansion.", False),
        OptionSpec("start_player", "seat", "The seat that plays first in the first round.", 0),
        OptionSpec(
            "edition",
            "edition",
            "The game's components: an edition shipped with Altiplano, or an edition file "
            "of your own (JSON).",
        ),
    ),
    evaluation=AltiplanoEvaluation,
    undo_stops=frozenset({"end_turn", "pass", "done", "final_done"}),
    # Undo steps are left out of the search; a turn is a long run of one-unit steps.
    search=SearchHints(pruned_kinds=frozenset({"unplace"}), own_turn_only=True),
    terminal=_terminal,
    web=_web,
    research=_research,
    package=__name__,
)

__all__ = ["GAME", "AltiplanoState"]
