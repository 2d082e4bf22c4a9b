"""Ratings (issue 28): a rated table's end moves every seat's rating by openskill's
Plackett-Luce figures for the game's ranking, per game and player count; bots are rated
players; an abandoned seat is ranked last; undo is off and signed-out players are refused at
rated tables; the profiles and leaderboards show it, as pages and JSON, with nothing secret;
and a database of the schema before ratings keeps its games."""

from __future__ import annotations

import random
import re

import pytest
from openskill.models import PlackettLuce
from server_helpers import bearer, insert_moves, random_tikal_moves, schema_at
from test_server_accounts import PASSWORD, browser, csrf_of, sign_up

from meeple.server.account_store import AccountStore
from meeple.server.ratings import UNDO_OFF, final_ranks
from meeple.server.service import NotAllowed, TableError, TableService
from meeple.server.store import Store

MODEL = PlackettLuce()


@pytest.fixture
def service(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'ratings.db'}")
    yield TableService(store)
    store.close()


def accounts(service, *names):
    made = AccountStore(service.store)
    return [made.create(name, name.casefold(), PASSWORD, None, 1.0).id for name in names]


def rated_table(service, players, seats):
    """A rated Tikal table of `seats` (an account id: its person; a text: that bot level),
    each person seated by their invite link."""
    from meeple.server.service import SeatChoice

    choices = [SeatChoice() if isinstance(s, int) else SeatChoice("bot", s) for s in seats]
    created = service.create("tikal", {"players": players}, choices, rated=True)
    for seat, who in enumerate(seats):
        if isinstance(who, int):
            service.join(created.id, created.invites[seat], f"P{seat}", who)
    return created


def choose(state, seat, rng):
    """Seat 0 plays a random move other than ending its turn while it has one (it scores);
    every other seat ends its turn at once (it scores nothing): a short game with a ranking."""
    legal = state.legal_actions(seat)
    if seat == 0:
        busy = [a for a in legal if a.kind != "end_turn"]
        if busy:
            return rng.choice(busy)
    ending = [a for a in legal if a.kind == "end_turn"]
    return ending[0] if ending else legal[0]


def finish(service, table_id, seed=1, nonce_of=lambda seat, n: f"n{n}"):
    """Play the table to its end through the service (every seat, the bots' too)."""
    rng = random.Random(seed)
    n = 0
    while not service._live(table_id).state.is_over():
        table = service._live(table_id)
        (seat,) = table.state.to_move()
        action = choose(table.state, seat, rng).to_json()
        n += 1
        answer = service.move(table_id, seat, action, table.version, nonce_of(seat, n))
        assert answer.ok, answer
    return service._live(table_id)


