"""Bot work that cannot starve people (``config.queues``): the bot turns of a match where a
person plays go to the people's queue, those of bot-only matches to the bots' queue, goldfish
simulations to the simulations' queue, each consumed by a worker of its own. Real workers (in
threads of this process, as tests/play/test_match_tasks.py runs them) on the configured broker,
each consuming only its queue."""
import contextlib
import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.conf import settings
from django.db import connection
from django.db.backends.signals import connection_created

from config.celery import app
from decks.models import GoldfishRun
from play.models import Match
from play.services.act import act
from play.services.create import create_match
from play.services.resign import resign
from tests.play.matches import HEURISTIC, HUMAN, RANDOM, SHORT, STACKED, person, wait_for
from tests.play.test_match_tasks import _read_uncommitted, log_of

BOT_ONLY_MATCHES = 150


@pytest.fixture
def queues(transactional_db, settings):
    """The run's queues, emptied; bots move at once; the test database shared with the workers
    (see tests/play/test_match_tasks.py's ``worker``)."""
    settings.PLAY_BOT_DELAY = 0
    app.control.purge()
    connection.ensure_connection()
    _read_uncommitted(connection=connection)
    connection_created.connect(_read_uncommitted)
    yield settings.TASK_QUEUES
    connection_created.disconnect(_read_uncommitted)
    app.control.purge()


@contextlib.contextmanager
def worker_of(queue: str):
    """A worker consuming ``queue`` only. A worker's queues are selected on the app itself
    (``app.amqp.queues.select``), so every queue is selected again after it, as other tests'
    workers consume them all."""
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30, queues=[queue]):
            yield
    finally:
        app.amqp.queues.select(list(settings.TASK_QUEUES.values()))


def test_the_queues_are_named_from_the_default_one():
    default = settings.CELERY_TASK_DEFAULT_QUEUE
    assert settings.TASK_QUEUES == {"people": default, "bots": f"{default}-bots",
                                    "simulations": f"{default}-simulations"}
    # each queue has a binding of its own: a message for one queue reaches no other
    assert [(q.name, q.exchange.name, q.routing_key) for q in settings.CELERY_TASK_QUEUES] == [
        (name, name, name) for name in (default, f"{default}-bots", f"{default}-simulations")]
    assert app.amqp.router.route({}, "decks.goldfish")["queue"].name == f"{default}-simulations"
    assert app.amqp.router.route({}, "play.clock_expired")["queue"].name == default


def test_a_persons_bot_reply_does_not_wait_behind_bot_only_matches(queues, user):
    bot_only = [create_match(None, "lama", [RANDOM, RANDOM], SHORT, seed=seed).id
                for seed in range(BOT_ONLY_MATCHES)]  # 150 first bot turns wait on the bots' queue
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=5)
    with worker_of(queues["people"]):
        act(alice, match.id, 0, {"type": "play", "card": 1})
        wait_for(match.id, lambda m: m.version == 2, timeout=15)
    assert log_of(match.id) == [(1, 0, "player"), (2, 1, "bot")]
    # The people's worker took none of the bot-only turns queued before the person's ...
    assert Match.objects.filter(pk__in=bot_only, version=0).count() == BOT_ONLY_MATCHES
    # ... which the bots' worker plays.
    with worker_of(queues["bots"]):
        deadline = time.monotonic() + 120
        while Match.objects.filter(pk__in=bot_only, version=0).exists():
            assert time.monotonic() < deadline, "the bots' worker did not play the bot-only matches"
            time.sleep(0.1)
    assert Match.objects.get(pk=match.id).version == 2


def test_a_match_every_person_left_to_the_bots_moves_to_the_bots_queue(queues, user):
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=5)
    resign(alice, match.id)  # seat 0, to act, is the bot's now: no person plays the match
    with worker_of(queues["people"]):
        time.sleep(1)
        assert Match.objects.get(pk=match.id).version == 0
    with worker_of(queues["bots"]):
        wait_for(match.id, lambda m: m.version >= 2, timeout=15)
    assert log_of(match.id)[:2] == [(1, 0, "bot"), (2, 1, "bot")]


def test_a_goldfish_run_is_the_simulations_workers_alone(queues, sample_catalogue, alice_api, api):
    started = alice_api.post("/api/decks/SMP-RED/goldfish/", {"runs": 200, "turns": 3, "seed": 11}, format="json")
    assert started.status_code == 202, started.json()
    run_id = started.json()["id"]
    for other in ("people", "bots"):  # one at a time: two embedded workers do not start side by side
        with worker_of(queues[other]):
            time.sleep(1)
            assert GoldfishRun.objects.get(pk=run_id).status == "queued"
    with worker_of(queues["simulations"]):
        deadline = time.monotonic() + 60
        while api.get(f"/api/goldfish/{run_id}/").json()["status"] not in ("done", "failed"):
            assert time.monotonic() < deadline, "the simulations' worker did not run the goldfish"
            time.sleep(0.05)
    state = api.get(f"/api/goldfish/{run_id}/").json()
    assert (state["status"], state["done"]) == ("done", 200)
