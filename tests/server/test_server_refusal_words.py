"""The server's own refusals, as the pages show them, in the reader's language: the lobby form's
errors, a wrong invite link, and the quick game's seat name ("You"). The JSON API keeps saying
them in English, as programs read them (the protocol's codes and texts do not change)."""

from __future__ import annotations

import json

import pytest

GERMAN = {"accept-language": "de"}
RUSSIAN = {"accept-language": "ru"}


def test_the_forms_errors_are_said_in_the_readers_language(client):
    page = client.post("/tables", data={"game": "tikal", "players": "x"}, headers=GERMAN)
    assert page.status_code == 400
    assert "die Spielerzahl muss eine Zahl sein" in page.text
    assert "players must be a number" not in page.text

    clock = {"game": "tikal", "players": "2", "clock": "move", "clock_time": "soon"}
    page = client.post("/tables", data=clock, headers=RUSSIAN)
    assert page.status_code == 400 and "время часов должно быть числом" in page.text

    bot = {"game": "tikal", "players": "2", "seat_1": "easy", "seat_1_spec": "ismcts:lots"}
    page = client.post("/tables", data=bot, headers={"accept-language": "fr"})
    assert page.status_code == 400 and "place 2 : " in page.text  # the bot's problem follows

    edition = {"opt_edition_file": ("edition.json", b"{not json", "application/json")}
    page = client.post(
        "/tables", data={"game": "tikal", "players": "2"}, files=edition, headers=GERMAN
    )
    assert page.status_code == 400
    assert "die Editionsdatei ist kein gültiges JSON: " in page.text


def test_a_wrong_invite_link_is_refused_in_the_readers_language(client):
    created = client.post(
        "/api/tables", json={"game": "tikal", "seats": [{"kind": "human"}, {"kind": "human"}]}
    ).json()
    page = client.get(f"/join/{created['table']}/not-the-secret", headers=RUSSIAN)
    assert page.status_code == 403
    assert "эта ссылка или cookie не даёт места за этим столом" in page.text
    wrong = f"/join/{created['table']}/not-the-secret"
    page = client.post(wrong, data={"name": "Ann"}, headers=RUSSIAN)
    assert page.status_code == 403
    assert "эта ссылка-приглашение не даёт места за этим столом" in page.text
    name = {"name": " "}
    page = client.post(created["seats"][0]["invite"], data=name, headers={"accept-language": "pt"})
    assert page.status_code == 403 and "um nome de exibição tem de 1 a" in page.text


def test_the_json_api_keeps_its_english_texts(client):
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:lots"}]
    answer = client.post("/api/tables", json={"game": "tikal", "seats": seats}, headers=GERMAN)
    assert answer.status_code == 400 and answer.json()["detail"].startswith("seat 2: ")


@pytest.mark.parametrize(("language", "name"), [("en", "You"), ("de", "Du"), ("ru", "Вы")])
def test_the_quick_games_seat_is_named_in_the_players_language(client, language, name):
    response = client.post(
        "/tables", data={"game": "tikal", "quick": "1"}, headers={"accept-language": language}
    )
    assert response.status_code == 200
    table = str(response.url).rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{table}").json()
    assert state["seat"] == 0 and state["seats"][0]["name"] == name


@pytest.mark.parametrize(
    ("headers", "players", "edition"),
    [
        (GERMAN, "die Spielerzahl muss 2 bis 4 sein, nicht 9", "goods: fehlt"),
        (RUSSIAN, "число игроков должно быть от 2 до 4, а не 9", "goods: отсутствует"),
    ],
)
def test_the_engines_refusals_of_options_are_said_in_the_readers_language(
    client, headers, players, edition
):
    """The engine's own messages (a player count out of range, an edition file it rejects)
    are keyed by their message ids in the game's catalogue, not by the English."""
    page = client.post("/tables", data={"game": "tikal", "players": "9"}, headers=headers)
    assert page.status_code == 400
    assert players in page.text and "players must be" not in page.text
    upload = {"opt_edition_file": ("edition.json", b"{}", "application/json")}
    page = client.post(
        "/tables", data={"game": "altiplano", "players": "2"}, files=upload, headers=headers
    )
    assert page.status_code == 400
    assert edition in page.text and "is missing" not in page.text


def test_the_json_api_keeps_the_engines_english(client):
    seats = [{"kind": "human"}] * 9
    answer = client.post("/api/tables", json={"game": "tikal", "seats": seats}, headers=GERMAN)
    assert answer.status_code == 400
    assert answer.json()["detail"] == "players must be 2 to 4, not 9"


#: Altiplano's start player beyond a table of three (the options refused together), and a Tikal
#: edition whose hex convention is not the object it must be, by language.
COMBINATIONS = {
    "de": (
        "der Startspieler muss ein Platz von 0 bis 2 sein (der erste Spieler ist 0), nicht 4",
        "muss ein Objekt sein, das Seitennamen Versätze zuordnet",
    ),
    "fr": (
        "le premier joueur doit être une place de 0 à 2 (la première est 0), pas 4",
        "doit être un objet associant aux noms des côtés leurs décalages",
    ),
    "pt": (
        "o primeiro jogador tem de ser um lugar de 0 a 2 (o primeiro é 0), não 4",
        "tem de ser um objeto que associa nomes de lados a deslocamentos",
    ),
    "ru": (
        "первый игрок должен быть местом от 0 до 2 (первое место — 0), а не 4",
        "должно быть объектом, сопоставляющим названиям сторон смещения",
    ),
}


@pytest.mark.parametrize("language", sorted(COMBINATIONS))
def test_options_refused_together_are_said_in_the_readers_language(client, language):
    start, convention = COMBINATIONS[language]
    headers = {"accept-language": language}
    form = {"game": "altiplano", "players": "3", "opt_start_player": "4"}
    page = client.post("/tables", data=form, headers=headers)
    assert page.status_code == 400
    assert start in page.text and "must be a seat" not in page.text
    sides = ["n", "ne", "se", "s", "sw", "nw"]
    edition = json.dumps({"hex_convention": {"sides": sides, "neighbour_offsets": 3}}).encode()
    upload = {"opt_edition_file": ("edition.json", edition, "application/json")}
    page = client.post(
        "/tables", data={"game": "tikal", "players": "2"}, files=upload, headers=headers
    )
    assert page.status_code == 400
    assert convention in page.text and "must be an object" not in page.text
