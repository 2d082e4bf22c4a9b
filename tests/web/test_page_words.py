"""The words the page scripts write are found as the extraction finds them: the ``say("…")``
texts of table.js, and every entry of the ``WORDS`` object of a game's drawing, of the score
sheet (sheet.js) and of the replay page (replay.js)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from meeple.web.page_words import drawing_texts, module_texts, script_texts, words_object

STATIC = Path(str(resources.files("meeple.web").joinpath("static")))
#: The modules that keep their words in a WORDS object: the drawings, the sheet, the replay.
DRAWINGS = [*sorted(STATIC.glob("games/*.js")), STATIC / "sheet.js", STATIC / "replay.js"]


def test_the_scripts_say_what_they_write():
    assert "Waiting for {seats}." in script_texts("table.js")
    assert "After a move of seat {number}." in module_texts("replay.js")
    assert "{names} share the victory with a total of {total}." in module_texts("sheet.js")
    assert drawing_texts("no-such-game") == ()


def test_a_words_object_is_read_line_by_line():
    source = (
        'const other = {a: "not this"};\n'
        "const WORDS = {\n"
        "  // a comment\n"
        '  plain: "Plain {x}",\n'
        '  quoted: "A \\"quoted\\" word"\n'
        "  single: 'single quotes',\n"
        "};\n"
        'const after = {b: "nor this"};\n'
    )
    assert words_object(source) == [(4, "Plain {x}"), (5, 'A "quoted" word'), (6, None)]
    assert words_object("const words = {};") == []


@pytest.mark.parametrize("drawing", DRAWINGS, ids=lambda p: p.name)
def test_every_entry_of_a_drawings_words_can_be_translated(drawing):
    source = drawing.read_text(encoding="utf-8")
    entries = words_object(source)
    assert ("const WORDS" in source) == bool(entries), "WORDS must be `const WORDS = {` … `};`"
    unreadable = [line for line, text in entries if text is None]
    assert not unreadable, f'lines {unreadable}: write each entry as key: "English text",'
