"""The match REST API: games, the lobby, creating and joining matches (users and guests), views
for seats and spectators, actions with their version, the log and the replay; every refusal in
the error shape with its status, leaving the match unchanged."""
import pytest
from django.test import Client
from rest_framework.test import APIClient

from play.errors import MatchError
from play.forms import MatchForm
from play.games import GAMES
from play.games.elements import CARDS, card_json
from play.games.eoc.decklists import sample_deck
from play.models import Match, MatchAction, Seat
from play.services.create import create_match
from play.turn_clock import MAX_SECONDS_PER_TURN, MIN_SECONDS_PER_TURN
from tests.conftest import token_client
from tests.play.matches import DECK, HAND, HEURISTIC, HUMAN, OPENING_LEGAL, RANDOM, SHORT, STACKED, person, stack

LAMA = GAMES["lama"]


def create(client, **body):
    body.setdefault("game", "lama")
    body.setdefault("seats", [HUMAN, HUMAN])
    body.setdefault("options", {})
    return client.post("/api/matches/", body, format="json")


def error_of(response, status):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body["error"]) == {"code", "message", "details"}
    assert body["error"]["message"]
    return body["error"]["code"]


@pytest.fixture
def duel(alice_api, bob_api):
    """A running 2-seat match at the stacked deal: alice at seat 0 (to act), bob at seat 1;
    returns its id."""
    match_id = create(alice_api).json()["id"]
    assert bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    stack(match_id, STACKED)
    return match_id


def test_games_are_listed(api):
    response = api.get("/api/games/")
    assert response.status_code == 200
    assert {"slug": "lama", "name": "L.A.M.A.", "min_players": 2, "max_players": 6,
            "rules_url": "http://testserver/play/rules/lama/",
            "levels": [
                {"name": "easy", "label": "Easy", "bot": "random",
                 "description": "Plays any legal move at random — for learning the rules."},
                {"name": "normal", "label": "Normal", "bot": "heuristic",
                 "description": "Follows rules of thumb: goes for the win it can see."},
                {"name": "strong", "label": "Strong", "bot": "strong",
                 "description": "Thinks ahead by trying many possible games from what it can see (about half a "
                                "second a move)."},
            ]} in response.json()


def test_create_answers_the_creators_view(alice_api):
    response = create(alice_api, seats=[HUMAN, HEURISTIC], options=STACKED, seconds_per_turn=None)
    assert response.status_code == 201, response.json()
    view = response.json()
    assert (view["status"], view["seat"], view["version"], view["to_act"]) == ("running", 0, 0, [0])
    assert view["legal_actions"] == OPENING_LEGAL and view["state"]["hand"] == HAND
    assert view["seats"][1] == {"index": 1, "name": "", "kind": "bot", "guest": False, "bot": "heuristic", "resigned": False,
                                "timed_out": False, "you": False}
    assert Match.objects.get(pk=view["id"]).created_by.username == "alice"


def test_lobby_lists_open_matches_then_running_ones_and_mine_lists_my_matches(api, alice_api, bob_api):
    waiting = create(alice_api, seats=[HUMAN, HUMAN, HEURISTIC]).json()["id"]
    running = create(bob_api, seats=[HUMAN, HEURISTIC]).json()["id"]
    lobby = api.get("/api/matches/").json()
    assert (lobby["count"], lobby["next"], lobby["previous"]) == (2, None, None)
    assert [(m["id"], m["status"]) for m in lobby["results"]] == [(waiting, "open"), (running, "running")]
    entry = lobby["results"][0]
    assert (entry["id"], entry["status"], entry["free_seats"], entry["seat"]) == (waiting, "open", 1, None)
    assert [s["name"] for s in entry["seats"]] == ["alice", "", ""]
    assert "state" not in entry
    assert [m["id"] for m in bob_api.get("/api/matches/?mine=1").json()["results"]] == [running]
    assert [m["seat"] for m in alice_api.get("/api/matches/?mine=1").json()["results"]] == [0]
    assert api.get("/api/matches/?mine=1").json()["count"] == 0


