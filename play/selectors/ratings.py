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
    "updated"}``; ``rank`` is 1 plus the number of players rated higher (equal ratings share a
    rank), ``rating`` the conservative rating shown (mu − 3·sigma), ``updated`` ISO 8601 UTC."""
    return {"rank": rank, "username": rating.user.get_username(), "rating": rating.ordinal, "mu": rating.mu,
            "sigma": rating.sigma, "games": rating.games, "updated": iso_utc(rating.updated)}


def _higher(rating: Rating) -> int:
    """How many players of the rating's game are rated higher."""
    return Rating.objects.filter(game=rating.game, games__gt=0, ordinal__gt=rating.ordinal).count()


def board(ratings, start: int = 1) -> list[dict]:
    """``rating_entry`` of each of ``ratings`` (a page of ``leaderboard`` whose first line is line
    ``start`` of the board), with their ranks: equal ratings share one, the next rank skips as
    many (1, 2, 2, 4)."""
    ratings = list(ratings)
    out, previous, rank = [], None, 1
    for i, rating in enumerate(ratings):
        if previous is None:
            rank = 1 if start == 1 else _higher(rating) + 1
        elif rating.ordinal != previous.ordinal:
            rank = start + i
        out.append(rating_entry(rating, rank))
        previous = rating
    return out


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
    rank on the game's leaderboard (``board``) out of ``players`` rated there."""
    order = list(GAMES)
    rows = sorted(Rating.objects.filter(user=user, games__gt=0), key=lambda r: order.index(r.game)
                  if r.game in order else len(order))
    out = []
    for r in rows:
        out.append({**rating_entry(r, _higher(r) + 1), "game": r.game,
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
