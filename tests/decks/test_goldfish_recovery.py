"""A goldfish run whose worker is lost does not stay ``running`` for ever: the task is
acknowledged late and requeued when its worker dies, and the sweep (``decks.sweep_goldfish``,
when a worker starts and from beat) queues again a run that stopped moving, through a real
worker, or marks it ``failed`` (``stalled``) once it was started ``GOLDFISH_MAX_ATTEMPTS`` times,
which the API says in both languages. A worker killed mid-run: tests/system/test_goldfish_worker_crash.py."""
from datetime import timedelta

from django.utils import timezone

from decks import services, tasks
from decks.models import Deck, GoldfishRun
from tests.conftest import EN, JA
from tests.decks.test_builder_api import deck_worker  # noqa: F401  (a fixture)
from tests.e2e.conftest import threads_share_the_test_db  # noqa: F401  (a fixture deck_worker uses)

STALLED_EN = "The simulation stopped moving: its worker was lost 3 times. Run it again."
STALLED_JA = "シミュレーションが止まりました。実行していたワーカーが3回失われました。もう一度実行してください。"


def stale_run(attempts: int, status: str = "running", seconds: float = 120, **fields) -> GoldfishRun:
    """A run of SMP-RED (2000 games, 5 turns, seed 11) that a lost worker left behind: its row
    last moved ``seconds`` ago."""
    deck = Deck.objects.get(pk="SMP-RED")
    entries = [{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")]
    run = GoldfishRun.objects.create(deck=deck, entries=entries, runs=2000, turns=5, seed=11, status=status,
                                     attempts=attempts, done=40 if status == "running" else 0, **fields)
    GoldfishRun.objects.filter(pk=run.pk).update(updated_at=timezone.now() - timedelta(seconds=seconds))
    return run


def expected_result() -> dict:
    from tcg.decks.goldfish import goldfish
    from decks.selectors import stat_cards

    deck = Deck.objects.get(pk="SMP-RED")
    return goldfish(stat_cards([{"code": e.card.code, "count": e.count} for e in deck.entries.select_related("card")]),
                    runs=2000, turns=5, seed=11)


def wait_done(run_id: str, timeout: float = 30) -> GoldfishRun:
    import time

    deadline = time.monotonic() + timeout
    while (run := GoldfishRun.objects.get(pk=run_id)).status not in ("done", "failed"):
        assert time.monotonic() < deadline, (run.status, run.done)
        time.sleep(0.05)
    return run


def test_the_goldfish_task_is_acknowledged_late_and_requeued_when_its_worker_dies():
    assert (tasks.run_goldfish.acks_late, tasks.run_goldfish.reject_on_worker_lost) == (True, True)


def test_the_sweep_queues_again_a_run_that_stopped_and_a_worker_finishes_it(deck_worker, sample_catalogue,
                                                                              settings):
    lost = stale_run(attempts=1)                      # its worker died mid-run
    never = stale_run(attempts=0, status="queued")    # its message was lost before any worker took it
    moving = stale_run(attempts=1, seconds=5)         # running, its progress written 5 s ago
    assert settings.GOLDFISH_STALL_AFTER == 60
    assert tasks.sweep_goldfish() == 2
    for run_id in (lost.pk, never.pk):
        run = wait_done(run_id)
        assert (run.status, run.done, run.attempts, run.failure, run.error) == ("done", 2000, run.attempts, "", "")
        assert run.result == expected_result()
    assert GoldfishRun.objects.get(pk=lost.pk).attempts == 2
    assert GoldfishRun.objects.get(pk=never.pk).attempts == 1
    untouched = GoldfishRun.objects.get(pk=moving.pk)
    assert (untouched.status, untouched.attempts, untouched.done) == ("running", 1, 40)


def test_a_swept_run_is_not_queued_again_before_it_stands_still_again(db, sample_catalogue):
    run = stale_run(attempts=1)
    assert [what for _, what in services.sweep_stalled_goldfish(60)] == ["queued"]
    run.refresh_from_db()
    assert (run.status, run.done, run.attempts) == ("queued", 0, 1)  # waiting for a worker again
    assert services.sweep_stalled_goldfish(60) == []


def test_a_second_copy_of_a_run_a_worker_is_playing_leaves_it_alone(db, sample_catalogue):
    """A run that waited in its queue longer than ``GOLDFISH_STALL_AFTER`` is queued a second
    time by the sweep; the copy that arrives while the first is being played must not start it
    again (each start would throw the games played away, and the third would fail the run as
    lost)."""
    waiting = stale_run(attempts=0, status="queued")
    assert services.sweep_stalled_goldfish(60) == [(waiting.pk, "queued")]
    GoldfishRun.objects.filter(pk=waiting.pk).update(status="running", attempts=1, done=40)  # the first copy
    second = services.execute_goldfish(waiting.pk)
    assert (second.status, second.attempts, second.done, second.result) == ("running", 1, 40, None)


def test_a_copy_the_broker_hands_back_takes_the_run_over_at_once(db, sample_catalogue):
    """RabbitMQ redelivers a late-acknowledged message as soon as its worker is lost, before the
    row stands still: that copy plays the run again from the start."""
    run = stale_run(attempts=1, seconds=0)
    tasks.run_goldfish.push_request(delivery_info={"redelivered": True})
    try:
        assert tasks.run_goldfish.run(run.pk) == "done"
    finally:
        tasks.run_goldfish.pop_request()
    run.refresh_from_db()
    assert (run.status, run.attempts, run.done) == ("done", 2, 2000)
    assert run.result == expected_result()


def test_a_run_a_lost_worker_left_standing_still_is_taken_over(db, sample_catalogue):
    run = stale_run(attempts=1, seconds=120)
    assert services.execute_goldfish(run.pk).status == "done"
    run.refresh_from_db()
    assert (run.attempts, run.done) == (2, 2000)


def test_a_run_lost_as_often_as_allowed_fails_and_says_why(db, sample_catalogue, api, settings):
    assert settings.GOLDFISH_MAX_ATTEMPTS == 3
    run = stale_run(attempts=3)
    assert services.sweep_stalled_goldfish(60) == [(run.pk, "failed")]
    run.refresh_from_db()
    assert (run.status, run.failure, run.attempts, run.result) == ("failed", "stalled", 3, None)
    en = api.get(f"/api/goldfish/{run.pk}/", **EN).json()
    assert (en["status"], en["failure"], en["attempts"], en["error"]) == ("failed", "stalled", 3, STALLED_EN)
    assert api.get(f"/api/goldfish/{run.pk}/", **JA).json()["error"] == STALLED_JA
    assert services.sweep_stalled_goldfish(60) == []  # failed is final


def test_a_worker_that_starts_a_run_started_as_often_as_allowed_fails_it(db, sample_catalogue):
    """A message the broker redelivers after each worker it was running on died (say the run
    itself killed them) is not run for ever."""
    run = stale_run(attempts=3, seconds=0)
    assert services.execute_goldfish(run.pk, redelivered=True).status == "failed"
    run.refresh_from_db()
    assert (run.failure, run.attempts) == ("stalled", 3)


def test_each_start_is_an_attempt_and_an_unplayable_deck_says_so(db, sample_catalogue):
    run = stale_run(attempts=0, status="queued", seconds=0)
    done = services.execute_goldfish(run.pk)
    assert (done.status, done.attempts, done.failure) == ("done", 1, "")
    bad = stale_run(attempts=0, status="queued", seconds=0)
    GoldfishRun.objects.filter(pk=bad.pk).update(entries=[{"code": "SMP-001", "count": 3}])
    failed = services.execute_goldfish(bad.pk)
    assert (failed.status, failed.failure, failed.attempts) == ("failed", "unplayable", 1)
    assert failed.error == "a goldfish needs at least 11 cards; this deck has 3"
