"""Celery tasks of the table: bot turns and turn clocks. They only schedule; the work is done by
``play.services``. Both are idempotent on the version: a task for a match that has moved on
does nothing, so a task delivered twice or late is harmless."""
from celery import shared_task

from . import services


@shared_task(name="play.bot_turn", ignore_result=True)
def bot_turn(match_id: str, version: int) -> bool:
    """The bot whose seat is to act in ``match_id`` at ``version`` takes its turn; returns
    whether it acted (False when the match has moved on)."""
    return services.play_bot_turn(match_id, version)


@shared_task(name="play.clock_expired", ignore_result=True)
def clock_expired(match_id: str, version: int) -> bool:
    """The turn clock of ``match_id`` at ``version`` ran out: the seat to act is played by its
    bot (the heuristic one for a person). Returns whether an action was applied."""
    return services.expire_clock(match_id, version)
