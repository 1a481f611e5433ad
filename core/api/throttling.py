"""The API's rate limits (``THROTTLE_ANON`` per client address, taken by ``core.clients``;
``THROTTLE_USER`` per user; see config/settings.py), kept in the cache (Redis with ``REDIS_URL``).

When the cache does not answer (Redis restarting), a request is let through rather than
answered 500: a rate limit that cannot be counted is not a reason to refuse the whole API. The
failure is logged at WARNING."""
from __future__ import annotations

import logging

from rest_framework import throttling

from core.clients import client_address

logger = logging.getLogger(__name__)


class _FailOpen:
    def get_ident(self, request) -> str | None:
        """The client's address, as the login limits take it (``core.clients``)."""
        return client_address(request)

    def allow_request(self, request, view) -> bool:
        try:
            return super().allow_request(request, view)
        except Exception as exc:  # the cache's client error (redis.ConnectionError, timeouts, ...)
            logger.warning("API throttle not counted, the cache failed: %s: %s", type(exc).__name__, exc)
            return True


class AnonRateThrottle(_FailOpen, throttling.AnonRateThrottle):
    """DRF's anonymous rate limit, per client address; lets requests through when the cache fails."""


class UserRateThrottle(_FailOpen, throttling.UserRateThrottle):
    """DRF's per-user rate limit; lets requests through when the cache fails."""
