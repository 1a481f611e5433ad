"""The turn deadline of a running match (``Match.turn_deadline``), set whenever the seats to act
change: the turn clock's, or without a clock the absence deadline of a person to act. What
happens when it passes is ``play.services.clocks``."""
from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone

from play.models import Match, Seat


def start_clock(match: Match, engine, state, seats: list[Seat]) -> None:
    """Set the turn deadline of a match: for a running match with a turn clock,
    ``seconds_per_turn`` from now, whoever is to act; for one without a clock, the absence
    deadline ``PLAY_ABSENT_AFTER`` seconds from now when a person's seat (not a bot's, not
    resigned) is to act (``play.services.clocks.time_out``); else none. No task is queued for
    the absence deadline: ``play.resume_stalled`` finds it passed, as it finds a clock a broker
    lost."""
    match.turn_deadline = None
    if match.status != Match.Status.RUNNING:
        return
    if match.seconds_per_turn:
        match.turn_deadline = timezone.now() + timedelta(seconds=match.seconds_per_turn)
    elif settings.PLAY_ABSENT_AFTER and _person_to_act(engine, state, seats):
        match.turn_deadline = timezone.now() + timedelta(seconds=settings.PLAY_ABSENT_AFTER)


def _person_to_act(engine, state, seats: list[Seat]) -> bool:
    by_index = {s.index: s for s in seats}
    return any(not by_index[i].bot for i in engine.to_act(state))