def expected(before, ranks):
    """openskill's own figures for players rated `before` ((mu, sigma) each) at `ranks`."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(t[0].mu, t[0].sigma) for t in MODEL.rate(teams, ranks=ranks)]


def test_a_rated_games_end_moves_each_seats_rating_by_openskills_figures(service):
    ann, bob = accounts(service, "Ann", "Bob")
    created = rated_table(service, 3, [ann, bob, "easy"])
    table = finish(service, created.id)
    scores = table.state.scores()
    assert scores[0] > 0 and scores[1] == scores[2] == 0
    fresh = (MODEL.mu, MODEL.sigma)
    want = expected([fresh] * 3, [1, 2, 2])  # seats 1 and 2 tie: they share the 2nd place
    changes = service.ratings.changes_of_table(created.id)
    assert [(c.seat, c.rank, c.abandoned) for c in changes] == [
        (0, 1, False),
        (1, 2, False),
        (2, 2, False),
    ]
    for change, (mu, sigma) in zip(changes, want, strict=True):
        assert (change.before.mu, change.before.sigma) == fresh
        assert change.after.mu == pytest.approx(mu) and change.after.sigma == pytest.approx(sigma)
    bot = service.ratings.player("bot:easy")
    assert bot is not None and bot.bot == "easy" and changes[2].player == bot
    (rating,) = service.ratings.ratings_of(ann)
    assert (rating.game, rating.players, rating.games) == ("tikal", 3, 1)
    assert rating.skill.mu == pytest.approx(want[0][0])
    assert rating.skill.shown == pytest.approx(want[0][0] - 3 * want[0][1])
    over = service.payload(created.id, 0)
    assert [r["rank"] for r in over["ratings"]] == [1, 2, 2]
    assert over["ratings"][0]["player"] == "Ann" and over["ratings"][2]["player"] == "bot:easy"
    assert over["ratings"][0]["before"] == pytest.approx(0.0)
    assert over["ratings"][0]["after"] > 0 > over["ratings"][1]["after"]

    # The next game starts from these ratings; Bob now sits first and wins. Another player
    # count is another rating.
    second = rated_table(service, 3, [bob, "easy", ann])
    finish(service, second.id, seed=2)
    before = {c.player.id: (c.after.mu, c.after.sigma) for c in changes}
    bot_id = bot.id
    again = expected([before[bob], before[bot_id], before[ann]], [1, 2, 2])
    after = {c.player.id: c for c in service.ratings.changes_of_table(second.id)}
    for player, (mu, sigma) in zip((bob, bot_id, ann), again, strict=True):
        assert (after[player].before.mu, after[player].before.sigma) == before[player]
        assert after[player].after.mu == pytest.approx(mu)
        assert after[player].after.sigma == pytest.approx(sigma)
    two = rated_table(service, 2, [ann, bob])
    finish(service, two.id)
    ratings = {(r.game, r.players): r for r in service.ratings.ratings_of(ann)}
    assert ratings["tikal", 3].games == 2 and ratings["tikal", 2].games == 1
    assert ratings["tikal", 2].skill.mu == pytest.approx(expected([fresh] * 2, [1, 2])[0][0])


class Finished:
    """A finished game's results as `final_ranks` reads them."""

    def __init__(self, scores, winners, coins=None):
        self.num_players = len(scores)
        self._scores, self._winners, self._coins = scores, winners, coins

    def scores(self):
        return self._scores

    def winners(self):
        return self._winners

    def score_sheet(self):
        if self._coins is None:
            return {"players": len(self._scores)}
        players = [{"seat": s, "coins": c} for s, c in enumerate(self._coins)]
        return {"players": players, "tie_break": ["coins"]}


def test_the_ranking_is_the_games_own_with_ties_shared_and_abandoned_seats_last():
    assert final_ranks(Finished([10, 3, 10, 5], [0, 2]), set()) == [1, 4, 1, 3]
    # Altiplano's coins settle a tie on points, for the winner as for the others.
    assert final_ranks(Finished([10, 7, 10, 7], [0], [3, 1, 2, 4]), set()) == [1, 4, 2, 3]
    # Abandoned seats go last whatever their points; two of them share the last place.
    assert final_ranks(Finished([10, 3, 10, 5], [0, 2]), {0}) == [4, 3, 1, 2]
    assert final_ranks(Finished([10, 3, 10, 5], [0, 2]), {0, 2}) == [3, 2, 3, 1]


def test_a_seat_handed_to_a_bot_loses_whatever_its_bot_made_of_it(service):
    ann, bob = accounts(service, "Ann", "Bob")
    created = rated_table(service, 2, [ann, bob])
    table = service._live(created.id)
    service.hand_to_bot(created.id, created.admin_secret, 0, "easy")
    assert table.seats[0].account_id == ann
    table = finish(service, created.id)
    assert table.state.winners() == [0]  # the bot won on Ann's seat
    changes = service.ratings.changes_of_table(created.id)
    assert [(c.player.id, c.rank, c.abandoned) for c in changes] == [
        (ann, 2, True),
        (bob, 1, False),
    ]
    assert changes[0].after.mu < changes[0].before.mu < changes[1].after.mu


