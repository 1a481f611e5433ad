"""The ratings of a finished match (``rate_match``), called by ``play.services.act`` in the
transaction that records the outcome.

Each logged-in person has a rating per game: openskill's Plackett-Luce model (Weng and Lin, "A
Bayesian Approximation Method for Online Ranking", 2011), which rates a match of any number of
seats from their places, ties included. A new player starts at mu 25, sigma 25/3; the rating shown
is the conservative ``ordinal``, mu − 3·sigma (0 for a new player).

A match counts when it finished with an outcome between people only: no seat made for a bot
(a person who resigned or timed out still counts, placed last: ``play.placings``), none of the
game's ``unrated_options`` set (Elements of Chaos's sandbox), and at least two distinct users
seated. Guests are not rated; their seats still take their place in the order. A match is rated
once: its ``RatingChange`` rows say it was.
"""
from __future__ import annotations

from collections.abc import Sequence

from openskill.models import PlackettLuce

from play.models import Match, Rating, RatingChange, Seat
from play.payloads import get_game
from play.placings import placings

MODEL = PlackettLuce()
"""The rating model, with openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300."""


def counts(match: Match, seats: Sequence[Seat]) -> bool:
    """Whether ``match`` (finished) counts for ratings, as the module says: an outcome, no bot
    seat, not a guided match, no unrated option, at least two users, each in one seat only."""
    if match.status != Match.Status.FINISHED or not match.outcome or match.guide:
        return False
    if any(seat.kind == "bot" for seat in seats):
        return False
    if not get_game(match.game).spec.is_rated(match.options):
        return False
    users = [seat.user_id for seat in seats if seat.user_id is not None]
    return len(users) >= 2 and len(set(users)) == len(users)


def rate_match(match: Match, seats: Sequence[Seat]) -> list[RatingChange]:
    """Rate the people of ``match``, just finished, with its ``seats``: each user's rating at the
    game is updated (``mu``, ``sigma``, ``ordinal``, ``games`` + 1) and a ``RatingChange`` row
    records the place and the rating before and after. Returns the rows made, in seat order;
    ``[]`` when the match does not count (``counts``) or was rated already. Runs in the caller's
    transaction (the match row locked); the rating rows are locked too, in user order."""
    if not counts(match, seats) or RatingChange.objects.filter(match=match).exists():
        return []
    seats = sorted(seats, key=lambda seat: seat.index)
    places = placings(match.outcome, [seat.resigned or seat.timed_out for seat in seats])
    rated = [(seat, places[i]) for i, seat in enumerate(seats) if seat.user_id is not None]
    user_ids = sorted(seat.user_id for seat, _ in rated)
    fresh = MODEL.rating()
    for user_id in user_ids:
        Rating.objects.get_or_create(user_id=user_id, game=match.game, defaults={
            "mu": fresh.mu, "sigma": fresh.sigma, "ordinal": fresh.ordinal(), "games": 0})
    ratings = {r.user_id: r for r in Rating.objects.select_for_update().filter(
        game=match.game, user_id__in=user_ids).order_by("user_id")}
    teams = [[MODEL.rating(mu=ratings[seat.user_id].mu, sigma=ratings[seat.user_id].sigma)] for seat, _ in rated]
    new = MODEL.rate(teams, ranks=[place for _, place in rated])
    changes = []
    for (seat, place), [after] in zip(rated, new, strict=True):
        rating = ratings[seat.user_id]
        changes.append(RatingChange(
            match=match, user_id=seat.user_id, game=match.game, seat=seat.index, rank=place,
            mu_before=rating.mu, sigma_before=rating.sigma, mu_after=after.mu, sigma_after=after.sigma))
        rating.mu, rating.sigma, rating.ordinal = after.mu, after.sigma, after.ordinal()
        rating.games += 1
        rating.save(update_fields=["mu", "sigma", "ordinal", "games", "updated"])
    return RatingChange.objects.bulk_create(changes)
