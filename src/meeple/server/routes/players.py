"""Profiles and leaderboards, as pages and as JSON for programs: a player's games, ratings,
rating history and recent results (`/players/{name}`), and the best rated players of a game
per player count (`/leaderboard/{game}`). Everything here is public: names, ratings and
finished games' tables (their replays are a spectator's); never an email, a password's hash
or a seat's hidden game data."""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response

from meeple.engine.errors import MeepleError
from meeple.engine.registry import game_info, game_names
from meeple.i18n import N_
from meeple.server.accounts import name_key
from meeple.server.rating_store import (
    RECENT_GAMES,
    PlayedGame,
    Player,
    Rating,
    RatingChange,
    RatingStore,
)
from meeple.server.routes.dependencies import Service, Templates
from meeple.server.routes.refusals import refused_page
from meeple.server.service import TableError, UnknownTable

router = APIRouter()

NO_PLAYER = N_("there is no player of that name")
NO_GAME = N_("there is no game of that name")


@dataclasses.dataclass(frozen=True, slots=True)
class Profile:
    """What a profile shows."""

    player: Player
    games: dict[str, int]
    ratings: list[Rating]
    history: list[RatingChange]
    recent: list[dict[str, Any]]


def _ratings(tables: Service) -> RatingStore:
    return tables.service.ratings


def _day(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d")


def profile_path(player: Player) -> str | None:
    """The player's profile page (None: a deleted account has none)."""
    return None if player.deleted else f"/players/{player.name}"


def _profile(ratings: RatingStore, name: str) -> Profile | None:
    """The player's profile, or None (blocking: the store)."""
    player = ratings.player(name_key(name))
    if player is None:
        return None
    history = ratings.history_of(player.id)
    rated = ratings.ratings_of(player.id)
    if player.bot is not None:
        # A bot level sits at no seat of its own: its games are its rated games.
        games: dict[str, int] = {}
        for rating in rated:
            games[rating.game] = games.get(rating.game, 0) + rating.games
        played = [PlayedGame(c.table_id, c.game, c.seat, c.at, True) for c in history]
    else:
        games, played = ratings.games_played(player.id), ratings.recent_games(player.id)
    rank_at = {change.table_id: change.rank for change in history}
    recent = [
        {
            "table": game.table_id,
            "game": game.game,
            "seat": game.seat,
            "day": _day(game.at),
            "rated": game.rated,
            "rank": rank_at.get(game.table_id),
            "replay": f"/tables/{game.table_id}/replay",
        }
        for game in played[:RECENT_GAMES]
    ]
    return Profile(player, games, rated, history, recent)


def _change_json(change: RatingChange) -> dict[str, Any]:
    return {
        "table": change.table_id,
        "game": change.game,
        "players": change.players,
        "seat": change.seat,
        "rank": change.rank,
        "abandoned": change.abandoned,
        "before": change.before.shown,
        "after": change.after.shown,
        "day": _day(change.at),
    }


def _rating_json(rating: Rating) -> dict[str, Any]:
    return {
        "game": rating.game,
        "players": rating.players,
        "rating": rating.skill.shown,
        "mu": rating.skill.mu,
        "sigma": rating.skill.sigma,
        "games": rating.games,
    }


@router.get("/api/players/{name}")
async def player_json(name: str, tables: Service) -> Response:
    """A player's profile as JSON (404 for no such player)."""
    found = await asyncio.to_thread(_profile, _ratings(tables), name)
    if found is None:
        return JSONResponse({"detail": NO_PLAYER}, status_code=404)
    return JSONResponse(
        {
            "name": found.player.name,
            "bot": found.player.bot,
            "games": found.games,
            "ratings": [_rating_json(rating) for rating in found.ratings],
            "history": [_change_json(change) for change in found.history],
            "recent": found.recent,
        }
    )


@router.get("/players/{name}", response_class=HTMLResponse)
async def player_page(
    request: Request, name: str, tables: Service, templates: Templates
) -> Response:
    found = await asyncio.to_thread(_profile, _ratings(tables), name)
    if found is None:
        return refused_page(templates, request, TableError(NO_PLAYER), 404)
    return templates.TemplateResponse(
        request,
        "player.html",
        {"profile": found, "day": _day},
    )


def _board_size(game: str, asked: str | None) -> int:
    """The player count a leaderboard shows: the one asked, else the game's usual one."""
    try:
        info = game_info(game)
    except MeepleError:
        raise UnknownTable(game) from None
    if asked is not None and asked.isdigit() and info.min_players <= int(asked) <= info.max_players:
        return int(asked)
    return info.default_players


def _board(ratings: RatingStore, game: str, players: int) -> list[dict[str, Any]]:
    return [
        {
            "rank": place,
            "player": player.name,
            "bot": player.bot,
            "profile": profile_path(player),
            "rating": rating.skill.shown,
            "games": rating.games,
        }
        for place, (player, rating) in enumerate(ratings.leaderboard(game, players), 1)
    ]


@router.get("/leaderboard")
async def leaderboards() -> Response:
    """The leaderboards start at the first game's."""
    return RedirectResponse(f"/leaderboard/{game_names()[0]}", status_code=303)


@router.get("/api/leaderboard/{game}")
async def leaderboard_json(game: str, request: Request, tables: Service) -> Response:
    """A game's leaderboard at a player count (``?players=N``, else the game's usual one)."""
    try:
        players = _board_size(game, request.query_params.get("players"))
    except UnknownTable:
        return JSONResponse({"detail": NO_GAME}, status_code=404)
    rows = await asyncio.to_thread(_board, _ratings(tables), game, players)
    return JSONResponse({"game": game, "players": players, "rows": rows})


@router.get("/leaderboard/{game}", response_class=HTMLResponse)
async def leaderboard_page(
    game: str, request: Request, tables: Service, templates: Templates
) -> Response:
    try:
        players = _board_size(game, request.query_params.get("players"))
    except UnknownTable:
        return refused_page(templates, request, TableError(NO_GAME), 404)
    rows = await asyncio.to_thread(_board, _ratings(tables), game, players)
    info = game_info(game)
    return templates.TemplateResponse(
        request,
        "leaderboard.html",
        {
            "info": info,
            "players": players,
            "sizes": range(info.min_players, info.max_players + 1),
            "games": [game_info(name) for name in game_names()],
            "rows": rows,
        },
    )
