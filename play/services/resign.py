"""A person resigns a running match (``resign``): a bot plays their seat from then on."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.payloads import get_game
from play.scheduling import after_commit

from .bots import stand_in_bot
from .checks import lock, replaced, running, seated


@transaction.atomic
def resign(player: Player | None, match_id: str) -> Match:
    """``player`` resigns a running match: the seat is marked resigned and the heuristic bot
    (the random one for a game without a heuristic bot) plays it from now on.

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
    match.save()
    after_commit(match, engine, engine.load(match.state, match.options), seats, reseat=True)
    return match
