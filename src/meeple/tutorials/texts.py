"""The tutorials' texts for the pages' catalogue: the catalogue's extraction (babel.cfg) calls
`extract` on each game's ``data/tutorial.json``, and the server says each text in its
reader's language with the pages' catalogue (`meeple.saying.page_text`)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import IO, Any

from meeple.tutorials.script import read_script


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extraction method: every text of the tutorial file, with its step's number as
    the line (the file is read for its texts only: its game need not be installed)."""
    script = read_script("tutorial", json.loads(fileobj.read().decode("utf-8")))
    for number, step in enumerate(script.steps, 1):
        if step.text is not None:
            yield number, "gettext", step.text, []
