"""API throttling (config/settings.py, ``THROTTLE_ANON`` / ``THROTTLE_USER``): an anonymous
caller has a budget per client address, an authenticated one a budget per user; a request past
the budget is ``429`` in the error shape with code ``throttled`` and ``Retry-After``.

The tests set low rates on DRF's throttle classes (their ``THROTTLE_RATES`` is read when
``rest_framework.throttling`` is imported, so it is patched there, not in the settings) and stop
the throttles' clock, so the counts and the wait are exact. Each test uses client addresses of
its own and forgets their history first: the cache is shared (Redis in CI).
"""
import random

import pytest
from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle

from tests.conftest import token_client

URL = "/api/games/"
ANON, USER = 3, 5
RATES = {"anon": f"{ANON}/minute", "user": f"{USER}/minute"}
REFUSAL = {"code": "throttled", "message": "Request was throttled. Expected available in 60 seconds.", "details": {}}


class Clock:
    """The throttles' timer, moved by hand (``time.time`` in DRF)."""

    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    clock = Clock()
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", RATES)
    monkeypatch.setattr(SimpleRateThrottle, "timer", clock)
    return clock


def fresh_address() -> str:
    """A client address (TEST-NET-2) whose throttle history is forgotten."""
    address = f"198.51.100.{random.randrange(1, 255)}"
    cache.delete_many([f"throttle_anon_{address}", f"throttle_user_{address}"])
    return address


def forget_user(user) -> None:
    cache.delete(f"throttle_user_{user.pk}")


def statuses(client, count: int, **extra) -> list[int]:
    return [client.get(URL, **extra).status_code for _ in range(count)]


def assert_throttled(response):
    assert response.status_code == 429
    assert response.json() == {"error": REFUSAL}
    assert response["Retry-After"] == "60"


def test_the_request_past_the_anonymous_budget_is_429_until_the_window_passes(api, clock, db):
    address = fresh_address()
    assert statuses(api, ANON, REMOTE_ADDR=address) == [200] * ANON
    assert_throttled(api.get(URL, REMOTE_ADDR=address))
    clock.now += 59
    later = api.get(URL, REMOTE_ADDR=address)
    assert (later.status_code, later["Retry-After"]) == (429, "1")
    assert later.json()["error"]["message"] == "Request was throttled. Expected available in 1 second."
    clock.now += 1
    assert statuses(api, ANON + 1, REMOTE_ADDR=address) == [200] * ANON + [429]


def test_each_address_has_its_own_budget_and_x_forwarded_for_does_not_give_a_new_one(api, clock, db):
    first, second = fresh_address(), fresh_address()
    while second == first:
        second = fresh_address()
    assert statuses(api, ANON + 1, REMOTE_ADDR=first) == [200] * ANON + [429]
    assert statuses(api, ANON + 1, REMOTE_ADDR=second) == [200] * ANON + [429]
    # NUM_PROXIES is 0: the header a client sends does not name another caller.
    spoofed = api.get(URL, REMOTE_ADDR=first, HTTP_X_FORWARDED_FOR="203.0.113.9")
    assert_throttled(spoofed)


def test_an_authenticated_user_has_a_budget_of_its_own(api, clock, user, other_user):
    address = fresh_address()
    forget_user(user)
    forget_user(other_user)
    alice, bob = token_client(user), token_client(other_user)
    assert statuses(api, ANON + 1, REMOTE_ADDR=address) == [200] * ANON + [429]
    # The same address, now with alice's token: her budget, untouched by the anonymous calls.
    assert statuses(alice, USER, REMOTE_ADDR=address) == [200] * USER
    assert_throttled(alice.get(URL, REMOTE_ADDR=address))
    # From another address alice is still alice; bob has his own budget.
    assert alice.get(URL, REMOTE_ADDR=fresh_address()).status_code == 429
    assert statuses(bob, USER + 1, REMOTE_ADDR=address) == [200] * USER + [429]
    clock.now += 60
    assert statuses(alice, 1, REMOTE_ADDR=address) == [200]


def test_when_the_cache_does_not_answer_requests_go_through_uncounted(api, clock, db, monkeypatch):
    """Redis restarting: the throttles' cache is a Redis client aimed at a port where nothing
    listens. The API answers as usual instead of 500, past the budget too, and so does health."""
    from django.core.cache.backends.redis import RedisCache

    from bench.server import free_port
    from core.api import throttling

    dead = RedisCache(f"redis://127.0.0.1:{free_port()}/0", {"OPTIONS": {"socket_connect_timeout": 0.5}})
    monkeypatch.setattr(throttling.AnonRateThrottle, "cache", dead)
    monkeypatch.setattr(throttling.UserRateThrottle, "cache", dead)
    address = fresh_address()
    assert statuses(api, ANON + 2, REMOTE_ADDR=address) == [200] * (ANON + 2)
    assert api.get("/api/health/", REMOTE_ADDR=address).json()["database"]["status"] == "ok"