def test_seats_and_spectators_get_their_own_views(api, alice_api, bob_api, duel):
    alice = alice_api.get(f"/api/matches/{duel}/").json()
    bob = bob_api.get(f"/api/matches/{duel}/").json()
    spectator = api.get(f"/api/matches/{duel}/").json()
    assert (alice["seat"], alice["state"]["hand"], alice["legal_actions"]) == (0, HAND, OPENING_LEGAL)
    assert (bob["seat"], bob["state"]["hand"], bob["legal_actions"]) == (1, HAND, [])
    assert (spectator["seat"], spectator["state"]["hand"], spectator["legal_actions"]) == (None, None, [])
    assert spectator["state"] == LAMA.view(LAMA.load(Match.objects.get(pk=duel).state), None)
    assert [s["you"] for s in bob["seats"]] == [False, True]


def test_actions_apply_and_log(alice_api, bob_api, duel):
    response = alice_api.post(f"/api/matches/{duel}/actions/", {"version": 0, "action": {"type": "play", "card": 1}},
                              format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["version"], response.json()["state"]["hand"]) == (1, [2, 3, 4, 5, 6])
    assert bob_api.post(f"/api/matches/{duel}/actions/", {"version": 1, "action": {"type": "draw"}},
                        format="json").status_code == 200
    log = alice_api.get(f"/api/matches/{duel}/log/").json()
    assert [(e["version"], e["seat"], e["action"], e["by"]) for e in log] == [
        (1, 0, {"type": "play", "card": 1}, "player"), (2, 1, {"type": "draw"}, "player"),
    ]
    assert all(e["created"].endswith("Z") for e in log)


def test_a_stale_version_is_409_with_the_current_view(alice_api, bob_api, duel):
    alice_api.post(f"/api/matches/{duel}/actions/", {"version": 0, "action": {"type": "draw"}}, format="json")
    response = alice_api.post(f"/api/matches/{duel}/actions/", {"version": 0, "action": {"type": "quit"}},
                              format="json")
    assert error_of(response, 409) == "stale_version"
    body = response.json()
    assert body["error"]["details"] == {"version": 0, "current_version": 1}
    assert (body["view"]["version"], body["view"]["seat"], body["view"]["state"]["hand"]) == (1, 0, sorted(HAND + [1]))
    assert MatchAction.objects.filter(match_id=duel).count() == 1


def test_action_refusals_name_the_engines_code(api, alice_api, bob_api, duel, django_user_model):
    carol = token_client(django_user_model.objects.create_user("carol"))
    url = f"/api/matches/{duel}/actions/"
    before = Match.objects.get(pk=duel).state
    cases = [
        (bob_api, {"version": 0, "action": {"type": "draw"}}, 400, "not_your_turn"),
        (carol, {"version": 0, "action": {"type": "draw"}}, 403, "not_seated"),
        (api, {"version": 0, "action": {"type": "draw"}}, 403, "not_seated"),
        (alice_api, {"version": 0, "action": {"type": "play", "card": 4}}, 400, "illegal_action"),
        (alice_api, {"version": 0, "action": {"type": "fly"}}, 400, "malformed_action"),
        (alice_api, {"version": 0, "action": "draw"}, 400, "malformed_action"),
        (alice_api, {"version": "0", "action": {"type": "draw"}}, 400, "invalid_request"),
        (alice_api, {"action": {"type": "draw"}}, 400, "invalid_request"),
        (alice_api, {"version": 0, "action": {"type": "draw"}, "seat": 1}, 400, "invalid_request"),
    ]
    for client, body, status, code in cases:
        assert error_of(client.post(url, body, format="json"), status) == code, body
    response = alice_api.post(url, {"version": 0, "action": {"type": "play", "card": 4}}, format="json")
    assert response.json()["error"]["message"].startswith("A 4 cannot be played on a 1")
    assert error_of(alice_api.post(url, "{not json", content_type="application/json"), 400) == "malformed_body"
    assert error_of(alice_api.post("/api/matches/nosuchmatch/actions/", {"version": 0, "action": {"type": "draw"}},
                                   format="json"), 404) == "match_not_found"
    match = Match.objects.get(pk=duel)
    assert (match.version, match.state, MatchAction.objects.count()) == (0, before, 0)


