"""The lobby (``play.selectors.live.lobby``; ``GET /api/matches/`` and ``/play/``): live matches only, the
open ones people can join first, then the running ones to watch, each most recent activity
first, and at most ``PLAY_LOBBY_PER_CLIENT`` (3) made by one person or from one client address,
so that no client crowds it."""
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from play.identity import Player
from play.models import Match
from play.selectors.live import lobby
from play.services.create import create_match
from play.services.leave import leave_match
from tests.conftest import EN
from tests.play.matches import HEURISTIC, HUMAN, RANDOM

pytestmark = pytest.mark.django_db


def made(who: Player | None, seats, address: str, minutes_ago: float) -> str:
    """A match made by ``who`` from ``address``, last changed ``minutes_ago`` minutes ago."""
    match = create_match(who, "lama", seats, {}, None, address=address)
    Match.objects.filter(pk=match.id).update(updated=timezone.now() - timedelta(minutes=minutes_ago))
    return match.id


def guest(n: int) -> Player:
    return Player(None, f"session-{n}", f"guest {n}")


def lobby_ids(client) -> list[str]:
    return [m["id"] for m in client.get("/api/matches/").json()["results"]]


def page_ids(client) -> list[str]:
    return re.findall(r'<li class="match-row" data-match="(\w+)">', client.get("/play/", **EN).content.decode())


def test_open_matches_first_then_running_ones_most_recent_activity_first(api, client):
    old_open = made(guest(1), [HUMAN, HUMAN], "198.51.100.1", 20)
    new_open = made(guest(2), [HUMAN, HUMAN], "198.51.100.2", 10)
    old_running = made(guest(3), [HUMAN, HEURISTIC], "198.51.100.3", 5)
    new_running = made(None, [RANDOM, HEURISTIC], "198.51.100.4", 1)
    finished = made(guest(5), [HUMAN, HEURISTIC], "198.51.100.5", 0)
    Match.objects.filter(pk=finished).update(status=Match.Status.FINISHED)
    abandoned = made(guest(6), [HUMAN, HEURISTIC], "198.51.100.6", 0)
    Match.objects.filter(pk=abandoned).update(status=Match.Status.ABANDONED)
    made(guest(7), [HUMAN, HUMAN], "198.51.100.7", 31)  # expired: nobody joined for 30 minutes
    expected = [new_open, old_open, new_running, old_running]
    assert lobby_ids(api) == expected
    assert page_ids(client) == expected
    body = client.get("/play/", **EN).content.decode()
    assert re.findall(r'data-match="(\w+)"', body[body.index('id="running-matches"'):]) == [new_running, old_running]


def test_one_address_does_not_crowd_the_lobby(api, client):
    flood = [made(None, [RANDOM, HEURISTIC], "203.0.113.5", minute) for minute in range(1, 21)]
    others = [made(guest(n), [HUMAN, HEURISTIC], f"198.51.100.{n}", 30 + n) for n in (1, 2)]
    assert lobby().count() == 5
    assert lobby_ids(api) == flood[:3] + others
    assert page_ids(client) == flood[:3] + others


def test_one_person_does_not_crowd_the_lobby_from_many_addresses(api):
    ann = guest(1)
    waiting = [made(ann, [HUMAN, HUMAN], f"198.51.100.{n}", n) for n in (1, 2, 3)]
    playing = [made(ann, [HUMAN, HEURISTIC], f"198.51.100.{n}", n) for n in (4, 5)]
    other = made(guest(2), [HUMAN, HEURISTIC], "203.0.113.9", 50)
    # Ann's three open matches fill her share; her running ones wait until one of those goes
    assert lobby_ids(api) == waiting + [other]
    leave_match(ann, waiting[0])
    assert lobby_ids(api) == waiting[1:] + [playing[0], other]
    assert Match.objects.filter(pk__in=playing, status="running").count() == 2


def test_the_lobby_lists_every_client_when_the_share_is_turned_off(api, settings):
    settings.PLAY_LOBBY_PER_CLIENT = 0
    flood = [made(None, [RANDOM, HEURISTIC], "203.0.113.5", minute) for minute in range(1, 6)]
    assert lobby_ids(api) == flood
