"""The account pages: sign up, sign in, sign out, the account's settings (password, email,
turn notices, deletion) and the password reset by email. Every form carries the CSRF token
(`meeple.server.routes.signed`); a refusal shows the form again with the reason, in the
reader's language, and changes nothing."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData

from meeple.i18n import N_
from meeple.server.account_store import Account
from meeple.server.accounts import TOO_MANY, WRONG_SIGN_IN, AccountRefused
from meeple.server.credentials import ACCOUNT_COOKIE
from meeple.server.routes.dependencies import Config, Language, Templates
from meeple.server.routes.notices import notice_context, notice_store, remember_language
from meeple.server.routes.signed import (
    account_of,
    accounts,
    check_form,
    sign_in_browser,
    sign_out_browser,
)
from meeple.web.language import local_path

router = APIRouter()

#: The longest wait before a notice that an account may choose: a week, in minutes.
MAX_WAIT_MINUTES = 7 * 24 * 60
BAD_WAIT = N_("the wait before a notice is 1 to %(most)s minutes, or empty for none")
NO_EMAIL_FOR_NOTICES = N_("turn notices by email need an email: save one first")


def _field(form: FormData, name: str) -> str:
    value = form.get(name)
    return value if isinstance(value, str) else ""


def _status(exc: AccountRefused) -> int:
    return {TOO_MANY: 429, WRONG_SIGN_IN: 401}.get(exc.message, 400)


def _form_page(
    templates: Templates,
    request: Request,
    page: str,
    reader: str,
    refused: AccountRefused | None = None,
    **context: Any,
) -> Response:
    status = 200 if refused is None else _status(refused)
    error = None if refused is None else refused.said(reader)
    return templates.TemplateResponse(
        request, page, {"error": error, **context}, status_code=status
    )


def _signed_in_to(request: Request, target: str, session: str) -> Response:
    response = RedirectResponse(local_path(target), status_code=303)
    sign_in_browser(request, response, session)
    return response


@router.get("/signup", response_class=HTMLResponse)
async def sign_up_page(request: Request, templates: Templates, reader: Language) -> Response:
    return _form_page(templates, request, "signup.html", reader, next=_next(request))


@router.post("/signup", response_class=HTMLResponse)
async def sign_up(request: Request, templates: Templates, reader: Language) -> Response:
    form = await request.form()
    check_form(request, form)
    name, email = _field(form, "name"), _field(form, "email")
    try:
        signed = await asyncio.to_thread(
            accounts(request).sign_up, name, _field(form, "password"), email
        )
    except AccountRefused as exc:
        return _form_page(
            templates,
            request,
            "signup.html",
            reader,
            exc,
            name=name,
            email=email,
            next=_field(form, "next"),
        )
    await remember_language(request, signed.account, reader)
    return _signed_in_to(request, _field(form, "next") or "/", signed.token)


@router.get("/signin", response_class=HTMLResponse)
async def sign_in_page(request: Request, templates: Templates, reader: Language) -> Response:
    return _form_page(templates, request, "signin.html", reader, next=_next(request))


@router.post("/signin", response_class=HTMLResponse)
async def sign_in(request: Request, templates: Templates, reader: Language) -> Response:
    form = await request.form()
    check_form(request, form)
    name = _field(form, "name")
    address = request.client.host if request.client else "unknown"
    try:
        signed = await asyncio.to_thread(
            accounts(request).sign_in, name, _field(form, "password"), address
        )
    except AccountRefused as exc:
        return _form_page(
            templates, request, "signin.html", reader, exc, name=name, next=_field(form, "next")
        )
    await remember_language(request, signed.account, reader)
    return _signed_in_to(request, _field(form, "next") or "/", signed.token)


@router.post("/signout", response_class=HTMLResponse)
async def sign_out(request: Request) -> Response:
    form = await request.form()
    check_form(request, form)
    token = request.cookies.get(ACCOUNT_COOKIE)
    if token:
        await asyncio.to_thread(accounts(request).sign_out, token)
    response = RedirectResponse("/", status_code=303)
    sign_out_browser(request, response)
    return response


def _next(request: Request) -> str:
    return local_path(request.query_params.get("next") or "/")


def _must_sign_in(request: Request) -> Response:
    return RedirectResponse(f"/signin?next={request.url.path}", status_code=303)


@router.get("/account", response_class=HTMLResponse)
async def account_page(
    request: Request, templates: Templates, reader: Language, limits: Config
) -> Response:
    account = account_of(request)
    if account is None:
        return _must_sign_in(request)
    await remember_language(request, account, reader)
    return await _account_page(templates, request, reader, account)


async def _account_page(
    templates: Templates,
    request: Request,
    reader: str,
    account: Account,
    refused: AccountRefused | None = None,
) -> Response:
    notices = await notice_context(request, account)
    return _form_page(templates, request, "account.html", reader, refused, shown=account, **notices)


async def _account_form(request: Request) -> tuple[Account | None, FormData]:
    form = await request.form()
    check_form(request, form)
    return account_of(request), form


@router.post("/account/password", response_class=HTMLResponse)
async def change_password(request: Request, templates: Templates, reader: Language) -> Response:
    account, form = await _account_form(request)
    if account is None:
        return _must_sign_in(request)
    try:
        signed = await asyncio.to_thread(
            accounts(request).change_password,
            account,
            _field(form, "old"),
            _field(form, "new"),
        )
    except AccountRefused as exc:
        return await _account_page(templates, request, reader, account, exc)
    return _signed_in_to(request, "/account?changed=password", signed.token)


@router.post("/account/email", response_class=HTMLResponse)
async def change_email(request: Request, templates: Templates, reader: Language) -> Response:
    account, form = await _account_form(request)
    if account is None:
        return _must_sign_in(request)
    try:
        await asyncio.to_thread(accounts(request).set_email, account, _field(form, "email"))
    except AccountRefused as exc:
        return await _account_page(templates, request, reader, account, exc)
    return RedirectResponse("/account?changed=email", status_code=303)


def _wait_minutes(value: str) -> int | None:
    """The wait an account chose before a notice, in minutes (empty: none)."""
    if not value.strip():
        return None
    try:
        minutes = int(value)
    except ValueError:
        minutes = 0
    if not 1 <= minutes <= MAX_WAIT_MINUTES:
        raise AccountRefused(BAD_WAIT, most=MAX_WAIT_MINUTES)
    return minutes


@router.post("/account/notices", response_class=HTMLResponse)
async def choose_notices(request: Request, templates: Templates, reader: Language) -> Response:
    """The account's turn notices (form `csrf`, `email`: on or absent, `wait`: minutes or
    empty). Email notices need an email on the account, and a server that sends emails."""
    account, form = await _account_form(request)
    if account is None:
        return _must_sign_in(request)
    email = _field(form, "email") == "on" and accounts(request).mailer.enabled
    try:
        if email and not account.email:
            raise AccountRefused(NO_EMAIL_FOR_NOTICES)
        wait = _wait_minutes(_field(form, "wait"))
    except AccountRefused as exc:
        return await _account_page(templates, request, reader, account, exc)
    await asyncio.to_thread(notice_store(request).choose, account.id, email, wait)
    await remember_language(request, account, reader)
    return RedirectResponse("/account?changed=notices", status_code=303)


@router.post("/account/delete", response_class=HTMLResponse)
async def delete_account(request: Request, templates: Templates, reader: Language) -> Response:
    account, form = await _account_form(request)
    if account is None:
        return _must_sign_in(request)
    try:
        await asyncio.to_thread(accounts(request).delete, account, _field(form, "password"))
    except AccountRefused as exc:
        return await _account_page(templates, request, reader, account, exc)
    await asyncio.to_thread(notice_store(request).forget, account.id)
    # Its tables in memory still show the old name on their seats: they load again.
    await request.app.state.tables.forget_all()
    response = RedirectResponse("/", status_code=303)
    sign_out_browser(request, response)
    return response


@router.get("/reset", response_class=HTMLResponse)
async def reset_page(request: Request, templates: Templates, reader: Language) -> Response:
    return _form_page(
        templates, request, "reset.html", reader, sent=False, mail=accounts(request).mailer.enabled
    )


@router.post("/reset", response_class=HTMLResponse)
async def request_reset(
    request: Request, templates: Templates, reader: Language, limits: Config
) -> Response:
    form = await request.form()
    check_form(request, form)
    base = (limits.public_url or str(request.base_url)).rstrip("/")
    try:
        await asyncio.to_thread(
            accounts(request).request_reset, _field(form, "who"), f"{base}/reset/{{token}}", reader
        )
    except AccountRefused as exc:
        return _form_page(templates, request, "reset.html", reader, exc, sent=False, mail=True)
    return _form_page(templates, request, "reset.html", reader, sent=True, mail=True)


@router.get("/reset/{token}", response_class=HTMLResponse)
async def new_password_page(
    request: Request, token: str, templates: Templates, reader: Language
) -> Response:
    return _form_page(templates, request, "new_password.html", reader, token=token)


@router.post("/reset/{token}", response_class=HTMLResponse)
async def new_password(
    request: Request, token: str, templates: Templates, reader: Language
) -> Response:
    form = await request.form()
    check_form(request, form)
    try:
        signed = await asyncio.to_thread(accounts(request).reset, token, _field(form, "new"))
    except AccountRefused as exc:
        return _form_page(templates, request, "new_password.html", reader, exc, token=token)
    return _signed_in_to(request, "/games", signed.token)
