"""The cache is a help, never a dependency: a rate limit, a kept search count, a worker's
heartbeat each carry on when Redis is restarting or unreachable. :func:`cache_may_fail` is that
one rule, so each use says only what is lost."""
from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

logger = logging.getLogger(__name__)


@contextmanager
def cache_may_fail(lost: str) -> Iterator[None]:
    """Run the block; an error raised in it (the cache client's: ``redis.ConnectionError``,
    timeouts, ...) is logged at WARNING as ``"<lost>, the cache failed: <type>: <message>"``
    and goes no further, so the code after the block runs. ``lost``: what the failure cost,
    e.g. ``"search count not kept"``."""
    try:
        yield
    except Exception as exc:  # any client error: the caller goes on without the cache
        logger.warning("%s, the cache failed: %s: %s", lost, type(exc).__name__, exc)
