"""Matches that nobody plays on: an open match nobody joins expires (``PLAY_OPEN_TTL``, 30
minutes; ``play.expire_open`` abandons it) and a person away on their turn in a match without a
turn clock times out (``PLAY_ABSENT_AFTER``, 5 minutes; ``play.services.clocks.time_out``): a bot plays
their seat, or the match is abandoned when no person is left. Abandoned matches show as such in
the API, ``?mine=1``, the lobby, the table and over the socket. Time passes here by moving a
match's ``updated`` and ``turn_deadline`` back (``QuerySet.update`` skips ``auto_now``)."""
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.conf import settings
from django.utils import timezone

from play import tasks
from play.identity import Player
from play.models import Match, MatchAction, Seat
from play.selectors.mine import places
from play.services.bot_turns import play_bot_turn
from play.services.clocks import expire_clock, time_out
from play.services.create import create_match
from play.services.expiry import expire_open_matches
from tests.conftest import EN
from tests.play.matches import HEURISTIC, HUMAN, STACKED, person
from tests.play.test_match_api import create, error_of
from tests.play.test_match_ws import connect, guest_cookie, view_of
from tests.play.test_pages import guest, json_block

pytestmark = pytest.mark.django_db

TTL = 1800
ABSENT = 300


def age(match_id: str, seconds: float, deadline_in: float | None = None) -> None:
    """Make ``match_id`` look unchanged for ``seconds``; ``deadline_in`` (seconds from now, may
    be negative) moves its turn deadline."""
    now = timezone.now()
    fields = {"updated": now - timedelta(seconds=seconds)}
    if deadline_in is not None:
        fields["turn_deadline"] = now + timedelta(seconds=deadline_in)
    Match.objects.filter(pk=match_id).update(**fields)


def test_the_defaults():
    assert (settings.PLAY_OPEN_TTL, settings.PLAY_EXPIRE_INTERVAL, settings.PLAY_ABSENT_AFTER) == (1800.0, 60.0, 300.0)
    assert settings.CELERY_BEAT_SCHEDULE["play-expire-open"] == {
        "task": "play.expire_open", "schedule": 60.0, "options": {"expires": 60.0}}


# -- open matches that nobody joins ----------------------------------------------------------------
def test_an_open_match_nobody_joins_expires(api, alice_api, bob_api, client):
    waiting = create(alice_api, seats=[HUMAN, HUMAN, HEURISTIC]).json()["id"]
    fresh = create(alice_api).json()["id"]
    age(waiting, TTL + 1)
    age(fresh, TTL - 5)
    # At once, before the sweep: the lobby no longer lists it, it takes nobody, it counts for nobody.
    assert [m["id"] for m in api.get("/api/matches/").json()["results"]] == [fresh]
    assert places("open", player=person(Seat.objects.get(match_id=fresh, index=0).user)) == 1
    refused = bob_api.post(f"/api/matches/{waiting}/join/", {}, format="json")
    assert error_of(refused, 409) == "not_open"
    assert refused.json()["error"]["details"] == {"abandoned": True}
    assert Seat.objects.get(match_id=waiting, index=1).is_free
    # The sweep abandons it, once.
    assert tasks.expire_open.apply().get() == 1
    assert tasks.expire_open.apply().get() == 0
    assert Match.objects.get(pk=waiting).status == "abandoned"
    assert Match.objects.get(pk=fresh).status == "open"
    mine = alice_api.get("/api/matches/?mine=1").json()["results"]
    assert [(m["id"], m["status"]) for m in mine] == [(waiting, "abandoned"), (fresh, "open")]
    view = alice_api.get(f"/api/matches/{waiting}/").json()
    assert (view["status"], view["to_act"], view["legal_actions"]) == ("abandoned", [], [])
    # it never started: there is nothing to replay
    assert error_of(alice_api.get(f"/api/matches/{waiting}/replay/"), 409) == "not_finished"
    assert error_of(alice_api.post(f"/api/matches/{waiting}/leave/"), 409) == "not_open"


