"""The web app (FastAPI) over the tables' owners (`meeple.server.owners`); see docs/protocol.md.

It is put together here: the table service, its tables' owners and what keeps tables going
(bots, clocks, other processes' moves, the turn notices) for the app's lifetime, the guards on
every request (rates, the origin check of `meeple.server.origin`, the browser headers), and the
routers of `meeple.server.routes` with the one handler of the service's refusals.

A seat is proven by a credential on every request and every WebSocket message: the cookie
``meeple_<table>`` a browser got on joining by its invite link, or ``Authorization: Bearer
<invite secret>`` for programs. No credential means a spectator; a wrong one is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from importlib import resources

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from meeple.engine.errors import MeepleError
from meeple.server.account_store import AccountStore
from meeple.server.accounts import Accounts
from meeple.server.advice import Advice
from meeple.server.analysis_store import AnalysisStore
from meeple.server.bots import BotDriver
from meeple.server.hub import Hub
from meeple.server.mail import Mailer
from meeple.server.notice_store import NoticeStore
from meeple.server.notices import Notices
from meeple.server.notify import watch
from meeple.server.origin import cross_site_refusal
from meeple.server.owners import FromThread, Owners
from meeple.server.push import Pusher, public_key, vapid_key, vapid_subject
from meeple.server.rates import RateLimit
from meeple.server.routes import (
    account,
    admin,
    advice,
    api,
    notices,
    pages,
    players,
    signed,
    sockets,
)
from meeple.server.routes.cookies import cookie_name as cookie_name  # the tests' name for it
from meeple.server.routes.refusals import refusal
from meeple.server.service import TableError, TableService
from meeple.server.settings import Settings
from meeple.server.store import Store
from meeple.web import language
from meeple.web import routes as web_routes

#: Headers on every answer: no page of another site may frame ours (clicks tricked through a
#: frame would act with the player's cookie); no address of ours, whose invite links and
#: creator's links hold secrets, is sent to another site as a referrer; no content is sniffed.
BROWSER_GUARDS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "Referrer-Policy": "same-origin",
    "X-Content-Type-Options": "nosniff",
}


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    web = resources.files("meeple.web")
    templates = Jinja2Templates(
        directory=str(web.joinpath("templates")),
        context_processors=[language.context, signed.template_context],
    )
    language.install(templates.env)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(settings.db_url)
        service = TableService(store, max_tables=settings.max_tables)
        hub = Hub(after_pushes=service.forget_views)
        service.subscribe(hub.changed)
        service.listen_to_chat(hub.chatted)
        tables = Owners(service, settings.idle_seconds)
        bots = BotDriver(tables, settings.bot_workers)
        tables.bot_turns_to = bots.start
        adviser = Advice(AnalysisStore(store), bots.run, tables.io, settings.analysis_budget)
        tables.games_over_to = adviser.game_over
        app.state.advice = adviser
        # Processes on the same database: their changes and chat lines, and ours to them.
        others = watch(store, FromThread(tables), hub.changed, hub.chatted)
        if others is not None:
            service.listen_to_chat(others.announce_chat)
        app.state.service, app.state.tables = service, tables
        mailer = Mailer(settings.smtp_url, settings.mail_from)
        app.state.accounts = Accounts(
            AccountStore(store),
            mailer,
            settings.sign_in_rate,
            settings.sign_in_address_rate,
        )
        app.state.notice_store = notice_store = NoticeStore(store)
        key = await tables.io(vapid_key, notice_store)
        app.state.vapid_public_key = public_key(key)
        turn_notices = Notices(
            tables,
            notice_store,
            AccountStore(store),
            mailer,
            Pusher(key, vapid_subject(settings.vapid_subject, settings.mail_from)),
            settings.base_url,
        )
        tables.waiting_to = turn_notices.seen
        app.state.notices = turn_notices
        app.state.hub, app.state.bots = hub, bots
        for table_id in await tables.io(service.tables_to_resume):  # bots and clocks go on
            tables.look(table_id)
        turn_notices.resume()
        try:
            yield
        finally:
            if others is not None:
                await asyncio.to_thread(others.stop)
            await adviser.close()
            await turn_notices.close()
            await tables.close()
            await asyncio.to_thread(bots.close)
            store.close()

    app = FastAPI(title="Meeple server", lifespan=lifespan)
    app.state.settings, app.state.templates = settings, templates
    app.state.message_rate = RateLimit(settings.message_rate)
    app.state.connect_rate = RateLimit(settings.connect_rate)
    app.state.chat_rate = RateLimit(settings.chat_rate)
    app.mount("/static", StaticFiles(directory=str(web.joinpath("static"))), name="static")
    routers = (pages, account, notices, admin, api, advice, players, sockets)
    for router in (*(module.router for module in routers), web_routes.router):
        # Their routes become the app's own, so that `app.routes` lists every one (the origin
        # guard's test walks them); an included router would be listed as one opaque entry.
        app.router.routes.extend(router.routes)
    app.add_exception_handler(TableError, refusal)
    app.add_exception_handler(MeepleError, refusal)
    http_rate = RateLimit(settings.http_rate)

    @app.middleware("http")
    async def sign_in_state(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """The request's account and CSRF token (`meeple.server.routes.signed`), after the
        origin check and the rate limit (the middleware added last runs first)."""
        if request.url.path.startswith("/static/"):
            return await call_next(request)
        await signed.resolve(request)
        response = await call_next(request)
        signed.hand_out(request, response)
        return response

    @app.middleware("http")
    async def limit_rate(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        if not http_rate.hit(sockets.address(request)):
            return JSONResponse(
                {"detail": http_rate.refusal()}, status_code=429, headers={"Retry-After": "1"}
            )
        return await call_next(request)

    @app.middleware("http")
    async def guard_browsers(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        """Every request that may change something is checked on every route
        (`meeple.server.origin`); every answer carries `BROWSER_GUARDS`."""
        why = cross_site_refusal(request, request.method, settings.allowed_origins)
        if why:
            response: Response = JSONResponse({"detail": why}, status_code=403)
        else:
            response = await call_next(request)
        response.headers.update(BROWSER_GUARDS)
        return response

    return app
