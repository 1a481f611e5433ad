"""Reads of matches: the lobby, a person's matches, the places a person or an address holds
(``play.limits``), a viewer's view, the log and the replay, and the matches Celery owes a move."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import Case, CharField, Exists, F, IntegerField, OuterRef, Q, QuerySet, Value, When, Window
from django.db.models.functions import Cast, Concat, RowNumber
from django.utils import timezone
from django.utils.translation import gettext as _

from .errors import MatchError
from .identity import Player
from .models import Match, MatchAction, Seat
from .payloads import MatchViews, action_entry, find_seat, get_game, iso_utc, match_summary


def get_match(match_id: str) -> Match:
    """The match ``match_id``; ``MatchError("match_not_found")`` (HTTP 404) when there is none."""
    match = Match.objects.filter(pk=str(match_id)).first()
    if match is None:
        raise MatchError("match_not_found", _("There is no match “%(id)s”.") % {"id": match_id}, {"id": str(match_id)})
    return match


# -- live matches: the lobby and the limits -------------------------------------------------------
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
    ``PLAY_LOBBY_PER_CLIENT`` are listed (the most recent; 0: all), so no client crowds it.
    Seats prefetched."""
    open_first = Case(When(status=Match.Status.OPEN, then=Value(0)), default=Value(1), output_field=IntegerField())
    matches = (Match.objects.filter(live(Match.Status.OPEN, now) | live(Match.Status.RUNNING, now))
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
    return matches.prefetch_related("seats").order_by("open_first", "-updated", "id")


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


def matches_for(player: Player | None) -> QuerySet[Match]:
    """The matches where ``player`` holds a seat or that they made (bot-only ones included), any
    status, most recently changed first; none for ``None``."""
    if player is None:
        return Match.objects.none()
    ids = Seat.objects.filter(_holds(player)).values("match_id")
    return (Match.objects.filter(Q(pk__in=ids) | _made_by(player)).prefetch_related("seats")
            .order_by("-updated", "id"))


def summaries(matches, player: Player | None) -> list[dict]:
    """``payloads.match_summary`` of each match, as ``player`` sees the list."""
    return [match_summary(m, player) for m in matches]


def match_view(match: Match, player: Player | None) -> dict:
    """``player``'s view payload of ``match`` (the spectator view when they hold no seat)."""
    return MatchViews(match).view_for(player)


def action_log(match: Match, player: Player | None) -> list[dict]:
    """Every applied action in order, as ``player``'s seat (or a spectator) may see it:
    ``[{"version", "seat", "action", "by", "created"}]`` (a game hides e.g. a card placed face
    down from the other seats; see the game's ``public_action``)."""
    game = get_game(match.game)
    viewer = _viewer(match, player)
    return [
        {**action_entry(game, a, viewer), "created": iso_utc(a.created)}
        for a in MatchAction.objects.filter(match=match).order_by("version")
    ]


def has_replay(match: Match) -> bool:
    """Whether ``match`` is over and was played: finished, or abandoned once running (every
    seat taken, a state set up)."""
    if match.status == Match.Status.FINISHED:
        return True
    return (match.status == Match.Status.ABANDONED and match.state is not None
            and not any(seat.is_free for seat in match.seats.all()))


def _viewer(match: Match, player: Player | None) -> int | None:
    seat = find_seat(list(match.seats.all()), player)
    return None if seat is None else seat.index


def replay(match: Match, player: Player | None) -> dict:
    """A finished match played again from its seed, options and log, as ``player`` sees it:
    ``{"match": <summary>, "frames": [{"version": 0, "seat": None, "action": None, "by": None,
    "state": view}, {"version": 1, "seat", "action", "by", "state"}, ...]}`` where each
    ``state`` is ``game.view`` for the player's seat (or a spectator) after that action.

    An abandoned match that had started is replayed up to where it stopped.

    Raises ``MatchError("not_finished")`` (HTTP 409) while the match is open or running, and for
    an abandoned match that never started (it expired while open).
    """
    if not has_replay(match):
        raise MatchError("not_finished", _("A replay is available once the match is over."))
    viewer = _viewer(match, player)
    game = get_game(match.game)
    state = game.setup(match.players, match.seed, match.options)
    frames = [{"version": 0, "seat": None, "action": None, "by": None, "state": game.view(state, viewer)}]
    for entry in MatchAction.objects.filter(match=match).order_by("version"):
        state = game.apply(state, entry.seat, entry.action)
        frames.append(
            {**action_entry(game, entry, viewer), "state": game.view(state, viewer)}
        )
    return {"match": match_summary(match, player), "frames": frames}


def expired_open_ids(now: datetime | None = None, limit: int = 1000) -> list[str]:
    """The ids of the open matches that have expired (``is_expired``), the longest unchanged
    first, at most ``limit``; none when open matches never expire."""
    cutoff = open_cutoff(now)
    if cutoff is None:
        return []
    return list(Match.objects.filter(status=Match.Status.OPEN, updated__lt=cutoff)
                .order_by("updated", "id").values_list("pk", flat=True)[:limit])


@dataclass(frozen=True)
class StalledTurn:
    """A turn Celery should have played for match ``match_id`` at ``version``: ``task`` is
    ``"bot"`` (a bot's seat is to act), ``"clock"`` (the turn clock ran out) or ``"absent"`` (in
    a match without a turn clock, the person to act has been away past their deadline, see
    ``play.services.time_out``); ``people``: a person still plays the match (its bot turns go
    to the people's queue, ``config.queues``)."""

    match_id: str
    version: int
    task: str
    people: bool


def stalled_turns(idle_seconds: float, now: datetime | None = None, limit: int = 1000) -> list[StalledTurn]:
    """The running matches unchanged for more than ``idle_seconds`` (seconds, before ``now``,
    default the current time) whose next move is Celery's: a bot's seat is to act
    (``task="bot"``), or else the turn deadline passed more than ``idle_seconds`` ago
    (``task="clock"`` with a turn clock, ``"absent"`` without: the absence deadline). At most
    ``limit``, the longest unchanged first. A match where only a person may act and whose
    deadline (if any) is still ahead is not stalled."""
    cutoff = (now or timezone.now()) - timedelta(seconds=idle_seconds)
    with_bots = Seat.objects.exclude(bot="").values("match_id")
    candidates = (
        Match.objects.filter(status=Match.Status.RUNNING, updated__lt=cutoff)
        .filter(Q(pk__in=with_bots) | Q(turn_deadline__lt=cutoff))
        .prefetch_related("seats").order_by("updated", "id")
    )
    turns = []
    for match in candidates:
        game = get_game(match.game)
        seats = list(match.seats.all())
        bots = {seat.index for seat in seats if seat.bot}
        people = any(not seat.bot for seat in seats)
        if bots.intersection(game.to_act(game.load(match.state))):
            turns.append(StalledTurn(match.id, match.version, "bot", people))
        elif match.turn_deadline is not None and match.turn_deadline < cutoff:
            turns.append(StalledTurn(match.id, match.version, "clock" if match.seconds_per_turn else "absent", people))
        if len(turns) == limit:
            break
    return turns