def test_a_seat_whose_time_ran_out_loses_also_after_a_restart(service, tmp_path):
    ann, bob = accounts(service, "Ann", "Bob")
    created = rated_table(service, 2, [ann, bob])
    # The clock's bot moved once for Ann (the server's own nonce, as `meeple.server.bots`).
    table = finish(service, created.id, nonce_of=lambda s, n: f"!bot-{n}" if n == 3 else f"n{n}")
    assert table.state.winners() == [0] and table.timed_out == {0}
    ranks = [(c.rank, c.abandoned) for c in service.ratings.changes_of_table(created.id)]
    assert ranks == [(2, True), (1, False)]
    again = TableService(service.store)
    assert again._live(created.id).timed_out == {0}


def test_a_rated_game_its_process_did_not_rate_is_rated_when_loaded(service):
    """The process that stored the last move stopped before rating it: the next load rates
    it, once."""
    ann, bob = accounts(service, "Ann", "Bob")
    created = rated_table(service, 2, [ann, bob])
    service.ratings.record_game = lambda *args: []  # this process dies before rating
    finish(service, created.id)
    assert service.store.load_table(created.id).status == "over"
    del service.ratings.record_game
    later = TableService(service.store)
    assert [c.rank for c in later._live(created.id).ratings] == [1, 2]
    assert TableService(service.store)._live(created.id).ratings == later._live(created.id).ratings
    assert service.ratings.ratings_of(ann)[0].games == 1


def test_a_rating_that_fails_leaves_the_last_move_standing_and_is_made_at_the_next_load(
    service, caplog
):
    ann, bob = accounts(service, "Ann", "Bob")
    created = rated_table(service, 2, [ann, bob])

    def broken(*args):
        raise RuntimeError("the database went away")

    service.ratings.record_game = broken
    finish(service, created.id)  # every move answered, the last one too
    assert "rating the finished game failed" in caplog.text
    del service.ratings.record_game
    assert [c.rank for c in service._live(created.id).ratings] == [1, 2]
    assert service.payload(created.id, 0)["ratings"][0]["rank"] == 1


def test_undo_is_off_in_rated_tables_and_on_in_casual_ones(service):
    ann, bob = accounts(service, "Ann", "Bob")
    from meeple.server.service import SeatChoice

    casual = service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice()])
    rated = rated_table(service, 2, [ann, bob])
    for created in (casual, rated):
        table = service._live(created.id)
        place = next(a for a in table.state.legal_actions(0) if a.kind == "place_tile")
        assert service.move(created.id, 0, place.to_json(), 0, "m1").ok
    assert service.payload(casual.id, 0)["can_undo"] is True
    assert service.undo(casual.id, 0, 1, "u1").ok
    payload = service.payload(rated.id, 0)
    assert payload["rated"] is True and payload["can_undo"] is False
    refused = service.undo(rated.id, 0, 1, "u1")
    assert (refused.ok, refused.rule, refused.reason) == (False, "undo", UNDO_OFF)
    assert service.version(rated.id) == 1


def test_a_rated_table_seats_only_accounts_each_once_and_rates_only_levels(service):
    (ann,) = accounts(service, "Ann")
    from meeple.server.service import SeatChoice

    created = service.create(
        "tikal", {"players": 2}, [SeatChoice(), SeatChoice()], rated=True, open_table=True
    )
    with pytest.raises(NotAllowed, match="signed in"):
        service.join(created.id, created.invites[0], "Ann", None)
    with pytest.raises(NotAllowed, match="signed in"):
        service.sit(created.id, "Ann", None)
    service.join(created.id, created.invites[0], "Ann", ann)
    with pytest.raises(NotAllowed, match="already holds a seat"):
        service.sit(created.id, "Ann again", ann)
    # A program with seat 2's invite secret alone may not play it: the game would end unrated.
    state = service._live(created.id).state
    first = state.legal_actions(0)[0].to_json()
    assert service.move(created.id, 0, first, 0, "a1").ok  # a tile placed; then the turn ends
    end = next(a for a in state.legal_actions(0) if a.kind == "end_turn").to_json()
    assert service.move(created.id, 0, end, 1, "a2").ok
    later = service._live(created.id)
    move = later.state.legal_actions(1)[0].to_json()
    refused = service.move(created.id, 1, move, later.version, "b1")
    assert (refused.ok, refused.rule) == (False, "rated")
    assert service.move(created.id, 1, move, later.version, "!bot-9").ok  # its clock's bot may
    bots = [SeatChoice(), SeatChoice("bot", "random")]
    with pytest.raises(TableError, match="levels"):
        service.create("tikal", {"players": 2}, bots, rated=True)
    only_bots = [SeatChoice("bot", "easy"), SeatChoice("bot", "easy")]
    with pytest.raises(TableError, match="person"):
        service.create("tikal", {"players": 2}, only_bots, rated=True)


