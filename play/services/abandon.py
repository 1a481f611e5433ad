"""The person who made a match of bots only stops it (``abandon``): nobody else sits at such a
match, so nobody could leave, resign or dismiss it while it runs. The maker may be a visitor
with no display name, known by their session (``play.identity.maker_from_request``), who
stops it from that session (``play.identity.visitor_from_request``). It ends ``abandoned``, as a
match whose last person was away ends (``play.services.clocks.time_out``): no outcome, and the
bot turns already queued do nothing (``play.services.bot_turns`` checks the status)."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.scheduling import broadcast_after_commit
from play.seat_holders import made_by, people_left

from .checks import lock, running


@transaction.atomic
def abandon(player: Player | None, match_id: str) -> Match:
    """``player``, who made the running match ``match_id``, stops it: it is ``abandoned`` at
    once, when no person plays a seat of it (every seat a bot's). ``player`` needs no display
    name (a nameless visitor's session made it: ``play.seat_holders.made_by``); ``None`` (no
    session) made no match.

    Raises ``MatchError``, in this order: ``match_not_found``, ``not_started``, ``game_over``,
    ``abandoned`` (already), ``not_creator`` (403: someone else made the match, or ``player`` is
    None), ``people_playing`` (409: a person plays a seat; they resign instead).
    """
    match = lock(match_id)
    running(match)
    # Someone who did not make the match hears that first: whether people play it is the maker's
    # business (they are told to resign instead).
    if not made_by(match, player):
        raise MatchError("not_creator", _("Only the person who made this match can stop it."))
    if people_left(list(match.seats.all())):
        raise MatchError("people_playing", _("People play this match, so it cannot be stopped: only a match of bots "
                                             "only can be. Resign your seat instead."))
    match.status = Match.Status.ABANDONED
    match.turn_deadline = None
    match.save()
    broadcast_after_commit(match.id)
    return match
