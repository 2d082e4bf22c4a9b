"""Optional accounts (issue 28): sign up, in and out, change and reset a password, delete; a
seat taken while signed in follows the account to another browser; and the security promises:
CSRF tokens, a new session at every sign-in, no password hash in any answer, sign-in limited
per name and per address, the same refusal whether or not a name exists, a signed-out cookie
that stops working, and no route that serves another account's resources."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient
from server_helpers import insert_moves, new_table, random_tikal_moves, schema_at
from sqlalchemy import text

from meeple.server.app import create_app
from meeple.server.credentials import ACCOUNT_COOKIE, CSRF_COOKIE

PASSWORD = "correct horse battery"


def csrf_of(client, path="/signup"):
    """The CSRF token a page's forms carry (and the cookie that goes with it)."""
    page = client.get(path).text
    token = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
    assert client.cookies.get(CSRF_COOKIE) == token
    return token


def sign_up(client, name="Ann", password=PASSWORD, email=""):
    return client.post(
        "/signup",
        data={"csrf": csrf_of(client), "name": name, "password": password, "email": email},
        follow_redirects=False,
    )


def sign_in(client, name="Ann", password=PASSWORD):
    return client.post(
        "/signin",
        data={"csrf": csrf_of(client, "/signin"), "name": name, "password": password},
        follow_redirects=False,
    )


def browser(settings):
    return TestClient(
        create_app(settings), base_url="http://testserver", headers={"origin": "http://testserver"}
    )


def test_sign_up_signs_in_and_the_pages_name_the_account(client):
    assert client.get("/").text.count('href="/signin') == 1
    answer = sign_up(client, "Ann Lee")
    assert answer.status_code == 303
    cookie = answer.headers.get_list("set-cookie")
    session = next(c for c in cookie if c.startswith(ACCOUNT_COOKIE + "="))
    assert "HttpOnly" in session and "SameSite=lax" in session and "Secure" not in session
    lobby = client.get("/").text
    assert 'id="account-name">Ann Lee<' in lobby and 'action="/signout"' in lobby
    assert client.get("/account").status_code == 200


def test_a_name_is_taken_once_whatever_its_case_and_bad_input_changes_nothing(client):
    assert sign_up(client, "Ann").status_code == 303
    client.cookies.clear()
    again = sign_up(client, "ANN")
    assert again.status_code == 400 and "this name cannot be used" in again.text
    assert sign_up(client, "x").status_code == 400
    assert sign_up(client, "Bob", password="short").status_code == 400
    bad_mail = sign_up(client, "Bob", email="not an email")
    assert bad_mail.status_code == 400 and 'value="Bob"' in bad_mail.text
    assert ACCOUNT_COOKIE not in client.cookies
    assert sign_up(client, "Bob").status_code == 303


def test_a_form_without_its_csrf_token_or_with_another_is_refused(client):
    csrf_of(client)
    for token in (None, "forged"):
        data = {"name": "Ann", "password": PASSWORD}
        if token:
            data["csrf"] = token
        refused = client.post("/signup", data=data, follow_redirects=False)
        assert refused.status_code == 403 and "out of date" in refused.text
    assert sign_in(client, "Ann").status_code == 401  # no account was made


def test_signing_in_makes_a_new_session_and_signing_out_ends_it(client, settings):
    sign_up(client)
    first = client.cookies.get(ACCOUNT_COOKIE)
    csrf = client.cookies.get(CSRF_COOKIE)
    answer = sign_in(client)
    assert answer.status_code == 303
    second = client.cookies.get(ACCOUNT_COOKIE)
    assert second != first and client.cookies.get(CSRF_COOKIE) != csrf  # no fixation
    out = client.post(
        "/signout", data={"csrf": client.cookies.get(CSRF_COOKIE)}, follow_redirects=False
    )
    assert out.status_code == 303
    with browser(settings) as other:  # the signed-out cookie, replayed, opens nothing
        other.cookies.set(ACCOUNT_COOKIE, second)
        assert other.get("/account", follow_redirects=False).status_code == 303
        assert "account-name" not in other.get("/").text
        other.cookies.set(ACCOUNT_COOKIE, first)  # the first session is still its own
        assert "account-name" in other.get("/").text


def test_a_wrong_password_and_an_unknown_name_get_the_same_answer(client):
    sign_up(client, "Ann")
    client.cookies.clear()
    wrong = sign_in(client, "Ann", "wrong password")
    unknown = sign_in(client, "Nobody", "wrong password")
    assert wrong.status_code == unknown.status_code == 401
    assert _error(wrong.text) == _error(unknown.text) == "the name or the password is wrong"


