"""A match of bots only is bounded and can be stopped: its options may not let it last more than
``PLAY_BOT_MATCH_MAX_MOVES`` (20,000) moves by their worst case (``GameSpec.most_moves``), on
every way a match is made (the API, the new-match page); the person who made it stops it
(``POST /api/matches/<id>/abandon/`` and the table's button), a visitor with no display name by
the session that made it; a match left to bots by its last person's resignation is held to the
same bound."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from play.errors import MatchError
from play.games import GAMES
from play.identity import Player
from play.models import Match
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.resign import resign
from tests.conftest import EN, JA
from tests.play.matches import HUMAN, RANDOM, person

pytestmark = pytest.mark.usefixtures("db")

EASY = {"kind": "bot", "bot": "easy"}
LONG = {"game": "completto", "seats": [EASY] * 6, "options": {"games": 100, "max_turns": 1000000}}


def test_each_games_longest_match_by_its_options():
    most = {slug: game.spec.most_moves for slug, game in GAMES.items()}
    assert most["completto"]({}, 2) == 2 * 1000 + 2 * 2 * 5
    assert most["completto"]({"games": 9}, 6) == 9 * (2 * 1000 + 2 * 6 * 4) == 18432
    assert most["completto"]({"games": 100, "max_turns": 1000000}, 6) == 200004800
    assert most["lama"]({}, 4) == 600
    assert most["lama"]({"end_at": 1000}, 6) == 15000
    assert most["elements"]({}, 4) == 260
    assert most["elements"]({"deals": 50}, 5) == 3250
    assert most["eoc"]({"rows": 5, "sandbox": True}, 2) is None
    assert {slug: g.spec.length_options for slug, g in GAMES.items()} == {
        "lama": ("end_at",), "completto": ("games", "max_turns"), "elements": ("deals",), "eoc": ()}


def test_a_bot_only_match_that_could_last_for_ever_is_refused_naming_the_options(alice_api):
    en = alice_api.post("/api/matches/", LONG, format="json", **EN)
    ja = alice_api.post("/api/matches/", LONG, format="json", **JA)
    assert (en.status_code, ja.status_code) == (400, 400)
    details = {"options": ["games", "max_turns"], "moves": 200004800, "limit": 20000}
    assert en.json()["error"] == {
        "code": "bad_options", "details": details,
        "message": "A match of bots only may last at most 20,000 moves, and with these options (games, max_turns) "
                   "it may last 200,004,800. Choose smaller values of games, max_turns."}
    assert ja.json()["error"] == {
        "code": "bad_options", "details": details,
        "message": "ボットだけの対戦は最大20,000手までです。この設定（games, max_turns）では最大200,004,800手かかることがあります。"
                   "games, max_turns の値を小さくしてください。"}
    assert Match.objects.count() == 0


def test_the_cap_falls_between_nine_and_ten_completto_games_and_people_are_not_held_to_it(alice_api):
    nine = alice_api.post("/api/matches/", {**LONG, "options": {"games": 9}}, format="json", **EN)
    assert (nine.status_code, nine.json()["status"]) == (201, "running")
    ten = alice_api.post("/api/matches/", {**LONG, "options": {"games": 10}}, format="json", **EN)
    assert (ten.status_code, ten.json()["error"]["details"]) == (
        400, {"options": ["games", "max_turns"], "moves": 20480, "limit": 20000})
    lama = alice_api.post("/api/matches/", {"game": "lama", "seats": [EASY] * 6, "options": {"end_at": 1000}},
                          format="json")
    elements = alice_api.post("/api/matches/", {"game": "elements", "seats": [EASY] * 5, "options": {"deals": 50}},
                              format="json")
    assert (lama.status_code, elements.status_code) == (201, 201)
    with_a_person = alice_api.post("/api/matches/", {**LONG, "seats": [HUMAN] + [EASY] * 5}, format="json")
    assert (with_a_person.status_code, with_a_person.json()["status"]) == (201, "running")
    assert Match.objects.count() == 4


def test_the_new_match_page_refuses_it_too(client, user):
    client.force_login(user)
    data = {"game": "completto", "players": "6", "seconds_per_turn": "", "completto-games": "100",
            **{f"seat_{i}": "easy" for i in range(6)}}
    response = client.post("/play/new/", data, **EN)
    assert response.status_code == 400
    assert ("A match of bots only may last at most 20,000 moves, and with these options (games, max_turns) it may "
            "last 204,800. Choose smaller values of games, max_turns.") in response.content.decode()
    assert Match.objects.count() == 0
    response = client.post("/play/new/", {**data, "completto-games": "9"}, **EN)
    assert response.status_code == 302 and Match.objects.get().status == "running"


def test_the_maker_stops_a_bot_only_match_and_nobody_else_can(alice_api, bob_api, user):
    match = create_match(person(user), "completto", [EASY] * 6, {}, None)
    version = Match.objects.get(pk=match.pk).version
    response = bob_api.post(f"/api/matches/{match.id}/abandon/", **EN)
    assert response.status_code == 403
    assert response.json()["error"] == {"code": "not_creator", "details": {},
                                        "message": "Only the person who made this match can stop it."}
    assert Match.objects.get(pk=match.pk).status == "running"

    response = alice_api.post(f"/api/matches/{match.id}/abandon/", **EN)
    assert (response.status_code, response.json()["status"]) == (200, "abandoned")
    stopped = Match.objects.get(pk=match.pk)
    assert (stopped.status, stopped.version, stopped.turn_deadline) == ("abandoned", version, None)
    assert play_bot_turn(match.id, version) is False  # the bot turn already queued does nothing
    assert Match.objects.get(pk=match.pk).version == version
    again = alice_api.post(f"/api/matches/{match.id}/abandon/", **EN)
    assert (again.status_code, again.json()["error"]["code"]) == (409, "abandoned")
    # Over now, the maker may take it off their list.
    assert alice_api.post(f"/api/matches/{match.id}/dismiss/").status_code == 204


def test_a_match_a_person_plays_is_not_stopped_so(alice_api, user, other_user):
    match = create_match(person(user), "lama", [HUMAN, RANDOM], {}, None)
    stranger = APIClient()
    stranger.force_authenticate(other_user)
    refused = stranger.post(f"/api/matches/{match.id}/abandon/", **EN)
    assert (refused.status_code, refused.json()["error"]["code"]) == (403, "not_creator")  # not told who plays
    response = alice_api.post(f"/api/matches/{match.id}/abandon/", **JA)
    assert response.status_code == 409
    assert response.json()["error"] == {
        "code": "people_playing", "details": {},
        "message": "この対戦には人が参加しているため、止められません。止められるのはボットだけの対戦です。代わりに投了してください。"}
    assert Match.objects.get(pk=match.pk).status == "running"


def test_the_table_offers_its_maker_the_stop_button_in_both_languages(client, user, other_user):
    match = create_match(person(user), "lama", [EASY] * 3, {}, None)
    client.force_login(other_user)
    assert 'id="stop-control"' not in client.get(f"/play/m/{match.id}/", **EN).content.decode()
    client.force_login(user)
    en = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    ja = client.get(f"/play/m/{match.id}/", **JA).content.decode()
    assert f'action="/play/m/{match.id}/abandon/"' in en
    assert "<summary>Stop this match…</summary>" in en
    assert '<button type="submit" class="danger" id="stop-button">Yes, stop it</button>' in en
    assert "<summary>この対戦を止める…</summary>" in ja
    assert '<button type="submit" class="danger" id="stop-button">はい、止めます</button>' in ja
    response = client.post(f"/play/m/{match.id}/abandon/")
    assert (response.status_code, response["Location"]) == (302, f"/play/m/{match.id}/")
    assert Match.objects.get(pk=match.pk).status == "abandoned"
    assert 'id="stop-control"' not in client.get(f"/play/m/{match.id}/", **EN).content.decode()


def test_a_guest_maker_stops_theirs_by_session(client):
    client.post("/play/name/", {"name": "Ann", "next": "/play/"})
    response = client.post("/api/matches/", {"game": "lama", "seats": [EASY] * 2}, content_type="application/json")
    match_id = response.json()["id"]
    response = client.generic("POST", f"/api/matches/{match_id}/abandon/")  # no body
    assert (response.status_code, response.json()["status"]) == (200, "abandoned")


def test_the_last_person_resigning_leaves_a_long_match_abandoned_and_a_short_one_to_the_bots(user):
    long = create_match(person(user), "completto", [HUMAN] + [EASY] * 5, {"games": 100}, None)
    assert resign(person(user), long.id).status == "abandoned"
    short = create_match(person(user), "completto", [HUMAN] + [EASY] * 5, {"games": 9}, None)
    assert resign(person(user), short.id).status == "running"
    assert [m.status for m in Match.objects.order_by("created")] == ["abandoned", "running"]


# -- a maker with no display name ---------------------------------------------------------------------
STOP_REFUSED = {"code": "not_creator", "details": {},
                "message": "Only the person who made this match can stop it."}
BOTS_ONLY = {"game": "lama", "seats": [EASY] * 3}


def nameless_maker_of_a_bot_only_match(client) -> str:
    """A bot-only match made through the API by ``client``, which has no display name."""
    response = client.post("/api/matches/", BOTS_ONLY, content_type="application/json", **EN)
    assert (response.status_code, response.json()["status"]) == (201, "running")
    assert "guest_name" not in client.session
    return response.json()["id"]


def test_a_nameless_visitor_stops_the_bot_only_match_they_made_through_the_api():
    maker = Client(enforce_csrf_checks=True)
    match_id = nameless_maker_of_a_bot_only_match(maker)  # no cookie sent: no CSRF check yet
    session_key = maker.cookies["sessionid"].value
    assert Match.objects.get(pk=match_id).created_session == session_key != ""
    token = maker.cookies["csrftoken"].value

    other = Client()
    nameless_maker_of_a_bot_only_match(other)  # a nameless visitor with a session of their own
    refused = other.generic("POST", f"/api/matches/{match_id}/abandon/", **EN)  # no body
    assert (refused.status_code, refused.json()["error"]) == (403, STOP_REFUSED)
    no_session = Client().generic("POST", f"/api/matches/{match_id}/abandon/", **EN)
    assert (no_session.status_code, no_session.json()["error"]) == (403, STOP_REFUSED)
    assert "sessionid" not in no_session.cookies
    assert Match.objects.get(pk=match_id).status == "running"

    without_token = maker.generic("POST", f"/api/matches/{match_id}/abandon/", **EN)
    assert (without_token.status_code, Match.objects.get(pk=match_id).status) == (403, "running")
    stopped = maker.generic("POST", f"/api/matches/{match_id}/abandon/", HTTP_X_CSRFTOKEN=token, **EN)
    assert (stopped.status_code, stopped.json()["status"]) == (200, "abandoned")
    assert Match.objects.get(pk=match_id).status == "abandoned"
    assert maker.session.get("guest_name") is None


def test_a_nameless_visitor_finds_the_bot_only_match_they_made_in_their_list_and_dismisses_it():
    maker = Client()
    match_id = nameless_maker_of_a_bot_only_match(maker)
    other = Client()
    nameless_maker_of_a_bot_only_match(other)

    mine = maker.get("/api/matches/?mine=1", **EN)
    assert [m["id"] for m in mine.json()["results"]] == [match_id]
    lobby = maker.get("/play/", **EN).content.decode()
    assert 'id="my-matches"' in lobby and f"/play/m/{match_id}/" in lobby
    assert Client().get("/api/matches/?mine=1", **EN).json()["results"] == []  # no session: no list

    early = maker.generic("POST", f"/api/matches/{match_id}/dismiss/", **EN)
    assert (early.status_code, early.json()["error"]["code"]) == (409, "not_over")
    assert maker.generic("POST", f"/api/matches/{match_id}/abandon/", **EN).status_code == 200
    assert maker.generic("POST", f"/api/matches/{match_id}/dismiss/", **EN).status_code == 204
    assert maker.get("/api/matches/?mine=1", **EN).json()["results"] == []
    assert 'id="my-matches"' not in maker.get("/play/", **EN).content.decode()
    refused = Client().generic("POST", f"/api/matches/{match_id}/dismiss/", **EN)
    assert (refused.status_code, refused.json()["error"]["code"]) == (400, "name_required")
    assert len(other.get("/api/matches/?mine=1", **EN).json()["results"]) == 1  # theirs, untouched


def test_a_nameless_visitor_still_needs_a_name_for_a_seat():
    response = Client().post("/api/matches/", {"game": "lama", "seats": [HUMAN, EASY]},
                             content_type="application/json", **EN)
    assert (response.status_code, response.json()["error"]["code"]) == (400, "name_required")
    with pytest.raises(MatchError) as refused:
        create_match(Player(None, "k" * 32, ""), "lama", [HUMAN, EASY], {}, None)
    assert refused.value.code == "name_required"
    assert Match.objects.count() == 0


PAGE_FORM = {"game": "lama", "players": "3", "seconds_per_turn": "", **{f"seat_{i}": "easy" for i in range(3)}}


def test_a_nameless_visitor_makes_a_bot_only_match_on_the_page_and_stops_it_from_its_table():
    maker = Client()
    assert maker.get("/play/new/")["Location"] == "/play/name/?next=%2Fplay%2Fnew%2F"  # as before
    made = maker.post("/play/new/", PAGE_FORM, **EN)
    match = Match.objects.get()
    assert (made.status_code, made["Location"]) == (302, f"/play/m/{match.id}/")
    assert (match.status, match.created_by_id, match.created_session) == (
        "running", None, maker.session.session_key)
    assert "guest_name" not in maker.session
    table = f"/play/m/{match.id}/"
    assert 'id="stop-control"' in maker.get(table, **EN).content.decode()
    assert f'action="/play/m/{match.id}/abandon/"' in maker.get(table, **EN).content.decode()

    other = Client()
    nameless_maker_of_a_bot_only_match(other)
    assert 'id="stop-control"' not in other.get(table, **EN).content.decode()
    refused = other.post(f"/play/m/{match.id}/abandon/", **EN)
    assert (refused.status_code, refused["Location"]) == (302, table)
    assert "Only the person who made this match can stop it." in other.get(table, **EN).content.decode()
    stranger = Client()
    assert 'id="stop-control"' not in stranger.get(table, **EN).content.decode()
    assert stranger.post(f"/play/m/{match.id}/abandon/", **EN)["Location"] == table
    assert Match.objects.get(pk=match.id).status == "running"

    stopped = maker.post(f"/play/m/{match.id}/abandon/", **EN)
    assert (stopped.status_code, stopped["Location"]) == (302, table)
    assert Match.objects.get(pk=match.id).status == "abandoned"
    assert 'id="stop-control"' not in maker.get(table, **EN).content.decode()


def test_a_nameless_visitors_page_post_with_a_seat_for_them_asks_for_a_name():
    client = Client()
    response = client.post("/play/new/", {**PAGE_FORM, "seat_0": "you"}, **EN)
    assert (response.status_code, response["Location"]) == (302, "/play/name/?next=%2Fplay%2Fnew%2F")
    assert Match.objects.count() == 0
