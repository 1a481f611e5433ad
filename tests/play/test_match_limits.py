"""The table's limits (``play.services.limits``) on every way into a match, per person and per client
address (``core.addresses``), with the defaults of config/settings.py: 3 places in open matches, 20
in running ones. Each refusal is 429 ``too_many_matches`` naming the limit (a page that answers
with a redirect shows it as a message), and changes nothing.

The doors that make a match or take a seat (``DOORS``, checked against the code: every function
outside the tests that calls ``create_match``, ``join_match`` or ``propose_rematch``), each with
its test here:

- the API's create (``POST /api/matches/``), join (``POST /api/matches/<id>/join/``, which also
  accepts a rematch) and rematch (``POST /api/matches/<id>/rematch/``);
- the pages' new-match form (``/play/new/``), "play this deck" (``POST /play/deck/<deck id>/``,
  the deck page's and the builder's button), the table's join button (``POST
  /play/m/<id>/join/``, accepting a rematch too) and rematch button (``POST
  /play/m/<id>/rematch/``);
- the join a guest asked for before naming themselves, completed by the name page
  (``/play/name/``): from the table's join button or from an invite link
  (``/play/m/<id>/invite/<seat>/``, which itself seats nobody).

The websocket only acts (it makes and joins nothing), ``manage.py play`` plays headless without a
match row, and there is no guided or tutorial match.
"""
import ast
from pathlib import Path

import pytest
from rest_framework.test import APIClient

from play.errors import MatchError
from play.identity import Player
from play.models import Match, Seat
from play.services.create import create_match
from play.services.join import join_match
from play.services.rematch import propose_rematch
from tests.conftest import token_client
from tests.play.matches import HEURISTIC, HUMAN, RANDOM, person
from tests.play.test_pages import form_data, guest
from tests.play.test_rematch import over

pytestmark = pytest.mark.django_db

OPEN_FOR_PLAYER = ("You already have 3 seats at matches waiting for players, the most one player may have (3). "
                   "Leave one, or wait until one starts, before you open or join another.")
OPEN_FOR_ADDRESS = ("Players from your network address already have 3 seats at matches waiting for players, the "
                    "most one address may have (3). Leave one, or wait until one starts, before you open or join "
                    "another.")
RUNNING_FOR_PLAYER = ("You already play 20 matches, the most one player may play at once (20). Finish or resign "
                      "one before you start or join another.")
RUNNING_FOR_ADDRESS = ("Players from your network address already play 20 matches, the most one address may play "
                       "at once (20). Finish or resign one before you start or join another.")


def create(client, **body):
    body.setdefault("game", "lama")
    body.setdefault("seats", [HUMAN, HUMAN])
    body.setdefault("options", {})
    return client.post("/api/matches/", body, format="json")


def stranger(address: str, **headers) -> APIClient:
    """A client that has never been here: no cookie, its requests from ``address``."""
    return APIClient(REMOTE_ADDR=address, **headers)


def refusal(response, limit: int, count: int, status: str, scope: str) -> str:
    assert response.status_code == 429, response.content
    error = response.json()["error"]
    assert (error["code"], error["details"]) == (
        "too_many_matches", {"limit": limit, "count": count, "status": status, "scope": scope})
    return error["message"]


# -- per person -------------------------------------------------------------------------------------
def test_a_person_may_wait_at_three_open_matches_and_is_told_the_limit(alice_api):
    waiting = [create(alice_api).json()["id"] for _ in range(3)]
    assert refusal(create(alice_api), 3, 3, "open", "player") == OPEN_FOR_PLAYER
    japanese = alice_api.post("/api/matches/", {"game": "lama", "seats": [HUMAN, HUMAN]}, format="json",
                              HTTP_ACCEPT_LANGUAGE="ja")
    assert refusal(japanese, 3, 3, "open", "player") == (
        "あなたはすでに参加者を待っている対戦で3席に着いています。1人の上限は3席です。新しい対戦を開くか参加する前に、"
        "どれかから退席するか、始まるのを待ってください。")
    assert sorted(Match.objects.values_list("pk", flat=True)) == sorted(waiting)
    # a match that starts at once is a running place, which the person still has room for
    assert create(alice_api, seats=[HUMAN, HEURISTIC]).status_code == 201
    # leaving one open match makes room for another
    assert alice_api.post(f"/api/matches/{waiting[0]}/leave/").status_code == 204
    assert create(alice_api).status_code == 201


