"""The reads of ratings (``play.services.ratings`` writes them): a game's leaderboard and a
player's page (their rating at each game and their recent matches with results)."""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from play.errors import MatchError
from play.games import GAMES
from play.models import Match, Rating, RatingChange
from play.payloads import iso_utc
from play.placings import placings

from .history import has_replay

RECENT_MATCHES = 20
"""How many of a player's latest finished or abandoned matches their page lists."""


def _game(slug: str) -> str:
    if slug not in GAMES:
        raise MatchError("game_not_found", _("There is no game called “%(game)s”.") % {"game": slug},
                         {"game": str(slug)[:40]})
    return slug


def leaderboard(slug: str) -> QuerySet[Rating]:
    """The ratings at game ``slug``, best first: by rating (``ordinal``, mu − 3·sigma), then more
    rated games, then username. ``MatchError("game_not_found")`` (404) for a game the site does
    not host."""
    return (Rating.objects.filter(game=_game(slug), games__gt=0).select_related("user")
            .order_by("-ordinal", "-games", "user__username", "user_id"))


def rating_entry(rating: Rating, rank: int) -> dict:
    """One line of a leaderboard: ``{"rank", "username", "rating", "mu", "sigma", "games",
    "updated"}``; ``rank`` is the line's place on the board (1 for the best), ``rating`` the
    conservative rating shown (mu − 3·sigma), ``updated`` ISO 8601 UTC."""
    return {"rank": rank, "username": rating.user.get_username(), "rating": rating.ordinal, "mu": rating.mu,
            "sigma": rating.sigma, "games": rating.games, "updated": iso_utc(rating.updated)}


def board(ratings, start: int = 1) -> list[dict]:
    """``rating_entry`` of each of ``ratings`` (a page of ``leaderboard``), ranked from ``start``."""
    return [rating_entry(rating, start + i) for i, rating in enumerate(ratings)]


def player(username: str):
    """The user called ``username``; ``MatchError("player_not_found")`` (404) when there is none
    (guests have no page)."""
    user = get_user_model().objects.filter(**{get_user_model().USERNAME_FIELD: username}).first()
    if user is None:
        raise MatchError("player_not_found", _("There is no player called “%(name)s”.") % {"name": username},
                         {"username": str(username)[:150]})
    return user


def ratings_of(user) -> list[dict]:
    """The user's rating at each game they were rated at, in ``GAMES`` order:
    ``[{"game", "rating", "mu", "sigma", "games", "rank", "players", "updated"}]``, ``rank`` their
    line on the game's leaderboard out of ``players``."""
    order = list(GAMES)
    rows = sorted(Rating.objects.filter(user=user, games__gt=0), key=lambda r: order.index(r.game)
                  if r.game in order else len(order))
    out = []
    for r in rows:
        ahead = leaderboard(r.game).filter(ordinal__gt=r.ordinal).count() if r.game in GAMES else 0
        out.append({**rating_entry(r, 0), "game": r.game, "rank": ahead + 1,
                    "players": Rating.objects.filter(game=r.game, games__gt=0).count()})
    return out


def recent_matches(user, limit: int = RECENT_MATCHES) -> list[dict]:
    """The user's latest finished and abandoned matches, most recent first: ``[{"match", "game",
    "status", "updated", "seat", "place", "players", "others", "rated", "change", "replay"}]``. ``place``:
    their place (``play.placings``, None for an abandoned match); ``others``: the other seats,
    each ``{"name", "username"}`` (``username`` None for a guest or a bot, ``name`` "" for a bot);
    ``rated``: whether the match counted for ratings; ``change``: the rating shown after minus
    before (None when not rated); ``replay``: whether the match has a replay (an abandoned one
    that never started has none)."""
    matches = list(Match.objects.filter(seats__user=user, status__in=[Match.Status.FINISHED, Match.Status.ABANDONED])
                   .distinct().prefetch_related("seats__user").order_by("-updated", "id")[:limit])
    changes = {c.match_id: c for c in RatingChange.objects.filter(user=user, match__in=matches)}
    rows = []
    for match in matches:
        seats = sorted(match.seats.all(), key=lambda s: s.index)
        mine = next(s for s in seats if s.user_id == user.pk)
        place = None
        if match.status == Match.Status.FINISHED and match.outcome:
            place = placings(match.outcome, [s.resigned or s.timed_out for s in seats])[mine.index]
        change = changes.get(match.id)
        rows.append({
            "match": match.id, "game": match.game, "status": match.status, "updated": match.updated,
            "seat": mine.index, "place": place, "players": match.players,
            "others": [{"name": s.name if s.kind == "human" else "",
                        "username": s.user.get_username() if s.user_id and s.kind == "human" else None}
                       for s in seats if s.index != mine.index],
            "rated": change is not None, "replay": has_replay(match),
            "change": None if change is None else (
                (change.mu_after - 3 * change.sigma_after) - (change.mu_before - 3 * change.sigma_before)),
        })
    return rows
