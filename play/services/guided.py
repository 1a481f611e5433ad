"""A guided first match (``start_guided_match``): the game's tutorial (``play.tutorials``) as a
new match of the learner against its bot, on the tutorial's stacked deal."""
from __future__ import annotations

from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.tutorials import TUTORIALS

from .create import create_match


def start_guided_match(player: Player | None, game: str, address: str | None = None) -> Match:
    """A new running match of ``game``'s guided first match for ``player`` (a user or a guest
    with a display name): the learner's seat is ``player``'s, every other seat the tutorial's
    bot, the options and seed the tutorial's stacked deal (allowed: every other seat is a bot),
    no turn clock, ``Match.guide`` set to ``game`` (unrated, not listed in the lobby; the bot
    plays the script, ``play.services.bot_turns``).

    Raises ``MatchError``: ``unknown_game`` (no guided match of ``game``), ``name_required``
    (``player`` None), ``too_many_matches`` (the limits of ``play.services.limits``). Nothing is
    saved then."""
    tutorial = TUTORIALS.get(game)
    if tutorial is None:
        raise MatchError("unknown_game", _("There is no guided match of “%(game)s”.") % {"game": game},
                         {"game": game, "known": sorted(TUTORIALS)})
    seats = [{"kind": "human"} if seat == tutorial.learner else {"kind": "bot", "bot": tutorial.bot}
             for seat in range(tutorial.players)]
    return create_match(player, game, seats, dict(tutorial.options), seed=tutorial.seed, address=address,
                        guide=game)
