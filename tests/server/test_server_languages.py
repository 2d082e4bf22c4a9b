"""The pages' language over HTTP: the browser's Accept-Language picks it, the language menu's
switch (the meeple.lang cookie) overrides it and sticks, an unknown language falls back to
English; the table page hands its scripts (the core and the game's drawing) the words they
write; each game's rules summary in each language; and the WebSocket sees the same choice
(`language_of`)."""

from __future__ import annotations

import json
import re

import pytest
from server_helpers import new_table
from starlette.websockets import WebSocket

from meeple.engine.registry import game_names, installed_games
from meeple.i18n import LANGUAGES, negotiate
from meeple.web.language import LANGUAGE_COOKIE, language_of
from meeple.web.page_words import drawing_texts, module_texts, script_texts

GERMAN = {"accept-language": "de-DE,de;q=0.9,en;q=0.5"}


def html_lang(page) -> str:
    return re.search(r'<html lang="([a-z]+)">', page.text).group(1)


def words_of(page) -> dict[str, str]:
    found = re.search(r'<script type="application/json" id="words">(.*?)</script>', page.text)
    return json.loads(found.group(1))


def test_accept_language_german_gives_german_pages(client):
    lobby = client.get("/", headers=GERMAN)
    assert html_lang(lobby) == "de"
    assert "Neuer Tisch" in lobby.text and "Tisch eröffnen" in lobby.text
    assert "Mit der Erweiterung „Missionen“ spielen." in lobby.text  # an option's help
    assert "Tikal (Wolfgang Kramer und Michael Kiesling, 1999)" in lobby.text
    assert "Create the table" not in lobby.text
    assert "Meine Partien" in client.get("/games", headers=GERMAN).text


def test_unknown_languages_fall_back_to_english(client):
    for header in ("xx-YY", "tlh, zz;q=0.5", ""):
        page = client.get("/", headers={"accept-language": header})
        assert html_lang(page) == "en" and "Create the table" in page.text
    assert html_lang(client.get("/?lang=xx", headers=GERMAN)) == "de"  # ignored, not English
    assert client.get("/lang/xx", follow_redirects=False).status_code == 404


def test_the_switch_overrides_the_browser_and_sticks(client):
    switched = client.get("/lang/ru", params={"next": "/games"}, follow_redirects=False)
    assert switched.status_code == 303 and switched.headers["location"] == "/games"
    assert f"{LANGUAGE_COOKIE}=ru" in switched.headers["set-cookie"]
    for path in ("/", "/games", "/rules/tikal"):
        page = client.get(path, headers=GERMAN)
        assert html_lang(page) == "ru", path
    assert "Новый стол" in client.get("/", headers=GERMAN).text
    client.get("/lang/pt", follow_redirects=False)
    assert html_lang(client.get("/", headers=GERMAN)) == "pt"
    assert html_lang(client.get("/?lang=fr", headers=GERMAN)) == "fr"  # one page only
    assert html_lang(client.get("/", headers=GERMAN)) == "pt"


def test_the_menu_on_every_page_links_back_to_it(client):
    page = client.get("/games", headers=GERMAN)
    for code, name in LANGUAGES.items():
        assert f'href="/lang/{code}?next=/games"' in page.text and name in page.text
    assert 'aria-current="true">Deutsch<' in page.text


def test_the_switch_goes_back_to_this_site_only(client):
    for elsewhere in ("https://evil.example/", "//evil.example/x", "javascript:alert(1)"):
        response = client.get("/lang/de", params={"next": elsewhere}, follow_redirects=False)
        assert response.headers["location"] == "/"
    kept = client.get("/lang/de", params={"next": "/tables/abc?x=1"}, follow_redirects=False)
    assert kept.headers["location"] == "/tables/abc?x=1"


def test_the_table_page_gives_its_script_every_word_it_writes(client):
    table, secrets = new_table(client)
    client.get("/lang/de", follow_redirects=False)
    page = client.get(f"/tables/{table}", headers={"Authorization": f"Bearer {secrets[0]}"})
    assert html_lang(page) == "de" and "Du sitzt auf Platz 1." in page.text
    words = words_of(page)
    assert set(words) == set(
        script_texts("table.js")
        + script_texts("hints.js")
        + module_texts("sheet.js")
        + drawing_texts("tikal")
    )
    assert words["The bot is thinking…"] == "Der Bot denkt nach …"  # hints.js
    assert words["Your move."] == "Du bist am Zug."
    assert words["Waiting for {seats}."] == "Warten auf {seats}."
    assert words["Base camp"] == "Basiccamp"  # the game's drawing (static/games/tikal.js)
    assert 'href="/rules/tikal"' in page.text
    client.cookies.delete(LANGUAGE_COOKIE)
    assert words_of(client.get(f"/tables/{table}")) == {}  # English: the texts themselves


