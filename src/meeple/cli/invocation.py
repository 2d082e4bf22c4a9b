"""The commands that messages tell the user to run, spelled so that they run when pasted.

The README installs meeple into ``.venv`` without activating it, so a bare ``meeple`` is not
on PATH afterwards, while meeple installed elsewhere (an activated venv, pipx) is. Only the
running program knows which case it is in: it repeats the command it was started by
(``sys.argv[0]``), shortened to ``meeple`` when that name finds this same program on PATH.
"""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path

NAME = "meeple"


def meeple_command(argv0: str | None = None) -> str:
    """How to run meeple again from the current directory, e.g. ``.venv/bin/meeple``.

    `argv0` defaults to ``sys.argv[0]``. When it is not the console script (a test runner,
    an embedding program), there is nothing better to say than ``meeple``.
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    started_by = Path(argv0)
    if started_by.stem != NAME or "/" not in argv0.replace("\\", "/"):
        return NAME
    found = shutil.which(NAME)
    if found is not None and Path(found).resolve() == started_by.resolve():
        return NAME
    return shlex.quote(argv0)


def pip_command(argv0: str | None = None) -> str:
    """The pip of the environment meeple runs in, spelled like `meeple_command`.

    Next to a console script started by its path (``.venv/bin/meeple``) that is the pip beside
    it (``.venv/bin/pip``); otherwise plain ``pip``, as the user installed meeple with it.
    """
    argv0 = sys.argv[0] if argv0 is None else argv0
    command = meeple_command(argv0)
    if command != NAME:
        beside = Path(argv0).with_name("pip")
        if beside.exists():
            return shlex.quote(str(beside))
    return "pip"