def test_create_refusals(alice_api):
    cases = [
        ({"game": "chess"}, "unknown_game"),
        ({"seats": [HUMAN]}, "bad_seats"),
        ({"seats": [HUMAN] * 7}, "bad_seats"),
        ({"seats": [HUMAN, {"kind": "bot", "bot": "genius"}]}, "bad_seats"),
        ({"seats": [HUMAN, {"kind": "bot", "bot": "random", "level": 3}]}, "invalid_request"),
        ({"seats": []}, "invalid_request"),
        ({"seats": [HUMAN, HEURISTIC], "options": {"deck": [1, 2]}}, "bad_options"),
        ({"options": {"deck": [1, 2]}}, "secret_options"),
        ({"options": []}, "invalid_request"),
        ({"seconds_per_turn": 0}, "invalid_request"),
        ({"seconds_per_turn": True}, "invalid_request"),
        ({"colour": "red"}, "invalid_request"),
    ]
    for body, code in cases:
        assert error_of(create(alice_api, **body), 400) == code, body
    assert Match.objects.count() == 0


def test_a_guest_plays_under_a_display_name(alice_api):
    match_id = create(alice_api, seats=[HUMAN, HUMAN, HUMAN]).json()["id"]
    gus = APIClient()
    assert error_of(gus.post(f"/api/matches/{match_id}/join/", {}, format="json"), 400) == "name_required"
    response = gus.post(f"/api/matches/{match_id}/join/", {"seat": 2, "name": "  Gus "}, format="json")
    assert response.status_code == 200, response.json()
    assert (response.json()["seat"], response.json()["seats"][2]["name"]) == (2, "Gus")
    assert gus.get(f"/api/matches/{match_id}/").json()["seat"] == 2
    assert APIClient().get(f"/api/matches/{match_id}/").json()["seat"] is None
    assert [m["id"] for m in gus.get("/api/matches/?mine=1").json()["results"]] == [match_id]
    created = create(gus, seats=[HUMAN, HEURISTIC], name="Other").json()
    assert created["seats"][0]["name"] == "Gus"


