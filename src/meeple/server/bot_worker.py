"""What runs in a bot worker process: one decision, from the seat's view and legal actions;
a piece of a finished game's analysis; a hint.

Kept apart from the rest of the server so that a worker imports only the engine and the bots.
"""

from __future__ import annotations

import signal
from typing import Any

from meeple.analysis import estimate_moves
from meeple.bots import make_bot
from meeple.bots.advice import weigh
from meeple.bots.base import Budget
from meeple.engine.record import GameRecord
from meeple.engine.registry import game_class
from meeple.i18n import LANGUAGES
from meeple.saying import game_words, said
from meeple.server.turns import BotTurn

#: A text in each language, by language code.
Labels = dict[str, str]


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


def analyse_moves(
    record: dict[str, Any], budget: str, seed: int, start: int, stop: int
) -> list[tuple[dict[str, Any], Labels, Labels | None]]:
    """The estimates (`MoveEstimate.to_json`) of moves `start` to `stop` of a finished game's
    `record` (`GameRecord.to_json`), each with the labels of the move played and of the move
    the search preferred in every language: a label is the engine's text, which only the
    game's catalogues say, and the stored analysis is read in any of them."""
    game = GameRecord.from_json(record)
    moves = estimate_moves(
        game.initial_state(), game.actions, Budget.parse(budget), seed, range(start, stop)
    )
    catalogues = {language: game_words(game.game, language) for language in LANGUAGES}
    return [
        (
            move.to_json(),
            {language: said(move.label, words) for language, words in catalogues.items()},
            None
            if move.best_label is None
            else {language: said(move.best_label, words) for language, words in catalogues.items()},
        )
        for move in moves
    ]


def weigh_choices(
    game: str, view: dict[str, Any], legal: list[Any], budget: str, seed: int
) -> list[tuple[int, float, int]]:
    """The search's weighing of a seat's legal actions from its view: (index in `legal`,
    estimated win chance, visits), most visited first."""
    state_class = game_class(game)
    actions = [state_class.codec.from_json(action) for action in legal]
    index = {action: i for i, action in enumerate(actions)}
    weighed = weigh(state_class, view, actions, Budget.parse(budget), seed)
    return [(index[w.action], w.chance, w.visits) for w in weighed]