def test_the_lobby_and_the_table_show_an_abandoned_match(client):
    ann = guest(client, "Ann")
    match = create_match(ann, "lama", [HUMAN, HUMAN], {}, None)
    age(match.id, TTL + 1)
    assert expire_open_matches() == [match.id]
    lobby = client.get("/play/", **EN).content.decode()
    mine = lobby[lobby.index('id="my-matches"'):lobby.index('id="open-matches-title"')]
    assert f'data-match="{match.id}"' in mine and '<span class="match-status status-abandoned">abandoned</span>' in mine
    assert 'id="no-open-matches"' in lobby
    ja = client.get("/play/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert '<span class="match-status status-abandoned">放棄</span>' in ja
    table = client.get(f"/play/m/{match.id}/", **EN).content.decode()
    assert json_block(table, "match-view")["status"] == "abandoned"
    labels = json_block(table, "play-labels")
    assert (labels["status_abandoned"], labels["abandoned"]) == (
        "Abandoned", "The match was abandoned: nobody joined it in time, every person at it was away too long, or its "
        "maker stopped it.")


def test_a_socket_at_an_open_match_is_told_it_was_abandoned(transactional_db):
    cookie, key = guest_cookie("Ann")
    match = create_match(Player(None, key, "Ann"), "lama", [HUMAN, HUMAN], {}, None)
    async_to_sync(_told_abandoned)(match.id, cookie)


async def _told_abandoned(match_id, cookie):
    socket = await connect(match_id, cookie)
    assert (await view_of(socket))["status"] == "open"
    await database_sync_to_async(age)(match_id, TTL + 1)
    assert await database_sync_to_async(expire_open_matches)() == [match_id]
    view = await view_of(socket)
    assert (view["status"], view["seat"]) == ("abandoned", 0)
    await socket.disconnect()


# -- people away on their turn -----------------------------------------------------------------------
@pytest.fixture
def duel(alice_api, bob_api):
    """A running 2-seat match without a clock: alice at seat 0 (to act), bob at seat 1."""
    match_id = create(alice_api).json()["id"]
    assert bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json").status_code == 200
    return match_id


def test_a_person_to_act_has_an_absence_deadline_and_a_bot_to_act_has_none(alice_api, bob_api):
    before = timezone.now()
    match_id = create(alice_api).json()["id"]
    assert Match.objects.get(pk=match_id).turn_deadline is None  # open: nobody is to act
    bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json")
    after = timezone.now()
    deadline = Match.objects.get(pk=match_id).turn_deadline
    assert before + timedelta(seconds=ABSENT) <= deadline <= after + timedelta(seconds=ABSENT)
    assert alice_api.get(f"/api/matches/{match_id}/").json()["clock"] is None  # no turn clock is shown
    alice_api.post(f"/api/matches/{match_id}/actions/", {"version": 0, "action": {"type": "draw"}}, format="json")
    assert Match.objects.get(pk=match_id).turn_deadline > deadline  # bob's turn now, bob's deadline
    bot_first = create(alice_api, seats=[HUMAN, HEURISTIC], options={**STACKED, "first_player": 1}).json()["id"]
    assert Match.objects.get(pk=bot_first).turn_deadline is None
    bots = create(alice_api, seats=[HEURISTIC, HEURISTIC]).json()["id"]
    assert Match.objects.get(pk=bots).turn_deadline is None


def test_an_absent_person_times_out_and_a_bot_plays_their_seat(duel, alice_api, bob_api):
    age(duel, ABSENT + 20, deadline_in=-20)
    assert expire_clock(duel, 0) is True
    alice_seat = Seat.objects.get(match_id=duel, index=0)
    assert (alice_seat.resigned, alice_seat.timed_out, alice_seat.bot, alice_seat.name) == (
        True, True, "heuristic", "alice")
    view = bob_api.get(f"/api/matches/{duel}/").json()
    assert view["status"] == "running"
    assert view["seats"][0] == {"index": 0, "name": "alice", "kind": "human", "guest": False, "bot": "heuristic", "resigned": True,
                                "timed_out": True, "you": False}
    refused = alice_api.post(f"/api/matches/{duel}/actions/", {"version": 0, "action": {"type": "draw"}},
                             format="json")
    assert error_of(refused, 403) == "timed_out"
    assert refused.json()["error"]["message"] == "You were away on your turn too long; a bot plays your seat."
    assert error_of(alice_api.post(f"/api/matches/{duel}/resign/"), 403) == "timed_out"
    # the bot plays seat 0 now (its turn was queued after the commit); bob is to act, and present
    assert play_bot_turn(duel, 0) is True
    assert list(MatchAction.objects.filter(match_id=duel).values_list("version", "seat", "by")) == [(1, 0, "bot")]
    assert Match.objects.get(pk=duel).turn_deadline > timezone.now() + timedelta(seconds=ABSENT - 5)
    lobby = {m["id"]: m for m in alice_api.get("/api/matches/").json()["results"]}
    assert lobby[duel]["seats"][0]["timed_out"] is True


def test_when_no_person_is_left_the_match_is_abandoned(alice_api, client):
    match_id = create(alice_api, seats=[HUMAN, HEURISTIC]).json()["id"]
    assert expire_clock(match_id, 0) is False  # the deadline is 5 minutes ahead
    age(match_id, ABSENT + 20, deadline_in=-20)
    assert time_out(match_id, 1) is False  # a version the match is not at
    assert expire_clock(match_id, 0) is True
    match = Match.objects.get(pk=match_id)
    assert (match.status, match.turn_deadline, match.outcome, match.version) == ("abandoned", None, None, 0)
    view = alice_api.get(f"/api/matches/{match_id}/").json()
    assert (view["status"], view["to_act"], view["legal_actions"], view["seat"]) == ("abandoned", [], [], 0)
    assert view["seats"][0]["timed_out"] is True
    refused = alice_api.post(f"/api/matches/{match_id}/actions/", {"version": 0, "action": {"type": "draw"}},
                             format="json")
    assert error_of(refused, 409) == "abandoned"
    assert refused.json()["error"]["message"] == (
        "The match was abandoned: nobody joined it in time, every person at it was away too long, or its maker "
        "stopped it. It is over.")
    # no bot plays on for nobody
    assert tasks.bot_turn.apply(args=(match_id, 0)).get() is False
    assert expire_clock(match_id, 0) is False
    assert [(m["id"], m["status"]) for m in alice_api.get("/api/matches/?mine=1").json()["results"]] == [
        (match_id, "abandoned")]
    assert alice_api.get("/api/matches/").json()["count"] == 0
    # it had started: the replay shows it up to where it stopped
    replay = alice_api.get(f"/api/matches/{match_id}/replay/")
    assert replay.status_code == 200
    assert [frame["version"] for frame in replay.json()["frames"]] == [0]
    assert client.get(f"/play/m/{match_id}/replay/").status_code == 200


def test_the_last_present_person_timing_out_abandons_a_match_others_resigned(duel, bob_api):
    assert bob_api.post(f"/api/matches/{duel}/resign/").status_code == 200
    age(duel, ABSENT + 20, deadline_in=-20)
    assert expire_clock(duel, 0) is True
    assert Match.objects.get(pk=duel).status == "abandoned"
    assert list(Seat.objects.filter(match_id=duel).order_by("index").values_list("resigned", "timed_out")) == [
        (True, True), (True, False)]


def test_a_match_with_a_turn_clock_keeps_its_clocks_rule(alice_api, bob_api):
    match_id = create(alice_api, seconds_per_turn=600).json()["id"]
    bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json")
    age(match_id, 700, deadline_in=-100)
    assert time_out(match_id, 0) is False  # a clocked match's people never time out
    assert expire_clock(match_id, 0) is True
    assert list(MatchAction.objects.filter(match_id=match_id).values_list("version", "seat", "by")) == [
        (1, 0, "clock")]
    assert list(Seat.objects.filter(match_id=match_id).values_list("timed_out", flat=True)) == [False, False]


def test_no_absence_deadline_when_it_is_turned_off(alice_api, bob_api, settings):
    settings.PLAY_ABSENT_AFTER = 0
    match_id = create(alice_api).json()["id"]
    bob_api.post(f"/api/matches/{match_id}/join/", {}, format="json")
    assert Match.objects.get(pk=match_id).turn_deadline is None


def test_a_socket_sees_the_seat_of_a_person_who_timed_out(transactional_db):
    cookie, key = guest_cookie("Gus")
    match = create_match(Player(None, key, "Gus"), "lama", [HUMAN, HEURISTIC], STACKED, None)
    async_to_sync(_sees_timed_out)(match.id, cookie)


async def _sees_timed_out(match_id, cookie):
    socket = await connect(match_id, cookie)
    assert (await view_of(socket))["seats"][0]["timed_out"] is False
    await database_sync_to_async(age)(match_id, ABSENT + 20, -20)
    assert await database_sync_to_async(expire_clock)(match_id, 0) is True
    view = await view_of(socket)
    assert (view["status"], view["seat"], view["seats"][0]["timed_out"], view["legal_actions"]) == (
        "abandoned", 0, True, [])
    await socket.disconnect()
