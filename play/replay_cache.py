"""A replay kept in the cache, so that every door that shows one (``/api/matches/<id>/replay/``
and ``.../replay/frames/``, through ``play.selectors.history``) shares one result instead of
playing the match again from its seed on each request (half a second and a 4 MB answer at
8,220 L.A.M.A. moves; the replay page fetches 20 frames at a time, each fetch played the match
again up to its frames).

Only a match that is over has a replay, and its log can no longer change; the key names the match,
its log version (``Match.version``) and the viewer (a seat's index, or ``None`` for a
spectator), so a kept replay is never one of another length, and what one seat was shown
(``game.view``, ``game.public_action``) is never handed to another seat or a spectator. The
frames are kept in chunks of ``CHUNK``: a range of up to ``CHUNK`` frames reads at most two
entries. An entry lasts ``KEEP_SECONDS``. A cache that fails (Redis restarting) is no cache
(``core.cache_failures``): the match is played again."""
from __future__ import annotations

from django.core.cache import cache

from core.cache_failures import cache_may_fail

#: Frames per cache entry: the most one ``/replay/frames/`` request asks for.
CHUNK = 50
#: How long a kept replay lasts (seconds): long enough to step through a long match.
KEEP_SECONDS = 3600


def _key(match_id: str, version: int, viewer: int | None, chunk: int) -> str:
    seen_by = "spectator" if viewer is None else f"seat{viewer}"
    return f"play:replay:{match_id}:{version}:{seen_by}:{chunk}"


def keep_frames(match_id: str, version: int, viewer: int | None, frames: list[dict]) -> None:
    """Keep ``frames``, every frame of the replay of ``match_id`` at log version ``version``
    (``version + 1`` of them, the deal first) as ``viewer`` (a seat's index, ``None``: a
    spectator) sees them."""
    chunks = {_key(match_id, version, viewer, n): frames[start:start + CHUNK]
              for n, start in enumerate(range(0, len(frames), CHUNK))}
    with cache_may_fail("a replay not kept"):
        cache.set_many(chunks, KEEP_SECONDS)


def kept_frames(match_id: str, version: int, viewer: int | None, start: int, stop: int) -> list[dict] | None:
    """Frames ``start`` to ``stop - 1`` (``0 <= start < stop <= version + 1``) of the replay
    kept by ``keep_frames`` for the same match, version and viewer; ``None`` when any chunk of
    them is not kept (never kept, expired, evicted, or the cache failed)."""
    first, last = start // CHUNK, (stop - 1) // CHUNK
    keys = [_key(match_id, version, viewer, n) for n in range(first, last + 1)]
    found: dict = {}
    with cache_may_fail("a kept replay not read"):
        found = cache.get_many(keys)
    if len(found) != len(keys):
        return None
    frames = [frame for key in keys for frame in found[key]]
    return frames[start - first * CHUNK:stop - first * CHUNK]