def _error(page):
    return re.search(r'id="form-error">([^<]*)<', page).group(1)


def test_sign_in_is_limited_per_name_and_per_address(tmp_path):
    from meeple.server.settings import Settings

    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 's.db'}",
        bot_workers=1,
        http_rate="1000/second",
        sign_in_rate="3/minute",
        sign_in_address_rate="5/minute",
    )
    with browser(settings) as client:
        sign_up(client, "Ann")
        client.cookies.clear()
        for _ in range(3):
            assert sign_in(client, "Ann", "wrong password").status_code == 401
        limited = sign_in(client, "Ann")  # the right password, but too many tries
        assert limited.status_code == 429 and "too many attempts" in limited.text
        # Every attempt counts for the address, the refused one too: another name is its 5th.
        assert sign_in(client, "Bob", "x" * 8).status_code == 401
        refused = sign_in(client, "Cid", "x" * 8)  # the 6th: the address is limited
        assert refused.status_code == 429 and "too many attempts" in refused.text


def test_password_hashes_never_leave_the_store(client, settings):
    sign_up(client, "Ann", email="ann@example.org")
    from sqlalchemy import create_engine

    with create_engine(settings.db_url).connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM accounts")).scalar()
    assert stored.startswith("$argon2id$")
    salt_and_hash = stored.rsplit("$", 2)[-2:]
    table, _ = new_table(client)
    seen = [
        client.get(path).text
        for path in (
            "/",
            "/account",
            "/games",
            "/api/open-tables",
            f"/tables/{table}",
            f"/api/tables/{table}",
        )
    ]
    for page in seen:
        assert "$argon2" not in page and not any(part in page for part in salt_and_hash)


def test_changing_the_password_signs_out_the_other_browsers(client, settings):
    sign_up(client)
    with browser(settings) as other:
        sign_in(other)
        assert "account-name" in other.get("/").text
        wrong = client.post(
            "/account/password",
            data={"csrf": csrf_of(client, "/account"), "old": "nope nope", "new": "a new secret"},
        )
        assert wrong.status_code == 400 and "the password is wrong" in wrong.text
        changed = client.post(
            "/account/password",
            data={"csrf": csrf_of(client, "/account"), "old": PASSWORD, "new": "a new secret"},
        )
        assert changed.status_code == 200 and "Your password is changed" in changed.text
        assert "account-name" not in other.get("/").text
        assert sign_in(other, password=PASSWORD).status_code == 401
        assert sign_in(other, password="a new secret").status_code == 303


def test_a_seat_taken_signed_in_follows_the_account_to_another_browser(client, settings):
    sign_up(client, "Ann")
    table, secrets = new_table(client)
    secret = secrets[0]
    join = client.post(
        f"/join/{table}/{secret}",
        data={"name": "Ann", "csrf": csrf_of(client, f"/join/{table}/{secret}")},
        follow_redirects=False,
    )
    assert join.status_code == 303
    with browser(settings) as phone:
        assert table not in phone.get("/games").text
        sign_in(phone, "Ann")
        games = phone.get("/games").text
        assert f'href="/tables/{table}"' in games
        page = phone.get(f"/tables/{table}").text
        assert "You are seat 1" in page
        seat_cookie = phone.cookies.get(f"meeple_{table}")
        assert seat_cookie and seat_cookie != client.cookies.get(f"meeple_{table}")
        assert phone.get(f"/api/tables/{table}").json()["seat"] == 0
    # The first browser keeps its seat too.
    assert client.get(f"/api/tables/{table}").json()["seat"] == 0


def test_a_signed_in_join_needs_the_forms_csrf_token(client):
    sign_up(client, "Ann")
    table, secrets = new_table(client)
    secret = secrets[0]
    refused = client.post(f"/join/{table}/{secret}", data={"name": "Ann"}, follow_redirects=False)
    assert refused.status_code == 403
    assert table not in client.get("/games").text


def test_another_accounts_resources_are_never_served(client, settings):
    sign_up(client, "Ann")
    table, secrets = new_table(client)
    secret = secrets[0]
    client.post(
        f"/join/{table}/{secret}",
        data={"name": "Ann", "csrf": csrf_of(client, f"/join/{table}/{secret}")},
    )
    with browser(settings) as bob:
        sign_up(bob, "Bob")
        assert table not in bob.get("/games").text
        page = bob.get(f"/tables/{table}").text
        assert "You are seat" not in page and f"meeple_{table}" not in bob.cookies
        assert "Bob" in bob.get("/account").text and "Ann" not in bob.get("/account").text