# -- over HTTP ------------------------------------------------------------------------------


def join_signed_in(client, table, secret, name):
    answer = client.post(
        f"/join/{table}/{secret}",
        data={"name": name, "csrf": csrf_of(client, f"/join/{table}/{secret}")},
        follow_redirects=False,
    )
    assert answer.status_code == 303, answer.text
    return answer


def play_over_http(client, table, secrets, seed=1):
    """Play every seat to the end over the JSON API (seat 0 scores, the others end turns)."""
    rng = random.Random(seed)
    n = 0
    while True:
        position = client.get(f"/api/tables/{table}?log_start=100000").json()
        if position["over"]:
            return position
        (seat,) = position["to_move"]
        mine = client.get(f"/api/tables/{table}?log_start=100000", headers=bearer(secrets[seat]))
        legal = [entry["action"] for entry in mine.json()["legal"]]
        busy = [a for a in legal if a["kind"] != "end_turn"]
        ending = [a for a in legal if a not in busy]
        action = rng.choice(busy) if seat == 0 and busy else (ending or legal)[0]
        n += 1
        answer = client.post(
            f"/api/tables/{table}/moves",
            json={"action": action, "version": position["version"], "nonce": f"h{n}"},
            headers=bearer(secrets[seat]),
        )
        assert answer.status_code == 200, answer.text


