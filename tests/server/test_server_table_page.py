"""The table page's helpers on the server: "why not" for a click (the engine's rule and reason
for the seat's own tentative action, playing nothing), the page of a seat that is gone, and the
pages of a wrong address (no such table, a wrong invite link) in the reader's language."""

from __future__ import annotations

import random

from server_helpers import bearer, new_table

from meeple.server.live import elements_of


def _at_actions(client):
    """A Tikal table for two people, played (first moves, by the API) until the seat to move
    has a tried action the rules refuse; the table, the secrets and that seat."""
    table, secrets = new_table(client)
    rng = random.Random(5)
    for number in range(200):
        live = client.app.state.service._live(table)
        seat = live.state.to_move()[0]
        if live.state.refusals(seat):
            return table, secrets, seat
        mine = client.get(f"/api/tables/{table}", headers=bearer(secrets[seat])).json()
        kinds = [e for e in mine["legal"] if e["action"]["kind"] != "end_turn"] or mine["legal"]
        body = {
            "action": rng.choice(kinds)["action"],
            "version": mine["version"],
            "nonce": f"n{number}",
        }
        answer = client.post(f"/api/tables/{table}/moves", json=body, headers=bearer(secrets[seat]))
        assert answer.json()["ok"]
    raise AssertionError("no position with a refusal")


def _refused(client, table, seat):
    """A tried action of `seat` that the rules refuse: its elements, rule and reason."""
    live = client.app.state.service._live(table)
    for action, exc in live.state.refused(seat):
        return list(elements_of(live.info)(live.state, action)), exc.rule, str(exc.detail)
    raise AssertionError("no refused action")


def _why(client, table, elements, headers):
    query = "&".join(f"element={e}" for e in elements)
    response = client.get(f"/api/tables/{table}/why?{query}", headers=headers)
    assert response.status_code == 200, response.text
    return response.json()


def test_why_not_gives_the_engines_rule_and_reason_and_plays_nothing(client):
    table, secrets, seat = _at_actions(client)
    elements, rule, reason = _refused(client, table, seat)
    before = client.get(f"/api/tables/{table}").json()["version"]
    answer = _why(client, table, elements, bearer(secrets[seat]))
    assert answer["game"] is True and answer["rule"] == rule
    assert answer["version"] == before
    assert client.get(f"/api/tables/{table}").json()["version"] == before
    assert answer["reason"]  # the rule's own words (English: as the engine made them)
    german = _why(client, table, elements, {**bearer(secrets[seat]), "accept-language": "de"})
    assert german["rule"] == rule and german["reason"] != reason  # said in German


def test_why_not_for_others_and_for_nothing_is_said_by_code(client):
    table, secrets, seat = _at_actions(client)
    elements, _, _ = _refused(client, table, seat)
    other = 1 - seat
    assert _why(client, table, elements, bearer(secrets[other]))["rule"] == "not your turn"
    assert _why(client, table, elements, {})["rule"] == "not a seat"  # a spectator learns nothing
    answer = _why(client, table, ["nothing:here"], bearer(secrets[seat]))
    assert answer == {
        "version": answer["version"],
        "game": False,
        "reason": None,
        "rule": "no choice",
    }


def test_why_not_is_refused_from_another_site(client):
    table, secrets, seat = _at_actions(client)
    headers = {**bearer(secrets[seat]), "origin": "https://elsewhere.example"}
    response = client.get(f"/api/tables/{table}/why?element=x", headers=headers)
    assert response.status_code == 403


def _deleted(response, table):
    """Whether the response deletes the browser's seat cookie of the table."""
    cookie = response.headers.get("set-cookie", "")
    return cookie.startswith(f"meeple_{table}=") and "Max-Age=0" in cookie


def test_a_seat_that_is_gone_gets_the_spectators_page_and_loses_its_cookie(client):
    table, _ = new_table(client)
    client.cookies.set(f"meeple_{table}", "a-session-that-is-gone")
    page = client.get(f"/tables/{table}")
    assert page.status_code == 200
    assert 'data-gone="gone"' in page.text and 'class="spectator"' in page.text
    assert _deleted(page, table)
    forgotten = client.post(f"/tables/{table}/forget")
    assert forgotten.status_code == 204 and _deleted(forgotten, table)
    refused = client.post(
        f"/tables/{table}/forget", headers={"origin": "https://elsewhere.example"}
    )
    assert refused.status_code == 403


def test_an_unknown_table_is_a_page_in_the_readers_language(client):
    page = client.get("/tables/nosuchtable", headers={"accept-language": "de"})
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "Diesen Tisch gibt es nicht" in page.text and '"detail"' not in page.text
    join = client.get("/join/nosuchtable/secret", headers={"accept-language": "fr"})
    assert join.status_code == 404 and "Cette table n’existe pas" in join.text


def test_a_wrong_invite_link_says_so_and_what_to_do(client):
    table, _ = new_table(client)
    page = client.get(f"/join/{table}/not-the-secret", headers={"accept-language": "pt"})
    assert page.status_code == 403
    assert "peça-lhe o novo" in page.text  # the way on: a reissued link, ask the creator


def test_play_again_against_the_same_bots_seats_the_player_at_once(client):
    form = {"game": "tikal", "quick": "1", "players": "3", "seat_0": "human"}
    form |= {"seat_1": "human", "seat_1_spec": "random", "seat_2": "human", "seat_2_spec": "greedy"}
    page = client.post("/tables", data=form)
    assert page.status_code == 200 and "/tables/" in str(page.url)
    table = str(page.url).rsplit("/", 1)[1]
    state = client.get(f"/api/tables/{table}").json()
    assert state["seat"] == 0
    assert [(s["kind"], s["bot"]) for s in state["seats"]] == [
        ("human", None),
        ("bot", "random"),
        ("bot", "greedy"),
    ]


def test_the_creator_finds_the_table_in_my_games_before_taking_a_seat(client):
    form = {"game": "tikal", "players": "2", "seat_0": "human", "seat_1": "human"}
    created = client.post("/tables", data=form)
    assert created.status_code == 200 and "Tikal" in created.text
    games = client.get("/games")
    assert 'id="created"' in games.text and "holds no seat yet" not in games.text
    assert games.text.count("/tables/") >= 1 and "free, free" in games.text
    client.cookies.clear()  # another browser: nothing of it
    assert 'id="created"' not in client.get("/games").text


def test_an_all_bot_table_does_not_ask_to_send_links(client):
    form = {"game": "tikal", "players": "2", "seat_0": "easy", "seat_1": "easy"}
    page = client.post("/tables", data=form)
    assert page.status_code == 200
    assert "Send each player their link" not in page.text
    assert "Every seat is a bot" in page.text


def test_a_replaced_invite_link_says_it_was_replaced(client):
    created = client.post(
        "/api/tables", json={"game": "tikal", "seats": [{"kind": "human"}, {"kind": "human"}]}
    ).json()
    table, old = created["table"], created["seats"][1]["secret"]
    reissued = client.post(f"/api/tables/{table}/seats/1/invite", headers=bearer(created["admin"]))
    assert reissued.status_code == 200
    page = client.get(f"/join/{table}/{old}", headers={"accept-language": "fr"})
    assert page.status_code == 403 and "a été remplacé par un nouveau" in page.text
    wrong = client.get(f"/join/{table}/{'w' * 43}", headers={"accept-language": "fr"})
    assert wrong.status_code == 403 and "a été remplacé" not in wrong.text
    joined = client.post(f"/join/{table}/{old}", data={"name": "Eve"})
    assert joined.status_code == 403 and "was replaced by a new one" in joined.text
