"""The texts the lobby shows that the games and bots declare, not the web code: each game's
title, its options' names and help texts, and the names of the bot levels and kinds (of the
installed games: a game registered by a test is not translated).

They are English in `GameInfo` and `meeple.bots`, which know nothing of the web pages. The
catalogue's extraction (babel.cfg) calls `extract` to put them into the ``pages`` domain,
and the pages translate them where they show them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

from meeple.bots import BOTS, LEVELS
from meeple.engine.registry import game_info, installed_games


def option_label(name: str) -> str:
    """How the form names an option: ``role_draft`` is "Role draft"."""
    return name.replace("_", " ").capitalize()


def short_title(name: str) -> str:
    """A game's name as a sentence uses it: ``tikal`` is "Tikal"."""
    return name.capitalize()


def texts() -> Iterator[str]:
    for name in installed_games():
        info = game_info(name)
        yield info.title
        yield short_title(name)
        for spec in info.options:
            yield option_label(spec.name)
            yield spec.help
    # The creator's seats page names a bot seat by its level or its bot's name.
    yield from LEVELS
    yield from BOTS


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method (babel.cfg names it): the texts above, whatever the file."""
    for text in dict.fromkeys(texts()):
        yield 0, "gettext", text, []
