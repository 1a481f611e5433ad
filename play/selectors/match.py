"""One match as a viewer sees it: the match by its id, a viewer's view payload (``play.payloads``),
and the summaries of a list of matches."""
from __future__ import annotations

from collections.abc import Iterable

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


def card_texts(match: Match, states: Iterable[dict | None]) -> dict[str, str]:
    """The text on each card that the view states ``states`` name (``game.view`` results: the
    codes of their ``cards`` maps), in the active language, by code: ``{code: text}`` in code
    order (``play.engine.BaseGame.card_texts``; ``{}`` for a game whose cards carry none).

    Only what the viewer has been shown: the text of a card no state names is left out, so the
    table, the replay and the API never hand out the list of a deck the viewer has not seen
    (elements-of-chaos.md, "Hidden information"). The table page embeds the texts of its first
    view; the board asks for the rest (``/api/matches/<id>/card-texts/``) as cards come into
    view, and each replay chunk brings those of its frames."""
    named: set[str] = set()
    for state in states:
        cards = state.get("cards") if isinstance(state, dict) else None
        if isinstance(cards, dict):
            named.update(cards)
    if not named:
        return {}
    texts = get_game(match.game).card_texts(match.options, active_language())
    return {code: text for code, text in texts.items() if code in named}


def visible_card_texts(match: Match, player: Player | None, codes: Iterable[str] | None = None) -> dict[str, str]:
    """``card_texts`` of ``player``'s current view of ``match`` (a spectator's when they hold no
    seat), cut to ``codes`` when given: ``{code: text}`` for each asked code the view names; a
    code it does not name (unknown, or a card ``player`` has not been shown) is left out."""
    texts = card_texts(match, [match_view(match, player)["state"]])
    if codes is None:
        return texts
    wanted = set(codes)
    return {code: text for code, text in texts.items() if code in wanted}
