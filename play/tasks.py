"""Celery tasks of the table: bot turns, turn clocks (and absence deadlines), the recovery of
stalled matches and the expiry of open matches nobody joins. They only schedule; the work is
done by the services (``play.services.bot_turns``, ``play.services.clocks``,
``play.services.expiry``). All are idempotent on the version: a task for a match that has
moved on does nothing, so a task delivered twice or late is harmless.

The turn tasks are queued by ``play.scheduling`` under their names (``BOT_TURN``,
``CLOCK_EXPIRED``): bot turns on the people's or the bots' queue (``config.queues``), clocks and
the sweeps on the people's queue, a clock's countdown cut to ``PLAY_CLOCK_MAX_COUNTDOWN``.

A broker may lose a queued turn: kombu's filesystem transport deletes a message when a worker
takes it, Redis gives a killed worker's unacknowledged messages back only after its visibility
timeout (1 hour), and a worker killed between a move's commit and the queuing of the next turn
never queues it. So the database is the truth: ``resume_stalled`` (run when a worker starts, see
``_resume_when_a_worker_starts``, and every ``PLAY_RESUME_INTERVAL`` seconds by Celery beat,
``CELERY_BEAT_SCHEDULE``) queues again the turn of every match that stands still while Celery
should move it. The turn tasks are acknowledged late and requeued when their worker process
dies, so a broker that can (RabbitMQ; Redis after the visibility timeout) delivers them again,
and retried when they meet a transient database error (a lock, a dropped connection:
``core.task_retries``).
"""
import logging

from celery import shared_task
from celery.signals import worker_ready
from django.conf import settings

from core.task_retries import RETRY_ON_TRANSIENT_DATABASE_ERRORS

from .errors import MatchError
from .scheduling import BOT_TURN, CLOCK_EXPIRED, queue_bot_turn, queue_clock
from .selectors.stalled import stalled_turns
from .services.bot_turns import play_bot_turn
from .services.clocks import expire_clock
from .services.expiry import expire_open_matches

logger = logging.getLogger(__name__)


def _moved_on(match_id: str, version: int, run) -> bool:
    """``run()``; False when it finds the match over already: a copy of the task that finished
    the match, run at the same time, got there first, or its last person timed out meanwhile
    (``act`` checks the status before the version)."""
    try:
        return run()
    except MatchError as exc:
        if exc.code in ("game_over", "abandoned"):
            return False
        raise


@shared_task(name=BOT_TURN, ignore_result=True, acks_late=True, reject_on_worker_lost=True,
             **RETRY_ON_TRANSIENT_DATABASE_ERRORS)
def bot_turn(match_id: str, version: int) -> bool:
    """The bot whose seat is to act in ``match_id`` at ``version`` takes its turn; returns
    whether it acted (False when the match has moved on)."""
    return _moved_on(match_id, version, lambda: play_bot_turn(match_id, version))


@shared_task(name=CLOCK_EXPIRED, ignore_result=True, acks_late=True, reject_on_worker_lost=True,
             **RETRY_ON_TRANSIENT_DATABASE_ERRORS)
def clock_expired(match_id: str, version: int) -> bool:
    """The deadline of ``match_id`` at ``version`` passed: with a turn clock the seat to act is
    played by its bot for the turn (the heuristic one for a person); without one the person to
    act was away too long and is timed out (``play.services.clocks.time_out``). Returns whether
    anything changed."""
    return _moved_on(match_id, version, lambda: expire_clock(match_id, version))


@shared_task(name="play.resume_stalled", ignore_result=True)
def resume_stalled() -> int:
    """Queue again the turn of every running match that has not changed for ``PLAY_STALL_AFTER``
    seconds while a bot is to act (``bot_turn``) or its deadline passed (``clock_expired``: a
    turn clock that ran out, or the absence deadline of a match without a clock, which no task
    waits for), each for the match's current version, at once. Returns how many were queued;
    logs the lost ones at WARNING (``match_id@version:bot|clock``) and the absence deadlines at
    INFO (``match_id@version:absent``)."""
    turns = stalled_turns(settings.PLAY_STALL_AFTER)
    for turn in turns:
        if turn.task == "bot":
            queue_bot_turn(turn.match_id, turn.version, people=turn.people)
        else:
            queue_clock(turn.match_id, turn.version)
    lost = [t for t in turns if t.task != "absent"]
    if lost:
        logger.warning(
            "play.resume_stalled: queued %d stalled turns: %s", len(lost),
            " ".join(f"{t.match_id}@{t.version}:{t.task}" for t in lost),
        )
    if len(lost) < len(turns):
        logger.info("play.resume_stalled: queued %d absence deadlines: %s", len(turns) - len(lost),
                    " ".join(f"{t.match_id}@{t.version}:absent" for t in turns if t.task == "absent"))
    return len(turns)


@shared_task(name="play.expire_open", ignore_result=True)
def expire_open() -> int:
    """Abandon the open matches nobody joined or left for ``PLAY_OPEN_TTL`` seconds (queued by
    beat every ``PLAY_EXPIRE_INTERVAL`` seconds). Returns how many were abandoned."""
    return len(expire_open_matches())


@worker_ready.connect
def _resume_when_a_worker_starts(sender=None, **kwargs) -> None:
    """A worker that starts (after a crash, a deploy) queues ``resume_stalled`` at once rather
    than waiting for beat."""
    resume_stalled.apply_async()
