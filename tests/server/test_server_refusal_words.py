"""The server's own refusals, as the pages show them, in the reader's language: the lobby form's
errors, a wrong invite link, and the quick game's seat name (its colour word). The JSON API
keeps saying them in English, as programs read them (the protocol's codes and texts do not
change)."""

from __future__ import annotations

import copy
import html
import json
from importlib import resources

import pytest

from meeple.engine.testing import edit_at

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


@pytest.mark.parametrize(("language", "name"), [("en", "Blue"), ("de", "Blau"), ("ru", "Синий")])
def test_the_quick_games_seat_is_named_in_the_players_language(client, language, name):
    """Seat 1 is named by its colour word, as the log and the board know it (not "You": the
    page would read "You (you)")."""
    response = client.post(
        "/tables", data={"game": "tikal", "quick": "1"}, headers={"accept-language": language}
    )
    assert response.status_code == 200
    table = str(response.url).rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{table}").json()
    assert state["seat"] == 0 and state["seats"][0]["name"] == name
    assert state["seats"][0]["word"] == "Blue"  # the reader here is an English spectator


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


def _builtin_edition(game: str) -> dict:
    text = resources.files(f"meeple.games.{game}").joinpath("data/components.json")
    return json.loads(text.read_text(encoding="utf-8"))


BUILTIN_EDITIONS = {game: _builtin_edition(game) for game in ("tikal", "altiplano")}
TIKAL_TILES = ("terrain_tiles", "tiles", "value")
#: Malformed editions, three a game: an unknown kind of `one_of`, a repeated entry of `new_id`
#: or the board, and a rule of the game's own checks (a tile's stones, a good's tiles); with
#: the English refusal and the words each language says instead.
EDITION_REFUSALS = {
    "tikal: unknown tile kind": (
        "tikal",
        edit_at((*TIKAL_TILES, 3, "kind"), "castle"),
        "terrain_tiles.tiles[3].kind: unknown tile kind 'castle'",
        {
            "de": "terrain_tiles.tiles[3].kind: unbekannter Wert (Tafelart): 'castle'",
            "fr": "terrain_tiles.tiles[3].kind : valeur inconnue (sorte de tuile) : 'castle'",
            "pt": "terrain_tiles.tiles[3].kind: valor desconhecido (tipo de peça): 'castle'",
            "ru": "terrain_tiles.tiles[3].kind: неизвестное значение (вид тайла): 'castle'",
        },
    ),
    "tikal: a space listed twice": (
        "tikal",
        edit_at(("board", "spaces", "value", 1), [0, 0]),
        "board.spaces[1]: (0, 0) is listed twice",
        {
            "de": "board.spaces[1]: (0, 0) steht zweimal in der Liste",
            "fr": "board.spaces[1] : (0, 0) figure deux fois dans la liste",
            "pt": "board.spaces[1]: (0, 0) aparece duas vezes na lista",
            "ru": "board.spaces[1]: (0, 0) указано в списке дважды",
        },
    ),
    "tikal: a tile's stones on two sides": (
        "tikal",
        edit_at((*TIKAL_TILES, 0, "steps"), [1, 2]),
        "terrain_tiles.tiles[0].steps: must be a list of 6 stone counts",
        {
            "de": "terrain_tiles.tiles[0].steps: muss die Steine auf 6 Seiten auflisten",
            "fr": "terrain_tiles.tiles[0].steps : doit être la liste des pierres de 6 côtés",
            "pt": "terrain_tiles.tiles[0].steps: deve ser a lista das pedras de 6 lados",
            "ru": "terrain_tiles.tiles[0].steps: должно быть списком числа камней на 6 сторонах",
        },
    ),
    "altiplano: unknown good": (
        "altiplano",
        edit_at(("roles", 0, "start", "gold"), 1),
        "roles[0].start.gold: unknown good 'gold'",
        {
            "de": "roles[0].start.gold: unbekannter Wert (Ware): 'gold'",
            "fr": "roles[0].start.gold : valeur inconnue (marchandise) : 'gold'",
            "pt": "roles[0].start.gold: valor desconhecido (mercadoria): 'gold'",
            "ru": "roles[0].start.gold: неизвестное значение (товар): 'gold'",
        },
    ),
    "altiplano: a role repeated": (
        "altiplano",
        edit_at(("roles", 1, "id"), "woodcutter"),
        "roles[1].id: role 'woodcutter' is repeated",
        {
            "de": "roles[1].id: Rolle 'woodcutter' kommt doppelt vor",
            "fr": "roles[1].id : rôle 'woodcutter' en double",
            "pt": "roles[1].id: profissão 'woodcutter' aparece mais de uma vez",
            "ru": "roles[1].id: роль 'woodcutter' повторяется",
        },
    ),
    "altiplano: more glass than the game has": (
        "altiplano",
        edit_at(("setup_by_players", "value", "2", "glass"), 13),
        "setup_by_players.2.glass: exceeds the 12 tiles of the game",
        {
            "de": "setup_by_players.2.glass: übersteigt den Bestand des Spiels (12 Plättchen)",
            "fr": "setup_by_players.2.glass : dépasse le total du jeu (12 tuiles)",
            "pt": "setup_by_players.2.glass: excede o total do jogo (12 peças)",
            "ru": "setup_by_players.2.glass: превышает запас игры (12 жетонов)",
        },
    ),
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("case", sorted(EDITION_REFUSALS))
def test_an_edition_files_refusal_is_said_in_the_readers_language(client, case):
    """The lobby's page says why the games' own checks refused an edition file in each
    rulebook language, and says it no longer in English."""
    game, edit, english, said = EDITION_REFUSALS[case]
    edition = copy.deepcopy(BUILTIN_EDITIONS[game])
    edit(edition)
    upload = {"opt_edition_file": ("edition.json", json.dumps(edition).encode(), "text/json")}
    form = {"game": game, "players": "2"}
    page = client.post("/tables", data=form, files=upload)
    assert page.status_code == 400 and english in html.unescape(page.text)
    for language, sentence in said.items():
        headers = {"accept-language": language}
        page = client.post("/tables", data=form, files=upload, headers=headers)
        assert page.status_code == 400
        text = html.unescape(page.text)
        assert sentence in text and english not in text, language