def test_a_guests_writes_need_the_csrf_token(alice_api):
    match_id = create(alice_api, seats=[HUMAN, HUMAN, HUMAN]).json()["id"]
    browser = Client(enforce_csrf_checks=True)
    session = browser.session
    session["guest_name"] = "Gus"
    session.save()
    url = f"/api/matches/{match_id}/join/"
    assert error_of(browser.post(url, {}, content_type="application/json"), 403) == "permission_denied"
    assert Seat.objects.get(match_id=match_id, index=1).is_free
    token = _csrf_cookie(browser)
    response = browser.post(url, {}, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200, response.content
    assert response.json()["seat"] == 1


def _csrf_cookie(client):
    """Give the browser a CSRF cookie, as any of the site's forms would; returns its token."""
    token = "a" * 32
    client.cookies["csrftoken"] = token
    return token


def test_join_refusals(alice_api, bob_api, duel, django_user_model):
    carol = token_client(django_user_model.objects.create_user("carol"))
    waiting = create(alice_api, seats=[HUMAN, HEURISTIC, HUMAN]).json()["id"]
    cases = [
        (alice_api, waiting, {"seat": 2}, 409, "already_seated"),
        (bob_api, waiting, {"seat": 1}, 400, "bad_seat"),
        (bob_api, waiting, {"seat": 9}, 400, "bad_seat"),
        (bob_api, waiting, {"seat": 0}, 409, "seat_taken"),
        (bob_api, waiting, {"seat": -1}, 400, "invalid_request"),
        (bob_api, waiting, {"seat": "2"}, 400, "invalid_request"),
        (carol, duel, {}, 409, "match_full"),
        (carol, "nosuchmatch", {}, 404, "match_not_found"),
    ]
    for client, match_id, body, status, code in cases:
        assert error_of(client.post(f"/api/matches/{match_id}/join/", body, format="json"), status) == code, body
    assert [s.is_free for s in Seat.objects.filter(match_id=waiting)] == [False, False, True]


def test_leave_and_resign(alice_api, bob_api, duel):
    waiting = create(alice_api, seats=[HUMAN, HUMAN, HUMAN]).json()["id"]
    bob_api.post(f"/api/matches/{waiting}/join/", {"seat": 1}, format="json")
    left = bob_api.post(f"/api/matches/{waiting}/leave/")
    assert left.status_code == 200 and left.json()["seat"] is None
    assert error_of(bob_api.post(f"/api/matches/{waiting}/leave/"), 403) == "not_seated"
    assert error_of(bob_api.post(f"/api/matches/{duel}/leave/"), 409) == "not_open"
    assert error_of(bob_api.post(f"/api/matches/{waiting}/resign/"), 403) == "not_seated"
    assert error_of(alice_api.post(f"/api/matches/{waiting}/resign/"), 400) == "not_started"
    resigned = bob_api.post(f"/api/matches/{duel}/resign/")
    assert resigned.status_code == 200
    assert resigned.json()["seats"][1] == {"index": 1, "name": "bob", "kind": "human", "guest": False, "bot": "heuristic",
                                           "resigned": True, "timed_out": False, "you": True}
    assert error_of(bob_api.post(f"/api/matches/{duel}/resign/"), 403) == "resigned"


def test_replay_of_a_finished_match(api, alice_api, bob_api):
    match_id = create(alice_api, options={"end_at": 1}).json()["id"]
    assert error_of(api.get(f"/api/matches/{match_id}/replay/"), 409) == "not_finished"
    bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json")
    stack(match_id, SHORT)
    alice_api.post(f"/api/matches/{match_id}/actions/", {"version": 0, "action": {"type": "quit"}}, format="json")
    last = bob_api.post(f"/api/matches/{match_id}/actions/", {"version": 1, "action": {"type": "quit"}}, format="json")
    assert (last.json()["status"], last.json()["outcome"]["winners"]) == ("finished", [0, 1])
    assert error_of(alice_api.post(f"/api/matches/{match_id}/actions/", {"version": 2, "action": {"type": "quit"}},
                                   format="json"), 400) == "game_over"
    replay = bob_api.get(f"/api/matches/{match_id}/replay/").json()
    assert replay["match"]["id"] == match_id and replay["match"]["seat"] == 1
    assert [(f["version"], f["action"], f["to_act"]) for f in replay["frames"]] == [
        (0, None, [0]), (1, {"type": "quit"}, [1]), (2, {"type": "quit"}, []),
    ]
    assert replay["frames"][0]["state"]["hand"] == HAND
    assert api.get(f"/api/matches/{match_id}/replay/").json()["frames"][0]["state"]["hand"] is None
    assert error_of(api.get("/api/matches/nosuchmatch/replay/"), 404) == "match_not_found"


def test_messages_follow_accept_language(alice_api):
    response = alice_api.post("/api/matches/", {"game": "chess", "seats": [HUMAN, HUMAN]}, format="json",
                              HTTP_ACCEPT_LANGUAGE="ja")
    assert response.json()["error"]["message"] == "「chess」というゲームはありません。"
    english = alice_api.post("/api/matches/", {"game": "chess", "seats": [HUMAN, HUMAN]}, format="json")
    assert english.json()["error"]["message"] == "There is no game called “chess”."
    # A language the site does not have falls back to English, not to the pages' Japanese;
    # the first supported one in the header's order wins.
    for header, expected in (("fr", "There is no game called “chess”."),
                             ("fr, ja;q=0.5", "「chess」というゲームはありません。")):
        answer = alice_api.post("/api/matches/", {"game": "chess", "seats": [HUMAN, HUMAN]}, format="json",
                                HTTP_ACCEPT_LANGUAGE=header)
        assert answer.json()["error"]["message"] == expected, header


def test_the_schema_documents_every_match_endpoint(api):
    schema = api.get("/api/schema/?format=json").json()
    paths = {p for p in schema["paths"] if p.startswith(("/api/matches", "/api/games"))}
    assert paths == {
        "/api/games/", "/api/games/{slug}/leaderboard/", "/api/matches/", "/api/matches/{match_id}/", "/api/matches/{match_id}/join/",
        "/api/matches/{match_id}/leave/", "/api/matches/{match_id}/resign/", "/api/matches/{match_id}/actions/",
        "/api/matches/{match_id}/log/", "/api/matches/{match_id}/replay/", "/api/matches/{match_id}/replay/frames/",
        "/api/matches/{match_id}/card-texts/",
        "/api/matches/{match_id}/chat/", "/api/matches/{match_id}/dismiss/", "/api/matches/{match_id}/rematch/",
        "/api/matches/{match_id}/abandon/",
        "/api/matches/guided/",
    }
    stale = schema["paths"]["/api/matches/{match_id}/actions/"]["post"]["responses"]["409"]
    assert stale["content"]["application/json"]["schema"]["$ref"] == "#/components/schemas/StaleVersion"


def test_the_admin_shows_matches_read_only(client, django_user_model, duel):
    client.force_login(django_user_model.objects.create_superuser("root", "root@example.com", None))
    listing = client.get("/admin/play/match/")
    assert listing.status_code == 200 and duel in listing.content.decode()
    page = client.get(f"/admin/play/match/{duel}/change/")
    assert page.status_code == 200
    assert 'name="state"' not in page.content.decode()  # shown, not editable
    assert client.post(f"/admin/play/match/{duel}/change/", {"status": "finished"}).status_code == 403
    assert client.get("/admin/play/match/add/").status_code == 403
    assert Match.objects.get(pk=duel).status == "running"


def test_a_stacked_deal_is_never_shown_in_a_matchs_options(api, alice_api, bob_api, duel):
    # The stacked deck would give away every hand and the draw pile's order (lama.md, "Hidden
    # information"); only the other options are shown, to seats, spectators and lists alike.
    match_id = create(alice_api, seats=[HUMAN, HEURISTIC], options=SHORT).json()["id"]
    assert Match.objects.get(pk=match_id).options == SHORT
    assert alice_api.get(f"/api/matches/{match_id}/").json()["options"] == {"end_at": 1}
    assert api.get(f"/api/matches/{match_id}/").json()["options"] == {"end_at": 1}
    assert alice_api.get("/api/matches/?mine=1").json()["results"][0]["options"] == {"end_at": 1}
    assert alice_api.get(f"/api/matches/{duel}/").json()["options"] == {}


def test_a_card_placed_face_down_is_shown_only_to_its_owner(api, alice_api, bob_api):
    # elements.md, "Hidden information": phase-1 cards are hidden until all five are placed,
    # except each player's own; the last move, the log and the replay follow the same rule.
    match_id = create(alice_api, game="elements", seats=[HUMAN, HUMAN, HEURISTIC], options={}).json()["id"]
    assert bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    view = alice_api.get(f"/api/matches/{match_id}/").json()
    place = view["legal_actions"][0]
    assert place["type"] == "place" and set(place) == {"type", "colour", "card"}
    answer = alice_api.post(f"/api/matches/{match_id}/actions/", {"version": 0, "action": place}, format="json")
    assert answer.status_code == 200
    hidden = {"type": "place", "colour": place["colour"]}
    assert answer.json()["last_action"]["action"] == place
    assert alice_api.get(f"/api/matches/{match_id}/log/").json()[0]["action"] == place
    for client in (bob_api, api):
        assert client.get(f"/api/matches/{match_id}/").json()["last_action"]["action"] == hidden
        assert client.get(f"/api/matches/{match_id}/log/").json()[0]["action"] == hidden


def test_the_last_person_leaving_removes_the_match_from_the_lobby_and_the_api(alice_api, bob_api):
    match_id = create(alice_api, seats=[HUMAN, HUMAN, HEURISTIC]).json()["id"]
    assert [m["id"] for m in bob_api.get("/api/matches/").json()["results"]] == [match_id]
    left = alice_api.post(f"/api/matches/{match_id}/leave/")
    assert (left.status_code, left.content) == (204, b"")
    assert bob_api.get("/api/matches/").json()["results"] == []
    assert alice_api.get("/api/matches/?mine=1").json()["results"] == []
    assert error_of(bob_api.get(f"/api/matches/{match_id}/"), 404) == "match_not_found"
    assert error_of(bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json"), 404) == "match_not_found"
    assert not Match.objects.filter(pk=match_id).exists()


def test_a_version_from_the_future_is_a_bad_version(alice_api, duel):
    response = alice_api.post(f"/api/matches/{duel}/actions/", {"version": 5, "action": {"type": "draw"}},
                              format="json")
    assert response.status_code == 400
    assert response.json()["error"] == {
        "code": "bad_version", "message": "There is no version 5 yet; the match is at version 0.",
        "details": {"version": 5, "current_version": 0},
    }
    assert Match.objects.get(pk=duel).version == 0


def test_a_negative_version_is_a_bad_version_on_every_door(alice_api, duel):
    """The REST door refused -1 as invalid_request and the socket answered stale_version ("your
    action was based on version -1"); the service refuses it for both."""
    response = alice_api.post(f"/api/matches/{duel}/actions/", {"version": -1, "action": {"type": "draw"}},
                              format="json")
    assert (response.status_code, response.json()["error"]) == (400, {
        "code": "bad_version", "message": "The version must be a whole number from 0 up.",
        "details": {"version": "-1"}})
    assert Match.objects.get(pk=duel).version == 0


# -- stacked deals (DESIGN.md, "The game engine protocol": only with bots in every other seat) -----
def stackings():
    """``(game, options, the options named, more of the body)``: every option of the four games
    that stacks the deal (``secret_options`` and ``stacking_options``), alone or together."""
    eoc_decks = [sample_deck("SMP-RED"), sample_deck("SMP-GREEN")]
    return [
        ("lama", {"deck": DECK}, ["deck"], {}),
        ("lama", {"decks": [DECK], "end_at": 5}, ["decks"], {}),
        ("lama", {"deck": DECK, "decks": [DECK], "first_player": 1}, ["deck", "decks"], {}),
        ("completto", {"pool": list(range(1, 101)), "games": 2}, ["pool"], {}),
        ("elements", {"deck": [card_json(c) for c in CARDS]}, ["deck"], {}),
        ("eoc", {"decks": eoc_decks}, ["decks"], {}),
        ("eoc", {"decks": eoc_decks, "stacked": True}, ["decks", "stacked"], {}),
        ("eoc", {"stacked": True, "sandbox": True}, ["stacked"], {"deck": "SMP-RED"}),
    ]


def seats_for(game: str, people: int) -> list[dict]:
    """``people`` human seats, then heuristic bots up to the game's fewest players."""
    return [HUMAN] * people + [HEURISTIC] * max(0, GAMES[game].min_players - people)


@pytest.mark.usefixtures("sample_catalogue")
def test_a_stacked_deal_is_refused_where_another_person_would_sit(alice_api):
    guest = APIClient()
    for game, options, named, more in stackings():
        for client, name in ((alice_api, {}), (guest, {"name": "Gus"})):
            for people in (2, GAMES[game].max_players):
                body = {"game": game, "seats": seats_for(game, people), "options": options, **more, **name}
                response = client.post("/api/matches/", body, format="json")
                assert response.status_code == 400, (game, named, response.content)
                assert response.json() == {"error": {
                    "code": "secret_options",
                    "message": f"A stacked deal ({', '.join(named)}) is allowed only when every seat but yours is "
                               "a bot: another person at the table could not tell that the deal was stacked.",
                    "details": {"options": named},
                }}, (game, named)
    assert (Match.objects.count(), Seat.objects.count()) == (0, 0)
    ja = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN], "options": STACKED},
                        format="json", HTTP_ACCEPT_LANGUAGE="ja")
    assert ja.json()["error"]["message"] == (
        "積み込み（deck）は、あなた以外の席がすべてボットの対戦でだけ使えます。同じ卓のほかの人には、"
        "配りが積み込まれていると分からないためです。")


