"""What a bot seat remembers of its last move between its turns: the seat's view just before it
and the action, kept in the cache under the log version of that move. A bot is made afresh for
every move (``play.services.bot_turns``); one that reads the others' moves since its seat's last
one (``recalls``) was told that move by playing the whole match again from its seed
(``play.selectors.history.last_move_of``): a cost that grows with the match, paid on every move,
so the square of its length over a match. Measured 2026-12-07 by timing ``last_move_of`` for
the last move of a two-seat L.A.M.A. match of heuristic bots (SQLite, the local-memory cache,
two cores): played again, a median of 38 ms at 2,000 moves and of 200 ms at 8,000 (150 to
240 ms; 10 calls each); kept, a median of 0.35 ms at either length (200 calls). The kept move
is used only when it is the seat's last move in the log (a person may have moved for the seat
since); otherwise, or when the cache has lost it, the match is played again as before; a cache
that fails (Redis restarting) is no cache (``core.cache_failures``)."""
from __future__ import annotations

from django.core.cache import cache

from core.cache_failures import cache_may_fail

#: How long a kept move lasts (seconds): longer than any turn's clock.
KEEP_SECONDS = 6 * 3600


def _key(match_id: str, seat: int) -> str:
    return f"play:last-move:{match_id}:{seat}"


def keep_move(match_id: str, seat: int, version: int, view: dict, action: dict) -> None:
    """Keep ``seat``'s move logged at ``version`` (``MatchAction.version``) of ``match_id``:
    ``view``, the seat's view just before it, and ``action``."""
    with cache_may_fail("a bot's last move not kept"):
        cache.set(_key(match_id, seat), (version, view, action), KEEP_SECONDS)


def kept_move(match_id: str, seat: int, version: int) -> tuple[dict, dict] | None:
    """``(view, action)`` of ``seat``'s move logged at ``version`` when it was kept
    (``keep_move``), else ``None``."""
    kept = None
    with cache_may_fail("a bot's last move not read"):
        kept = cache.get(_key(match_id, seat))
    if kept is None or kept[0] != version:
        return None
    return kept[1], kept[2]
