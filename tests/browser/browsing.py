"""What the browser tests share besides their fixtures (conftest.py), importable by name: the
page sizes, how long a page may take, and a `meeple serve` process on a given database."""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

#: The two page sizes every screenshot is taken at: a laptop and a phone.
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: How long (ms) a page may take to show what a test waits for: bots and a busy CI machine.
WAIT_MS = 20_000

SERVER_START_SECONDS = 30

#: The table page's per-browser setting "confirm each move" (a click that leaves one move
#: shows it to be confirmed instead of playing it), set before any page script runs.
CONFIRM_EACH_MOVE = "try { localStorage.setItem('meeple.confirm-moves', '1'); } catch (e) {}"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/api/games", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


@contextlib.contextmanager
def serving(folder: Path, db: Path):
    """The base URL of a `meeple serve` process of its own (one bot worker) on the database
    `db`, stopped on leaving; its output is kept in `folder`."""
    port = _free_port()
    command = [
        str(Path(sys.executable).with_name("meeple")),
        "serve",
        *("--port", str(port), "--db", str(db), "--bot-workers", "1"),
        # Every page of every test comes from one address: the per-address limits would bite.
        *("--http-rate", "1000/second", "--connect-rate", "1000/second"),
        # The games the tests finish are analysed: quickly, so their bots keep the worker.
        *("--analysis-budget", "4i"),
    ]
    url = f"http://127.0.0.1:{port}"
    with (folder / "server.log").open("wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
        try:
            deadline = time.monotonic() + SERVER_START_SECONDS
            while not _answers(url):
                if process.poll() is not None or time.monotonic() > deadline:
                    output = (folder / "server.log").read_text(errors="replace")
                    pytest.fail(f"meeple serve did not start:\n{output}", pytrace=False)
                time.sleep(0.2)
            yield url
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


#: The least a thing to click measures across on a phone (CSS px; WCAG 2.5.8).
FINGER = 24

#: The buttons a game's drawing puts on the board only while a move offers them.
BUTTONS = {
    "tikal": ["button:end", "button:guard", "button:pass"],
    "altiplano": ["button:done", "button:pass", "button:end-turn", "button:no-swap"],
}

#: The board drawn again with every thing on it a choice (each thing the drawing marks with
#: `data-thing`, and the game's buttons), whatever the position offers; then the choices that
#: measure less than `FINGER` either way where no space around them (`data-area`, where a tap
#: picks the choice nearest to it) is big enough, and the kinds of thing measured. The board
#: stays so drawn: the page is for looking at only afterwards.
EVERY_THING_SMALL = """async ([game, buttons, finger]) => {
  const drawing = await import(`/static/games/${game}.js`);
  const table = document.getElementById("table").dataset.table;
  const state = await (await fetch(`/api/tables/${table}?log_start=1000000`)).json();
  const board = document.getElementById("board");
  const things = new Set([...board.querySelectorAll("[data-thing]")].map((n) => n.dataset.thing));
  const every = [...things, ...buttons].filter(Boolean)
    .map((id) => ({action: {kind: "any"}, label: id, elements: [id]}));
  drawing.render(board, {...state, legal: [...state.legal, ...every]}, null);
  const size = (node) => node.getBoundingClientRect();
  const big = (node) => node && size(node).width >= finger && size(node).height >= finger;
  const drawn = [...board.querySelectorAll("[data-element]")]
    .filter((node) => node.getClientRects().length);
  const measure = (node) => `${Math.round(size(node).width)}x${Math.round(size(node).height)}`;
  return {
    kinds: [...new Set(drawn.map((node) => node.dataset.element.split(":")[0]))].sort(),
    small: drawn.filter((node) => !big(node) && !big(node.closest("[data-area]")))
      .map((node) => `${node.dataset.element}: ${measure(node)}`),
  };
}"""