@pytest.mark.timeout(120)
def test_the_profiles_and_the_leaderboard_show_a_rated_games_ratings(client, settings):
    sign_up(client, "Ann Lee", email="ann@example.org")
    made = client.post(
        "/api/tables",
        json={"game": "tikal", "seats": [{"kind": "human"}, {"kind": "human"}], "rated": True},
    ).json()
    table, secrets = made["table"], [s["secret"] for s in made["seats"]]
    join_signed_in(client, table, secrets[0], "Ann Lee")
    with browser(settings) as bob:
        sign_up(bob, "Bob")
        refused = bob.post(
            "/signout", data={"csrf": bob.cookies.get("meeple.csrf")}, follow_redirects=False
        )
        assert refused.status_code == 303
        page = bob.get(f"/join/{table}/{secrets[1]}").text
        assert 'id="sign-in-first"' in page and "Take the seat" not in page
        signed_out = bob.post(f"/join/{table}/{secrets[1]}", data={"name": "Bob"})
        assert signed_out.status_code == 403 and "this table is rated" in signed_out.text
        from test_server_accounts import sign_in

        sign_in(bob, "Bob")
        join_signed_in(bob, table, secrets[1], "Bob")
        # (Two apps on one SQLite file do not hear of each other's changes: Bob's app, which
        # loaded the table after Ann's join, plays it.)
        over = play_over_http(bob, table, secrets)
        assert [r["player"] for r in over["ratings"]] == ["Ann Lee", "Bob"]
        assert over["ratings"][0]["after"] > over["ratings"][1]["after"]

        profile = bob.get("/api/players/ann lee").json()  # a name is found whatever its case
        assert profile["name"] == "Ann Lee" and profile["games"] == {"tikal": 1}
        (rating,) = profile["ratings"]
        assert (rating["players"], rating["games"]) == (2, 1)
        assert rating["rating"] == pytest.approx(over["ratings"][0]["after"])
        assert profile["history"][0]["table"] == table and profile["history"][0]["rank"] == 1
        assert profile["recent"] == [
            {
                "table": table,
                "game": "tikal",
                "seat": 0,
                "day": profile["recent"][0]["day"],
                "rated": True,
                "rank": 1,
                "replay": f"/tables/{table}/replay",
            }
        ]
        page = bob.get("/players/Ann%20Lee").text
        assert f"{rating['rating']:.1f}" in page and f'href="/tables/{table}/replay"' in page
        board = bob.get("/api/leaderboard/tikal?players=2").json()
        assert [(row["rank"], row["player"]) for row in board["rows"]] == [
            (1, "Ann Lee"),
            (2, "Bob"),
        ]
        html = bob.get("/leaderboard/tikal?players=2").text
        html = html[html.index('id="leaderboard"') :]
        assert html.index(">Ann Lee<") < html.index(">Bob<")
        assert bob.get("/api/leaderboard/tikal?players=3").json()["rows"] == []
        assert "No rated game of 3 players" in bob.get("/leaderboard/tikal?players=3").text
        for path in ("/players/Ann%20Lee", "/api/players/Ann%20Lee", "/api/leaderboard/tikal"):
            seen = bob.get(path).text
            assert "ann@example.org" not in seen and "$argon2" not in seen
        assert bob.get("/api/players/Nobody").status_code == 404
        assert bob.get("/players/Nobody").status_code == 404
        assert bob.get("/api/leaderboard/chess").status_code == 404
        assert bob.get("/leaderboard", follow_redirects=False).status_code == 303
        # Bob's account page and "my games" link his own profile, never Ann's.
        assert 'href="/players/Bob"' in bob.get("/account").text
        assert 'href="/players/Bob"' in bob.get("/games").text
    # A deleted account leaves the leaderboard and has no profile; its games stay.
    client.post("/account/delete", data={"csrf": csrf_of(client, "/account"), "password": PASSWORD})
    assert client.get("/api/players/Ann%20Lee").status_code == 404
    rows = client.get("/api/leaderboard/tikal?players=2").json()["rows"]
    assert [row["player"] for row in rows] == ["Bob"]


def test_a_rated_table_from_the_form_needs_an_account(client):
    form = {"game": "tikal", "players": "2", "seat_0": "human", "seat_1": "human", "rated": "1"}
    refused = client.post("/tables", data=form)
    assert refused.status_code == 403 and "sign in to create a rated table" in refused.text
    lobby = client.get("/").text
    assert re.search(r'name="rated" value="1" disabled', lobby)
    sign_up(client, "Ann")
    assert 'name="rated" value="1" disabled' not in client.get("/").text
    made = client.post("/tables", data={**form, "open": "1"})
    assert made.status_code == 200 and "/join/" in made.text
    (line,) = client.get("/api/open-tables").json()
    assert line["rated"] is True
    client.post("/signout", data={"csrf": client.cookies.get("meeple.csrf")})
    lobby = client.get("/").text
    assert "Sign in to take a seat" in lobby and 'action="/tables/' not in lobby