def at(client, address: str):
    """``client`` with its requests from ``address`` (the test client's default is 127.0.0.1)."""
    client.defaults["REMOTE_ADDR"] = address
    return client


def test_joining_counts_like_creating(bob_api, django_user_model):
    carol = at(token_client(django_user_model.objects.create_user("carol")), "198.51.100.3")
    theirs = [create(carol, seats=[HUMAN, HUMAN, HUMAN]).json()["id"] for _ in range(3)]
    for match_id in theirs:
        assert bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    # Bob now waits at three open matches: a fourth place in one is refused, at Dan's match too
    dan = at(token_client(django_user_model.objects.create_user("dan")), "198.51.100.4")
    fourth = create(dan, seats=[HUMAN, HUMAN, HUMAN]).json()["id"]
    assert refusal(bob_api.post(f"/api/matches/{fourth}/join/", {}, format="json"), 3, 3, "open", "player") \
        == OPEN_FOR_PLAYER
    assert [s.name for s in Seat.objects.filter(match_id=fourth).order_by("index")] == ["dan", "", ""]


def test_the_join_that_starts_a_match_is_a_running_place(alice_api, bob_api, settings):
    settings.PLAY_MAX_RUNNING_MATCHES = 1
    assert create(bob_api, seats=[HUMAN, HEURISTIC]).status_code == 201  # Bob plays one match
    waiting = create(alice_api).json()["id"]
    message = refusal(bob_api.post(f"/api/matches/{waiting}/join/", {}, format="json"), 1, 1, "running", "player")
    assert message == ("You already play 1 matches, the most one player may play at once (1). Finish or resign "
                       "one before you start or join another.")
    assert Match.objects.get(pk=waiting).status == "open"


def test_a_person_may_play_twenty_matches_at_once_resigned_ones_included(alice_api):
    playing = [create(alice_api, seats=[HUMAN, HEURISTIC]).json()["id"] for _ in range(20)]
    assert refusal(create(alice_api, seats=[HUMAN, HEURISTIC]), 20, 20, "running", "player") == RUNNING_FOR_PLAYER
    assert alice_api.post(f"/api/matches/{playing[0]}/resign/").status_code == 200
    refusal(create(alice_api, seats=[HUMAN, RANDOM]), 20, 20, "running", "player")
    Match.objects.filter(pk=playing[1]).update(status=Match.Status.FINISHED)
    assert create(alice_api, seats=[HUMAN, HEURISTIC]).status_code == 201
    assert Match.objects.count() == 21


# -- per client address -----------------------------------------------------------------------------
def test_cookie_less_guests_from_one_address_count_together(api):
    for index in range(3):
        assert create(stranger("203.0.113.7"), name=f"ghost{index}").status_code == 201
    assert refusal(create(stranger("203.0.113.7"), name="ghost3"), 3, 3, "open", "address") == OPEN_FOR_ADDRESS
    assert create(stranger("198.51.100.1"), name="someone else").status_code == 201
    # three guests (a fresh session each) from one address
    sessions = Match.objects.filter(created_address="203.0.113.7").values_list("created_session", flat=True)
    assert len(set(sessions)) == 3 and "" not in sessions


def test_ghosts_cannot_fill_someone_elses_match(bob_api):
    match_id = create(bob_api, seats=[HUMAN] * 6).json()["id"]
    for index in range(3):
        assert stranger("203.0.113.9").post(
            f"/api/matches/{match_id}/join/", {"name": f"ghost{index}"}, format="json").status_code == 200
    fourth = stranger("203.0.113.9").post(f"/api/matches/{match_id}/join/", {"name": "ghost3"}, format="json")
    assert refusal(fourth, 3, 3, "open", "address") == OPEN_FOR_ADDRESS
    seats = list(Seat.objects.filter(match_id=match_id).order_by("index").values_list("name", "address"))
    assert seats == [("bob", "127.0.0.1"), ("ghost0", "203.0.113.9"), ("ghost1", "203.0.113.9"),
                     ("ghost2", "203.0.113.9"), ("", ""), ("", "")]


