"""A match's deadline passed (``expire_clock``, run by the Celery task ``play.clock_expired``):
with a turn clock the bot plays the turn; without one the absence rule times the person out
(``time_out``). The deadline itself is set by ``play.services.deadlines``."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from play.models import Match, MatchAction
from play.payloads import get_game
from play.scheduling import after_commit, queue_clock
from play.seat_holders import people_left

from .bot_turns import play_bot_turn
from .bots import stand_in_bot
from .deadlines import start_clock


def expire_clock(match_id: str, version: int) -> bool:
    """The deadline of ``match_id`` at ``version``: when the match is still at that version and
    its deadline has passed, with a turn clock the seat to act is played by its bot for this
    turn (``by="clock"``); without one (the absence deadline) the people to act are timed out
    (``time_out``). When the deadline is still ahead, the check is queued again for then.
    Returns whether an action was applied or a seat timed out."""
    match = (Match.objects.filter(pk=match_id)
             .only("version", "status", "turn_deadline", "seconds_per_turn").first())
    if match is None or match.version != version or match.status != Match.Status.RUNNING or not match.turn_deadline:
        return False
    remaining = (match.turn_deadline - timezone.now()).total_seconds()
    if remaining > 0:
        queue_clock(match_id, version, countdown=remaining)
        return False
    if match.seconds_per_turn:
        return play_bot_turn(match_id, version, by=MatchAction.By.CLOCK)
    return time_out(match_id, version)


@transaction.atomic
def time_out(match_id: str, version: int) -> bool:
    """The absence rule, for a running match without a turn clock still at ``version`` whose
    absence deadline (``PLAY_ABSENT_AFTER`` seconds after a person's seat became to act, see
    ``play.services.deadlines``) has passed: every person's seat that is to act is timed out — marked
    ``timed_out`` and ``resigned`` and played by the bot from then on, as ``resign`` does (the
    rules pages say nothing of a player who stops playing; DESIGN.md: "where it says nothing,
    the seat's bot plays"). When no person is left playing, the match is ``abandoned`` instead
    of played on by bots for nobody: it ends with no outcome and no bot moves again. Returns
    whether a seat timed out; False (nothing changed) when the match moved on, has a clock, is
    not running or its deadline is still ahead."""
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if (match is None or match.status != Match.Status.RUNNING or match.version != version
            or match.seconds_per_turn or match.turn_deadline is None or match.turn_deadline > timezone.now()):
        return False
    seats = list(match.seats.all())
    engine = get_game(match.game)
    state = engine.load(match.state, match.options)
    away = [s for s in seats if s.index in engine.to_act(state) and not s.bot]
    if not away:
        return False
    bot = stand_in_bot(engine)
    for seat in away:
        seat.resigned, seat.timed_out, seat.bot = True, True, bot
        seat.save(update_fields=["resigned", "timed_out", "bot"])
    if not people_left(seats):
        match.status = Match.Status.ABANDONED
    start_clock(match, engine, state, seats)
    match.save()
    after_commit(match, engine, state, seats, reseat=True)
    return True