def test_a_database_of_the_schema_before_ratings_keeps_its_games(db_url):
    """Alembic's steps to the ratings (0006, 0007) on a database of the schema before (0005),
    holding a Tikal game of 12 moves whose seat an account holds: the game loads and plays on,
    casual, and it can be rated afterwards like any other."""

    from sqlalchemy import text

    from meeple.server.credentials import digest

    state, actions, movers = random_tikal_moves(5, 3, 12)
    with schema_at(db_url, "0005") as connection:
        connection.execute(
            text(
                "INSERT INTO accounts (name, name_key, password_hash, created_at, deleted)"
                " VALUES ('Ann', 'ann', NULL, '2026-01-01 00:00:00', false)"
            )
        )
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
                    "INSERT INTO seats (table_id, seat, kind, name, session_hash, account_id)"
                    f" VALUES ('old1', {seat}, 'human', 'P{seat}', '{digest(f'cookie{seat}')}',"
                    f" {'1' if seat == 0 else 'NULL'})"
                )
            )
        insert_moves(connection, "old1", actions, movers)
    store = Store(db_url)  # migrates to the newest schema
    try:
        loaded = store.load_table("old1")
        assert loaded is not None and loaded.version == 12 and loaded.rated is False
        assert [m.action for m in loaded.log] == actions
        assert [(s.name, s.account_id) for s in loaded.seats] == [("P0", 1), ("P1", None)]
        service = TableService(store)
        table = service._live("old1")
        assert table.state.to_json() == state.to_json() and table.rated is False
        assert service.payload("old1", 0)["can_undo"] == (table.undo_refusal(0) is None)
        (seat,) = state.to_move()
        move = state.legal_actions(seat)[0].to_json()
        assert service.move("old1", seat, move, 12, "after").ok
        assert service.ratings.ratings_of(1) == [] and service.ratings.player("ann").name == "Ann"
        bob = AccountStore(store).create("Bob", "bob", PASSWORD, None, 1.0)
        created = rated_table(service, 2, [1, bob.id])
        finish(service, created.id)
        assert [c.rank for c in service.ratings.changes_of_table(created.id)] == [1, 2]
    finally:
        store.close()


def test_a_process_that_hears_a_rated_games_end_shows_its_ratings(postgres_url):
    """Two server processes on one PostgreSQL database: the one that stores the last move
    rates the game; the other, catching up with the log, reads the changes."""
    stores = [Store(postgres_url), Store(postgres_url)]
    try:
        a, b = (TableService(store) for store in stores)
        ann, bob = accounts(a, "Ann", "Bob")
        created = rated_table(a, 2, [ann, bob])
        behind = b._live(created.id)
        ahead = finish(a, created.id)
        assert b.heard(created.id, ahead.version)
        assert b._tables[created.id] is behind and [c.rank for c in behind.ratings] == [1, 2]
        assert b.payload(created.id, 1)["ratings"] == a.payload(created.id, 1)["ratings"]
    finally:
        for store in stores:
            store.close()


def test_a_bot_levels_profile_and_place_on_the_leaderboard(client, settings):
    """A rated game played by another process on the server's database (a bot level and
    two accounts): the bot's profile and the leaderboard show it as a rated player."""
    store = Store(settings.db_url)
    try:
        service = TableService(store)
        ann, bob = accounts(service, "Ann", "Bob")
        created = rated_table(service, 3, ["medium", ann, bob])
        finish(service, created.id)  # seat 1, the bot, scores; Ann and Bob end their turns
    finally:
        store.close()
    bot = client.get("/api/players/bot:medium").json()
    assert bot["bot"] == "medium" and bot["games"] == {"tikal": 1}
    assert [(r["players"], r["games"]) for r in bot["ratings"]] == [(3, 1)]
    assert "Bot: medium" in client.get("/players/bot:medium").text
    rows = client.get("/api/leaderboard/tikal?players=3").json()["rows"]
    best = rows[0]
    assert (best["player"], best["bot"], best["profile"]) == (
        "bot:medium",
        "medium",
        "/players/bot:medium",
    )
    assert {row["player"] for row in rows[1:]} == {"Ann", "Bob"}


def test_a_rated_table_offers_no_hints_even_when_asked_to(service):
    from meeple.server.service import NotAllowed, SeatChoice

    ann, bob = accounts(service, "Ann", "Bob")
    rated = rated_table(service, 2, [ann, bob])
    asked = service.create(
        "tikal", {"players": 2}, [SeatChoice(), SeatChoice()], hints=True, rated=True
    )
    casual = service.create("tikal", {"players": 2}, [SeatChoice(), SeatChoice()])
    assert service.payload(casual.id, 0)["hints"] is True
    for table in (rated.id, asked.id):
        assert service.payload(table, 0)["hints"] is False
        with pytest.raises(NotAllowed, match="no hints"):
            service.hint_question(table, 0)