def test_bot_only_matches_count_as_running_for_their_address(api):
    bots = {"seats": [RANDOM, HEURISTIC]}
    made = [create(stranger("203.0.113.5"), **bots).json()["id"] for _ in range(20)]
    assert refusal(create(stranger("203.0.113.5"), **bots), 20, 20, "running", "address") == RUNNING_FOR_ADDRESS
    assert Match.objects.filter(pk__in=made, status="running", created_address="203.0.113.5").count() == 20
    assert create(stranger("203.0.113.6"), **bots).status_code == 201


def test_a_made_up_forwarded_for_header_is_no_new_address(api):
    """With NUM_PROXIES 0 (the default) the connection's address counts, whatever the client
    says in X-Forwarded-For."""
    for index in range(3):
        made = create(stranger("203.0.113.7", HTTP_X_FORWARDED_FOR=f"10.9.0.{index}"), name=f"ghost{index}")
        assert made.status_code == 201
    refusal(create(stranger("203.0.113.7", HTTP_X_FORWARDED_FOR="10.9.0.9"), name="ghost"), 3, 3, "open", "address")


def test_behind_a_proxy_the_address_it_appended_counts(api, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    for index in range(4):  # four clients behind one proxy at 10.0.0.5
        forwarded = f"10.9.9.9, 198.51.100.{index}"  # the first entry is whatever the client sent
        assert create(stranger("10.0.0.5", HTTP_X_FORWARDED_FOR=forwarded), name=f"guest{index}").status_code == 201
    assert sorted(Match.objects.values_list("created_address", flat=True)) == [
        "198.51.100.0", "198.51.100.1", "198.51.100.2", "198.51.100.3"]
    for index in range(2):
        create(stranger("10.0.0.5", HTTP_X_FORWARDED_FOR=f"10.9.9.{index}, 198.51.100.0"), name="again")
    refusal(create(stranger("10.0.0.5", HTTP_X_FORWARDED_FOR="198.51.100.0"), name="again"), 3, 3, "open", "address")


def test_an_ipv6_client_counts_by_its_network(api):
    for host in (1, 2, 3):
        assert create(stranger(f"2001:db8:1:2::{host}"), name=f"v6 {host}").status_code == 201
    refusal(create(stranger("2001:db8:1:2:ffff::4"), name="v6 4"), 3, 3, "open", "address")
    assert create(stranger("2001:db8:1:3::1"), name="next network").status_code == 201
    assert Match.objects.filter(created_address="2001:db8:1:2::/64").count() == 3


# -- the pages ----------------------------------------------------------------------------------------
def test_the_new_match_form_refuses_past_the_limit_in_both_languages(client):
    guest(client, "Ann")
    for _ in range(3):
        assert client.post("/play/new/", form_data(players="2", seat_1="open")).status_code == 302
    en = client.post("/play/new/", form_data(players="2", seat_1="open"), HTTP_ACCEPT_LANGUAGE="en")
    assert en.status_code == 429
    assert OPEN_FOR_PLAYER in en.content.decode()
    ja = client.post("/play/new/", form_data(players="2", seat_1="open"), HTTP_ACCEPT_LANGUAGE="ja")
    assert ja.status_code == 429
    assert "1人の上限は3席です。" in ja.content.decode()
    assert Match.objects.count() == 3


def test_the_tables_join_button_refuses_past_the_limit(client, user):
    ann = guest(client, "Ann")
    for _ in range(3):
        create_match(ann, "lama", [HUMAN, HUMAN], {}, None, address="127.0.0.1")
    theirs = create_match(person(user), "lama", [HUMAN, HUMAN, HUMAN], {}, None)
    response = client.post(f"/play/m/{theirs.id}/join/", {"seat": "1"}, follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert OPEN_FOR_PLAYER in response.content.decode()
    assert Seat.objects.get(match=theirs, index=1).is_free


def test_a_join_asked_for_before_choosing_a_name_keeps_to_the_address_limit(client, user):
    for index in range(3):
        create_match(Player(None, f"ghost-{index}", f"ghost{index}"), "lama", [HUMAN, HUMAN], {}, None,
                     address="127.0.0.1")
    theirs = create_match(person(user), "lama", [HUMAN, HUMAN, HUMAN], {}, None, address="198.51.100.1")
    asked = client.post(f"/play/m/{theirs.id}/join/", {"seat": "1"})
    assert asked.status_code == 302 and asked["Location"].startswith("/play/name/")
    named = client.post("/play/name/", {"name": "Ann", "next": f"/play/m/{theirs.id}/"}, follow=True,
                        HTTP_ACCEPT_LANGUAGE="en")
    assert OPEN_FOR_ADDRESS in named.content.decode()
    assert Seat.objects.get(match=theirs, index=1).is_free


def test_the_command_line_and_direct_service_calls_without_an_address_count_only_the_person(user):
    """Without a request there is no address (``manage.py``, the benchmarks): only the person's
    places count."""
    for seed in range(25):
        create_match(None, "lama", [RANDOM, HEURISTIC], {}, None, seed=seed)
    assert Match.objects.filter(status="running").count() == 25


def test_the_command_line_plays_without_a_match_row(db):
    from django.core.management import call_command

    call_command("play", "lama", "--bots", "2", "--seed", "3", "--quiet")
    assert not Match.objects.exists()


# -- rematch --------------------------------------------------------------------------------------
def finished_with_bob(user) -> Match:
    """alice (``user``) and the guest Bob, at a finished two-seat match: its rematch waits for Bob."""
    match = create_match(person(user), "lama", [HUMAN, HUMAN], {}, None, address="198.51.100.8")
    join_match(Player(None, "bob-session", "Bob"), match.id, address="198.51.100.9")
    return over(match)


def test_an_api_rematch_past_the_limit_is_429_and_makes_nothing(alice_api, user):
    old = finished_with_bob(user)
    for _ in range(3):
        create_match(person(user), "lama", [HUMAN, HUMAN], {}, None)
    assert refusal(alice_api.post(f"/api/matches/{old.id}/rematch/"), 3, 3, "open", "player") == OPEN_FOR_PLAYER
    assert Match.objects.count() == 4 and Match.objects.get(pk=old.id).rematch_id is None
    # a rematch that starts at once (the proposer is its only person) is a running place
    alone = over(create_match(person(user), "lama", [HUMAN, HEURISTIC], {}, None))
    for _ in range(20):
        create_match(person(user), "lama", [HUMAN, RANDOM], {}, None)
    assert refusal(alice_api.post(f"/api/matches/{alone.id}/rematch/"), 20, 20, "running", "player") \
        == RUNNING_FOR_PLAYER
    assert Match.objects.count() == 25 and Match.objects.get(pk=alone.id).rematch_id is None


def test_the_tables_rematch_button_refuses_past_the_address_limit(client, user):
    old = finished_with_bob(user)
    for index in range(3):
        create_match(Player(None, f"ghost-{index}", f"ghost{index}"), "lama", [HUMAN, HUMAN], {}, None,
                     address="127.0.0.1")
    client.force_login(user)
    response = client.post(f"/play/m/{old.id}/rematch/", follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.redirect_chain == [(f"/play/m/{old.id}/", 302)]
    assert OPEN_FOR_ADDRESS in response.content.decode()
    assert Match.objects.count() == 4 and Match.objects.get(pk=old.id).rematch_id is None


def test_accepting_a_rematch_is_a_join_and_counts(user, settings):
    settings.PLAY_MAX_RUNNING_MATCHES = 1
    old = finished_with_bob(user)
    new, _ = propose_rematch(person(user), old.id)
    bob = Player(None, "bob-session", "Bob")
    create_match(bob, "lama", [HUMAN, HEURISTIC], {}, None)  # Bob plays one match
    with pytest.raises(MatchError) as refused:
        join_match(bob, new.id)  # the last seat: the rematch would start, a running place
    assert (refused.value.code, refused.value.status, refused.value.details) == (
        "too_many_matches", 429, {"limit": 1, "count": 1, "status": "running", "scope": "player"})
    assert Seat.objects.get(match=new, index=1).is_free and Match.objects.get(pk=new.id).status == "open"


# -- play this deck, invite links ---------------------------------------------------------------
def test_play_this_deck_refuses_past_the_limit_with_a_message(client, user, sample_catalogue, settings):
    settings.PLAY_MAX_RUNNING_MATCHES = 1
    create_match(person(user), "lama", [HUMAN, HEURISTIC], {}, None)
    client.force_login(user)
    response = client.post("/play/deck/SMP-GREEN/", follow=True, HTTP_ACCEPT_LANGUAGE="en")
    assert response.redirect_chain == [("/decks/SMP-GREEN/", 302)]
    assert ("You already play 1 matches, the most one player may play at once (1). Finish or resign one before "
            "you start or join another.") in response.content.decode()
    assert Match.objects.count() == 1


def test_an_invite_link_keeps_to_the_address_limit(client, user):
    for index in range(3):
        create_match(Player(None, f"ghost-{index}", f"ghost{index}"), "lama", [HUMAN, HUMAN], {}, None,
                     address="127.0.0.1")
    theirs = create_match(person(user), "lama", [HUMAN, HUMAN, HUMAN], {}, None, address="198.51.100.1")
    invited = client.get(f"/play/m/{theirs.id}/invite/1/")
    assert invited.status_code == 302 and invited["Location"].startswith("/play/name/")
    named = client.post("/play/name/", {"name": "Ann", "next": f"/play/m/{theirs.id}/"}, follow=True,
                        HTTP_ACCEPT_LANGUAGE="en")
    assert OPEN_FOR_ADDRESS in named.content.decode()
    assert Seat.objects.get(match=theirs, index=1).is_free


# -- every door -----------------------------------------------------------------------------------
#: Each function that makes a match or takes a seat (``module:function``, a method as
#: ``Class.method``), with the test here that sends it past a limit.
DOORS = {
    "play/api/views.py:MatchList.post": test_a_person_may_wait_at_three_open_matches_and_is_told_the_limit,
    "play/api/views.py:MatchJoin.post": test_joining_counts_like_creating,
    "play/api/views.py:MatchRematch.post": test_an_api_rematch_past_the_limit_is_429_and_makes_nothing,
    "play/views.py:new_match": test_the_new_match_form_refuses_past_the_limit_in_both_languages,
    "play/views.py:play_deck": test_play_this_deck_refuses_past_the_limit_with_a_message,
    "play/views.py:join": test_the_tables_join_button_refuses_past_the_limit,
    "play/views.py:rematch": test_the_tables_rematch_button_refuses_past_the_address_limit,
    "play/views.py:_complete_pending_join": test_an_invite_link_keeps_to_the_address_limit,
}

SERVICES = {"create_match", "join_match", "propose_rematch"}
ROOT = Path(__file__).resolve().parents[2]


def callers(path: Path) -> set[str]:
    """The functions of ``path`` (``Class.method`` for a method) that call one of ``SERVICES``."""
    found = set()

    def visit(node, where: str):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, f"{where}.{child.name}" if where else child.name)
                continue
            if isinstance(child, ast.Call):
                name = getattr(child.func, "id", None) or getattr(child.func, "attr", None)
                if name in SERVICES and where:
                    found.add(where)
            visit(child, where)

    visit(ast.parse(path.read_text()), "")
    return found


def test_every_door_into_a_match_is_tested_here():
    doors = set()
    for path in ROOT.rglob("*.py"):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in ("tests", "bench", ".venv") or "migrations" in relative.parts:
            continue
        if relative.parts[:2] == ("play", "services"):
            continue  # the services themselves
        doors |= {f"{relative.as_posix()}:{where}" for where in callers(path)}
    assert doors == set(DOORS)