@pytest.mark.usefixtures("sample_catalogue")
def test_a_stacked_deal_is_taken_where_every_other_seat_is_a_bot(api, alice_api):
    for game, options, named, more in stackings():
        practice = create(alice_api, game=game, seats=seats_for(game, 1), options=options, **more)
        assert practice.status_code == 201, (game, practice.content)
        view = practice.json()
        assert (view["status"], view["seat"]) == ("running", 0)
        assert set(named) <= set(Match.objects.get(pk=view["id"]).options)
        assert GAMES[game].spec.secret_options.isdisjoint(view["options"])
        bots = [HEURISTIC, RANDOM] + [HEURISTIC] * (GAMES[game].min_players - 2)
        if game == "eoc" and "decks" not in options:
            bots = [{**b, "deck": "SMP-BLACK"} for b in bots]
        puzzle = api.post("/api/matches/", {"game": game, "seats": bots, "options": options}, format="json")
        assert puzzle.status_code == 201, (game, puzzle.content)
        assert puzzle.json()["status"] == "running" and puzzle.json()["seat"] is None
    # the stacked deal is dealt as it was asked for
    lama = create(alice_api, seats=[HUMAN, RANDOM], options=STACKED).json()
    assert (lama["state"]["hand"], lama["legal_actions"]) == (HAND, OPENING_LEGAL)


