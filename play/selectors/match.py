"""One match as a viewer sees it: the match by its id, a viewer's view payload (``play.payloads``),
and the summaries of a list of matches."""
from __future__ import annotations

from django.utils.translation import gettext as _

from core.labels import active_language
from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.payloads import MatchViews, get_game, match_summary


def get_match(match_id: str) -> Match:
    """The match ``match_id``; ``MatchError("match_not_found")`` (HTTP 404) when there is none."""
    match = Match.objects.filter(pk=str(match_id)).first()
    if match is None:
        raise MatchError("match_not_found", _("There is no match “%(id)s”.") % {"id": match_id}, {"id": str(match_id)})
    return match


def summaries(matches, player: Player | None) -> list[dict]:
    """``payloads.match_summary`` of each match, as ``player`` sees the list."""
    return [match_summary(m, player) for m in matches]


def match_view(match: Match, player: Player | None) -> dict:
    """``player``'s view payload of ``match`` (the spectator view when they hold no seat)."""
    return MatchViews(match).view_for(player)


def card_texts(match: Match) -> dict[str, str]:
    """The text on each card of ``match`` in the active language, by code: ``{code: text}``
    (``play.engine.BaseGame.card_texts``; ``{}`` for a game whose cards carry none). The table
    page embeds it once, so the views sent over the socket stay free of it."""
    return get_game(match.game).card_texts(match.options, active_language())
