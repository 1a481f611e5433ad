"""Bot turns and turn clocks as Celery tasks, run by a real worker consuming from the configured
broker (kombu's filesystem transport by default, Redis or RabbitMQ with ``CELERY_BROKER_URL``).
The tasks are queued after the commit, so these tests commit (``transactional_db``)."""
import pytest
from celery.contrib.testing.worker import start_worker
from django.db import InterfaceError, OperationalError, connection
from django.db.backends.signals import connection_created
from django.test import override_settings

from config.celery import app
from play import tasks
from play.games import GAMES
from play.models import Match, MatchAction
from play.selectors import history
from play.selectors.match import match_view
from play.services.act import act
from play.services.bot_turns import play_bot_turn
from play.services.create import create_match
from play.services.join import join_match
from play.services.resign import resign
from play.turn_clock import MIN_SECONDS_PER_TURN
from tests.play.matches import HEURISTIC, HUMAN, RANDOM, SHORT, STACKED, person, wait_for

LAMA = GAMES["lama"]


def _read_uncommitted(sender=None, connection=None, **kwargs):
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA read_uncommitted = 1")


@pytest.fixture(scope="module")
def worker_thread():
    """A Celery worker in a thread of this process for the module's tests; bots move at once."""
    app.control.purge()  # the run's own queue: drop what earlier tests left in it
    with override_settings(PLAY_BOT_DELAY=0):
        with start_worker(app, pool="solo", perform_ping_check=False, shutdown_timeout=30):
            yield


@pytest.fixture
def worker(worker_thread, transactional_db, settings):
    """The worker, sharing the test database. On the shared in-memory SQLite test database a
    reader's table lock would make the worker's writes fail at once ("database table is
    locked"), so connections read uncommitted there."""
    settings.PLAY_BOT_DELAY = 0
    connection.ensure_connection()
    _read_uncommitted(connection=connection)
    connection_created.connect(_read_uncommitted)
    yield
    connection_created.disconnect(_read_uncommitted)


def log_of(match_id):
    return list(MatchAction.objects.filter(match_id=match_id).order_by("version").values_list("version", "seat", "by"))


def test_a_bot_answers_a_persons_move(worker, user):
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=5)
    act(alice, match.id, 0, {"type": "play", "card": 1})
    done = wait_for(match.id, lambda m: m.version == 2)
    assert log_of(match.id) == [(1, 0, "player"), (2, 1, "bot")]
    before = LAMA.apply(LAMA.setup(2, 5, STACKED), 0, {"type": "play", "card": 1})
    bot_action = MatchAction.objects.get(match=done, version=2).action
    assert bot_action in LAMA.legal_actions(before, 1)
    assert LAMA.load(done.state) == LAMA.apply(before, 1, bot_action)
    assert LAMA.to_act(LAMA.load(done.state)) == [0]


def test_a_bot_that_is_first_to_act_plays_when_the_match_starts(worker, user, other_user):
    options = {"first_player": 2}
    match = create_match(person(user), "lama", [HUMAN, HUMAN, RANDOM], options, seed=5)
    assert Match.objects.get(pk=match.id).status == "open"
    join_match(person(other_user), match.id)
    wait_for(match.id, lambda m: m.version == 1)
    assert log_of(match.id) == [(1, 2, "bot")]


def test_bots_play_a_match_to_its_end(worker):
    match = create_match(None, "lama", [RANDOM, HEURISTIC], SHORT, seed=21)
    done = wait_for(match.id, lambda m: m.status == "finished", timeout=60)
    assert done.outcome == LAMA.outcome(LAMA.load(done.state)).to_json()
    assert {by for _, _, by in log_of(match.id)} == {"bot"}
    replay = history.replay(done, None)
    assert replay["frames"][-1]["state"] == LAMA.view(LAMA.load(done.state), None)
    assert len(replay["frames"]) == done.version + 1


def test_a_resigned_seat_is_played_by_the_heuristic_bot(worker, user, other_user):
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seed=5)
    join_match(bob, match.id)
    act(alice, match.id, 0, {"type": "draw"})
    resign(bob, match.id)
    wait_for(match.id, lambda m: m.version == 2)
    assert log_of(match.id) == [(1, 0, "player"), (2, 1, "bot")]


def test_an_expired_clock_lets_the_bot_play_that_turn(worker, user, other_user):
    alice, bob = person(user), person(other_user)
    match = create_match(alice, "lama", [HUMAN, HUMAN], {}, seconds_per_turn=MIN_SECONDS_PER_TURN, seed=5)
    assert Match.objects.get(pk=match.id).turn_deadline is None
    join_match(bob, match.id)
    started = Match.objects.get(pk=match.id)
    assert started.turn_deadline is not None
    assert match_view(started, alice)["clock"]["seconds_per_turn"] == MIN_SECONDS_PER_TURN
    played = wait_for(match.id, lambda m: m.version >= 1, timeout=MIN_SECONDS_PER_TURN + 15)
    assert log_of(match.id)[0] == (1, 0, "clock")
    assert played.turn_deadline > started.turn_deadline
    first = MatchAction.objects.get(match_id=match.id, version=1)
    assert first.created >= started.turn_deadline


def test_tasks_do_nothing_for_a_match_that_moved_on(db, user):
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seconds_per_turn=600, seed=5)
    # run in this process (Celery's apply), no worker: the match is at version 0, seat 0 a person's
    assert tasks.bot_turn.apply(args=(match.id, 0)).get() is False
    assert tasks.clock_expired.apply(args=(match.id, 3)).get() is False
    assert tasks.bot_turn.apply(args=("nosuchmatch", 0)).get() is False
    assert tasks.clock_expired.apply(args=("nosuchmatch", 0)).get() is False
    assert Match.objects.get(pk=match.id).version == 0


def test_a_bot_turn_that_meets_a_locked_database_is_retried(db, user, monkeypatch):
    alice = person(user)
    match = create_match(alice, "lama", [HUMAN, HEURISTIC], STACKED, seed=5)
    act(alice, match.id, 0, {"type": "play", "card": 1})
    calls = []

    def locked_once(match_id, version):
        calls.append(version)
        if len(calls) == 1:
            raise OperationalError("database table is locked: play_match")
        return play_bot_turn(match_id, version)

    monkeypatch.setattr(tasks, "play_bot_turn", locked_once)
    # Celery's apply runs the retry at once, in this process
    assert tasks.bot_turn.apply(args=(match.id, 1)).get() is True
    assert calls == [1, 1]
    assert log_of(match.id) == [(1, 0, "player"), (2, 1, "bot")]


def test_every_task_that_may_run_twice_is_retried_on_a_transient_database_error():
    late = sorted(name for name, task in app.tasks.items() if getattr(task, "acks_late", False))
    assert late == ["decks.goldfish", "play.bot_turn", "play.clock_expired"]
    for name in late:
        task = app.tasks[name]
        assert (task.autoretry_for, task.max_retries, task.retry_backoff) == (
            (OperationalError, InterfaceError), 5, 1), name
