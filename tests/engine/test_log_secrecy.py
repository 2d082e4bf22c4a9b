"""Every seat's log holds only what that seat may see (planted markers, whole random games).

The markers are planted in the edition data: each Altiplano mission card's text, each Tikal
terrain tile's id and letter. A log line for a reader may name a marker only when the
reader's own view shows its witness (the mission's id, the tile's id): another seat's kept
mission, or a tile still in the stack, must never reach it. The lines are read in English and
in every other language: a translated line must not tell what the English one keeps hidden.
"""

from __future__ import annotations

import pytest

from meeple.engine.testing import check_log_secrecy
from meeple.games.altiplano import narration
from meeple.games.altiplano.state import AltiplanoState
from meeple.games.tikal.state import TikalState
from meeple.i18n import LANGUAGES, translations
from planted import altiplano_marked_edition, tikal_marked_edition


def every_language(game):
    return [translations(language, game) for language in LANGUAGES if language != "en"]


@pytest.mark.parametrize(("players", "role_draft", "seed"), [(2, True, 1), (3, False, 2)])
def test_altiplano_logs_keep_every_mission_secret(players, role_draft, seed):
    edition, secrets = altiplano_marked_edition()
    options = {"players": players, "missions": True, "role_draft": role_draft, "edition": edition}
    named = check_log_secrecy(AltiplanoState, options, seed, secrets, every_language("altiplano"))
    assert named > 0, "no log line named a mission: the markers were not reached"


@pytest.mark.parametrize(
    ("players", "auction", "seed"), [(2, False, 1), (3, True, 2), (4, False, 3)]
)
def test_tikal_logs_name_no_tile_of_the_stack(players, auction, seed):
    edition, secrets = tikal_marked_edition()
    # A line names a tile by the letter its face shows ("temple B (value 3)"), not by its id:
    # each tile's letter carries its marker too, so that a line naming a tile is seen. Each
    # letter is then a group of one, and the stack keeps the ids' order: another deal, the
    # same check.
    for tile in edition["terrain_tiles"]["tiles"]["value"]:
        tile["letter"] = f"{tile['letter']}{tile['id']}"
    options = {"players": players, "auction": auction, "edition": edition}
    named = check_log_secrecy(TikalState, options, seed, secrets, every_language("tikal"))
    assert named > 0, "no log line named a tile: the markers were not reached"


def test_the_check_catches_a_log_that_tells_a_kept_mission(monkeypatch):
    """Without the secret wording, other seats would read the mover's label: caught."""
    monkeypatch.setattr(narration, "SECRET_MOVES", {})
    edition, secrets = altiplano_marked_edition()
    options = {"players": 2, "missions": True, "edition": edition}
    with pytest.raises(AssertionError, match="which it may not see"):
        check_log_secrecy(AltiplanoState, options, 1, secrets)


def test_the_check_catches_a_translation_that_tells_a_kept_mission(monkeypatch):
    """A secret line that carried the card as an argument its English pattern leaves out
    would be caught as soon as a catalogue's pattern printed it."""
    from meeple.engine.log import LogEntry
    from meeple.engine.words import say

    original = AltiplanoState.narrate_all

    def carrying(self, before, seat, action, viewers):
        told = original(self, before, seat, action, viewers)
        for viewer, entries in told.items():
            if viewer != seat and action.kind == "keep_mission":
                text = say(entries[0].text.msgid, card=before.action_label(action))
                entries[0] = LogEntry(seat, text)
        return told

    class Telling:
        """A catalogue whose secret line says the card."""

        def gettext(self, message):
            return "{card}" if message.endswith("(secret)") else message

        def ngettext(self, singular, plural, n):
            return singular if n == 1 else plural

        def pgettext(self, context, message):
            return message

    monkeypatch.setattr(AltiplanoState, "narrate_all", carrying)
    edition, secrets = altiplano_marked_edition()
    options = {"players": 2, "missions": True, "edition": edition}
    check_log_secrecy(AltiplanoState, options, 1, secrets)  # the English line keeps it
    with pytest.raises(AssertionError, match="which it may not see"):
        check_log_secrecy(AltiplanoState, options, 1, secrets, [Telling()])


def test_the_check_catches_a_log_that_names_the_next_tile(monkeypatch):
    """A narration that told the tile below the one drawn would be caught."""
    from meeple.engine.log import LogEntry
    from meeple.games.tikal import narration as tikal_narration

    def leaky(before, after, seat, action, viewers):
        below = after.edition.tiles[after.stack[-1]].id if after.stack else ""
        return {viewer: [LogEntry(seat, f"next is {below}")] for viewer in viewers}

    monkeypatch.setattr(tikal_narration, "narrate_all", leaky)
    edition, secrets = tikal_marked_edition()
    with pytest.raises(AssertionError, match="which it may not see"):
        check_log_secrecy(TikalState, {"players": 2, "edition": edition}, 1, secrets)
