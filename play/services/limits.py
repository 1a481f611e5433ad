"""How many matches one person and one client address may have at once, so that guest
identities, which cost nothing, cannot fill the lobby, other people's tables or the bot workers.

The rule, checked by the services on every way into a match (``create``, ``join``, ``rematch``;
the API, the pages, "play this deck" and a guest's pending join alike):

- a *person* is a user, or a guest's session; an *address* is the client address of the request
  (``core.addresses``: DRF's ``NUM_PROXIES`` rule, an IPv6 address by its /64);
- each holds *places*: a seat at a live match (``play.selectors.mine.places``; two guests behind one
  address hold two places there), and each bot-only match made (it has no seat to hold);
- a new place in a match waiting for players (``open``) is refused once the person or the
  address holds ``PLAY_MAX_OPEN_MATCHES`` places in open matches (default 3); a new place in a
  match that runs at once (``running``: a match with no free seat left, a bot-only match, the
  join that takes the last seat) once they hold ``PLAY_MAX_RUNNING_MATCHES`` in running ones
  (default 20). 0 turns a limit off. Expired open matches and matches that are over count for
  nobody; resigned and timed-out seats count until their match is over.

A refusal is ``MatchError("too_many_matches")`` (HTTP 429) naming the limit, with details
``{"limit", "count", "status": "open"|"running", "scope": "player"|"address"}``.
"""
from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.identity import Player
from play.models import Match
from play.selectors.mine import places


def _limit(status: str) -> int:
    return settings.PLAY_MAX_OPEN_MATCHES if status == Match.Status.OPEN else settings.PLAY_MAX_RUNNING_MATCHES


def _message(status: str, scope: str, count: int, limit: int) -> str:
    names = {"count": count, "limit": limit}
    if scope == "player":
        if status == Match.Status.OPEN:
            return _("You already have %(count)s seats at matches waiting for players, the most one player may "
                     "have (%(limit)s). Leave one, or wait until one starts, before you open or join another.") % names
        return _("You already play %(count)s matches, the most one player may play at once (%(limit)s). Finish or "
                 "resign one before you start or join another.") % names
    if status == Match.Status.OPEN:
        return _("Players from your network address already have %(count)s seats at matches waiting for players, "
                 "the most one address may have (%(limit)s). Leave one, or wait until one starts, before you open "
                 "or join another.") % names
    return _("Players from your network address already play %(count)s matches, the most one address may play "
             "at once (%(limit)s). Finish or resign one before you start or join another.") % names


def check_room(player: Player | None, address: str, status: str) -> None:
    """Refuse a new place in a match of ``status`` (``"open"`` or ``"running"``) for ``player``
    (None: nobody known, e.g. a cookie-less request making a bot-only match) from the client
    address key ``address`` (``""``: none, e.g. the command line) when either already holds
    the limit of places (the module's docstring). Raises ``MatchError("too_many_matches")``."""
    limit = _limit(status)
    if not limit:
        return
    for scope, count in (
        ("player", places(status, player=player) if player is not None else 0),
        ("address", places(status, address=address) if address else 0),
    ):
        if count >= limit:
            raise MatchError("too_many_matches", _message(status, scope, count, limit),
                             {"limit": limit, "count": count, "status": str(status), "scope": scope})
