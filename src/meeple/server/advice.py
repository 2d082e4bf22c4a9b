"""The search's advice on the server: the analysis of every finished game, and the hints of
tables that offer them. Both run in the bot workers (`BotDriver.run`), never in the web
process, and see only what a seat saw (`meeple.bots.advice`).

**Analyses.** When a game ends, the process that claims its row (`AnalysisStore.claim`) sends
it to the workers in pieces of `PIECE` moves, one piece at a time so that the tables' bots
keep their workers; each piece's progress is stored, so any process can show it. A running
analysis that has not moved for `STALLED` seconds lost its process (a restart) and is taken up
again by the next request for it. The result is `GameAnalysis.to_json()`, kept with the table.

**Hints.** "What would a bot do?": a search from the asking seat's view over its legal actions
(`HINT_BUDGET`), answered with the three it thinks best and their estimated win chances.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from typing import Any

from meeple.analysis import DEFAULT_BUDGET, MoveEstimate, summarise
from meeple.server.analysis_store import AnalysisStore
from meeple.server.bot_worker import Labels, analyse_moves, weigh_choices

log = logging.getLogger(__name__)

#: Moves a worker analyses at a time: few, so that a bot's decision queued behind a piece
#: waits a second at most.
PIECE = 5
#: Seconds after which a running analysis that has not moved is taken up again.
STALLED = 300.0
#: The search's budget for a hint, and how many actions a hint names.
HINT_BUDGET = "200i"
HINTS_SHOWN = 3

Run = Callable[..., "Future[Any]"]
Io = Callable[..., Awaitable[Any]]


class Advice:
    """The analyses and hints of one server process."""

    def __init__(self, store: AnalysisStore, run: Run, io: Io, budget: str = str(DEFAULT_BUDGET)):
        self.store, self._run, self._io, self.budget = store, run, io, budget
        #: The analyses this process makes now, by table.
        self._making: dict[str, asyncio.Task[None]] = {}
        #: One piece at a time in the workers, whatever the number of finished games.
        self._one_piece = asyncio.Semaphore(1)

    def game_over(self, table_id: str, record: dict[str, Any]) -> None:
        """A game ended (or was seen ended): make its analysis unless it is made or under way."""
        if table_id not in self._making:
            self._start(table_id, record, claim=True)

    async def analysis(self, table_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """What a reader is shown of the game's analysis: ``{"status": "running", "done",
        "total"}`` or ``{"status": "done", "analysis": …}``; one that stalled or never started
        (a game that ended before analyses existed) is started here."""
        stored = await self._io(self.store.get, table_id)
        if stored is not None and stored.result is not None:
            return {"status": "done", "analysis": stored.result}
        if table_id not in self._making:
            if stored is None:
                self.game_over(table_id, record)
            elif await self._io(self.store.take_over, table_id, time.time() - STALLED, time.time()):
                self._start(table_id, record, claim=False)
        total = len(record["actions"])
        done = 0 if stored is None else stored.done
        return {"status": "running", "done": done, "total": total}

    def _start(self, table_id: str, record: dict[str, Any], claim: bool) -> None:
        """Makes the table's analysis in a task of its own, known in `_making` until done."""
        task = asyncio.ensure_future(self._make(table_id, record, claim))
        self._making[table_id] = task
        task.add_done_callback(lambda _done: self._making.pop(table_id, None))

    async def _make(self, table_id: str, record: dict[str, Any], claim: bool) -> None:
        total, seed = len(record["actions"]), 0
        if claim and not await self._io(
            self.store.claim, table_id, self.budget, seed, total, time.time()
        ):
            return  # another process makes it
        moves: list[MoveEstimate] = []
        labels: list[tuple[Labels, Labels | None]] = []
        try:
            for start in range(0, total, PIECE):
                async with self._one_piece:
                    piece = self._run(
                        analyse_moves, record, self.budget, seed, start, min(total, start + PIECE)
                    )
                    found = await asyncio.wrap_future(piece)
                moves += [MoveEstimate.from_json(move) for move, _, _ in found]
                labels += [(played, best) for _, played, best in found]
                await self._io(self.store.progress, table_id, len(moves), time.time())
            players = record["options"]["players"]
            result = summarise(record["game"], players, self.budget, seed, moves).to_json()
            for move, (played, best) in zip(result["moves"], labels, strict=True):
                move["labels"], move["best_labels"] = played, best
            await self._io(self.store.finish, table_id, result, time.time())
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the analysis of table %s failed", table_id)

    async def hints(self, question: dict[str, Any]) -> list[dict[str, Any]]:
        """The best `HINTS_SHOWN` of a seat's legal actions by the search (`question`:
        `TableService.hint_question`), each with its estimated win chance."""
        found = await asyncio.wrap_future(
            self._run(
                weigh_choices,
                question["game"],
                question["view"],
                [entry["action"] for entry in question["legal"]],
                HINT_BUDGET,
                question["seed"],
            )
        )
        return [
            {**question["legal"][index], "chance": chance, "visits": visits}
            for index, chance, visits in found[:HINTS_SHOWN]
        ]

    async def close(self) -> None:
        for task in list(self._making.values()):
            task.cancel()
        await asyncio.gather(*self._making.values(), return_exceptions=True)