def test_a_match_saved_with_a_stacked_deal_before_the_rule_takes_no_second_person(alice_api, bob_api):
    match_id = create(alice_api, seats=[HUMAN, HUMAN, HEURISTIC]).json()["id"]
    Match.objects.filter(pk=match_id).update(options=SHORT)  # as such a match was saved before
    response = bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": {
        "code": "secret_options",
        "message": "This match was made with a stacked deal (deck), so only bots may sit at it beside its creator.",
        "details": {"options": ["deck"]},
    }}
    assert [s.is_free for s in Seat.objects.filter(match_id=match_id)] == [False, True, False]
    assert Match.objects.get(pk=match_id).status == "open"


def test_the_turn_clock_takes_one_range_through_the_api_the_page_and_the_services(alice_api, user):
    # play.turn_clock: 10 s to an hour a move, whichever door the match comes in by.
    alice = person(user)
    assert (MIN_SECONDS_PER_TURN, MAX_SECONDS_PER_TURN) == (10, 3600)
    for seconds in (MIN_SECONDS_PER_TURN - 1, MAX_SECONDS_PER_TURN + 1):
        assert error_of(create(alice_api, seconds_per_turn=seconds), 400) == "invalid_request", seconds
        with pytest.raises(MatchError) as refusal:
            create_match(alice, "lama", [HUMAN, HUMAN], {}, seconds)
        assert refusal.value.code == "bad_clock"
        assert refusal.value.message == "Seconds per turn must be a whole number from 10 to 3600, or null for no clock."
        form = MatchForm({"game": "lama", "players": "2", "seat_0": "you", "seat_1": "open",
                          "seconds_per_turn": str(seconds)})
        assert not form.is_valid() and list(form.errors) == ["seconds_per_turn"]
    assert Match.objects.count() == 0
    for seconds in (MIN_SECONDS_PER_TURN, MAX_SECONDS_PER_TURN):
        view = create(alice_api, seconds_per_turn=seconds).json()
        assert view["clock"] == {"seconds_per_turn": seconds, "deadline": None}
    schema = APIClient().get("/api/schema/?format=json").json()["components"]["schemas"]["CreateMatchInput"]
    clock = schema["properties"]["seconds_per_turn"]
    assert (clock["minimum"], clock["maximum"]) == (MIN_SECONDS_PER_TURN, MAX_SECONDS_PER_TURN)


