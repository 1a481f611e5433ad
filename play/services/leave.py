"""A person gives up their seat of a match that has not started (``leave_match``)."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.payloads import get_game
from play.scheduling import after_commit

from .checks import lock, seated


@transaction.atomic
def leave_match(player: Player | None, match_id: str) -> Match:
    """``player`` gives up their seat of a match that has not started; the seat is free again.
    When no person is left seated at the match, the match is deleted: it leaves the lobby and
    the API (404 from then on), and the returned ``Match`` has ``pk`` None.

    Raises ``MatchError``: ``match_not_found``, ``not_seated``, ``not_open`` (the match has
    started: resign instead; or it is over or abandoned).
    """
    match = lock(match_id)
    seats = list(match.seats.all())
    seat = seated(seats, player)
    if match.status in (Match.Status.FINISHED, Match.Status.ABANDONED):
        raise MatchError("not_open", _("The match is over, so there is no seat to leave."))
    if match.status != Match.Status.OPEN:
        raise MatchError("not_open", _("The match has started, so you cannot leave it; you can resign."))
    seat.user_id, seat.session_key, seat.name, seat.deck, seat.address = None, "", "", None, ""
    if all(s.is_free or s.kind == "bot" for s in seats):
        match.delete()
        return match
    seat.save(update_fields=["user", "session_key", "name", "deck", "address"])
    match.save()
    engine = get_game(match.game)
    after_commit(match, engine, None if match.state is None else engine.load(match.state, match.options), seats, reseat=True)
    return match
