"""The API's rate limits (``THROTTLE_ANON`` per client address as ``core.addresses`` finds it,
``THROTTLE_USER`` per user; see config/settings.py), kept in the cache (Redis with ``REDIS_URL``).

When the cache does not answer (Redis restarting), a request is let through rather than
answered 500: a rate limit that cannot be counted is not a reason to refuse the whole API. The
failure is logged at WARNING."""
from __future__ import annotations

from rest_framework import throttling

from core.addresses import request_address
from core.cache_failures import cache_may_fail


class _FailOpen:
    def get_ident(self, request) -> str:
        """The client address by the site's one rule (``core.addresses``, DRF's ``NUM_PROXIES``)."""
        return request_address(request)

    def allow_request(self, request, view) -> bool:
        with cache_may_fail("API throttle not counted"):
            return super().allow_request(request, view)
        return True


class AnonRateThrottle(_FailOpen, throttling.AnonRateThrottle):
    """DRF's anonymous rate limit, per client address; lets requests through when the cache fails."""


class UserRateThrottle(_FailOpen, throttling.UserRateThrottle):
    """DRF's per-user rate limit; lets requests through when the cache fails."""
