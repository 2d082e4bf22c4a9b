"""What runs in a bot worker process: one decision, from the seat's view and legal actions.

Kept apart from the rest of the server so that a worker imports only the engine and the bots.
"""

from __future__ import annotations

import signal
from typing import Any

from meeple.bots import make_bot
from meeple.engine.registry import game_class
from meeple.server.turns import BotTurn


def ignore_interrupts() -> None:
    """A worker's initializer. Ctrl+C on ``meeple serve`` reaches the whole process group:
    the server shuts its pool down itself, and a worker interrupted on its own would only die
    printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def choose(turn: BotTurn) -> dict[str, Any]:
    """The bot's action (as JSON) for `turn`: the bot sees only the view and the legal
    actions, exactly as in the terminal."""
    state_class = game_class(turn.game)
    bot = make_bot(turn.spec, state_class, turn.seed)
    legal = [state_class.codec.from_json(action) for action in turn.legal]
    return bot.choose(turn.view, legal).to_json()
