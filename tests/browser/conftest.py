"""Real-browser tests: a real `meeple serve` process on a free port with a fresh SQLite file,
and Debian's Chromium driven by Playwright through `executable_path` (Playwright's own browser
download is not used). Without Chromium the tests skip, saying why, except under
CI=true, where a browser check that silently skips would be a check that cannot fail.

Each page a test visits can be saved with `shoot` at 1280×800 and 390×844, under
``$MEEPLE_ARTEFACTS`` (default: pytest's temporary directory).
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from browsing import CONFIRM_EACH_MOVE, DESKTOP, PHONE, WAIT_MS, serving
from playwright.sync_api import expect, sync_playwright

# The planted-marker editions and SecrecyWatch: the server tests' own (server_helpers.py).
sys.path.append(str(Path(__file__).resolve().parents[1] / "server"))

#: Where Debian's `chromium` package puts the browser; MEEPLE_CHROMIUM may name another.
CHROMIUM = os.environ.get("MEEPLE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"

expect.set_options(timeout=WAIT_MS)


def _unavailable(reason: str) -> None:
    if os.environ.get("CI") == "true":
        pytest.fail(f"the browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture
def browser():
    """A headless Chromium for one test. Not one per process: while Playwright's sync API is
    open it keeps an event loop running in the main thread, and later tests of the same
    worker that start their own (`asyncio.run`, the full-screen terminal's tests) failed."""
    if not os.access(CHROMIUM, os.X_OK):
        _unavailable(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The base URL of a server with a new database, one for all the tests of a process
    (each test makes tables of its own), stopped at the end (see `serving`): a server takes
    some seconds to start, and starting one per module cost the suite more than its tests."""
    folder = tmp_path_factory.mktemp("server")
    with serving(folder, folder / "server.db") as url:
        yield url


@pytest.fixture
def new_context(browser, server):
    """Makes browser contexts (each a browser of its own: its own cookies, so its own seats)
    opening pages on the server; closes them after the test."""
    contexts = []

    def make(confirm: bool = True):
        """`confirm`: the browser asks to confirm each move (the table page's setting), as
        the tests that click a move's elements and then "Confirm" expect; else a click that
        leaves one move plays it."""
        context = browser.new_context(base_url=server, viewport=DESKTOP)
        context.set_default_timeout(WAIT_MS)
        if confirm:
            context.add_init_script(CONFIRM_EACH_MOVE)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artefacts(tmp_path_factory) -> Path:
    chosen = os.environ.get("MEEPLE_ARTEFACTS")
    folder = Path(chosen) if chosen else tmp_path_factory.mktemp("artefacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def shoot(artefacts, request):
    """Saves what a page shows first, as ``<test>-<name>-1280.png`` (1280×800) and
    ``<test>-<name>-390.png`` (390×844): fixed sizes, as a comparison with reference shots
    will want, and quick where a whole page (a finished game's log) would be very long."""
    test = re.sub(r"\W+", "_", request.node.name).strip("_")

    def save(page, name: str) -> None:
        size = page.viewport_size
        for width, viewport in ((DESKTOP["width"], DESKTOP), (PHONE["width"], PHONE)):
            page.set_viewport_size(viewport)
            page.screenshot(path=artefacts / f"{test}-{name}-{width}.png")
        page.set_viewport_size(size)

    return save
