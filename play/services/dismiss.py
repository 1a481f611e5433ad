"""A person takes a finished or abandoned match off their lobby list (``dismiss``), for good:
the list of their matches (the lobby's "Your matches", ``GET /api/matches/?mine=1``) leaves it
out from then on. It changes nothing for anyone else, nor the match."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import DismissedMatch, Match

from .checks import lock, needs_visitor


@transaction.atomic
def dismiss(player: Player | None, match_id: str) -> Match:
    """``player`` dismisses the match ``match_id`` (again: nothing more happens).

    ``player`` may be a visitor with no display name (``play.identity.visitor_from_request``):
    their list holds the bot-only matches they made.

    Raises ``MatchError``: ``name_required`` (``None``: a visitor without a session has no list),
    ``match_not_found``, ``not_over`` (409: the match is open or running; only finished and
    abandoned matches are dismissed).
    """
    player = needs_visitor(player)
    match = lock(match_id)
    if match.status not in (Match.Status.FINISHED, Match.Status.ABANDONED):
        raise MatchError("not_over", _("Only a finished or abandoned match can be dismissed: this one is still %(status)s.")
                         % {"status": match.get_status_display()})
    if player.user_id is not None:
        DismissedMatch.objects.get_or_create(match=match, user_id=player.user_id)
    else:
        DismissedMatch.objects.get_or_create(match=match, user=None, session_key=player.session_key)
    return match
