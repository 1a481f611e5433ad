"""The work that follows a change to a match, once its transaction has committed: every seat and
the spectators are sent their views (``play.notify``), the bot turn is queued when a bot is to
act, and the turn clock's task when the match has a clock (the Celery tasks of ``play.tasks``).

The services (``play.services``) call this module; the tasks call the services. So that the
two do not import each other, a task is queued here by its name (``BOT_TURN``,
``CLOCK_EXPIRED``: the names ``play.tasks`` registers them under), as Celery beat queues the
sweeps (``CELERY_BEAT_SCHEDULE``).

Bot turns go to one of two queues (``config.queues``): the people's queue (the default one) for
a match where a person still plays, the bots' queue for a match where none does, each with a
worker of its own, so that bot-only matches never make a person wait for a bot's reply. Clocks
use the people's queue. A clock's task waits in the broker at most ``PLAY_CLOCK_MAX_COUNTDOWN``
seconds (a message held longer by a worker would be delivered again by Redis after its
visibility timeout, or make RabbitMQ close the channel after its consumer timeout); the task
queues itself again for the rest of the time when it runs before the deadline
(``play.services.clocks.expire_clock``).
"""
from __future__ import annotations

from celery import current_app
from django.conf import settings
from django.db import transaction

from .models import Match, Seat
from .notify import match_changed
from .payloads import MatchViews
from .seat_holders import people_left

#: The Celery names of the table's turn tasks (``play.tasks``).
BOT_TURN = "play.bot_turn"
CLOCK_EXPIRED = "play.clock_expired"


def queue_bot_turn(match_id: str, version: int, *, people: bool, countdown: float = 0) -> None:
    """Queue the bot turn of ``match_id`` at ``version`` in ``countdown`` seconds: on the
    people's queue when a person still plays the match (``people``), else on the bots' queue
    (``settings.TASK_QUEUES``)."""
    queue = settings.TASK_QUEUES["people" if people else "bots"]
    current_app.send_task(BOT_TURN, (match_id, version), countdown=countdown, queue=queue, ignore_result=True)


def queue_clock(match_id: str, version: int, countdown: float | None = None) -> None:
    """Queue the deadline check of ``match_id`` at ``version`` in ``countdown`` seconds (at once
    for ``None``), cut to ``PLAY_CLOCK_MAX_COUNTDOWN`` (see the module's docstring)."""
    if countdown is not None:
        countdown = min(countdown, settings.PLAY_CLOCK_MAX_COUNTDOWN)
    current_app.send_task(CLOCK_EXPIRED, (match_id, version), countdown=countdown, ignore_result=True)


def after_commit(match: Match, engine, state, seats: list[Seat], reseat: bool, views: MatchViews | None = None) -> None:
    """Once the transaction commits: broadcast the views (``reseat``: seats changed hands, so
    every socket looks up its seat again; ``views``: the committed match's views, when the
    caller built them), queue the bot turn when a bot is to act (after ``PLAY_BOT_DELAY``
    seconds), and queue the clock when the match has one. Call it inside the transaction."""
    match_id, version = match.id, match.version
    transaction.on_commit(lambda: match_changed(match_id, reseat=reseat, views=views), robust=True)
    if match.status != Match.Status.RUNNING:
        return
    by_index = {s.index: s for s in seats}
    if any(by_index[i].bot for i in engine.to_act(state)):
        people = people_left(seats)
        transaction.on_commit(
            lambda: queue_bot_turn(match_id, version, people=people, countdown=settings.PLAY_BOT_DELAY),
            robust=True,
        )
    if match.seconds_per_turn:
        seconds = match.seconds_per_turn
        transaction.on_commit(lambda: queue_clock(match_id, version, countdown=seconds), robust=True)


def broadcast_after_commit(match_id: str) -> None:
    """Once the transaction commits, send every seat and the spectators the match as it is in the
    database then (no bot turn, no clock: for a match that stopped). Call it inside the
    transaction."""
    transaction.on_commit(lambda: match_changed(match_id), robust=True)
