"""The cache is a help, never a dependency (``core.cache_failures``): each use of it carries on
when it fails, and says what was lost, against a real Redis client with nothing listening."""
import logging

import pytest
from django.core.cache import caches

from core.cache_failures import cache_may_fail
from core.workers import Heartbeat

DEAD_REDIS = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://127.0.0.1:1/0",
              "OPTIONS": {"socket_connect_timeout": 1}}  # nothing listens on port 1


@pytest.fixture
def dead_caches(settings, caplog):
    settings.CACHES = {**settings.CACHES, "default": DEAD_REDIS, "workers": DEAD_REDIS}
    # the warnings are seen whatever level an earlier test left on the root logger (an in-process
    # Celery worker sets it to its own)
    with caplog.at_level(logging.WARNING, logger="core.cache_failures"):
        yield


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING and r.name == "core.cache_failures"]


def test_a_failing_cache_is_logged_with_what_was_lost_and_the_code_after_runs(dead_caches, caplog):
    after = []
    with cache_may_fail("a count not read"):
        caches["default"].get("anything")
        after.append("inside")  # not reached: the read raised
    after.append("after")
    assert after == ["after"]
    [message] = warnings(caplog)
    assert message.startswith("a count not read, the cache failed: ConnectionError: ")


def test_a_block_that_does_not_fail_logs_nothing(caplog):
    with cache_may_fail("nothing lost"):
        value = 1 + 1
    assert (value, warnings(caplog)) == (2, [])


def test_the_api_lets_requests_through_when_its_rate_limit_cannot_be_counted(dead_caches, api, sample_catalogue,
                                                                              caplog):
    answer = api.get("/api/cards/SMP-001/")
    assert (answer.status_code, answer.json()["code"]) == (200, "SMP-001")
    assert any(m.startswith("API throttle not counted, the cache failed: ConnectionError: ") for m in warnings(caplog))


def test_a_worker_heartbeat_the_cache_refuses_is_logged_and_the_worker_goes_on(dead_caches, caplog):
    Heartbeat._beat("worker@host", ["celery"])  # does not raise
    [message] = warnings(caplog)
    assert message.startswith("worker heartbeat not written, the cache failed: ConnectionError: ")
