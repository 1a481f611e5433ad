"""Reads of matches: the lobby, a person's matches, a viewer's view, the log and the replay."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Q, QuerySet
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


def open_matches() -> QuerySet[Match]:
    """The lobby: matches waiting for people to take their free seats, newest first, with
    their seats prefetched."""
    return Match.objects.filter(status=Match.Status.OPEN).prefetch_related("seats").order_by("-created", "id")


def matches_for(player: Player | None) -> QuerySet[Match]:
    """The matches where ``player`` holds a seat (any status), most recently changed first;
    none for ``None``."""
    if player is None:
        return Match.objects.none()
    if player.user_id is not None:
        mine = Q(seats__user_id=player.user_id)
    else:
        mine = Q(seats__user__isnull=True, seats__session_key=player.session_key)
    ids = Match.objects.filter(mine).values("pk")
    return Match.objects.filter(pk__in=ids).prefetch_related("seats").order_by("-updated", "id")


def summaries(matches, player: Player | None) -> list[dict]:
    """``payloads.match_summary`` of each match, as ``player`` sees the list."""
    return [match_summary(m, player) for m in matches]


def match_view(match: Match, player: Player | None) -> dict:
    """``player``'s view payload of ``match`` (the spectator view when they hold no seat)."""
    return MatchViews(match).view_for(player)


def action_log(match: Match, player: Player | None) -> list[dict]:
    """Every applied action in order, as ``player``'s seat (or a spectator) may see it:
    ``[{"version", "seat", "action", "by", "created"}]`` (a game hides e.g. a card placed face
    down from the other seats; see ``play.engine.public_action``)."""
    game = get_game(match.game)
    viewer = _viewer(match, player)
    return [
        {**action_entry(game, a, viewer), "created": iso_utc(a.created)}
        for a in MatchAction.objects.filter(match=match).order_by("version")
    ]


def _viewer(match: Match, player: Player | None) -> int | None:
    seat = find_seat(list(match.seats.all()), player)
    return None if seat is None else seat.index


def replay(match: Match, player: Player | None) -> dict:
    """A finished match played again from its seed, options and log, as ``player`` sees it:
    ``{"match": <summary>, "frames": [{"version": 0, "seat": None, "action": None, "by": None,
    "state": view}, {"version": 1, "seat", "action", "by", "state"}, ...]}`` where each
    ``state`` is ``game.view`` for the player's seat (or a spectator) after that action.

    Raises ``MatchError("not_finished")`` (HTTP 409) while the match is open or running.
    """
    if match.status != Match.Status.FINISHED:
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


@dataclass(frozen=True)
class StalledTurn:
    """A turn Celery should have played: ``task`` is ``"bot"`` (a bot's seat is to act) or
    ``"clock"`` (the turn clock ran out) for match ``match_id`` at ``version``."""

    match_id: str
    version: int
    task: str


def stalled_turns(idle_seconds: float, now: datetime | None = None, limit: int = 1000) -> list[StalledTurn]:
    """The running matches unchanged for more than ``idle_seconds`` (seconds, before ``now``,
    default the current time) whose next move is Celery's: a bot's seat is to act
    (``task="bot"``), or else the turn deadline passed more than ``idle_seconds`` ago
    (``task="clock"``). At most ``limit``, the longest unchanged first. A match where only a
    person may act and the clock (if any) still runs is not stalled."""
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
        bots = {seat.index for seat in match.seats.all() if seat.bot}
        if bots.intersection(game.to_act(game.load(match.state))):
            turns.append(StalledTurn(match.id, match.version, "bot"))
        elif match.turn_deadline is not None and match.turn_deadline < cutoff:
            turns.append(StalledTurn(match.id, match.version, "clock"))
        if len(turns) == limit:
            break
    return turns
