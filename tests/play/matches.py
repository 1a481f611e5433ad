"""Shared set-ups of the match tests: stacked L.A.M.A. deals, people and polling the database."""
from __future__ import annotations

import time

from play.games import GAMES
from play.identity import Player
from play.models import Match, MatchAction

# A stacked L.A.M.A. deck (lama.md, "Stacked deals"): seat 0 holds 1-6, seat 1 holds 1-6, the
# discard pile starts with a 1; the rest is the draw pile, in order.
HAND = [1, 2, 3, 4, 5, 6]
DECK = HAND + HAND + [1] + sorted([1] * 5 + [v for v in range(2, 7) for _ in range(6)] + [7] * 8)
assert len(DECK) == 56
STACKED = {"deck": DECK}
# The game ends after the first round (any score >= 1): "quit", "quit" finishes a 2-seat match.
SHORT = {"deck": DECK, "end_at": 1}
OPENING_LEGAL = [{"type": "play", "card": 1}, {"type": "play", "card": 2}, {"type": "draw"}, {"type": "quit"}]

HUMAN = {"kind": "human"}
HEURISTIC = {"kind": "bot", "bot": "heuristic"}
RANDOM = {"kind": "bot", "bot": "random"}


def stack(match_id: str, options: dict) -> Match:
    """Deal a running match that has not moved yet (version 0) again, from its options with
    ``options`` (a stacked deal) added, writing the options and the state into the database, as
    a test's fixture. The services take a stacked deal only where every seat but the creator's
    is a bot (DESIGN.md, "The game engine protocol"), so a test that needs people at a known
    deal makes the match with them first, then stacks its deal like this."""
    match = Match.objects.get(pk=match_id)
    assert (match.status, match.version) == (Match.Status.RUNNING, 0), "stack a match that started and did not move"
    game = GAMES[match.game]
    match.options = {**match.options, **options}
    match.state = game.dump(game.setup(match.players, match.seed, match.options))
    match.save(update_fields=["options", "state"])
    return match


def person(user) -> Player:
    """The ``Player`` of a user."""
    return Player(user.pk, None, user.get_username())


def guest(key: str, name: str) -> Player:
    """A guest ``Player`` with session key ``key``."""
    return Player(None, key, name)


def wait_for(match_id: str, done, timeout: float = 20.0) -> Match:
    """Poll the database until ``done(match)`` holds and the log row of the match's version is
    there too; fails after ``timeout`` seconds. (On the shared in-memory SQLite test database the
    worker tests read uncommitted rows, so a version can be seen before its log row.)"""
    deadline = time.monotonic() + timeout
    while True:
        match = Match.objects.get(pk=match_id)
        logged = match.version == 0 or MatchAction.objects.filter(match_id=match_id, version=match.version).exists()
        if logged and done(match):
            return match
        assert time.monotonic() < deadline, f"timed out: {match.status} at version {match.version}"
        time.sleep(0.05)