def test_the_replay_script_gets_its_words_too():
    texts = module_texts("replay.js")
    assert "The start." in texts and "After a move of seat {number}." in texts
    assert "The costliest moves" in module_texts("analysis.js")


def test_the_installed_games_are_known():
    assert set(installed_games()) >= {"tikal", "altiplano"}
    assert set(installed_games()) <= set(game_names())


@pytest.mark.parametrize("game", installed_games())
def test_each_game_has_its_rules_in_every_language(client, game):
    headings = set()
    for language in LANGUAGES:
        page = client.get(f"/rules/{game}", params={"lang": language})
        assert page.status_code == 200 and html_lang(page) == language
        heading = re.search(r"<h2>(.*?)</h2>", page.text).group(1)
        assert "<li>" in page.text and "<strong>" in page.text
        headings.add(heading)
    assert len(headings) == len(LANGUAGES)  # each written in its own language
    assert f'href="/rules/{game}"' in client.get("/").text
    assert client.get("/rules/chess").status_code == 404


def connection(headers: dict[str, str], query: str = "") -> WebSocket:
    scope = {
        "type": "websocket",
        "path": "/ws/table",
        "query_string": query.encode(),
        "headers": [(k.encode(), v.encode()) for k, v in headers.items()],
    }
    return WebSocket(scope, receive=None, send=None)


def test_a_websocket_reads_the_same_choice():
    assert language_of(connection(GERMAN)) == "de"
    assert language_of(connection({**GERMAN, "cookie": f"{LANGUAGE_COOKIE}=ru"})) == "ru"
    assert language_of(connection({"cookie": f"{LANGUAGE_COOKIE}=ru"}, "lang=fr")) == "fr"
    assert language_of(connection({"accept-language": "xx"})) == "en"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_renders_in_every_language(client, language):
    client.cookies.set(LANGUAGE_COOKIE, language)
    form = {"game": "tikal", "players": "2", "seat_0": "human", "seat_1": "easy"}
    created = client.post("/tables", data=form)
    assert created.status_code == 200 and html_lang(created) == language
    join_link = re.search(r'href="(http://testserver/join/[^"]+)"', created.text).group(1)
    admin_link = re.search(r'href="(http://testserver/admin/[^"]+)"', created.text).group(1)
    joined = client.get(join_link)
    assert joined.status_code == 200 and html_lang(joined) == language
    admin = client.get(admin_link)
    assert admin.status_code == 200 and html_lang(admin) == language
    table = admin.url.path.split("/")[2]
    not_over = client.get(f"/tables/{table}/replay")  # the error page: the game goes on
    assert not_over.status_code == 409 and html_lang(not_over) == language
    bad_form = client.post("/tables", data={**form, "players": "x"})
    assert bad_form.status_code == 400 and html_lang(bad_form) == language


def test_the_menu_comes_back_without_the_one_page_choice(client):
    page = client.get("/games", params={"lang": "fr", "x": "1"})
    assert html_lang(page) == "fr"
    assert 'href="/lang/de?next=/games%3Fx%3D1"' in page.text
    answer = client.post("/tables", data={"game": "tikal", "players": "x"})  # a form's answer
    assert 'href="/lang/de?next=/"' in answer.text


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr;q=0.1, de;q=0.9", "de"),  # the weights, not the order, say which is wanted most
        ("ru, pt;q=0.8", "ru"),
        ("es, pt;q=0.5, fr;q=0.4", "pt"),  # the best of ours
        ("de;q=0, fr", "fr"),  # q=0: not wanted at all
        ("de;q=abc, pt-BR;q=0.3", "pt"),  # an unreadable weight counts as none
        ("", "en"),
        ("xx;q=1.5", "en"),
    ],
)
def test_accept_language_weights_pick_the_language(header, expected):
    assert negotiate(header) == expected
