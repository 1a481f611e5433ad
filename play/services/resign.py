"""A person resigns a running match (``resign``): a bot plays their seat from then on."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.payloads import get_game
from play.scheduling import after_commit
from play.seat_holders import people_left

from .bots import stand_in_bot
from .checks import lock, replaced, running, seated, too_long


@transaction.atomic
def resign(player: Player | None, match_id: str) -> Match:
    """``player`` resigns a running match: the seat is marked resigned and the heuristic bot
    (the random one for a game without a heuristic bot) plays it from now on. When that leaves no
    person playing and the match's options let it run longer than a match of bots only may
    (``checks.too_long``), it is ``abandoned`` instead, as a match of bots only that long is
    refused (``create``).

    Raises ``MatchError``: ``match_not_found``, ``not_seated``, ``resigned`` (already),
    ``timed_out`` (a bot plays the seat already), ``not_started`` (leave instead),
    ``game_over``, ``abandoned``.
    """
    match = lock(match_id)
    seats = list(match.seats.all())
    seat = seated(seats, player)
    running(match)
    if seat.timed_out:
        raise replaced(seat)
    if seat.resigned:
        raise MatchError("resigned", _("You have already resigned; a bot plays your seat."))
    engine = get_game(match.game)
    seat.resigned = True
    seat.bot = stand_in_bot(engine)
    seat.save(update_fields=["resigned", "bot"])
    if not people_left(seats) and too_long(engine, match.options, match.players):
        # Left to bots only, the match is held to the length a match of bots only may have.
        match.status = Match.Status.ABANDONED
        match.turn_deadline = None
    match.save()
    after_commit(match, engine, engine.load(match.state, match.options), seats, reseat=True)
    return match
