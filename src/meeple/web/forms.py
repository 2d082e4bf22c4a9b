"""The create-a-table form, generated from a game's `GameInfo`: its player range, its option
spec (a flag is a checkbox, a seat a choice of seats, an edition a shipped name or an uploaded
file) and a choice per seat of a human or a bot. No game and no option is named here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from meeple.bots import DEFAULT_LEVEL, LEVELS
from meeple.engine.gameinfo import PLAYERS, GameInfo
from meeple.engine.registry import edition_names, shipped_edition
from meeple.i18n import N_
from meeple.server.clocks import CLOCK_KINDS, DEFAULT_CLOCK_BOT, Clock
from meeple.server.inputs import BadInput, read_json
from meeple.server.schema import BOT, HUMAN
from meeple.server.service import SeatChoice, TableError
from meeple.web.lobby_texts import option_label

#: What a seat may be, in the order the form lists them, each with the words the form shows:
#: a person, or a bot by its level. The bots' engine names (``greedy``, ``ismcts``) are for
#: programs and the command line; a seat's bot spec (``seat_<n>_spec``, which the result
#: panel's "play again" sends for the same bots) still takes them.
SEAT_CHOICES: dict[str, str] = {
    HUMAN: N_("a person (with an invite link)"),
    "easy": N_("a bot, easy"),
    "medium": N_("a bot, medium"),
    "hard": N_("a bot, hard"),
}
if set(SEAT_CHOICES) != {HUMAN, *LEVELS}:  # a level added to meeple.bots needs its words here
    raise RuntimeError(f"the form's seat choices {list(SEAT_CHOICES)} miss a bot level")


@dataclasses.dataclass(frozen=True, slots=True)
class Field:
    """One input of the form: its name, label, kind (``select``, ``checkbox``, ``file``) and
    for a select its (value, text) choices and the one chosen. Label, help and texts are
    English, translated where the page shows them; a label's ``%(number)s`` is `number`."""

    name: str
    label: str
    kind: str
    help: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    default: str = ""
    number: int | None = None


def option_fields(info: GameInfo) -> list[Field]:
    """The inputs of the game's options, players first."""
    players = tuple((str(n), str(n)) for n in range(info.min_players, info.max_players + 1))
    fields = [Field(PLAYERS, N_("Players"), "select", "", players, str(info.default_players))]
    for spec in info.options:
        name = f"opt_{spec.name}"
        label = option_label(spec.name)
        if spec.kind == "flag":
            fields.append(
                Field(name, label, "checkbox", spec.help, default="on" * bool(spec.default))
            )
        elif spec.kind == "seat":
            seats = tuple((str(s), str(s + 1)) for s in range(info.max_players))
            fields.append(Field(name, label, "select", spec.help, seats, str(spec.default or 0)))
        else:
            shipped = (("", N_("built-in")), *((e, e) for e in edition_names(info.name)))
            fields.append(Field(name, label, "select", spec.help, shipped, ""))
            fields.append(
                Field(f"{name}_file", N_("Edition file"), "file", N_("or upload one (JSON)"))
            )
    return fields


def seat_fields(info: GameInfo) -> list[Field]:
    """One choice per possible seat (the form uses the first ``players`` of them)."""
    choices = tuple(SEAT_CHOICES.items())
    return [
        Field(
            f"seat_{s}",
            N_("Seat %(number)s"),
            "select",
            "",
            choices,
            DEFAULT_LEVEL if s else HUMAN,
            s + 1,
        )
        for s in range(info.max_players)
    ]


def read_form(
    info: GameInfo, form: Mapping[str, Any], uploads: Mapping[str, bytes], max_edition: int
) -> tuple[dict[str, Any], list[SeatChoice]]:
    """The engine options and seats a submitted form asks for (the engine checks the options
    when the table is made). Raises `TableError` for what the form cannot mean."""
    try:
        players = int(form.get(PLAYERS, info.default_players))
    except ValueError:
        raise TableError(N_("players must be a number")) from None
    options: dict[str, Any] = {PLAYERS: players}
    for spec in info.options:
        name = f"opt_{spec.name}"
        if spec.kind == "flag":
            options[spec.name] = form.get(name) == "on"
        elif spec.kind == "seat":
            try:
                options[spec.name] = int(form.get(name, spec.default or 0))
            except ValueError:
                raise TableError(N_("%(option)s must be a seat"), option=spec.name) from None
        else:
            upload = uploads.get(f"{name}_file", b"")
            if upload:
                options[spec.name] = _edition_file(upload, max_edition)
            elif form.get(name):
                options[spec.name] = _shipped(info, str(form[name]))
    seats = []
    # Seats are read only for a count in the game's range: the engine refuses any other count
    # in its own words, and a huge one must cost nothing first.
    for seat in range(players if info.min_players <= players <= info.max_players else 0):
        choice = str(form.get(f"seat_{seat}", HUMAN)).strip()
        typed = str(form.get(f"seat_{seat}_spec", "")).strip()  # a bot spec wins over the choice
        if typed:
            seats.append(SeatChoice(BOT, typed))
        else:
            seats.append(SeatChoice() if choice == HUMAN else SeatChoice(BOT, choice))
    return options, seats


#: The clock's time units the form offers, with their seconds.
CLOCK_UNITS = {N_("seconds"): 1, N_("minutes"): 60, N_("hours"): 3600, N_("days"): 86400}


def clock_time(seconds: float) -> tuple[float, str]:
    """A clock's time in the largest of `CLOCK_UNITS` that measures it whole (90 s: 90
    seconds; 86400 s: 1 day), as the lobby says it: the amount and the unit's word."""
    for unit, size in reversed(CLOCK_UNITS.items()):
        if seconds >= size and seconds % size == 0:
            return seconds // size, unit
    return seconds, N_("seconds")


def read_clock(form: Mapping[str, Any]) -> Clock | None:
    """The clock a submitted form asks for: ``clock`` (none, ``move`` or ``game``), its
    ``clock_time`` in ``clock_unit``s, and the ``clock_bot`` that moves for a seat out of
    time. Raises `TableError` for what the form cannot mean."""
    kind = str(form.get("clock", "") or "")
    if not kind:
        return None
    if kind not in CLOCK_KINDS:
        raise TableError(N_("a clock is one of: %(kinds)s"), kinds=", ".join(CLOCK_KINDS))
    unit = CLOCK_UNITS.get(str(form.get("clock_unit", "minutes")))
    if unit is None:
        raise TableError(N_("a clock's unit is one of: %(units)s"), units=", ".join(CLOCK_UNITS))
    try:
        seconds = float(str(form.get("clock_time", ""))) * unit
    except ValueError:
        raise TableError(N_("the clock's time must be a number")) from None
    try:
        return Clock(kind, seconds, str(form.get("clock_bot") or DEFAULT_CLOCK_BOT))
    except ValueError as exc:
        raise TableError(str(exc)) from None


def _edition_file(data: bytes, max_edition: int) -> Any:
    if len(data) > max_edition:
        raise TableError(N_("an edition file is at most %(size)s KB"), size=max_edition // 1024)
    try:
        return read_json(data, "the edition file")
    except BadInput as exc:
        raise TableError(
            N_("the edition file is not valid JSON: %(problem)s"), problem=exc.reason
        ) from None


def _shipped(info: GameInfo, name: str) -> Any:
    try:
        return shipped_edition(info.name, name)
    except Exception as exc:
        raise TableError(str(exc)) from None
