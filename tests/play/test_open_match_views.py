"""No hidden card of a match is shown to anyone before it starts. L.A.M.A., Completto and
Elements deal from the seed when the match is created, so a view of an open match (seated or
not) carries no state: not in the API's answers (create, join, leave, the match), not in the
card texts, not on the websocket, not in the table page; once the last seat is taken every seat
sees its hand as before. The reviewer's case: mallory takes seat 1, leaves, takes seat 2, and
learns nothing of the hand seat 1 is dealt."""
import json
import re

import pytest
from asgiref.sync import async_to_sync
from django.contrib.auth.models import User
from django.test import Client

from play.games import GAMES
from play.models import Match
from play.services.create import create_match
from play.services.join import join_match
from tests.conftest import token_client
from tests.play.matches import HUMAN, person
from tests.play.test_match_ws import connect, logged_in, view_of

GAMES_DEALT_AT_CREATION = ["lama", "completto", "elements"]
SEED = 7
#: L.A.M.A.'s hands at seed 7 with three seats, seat by seat (lama.md, the deal).
LAMA_HANDS = [[1, 2, 2, 4, 5, 6], [1, 3, 4, 6, 6, 7], [1, 1, 4, 4, 5, 6]]


def dealt(game: str, seat: int) -> dict:
    """Seat ``seat``'s view of the deal of a three-seat match at ``SEED``."""
    engine = GAMES[game]
    return engine.view(engine.setup(3, SEED, {}), seat)


@pytest.fixture
def carol(db):
    return User.objects.create_user("carol", password="a third long password")


def test_the_lama_deal_at_seed_7_is_the_one_these_tests_expect():
    assert [dealt("lama", seat)["hand"] for seat in range(3)] == LAMA_HANDS


@pytest.mark.parametrize("game", GAMES_DEALT_AT_CREATION)
def test_an_open_match_shows_no_state_to_anyone_until_its_last_seat_is_taken(game, user, other_user, carol, api):
    alice, bob, carol_api = token_client(user), token_client(other_user), token_client(carol)
    match_id = create_match(person(user), game, [HUMAN, HUMAN, HUMAN], {}, seed=SEED).id
    assert Match.objects.get(pk=match_id).state is not None  # dealt, but shown to nobody

    joined = bob.post(f"/api/matches/{match_id}/join/", {"seat": 1}, format="json")
    assert joined.status_code == 200, joined.json()
    assert (joined.json()["status"], joined.json()["seat"], joined.json()["state"]) == ("open", 1, None)
    for client, seat in ((alice, 0), (bob, 1), (api, None)):
        view = client.get(f"/api/matches/{match_id}/").json()
        assert (view["status"], view["seat"], view["state"], view["to_act"], view["legal_actions"]) == (
            "open", seat, None, [], [])
        assert client.get(f"/api/matches/{match_id}/card-texts/").json() == {}
    assert alice.get(f"/api/matches/{match_id}/log/").json() == []
    assert alice.get(f"/api/matches/{match_id}/replay/").status_code == 409
    assert alice.get(f"/api/matches/{match_id}/replay/frames/?start=0&count=1").status_code == 409

    started = carol_api.post(f"/api/matches/{match_id}/join/", {"seat": 2}, format="json").json()
    assert (started["status"], started["seat"], started["state"]) == ("running", 2, dealt(game, 2))
    assert alice.get(f"/api/matches/{match_id}/").json()["state"] == dealt(game, 0)
    assert bob.get(f"/api/matches/{match_id}/").json()["state"] == dealt(game, 1)
    assert api.get(f"/api/matches/{match_id}/").json()["state"] == dealt(game, None)


def test_a_person_who_takes_a_seat_and_leaves_learns_no_hand(user, other_user, carol):
    """The reviewer's case: alice makes a L.A.M.A. match for three people; mallory takes seat 1,
    leaves, takes seat 2; bob takes seat 1 and the match starts with bob holding seat 1's hand,
    which no answer mallory got named."""
    alice, bob, mallory = token_client(user), token_client(other_user), token_client(carol)
    match_id = create_match(person(user), "lama", [HUMAN, HUMAN, HUMAN], {}, seed=SEED).id
    seen = []
    answer = mallory.post(f"/api/matches/{match_id}/join/", {"seat": 1}, format="json")
    assert answer.status_code == 200
    seen += [answer.json(), mallory.get(f"/api/matches/{match_id}/").json()]
    assert mallory.get(f"/api/matches/{match_id}/card-texts/").json() == {}
    left = mallory.post(f"/api/matches/{match_id}/leave/", {}, format="json")
    assert left.status_code == 200
    seen.append(left.json())
    answer = mallory.post(f"/api/matches/{match_id}/join/", {"seat": 2}, format="json")
    assert answer.status_code == 200
    seen += [answer.json(), mallory.get(f"/api/matches/{match_id}/").json()]
    assert [(view["status"], view["seat"], view["state"]) for view in seen] == [
        ("open", 1, None), ("open", 1, None), ("open", None, None), ("open", 2, None), ("open", 2, None)]

    started = bob.post(f"/api/matches/{match_id}/join/", {"seat": 1}, format="json").json()
    assert (started["status"], started["state"]["hand"]) == ("running", LAMA_HANDS[1])
    assert mallory.get(f"/api/matches/{match_id}/").json()["state"]["hand"] == LAMA_HANDS[2]
    assert alice.get(f"/api/matches/{match_id}/").json()["state"]["hand"] == LAMA_HANDS[0]


@pytest.mark.parametrize("game", GAMES_DEALT_AT_CREATION)
def test_the_table_page_of_an_open_match_embeds_a_view_without_state(game, user, other_user):
    match_id = create_match(person(user), game, [HUMAN, HUMAN, HUMAN], {}, seed=SEED).id
    join_match(person(other_user), match_id, 1)
    client = Client()
    client.force_login(other_user)
    page = client.get(f"/play/m/{match_id}/").content.decode()
    embedded = re.search(r'<script id="match-view" type="application/json">(.*?)</script>', page, re.S)
    view = json.loads(embedded.group(1))
    assert (view["status"], view["seat"], view["state"]) == ("open", 1, None)
    assert 'id="card-texts"' not in page


def test_an_open_match_that_expired_shows_no_state(user, api):
    match = create_match(person(user), "lama", [HUMAN, HUMAN, HUMAN], {}, seed=SEED)
    Match.objects.filter(pk=match.id).update(status=Match.Status.ABANDONED)
    alice = token_client(user)
    assert alice.get(f"/api/matches/{match.id}/").json()["state"] is None
    assert api.get(f"/api/matches/{match.id}/").json()["state"] is None


@pytest.mark.usefixtures("transactional_db")
@pytest.mark.parametrize("game", GAMES_DEALT_AT_CREATION)
def test_the_websocket_shows_a_seat_no_state_until_the_match_starts(game, user, other_user, carol):
    match_id = create_match(person(user), game, [HUMAN, HUMAN, HUMAN], {}, seed=SEED).id
    join_match(person(other_user), match_id, 1)
    async_to_sync(_socket_until_start)(game, match_id, logged_in(other_user), carol)


async def _socket_until_start(game, match_id, cookie, carol):
    from channels.db import database_sync_to_async

    bob = await connect(match_id, cookie)
    waiting = await view_of(bob)
    assert (waiting["status"], waiting["seat"], waiting["state"]) == ("open", 1, None)
    await database_sync_to_async(join_match)(person(carol), match_id, 2)
    started = await view_of(bob)
    assert (started["status"], started["seat"], started["state"]) == ("running", 1, dealt(game, 1))
    await bob.disconnect()
