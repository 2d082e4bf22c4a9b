"""Turn notices (issue 28): an account told by email (a real SMTP server, `smtp_server`) or by
web push (a local push service whose payloads the test decrypts with the browser's keys) when
it is its turn in a game with a clock of a day or more, or when a game has waited its N
minutes; one notice per turn, across a second look and a restart; none for a short clock nor
a bot's seat; nothing of the position in any notice (planted markers); the unsubscribe link,
signed out, for one account only; a gone subscription (HTTP 410) dropped; and the migration
from the schema before the notices keeping a database's games."""

from __future__ import annotations

import base64
import json
import os
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from fastapi.testclient import TestClient
from server_helpers import bearer, insert_moves, random_tikal_moves, schema_at
from sqlalchemy import text

from meeple.server.app import create_app
from meeple.server.credentials import CSRF_COOKIE
from meeple.server.notice_store import Subscription
from meeple.server.push import vapid_subject
from meeple.server.settings import Settings
from planted import tikal_marked_edition

PASSWORD = "correct horse battery"
DAY = 24 * 3600
PUBLIC = "https://meeple.example"


# -- helpers ----------------------------------------------------------------------------------
def browser(settings):
    return TestClient(
        create_app(settings), base_url="http://testserver", headers={"origin": "http://testserver"}
    )


def csrf_of(client, path):
    client.get(path)
    return client.cookies.get(CSRF_COOKIE)


