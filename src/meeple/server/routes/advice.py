"""The search's advice over HTTP (`meeple.server.advice`): a finished game's analysis, with its
progress while it is made, and a seat's hint on its turn. Labels are said in the reader's
language; nothing in either answer comes from what the reader's seat could not see."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from meeple.i18n import N_
from meeple.saying import game_words, said
from meeple.server.advice import Advice
from meeple.server.routes.dependencies import Language, Seat, Service
from meeple.server.service import NotNow

router = APIRouter(prefix="/api")


def advice(request: Request) -> Advice:
    found: Advice = request.app.state.advice
    return found


@router.get("/tables/{table_id}/analysis")
async def analysis(
    request: Request, table_id: str, seat: Seat, tables: Service, reader: Language
) -> dict[str, Any]:
    """The game's analysis once it is over (409 before): made in the bot workers after the
    game's end, so at first its progress."""
    record = await tables.finished_record(table_id)
    if record is None:
        raise NotNow(N_("a game is analysed once it is over"))
    found = await advice(request).analysis(table_id, record)
    if found["status"] == "done":
        found["analysis"] = {
            **found["analysis"],
            "moves": [said_in(move, reader) for move in found["analysis"]["moves"]],
        }
    return found


def said_in(move: dict[str, Any], reader: str) -> dict[str, Any]:
    """A stored move of the analysis with its labels in the reader's language (the analysis
    keeps them in every language: `analyse_moves`)."""
    shown = {k: v for k, v in move.items() if k not in ("labels", "best_labels")}
    shown["label"] = move["labels"][reader]
    shown["best_label"] = None if move["best_labels"] is None else move["best_labels"][reader]
    return shown


@router.get("/tables/{table_id}/hint")
async def hint(
    request: Request, table_id: str, seat: Seat, tables: Service, reader: Language
) -> dict[str, Any]:
    """ "What would a bot do?": the actions the search thinks best for the asking seat now,
    with their estimated win chances (403 for a spectator or a table without hints, 409 when
    it is not the seat's turn)."""
    question = await tables.hint_question(table_id, seat)
    words = game_words(question["game"], reader)
    hints = await advice(request).hints(question)
    return {
        "version": question["version"],
        "hints": [
            {
                "action": h["action"],
                "label": said(h["label"], words),
                "elements": h["elements"],
                "chance": h["chance"],
            }
            for h in hints
        ],
    }