def test_deleting_an_account_keeps_the_games_with_the_name_replaced(client):
    sign_up(client, "Ann")
    table, secrets = new_table(client)
    secret = secrets[0]
    client.post(
        f"/join/{table}/{secret}",
        data={"name": "Ann", "csrf": csrf_of(client, f"/join/{table}/{secret}")},
    )
    refused = client.post(
        "/account/delete", data={"csrf": csrf_of(client, "/account"), "password": "wrong one"}
    )
    assert refused.status_code == 400
    gone = client.post(
        "/account/delete",
        data={"csrf": csrf_of(client, "/account"), "password": PASSWORD},
        follow_redirects=False,
    )
    assert gone.status_code == 303 and ACCOUNT_COOKIE not in client.cookies
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert seats[0]["name"] == "deleted player"
    assert sign_in(client, "Ann").status_code == 401
    assert sign_up(client, "Ann").status_code == 303  # the name is free again


@pytest.mark.parametrize("who", ["Ann", "ann@example.org"])
def test_a_password_is_reset_by_a_link_sent_by_email(tmp_path, who, smtp_server):
    from meeple.server.settings import Settings

    settings = Settings(
        db_url=f"sqlite:///{tmp_path / 's.db'}",
        bot_workers=1,
        http_rate="1000/second",
        smtp_url=smtp_server.url,
        public_url="https://meeple.example",
    )
    with browser(settings) as client:
        sign_up(client, "Ann", email="ann@example.org")
        client.cookies.clear()
        for asked in (who, "nobody at all"):
            sent = client.post("/reset", data={"csrf": csrf_of(client, "/reset"), "who": asked})
            assert sent.status_code == 200 and "is on its way" in sent.text
        (mail,) = smtp_server.messages
        assert mail["To"] == "ann@example.org"
        body = mail.get_content()
        link = re.search(r"https://meeple\.example(/reset/\S+)", body).group(1)
        assert "Ann" in body
        reset = client.post(
            link,
            data={"csrf": csrf_of(client, link), "new": "brand new secret"},
            follow_redirects=False,
        )
        assert reset.status_code == 303 and ACCOUNT_COOKIE in client.cookies
        again = client.post(link, data={"csrf": csrf_of(client, link), "new": "another one!"})
        assert again.status_code == 400 and "used up" in again.text
        client.cookies.clear()
        assert sign_in(client, "Ann", PASSWORD).status_code == 401
        assert sign_in(client, "Ann", "brand new secret").status_code == 303


def test_without_smtp_the_reset_page_says_no_email_is_sent(client):
    page = client.get("/reset").text
    assert "sends no emails" in page and 'action="/reset"' not in page


def test_a_database_of_the_schema_before_accounts_keeps_its_games(db_url):
    """Alembic's step to the accounts (0005) on a database of the schema before it (0004),
    holding a Tikal game of 12 moves: the game loads and plays on as before, its seats hold
    the same cookies and belong to no account, and accounts can be made."""

    from meeple.server.account_store import AccountStore
    from meeple.server.credentials import digest
    from meeple.server.live import LiveTable
    from meeple.server.store import Store

    state, actions, movers = random_tikal_moves(5, 3, 12)
    with schema_at(db_url, "0004") as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, admin_hash,"
                " created_at, clock, spectators_read_chat, open) VALUES ('old1', 'tikal',"
                " '{\"players\": 2}', 5, 'playing', 12, 'h', '2026-01-01 00:00:00', NULL,"
                " true, false)"
            )
        )
        for seat in (0, 1):
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, seat, kind, name, session_hash) VALUES"
                    f" ('old1', {seat}, 'human', 'P{seat}', '{digest(f'cookie{seat}')}')"
                )
            )
        insert_moves(connection, "old1", actions, movers)
    store = Store(db_url)  # migrates to the newest schema
    try:
        loaded = store.load_table("old1")
        assert loaded is not None and loaded.version == 12
        assert [m.action for m in loaded.log] == actions
        assert [(s.name, s.account_id, s.devices) for s in loaded.seats] == [
            ("P0", None, []),
            ("P1", None, []),
        ]
        table = LiveTable.from_stored(loaded)
        assert table.state.to_json() == state.to_json()
        (seat,) = state.to_move()
        assert table.state.legal_actions(seat) == state.legal_actions(seat)
        account = AccountStore(store).create("Ann", "ann", PASSWORD, None, 1.0)
        assert account is not None and store.seats_of_account(account.id) == []
    finally:
        store.close()
