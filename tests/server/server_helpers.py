"""Shared by the server tests: engine-side searches for moves to send, the replay of a stored
move log (generic: through the `GameState` interface only), the secrecy watch of frames, the
JSON API's table creation and credential header, and a database of an older schema (the
migrations' tests)."""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from importlib import resources
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, text

from meeple.engine.actions import Action
from meeple.engine.game import GameState
from meeple.engine.registry import game_class
from meeple.server.live import LiveTable
from meeple.server.schema import BOT, HUMAN, MOVE
from meeple.server.store import StoredSeat, StoredTable, make_engine


def illegal_move(state: GameState, seat: int) -> tuple[dict[str, Any], str] | None:
    """An action `seat` might try now that a numbered rule (``TIK-…``, ``ALT-…``) refuses,
    with that rule; None if there is none at this point."""
    for action, exc in state.refused(seat):
        if "-" in exc.rule:
            return action.to_json(), exc.rule
    return None


def random_move(state: GameState, rng: random.Random, seat: int | None = None) -> tuple[int, Any]:
    """A random legal move of `seat` (or of a random seat to move), as (seat, action JSON)."""
    seat = rng.choice(state.to_move()) if seat is None else seat
    return seat, rng.choice(state.legal_actions(seat)).to_json()


def replay(stored: StoredTable) -> Iterator[tuple[int, GameState]]:
    """The table's position after each entry of its stored log, (version, state), version 0
    first: the engine alone, not the server's own replay (`LiveTable`), rebuilds it. An undo
    replays the moves that stand from the start. The state is changed by the next step: read
    it before going on."""
    state_class = game_class(stored.game)
    state = state_class.new(stored.options, stored.seed)
    standing: list[tuple[int, Action]] = []
    yield 0, state
    for entry in stored.log:
        if entry.kind == MOVE:
            action = state.parse_action(entry.action)
            state.apply(entry.seat, action)
            standing.append((entry.seat, action))
        else:
            standing.pop()
            state = state_class.new(stored.options, stored.seed)
            for seat, action in standing:
                state.apply(seat, action)
        yield entry.version, state


class SecrecyWatch:
    """Reads every frame sent to one reader: a planted marker may appear in a frame only if
    its witness is in that reader's view now or was in one it got before (so it may know it).
    The views' ``options`` (the edition, listing every component) are left out."""

    def __init__(self, secrets: dict[str, str]) -> None:
        self.secrets = secrets
        #: The witnesses seen in this reader's views so far.
        self.known: set[str] = set()
        self.named = 0
        self.frames = 0

    def __call__(self, message: dict[str, Any]) -> None:
        self.frames += 1
        if message.get("type") == "state":
            view = {k: v for k, v in message["view"].items() if k != "options"}
            seen = json.dumps(view)
            self.known.update(w for w in self.secrets.values() if w in seen)
            message = {**message, "view": view}
        elif message.get("type") == "delta":  # the parts of the view it sets are in it now
            changes = [_without_options(change) for change in message["changes"]]
            seen = json.dumps([change for change in changes if change[0][0] == "view"])
            self.known.update(w for w in self.secrets.values() if w in seen)
            message = {**message, "changes": changes}
        text = json.dumps(message)
        for marker, witness in self.secrets.items():
            if marker in text:
                assert witness in self.known, f"a frame names {marker!r}, hidden from its reader"
                self.named += 1


def _without_options(change: list[Any]) -> list[Any]:
    """A delta's change with the view's ``options`` (the edition) left out."""
    path = change[0]
    if path == ["view"]:
        return [path, {k: v for k, v in change[1].items() if k != "options"}]
    return [path, None] if path[:2] == ["view", "options"] else change


def new_table(client, game="tikal", options=None, seats=("human", "human")):
    """Create a table over the JSON API; returns its id and each human seat's secret."""
    body = {
        "game": game,
        "options": {"players": len(seats), **(options or {})},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table"], {s["seat"]: s["secret"] for s in data["seats"] if s["secret"]}


def bearer(secret):
    return {"Authorization": f"Bearer {secret}"}


def receive_state(ws, version=None):
    """The next position pushed (at `version`, if given), skipping answers."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and (version is None or message["version"] >= version):
            return message


def receive_answer(ws):
    """The next answer to a move or undo, skipping positions (which may come before it)."""
    while True:
        message = ws.receive_json()
        if message["type"] != "state":
            return message


def a_table(table_id: str = "t1") -> StoredTable:
    """A stored Tikal table of a human seat and a bot, as the store's tests make one."""
    return StoredTable(
        id=table_id,
        game="tikal",
        options={"players": 2},
        seed=7,
        admin_hash="a" * 64,
        seats=[StoredSeat(0, HUMAN, secret_hash="b" * 64), StoredSeat(1, BOT, bot="random")],
    )


@contextlib.contextmanager
def schema_at(db_url: str, revision: str) -> Iterator[Connection]:
    """A connection, in one transaction, to the database at `db_url` migrated only as far as
    `revision` (as a server of that schema left it): a test fills it, then opens a `Store`,
    which migrates it to the newest schema."""
    engine = make_engine(db_url)
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("meeple.server").joinpath("migrations"))
    )
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
            yield connection
    finally:
        engine.dispose()


def random_tikal_moves(
    seed: int, rng_seed: int, count: int
) -> tuple[GameState, list[Any], list[int]]:
    """A 2-player Tikal game of `seed` after `count` random moves: the state, and each move's
    action (JSON) and seat, as a stored log holds them."""
    state = game_class("tikal").new({"players": 2}, seed)
    rng = random.Random(rng_seed)
    actions, movers = [], []
    for _ in range(count):
        (seat,) = state.to_move()
        action = rng.choice(state.legal_actions(seat))
        actions.append(action.to_json())
        movers.append(seat)
        state.apply(seat, action)
    return state, actions, movers


def insert_moves(
    connection: Connection, table_id: str, actions: list[Any], movers: list[int]
) -> None:
    """Write a table's log (versions 1, 2, …) with plain SQL, as a server of an older schema
    stored it (`schema_at`)."""
    for version, (action, seat) in enumerate(zip(actions, movers, strict=True), 1):
        connection.execute(
            text(
                "INSERT INTO moves (table_id, version, seat, kind, action, nonce, created_at)"
                " VALUES (:t, :v, :s, 'move', :a, :n, '2026-01-01 00:01:00')"
            ),
            {"t": table_id, "v": version, "s": seat, "a": json.dumps(action), "n": f"n{version}"},
        )


def a_live_table(game: str, options: dict[str, Any], seed: int) -> LiveTable:
    """A table of human seats in memory, as the service holds one (no store)."""
    return LiveTable.from_stored(
        StoredTable(
            id=f"{game}-{seed}",
            game=game,
            options=options,
            seed=seed,
            admin_hash="a" * 64,
            seats=[StoredSeat(s, HUMAN) for s in range(options["players"])],
        )
    )


def play_or_undo(table: LiveTable, rng: random.Random) -> None:
    """A random move at `table`, or now and then an undo where the policy allows one (as the
    service makes them: the version raised after each)."""
    at = float(table.version + 1)
    last = table.moves[-1].seat if table.moves else None
    if last is not None and table.undo_refusal(last) is None and rng.random() < 0.1:
        table.take_back(table.rebuilt(len(table.moves) - 1), at)
    else:
        seat = rng.choice(table.state.to_move())
        table.play(seat, rng.choice(table.state.legal_actions(seat)), at)
    table.version += 1
