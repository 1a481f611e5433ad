"""A person's or a client address's matches: those they hold a seat at or made, and how many places
in live matches they hold (counted by the limits of ``play.services.limits``)."""
from __future__ import annotations

from datetime import datetime

from django.db.models import Exists, OuterRef, Q, QuerySet

from play.identity import Player
from play.models import DismissedMatch, Match, Seat

from .live import live


def _holds(player: Player, prefix: str = "") -> Q:
    if player.user_id is not None:
        return Q(**{f"{prefix}user_id": player.user_id})
    return Q(**{f"{prefix}user__isnull": True, f"{prefix}session_key": player.session_key})


def _made_by(player: Player) -> Q:
    if player.user_id is not None:
        return Q(created_by_id=player.user_id)
    return Q(created_by__isnull=True, created_session=player.session_key)


def places(status: str, *, player: Player | None = None, address: str = "", now: datetime | None = None) -> int:
    """How many places in live matches of ``status`` (``live``) ``player`` holds, or (without
    ``player``) the client address key ``address`` holds (``core.addresses.client_key``): the
    seats held (by the person; taken from the address: two guests behind one address hold two)
    plus the bot-only matches made (by the person; from the address), which hold no seat."""
    if player is not None:
        seats, made = _holds(player), _made_by(player)
    elif address:
        seats, made = Q(address=address), Q(created_address=address)
    else:
        return 0
    held = Seat.objects.filter(seats, live(status, now, prefix="match__")).count()
    people = Seat.objects.filter(match=OuterRef("pk")).filter(Q(bot="") | Q(resigned=True))
    bot_only = Match.objects.filter(made, live(status, now)).exclude(Exists(people)).count()
    return held + bot_only


def _dismissed(player: Player) -> Q:
    if player.user_id is not None:
        return Q(user_id=player.user_id)
    return Q(user__isnull=True, session_key=player.session_key)


def matches_for(player: Player | None) -> QuerySet[Match]:
    """The matches where ``player`` holds a seat or that they made (bot-only ones included), any
    status, most recently changed first, but those they dismissed (``play.services.dismiss``);
    none for ``None``."""
    if player is None:
        return Match.objects.none()
    ids = Seat.objects.filter(_holds(player)).values("match_id")
    dismissed = DismissedMatch.objects.filter(_dismissed(player)).values("match_id")
    return (Match.objects.filter(Q(pk__in=ids) | _made_by(player)).exclude(pk__in=dismissed)
            .prefetch_related("seats__user").order_by("-updated", "id"))
