"""The running matches whose next move is Celery's and that stand still: a bot's turn or a deadline
a broker or a killed worker lost (``play.resume_stalled`` queues them again)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from play.models import Match, Seat
from play.payloads import get_game


@dataclass(frozen=True)
class StalledTurn:
    """A turn Celery should have played for match ``match_id`` at ``version``: ``task`` is
    ``"bot"`` (a bot's seat is to act), ``"clock"`` (the turn clock ran out) or ``"absent"`` (in
    a match without a turn clock, the person to act has been away past their deadline, see
    ``play.services.clocks.time_out``); ``people``: a person still plays the match (its bot turns go
    to the people's queue, ``config.queues``)."""

    match_id: str
    version: int
    task: str
    people: bool


def stalled_turns(idle_seconds: float, now: datetime | None = None, limit: int = 1000) -> list[StalledTurn]:
    """The running matches unchanged for more than ``idle_seconds`` (seconds, before ``now``,
    default the current time) whose next move is Celery's: a bot's seat is to act
    (``task="bot"``), or else the turn deadline passed more than ``idle_seconds`` ago
    (``task="clock"`` with a turn clock, ``"absent"`` without: the absence deadline). At most
    ``limit``, the longest unchanged first. A match where only a person may act and whose
    deadline (if any) is still ahead is not stalled."""
    cutoff = (now or timezone.now()) - timedelta(seconds=idle_seconds)
    with_bots = Seat.objects.exclude(bot="").values("match_id")
    candidates = (
        Match.objects.filter(status=Match.Status.RUNNING, updated__lt=cutoff)
        .filter(Q(pk__in=with_bots) | Q(turn_deadline__lt=cutoff))
        .prefetch_related("seats").order_by("updated", "id")
    )
    turns = []
    for match in candidates:
        game = get_game(match.game)
        seats = list(match.seats.all())
        bots = {seat.index for seat in seats if seat.bot}
        people = any(not seat.bot for seat in seats)
        if bots.intersection(game.to_act(game.load(match.state, match.options))):
            turns.append(StalledTurn(match.id, match.version, "bot", people))
        elif match.turn_deadline is not None and match.turn_deadline < cutoff:
            turns.append(StalledTurn(match.id, match.version, "clock" if match.seconds_per_turn else "absent", people))
        if len(turns) == limit:
            break
    return turns
