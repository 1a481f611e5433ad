"""Dismissing a finished or abandoned match from one's own list (``POST
/api/matches/<id>/dismiss/`` and the lobby's button): per identity, for good, refused for a
live match; and the chat's API (``GET /api/matches/<id>/chat/``)."""
import re

import pytest
from django.test import Client

from play.models import ChatMessage, DismissedMatch, Match
from play.services.chat import say
from play.services.create import create_match
from tests.conftest import EN
from tests.play.matches import HUMAN, RANDOM, guest, person

pytestmark = pytest.mark.usefixtures("db")


def mine(client) -> list[str]:
    return [m["id"] for m in client.get("/api/matches/?mine=1").json()["results"]]


def over(match: Match, status=Match.Status.FINISHED) -> Match:
    Match.objects.filter(pk=match.pk).update(status=status)
    match.refresh_from_db()
    return match


def test_a_player_dismisses_finished_and_abandoned_matches_from_their_list_only(alice_api, bob_api, user,
                                                                               other_user):
    finished = over(create_match(person(user), "lama", [HUMAN, HUMAN], {}, None))
    finished.seats.filter(index=1).update(user=other_user, name="bob")
    abandoned = over(create_match(person(user), "lama", [HUMAN, RANDOM], {}, None), Match.Status.ABANDONED)
    running = create_match(person(user), "lama", [HUMAN, RANDOM], {}, None)
    assert mine(alice_api) == [running.id, abandoned.id, finished.id]

    for match in (finished, abandoned, finished):  # twice: nothing more happens
        response = alice_api.post(f"/api/matches/{match.id}/dismiss/")
        assert (response.status_code, response.content) == (204, b"")
    assert mine(alice_api) == [running.id]
    assert mine(bob_api) == [finished.id]  # bob's list is his own
    assert DismissedMatch.objects.count() == 2

    response = alice_api.post(f"/api/matches/{running.id}/dismiss/")
    assert response.status_code == 409
    assert response.json()["error"] == {"code": "not_over", "details": {},
                                        "message": "Only a finished or abandoned match can be dismissed: this one is "
                                                   "still running."}
    response = alice_api.post("/api/matches/nosuchmatch/dismiss/")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "match_not_found")
    assert DismissedMatch.objects.count() == 2


def test_a_guest_dismisses_by_their_session_and_a_nameless_visitor_cannot(client):
    session = client.session
    session["guest_name"] = "Ann"
    session.save()
    match = over(create_match(guest(session.session_key, "Ann"), "lama", [HUMAN, RANDOM], {}, None))
    body = client.get("/play/", **EN).content.decode()
    assert f'action="/play/m/{match.id}/dismiss/"' in body
    response = client.post(f"/play/m/{match.id}/dismiss/")
    assert (response.status_code, response["Location"]) == (302, "/play/")
    body = client.get("/play/", **EN).content.decode()
    assert not re.search(f'data-match="{match.id}"', body)
    assert DismissedMatch.objects.get().session_key == session.session_key

    nameless = Client(enforce_csrf_checks=False)
    response = nameless.generic("POST", f"/api/matches/{match.id}/dismiss/", HTTP_ACCEPT_LANGUAGE="en")  # no body
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "name_required"
    assert DismissedMatch.objects.count() == 1


def test_the_lobby_offers_dismiss_only_for_ones_own_matches_that_are_over(client, user):
    client.force_login(user)
    done = over(create_match(person(user), "lama", [HUMAN, RANDOM], {}, None))
    live = create_match(person(user), "lama", [HUMAN, RANDOM], {}, None)
    body = client.get("/play/", **EN).content.decode()
    assert f'action="/play/m/{done.id}/dismiss/"' in body
    assert f'action="/play/m/{live.id}/dismiss/"' not in body
    response = client.post(f"/play/m/{live.id}/dismiss/", follow=True, **EN)
    assert "Only a finished or abandoned match can be dismissed: this one is still running." in response.content.decode()


def test_the_chat_is_read_oldest_first_by_anyone(api, user, other_user):
    match = create_match(person(user), "lama", [HUMAN, RANDOM], {}, None)
    say(person(user), match.id, "hello")
    say(person(other_user), match.id, " <i>hi</i>  there ")
    lines = api.get(f"/api/matches/{match.id}/chat/").json()
    assert [{k: v for k, v in line.items() if k not in ("id", "created")} for line in lines] == [
        {"seat": 0, "name": "alice", "guest": False, "text": "hello", "version": 0},
        {"seat": None, "name": "bob", "guest": False, "text": "<i>hi</i> there", "version": 0},
    ]
    assert [line["id"] for line in lines] == list(ChatMessage.objects.order_by("id").values_list("id", flat=True))
    response = api.get("/api/matches/nosuchmatch/chat/")
    assert (response.status_code, response.json()["error"]["code"]) == (404, "match_not_found")