def test_the_schema_documents_each_games_options_from_its_record(api):
    options = api.get("/api/schema/?format=json").json()["components"]["schemas"]["CreateMatchInput"]["properties"][
        "options"]
    by_game = {entry["title"]: entry for entry in options["anyOf"]}
    assert set(by_game) == set(GAMES)
    for slug, game in GAMES.items():
        assert list(by_game[slug]["properties"]) == list(game.spec.option_names)
        assert by_game[slug]["additionalProperties"] is False
    lama = by_game["lama"]["properties"]
    assert {k: lama["end_at"][k] for k in ("type", "minimum", "maximum", "default")} == {
        "type": "integer", "minimum": 1, "maximum": 1000, "default": 40}
    assert "stacks the deal" in lama["deck"]["description"] and "never shown" in lama["deck"]["description"]
    eoc = by_game["eoc"]["properties"]
    assert (eoc["rows"]["enum"], eoc["rows"]["default"]) == ([4, 5], 4)
    assert eoc["sandbox"] == {"type": "boolean", "default": False, "description": eoc["sandbox"]["description"]}
    assert "stacks the deal" in eoc["stacked"]["description"]
    assert by_game["completto"]["properties"]["first_player"]["minimum"] == 0


def test_engine_refusals_are_said_in_the_language_asked_for(alice_api, bob_api, duel):
    cases = [
        (alice_api, {"type": "play", "card": 9}, "malformed_action",
         "A card is 1 to 7 (7 is the llama), not 9.", "カードは 1〜7（7 がラマ）です。9 ではありません。"),
        (alice_api, {"type": "play", "card": 7}, "illegal_action", "You have no llama in hand.", "手札にラマはありません。"),
        (alice_api, {"type": "pass"}, "malformed_action",
         'Unknown action type "pass"; this game knows "play", "draw", "quit".',
         '"pass" というアクションはありません。このゲームのアクションは "play", "draw", "quit" です。'),
    ]
    for client, action, code, english, japanese in cases:
        for language, message in (("en", english), ("ja", japanese)):
            response = client.post(f"/api/matches/{duel}/actions/", {"version": 0, "action": action}, format="json",
                                   HTTP_ACCEPT_LANGUAGE=language)
            assert error_of(response, 400) == code
            assert response.json()["error"]["message"] == message, (action, language)
    assert Match.objects.get(pk=duel).version == 0