def sign_up(client, name, email=""):
    answer = client.post(
        "/signup",
        data={
            "csrf": csrf_of(client, "/signup"),
            "name": name,
            "password": PASSWORD,
            "email": email,
        },
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text


def choose(client, email=True, wait=""):
    return client.post(
        "/account/notices",
        data={
            "csrf": csrf_of(client, "/account"),
            **({"email": "on"} if email else {}),
            "wait": wait,
        },
        follow_redirects=False,
    )


def new_table(client, clock_seconds=None, options=None, seats=("human", "human")):
    body = {
        "game": "tikal",
        "options": {"players": len(seats), **(options or {})},
        "seats": [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats],
    }
    if clock_seconds is not None:
        body["clock"] = {"kind": "move", "seconds": clock_seconds}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return (
        data["table"],
        data["admin"],
        {s["seat"]: s["secret"] for s in data["seats"] if s["secret"]},
    )


def join(client, table, secret, name):
    path = f"/join/{table}/{secret}"
    answer = client.post(
        path, data={"name": name, "csrf": csrf_of(client, path)}, follow_redirects=False
    )
    assert answer.status_code == 303, answer.text


def end_turn(client, table, secret):
    """Seat of `secret` plays until its turn ends: ``end_turn`` where it may, else its first
    legal action."""
    for _ in range(40):
        state = client.get(f"/api/tables/{table}", headers=bearer(secret)).json()
        if not state["legal"]:
            return state["version"]
        actions = [entry["action"] for entry in state["legal"]]
        action = next((a for a in actions if a["kind"] == "end_turn"), actions[0])
        move = {"action": action, "version": state["version"], "nonce": f"n{state['version']}"}
        answer = client.post(f"/api/tables/{table}/moves", json=move, headers=bearer(secret))
        assert answer.json()["ok"], answer.text
    raise AssertionError("the turn did not end")


def to_move(client, table, secret=None):
    headers = bearer(secret) if secret else {}
    return client.get(f"/api/tables/{table}", headers=headers).json()["to_move"]


@pytest.fixture
def mail_settings(tmp_path, smtp_server):
    return Settings(
        db_url=f"sqlite:///{tmp_path / 'notices.db'}",
        bot_workers=1,
        http_rate="1000/second",
        smtp_url=smtp_server.url,
        public_url=PUBLIC,
    )


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class BrowserKeys:
    """A browser's push keys, as ``pushManager.subscribe`` makes them: a P-256 key pair and
    a 16-byte auth secret; the subscription carries their public parts."""

    def __init__(self) -> None:
        self.private = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        point = self.private.public_key().public_bytes(
            Encoding.X962, PublicFormat.UncompressedPoint
        )
        self.p256dh = b64url(point)

    def subscription(self, endpoint: str) -> Subscription:
        return Subscription(endpoint, self.p256dh, b64url(self.auth))

    def decrypt(self, body: bytes) -> dict:
        plain = http_ece.decrypt(
            body, private_key=self.private, auth_secret=self.auth, version="aes128gcm"
        )
        return json.loads(plain)


class PushService:
    """A push service on a local port: keeps every request, answers `status`."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        self.status = 201
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                service.received.append(
                    (self.path, {k.lower(): v for k, v in self.headers.items()}, body)
                )
                self.send_response(service.status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def push_service():
    service = PushService()
    yield service
    service.close()


def account_id(client, name):
    store = client.app.state.accounts.store
    return store.by_name(name.casefold()).id


def wait_for(condition, seconds=10.0):
    """Waits until `condition()` holds (the notices are sent from threads of their own)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "waited in vain"
        time.sleep(0.02)


# -- email ------------------------------------------------------------------------------------
def test_a_turn_of_a_day_clock_is_emailed_once_naming_the_game_and_table_and_nothing_secret(
    mail_settings, smtp_server
):
    edition, markers = tikal_marked_edition()
    with browser(mail_settings) as ann:
        bob = ann  # Bob has no account: he plays by his seat's secret (Bearer)
        sign_up(ann, "Ann", "ann@example.org")
        assert choose(ann).status_code == 303
        table, admin, secrets = new_table(bob, 2 * DAY, {"edition": edition})
        assert to_move(bob, table) == [0]
        join(ann, table, secrets[1], "Ann")
        version = end_turn(bob, table, secrets[0])
        state = bob.get(f"/api/tables/{table}", headers=bearer(secrets[1])).json()
        assert state["to_move"] == [1]
        # The markers are in the game's data as Ann's view shows it: a notice could leak them.
        assert [marker for marker in markers if marker in json.dumps(state["view"])]
        wait_for(lambda: len(smtp_server.messages) == 1)
        # The same turn looked at again (Ann's seat taken again: its owner looks at the table).
        join(ann, table, secrets[1], "Ann")
    with browser(mail_settings) as again:  # a restart: the turn is looked at once more
        assert again.get(f"/api/tables/{table}").json()["version"] == version
    (mail,) = smtp_server.messages
    assert mail["To"] == "ann@example.org"
    assert "Tikal" in mail["Subject"]
    body = mail.get_content()
    assert f"{PUBLIC}/tables/{table}" in body and f"table {table}" in body and "Tikal" in body
    unsubscribe = re.search(rf"{PUBLIC}/unsubscribe/(\S+)", body).group(0)
    assert mail["List-Unsubscribe"] == f"<{unsubscribe}>"
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    whole = mail.as_string()
    assert not [marker for marker in markers if marker in whole]
    assert not [secret for secret in (admin, *secrets.values()) if secret in whole]


def test_no_notice_for_a_short_clock_nor_a_seat_without_an_account(mail_settings, smtp_server):
    with browser(mail_settings) as ann:
        bob = ann  # Bob has no account: he plays by his seat's secret (Bearer)
        sign_up(ann, "Ann", "ann@example.org")
        choose(ann)
        table, _, secrets = new_table(bob, DAY - 1)
        join(ann, table, secrets[1], "Ann")
        end_turn(bob, table, secrets[0])
        assert to_move(bob, table) == [1]
        untimed, _, untimed_secrets = new_table(bob)
        join(ann, untimed, untimed_secrets[1], "Ann")
        end_turn(bob, untimed, untimed_secrets[0])
        assert to_move(bob, untimed) == [1]
    assert smtp_server.messages == []  # closing the app waited for the notices' threads


def test_a_seat_handed_to_a_bot_gets_no_notice(mail_settings, smtp_server):
    with browser(mail_settings) as ann:
        bob = ann  # Bob has no account: he plays by his seat's secret (Bearer)
        sign_up(ann, "Ann", "ann@example.org")
        choose(ann)
        table, admin, secrets = new_table(bob, 2 * DAY)
        join(ann, table, secrets[1], "Ann")
        handed = bob.post(
            f"/api/tables/{table}/seats/1/bot", json={"bot": "random"}, headers=bearer(admin)
        )
        assert handed.status_code in (200, 204), handed.text
        end_turn(bob, table, secrets[0])
        wait_for(lambda: to_move(bob, table, secrets[0]) == [0])  # the bot played Ann's turn
    assert smtp_server.messages == []


def test_the_waited_on_notice_comes_after_the_accounts_minutes(mail_settings, smtp_server):
    """A table without a clock, Ann's wait 5 minutes: the service's clock is moved on (the
    moves and the notices' timers read it), no sleep of minutes."""
    with browser(mail_settings) as ann:
        bob = ann  # Bob has no account: he plays by his seat's secret (Bearer)
        sign_up(ann, "Ann", "ann@example.org")
        assert choose(ann, wait="5").status_code == 303
        table, _, secrets = new_table(bob)
        join(ann, table, secrets[1], "Ann")
        service, tables = bob.app.state.service, bob.app.state.tables
        ahead = 0.0
        service.now = lambda: time.time() + ahead
        end_turn(bob, table, secrets[0])
        ahead = 4 * 60  # four minutes on: the table looked at again, no notice yet
        bob.portal.call(tables.look, table)
        time.sleep(0.3)
        assert smtp_server.messages == []
        ahead = 5 * 60 - 0.2  # the wait ends in 0.2 s: the timer, set again, sends it
        bob.portal.call(tables.look, table)
        wait_for(lambda: len(smtp_server.messages) == 1)
        ahead = 60 * 60
        bob.portal.call(tables.look, table)
    (mail,) = smtp_server.messages
    assert "waiting for your move" in mail["Subject"] and table in mail.get_content()


def test_a_wait_is_over_at_once_when_the_turn_began_long_enough_ago(mail_settings, smtp_server):
    """After a restart the waits are looked at again: one already over is sent at once."""
    with browser(mail_settings) as ann:
        bob = ann  # Bob has no account: he plays by his seat's secret (Bearer)
        sign_up(ann, "Ann", "ann@example.org")
        choose(ann, wait="30")
        table, _, secrets = new_table(bob)
        join(ann, table, secrets[1], "Ann")
        end_turn(bob, table, secrets[0])
    assert smtp_server.messages == []
    later = create_app(mail_settings)
    with TestClient(later, base_url="http://testserver") as again:
        again.app.state.service.now = lambda: time.time() + 31 * 60
        again.portal.call(again.app.state.notices.resume)
        wait_for(lambda: len(smtp_server.messages) == 1)
    assert table in smtp_server.messages[0].get_content()


# -- settings and the unsubscribe link ----------------------------------------------------------
def test_the_account_page_shows_the_notices_and_checks_its_form(mail_settings):
    with browser(mail_settings) as ann:
        sign_up(ann, "Ann")
        page = ann.get("/account").text
        assert 'action="/account/notices"' in page and 'id="push"' in page
        assert 'name="email" disabled' in page  # no email on the account yet
        refused = choose(ann)
        assert refused.status_code == 400 and "need an email" in refused.text
        for wait in ("0", "many", str(8 * 24 * 60)):
            assert choose(ann, email=False, wait=wait).status_code == 400
        no_csrf = ann.post("/account/notices", data={"wait": "5"})
        assert no_csrf.status_code == 403
        ann.post("/account/email", data={"csrf": csrf_of(ann, "/account"), "email": "a@b.org"})
        assert choose(ann, wait="90").status_code == 303
        page = ann.get("/account?changed=notices").text
        assert "Your turn notices are saved" in page
        assert 'name="email" checked' in page and 'value="90"' in page
        store = ann.app.state.notice_store
        settings = store.settings(account_id(ann, "Ann"))
        assert (settings.email, settings.wait_minutes, settings.language) == (True, 90, "en")
        ann.get("/lang/de")
        ann.get("/account")
        assert store.settings(account_id(ann, "Ann")).language == "de"


def test_the_unsubscribe_link_works_signed_out_for_its_account_only(mail_settings):
    keys = BrowserKeys()
    with browser(mail_settings) as client:
        sign_up(client, "Ann", "ann@example.org")
        choose(client, wait="10")
        client.cookies.clear()
        sign_up(client, "Cid", "cid@example.org")
        choose(client)
        store = client.app.state.notice_store
        ann_id, cid_id = account_id(client, "Ann"), account_id(client, "Cid")
        store.subscribe(ann_id, keys.subscription("https://push.example/ann"), 1.0)
        store.subscribe(cid_id, keys.subscription("https://push.example/cid"), 1.0)
        token = store.settings(ann_id).unsubscribe_token
    with browser(mail_settings) as stranger:  # signed out, no cookie at all
        page = stranger.get(f"/unsubscribe/{token}")
        assert page.status_code == 200 and f'action="/unsubscribe/{token}"' in page.text
        assert store.settings(ann_id).email  # looking at the link changed nothing
        done = stranger.post(f"/unsubscribe/{token}")
        assert done.status_code == 200 and 'id="unsubscribed"' in done.text
        assert stranger.post("/unsubscribe/not-a-token").status_code == 404
        store = stranger.app.state.notice_store
        assert not store.settings(ann_id).email and store.subscriptions(ann_id) == []
        assert store.settings(cid_id).email and len(store.subscriptions(cid_id)) == 1
    with TestClient(create_app(mail_settings), base_url="http://testserver") as mailer:
        # A mail program's one-click unsubscribe (RFC 8058): a bare POST, no cookie, no Origin.
        cid_token = mailer.app.state.notice_store.settings(cid_id).unsubscribe_token
        answer = mailer.post(f"/unsubscribe/{cid_token}", data={"List-Unsubscribe": "One-Click"})
        assert answer.status_code == 200
        assert not mailer.app.state.notice_store.settings(cid_id).email


# -- web push ---------------------------------------------------------------------------------
def test_a_browser_subscribes_with_the_servers_key_and_only_for_its_account(mail_settings):
    keys = BrowserKeys()
    with browser(mail_settings) as ann:
        key = ann.get("/api/push/key").json()["key"]
        raw = base64.urlsafe_b64decode(key + "=" * (-len(key) % 4))
        assert len(raw) == 65 and raw[0] == 4
        worker = ann.get("/sw.js")
        assert worker.status_code == 200 and "javascript" in worker.headers["content-type"]
        assert "showNotification" in worker.text and "notificationclick" in worker.text
        fields = {
            "endpoint": "https://push.example/abc",
            "p256dh": keys.p256dh,
            "auth": b64url(keys.auth),
        }
        signed_out = ann.post("/account/push", data={"csrf": csrf_of(ann, "/"), **fields})
        assert signed_out.status_code == 401
        sign_up(ann, "Ann")
        csrf = csrf_of(ann, "/account")
        assert ann.post("/account/push", data=fields).status_code == 403  # no CSRF token
        for bad in ({"endpoint": "http://127.0.0.1:1/x"}, {"p256dh": "AAAA"}, {"auth": "x"}):
            refused = ann.post("/account/push", data={"csrf": csrf, **fields, **bad})
            assert refused.status_code == 400
        assert ann.post("/account/push", data={"csrf": csrf, **fields}).status_code == 204
        store = ann.app.state.notice_store
        ann_id = account_id(ann, "Ann")
        assert store.subscriptions(ann_id) == [keys.subscription(fields["endpoint"])]
        assert "https://push.example/abc" in ann.get("/account").text  # the page's script knows
        off = ann.post("/account/push/off", data={"csrf": csrf, "endpoint": fields["endpoint"]})
        assert off.status_code == 204 and store.subscriptions(ann_id) == []
    with browser(mail_settings) as again:  # the key pair is kept: subscriptions stay valid
        assert again.get("/api/push/key").json()["key"] == key


def test_a_turn_is_pushed_encrypted_for_the_browser_and_a_gone_subscription_is_dropped(
    mail_settings, push_service
):
    edition, markers = tikal_marked_edition()
    keys = BrowserKeys()
    with browser(mail_settings) as ann:
        bob = ann  # Bob has no account: he plays by his seat's secret (Bearer)
        sign_up(ann, "Ann")  # no email: the notices come by push only
        server_key = ann.get("/api/push/key").json()["key"]
        store = ann.app.state.notice_store
        ann_id = account_id(ann, "Ann")
        # The local push service speaks plain HTTP, which the route refuses: stored directly.
        store.subscribe(ann_id, keys.subscription(f"{push_service.url}/push/ann"), 1.0)
        ann.get("/lang/ru")
        ann.get("/account")  # Ann reads the pages in Russian
        table, admin, secrets = new_table(bob, 3 * DAY, {"edition": edition})
        join(ann, table, secrets[1], "Ann")
        end_turn(bob, table, secrets[0])
        wait_for(lambda: len(push_service.received) == 1)
        path, headers, body = push_service.received[0]
        assert path == "/push/ann"
        assert headers["content-encoding"] == "aes128gcm" and int(headers["ttl"]) > 0
        assert headers["authorization"].startswith("vapid t=")
        assert f"k={server_key}" in headers["authorization"]
        payload = keys.decrypt(body)
        assert payload["url"] == f"/tables/{table}" and payload["tag"] == f"meeple-{table}"
        assert table in payload["body"]
        assert "Тикаль" in payload["title"]  # the game's name in Russian
        seen = json.dumps(payload) + body.decode("latin-1")
        assert not [marker for marker in markers if marker in seen]
        assert not [secret for secret in (admin, *secrets.values()) if secret in seen]
        # The push service says the subscription is gone: it is dropped at the next notice.
        push_service.status = 410
        end_turn(ann, table, secrets[1])
        end_turn(bob, table, secrets[0])
        wait_for(lambda: len(push_service.received) == 2)
        wait_for(lambda: store.subscriptions(ann_id) == [])


# -- the migration ------------------------------------------------------------------------------
def test_a_database_of_the_schema_before_the_notices_keeps_its_games(db_url):
    """Alembic's steps to the notices (0006 to 0008) on a database of the schema before (0005)
    holding a Tikal game with an account's seat: the game loads as it was, and the notices'
    tables work."""
    from meeple.server.live import LiveTable
    from meeple.server.notice_store import NoticeStore
    from meeple.server.store import Store

    state, actions, movers = random_tikal_moves(7, 4, 10)
    with schema_at(db_url, "0005") as connection:
        connection.execute(
            text(
                "INSERT INTO accounts (name, name_key, password_hash, email, created_at, deleted)"
                " VALUES ('Ann', 'ann', NULL, 'ann@example.org', '2026-01-01 00:00:00', false)"
            )
        )
        ann = connection.execute(text("SELECT id FROM accounts")).scalar()
        connection.execute(
            text(
                "INSERT INTO tables (id, game, options, seed, status, version, admin_hash,"
                " created_at, clock, spectators_read_chat, open) VALUES ('old6', 'tikal',"
                " '{\"players\": 2}', 7, 'playing', 10, 'h', '2026-01-01 00:00:00',"
                ' \'{"kind": "move", "seconds": 172800, "bot": "easy"}\', true, false)'
            )
        )
        for seat in (0, 1):
            connection.execute(
                text(
                    "INSERT INTO seats (table_id, seat, kind, name, account_id) VALUES"
                    " ('old6', :seat, 'human', :name, :account)"
                ),
                {"seat": seat, "name": f"P{seat}", "account": ann if seat else None},
            )
        insert_moves(connection, "old6", actions, movers)
    store = Store(db_url)  # migrates to the newest schema
    try:
        loaded = store.load_table("old6")
        assert loaded is not None and loaded.version == 10
        assert [m.action for m in loaded.log] == actions
        assert [(s.name, s.account_id) for s in loaded.seats] == [("P0", None), ("P1", ann)]
        table = LiveTable.from_stored(loaded)
        assert table.state.to_json() == state.to_json()
        notices = NoticeStore(store)
        assert notices.settings(ann) is None
        assert notices.settings_made(ann).email is False
        assert notices.claim("old6", 1, 10, 1.0) and not notices.claim("old6", 1, 10, 2.0)
        assert notices.vapid_pem(lambda: "first") == "first"
        assert notices.vapid_pem(lambda: "second") == "first"
    finally:
        store.close()


# -- the serve options --------------------------------------------------------------------------
def test_meeple_serve_takes_the_vapid_subject_from_its_option_or_environment(monkeypatch):
    from typer.testing import CliRunner

    import meeple.server.run
    from meeple.cli.main import app

    started = []
    monkeypatch.setattr(meeple.server.run, "serve", started.append)
    runner = CliRunner()
    bad = runner.invoke(app, ["serve", "--vapid-subject", "admin@example.org"])
    assert bad.exit_code != 0 and "--vapid-subject" in bad.output and not started
    given = runner.invoke(
        app,
        ["serve", "--public-url", PUBLIC],
        env={"MEEPLE_VAPID_SUBJECT": "mailto:admin@example.org"},
    )
    assert given.exit_code == 0, given.output
    (settings,) = started
    assert settings.vapid_subject == "mailto:admin@example.org"
    assert settings.base_url == PUBLIC
    assert Settings(host="10.0.0.2", port=8123).base_url == "http://10.0.0.2:8123"
    # Without the option, push services may write to the emails' sender.
    assert vapid_subject(None, "Meeple <games@example.org>") == "mailto:games@example.org"
