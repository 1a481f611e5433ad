"""The ratings' pages: ``/play/leaderboard/`` (the games), ``/play/leaderboard/<slug>/`` (a game's
leaderboard, paginated) and ``/players/<username>/`` (a player's ratings at each game and their
recent matches with results). Reads only, through ``play.selectors.ratings``."""
from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.urls import reverse

from core.params import page_number
from play.games import GAMES

from .forms import game_label
from .rules_pages import rules_url
from .selectors import ratings

#: Lines per leaderboard page.
LEADERBOARD_PER_PAGE = 50


def leaderboard_url(slug: str) -> str:
    """The path of ``slug``'s leaderboard page."""
    return reverse("play-leaderboard-game", kwargs={"slug": slug})


def player_url(username: str) -> str:
    """The path of a user's page."""
    return reverse("play-player", kwargs={"username": username})


def _games(current: str | None = None) -> list[dict]:
    return [{"slug": slug, "label": game_label(slug), "url": leaderboard_url(slug), "current": slug == current}
            for slug in GAMES]


def leaderboard_index(request):
    """The games, each linking to its leaderboard."""
    return render(request, "play/leaderboard_index.html", {"games": _games()})


def leaderboard(request, slug: str):
    """A game's leaderboard, best first, ``LEADERBOARD_PER_PAGE`` lines a page; 404 for a game the
    site does not host (``game_not_found``, answered by the pages' one handler)."""
    rows = ratings.leaderboard(slug)
    page = Paginator(rows, LEADERBOARD_PER_PAGE).get_page(page_number(request.GET.get("page")))
    entries = ratings.board(page.object_list, page.start_index())
    for entry in entries:
        entry["url"] = player_url(entry["username"])
        entry["you"] = request.user.is_authenticated and entry["username"] == request.user.get_username()
    return render(request, "play/leaderboard.html", {
        "game": {"slug": slug, "label": game_label(slug), "rules_url": rules_url(slug)},
        "games": _games(slug), "page": page, "entries": entries,
    })


def player(request, username: str):
    """A player's page: their rating at each game (with their line on its leaderboard) and their
    latest finished and abandoned matches, each with their place and what it did to their
    rating; 404 for a name no user has (``player_not_found``; guests have no page)."""
    user = ratings.player(username)
    games = []
    for entry in ratings.ratings_of(user):
        games.append({**entry, "label": game_label(entry["game"]), "url": leaderboard_url(entry["game"])})
    matches = []
    for row in ratings.recent_matches(user):
        for other in row["others"]:
            other["url"] = player_url(other["username"]) if other["username"] else None
        matches.append({**row, "label": game_label(row["game"]),
                        "change_text": None if row["change"] is None else f"{row['change']:+.1f}",
                        "replay": reverse("play-replay", kwargs={"match_id": row["match"]}) if row["replay"] else None,
                        "table": reverse("play-table", kwargs={"match_id": row["match"]})})
    return render(request, "play/player.html", {
        "profile": {"username": user.get_username(), "joined": user.date_joined,
                    "you": request.user.is_authenticated and request.user.pk == user.pk},
        "ratings": games, "matches": matches,
    })
