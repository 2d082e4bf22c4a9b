"""Errors raised by every game engine.

All of them derive from `MeepleError`, so a front end can catch one type and show the message.
An engine raises them *before* it changes anything: a rejected action or a rejected file leaves
the game exactly as it was.
"""

from __future__ import annotations


class MeepleError(Exception):
    """Base class of every error the engines raise on purpose."""


class IllegalAction(MeepleError):
    """A well-formed action that the rules forbid in the current state.

    `rule` names the broken rule: a ruling number such as ``TIK-6`` where one exists, or a short
    rulebook reference otherwise, so that the message can be checked against the rules. It is
    an id, never translated; `detail`, the reason, is a `meeple.engine.words.Text` in the games,
    so that a front end says it in the player's language (the English is ``str(exc)``).
    """

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
        self.detail = message


class MalformedAction(MeepleError):
    """An action that is not an action of this game at all (unknown kind, bad field)."""


class MalformedState(MeepleError):
    """State or record JSON that cannot be read; the message names the field."""


class EditionError(MeepleError):
    """A component (edition) file that is malformed or inconsistent; the message names the field."""


class OptionsError(MeepleError):
    """Game options that the game does not support (player count, unknown option)."""
