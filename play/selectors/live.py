"""The matches that are live: running ones, and open ones that have not expired (nobody joined or
left them for ``PLAY_OPEN_TTL`` seconds); the lobby that lists them; the expired open matches
``play.expire_open`` abandons."""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Case, CharField, F, IntegerField, Q, QuerySet, Value, When, Window
from django.db.models.functions import Cast, Concat, RowNumber
from django.utils import timezone

from play.models import Match


def open_cutoff(now: datetime | None = None) -> datetime | None:
    """The time before which an open match that has not changed is expired (``PLAY_OPEN_TTL``
    seconds before ``now``); ``None`` when open matches never expire (``PLAY_OPEN_TTL`` 0)."""
    if not settings.PLAY_OPEN_TTL:
        return None
    return (now or timezone.now()) - timedelta(seconds=settings.PLAY_OPEN_TTL)


def live(status: str, now: datetime | None = None, prefix: str = "") -> Q:
    """``Q`` of the matches of ``status`` that are live: running ones, and open ones that have not
    expired (``open_cutoff``); ``prefix`` is the path to the match (``"match__"`` for seats)."""
    q = Q(**{f"{prefix}status": status})
    cutoff = open_cutoff(now)
    if status == Match.Status.OPEN and cutoff is not None:
        q &= Q(**{f"{prefix}updated__gte": cutoff})
    return q


def is_expired(match: Match, now: datetime | None = None) -> bool:
    """Whether ``match`` is open and expired: nobody joined or left it for ``PLAY_OPEN_TTL``
    seconds (the lobby no longer lists it, it takes no more players, ``play.expire_open``
    abandons it)."""
    cutoff = open_cutoff(now)
    return match.status == Match.Status.OPEN and cutoff is not None and match.updated < cutoff


def open_matches(now: datetime | None = None) -> QuerySet[Match]:
    """The open matches that have not expired, most recently changed first, seats prefetched."""
    return (Match.objects.filter(live(Match.Status.OPEN, now)).prefetch_related("seats")
            .order_by("-updated", "id"))


def _client(key: str, fallback: str = "id"):
    """The partition of a match's maker: ``key`` when it is set, else the match alone."""
    return Case(When(~Q(**{key: ""}), then=F(key)), default=F(fallback))


def lobby(now: datetime | None = None) -> QuerySet[Match]:
    """The lobby: live matches (``live``): the open ones people can join first, then the running
    ones to watch, each most recent activity (``updated``) first. Of the matches one person made
    (a user, a guest's session) and of those made from one client address, at most
    ``PLAY_LOBBY_PER_CLIENT`` are listed (the most recent; 0: all), so no client crowds it. An
    open rematch (``play.services.rematch``) is left out: its free seats are kept for the people
    of the match before, who accept it from that match's table. A guided match
    (``play.tutorials``) is left out too: it is a learner's lesson. Seats prefetched."""
    open_first = Case(When(status=Match.Status.OPEN, then=Value(0)), default=Value(1), output_field=IntegerField())
    matches = (Match.objects.filter(live(Match.Status.OPEN, now) | live(Match.Status.RUNNING, now))
               .exclude(status=Match.Status.OPEN, rematch_of__isnull=False)
               .filter(guide="")
               .annotate(open_first=open_first))
    per_client = settings.PLAY_LOBBY_PER_CLIENT
    if per_client:
        order = [F("open_first").asc(), F("updated").desc(), F("id").asc()]
        maker = Case(
            When(created_by__isnull=False, then=Concat(Value("user:"), Cast("created_by_id", CharField()))),
            When(~Q(created_session=""), then=Concat(Value("guest:"), F("created_session"))),
            default=F("id"), output_field=CharField(),
        )
        matches = matches.annotate(
            maker_rank=Window(RowNumber(), partition_by=[maker], order_by=order),
            address_rank=Window(RowNumber(), partition_by=[_client("created_address")], order_by=order),
        ).filter(maker_rank__lte=per_client, address_rank__lte=per_client)
    return matches.prefetch_related("seats__user").order_by("open_first", "-updated", "id")


def expired_open_ids(now: datetime | None = None, limit: int = 1000) -> list[str]:
    """The ids of the open matches that have expired (``is_expired``), the longest unchanged
    first, at most ``limit``; none when open matches never expire."""
    cutoff = open_cutoff(now)
    if cutoff is None:
        return []
    return list(Match.objects.filter(status=Match.Status.OPEN, updated__lt=cutoff)
                .order_by("updated", "id").values_list("pk", flat=True)[:limit])
